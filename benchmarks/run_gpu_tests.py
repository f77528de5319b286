"""Run the GPU kernel tests (tests/kernels/test_decode_cuda.py, test_boundary_cuda.py) over device calls.

    python benchmarks/run_gpu_tests.py --call 1 --out $OUT/r        (then --call 2)
    python benchmarks/run_gpu_tests.py --plan                        (print the groups, run nothing)
    python benchmarks/run_gpu_tests.py --minimum --out $OUT/r        (the must-run ids only)

Collects the test ids, maps each to the kernel configurations it compiles (resolved at sm_90, as the tests choose
their cases), joins ids that share a configuration into one unit (one process compiles it once), and packs the units
into CALLS x PROCS groups by estimated time (longest first onto the least loaded group; the must-run units first, into
call 1). Every call computes the same packing, so the calls' groups are disjoint and cover every id. A call runs its
PROCS groups as parallel pytest processes (each under `timeout`), and writes per-group logs, the ids of each group and
summary.txt (passed / failed / skipped / errors / not reached per group, the failing ids) to --out.
TILELANG_CACHE_DIR defaults to build/tilelang-cache (an ignored path kept between calls on a warm machine).
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.getcwd()
sys.path.insert(0, ROOT)
FILES = ["tests/kernels/test_decode_cuda.py", "tests/kernels/test_boundary_cuda.py"]

MINIMUM = [   # every registered program at least once, the default path at 512, CUDA-graph replay, side streams
    "tests/kernels/test_decode_cuda.py::test_decode_matches_reference[warp-gdn-v_first-int8-w4-r2-N512]",
    "tests/kernels/test_decode_cuda.py::test_decode_matches_reference[warp-kda-v_first-int8-w16-r4-N37]",
    "tests/kernels/test_decode_cuda.py::test_decode_matches_reference[persistent-gdn-v_first-int8-w16-r4-N37]",
    "tests/kernels/test_decode_cuda.py::test_decode_matches_reference[persistent-kda-v_first-int4-w16-r4-N16-outliers]",
    "tests/kernels/test_decode_cuda.py::test_decode_matches_reference[tile-gdn-k_first-int8-w16-r4-N37]",
    "tests/kernels/test_decode_cuda.py::test_decode_matches_reference[tile-kda-k_first-fp8-e4m3-w16-r4-N37]",
    "tests/kernels/test_boundary_cuda.py::test_boundary_matches_reference[regs-gdn-v_first-int8-w16-r4-N37]",
    "tests/kernels/test_boundary_cuda.py::test_boundary_matches_reference[smem-kda-v_first-int8-w16-r4-N16-outliers]",
    "tests/kernels/test_boundary_cuda.py::test_boundary_matches_reference[simple-gdn-v_first-int8-w16-r4-N37]",
    "tests/kernels/test_boundary_cuda.py::test_small_batch_boundary_switch_matches_reference[smem-gdn-k_first-N63]",
    "tests/kernels/test_boundary_cuda.py::test_small_batch_boundary_switch_matches_reference[smem-gdn-k_first-N64]",
    "tests/kernels/test_decode_cuda.py::test_default_programs_at_batch_512_match_reference[gdn-v_first-random]",
    "tests/kernels/test_decode_cuda.py::test_default_programs_at_batch_512_match_reference[kda-v_first-random]",
    "tests/kernels/test_decode_cuda.py::test_steps_replay_from_a_cuda_graph[warp-gdn-v_first]",
    "tests/kernels/test_decode_cuda.py::test_layers_with_side_streams_replay_from_a_cuda_graph[gdn-wnext-allocated]",
    "tests/kernels/test_decode_cuda.py::test_boundary_on_a_side_stream_gives_the_same_steps[kda-streams3]",
    "tests/kernels/test_decode_cuda.py::test_perstep_matches_reference[gdn-int8-v_first]",
]

COMPILE_S = {"warp": 25, "persistent": 25, "tile": 7, "walk": 25, "regs": 22, "smem": 8, "simple": 6, "perstep": 6}
"""Seconds to compile one kernel of each program with a dozen compiles in parallel, fitted to a full run on the H200
(12 processes: a first call's groups took 0.6-1.15 of their estimates; a second call on the warm machine less, as
TileLang's disk cache already holds the kernels that several configurations share)."""
STEP_S = 0.05         # one checked step at H 2, HV 4 (the reference resynced, the states compared)
START_S = 12          # a pytest process's start (torch, the collection)


def collect() -> list:
    """The pytest items of FILES (collected in this process)."""
    import pytest

    class Items:
        items: list = []

        def pytest_collection_finish(self, session):
            self.items = list(session.items)

    plug = Items()
    with open(os.devnull, "w") as null, contextlib.redirect_stdout(null):
        rc = pytest.main(["--collect-only", "-q", "-p", "no:cacheprovider", *FILES], plugins=[plug])
    if rc not in (0, 5):
        raise SystemExit(f"collection failed (pytest exit {rc})")
    return plug.items


def _configs(item) -> tuple[list, float]:
    """(the configurations `item` compiles: tags, the small-batch boundary forms marked '#small'; its check steps
    weighted by their cost)."""
    from leapquant.kernels import registry
    from leapquant.kernels.config import KernelConfig
    from tests.kernels import _cuda_cases as cc
    name, q = item.originalname, dict(getattr(item, "callspec", None).params if hasattr(item, "callspec") else {})
    pick = {k: q[k] for k in ("family", "layout", "format", "window", "rank") if k in q}
    role = "boundary" if "boundary" in item.nodeid.split("::")[0] else "decode"
    N, steps, cfgs = q.get("N", 37), 65, []
    if name in ("test_decode_matches_reference", "test_boundary_matches_reference"):
        cfgs = [cc.resolved(**{role: q["program"]}, **pick)]
        steps = (2 if N > 64 else 4) * q["window"] + 1
    elif "tile_choices" in name:
        base = cc.resolved(family=q["family"], **{role: q["program"]})
        for v in registry.programs(role)[q["program"]].choices(base)[q["field"]]:
            if v != getattr(base, q["field"]):
                try:
                    cfgs.append(registry.resolve(KernelConfig(**{**cc.BASE, "family": q["family"], role: q["program"],
                                                                q["field"]: v}), cc.ARCH))
                except Exception:
                    pass
        steps = 49 * max(1, len(cfgs))
    elif name == "test_default_programs_at_batch_512_match_reference":
        cfgs, steps, N = [cc.resolved(H=32, HV=32, **pick)], 33 * 12, 512
    elif name == "test_perstep_matches_reference":
        return [f"perstep-{q['family']}-{q['format']}-{q['layout']}"], 20 * STEP_S
    else:
        named = {role: q["program"]} if "program" in q else {}
        shape = dict(window=4, rank=2) if any(s in name for s in ("side_stream", "cuda_graph", "one_boundary_program",
                                                                  "small_batch")) else {}
        cfgs = [cc.resolved(**named, **pick, **shape, **({"iters": 0} if "without_refit" in name else {}))]
        steps = 80 if "side_stream" in name else 65
    keys = []
    for cfg in cfgs:
        if cfg is None:
            continue
        keys.append(repr(cfg))   # (the tag leaves out H and HV)
        small = registry.small_batch_boundary(cfg)
        if N < cfg.small_batch and small is not cfg:
            keys.append(repr(small) + "#small")
    return keys, steps * STEP_S * (2 if N >= 512 else 1)


def _compile_s(key: str) -> float:
    """The estimated compile time of a unit key (a config's repr, its '#small' boundary form, or a per-step tag)."""
    if key.startswith("perstep"):
        return COMPILE_S["perstep"]
    decode, boundary = re.search(r"decode='(\w+)'", key).group(1), re.search(r"boundary='(\w+)'", key).group(1)
    return COMPILE_S[boundary] if key.endswith("#small") else COMPILE_S[decode] + COMPILE_S[boundary]


def plan(items, calls: int, procs: int) -> list:
    """[call][proc] -> ids: units of ids sharing a configuration, packed by estimated time, the must-run first."""
    parent = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    info = {}
    for it in items:
        keys, cost = _configs(it)
        info[it.nodeid] = (keys or [it.nodeid], cost)
        for k in info[it.nodeid][0][1:]:
            parent[find(k)] = find(info[it.nodeid][0][0])
    units = collections.defaultdict(lambda: {"ids": [], "keys": set(), "cost": 0.0, "must": False})
    for nid, (keys, cost) in info.items():
        u = units[find(keys[0])]
        u["ids"].append(nid)
        u["keys"].update(k for k in keys if k != nid)
        u["cost"] += cost
        u["must"] |= nid in MINIMUM
    for u in units.values():
        u["cost"] += sum(_compile_s(k) for k in u["keys"])
    groups = [[{"ids": [], "cost": START_S} for _ in range(procs)] for _ in range(calls)]
    order = sorted(units.values(), key=lambda u: (not u["must"], -u["cost"]))
    for u in order:
        pool = groups[0] if u["must"] else [g for call in groups for g in call]
        g = min(pool, key=lambda g: g["cost"])
        g["ids"] += u["ids"]
        g["cost"] += u["cost"]
    return groups


def _summary(log: str) -> dict:
    counts = {k: 0 for k in ("passed", "failed", "skipped", "error", "errors")}
    tail = log.strip().splitlines()[-1:] or [""]
    for n, what in re.findall(r"(\d+) (passed|failed|skipped|errors?)", tail[0]):
        counts[what] += int(n)
    counts["failing"] = re.findall(r"^(?:FAILED|ERROR) (\S+)", log, re.M)
    return counts


def run(groups, out: str, timeout: int) -> None:
    from leapquant.files import write_text_atomic
    os.makedirs(out, exist_ok=True)
    env = dict(os.environ)
    env.setdefault("TILELANG_CACHE_DIR", os.path.join(ROOT, "build", "tilelang-cache"))
    t0, running = time.time(), []
    for i, g in enumerate(groups):
        if not g["ids"]:
            continue
        with open(f"{out}/g{i:02d}_ids.txt", "w") as f:
            f.write("\n".join(g["ids"]) + "\n")
        log = open(f"{out}/g{i:02d}.log", "w")
        cmd = ["timeout", str(timeout), sys.executable, "-m", "pytest", "-q", "-rfEs", "-p", "no:cacheprovider",
               *g["ids"]]
        running.append((i, g, subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env), log))
    lines, failing = [], []
    for i, g, proc, log in running:
        rc = proc.wait()
        log.close()
        s = _summary(open(f"{out}/g{i:02d}.log").read())
        done = s["passed"] + s["failed"] + s["skipped"] + s["error"] + s["errors"]
        lines.append(f"g{i:02d} rc {rc} est {g['cost']:.0f} s: {s['passed']} passed, {s['failed']} failed, "
                     f"{s['skipped']} skipped, {s['error'] + s['errors']} errors, "
                     f"{len(g['ids']) - done if rc == 0 else 'some'} not reached ({len(g['ids'])} ids)")
        failing += s["failing"]
    lines += [f"wall {time.time() - t0:.0f} s", "failing:", *failing]
    write_text_atomic(f"{out}/summary.txt", "\n".join(lines) + "\n")
    print("\n".join(lines))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--call", type=int, default=1, help="which call's groups to run (1-based)")
    ap.add_argument("--calls", type=int, default=2)
    ap.add_argument("--procs", type=int, default=12, help="pytest processes per call")
    ap.add_argument("--timeout", type=int, default=540, help="seconds per pytest process")
    ap.add_argument("--out", default="gpu_test_results")
    ap.add_argument("--plan", action="store_true", help="print the groups as JSON and exit")
    ap.add_argument("--minimum", action="store_true", help="run only the must-run ids, one group per unit")
    a = ap.parse_args()
    items = collect()
    if a.minimum:
        keep = [it for it in items if it.nodeid in MINIMUM]
        missing = sorted(set(MINIMUM) - {it.nodeid for it in keep})
        if missing:
            print("must-run ids not collected:", *missing, sep="\n  ")
        groups = plan(keep, 1, a.procs)[0]
    else:
        groups = plan(items, a.calls, a.procs)
        if a.plan:
            print(json.dumps([[dict(cost=round(g["cost"]), ids=g["ids"]) for g in call] for call in groups], indent=1))
            return
        groups = groups[a.call - 1]
    run(groups, a.out, a.timeout)


if __name__ == "__main__":
    main()
