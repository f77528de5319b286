"""Symmetric integer formats INT8/INT6/INT4 (per tensor, channel or group).

Each group stores its absolute maximum ``B`` (FP32) and integer codes
``Z = round(x / B * qmax)`` clamped to [-qmax, qmax], qmax = 2**(bits-1) - 1
(127, 31, 7; the code -2**(bits-1) is unused, keeping the grid symmetric).
Dequantize: ``(Z / qmax) * B`` -- the paper's per-value-channel INT8,
``dequant = (Z/127) B`` with B the absmax of each value column, is the
default (granularity "channel", axis "value"). A zero group stores B = 0.
Rounding: nearest even (``torch.round``) or stochastic (``floor(v + U)``).

Payload: int8 tensor for 8 bits; for 6 and 4 bits the two's-complement codes
packed (6-bit: 4 codes in 3 bytes; 4-bit: 2 per byte; see ``_elements``).

Bad input: NaN/Inf raise InputError, as do float64 values beyond float32's
max (B is FP32); within that range B adapts and nothing saturates. Tiny
values: the codes are exact ratios and the dequantized ``(Z/qmax) * B``
rounds onto float32's grid, so float32 subnormals keep float32's absolute
resolution (error <= 2**-149); a float64 group below float32's range stores
a subnormal B (absolute error ~2**-149) or B = 0 (dequantizes to 0, error
< 2**-150). Empty axes: see ``base``.
"""
from __future__ import annotations

import math
from typing import Sequence

import torch

from ._elements import pack, packed_nbytes, unpack
from .base import (
    GROUPED_OPTIONS,
    ROUNDING,
    SEED,
    Format,
    Grouping,
    Option,
    Quantized,
    check_finite,
    check_input,
    check_shape,
    grouping_from_options,
)

__all__ = ["IntFormat", "INT8", "INT6", "INT4", "int_quantize", "int_dequantize"]


def int_quantize(x: torch.Tensor, bits: int, g: Grouping, noise_fn) -> tuple[torch.Tensor, torch.Tensor]:
    """(payload, stored FP32 absmax) for symmetric ``bits``-bit codes."""
    qmax = 2 ** (bits - 1) - 1
    xb = g.view(x)
    absmax = g.amax(xb).to(torch.float32)
    b = absmax.to(x.dtype)
    b = torch.where(b == 0, torch.ones_like(b), b)
    v = xb / b * qmax
    noise = noise_fn(v)
    z = torch.round(v) if noise is None else torch.floor(v + noise)
    z = z.clamp_(-qmax, qmax).to(torch.int8).reshape(x.shape)
    if bits == 8:
        payload = z
    else:
        payload = pack(z.view(torch.uint8) & ((1 << bits) - 1), bits)
    return payload, g.store(absmax)


def int_dequantize(payload: torch.Tensor, absmax: torch.Tensor, bits: int, g: Grouping,
                   shape: tuple[int, ...], dtype: torch.dtype) -> torch.Tensor:
    qmax = 2 ** (bits - 1) - 1
    if bits == 8:
        z = payload
    else:
        u = unpack(payload, bits, math.prod(shape)).to(torch.int16)
        sign = 1 << (bits - 1)
        z = ((u ^ sign) - sign).view(shape)
    zb = g.view(z.to(dtype))
    return (zb / qmax * g.load(absmax).to(dtype)).reshape(shape)


def int_nbytes(shape: tuple[int, ...], bits: int, g: Grouping) -> int:
    return packed_nbytes(math.prod(shape), bits) + 4 * g.n_groups(shape)


class IntFormat(Format):
    _bits: int
    OPTIONS = {
        **GROUPED_OPTIONS,
        "granularity": Option("channel", choices=("tensor", "channel", "group")),
        "rounding": ROUNDING,
        "seed": SEED,
    }

    def roundtrip(self, x: torch.Tensor, *, generator: torch.Generator | None = None) -> torch.Tensor:
        """Fake quantization with the same float operations as quantize → dequantize (the codes are
        integers held exactly in floats), in place after one copy: the simulator's hot path."""
        if type(self).quantize is not IntFormat.quantize or self._opts["rounding"] != "nearest":
            return super().roundtrip(x, generator=generator)  # subclasses (QuaRot) quantize differently
        check_input(x, self.name)
        check_finite(x, self.name)
        g = grouping_from_options(self._opts, x.shape, self.name)
        qmax = 2 ** (self._bits - 1) - 1
        xb = g.view(x)
        absmax = g.amax(xb).to(torch.float32).to(x.dtype)
        b = torch.where(absmax == 0, torch.ones_like(absmax), absmax)
        z = (xb / b).mul_(qmax).round_().clamp_(-qmax, qmax)
        return z.div_(qmax).mul_(absmax).reshape(x.shape)

    def quantize(self, x: torch.Tensor, *, generator: torch.Generator | None = None) -> Quantized:
        check_input(x, self.name)
        check_finite(x, self.name)
        g = grouping_from_options(self._opts, x.shape, self.name)
        payload, absmax = int_quantize(x, self._bits, g, lambda v: self._noise(v, generator))
        return Quantized(self.name, tuple(x.shape), x.dtype, payload, {"absmax": absmax})

    def dequantize(self, q: Quantized) -> torch.Tensor:
        self._check_q(q)
        g = grouping_from_options(self._opts, q.shape, self.name)
        return int_dequantize(q.payload, q.meta["absmax"], self._bits, g, q.shape, q.dtype)

    def bytes_for(self, shape: Sequence[int]) -> int:
        shape = check_shape(shape, self.name)
        return int_nbytes(shape, self._bits, grouping_from_options(self._opts, shape, self.name))


class INT8(IntFormat):
    name = "int8"
    _bits = 8


class INT6(IntFormat):
    name = "int6"
    _bits = 6


class INT4(IntFormat):
    name = "int4"
    _bits = 4
