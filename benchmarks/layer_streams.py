"""µs per layer-step of L layers stepped in turn at one batch, for several side-stream counts (bench.bench_leap_layers):
how many side streams a serving engine should give the boundaries. Needs a GPU.

    python benchmarks/layer_streams.py --kinds gdn,kda --batch 32 --layers 4,8 --streams 0,1,2,4,8 [--iters 2,0]
        [--repeats 3] [--json]

`--iters 2,0` times each setting with the power iteration and with its iters=0 twin (the refit's exposed cost where
the boundaries overlap); `--repeats` runs each setting again in a new set of pools (the spread between runs).
"""
import argparse
import json

from dataclasses import replace

from rich.console import Console
from rich.progress import track

from leapquant.kernels import bench as kb
from leapquant.kernels.config import DecodeConfig


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kinds", default="gdn,kda")
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--layers", default="4,8", help="comma-separated layer counts")
    ap.add_argument("--streams", default="0,1,2,4,8", help="side-stream counts (0: boundaries in line); counts above "
                    "the layer count are skipped")
    ap.add_argument("--iters", default="2", help="power iterations of the refit, comma-separated (0: the twin)")
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print JSON rows")
    a = ap.parse_args()
    if a.repeats < 1:
        ap.error(f"--repeats must be >= 1, got {a.repeats}")
    todo = [(kind, L, s, it, rep) for rep in range(a.repeats) for kind in a.kinds.split(",")
            for L in map(int, a.layers.split(",")) for s in map(int, a.streams.split(",")) if s <= L
            for it in map(int, a.iters.split(","))]
    rows = []
    for kind, L, s, it, rep in track(todo, description="layer-steps", console=Console(stderr=True)):
        cfg = replace(DecodeConfig(kind=kind, v_first=True), iters=it)
        us, _ = kb.bench_leap_layers(cfg, a.batch, layers=L, streams=s, graphs=True)
        rows.append(dict(model=kind, batch=a.batch, layers=L, side_streams=s, iters=it, repeat=rep, us=us))
        if not a.json:
            print(f"{kind} B={a.batch} layers={L} side streams={s} iters={it} (run {rep}): {us:.1f} us per layer-step",
                  flush=True)
    if a.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
