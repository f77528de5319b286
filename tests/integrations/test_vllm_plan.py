"""The vLLM plugin's recipe plan without vLLM: where the recipe comes from, the served model's shape checked against
it by field, the state tensors a layer declares in its MambaSpec, and a StateCache over engine-owned tensors that
steps bit for bit as the cache's own pools do."""
import pytest
import torch
import torch.nn.functional as F

from leapquant.errors import InputError
from leapquant.integrations import vllm_plan
from leapquant.recipe import Recipe
from leapquant.recipe_fields import ModelShape
from leapquant.serving.cache import StateCache

SHAPE = ModelShape(name="tiny-next", family="gdn", layers=3, H=2, HV=4, K=32, V=32)
TYPES = ["linear_attention", "linear_attention", "full_attention", "linear_attention"]


def _saved(tmp_path, recipe=None, name="r.json"):
    path = tmp_path / name
    (recipe or Recipe.from_kernel(SHAPE, "h200", window=4, rank=2)).save(path)
    return str(path)


def test_the_recipe_comes_from_additional_config_before_the_environment(monkeypatch):
    monkeypatch.delenv(vllm_plan.ENV, raising=False)
    assert vllm_plan.recipe_path(None) is None
    assert vllm_plan.recipe_path({"other": 1}) is None
    monkeypatch.setenv(vllm_plan.ENV, "/env.json")
    assert vllm_plan.recipe_path({}) == "/env.json"
    assert vllm_plan.recipe_path({"leapquant": {"recipe": "/cfg.json"}}) == "/cfg.json"
    for bad in ({"leapquant": "/x.json"}, {"leapquant": {"recipe": 3}}, {"leapquant": {"recipe": "a", "b": 1}}):
        with pytest.raises(InputError, match=r'additional_config\["leapquant"\]'):
            vllm_plan.recipe_path(bad)


def test_a_recipe_that_fits_the_served_model_plans_every_linear_layer(tmp_path):
    plan = vllm_plan.plan(_saved(tmp_path), "gdn", TYPES, H=2, HV=4, K=32, V=32)
    assert len(plan.configs) == 3 and plan.recipe.model == SHAPE
    assert [f for f, _, _ in plan.tensors] == ["c", "B", "rg", "window_pos", "Kc", "Uc", "rk", "ru", "Z"]
    assert dict((f, s) for f, s, _ in plan.tensors)["Z"] == (4, 32, 32)        # v_first INT8 boundary
    assert plan.dtypes[:4] == (torch.float32,) * 3 + (torch.int32,)           # 4-byte fields first
    half = vllm_plan.plan(_saved(tmp_path, Recipe.from_kernel(SHAPE.model_copy(update=dict(H=1, HV=2)), "h200"),
                                 "tp.json"), "gdn", TYPES, H=2, HV=4, K=32, V=32, tp=2)
    assert half.recipe.model.HV == 2


@pytest.mark.parametrize("change, field", [(dict(family="kda"), "model.family"), (dict(layers=2), "model.layers"),
                                           (dict(H=1), "model.H"), (dict(HV=2), "model.HV"),
                                           (dict(K=64), "model.K"), (dict(V=64), "model.V")])
def test_a_recipe_for_another_model_is_refused_naming_the_field(tmp_path, change, field):
    path = _saved(tmp_path, Recipe.from_kernel(SHAPE.model_copy(update=change), "h200"))
    with pytest.raises(InputError, match=rf"{path}.*{field} is"):
        vllm_plan.plan(path, "gdn", TYPES, H=2, HV=4, K=32, V=32)


def test_missing_simulation_only_and_unsplittable_recipes_are_refused(tmp_path):
    with pytest.raises(InputError, match="does not exist"):
        vllm_plan.plan(str(tmp_path / "none.json"), "gdn", TYPES, H=2, HV=4, K=32, V=32)
    sim = _saved(tmp_path, Recipe.from_preset("leapquant", model=SHAPE), "sim.json")
    with pytest.raises(InputError, match="kernel is null"):
        vllm_plan.plan(sim, "gdn", TYPES, H=2, HV=4, K=32, V=32)
    with pytest.raises(InputError, match="value heads do not split over tensor parallel 3"):
        vllm_plan.plan(_saved(tmp_path), "gdn", TYPES, H=3, HV=4, K=32, V=32, tp=3)
    mixed = _saved(tmp_path, Recipe.from_kernel(SHAPE, "h200").override([1], rank=8), "mixed.json")
    with pytest.raises(InputError, match="different state layouts"):
        vllm_plan.plan(mixed, "gdn", TYPES, H=2, HV=4, K=32, V=32)


def test_a_rewritten_recipe_file_is_read_again(tmp_path):
    path = _saved(tmp_path)
    assert vllm_plan.plan(path, "gdn", TYPES, 2, 4, 32, 32).configs[0].rank == 2
    Recipe.from_kernel(SHAPE, "h200", window=4, rank=8).save(path)
    assert vllm_plan.plan(path, "gdn", TYPES, 2, 4, 32, 32).configs[0].rank == 8


def test_the_recipe_layer_of_a_model_layer_counts_linear_layers_only():
    assert [vllm_plan.linear_index(TYPES, i) for i in (0, 1, 3)] == [0, 1, 2]
    with pytest.raises(InputError, match="layer 2 is not a linear-attention layer"):
        vllm_plan.linear_index(TYPES, 2)


def _engine_tensors(cfg, slots):
    """What vLLM allocates for one layer: uninitialised [slots, *shape] tensors, as the plan declares them."""
    return [torch.full((slots, *shape), 7, dtype=dtype) for _, shape, dtype in vllm_plan.state_tensors(cfg)]


@pytest.mark.parametrize("kernel", [dict(window=4, rank=2), dict(window=4, rank=0, format="bf16"),
                                    dict(window=8, rank=2, format="int4")])
def test_a_cache_over_engine_tensors_steps_bit_for_bit_as_its_own_pools(kernel):
    recipe = Recipe.from_kernel(SHAPE, "h200", **kernel)
    own = StateCache(recipe, slots=5)
    slots = own.allocate(3)
    cfg = recipe.to_kernel_config(1)
    tensors = _engine_tensors(cfg, 5)
    over = StateCache.over(recipe, {1: vllm_plan.pool_view(tensors, cfg)})
    gen = torch.Generator().manual_seed(0)
    S = torch.randn(3, 4, 32, 32, generator=gen) * 0.3
    own.admit(slots, [S * 0, S, S * 0])
    over.admit_layer(1, slots, S)
    for _ in range(11):
        q, k = (F.normalize(torch.randn(3, 2, 32, generator=gen), dim=-1) for _ in range(2))
        x = (q, k, torch.randn(3, 4, 32, generator=gen), -torch.rand(3, 4, generator=gen) * 0.2,
             torch.rand(3, 4, generator=gen))
        assert torch.equal(own.step(1, *x, slots), over.step(1, *x, slots))
    assert torch.equal(own.read_state(1, slots), over.read_state(1, slots))
    z = [t for (f, _, _), t in zip(vllm_plan.state_tensors(cfg), tensors) if f == "Z"][0]
    assert torch.equal(z[slots], own.pools[1].Z[slots])                        # the engine's memory holds it


def test_a_cache_over_some_layers_refuses_the_others_and_whole_request_calls():
    recipe = Recipe.from_kernel(SHAPE, "h200", window=4, rank=2)
    cfg = recipe.to_kernel_config(0)
    over = StateCache.over(recipe, {0: vllm_plan.pool_view(_engine_tensors(cfg, 4), cfg)})
    s = torch.tensor([1, 2])
    with pytest.raises(InputError, match="layer 2's states are not in this cache"):
        over.read_state(2, s)
    with pytest.raises(InputError, match=r"holds layers \[0\] of 3 only"):
        over.export(s)
    with pytest.raises(InputError, match="0 of 4 free"):        # the engine owns every slot
        over.allocate(1)
    with pytest.raises(InputError, match="recipe must be a leapquant Recipe"):
        StateCache.over(Recipe.from_preset("leapquant", model=SHAPE), {0: over.pools[0]})
    with pytest.raises(InputError, match="pools must be a non-empty dict"):
        StateCache.over(recipe, {})


def test_engine_tensors_of_the_wrong_shape_or_dtype_are_refused_by_field():
    cfg = Recipe.from_kernel(SHAPE, "h200", window=4, rank=2).to_kernel_config(0)
    tensors = _engine_tensors(cfg, 4)
    with pytest.raises(InputError, match="expected 9 state tensors"):
        vllm_plan.pool_view(tensors[:-1], cfg)
    tensors[-1] = tensors[-1].float()
    with pytest.raises(InputError, match=r"state tensor Z must be torch.int8 \[slots, 4, 32, 32\]"):
        vllm_plan.pool_view(tensors, cfg)


def test_the_plugin_is_declared_to_vllm_and_imports_without_it():
    import importlib.metadata

    from leapquant.integrations import vllm as plugin
    eps = {e.name: e.value for e in importlib.metadata.entry_points(group="vllm.general_plugins")}
    assert eps.get("leapquant") == "leapquant.integrations.vllm:register"
    assert set(plugin.ARCHITECTURES) >= {"Qwen3NextForCausalLM", "KimiLinearForCausalLM"}
    if importlib.util.find_spec("vllm") is None:
        with pytest.raises(ModuleNotFoundError, match="vllm"):
            plugin.register()
