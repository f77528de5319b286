"""Recipes: plain data that round-trips through its file, refuses what is wrong by field, and composes."""
import hashlib
import json
from dataclasses import asdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leapquant.errors import InputError
from leapquant.kernels.config import KernelConfig
from leapquant.kernels.from_pipeline import pipeline_of
from leapquant.pipeline import PRESETS, Pipeline
from leapquant.recipe import MODELS, SCHEMA_VERSION, ModelShape, Recipe


@pytest.fixture(scope="module")
def kda_recipe():
    return Recipe.from_kernel("kda", "h200")


@pytest.mark.parametrize("name", list(PRESETS))
def test_every_preset_round_trips_through_its_file(tmp_path, name):
    recipe = Recipe.from_preset(name, model="gdn", gpu="h200")
    path = recipe.save(tmp_path / f"{name}.json")
    loaded = Recipe.load(path)
    assert loaded == Recipe.from_json(recipe.to_json()) == recipe
    assert loaded.to_pipeline(2) == PRESETS[name]


@pytest.mark.parametrize("family", ["gdn", "kda"])
@pytest.mark.parametrize("gpu", ["h200", "b200", "rtx-5090"])
def test_kernel_default_round_trips_and_runs_the_kernels_pipeline(tmp_path, family, gpu):
    recipe = Recipe.from_kernel(family, gpu)
    loaded = Recipe.load(recipe.save(tmp_path / "r.json"))
    assert loaded == recipe
    cfg = loaded.to_kernel_config(1)
    assert cfg.resolved and cfg.family == family
    assert loaded.to_pipeline(1) == pipeline_of(cfg)


def test_override_changes_only_its_layers_and_memory_is_the_weighted_sum(kda_recipe):
    mixed = kda_recipe.override(layers=[0], rank=8)
    assert [mixed.to_pipeline(layer).rank for layer in range(3)] == [8, 4, 4]
    m = MODELS["kda"]
    per_layer = [mixed.to_pipeline(layer).boundary_bytes(m.K, m.V) for layer in range(3)]
    assert mixed.memory.bytes_per_element == pytest.approx(sum(per_layer) / (3 * m.K * m.V))
    assert mixed.memory.bytes_per_element > kda_recipe.memory.bytes_per_element
    assert mixed.to_kernel_config(0).rank == 8 and mixed.to_kernel_config(2).rank == 4


def test_head_group_override_splits_the_parts_and_is_simulation_only(kda_recipe):
    shape = ModelShape(name="wide", family="gdn", layers=2, H=2, HV=4, K=16, V=16)
    r = Recipe.from_preset("leapquant", shape).override(layers=[1], heads=(2, 4), rank=2)
    parts = [(p.layers, p.heads, p.pipeline["rank"]) for p in r.parts()]
    assert parts == [((0,), (0, 4), 4), ((1,), (0, 2), 4), ((1,), (2, 4), 2)]
    assert r.to_pipeline(1, head=3).rank == 2 and r.to_pipeline(1, head=1).rank == 4
    with pytest.raises(InputError, match="overrides.0..heads: a decode kernel runs every head"):
        Recipe.from_kernel("kda", "h200").override(layers=[0], heads=(0, 1), rank=2)


def _dump(recipe) -> dict:
    return json.loads(recipe.to_json())


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(extra=1), "extra: unknown field"),
    (lambda d: d["model"].update(layers="3"), "model.layers"),
    (lambda d: d["model"].update(family="mamba9"), "model.family"),
    (lambda d: d["pipeline"].update(window=0), "pipeline.window"),
    (lambda d: d.update(schema_version=SCHEMA_VERSION + 1), "schema_version: is 2, made by a newer leapquant"),
    (lambda d: d["kernel"].update(rank=8), "kernel.rank must be 4"),
    (lambda d: d["kernel"].update(K=64), "kernel.K must be the model's 128"),
    (lambda d: d["target"].update(arch="sm_100"), "target: .*arch of gpu 'h200' is 'sm_90'"),
    (lambda d: d.update(overrides=[{"layers": [5], "pipeline": {"rank": 2}}]), "overrides.0..layers: the model has 3"),
    (lambda d: d["memory"].update(bytes_per_request=1), "memory must be what the method keeps"),
    (lambda d: d.pop("provenance"), "provenance: missing field"),
])
def test_a_bad_field_is_refused_by_name(kda_recipe, change, field):
    d = _dump(kda_recipe)
    change(d)
    with pytest.raises(InputError, match=field):
        Recipe.from_json(json.dumps(d), "recipe x.json")


def test_a_kernel_that_does_not_compute_the_pipeline_is_refused(kda_recipe):
    d = _dump(kda_recipe)
    d["pipeline"]["fitter_options"]["orth"] = "qr"
    with pytest.raises(InputError, match="fitter_options.orth must be 'mgs'"):
        Recipe.from_json(json.dumps(d))


def _with_artifact(tmp_path, kda_recipe, name="kernel.cu", body=b"// kernel\n"):
    (tmp_path / name).write_bytes(body)
    return kda_recipe.with_artifacts(tmp_path, {name: "cuda-source"})


def test_artifacts_are_tied_by_sha256(tmp_path, kda_recipe):
    r = _with_artifact(tmp_path, kda_recipe)
    assert r.artifacts[0].sha256 == hashlib.sha256(b"// kernel\n").hexdigest()
    path = r.save(tmp_path / "r.json")
    assert Recipe.load(path) == r
    (tmp_path / "kernel.cu").write_bytes(b"// changed\n")
    with pytest.raises(InputError, match="'kernel.cu' does not match its sha256"):
        Recipe.load(path)
    (tmp_path / "kernel.cu").unlink()
    with pytest.raises(InputError, match="'kernel.cu' is missing beside the recipe"):
        Recipe.load(path)


@pytest.mark.parametrize("name", ["../kernel.cu", "/etc/passwd", "a/../../b", "~/x"])
def test_an_artifact_outside_the_recipes_folder_is_refused(kda_recipe, name):
    d = _dump(kda_recipe)
    d["artifacts"] = [{"name": name, "sha256": "0" * 64, "role": "cubin"}]
    with pytest.raises(InputError, match="artifacts.0.name: must be a file name inside the recipe's folder"):
        Recipe.from_json(json.dumps(d))


def test_a_symlink_out_of_the_folder_is_refused(tmp_path, kda_recipe):
    outside = tmp_path / "outside.cu"
    outside.write_text("x")
    (tmp_path / "r").mkdir()
    (tmp_path / "r" / "k.cu").symlink_to(outside)
    with pytest.raises(InputError, match="lies outside the recipe's folder"):
        kda_recipe.with_artifacts(tmp_path / "r", {"k.cu": "cubin"})


def test_a_recipe_is_frozen(kda_recipe):
    with pytest.raises(Exception, match="frozen"):
        kda_recipe.model = MODELS["gdn"]


def test_strict_types_are_not_coerced(kda_recipe):
    d = _dump(kda_recipe)
    d["model"]["K"] = 128.0
    with pytest.raises(InputError, match="model.K"):
        Recipe.from_json(json.dumps(d))


def test_kernel_options_pick_programs_and_refuse_what_does_not_fit():
    r = Recipe.from_kernel("gdn", "h200", decode="persistent")
    assert r.to_kernel_config(0).decode == "persistent"
    with pytest.raises(InputError, match="KernelConfig.decode"):
        Recipe.from_kernel("gdn", "h200", decode="nope")


def test_rank_beyond_the_heads_key_size_is_refused():
    shape = ModelShape(name="small", family="gdn", layers=1, H=1, HV=1, K=8, V=8)
    with pytest.raises(InputError, match="rank of layers .0. must be at most min.K, V. = 8, got 12"):
        Recipe.from_pipeline(Pipeline(rank=12), shape)


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                           lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids,
                                                                                     max_size=4), max_leaves=20)


@settings(max_examples=60)
@given(data=st.data())
def test_the_loader_raises_only_its_declared_error_on_random_json(kda_recipe, data):
    d = _dump(kda_recipe)
    mode = data.draw(st.sampled_from(["replace-field", "whole", "truncate"]))
    if mode == "whole":
        text = json.dumps(data.draw(json_values))
    elif mode == "truncate":
        full = json.dumps(d)
        text = full[: data.draw(st.integers(0, len(full) - 1))]
    else:
        section = data.draw(st.sampled_from(sorted(d)))
        target = d[section] if isinstance(d[section], dict) and d[section] else d
        key = data.draw(st.sampled_from(sorted(target)))
        target[key] = data.draw(json_values)
        text = json.dumps(d)
    try:
        Recipe.from_json(text)
    except InputError:
        pass


def test_kernel_config_dict_is_what_the_kernels_take(kda_recipe):
    cfg = kda_recipe.to_kernel_config(0)
    assert KernelConfig(**kda_recipe.kernel) == cfg
    assert asdict(cfg) == kda_recipe.kernel


# ---- applying a recipe: the simulator and the model runs ------------------------------------------------------------

def _synthetic(layers=3, heads=2, dk=16, dv=16, tokens=64):
    from leapquant.synthetic import SyntheticSource

    return SyntheticSource(family="gdn", tokens=tokens, layers=layers, heads=heads, dk=dk, dv=dv, seed=3)


def _small_model(layers=3, heads=2):
    return ModelShape(name="small", family="gdn", layers=layers, H=heads, HV=heads, K=16, V=16)


def test_a_recipe_simulates_exactly_as_its_pipeline():
    from leapquant.simulate import simulate

    src = _synthetic()
    recipe = Recipe.from_preset("leapquant", _small_model())
    a = simulate(src.chunks(32), {"x": recipe}).configs["x"].summary()
    b = simulate(src.chunks(32), {"x": PRESETS["leapquant"]}).configs["x"].summary()
    assert (a.pop("recipe"), a.pop("methods")) == ("small", 1)
    assert a == {**b, "seconds": a["seconds"]}


def test_a_mixed_recipe_simulates_each_layer_and_head_group_with_its_own_pipeline():
    from leapquant.simulate import simulate

    src = _synthetic()
    mixed = Recipe.from_preset("int8-w", _small_model()).override(layers=[1], heads=(0, 1), format="fp32")
    res = simulate(src.chunks(64), {"mixed": mixed, "int8-w": PRESETS["int8-w"], "fp32-w": Pipeline(
        format="fp32", window=16, rank=0, smoother="none")})
    size = {n: r.bytes_per_element for n, r in res.configs.items()}
    assert size["mixed"] == pytest.approx((5 * size["int8-w"] + size["fp32-w"]) / 6)
    err = {n: r.summary()["final_state_error"] for n, r in res.configs.items()}
    assert err["fp32-w"] < err["mixed"] < err["int8-w"]
    with pytest.raises(InputError, match=r"needs input of its model's \[layers, batch, heads\] = \[3, \*, 2\]"):
        simulate(_synthetic(layers=2).chunks(64), {"mixed": mixed})


@pytest.fixture(scope="module")
def gdn_run():
    """The trained GDN model over 1,024 bytes of the embedded excerpt, by a recipe (the per-layer state errors)."""
    from pathlib import Path

    import torch

    from leapquant.models import hybrid
    from leapquant.models.run import run_document
    from leapquant.models.study import MODEL_DIR

    model = hybrid.load(MODEL_DIR / "gdn.safetensors")
    text = (Path(__file__).parent.parent / "leapquant" / "data" / "persuasion-ch1-5.txt").read_bytes()[:1025]
    tokens = torch.tensor(list(text))

    def run(config):
        return {layer: e[-1] for layer, e in run_document(model, tokens, config, chunk=512).state_error.items()}
    return run


def test_a_mixed_recipe_lowers_the_error_of_the_layers_it_gives_more_rank(gdn_run):
    base = Recipe.from_preset("leapquant", "gdn")
    same = gdn_run(PRESETS["leapquant"])
    assert gdn_run(base) == same                                   # a uniform recipe is its pipeline
    mixed = gdn_run(base.override(layers=[0], rank=16))
    assert mixed[0][0] < 0.5 * same[0][0]                          # layer 0 head 0: rank 16 against 4
    heads = gdn_run(base.override(layers=[2], heads=(0, 1), format="int4"))
    assert heads[2][0] > 4 * same[2][0]                            # only layer 2's head 0 in 4 bits
    assert heads[0] == same[0] and heads[1] == same[1]             # the layers before it unchanged


def test_a_recipe_for_another_model_is_refused():
    from leapquant.models import hybrid
    from leapquant.models.run import check_recipe
    from leapquant.models.study import MODEL_DIR

    model = hybrid.load(MODEL_DIR / "gdn.safetensors")
    with pytest.raises(InputError, match="recipe 'kda' is for kda with 3 layers"):
        check_recipe(Recipe.from_preset("leapquant", "kda"), model)


def test_decoders_run_each_layers_kernel(kda_recipe):
    from leapquant.kernels.decoder import StepKernels

    fake = StepKernels(decode=lambda *a: None, boundary=lambda *a: None)
    mixed = kda_recipe.override(layers=[1], rank=8)
    decs = mixed.decoders(kernels=fake)
    assert [d.cfg for d in decs] == [mixed.to_kernel_config(i) for i in range(3)]
    assert [d.cfg.rank for d in decs] == [4, 8, 4]


@pytest.mark.skipif(not __import__("torch").cuda.is_available(), reason="needs a CUDA GPU")
def test_decoders_of_a_recipe_match_the_reference_on_the_gpu():
    from leapquant.kernels.checks import check_decode, check_ok
    from leapquant.kernels.decoder import local_arch

    gpu = {"sm_90": "h200", "sm_100": "b200", "sm_120": "rtx-5090"}[local_arch()]
    # FP32 outputs (the reference's precision; BF16 outputs round by 2^-9, beyond check_ok's 1e-3)
    recipe = Recipe.from_kernel("gdn", gpu, out_dtype="float32").override(layers=[0], rank=8)
    assert [d.cfg.rank for d in recipe.decoders()] == [8, 4, 4]
    for layer, dec in enumerate(recipe.decoders()):
        w = check_decode(dec.cfg, N=4, windows=3, decoder=dec)
        assert check_ok(w), (layer, w)
    other = "b200" if gpu != "b200" else "h200"
    with pytest.raises(InputError, match="pass rebuild=True"):
        Recipe.from_kernel("gdn", other).decoders()
    assert all(d.cfg.resolved for d in Recipe.from_kernel("gdn", other).decoders(rebuild=True))
