"""What `leapquant tune` shows and writes from a finished study: the Pareto front as rows, the chosen point, the figure
(final state error against µs per step, bytes per element as colour, the default and the chosen point marked) and the
chosen point as a recipe with every figure and how it was obtained."""
from __future__ import annotations

import math
from pathlib import Path

from optuna.trial import TrialState

from leapquant.errors import InputError
from tuner.space import DEFAULT


def done_trials(study) -> list:
    return [t for t in study.trials if t.state == TrialState.COMPLETE]


def front(study) -> list:
    """The Pareto front by µs then error, each point once (a trial that repeats an earlier one's point is left out)."""
    return sorted((t for t in study.best_trials if "repeat_of" not in t.user_attrs),
                  key=lambda t: (t.values[1], t.values[0]))


def default_trial(done: list):
    return next((t for t in done if all(t.params.get(k) == v for k, v in DEFAULT.items())), None)


def versus_default(done: list, chosen, front: list) -> dict | None:
    """The chosen point against the paper's default (p 16, r 4, INT8) in the same study: both points' µs and error,
    the chosen's speed over the default's, and the front's points faster and more accurate than the default, each
    with how much (None without a default trial)."""
    default = default_trial(done)
    if default is None:
        return None
    (d_err, d_us), (c_err, c_us) = default.values[:2], chosen.values[:2]
    timed = math.isfinite(d_us) and math.isfinite(c_us)
    both = [{"trial": t.number, "faster_pct": 100 * (1 - t.values[1] / d_us),
             "error_lower_pct": 100 * (1 - t.values[0] / d_err)}
            for t in front if math.isfinite(d_us) and t.values[1] < d_us and t.values[0] < d_err]
    return {"default_trial": default.number, "default_us": d_us if math.isfinite(d_us) else None,
            "default_error": d_err, "chosen_trial": chosen.number, "chosen_us": c_us if math.isfinite(c_us) else None,
            "chosen_error": c_err, "chosen_speed_over_default": d_us / c_us if timed else None,
            "beat_default_on_both": both}


def row(t) -> dict:
    """A trial as a table / JSON row."""
    speed = t.user_attrs.get("speed") or []
    first = speed[0] if speed else {}
    return {"trial": t.number, "error": t.values[0], "final_state_error": t.user_attrs.get("final_state_error"),
            "bits_per_byte": t.user_attrs.get("bits_per_byte"), "us_per_step": first.get("us"),
            "speedup": first.get("speedup"), "speed_how": first.get("how"), "cost_model": first.get("cost_model"),
            "batch": first.get("batch"),
            "bytes_per_element": t.values[2], "kernel": t.user_attrs["kernel"], "pipeline": t.user_attrs["pipeline"],
            "speed": speed, "speed_missing": t.user_attrs.get("speed_missing"),
            "simulation_only": t.user_attrs["simulation_only"], "constraints": dict(t.constraints),
            "feasible": feasible(t)}


def feasible(t) -> bool:
    """Whether the trial meets the study's constraints (Optuna's constraint values, <= 0)."""
    return all(v <= 0 for v in t.constraints.values())


def choose(done: list, max_error: float | None):
    """The fastest trial with a kernel that meets the constraints and `max_error` (default: the paper's default
    point's error); without any speed figure, the one with the fewest bytes per element. InputError if none."""
    default = default_trial(done)
    budget = max_error if max_error is not None else (default.values[0] if default else math.inf)
    fits = [t for t in done if t.values[0] <= budget and t.user_attrs["kernel"] and feasible(t)]
    if not fits:
        raise InputError(f"--max-error {budget:.3g}: no trial with a kernel meets it and the constraints")
    timed = [t for t in fits if math.isfinite(t.values[1])]
    if timed:
        return min(timed, key=lambda t: (t.values[1], t.values[0]))
    return min(fits, key=lambda t: (t.values[2], t.values[0]))


def plot(front: list, done: list, chosen, default, path: Path, title: str, ylabel: str = "final state error") -> None:
    """Error against µs per step (bytes per element against error where no trial has a speed figure)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from leapquant.files import atomic_path

    timed = [t for t in done if math.isfinite(t.values[1])]
    xi, xlabel = (1, "µs per decode step (one layer)") if timed else (2, "bytes per element")
    shown = timed or done
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    sc = ax.scatter([t.values[xi] for t in shown], [t.values[0] for t in shown], c=[t.values[2] for t in shown],
                    cmap="viridis", s=22, label="trials")
    on_front = [t for t in front if t in shown]
    ax.scatter([t.values[xi] for t in on_front], [t.values[0] for t in on_front], facecolors="none",
               edgecolors="k", s=60, label="Pareto front")
    for t, marker, label in ((default, "s", "default (p 16, r 4, INT8)"), (chosen, "*", "chosen")):
        if t is not None and t in shown:
            ax.scatter([t.values[xi]], [t.values[0]], marker=marker, s=180, facecolors="none", edgecolors="C3",
                       label=label)
    fig.colorbar(sc, ax=ax, label="bytes per element")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if all(t.values[0] > 0 for t in shown):
        ax.set_yscale("log")
    hidden = len(done) - len(shown)
    ax.set_title(title + (f" ({hidden} trials without a speed figure not shown)" if hidden else ""), fontsize=8)
    ax.legend(fontsize=7)
    fig.tight_layout()
    with atomic_path(path, suffix=".png") as tmp:
        fig.savefig(tmp, format="png", dpi=120)
    plt.close(fig)
