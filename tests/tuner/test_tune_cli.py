"""`leapquant tune` end to end on the CPU: predicted speed for a GPU not at hand, the Pareto front, the figure, a
recipe that validates with its kernel files built for the target, constraints, the search-space file, Ray, and bad
arguments refused by name."""
import json

import pytest
from cli_checks import refused
from typer.testing import CliRunner

from leapquant.cli import app
from leapquant.recipe import Recipe


def _tune(tmp_path, *args):
    return CliRunner().invoke(app, ["tune", *args, "--study-dir", str(tmp_path / "study"), "--out",
                                    str(tmp_path / "out")])


def test_tune_writes_the_fastest_recipe_within_the_default_error_with_its_kernel_files(tmp_path):
    pytest.importorskip("tilelang")
    r = _tune(tmp_path, "--model", "kda", "--gpu", "b200", "--trials", "8", "--tokens", "256", "--json", "--quiet")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    recipe = Recipe.load(out["recipe"])           # every kernel file beside it matches its sha256
    cfg = recipe.to_kernel_config(0)
    assert recipe.target.arch == "sm_100" and cfg.family == "kda" and (cfg.H, cfg.HV) == (32, 32)
    assert recipe.model.name == "kimi-linear-48b-a3b"
    assert recipe.figures.accuracy[0].metric == "state_error" and "trained KDA model" in recipe.figures.accuracy[0].data
    speed = recipe.figures.speed[0]
    assert speed.how == "predicted" and speed.cost_model and speed.batch == 256 and speed.speedup > 1
    roles = {(a.step, a.role) for a in recipe.artifacts}
    assert {("decode", "cubin"), ("boundary", "cubin"), ("decode", "tilelang-source"), ("decode", "cuda-source"),
            ("boundary", "launch")} <= roles
    assert {a.kernel for a in recipe.artifacts} == {cfg.tag}
    rows = {p["trial"]: p for p in out["pareto"]}
    chosen = rows[out["chosen"]]                  # the chosen point is on the front, and no faster point there is
    assert chosen["kernel"] == cfg.tag and chosen["speed_how"] == "predicted"
    assert out["speed"] == out["speed_ran"] == "predicted" and out["speed_gpus"] is None
    vs = out["versus_default"]                    # the paper's default is trial 0, enqueued first
    assert vs["default_trial"] == 0 and vs["chosen_trial"] == out["chosen"]
    assert vs["chosen_speed_over_default"] == pytest.approx(vs["default_us"] / vs["chosen_us"])
    assert vs["chosen_us"] <= vs["default_us"]    # the default is within its own error, so the chosen is no slower
    default = json.loads((tmp_path / "out" / "kda-b200-tuned-pareto.json").read_text())
    assert all(p["us_per_step"] is None or p["us_per_step"] >= chosen["us_per_step"]
               or p["final_state_error"] > rows.get(0, chosen)["final_state_error"] for p in default)
    png = tmp_path / "out" / "kda-b200-tuned-pareto.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000


def test_constraints_and_the_space_file_bound_every_trial_and_the_choice(tmp_path):
    space = tmp_path / "space.json"
    space.write_text(json.dumps({"window": [8, 16], "format": ["int8", "int4"]}))
    r = _tune(tmp_path, "--model", "gdn", "--gpu", "h100", "--trials", "6", "--tokens", "256", "--space", str(space),
              "--max-bytes-per-element", "1.1", "--max-error", "1", "--no-kernel-files", "--json", "--quiet")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    for p in out["pareto"]:
        assert p["pipeline"]["window"] in (8, 16) and p["pipeline"]["format"] in ("int8", "int4")
    chosen = next(p for p in out["pareto"] if p["trial"] == out["chosen"])
    assert chosen["bytes_per_element"] <= 1.1 and chosen["feasible"]
    recipe = Recipe.load(out["recipe"])
    assert recipe.memory.bytes_per_element <= 1.1 and not recipe.artifacts


def test_a_space_file_without_the_default_still_starts_from_it(tmp_path):
    space = tmp_path / "space.json"
    space.write_text(json.dumps({"window": [8], "rank": [2]}))
    r = _tune(tmp_path, "--model", "gdn", "--gpu", "h200", "--trials", "4", "--tokens", "256", "--space", str(space),
              "--no-kernel-files", "--json", "--quiet")
    assert r.exit_code == 0, r.output
    pareto = json.loads(r.stdout)["pareto"]
    assert all(p["pipeline"]["window"] in (8, 16) and p["pipeline"]["rank"] in (0, 2, 4) for p in pareto)


def test_bits_per_byte_as_the_accuracy_objective_is_relative_to_fp32_states(tmp_path):
    r = _tune(tmp_path, "--model", "gdn", "--gpu", "h200", "--trials", "3", "--tokens", "256", "--accuracy", "bpb",
              "--bpb-tokens", "1024", "--no-kernel-files", "--json", "--quiet")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    recipe = Recipe.load(out["recipe"])
    bpb = next(a for a in recipe.figures.accuracy if a.metric == "bits_per_byte")
    assert 0.5 < bpb.baseline < 8 and "held out" in bpb.data
    for p in out["pareto"]:
        assert p["error"] == pytest.approx(p["bits_per_byte"] / bpb.baseline - 1, rel=1e-9, abs=1e-12)
        assert p["final_state_error"] > 0


def test_tune_runs_its_trials_on_ray_with_several_workers(tmp_path):
    pytest.importorskip("ray")
    r = _tune(tmp_path, "--model", "gdn", "--gpu", "h200", "--trials", "4", "--tokens", "256", "--workers", "2",
              "--no-kernel-files", "--json", "--quiet")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["runner"] == "ray" and out["trials"] == 4


@pytest.mark.parametrize("gpus, address, on_ray, actors",
                         [(1, None, False, None), (1, None, True, 1), (2, None, False, 2), (1, "ray://h:1", False, 1)])
def test_measured_speed_goes_to_gpu_actors_where_the_trials_run_on_ray_or_several_gpus(monkeypatch, gpus, address,
                                                                                       on_ray, actors):
    import tuner.gpu_actors
    import tuner.speed
    from tuner.cli import _speed
    made = []

    class FakeActors:
        def __init__(self, count, address=None, make_measurer=None):
            made.append((count, address))
            self.make_measurer = make_measurer
    monkeypatch.setattr(tuner.speed, "local_gpu_is", lambda gpu: True)
    monkeypatch.setattr(tuner.gpu_actors, "GpuActors", FakeActors)
    monkeypatch.setattr("tuner.measure.Measurer", lambda store=None: "in-process")
    timing = _speed("measured", "h200", (256,), gpus, address, on_ray=on_ray)
    if actors is None:
        assert timing.measurer == "in-process" and not made
    else:
        assert isinstance(timing.measurer, FakeActors) and made == [(actors, address)]
        assert timing.measurer.make_measurer() == "in-process"      # each actor builds its own measurer


def test_a_measured_study_given_kernels_loads_them_from_a_store_of_the_targets_arch(monkeypatch, tmp_path):
    import tuner.speed
    from tuner.cli import _speed
    monkeypatch.setattr(tuner.speed, "local_gpu_is", lambda gpu: True)
    store = _speed("measured", "b200", (256,), kernels=tmp_path).measurer.store
    assert (store.folder, store.arch) == (tmp_path, "sm_100")
    built = _speed("build", "rtx-5090", (256,), kernels=tmp_path / "new")
    assert built.how == "built" and built.store.arch == "sm_120"


def test_list_gpus_gives_every_gpu_with_its_figures():
    r = CliRunner().invoke(app, ["tune", "--list-gpus", "--json"])
    assert r.exit_code == 0, r.output
    rows = {g["name"]: g for g in json.loads(r.stdout)}
    assert {"h200", "b200", "rtx-pro-6000", "rtx-5090", "a100", "l40s"} <= set(rows)


@pytest.mark.parametrize("args, named", [
    (["--model", "llama", "--gpu", "b200"], "--model must be gdn or kda"),
    (["--model", "kda", "--gpu", "tpu"], "gpu must be one of"),
    (["--model", "kda", "--gpu", "a100"], "do not run on sm_80"),
    (["--model", "kda"], "--gpu is required"),
    (["--model", "kda", "--gpu", "b200", "--trials", "0"], "--trials"),
    (["--model", "kda", "--gpu", "b200", "--batch", "256,x"], "--batch"),
    (["--model", "kda", "--gpu", "b200", "--shape", "qwen3-next-80b-a3b"], "--shape must be a kda model"),
    (["--model", "kda", "--gpu", "b200", "--min-speedup", "-1"], "min_speedup"),
    (["--model", "kda", "--gpu", "b200", "--speed", "measured"], "--speed measured needs the target GPU"),
    (["--model", "kda", "--gpu", "b200", "--speed", "fast"], "--speed must be"),
    (["--model", "kda", "--gpu", "b200", "--runner", "slurm"], "runner must be"),
    (["--model", "kda", "--gpu", "b200", "--gpus", "0"], "--gpus must be an integer >= 1"),
    (["--model", "kda", "--gpu", "b200", "--gpus", "2"], "--gpus 2 spreads measured speed trials"),
    (["--model", "kda", "--gpu", "b200", "--accuracy", "ppl"], "--accuracy must be state or bpb"),
    (["--model", "kda", "--gpu", "b200", "--cost-model", "roofline"], "--cost-model must be one of"),
    (["--model", "kda", "--gpu", "b200", "--cost-model", "compiled", "--speed", "measured"],
     "--cost-model compiled predicts speed"),
    (["--model", "kda", "--gpu", "b200", "--speed", "build"], "--speed build needs --kernels DIR"),
    (["--model", "kda", "--gpu", "b200", "--speed", "build", "--kernels", "k", "--cost-model", "compiled"],
     "--speed build does not"),
    (["--model", "kda", "--gpu", "b200", "--kernels", "k"], "--kernels is read by a measured study"),
    (["--model", "kda", "--gpu", "b200", "--space", "/nonexistent/space.json"], "--space"),
    (["--model", "kda", "--gpu", "b200", "--trace", "/nonexistent/trace.safetensors"], "trace"),
])
def test_tune_refuses_bad_arguments_by_name(tmp_path, args, named):
    refused(_tune(tmp_path, *args), named)


@pytest.mark.parametrize("space, named", [
    ({"window": [1]}, "space.window must hold integers >= 2"),
    ({"format": ["int9"]}, "space.format must hold one of"),
    ({"rank": []}, "space.rank must be a non-empty list"),
    ({"p": [16]}, "expected an object with some of window"),
])
def test_a_bad_space_file_is_refused_naming_the_field(tmp_path, space, named):
    path = tmp_path / "space.json"
    path.write_text(json.dumps(space))
    refused(_tune(tmp_path, "--model", "gdn", "--gpu", "h200", "--space", str(path)), named)


def test_json_output_stays_json_while_tilelang_logs_its_compiles(tmp_path, monkeypatch):
    pytest.importorskip("tilelang")
    import logging

    import tuner.study
    real = tuner.study.tune

    def compiling(*args, **kwargs):      # what a measured trial's compile prints through TileLang's logger
        logging.getLogger("tilelang.jit.kernel").info("TileLang begins to compile kernel `decode`")
        return real(*args, **kwargs)
    monkeypatch.setattr(tuner.study, "tune", compiling)
    r = _tune(tmp_path, "--model", "gdn", "--gpu", "h200", "--trials", "2", "--tokens", "256", "--no-kernel-files",
              "--json", "--quiet")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["trials"] == 2


def test_the_compiled_cost_model_builds_each_trials_kernels_for_the_target_and_says_so(tmp_path, monkeypatch):
    import os

    import tuner.resources
    from tuner.resources import LaunchResources
    built = []

    def build(cfg, step, arch):            # a stand-in for TileLang + nvcc + cuobjdump, in this process
        built.append((cfg.tag, step, arch))
        return LaunchResources(registers=96, stack=0, sass=1500 if step == "decode" else 4000,
                               threads=128 if step == "decode" else 256, shared=40000)
    monkeypatch.setattr(tuner.resources, "compile_launch", build)
    monkeypatch.setattr(tuner.resources, "shipped_file", lambda arch: tmp_path / "none.json")   # no shipped table
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    r = _tune(tmp_path, "--model", "kda", "--gpu", "rtx-5090", "--trials", "4", "--tokens", "256", "--cost-model",
              "compiled", "--no-kernel-files", "--json", "--quiet")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    timed = [p for p in out["pareto"] if p["us_per_step"]]
    assert timed and all(p["speed_how"] == "predicted" and p["cost_model"] == "compiled" for p in timed)
    assert built and {a for _, _, a in built} == {"sm_120"} and len(set(built)) == len(built)
    table = json.loads((tmp_path / "study" / "resources_sm_120.json").read_text())
    assert len(table) == len(built) and all(k.startswith("sm_120/") for k in table)
    recipe = Recipe.load(out["recipe"])
    assert recipe.figures.speed[0].cost_model == "tuner/cost_compiled_h200.json"


@pytest.mark.parametrize("model,gpu", [("kda", "b200"), ("gdn", "rtx-5090")])
def test_a_compiled_study_of_a_shipped_recipe_reads_the_shipped_launch_table_and_builds_nothing(
        tmp_path, monkeypatch, model, gpu):
    """tuner/resources_<arch>.json holds the launches of the shipped recipes' studies (their seed): the same study
    predicts every trial it covers without a build."""
    import os

    import tuner.resources
    from leapquant.gpus import arch_of
    built = []
    monkeypatch.setattr(tuner.resources, "compile_launch", lambda cfg, step, arch: built.append(cfg.tag))
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})     # any build in this process, where it is seen
    r = _tune(tmp_path, "--model", model, "--gpu", gpu, "--trials", "8", "--tokens", "256", "--cost-model",
              "compiled", "--no-kernel-files", "--json", "--quiet")
    assert r.exit_code == 0, r.output
    timed = [p for p in json.loads(r.stdout)["pareto"] if p["us_per_step"]]
    assert built == [] and timed and all(p["cost_model"] == "compiled" for p in timed)
    assert not (tmp_path / "study" / f"resources_{arch_of(gpu)}.json").exists()


@pytest.mark.parametrize("speed", ["none", "build"])
def test_a_study_without_speed_figures_prints_its_front_and_says_why_each_point_has_none(tmp_path, monkeypatch, speed):
    import tuner.kernel_store
    built = []
    monkeypatch.setattr(tuner.kernel_store.KernelStore, "fill", lambda self, cfgs, workers=1, log=None:
                        built.extend(cfgs) or {})
    extra = ["--kernels", str(tmp_path / "kernels")] if speed == "build" else []
    r = _tune(tmp_path, "--model", "gdn", "--gpu", "h200", "--trials", "3", "--tokens", "256", "--speed", speed,
              "--no-kernel-files", "--quiet", *extra)
    assert r.exit_code == 0, r.output
    rows = json.loads((tmp_path / "out" / "gdn-h200-tuned-pareto.json").read_text())
    why = "not timed (--speed build)" if speed == "build" else "no speed objective"
    assert rows and all(why in r["speed_missing"] and r["us_per_step"] is None for r in rows)
    assert ("kernels: 0 launches for sm_90" in r.stdout) == (speed == "build") == bool(built)
