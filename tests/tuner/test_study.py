"""The tuner's study: seeded, stored in a journal, resumed after a kill -9 with no trial lost or run twice."""
import subprocess
import sys
import textwrap

import optuna
import pytest
from optuna.trial import TrialState

from leapquant.errors import InputError
from leapquant.recipe import ModelShape
from leapquant.synthetic import SyntheticSource
from tuner.space import DEFAULT
from tuner.study import open_study, tune

optuna.logging.set_verbosity(optuna.logging.WARNING)
MODEL = ModelShape(name="tiny", family="gdn", layers=1, H=2, HV=2, K=32, V=32)


def _source():
    return SyntheticSource(family="gdn", tokens=256, layers=1, heads=2, dk=32, dv=32, seed=0)


def test_a_study_starts_from_the_default_and_records_every_objective(tmp_path):
    study = tune(MODEL, "sm_90", _source(), trials=4, study_dir=tmp_path, seed=0)
    done = [t for t in study.trials if t.state == TrialState.COMPLETE]
    assert len(done) == 4
    assert {k: done[0].params[k] for k in DEFAULT} == DEFAULT
    assert all(len(t.values) == 3 and t.values[0] >= 0 and t.values[2] > 0 for t in done)
    assert all(t.user_attrs["kernel"] for t in done)           # sm_90 computes every default-space method
    again = tune(MODEL, "sm_90", _source(), trials=4, study_dir=tmp_path, seed=0)   # already complete: no new trial
    assert len(again.trials) == 4


def test_the_same_seed_gives_the_same_trials(tmp_path):
    a = tune(MODEL, "sm_90", _source(), trials=5, study_dir=tmp_path / "a", seed=3)
    b = tune(MODEL, "sm_90", _source(), trials=5, study_dir=tmp_path / "b", seed=3)
    assert [t.params for t in a.trials] == [t.params for t in b.trials]
    assert [t.values for t in a.trials] == [t.values for t in b.trials]


KILLED = textwrap.dedent("""
    import os, signal, sys
    import tuner.study as ts
    from leapquant.recipe import ModelShape
    from leapquant.synthetic import SyntheticSource
    calls = {"n": 0}
    real = ts.simulate
    def dies_in_the_third(*a, **k):
        calls["n"] += 1
        if calls["n"] == 3:
            os.kill(os.getpid(), signal.SIGKILL)       # mid-trial: the trial stays RUNNING in the journal
        return real(*a, **k)
    ts.simulate = dies_in_the_third
    m = ModelShape(name="tiny", family="gdn", layers=1, H=2, HV=2, K=32, V=32)
    src = SyntheticSource(family="gdn", tokens=256, layers=1, heads=2, dk=32, dv=32, seed=0)
    ts.tune(m, "sm_90", src, trials=5, study_dir=sys.argv[1], seed=0)
""")


def test_a_study_killed_mid_trial_resumes_with_no_trial_lost_or_repeated(tmp_path):
    r = subprocess.run([sys.executable, "-c", KILLED, str(tmp_path)], capture_output=True, text=True)
    assert r.returncode == -9, r.stderr[-2000:]
    before = open_study(tmp_path, "tiny-sm_90").trials
    assert [t.state for t in before] == [TrialState.COMPLETE] * 2 + [TrialState.RUNNING]
    killed = before[2].params
    study = tune(MODEL, "sm_90", _source(), trials=5, study_dir=tmp_path, seed=0)
    states = [t.state for t in study.trials]
    assert states.count(TrialState.COMPLETE) == 5 and states[2] == TrialState.FAIL
    assert study.trials[3].params == killed                      # the killed trial ran again, once
    assert [t.params for t in study.trials[:2]] == [t.params for t in before[:2]]   # the finished ones kept


def test_bad_arguments_are_refused_by_name(tmp_path):
    with pytest.raises(InputError, match="trials must be an integer >= 1"):
        tune(MODEL, "sm_90", _source(), trials=0, study_dir=tmp_path)
    with pytest.raises(InputError, match="arch must be one of"):
        tune(MODEL, "sm_75", _source(), trials=1, study_dir=tmp_path)


def test_a_study_with_speed_records_predicted_figures_and_constraints(tmp_path):
    from tuner.speed import PredictedSpeed
    from tuner.study import Constraints
    speed = PredictedSpeed("h200", (64, 256))
    study = tune(MODEL, "sm_90", _source(), trials=6, study_dir=tmp_path, seed=1, speed=speed,
                 constraints=Constraints(min_speedup=1.5))
    done = [t for t in study.trials if t.state == TrialState.COMPLETE]
    for t in done:
        rows = t.user_attrs["speed"]
        if rows:
            assert [r["batch"] for r in rows] == [64, 256] and {r["how"] for r in rows} == {"predicted"}
            assert t.values[1] == rows[0]["us"]
            assert (t.constraints["min_speedup"] <= 0) == (rows[0]["speedup"] >= 1.5)
        else:
            assert t.values[1] == float("inf") and t.user_attrs["speed_missing"]
    assert any(t.user_attrs["speed"] for t in done)


def test_a_measured_speed_comes_from_the_measurer_one_configuration_at_a_time(tmp_path):
    from tuner.speed import MeasuredSpeed
    seen = []

    class Fake:
        def measure(self, cfg, batches):
            seen.append(cfg.tag)
            return [{"batch": n, "us": 10.0 + n / 100, "us_decode": 5.0, "fla_us": 30.0, "speedup": 30 / (10 + n / 100),
                     "how": "measured"} for n in batches]

    study = tune(MODEL, "sm_90", _source(), trials=3, study_dir=tmp_path, seed=0,
                 speed=MeasuredSpeed("h200", (128,), measurer=Fake()))
    done = [t for t in study.trials if t.state == TrialState.COMPLETE]
    assert [t.user_attrs["kernel"] for t in done if t.user_attrs["kernel"]] == seen
    assert all(t.user_attrs["speed"][0]["how"] == "measured" and t.values[1] == 11.28 for t in done
               if t.user_attrs["kernel"])


def test_a_trial_whose_simulation_raises_fails_and_the_study_goes_on():
    from tuner.workers import LocalWorkers

    def boom(x):
        if x == 1:
            raise InputError("diverged")
        return x
    out = LocalWorkers().map(boom, [(0,), (1,), (2,)])
    assert out[0] == 0 and isinstance(out[1], InputError) and out[2] == 2


def test_ray_workers_return_each_tasks_result_or_its_error():
    pytest.importorskip("ray")
    from leapquant.pipeline import Pipeline
    from tuner.study import accuracy
    from tuner.workers import LocalWorkers, RayWorkers
    good = Pipeline(format="int8", window=8, rank=2).to_dict()
    tasks = [(good, _source(), 0), ({**good, "window": 0}, _source(), 0)]
    w = RayWorkers(2)
    try:
        out = w.map(accuracy, tasks)
    finally:
        w.close()
    local = LocalWorkers().map(accuracy, tasks[:1])[0]              # the same simulation, in a Ray task
    assert {k: v for k, v in out[0].items() if k != "seconds"} == {k: v for k, v in local.items() if k != "seconds"}
    assert isinstance(out[1], InputError) and "window" in str(out[1])


def test_the_runner_resolves_to_ray_or_in_process_as_make_builds_it():
    from tuner.workers import kind_of
    assert kind_of("local", 8) == "local" and kind_of("auto", 1) == "local"
    try:
        import ray  # noqa: F401
        assert kind_of("auto", 2) == "ray" and kind_of("ray", 1) == "ray"
    except ImportError:
        assert kind_of("auto", 2) == "local"
        with pytest.raises(InputError, match="need Ray"):
            kind_of("ray", 1)
    with pytest.raises(InputError, match="runner must be auto, ray or local, got 'dask'"):
        kind_of("dask", 2)
    with pytest.raises(InputError, match="workers must be an integer >= 1"):
        kind_of("auto", 0)


def test_a_timeout_stops_starting_trials(tmp_path):
    study = tune(MODEL, "sm_90", _source(), trials=50, study_dir=tmp_path, seed=0, timeout=0.5)
    assert 1 <= len([t for t in study.trials if t.state == TrialState.COMPLETE]) < 50
    with pytest.raises(InputError, match="timeout"):
        tune(MODEL, "sm_90", _source(), trials=2, study_dir=tmp_path, timeout=0)


def test_a_measured_study_compiles_each_rounds_kernels_before_timing_them(tmp_path):
    from tuner.speed import MeasuredSpeed
    from tuner.workers import LocalWorkers
    events = []

    class Fake:
        def prepare(self, cfgs):
            events.append(("prepare", sorted(c.tag for c in cfgs)))

        def measure(self, cfg, batches):
            events.append(("measure", cfg.tag))
            return [{"batch": n, "us": 10.0, "us_decode": 5.0, "fla_us": 30.0, "speedup": 3.0, "how": "measured"}
                    for n in batches]

    tune(MODEL, "sm_90", _source(), trials=4, study_dir=tmp_path, seed=0, workers=LocalWorkers(2),
         speed=MeasuredSpeed("h200", (128,), measurer=Fake()))
    prepared = set()
    for kind, what in events:
        if kind == "prepare":
            assert len(what) <= 2          # one round: as many trials as the workers take
            prepared |= set(what)
        else:
            assert what in prepared        # timed only after its round compiled it
    assert sum(kind == "measure" for kind, _ in events) >= 1


def test_a_point_drawn_again_takes_the_earlier_trials_figures_without_simulating_or_timing_it(tmp_path, monkeypatch):
    import tuner.study as ts
    from tuner.space import Space
    from tuner.speed import MeasuredSpeed
    from tuner.workers import LocalWorkers
    simulated, timed = [], []
    real = ts.accuracy
    monkeypatch.setattr(ts, "accuracy", lambda *a: simulated.append(a[0]) or real(*a))

    class Fake:
        def measure(self, cfg, batches):
            timed.append(cfg.tag)
            return [{"batch": n, "us": 10.0 + len(timed), "fla_us": 30.0, "speedup": 3.0, "how": "measured"}
                    for n in batches]
    space = Space(window=(16,), rank=(4,), format=("int8",), iters=(2,))      # a few tile choices only
    study = tune(MODEL, "sm_90", _source(), trials=12, study_dir=tmp_path, seed=0, space=space,
                 workers=LocalWorkers(1), speed=MeasuredSpeed("h200", (128,), measurer=Fake()))
    done = [t for t in study.trials if t.state == TrialState.COMPLETE]
    repeats = [t for t in done if "repeat_of" in t.user_attrs]
    assert len(done) == 12 and repeats                              # the space holds fewer than 12 points
    assert len(simulated) == len(timed) == 12 - len(repeats)       # each point simulated and timed once
    for t in repeats:
        first = study.trials[t.user_attrs["repeat_of"]]
        assert first.params == t.params and first.values == t.values and "repeat_of" not in first.user_attrs
        assert t.user_attrs["speed"] == first.user_attrs["speed"]
    assert len({tuple(sorted(t.params.items())) for t in done if "repeat_of" not in t.user_attrs}) == len(timed)


def test_measured_speed_names_the_target_and_returns_a_failing_measurement_in_its_place():
    from leapquant.kernels.config import KernelConfig
    from tuner.speed import MeasuredSpeed

    class OneGpu:
        def measure(self, cfg, batches):
            if cfg.window == 8:
                raise InputError("does not compile")
            return [{"batch": n, "us": 1.0, "how": "measured", "gpu": "NVIDIA H200"} for n in batches]
    rows = MeasuredSpeed("h200", (64, 256), measurer=OneGpu()).rows_many([KernelConfig(), KernelConfig(window=8)])
    assert [(r["batch"], r["gpu"]) for r in rows[0]] == [(64, "h200"), (256, "h200")]
    assert isinstance(rows[1], InputError) and "compile" in str(rows[1])


def test_a_study_is_not_resumed_with_its_speed_taken_otherwise(tmp_path):
    from tuner.speed import PredictedSpeed
    tune(MODEL, "sm_90", _source(), trials=2, study_dir=tmp_path, seed=0)
    with pytest.raises(InputError, match="holds a study whose speed is none; this one's is predicted by the bytes"):
        tune(MODEL, "sm_90", _source(), trials=3, study_dir=tmp_path, seed=0, speed=PredictedSpeed("h200"))


def test_a_resumed_study_draws_new_points_not_those_its_first_run_drew(tmp_path):
    from tuner.workers import LocalWorkers
    whole = tune(MODEL, "sm_90", _source(), trials=24, study_dir=tmp_path / "a", seed=0, workers=LocalWorkers(4))
    tune(MODEL, "sm_90", _source(), trials=8, study_dir=tmp_path / "b", seed=0, workers=LocalWorkers(4))
    resumed = tune(MODEL, "sm_90", _source(), trials=24, study_dir=tmp_path / "b", seed=0, workers=LocalWorkers(4))
    repeats = [sum("repeat_of" in t.user_attrs for t in s.trials) for s in (whole, resumed)]
    assert [t.params for t in resumed.trials[:8]] == [t.params for t in whole.trials[:8]]
    assert [t.params for t in resumed.trials[8:15]] != [t.params for t in whole.trials[1:8]]
    assert repeats[1] <= repeats[0] + 2, repeats
