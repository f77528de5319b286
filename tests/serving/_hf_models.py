"""The tiny random-weight Qwen3-Next (Gated DeltaNet) and Kimi-Linear (KDA) models the Hugging Face cache tests
generate with, on a CPU and on a GPU; `import_transformers` loads transformers beside this suite's own `kernels`
test package."""
import importlib
import importlib.util
import sys
from pathlib import Path

import pytest
import torch

LINEAR = ["linear_attention"] * 3 + ["full_attention"]


def import_transformers():
    """transformers (>= 5.2x) imports Hugging Face's `kernels` package as it loads, where it is installed; pytest puts
    tests/ on sys.path (its rootdir conftest), where this suite's own tests/kernels package answers to that name.
    Import the installed `kernels` (if any) for transformers, then give the name back to the suite's package."""
    tests = Path(__file__).resolve().parents[1]
    suite, path = sys.modules.pop("kernels", None), sys.path[:]
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != tests]
    try:
        pytest.importorskip("transformers", minversion="5.23")
        names = ["transformers.integrations.hub_kernels", "transformers.models.qwen3_next",
                 "transformers.models.kimi_linear"]
        for name in (["kernels"] if importlib.util.find_spec("kernels") else []) + names:
            importlib.import_module(name)
    finally:
        sys.path[:] = path
        sys.modules.pop("kernels", None)
        if suite is not None:
            sys.modules["kernels"] = suite


PREFILL = {"transformers.models.qwen3_next.modeling_qwen3_next": "torch_chunk_gated_delta_rule",
           "transformers.models.kimi_linear.modeling_kimi_linear": "chunk_kimi_delta_attention"}


def torch_prefill(monkeypatch):
    """transformers 5.23 / 5.24 hand CPU tensors to FLA's Triton prefill kernels where fla-core is installed (5.25
    checks the inputs' device): on such a machine a CPU model's prefill takes transformers' own PyTorch function
    (the decorated function's `__wrapped__`) in its place. The decode step is left alone: LeapQuantCache hooks it."""
    for name, fn in PREFILL.items():
        module = importlib.import_module(name)
        current = getattr(module, fn)
        monkeypatch.setattr(module, fn, getattr(current, "__wrapped__", current))


def qwen3_next_config(key_heads=1, value_heads=2, head_dim=32):
    """3 Gated DeltaNet layers (`key_heads` key heads, `value_heads` value heads of `head_dim`) and 1 attention
    layer; all 4 experts on every token, so that the router's top-k choice (a step function) does not turn a small
    state error into another expert."""
    from transformers import Qwen3NextConfig
    return Qwen3NextConfig(vocab_size=256, hidden_size=64, intermediate_size=128, num_hidden_layers=4,
                           layer_types=LINEAR, num_attention_heads=2, num_key_value_heads=1, head_dim=32,
                           linear_num_key_heads=key_heads, linear_num_value_heads=value_heads,
                           linear_key_head_dim=head_dim, linear_value_head_dim=head_dim, num_experts=4,
                           num_experts_per_tok=4, moe_intermediate_size=32, shared_expert_intermediate_size=32,
                           pad_token_id=0, bos_token_id=None, eos_token_id=None)


def kimi_linear_config(heads=2, head_dim=32):
    """3 KDA layers (`heads` heads of `head_dim`) and 1 MLA layer; 4 experts, all on every token (see
    qwen3_next_config)."""
    from transformers import KimiLinearConfig
    return KimiLinearConfig(vocab_size=256, hidden_size=64, intermediate_size=128, num_hidden_layers=4,
                            layer_types=LINEAR, num_attention_heads=2, num_key_value_heads=2, kv_lora_rank=32,
                            q_lora_rank=None, qk_rope_head_dim=16, qk_nope_head_dim=32, v_head_dim=32,
                            linear_num_heads=heads, linear_head_dim=head_dim, num_experts=4, num_experts_per_tok=4,
                            n_shared_experts=1, moe_intermediate_size=32, pad_token_id=0, bos_token_id=None,
                            eos_token_id=None)


def random_model(cls, config, device="cpu"):
    """Random weights; the linear-attention layers' projections at std 1/sqrt(fan_in): at transformers' 0.02 they
    add almost nothing to the logits and a state error would not show (here they move the logits by 35 % (GDN) and
    more than 100 % (KDA) of their norm)."""
    torch.manual_seed(0)
    model = cls(config).eval()
    with torch.no_grad():
        for module in model.modules():
            if hasattr(module, "conv1d"):
                for p in module.parameters():
                    if p.dim() == 2:
                        p.normal_(0, p.shape[1] ** -0.5)
    return model.to(device)


def generate(model, ids, new_tokens, **kw):
    """Greedy generation: the sequences [B, T + new_tokens] and the logits of each new token [B, new_tokens, V]."""
    with torch.no_grad():
        out = model.generate(ids, max_new_tokens=new_tokens, do_sample=False, output_logits=True,
                             return_dict_in_generate=True, **kw)
    return out.sequences, torch.stack(out.logits, 1)
