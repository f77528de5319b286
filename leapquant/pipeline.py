"""The quantizer pipeline (docs/math.md §2–6): a format × a schedule × a compensator fitter × a smoother.

A `Pipeline` is plain data — it converts to and from a dict losslessly (the recipe file of the
tuner is that dict) — and builds, per simulated stream, a `BoundaryQuantizer`: the function that
the windowed state calls at the end of every window to turn S_p into the next window's Ŝ_0 and
its compensator records. Per-step quantization (every baseline in the paper) is window = 1 with
full-precision records.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

import torch

from leapquant import fitters as fitter_registry
from leapquant import formats as format_registry
from leapquant import smoothers as smoother_registry
from leapquant.errors import InputError
from leapquant.recurrences.base import Records
from leapquant.window import RecordPrecision

SCHEMA_VERSION = 1
_DTYPES = {"fp16": torch.float16, "fp32": torch.float32, "bf16": torch.bfloat16, "exact": None}
_BYTES = {"fp16": 2, "bf16": 2, "fp32": 4, "exact": 8}


@dataclass
class Pipeline:
    """One way of keeping a recurrent state. Defaults are the paper's 8-bit LeapQuant."""

    format: str = "int8"
    format_options: dict[str, Any] = field(default_factory=dict)
    window: int = 16
    records: str = "fp16"          # precision of buffered k and u ("exact": no rounding)
    rank: int = 4                  # compensator tokens r
    fitter: str = "power"
    fitter_options: dict[str, Any] = field(default_factory=dict)   # power iteration: iters = 2
    refit_every: int = 1           # run the fitter at every k-th boundary; between, the keys are kept and only
                                   # U = Sᵀ K is re-projected (a cheaper kernel boundary: docs/math.md §4)
    boundary_lag: int = 0          # tokens after a window's end that still read the old boundary and buffer while
                                   # the next boundary state is built (a kernel's boundary beside the next decode
                                   # step: docs/math.md eq. 21); 0: the paper's
                                   # schedule. 0 <= lag < window
    pairs: str = "fp16"            # precision of the stored compensator pairs
    smoother: str = "sqrt-mean-abs"
    smoother_options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.validate()

    # ---- plain data ----------------------------------------------------------------------------
    @property
    def schedule(self) -> str:
        return "per-step" if self.window == 1 else "per-window"

    def to_dict(self) -> dict[str, Any]:
        return {"version": SCHEMA_VERSION, **asdict(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Pipeline":
        if not isinstance(data, dict):
            raise InputError(f"a pipeline must be a dict, got {type(data).__name__}")
        data = dict(data)
        version = data.pop("version", SCHEMA_VERSION)
        if version != SCHEMA_VERSION:
            raise InputError(f"pipeline.version must be {SCHEMA_VERSION}, got {version!r}")
        data.pop("schedule", None)
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise InputError(f"unknown pipeline field(s) {sorted(unknown)}; expected {sorted(known)}")
        return cls(**data)

    def validate(self) -> None:
        def need(ok: bool, name: str, expected: str) -> None:
            if not ok:
                raise InputError(f"pipeline.{name} must be {expected}, got {getattr(self, name)!r}")

        need(isinstance(self.window, int) and not isinstance(self.window, bool) and self.window >= 1,
             "window", "an integer >= 1")
        need(isinstance(self.rank, int) and not isinstance(self.rank, bool) and self.rank >= 0,
             "rank", "an integer >= 0")
        need(isinstance(self.refit_every, int) and not isinstance(self.refit_every, bool) and self.refit_every >= 1,
             "refit_every", "an integer >= 1")
        need(isinstance(self.boundary_lag, int) and not isinstance(self.boundary_lag, bool)
             and 0 <= self.boundary_lag < self.window, "boundary_lag", f"an integer >= 0 and < window = {self.window}")
        need(self.records in _DTYPES, "records", f"one of {list(_DTYPES)}")
        need(self.pairs in ("fp16", "fp32"), "pairs", "'fp16' or 'fp32'")
        for name in ("format_options", "fitter_options", "smoother_options"):
            need(isinstance(getattr(self, name), dict), name, "a dict")
        need(self.format in format_registry.names(), "format", f"one of {format_registry.names()}")
        need(self.fitter in fitter_registry.names(), "fitter", f"one of {fitter_registry.names()}")
        need(self.smoother in smoother_registry.names(), "smoother", f"one of {smoother_registry.names()}")
        self.build_format()
        fitter_registry.get(self.fitter, **self.fitter_options)
        smoother_registry.get(self.smoother, **self.smoother_options)

    # ---- components ----------------------------------------------------------------------------
    def build_format(self):
        try:
            return format_registry.get(self.format, **self.format_options)
        except InputError:
            raise
        except (ValueError, TypeError, KeyError) as e:
            raise InputError(f"pipeline.format_options for {self.format!r}: {e}") from e

    def precision(self) -> RecordPrecision:
        return RecordPrecision(vectors=_DTYPES[self.records], decay=None if self.records == "exact" else torch.float32)

    def boundary(self, seed: int | None = None, keep_stats: bool = False) -> "BoundaryQuantizer":
        return BoundaryQuantizer(self, seed, keep_stats)

    # ---- storage -------------------------------------------------------------------------------
    def boundary_bytes(self, dk: int, dv: int) -> int:
        """Bytes of one head's boundary state: payload and scales, smoothing, compensator pairs."""
        fmt = self.build_format()
        smoother = smoother_registry.get(self.smoother, **self.smoother_options)
        return fmt.bytes_for((dk, dv)) + smoother.bytes_for(dk, dv) + self.rank * (dk + dv) * _BYTES[self.pairs]

    def bytes_per_element(self, dk: int, dv: int) -> float:
        return self.boundary_bytes(dk, dv) / (dk * dv)

    def buffer_bytes(self, dk: int, dv: int, decay_dim: int = 1) -> int:
        """Bytes of one head's full record buffer (p records: k and u, plus FP32 log decays)."""
        if self.window == 1:
            return 0
        return self.window * ((dk + dv) * _BYTES[self.records] + 4 * decay_dim)


@dataclass
class BoundaryStats:
    """Largest |entry| over the median |entry| (the paper's Figure 6), per head, at one boundary."""

    state: torch.Tensor
    after_compensators: torch.Tensor
    after_smoothing: torch.Tensor


def max_over_median(X: torch.Tensor) -> torch.Tensor:
    a = X.abs().flatten(-2)
    return a.amax(-1) / a.median(-1).values.clamp_min(torch.finfo(a.dtype).tiny)


class BoundaryQuantizer:
    """S_p -> (Ŝ_0 as reads see it, compensator records), keeping the previous keys for a warm start."""

    def __init__(self, pipeline: Pipeline, seed: int | None = None, keep_stats: bool = False) -> None:
        self.pipeline = pipeline
        self.format = pipeline.build_format()
        self.fitter = fitter_registry.get(pipeline.fitter, **pipeline.fitter_options)
        self.smoother = smoother_registry.get(pipeline.smoother, **pipeline.smoother_options)
        self.seed = seed
        self.generator: torch.Generator | None = None   # on the state's device, made at first use
        self.keys: torch.Tensor | None = None
        self.phase: torch.Tensor | None = None   # refit_every > 1: boundaries seen, on the state's device (a CUDA
                                                 # graph replays its update; the refit runs at 0, k, 2k, ...)
        self.keep_stats = keep_stats
        self.stats: list[BoundaryStats] = []
        self._last: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None = None

    @property
    def graph_safe(self) -> bool:
        """Whether windows through this boundary may be replayed as CUDA graphs (`leapquant.cuda_graphs`):
        deterministic rounding (a replayed random draw would differ from an eager one) and a fitter that
        says it is capturable (`CompensatorFitter.graph_safe`; rank 0 uses none). A refit every k > 1 windows
        counts boundaries on the device and selects between the fit and the kept keys there, so it replays too."""
        return (self.format.options().get("rounding", "nearest") != "stochastic"
                and (self.pipeline.rank == 0 or self.fitter.graph_safe))

    @property
    def graph_carry(self) -> tuple[str, ...]:
        """Tensors one window hands to the next: the fitter's warm-start keys (and the boundary count of a refit
        every k > 1 windows)."""
        if self.pipeline.rank == 0:
            return ()
        return ("keys", "phase") if self.pipeline.refit_every > 1 else ("keys",)

    @property
    def boundaries(self) -> int:
        """Boundaries seen by a refit every k > 1 windows (reads the device count; for tests and reports)."""
        return 0 if self.phase is None else int(self.phase)

    def __call__(self, S: torch.Tensor, low_rank: tuple[torch.Tensor, torch.Tensor] | None = None
                 ) -> tuple[torch.Tensor, Records]:
        """`low_rank`: S's buffered part (window.reconstruct_parts), for a fitter that fits on it."""
        p = self.pipeline
        r = p.rank
        if r > 0:
            K, U = self.fitter.fit(S, r, self.keys, low_rank)
            if p.refit_every > 1:
                if self.phase is None:
                    self.phase = torch.zeros((), dtype=torch.int64, device=S.device)
                if self.keys is not None:   # boundary b refits where b % k == 0; else the keys kept, U re-projected
                    # (both computed and one selected on the device: no host branch, so that a CUDA graph replays it)
                    refit = self.phase % p.refit_every == 0
                    K = torch.where(refit, K, self.keys.to(K.dtype))
                    U = torch.where(refit, U, self.fitter.project(S, self.keys))
                self.phase += 1
            pair = _DTYPES[p.pairs]
            K, U = K.to(pair).to(S.dtype), U.to(pair).to(S.dtype)
            self.keys = K
            R = S - K @ U.transpose(-1, -2)
        else:
            K = U = None
            R = S
        params = self.smoother.fit(R)
        Y = self.smoother.apply(R, params)
        if self.seed is not None and self.generator is None:
            self.generator = torch.Generator(device=S.device).manual_seed(self.seed)
        kwargs = {} if self.generator is None else {"generator": self.generator}
        S0 = self.smoother.invert(self.format.roundtrip(Y, **kwargs).to(S.dtype), params)
        if self.keep_stats:
            self._last = (S, R, Y)  # measured by `sample_stats`, not at every boundary (medians cost)
        if r == 0:
            return S0, Records.empty(S.shape[:-2], S.shape[-2], S.shape[-1], 1, S.dtype, S.device)
        zero = torch.zeros(*S.shape[:-2], r, 1, dtype=S.dtype, device=S.device)
        return S0, Records(zero, K.transpose(-1, -2), U.transpose(-1, -2))


    def sample_stats(self) -> None:
        """Record Figure-6 ratios of the most recent boundary (the simulator calls it once per chunk)."""
        if self._last is not None:
            self.stats.append(BoundaryStats(*(max_over_median(x) for x in self._last)))
            self._last = None


# The configurations the paper compares (Figure 3, Table 1), by the names the CLI uses.
PRESETS: dict[str, Pipeline] = {
    "fp32": Pipeline(format="fp32", window=1, records="exact", rank=0, smoother="none"),
    "bf16": Pipeline(format="bf16", window=1, records="exact", rank=0, smoother="none"),
    "bf16-w": Pipeline(format="bf16", window=16, records="fp16", rank=0, smoother="none"),
    "int8": Pipeline(format="int8", window=1, records="exact", rank=0, smoother="none"),
    "int8-w": Pipeline(format="int8", window=16, records="fp16", rank=0, smoother="none"),
    "leapquant": Pipeline(format="int8", window=16, records="fp16", rank=4, smoother="sqrt-mean-abs"),
    "leapquant-lag1": Pipeline(format="int8", window=16, records="fp16", rank=4, smoother="sqrt-mean-abs",
                               boundary_lag=1),
    "leapquant-6": Pipeline(format="int6", window=16, records="fp16", rank=6, smoother="sqrt-mean-abs"),
    "leapquant-4": Pipeline(format="int4", window=16, records="fp16", rank=6, smoother="sqrt-mean-abs"),
}
FIGURE3 = ["bf16", "bf16-w", "int8", "int8-w", "leapquant"]


def preset(name: str) -> Pipeline:
    if name not in PRESETS:
        raise InputError(f"unknown config {name!r}; expected one of: {', '.join(PRESETS)}")
    return Pipeline.from_dict(PRESETS[name].to_dict())


class StateStream:
    """One state kept by a pipeline — a layer of a model, say — advanced a chunk of tokens at a time.

    `run(steps)` returns the outputs the model sees (through the quantized state) and keeps the
    windowed state between calls, so a long document can be fed in pieces.
    """

    def __init__(self, pipeline: Pipeline, initial_state: torch.Tensor, seed: int | None = None,
                 keep_stats: bool = False) -> None:
        from leapquant.window import WindowedState

        self.pipeline = pipeline
        self.quantizer = pipeline.boundary(seed, keep_stats)
        self.windowed = WindowedState.start(initial_state, self.quantizer)

    def run(self, steps) -> torch.Tensor:
        from leapquant.window import evolve

        steps = steps.to(dtype=self.windowed.S0.dtype, device=self.windowed.S0.device)
        out, self.windowed = evolve(steps, self.pipeline.window, self.windowed, self.quantizer,
                                    self.pipeline.precision(), lag=self.pipeline.boundary_lag)
        return out

    def state(self) -> torch.Tensor:
        """The state as the pipeline holds it (dequantized boundary plus buffered records)."""
        return self.windowed.state()
