"""Small helpers the family specs share: head-count rule, range checks, random-input building blocks."""
from __future__ import annotations

import torch

from leapquant.errors import InputError
from leapquant.recurrences.base import Dims


class SameHeads:
    """Mixin for families without grouped value heads: v must have as many heads as q and k."""

    def dims(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> Dims:
        d = super().dims(q, k, v)  # type: ignore[misc]
        if d.HV != d.H:
            raise InputError(
                f"v has {d.HV} heads but q and k have {d.H}: {self.name} has no grouped value heads, "  # type: ignore[attr-defined]
                f"so v's head count must equal q's")
        return d


def check_range(name: str, x: torch.Tensor, lo: float | None = None, hi: float | None = None) -> None:
    """Raise InputError naming `name` unless lo <= x <= hi elementwise."""
    if lo is not None and bool((x < lo).any()):
        raise InputError(f"{name} must be >= {lo:g}, min is {float(x.min()):g}")
    if hi is not None and bool((x > hi).any()):
        raise InputError(f"{name} must be <= {hi:g}, max is {float(x.max()):g}")


def check_single_substep(spec) -> None:
    """Families with one record per token reject any other `substeps` option."""
    if spec.substeps != 1:
        raise InputError(f"substeps must be 1 for {spec.name} (one record per token), got {spec.substeps!r}")


def randn(generator: torch.Generator | None):
    return lambda *s: torch.randn(*s, generator=generator, dtype=torch.float32)  # noqa: E731


def ones_like_beta(x: torch.Tensor) -> torch.Tensor:
    """β = 1 per record, [..., N, 1], for families that write v unscaled."""
    return torch.ones(*x.shape[:-1], 1, dtype=x.dtype, device=x.device)


def zero_log_decay(x: torch.Tensor) -> torch.Tensor:
    """Identity decay (log α = 0), scalar per record: [..., N, 1]."""
    return torch.zeros(*x.shape[:-1], 1, dtype=x.dtype, device=x.device)
