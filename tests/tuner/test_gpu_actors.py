"""Speed trials over several GPUs on Ray, with Ray's resources standing in for GPUs (no CUDA here): one actor per
GPU measuring one configuration at a time, the round spread over all of them, a worker killed mid-measurement and
its configuration measured again elsewhere, and a whole study over them completing every trial once."""
import json
import os
import sys
import time

import pytest

ray = pytest.importorskip("ray")

from leapquant.errors import InputError  # noqa: E402
from leapquant.kernels import registry  # noqa: E402
from leapquant.kernels.config import KernelConfig  # noqa: E402
from leapquant.recipe import ModelShape  # noqa: E402
from tuner.gpu_actors import GpuActors  # noqa: E402
from tuner.speed import MeasuredSpeed  # noqa: E402

GPUS = 2


class LoggingMeasurer:
    """A stand-in for `Measurer`: each measurement sleeps, then appends (pid, tag, start, end) to a log; the
    configuration tagged `kill` ends its worker's process the first time it is measured."""

    def __init__(self, log, kill=None, seconds=0.3):
        self.log, self.kill, self.seconds = log, kill, seconds

    def measure(self, cfg, batches):
        start = time.time()
        marker = f"{self.log}.killed"
        if cfg.tag == self.kill and not os.path.exists(marker):
            open(marker, "w").close()
            os._exit(1)
        time.sleep(self.seconds)
        with open(self.log, "a") as f:
            f.write(json.dumps([os.getpid(), cfg.tag, start, time.time()]) + "\n")
        return [{"batch": n, "us": 100.0 + cfg.window, "fla_us": 300.0, "speedup": 3.0, "how": "measured"}
                for n in batches]


class PreparingMeasurer(LoggingMeasurer):
    """A stand-in that also logs the configurations each actor is asked to compile: ["prepare", pid, tags]."""

    def prepare(self, cfgs):
        with open(self.log + ".prepare", "a") as f:
            f.write(json.dumps([os.getpid(), [c.tag for c in cfgs]]) + "\n")


def _log(path):
    return [json.loads(line) for line in open(path)] if os.path.exists(path) else []


@pytest.fixture(scope="module")
def cluster():
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])    # the stand-in travels to Ray's workers
    ray.init(num_cpus=2, num_gpus=GPUS, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def _configs(n):
    problem = KernelConfig(family="gdn", H=2, HV=4, K=128, V=128)
    return registry.search_space(problem, "sm_90")[:n]


def test_each_configuration_is_measured_once_one_at_a_time_per_gpu_over_every_gpu(cluster, tmp_path):
    log = str(tmp_path / "log")
    actors = GpuActors(GPUS, make_measurer=lambda: LoggingMeasurer(log))
    try:
        cfgs = _configs(6)
        out = actors.measure_many(cfgs, (64, 256))
    finally:
        actors.close()
    assert [[r["batch"] for r in rows] for rows in out] == [[64, 256]] * 6
    assert {r["gpu_index"] for rows in out for r in rows} == set(range(GPUS))    # Ray's GPU ids 0 and 1
    rows = _log(log)
    assert sorted(r[1] for r in rows) == sorted(c.tag for c in cfgs)           # each once
    for pid in {r[0] for r in rows}:                                            # never two at once on one GPU
        spans = sorted((r[2], r[3]) for r in rows if r[0] == pid)
        assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:]))
    assert len({r[0] for r in rows}) == GPUS


def test_a_round_is_compiled_once_split_over_the_actors_and_each_actor_times_its_own_share(cluster, tmp_path):
    log, cfgs = str(tmp_path / "log"), _configs(6)
    actors = GpuActors(GPUS, make_measurer=lambda: PreparingMeasurer(log, seconds=0.05))
    try:
        actors.prepare(cfgs)
        actors.measure_many(cfgs, (256,))
    finally:
        actors.close()
    shares = {pid: tags for pid, tags in _log(log + ".prepare")}
    assert len(shares) == GPUS and all(len(t) == len(cfgs) // GPUS for t in shares.values())
    assert sorted(t for tags in shares.values() for t in tags) == sorted(c.tag for c in cfgs)   # each compiled once
    assert all(tag in shares[pid] for pid, tag, *_ in _log(log))     # timed by the actor that compiled it


def test_a_worker_killed_mid_measurement_has_its_configuration_measured_on_a_fresh_one(cluster, tmp_path):
    log, cfgs = str(tmp_path / "log"), _configs(4)
    actors = GpuActors(GPUS, make_measurer=lambda: LoggingMeasurer(log, kill=cfgs[1].tag))
    try:
        out = actors.measure_many(cfgs, (256,))
        assert actors.lost == 1 and actors.size == GPUS
    finally:
        actors.close()
    assert all(isinstance(rows, list) and rows[0]["us"] == 100.0 + c.window for rows, c in zip(out, cfgs))
    assert sorted(r[1] for r in _log(log)) == sorted(c.tag for c in cfgs)      # the killed one measured once, later
    assert os.path.exists(log + ".killed")


def test_a_measurement_that_raises_is_that_configurations_result_and_the_actor_goes_on(cluster, tmp_path):
    class Failing(LoggingMeasurer):
        def measure(self, cfg, batches):
            if cfg.tag == self.kill:
                raise InputError("does not compile")
            return super().measure(cfg, batches)
    log, cfgs = str(tmp_path / "log"), _configs(3)
    actors = GpuActors(1, make_measurer=lambda: Failing(log, kill=cfgs[0].tag, seconds=0.01))
    try:
        out = actors.measure_many(cfgs, (256,))
    finally:
        actors.close()
    assert isinstance(out[0], InputError) and "compile" in str(out[0]) and actors.lost == 0
    assert [rows[0]["us"] for rows in out[1:]] == [100.0 + c.window for c in cfgs[1:]]


def test_more_gpus_than_the_cluster_has_is_refused_by_name(cluster):
    with pytest.raises(InputError, match=r"gpus is 3, but the Ray cluster has 2 GPUs"):
        GpuActors(3)
    with pytest.raises(InputError, match="gpus must be an integer >= 1"):
        GpuActors(0)


def test_a_study_over_gpu_actors_completes_every_trial_measuring_each_timed_trial_once(cluster, tmp_path):
    from optuna.trial import TrialState

    from leapquant.synthetic import SyntheticSource
    from tuner.study import tune
    from tuner.workers import LocalWorkers
    model = ModelShape(name="tiny", family="gdn", layers=1, H=2, HV=2, K=32, V=32)
    source = SyntheticSource(family="gdn", tokens=256, layers=1, heads=2, dk=32, dv=32, seed=0)
    kernel_shape = ModelShape(name="tiny-k128", family="gdn", layers=1, H=2, HV=4, K=32, V=32)
    log = str(tmp_path / "log")
    actors = GpuActors(GPUS, make_measurer=lambda: LoggingMeasurer(log, seconds=0.05))
    try:
        study = tune(model, "sm_90", source, trials=6, study_dir=tmp_path / "s", seed=0, kernel_shape=kernel_shape,
                     speed=MeasuredSpeed("h200", (256,), measurer=actors), workers=LocalWorkers(3))
    finally:
        actors.close()
    done = [t for t in study.trials if t.state == TrialState.COMPLETE]
    assert len(done) == 6
    timed = [t for t in done if t.user_attrs["speed"]]
    assert timed and all(t.user_attrs["speed"][0]["gpu"] == "h200" for t in timed)
    assert sorted(r[1] for r in _log(log)) == sorted(t.user_attrs["kernel"] for t in timed)   # each once
