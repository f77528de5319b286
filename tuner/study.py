"""The tuner's Optuna study: each trial a point of `tuner.space`, its accuracy measured by the simulator, its speed
measured or predicted (`tuner.speed`), its memory counted; a multi-objective study (seeded NSGA-II, with the
constraints) kept in a journal file, so that a study stopped at any moment (kill -9 included) resumes with nothing
lost: trials found running at start are marked failed and enqueued again, and the study runs until it holds the
requested number of complete trials. Trials run on `tuner.workers` (Ray where installed, else in this process)."""
from __future__ import annotations

import functools
import math
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import optuna
from optuna.trial import TrialState

from leapquant.errors import InputError
from leapquant.kernels import arch as arches
from leapquant.pipeline import Pipeline
from leapquant.recipe import ModelShape
from leapquant.simulate import chunk_tokens, simulate
from tuner.space import DEFAULT, Space, default_params, suggest
from tuner.speed import NotTimed

OBJECTIVES = ("final_state_error", "us_per_step", "bytes_per_element")
"""What every trial minimises (the study's directions, in order; with accuracy "bpb" the first is the relative bits
per byte increase over FP32 states). µs is +inf where no figure exists (a method no
kernel computes, a program the cost model has no measurement of): such a point is never chosen for its speed."""


@dataclass(frozen=True)
class Constraints:
    """Bounds a chosen point must meet (None: unbounded): the final state error, the bytes per element of the
    state, the speed-up over FLA's FP32 step at the first batch."""

    max_error: float | None = None
    max_bytes_per_element: float | None = None
    min_speedup: float | None = None

    def __post_init__(self):
        for name in ("max_error", "max_bytes_per_element", "min_speedup"):
            v = getattr(self, name)
            if v is not None and (isinstance(v, bool) or not isinstance(v, (int, float)) or not v > 0
                                  or not math.isfinite(v)):
                raise InputError(f"{name} must be a finite number > 0, got {v!r}")

    def violations(self, error: float, bpe: float, speedup: float | None) -> dict[str, float]:
        """Optuna's constraint values by name (<= 0 where met)."""
        out = {}
        if self.max_error is not None:
            out["max_error"] = error - self.max_error
        if self.max_bytes_per_element is not None:
            out["max_bytes_per_element"] = bpe - self.max_bytes_per_element
        if self.min_speedup is not None:
            out["min_speedup"] = self.min_speedup - (speedup or 0.0)
        return out


def open_study(study_dir: str | os.PathLike, name: str, seed: int = 0) -> optuna.Study:
    """The study `name` in `study_dir`/`name`.journal (created, or loaded to resume). A resumed study's sampler is
    seeded from `seed` and the trials the journal holds: seeded with `seed` alone, its random stream would start
    over and draw again the points the first run drew."""
    import numpy as np
    from optuna.storages import JournalStorage
    from optuna.storages.journal import JournalFileBackend

    folder = Path(study_dir)
    folder.mkdir(parents=True, exist_ok=True)
    storage = JournalStorage(JournalFileBackend(str(folder / f"{name}.journal")))
    study = optuna.create_study(study_name=name, storage=storage, load_if_exists=True,
                                directions=["minimize"] * len(OBJECTIVES),
                                sampler=optuna.samplers.NSGAIISampler(seed=seed))
    held = len(study.get_trials(deepcopy=False))
    if held:
        resumed = int(np.random.SeedSequence([seed, held]).generate_state(1)[0])
        study.sampler = optuna.samplers.NSGAIISampler(seed=resumed)
    return study


def recover(study: optuna.Study) -> int:
    """Mark the trials a stopped run left running as failed and enqueue their parameters again; returns how many."""
    stale = [t for t in study.get_trials(deepcopy=False) if t.state == TrialState.RUNNING]
    for t in stale:
        study._storage.set_trial_state_values(t._trial_id, TrialState.FAIL)
        study.enqueue_trial(t.params, skip_if_exists=False)
    return len(stale)


def accuracy(pipeline: dict, source, seed: int) -> dict:
    """The simulator's summary of `pipeline` (a Pipeline dict) on `source` (a trial's accuracy task)."""
    p = Pipeline.from_dict(pipeline)
    return simulate(source.chunks(chunk_tokens({"p": p}, at_least=256)), {"p": p}, seed=seed).configs["p"].summary()


ACCURACY = ("state", "bpb")
"""The accuracy objective: the final state error on the trace, or the bits per byte of the trained model over held-out
text relative to its FP32 states' (`bpb_increase`; the state error is recorded beside it)."""


@functools.lru_cache(maxsize=4)
def _trained(family: str):
    from leapquant.models.study import MODEL_DIR, load_model
    return load_model(family, MODEL_DIR, None)


def bits_per_byte(pipeline: dict | None, family: str, tokens) -> float:
    """Bits per byte of the trained `family` model over `tokens` (1-D bytes) with every state kept by `pipeline`
    (None: FP32 states)."""
    from leapquant.models.run import run_document
    p = None if pipeline is None else Pipeline.from_dict(pipeline)
    return run_document(_trained(family), tokens, p, shadow=False).bits_per_byte


def accuracy_and_bpb(pipeline: dict, source, seed: int, family: str, tokens) -> dict:
    """`accuracy` and `bits_per_byte` of one trial (an accuracy task with --accuracy bpb)."""
    return {**accuracy(pipeline, source, seed), "bits_per_byte": bits_per_byte(pipeline, family, tokens)}


def complete(study: optuna.Study) -> int:
    return sum(t.state == TrialState.COMPLETE for t in study.get_trials(deepcopy=False))


def tune(model: ModelShape, arch: str, source, *, trials: int, study_dir: str | os.PathLike, seed: int = 0,
         space: Space = Space(), speed=None, kernel_shape: ModelShape | None = None,
         constraints: Constraints = Constraints(), workers=None, timeout: float | None = None,
         accuracy_kind: str = "state", document=None, on_trial=None) -> optuna.Study:
    """Run the study of `model` on `arch` until it holds `trials` complete trials (or `timeout` seconds pass).

    `source` has `chunks(n)` and `tokens` (a TraceSource or SyntheticSource whose states have the model's K and V);
    `speed` (`tuner.speed`: predicted or measured, None: no speed objective) times the kernel of each point, built
    for `kernel_shape` (the serving model's layer; default `model`); `workers` (`tuner.workers`; default: in this
    process) runs the accuracy tasks; `accuracy_kind` "bpb" makes the first objective the trained model's bits per
    byte over `document` (1-D bytes) relative to FP32 states; `on_trial(trial)` sees each finished trial."""
    from tuner.workers import LocalWorkers

    arches.get(arch)
    if isinstance(trials, bool) or not isinstance(trials, int) or trials < 1:
        raise InputError(f"trials must be an integer >= 1, got {trials!r}")
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0):
        raise InputError(f"timeout must be a number of seconds > 0, got {timeout!r}")
    shape = kernel_shape or model
    if (shape.family, shape.K, shape.V) != (model.family, model.K, model.V):
        raise InputError(f"kernel_shape {shape.name!r} must have the model's family and head sizes "
                         f"({model.family}, K = {model.K}, V = {model.V})")
    if accuracy_kind not in ACCURACY:
        raise InputError(f"accuracy must be one of {list(ACCURACY)}, got {accuracy_kind!r}")
    if accuracy_kind == "bpb" and document is None:
        raise InputError("accuracy 'bpb' needs the document (its bytes) to read")
    workers = workers or LocalWorkers()
    space = space.including(DEFAULT)          # the default is enqueued first, whatever the space narrows
    optuna.logging.set_verbosity(optuna.logging.WARNING)    # a line per trial is the caller's (on_trial)
    study = open_study(study_dir, f"{model.name}-{arch}" + ("-bpb" if accuracy_kind == "bpb" else ""), seed)
    _same_speed(study, study_dir, "none" if speed is None else speed.origin)
    recover(study)
    fp32 = None
    if accuracy_kind == "bpb":
        fp32 = study.user_attrs.get("fp32_bits_per_byte")
        if fp32 is None:
            fp32 = bits_per_byte(None, model.family, document)
            study.set_user_attr("fp32_bits_per_byte", fp32)
    if not study.get_trials(deepcopy=False):
        study.enqueue_trial(default_params(shape, arch))
    deadline = None if timeout is None else time.time() + timeout
    while complete(study) < trials and (deadline is None or time.time() < deadline):
        asked = []
        for _ in range(min(workers.size, trials - complete(study))):
            trial = study.ask()
            try:
                point = suggest(trial, shape, arch, space, speed)
            except InputError as e:
                trial.set_user_attr("error", str(e))
                study.tell(trial, state=TrialState.FAIL)
                continue
            if not _repeat(study, trial):
                asked.append((trial, point))
            elif on_trial is not None:
                on_trial(study.trials[trial.number])
        if hasattr(speed, "prepare"):        # the round's kernels compile before they are timed or predicted
            speed.prepare([point.kernel for _, point in asked if point.kernel is not None])
        if fp32 is None:
            results = workers.map(accuracy, [(point.pipeline.to_dict(), source, seed) for _, point in asked])
        else:
            results = workers.map(accuracy_and_bpb, [(point.pipeline.to_dict(), source, seed, model.family, document)
                                                     for _, point in asked])
        timed = _speeds(speed, [None if isinstance(r, Exception) else point for (_, point), r in zip(asked, results)])
        for (trial, point), summary, speed_rows in zip(asked, results, timed):
            if fp32 is not None and not isinstance(summary, Exception):
                summary = {**summary, "fp32_bits_per_byte": fp32, "bpb_increase": summary["bits_per_byte"] / fp32 - 1}
            _finish(study, trial, point, summary, speed_rows, constraints)
            if on_trial is not None:
                on_trial(study.trials[trial.number])
    return study


def _same_speed(study: optuna.Study, study_dir, how: str) -> None:
    """Refuse to resume a study whose speed was taken otherwise (measured, predicted by another cost model, built,
    none): its trials' figures would mix; record `how` on a new one."""
    was = study.user_attrs.get("speed")
    if was is None:
        study.set_user_attr("speed", how)
    elif was != how:
        raise InputError(f"study_dir {str(study_dir)!r} holds a study whose speed is {was}; this one's is {how}: "
                         f"give it another --study-dir")


def _repeat(study: optuna.Study, trial) -> bool:
    """Tell `trial` the values of an earlier complete trial of the same parameters, if there is one (NSGA-II draws a
    point twice now and then): its figures copied, `repeat_of` naming it, nothing simulated or timed again."""
    earlier = next((t for t in study.get_trials(deepcopy=False, states=(TrialState.COMPLETE,))
                    if t.params == trial.params), None)
    if earlier is None:
        return False
    for key, value in earlier.user_attrs.items():
        trial.set_user_attr(key, value)
    trial.set_user_attr("repeat_of", earlier.number)
    for key, value in earlier.system_attrs.items():
        if key.startswith("constraints:"):
            trial.set_constraint(key[len("constraints:"):], value)
    study.tell(trial, earlier.values)
    return True


def _speeds(speed, points) -> list[tuple[list[dict], str | None]]:
    """Each point's speed rows and, where it has none, why: the round's kernels timed (or predicted) together
    (a point None: its simulation failed, nothing timed)."""
    out = [([], None if p is None else p.why) for p in points]
    if speed is None:
        return out
    todo = []
    for i, p in enumerate(points):
        if p is not None and p.kernel is not None:
            why = speed.why_not(p.kernel)
            out[i] = ([], why)
            if why is None:
                todo.append(i)
    for i, rows in zip(todo, speed.rows_many([points[i].kernel for i in todo])):
        # a kernel that fails to build or run: no figure, said so
        if isinstance(rows, Exception):
            out[i] = ([], str(rows) if isinstance(rows, NotTimed) else f"{type(rows).__name__}: {rows}")
        else:
            out[i] = (rows, None)
    return out


def _finish(study, trial, point, summary, speed_rows, constraints: Constraints) -> None:
    """Record a trial's every objective and figure and tell the study (FAIL where its simulation raised);
    `speed_rows`: (rows, why there are none) from `_speeds`."""
    trial.set_user_attr("kernel", None if point.kernel is None else point.kernel.tag)
    trial.set_user_attr("kernel_config", None if point.kernel is None else asdict(point.kernel))
    trial.set_user_attr("simulation_only", point.why)
    trial.set_user_attr("pipeline", point.pipeline.to_dict())
    if isinstance(summary, Exception):
        trial.set_user_attr("error", f"{type(summary).__name__}: {summary}")
        study.tell(trial, state=TrialState.FAIL)
        return
    rows, why = speed_rows
    trial.set_user_attr("speed", rows)
    trial.set_user_attr("speed_missing", None if rows else (why or "no speed objective"))
    trial.set_user_attr("mean_output_error", summary["mean_output_error"])
    trial.set_user_attr("final_state_error", summary["final_state_error"])
    for key in ("bits_per_byte", "fp32_bits_per_byte"):
        if key in summary:
            trial.set_user_attr(key, summary[key])
    error, bpe = summary.get("bpb_increase", summary["final_state_error"]), summary["bytes_per_element"]
    us = rows[0]["us"] if rows else math.inf
    for name, value in constraints.violations(error, bpe, rows[0]["speedup"] if rows else None).items():
        trial.set_constraint(name, value)
    study.tell(trial, (error, us, bpe))
