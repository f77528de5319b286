"""The serving state cache on a CPU: slots, admission from prefilled FP32 states, checkpoints in the quantized form,
memory accounting, the decode step (the kernels' PyTorch reference) and bad input refused by name."""
import pytest
import torch
import torch.nn.functional as F

from leapquant.errors import InputError
from leapquant.kernels import naive as nv
from leapquant.recipe import Recipe
from leapquant.recipe_fields import ModelShape
from leapquant.serving.cache import StateCache

SHAPE = ModelShape(name="tiny", family="gdn", layers=2, H=1, HV=2, K=32, V=32)


def _recipe(**kernel):
    return Recipe.from_kernel(SHAPE, "h200", **{"window": 4, "rank": 2, **kernel})


def _inputs(n, gen, family="gdn"):
    q = F.normalize(torch.randn(n, SHAPE.H, SHAPE.K, generator=gen), dim=-1)
    k = F.normalize(torch.randn(n, SHAPE.H, SHAPE.K, generator=gen), dim=-1)
    v = torch.randn(n, SHAPE.HV, SHAPE.V, generator=gen)
    g = -torch.rand((n, SHAPE.HV) if family == "gdn" else (n, SHAPE.HV, SHAPE.K), generator=gen) * 0.1
    return q, k, v, g, torch.rand(n, SHAPE.HV, generator=gen)


def test_the_step_is_the_kernels_reference_on_the_allocated_slots():
    cache = StateCache(_recipe(), slots=6)
    s = cache.allocate(3)
    ref = [nv.empty_state(6, 2, 32, 32, **cfg.reference_options) for cfg in cache.configs]
    gen = torch.Generator().manual_seed(0)
    for _ in range(9):
        for layer in range(2):
            x = _inputs(3, gen)
            assert torch.equal(cache.step(layer, *x, s), nv.decode_step_ref(ref[layer], *x, s.to(torch.int32)))
    for a, b in zip(cache.pools, ref):
        assert all(torch.equal(getattr(a, f), getattr(b, f)) for f in ("Z", "Kc", "ru", "window_pos"))


def _exact_gdn(S, q, k, v, g, beta):
    """FP32 Gated DeltaNet step on [n, HV, K, V] states (one key head shared by the value heads)."""
    scale = q.shape[-1] ** -0.5
    kk, qq = k.expand(-1, S.shape[1], -1), q.expand(-1, S.shape[1], -1) * scale
    S = torch.exp(g)[..., None, None] * S
    u = beta[..., None] * (v - (S * kk[..., None]).sum(-2))
    S = S + kk[..., :, None] * u[..., None, :]
    return S, (S * qq[..., None]).sum(-2)


def test_an_admitted_prefilled_state_continues_as_the_fp32_recurrence_within_the_methods_error():
    cache = StateCache(_recipe(), slots=4)
    s = cache.allocate(2)
    gen = torch.Generator().manual_seed(1)
    S = [torch.randn(2, 2, 32, 32, generator=gen) * 0.3 for _ in range(2)]
    cache.admit(s, S)
    for layer in range(2):   # INT8 with smoothing and two compensators: about 1 % of the state
        assert (cache.read_state(layer, s) - S[layer]).norm() / S[layer].norm() < 2e-2
    exact, worst = S[0].clone(), 0.0
    for _ in range(12):      # three windows
        x = _inputs(2, gen)
        exact, o_ref = _exact_gdn(exact, *x)
        o = cache.step(0, *x, s)
        worst = max(worst, ((o - o_ref).norm() / o_ref.norm()).item())
    assert worst < 5e-2


def test_a_checkpoint_continues_bit_identically_in_other_slots_of_another_cache():
    a, b = StateCache(_recipe(), slots=5), StateCache(_recipe(), slots=5)
    sa = a.allocate(2)
    b.allocate(3)
    sb = b.allocate(2)                        # other slot ids
    gen = torch.Generator().manual_seed(2)
    for _ in range(6):                        # mid-window: records buffered
        a.step(1, *_inputs(2, gen), sa)
    b.load(sb, a.export(sa))
    for _ in range(7):
        x = _inputs(2, gen)
        assert torch.equal(a.step(1, *x, sa), b.step(1, *x, sb))
    assert torch.equal(a.read_state(1, sa), b.read_state(1, sb))


def test_memory_is_the_recipes_and_a_budget_holds_whole_requests():
    cache = StateCache(_recipe(), slots=2)
    assert cache.bytes_per_request == cache.recipe.memory.bytes_per_request
    assert cache.requests_within(10 * cache.bytes_per_request + 1) == 10
    int4 = StateCache(_recipe(format="int4"), slots=2)
    assert int4.bytes_per_request < cache.bytes_per_request


def test_bad_input_is_refused_by_name():
    cache = StateCache(_recipe(), slots=3)
    s = cache.allocate(2)
    x = _inputs(2, torch.Generator().manual_seed(3))
    with pytest.raises(InputError, match="out of range"):
        cache.step(0, *x, torch.tensor([0, 7]))
    with pytest.raises(InputError, match="2 slots requested, 1 of 3 free"):
        cache.allocate(2)
    cache.free(s[1:])
    with pytest.raises(InputError, match="not allocated"):
        cache.step(0, *x, s)                  # a freed slot reused
    with pytest.raises(InputError, match="not allocated"):
        cache.free(s[1:])
    with pytest.raises(InputError, match="appears twice"):
        cache.step(0, *x, torch.tensor([0, 0]))
    one = s[:1]
    with pytest.raises(InputError, match=r"v must be a float tensor of shape \[1, 2, 32\]"):
        cache.step(0, x[0][:1], x[1][:1], x[2][:1, :1], x[3][:1], x[4][:1], one)
    with pytest.raises(InputError, match="layer must be an integer in"):
        cache.step(5, *(t[:1] for t in x), one)
    with pytest.raises(InputError, match=r"states\[0\] must be a float tensor of shape \[1, 2, 32, 32\]"):
        cache.admit(one, [torch.zeros(1, 2, 64, 64), torch.zeros(1, 2, 32, 32)])   # another model's shape
    with pytest.raises(InputError, match="NaN"):
        cache.admit(one, [torch.full((1, 2, 32, 32), float("nan")), torch.zeros(1, 2, 32, 32)])
    with pytest.raises(InputError, match="checkpoint"):
        cache.load(one, {"0.Z": torch.zeros(1)})
    with pytest.raises(InputError, match="simulation-only"):
        StateCache(Recipe.from_preset("leapquant", model=SHAPE), slots=2)


def test_the_packed_decode_computes_the_gates_as_engines_do_and_skips_the_null_slot():
    from leapquant.serving.cache import PAD_SLOT_ID, step_packed
    cache = StateCache(_recipe(), slots=4)
    s = cache.allocate(2)
    gen = torch.Generator().manual_seed(4)
    A_log, dt_bias = torch.randn(2, generator=gen) * 0.5, torch.randn(2, generator=gen) * 0.5
    twin = StateCache(_recipe(), slots=4)
    ts = twin.allocate(2)
    idx = torch.tensor([s[0].item(), PAD_SLOT_ID, s[1].item()])
    for _ in range(6):
        mixed = torch.randn(3, 2 * 32 + 2 * 32, generator=gen)
        a, b = torch.randn(3, 2, generator=gen), torch.randn(3, 2, generator=gen)
        out = torch.full((3, 2, 32), 7.0)
        step_packed(cache, 0, mixed, a, b, A_log, dt_bias, 32 ** -0.5, out, idx)
        assert torch.equal(out[1], torch.full((2, 32), 7.0))             # the null row untouched
        live = torch.tensor([0, 2])
        q = F.normalize(mixed[live, :32].view(2, 1, 32), dim=-1)
        k = F.normalize(mixed[live, 32:64].view(2, 1, 32), dim=-1)
        v = mixed[live, 64:].view(2, 2, 32)
        dt = a[live] + dt_bias
        g = -A_log.exp() * torch.where(dt > 20, dt, torch.log1p(dt.exp()))
        o = twin.step(0, q, k, v, g, torch.sigmoid(b[live]), ts)
        assert torch.allclose(out[live], o, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("lower_bound", [None, -5.0])
def test_kda_gates_are_flas(lower_bound):
    gate = pytest.importorskip("fla.ops.kda.gate")
    from leapquant.serving.cache import kda_gates
    gen = torch.Generator().manual_seed(5)
    raw, A_log = torch.randn(7, 3, 16, generator=gen) * 4, torch.randn(3, generator=gen)
    dt = torch.randn(48, generator=gen)
    ref = (gate.naive_kda_gate(raw, A_log, dt) if lower_bound is None
           else gate.naive_kda_lowerbound_gate(raw, A_log, dt, lower_bound=lower_bound))
    torch.testing.assert_close(kda_gates(raw, A_log, dt, lower_bound), ref, rtol=1e-6, atol=1e-6)


def test_the_packed_kda_decode_unpacks_as_the_engine_does_and_skips_the_null_slot():
    from leapquant.serving.cache import PAD_SLOT_ID, kda_gates, l2norm, step_packed_kda
    shape = ModelShape(name="tiny-kda", family="kda", layers=2, H=2, HV=2, K=32, V=32)
    recipe = Recipe.from_kernel(shape, "h200", window=4, rank=2)
    cache, twin = StateCache(recipe, slots=4), StateCache(recipe, slots=4)
    s, ts = cache.allocate(2), twin.allocate(2)
    gen = torch.Generator().manual_seed(6)
    A_log, dt_bias = torch.randn(2, generator=gen) * 0.5, torch.randn(64, generator=gen)
    idx = torch.tensor([s[0].item(), PAD_SLOT_ID, s[1].item()])
    live = torch.tensor([0, 2])
    for _ in range(6):
        mixed = torch.randn(3, 2 * 64 + 64, generator=gen)
        raw_g, raw_beta = torch.randn(3, 2, 32, generator=gen), torch.randn(3, 2, generator=gen)
        out = torch.full((3, 2, 32), 7.0)
        step_packed_kda(cache, 1, mixed, raw_g, raw_beta, A_log, dt_bias, -5.0, 32 ** -0.5, out, idx)
        assert torch.equal(out[1], torch.full((2, 32), 7.0))
        q, k = l2norm(mixed[live, :64].view(2, 2, 32)), l2norm(mixed[live, 64:128].view(2, 2, 32))
        g = kda_gates(raw_g[live], A_log, dt_bias, -5.0)
        o = twin.step(1, q, k, mixed[live, 128:].view(2, 2, 32), g, torch.sigmoid(raw_beta[live]), ts, 32 ** -0.5)
        assert torch.equal(out[live], o)
    with pytest.raises(InputError, match=r"raw_g must have shape \[3, 2, 32\]"):
        step_packed_kda(cache, 1, mixed, raw_g[None], raw_beta, A_log, dt_bias, None, 1.0, out, idx)
    with pytest.raises(InputError, match="KDA's convention"):
        step_packed_kda(StateCache(_recipe(), slots=2), 0, mixed, raw_g, raw_beta, A_log, dt_bias, None, 1.0, out,
                        idx)
