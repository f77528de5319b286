"""Checks shared by every entry point: each error names the argument and what was expected."""
from __future__ import annotations

from collections.abc import Sequence

import torch

from leapquant.errors import InputError

FLOAT_DTYPES = (torch.float16, torch.bfloat16, torch.float32, torch.float64)


def check_tensor(
    name: str,
    x: object,
    shape: Sequence[int | None] | None = None,
    *,
    finite: bool = True,
) -> torch.Tensor:
    """Validate a floating tensor; `None` in `shape` matches any size."""
    if not isinstance(x, torch.Tensor):
        raise InputError(f"{name} must be a torch.Tensor, got {type(x).__name__}")
    if x.dtype not in FLOAT_DTYPES:
        raise InputError(f"{name} must be a floating tensor (float16/bfloat16/float32/float64), got {x.dtype}")
    if shape is not None:
        ok = x.dim() == len(shape) and all(s is None or s == d for s, d in zip(shape, x.shape))
        if not ok:
            want = "[" + ", ".join("*" if s is None else str(s) for s in shape) + "]"
            raise InputError(f"{name} must have shape {want}, got {list(x.shape)}")
    if finite and not bool(torch.isfinite(x).all()):
        raise InputError(f"{name} contains NaN or Inf")
    return x


def check_log_decay(name: str, g: torch.Tensor) -> torch.Tensor:
    """Log-space gates must be <= 0 so that the decay exp(g) lies in (0, 1]."""
    if bool((g > 0).any()):
        worst = float(g.max())
        raise InputError(f"{name} must be <= 0 (log-space decay, so exp({name}) lies in (0, 1]), max is {worst:g}")
    if bool(torch.isinf(g).any()):
        raise InputError(f"{name} must be finite: exp({name}) = 0 is a decay outside (0, 1]")
    return g


def check_positive_int(name: str, value: object, *, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise InputError(f"{name} must be an integer >= {minimum}, got {value!r}")
    return value


INT64_MAX = 2 ** 63 - 1
"""The largest count a torch index (int64) holds: the bound of every integer option that reaches a tensor."""


def check_int(name: str, value: object, minimum: int, maximum: int = INT64_MAX) -> int:
    """An integer (not a bool) in [minimum, maximum]; the message names `name` and the range."""
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        top = "2**63 - 1" if maximum == INT64_MAX else str(maximum)
        raise InputError(f"{name} must be an integer in [{minimum}, {top}], got {value!r}")
    return value


def check_state(name: str, x: object, *, finite: bool = True) -> torch.Tensor:
    """A state x: [..., dk, dv], float32 or float64 (the formats' compute dtypes), dk and dv >= 1; finite unless
    `finite` is False."""
    if not isinstance(x, torch.Tensor):
        raise InputError(f"{name} must be a torch.Tensor, got {type(x).__name__}")
    if x.dtype not in (torch.float32, torch.float64):
        raise InputError(f"{name} must be float32 or float64, got {x.dtype}")
    if x.dim() < 2 or x.shape[-1] < 1 or x.shape[-2] < 1:
        raise InputError(f"{name} must have shape [..., dk, dv] with dk, dv >= 1, got {list(x.shape)}")
    if finite and x.numel() and not bool(torch.isfinite(x).all()):
        raise InputError(f"{name} contains NaN or Inf")
    return x


def int_list_arg(text: str) -> list[int]:
    """argparse `type` for a comma-separated list of integers >= 0 (the benchmark scripts' --layers, --entries, ...)."""
    import argparse
    try:
        vals = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected comma-separated integers, got {text!r}") from None
    if not vals or min(vals) < 0:
        raise argparse.ArgumentTypeError(f"expected comma-separated integers >= 0, got {text!r}")
    return vals
