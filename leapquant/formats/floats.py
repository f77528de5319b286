"""Plain floating-point storage: identity, FP32, BF16, FP16.

Rounding: "nearest" is IEEE round-to-nearest-even (torch's cast for float32
input; for float64 input the shared grid rounder in float64, because torch
casts double->half/bfloat16 through float and would round twice).
"stochastic" rounds each element up with probability equal to its distance
from the lower neighbour (unbiased), seeded through ``seed`` or a generator.

Bad input: NaN/Inf propagate (IEEE). Finite values beyond the format's
maximum become ±Inf, as an IEEE cast does (fp16 above 65504 + half an ulp;
bf16/fp32 only for float64 input beyond float32's range). Tiny values
underflow gradually, as IEEE: subnormals down to 2**-24 (fp16), 2**-133
(bf16), 2**-149 (fp32), then ±0. ``identity`` keeps every value (NaN, Inf,
float64 beyond float32) exactly. Empty axes and strides: see ``base``.
"""
from __future__ import annotations

import math
from typing import Sequence

import torch

from ._elements import ELEMENTS, round_to_grid
from .base import ROUNDING, SEED, Format, Option, Quantized, check_input, check_shape

__all__ = ["Identity", "FP32", "BF16", "FP16"]


class Identity(Format):
    """No-op, exact. Bytes are counted at ``element_bytes`` per element
    (default 4, i.e. an FP32 state), whatever the input's dtype."""

    name = "identity"
    OPTIONS = {"element_bytes": Option(4, choices=(1, 2, 4, 8))}

    def quantize(self, x: torch.Tensor, *, generator: torch.Generator | None = None) -> Quantized:
        check_input(x, self.name)
        return Quantized(self.name, tuple(x.shape), x.dtype, x.clone())

    def dequantize(self, q: Quantized) -> torch.Tensor:
        self._check_q(q)
        return q.payload.clone()

    def bytes_for(self, shape: Sequence[int]) -> int:
        return math.prod(check_shape(shape, self.name)) * self.element_bytes


class _IEEEFloat(Format):
    """Elementwise cast to ``_elem`` (payload in that torch dtype)."""

    _elem: str
    OPTIONS = {"rounding": ROUNDING, "seed": SEED}

    def quantize(self, x: torch.Tensor, *, generator: torch.Generator | None = None) -> Quantized:
        check_input(x, self.name)
        spec = ELEMENTS[self._elem]
        noise_needed = self.rounding == "stochastic"
        if not noise_needed and (x.dtype == torch.float32 or self._elem == "fp32"):
            payload = x.to(spec.torch_dtype, copy=True)  # never alias the input
        else:
            # float64 work unless the target's smallest step fits float32 normals
            work = x.dtype if spec.emin - spec.mbits >= -126 else torch.float64
            xw = x.to(work)
            q = round_to_grid(xw, spec, self._noise(xw, generator), overflow="inf")
            payload = q.to(spec.torch_dtype)  # exact: q is on the grid
        return Quantized(self.name, tuple(x.shape), x.dtype, payload)

    def dequantize(self, q: Quantized) -> torch.Tensor:
        self._check_q(q)
        return q.payload.to(q.dtype)

    def bytes_for(self, shape: Sequence[int]) -> int:
        return math.prod(check_shape(shape, self.name)) * ELEMENTS[self._elem].torch_dtype.itemsize


class FP32(_IEEEFloat):
    """IEEE binary32 (exact for float32 input; rounds float64 input)."""

    name = "fp32"
    _elem = "fp32"


class BF16(_IEEEFloat):
    """bfloat16 (8 exponent, 7 mantissa bits)."""

    name = "bf16"
    _elem = "bf16"


class FP16(_IEEEFloat):
    """IEEE binary16 (5 exponent, 10 mantissa bits)."""

    name = "fp16"
    _elem = "fp16"
