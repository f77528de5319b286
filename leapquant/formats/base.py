"""The one interface every format implements, plus option validation and grouping.

A format is configured once (keyword options, validated, JSON-able through
:meth:`Format.options`) and then maps a state batch ``x`` of shape
``[..., dk, dv]`` to a :class:`Quantized` record and back. Axis -2 is the key
axis, axis -1 the value axis. ``bytes_for(shape)`` counts every stored byte
(payload and metadata); :meth:`Quantized.nbytes` counts what was actually
stored, and the tests check the two agree.

Bad input, the same for every format (checked here, in ``check_input``): x that is not a float32/float64
tensor of shape [..., dk, dv] raises InputError (an ``InputTypeError``, also a TypeError, for a wrong type or
dtype); an empty key or value axis (dk = 0 or dv = 0) raises InputError naming x and the axis; empty leading
dims (a batch of zero states) give an empty record that dequantizes to an empty tensor of the same shape, and
``bytes_for`` counts it as 0 bytes. Any strides (transposes, strided slices) are accepted and give the result
of the contiguous copy. What a format does with NaN, ±Inf, values beyond its range and tiny values is in its
module's "Bad input" paragraph; scaled formats check through ``check_finite`` / ``check_bounded``.
"""
from __future__ import annotations

import contextlib
import contextvars
import math
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterator, Sequence

import torch

from leapquant.errors import InputError, OutOfRangeError

__all__ = [
    "Quantized", "Format", "Option", "Grouping", "check_input", "check_finite", "check_bounded",
    "deferred_finite_checks", "FiniteChecks", "grouping_from_options", "GROUPED_OPTIONS", "InputError",
    "InputTypeError", "F32_MAX",
]


@dataclass
class Quantized:
    """A quantized state batch: payload (codes or float8 tensor) plus metadata.

    ``shape``/``dtype`` are the input's, restored by ``dequantize``.
    """

    format: str
    shape: tuple[int, ...]
    dtype: torch.dtype
    payload: torch.Tensor
    meta: dict[str, torch.Tensor] = field(default_factory=dict)

    def nbytes(self) -> int:
        """Bytes actually held by payload and metadata tensors."""
        ts = [self.payload, *self.meta.values()]
        return sum(t.numel() * t.element_size() for t in ts)


@dataclass(frozen=True)
class Option:
    """One keyword option: default, and either allowed choices or a check."""

    default: Any
    choices: tuple | None = None
    check: Callable[[Any], bool] | None = None
    expected: str = ""  # words for the error message when ``check`` fails


def _is_pos_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


def _is_seed(v: Any) -> bool:
    return v is None or (isinstance(v, int) and not isinstance(v, bool) and v >= 0)


ROUNDING = Option("nearest", choices=("nearest", "stochastic"))
SEED = Option(None, check=_is_seed, expected="None or a non-negative int")
GROUPED_OPTIONS: dict[str, Option] = {
    "granularity": Option("tensor", choices=("tensor", "channel", "group")),
    "axis": Option("value", choices=("value", "key")),
    "group_size": Option(32, check=_is_pos_int, expected="a positive int"),
    "group_axis": Option("key", choices=("key", "value")),
}


class Format(ABC):
    """Base class: option handling, stochastic-rounding RNG, shared helpers.

    Subclasses set ``name`` and ``OPTIONS`` and implement ``quantize``,
    ``dequantize`` and ``bytes_for``.
    """

    name: ClassVar[str]
    OPTIONS: ClassVar[dict[str, Option]] = {}

    def __init__(self, **options: Any) -> None:
        unknown = sorted(set(options) - set(self.OPTIONS))
        if unknown:
            raise InputTypeError(
                f"{self.name}: unknown option(s) {unknown}; accepted: {sorted(self.OPTIONS)}")
        opts = {k: o.default for k, o in self.OPTIONS.items()}
        opts.update(options)
        for k, v in opts.items():
            o = self.OPTIONS[k]
            if o.choices is not None and v not in o.choices:
                raise InputError(f"{self.name}: {k} must be one of {list(o.choices)}, got {v!r}")
            if o.check is not None and not o.check(v):
                raise InputError(f"{self.name}: {k} must be {o.expected}, got {v!r}")
        self._opts = opts
        self._generators: dict[str, torch.Generator] = {}
        self._validate()

    # -- options ---------------------------------------------------------
    def _validate(self) -> None:
        """Cross-option checks (override)."""

    def options(self) -> dict[str, Any]:
        """Plain JSON-able options: ``get(self.name, **self.options())`` rebuilds an equal format."""
        return dict(self._opts)

    def __getattr__(self, key: str) -> Any:
        opts = self.__dict__.get("_opts")
        if opts is not None and key in opts:
            return opts[key]
        raise AttributeError(key)

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self._opts == other._opts  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple(sorted((k, repr(v)) for k, v in self._opts.items()))))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self._opts.items())
        return f"{type(self).__name__}({self.name!r}, {args})"

    # -- randomness ------------------------------------------------------
    def reseed(self, seed: int | None = None) -> None:
        """Restart the stochastic-rounding stream (at ``seed`` or the ``seed`` option)."""
        if seed is not None:
            self._opts["seed"] = seed
        self._generators.clear()

    def _noise(self, like: torch.Tensor, generator: torch.Generator | None) -> torch.Tensor | None:
        """U[0,1) of ``like``'s shape when rounding is stochastic, else None.

        Source: the ``generator`` argument, else a per-device generator seeded
        from the ``seed`` option (advancing across calls: same seed -> same
        sequence), else torch's global RNG (``seed=None``).
        """
        if self._opts.get("rounding", "nearest") != "stochastic":
            return None
        if generator is None and self._opts.get("seed") is not None:
            key = str(like.device)
            generator = self._generators.get(key)
            if generator is None:
                generator = torch.Generator(device=like.device)
                generator.manual_seed(self._opts["seed"])
                self._generators[key] = generator
        return torch.rand(like.shape, generator=generator, dtype=like.dtype, device=like.device)

    # -- interface -------------------------------------------------------
    @abstractmethod
    def quantize(self, x: torch.Tensor, *, generator: torch.Generator | None = None) -> Quantized:
        """Quantize ``x`` ([..., dk, dv], float32/float64)."""

    @abstractmethod
    def dequantize(self, q: Quantized) -> torch.Tensor:
        """Reconstruct a tensor of ``q.shape`` and ``q.dtype``."""

    @abstractmethod
    def bytes_for(self, shape: Sequence[int]) -> int:
        """Exact storage in bytes (payload + all metadata) for a tensor of ``shape``."""

    def roundtrip(self, x: torch.Tensor, *, generator: torch.Generator | None = None) -> torch.Tensor:
        """``dequantize(quantize(x))``, in x's dtype."""
        return self.dequantize(self.quantize(x, generator=generator))

    def bits_per_element(self, shape: Sequence[int]) -> float:
        """``8 * bytes_for(shape) / numel`` (for reports); ``shape`` must not be empty."""
        shape = check_shape(shape, self.name)
        if not math.prod(shape):
            raise InputError(f"{self.name}: bits_per_element needs a non-empty shape, got {shape}")
        return 8.0 * self.bytes_for(shape) / math.prod(shape)

    def _check_q(self, q: Quantized) -> None:
        if not isinstance(q, Quantized):
            raise InputTypeError(f"{self.name}: dequantize expects a Quantized, got {type(q).__name__}")
        if q.format != self.name:
            raise InputError(f"{self.name}: cannot dequantize a {q.format!r} record")


# -- input checks --------------------------------------------------------------

F32_MAX = float(torch.finfo(torch.float32).max)


class InputTypeError(InputError, TypeError):
    """Bad input of the wrong type or dtype: an InputError that is also a TypeError."""


def check_shape(shape: Sequence[int], who: str) -> tuple[int, ...]:
    """A shape [..., dk, dv]: non-negative ints, dk and dv positive (leading dims may be 0: an empty batch)."""
    if isinstance(shape, torch.Size):
        shape = tuple(shape)
    if not isinstance(shape, (tuple, list)) or not all(
            isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in shape):
        raise InputTypeError(f"{who}: shape must be a sequence of non-negative ints, got {shape!r}")
    if len(shape) < 2:
        raise InputError(f"{who}: shape must have at least 2 dims [..., dk, dv], got {tuple(shape)}")
    _check_axes(tuple(shape), who, "shape")
    return tuple(shape)


def _check_axes(shape: tuple[int, ...], who: str, what: str) -> None:
    for ax, n in (("key", -2), ("value", -1)):
        if shape[n] == 0:
            raise InputError(f"{who}: {what} must have a non-empty {ax} axis (dim {len(shape) + n} of [..., dk, dv]),"
                             f" got {tuple(shape)}")


def check_input(x: Any, who: str) -> None:
    """x must be a float32/float64 tensor [..., dk, dv] with dk, dv > 0; leading dims may be empty (an empty
    batch quantizes to an empty record), and any strides are accepted."""
    if not isinstance(x, torch.Tensor):
        raise InputTypeError(f"{who}: x must be a torch.Tensor, got {type(x).__name__}")
    if x.dtype not in (torch.float32, torch.float64):
        raise InputTypeError(f"{who}: x must be float32 or float64, got {x.dtype}")
    if x.dim() < 2:
        raise InputError(f"{who}: x must have shape [..., dk, dv], got {tuple(x.shape)}")
    _check_axes(tuple(x.shape), who, "x")


class FiniteChecks:
    """Range checks collected on the device instead of one host sync each.

    Inside `deferred_finite_checks()`, `check_finite` and `check_bounded` record a device flag per call;
    `raise_if_any()` syncs once and raises (InputError) the error the first failing check stands for. CUDA-graph
    capture needs this (a graph cannot sync), and on a GPU it saves a sync per quantized state.
    """

    def __init__(self) -> None:
        self.flags: list[torch.Tensor] = []     # one device bool per check: True = within range
        self.names: list[str] = []
        self.messages: list[str] = []

    def add(self, ok: torch.Tensor, who: str, message: str | None = None) -> None:
        self.flags.append(ok)
        self.names.append(who)
        self.messages.append(message or f"{who}: x contains NaN or Inf; this format raises on non-finite input")

    def raise_if_any(self, flags: torch.Tensor | None = None) -> None:
        """Raise for the first failing check; `flags` is a replayed copy of `torch.stack(self.flags)`."""
        if not self.flags:
            return
        stacked = torch.stack(self.flags) if flags is None else flags
        bad = (~stacked).nonzero()
        if len(bad):
            raise OutOfRangeError(self.messages[int(bad[0])])


_DEFERRED: contextvars.ContextVar[FiniteChecks | None] = contextvars.ContextVar("leapquant_finite_checks", default=None)


@contextlib.contextmanager
def deferred_finite_checks(raise_on_exit: bool = True, join: bool = True) -> Iterator[FiniteChecks]:
    """Collect `check_finite` / `check_bounded` calls as device flags (see `FiniteChecks`); by default raise
    on exit. Nested inside another collection it joins that one (which raises later) unless `join` is False.
    """
    outer = _DEFERRED.get()
    if join and outer is not None:
        yield outer
        return
    checks = FiniteChecks()
    token = _DEFERRED.set(checks)
    try:
        yield checks
    finally:
        _DEFERRED.reset(token)
    if raise_on_exit:
        checks.raise_if_any()


def check_bounded(amax: torch.Tensor, who: str, limit: float, deferred_message: str,
                  message: Callable[[float], str]) -> None:
    """Raise InputError unless every element of ``amax`` (magnitudes, any shape) is <= ``limit``; NaN fails.

    ``message(largest)`` words the error from the offending value; inside `deferred_finite_checks` the check
    is a device flag instead and ``deferred_message`` (no value: it is worded before the sync) is raised later.
    """
    if not amax.numel():
        return
    top = torch.amax(amax) if amax.dim() else amax
    ok = top <= limit          # False for NaN
    deferred = _DEFERRED.get()
    if deferred is not None:
        deferred.add(ok, who, deferred_message)
    elif not bool(ok):
        raise OutOfRangeError(message(float(top)))


def check_finite(x: torch.Tensor, who: str, limit: float = F32_MAX, beyond: str = "") -> None:
    """Scaled formats raise on NaN/Inf: a non-finite state is a bug upstream, and one Inf would poison a whole
    block's scale. They also raise on |x| > ``limit``: by default float32's max, which float64 input can pass and
    their FP32 (or E8M0) scales cannot hold; ``beyond`` words a tighter limit (what lifts it). Every message says
    "NaN or Inf"; every refusal is an OutOfRangeError (the accuracy study records a blown-up config by it). One
    reduction (max |x|, NaN when some element is NaN) -- this runs once per quantized state."""
    if limit < F32_MAX:
        deferred_message = f"{who}: x contains NaN or Inf, or a value beyond {limit:.6g}: {beyond}"
    else:
        deferred_message = f"{who}: x contains NaN or Inf, or float64 values beyond float32's range; this format " \
                           "raises on them"

    def message(top: float) -> str:
        if not math.isfinite(top):
            return f"{who}: x contains NaN or Inf; this format raises on non-finite input"
        if top > F32_MAX:
            return (f"{who}: x has values beyond float32's range (max |x| = {top:.4g} > {F32_MAX:.6g}); this "
                    "format's FP32 or E8M0 scales would overflow to NaN or Inf, so float64 input must lie within "
                    "float32's range")
        return f"{who}: x has a value beyond {limit:.6g} (max |x| = {top:.6g}), which would become NaN or Inf: {beyond}"

    check_bounded(torch.linalg.vector_norm(x, float("inf")) if x.numel() else x, who, limit, deferred_message,
                  message)


# -- grouping ------------------------------------------------------------------

@dataclass(frozen=True)
class Grouping:
    """Which elements share a scale.

    ``reduce``: "tensor" (one per [dk, dv] matrix), "key" (G consecutive
    elements along the key axis, i.e. inside one value column) or "value"
    (G consecutive elements along the value axis, inside one key row).
    Works on a reshaped *view*, so no transposes or loops.
    """

    reduce: str
    size: int = 0

    def view(self, x: torch.Tensor) -> torch.Tensor:
        *lead, dk, dv = x.shape
        if self.reduce == "tensor":
            return x.reshape(*lead, 1, dk * dv)
        if self.reduce == "key":
            return x.reshape(*lead, dk // self.size, self.size, dv)
        return x.reshape(*lead, dk, dv // self.size, self.size)

    @property
    def dim(self) -> int:
        return -2 if self.reduce == "key" else -1

    def amax(self, xb: torch.Tensor) -> torch.Tensor:
        """Per-group absolute maximum, keepdim (broadcasts against ``xb``)."""
        return torch.amax(xb.abs(), dim=self.dim, keepdim=True)

    def store(self, s: torch.Tensor) -> torch.Tensor:
        """keepdim scale -> stored shape (tensor: [...,1,1]; key: [...,dk/G,dv]; value: [...,dk,dv/G])."""
        return s if self.reduce == "tensor" else s.squeeze(self.dim)

    def load(self, s: torch.Tensor) -> torch.Tensor:
        return s if self.reduce == "tensor" else s.unsqueeze(self.dim)

    def n_groups(self, shape: Sequence[int]) -> int:
        n = math.prod(shape)
        return math.prod(shape[:-2]) if self.reduce == "tensor" else n // self.size


def make_grouping(reduce: str, size: int, shape: Sequence[int], who: str, arg: str) -> Grouping:
    if reduce == "tensor":
        return Grouping("tensor")
    ax = -2 if reduce == "key" else -1
    n = shape[ax]
    if size <= 0 or n % size:
        axname = "key" if ax == -2 else "value"
        raise InputError(f"{who}: {arg} must be a positive divisor of the {axname} axis ({n}), got {size}")
    return Grouping(reduce, size)


def grouping_from_options(opts: dict[str, Any], shape: Sequence[int], who: str) -> Grouping:
    """Map (granularity, axis, group_size, group_axis) to a :class:`Grouping`.

    channel ``axis="value"``: one scale per value column = reduce over the key axis.
    channel ``axis="key"``: one scale per key row = reduce over the value axis.
    group: ``group_size`` consecutive elements along ``group_axis``.
    """
    g = opts["granularity"]
    if g == "tensor":
        return Grouping("tensor")
    if g == "channel":
        if opts["axis"] == "value":
            return Grouping("key", shape[-2])
        return Grouping("value", shape[-1])
    return make_grouping(opts["group_axis"], opts["group_size"], shape, who, "group_size")


class BlockFormat(Format):
    """Shared by MX and NV: small float elements in fixed blocks along one axis, one scale per block.
    Subclasses set `BLOCK`, `FAMILY` (for messages) and `_elem` (or an `elem` option)."""

    BLOCK: int
    FAMILY: str
    _elem: str
    OPTIONS = {
        "block_axis": Option("key", choices=("key", "value")),
        "rounding": ROUNDING,
        "seed": SEED,
    }

    @property
    def spec(self):
        from ._elements import ELEMENTS

        return ELEMENTS[self._opts.get("elem", getattr(self, "_elem", None))]

    def _grouping(self, shape):
        return make_grouping(self.block_axis, self.BLOCK, shape, self.name, f"the {self.FAMILY} block size")
