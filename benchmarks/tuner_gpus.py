"""Measured speed trials over 1 and N GPUs (`tuner/gpu_actors.py`): trials per hour of a measured study, and the
Pareto front it finds within a fixed wall-clock budget, on each GPU count.

    python benchmarks/tuner_gpus.py --gpu h200 --gpus 1,8 [--trials 32] [--timeout 600] --out DIR
    python benchmarks/tuner_gpus.py --gpus 1,2 --stand-in 0.5 --out DIR   # no GPU: Ray resources stand in for GPUs

`--repeats R`: then the paper's default configuration timed R times on each GPU's actor (and R times in this process,
on a GPU): whether a configuration's timing depends on the GPU (or the process) it is measured on, beside the
run-to-run spread.

With `--stand-in S` each "measurement" sleeps S seconds on a GPU Ray only counts (no CUDA): it measures the
scheduling (actors, dispatch, the journal), not a GPU, and the rows say so.
"""
import argparse
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from leapquant.files import write_text_atomic  # noqa: E402
from leapquant.gpus import arch_of  # noqa: E402
from leapquant.kernels import registry  # noqa: E402
from leapquant.kernels.config import KernelConfig  # noqa: E402
from leapquant.recipe import MODELS  # noqa: E402
from tuner.cli import SHAPES, _source  # noqa: E402
from tuner.gpu_actors import GpuActors  # noqa: E402
from tuner.report import done_trials, front  # noqa: E402
from tuner.speed import MeasuredSpeed  # noqa: E402
from tuner.study import tune  # noqa: E402
from tuner.workers import LocalWorkers  # noqa: E402


class StandIn:
    """A measurer that sleeps `seconds` and returns a figure from the configuration (the tiles' sum), for runs
    without a GPU."""

    def __init__(self, seconds):
        self.seconds = seconds

    def measure(self, cfg, batches):
        time.sleep(self.seconds)
        us = 100.0 + cfg.window + cfg.rank + cfg.block_v / 64
        return [{"batch": n, "us": us, "fla_us": 300.0, "speedup": 300.0 / us, "how": "stand-in"} for n in batches]


def repeats(shape, gpu: str, count: int, r: int, stand_in) -> dict:
    """The default configuration of `shape` timed `r` times on each of `count` GPU actors (and in this process where
    there is a GPU): µs per step at batch 256 per place, their mean and spread ((max - min) / mean)."""
    import ray
    cfg = registry.resolve(KernelConfig(family=shape.family, H=shape.H, HV=shape.HV, K=shape.K, V=shape.V),
                           arch_of(gpu))
    make = (lambda: StandIn(stand_in)) if stand_in is not None else None
    actors = GpuActors(count) if make is None else GpuActors(count, make_measurer=make)
    try:
        places = {f"actor {i}": [ray.get(a.measure.remote(cfg, (256,)))[0]["us"] for _ in range(r)]
                  for i, a in enumerate(actors.actors)}
    finally:
        actors.close()
    if stand_in is None:
        from tuner.measure import Measurer
        m = Measurer()
        places["in-process"] = [m.measure(cfg, (256,))[0]["us"] for _ in range(r)]
    stats = {k: {"us": v, "mean": sum(v) / len(v), "spread": (max(v) - min(v)) / (sum(v) / len(v))}
             for k, v in places.items()}
    means = [x["mean"] for x in stats.values()]
    return {"kernel": cfg.tag, "batch": 256, "places": stats, "between_places": (max(means) - min(means)) / min(means),
            "largest_spread": max(x["spread"] for x in stats.values())}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="gdn")
    ap.add_argument("--gpu", default="h200")
    ap.add_argument("--gpus", default="1,2")
    ap.add_argument("--trials", type=int, default=32)
    ap.add_argument("--timeout", type=float, default=None, help="the wall-clock budget of each study")
    ap.add_argument("--tokens", type=int, default=512)
    ap.add_argument("--stand-in", type=float, default=None, help="seconds a stand-in measurement sleeps (no GPU)")
    ap.add_argument("--repeats", type=int, default=0, help="then time the default configuration R times per GPU")
    ap.add_argument("--out", default=os.environ.get("OUT", "."))
    args = ap.parse_args()
    import ray
    counts = [int(g) for g in args.gpus.split(",")]
    if args.stand_in is not None:
        ray.init(num_cpus=2, num_gpus=max(counts), include_dashboard=False, log_to_driver=False)
    model, shape = MODELS[args.model], MODELS[SHAPES[args.model]]
    source, data = _source(model, args.tokens, None)
    rows = []
    for n in counts:
        actors = GpuActors(n) if args.stand_in is None else GpuActors(n, make_measurer=lambda: StandIn(args.stand_in))
        with tempfile.TemporaryDirectory() as tmp:
            t0 = time.time()
            study = tune(model, arch_of(args.gpu), source, trials=args.trials, study_dir=tmp, seed=0,
                         speed=MeasuredSpeed(args.gpu, (256,), measurer=actors), kernel_shape=shape,
                         workers=LocalWorkers(2 * n), timeout=args.timeout)
            s = time.time() - t0
            done, pareto = done_trials(study), front(study)
        actors.close()
        rows.append({"gpus": n, "trials": len(done), "seconds": s, "trials_per_hour": 3600 * len(done) / s,
                     "lost_actors": actors.lost, "pareto": [{"trial": t.number, "values": t.values} for t in pareto]})
        print({k: v for k, v in rows[-1].items() if k != "pareto"}, flush=True)
    base = rows[0]["trials_per_hour"]
    for r in rows:
        r["scaling"] = r["trials_per_hour"] / base
    result = {"command": "python benchmarks/tuner_gpus.py " + " ".join(sys.argv[1:]), "data": data,
              "measurer": "stand-in" if args.stand_in is not None else "measured", "rows": rows}
    if args.repeats:
        result["same_configuration"] = repeats(shape, args.gpu, max(counts), args.repeats, args.stand_in)
        print(json.dumps(result["same_configuration"], indent=1), flush=True)
    os.makedirs(args.out, exist_ok=True)
    write_text_atomic(os.path.join(args.out, "tuner_gpus.json"), json.dumps(result, indent=1) + "\n")
    print(json.dumps([{k: v for k, v in r.items() if k != "pareto"} for r in rows], indent=1))


if __name__ == "__main__":
    main()
