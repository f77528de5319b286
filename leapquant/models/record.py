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

from leapquant.errors import InputError
from leapquant.files import check_output_file
from leapquant.traces import save_trace
from leapquant.validation import int_list_arg


def record_trace(model, tokens: torch.Tensor, path, layers: list[int] | None = None, heads: list[int] | None = None,
                 dtype: torch.dtype = torch.float16, note: str = "") -> Path:
    from leapquant.models.run import run_document

    layers = list(model.linear_layers()) if layers is None else layers
    H = model.state_shape()[0]
    bad = [x for x in layers if x not in model.linear_layers()]
    if bad or not layers:
        raise InputError(f"layers must be some of the model's linear-attention layers {model.linear_layers()}, "
                         f"got {layers}")
    if heads is not None and (not heads or any(not 0 <= h < H for h in heads)):
        raise InputError(f"heads must be some of the model's {H} heads (0 .. {H - 1}), got {heads}")
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
    ap.add_argument("--layers", type=int_list_arg, default=[0, 1], help="comma-separated linear-attention layers "
                    "to keep")
    ap.add_argument("--heads", type=lambda t: int_list_arg(t) if t else None, default=[0],
                    help="comma-separated heads to keep ('' keeps all)")
    ap.add_argument("--document", default=None, help="a text file (default: the study's document)")
    ap.add_argument("--data", type=Path, default=None, help="a data folder (corpora/, models/), as `leapquant study`")
    ap.add_argument("--model-dir", type=Path, default=MODEL_DIR, help="folder of gdn.safetensors, kda.safetensors")
    ap.add_argument("--out", type=Path, default=ROOT / "leapquant" / "data" / "default_trace.safetensors",
                    help="the trace file to write")
    args = ap.parse_args(argv)
    layers = ",".join(map(str, args.layers))
    heads = "all" if args.heads is None else ",".join(map(str, args.heads))
    try:   # bad input (an option, the document, the weights, the output path) is a usage error, exit 2
        check_output_file(args.out, "--out")
        model = load_model(args.model, args.model_dir, args.data)
        path = document_path(args.document, args.data)
        tokens = read_document(path, args.tokens)
        p = record_trace(model, tokens, args.out, args.layers, args.heads,
                         note=f"{args.model} model (models/{args.model}.safetensors), layers {layers}, heads "
                              f"{heads}, first {args.tokens} bytes of {path.name}")
    except InputError as e:
        ap.error(str(e))
    print(f"wrote {p} ({p.stat().st_size / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
