"""FP8 (E4M3 "fn", E5M2) with a scale per tensor, per channel or per group.

Scales: FP32 (``amax / elem_max``, so the block maximum lands on the element
maximum) or E8M0 powers of two (see ``_scaled.e8m0_scale``; ``scale_rounding``
"floor" is the OCP MX rule and may saturate the block maximum, "ceil" never
clips). Per-tensor means one scale per [dk, dv] matrix (one head's state).
Elements round to nearest even (bit-exact with torch's float8 casts) or
stochastically, and saturate at ±max (448 for E4M3, 57344 for E5M2: E5M2's
Inf is never produced).

NaN/Inf input: raises ValueError (one Inf would poison a block's scale).
An all-zero group stores scale 0 (FP32) or 2**-127 (E8M0) and zero payload.
"""
from __future__ import annotations

import math
from typing import Sequence

import torch

from ._elements import ELEMENTS, round_to_grid
from ._scaled import e8m0_scale, e8m0_to_float
from .base import (
    GROUPED_OPTIONS,
    ROUNDING,
    SEED,
    Format,
    Option,
    Quantized,
    check_finite,
    check_input,
    check_shape,
    grouping_from_options,
)

__all__ = ["FP8E4M3", "FP8E5M2"]


class _FP8(Format):
    _elem: str
    OPTIONS = {
        **GROUPED_OPTIONS,
        "scale": Option("fp32", choices=("fp32", "e8m0")),
        "scale_rounding": Option("floor", choices=("floor", "ceil")),
        "rounding": ROUNDING,
        "seed": SEED,
    }

    def quantize(self, x: torch.Tensor, *, generator: torch.Generator | None = None) -> Quantized:
        check_input(x, self.name)
        check_finite(x, self.name)
        spec = ELEMENTS[self._elem]
        g = grouping_from_options(self._opts, x.shape, self.name)
        xb = g.view(x)
        amax = g.amax(xb)
        if self.scale == "e8m0":
            code, s = e8m0_scale(amax, spec, self.scale_rounding)
            meta = {"scale_e8m0": g.store(code)}
        else:
            s32 = (amax / spec.max).to(torch.float32)
            s = s32.to(x.dtype)
            s = torch.where(s == 0, torch.ones_like(s), s)
            meta = {"scale": g.store(s32)}
        v = xb / s
        q = round_to_grid(v, spec, self._noise(v, generator), "saturate")
        payload = q.reshape(x.shape).to(spec.torch_dtype)
        return Quantized(self.name, tuple(x.shape), x.dtype, payload, meta)

    def _scale(self, q: Quantized, g) -> torch.Tensor:
        if self.scale == "e8m0":
            return g.load(e8m0_to_float(q.meta["scale_e8m0"], q.dtype))
        return g.load(q.meta["scale"].to(q.dtype))

    def dequantize(self, q: Quantized) -> torch.Tensor:
        self._check_q(q)
        g = grouping_from_options(self._opts, q.shape, self.name)
        xb = g.view(q.payload.to(q.dtype))
        return (xb * self._scale(q, g)).reshape(q.shape)

    def bytes_for(self, shape: Sequence[int]) -> int:
        shape = check_shape(shape, self.name)
        g = grouping_from_options(self._opts, shape, self.name)
        return math.prod(shape) + g.n_groups(shape) * (1 if self.scale == "e8m0" else 4)


class FP8E4M3(_FP8):
    """FP8 E4M3 (fn: no Inf, max 448)."""

    name = "fp8-e4m3"
    _elem = "e4m3"


class FP8E5M2(_FP8):
    """FP8 E5M2 (IEEE-like, max finite 57344; saturated, never Inf)."""

    name = "fp8-e5m2"
    _elem = "e5m2"
