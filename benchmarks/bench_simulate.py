"""Simulator speed: the five Figure-3 configs side by side over a long synthetic sequence.

    python benchmarks/bench_simulate.py --model gdn --tokens 65536 --heads 32 --device cpu
    python benchmarks/bench_simulate.py --model gdn --tokens 65536 --heads 32 --device cuda

Prints wall time and the accuracy summary; `--out DIR` writes `<model>_<device>.json` and a
Figure-3 plot there. Targets (issue 4): under 5 minutes on a 2-core CPU, under 30 s on the H200.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path

import torch


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default="gdn")
    ap.add_argument("--tokens", type=int, default=65536)
    ap.add_argument("--heads", type=int, default=32)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--dtype", default="float32", choices=["float32", "float64"])
    ap.add_argument("--out", default=None, help="folder for the JSON result and the plot")
    ap.add_argument("--json", action="store_true", help="print the JSON result")
    args = ap.parse_args()

    from leapquant.files import write_text_atomic
    from leapquant.pipeline import FIGURE3, preset
    from leapquant.plots import plot_state_error
    from leapquant.simulate import chunk_tokens, simulate
    from leapquant.synthetic import SyntheticSource

    pipes = {n: preset(n) for n in FIGURE3}
    src = SyntheticSource(family=args.model, tokens=args.tokens, heads=args.heads)
    if args.device.startswith("cuda"):
        torch.cuda.synchronize()
    t0 = time.perf_counter()
    res = simulate(src.chunks(chunk_tokens(pipes)), pipes, dtype=getattr(torch, args.dtype), device=args.device)
    if args.device.startswith("cuda"):
        torch.cuda.synchronize()
    seconds = time.perf_counter() - t0
    out = {
        "model": args.model, "tokens": args.tokens, "heads": args.heads, "dk": 128, "dv": 128,
        "device": args.device if not args.device.startswith("cuda") else torch.cuda.get_device_name(),
        "cpu_threads": torch.get_num_threads(), "load_average": os.getloadavg(), "machine": platform.node(),
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "seconds": seconds,
        **res.to_json(),
    }
    if args.out:
        d = Path(args.out)
        d.mkdir(parents=True, exist_ok=True)
        tag = f"{args.model}_{'cuda' if args.device.startswith('cuda') else 'cpu'}"
        write_text_atomic(d / f"{tag}.json", json.dumps(out, indent=1))
        plot_state_error({n: (r.curve.tokens, r.curve.state_error) for n, r in res.configs.items()},
                         d / f"{tag}.png", f"synthetic {args.model}, {args.heads} heads 128x128, {args.tokens} tokens")
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{args.model} {args.tokens} tokens x {args.heads} heads on {out['device']}: {seconds:.1f} s")
        for n, r in res.configs.items():
            s = r.summary()
            print(f"  {n:10s} {s['seconds']:7.1f} s  final state error {s['final_state_error']:.3e}"
                  f"  output error {s['mean_output_error']:.3e}  max/median {s['max_over_median']}")


if __name__ == "__main__":
    main()
