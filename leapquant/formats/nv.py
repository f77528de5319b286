"""NVIDIA two-level block formats: NVFP4 (E2M1) and NVFP6 (E2M3 or E3M2).

Per [dk, dv] matrix an FP32 tensor scale ``ts = amax / (448 * elem_max)``;
per block of 16 elements an E4M3 scale ``bs = e4m3(clamp((block_amax /
elem_max) / ts, 2**-6, 448))`` (round to nearest even); elements are
``x * ((1 / ts) / bs)`` rounded to the element grid and saturated. This is
the NVIDIA recipe exactly as torchao's ``nvfp4_quantize`` computes it
(multiply by the reciprocal, not divide), so NVFP4 is bit-exact with torchao.
Dequantize: ``elem * bs * ts``. NVFP6 is the same recipe with FP6 elements
(no outside reference exists; tested against the spec with ml_dtypes).

Choices where the formats leave things open: the tensor scale is per matrix
(one head's state); an all-zero matrix gets ``ts = 1`` (torchao would divide
0/0); blocks run along ``block_axis`` (default "key"); ``ts`` is at least
2**-120 (matrices with amax below ~2e-33), so that ``ts * bs`` is a float32
normal and ``(1 / ts) / bs`` finite (torchao's reciprocal overflows there and
saturates every element).

Storage: packed elements (4-bit: 2 per byte; 6-bit: 4 per 3 bytes) + 1 byte
per block + 4 bytes per matrix.

Bad input: NaN/Inf raise InputError (one Inf would poison the tensor
scale); float64 values beyond float32's max raise InputError (the tensor
scale is FP32); within that range the two-level scale covers any magnitude
(no clipping beyond the element rounding). Tiny values: the effective scale
``ts * bs`` is at least 2**-126, so a matrix below ~1e-37 (or a block far
below its matrix maximum) keeps an absolute error of at most about
``ts * bs`` (<= 2**-126 ~ 1.2e-38 for the smallest matrices), float32
subnormals included. Empty axes: see ``base``.
"""
from __future__ import annotations

import math
from typing import Sequence

import torch

from ._elements import round_to_grid
from ._scaled import float_from_payload, float_payload, payload_nbytes
from .base import BlockFormat, Option, Quantized, check_finite, check_input, check_shape

__all__ = ["NVFP4", "NVFP6"]

BLOCK = 16
E4M3_MAX = 448.0
E4M3_TINY = 2.0 ** -6
TS_MIN = 2.0 ** -126 / E4M3_TINY   # 2**-120: the smallest block scale times it is float32's smallest normal


class _NV(BlockFormat):
    BLOCK = BLOCK
    FAMILY = "NV"

    def quantize(self, x: torch.Tensor, *, generator: torch.Generator | None = None) -> Quantized:
        check_input(x, self.name)
        check_finite(x, self.name)
        spec = self.spec
        g = self._grouping(x.shape)
        tamax = torch.amax(x.abs(), dim=(-2, -1), keepdim=True).to(torch.float32)
        ts = (tamax / (E4M3_MAX * spec.max)).clamp_(min=TS_MIN)
        ts = torch.where(tamax == 0, torch.ones_like(ts), ts)       # [..., 1, 1]
        tsb = ts.unsqueeze(-1)                                       # broadcast over blocked view
        xb = g.view(x)
        bamax = g.amax(xb).to(torch.float32)
        bs8 = ((bamax / spec.max) / tsb).clamp(E4M3_TINY, E4M3_MAX).to(torch.float8_e4m3fn)
        recip = (1.0 / tsb) / bs8.to(torch.float32)
        v = xb * recip.to(x.dtype)
        q = round_to_grid(v, spec, self._noise(v, generator), "saturate")
        payload = float_payload(q.reshape(x.shape), spec)
        meta = {"block_scale": g.store(bs8), "tensor_scale": ts}
        return Quantized(self.name, tuple(x.shape), x.dtype, payload, meta)

    def dequantize(self, q: Quantized) -> torch.Tensor:
        self._check_q(q)
        g = self._grouping(q.shape)
        vals = float_from_payload(q.payload, self.spec, q.shape, q.dtype)
        s = g.load(q.meta["block_scale"].to(q.dtype)) * q.meta["tensor_scale"].unsqueeze(-1).to(q.dtype)
        return (g.view(vals) * s).reshape(q.shape)

    def bytes_for(self, shape: Sequence[int]) -> int:
        shape = check_shape(shape, self.name)
        self._grouping(shape)
        n = math.prod(shape)
        return payload_nbytes(n, self.spec) + n // BLOCK + 4 * math.prod(shape[:-2])


class NVFP4(_NV):
    name = "nvfp4"
    _elem = "e2m1"


class NVFP6(_NV):
    """NVFP6; ``elem`` = "e2m3" (default) or "e3m2"."""

    name = "nvfp6"
    OPTIONS = {**_NV.OPTIONS, "elem": Option("e2m3", choices=("e2m3", "e3m2"))}
