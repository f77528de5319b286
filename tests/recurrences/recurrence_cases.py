"""Shared cases for the recurrence tests: every registered family, with its options, on a few shapes."""
from __future__ import annotations

from dataclasses import dataclass, field

import torch

from leapquant.recurrences import Dims, get

# (B, T, H, HV, K, V): square heads, dk != dv and an odd length, and (where supported) grouped value heads.
SHAPES = {
    "B2-T33-H2-K16-V16": Dims(2, 33, 2, 2, 16, 16),
    "B1-T37-H2-K8-V24": Dims(1, 37, 2, 2, 8, 24),
}
GROUPED = {"B2-T21-H1-HV4-K16-V8": Dims(2, 21, 1, 4, 16, 8)}
GROUPED_FAMILIES = {"gdn", "kda", "mamba2"}


@dataclass(frozen=True)
class Case:
    id: str
    family: str
    options: dict = field(default_factory=dict)
    drop: tuple[str, ...] = ()          # inputs to leave out (optional gates, skip, ...)

    def spec(self):
        return get(self.family, **self.options)

    def inputs(self, d: Dims, seed: int) -> dict[str, torch.Tensor]:
        x = self.spec().random_inputs(d, torch.Generator().manual_seed(seed))
        return {n: t for n, t in x.items() if n not in self.drop}


CASES = [
    Case("gdn", "gdn"),
    Case("kda", "kda"),
    Case("linear_attention", "linear_attention"),
    Case("retnet-default-gamma", "retnet"),
    Case("mamba2", "mamba2"),
    Case("mamba2-noD", "mamba2", drop=("D",)),
    Case("gla", "gla"),
    Case("rwkv6", "rwkv6"),
    Case("hgrn2", "hgrn2"),
    Case("deltanet", "deltanet"),
    Case("delta_product-n1-gated", "delta_product", {"substeps": 1}),
    Case("delta_product-n2-gated", "delta_product", {"substeps": 2}),
    Case("delta_product-n3-plain", "delta_product", {"substeps": 3}, drop=("g",)),
    Case("rwkv7", "rwkv7"),
]


def case_shapes(cases=CASES):
    """pytest params (case, dims) with readable ids: every case on every shape it supports."""
    import pytest

    out = []
    for c in cases:
        shapes = dict(SHAPES)
        if c.family in GROUPED_FAMILIES:
            shapes.update(GROUPED)
        for sid, d in shapes.items():
            out.append(pytest.param(c, d, id=f"{c.id}-{sid}"))
    return out


def initial_state(d: Dims, seed: int, dtype=torch.float32) -> torch.Tensor:
    return (torch.randn(d.B, d.HV, d.K, d.V, generator=torch.Generator().manual_seed(seed + 1)) * 0.5).to(dtype)


def rel_rms(a: torch.Tensor, b: torch.Tensor) -> float:
    """‖a − b‖ / ‖b‖ in float64."""
    a, b = a.double(), b.double()
    return float((a - b).norm() / b.norm().clamp_min(1e-300))
