"""LeapQuantCache on the GPU (skipped without CUDA, TileLang or transformers >= 5.23): tiny random-weight Qwen3-Next
and Kimi-Linear models with real head sizes (128 x 128) generate on CUDA with every decode token of every
linear-attention layer through the recipe's TileLang kernels (`StateCache.step` on CUDA), their logits within the
method's error of FP32 and within the kernels' BF16 rounding of the same cache run on the CPU reference."""
import pytest
import torch

from ._hf_models import (
    generate,
    import_transformers,
    kimi_linear_config,
    qwen3_next_config,
    random_model,
    torch_prefill,
)

pytestmark = [pytest.mark.cuda, pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")]

import_transformers()
pytest.importorskip("tilelang")

from transformers import KimiLinearForCausalLM, Qwen3NextForCausalLM  # noqa: E402

from leapquant.recipe import Recipe  # noqa: E402
from leapquant.recipe_fields import ModelShape  # noqa: E402
from leapquant.serving.cache import StateCache  # noqa: E402
from leapquant.serving.hf import LeapQuantCache  # noqa: E402

NEW_TOKENS, PROMPT = 128, 8
MODELS = {
    "qwen3_next": (Qwen3NextForCausalLM, lambda: qwen3_next_config(key_heads=2, value_heads=4, head_dim=128),
                   ModelShape(name="tiny-qwen3-next-128", family="gdn", layers=3, H=2, HV=4, K=128, V=128)),
    "kimi_linear": (KimiLinearForCausalLM, lambda: kimi_linear_config(heads=2, head_dim=128),
                    ModelShape(name="tiny-kimi-linear-128", family="kda", layers=3, H=2, HV=2, K=128, V=128)),
}


def _gpu():
    from leapquant import gpus
    from leapquant.kernels.decoder import local_arch
    return next(g for g in gpus.SPECS if gpus.arch_of(g) == local_arch())


def _rel(a, b):
    return (a - b).norm(dim=-1) / b.norm(dim=-1)


@pytest.mark.filterwarnings("ignore:`past_key_values` is deprecated:FutureWarning")
@pytest.mark.parametrize("which", list(MODELS))
def test_a_model_generates_on_the_gpu_through_the_recipes_kernels_within_the_methods_error(which, monkeypatch):
    """transformers >= 5.23 (the GPU machine's): `past_key_values`, the cache's name in 5.23 and 5.24.
    Tolerances: as on the CPU (tests/serving/test_hf.py: the logits' relative error within 3 % on average and
    10 % at the worst position, greedy tokens FP32's on the same prefix at >= 95 % of positions), with the default
    recipe (INT8, windows of 16, 4 compensators). Against the same cache on the CPU reference over the same tokens:
    within 2 % on average (the kernels' outputs are BF16, 4e-3 of rounding per layer, through three layers)."""
    cls, make_config, shape = MODELS[which]
    config = make_config()
    recipe = Recipe.from_kernel(shape, _gpu())
    devices = []
    step = StateCache.step
    monkeypatch.setattr(StateCache, "step", lambda self, *a, **k: devices.append(self.device) or step(self, *a, **k))
    model = random_model(cls, config, "cuda")
    ids = torch.randint(1, 256, (1, PROMPT), generator=torch.Generator().manual_seed(0)).cuda()
    lq = LeapQuantCache.from_recipe(config, recipe, device="cuda")
    seq, logits = generate(model, ids, NEW_TOKENS, past_key_values=lq)
    assert len(devices) == shape.layers * (NEW_TOKENS - 1) and {d.type for d in devices} == {"cuda"}
    with torch.no_grad():
        ref = model(seq[:, :-1]).logits[:, PROMPT - 1:]
    err = _rel(logits, ref)[0]
    assert 1e-4 < err.mean() < 3e-2 and err.max() < 0.1, (err.mean().item(), err.max().item())
    agree = (ref.argmax(-1) == seq[:, PROMPT:]).float().mean().item()
    assert agree >= 0.95, agree
    cpu = random_model(cls, config, "cpu")
    torch_prefill(monkeypatch)
    with torch.no_grad():                     # the CPU reference, fed the GPU run's tokens one at a time
        cache = LeapQuantCache.from_recipe(config, recipe)
        out = cpu(seq[:, :PROMPT].cpu(), past_key_values=cache)
        cpu_logits = [out.logits[:, -1]]
        for t in range(PROMPT, seq.shape[1] - 1):
            cpu_logits.append(cpu(seq[:, t:t + 1].cpu(), past_key_values=cache).logits[:, -1])
    vs_cpu = _rel(logits[0].cpu(), torch.cat(cpu_logits))
    assert vs_cpu.mean() < 2e-2, (vs_cpu.mean().item(), vs_cpu.max().item())
    print(f"{which}: vs FP32 mean {err.mean():.2e} worst {err.max():.2e}, greedy agreement {agree:.3f}; "
          f"vs the CPU reference mean {vs_cpu.mean():.2e} worst {vs_cpu.max():.2e}")
