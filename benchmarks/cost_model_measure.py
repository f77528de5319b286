"""Measure a seeded sample of the tuner's kernel configurations on the local GPU, for fitting and testing the cost
model (tuner/cost.py): µs per decode step (and the decode launch alone) at each batch, FLA's FP32 step beside them.

    python benchmarks/cost_model_measure.py --out $OUT [--per-method 3] [--batches 64,256] [--budget-s 480]
        [--families gdn,kda] [--formats int8,int4,fp8-e4m3,bf16] [--seed 0] [--wait-for FILE]

The sample: for each family on its serving model's layer shape (GDN: Qwen3-Next-80B-A3B, KDA: Kimi-Linear-48B-A3B),
each method of METHODS, the registry's default kernel and `--per-method` - 1 others drawn from the search space
(seeded). Every launch is compiled first on all cores; rows are written to $OUT/measured.json as they come.
"""
import argparse
import json
import os
import random
import sys
import time
from dataclasses import asdict

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from leapquant.files import write_text_atomic  # noqa: E402
from leapquant.kernels import registry  # noqa: E402
from leapquant.kernels.config import KernelConfig  # noqa: E402
from leapquant.recipe_fields import MODELS  # noqa: E402
from tuner.measure import Measurer, precompile  # noqa: E402

METHODS = [dict(window=16, rank=4, format="int8", iters=2), dict(window=8, rank=4, format="int8", iters=2),
           dict(window=32, rank=4, format="int8", iters=1), dict(window=16, rank=8, format="int8", iters=2),
           dict(window=16, rank=0, format="int8", iters=2), dict(window=16, rank=4, format="int4", iters=2),
           dict(window=16, rank=4, format="fp8-e4m3", iters=2), dict(window=16, rank=0, format="bf16", iters=2)]
SHAPES = {"gdn": "qwen3-next-80b-a3b", "kda": "kimi-linear-48b-a3b"}


def sample(per_method: int, seed: int, arch: str = "sm_90", families=tuple(SHAPES), formats=None) -> list[KernelConfig]:
    """For each of `families`, each method of METHODS (those of `formats`: all where None), its default kernel and
    per_method - 1 others of its search space."""
    rng = random.Random(seed)
    out = []
    for family in families:
        m = MODELS[SHAPES[family]]
        for method in METHODS:
            if formats is not None and method["format"] not in formats:
                continue
            problem = KernelConfig(family=family, H=m.H, HV=m.HV, K=m.K, V=m.V, **method)
            space = registry.search_space(problem, arch)
            default = registry.resolve(problem, arch)
            rest = [c for c in space if c != default]
            out += [default] + rng.sample(rest, min(per_method - 1, len(rest)))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.environ.get("OUT", "."))
    ap.add_argument("--per-method", type=int, default=3)
    ap.add_argument("--batches", default="64,256")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--families", default="gdn,kda", help="which families' configurations, in this order")
    ap.add_argument("--formats", default=None, help="only the methods of these residual formats (default: all)")
    ap.add_argument("--budget-s", type=float, default=480, help="no configuration starts after this many seconds")
    ap.add_argument("--wait-for", default=None, help="a file whose appearance timing waits for (GPU work running "
                    "beside the compile phase)")
    args = ap.parse_args()
    t0 = time.time()
    batches = tuple(int(b) for b in args.batches.split(","))
    families = tuple(args.families.split(","))
    if not set(families) <= set(SHAPES):
        ap.error(f"--families must name some of {sorted(SHAPES)}, got {args.families!r}")
    formats = None if args.formats is None else tuple(args.formats.split(","))
    known = sorted({m["format"] for m in METHODS})
    if formats is not None and not set(formats) <= set(known):
        ap.error(f"--formats must name some of {known}, got {args.formats!r}")
    cfgs = sample(args.per_method, args.seed, families=families, formats=formats)
    log = open(os.path.join(args.out, "log.txt"), "a")

    def say(msg):
        print(f"[{time.time() - t0:6.1f}s] {msg}", file=log, flush=True)
    failed = precompile(cfgs, workers=len(os.sched_getaffinity(0)), log=say)
    say(f"compiled {len(cfgs)} configurations, {len(failed)} failed")
    while args.wait_for and not os.path.exists(args.wait_for) and time.time() - t0 < args.budget_s:
        time.sleep(1)
    result = {"command": "python benchmarks/cost_model_measure.py " + " ".join(sys.argv[1:]), "rows": [],
              "failed": [[c.tag, e] for c, e in failed], "skipped": []}
    bad = {c for c, _ in failed}
    m = Measurer()
    for cfg in cfgs:
        if cfg in bad:
            continue
        if time.time() - t0 > args.budget_s:
            result["skipped"].append(cfg.tag)
            continue
        try:
            for row in m.measure(cfg, batches):
                result["rows"].append({"kernel": cfg.tag, "config": asdict(cfg), **row})
                say(f"{cfg.tag} N={row['batch']}: {row['us']:.1f} us (decode {row['us_decode']:.1f}), "
                    f"FLA {row['fla_us']:.1f}")
        except Exception as e:  # noqa: BLE001 - recorded, the run goes on
            result["failed"].append([cfg.tag, f"{type(e).__name__}: {e}"])
        write_text_atomic(os.path.join(args.out, "measured.json"), json.dumps(result, indent=1) + "\n")
    write_text_atomic(os.path.join(args.out, "measured.json"), json.dumps(result, indent=1) + "\n")
    say("done")


if __name__ == "__main__":
    main()
