"""One device call: compile the variants (in parallel), check them against the reference, time them.

    source .devbundle/setup.sh && python benchmarks/kernel_device.py --out $OUT [--sweeps] [--no-check]
        [--full-grid] [--extras] [--budget-s 250]
    ncu ... python benchmarks/kernel_device.py --profile-only    (a few GDN batch-512 steps, both layouts)

Writes $OUT/results.json after every check and every bench row (a run stopped at its limit still returns
what it measured), $OUT/log.txt and $OUT/bench.png. `--full-grid` times the v2 boundary (grid (HV, N))
next to the compact one; `--extras` times (and checks) the rows of EXTRAS below: the variants being measured now
(earlier runs' rows are in git history and in NOTES.md). Rows that would start after `--budget-s` seconds
are skipped (listed in the JSON).
"""
import argparse
import json
import os
import sys
import time
import traceback
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch  # noqa: E402

from leapquant.kernels import bench as kb  # noqa: E402
from leapquant.files import write_text_atomic  # noqa: E402
from leapquant.kernels.decode import DecodeConfig, PerStepConfig, compiled, compiled_perstep  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("--out", default=os.environ.get("OUT", "."))
ap.add_argument("--sweeps", action="store_true")
ap.add_argument("--no-check", action="store_true")
ap.add_argument("--no-bench", action="store_true")
ap.add_argument("--batches", default="32,128,256,512")
ap.add_argument("--bv", type=int, default=None)
ap.add_argument("--threads", type=int, default=None)
ap.add_argument("--kinds", default="gdn,kda")
ap.add_argument("--full-grid", action="store_true")
ap.add_argument("--no-ablations", action="store_true", help="skip Table 2's ablation rows (e.g. in a sweeps-only run)")
ap.add_argument("--extras", action="store_true")
ap.add_argument("--vfirst-only", action="store_true", help="leapquant's V-first rows only (FLA's keep both layouts): "
                "fewer kernels to compile in a short device call")
ap.add_argument("--extras-only", default="", help="with --extras: only these EXTRAS rows (comma-separated names)")
ap.add_argument("--sweep-r", default="2,4,8")
ap.add_argument("--sweep-p", default="")
ap.add_argument("--budget-s", type=float, default=250.0)
ap.add_argument("--graphs", action="store_true", help="time CUDA-graph replays (kernels.bench._do_bench)")
ap.add_argument("--layers", type=int, default=0, help="also time that many layers stepped in turn (bench.LAYER_ROWS: decodes alone, "
                "boundaries in line, on one side stream, on one per layer)")
ap.add_argument("--bv4", action="store_true", help="with --profile-only: the v4 boundary (default: v7)")
ap.add_argument("--v4b", action="store_true", help="with --profile-only: the v4b decode instead of the default v8")
ap.add_argument("--bv5", action="store_true", help="with --profile-only: the v5 boundary instead of the default v7")
ap.add_argument("--v6", action="store_true", help="with --profile-only: the v6 decode (BV 64, Z in registers) instead of v8")
ap.add_argument("--v7", action="store_true", help="with --profile-only: the v7 decode (Z products on the FMA pipe) instead of v8")
ap.add_argument("--bv6", action="store_true", help="with --profile-only: the v6 boundary instead of the default v7")
ap.add_argument("--bv8", action="store_true", help="with --profile-only: the v8 boundary (reconstruction on tensor cores)")
ap.add_argument("--z1", action="store_true", help="with --profile-only: the v9 decode (one Z buffer, pipe_z1)")
ap.add_argument("--zd", action="store_true", help="with --profile-only: the v10 decode (digit table, pipe_zdig)")
ap.add_argument("--warp", action="store_true", help="with --profile-only: the v14 decode (a warp per request, pipe_warp)")
ap.add_argument("--ahead", action="store_true", help="with --profile-only: v14 with its inputs one request ahead (warp_ahead)")
ap.add_argument("--gsuffix", action="store_true", help="with --profile-only --profile-kind kda: v14 with its record decays by "
                "ex2.approx from suffix sums, asked for explicitly (warp_fexp, warp_gsuffix: KDA's default since session 16)")
ap.add_argument("--dtc", action="store_true", help="with --profile-only: the v13 decode (dot products on tensor cores, GDN)")
ap.add_argument("--shfl", action="store_true", help="with --profile-only: v12's column-wise transposes by shuffles (bmovm=False; movmatrix is the default)")
ap.add_argument("--bv12", action="store_true", help="with --profile-only: the v12 boundary (S_p in registers; the V-first INT8 default since session 12, so a no-op there)")
ap.add_argument("--chol", action="store_true", help="with --profile-only: v12 with its refit's Cholesky QR (bchol)")
ap.add_argument("--no-walk", action="store_true", help="with --profile-only: the v12 boundary without walking (bwalk=False)")
ap.add_argument("--records", action="store_true", help="with --profile-only: v12 with its refit on the buffered records (brecords)")
ap.add_argument("--fp32-refit", action="store_true", help="with --profile-only: the refit's mat-vecs on CUDA cores (v7's, not v11's)")
ap.add_argument("--profile-kind", default="gdn", choices=["gdn", "kda"], help="with --profile-only: the model family")
ap.add_argument("--profile-only", action="store_true",
                help="run three steady-state steps at --profile-batch per layout (for ncu) and exit")
ap.add_argument("--profile-batch", type=int, default=512, help="with --profile-only: the batch (e.g. 32: the small-batch "
                "decode wave and the 512-thread boundary)")
ap.add_argument("--profile-vfirst-only", action="store_true", help="with --profile-only: the V-first layout only")
args = ap.parse_args()
if args.profile_only:
    for vf in ((True,) if args.profile_vfirst_only else (True, False)):
        v6 = args.v6 and not args.bv   # the v6 decode's shape
        cfg = DecodeConfig(kind=args.profile_kind, p=16, r=4, v_first=vf, BV=64 if v6 else args.bv, threads=128 if v6 else args.threads,
                           bv5=False if args.bv4 else None,
                           pipe=False if args.v4b else None, bv6=False if args.bv5 else None,
                           bv7=False if (args.bv6 or args.bv5 or args.bv4) else None, bv8=True if args.bv8 else None,
                           pipe_zsmem=False if (args.v6 or args.v4b) else None,
                           pipe_zmma=False if (args.v7 or args.v6 or args.v4b) else None,
                           pipe_z1=True if (args.z1 and vf) else None,   # v9 and v10 are V-first only
                           pipe_zdig=bool(args.zd and vf), pipe_dtc=bool(args.dtc and vf), pipe_warp=True if ((args.warp or args.ahead) and vf) else None, warp_ahead=bool(args.ahead and vf), warp_fexp=True if (args.gsuffix and vf) else None, warp_gsuffix=True if (args.gsuffix and vf) else None, bmv_tf32=False if args.fp32_refit else None,
                           bv12=True if (args.bv12 and vf) else None,   # v12 is V-first only (and its default)
                           bwalk=False if args.no_walk else None, bmovm=False if args.shfl else None,
                           bchol=True if (args.chol and vf) else None, brecords=bool(args.records and vf))
        kb.profile_steps(cfg, args.profile_batch, steps=3)
    sys.exit(0)
T0 = time.time()
os.makedirs(args.out, exist_ok=True)
log_f = open(os.path.join(args.out, "log.txt"), "a")


def log(*a):
    s = " ".join(str(x) for x in a)
    print(s, flush=True)
    log_f.write(s + "\n")
    log_f.flush()


log("gpu", torch.cuda.get_device_name(), "torch", torch.__version__)
kinds = args.kinds.split(",")
check_cfgs = []
for kind in kinds:
    for vf in (True, False):
        check_cfgs.append(DecodeConfig(kind=kind, H=2, HV=4, p=4, r=2, v_first=vf, out_dtype="float32", BV=args.bv,
                                       threads=args.threads))
    check_cfgs.append(DecodeConfig(kind=kind, H=2, HV=4, p=16, r=4, v_first=True, out_dtype="float32", BV=args.bv,
                                   threads=args.threads))
check_cfgs.append(DecodeConfig(kind="gdn", H=2, HV=4, p=4, r=0, mode="window_bf16", out_dtype="float32", BV=args.bv,
                               threads=args.threads))
EXTRAS = [("leap_int4_vfirst", dict(p=16, r=4, v_first=True, zfmt="int4")),
          ("leap_int8_vfirst_z1", dict(p=16, r=4, v_first=True, pipe_z1=True)),    # v9 at every batch (KDA's default)
          ("leap_int8_vfirst_v8", dict(p=16, r=4, v_first=True, z1_below=0, pipe_warp=False)),     # GDN: v8 at every batch (no switch)
          ("leap_int8_vfirst_nowarp", dict(p=16, r=4, v_first=True, pipe_warp=False, kinds=("gdn",))),   # GDN's decode
                                                                   # before session 14 (v8; v9 below 384 requests)
          ("leap_int8_vfirst_fp32refit", dict(p=16, r=4, v_first=True, bmv_tf32=False)),  # the refit on CUDA cores (v12's fp32 form)
          ("leap_int8_vfirst_nomask", dict(p=16, r=4, v_first=True, tf32_mask=False)),  # TF32 truncation left to the mma
          ("leap_int8_vfirst_b8", dict(p=16, r=4, v_first=True, bv8=True)),   # INT8 on the v8 boundary (INT4's default)
          ("leap_int8_vfirst_it1", dict(p=16, r=4, v_first=True, iters=1)),   # one power iteration (a tuner point)
          ("leap_int8_vfirst_it0", dict(p=16, r=4, v_first=True, iters=0)),   # no refit (K̂ kept, Û re-projected):
                                                                              # the refit's own exposed cost
          ("leap_int8_vfirst_b12_r0", dict(p=16, r=0, v_first=True, bv12=True)),   # its r = 0 twin (refit exposed)
          ("leap_int8_vfirst_nowalk", dict(p=16, r=4, v_first=True, bwalk=False)),   # v12 without walking (session 12's first)
          ("leap_int8_vfirst_b7", dict(p=16, r=4, v_first=True, bv12=False)),   # v7 + v11 (the default until session 12)
          ("leap_int8_vfirst_dtc", dict(p=16, r=4, v_first=True, pipe_dtc=True, kinds=("gdn",))),   # v13 decode (GDN)
          ("leap_int8_vfirst_shfl", dict(p=16, r=4, v_first=True, bmovm=False)),   # v12's transposes by shuffles (no movmatrix)
          ("leap_int8_vfirst_warp", dict(p=16, r=4, v_first=True, pipe_warp=True, warp_fexp=False, kinds=("kda",))),
                                       # KDA's v14 with expf and prefix sums (its default until session 16 was v9)
          ("leap_int8_vfirst_v9", dict(p=16, r=4, v_first=True, pipe_warp=False, kinds=("kda",))),   # v9: KDA's default
                                                                                         # decode until session 16
          ("leap_int8_vfirst_warp_dmb4", dict(p=16, r=4, v_first=True, pipe_warp=True, dminblocks=4)),   # at 4 per SM
          ("leap_int8_vfirst_ahead", dict(p=16, r=4, v_first=True, pipe_warp=True, warp_ahead=True)),   # v14b
          ("leap_int8_vfirst_warp_fx", dict(p=16, r=4, v_first=True, pipe_warp=True, warp_fexp=True, warp_gsuffix=False,
                                            kinds=("kda",))),   # KDA's v14, its record decays by ex2.approx without a
                                                                # branch but from prefix sums (session 16)
          ("leap_int8_vfirst_chol", dict(p=16, r=4, v_first=True, bchol=True)),   # v12's refit orthonormalised by
                                                                     # scaled Cholesky QR (session 17)
          ("leap_int8_vfirst_chol_it1", dict(p=16, r=4, v_first=True, bchol=True, iters=1)),   # with one iteration
          ("leap_int8_vfirst_rf2", dict(p=16, r=4, v_first=True, refit_every=2)),   # the refit at every 2nd / 4th
          ("leap_int8_vfirst_rf4", dict(p=16, r=4, v_first=True, refit_every=4)),   # window, entries by atomic grabs
                                                                     # (session 19; slower than _it1, session 20)
          ("leap_int8_vfirst_nohoist", dict(p=16, r=4, v_first=True, bhoist=False)),   # v12's refit operands loaded
                                                                     # in a branch per tile (the default until session 20)
          ("leap_int8_vfirst_rec", dict(p=16, r=4, v_first=True, brecords=True)),   # the refit on the buffered
                                                                     # factors (Gram matrices, coefficient space; session 22)
          ("leap_int8_vfirst_rec_it1", dict(p=16, r=4, v_first=True, brecords=True, iters=1)),   # with one iteration
          ] if args.extras else []
if args.extras_only:
    unknown = set(args.extras_only.split(",")) - {n for n, _ in EXTRAS}
    if unknown:
        sys.exit(f"--extras-only: no EXTRAS rows named {sorted(unknown)} (rows: {[n for n, _ in EXTRAS]})")
    EXTRAS = [(n, c) for n, c in EXTRAS if n in args.extras_only.split(",")]
for name, c in EXTRAS:
    for kind in kinds:
        cc = kb.extra_config(c, kind, H=2, HV=4, p=4, r=2, out_dtype="float32")
        if cc is not None:
            check_cfgs.append(cc)
ps_cfgs = [PerStepConfig(kind=k, H=2, HV=4, mode=m, v_first=vf, out_dtype="float32")
           for k, m, vf in (("gdn", "int8", True), ("kda", "int8", False), ("gdn", "bf16", True))]
bench_cfgs = []
for kind in kinds:
    for vf in ((True,) if args.vfirst_only else (True, False)):
        bench_cfgs.append(DecodeConfig(kind=kind, p=16, r=4, v_first=vf, BV=args.bv, threads=args.threads))
    if not args.no_ablations:
        bench_cfgs.append(DecodeConfig(kind=kind, p=16, r=0, mode="window_bf16", BV=args.bv, threads=args.threads))
        bench_cfgs.append(DecodeConfig(kind=kind, p=16, r=0, BV=args.bv, threads=args.threads))
    if args.full_grid:
        bench_cfgs.append(DecodeConfig(kind=kind, p=16, r=4, BV=args.bv, threads=args.threads, compact=False))
    bench_cfgs += [cc for _, c in EXTRAS if (cc := kb.extra_config(c, kind)) is not None]
    if args.sweeps:
        bench_cfgs += [DecodeConfig(kind=kind, p=int(pp), r=4, BV=args.bv, threads=args.threads)
                       for pp in args.sweep_p.split(",") if pp]
        bench_cfgs += [DecodeConfig(kind=kind, p=16, r=int(rr), BV=args.bv, threads=args.threads)
                       for rr in args.sweep_r.split(",") if rr]
BIG = DecodeConfig(kind="gdn", p=4, r=2, out_dtype="float32", BV=args.bv, threads=args.threads, H=32, HV=32)
check_cfgs_all = check_cfgs + [BIG]
ps_bench = [] if args.no_ablations else [PerStepConfig(kind=k, mode=m) for k in kinds for m in ("int8", "bf16")]

todo = ([] if args.no_check else check_cfgs_all) + ([] if args.no_bench else bench_cfgs)
todo_ps = ([] if args.no_check else ps_cfgs) + ([] if args.no_bench else ps_bench)
failed = {}


def comp(c):
    try:
        (compiled_perstep if isinstance(c, PerStepConfig) else compiled)(c)
        return None
    except Exception:
        failed[c.tag] = traceback.format_exc()[-3000:]
        return c.tag


with ThreadPoolExecutor(8) as ex:
    bad = [b for b in ex.map(comp, todo + todo_ps) if b]
log(f"compiled {len(todo) + len(todo_ps)} variants in {time.time() - T0:.0f}s; failed: {bad}")
for k, v in failed.items():
    log("FAILED", k, v)

results = {"checks": [], "bench": None, "args": vars(args)}


def dump():
    write_text_atomic(os.path.join(args.out, "results.json"), json.dumps(results, indent=1))

CHECK_END = T0 + 0.5 * args.budget_s  # leave the other half to the bench
if not args.no_check:
    for c in check_cfgs:
        if c.tag in failed:
            continue
        for outl, N in ((False, 1), (False, 37), (True, 16)):
            if time.time() > CHECK_END:
                results["checks"].append({"cfg": c.tag, "N": N, "outliers": outl, "ok": None, "skipped": True})
                log("check skipped (time)", c.tag, N)
                continue
            try:
                w = kb.check_decode(c, N=N, windows=4, outliers=outl, seed=N)
                ok = kb.check_ok(w)
            except Exception:
                w, ok = {"error": traceback.format_exc()[-2000:]}, False
            results["checks"].append({"cfg": c.tag, "N": N, "outliers": outl, **w, "ok": ok})
            log("check", c.tag, "N", N, "outliers", outl, w, "OK" if ok else "FAIL", f"{time.time() - T0:.0f}s")
            dump()
    for c in ps_cfgs:
        try:
            w = kb.check_perstep(c, N=9)
            ok = w["out"] <= 1e-3 and not w["nan"]
        except Exception:
            w, ok = {"error": traceback.format_exc()[-2000:]}, False
        results["checks"].append({"cfg": c.tag, **w, "ok": ok})
        log("check", c.tag, w, "OK" if ok else "FAIL")
    # the overflow path: one boundary program per head takes every request at its window's end in turn
    for c in check_cfgs[:1]:
        try:
            from leapquant.kernels.decode import LeapDecoder
            d = LeapDecoder(c)
            d.cap = 1
            w = kb.check_decode(c, N=37, windows=4, seed=7, decoder=d)
            ok = kb.check_ok(w)
        except Exception:
            w, ok = {"error": traceback.format_exc()[-2000:]}, False
        results["checks"].append({"cfg": c.tag + "-cap1", "N": 37, **w, "ok": ok})
        log("check cap=1", c.tag, w, "OK" if ok else "FAIL")
    # batch 512 at the real size, one config
    try:
        c = BIG
        w = kb.check_decode(c, N=512, slots=520, windows=2, seed=5)
        results["checks"].append({"cfg": c.tag, "N": 512, **w,
                                  "ok": kb.check_ok(w)})
        log("check big", c.tag, w)
    except Exception:
        log("check big failed", traceback.format_exc()[-2000:])
    dump()
log(f"checks done at {time.time() - T0:.0f}s; failed: {[c['cfg'] for c in results['checks'] if c.get('ok') is False]}, "
    f"skipped: {sum(1 for c in results['checks'] if c.get('skipped'))}")

if not args.no_bench:
    def on_row(res):
        results["bench"] = res
        dump()
    res = kb.bench(kinds=kinds, batches=[int(b) for b in args.batches.split(",")], sweeps=args.sweeps, log=log,
                   BV=args.bv, threads=args.threads, full_grid=args.full_grid, extra=EXTRAS,
                   sweep_p=[int(x) for x in args.sweep_p.split(",") if x],
                   sweep_r=[int(x) for x in args.sweep_r.split(",") if x],
                   deadline=T0 + args.budget_s, on_row=on_row, graphs=args.graphs, layers=args.layers,
                   ablations=not args.no_ablations, layouts=(True,) if args.vfirst_only else (True, False))
    results["bench"] = res
    dump()
    try:
        kb.plot(res, os.path.join(args.out, "bench.png"))
    except Exception:
        log("plot failed", traceback.format_exc()[-1000:])
log(f"done at {time.time() - T0:.0f}s")
