"""The one interface every format implements, plus option validation and grouping.

A format is configured once (keyword options, validated, JSON-able through
:meth:`Format.options`) and then maps a state batch ``x`` of shape
``[..., dk, dv]`` to a :class:`Quantized` record and back. Axis -2 is the key
axis, axis -1 the value axis. ``bytes_for(shape)`` counts every stored byte
(payload and metadata); :meth:`Quantized.nbytes` counts what was actually
stored, and the tests check the two agree.
"""
from __future__ import annotations

import contextlib
import contextvars
import math
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Iterator, Sequence

import torch

__all__ = [
    "Quantized", "Format", "Option", "Grouping", "check_input", "check_finite", "deferred_finite_checks",
    "FiniteChecks", "grouping_from_options", "GROUPED_OPTIONS",
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
            raise TypeError(
                f"{self.name}: unknown option(s) {unknown}; accepted: {sorted(self.OPTIONS)}")
        opts = {k: o.default for k, o in self.OPTIONS.items()}
        opts.update(options)
        for k, v in opts.items():
            o = self.OPTIONS[k]
            if o.choices is not None and v not in o.choices:
                raise ValueError(f"{self.name}: {k} must be one of {list(o.choices)}, got {v!r}")
            if o.check is not None and not o.check(v):
                raise ValueError(f"{self.name}: {k} must be {o.expected}, got {v!r}")
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
        """``8 * bytes_for(shape) / numel`` (for reports)."""
        shape = check_shape(shape, self.name)
        return 8.0 * self.bytes_for(shape) / math.prod(shape)

    def _check_q(self, q: Quantized) -> None:
        if not isinstance(q, Quantized):
            raise TypeError(f"{self.name}: dequantize expects a Quantized, got {type(q).__name__}")
        if q.format != self.name:
            raise ValueError(f"{self.name}: cannot dequantize a {q.format!r} record")


# -- input checks --------------------------------------------------------------

def check_shape(shape: Sequence[int], who: str) -> tuple[int, ...]:
    if isinstance(shape, torch.Size):
        shape = tuple(shape)
    if not isinstance(shape, (tuple, list)) or not all(
            isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in shape):
        raise TypeError(f"{who}: shape must be a sequence of positive ints, got {shape!r}")
    if len(shape) < 2:
        raise ValueError(f"{who}: shape must have at least 2 dims [..., dk, dv], got {tuple(shape)}")
    return tuple(shape)


def check_input(x: Any, who: str) -> None:
    """x must be a float32/float64 tensor with >= 2 dims."""
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"{who}: x must be a torch.Tensor, got {type(x).__name__}")
    if x.dtype not in (torch.float32, torch.float64):
        raise TypeError(f"{who}: x must be float32 or float64, got {x.dtype}")
    if x.dim() < 2:
        raise ValueError(f"{who}: x must have shape [..., dk, dv], got {tuple(x.shape)}")


class FiniteChecks:
    """Non-finite checks collected on the device instead of one host sync each.

    Inside `deferred_finite_checks()`, `check_finite` records a device flag per call; `raise_if_any()`
    syncs once and raises the error the first failing check would have raised. CUDA-graph capture
    needs this (a graph cannot sync), and on a GPU it saves a sync per quantized state.
    """

    def __init__(self) -> None:
        self.flags: list[torch.Tensor] = []     # one device bool per check: True = all finite
        self.names: list[str] = []

    def add(self, finite: torch.Tensor, who: str) -> None:
        self.flags.append(finite)
        self.names.append(who)

    def raise_if_any(self, flags: torch.Tensor | None = None) -> None:
        """Raise for the first failing check; `flags` is a replayed copy of `torch.stack(self.flags)`."""
        if not self.flags:
            return
        stacked = torch.stack(self.flags) if flags is None else flags
        bad = (~stacked).nonzero()
        if len(bad):
            raise ValueError(f"{self.names[int(bad[0])]}: x contains NaN or Inf; this format raises on non-finite "
                             "input")


_DEFERRED: contextvars.ContextVar[FiniteChecks | None] = contextvars.ContextVar("leapquant_finite_checks", default=None)


@contextlib.contextmanager
def deferred_finite_checks(raise_on_exit: bool = True, join: bool = True) -> Iterator[FiniteChecks]:
    """Collect `check_finite` calls as device flags (see `FiniteChecks`); by default raise on exit.

    Nested inside another collection it joins that one (which raises later) unless `join` is False.
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


def check_finite(x: torch.Tensor, who: str) -> None:
    """Scaled formats raise on NaN/Inf: a non-finite state is a bug upstream,
    and one Inf would poison a whole block's scale. (min and max are NaN or ±Inf exactly when some
    element is; `aminmax` is one fast pass — this runs once per quantized state.)"""
    if not x.numel():
        return
    deferred = _DEFERRED.get()
    if deferred is not None:   # max |x| is NaN or Inf exactly when some element is; one reduction
        deferred.add(torch.isfinite(torch.linalg.vector_norm(x, float("inf"))), who)
    elif not all(bool(torch.isfinite(v)) for v in torch.aminmax(x)):
        raise ValueError(f"{who}: x contains NaN or Inf; this format raises on non-finite input")


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
        raise ValueError(f"{who}: {arg} must be a positive divisor of the {axname} axis ({n}), got {size}")
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
