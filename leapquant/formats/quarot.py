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
NaN/Inf input: raises ValueError.
"""
from __future__ import annotations

from typing import Sequence

import torch

from ._rotation import check_pow2, rotation
from .base import Option, Quantized, check_finite, check_input, check_shape, grouping_from_options
from .integer import IntFormat, int_dequantize, int_nbytes, int_quantize

__all__ = ["QuaRot"]


def _is_seed(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


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
        y = rotation(x.shape[-2], self.rotation_seed, x.dtype, x.device) @ x
        g = grouping_from_options(self._opts, x.shape, self.name)
        payload, absmax = int_quantize(y, self.bits, g, lambda v: self._noise(v, generator))
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
