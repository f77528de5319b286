"""`leapquant kernels check` (CPU-only compile check), `emulate` (the generated CUDA on the CPU), `config` (the kernel
configuration of a pipeline) and `leapquant bench` (needs the GPU)."""
from __future__ import annotations

import contextlib
import json
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Optional

import typer

kernels_app = typer.Typer(help="TileLang decode kernels: compile check and benchmark.", no_args_is_help=True)

ARCHES = ("sm_90", "sm_100", "sm_120")


def compile_variants(arch: str, full: bool = False, defaults_only: bool = False) -> list[dict]:
    """Compile kernel variants through TileLang + nvcc for `arch` (no GPU needed); one row per variant.

    The representative subset (default) covers every kernel program and every code path once:
    GDN/KDA, V-first/K-first, INT8/BF16 window, r = 0 and r > 0, per-step INT8/BF16. `full` adds the
    p and r sweeps and both layouts for every mode. `defaults_only`: the kernels the defaults run (every residual
    format, both layouts, the small-batch boundary, all three tensor-core paths) and a per-step kernel — what CI
    compiles for the other architectures (the opt-in versions there only through `leapquant kernels check`).
    """
    from leapquant.kernels.config import compile_kernel
    from leapquant.kernels.decode import DecodeConfig, PerStepConfig, boundary_program, decode_program, perstep_program
    progs = []
    dec = [DecodeConfig(kind="gdn", v_first=True), DecodeConfig(kind="kda", v_first=False),
           DecodeConfig(kind="gdn", mode="window_bf16", r=0, v_first=False),
           DecodeConfig(kind="kda", v_first=True, zrows=False, dminblocks=0),   # v4a shared-tile read
           DecodeConfig(kind="gdn", v_first=True, zfmt="fp8e4m3"), DecodeConfig(kind="kda", v_first=False, zfmt="int4"),
           DecodeConfig(kind="gdn", v_first=True, pipe=False), DecodeConfig(kind="kda", v_first=True),
           DecodeConfig(kind="gdn", v_first=True, BV=64, threads=128),             # v6: register Z, value tiles
           DecodeConfig(kind="gdn", v_first=True, pipe_warp=False),                 # v8: Z products on tensor cores
           DecodeConfig(kind="kda", v_first=True, pipe_z1=True),                    # v9: one Z buffer
           DecodeConfig(kind="kda", v_first=True, warp_fexp=False),                # v14 with expf and prefix sums (KDA's
                                                          # default above: ex2.approx from suffix sums, session 16)
           DecodeConfig(kind="gdn", v_first=True, warp_ahead=True),                 # v14b: inputs one request ahead
           DecodeConfig(kind="gdn", v_first=True, pipe_zdig=True),                  # v10: the digit table
           DecodeConfig(kind="gdn", v_first=True, pipe_dtc=True),                   # v13: dot products on tensor cores
           DecodeConfig(kind="kda", v_first=True, zfmt="int4", pipe=True)]
    bnd = [DecodeConfig(kind="kda", v_first=True, bv12=False), DecodeConfig(kind="gdn", v_first=False, r=0),   # v7 (K-first's default)
           DecodeConfig(kind="gdn", v_first=True, bv8=True), DecodeConfig(kind="kda", v_first=False, bv8=True),  # v8
           DecodeConfig(kind="gdn", v_first=True, bv7=False), DecodeConfig(kind="kda", v_first=False, bv7=False),  # v6
           DecodeConfig(kind="gdn", v_first=True, bv5=False), DecodeConfig(kind="kda", v_first=True, bv6=False), DecodeConfig(kind="kda", v_first=False, zfmt="fp8e4m3"),
           DecodeConfig(kind="gdn", v_first=True, zfmt="int4", bv7=False), DecodeConfig(kind="kda", v_first=False, zfmt="int4", bv7=True, bv8=False, bmv_tf32=False),  # CUDA-core refit
           DecodeConfig(kind="gdn", v_first=True, zfmt="int4"),   # INT4's default boundary: v8
           DecodeConfig(kind="kda", v_first=False, bthreads=512, bminblocks=1),   # v7 at 512 threads (small batch),
                                                                                   # v11's refit in two parts
           DecodeConfig(kind="kda", v_first=True),   # v12 walking, its refit on TF32 tensor cores (V-first INT8's default)
           DecodeConfig(kind="gdn", v_first=True, bmovm=False, bchol=True, bhoist=True),   # v12's transposes by
           # shuffles (the default uses movmatrix), with the refit's opt-in forms: Cholesky QR, branch-free operand loads
           DecodeConfig(kind="kda", v_first=True, bwalk=False, refit_every=4),   # v12 with the refit at every 4th
           # window (session 19, opt-in; its walking GDN form runs in the CPU emulation), not walking
           DecodeConfig(kind="kda", v_first=True, brecords=True),   # v12's refit on the buffered factors (session 22)
           DecodeConfig(kind="gdn", v_first=True, bwalk=False)]   # v12 not walking (r 8's and KDA p 32's form; its
           # fp32 refit compiles in test_boundary_v12_ptxas_two_programs_per_sm)
    ps = [PerStepConfig(kind="gdn", mode="int8", v_first=False), PerStepConfig(kind="kda", mode="bf16", v_first=True)]
    if defaults_only:
        dec = [DecodeConfig(kind="gdn", v_first=True), DecodeConfig(kind="gdn", v_first=True, p=32).decode_config(1),
               DecodeConfig(kind="kda", v_first=True), DecodeConfig(kind="kda", v_first=False),
               DecodeConfig(kind="gdn", v_first=True, zfmt="int4"), DecodeConfig(kind="gdn", v_first=True, zfmt="fp8e4m3")]
        bnd = [DecodeConfig(kind="gdn", v_first=True), DecodeConfig(kind="kda", v_first=False).small_batch_boundary(),
               DecodeConfig(kind="kda", v_first=False), DecodeConfig(kind="gdn", v_first=True, zfmt="int4"),
               DecodeConfig(kind="kda", v_first=False, zfmt="fp8e4m3")]
        ps = ps[:1]
    if full:
        dec = [DecodeConfig(kind=k, v_first=vf, mode=m, p=p, r=r) for k in ("gdn", "kda") for vf in (True, False)
               for m in ("leap", "window_bf16") for p, r in ((16, 4), (4, 2), (32, 16))]
        bnd = dec
        ps = [PerStepConfig(kind=k, mode=m, v_first=vf) for k in ("gdn", "kda") for m in ("int8", "bf16")
              for vf in (True, False)]
    progs += [("decode", c.tag, decode_program, c) for c in dec]
    progs += [("boundary", c.tag, boundary_program, c) for c in bnd]
    progs += [("perstep", c.tag, perstep_program, c) for c in ps]
    def fail(kind, tag, seconds, e):
        return dict(arch=arch, kernel=kind, variant=tag, ok=False, seconds=round(seconds, 1),
                    error=f"{type(e).__name__}: {str(e)[-500:]}")

    def one(item):   # seconds: building the program + compiling it (not the wait for a free core)
        kind, tag, func, build_s = item
        if isinstance(func, Exception):
            return fail(kind, tag, build_s, func)
        t0 = time.time()
        try:
            k = compile_kernel(func, {"kind": "cuda", "arch": arch})
            return dict(arch=arch, kernel=kind, variant=tag, ok=True, seconds=round(build_s + time.time() - t0, 1),
                        source_chars=len(k.get_kernel_source()))
        except Exception as e:  # noqa: BLE001 - reported per variant
            return fail(kind, tag, build_s + time.time() - t0, e)

    # the programs are built one after another (TileLang parses their Python source, and CPython 3.11's ast is not
    # thread-safe); lowering and nvcc (a subprocess) then overlap on every core (CI: 2)
    items = []
    for kind, tag, build, cfg in progs:
        t0 = time.time()
        try:
            func = build(cfg)
        except Exception as e:  # noqa: BLE001 - reported per variant
            func = e
        items.append((kind, tag, func, time.time() - t0))
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    with quiet_tilelang(), ThreadPoolExecutor(max(1, cores)) as pool:
        return list(pool.map(one, items))


@contextlib.contextmanager
def quiet_tilelang():
    """TileLang logs each compile (INFO) and each cache hit (WARNING) on stdout, which would interleave with `--json`;
    its child loggers set their own levels, so the handlers of the "tilelang" logger are what filters. TileLang adds
    its handler when it is imported, so it is imported here first: entered before any kernel was built, the context
    would otherwise find no handler to quiet (`leapquant bench --json` printed TileLang's lines until session 26)."""
    with contextlib.suppress(ImportError):
        import tilelang  # noqa: F401 - for its logger's handler
    handlers = logging.getLogger("tilelang").handlers
    levels = [h.level for h in handlers]
    for h in handlers:
        h.setLevel(logging.ERROR)
    try:
        yield
    finally:
        for h, lv in zip(handlers, levels):
            h.setLevel(lv)


@kernels_app.command()
def check(arch: list[str] = typer.Option(["sm_90"], "--arch", help="sm_90, sm_100, sm_120 (repeatable)"),
          full: bool = typer.Option(False, help="every variant, not the representative subset"),
          as_json: bool = typer.Option(False, "--json", help="print JSON rows")):
    """Compile the decode kernels to CUDA for the given architectures (works without a GPU)."""
    rows = []
    for a in arch:
        if a not in ARCHES:
            raise typer.BadParameter(f"arch must be one of {ARCHES}, got {a!r}")
        rows += compile_variants(a, full)
    if as_json:
        typer.echo(json.dumps(rows, indent=1))
    else:
        from rich.console import Console
        from rich.table import Table
        t = Table(title="TileLang compile check")
        for c in ("arch", "kernel", "variant", "ok", "s"):
            t.add_column(c)
        for r in rows:
            t.add_row(r["arch"], r["kernel"], r["variant"], "yes" if r["ok"] else "NO: " + r["error"][:80], str(r["seconds"]))
        Console().print(t)
    if not all(r["ok"] for r in rows):
        raise typer.Exit(1)


def _config_fields(items: list[str], cls) -> dict:
    """`key=value` items (parsed as the top-level CLI's `--format-option`) as fields of the dataclass `cls`; a
    malformed item or an unknown key is a usage error that names it."""
    import dataclasses

    from leapquant.cli import _parse_options
    from leapquant.errors import InputError
    try:
        out = _parse_options(items, "--set")
    except InputError as e:
        raise typer.BadParameter(str(e))
    names = {f.name for f in dataclasses.fields(cls)}
    for key in out:
        if key not in names:
            raise typer.BadParameter(f"--set: {key!r} is not a {cls.__name__} field (fields: {', '.join(sorted(names))})")
    return out


@kernels_app.command()
def emulate(model: str = typer.Option("gdn", help="gdn | kda"),
            p: int = typer.Option(4, help="window length"), r: int = typer.Option(2, help="compensator tokens"),
            zfmt: str = typer.Option("int8", help="residual elements: int8 | int4 | fp8e4m3"),
            v_first: bool = typer.Option(True, help="V-first state layout (vLLM's); --no-v-first: K-first"),
            batch: int = typer.Option(5, help="requests per step"), windows: int = typer.Option(1, help="windows checked"),
            heads: int = typer.Option(2, help="key heads (value heads: twice as many)"),
            sms: int = typer.Option(132, help="SMs the persistent decode's grid is sized for; 1 makes its programs "
                                    "walk several requests each (the pipelined trips)"),
            set_: list[str] = typer.Option(None, "--set", help="any other DecodeConfig field, key=value (repeatable), "
                                           "e.g. --set small_batch=0 (the large-batch kernels at a small batch), "
                                           "--set bv8=true (an opt-in boundary)"),
            start: str = typer.Option("random", help="the slots' first states: random | fresh (every slot a new "
                                      "request, LeapState.reset: the zero state) | zeroed (all buffers zero, keys "
                                      "too: what an engine that zeroes slots hands the kernels)"),
            as_json: bool = typer.Option(False, "--json", help="print the JSON result")):
    """Run the default kernels' generated CUDA on the CPU emulation against the PyTorch reference (no GPU needed;
    slow: a thread per CUDA thread) — what `tests/kernels/test_cpu_emulation.py` does, for any small shape. Below
    DecodeConfig.small_batch requests (64) a step runs the small-batch kernels; `--set small_batch=0` checks the
    others."""
    from leapquant.kernels import bench as kb
    from leapquant.kernels import cpu_emulation as ce
    from leapquant.kernels.decode import ZDT, DecodeConfig
    if model not in ("gdn", "kda"):
        raise typer.BadParameter(f"model must be gdn or kda, got {model!r}")
    if zfmt not in ZDT:
        raise typer.BadParameter(f"zfmt must be one of {list(ZDT)}, got {zfmt!r}")
    for name, val in (("p", p), ("batch", batch), ("windows", windows), ("heads", heads), ("sms", sms)):
        if val < 1:
            raise typer.BadParameter(f"{name} must be >= 1, got {val}")
    if r < 0:
        raise typer.BadParameter(f"r must be >= 0, got {r}")
    if start not in kb.STARTS:
        raise typer.BadParameter(f"start must be one of {' | '.join(kb.STARTS)}, got {start!r}")
    extra = _config_fields(set_ or [], DecodeConfig)
    try:
        cfg = DecodeConfig(**{**dict(kind=model, H=heads, HV=2 * heads, p=p, r=r, zfmt=zfmt, v_first=v_first,
                                     out_dtype="float32"), **extra})
    except (TypeError, ValueError) as e:
        raise typer.BadParameter(str(e))
    t0 = time.time()
    with quiet_tilelang():
        w = ce.check_emulated(cfg, N=batch, windows=windows, sms=sms, start=start)
    res = {"config": cfg.tag, "ok": kb.check_ok(w), "seconds": round(time.time() - t0, 1), **w}
    if as_json:
        typer.echo(json.dumps(res, indent=1))
    else:
        typer.echo(" ".join(f"{k}={v:.3g}" if isinstance(v, float) else f"{k}={v}" for k, v in res.items()))
    if not res["ok"]:
        raise typer.Exit(1)


@kernels_app.command("config")
def config_cmd(pipeline: Optional[Path] = typer.Option(None, "--pipeline", help="a pipeline JSON file (Pipeline.to_dict, "
                                                       "what a recipe holds); default: the kernels' own pipeline"),
               model: str = typer.Option("gdn", help="gdn | kda"),
               set_: list[str] = typer.Option(None, "--set", help="a kernel-side DecodeConfig field, key=value "
                                              "(repeatable: heads, layout, tiles, versions), e.g. --set v_first=false"),
               as_json: bool = typer.Option(False, "--json", help="print JSON: {config, tag, pipeline}")):
    """The decode kernels' configuration that computes a pipeline (kernels.from_pipeline), with the pipeline it
    computes: what a recipe pairs. A pipeline no kernel implements is refused, naming its field."""
    import dataclasses

    from leapquant.errors import InputError
    from leapquant.kernels.config import DecodeConfig
    from leapquant.kernels.from_pipeline import decode_config, pipeline_of
    from leapquant.pipeline import Pipeline
    if model not in ("gdn", "kda"):
        raise typer.BadParameter(f"model must be gdn or kda, got {model!r}")
    extra = _config_fields(set_ or [], DecodeConfig)
    if "kind" in extra:
        raise typer.BadParameter(f"--set kind={extra['kind']!r}: the model family is --model (gdn | kda)")
    try:
        if pipeline is None:
            pipe = pipeline_of(DecodeConfig(kind=model))
        else:
            try:
                data = json.loads(pipeline.read_text())
            except (OSError, ValueError) as e:
                raise InputError(f"--pipeline {pipeline}: cannot read a JSON pipeline ({e})") from e
            pipe = Pipeline.from_dict(data)
        cfg = decode_config(pipe, kind=model, **extra)
    except InputError as e:
        raise typer.BadParameter(str(e))
    res = {"config": dataclasses.asdict(cfg), "tag": cfg.tag, "pipeline": pipeline_of(cfg).to_dict()}
    if as_json:
        typer.echo(json.dumps(res, indent=1))
    else:
        typer.echo(f"kernel   {cfg.tag}")
        typer.echo("pipeline " + json.dumps(res["pipeline"]))


@kernels_app.command("bench")
def bench_cmd(batch: list[int] = typer.Option([32, 128, 256, 512], "--batch"),
              model: list[str] = typer.Option(["gdn", "kda"], "--model"),
              p: int = 16, r: int = 4,
              bv: Optional[int] = typer.Option(None, help="value rows per program (default: the config's, V on the v7 decode)"),
              threads: Optional[int] = typer.Option(None, help="threads per decode program (default: the config's)"),
              zfmt: str = typer.Option("int8", help="residual elements: int8 | int4 | fp8e4m3"),
              v4_boundary: bool = typer.Option(False, help="the v4 boundary instead of the default v7 (v6 below small_batch requests; NOTES.md)"),
              sweeps: bool = typer.Option(False, help="p in {4,8,16,32} and r in {2,4,8,16} at batch 256"),
              ablations: bool = typer.Option(True, help="per-step INT8/BF16 and per-window BF16 at batch 256"),
              graphs: bool = typer.Option(True, help="time CUDA-graph replays, as serving engines run decode (no host "
                                                 "overhead: eager timing is host-bound at batch 32); --no-graphs: eager"),
              layers: int = typer.Option(0, help="also step this many layers in turn, as a model runs them (µs per "
                                                  "layer-step): the decodes alone, each boundary in line, on one side "
                                                  "stream and on a side stream per layer (overlapping the next layers' "
                                                  "decodes and each other), the last with its iters=0 twin"),
              set_: list[str] = typer.Option(None, "--set", help="also time the V-first config with these DecodeConfig "
                                             "fields, key=value (repeatable; row leap_<zfmt>_vfirst_set), e.g. --set "
                                             "bv12=false (the v7 boundary) or --set bwalk=false (v12 without walking)"),
              as_json: bool = typer.Option(False, "--json", help="print JSON rows"),
              png: str = typer.Option("kernels_bench.png", help="bar chart path ('' to skip)")):
    """Time the kernels against FLA's FP32 fused_recurrent kernels (both layouts) in the same run."""
    from leapquant.kernels.decode import ZDT, DecodeConfig
    if zfmt not in ZDT:
        raise typer.BadParameter(f"--zfmt must be one of {list(ZDT)}, got {zfmt!r}")
    extra = []
    if set_:
        fields = {"p": p, "r": r, "zfmt": zfmt, "v_first": True, **_config_fields(set_, DecodeConfig)}
        for kind in model:   # a config the fields make invalid is a usage error before any GPU work
            try:
                DecodeConfig(kind=kind, **fields)
            except (TypeError, ValueError) as e:
                raise typer.BadParameter(f"--set: {e}")
        extra = [(f"leap_{zfmt}_vfirst_set", fields)]
    import torch
    if not torch.cuda.is_available():
        typer.echo("leapquant bench needs a CUDA GPU", err=True)
        raise typer.Exit(2)
    from leapquant.kernels import bench as kb
    with quiet_tilelang() if as_json else contextlib.nullcontext():
        res = kb.bench(kinds=tuple(model), batches=tuple(batch), p=p, r=r, ablations=ablations, sweeps=sweeps,
                       BV=bv, threads=threads, log=(lambda *a: None) if as_json else print, zfmt=zfmt,
                       bv5=False if v4_boundary else None, graphs=graphs, layers=layers, extra=extra)
    if as_json:
        typer.echo(json.dumps(res["rows"], indent=1))
    else:
        from rich.console import Console
        Console().print(kb.render_table(res))
    if png:
        kb.plot(res, png)
    if res["failed"]:
        for f in res["failed"]:
            typer.echo(f"FAILED {f['row']}: {f['error']}", err=True)
        raise typer.Exit(1)
