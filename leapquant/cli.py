"""The `leapquant` command line. Every command has --help and --json; bad input exits 2, failures 1."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from leapquant.errors import InputError
from leapquant.options import EXIT_BAD_INPUT, EXIT_FAILURE, CliGroup, check_int, handles_errors, parse_device
from leapquant.options import parse_options as _parse_options

app = typer.Typer(help="Quantize linear-attention recurrent states: simulate, check, benchmark.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False, cls=CliGroup)
console = Console()
__all__ = ["EXIT_BAD_INPUT", "EXIT_FAILURE", "app", "handles_errors", "main"]


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


def emit_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, indent=2) + "\n")


def given(ctx: typer.Context, names: list[str] | tuple[str, ...]) -> list[str]:
    """The options among `names` (parameter names) given on the command line, as the user typed them."""
    params = {p.name: p for p in ctx.command.params}
    return [params[n].opts[0] for n in names
            if getattr(ctx.get_parameter_source(n), "name", "") == "COMMANDLINE"]


def _no_effect(ctx: typer.Context, names: tuple[str, ...], because: str) -> None:
    """Options that would be silently ignored are refused instead."""
    ignored = given(ctx, names)
    if ignored:
        raise InputError(f"{', '.join(ignored)} {'has' if len(ignored) == 1 else 'have'} no effect {because}; leave "
                         f"{'it' if len(ignored) == 1 else 'them'} out")


def check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
        raise InputError(f"--seed must be an integer in [0, 2^63), got {seed!r}")
    return seed


QUIET_HELP = "No progress on stderr (by default a bar on a terminal, plain lines otherwise, with --json too)."


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

    for option, value in (("--tokens", tokens), ("--window", window), ("--dk", dk), ("--dv", dv)):
        check_int(option, value)
    check_seed(seed)
    names = names_of(family) or recurrences.names()
    for n in names:
        try:
            recurrences.get(n)  # unknown names fail before any work
        except InputError as e:
            raise InputError(f"--family: {e}") from None
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


PIPELINE_OPTIONS = {"format": "--format", "format_options": "--format-option", "window": "--window",
                    "rank": "--rank", "smoother": "--smoother", "fitter": "--fitter",
                    "fitter_options": "--fitter-option", "refit_every": "--refit-every",
                    "boundary_lag": "--boundary-lag", "records": "--records"}
"""Pipeline fields and the `simulate` options that set them (an error about `pipeline.<field>` names its option)."""
PIPELINE_PARAMS = ("format", "format_option", "window", "rank", "smoother", "fitter", "fitter_option", "refit_every",
                   "boundary_lag", "records")
SYNTHETIC_OPTIONS = ("heads", "layers", "dk", "dv")


def load_recipes(paths: list[Path] | None) -> dict:
    """`--recipe` files by their names (the file stem), each loaded and validated (exit 2 naming the file)."""
    from leapquant.recipe import Recipe

    out = {}
    for path in paths or []:
        if path.stem in out:
            raise InputError(f"--recipe: two recipes named {path.stem!r}; give the files different names")
        out[path.stem] = Recipe.load(path)
    return out


def _pipelines(ctx: typer.Context, compare: list[str] | None, fields: dict, recipes: dict | None = None) -> dict:
    """The configs to run: the --compare names and --recipe files, or one pipeline from the options (`fields`:
    option values by pipeline field, the key=value options still as lists)."""
    from leapquant.pipeline import FIGURE3, Pipeline, preset

    if compare or recipes:
        _no_effect(ctx, PIPELINE_PARAMS, "with --compare or --recipe (each names its own method)")
        names = [n for c in names_of(compare, ctx.args) for n in (FIGURE3 if c == "figure3" else [c])]
        try:
            configs = {n: preset(n) for n in dict.fromkeys(names)}
        except InputError as e:
            raise InputError(f"--compare: {e}") from None
        for name, recipe in (recipes or {}).items():
            if name in configs:
                raise InputError(f"--recipe {name}: a --compare config has that name; rename the file")
            configs[name] = recipe
        return configs
    _no_extra(ctx, "--compare")
    fields = {**fields, "format_options": _parse_options(fields["format_options"], "--format-option"),
              "fitter_options": _parse_options(fields["fitter_options"], "--fitter-option")}
    try:
        return {"custom": Pipeline(**fields)}
    except InputError as e:
        field = next((f for f in PIPELINE_OPTIONS if str(e).startswith((f"pipeline.{f} ", f"pipeline.{f}."))), None)
        if field is None:
            raise
        raise InputError(f"{PIPELINE_OPTIONS[field]}: {e}") from None


def _source(ctx: typer.Context, trace: str | None, model: str | None, tokens: int | None, seed: int, sizes: dict):
    """(the input to replay, its title): a recorded trace (checked whole when it opens) or a synthetic input."""
    check_int("--tokens", tokens)
    if trace is not None and model is not None:
        raise InputError("--trace and --model both name the input to replay; give one")
    if trace is None and model is None:
        from leapquant.traces import has_default_trace

        trace = "default" if has_default_trace() else None
        model = "gdn"
    if trace is not None:
        from leapquant.traces import TraceSource, default_trace_path

        _no_effect(ctx, SYNTHETIC_OPTIONS, "with a trace (they size the synthetic input of --model)")
        source = TraceSource(default_trace_path() if trace == "default" else trace)
        if tokens is not None:
            if tokens > source.total_tokens:
                raise InputError(f"--tokens {tokens} is more than the {source.total_tokens} tokens of trace "
                                 f"{str(source.path)!r}")
            source.tokens = tokens
        return source, f"{source.family} trace, {source.tokens} tokens"
    from leapquant import recurrences
    from leapquant.synthetic import SyntheticSource

    for name, value in sizes.items():
        check_int(f"--{name}", value)
    try:
        recurrences.get(model)
    except InputError as e:
        raise InputError(f"--model: {e}") from None
    source = SyntheticSource(family=model, tokens=8192 if tokens is None else tokens, seed=seed, **sizes)
    return source, f"synthetic {model}, {sizes['heads']} heads {sizes['dk']}x{sizes['dv']}, {source.tokens} tokens"


def _print_simulation(result, title: str, note: str | None, plot: str | None) -> None:
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
        if r.recipe:
            setup = f"recipe {r.recipe}: {setup}" + (f" and {r.methods - 1} override(s)" if r.methods > 1 else "")
        table.add_row(n, setup, f"{s['bytes_per_element']:.3f}", f"{s['final_state_error']:.2e}",
                      f"{s['mean_output_error']:.2e}", ratios)
    console.print(table)
    if note:
        console.print(note, highlight=False)
    if plot:
        console.print(f"plot: {plot}", highlight=False)


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
    recipe: list[Path] = typer.Option(None, "--recipe", help="A recipe file whose method (every layer and head group "
                                      "by its own pipeline) runs as a config named by the file (repeatable)."),
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
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON: {configs: {name: metrics}} (only the JSON on "
                                 "stdout)."),
) -> None:
    """Replay layer inputs through the float reference and quantizer pipelines; report errors over time.

    Every option and the trace are checked before the run: bad input exits 2 with one line naming it."""
    import torch

    from leapquant.files import check_output_file
    from leapquant.progress import progress
    from leapquant.simulate import chunk_tokens, comparison_note
    from leapquant.simulate import simulate as run_simulation

    dtypes = {"float32": torch.float32, "float64": torch.float64}
    if dtype not in dtypes:
        raise InputError(f"--dtype must be float32 or float64, got {dtype!r}")
    check_int("--points", points)
    check_seed(seed)
    check_output_file(plot, "--plot")
    dev = parse_device(device)
    pipelines = _pipelines(ctx, compare, dict(
        format=format, format_options=format_option, window=window, rank=rank, smoother=smoother, fitter=fitter,
        fitter_options=fitter_option, records=records, refit_every=refit_every, boundary_lag=boundary_lag),
        load_recipes(recipe))
    source, title = _source(ctx, trace, model, tokens, seed, dict(heads=heads, layers=layers, dk=dk, dv=dv))
    chunk = chunk_tokens(pipelines, at_least=max(1, source.tokens // points))
    with progress("simulating", total=source.tokens, unit="tokens", enabled=not quiet) as bar:
        result = run_simulation(source.chunks(chunk), pipelines, dtype=dtypes[dtype], device=dev, seed=seed,
                                progress=bar.advance)
    note = comparison_note(result.configs)
    if plot:
        from leapquant.plots import plot_state_error

        plot_state_error({n: (r.curve.tokens, r.curve.state_error) for n, r in result.configs.items()}, plot, title,
                         caption=note)
    if as_json:
        emit_json({**result.to_json(), **({"note": note} if note else {})})
    else:
        _print_simulation(result, title, note, plot)


STUDY_RUN_OPTIONS = ("models", "configs", "tokens", "document", "data", "model_dir", "chunk", "device", "threads",
                     "parallel", "resume", "progress_log", "recipe")
"""The `study` options of a run, which --report and --merge (which only read JSON files) do not take."""


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
    tag: str = typer.Option("", help="Suffix of the output files (e.g. 'long'): letters, digits, '.', '_', '-'."),
    threads: int = typer.Option(None, help="Torch CPU threads (default: torch's)."),
    parallel: int = typer.Option(1, help="On CUDA: run this many configs at once, each on its own thread and stream."),
    report: bool = typer.Option(False, "--report", help="Only rebuild the table and figures from the JSON files in "
                                "--out."),
    merge: list[Path] = typer.Option(None, "--merge", help="Combine the JSON files (this --tag) of these folders "
                                     "into --out, then report (repeatable, or several folders after it)."),
    resume: bool = typer.Option(False, "--resume", help="Keep the configs already in the output JSON (same "
                                "document, length and chunk) and run the rest."),
    progress_log: Path = typer.Option(None, help="Also append a line per chunk, layer and config to this file."),
    recipe: list[Path] = typer.Option(None, "--recipe", help="A recipe file, run as config recipe:NAME on the "
                                      "models of its family (repeatable)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help=QUIET_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON on stdout (only the JSON on "
                                 "stdout)."),
) -> None:
    """The accuracy study on the trained models: bits per byte over a held-out document, state error, Figure 6.

    Runs on the embedded excerpt of a novel the models never saw; --data DIR reads the whole novel instead."""
    from leapquant.models import study as st

    if merge or ctx.args:
        if not merge:
            _no_extra(ctx, "--merge")
        _no_effect(ctx, STUDY_RUN_OPTIONS + ("report",), "with --merge (it combines JSON files)")
        summary = st.merge([*merge, *map(Path, ctx.args)], out, tag)
    elif report:
        _no_effect(ctx, STUDY_RUN_OPTIONS, "with --report (it reads the JSON files in --out)")
        summary = st.report(out, tag)
    else:
        summary = st.study(models=models, configs=configs, tokens=tokens, document=document, out=out,
                           model_dir=model_dir or st.MODEL_DIR, data_dir=data, chunk=chunk, device=device, tag=tag,
                           threads=threads, parallel=parallel, resume=resume, progress_log=progress_log,
                           show_progress=not quiet, command=command_line(ctx), recipes=load_recipes(recipe))
    if as_json:
        emit_json(summary)
        return
    table = out / (f"table-{tag}.md" if tag else "table.md")
    if table.is_file():
        sys.stdout.write(table.read_text())
    console.print(f"results: {out}/", highlight=False)


def _mount_recipes() -> None:
    from leapquant.recipe_cli import recipe_app

    app.add_typer(recipe_app, name="recipe", help="Recipe files: show, validate, diff, compose (new).")


_mount_recipes()


def _mount_tuner() -> None:
    """`leapquant tune` lives in the tuner package (it needs optuna: the [tune] extra)."""
    try:
        from tuner.cli import tune_cmd
    except ImportError:
        return
    app.command("tune", help="Search a model's method and kernels for a GPU; write the chosen recipe.")(tune_cmd)


_mount_tuner()


def _mount_generate() -> None:
    from leapquant.serving.generate_cli import generate_cmd

    app.command("generate", help="Continue a prompt with FP32 and LeapQuant states (the serving cache), side by "
                "side.")(generate_cmd)


_mount_generate()


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
