"""vLLM's plugin entry point (`vllm.general_plugins` = `leapquant = leapquant.integrations.vllm:register`). vLLM
calls `register` in each of its processes; it swaps vLLM's Gated DeltaNet layer class for
`leapquant.integrations.vllm_layers.LeapQuantGDNAttention` and its Qwen3-Next / Qwen3.5 / Kimi-Linear model classes
for subclasses that declare the LeapQuant state tensors. Without a recipe (`--additional-config
'{"leapquant": {"recipe": FILE}}'` or `LEAPQUANT_RECIPE`) every swapped class behaves as vLLM's own.

This module imports without vLLM; `register` imports it."""
from __future__ import annotations

ARCHITECTURES = {"Qwen3NextForCausalLM": ("vllm.model_executor.models.qwen3_next", "gdn"),
                 "Qwen3_5ForCausalLM": ("vllm.model_executor.models.qwen3_5", "gdn"),
                 "Qwen3_5MoeForCausalLM": ("vllm.model_executor.models.qwen3_5", "gdn"),
                 "KimiLinearForCausalLM": ("vllm.models.kimi_k3", "kda")}
"""The model architectures whose classes the plugin replaces in vLLM's ModelRegistry: vLLM's module of each class,
and its linear-attention family."""

_registered = False


def register() -> None:
    """Install the plugin's layer and model classes in vLLM (idempotent)."""
    global _registered
    if _registered:
        return
    from vllm import ModelRegistry
    from vllm.model_executor.layers.mamba.gdn.qwen_gdn_linear_attn import QwenGatedDeltaNetAttention

    from leapquant.integrations import vllm_layers
    QwenGatedDeltaNetAttention.register_oot(vllm_layers.LeapQuantGDNAttention)
    vllm_layers.route_cpu_core()
    for arch in ARCHITECTURES:
        ModelRegistry.register_model(arch, f"leapquant.integrations.vllm_models:{arch}")
    _registered = True
