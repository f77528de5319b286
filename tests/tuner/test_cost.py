"""The cost model: its features follow the method, its fit recovers known constants, its predictions follow the
GPU's figures, its file is plain numbers checked by name, and the shipped H200 constants reproduce the held-out
errors their report states."""
import itertools
import json
from dataclasses import replace
from pathlib import Path

import pytest

from leapquant.errors import InputError
from leapquant.kernels import registry
from leapquant.kernels.config import KernelConfig
from tuner.cost import FILES, CostModel, features, fit

REPORT = Path(__file__).parents[2] / "benchmarks" / "results" / "cost_model_h200.json"
TRUE = CostModel(launch_us=5.0, refit_launch_us=2.0, decode_cost={"warp": 1.4, "persistent": 1.8, "tile": 3.3},
                 boundary_cost={"walk": 100.0, "regs": 900.0, "smem": 4000.0}, boundary_bytes=1.1, refit_cost=15000.0,
                 fla_launch_us=3.0, fla_eff=0.8)


def _configs():
    out = []
    for family in ("gdn", "kda"):
        for method in (dict(), dict(window=8), dict(window=32, iters=1), dict(rank=0), dict(rank=8), dict(iters=0)):
            for c in registry.search_space(KernelConfig(family=family, **method), "sm_90"):
                if c.boundary != "simple" and c not in out:
                    out.append(c)
    return out


def test_features_grow_with_batch_window_and_rank():
    base = KernelConfig()
    f1, f2 = features(base, 64), features(base, 128)
    assert all(abs(f2[k] - 2 * f1[k]) <= 1e-9 * f2[k] for k in f1)
    assert features(replace(base, rank=8), 64)["refit_flops"] > f1["refit_flops"]
    assert features(replace(base, rank=0), 64)["refit_flops"] == 0
    assert features(replace(base, window=32), 64)["boundary_bytes"] < f1["boundary_bytes"]   # fewer flushes a step
    assert features(replace(base, format="int4"), 64)["decode_bytes"] < f1["decode_bytes"]


def test_the_fit_recovers_the_constants_that_made_the_rows():
    rows = [{"config": {k: getattr(c, k) for k in ("family", "format", "window", "rank", "iters", "decode",
                                                    "boundary", "layout")}, "batch": n,
             "us": TRUE.predict(c, n, "h200")} for c in _configs()[::7] for n in (32, 256, 512)]
    rows += [{"fla": True, "config": {"family": "gdn"}, "batch": n, "us": TRUE.predict_fla(KernelConfig(), n, "h200")}
             for n in (32, 256, 512)]
    got = fit(rows)
    for c in _configs()[::11]:
        assert got.predict(c, 200, "h200") == pytest.approx(TRUE.predict(c, 200, "h200"), rel=1e-6)
    assert got.fla_eff == pytest.approx(0.8, rel=1e-6)


def test_rows_measured_on_several_gpus_fit_each_on_its_own_figures():
    rows = [{"config": {k: getattr(c, k) for k in ("family", "format", "window", "rank", "iters", "decode",
                                                    "boundary", "layout")}, "batch": n, "gpu": gpu,
             "us": TRUE.predict(c, n, gpu)} for gpu, c in zip(itertools.cycle(("h100", "h200")), _configs()[::7])
            for n in (32, 512)]
    rows += [{"fla": True, "config": {"family": "gdn"}, "batch": n, "gpu": "h100",
              "us": TRUE.predict_fla(KernelConfig(), n, "h100")} for n in (32, 512)]
    got = fit(rows, gpu="b200")                   # every row names its GPU: the default GPU is not used
    c = _configs()[3]
    for gpu in ("h100", "h200", "b200"):
        assert got.predict(c, 200, gpu) == pytest.approx(TRUE.predict(c, 200, gpu), rel=1e-6)


def test_a_device_name_names_its_gpu_by_the_longest_match():
    from leapquant.gpus import named_by
    assert named_by("NVIDIA H100 80GB HBM3") == "h100" and named_by("NVIDIA H200") == "h200"
    assert named_by("NVIDIA GB200") == "gb200" and named_by("NVIDIA B200") == "b200"
    assert named_by("NVIDIA RTX PRO 6000 Blackwell Server Edition") == "rtx-pro-6000"
    assert named_by("Tesla T4") is None


def test_predictions_follow_the_gpus_bandwidth():
    c = registry.resolve(KernelConfig(), "sm_90")
    assert TRUE.predict(c, 512, "b200") < TRUE.predict(c, 512, "h200") < TRUE.predict(c, 512, "h100")
    assert TRUE.predict_fla(c, 512, "b200") < TRUE.predict_fla(c, 512, "h200")


def test_a_program_without_measurements_is_not_predicted():
    model = CostModel.load()
    c = registry.search_space(KernelConfig(format="fp8-e4m3"), "sm_90")[0]
    assert c.boundary == "simple"
    assert "no measurement" in model.covers(c)
    with pytest.raises(InputError, match="no measurement of the 'simple' boundary"):
        model.predict(c, 256, "h200")


@pytest.mark.parametrize("change, named", [({"launch_us": -1}, "launch_us"), ({"decode_cost": {"fast": 1.0}}, "fast"),
                                           ({"refit_cost": "x"}, "refit_cost"), ({"fla_eff": float("nan")}, "fla_eff")])
def test_a_bad_cost_model_file_is_refused_by_field(tmp_path, change, named):
    d = json.loads(CostModel.load().to_json())
    d.update(change)
    path = tmp_path / "cost.json"
    path.write_text(json.dumps(d))
    with pytest.raises(InputError, match=named):
        CostModel.load(path)


@pytest.mark.parametrize("kind", sorted(FILES))
def test_the_shipped_constants_reproduce_their_reports_errors(kind):
    from tuner.resources import Table
    report = json.loads((REPORT.parent / REPORT.name.replace("model_", "model_compiled_" if kind == "compiled"
                                                             else "model_")).read_text())
    model = CostModel.load(FILES[kind])
    assert json.loads(model.to_json()) == report["final_model"] and model.inputs == kind
    split = CostModel(**report["split_model"])
    table = Table()
    for row in report["held_out_rows"]:
        c = registry.resolve(KernelConfig(**row["config"]), "sm_90")
        res = (table.get(c, "decode", "sm_90"), table.get(c, "boundary", "sm_90")) if kind == "compiled" else None
        assert split.predict(c, row["batch"], "h200", res) == pytest.approx(row["predicted_us"], rel=1e-9)
    assert report["held_out_configurations"] >= 12


def _launches(cfg, gpu="h200"):
    """Made-up launch figures that vary with the configuration (a stand-in for compiled kernels)."""
    from tuner.resources import LaunchResources
    h = sum(map(ord, cfg.tag))
    return (LaunchResources(registers=64 + h % 120, stack=0, sass=800 + 37 * (h % 60), threads=128,
                            shared=20000 + 900 * (h % 100)),
            LaunchResources(registers=80 + h % 48, stack=0, sass=3000 + 53 * (h % 40), threads=256, shared=60000))


COMPILED = replace(TRUE, compiled={"decode_occupancy": 6.0, "decode_issue": 0.05, "boundary_issue": 0.2})


def test_the_compiled_fit_recovers_the_constants_that_made_the_rows():
    from dataclasses import asdict
    rows = [{"config": asdict(c), "batch": n, "us": COMPILED.predict(c, n, "h200", _launches(c))}
            for c in _configs()[::5] for n in (32, 256, 512)]
    got = fit(rows, terms=tuple(COMPILED.compiled), resources=_launches)
    assert got.inputs == "compiled"
    for c in _configs()[1::9]:
        res = _launches(c)
        assert got.predict(c, 200, "h200", res) == pytest.approx(COMPILED.predict(c, 200, "h200", res), rel=1e-6)
    bytes_only = fit(rows)
    errs = [abs(bytes_only.predict(c, 200, "h200") / COMPILED.predict(c, 200, "h200", _launches(c)) - 1)
            for c in _configs()[1::9]]
    assert max(errs) > 1e-3          # the compiled terms are not in the bytes model's reach


def test_a_compiled_model_needs_the_launches_and_names_its_terms():
    c = registry.resolve(KernelConfig(), "sm_90")
    with pytest.raises(InputError, match="reads the compiled kernels: pass resources"):
        COMPILED.predict(c, 256, "h200")
    with pytest.raises(InputError, match="'registers' is not a compiled-kernel term"):
        fit([], terms=("registers",), resources=_launches)
    with pytest.raises(InputError, match="compiled names 'spill'"):
        replace(COMPILED, compiled={"spill": 1.0})
    from tuner.speed import PredictedSpeed
    with pytest.raises(InputError, match="needs figures"):
        PredictedSpeed("b200", model=COMPILED)


def test_a_predicted_speed_by_the_compiled_model_builds_the_rounds_kernels_and_says_which_model(tmp_path):
    from tuner.resources import Compiled
    from tuner.speed import PredictedSpeed
    built = []

    def build(cfg, step, arch):
        built.append((cfg.tag, step, arch))
        return _launches(cfg)[0 if step == "decode" else 1]
    speed = PredictedSpeed("b200", (64, 256), COMPILED, Compiled("sm_100", tmp_path / "r.json", build=build))
    cfgs = [registry.resolve(KernelConfig(**f), "sm_100") for f in ({}, {"rank": 8})]
    speed.prepare(cfgs)
    assert {a for _, _, a in built} == {"sm_100"} and len(built) == 4
    rows = speed.rows_many(cfgs)
    assert [r["cost_model"] for r in rows[0]] == ["compiled", "compiled"] and rows[0][0]["batch"] == 64
    assert rows[1][1]["us"] == pytest.approx(COMPILED.predict(cfgs[1], 256, "b200", (
        _launches(cfgs[1])[0], _launches(cfgs[1])[1])))


def test_the_check_reads_a_measured_studys_journal_and_leaves_out_what_the_model_was_fitted_on():
    pytest.importorskip("optuna")
    from ncu_csv import load_benchmark
    script = load_benchmark("check_cost_model")
    _identity, check, study_rows = script._identity, script.check, script.study_rows
    rows = study_rows(str(REPORT.parent / "tune_gdn_h100_ray_measured.journal"))
    assert len(rows) == 24 and all(r["batch"] == 256 and r["us"] > 0 and r["fla_us"] > 0 for r in rows)
    model = CostModel.load()
    everything = check(rows, "h100", model)
    first = KernelConfig(**rows[0]["config"])
    without = check(rows, "h100", model, fitted={_identity(first)})
    assert not everything["fitted"] and [f["kernel"] for f in without["fitted"]] == [first.tag]
    assert first.tag not in [r["kernel"] for r in without["rows"] + without["not_covered"]]
    assert len(without["rows"]) + len(without["not_covered"]) == len(rows) - 1


def test_the_check_names_a_study_folder_without_one_journal(tmp_path):
    from ncu_csv import load_benchmark
    with pytest.raises(ValueError, match=r"--study .*: expected a journal file or a folder holding one \*.journal, "
                                         r"found 0"):
        load_benchmark("check_cost_model").study_rows(str(tmp_path))


@pytest.mark.parametrize("device, gpu, expected", [
    ("NVIDIA H200", "h200", True), ("NVIDIA H100 80GB HBM3", "h200", False),
    ("NVIDIA GB200", "b200", False), ("NVIDIA B200", "b200", True)])
def test_speed_is_measured_only_on_the_gpu_the_local_device_names(monkeypatch, device, gpu, expected):
    import torch

    from tuner.speed import local_gpu_is
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "get_device_name", lambda *a: device)
    assert local_gpu_is(gpu) is expected
