"""The tuner's Optuna study: each trial a point of `tuner.space`, its accuracy measured by the simulator, its memory
counted; a multi-objective study (seeded NSGA-II) kept in a journal file, so that a study stopped at any moment
(kill -9 included) resumes with nothing lost: trials found running at start are marked failed and enqueued again,
and the study runs until it holds the requested number of complete trials."""
from __future__ import annotations

import os
from dataclasses import asdict
from pathlib import Path

import optuna
from optuna.trial import TrialState

from leapquant.errors import InputError
from leapquant.kernels import arch as arches
from leapquant.recipe import ModelShape
from leapquant.simulate import chunk_tokens, simulate
from tuner.space import Space, default_params, suggest

OBJECTIVES = ("final_state_error", "bytes_per_element")
"""What every trial minimises (the study's directions) and records."""


def open_study(study_dir: str | os.PathLike, name: str, seed: int = 0) -> optuna.Study:
    """The study `name` in `study_dir`/`name`.journal (created, or loaded to resume)."""
    from optuna.storages import JournalStorage
    from optuna.storages.journal import JournalFileBackend

    folder = Path(study_dir)
    folder.mkdir(parents=True, exist_ok=True)
    storage = JournalStorage(JournalFileBackend(str(folder / f"{name}.journal")))
    return optuna.create_study(study_name=name, storage=storage, load_if_exists=True,
                               directions=["minimize"] * len(OBJECTIVES),
                               sampler=optuna.samplers.NSGAIISampler(seed=seed))


def recover(study: optuna.Study) -> int:
    """Mark the trials a stopped run left running as failed and enqueue their parameters again; returns how many."""
    stale = [t for t in study.get_trials(deepcopy=False) if t.state == TrialState.RUNNING]
    for t in stale:
        study._storage.set_trial_state_values(t._trial_id, TrialState.FAIL)
        study.enqueue_trial(t.params, skip_if_exists=False)
    return len(stale)


def tune(model: ModelShape, arch: str, source, *, trials: int, study_dir: str | os.PathLike, seed: int = 0,
         space: Space = Space(), on_trial=None) -> optuna.Study:
    """Run the study of `model` on `arch` until it holds `trials` complete trials; `source` has `chunks(n)` and
    `tokens` (a TraceSource or SyntheticSource whose states have the model's K and V). `on_trial(trial)` sees each
    finished trial."""
    arches.get(arch)
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise InputError(f"trials must be an integer >= 1, got {trials!r}")
    optuna.logging.set_verbosity(optuna.logging.WARNING)    # a line per trial is the caller's (on_trial)
    study = open_study(study_dir, f"{model.name}-{arch}", seed)
    recover(study)
    if not study.get_trials(deepcopy=False):
        study.enqueue_trial(default_params(model, arch))

    def objective(trial: optuna.Trial) -> tuple[float, ...]:
        point = suggest(trial, model, arch, space)
        p = point.pipeline
        res = simulate(source.chunks(chunk_tokens({"p": p}, at_least=256)), {"p": p}, seed=seed).configs["p"]
        s = res.summary()
        trial.set_user_attr("kernel", None if point.kernel is None else point.kernel.tag)
        trial.set_user_attr("kernel_config", None if point.kernel is None else asdict(point.kernel))
        trial.set_user_attr("simulation_only", point.why)
        trial.set_user_attr("mean_output_error", s["mean_output_error"])
        trial.set_user_attr("pipeline", p.to_dict())
        return s["final_state_error"], s["bytes_per_element"]

    def done(study, trial):
        if on_trial is not None and trial.state == TrialState.COMPLETE:
            on_trial(trial)

    left = trials - sum(t.state == TrialState.COMPLETE for t in study.get_trials(deepcopy=False))
    if left > 0:
        study.optimize(objective, n_trials=left, callbacks=[done], catch=(InputError,))
    return study
