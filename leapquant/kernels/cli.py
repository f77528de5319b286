"""`leapquant kernels check | emulate | config | list | why` and `leapquant bench`.

`check` compiles every registered program (no GPU needed), `emulate` runs the generated CUDA on the CPU against the
reference, `config` gives the kernel configuration of a pipeline, `list` the search space of a problem, `why` which
programs fit a configuration and why the others do not; `bench` (needs the GPU) times the kernels against FLA.
Every command has --json (only the JSON on stdout; progress stays on stderr, --quiet silences it); bad input exits 2
with one line naming the option or file, before any work (output paths included); a failed check exits 1.
"""
from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import re
import sys
import time
from pathlib import Path
from typing import Optional

import typer

from leapquant.errors import InputError
from leapquant.kernels.compile_check import compile_variants, quiet_tilelang
from leapquant.options import CliGroup, handles_errors, parse_options

kernels_app = typer.Typer(help="TileLang decode kernels: compile check, CPU emulation, configuration, search space "
                          "and benchmark.", no_args_is_help=True, cls=CliGroup)
QUIET_HELP = "no progress lines on stderr"

FAMILIES = ("gdn", "kda")
SET_HELP = "a KernelConfig field, key=value (repeatable), e.g. --set decode=persistent --set block_v=64"

__all__ = ["bench_cmd", "compile_variants", "kernels_app", "quiet_tilelang"]


def _arches(values: list[str] | None) -> list[str]:
    """`--arch` values, each one architecture or a comma-separated list of them."""
    from leapquant.kernels.arch import ARCHES
    out = [a.strip() for v in values or ["sm_90"] for a in v.split(",") if a.strip()]
    for a in out:
        if a not in ARCHES:
            raise typer.BadParameter(f"must be one of {', '.join(ARCHES)} (repeatable, or a comma list), got {a!r}",
                                     param_hint="--arch")
    return list(dict.fromkeys(out)) or ["sm_90"]


def _family(model: str) -> str:
    if model not in FAMILIES:
        raise typer.BadParameter(f"must be gdn or kda, got {model!r}", param_hint="--model")
    return model


def _config_fields(items: list[str] | None, cls=None, option: str = "--set") -> dict:
    """`key=value` items (leapquant.options.parse_options) as fields of the dataclass `cls` (KernelConfig); a
    malformed item or an unknown key is a usage error that names it."""
    from leapquant.kernels.config import KernelConfig
    cls = cls or KernelConfig
    try:
        out = parse_options(items, option)
    except InputError as e:
        raise typer.BadParameter(str(e), param_hint=option) from None
    names = {f.name for f in dataclasses.fields(cls)}
    for key in out:
        if key not in names:
            raise typer.BadParameter(f"{key!r} is not a {cls.__name__} field (fields: {', '.join(sorted(names))})",
                                     param_hint=option)
    return out


def _kernel_config(fields: dict, options: dict | None = None):
    """KernelConfig(**fields); a field it refuses is a usage error naming the option it came from: `options` maps
    fields to their own options (e.g. window -> --window), every other field came from --set."""
    from leapquant.kernels.config import KernelConfig
    try:
        return KernelConfig(**fields)
    except InputError as e:
        raise typer.BadParameter(str(e), param_hint=_option_of(str(e), options)) from None


def _option_of(message: str, options: dict | None) -> str:
    """The option a KernelConfig error message ("KernelConfig.<field> ...") is about."""
    m = re.match(r"KernelConfig\.(\w+)", message)
    return (options or {}).get(m.group(1) if m else "", "--set")


def _resolve(cfg, arch: str, options: dict | None = None):
    """registry.resolve(cfg, arch); a program that does not fit is a usage error naming the option."""
    from leapquant.kernels import registry
    try:
        return registry.resolve(cfg, arch)
    except InputError as e:
        raise typer.BadParameter(str(e), param_hint=_option_of(str(e), options)) from None


def _err(msg: str) -> None:
    typer.echo(msg, err=True)


def _say(quiet: bool):
    """The progress writer of a command: lines on stderr, or nothing with --quiet."""
    return (lambda *a, **k: None) if quiet else _err


@contextlib.contextmanager
def _heartbeat(what: str, every: float = 30.0, say=_err):
    """A line (`say`, stderr) every `every` seconds while the block runs (a long build shows life)."""
    import threading
    done, t0 = threading.Event(), time.time()

    def beat():
        while not done.wait(every):
            say(f"{what}: {time.time() - t0:.0f} s")
    thread = threading.Thread(target=beat, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()


@kernels_app.command()
@handles_errors
def check(arch: list[str] = typer.Option(["sm_90"], "--arch", help="sm_90, sm_100, sm_120: repeatable, or a comma "
                                         "list (--arch sm_90,sm_100,sm_120)"),
          full: bool = typer.Option(False, help="every program on every problem it fits, not the representative set"),
          quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
          as_json: bool = typer.Option(False, "--json", help="print JSON rows")):
    """Compile every registered decode and boundary program (and the per-step kernels) to CUDA for the given
    architectures (no GPU needed); a progress line per kernel on stderr."""
    arches = _arches(arch)
    say = _say(quiet)
    rows = []
    for a in arches:
        def progress(done, total, row, a=a):
            verdict = "ok" if row["ok"] else "FAILED: " + row["error"][:200]
            say(f"[{a} {done}/{total}] {row['kernel']} {row['program']} {row['variant']}: {verdict} "
                f"({row['seconds']} s)")
        say(f"[{a}] building the programs, then compiling them (TileLang + nvcc)")
        rows += compile_variants(a, full, progress=progress)
    if as_json:
        typer.echo(json.dumps(rows, indent=1))
    else:
        from rich.console import Console
        from rich.table import Table
        t = Table(title="TileLang compile check")
        for c in ("arch", "kernel", "program", "variant", "ok", "s"):
            t.add_column(c)
        for r in rows:
            ok = "yes" if r["ok"] else ("n/a: " + r["skipped"][:200] if r["ok"] is None else "NO: " + r["error"][:80])
            t.add_row(r["arch"], r["kernel"], r["program"], r["variant"], ok, str(r["seconds"]))
        Console().print(t)
    if any(r["ok"] is False for r in rows):
        raise typer.Exit(1)


OPTIONS = {"family": "--model", "H": "--heads", "HV": "--heads", "window": "--window", "rank": "--rank",
           "format": "--format", "layout": "--layout"}
"""KernelConfig fields that have their own option (the others come from --set)."""


def _with_set(fields: dict, set_: list[str] | None) -> tuple[dict, dict]:
    """(fields updated by the --set items, the options of the fields that --set did not override)."""
    extra = _config_fields(set_)
    if "family" in extra:
        raise typer.BadParameter("the model family is --model (gdn | kda)", param_hint="--set")
    return {**fields, **extra}, {f: o for f, o in OPTIONS.items() if f in fields and f not in extra}


@kernels_app.command()
@handles_errors
def emulate(model: str = typer.Option("gdn", help="gdn | kda"),
            window: int = typer.Option(4, help="window: tokens per quantization"),
            rank: int = typer.Option(2, help="rank: compensator tokens"),
            format: str = typer.Option("int8", "--format", help="residual format: int8 | int4 | fp8-e4m3 | bf16 "
                                       "(bf16: the per-window BF16 state, --rank 0)"),
            layout: str = typer.Option("v_first", help="state layout: v_first (vLLM's) | k_first (FLA's)"),
            batch: int = typer.Option(5, help="requests per step"),
            windows: int = typer.Option(1, help="windows checked"),
            heads: int = typer.Option(2, help="key heads (value heads: twice as many)"),
            sms: int = typer.Option(132, help="SMs the persistent grids are sized for; 1 makes their programs walk "
                                    "several requests each"),
            set_: list[str] = typer.Option(None, "--set", help=SET_HELP + "; --set small_batch=0: the large-batch "
                                           "programs at a small batch"),
            start: str = typer.Option("random", help="the slots' first states: random | fresh (every slot a new "
                                      "request, LeapState.reset: the zero state) | zeroed (all buffers zero, keys "
                                      "too: what an engine that zeroes slots hands the kernels)"),
            quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
            as_json: bool = typer.Option(False, "--json", help="print the JSON result")):
    """Run the kernels' generated CUDA on the CPU emulation against the PyTorch reference (no GPU needed; slow: a
    thread per CUDA thread, minutes per step at the default sizes) — what the CPU emulation tests do, for any small
    shape; a progress line per step on stderr. Below KernelConfig.small_batch requests (64) a step runs the
    small-batch boundary; `--set small_batch=0` checks the other."""
    from leapquant.kernels import checks
    from leapquant.kernels import cpu_emulation as ce
    for name, val in (("--batch", batch), ("--windows", windows), ("--heads", heads), ("--sms", sms)):
        if val < 1:
            raise typer.BadParameter(f"must be >= 1, got {val}", param_hint=name)
    if start not in checks.STARTS:
        raise typer.BadParameter(f"must be one of {' | '.join(checks.STARTS)}, got {start!r}", param_hint="--start")
    fields, options = _with_set({"family": _family(model), "H": heads, "HV": 2 * heads, "window": window, "rank": rank,
                                 "format": format, "layout": layout, "out_dtype": "float32"}, set_)
    cfg = _resolve(_kernel_config(fields, options), "sm_90", options)
    t0 = time.time()
    say = _say(quiet)
    say(f"emulating {cfg.tag}: building the decode and boundary programs for the CPU (TileLang, then g++)")

    def progress(step, steps):
        say(f"step {step}/{steps} (window {min(windows, 1 + (step - 1) // cfg.window)} of {windows}) done at "
            f"{time.time() - t0:.0f} s")
    with quiet_tilelang():
        with _heartbeat("still building", say=say):
            dec = ce.emulated_decoder(cfg, sms=sms)
        say(f"built in {time.time() - t0:.0f} s; {windows * cfg.window + 1} steps of {batch} requests")
        w = checks.check_decode(dec.cfg, N=batch, windows=windows, device="cpu", decoder=dec, start=start,
                                progress=progress)
    res = {"config": dec.cfg.tag, "ok": checks.check_ok(w), "seconds": round(time.time() - t0, 1), **w}
    if as_json:
        typer.echo(json.dumps(res, indent=1))
    else:
        typer.echo(" ".join(f"{k}={v:.3g}" if isinstance(v, float) else f"{k}={v}" for k, v in res.items()))
    if not res["ok"]:
        raise typer.Exit(1)


def _read_pipeline(path: Path):
    from leapquant.pipeline import Pipeline
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise typer.BadParameter(f"cannot read a JSON pipeline from {path} ({e})", param_hint="--pipeline") from None
    try:
        return Pipeline.from_dict(data)
    except (InputError, KeyError, TypeError) as e:
        raise typer.BadParameter(f"{path}: {e}", param_hint="--pipeline") from None


@kernels_app.command("config")
@handles_errors
def config_cmd(pipeline: Optional[Path] = typer.Option(None, "--pipeline", help="a pipeline JSON file "
                                                       "(Pipeline.to_dict, what a recipe holds); default: the "
                                                       "kernels' own pipeline"),
               model: str = typer.Option("gdn", help="gdn | kda"),
               arch: str = typer.Option("sm_90", help="the architecture the programs are resolved for"),
               set_: list[str] = typer.Option(None, "--set", help="a kernel-side KernelConfig field, key=value "
                                              "(repeatable: heads, layout, programs, tiles), e.g. --set "
                                              "layout=k_first"),
               as_json: bool = typer.Option(False, "--json", help="print JSON: {config, tag, pipeline}")):
    """The resolved kernel configuration that computes a pipeline (kernels.from_pipeline), with the pipeline it
    computes: what a recipe pairs. A pipeline no kernel implements is refused, naming its field."""
    from leapquant.kernels.from_pipeline import FROM_PIPELINE, decode_config, pipeline_of
    family = _family(model)
    a = _arches([arch])[0]
    extra = _with_set({}, set_)[0]
    taken = sorted(set(extra) & set(FROM_PIPELINE))
    if taken:
        raise typer.BadParameter(f"{taken} come from the pipeline (--pipeline): leave them out", param_hint="--set")
    try:
        pipe = pipeline_of(_kernel_config({"family": family})) if pipeline is None else _read_pipeline(pipeline)
        cfg = decode_config(pipe, a, family=family, **extra)
    except InputError as e:
        raise typer.BadParameter(str(e), param_hint="--pipeline" if pipeline else "--set") from None
    res = {"config": dataclasses.asdict(cfg), "tag": cfg.tag, "pipeline": pipeline_of(cfg).to_dict()}
    if as_json:
        typer.echo(json.dumps(res, indent=1))
        return
    typer.echo(f"kernel   {cfg.tag}")
    typer.echo("         " + ", ".join(f"{k}={v}" for k, v in res["config"].items()))
    typer.echo("pipeline " + json.dumps(res["pipeline"]))


@kernels_app.command("list")
@handles_errors
def list_cmd(model: str = typer.Option("gdn", help="gdn | kda"),
             arch: str = typer.Option("sm_90", help="the architecture: sm_90, sm_100, sm_120"),
             set_: list[str] = typer.Option(None, "--set", help=SET_HELP + " (a named program or tile stays fixed)"),
             as_json: bool = typer.Option(False, "--json", help="print JSON rows")):
    """The search space of a problem (registry.search_space): every decode and boundary program with each tile choice
    that fits it on the architecture; `*` marks the default (registry.resolve)."""
    from leapquant.kernels import registry
    a = _arches([arch])[0]
    problem = _kernel_config(*_with_set({"family": _family(model)}, set_))
    default = _resolve(problem, a)
    space = registry.search_space(problem, a)
    if as_json:
        typer.echo(json.dumps([{**dataclasses.asdict(c), "tag": c.tag, "default": c == default} for c in space],
                              indent=1))
        return
    from rich.console import Console
    from rich.table import Table
    t = Table(title=f"search space of {model} {problem.format} window {problem.window} rank {problem.rank} "
                    f"{problem.layout} on {a}: {len(space)} configurations")
    for c in ("", "decode", "block_v", "threads", "programs/SM", "boundary", "boundary threads"):
        t.add_column(c)
    for c in space:
        t.add_row("*" if c == default else "", c.decode, str(c.block_v), str(c.threads), str(c.programs_per_sm),
                  c.boundary, str(c.boundary_threads))
    Console().print(t)


@kernels_app.command()
@handles_errors
def why(model: str = typer.Option("gdn", help="gdn | kda"),
        arch: str = typer.Option("sm_90", help="the architecture: sm_90, sm_100, sm_120"),
        set_: list[str] = typer.Option(None, "--set", help=SET_HELP + ", e.g. --set decode=warp --set layout=k_first"),
        as_json: bool = typer.Option(False, "--json", help="print JSON: {programs, resolved or error}")):
    """Which programs run a configuration and why the others do not (registry.why_not), and what it resolves to."""
    from leapquant.kernels import registry
    a = _arches([arch])[0]
    cfg = _kernel_config(*_with_set({"family": _family(model)}, set_))
    progs = [{"role": role, "program": name, "fits": (r := registry.why_not(cfg, name, role, a)) is None,
              "reason": r} for role in ("decode", "boundary") for name in registry.programs(role)]
    try:
        resolved, error = registry.resolve(cfg, a), None
    except InputError as e:
        resolved, error = None, str(e)
    if as_json:
        typer.echo(json.dumps({"programs": progs, "resolved": resolved and resolved.tag, "error": error}, indent=1))
    else:
        for p in progs:
            typer.echo(f"{p['role']:8s} {p['program']:10s} " + ("fits" if p["fits"] else p["reason"]))
        typer.echo(f"resolves to {resolved.tag}" if resolved else f"does not resolve: {error}")
    if resolved is None:
        raise typer.Exit(1)


def _bench_rows(families, window, rank, format, set_) -> list:
    """The leap_* rows' config checked for every family, and the `--set` row (`leap_<format>_<layout>_set`), before
    any GPU work."""
    base = {"window": window, "rank": rank, "format": format}
    for family in families:
        _resolve(_kernel_config({**base, "family": family}, OPTIONS), "sm_90", OPTIONS)
    if not set_:
        return []
    fields, options = _with_set(base, set_)
    for family in families:
        _resolve(_kernel_config({**fields, "family": family}, options), "sm_90", options)
    cfg = _kernel_config(fields, options)
    return [(f"leap_{cfg.format}_{cfg.layout.replace('_', '')}_set", fields)]


@kernels_app.command("bench")
@handles_errors
def bench_cmd(batch: list[int] = typer.Option([32, 128, 256, 512], "--batch", help="batch sizes (repeatable)"),
              model: list[str] = typer.Option(["gdn", "kda"], "--model", help="gdn, kda (repeatable)"),
              window: int = typer.Option(16, help="window: tokens per quantization"),
              rank: int = typer.Option(4, help="rank: compensator tokens"),
              format: str = typer.Option("int8", "--format", help="residual format of the leap_* rows: int8 | int4 | "
                                         "fp8-e4m3 | bf16 (with --rank 0)"),
              sweeps: bool = typer.Option(False, help="window in {4,8,16,32} and rank in {2,4,8,16} at batch 256"),
              ablations: bool = typer.Option(True, help="per-step INT8/BF16, per-window BF16, rank 0 and the iters=0 "
                                             "twin at batch 256"),
              graphs: bool = typer.Option(True, help="time CUDA-graph replays, as serving engines run decode (no host "
                                          "overhead: eager timing is host-bound at small batches); --no-graphs: eager"),
              layers: int = typer.Option(0, help="also step this many layers in turn, as a model runs them (µs per "
                                         "layer-step): the decodes alone, each boundary in line, on one side stream "
                                         "and on a side stream per layer, the last with its iters=0 twin"),
              set_: list[str] = typer.Option(None, "--set", help="also time a V-first config with these KernelConfig "
                                             "fields, key=value (repeatable; row leap_<format>_<layout>_set), e.g. "
                                             "--set boundary=smem"),
              quiet: bool = typer.Option(False, "--quiet", "-q", help="no progress lines (by default on stdout, on "
                                         "stderr with --json)"),
              as_json: bool = typer.Option(False, "--json", help="print JSON rows (only the JSON on stdout)"),
              png: str = typer.Option("kernels_bench.png", help="bar chart path ('' to skip); the sweeps' figure goes "
                                      "beside it")):
    """Time the kernels against FLA's FP32 fused_recurrent kernels (both layouts) in the same run (needs a GPU)."""
    from leapquant.files import check_output_file
    families = [_family(m) for m in model]
    if any(b < 1 for b in batch):
        raise typer.BadParameter(f"must be >= 1, got {batch}", param_hint="--batch")
    if layers < 0 or layers == 1:
        raise typer.BadParameter(f"must be 0 (no multi-layer rows) or >= 2, got {layers}", param_hint="--layers")
    extra = _bench_rows(families, window, rank, format, set_)
    check_output_file(png or None, "--png")
    import torch
    if not torch.cuda.is_available():
        _err("error: leapquant bench needs a CUDA GPU")
        raise typer.Exit(2)
    from leapquant.kernels import bench as kb
    from leapquant.kernels import bench_plot
    # progress: none with --quiet; on stderr with --json (stdout holds only the JSON); else on stdout with the table
    log = _say(True) if quiet else functools.partial(print, file=sys.stderr, flush=True) if as_json else print
    with quiet_tilelang() if as_json else contextlib.nullcontext():
        res = kb.bench(families=tuple(families), batches=tuple(batch), window=window, rank=rank, format=format,
                       ablations=ablations, sweeps=sweeps, graphs=graphs, layers=layers, extra=extra, log=log)
    if as_json:
        typer.echo(json.dumps(res["rows"], indent=1))
    else:
        from rich.console import Console
        Console().print(bench_plot.render_table(res))
    if png:
        bench_plot.plot(res, png)
    if res["failed"]:
        for f in res["failed"]:
            _err(f"FAILED {f['row']}: {f['error']}")
        raise typer.Exit(1)
