"""The accuracy simulator: the same layer inputs through the float reference and any number of
pipelines side by side, batched over [layers, batch, heads], a chunk of tokens at a time.

Every pipeline advances a window at a time (`leapquant.window.evolve`): the S_0-dependent reads of
a window are one batched matrix product, the records' own contributions a small triangular system.
The reference is the same evolution with exact records and no quantization (tested equal to every
family's own formula), in the same compute dtype.
"""
from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

import torch

from leapquant.errors import InputError
from leapquant.pipeline import BoundaryQuantizer, Pipeline
from leapquant.placement import Placement, placements
from leapquant.recipe import Recipe
from leapquant.recurrences import Steps
from leapquant.validation import check_tensor
from leapquant.window import WindowedState, evolve

REFERENCE_WINDOW = 64
"""The reference evolves exactly in windows of this many tokens: a window's record weights cost
O(window² · dk) for vector decays, so whole chunks would be slow; the result is exact either way."""


@dataclass
class Curve:
    """Metrics of one config at each measured token count."""

    tokens: list[int] = field(default_factory=list)
    state_error: list[float] = field(default_factory=list)       # mean over heads of ‖E‖_F / ‖S_ref‖_F
    state_error_max: list[float] = field(default_factory=list)   # worst head
    state_mse: list[float] = field(default_factory=list)
    output_error: list[float] = field(default_factory=list)      # ‖o − o_ref‖ / ‖o_ref‖ over the chunk


@dataclass
class ConfigResult:
    name: str
    pipeline: Pipeline
    curve: Curve
    bytes_per_element: float
    buffer_bytes_per_head: int
    max_over_median: dict[str, float]   # Figure 6: state, after compensators, after smoothing
    seconds: float = 0.0                # wall time spent on this config (its metrics included)
    recipe: str | None = None           # the recipe's model name, where the config is a recipe (pipeline: its default)
    methods: int = 1                    # pipelines the config runs (a mixed recipe's parts)

    def summary(self) -> dict:
        c = self.curve
        return {
            "pipeline": self.pipeline.to_dict(),
            "final_state_error": c.state_error[-1] if c.state_error else math.nan,
            "final_state_error_max": c.state_error_max[-1] if c.state_error_max else math.nan,
            "final_state_mse": c.state_mse[-1] if c.state_mse else math.nan,
            "mean_output_error": sum(c.output_error) / max(len(c.output_error), 1),
            "bytes_per_element": self.bytes_per_element,
            "buffer_bytes_per_head": self.buffer_bytes_per_head,
            "max_over_median": self.max_over_median,
            "seconds": round(self.seconds, 3),
            **({"recipe": self.recipe, "methods": self.methods} if self.recipe else {}),
            "curve": {"tokens": c.tokens, "state_error": c.state_error, "output_error": c.output_error},
        }


@dataclass
class SimulationResult:
    tokens: int
    batch_shape: list[int]
    dk: int
    dv: int
    configs: dict[str, ConfigResult]

    def to_json(self) -> dict:
        return {"tokens": self.tokens, "batch_shape": self.batch_shape, "dk": self.dk, "dv": self.dv,
                "configs": {n: r.summary() for n, r in self.configs.items()}}


def _rel(a: torch.Tensor, ref: torch.Tensor, dims: tuple[int, ...]) -> torch.Tensor:
    """‖a − ref‖ / ‖ref‖ over `dims`, the norms in float64 (float32's under- and overflow at 1e-19 / 1e19 would make
    tiny or huge states' errors 0/0 or ∞/∞); an exact zero error is 0 whatever ‖ref‖ is."""
    a, ref = a.double(), ref.double()
    num = torch.linalg.vector_norm(a - ref, dim=dims)
    return torch.where(num == 0, num, num / torch.linalg.vector_norm(ref, dim=dims))


def _check_finite(x: torch.Tensor, what: str, seen: int) -> None:
    if not bool(torch.isfinite(x).all()):
        raise InputError(f"{what} holds NaN or Inf after {seen} tokens: the simulator measures finite recurrences "
                         f"(a value beyond the compute dtype's range, or a diverging recurrence)")


def simulate(
    chunks: Iterable[Steps],
    pipelines: dict[str, Pipeline | Recipe],
    *,
    dtype: torch.dtype = torch.float32,
    device: str | torch.device = "cpu",
    seed: int = 0,
    initial_state: torch.Tensor | None = None,
    progress: Callable[[int], None] | None = None,
    stats_every: int = 256,
) -> SimulationResult:
    """Replay `chunks` (Steps of [..., chunk, ·], each a whole number of every pipeline's windows,
    except possibly the last) through the reference and each config — a Pipeline, or a Recipe whose layers and head
    groups keep their own pipelines (`leapquant.placement`); metrics after every chunk. The Figure-6
    ratios (max over median of the boundary state) are sampled at most once per `stats_every` tokens."""
    if not isinstance(pipelines, dict) or not pipelines:
        raise InputError(f"pipelines must be a dict naming at least one config, got {pipelines!r}")
    for n, p in pipelines.items():
        if not isinstance(p, (Pipeline, Recipe)):
            raise InputError(f"pipelines[{n!r}] must be a leapquant Pipeline or Recipe, got {type(p).__name__}")
    ref_state: WindowedState | None = None
    parts: dict[str, list[Placement]] = {}
    states: dict[str, list[WindowedState]] = {}
    quantizers: dict[str, list[BoundaryQuantizer]] = {}
    curves = {n: Curve() for n in pipelines}
    seconds = dict.fromkeys(pipelines, 0.0)
    seen = 0
    sampled = -stats_every
    dk = dv = 0
    batch_shape: list[int] = []
    for steps in chunks:
        if not isinstance(steps, Steps):
            raise InputError(f"chunks must yield leapquant Steps, got {type(steps).__name__}")
        if ref_state is not None and (list(steps.batch_shape), steps.dk, steps.dv) != (batch_shape, dk, dv):
            raise InputError(f"every chunk must have the first one's batch {batch_shape}, dk = {dk}, dv = {dv}; got "
                             f"batch {list(steps.batch_shape)}, dk = {steps.dk}, dv = {steps.dv} after {seen} tokens")
        steps = steps.to(dtype=dtype, device=device)
        for name, x in steps.tensors().items():
            _check_finite(x, f"the chunk's {name} (in {dtype})", seen)
        if ref_state is None:
            dk, dv, batch_shape = steps.dk, steps.dv, list(steps.batch_shape)
            parts = {n: placements(n, p, batch_shape) for n, p in pipelines.items()}
            S = _start_state(initial_state, steps, parts, dtype, device)
            ref_state = WindowedState.start(S)
            for i, n in enumerate(pipelines):
                quantizers[n] = [part.pipeline.boundary(seed + i, keep_stats=True) for part in parts[n]]
                states[n] = [WindowedState.start(part.take(S), q) for part, q in zip(parts[n], quantizers[n])]
        T = steps.num_tokens
        o_ref, ref_state = evolve(steps, REFERENCE_WINDOW, ref_state)
        S_ref = ref_state.state()
        _check_finite(S_ref, "the reference state", seen + T)
        seen += T
        sample = seen - sampled >= stats_every
        sampled = seen if sample else sampled
        for n in pipelines:
            started = time.perf_counter()
            _advance(curves[n], parts[n], states[n], quantizers[n], steps, n, o_ref, S_ref, seen, sample)
            seconds[n] += time.perf_counter() - started     # the float() reads of the curve synced the device
        if progress is not None:
            progress(T)
    if ref_state is None:
        raise InputError("the input yielded no tokens")
    results = {n: _result(n, p, parts[n], quantizers[n], curves[n], seconds[n], batch_shape, dk, dv)
               for n, p in pipelines.items()}
    return SimulationResult(seen, batch_shape, dk, dv, results)


def _advance(curve: Curve, parts: list[Placement], states: list[WindowedState], quantizers: list[BoundaryQuantizer],
             steps: Steps, name: str, o_ref: torch.Tensor, S_ref: torch.Tensor, seen: int, sample: bool) -> None:
    """One chunk through config `name`'s placements (`states` updated in place) and its metrics appended to `curve`,
    against the reference output o_ref [*batch, T, dv] and state S_ref [*batch, dk, dv] after `seen` tokens."""
    o, S = torch.empty_like(o_ref), torch.empty_like(S_ref)
    for i, part in enumerate(parts):
        p = part.pipeline
        with _explain_memory(name, p, steps):
            o_i, states[i] = evolve(part.take_steps(steps), p.window, states[i], quantizers[i], p.precision(),
                                    lag=p.boundary_lag)
        part.put(o, o_i)
        part.put(S, states[i].state())
    err = _rel(S, S_ref, (-2, -1))
    curve.tokens.append(seen)
    curve.state_error.append(float(err.mean()))
    curve.state_error_max.append(float(err.max()))
    curve.state_mse.append(float(((S.double() - S_ref.double()) ** 2).mean()))
    curve.output_error.append(float(_rel(o, o_ref, tuple(range(o.dim())))))
    if sample:
        for q in quantizers:
            q.sample_stats()


def _result(name: str, p: Pipeline | Recipe, parts: list[Placement], quantizers: list[BoundaryQuantizer],
            curve: Curve, seconds: float, batch_shape: list[int], dk: int, dv: int) -> ConfigResult:
    """Config `name`'s result: its curve, bytes per element and buffer bytes over its placements' cells, and the
    Figure-6 moments where every placement sampled them."""
    mom = {}
    per_part = [q.stats for q in quantizers]
    if all(per_part):
        for key in ("state", "after_compensators", "after_smoothing"):
            mom[key] = float(torch.cat([torch.stack([getattr(s, key) for s in st]).flatten()
                                        for st in per_part]).mean())
    cells = [part.cells(batch_shape) for part in parts]
    size = sum(c * part.pipeline.bytes_per_element(dk, dv) for c, part in zip(cells, parts)) / sum(cells)
    buffer = sum(c * part.pipeline.buffer_bytes(dk, dv) for c, part in zip(cells, parts)) // sum(cells)
    default = p if isinstance(p, Pipeline) else Pipeline.from_dict(p.pipeline)
    return ConfigResult(name, default, curve, size, buffer, mom, seconds,
                        recipe=None if isinstance(p, Pipeline) else p.model.name, methods=len(parts))


def _start_state(initial_state: torch.Tensor | None, steps: Steps, parts: dict[str, list[Placement]],
                 dtype: torch.dtype, device: str | torch.device) -> torch.Tensor:
    """The first state [*batch, dk, dv] (zeros, or `initial_state` checked against the steps), after checking every
    pipeline's rank against dk and dv."""
    shape = [*steps.batch_shape, steps.dk, steps.dv]
    for n, ps in parts.items():
        for part in ps:
            part.pipeline.check_dims(steps.dk, steps.dv, f"config {n!r}'s states")
    if initial_state is None:
        return torch.zeros(shape, dtype=dtype, device=device)
    check_tensor("initial_state", initial_state, shape)
    return initial_state.to(dtype=dtype, device=device)


@contextlib.contextmanager
def _explain_memory(name: str, p: Pipeline, steps: Steps) -> Iterator[None]:
    """An allocation that fails in a config's windows as an InputError naming its window and the sizes: `evolve`
    weighs a window's records against each other at once, O(p² · d) per head (d = dk for vector decays), and a window
    longer than a chunk keeps growing its buffer over the chunks."""
    try:
        yield
    except RuntimeError as e:   # torch.OutOfMemoryError (a RuntimeError) on CUDA, the CPU allocator's RuntimeError
        if not isinstance(e, torch.OutOfMemoryError) and "can't allocate memory" not in str(e):
            raise
        raise InputError(f"config {name!r}: window = {p.window} needs more memory than there is for chunks of "
                         f"{steps.num_tokens} tokens at batch {list(steps.batch_shape)}, dk = {steps.dk}, "
                         f"dv = {steps.dv}, decay dim {steps.log_alpha.shape[-1]} (a window's records are weighed "
                         f"against each other at once: about window² · decay dim numbers per head); use a smaller "
                         f"window, or fewer tokens or heads") from e


def chunk_tokens(pipelines: dict[str, Pipeline | Recipe], at_least: int = 256) -> int:
    """A chunk length that every window divides (so metrics are taken at window boundaries)."""
    lcm = 1
    windows = [w for p in pipelines.values() for w in ([p.window] if isinstance(p, Pipeline) else
                                                        [part.pipeline["window"] for part in p.parts()])]
    for w in windows:
        lcm = lcm * w // math.gcd(lcm, w)
    return lcm * max(1, math.ceil(at_least / lcm))


def comparison_note(configs: dict[str, ConfigResult], method: str = "leapquant") -> str | None:
    """One line on where `method` stands among the configs run beside it, from their numbers: the configs with a
    lower final state error and what they store per element, and how far `method` is below the configs of its size
    or smaller. None when `method` was not run, or runs alone."""
    if method not in configs or len(configs) < 2:
        return None
    err = {n: r.summary()["final_state_error"] for n, r in configs.items()}
    size = {n: r.bytes_per_element for n, r in configs.items()}
    ahead = [n for n in configs if n != method and err[n] < err[method]]
    behind = sorted((n for n in configs if n != method and err[n] >= err[method] and size[n] <= size[method] * 1.25),
                    key=lambda n: err[n])
    parts = []
    for n in ahead:
        why = (f"it keeps a {8 * size[n]:.0f}-bit state, {size[n]:.2f} bytes per element to {method}'s "
               f"{size[method]:.2f}" if size[n] > size[method] else
               f"at {size[n]:.2f} bytes per element to {method}'s {size[method]:.2f}")
        parts.append(f"{n}'s final state error is below {method}'s: {why}")
    if behind:
        ratios = " and ".join(f"{err[n] / max(err[method], 1e-300):.1f}x below {n}'s" for n in behind[:2])
        parts.append(f"At its size or less, {method}'s final state error is {ratios}")
    elif not ahead:
        parts.append(f"{method} has the lowest final state error of these configs")
    return ". ".join(parts) + "."
