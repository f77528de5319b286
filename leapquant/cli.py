"""The `leapquant` command line. Every command has --help and --json; bad input exits 2, failures 1."""
from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import wraps
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from leapquant.errors import InputError

app = typer.Typer(help="Quantize linear-attention recurrent states: simulate, check, benchmark.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
console = Console()
EXIT_FAILURE, EXIT_BAD_INPUT = 1, 2


@app.callback()
def _root() -> None:
    """leapquant: per-window quantization of linear-attention states (LeapQuant)."""


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
        table = Table(title=f"recurrence specs vs their float64 reference (T={tokens}, p={window}, dk={dk}, dv={dv})")
        for col in ("family", "general form", "windowed", "ok"):
            table.add_column(col)
        for r in results:
            table.add_row(r.family, f"{r.general_form_error:.1e}", f"{r.windowed_error:.1e}",
                          "[green]yes[/green]" if r.ok else "[red]NO[/red]")
        console.print(table)
    if not all(r.ok for r in results):
        raise typer.Exit(EXIT_FAILURE)


def _parse_options(items: list[str] | None, what: str) -> dict:
    """`key=value` pairs; values parse as JSON where they can (numbers, true/false), else as strings."""
    out: dict = {}
    for item in items or []:
        if "=" not in item:
            raise InputError(f"{what} must be key=value, got {item!r}")
        key, raw = item.split("=", 1)
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


@app.command()
@handles_errors
def simulate(
    model: str = typer.Option(None, help="Replay a seeded synthetic input of this recurrence family (see "
                                         "`leapquant check`) instead of the embedded recorded trace."),
    trace: str = typer.Option(None, help="A recorded trace (safetensors) to replay; default: the embedded one "
                                         "(a trained GDN model's layer inputs), or synthetic GDN if it is absent."),
    format: str = typer.Option("int8", "--format", help="Number format of the state (see leapquant.formats.names())."),
    format_option: list[str] = typer.Option(None, "--format-option", help="Format option key=value (repeatable)."),
    window: int = typer.Option(16, help="Window p in tokens (1 = per-step quantization)."),
    rank: int = typer.Option(4, help="Compensator tokens r."),
    smoother: str = typer.Option("sqrt-mean-abs", help="Smoother: none, sqrt-mean-abs, smoothquant, hadamard."),
    fitter: str = typer.Option("power", help="Compensator fitter: power, lowrank (the power iteration on the buffered records only), svd, rsvd."),
    fitter_option: list[str] = typer.Option(None, "--fitter-option",
                                            help="Fitter option key=value (repeatable), e.g. iters=1 (power iteration)."),
    refit_every: int = typer.Option(1, help="Run the fitter at every k-th window's end; between, the keys are kept "
                                            "and only the values re-projected (a cheaper kernel boundary)."),
    boundary_lag: int = typer.Option(0, help="Tokens after a window's end that still read the old boundary while the "
                                     "next one is built (a kernel's boundary beside the next decode step); 0: the "
                                     "paper's schedule."),
    records: str = typer.Option("fp16", help="Precision of buffered records: fp16, fp32, exact."),
    compare: list[str] = typer.Option(None, "--compare", help="Named configs to run side by side instead of the "
                                      "one given by the options above; 'figure3' = bf16 bf16-w int8 int8-w leapquant."),
    tokens: int = typer.Option(None, help="Tokens to replay (default: the whole trace, or 8192 synthetic)."),
    heads: int = typer.Option(8, help="Heads (synthetic input)."),
    layers: int = typer.Option(1, help="Layers (synthetic input)."),
    dk: int = typer.Option(128, help="Key dimension (synthetic input)."),
    dv: int = typer.Option(128, help="Value dimension (synthetic input)."),
    seed: int = typer.Option(0, help="Seed of the synthetic input and of stochastic rounding."),
    dtype: str = typer.Option("float32", help="Compute dtype: float32 or float64."),
    device: str = typer.Option("cpu", help="Torch device, e.g. cpu or cuda."),
    plot: str = typer.Option(None, "--plot", help="Write the state-error curve (Figure 3 style) to this PNG."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON: {configs: {name: metrics}}."),
) -> None:
    """Replay layer inputs through the float reference and quantizer pipelines; report errors over time."""
    import torch
    from rich.progress import Progress

    from leapquant.pipeline import FIGURE3, Pipeline, preset
    from leapquant.simulate import chunk_tokens
    from leapquant.simulate import simulate as run_simulation

    dtypes = {"float32": torch.float32, "float64": torch.float64}
    if dtype not in dtypes:
        raise InputError(f"--dtype must be float32 or float64, got {dtype!r}")
    if compare:
        names = [n for c in compare for n in (FIGURE3 if c == "figure3" else [c])]
        pipelines = {n: preset(n) for n in names}
    else:
        p = Pipeline(format=format, format_options=_parse_options(format_option, "--format-option"),
                     window=window, rank=rank, smoother=smoother, fitter=fitter,
                     fitter_options=_parse_options(fitter_option, "--fitter-option"), records=records,
                     refit_every=refit_every, boundary_lag=boundary_lag)
        pipelines = {"custom": p}
    chunk = chunk_tokens(pipelines)
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

        source = SyntheticSource(family=model, tokens=tokens or 8192, layers=layers, heads=heads, dk=dk, dv=dv, seed=seed)
        title = f"synthetic {model}, {heads} heads {dk}x{dv}, {tokens} tokens"
    with Progress(console=Console(stderr=True), transient=True, disable=as_json) as bar:
        task = bar.add_task("simulating", total=source.tokens)
        result = run_simulation(source.chunks(chunk), pipelines, dtype=dtypes[dtype], device=device, seed=seed,
                                progress=lambda n: bar.advance(task, n))
    if plot:
        from leapquant.plots import plot_state_error

        plot_state_error({n: (r.curve.tokens, r.curve.state_error) for n, r in result.configs.items()}, plot, title)
    if as_json:
        emit_json(result.to_json())
        return
    table = Table(title=title)
    for col in ("config", "setup", "B/elt", "final state err", "mean output err", "max/median S→comp→smooth"):
        table.add_column(col)
    for n, r in result.configs.items():
        s, p = r.summary(), r.pipeline
        mom = s["max_over_median"]
        ratios = " → ".join(f"{mom[k]:.1f}" for k in ("state", "after_compensators", "after_smoothing")) if mom else "-"
        setup = f"{p.format} {p.schedule} p={p.window} r={p.rank} {p.smoother}" + (
            f" refit/{p.refit_every}" if p.refit_every > 1 else "") + (
            f" lag {p.boundary_lag}" if p.boundary_lag else "")
        table.add_row(n, setup, f"{s['bytes_per_element']:.3f}", f"{s['final_state_error']:.2e}",
                      f"{s['mean_output_error']:.2e}", ratios)
    console.print(table)
    if plot:
        console.print(f"plot: {plot}")


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True}, add_help_option=False)
def study(ctx: typer.Context) -> None:
    """The accuracy study on the trained models (bits per byte over a held-out novel); `--help` lists its options."""
    from leapquant.models.study import main as study_main

    study_main(ctx.args)


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
