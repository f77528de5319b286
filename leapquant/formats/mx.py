"""OCP Microscaling (MX v1.0): blocks of 32 elements sharing one E8M0 scale.

Scale: ``2**(floor(log2 amax) - emax_elem)`` (spec §6.3; torchao's FLOOR
mode), clamped to the E8M0 range; an all-zero block gets code 0 (2**-127).
Elements: the block divided by its scale, rounded to nearest even (or
stochastically) and saturated at the element maximum (the spec's
"minimally supported" conversion). Blocks run along ``block_axis``
(default "key": 32 consecutive key rows of one value column, so a scale
never mixes value columns).

Payload: MXFP8 as a torch float8 tensor; MXFP6/MXFP4 as packed codes
(6-bit: 4 codes in 3 bytes; 4-bit: 2 per byte, see ``_elements``).
Scales: uint8 E8M0 codes, shape [..., dk/32, dv] (block_axis key) or
[..., dk, dv/32] (block_axis value).

Known difference from torchao ``to_mx``: torchao divides by
max(scale, 2**-126) while we divide by the exact 2**-127 when the scale code
is 0 (blocks with amax < 2**(emax_elem - 126)); tests compare against torchao
away from that corner and against the spec (ml_dtypes) inside it.

Bad input: NaN/Inf raise InputError (the spec's NaN scale is never
produced); float64 values beyond float32's max raise InputError. Every
float32 magnitude has an E8M0 scale (no clamp at the top). Tiny values: the
scale stops at 2**-127, below which a block's elements reach the element's
subnormal grid: absolute error <= half its smallest step times 2**-127
(2**-129 for E2M1, ~2**-137 for E4M3), float32 subnormals included. Empty
axes: see ``base``; each blocked axis must be a multiple of 32.
"""
from __future__ import annotations

import math
from typing import Sequence

import torch

from ._elements import round_to_grid
from ._scaled import e8m0_scale, e8m0_to_float, float_from_payload, float_payload, payload_nbytes
from .base import BlockFormat, Option, Quantized, check_finite, check_input, check_shape

__all__ = ["MXFP8", "MXFP6E2M3", "MXFP6E3M2", "MXFP4"]

BLOCK = 32


class _MX(BlockFormat):
    BLOCK = BLOCK
    FAMILY = "MX"

    def quantize(self, x: torch.Tensor, *, generator: torch.Generator | None = None) -> Quantized:
        check_input(x, self.name)
        check_finite(x, self.name)
        spec = self.spec
        g = self._grouping(x.shape)
        xb = g.view(x)
        code, s = e8m0_scale(g.amax(xb), spec, "floor")
        v = xb / s
        q = round_to_grid(v, spec, self._noise(v, generator), "saturate")
        payload = float_payload(q.reshape(x.shape), spec)
        return Quantized(self.name, tuple(x.shape), x.dtype, payload, {"scale_e8m0": g.store(code)})

    def dequantize(self, q: Quantized) -> torch.Tensor:
        self._check_q(q)
        g = self._grouping(q.shape)
        vals = float_from_payload(q.payload, self.spec, q.shape, q.dtype)
        s = g.load(e8m0_to_float(q.meta["scale_e8m0"], q.dtype))
        return (g.view(vals) * s).reshape(q.shape)

    def bytes_for(self, shape: Sequence[int]) -> int:
        shape = check_shape(shape, self.name)
        self._grouping(shape)
        n = math.prod(shape)
        return payload_nbytes(n, self.spec) + n // BLOCK


class MXFP8(_MX):
    """MXFP8; ``elem`` = "e4m3" (default) or "e5m2"."""

    name = "mxfp8"
    OPTIONS = {**_MX.OPTIONS, "elem": Option("e4m3", choices=("e4m3", "e5m2"))}


class MXFP6E2M3(_MX):
    name = "mxfp6-e2m3"
    _elem = "e2m3"


class MXFP6E3M2(_MX):
    name = "mxfp6-e3m2"
    _elem = "e3m2"


class MXFP4(_MX):
    name = "mxfp4"
    _elem = "e2m1"
