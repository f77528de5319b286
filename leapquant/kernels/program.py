"""`Program`: a kernel program as the registry sees it — where it applies, its own tiles, and how it is built."""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field

from leapquant.kernels.config import KernelConfig


@dataclass(frozen=True)
class Program:
    """One launch's program. `fits(cfg)` says why it does not apply to `cfg` (a message naming the field), or None;
    `tiles(cfg)` gives its own value of each tile field `cfg` left at 0; `choices(cfg)` the tile values a search may
    try; `shared_bytes(cfg)` its shared memory per program; `per_sm(cfg)` the programs per SM that must fit one SM's
    shared memory (its register cap may aim at more); `builder` ("module:function") builds the TileLang prim_func
    from a resolved config; `head_warps(cfg)` the warps that do one request head's work (None: the program's warps
    over the heads' share of a program, ``threads / 32 · V / block_v`` for a decode, ``boundary_threads / 32`` for a
    boundary), read by the tuner's compiled cost model."""

    name: str
    role: str                                           # "decode" | "boundary"
    summary: str
    fits: Callable[[KernelConfig], str | None]
    tiles: Callable[[KernelConfig], dict]
    builder: str
    shared_bytes: Callable[[KernelConfig], int]         # shared memory per program (bytes), for the arch check
    choices: Callable[[KernelConfig], dict] = field(default=lambda cfg: {})
    per_sm: Callable[[KernelConfig], int] = field(default=lambda cfg: 2)   # programs per SM that must fit one SM
    head_warps: Callable[[KernelConfig], float] | None = None

    def build(self, cfg: KernelConfig):
        """The TileLang prim_func of this program for the resolved `cfg`."""
        module, func = self.builder.split(":")
        return getattr(importlib.import_module(module), func)(cfg)
