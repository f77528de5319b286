"""QuaRot adapted to the recurrent state: random Hadamard rotation, then INT.

QuaRot (Ashkboos et al., 2024) rotates activations/KV with randomized
Hadamard matrices to spread outliers before quantization. Here the rotation
``R = H diag(±1) / sqrt(dk)`` (seed ``rotation_seed``; see ``_rotation``)
acts along the key axis (``R @ S``), which is the axis a state's key-row
outliers live on; the rotated state is symmetric INT (``bits``) with the
grouping options of ``integer`` (default: one FP32 absmax per value column).
Dequantize: ``R.T @ dequant``. The rotation is shared, not stored (0 bytes).
Our choices: rotation on the key axis only, Sylvester Hadamard (dk a power
of two), rotation computed as a dense matmul in the input dtype.
Bad input: NaN/Inf raise InputError, as do float64 values beyond float32's
max and a state whose rotation has max |R x| above float32's max / sqrt(dk)
(the FP32 absmax must hold it and the back-rotation's partial sums, up to
sqrt(dk) times larger, must stay finite); a lone large value is spread by R
and passes unless within 0.1% of float32's max. Tiny values: like ``integer`` (absolute error down to float32's
subnormal step) plus the rotation's float32 rounding, ~dk * 2**-150. Empty
axes: see ``base``; dk must be a power of two >= 2 (dk = 1 raises).
"""
from __future__ import annotations

import math
from typing import Sequence

import torch

from ._rotation import check_pow2, rotation
from .base import (
    F32_MAX,
    Option,
    Quantized,
    check_bounded,
    check_finite,
    check_input,
    check_shape,
    grouping_from_options,
)
from .integer import IntFormat, int_dequantize, int_nbytes, int_quantize

__all__ = ["QuaRot", "ROTATED_MAX"]

# max |R x| * sqrt(dk) bounds the back-rotation's partial sums; float32 sums of dk <= 8192 terms round them up by
# less than 2**-11 relative, so this margin below float32's max keeps them finite
ROTATED_MAX = F32_MAX * (1 - 2.0 ** -10)


def _is_seed(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _rotated_message(top: float, limit: float, dk: int) -> str:
    return (f"quarot: the rotated state R x reaches {top:.4g}, beyond the {limit:.4g} (float32's max / sqrt(dk), "
            f"dk = {dk}) that its FP32 absmax and float32 back-rotation hold (they would overflow to NaN or Inf)")


class QuaRot(IntFormat):
    name = "quarot"
    OPTIONS = {
        **IntFormat.OPTIONS,
        "bits": Option(8, choices=(8, 6, 4)),
        "rotation_seed": Option(0, check=_is_seed, expected="a non-negative int"),
    }

    def quantize(self, x: torch.Tensor, *, generator: torch.Generator | None = None) -> Quantized:
        check_input(x, self.name)
        check_finite(x, self.name)
        check_pow2(x.shape[-2], self.name)
        dk = x.shape[-2]
        # contiguous: a strided x would take another matmul path and round differently
        y = rotation(dk, self.rotation_seed, x.dtype, x.device) @ x.contiguous()
        g = grouping_from_options(self._opts, x.shape, self.name)
        payload, absmax = int_quantize(y, self.bits, g, lambda v: self._noise(v, generator))
        # the back-rotation's partial sums reach sqrt(dk) * max |R x|: keep them (and the FP32 absmax) finite
        limit = ROTATED_MAX / math.sqrt(dk)
        check_bounded(absmax, self.name, limit, f"quarot: the rotated state R x exceeds {limit:.4g}, where the "
                      "back-rotation would overflow to NaN or Inf",
                      lambda top: _rotated_message(top, limit, dk))
        return Quantized(self.name, tuple(x.shape), x.dtype, payload, {"absmax": absmax})

    def dequantize(self, q: Quantized) -> torch.Tensor:
        self._check_q(q)
        g = grouping_from_options(self._opts, q.shape, self.name)
        y = int_dequantize(q.payload, q.meta["absmax"], self.bits, g, q.shape, q.dtype)
        return rotation(q.shape[-2], self.rotation_seed, q.dtype, y.device).T @ y

    def bytes_for(self, shape: Sequence[int]) -> int:
        shape = check_shape(shape, self.name)
        check_pow2(shape[-2], self.name)
        return int_nbytes(shape, self.bits, grouping_from_options(self._opts, shape, self.name))
