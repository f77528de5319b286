"""Record a model's linear-attention layer inputs over a document as a simulator trace (`save_trace`).

    python -m leapquant.models.record --model gdn --tokens 1024 --layers 0,1 --heads 0 \
        --out leapquant/data/default_trace.safetensors

The inputs are those of the FP32-state run (FLA layout, cast to --dtype, default float16); `--heads`
keeps a subset of heads so that a trace stays small (each head of 128 x 128 costs about 1.5 KiB a token
a layer in float16).
"""
from __future__ import annotations

import argparse
from pathlib import Path

import torch

from leapquant.traces import save_trace


def record_trace(model, tokens: torch.Tensor, path, layers: list[int] | None = None, heads: list[int] | None = None,
                 dtype: torch.dtype = torch.float16, note: str = "") -> Path:
    from leapquant.models.run import run_document

    layers = list(model.linear_layers()) if layers is None else layers
    got: dict[int, dict[str, torch.Tensor]] = {}
    scales = {}

    def record(layer, inputs, scale):
        if layer in layers:
            sel = (lambda t: t) if heads is None else (lambda t: t[:, :, heads])
            got[layer] = {n: sel(t).detach().to(dtype) for n, t in inputs.items()}
            scales[layer] = scale

    run_document(model, tokens, None, shadow=False, record=record)
    if len(set(scales.values())) > 1:
        raise ValueError("recorded layers use different scales; record them separately")
    return save_trace(path, model.family, [got[layer] for layer in layers],
                      call_options={"scale": next(iter(scales.values()))},
                      note=note or f"{model.family} layers {layers} heads {heads or 'all'}, {len(tokens) - 1} tokens")


def main(argv=None) -> None:
    from leapquant.models.study import MODEL_DIR, ROOT, document_path, load_model, read_document

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default="gdn", help="gdn, kda or rwkv7 (rwkv7: its weights under --data)")
    ap.add_argument("--tokens", type=int, default=1024, help="bytes of the document to record")
    ap.add_argument("--layers", default="0,1", help="comma-separated linear-attention layers to keep")
    ap.add_argument("--heads", default="0", help="comma-separated heads to keep ('' keeps all)")
    ap.add_argument("--document", default=None, help="a text file (default: the study's document)")
    ap.add_argument("--data", type=Path, default=None, help="a data folder (corpora/, models/), as `leapquant study`")
    ap.add_argument("--model-dir", type=Path, default=MODEL_DIR, help="folder of gdn.safetensors, kda.safetensors")
    ap.add_argument("--out", type=Path, default=ROOT / "leapquant" / "data" / "default_trace.safetensors",
                    help="the trace file to write")
    args = ap.parse_args(argv)
    model = load_model(args.model, args.model_dir, args.data)
    path = document_path(args.document, args.data)
    tokens = read_document(path, args.tokens)
    heads = [int(h) for h in args.heads.split(",")] if args.heads else None
    p = record_trace(model, tokens, args.out, [int(x) for x in args.layers.split(",")], heads,
                     note=f"{args.model} model (models/{args.model}.safetensors), layers {args.layers}, heads "
                          f"{args.heads or 'all'}, first {args.tokens} bytes of {path.name}")
    print(f"wrote {p} ({p.stat().st_size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
