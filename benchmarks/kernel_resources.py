"""Compile the kernels of the cost model's measured configurations and record what each launch uses (registers,
stack, SASS instructions, threads, shared memory: `tuner/resources.py`) in its table; no GPU needed.

    python benchmarks/kernel_resources.py [--measured FILE ...] [--study DIR ...] [--arch sm_90] [--workers 2]
        [--table tuner/resources_sm_90.json]

The configurations: those of `benchmarks/fit_cost_model.py`'s H200 rows, of each `cost_model_measure.py` file
(`--measured`) and of each measured study's journal (`--study`), resolved for `--arch`. Launches already in the table
are not built again; the table is written after each build, so an interrupted run keeps what it built.
"""
import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from leapquant.kernels import registry  # noqa: E402
from leapquant.kernels.config import KernelConfig  # noqa: E402
from tuner import resources  # noqa: E402


def configs(measured: list[str], studies: list[str]) -> list[dict]:
    from benchmarks.check_cost_model import study_rows
    from benchmarks.fit_cost_model import history_rows
    rows = [r["config"] for r in history_rows() if not r.get("fla")]
    for path in measured:
        rows += [r["config"] for r in json.load(open(path))["rows"]]
    for path in studies:
        rows += [r["config"] for r in study_rows(path)]
    return rows


def _build(fields: dict, step: str, arch: str):
    cfg = KernelConfig(**fields)
    return resources.compile_launch(cfg, step, arch)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--measured", action="append", default=[])
    ap.add_argument("--study", action="append", default=[])
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--workers", type=int, default=os.cpu_count())
    ap.add_argument("--table", default=None, help="default: tuner/resources_<arch>.json")
    args = ap.parse_args()
    table = resources.Table(args.table or os.path.join(os.path.dirname(resources.DEFAULT_FILE),
                                                       f"resources_{args.arch}.json"))
    todo = {}
    for fields in configs(args.measured, args.study):
        cfg = registry.resolve(KernelConfig(**fields), args.arch)
        for step in resources.ROLE:
            k = resources.key(cfg, step, args.arch)
            if table.get(cfg, step, args.arch) is None and k not in todo:
                todo[k] = (cfg, step)
    print(f"{len(todo)} launches to build for {args.arch} ({len(table.entries)} in {table.path})", flush=True)
    t0 = time.time()
    from dataclasses import asdict
    with ProcessPoolExecutor(args.workers) as pool:
        futs = {pool.submit(_build, asdict(c), s, args.arch): (c, s) for c, s in todo.values()}
        for i, fut in enumerate(as_completed(futs), 1):
            c, s = futs[fut]
            try:
                res = fut.result()
            except Exception as e:  # noqa: BLE001 - reported, the others go on
                print(f"[{i}/{len(futs)}] {s} {c.tag}: {type(e).__name__}: {e}", flush=True)
                continue
            table.put(c, s, args.arch, res)
            table.save()
            print(f"[{i}/{len(futs)}] {time.time() - t0:6.0f} s {s:8s} {c.tag}: {res}", flush=True)


if __name__ == "__main__":
    main()
