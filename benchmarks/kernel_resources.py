"""Compile the kernels of the cost model's measured configurations and record what each launch uses (registers,
stack, SASS instructions, threads, shared memory: `tuner/resources.py`) in its table; no GPU needed.

    python benchmarks/kernel_resources.py [--measured FILE ...] [--study DIR ...] [--arch sm_90] [--workers 2]
        [--table tuner/resources_sm_90.json] [--merge TABLE ...] [--kernels DIR ...]

The configurations: those of `benchmarks/fit_cost_model.py`'s H200 rows, of each `cost_model_measure.py` file
(`--measured`) and of each measured study's journal (`--study`), resolved for `--arch`. Launches already in the table
are not built again; the table is written after each build (`tuner.resources.Compiled`), so an interrupted run keeps
what it built. `--merge` copies in the `--arch` launches of other tables (a compiled study's
`--study-dir/resources_<arch>.json`), each entry checked as the table is read; `--kernels` reads the figures of the
`--arch` launches a `leapquant tune --speed build --kernels DIR` study built (cuobjdump on each cubin: seconds, not a
build); with `--merge` or `--kernels` alone nothing is built.
"""
import argparse
import json
import os
import sys
import time

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


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--measured", action="append", default=[])
    ap.add_argument("--study", action="append", default=[])
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--workers", type=int, default=os.cpu_count())
    ap.add_argument("--table", default=None, help="default: tuner/resources_<arch>.json")
    ap.add_argument("--merge", action="append", default=[], help="another table whose --arch launches are copied in")
    ap.add_argument("--kernels", action="append", default=[], help="a folder of launches built ahead (tuner."
                    "kernel_store) whose figures are read into the table")
    args = ap.parse_args()
    for path in args.merge:
        if not os.path.isfile(path):
            ap.error(f"--merge {path}: no such table file")
    for path in args.kernels:
        if not os.path.isdir(path):
            ap.error(f"--kernels {path}: no such folder")
    t0 = time.time()
    figures = resources.Compiled(args.arch, args.table or resources.shipped_file(args.arch), workers=args.workers,
                                 shipped=False, log=lambda line: print(f"{time.time() - t0:6.0f} s {line}", flush=True))
    for path in args.merge:
        got = {k: v for k, v in resources.Table(path).entries.items() if k.startswith(args.arch + "/")}
        new = {k: v for k, v in got.items() if k not in figures.table.entries}
        figures.table.entries.update(new)
        figures.table.save()
        print(f"merged {len(new)} of {len(got)} {args.arch} launches from {path}", flush=True)
    for path in args.kernels:
        read = _read_store(figures.table, path, args.arch)
        print(f"read {read} new {args.arch} launches from {path}", flush=True)
    if (args.merge or args.kernels) and not (args.measured or args.study):
        return
    cfgs = [registry.resolve(KernelConfig(**fields), args.arch) for fields in configs(args.measured, args.study)]
    print(f"{len(cfgs)} configurations for {args.arch} ({len(figures.table.entries)} launches in {figures.table.path})",
          flush=True)
    figures.prepare(cfgs)
    print(f"built {figures.built}, failed {len(figures.failed)}: {figures.failed}", flush=True)


def _read_store(table, folder: str, arch: str) -> int:
    """Put the figures of the launches in the store at `folder` that `table` lacks into it; returns how many."""
    from tuner.kernel_store import KernelStore
    new = 0
    for key, cubin, launch in KernelStore(folder, arch).entries():
        if key.startswith(arch + "/") and key not in table.entries:
            table.entries[key] = resources.figures_of(cubin, launch)
            new += 1
    table.save()
    return new


if __name__ == "__main__":
    main()
