"""The serving state cache on the GPU (skipped without CUDA): each layer's step through the recipe's kernels against
the PyTorch reference restarted from the kernel's state every step, and the packed decode against FLA's FP32
fused_recurrent on the same raw inputs."""
import pytest
import torch

from leapquant.kernels import naive as nv
from leapquant.recipe import Recipe
from leapquant.recipe_fields import ModelShape
from leapquant.serving.cache import PAD_SLOT_ID, StateCache, step_packed

pytestmark = [pytest.mark.cuda, pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")]


def _shape(family):
    return ModelShape(name=f"tiny-{family}", family=family, layers=2, H=2, HV=4, K=128, V=128)


def _gpu():
    from leapquant import gpus
    from leapquant.kernels.decoder import local_arch
    here = local_arch()
    return next(g for g in gpus.SPECS if gpus.arch_of(g) == here)


def _rel(a, b):
    return ((a.float() - b.float()).norm() / b.float().norm().clamp_min(1e-30)).item()


def _admitted(family, seed, pad_at):
    """A cache of four admitted slots (the same random state in both layers), the slot ids with the null slot at
    `pad_at`, the generator and the state."""
    cache = StateCache(Recipe.from_kernel(_shape(family), _gpu()), slots=8, device="cuda")
    s = cache.allocate(4)
    gen = torch.Generator(device="cuda").manual_seed(seed)
    S = torch.randn(4, 4, 128, 128, device="cuda", generator=gen) * 0.05
    cache.admit(s, [S, S.clone()])
    ids = s.tolist()
    idx = torch.tensor(ids[:pad_at] + [PAD_SLOT_ID] + ids[pad_at:], device="cuda")
    return cache, idx, gen, S


@pytest.mark.parametrize("family", ["gdn", "kda"])
def test_the_cache_steps_through_the_kernels_as_the_reference_does(family):
    pytest.importorskip("tilelang")
    from leapquant.kernels.checks import make_inputs
    shape = _shape(family)
    cache = StateCache(Recipe.from_kernel(shape, _gpu()), slots=8, device="cuda")
    s = cache.allocate(5)
    gen = torch.Generator(device="cuda").manual_seed(0)
    cache.admit(s, [torch.randn(5, 4, 128, 128, device="cuda", generator=gen) * 0.1 for _ in range(2)])
    worst = 0.0
    for _ in range(2 * cache.configs[0].window + 1):       # two windows: every slot through a boundary
        for layer in range(2):
            x = make_inputs(family, 5, 2, 4, 128, 128, "cuda", gen)
            ref = cache.pools[layer].clone()
            o_ref = nv.decode_step_ref(ref, *x, s.cuda().to(torch.int32))
            o = cache.step(layer, *x, s)
            worst = max(worst, _rel(o, o_ref))
    assert worst < 1e-2, worst      # the kernels' outputs are BF16: about 4e-3 of rounding


def test_the_packed_decode_tracks_flas_fp32_recurrence_on_the_same_raw_inputs():
    pytest.importorskip("tilelang")
    fla = pytest.importorskip("fla.ops.gated_delta_rule")
    cache, idx, gen, S = _admitted("gdn", 1, pad_at=1)
    A_log, dt_bias = torch.randn(4, device="cuda", generator=gen) * 0.5, torch.randn(4, device="cuda", generator=gen)
    exact, worst = S.clone(), 0.0
    for _ in range(40):
        mixed = torch.randn(5, 2 * 2 * 128 + 4 * 128, device="cuda", generator=gen).bfloat16()
        a, b = torch.randn(5, 4, device="cuda", generator=gen), torch.randn(5, 4, device="cuda", generator=gen)
        out = torch.full((5, 4, 128), 7.0, device="cuda", dtype=torch.bfloat16)
        step_packed(cache, 0, mixed, a, b, A_log, dt_bias, 128 ** -0.5, out, idx)
        assert (out[1] == 7.0).all()                      # the null slot's row is left as it was
        live = [0, 2, 3, 4]
        x = mixed[live].float()
        q, k, v = x[:, :256].view(4, 1, 2, 128), x[:, 256:512].view(4, 1, 2, 128), x[:, 512:].view(4, 1, 4, 128)
        o_ref, exact = fla.fused_recurrent_gated_delta_rule(     # the raw a, b: FLA computes the gates itself
            q, k, v, a[live][:, None], beta=b[live][:, None], scale=128 ** -0.5, initial_state=exact,
            output_final_state=True, use_qk_l2norm_in_kernel=True, use_gate_in_kernel=True, A_log=A_log,
            dt_bias=dt_bias, use_beta_sigmoid_in_kernel=True)
        worst = max(worst, _rel(out[live], o_ref[:, 0]))
    assert worst < 3e-2, worst      # INT8 windows with two compensators over 40 tokens: ~1 % of the output


@pytest.mark.parametrize("lower_bound", [None, -5.0])
def test_the_packed_kda_decode_tracks_flas_fp32_recurrence_on_the_same_raw_inputs(lower_bound):
    """vLLM's packed KDA decode (raw g and beta, both gate forms) against FLA's fused_recurrent_kda computing the
    same gates, sigmoid and L2 norm inside its kernel."""
    pytest.importorskip("tilelang")
    fla = pytest.importorskip("fla.ops.kda")
    from leapquant.serving.cache import step_packed_kda
    cache, idx, gen, S = _admitted("kda", 2, pad_at=2)
    A_log = torch.randn(4, device="cuda", generator=gen) * 0.5
    dt_bias = torch.randn(4 * 128, device="cuda", generator=gen)
    exact, worst, live = S.clone(), 0.0, [0, 1, 3, 4]
    for _ in range(40):
        mixed = torch.randn(5, 2 * 2 * 128 + 4 * 128, device="cuda", generator=gen).bfloat16()
        raw_g = torch.randn(5, 4, 128, device="cuda", generator=gen)
        raw_beta = torch.randn(5, 4, device="cuda", generator=gen)
        out = torch.full((5, 4, 128), 7.0, device="cuda", dtype=torch.bfloat16)
        step_packed_kda(cache, 0, mixed, raw_g, raw_beta, A_log, dt_bias, lower_bound, 128 ** -0.5, out, idx)
        assert (out[2] == 7.0).all()                      # the null slot's row is left as it was
        x = mixed[live].float()
        q, k, v = x[:, :256].view(4, 1, 2, 128), x[:, 256:512].view(4, 1, 2, 128), x[:, 512:].view(4, 1, 4, 128)
        o_ref, exact = fla.fused_recurrent_kda(
            q, k, v, raw_g[live][:, None], raw_beta[live][:, None], A_log=A_log, dt_bias=dt_bias, scale=128 ** -0.5,
            initial_state=exact, output_final_state=True, use_qk_l2norm_in_kernel=True, use_gate_in_kernel=True,
            use_beta_sigmoid_in_kernel=True, lower_bound=lower_bound)
        worst = max(worst, _rel(out[live], o_ref[:, 0]))
    assert worst < 3e-2, worst      # INT8 windows with two compensators over 40 tokens: ~1 % of the output
