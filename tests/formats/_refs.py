"""Shared inputs and outside references for the format tests."""
from __future__ import annotations

import ml_dtypes
import numpy as np
import torch

from leapquant.formats._elements import ELEMENTS

ML = {
    "e4m3": ml_dtypes.float8_e4m3fn,
    "e5m2": ml_dtypes.float8_e5m2,
    "e2m3": ml_dtypes.float6_e2m3fn,
    "e3m2": ml_dtypes.float6_e3m2fn,
    "e2m1": ml_dtypes.float4_e2m1fn,
    "bf16": ml_dtypes.bfloat16,
    "fp16": np.float16,
}


def ml_round(v: np.ndarray, elem: str, saturate: bool = True) -> np.ndarray:
    """Reference RNE rounding by ml_dtypes (clamped first when saturating)."""
    if saturate:
        m = ELEMENTS[elem].max
        v = np.clip(v, -m, m)
    return v.astype(ML[elem]).astype(np.float64)


def ml_codes(v: np.ndarray, elem: str) -> np.ndarray:
    m = ELEMENTS[elem].max
    return np.clip(v, -m, m).astype(ML[elem]).view(np.uint8)


def adversarial_values(elem: str, seed: int = 0) -> np.ndarray:
    """Grid points, exact ties between neighbours, just-off ties, subnormals,
    max and beyond, zeros, random log-uniform magnitudes (both signs)."""
    spec = ELEMENTS[elem]
    if elem in ("bf16", "fp16"):
        with np.errstate(invalid="ignore"):
            grid = np.arange(0, 2 ** 15, 97, dtype=np.uint16).view(ML[elem]).astype(np.float64)
        grid = grid[np.isfinite(grid)]
    else:
        grid = np.array(spec.magnitudes(), dtype=np.float64)
    grid = np.unique(grid)
    mids = 0.5 * (grid[1:] + grid[:-1])
    rng = np.random.default_rng(seed)
    lo = np.log2(grid[1]) - 3
    hi = np.log2(spec.max) + 2
    rand = 2.0 ** rng.uniform(lo, hi, 4000)
    vals = np.concatenate([
        grid, mids, np.nextafter(mids, 0), np.nextafter(mids, np.inf),
        grid[1:4] / 3, [0.0, spec.max, spec.max * 1.01, spec.max * 1.07, spec.max * 4, 1e30],
        rand,
    ])
    with np.errstate(over="ignore"):
        vals = vals.astype(np.float32).astype(np.float64)  # representable in float32
    return np.concatenate([vals, -vals])


def rand_state(shape, seed: int = 0, dtype=torch.float32, heavy: bool = True) -> torch.Tensor:
    """Random state with outlier rows/columns and spread magnitudes."""
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(shape, generator=g, dtype=torch.float64)
    if heavy:
        row = torch.exp(2 * torch.randn(shape[-2], 1, generator=g, dtype=torch.float64))
        col = torch.exp(torch.randn(1, shape[-1], generator=g, dtype=torch.float64))
        x = x * row * col
    return x.to(dtype)
