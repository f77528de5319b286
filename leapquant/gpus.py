"""GPUs by the names recipes and the tuner use, and the kernel architecture each one runs.

The architecture names are the kernels' (:mod:`leapquant.kernels.arch`): ``sm_90`` for Hopper (the kernels compile
its ``sm_90a`` features), ``sm_100`` for data-centre Blackwell, ``sm_120`` for workstation and consumer Blackwell.
"""
from __future__ import annotations

from leapquant.errors import InputError

GPU_ARCH: dict[str, str] = {
    "h100": "sm_90",
    "h200": "sm_90",
    "b200": "sm_100",
    "gb200": "sm_100",
    "rtx-pro-6000": "sm_120",
    "rtx-5090": "sm_120",
}
"""GPU name → kernel architecture."""


def names() -> list[str]:
    return list(GPU_ARCH)


def arch_of(gpu: str) -> str:
    """The kernel architecture of `gpu`; InputError naming the known GPUs otherwise."""
    if gpu not in GPU_ARCH:
        raise InputError(f"gpu must be one of {names()}, got {gpu!r}")
    return GPU_ARCH[gpu]
