"""Seeded random Hadamard rotation along the key axis (QuaRot, TurboQuant).

``R = H D / sqrt(dk)`` with ``H`` the Sylvester Hadamard matrix
(``scipy.linalg.hadamard``) and ``D = diag(±1)`` signs drawn from a CPU
``torch.Generator`` seeded with ``seed``. ``R`` is orthogonal; it is applied
as ``R @ S`` (mixing key rows inside each value column) and undone with
``R.T``. dk must be a power of two. R is a function of (dk, seed) shared by
every state, so it is not stored per tensor and not counted in bytes.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
import scipy.linalg
import torch

from leapquant.errors import InputError

__all__ = ["rotation", "check_pow2"]


def check_pow2(dk: int, who: str) -> None:
    if dk < 2 or dk & (dk - 1):
        raise InputError(f"{who}: the key axis must be a power of two >= 2 for the Hadamard rotation, got {dk}")


@lru_cache(maxsize=64)
def _rotation_cpu(dk: int, seed: int) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed)
    signs = torch.randint(0, 2, (dk,), generator=g, dtype=torch.int64) * 2 - 1
    h = torch.from_numpy(scipy.linalg.hadamard(dk).astype(np.float64)) / np.sqrt(dk)
    return h * signs.to(torch.float64)  # H @ diag(signs)


def rotation(dk: int, seed: int, dtype: torch.dtype, device: torch.device | str) -> torch.Tensor:
    """The [dk, dk] orthogonal matrix R (computed in float64, then cast), shared: do not modify it."""
    return _rotation_on(dk, seed, dtype, torch.device(device))


@lru_cache(maxsize=64)
def _rotation_on(dk: int, seed: int, dtype: torch.dtype, device: torch.device) -> torch.Tensor:
    # one copy per device and dtype: a copy from the host at every step would stall a GPU and cannot
    # be captured in a CUDA graph (leapquant.cuda_graphs)
    return _rotation_cpu(dk, seed).to(device=device, dtype=dtype)
