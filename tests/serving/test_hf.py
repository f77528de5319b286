"""LeapQuantCache on a CPU: tiny random-weight Qwen3-Next (Gated DeltaNet) and Kimi-Linear (KDA) models generate with
their linear-attention states in a StateCache — every decode token through `StateCache.step`, logits within the
method's error of FP32 — the prefill admits transformers' own final state, other caches are untouched by the decode
hook, beam reordering moves the quantized states, and a recipe or batch that does not fit is refused by name."""
import gc
import importlib

import pytest
import torch

from ._hf_models import generate, import_transformers, kimi_linear_config, qwen3_next_config, random_model

import_transformers()

from transformers import DynamicCache, KimiLinearForCausalLM, LlamaConfig, Qwen3NextForCausalLM  # noqa: E402

from leapquant.errors import InputError  # noqa: E402
from leapquant.recipe import Recipe  # noqa: E402
from leapquant.recipe_fields import ModelShape  # noqa: E402
from leapquant.serving.cache import StateCache  # noqa: E402
from leapquant.serving.hf import MODEL_TYPES, LeapQuantCache, hook_installed  # noqa: E402

pytestmark = pytest.mark.usefixtures("one_thread")

NEW_TOKENS, PROMPT = 256, 8
GDN = ModelShape(name="tiny-qwen3-next", family="gdn", layers=3, H=1, HV=2, K=32, V=32)
KDA = ModelShape(name="tiny-kimi-linear", family="kda", layers=3, H=2, HV=2, K=32, V=32)


def _recipe(shape, **changes):
    return Recipe.from_kernel(ModelShape(**{**shape.model_dump(), **changes}), "h200", window=4, rank=2)


@pytest.fixture(scope="module")
def qwen3_next():
    config = qwen3_next_config()
    return random_model(Qwen3NextForCausalLM, config), config


@pytest.fixture(scope="module")
def kimi_linear():
    config = kimi_linear_config()
    return random_model(KimiLinearForCausalLM, config), config


def _prompt(batch=1, seed=0):
    return torch.randint(1, 256, (batch, PROMPT), generator=torch.Generator().manual_seed(seed))


def _generates_within_the_methods_error(model, config, shape, monkeypatch, argument):
    """Greedy generation of NEW_TOKENS with the LeapQuant cache (each decode token of each linear-attention layer
    one StateCache.step), against FP32 logits on the same tokens: transformers' own recurrence over the prefix the
    LeapQuant run decoded (one cacheless forward). `argument`: generate's name for the cache (5.2x: `cache`, and
    the deprecated `past_key_values`). Greedy tokens: LeapQuant's choice is FP32's on the same prefix at >= 95 % of
    the positions, and the free-running generations with transformers' own cache and with LeapQuantCache share
    their first 64 new tokens (measured: first difference at token 180 GDN, 155 KDA). Free-running sequences are
    not compared beyond that: on random weights (flat logits) a near-tie sends the two runs down different
    continuations, after which every position compares different prefixes.
    Tolerances: the recipe (INT8 residual with smoothing, 2 compensators, windows of 4) keeps a state within ~1 %
    and a layer's output per token within 5 % (tests/serving/test_cache.py); the gated RMSNorm after each layer
    passes that relative error on, so the logits' relative error stays within 2 x 5 % at its worst position and 3 %
    on average (measured: 2.0 % / 0.14 % GDN, 2.8 % / 1.2 % KDA). Above 1e-4 (FP32's own rounding: 3e-7): the
    quantized states are what the model decoded from."""
    steps = []
    step = StateCache.step
    monkeypatch.setattr(StateCache, "step", lambda self, *a, **k: steps.append(a[0]) or step(self, *a, **k))
    ids = _prompt()
    seq, logits = generate(model, ids, NEW_TOKENS, **{argument: LeapQuantCache.from_recipe(config, _recipe(shape))})
    assert len(steps) == shape.layers * (NEW_TOKENS - 1)           # the first new token comes from the prefill
    assert sorted(set(steps)) == list(range(shape.layers))
    with torch.no_grad():
        ref = model(seq[:, :-1]).logits[:, PROMPT - 1:]
    err = ((logits - ref).norm(dim=-1) / ref.norm(dim=-1))[0]
    assert 1e-4 < err.mean() < 3e-2 and err.max() < 0.1, (err.mean().item(), err.max().item())
    agree = (ref.argmax(-1) == seq[:, PROMPT:]).float().mean().item()
    assert agree >= 0.95, agree     # LeapQuant's greedy token is FP32's on the same prefix (GDN 0.996, KDA 0.988)
    fp32_seq, _ = generate(model, ids, NEW_TOKENS)                  # transformers' own cache
    assert torch.equal(fp32_seq[:, :PROMPT + 64], seq[:, :PROMPT + 64])
    assert seq[0, PROMPT:].unique().numel() >= 64   # not degenerate: no short loop (about 140 distinct tokens)


@pytest.mark.filterwarnings("ignore:`past_key_values` is deprecated:FutureWarning")
def test_qwen3_next_generates_with_the_leapquant_cache_within_the_methods_error(qwen3_next, monkeypatch):
    _generates_within_the_methods_error(*qwen3_next, GDN, monkeypatch, "past_key_values")


def test_kimi_linear_generates_with_the_leapquant_cache_within_the_methods_error(kimi_linear, monkeypatch):
    _generates_within_the_methods_error(*kimi_linear, KDA, monkeypatch, "cache")


@pytest.mark.parametrize("which", ["qwen3_next", "kimi_linear"])
def test_the_prefill_runs_transformers_recurrence_and_admits_its_final_state(which, request, tmp_path):
    model, config = request.getfixturevalue(which)
    shape = GDN if which == "qwen3_next" else KDA
    path = _recipe(shape).save(tmp_path / "recipe.json")
    ids = _prompt(batch=2, seed=1)
    fp32, lq = DynamicCache(config=config), LeapQuantCache.from_recipe(config, str(path), slots=3)
    with torch.no_grad():
        a, b = model(ids, cache=fp32).logits, model(ids, cache=lq).logits
    assert torch.equal(a, b)                                        # the prefill's arithmetic is transformers'
    assert lq.slot_ids.tolist() == [0, 1]
    for layer in range(3):                                          # INT8 + smoothing + compensators: ~1 %
        S = fp32.layers[layer].recurrent_states[0]
        assert lq.layers[layer].recurrent_states[0] is None         # no FP32 state kept
        assert (lq.state_cache.read_state(layer, lq.slot_ids) - S).norm() / S.norm() < 2e-2
        assert torch.equal(lq.layers[layer].conv_states[0], fp32.layers[layer].conv_states[0])


def test_the_decode_hook_lives_with_the_cache_and_leaves_other_caches_unchanged(kimi_linear):
    model, config = kimi_linear
    gc.collect()
    assert not hook_installed("kimi_linear")
    ids = _prompt(seed=2)
    before = generate(model, ids, 16)
    lq = LeapQuantCache.from_recipe(config, _recipe(KDA))
    assert hook_installed("kimi_linear") and not hook_installed("qwen3_next")
    during = generate(model, ids, 16)                              # transformers' own cache, hook in place
    assert torch.equal(before[0], during[0]) and torch.equal(before[1], during[1])
    del lq
    gc.collect()
    assert not hook_installed("kimi_linear")


def test_a_token_decoded_around_the_hook_is_refused_not_requantized(qwen3_next, monkeypatch):
    model, config = qwen3_next
    lq = LeapQuantCache.from_recipe(config, _recipe(GDN))
    ids = _prompt(seed=4)
    with torch.no_grad():
        model(ids, cache=lq)
        module = importlib.import_module(MODEL_TYPES["qwen3_next"][1])
        name = MODEL_TYPES["qwen3_next"][2]
        monkeypatch.setattr(module, name, getattr(module, name).__wrapped__)   # transformers' own step again
        with pytest.raises(RuntimeError, match="layer 0 decoded a token without LeapQuantCache's decode hook"):
            model(ids[:, :1], cache=lq)


def test_beam_reordering_moves_the_quantized_states_with_the_requests(qwen3_next):
    model, config = qwen3_next
    lq = LeapQuantCache.from_recipe(config, _recipe(GDN), slots=2)
    with torch.no_grad():
        model(_prompt(batch=2, seed=3), cache=lq)
    before = [lq.state_cache.read_state(layer, lq.slot_ids) for layer in range(3)]
    conv = lq.layers[0].conv_states[0].clone()
    lq.reorder_cache(torch.tensor([1, 1]))
    for layer in range(3):
        assert torch.equal(lq.state_cache.read_state(layer, lq.slot_ids), before[layer][[1, 1]])
    assert torch.equal(lq.layers[0].conv_states[0], conv[[1, 1]])


def test_bad_input_is_refused_by_name(qwen3_next, kimi_linear):
    (qwen, qcfg), (_, kcfg) = qwen3_next, kimi_linear
    with pytest.raises(InputError, match="recipe.model.family is 'kda', but qwen3_next keeps 'gdn'"):
        LeapQuantCache.from_recipe(qcfg, _recipe(KDA))
    with pytest.raises(InputError, match="recipe.model.family is 'gdn', but kimi_linear keeps 'kda'"):
        LeapQuantCache.from_recipe(kcfg, _recipe(GDN))
    with pytest.raises(InputError, match="recipe.model.K is 64, but config.linear_key_head_dim is 32"):
        LeapQuantCache.from_recipe(qcfg, _recipe(GDN, K=64))
    with pytest.raises(InputError, match="recipe.model.HV is 4, but config.linear_num_value_heads is 2"):
        LeapQuantCache.from_recipe(qcfg, _recipe(GDN, HV=4))
    with pytest.raises(InputError, match="recipe.model.K is 64, but config.linear_head_dim is 32"):
        LeapQuantCache.from_recipe(kcfg, _recipe(KDA, K=64, V=64))
    with pytest.raises(InputError, match="recipe.model.layers is 2, but config.layer_types has 3 linear_attention"):
        LeapQuantCache.from_recipe(qcfg, _recipe(GDN, layers=2))
    with pytest.raises(InputError, match="config.model_type must be one of .* got 'llama'"):
        LeapQuantCache.from_recipe(LlamaConfig(), _recipe(GDN))
    with pytest.raises(InputError, match="slots must be an integer >= 1"):
        LeapQuantCache.from_recipe(qcfg, _recipe(GDN), slots=0)
    with pytest.raises(InputError, match="simulation-only"):
        LeapQuantCache.from_recipe(qcfg, Recipe.from_preset("leapquant", model=GDN))
    with pytest.raises(InputError, match="does not exist"):
        LeapQuantCache.from_recipe(qcfg, "no/such/recipe.json")
    with pytest.raises(InputError, match=r"the batch holds 2 requests but the cache has slots=1"):
        generate(qwen, _prompt(batch=2), 2, cache=LeapQuantCache.from_recipe(qcfg, _recipe(GDN)))
    with pytest.raises(InputError, match="cannot crop"):
        LeapQuantCache.from_recipe(qcfg, _recipe(GDN)).crop(-1)
