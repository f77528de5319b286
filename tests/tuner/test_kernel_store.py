"""Launches built ahead of a measured study (tuner.kernel_store): kept by what their program depends on and refused
when their files are another launch's; a `--speed build` study draws the trials a measured study of the same seed
draws and builds their launches; a measured study loads what the store holds and compiles only the rest."""
import json
from dataclasses import replace

import optuna
import pytest
from optuna.trial import TrialState

from leapquant.errors import InputError
from leapquant.kernels import registry
from leapquant.kernels.config import KernelConfig
from leapquant.recipe import ModelShape
from leapquant.synthetic import SyntheticSource
from tuner.kernel_store import KernelStore, launches
from tuner.study import tune
from tuner.workers import LocalWorkers

optuna.logging.set_verbosity(optuna.logging.WARNING)
MODEL = ModelShape(name="tiny", family="gdn", layers=1, H=2, HV=2, K=32, V=32)
LAUNCH = {"kernel": "k", "params": [["x", "const float*"], ["N", "int"]],
          "args": [{"name": "x", "dtype": "float32", "shape": ["N", 4], "tensor": True}],
          "grid": [["//", ["+", "N", 3], 4], 1, 1], "block": [128, 1, 1], "shared": 0}


def _cfg(**over) -> KernelConfig:
    return registry.resolve(KernelConfig(family="gdn", H=2, HV=4, **over), "sm_90")


def _fill(store: KernelStore, cfg: KernelConfig) -> None:
    for c, role in launches(cfg):
        store.put(c, role, f"cubin of {role} {c.tag}".encode(), {**LAUNCH, "kernel": f"{role}_kernel"})


def test_a_stored_launch_loads_back_as_that_launchs_cubin_and_description(tmp_path):
    store, cfg = KernelStore(tmp_path, "sm_90"), _cfg()
    assert store.step_kernels(cfg) is None and store.missing([cfg]) == launches(cfg)
    _fill(store, cfg)
    kernels = store.step_kernels(cfg)
    assert kernels.decode.image == f"cubin of decode {cfg.tag}".encode() and kernels.decode.arch == "sm_90a"
    assert kernels.boundary.launch.kernel == "boundary_kernel" and store.missing([cfg]) == []
    assert store.count() == len(launches(cfg))


def test_a_launch_is_shared_by_the_configurations_its_program_depends_on_alike(tmp_path):
    store, cfg = KernelStore(tmp_path, "sm_90"), _cfg()
    _fill(store, cfg)
    other_boundary = replace(cfg, boundary_threads=2 * cfg.boundary_threads)     # the decode launch is the same one
    assert store.has(other_boundary, "decode") and not store.has(other_boundary, "boundary")
    assert store.step_kernels(other_boundary) is None
    assert not store.has(replace(cfg, window=8), "decode")
    assert KernelStore(tmp_path, "sm_100").missing([cfg]) == launches(cfg)     # another arch: nothing held


def test_filling_keeps_the_launches_that_build_and_names_the_one_that_fails(tmp_path, monkeypatch):
    import tuner.kernel_store as kernel_store

    def build_into(folder, fields, role, arch):
        if role == "decode":
            raise RuntimeError("nvcc said no")
        KernelStore(folder, arch).put(KernelConfig(**fields), role, b"cubin", LAUNCH)

    monkeypatch.setattr(kernel_store, "build_into", build_into)
    store, cfg, lines = KernelStore(tmp_path, "sm_90"), _cfg(), []
    failed = store.fill([cfg], workers=1, log=lines.append)
    assert failed == {cfg.tag: "its decode launch failed to build: RuntimeError: nvcc said no"}
    assert store.missing([cfg]) == [(c, r) for c, r in launches(cfg) if r == "decode"]
    said = {line.split()[1]: line.rsplit(": ", 1)[-1] for line in lines}
    assert said["boundary"] == "built" and said["decode"] == "nvcc said no", lines


def test_files_of_another_launch_are_refused_by_name(tmp_path):
    store, cfg = KernelStore(tmp_path, "sm_90"), _cfg()
    _fill(store, cfg)
    other = replace(cfg, window=8)
    store.put(other, "decode", b"x", LAUNCH)
    mine, theirs = (store._path(c, "decode", ".launch.json") for c in (cfg, other))
    mine.write_text(theirs.read_text())
    with pytest.raises(InputError, match=f"prebuilt launch '{mine}'.*not {store._key(cfg, 'decode')}"):
        store.program(cfg, "decode")
    mine.write_text(json.dumps({**json.loads(theirs.read_text()), "key": store._key(cfg, "decode"), "launch": {}}))
    with pytest.raises(InputError, match="prebuilt launch"):
        store.program(cfg, "decode")
    with pytest.raises(InputError, match="cubin of decode .* is empty"):
        store.put(cfg, "decode", b"", LAUNCH)


class _Recording:
    """A store whose fill records the configurations instead of building them."""

    def __init__(self, folder):
        self.folder, self.arch, self.filled = folder, "sm_90", []

    def fill(self, cfgs, workers=1, log=None):
        self.filled += [c.tag for c in cfgs]
        return {}


def _source():
    return SyntheticSource(family="gdn", tokens=256, layers=1, heads=2, dk=32, dv=32, seed=0)


def test_a_build_study_draws_the_trials_a_measured_study_of_the_same_seed_draws(tmp_path):
    from tuner.speed import BuiltSpeed, MeasuredSpeed
    timed = []

    class Fake:
        def measure(self, cfg, batches):
            timed.append(cfg.tag)
            return [{"batch": n, "us": 10.0 + len(timed), "us_decode": 5.0, "fla_us": 30.0, "speedup": 2.0,
                     "how": "measured"} for n in batches]

    store = _Recording(tmp_path / "kernels")
    built = tune(MODEL, "sm_90", _source(), trials=12, study_dir=tmp_path / "b", seed=3, workers=LocalWorkers(4),
                 speed=BuiltSpeed("h200", store))
    tune(MODEL, "sm_90", _source(), trials=12, study_dir=tmp_path / "m", seed=3, workers=LocalWorkers(4),
         speed=MeasuredSpeed("h200", (256,), measurer=Fake()))
    done = [t for t in built.trials if t.state == TrialState.COMPLETE]
    kernels = [t.user_attrs["kernel"] for t in done if t.user_attrs["kernel"] and "repeat_of" not in t.user_attrs]
    assert kernels == timed and len(set(kernels)) > 3
    assert store.filled == kernels
    assert all(t.values[1] == float("inf") and t.user_attrs["speed_missing"].startswith("built into")
               for t in done if t.user_attrs["kernel"])


def test_a_measured_study_loads_the_launches_the_store_holds_and_compiles_only_the_rest(tmp_path, monkeypatch):
    import torch

    import leapquant.kernels.bench as bench
    import leapquant.kernels.decoder as decoder
    import tuner.measure as tm
    held, fresh = _cfg(), _cfg(window=8)
    store = KernelStore(tmp_path, "sm_90")
    _fill(store, held)
    compiled, made = [], []

    class Decoder:
        def __init__(self, cfg, target=None, kernels=None):
            self.cfg = cfg
            made.append((cfg.tag, target, None if kernels is None else kernels.decode.image))

    monkeypatch.setattr(tm, "precompile", lambda cfgs, workers=8: compiled.extend(c.tag for c in cfgs))
    monkeypatch.setattr(decoder, "LeapDecoder", Decoder)
    monkeypatch.setattr(bench, "bench_leap", lambda cfg, n, **kw: (20.0, 15.0, None))
    monkeypatch.setattr(bench, "bench_fla", lambda *a, **kw: (60.0,))
    monkeypatch.setattr(torch.cuda, "get_device_name", lambda device=None: "NVIDIA H200")
    m = tm.Measurer(store=store)
    m.prepare([held, fresh])
    assert compiled == [fresh.tag]
    rows = m.measure(held, (256,)) + m.measure(fresh, (256,))
    assert made == [(held.tag, "sm_90", f"cubin of decode {held.tag}".encode()), (fresh.tag, None, None)]
    assert [r["prebuilt"] for r in rows] == [True, False] and rows[0]["speedup"] == 3.0


def test_the_figures_of_a_stores_launches_are_read_into_a_table_without_a_build(tmp_path, monkeypatch):
    from ncu_csv import load_benchmark

    from tuner import resources
    store, cfg = KernelStore(tmp_path / "k", "sm_90"), _cfg()
    _fill(store, cfg)
    assert {k for k, _, _ in store.entries()} == {store._key(c, r) for c, r in launches(cfg)}
    read = load_benchmark("kernel_resources")
    fig = resources.LaunchResources(registers=64, stack=0, sass=900, threads=128, shared=4096)
    monkeypatch.setattr(resources, "figures_of", lambda cubin, launch: fig)
    table = resources.Table(tmp_path / "table.json")
    decode_key = store._key(cfg, "decode")
    table.entries[decode_key] = resources.LaunchResources(registers=1, stack=0, sass=1, threads=32, shared=0)
    assert read._read_store(table, str(store.folder), "sm_90") == len(launches(cfg)) - 1
    assert table.entries[decode_key].registers == 1                         # an entry the table holds is kept
    assert resources.Table(tmp_path / "table.json").entries[store._key(cfg, "boundary")] == fig
