"""KVQuant adapted to the recurrent state: per-channel INT plus dense-and-sparse.

KVQuant (Hooper et al., 2024) quantizes keys per channel and keeps a small
fraction of outliers in a sparse FP16 matrix. Adapted to a [dk, dv] state:
  * per matrix, the ``k = floor(outlier_fraction * dk * dv)`` entries of
    largest magnitude are removed (set to 0) from the dense part and stored
    exactly as values (``outlier_dtype`` fp16 as in KVQuant, or fp32: exact)
    plus their flat index inside the matrix (int16 when dk*dv <= 32768, else
    int32) -- a COO list, counted in bytes;
  * the dense remainder is symmetric INT (``bits``) with one FP32 absmax per
    channel (``axis`` "value": per value column, the paper's B; "key": per
    key row), see ``integer``.
Choices where the paper is open for this setting: uniform INT instead of
KVQuant's sensitivity-weighted non-uniform (nuq) codebooks, no pre-RoPE
step (the state has no RoPE), a fixed outlier count per matrix (KVQuant uses
a per-vector threshold) so storage is exact and static, COO instead of CSR.

Bad input: NaN/Inf raise InputError, as do float64 values beyond float32's
max. With FP16 outliers (the default) a value beyond FP16's max (|x| > 65504;
the largest value is always an outlier) raises InputError naming
``outlier_dtype`` (fp32 stores it exactly) -- never an Inf. Tiny values:
FP16 outliers below FP16's normal range (6.1e-5) round onto its subnormal
grid (absolute error <= 2**-25 ~ 3e-8) and below 2**-25 to 0, as an FP16
cast does; FP32 outliers and the dense INT part keep float32's resolution
(see ``integer``). With ``k = 0`` (a matrix of fewer than 1/outlier_fraction
elements) there are no outliers and no FP16 limit. Empty axes: see ``base``.
"""
from __future__ import annotations

import math
from typing import Sequence

import torch

from .base import ROUNDING, SEED, Format, Grouping, Option, Quantized, check_finite, check_input, check_shape
from .integer import int_dequantize, int_nbytes, int_quantize

__all__ = ["KVQuant"]

FP16_MAX = 65504.0


def _is_frac(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and 0.0 <= v < 1.0


class KVQuant(Format):
    name = "kvquant"
    OPTIONS = {
        "bits": Option(8, choices=(8, 6, 4)),
        "axis": Option("value", choices=("value", "key")),
        "outlier_fraction": Option(0.01, check=_is_frac, expected="a number in [0, 1)"),
        "outlier_dtype": Option("fp16", choices=("fp16", "fp32")),
        "rounding": ROUNDING,
        "seed": SEED,
    }

    def _k(self, shape) -> int:
        return int(math.floor(self.outlier_fraction * shape[-2] * shape[-1]))

    def _grouping(self, shape) -> Grouping:
        return Grouping("key", shape[-2]) if self.axis == "value" else Grouping("value", shape[-1])

    @staticmethod
    def _index_dtype(shape) -> torch.dtype:
        return torch.int16 if shape[-2] * shape[-1] <= 32768 else torch.int32

    def quantize(self, x: torch.Tensor, *, generator: torch.Generator | None = None) -> Quantized:
        check_input(x, self.name)
        *lead, dk, dv = x.shape
        k = self._k(x.shape)
        if k and self.outlier_dtype == "fp16":   # the largest |x| is an outlier: it must fit FP16
            check_finite(x, self.name, FP16_MAX, "outlier_dtype='fp16' stores outliers in FP16, whose max is "
                                                 "65504; pass outlier_dtype='fp32' to keep them exactly")
        else:
            check_finite(x, self.name)
        flat = x.reshape(*lead, dk * dv)
        idx = torch.topk(flat.abs(), k, dim=-1, sorted=False).indices
        vals = torch.gather(flat, -1, idx)
        dense = flat.scatter(-1, idx, 0.0).view(x.shape)
        g = self._grouping(x.shape)
        payload, absmax = int_quantize(dense, self.bits, g, lambda v: self._noise(v, generator))
        vdt = torch.float16 if self.outlier_dtype == "fp16" else torch.float32
        meta = {"absmax": absmax, "outlier_values": vals.to(vdt),
                "outlier_index": idx.to(self._index_dtype(x.shape))}
        return Quantized(self.name, tuple(x.shape), x.dtype, payload, meta)

    def dequantize(self, q: Quantized) -> torch.Tensor:
        self._check_q(q)
        *lead, dk, dv = q.shape
        dense = int_dequantize(q.payload, q.meta["absmax"], self.bits, self._grouping(q.shape), q.shape, q.dtype)
        flat = dense.reshape(*lead, dk * dv)
        idx = q.meta["outlier_index"].to(torch.int64)
        return flat.scatter(-1, idx, q.meta["outlier_values"].to(q.dtype)).view(q.shape)

    def bytes_for(self, shape: Sequence[int]) -> int:
        shape = check_shape(shape, self.name)
        per = (2 if self.outlier_dtype == "fp16" else 4) + self._index_dtype(shape).itemsize
        return int_nbytes(shape, self.bits, self._grouping(shape)) + math.prod(shape[:-2]) * self._k(shape) * per
