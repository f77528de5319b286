"""What a kernel program needs to know about a GPU architecture to say whether it fits there.

Figures from the CUDA C++ Programming Guide's table of compute capabilities (shared memory per SM and per block,
registers, resident threads and blocks per SM). A GPU model (its SM count, bandwidth, clocks) is the tuner's business;
a program only asks its architecture.
"""
from __future__ import annotations

from dataclasses import dataclass

from leapquant.errors import InputError


@dataclass(frozen=True)
class Arch:
    name: str                 # the nvcc target ("sm_90"; TileLang compiles "sm_90a" features for it)
    shared_per_sm: int        # bytes of shared memory per SM
    shared_per_block: int     # bytes one program may use
    registers_per_sm: int     # 32-bit registers per SM
    threads_per_sm: int       # resident threads per SM
    blocks_per_sm: int        # resident programs per SM
    reserved_per_block: int = 1024   # shared memory the driver keeps per resident program


ARCHES = {
    "sm_90": Arch("sm_90", 228 * 1024, 227 * 1024, 65536, 2048, 32),     # H100, H200
    "sm_100": Arch("sm_100", 228 * 1024, 227 * 1024, 65536, 2048, 32),   # B200, GB200
    "sm_120": Arch("sm_120", 100 * 1024, 99 * 1024, 65536, 1536, 24),    # RTX 5090, RTX PRO 6000
}


def get(name: str) -> Arch:
    """The architecture `name` (``sm_90``, ``sm_100``, ``sm_120``); InputError naming the known ones otherwise."""
    if name not in ARCHES:
        raise InputError(f"arch must be one of {list(ARCHES)}, got {name!r}")
    return ARCHES[name]


def programs_fit(arch: Arch, shared_bytes: int, per_sm: int) -> str | None:
    """None if `per_sm` programs of `shared_bytes` each fit one SM of `arch`, else why not."""
    if shared_bytes > arch.shared_per_block:
        return f"needs {shared_bytes} bytes of shared memory per program, {arch.name} allows {arch.shared_per_block}"
    need = per_sm * (shared_bytes + arch.reserved_per_block)
    if need > arch.shared_per_sm:
        return (f"{per_sm} programs per SM need {need} bytes of shared memory, {arch.name} has {arch.shared_per_sm} "
                f"per SM")
    return None
