"""Shared pieces of the block-scaled formats (FP8, MX, NV): scales and payloads.

E8M0 scale of a block with absolute maximum ``amax`` for an element type with
largest power of two ``2**emax``:
  * "floor" (OCP MX v1.0 §6.3, torchao's default FLOOR): ``2**(floor(log2 amax) - emax)``;
    the block maximum may then exceed the element max and is saturated.
  * "ceil": the smallest power of two with ``amax / scale <= max`` (no clipping;
    our choice for FP8 group scales when asked -- it is NOT torchao's CEIL mode).
  The unbiased exponent is clamped to [-127, 127]; an all-zero block gets
  2**-127 (code 0), as torchao does. E8M0 code 255 (NaN) is never produced
  because non-finite inputs raise.
"""
from __future__ import annotations

import math

import torch

from ._elements import ElementSpec, decode, encode, pack, packed_nbytes, pow2, unpack

__all__ = ["e8m0_scale", "e8m0_to_float", "float_payload", "float_from_payload", "payload_nbytes"]


def e8m0_scale(amax: torch.Tensor, spec: ElementSpec, mode: str = "floor") -> tuple[torch.Tensor, torch.Tensor]:
    """(biased uint8 code, scale as ``amax.dtype``) for each block."""
    _, e = torch.frexp(amax)
    k = (e - 1) - spec.emax
    if mode == "ceil":
        k = k.clamp(-127, 127)
        over = (amax / pow2(k, torch.float64).to(amax.dtype)) > spec.max
        k = k + over.to(k.dtype)
    elif mode != "floor":
        raise ValueError(f"scale_rounding must be 'floor' or 'ceil', got {mode!r}")
    k = torch.where(amax == 0, torch.full_like(k, -127), k).clamp(-127, 127)
    code = (k + 127).to(torch.uint8)
    return code, e8m0_to_float(code, amax.dtype)


def e8m0_to_float(code: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """2**(code - 127), exact in float32 (2**-127 is a float32 subnormal)."""
    return pow2(code.to(torch.int64) - 127, torch.float64).to(dtype)


def float_payload(q: torch.Tensor, spec: ElementSpec) -> torch.Tensor:
    """Store grid values: a torch float8 tensor when torch has the dtype,
    else packed codes (see ``_elements`` for the layout)."""
    if spec.torch_dtype is not None:
        return q.to(spec.torch_dtype)
    return pack(encode(q, spec), spec.bits)


def float_from_payload(p: torch.Tensor, spec: ElementSpec, shape: tuple[int, ...], dtype: torch.dtype) -> torch.Tensor:
    if spec.torch_dtype is not None:
        return p.to(dtype)
    n = math.prod(shape)
    return decode(unpack(p, spec.bits, n), spec, dtype).view(shape)


def payload_nbytes(n: int, spec: ElementSpec) -> int:
    return packed_nbytes(n, spec.bits)
