"""The quantizer pipeline (docs/math.md §2–6): a format × a schedule × a compensator fitter × a smoother.

A `Pipeline` is plain, immutable data — it converts to and from a dict losslessly (the recipe file of the
tuner is that dict) — and builds, per simulated stream, a `BoundaryQuantizer`: the function that
the windowed state calls at the end of every window to turn S_p into the next window's Ŝ_0 and
its compensator records. Per-step quantization (every baseline in the paper) is window = 1 with
full-precision records.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

import torch

from leapquant import fitters as fitter_registry
from leapquant import formats as format_registry
from leapquant import smoothers as smoother_registry
from leapquant.errors import InputError
from leapquant.recurrences.base import Records, Steps
from leapquant.validation import check_int, check_state
from leapquant.window import RecordPrecision

SCHEMA_VERSION = 1
_DTYPES = {"fp16": torch.float16, "fp32": torch.float32, "bf16": torch.bfloat16, "exact": None}
_BYTES = {"fp16": 2, "bf16": 2, "fp32": 4, "exact": 8}
_PAIRS = ("fp16", "fp32")
_SCALARS = (str, int, float, bool, type(None))
_OPTION_FIELDS = ("format_options", "fitter_options", "smoother_options")
_STR_FIELDS = ("format", "records", "fitter", "pairs", "smoother")
_INT_FIELDS = {"window": 1, "rank": 0, "refit_every": 1, "boundary_lag": 0}   # name -> least value


class Options(Mapping):
    """A component's options as a pipeline holds them: read-only, hashable, equal to the dict of the same items
    (`dict(options)` is that dict). Keys are strings, values JSON scalars (str, number, bool, None)."""

    def __init__(self, items: Mapping[str, Any] = ()) -> None:
        self._items = dict(items)

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(frozenset(self._items.items()))

    def __repr__(self) -> str:
        return repr(self._items)


def _options(name: str, value: object) -> Options:
    """`value` as Options, or an InputError naming `name` (pipeline.format_options, ...)."""
    if not isinstance(value, Mapping):
        raise InputError(f"pipeline.{name} must be a dict, got {value!r}")
    for key, v in value.items():
        if not isinstance(key, str):
            raise InputError(f"pipeline.{name} keys must be strings, got {key!r}")
        if not isinstance(v, _SCALARS):
            raise InputError(f"pipeline.{name}.{key} must be a JSON scalar (a string, number, bool or null), "
                             f"got {v!r}")
    return Options(value)


@dataclass(frozen=True)
class Pipeline:
    """One way of keeping a recurrent state. Defaults are the paper's 8-bit LeapQuant.

    Immutable: the option dicts are held as read-only `Options`; `dataclasses.replace(p, window=8)` validates and
    returns a new pipeline. Integers are bounded by 2**63 - 1 (a torch index); `rank` is checked against the state
    (at most min(dk, dv)) where its dims are first known: `check_dims`, a `BoundaryQuantizer`'s state, a
    `StateStream`'s initial state, the simulator's first chunk."""

    format: str = "int8"
    format_options: Mapping[str, Any] = field(default_factory=dict)
    window: int = 16               # tokens per quantization p; no bound below 2**63 - 1: a window longer than the
                                   # stream never quantizes after the start. What bounds it is memory — the
                                   # simulator weighs a window's records against each other at once (O(p² · d)
                                   # per head, window.advance) and says so when that cannot be allocated; the
                                   # kernels buffer a window on chip (KernelConfig, kernels.registry)
    records: str = "fp16"          # precision of buffered k and u ("exact": no rounding)
    rank: int = 4                  # compensator tokens r, at most min(dk, dv) of the state (checked there)
    fitter: str = "power"
    fitter_options: Mapping[str, Any] = field(default_factory=dict)   # power iteration: iters = 2
    refit_every: int = 1           # run the fitter at every k-th boundary; between, the keys are kept and only
                                   # U = Sᵀ K is re-projected (a cheaper kernel boundary: docs/math.md §4)
    boundary_lag: int = 0          # tokens after a window's end that still read the old boundary and buffer while
                                   # the next boundary state is built (a kernel's boundary beside the next decode
                                   # step: docs/math.md eq. 21); 0: the paper's
                                   # schedule. 0 <= lag < window
    pairs: str = "fp16"            # precision of the stored compensator pairs (saturated to its finite range: the
                                   # residual R = S − K Uᵀ carries what a saturated U leaves out)
    smoother: str = "sqrt-mean-abs"
    smoother_options: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in _STR_FIELDS:
            if not isinstance(getattr(self, name), str):
                raise InputError(f"pipeline.{name} must be a string, got {getattr(self, name)!r}")
        for name, least in _INT_FIELDS.items():
            check_int(f"pipeline.{name}", getattr(self, name), least)
        for name in _OPTION_FIELDS:
            object.__setattr__(self, name, _options(name, getattr(self, name)))
        self.validate()

    # ---- plain data ----------------------------------------------------------------------------
    @property
    def schedule(self) -> str:
        """Derived from window: "per-step" (window 1) or "per-window"."""
        return _schedule(self.window)

    def to_dict(self) -> dict[str, Any]:
        """Plain, JSON-able data: `Pipeline.from_dict(p.to_dict()) == p`."""
        return {"version": SCHEMA_VERSION, **{f.name: _plain(getattr(self, f.name)) for f in fields(self)}}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Pipeline":
        """The pipeline of `data` (a `to_dict()`); a `schedule` key, if given, must agree with the window."""
        if not isinstance(data, Mapping):
            raise InputError(f"a pipeline must be a dict, got {type(data).__name__}")
        data = dict(data)
        version = data.pop("version", SCHEMA_VERSION)
        if isinstance(version, bool) or version != SCHEMA_VERSION:
            raise InputError(f"pipeline.version must be {SCHEMA_VERSION}, got {version!r}")
        known = {f.name for f in fields(cls)}
        unknown = [k for k in data if k not in known and k != "schedule"]
        if unknown:
            raise InputError(f"unknown pipeline field(s) {sorted(map(repr, unknown))}; expected {sorted(known)}")
        schedule = data.pop("schedule", None)
        p = cls(**data)
        if schedule is not None and schedule != p.schedule:
            raise InputError(f"pipeline.schedule is derived from window: {p.schedule!r} for window = {p.window}, "
                             f"got {schedule!r}")
        return p

    def validate(self) -> None:
        """Check the fields' values (their types are checked first, on construction)."""
        p = self
        if not p.boundary_lag < p.window:
            raise InputError(f"pipeline.boundary_lag must be an integer >= 0 and < window = {p.window}, "
                             f"got {p.boundary_lag!r}")
        for name, choices in (("records", list(_DTYPES)), ("pairs", list(_PAIRS)),
                              ("format", format_registry.names()), ("fitter", fitter_registry.names()),
                              ("smoother", smoother_registry.names())):
            if getattr(p, name) not in choices:
                raise InputError(f"pipeline.{name} must be one of {choices}, got {getattr(p, name)!r}")
        self.build_format()
        fitter_registry.get(self.fitter, **self.fitter_options)
        smoother_registry.get(self.smoother, **self.smoother_options)

    def check_dims(self, dk: int, dv: int, what: str = "the state") -> None:
        """Raise InputError unless a [..., dk, dv] state (`what`, for the message) can hold this pipeline's rank:
        compensators K Uᵀ of rank r have orthonormal keys K [dk, r] and values U [dv, r], so r <= min(dk, dv)."""
        check_int("dk", dk, 1)
        check_int("dv", dv, 1)
        if self.rank > min(dk, dv):
            raise InputError(f"pipeline.rank must be at most min(dk, dv) = {min(dk, dv)} for {what} with dk = {dk}, "
                             f"dv = {dv} (rank-r compensators: K [dk, r] orthonormal, U [dv, r]), got {self.rank}")

    # ---- components ----------------------------------------------------------------------------
    def build_format(self):
        """The format, or an InputError naming pipeline.format_options (the formats' own errors name the option)."""
        try:
            return format_registry.get(self.format, **self.format_options)
        except (ValueError, TypeError, KeyError) as e:   # InputError is a ValueError
            raise InputError(f"pipeline.format_options for {self.format!r}: {e}") from e

    def precision(self) -> RecordPrecision:
        return RecordPrecision(vectors=_DTYPES[self.records], decay=None if self.records == "exact" else torch.float32)

    def boundary(self, seed: int | None = None, keep_stats: bool = False) -> "BoundaryQuantizer":
        return BoundaryQuantizer(self, seed, keep_stats)

    # ---- storage -------------------------------------------------------------------------------
    def boundary_bytes(self, dk: int, dv: int) -> int:
        """Bytes of one head's boundary state: payload and scales, smoothing, compensator pairs."""
        self.check_dims(dk, dv)
        fmt = self.build_format()
        smoother = smoother_registry.get(self.smoother, **self.smoother_options)
        return fmt.bytes_for((dk, dv)) + smoother.bytes_for(dk, dv) + self.rank * (dk + dv) * _BYTES[self.pairs]

    def bytes_per_element(self, dk: int, dv: int) -> float:
        return self.boundary_bytes(dk, dv) / (dk * dv)

    def buffer_bytes(self, dk: int, dv: int, decay_dim: int = 1) -> int:
        """Bytes of one head's full record buffer (p records: k and u, plus FP32 log decays)."""
        self.check_dims(dk, dv)
        check_int("decay_dim", decay_dim, 1)
        if self.window == 1:
            return 0
        return self.window * ((dk + dv) * _BYTES[self.records] + 4 * decay_dim)


def _schedule(window: int) -> str:
    return "per-step" if window == 1 else "per-window"


def _plain(value: Any) -> Any:
    return dict(value) if isinstance(value, Options) else value


@dataclass
class BoundaryStats:
    """Largest |entry| over the median |entry| (the paper's Figure 6), per head, at one boundary."""

    state: torch.Tensor
    after_compensators: torch.Tensor
    after_smoothing: torch.Tensor


def saturate(x: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """x rounded to `dtype`, its magnitudes first limited to dtype's largest finite value (NaN stays NaN)."""
    top = torch.finfo(dtype).max
    return x.clamp(-top, top).to(dtype)


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
        """S [..., dk, dv] (float32 or float64, rank <= min(dk, dv)) -> (Ŝ_0 [..., dk, dv], r compensator records).
        `low_rank`: S's buffered part (window.reconstruct_parts), for a fitter that fits on it. The pairs are stored
        in `pipeline.pairs`, saturated to its finite range; the residual R = S − K Uᵀ is formed from the stored pairs,
        so what a saturated U leaves out stays in R. Non-finite entries of S are the format's to refuse (the scaled
        formats raise) or to pass on (the float formats)."""
        p = self.pipeline
        r = p.rank
        check_state("S", S, finite=False)
        p.check_dims(S.shape[-2], S.shape[-1], f"S of shape {list(S.shape)}")
        if self.keys is not None and self.keys.shape[:-1] != S.shape[:-1]:
            raise InputError(f"S must have shape [{', '.join(map(str, self.keys.shape[:-1]))}, dv] like the states "
                             f"this boundary fitted before (one BoundaryQuantizer serves one stream), got "
                             f"{list(S.shape)}")
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
            K, U = saturate(K, pair).to(S.dtype), saturate(U, pair).to(S.dtype)
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
        """initial_state: [..., dk, dv], float32 or float64 (the compute dtype), finite, rank <= min(dk, dv)."""
        from leapquant.window import WindowedState

        if not isinstance(pipeline, Pipeline):
            raise InputError(f"pipeline must be a leapquant Pipeline, got {type(pipeline).__name__}")
        check_state("initial_state", initial_state)
        pipeline.check_dims(initial_state.shape[-2], initial_state.shape[-1],
                            f"initial_state of shape {list(initial_state.shape)}")
        self.pipeline = pipeline
        self.quantizer = pipeline.boundary(seed, keep_stats)
        self.windowed = WindowedState.start(initial_state, self.quantizer)

    def run(self, steps: Steps) -> torch.Tensor:
        """The outputs [..., T, dv] of `steps` (batch and dims those of the initial state)."""
        from leapquant.window import evolve

        S0 = self.windowed.S0
        if not isinstance(steps, Steps):
            raise InputError(f"steps must be leapquant Steps, got {type(steps).__name__}")
        if (tuple(steps.batch_shape), steps.dk, steps.dv) != (tuple(S0.shape[:-2]), *S0.shape[-2:]):
            raise InputError(f"steps must have batch {list(S0.shape[:-2])}, dk = {S0.shape[-2]}, dv = {S0.shape[-1]} "
                             f"(the initial state's), got batch {list(steps.batch_shape)}, dk = {steps.dk}, "
                             f"dv = {steps.dv}")
        steps = steps.to(dtype=S0.dtype, device=S0.device)
        out, self.windowed = evolve(steps, self.pipeline.window, self.windowed, self.quantizer,
                                    self.pipeline.precision(), lag=self.pipeline.boundary_lag)
        return out

    def state(self) -> torch.Tensor:
        """The state as the pipeline holds it (dequantized boundary plus buffered records)."""
        return self.windowed.state()
