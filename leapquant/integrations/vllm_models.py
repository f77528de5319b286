"""vLLM's hybrid model classes with the LeapQuant state declared (imported lazily by vLLM's ModelRegistry, inside
vLLM only): vLLM sizes the state pages and plans prefix-caching copies from these class methods before any layer
exists, so they declare the same tensors as `LeapQuantGDNAttention` — vLLM's convolution state, then the
LeapQuant fields — and a copy function for each. Without a recipe each method returns vLLM's own answer. Kimi-Linear
with a recipe is refused at engine start-up (no KDA path yet)."""
from __future__ import annotations

import importlib
from functools import lru_cache

from vllm.config import get_current_vllm_config_or_none
from vllm.model_executor.layers.mamba.mamba_utils import get_temporal_copy_spec

from leapquant.integrations.vllm import ARCHITECTURES
from leapquant.integrations.vllm_layers import plan_of


class _LeapQuantStates:
    """The three class methods vLLM asks a hybrid model for its state layout."""
    leapquant_family = "gdn"

    @classmethod
    def get_mamba_state_shape_from_config(cls, vllm_config):
        base = super().get_mamba_state_shape_from_config(vllm_config)
        plan = plan_of(vllm_config, cls.leapquant_family)
        return base if plan is None else (tuple(base[0]), *plan.shapes)

    @classmethod
    def get_mamba_state_dtype_from_config(cls, vllm_config):
        base = super().get_mamba_state_dtype_from_config(vllm_config)
        plan = plan_of(vllm_config, cls.leapquant_family)
        return base if plan is None else (base[0], *plan.dtypes)

    @classmethod
    def get_mamba_state_copy_func(cls):
        base = super().get_mamba_state_copy_func()
        config = get_current_vllm_config_or_none()
        plan = None if config is None else plan_of(config, cls.leapquant_family)
        return base if plan is None else (base[0], *[get_temporal_copy_spec] * len(plan.tensors))


@lru_cache(maxsize=None)
def __getattr__(name: str):
    """The replacement class of architecture `name`, built when vLLM's registry first asks for it (only that
    architecture's vLLM module is imported)."""
    if name not in ARCHITECTURES:
        raise AttributeError(name)
    module, family = ARCHITECTURES[name]
    base = getattr(importlib.import_module(module), name)
    return type(name, (_LeapQuantStates, base), {"leapquant_family": family, "__module__": __name__})
