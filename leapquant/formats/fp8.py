"""FP8 (E4M3 "fn", E5M2) with a scale per tensor, per channel or per group.

Scales: FP32 (``amax / elem_max``, so the block maximum lands on the element
maximum) or E8M0 powers of two (see ``_scaled.e8m0_scale``; ``scale_rounding``
"floor" is the OCP MX rule and may saturate the block maximum, "ceil" never
clips). Per-tensor means one scale per [dk, dv] matrix (one head's state).
Elements round to nearest even (bit-exact with torch's float8 casts) or
stochastically, and saturate at ±max (448 for E4M3, 57344 for E5M2: E5M2's
Inf is never produced).

An all-zero group stores scale 0 (FP32) or 2**-127 (E8M0) and zero payload.

Bad input: NaN/Inf raise InputError (one Inf would poison a block's scale);
so do float64 values beyond float32's max (the scales are FP32 or E8M0);
within that range the scale adapts and only the element rounding and the
E8M0 "floor" rule's saturation apply -- and, with "ceil" E8M0 scales, a
group maximum within half a step of 2**128 (which RNE would round up to
2**128, past float32) saturates at the grid value below (error < one step).
Tiny values: an FP32 scale ``amax / max`` in float32's subnormal range is
coarse and below it 0 (the group then dequantizes to 0): absolute error
<= ``max * 2**-149`` (~2**-140 for E4M3, ~2**-133 for E5M2); E8M0 scales
stop at 2**-127, below which the elements reach their subnormal grid:
absolute error <= 2**-137 (E4M3) / 2**-144 (E5M2). Empty axes: see ``base``.
"""
from __future__ import annotations

import math
from typing import Sequence

import torch

from ._elements import ELEMENTS, pow2, round_to_grid
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


def _float32_cap(code: torch.Tensor, spec, dtype: torch.dtype) -> torch.Tensor:
    """Per group, the largest element whose product with the E8M0 scale ``2**k`` is finite in float32.

    A "ceil" scale leaves the group maximum ``amax / 2**k`` just below the element max, and RNE may round it up
    to the next power of two: within half a step of 2**128 that reaches 2**128, past float32. The cap is the
    grid value just below 2**(128 - k), ``(2 - 2**-mbits) * 2**(127 - k)``, or the element max if smaller.
    """
    e = 254 - code.to(torch.int64)                     # 127 - k
    top = (2 - 2.0 ** -spec.mbits) * pow2(e.clamp(max=spec.emax + 1), torch.float64)
    return top.clamp(max=spec.max).to(dtype)


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
        if self.scale == "e8m0" and self.scale_rounding == "ceil":
            cap = _float32_cap(code, spec, q.dtype)
            q = q.clamp_(-cap, cap)
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
