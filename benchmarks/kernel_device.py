"""One device call: compile the kernels (in parallel), check them against the reference, time them.

    python benchmarks/kernel_device.py --out $OUT [--models gdn,kda] [--batches 32,512] [--graphs] [--sweeps]
        [--no-check] [--no-ablations] [--vfirst-only] [--extras [--extras-only NAME,...]] [--set key=value ...]
        [--budget-s 250]
    ncu ... python benchmarks/kernel_device.py --profile-only [--profile-model kda] [--set decode=persistent]
        (a few steady-state steps at --profile-batch, both layouts, for ncu to capture)

Writes $OUT/results.json after every check and every bench row (a run stopped at its limit still returns what it
measured), $OUT/log.txt and $OUT/bench.png. `--set` gives every LeapQuant row (and the profiled config) a KernelConfig
field; `--extras` times (and checks) the rows of EXTRAS below at every batch. Rows that would start after `--budget-s`
seconds are skipped (listed in the JSON).
"""
import argparse
import json
import os
import sys
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch  # noqa: E402

from leapquant.errors import InputError  # noqa: E402
from leapquant.files import write_text_atomic  # noqa: E402
from leapquant.kernels import bench as kb  # noqa: E402
from leapquant.kernels import bench_plot, checks, registry  # noqa: E402
from leapquant.kernels.config import KernelConfig  # noqa: E402
from leapquant.kernels.perstep import PerStepConfig, perstep_program  # noqa: E402
from leapquant.options import parse_options  # noqa: E402

EXTRAS = [
    ("leap_int4_vfirst", {"format": "int4"}),
    ("leap_int8_vfirst_it1", {"iters": 1}),                  # one power iteration (a tuner point)
    ("leap_int8_vfirst_it0", {"iters": 0}),                  # no refit (K̂ kept, Û re-projected): the refit's twin
    ("leap_int8_vfirst_r0", {"rank": 0}),                    # no compensators: the twin of refit_exposed
    ("leap_int8_vfirst_regs", {"boundary": "regs"}),         # the register boundary without walking
    ("leap_int8_vfirst_smem", {"boundary": "smem"}),         # S_p in shared memory
    ("leap_int8_vfirst_persistent", {"decode": "persistent"}),   # whole-head programs walking requests
    ("leap_int8_vfirst_tile", {"decode": "tile"}),           # a program per request and value tile
]
"""Extra V-first rows (name, KernelConfig fields): every program the default does not run, and the refit's twins."""

SMALL = {"H": 2, "HV": 4, "window": 4, "rank": 2, "out_dtype": "float32"}
"""The checks' small shape (an extra row's own fields take precedence)."""


def parse_args(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.environ.get("OUT", "."))
    ap.add_argument("--models", default="gdn,kda", help="comma-separated families")
    ap.add_argument("--batches", default="32,128,256,512")
    ap.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                    help="a KernelConfig field of every LeapQuant row and of the profiled config (repeatable)")
    ap.add_argument("--sweeps", action="store_true", help="Table 3's window and rank sweeps at batch 256")
    ap.add_argument("--sweep-windows", default="", help="comma-separated windows of the sweep")
    ap.add_argument("--sweep-ranks", default="2,4,8", help="comma-separated ranks of the sweep")
    ap.add_argument("--no-check", action="store_true")
    ap.add_argument("--no-bench", action="store_true")
    ap.add_argument("--no-ablations", action="store_true", help="skip Table 2's ablation rows")
    ap.add_argument("--extras", action="store_true", help="also time and check the EXTRAS rows")
    ap.add_argument("--extras-only", default="", help="with --extras: only these EXTRAS rows (comma-separated)")
    ap.add_argument("--vfirst-only", action="store_true", help="LeapQuant's V-first rows only (FLA's keep both "
                    "layouts): fewer kernels to compile in a short device call")
    ap.add_argument("--budget-s", type=float, default=250.0)
    ap.add_argument("--graphs", action="store_true", help="time CUDA-graph replays (kernels.bench._do_bench)")
    ap.add_argument("--layers", type=int, default=0, help="also time that many layers stepped in turn "
                    "(bench.LAYER_ROWS)")
    ap.add_argument("--profile-only", action="store_true", help="run three steady-state steps at --profile-batch per "
                    "layout (for ncu) and exit")
    ap.add_argument("--profile-model", default="gdn", choices=["gdn", "kda"], help="with --profile-only: the family")
    ap.add_argument("--profile-batch", type=int, default=512, help="with --profile-only: the batch")
    ap.add_argument("--profile-vfirst-only", action="store_true", help="with --profile-only: the V-first layout only")
    a = ap.parse_args(argv)
    try:
        a.fields = parse_options(a.sets, "--set")
        for family in a.models.split(","):
            KernelConfig(**{**a.fields, "family": family})
    except (InputError, TypeError) as e:
        ap.error(f"--set / --models: {e}")
    a.extra_rows = select_extras(ap, a)
    return a


def select_extras(ap, a) -> list:
    if not a.extras:
        return []
    names = [n for n in a.extras_only.split(",") if n]
    unknown = set(names) - {n for n, _ in EXTRAS}
    if unknown:
        ap.error(f"--extras-only: no EXTRAS rows named {sorted(unknown)} (rows: {[n for n, _ in EXTRAS]})")
    return [(n, {**a.fields, **c}) for n, c in EXTRAS if not names or n in names]


def ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def profile(a) -> None:
    for layout in ("v_first",) if a.profile_vfirst_only else ("v_first", "k_first"):
        cfg = KernelConfig(**{**a.fields, "family": a.profile_model, "layout": layout})
        kb.profile_steps(cfg, a.profile_batch, steps=3)


def configs(a) -> tuple[list, list, list, list]:
    """(decode checks, per-step checks, LeapQuant configs timed, per-step configs timed)."""
    families = a.models.split(",")
    check = []
    for family in families:
        for layout in ("v_first", "k_first"):
            check.append(KernelConfig(**{**SMALL, **a.fields, "family": family, "layout": layout}))
        check.append(KernelConfig(**{**SMALL, "window": 16, "rank": 4, **a.fields, "family": family}))
        check += [c for _, f in a.extra_rows if (c := kb.extra_config({**SMALL, **f}, family)) is not None]
    check.append(KernelConfig(**{**SMALL, "rank": 0, "format": "bf16", "family": "gdn"}))
    ps_check = [PerStepConfig(family=f, H=2, HV=4, format=m, layout=lay, out_dtype="float32")
                for f, m, lay in (("gdn", "int8", "v_first"), ("kda", "int8", "k_first"), ("gdn", "bf16", "v_first"))]
    timed = []
    for family in families:
        base = KernelConfig(**{**a.fields, "family": family})
        timed += [replace(base, layout=lay) for lay in (("v_first",) if a.vfirst_only else ("v_first", "k_first"))]
        if not a.no_ablations:
            int8 = replace(base, format="int8")
            timed += [replace(int8, format="bf16", rank=0), replace(int8, rank=0)]
            timed += [replace(int8, iters=0)] if kb.has_refit_twin(int8) else []
        timed += [c for _, f in a.extra_rows if (c := kb.extra_config(f, family)) is not None]
        if a.sweeps:
            timed += [replace(base, window=w) for w in ints(a.sweep_windows)]
            timed += [replace(base, rank=r) for r in ints(a.sweep_ranks)]
    ps_timed = [] if a.no_ablations else [PerStepConfig(family=f, format=m) for f in families for m in ("int8", "bf16")]
    return check, ps_check, timed, ps_timed


def precompile(cfgs, ps_cfgs, log) -> dict:
    """Build every program the run uses (one after another: TileLang parses their Python source, and CPython's ast
    is not thread-safe), then compile them on 8 threads, which fills TileLang's kernel cache for the decoders. Returns
    {tag: error} of the configs that failed."""
    from leapquant.kernels.decoder import local_arch
    from leapquant.kernels.tl import compile_target
    t0, failed, funcs = time.time(), {}, []
    for c in cfgs:
        try:
            r = registry.resolve(c, local_arch())
            parts = [registry.DECODE[r.decode].build(r), registry.BOUNDARY[r.boundary].build(r)]
            small = registry.small_batch_boundary(r)
            if small is not r:
                parts.append(registry.BOUNDARY[small.boundary].build(small))
            funcs += [(c.tag, f) for f in parts]
        except Exception:
            failed[c.tag] = traceback.format_exc()[-3000:]
    for c in ps_cfgs:
        funcs.append((c.tag, perstep_program(c)))

    def comp(item):
        tag, func = item
        try:
            compile_target(func, None)
        except Exception:
            failed[tag] = traceback.format_exc()[-3000:]
    with ThreadPoolExecutor(8) as ex:
        list(ex.map(comp, funcs))
    log(f"compiled {len(funcs)} kernels of {len(cfgs) + len(ps_cfgs)} configs in {time.time() - t0:.0f}s; "
        f"failed: {sorted(failed)}")
    for k, v in failed.items():
        log("FAILED", k, v)
    return failed


def run_check(results, name, fn, log, **info):
    """One check into results["checks"] (an exception is a failed check, with its traceback)."""
    try:
        w = fn()
        ok = checks.check_ok(w) if "dead_keys" in w else (w["out"] <= 1e-3 and not w["nan"])
    except Exception:
        w, ok = {"error": traceback.format_exc()[-2000:]}, False
    results["checks"].append({"cfg": name, **info, **w, "ok": ok})
    log("check", name, info, w, "OK" if ok else "FAIL")


def run_checks(a, results, check, ps_check, failed, dump, log, t0):
    from leapquant.kernels.decoder import LeapDecoder
    end = t0 + 0.5 * a.budget_s  # leave the other half to the bench
    for c in check:
        if c.tag in failed:
            continue
        for outliers, N in ((False, 1), (False, 37), (True, 16)):
            if time.time() > end:
                results["checks"].append({"cfg": c.tag, "N": N, "outliers": outliers, "ok": None, "skipped": True})
                log("check skipped (time)", c.tag, N)
                continue
            run_check(results, c.tag, lambda: checks.check_decode(c, N=N, windows=4, outliers=outliers, seed=N), log,
                      N=N, outliers=outliers)
            dump()
    for c in ps_check:
        run_check(results, c.tag, lambda: checks.check_perstep(c, N=9), log)

    def capped():   # one boundary program per head takes every request at its window's end in turn
        d = LeapDecoder(check[0])
        d.cap = 1
        return checks.check_decode(check[0], N=37, windows=4, seed=7, decoder=d)
    run_check(results, check[0].tag + "-cap1", capped, log, N=37)
    big = KernelConfig(**{**SMALL, "H": 32, "HV": 32, "family": "gdn"})   # batch 512 at the real head count
    run_check(results, big.tag, lambda: checks.check_decode(big, N=512, slots=520, windows=2, seed=5), log, N=512)
    dump()
    log(f"checks done at {time.time() - t0:.0f}s; failed: "
        f"{[c['cfg'] for c in results['checks'] if c.get('ok') is False]}, "
        f"skipped: {sum(1 for c in results['checks'] if c.get('skipped'))}")


def run_bench(a, results, dump, log, t0):
    def on_row(res):
        results["bench"] = res
        dump()
    res = kb.bench(families=a.models.split(","), batches=ints(a.batches), fields=a.fields, sweeps=a.sweeps,
                   sweep_windows=ints(a.sweep_windows), sweep_ranks=ints(a.sweep_ranks), extra=a.extra_rows,
                   ablations=not a.no_ablations, layouts=("v_first",) if a.vfirst_only else ("v_first", "k_first"),
                   graphs=a.graphs, layers=a.layers, deadline=t0 + a.budget_s, on_row=on_row, log=log)
    results["bench"] = res
    dump()
    try:
        bench_plot.plot(res, os.path.join(a.out, "bench.png"))
    except Exception:
        log("plot failed", traceback.format_exc()[-1000:])


def main(argv=None):
    a = parse_args(argv)
    if a.profile_only:
        return profile(a)
    t0 = time.time()
    os.makedirs(a.out, exist_ok=True)
    log_f = open(os.path.join(a.out, "log.txt"), "a")

    def log(*parts):
        s = " ".join(str(x) for x in parts)
        print(s, flush=True)
        log_f.write(s + "\n")
        log_f.flush()
    log("gpu", torch.cuda.get_device_name(), "torch", torch.__version__)
    check, ps_check, timed, ps_timed = configs(a)
    big = KernelConfig(**{**SMALL, "H": 32, "HV": 32, "family": "gdn"})
    failed = precompile(([] if a.no_check else check + [big]) + ([] if a.no_bench else timed),
                        ([] if a.no_check else ps_check) + ([] if a.no_bench else ps_timed), log)
    results = {"checks": [], "bench": None, "args": {k: v for k, v in vars(a).items() if k != "extra_rows"}}

    def dump():
        write_text_atomic(os.path.join(a.out, "results.json"), json.dumps(results, indent=1))
    if not a.no_check:
        run_checks(a, results, check, ps_check, failed, dump, log, t0)
    if not a.no_bench:
        run_bench(a, results, dump, log, t0)
    log(f"done at {time.time() - t0:.0f}s")


if __name__ == "__main__":
    main()
