"""`leapquant tune`: search a model's method and kernels for a GPU, print the Pareto front, write the chosen recipe.

Accuracy is measured by the simulator on the model's recorded trace (GDN: the embedded trace of the trained model) or
on a seeded synthetic input of the model's shapes (KDA: no trace is shipped); memory is counted. Speed is not an
objective yet: the recipe carries no speed figure."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from leapquant.errors import InputError
from leapquant.options import check_int, handles_errors


def _source(model, tokens: int):
    """(the input the trials simulate, its description)."""
    from leapquant.synthetic import SyntheticSource
    from leapquant.traces import TraceSource, default_trace_path, has_default_trace

    if model.family == "gdn" and has_default_trace():
        src = TraceSource(default_trace_path(), tokens=None)
        src = TraceSource(default_trace_path(), tokens=min(tokens, src.total_tokens))
        return src, f"the embedded trace of the trained GDN model ({src.tokens} tokens)"
    src = SyntheticSource(family=model.family, tokens=tokens, layers=1, heads=model.HV, dk=model.K, dv=model.V)
    return src, f"synthetic {model.family} input, {model.HV} heads of {model.K}x{model.V}, {tokens} tokens"


def _plot(front, others, chosen, default, path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from leapquant.files import atomic_path

    fig, ax = plt.subplots(figsize=(6, 4))
    for ts, style, label in ((others, dict(c="0.7", s=14), "trials"), (front, dict(c="C0", s=24), "Pareto front")):
        ax.scatter([t.values[1] for t in ts], [t.values[0] for t in ts], label=label, **style)
    for t, marker, label in ((default, "s", "default (p 16, r 4, INT8)"), (chosen, "*", "chosen")):
        if t is not None:
            ax.scatter([t.values[1]], [t.values[0]], marker=marker, s=120, facecolors="none", edgecolors="C3",
                       label=label)
    ax.set_xlabel("bytes per element")
    ax.set_ylabel("final state error")
    ax.set_yscale("log")
    ax.legend(fontsize=8)
    fig.tight_layout()
    with atomic_path(path, suffix=".png") as tmp:
        fig.savefig(tmp, format="png", dpi=120)
    plt.close(fig)


@handles_errors
def tune_cmd(
    model: str = typer.Option(..., help="gdn or kda (the project's trained models)."),
    gpu: str = typer.Option(..., help="The target GPU: h100, h200, b200, gb200, rtx-pro-6000, rtx-5090."),
    trials: int = typer.Option(24, help="Complete trials the study holds when it ends."),
    tokens: int = typer.Option(1024, help="Tokens each trial simulates."),
    seed: int = typer.Option(0, help="Seed of the sampler and of the synthetic input."),
    max_error: float = typer.Option(None, help="Largest final state error the chosen recipe may have (default: the "
                                    "paper's default point's)."),
    study_dir: Path = typer.Option(Path("leapquant-tune"), help="Folder of the study's journal (resumed if present)."),
    out: Path = typer.Option(Path("leapquant-tune"), help="Folder of the recipe, the Pareto table and figure."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress lines on stderr."),
    as_json: bool = typer.Option(False, "--json", help="Print the Pareto front and the chosen recipe as JSON."),
) -> None:
    """Search window, rank, format and kernel tiles for MODEL on GPU; write the chosen recipe and the Pareto front."""
    try:
        from optuna.trial import TrialState
    except ImportError:
        raise InputError("leapquant tune needs optuna: pip install -e '.[tune]' (optuna and ray)") from None

    from leapquant import gpus
    from leapquant.files import check_output_dir, write_text_atomic
    from leapquant.recipe import MODELS
    from tuner.space import DEFAULT
    from tuner.study import tune

    if model not in ("gdn", "kda"):
        raise InputError(f"--model must be gdn or kda, got {model!r}")
    arch = gpus.arch_of(gpu)
    check_int("--trials", trials)
    check_int("--tokens", tokens)
    out = check_output_dir(out, "--out")
    check_output_dir(study_dir, "--study-dir")
    shape = MODELS[model]
    source, data = _source(shape, tokens)
    say = (lambda *a: None) if quiet else (lambda msg: print(msg, file=sys.stderr, flush=True))
    study = tune(shape, arch, source, trials=trials, study_dir=study_dir, seed=seed,
                 on_trial=lambda t: say(f"trial {t.number}: error {t.values[0]:.3e}, {t.values[1]:.3f} B/element"))
    done = [t for t in study.trials if t.state == TrialState.COMPLETE]
    default = next((t for t in done if all(t.params.get(k) == v for k, v in DEFAULT.items())), None)
    budget = max_error if max_error is not None else (default.values[0] if default else float("inf"))
    fits = [t for t in done if t.values[0] <= budget and t.user_attrs["kernel"]]
    if not fits:
        raise InputError(f"--max-error {budget:.3g}: no trial with a kernel is that accurate")
    chosen = min(fits, key=lambda t: (t.values[1], t.values[0]))
    front = sorted(study.best_trials, key=lambda t: t.values[1])
    recipe = _recipe(chosen, shape, gpu, data)
    name = f"{model}-{gpu}-tuned"
    recipe.save(out / f"{name}.json")
    _plot(front, done, chosen, default, out / f"{name}-pareto.png")
    rows = [{"trial": t.number, "final_state_error": t.values[0], "bytes_per_element": t.values[1],
             "kernel": t.user_attrs["kernel"], "simulation_only": t.user_attrs["simulation_only"]} for t in front]
    write_text_atomic(out / f"{name}-pareto.json", json.dumps(rows, indent=1) + "\n")
    if as_json:
        sys.stdout.write(json.dumps({"pareto": rows, "chosen": chosen.number, "recipe": str(out / f"{name}.json"),
                                     "data": data}, indent=2) + "\n")
        return
    table = Table(title=f"{model} on {gpu}: Pareto front of {len(done)} trials ({data})")
    for col in ("trial", "final state error", "B/element", "kernel"):
        table.add_column(col, overflow="fold")
    for r in rows:
        mark = " (chosen)" if r["trial"] == chosen.number else ""
        table.add_row(f"{r['trial']}{mark}", f"{r['final_state_error']:.3e}", f"{r['bytes_per_element']:.3f}",
                      r["kernel"] or f"simulation only: {r['simulation_only']}")
    Console().print(table)
    Console().print(f"recipe: {out / (name + '.json')}; figure: {out / (name + '-pareto.png')}", highlight=False)


def _recipe(trial, shape, gpu: str, data: str):
    """The chosen trial as a recipe: its pipeline, the kernel it ran, its accuracy figure with the command."""
    from leapquant.kernels.config import KernelConfig
    from leapquant.pipeline import Pipeline
    from tuner.space import Point

    point = Point(Pipeline.from_dict(trial.user_attrs["pipeline"]), KernelConfig(**trial.user_attrs["kernel_config"]))
    command = " ".join(["leapquant", *sys.argv[1:]]) if len(sys.argv) > 1 else "leapquant tune"
    return point.recipe(shape, gpu).with_figures(accuracy=[{"metric": "state_error", "value": trial.values[0],
                                                             "data": data, "command": command}])
