"""TurboQuant (MSE variant) adapted to the recurrent state.

TurboQuant (Zandieh et al., 2025) stores a vector's norm, randomly rotates
the unit vector so that each coordinate follows the known marginal of a
uniform point on the sphere, and quantizes every coordinate with the
Lloyd-Max (MSE-optimal scalar) quantizer for that marginal. Adapted here:
  * vectors = value columns of the state (length dk), so rotation and norm
    act along the key axis; one FP32 norm per value column;
  * rotation: the seeded random Hadamard of ``_rotation`` (a structured
    random rotation; the paper's analysis uses a dense random orthogonal one);
  * codebook: Lloyd-Max for the exact coordinate density
    ``f(t) ∝ (1 - t²)^((dk-3)/2)`` on [-1, 1] (i.e. (t+1)/2 ~ Beta((dk-1)/2,
    (dk-1)/2)); cell masses from ``scipy.stats.beta``, first moments in
    closed form; iterated to convergence and cached per (dk, bits);
  * codes are ``bits``-bit indices into the 2**bits centroids, packed
    (8: 1 byte, 6: 4 per 3 bytes, 4: 2 per byte, others LSB-first);
  * the QJL 1-bit residual of TurboQuant-prod (for inner products) is not
    implemented: the state is read through matrix-vector products whose
    error the MSE variant already bounds; rounding is nearest only.
Bad input: NaN/Inf raise InputError; so do float64 values beyond float32's
max and a value column whose norm exceeds 2**126 (~8.5e37; the norm is
FP32 and the reconstruction ``norm * (R.T @ c)`` must stay finite). The
norm is accumulated in float64, so large (1e19+) and tiny (1e-22) columns
keep full relative accuracy; a column whose norm is below float32's normal
range (~1.2e-38) has its norm rounded onto float32's subnormal grid
(absolute error ~1e-45 on the norm) and one below 2**-150 dequantizes to 0.
An all-zero column stores norm 0. Empty axes: see ``base``; dk must be a
power of two >= 2 (dk = 1 raises InputError).
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

import numpy as np
import scipy.special
import scipy.stats
import torch

from ._elements import pack, packed_nbytes, unpack
from ._rotation import check_pow2, rotation
from .base import Format, Option, Quantized, check_bounded, check_finite, check_input, check_shape

__all__ = ["TurboQuant", "lloyd_max_sphere", "NORM_MAX"]

NORM_MAX = 2.0 ** 126   # a decoded unit vector has norm < 1.6, so norm * (R.T @ c) stays below float32's max
_NORM_DEFERRED = f"turboquant: a value column of x has a norm beyond {NORM_MAX:.4g} (2**126), where its " \
                 "reconstruction would overflow to NaN or Inf"


def _norm_message(top: float) -> str:
    return (f"turboquant: a value column of x has norm {top:.4g}, beyond the {NORM_MAX:.4g} (2**126) that its FP32 "
            "norm and float32 reconstruction hold (they would overflow to NaN or Inf)")


@lru_cache(maxsize=None)
def lloyd_max_sphere(d: int, bits: int, iters: int = 5000, tol: float = 1e-10) -> tuple[np.ndarray, np.ndarray]:
    """(centroids [2**bits], thresholds [2**bits - 1]) of the Lloyd-Max
    quantizer for one coordinate of a uniform point on S^{d-1}."""
    a = (d - 1) / 2.0
    dist = scipy.stats.beta(a, a, loc=-1.0, scale=2.0)
    logz = scipy.special.betaln(0.5, (d - 1) / 2.0)   # ∫(1-t²)^((d-3)/2) dt over [-1,1]
    L = 2 ** bits

    def moment(t: np.ndarray) -> np.ndarray:
        # ∫_{-1}^{t} s f(s) ds = -(1 - t²)^((d-1)/2) / ((d-1) Z)
        with np.errstate(divide="ignore"):
            return -np.exp(((d - 1) / 2.0) * np.log1p(-np.minimum(t * t, 1.0)) - logz) / (d - 1)

    # init: quantiles of the density^(1/3) (Panter-Dite), approximated by a
    # Gaussian of variance 3/d, clipped inside (-1, 1)
    p = (np.arange(L) + 0.5) / L
    c = np.clip(scipy.stats.norm.ppf(p) * math.sqrt(3.0 / d), -0.999, 0.999)
    for _ in range(iters):
        th = 0.5 * (c[1:] + c[:-1])
        edges = np.concatenate([[-1.0], th, [1.0]])
        mass = np.diff(dist.cdf(edges))
        mom = np.diff(moment(edges))
        new = np.where(mass > 0, mom / np.maximum(mass, 1e-300), c)
        if np.max(np.abs(new - c)) < tol:
            c = new
            break
        c = new
    return c, 0.5 * (c[1:] + c[:-1])


@lru_cache(maxsize=64)
def _codebook_on(dk: int, bits: int, dtype: torch.dtype, device: torch.device) -> tuple[torch.Tensor, torch.Tensor]:
    """Centroids and thresholds on `device`, made once (not copied from the host at every step)."""
    c, th = lloyd_max_sphere(dk, bits)
    return torch.tensor(c, dtype=dtype, device=device), torch.tensor(th, dtype=dtype, device=device)


class TurboQuant(Format):
    name = "turboquant"
    OPTIONS = {
        "bits": Option(8, choices=(1, 2, 3, 4, 5, 6, 7, 8)),
        "rotation_seed": Option(0, check=lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0,
                                expected="a non-negative int"),
        "rounding": Option("nearest", choices=("nearest",)),
    }

    def _tables(self, dk: int, dtype: torch.dtype, device) -> tuple[torch.Tensor, torch.Tensor]:
        return _codebook_on(dk, self.bits, dtype, torch.device(device))

    def quantize(self, x: torch.Tensor, *, generator: torch.Generator | None = None) -> Quantized:
        check_input(x, self.name)
        check_finite(x, self.name)
        dk = x.shape[-2]
        check_pow2(dk, self.name)
        # float64 accumulation: float32 squares overflow above ~1.8e19 and underflow below ~1e-19
        norm64 = torch.linalg.vector_norm(x, dim=-2, keepdim=True, dtype=torch.float64)   # [..., 1, dv]
        check_bounded(norm64, self.name, NORM_MAX, _NORM_DEFERRED, _norm_message)
        norm = norm64.to(torch.float32)    # stored; the unit vector is taken against it, so norm * u = x
        safe = torch.where(norm == 0, torch.ones_like(norm), norm).to(x.dtype)
        # contiguous: a strided x would take another matmul path and round differently
        u = rotation(dk, self.rotation_seed, x.dtype, x.device) @ (x.contiguous() / safe)
        _, th = self._tables(dk, x.dtype, x.device)
        codes = torch.bucketize(u, th)  # index of the nearest centroid (ties go to the lower cell)
        payload = pack(codes, self.bits)
        return Quantized(self.name, tuple(x.shape), x.dtype, payload, {"norm": norm})

    def dequantize(self, q: Quantized) -> torch.Tensor:
        self._check_q(q)
        dk = q.shape[-2]
        c, _ = self._tables(dk, q.dtype, q.payload.device)
        codes = unpack(q.payload, self.bits, math.prod(q.shape)).view(q.shape)
        u = c[codes.long()]
        return (rotation(dk, self.rotation_seed, q.dtype, u.device).T @ u) * q.meta["norm"].to(q.dtype)

    def bytes_for(self, shape: Sequence[int]) -> int:
        shape = check_shape(shape, self.name)
        check_pow2(shape[-2], self.name)
        n = math.prod(shape)
        return packed_nbytes(n, self.bits) + 4 * (n // shape[-2])
