"""`KernelConfig`: one decode layer's kernels — the problem, the method's numbers and the programs that run them.

A small frozen config in torchao's style: every choice is a named value or a number, so that a search space can be
read from it (:func:`leapquant.kernels.registry.search_space`). ``decode`` and ``boundary`` name the two launches'
programs (``"auto"``: the fastest that fits the problem, :func:`leapquant.kernels.registry.resolve`); tile fields at
0 take the chosen program's own value. Resolving returns a new, fully specified object; this module only checks
each field on its own (the registry checks that the programs fit).
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from leapquant.errors import InputError

FAMILIES = ("gdn", "kda")
"""Recurrence families the kernels run: Gated DeltaNet (one decay per head) and KDA (one per key channel)."""

LAYOUTS = ("v_first", "k_first")
"""State layouts: ``v_first`` [slots, HV, V, K] (vLLM's), ``k_first`` [slots, HV, K, V] (FLA's)."""

FORMATS = ("int8", "int4", "fp8-e4m3", "bf16")
"""The boundary state's residual format (the pipeline's format names). ``bf16`` is the per-window BF16 state of the
paper's Table 2: no compensators, no smoothing."""

DECODE_PROGRAMS = ("warp", "persistent", "tile")
"""Decode programs, fastest first (:mod:`leapquant.kernels.decode`)."""

BOUNDARY_PROGRAMS = ("walk", "regs", "smem", "simple")
"""Boundary programs, fastest first (:mod:`leapquant.kernels.boundary`)."""

OUT_DTYPES = ("bfloat16", "float32")

TILE_FIELDS = ("block_v", "threads", "programs_per_sm", "boundary_threads")
"""Fields whose 0 means "the program's own value"."""


@dataclass(frozen=True)
class KernelConfig:
    """One decode layer's kernels.

    Problem: ``family``, heads ``H`` (keys) and ``HV`` (values), head sizes ``K``, ``V``, ``layout``.
    Method: ``window`` (p tokens per quantization), ``rank`` (r compensator tokens), residual ``format``, ``iters``
    (power iterations per refit; 0 keeps the stored keys — the refit's timing twin, no pipeline computes it).
    Programs: ``decode``, ``boundary`` (names, or ``"auto"``). Tiles: ``block_v`` (value rows per decode program),
    ``threads`` (decode threads), ``programs_per_sm`` (decode programs resident per SM), ``boundary_threads``.
    ``small_batch``: steps with fewer requests run the programs' small-batch forms (one wave); 0 turns that off.
    """

    family: str = "gdn"
    H: int = 32
    HV: int = 32
    K: int = 128
    V: int = 128
    layout: str = "v_first"
    window: int = 16
    rank: int = 4
    format: str = "int8"
    iters: int = 2
    decode: str = "auto"
    boundary: str = "auto"
    block_v: int = 0
    threads: int = 0
    programs_per_sm: int = 0
    boundary_threads: int = 0
    small_batch: int = 64
    out_dtype: str = "bfloat16"

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
                raise InputError(f"KernelConfig.{f.name} must be an integer, got {value!r}")
            if f.type == "str" and not isinstance(value, str):
                raise InputError(f"KernelConfig.{f.name} must be a string, got {value!r}")
        _one_of("family", self.family, FAMILIES)
        _one_of("layout", self.layout, LAYOUTS)
        _one_of("format", self.format, FORMATS)
        _one_of("decode", self.decode, ("auto", *DECODE_PROGRAMS))
        _one_of("boundary", self.boundary, ("auto", *BOUNDARY_PROGRAMS))
        _one_of("out_dtype", self.out_dtype, OUT_DTYPES)
        for name in ("H", "HV", "K", "V"):
            _at_least(name, getattr(self, name), 1)
        if self.HV % self.H:
            raise InputError(f"KernelConfig.HV must be a multiple of H = {self.H}, got {self.HV}")
        _at_least("window", self.window, 2)
        _at_least("rank", self.rank, 0)
        _at_least("iters", self.iters, 0)
        _at_least("small_batch", self.small_batch, 0)
        for name in TILE_FIELDS:
            _at_least(name, getattr(self, name), 0)
        if self.rank > min(self.K, self.V):
            raise InputError(f"KernelConfig.rank must be at most min(K, V) = {min(self.K, self.V)}, got {self.rank}")
        if self.format == "bf16" and self.rank:
            raise InputError(f"KernelConfig.rank must be 0 with format 'bf16' (the per-window BF16 state has no "
                             f"compensators), got {self.rank}")
        if self.format == "int4" and (self.K % 2 or self.V % 2):
            raise InputError(f"KernelConfig.K and V must be even with format 'int4' (two codes per byte), got "
                             f"K = {self.K}, V = {self.V}")

    @property
    def v_first(self) -> bool:
        return self.layout == "v_first"

    @property
    def resolved(self) -> bool:
        """Whether the programs and tiles are chosen (:func:`leapquant.kernels.registry.resolve`)."""
        return "auto" not in (self.decode, self.boundary) and all(getattr(self, f) for f in TILE_FIELDS)

    @property
    def tf32_refit(self) -> bool:
        """Whether the boundary's refit takes its operands in TF32 (its products on tensor cores): the ``walk``,
        ``regs`` and ``smem`` programs where K is a multiple of 64; ``simple`` refits in FP32."""
        return self.rank > 0 and self.boundary in ("walk", "regs", "smem") and self.K % 64 == 0

    @property
    def reference_options(self) -> dict:
        """The keyword arguments of the reference's pool (naive.empty_state) with this arithmetic."""
        return dict(family=self.family, window=self.window, rank=self.rank, layout=self.layout, iters=self.iters,
                    format=self.format, tf32_refit=self.tf32_refit)

    @property
    def tag(self) -> str:
        """A short name for benchmark rows and caches: the problem, the method and the programs with their tiles."""
        return (f"{self.family}-{self.format}-w{self.window}-r{self.rank}-{self.layout}"
                + ("" if self.iters == 2 else f"-it{self.iters}")
                + f"-{self.decode}-bv{self.block_v}-t{self.threads}-s{self.programs_per_sm}"
                + f"-{self.boundary}-bt{self.boundary_threads}"
                + ("" if self.small_batch == 64 else f"-sb{self.small_batch}")
                + ("" if self.out_dtype == "bfloat16" else "-f32"))


def _one_of(name: str, value, choices) -> None:
    if value not in choices:
        raise InputError(f"KernelConfig.{name} must be one of {list(choices)}, got {value!r}")


def _at_least(name: str, value: int, low: int) -> None:
    if value < low:
        raise InputError(f"KernelConfig.{name} must be >= {low}, got {value}")
