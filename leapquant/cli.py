"""The `leapquant` command line. Every command has --help and --json; bad input exits 2, failures 1."""
from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from leapquant.errors import InputError
from leapquant.options import parse_options as _parse_options

app = typer.Typer(help="Quantize linear-attention recurrent states: simulate, check, benchmark.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
console = Console()
EXIT_FAILURE, EXIT_BAD_INPUT = 1, 2


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("leapquant")
        except PackageNotFoundError:   # run from a source tree that was never installed
            v = "unknown (not installed)"
        sys.stdout.write(f"leapquant {v}\n")
        raise typer.Exit()


@app.callback()
def _root(show_version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                            help="Print the installed version and exit.")) -> None:
    """leapquant: per-window quantization of linear-attention states (LeapQuant)."""


def names_of(values: list[str] | None, extra: list[str] | None = None) -> list[str]:
    """Names from a repeatable option whose values may also be comma lists (`--compare int8,leapquant`,
    `--compare int8 --compare leapquant`), with `extra` (the words after it: `--compare int8 leapquant`)."""
    return [n.strip() for v in [*(values or []), *(extra or [])] for n in v.split(",") if n.strip()]


def _no_extra(ctx: typer.Context, what: str) -> None:
    if ctx.args:
        raise InputError(f"unexpected argument(s) {ctx.args}: only {what} takes several values")


def command_line(ctx: typer.Context) -> str:
    """The command as run, from the options given on the command line (recorded with a result)."""
    import shlex

    words = ["leapquant", ctx.info_name or ""]
    for param in ctx.command.params:
        source = ctx.get_parameter_source(param.name)
        if getattr(source, "name", "") != "COMMANDLINE" or not param.opts:
            continue
        value = ctx.params.get(param.name)
        flag = param.opts[0]
        if getattr(param, "is_flag", False):
            words += [flag] if value else list(getattr(param, "secondary_opts", [])[:1])
        elif isinstance(value, (list, tuple)):
            for v in value:
                words += [flag, str(v)]
        elif value is not None:
            words += [flag, str(value)]
    return shlex.join(words + list(ctx.args))


def handles_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Map bad input (InputError, KeyError from a registry) to exit 2 with a one-line message."""
    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (InputError, KeyError) as e:
            Console(stderr=True).print(f"[red]error:[/red] {e}")
            raise typer.Exit(EXIT_BAD_INPUT) from e
    return wrapper


def emit_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, indent=2) + "\n")


@app.command()
@handles_errors
def check(
    family: list[str] = typer.Option(None, "--family", "-f", help="Families to check (default: all)."),
    tokens: int = typer.Option(45, help="Sequence length (deliberately not a multiple of the window)."),
    window: int = typer.Option(16, help="Window p of the windowed evolution."),
    dk: int = typer.Option(32, help="Key dimension."),
    dv: int = typer.Option(24, help="Value dimension."),
    seed: int = typer.Option(0, help="Seed of the random inputs."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """Check every recurrence spec against its float64 reference (general form and windowed state)."""
    from leapquant import recurrences
    from leapquant.check import check_spec
    from leapquant.recurrences import Dims

    names = family or recurrences.names()
    for n in names:
        recurrences.get(n)  # unknown names fail before any work
    dims = Dims(B=2, T=tokens, H=2, HV=2, K=dk, V=dv)
    results = [check_spec(n, dims, window, seed) for n in names]
    if as_json:
        emit_json({"dims": dims.__dict__, "results": [r.as_dict() for r in results]})
    else:
        table = Table(title=f"recurrence specs vs their float64 reference (T={tokens}, window={window}, dk={dk}, "
                            f"dv={dv})")
        for col in ("family", "general form", "windowed", "ok"):
            table.add_column(col)
        for r in results:
            table.add_row(r.family, f"{r.general_form_error:.1e}", f"{r.windowed_error:.1e}",
                          "[green]yes[/green]" if r.ok else "[red]NO[/red]")
        console.print(table)
    if not all(r.ok for r in results):
        raise typer.Exit(EXIT_FAILURE)


@app.command(context_settings={"allow_extra_args": True})
@handles_errors
def simulate(
    ctx: typer.Context,
    model: str = typer.Option(None, help="Replay a seeded synthetic input of this recurrence family (see "
                                         "`leapquant check`) instead of the embedded recorded trace."),
    trace: str = typer.Option(None, help="A recorded trace (safetensors) to replay; default: the embedded one "
                                         "(a trained GDN model's layer inputs), or synthetic GDN if it is absent."),
    format: str = typer.Option("int8", "--format", help="Number format of the state (see leapquant.formats.names())."),
    format_option: list[str] = typer.Option(None, "--format-option", help="Format option key=value (repeatable)."),
    window: int = typer.Option(16, help="Window p in tokens (1 = per-step quantization)."),
    rank: int = typer.Option(4, help="Compensator tokens r."),
    smoother: str = typer.Option("sqrt-mean-abs", help="Smoother: none, sqrt-mean-abs, smoothquant, hadamard."),
    fitter: str = typer.Option("power", help="Compensator fitter: power, lowrank (the power iteration on the "
                                             "buffered records only), svd, rsvd."),
    fitter_option: list[str] = typer.Option(None, "--fitter-option", help="Fitter option key=value (repeatable), "
                                            "e.g. iters=1 (power iteration)."),
    refit_every: int = typer.Option(1, help="Run the fitter at every k-th window's end; between, the keys are kept "
                                            "and only the values re-projected (a cheaper kernel boundary)."),
    boundary_lag: int = typer.Option(0, help="Tokens after a window's end that still read the old boundary while the "
                                     "next one is built (a kernel's boundary beside the next decode step); 0: the "
                                     "paper's schedule."),
    records: str = typer.Option("fp16", help="Precision of buffered records: fp16, fp32, exact."),
    compare: list[str] = typer.Option(None, "--compare", help="Named configs to run side by side instead of the "
                                      "one given by the options above: repeatable, a comma list or several words "
                                      "(--compare int8 leapquant); 'figure3' = bf16 bf16-w int8 int8-w leapquant."),
    tokens: int = typer.Option(None, help="Tokens to replay (default: the whole trace, or 8192 synthetic)."),
    heads: int = typer.Option(8, help="Heads (synthetic input)."),
    layers: int = typer.Option(1, help="Layers (synthetic input)."),
    dk: int = typer.Option(128, help="Key dimension (synthetic input)."),
    dv: int = typer.Option(128, help="Value dimension (synthetic input)."),
    seed: int = typer.Option(0, help="Seed of the synthetic input and of stochastic rounding."),
    dtype: str = typer.Option("float32", help="Compute dtype: float32 or float64."),
    device: str = typer.Option("cpu", help="Torch device, e.g. cpu or cuda."),
    plot: str = typer.Option(None, "--plot", help="Write the state-error curves (Figure 3 style) to this PNG."),
    points: int = typer.Option(100, help="Measure the errors about this many times over the run (at window ends)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON: {configs: {name: metrics}}."),
) -> None:
    """Replay layer inputs through the float reference and quantizer pipelines; report errors over time."""
    import torch

    from leapquant.pipeline import FIGURE3, Pipeline, preset
    from leapquant.progress import progress
    from leapquant.simulate import chunk_tokens, comparison_note
    from leapquant.simulate import simulate as run_simulation
    from leapquant.validation import check_positive_int

    dtypes = {"float32": torch.float32, "float64": torch.float64}
    if dtype not in dtypes:
        raise InputError(f"--dtype must be float32 or float64, got {dtype!r}")
    check_positive_int("points", points)
    if compare:
        names = [n for c in names_of(compare, ctx.args) for n in (FIGURE3 if c == "figure3" else [c])]
        pipelines = {n: preset(n) for n in dict.fromkeys(names)}
    else:
        _no_extra(ctx, "--compare")
        p = Pipeline(format=format, format_options=_parse_options(format_option, "--format-option"),
                     window=window, rank=rank, smoother=smoother, fitter=fitter,
                     fitter_options=_parse_options(fitter_option, "--fitter-option"), records=records,
                     refit_every=refit_every, boundary_lag=boundary_lag)
        pipelines = {"custom": p}
    if trace is None and model is None:
        from leapquant.traces import has_default_trace

        trace = "default" if has_default_trace() else None
        model = model or "gdn"
    if trace is not None:
        from leapquant.traces import TraceSource, default_trace_path

        source = TraceSource(default_trace_path() if trace == "default" else trace, tokens=tokens)
        title = f"{source.family} trace, {source.tokens} tokens"
    else:
        from leapquant.synthetic import SyntheticSource

        source = SyntheticSource(family=model, tokens=tokens or 8192, layers=layers, heads=heads, dk=dk, dv=dv,
                                 seed=seed)
        title = f"synthetic {model}, {heads} heads {dk}x{dv}, {source.tokens} tokens"
    chunk = chunk_tokens(pipelines, at_least=max(1, source.tokens // points))
    with progress("simulating", total=source.tokens, unit="tokens", enabled=not as_json) as bar:
        result = run_simulation(source.chunks(chunk), pipelines, dtype=dtypes[dtype], device=device, seed=seed,
                                progress=bar.advance)
    note = comparison_note(result.configs)
    if plot:
        from leapquant.plots import plot_state_error

        plot_state_error({n: (r.curve.tokens, r.curve.state_error) for n, r in result.configs.items()}, plot, title,
                         caption=note)
    if as_json:
        emit_json({**result.to_json(), **({"note": note} if note else {})})
        return
    table = Table(title=title)
    for col in ("config", "setup", "B/elt", "final state err", "mean output err", "max/median: S → comp → smooth"):
        table.add_column(col, overflow="fold")
    for n, r in result.configs.items():
        s, p = r.summary(), r.pipeline
        mom = s["max_over_median"]
        ratios = "→".join(f"{mom[k]:.0f}" if mom[k] >= 10 else f"{mom[k]:.1f}"
                          for k in ("state", "after_compensators", "after_smoothing")) if mom else "-"
        setup = f"{p.format} window={p.window} rank={p.rank}" + (f" {p.smoother}" if p.smoother != "none" else "") + (
            f" refit/{p.refit_every}" if p.refit_every > 1 else "") + (
            f" lag {p.boundary_lag}" if p.boundary_lag else "")
        table.add_row(n, setup, f"{s['bytes_per_element']:.3f}", f"{s['final_state_error']:.2e}",
                      f"{s['mean_output_error']:.2e}", ratios)
    console.print(table)
    if note:
        console.print(note, highlight=False)
    if plot:
        console.print(f"plot: {plot}")


@app.command(context_settings={"allow_extra_args": True})
@handles_errors
def study(
    ctx: typer.Context,
    models: list[str] = typer.Option(None, "--models", help="Models: gdn, kda, rwkv7 (repeatable or a comma list; "
                                     "default gdn,kda, and rwkv7 where --data holds its weights)."),
    configs: list[str] = typer.Option(None, "--configs", help="State configs (repeatable or a comma list; default "
                                      "fp32,int8-channel,leapquant; 'figure3': fp32 and the Figure-3 set, bf16, "
                                      "fp8-e4m3-channel, int8-channel, leapquant, leapquant-6, leapquant-4; 'all': "
                                      "every config)."),
    tokens: int = typer.Option(None, help="Read only the first N bytes of the document (default: all of it)."),
    document: str = typer.Option(None, help="Any text file to read (bytes are the tokens); default: the held-out "
                                 "novel under --data, else the embedded excerpt (chapters 1-5 of Persuasion)."),
    data: Path = typer.Option(None, "--data", help="A data folder for longer runs: DIR/corpora/austen-persuasion.txt "
                              "(the whole held-out novel) and DIR/models/ (the RWKV-7 weights)."),
    out: Path = typer.Option(Path("leapquant-study"), help="Folder for the JSON files, table and figures."),
    model_dir: Path = typer.Option(None, help="Folder of gdn.safetensors and kda.safetensors (default: models/ of "
                                   "the clone)."),
    chunk: int = typer.Option(2048, help="Tokens per chunk: the state error is measured at the end of each."),
    device: str = typer.Option("cpu", help="Torch device, e.g. cpu or cuda."),
    tag: str = typer.Option("", help="Suffix of the output files (e.g. 'long')."),
    threads: int = typer.Option(None, help="Torch CPU threads (default: torch's)."),
    parallel: int = typer.Option(1, help="On CUDA: run this many configs at once, each on its own thread and stream."),
    report: bool = typer.Option(False, "--report", help="Only rebuild the table and figures from the JSON files in "
                                "--out."),
    merge: list[Path] = typer.Option(None, "--merge", help="Combine the JSON files (this --tag) of these folders "
                                     "into --out, then report (repeatable, or several folders after it)."),
    resume: bool = typer.Option(False, "--resume", help="Keep the configs already in the output JSON (same "
                                "document, length and chunk) and run the rest."),
    progress_log: Path = typer.Option(None, help="Also append a line per chunk, layer and config to this file."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON on stdout (no progress shown)."),
) -> None:
    """The accuracy study on the trained models: bits per byte over a held-out document, state error, Figure 6.

    Runs on the embedded excerpt of a novel the models never saw; --data DIR reads the whole novel instead."""
    from leapquant.models import study as st

    if merge or ctx.args:
        if not merge:
            _no_extra(ctx, "--merge")
        summary = st.merge([*merge, *map(Path, ctx.args)], out, tag)
    elif report:
        summary = st.report(out, tag)
    else:
        summary = st.study(models=models, configs=configs, tokens=tokens, document=document, out=out,
                           model_dir=model_dir or st.MODEL_DIR, data_dir=data, chunk=chunk, device=device, tag=tag,
                           threads=threads, parallel=parallel, resume=resume, progress_log=progress_log,
                           show_progress=not as_json, command=command_line(ctx))
    if as_json:
        emit_json(summary)
        return
    table = out / (f"table-{tag}.md" if tag else "table.md")
    if table.is_file():
        sys.stdout.write(table.read_text())
    console.print(f"results: {out}/", highlight=False)


def _mount_optional() -> None:
    """Sub-commands that live with their subsystem (kernels) are mounted when present."""
    try:
        from leapquant.kernels.cli import kernels_app
    except ImportError:
        return
    app.add_typer(kernels_app, name="kernels", help="GPU decode kernels: compile checks and benchmarks.")
    from leapquant.kernels.cli import bench_cmd

    app.command("bench", help="Benchmark the decode kernels against FLA's FP32 kernels (needs a GPU).")(bench_cmd)


_mount_optional()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
