"""Recurrence specs, one module per family of the paper's Table 4, registered by the names the CLI uses.

A new family is one module with a `RecurrenceSpec` subclass plus one line in `_REGISTRY`.
"""
from __future__ import annotations

from leapquant.recurrences.base import Dims, Records, RecurrenceSpec, Steps
from leapquant.recurrences.delta_product import DeltaProduct
from leapquant.recurrences.deltanet import DeltaNet
from leapquant.recurrences.gdn import GatedDeltaNet
from leapquant.recurrences.general import run_steps
from leapquant.recurrences.gla import GatedLinearAttention
from leapquant.recurrences.hgrn2 import HGRN2
from leapquant.recurrences.kda import KimiDeltaAttention
from leapquant.recurrences.linear_attention import LinearAttention
from leapquant.recurrences.mamba2 import Mamba2
from leapquant.recurrences.retnet import RetNet
from leapquant.recurrences.rwkv6 import RWKV6
from leapquant.recurrences.rwkv7 import RWKV7
from leapquant.registry import Registry

_REGISTRY: Registry[RecurrenceSpec] = Registry("recurrence family", "options", {
    "gdn": GatedDeltaNet,
    "kda": KimiDeltaAttention,
    "linear_attention": LinearAttention,
    "retnet": RetNet,
    "mamba2": Mamba2,
    "gla": GatedLinearAttention,
    "rwkv6": RWKV6,
    "hgrn2": HGRN2,
    "deltanet": DeltaNet,
    "delta_product": DeltaProduct,
    "rwkv7": RWKV7,
})
names = _REGISTRY.names
get = _REGISTRY.get

__all__ = ["Dims", "Records", "RecurrenceSpec", "Steps", "get", "names", "run_steps"]
