"""The tuner's own cost: trials per hour of `leapquant tune`'s study on this machine (accuracy on the CPU, speed
predicted, or measured where the local GPU is the target), in-process and on Ray workers.

    python benchmarks/tuner_throughput.py [--model kda] [--gpu b200] [--trials 16] [--tokens 1024]
        [--workers 1,2] [--out benchmarks/results/tuner_throughput_cpu.json]

Each row runs a fresh study of `--trials` trials (no kernel files: their build is a one-off per recipe, timed
separately as `kernel_files_s`).
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
from leapquant.recipe import MODELS, Recipe  # noqa: E402
from tuner import workers as tw  # noqa: E402
from tuner.cli import SHAPES, _source, _speed  # noqa: E402
from tuner.study import tune  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", default="kda")
    ap.add_argument("--gpu", default="b200")
    ap.add_argument("--trials", type=int, default=16)
    ap.add_argument("--tokens", type=int, default=1024)
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "results",
                                                  "tuner_throughput_cpu.json"))
    args = ap.parse_args()
    model, shape = MODELS[args.model], MODELS[SHAPES[args.model]]
    source, data = _source(model, args.tokens, None)
    speed = _speed("auto", args.gpu, (256,))
    rows = []
    for n in (int(w) for w in args.workers.split(",")):
        pool = tw.make("auto", n)
        with tempfile.TemporaryDirectory() as tmp:
            t0 = time.time()
            study = tune(model, arch_of(args.gpu), source, trials=args.trials, study_dir=tmp, seed=0, speed=speed,
                         kernel_shape=shape, workers=pool)
            s = time.time() - t0
            count = len(study.trials)
        pool.close()
        rows.append({"workers": n, "runner": pool.name, "trials": count, "seconds": s,
                     "trials_per_hour": 3600 * args.trials / s})
        print(rows[-1], flush=True)
    t0 = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        Recipe.from_kernel(shape, args.gpu).with_kernel_files(tmp)
    build = time.time() - t0
    result = {"command": "python benchmarks/tuner_throughput.py " + " ".join(sys.argv[1:]), "data": data,
              "speed": speed.how if speed else None, "cpus": os.cpu_count(), "rows": rows, "kernel_files_s": build}
    write_text_atomic(args.out, json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
