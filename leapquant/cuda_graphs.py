"""CUDA-graph replay of `window.evolve`: the simulator's and the model runs' hot loop on a GPU.

Evolving a state is a long chain of small tensor ops — about ten per token for a per-step baseline,
a few hundred per window for LeapQuant (records rounded one by one, reconstruction, power iteration,
smoothing, quantization). On a GPU that chain is launch-bound, and each quantization's non-finite
check (and each rounded window's range check) would sync the host. So one block of whole windows is captured once
as a CUDA graph (those checks kept as device flags, `deferred_finite_checks`) and replayed for every later block:
the same kernels on the same arithmetic, without the launches. One graph is kept per boundary object
and shape (and thread: graphs are not shared between threads), so a stream fed chunk by chunk
captures once.

What a block carries to the next is explicit: the windowed state (boundary state and buffered
records) and the tensors the boundary names in `graph_carry` (the power iteration's warm-start keys).
A boundary opts in with `graph_safe = True`; if capture fails anyway (an op that syncs the host),
the boundary's graph is marked unusable and the plain path runs.

Several threads may evolve streams at once (`study --parallel`), each on its own CUDA stream. A capture
must not overlap another thread's CUDA calls (a host sync elsewhere invalidates it, and the capture makes
that sync fail), so such threads run inside `concurrent_runner()` and pass `checkpoint()` now and then;
a capture waits until every runner is parked at a checkpoint (`CaptureGate`).
"""
from __future__ import annotations

import contextlib
import threading
import warnings
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields, replace

import torch

from leapquant.formats.base import FiniteChecks, deferred_finite_checks
from leapquant.recurrences.base import Records, Steps
from leapquant.window import Boundary, RecordPrecision, WindowedState

BLOCK_TOKENS = 64
"""Tokens per captured graph (rounded up to whole windows): launches vanish, capture stays quick."""

Evolve = Callable[[Steps, int, WindowedState, Boundary, RecordPrecision], tuple[torch.Tensor, WindowedState]]


def usable(state: WindowedState, boundary: Boundary) -> bool:
    """Graphs apply to a CUDA state at a window boundary, through a boundary that opts in."""
    return state.S0.is_cuda and state.filled == 0 and bool(getattr(boundary, "graph_safe", False))


def block_tokens(window: int) -> int:
    return window * -(-BLOCK_TOKENS // window)


@dataclass
class _Captured:
    graph: torch.cuda.CUDAGraph
    steps: Steps                         # static inputs of one block
    state: WindowedState                 # read at the start of a replay, written at its end
    carry: dict[str, torch.Tensor]       # the boundary's carried tensors, likewise
    out: torch.Tensor                    # [..., block, dv]
    flags: torch.Tensor | None           # one bool per non-finite check: all finite in this replay
    checks: FiniteChecks                 # names the format in the error message
    last: object                         # the boundary's `_last` (Figure-6 statistics) as captured


class CaptureGate:
    """Many runner threads, one capture at a time, and no runner doing CUDA work during a capture.

    Runners register with `runner()` and call `checkpoint()` at points where they hold no half-done
    CUDA work; `exclusive()` waits until no other registered runner is between checkpoints. Threads
    that never registered are not waited for: in the usual single-threaded run nobody registers, and
    a capture starts at once.
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._active = 0          # registered runners not parked
        self._waiting = 0         # captures waiting for the runners to park
        self._capturing = False
        self._local = threading.local()

    def _registered(self) -> int:
        return 1 if getattr(self._local, "registered", False) else 0

    @contextlib.contextmanager
    def runner(self) -> Iterator[None]:
        if self._registered():
            yield
            return
        with self._cond:
            self._active += 1
        self._local.registered = True
        try:
            yield
        finally:
            self._local.registered = False
            with self._cond:
                self._active -= 1
                self._cond.notify_all()

    def checkpoint(self) -> None:
        if not self._registered():
            return
        with self._cond:
            if not (self._waiting or self._capturing):
                return
            self._active -= 1
            self._cond.notify_all()
            self._cond.wait_for(lambda: not (self._waiting or self._capturing))
            self._active += 1

    @contextlib.contextmanager
    def exclusive(self) -> Iterator[None]:
        me = self._registered()
        with self._cond:
            self._active -= me
            self._waiting += 1
            self._cond.notify_all()
            self._cond.wait_for(lambda: self._active == 0 and not self._capturing)
            self._waiting -= 1
            self._capturing = True
        try:
            yield
        finally:
            with self._cond:
                self._capturing = False
                self._active += me
                self._cond.notify_all()


def load_libraries(device: torch.device | str) -> None:
    """Load what torch loads lazily, once, before several threads start: its CUDA linear-algebra
    library (QR, triangular solve) loads on first use and two first uses at once raise
    "lazy wrapper should be called at most once" (seen on the H200, study --parallel 24)."""
    a = torch.eye(2, device=device)
    torch.linalg.qr(a)
    torch.linalg.solve_triangular(a, a, upper=False)
    torch.cuda.synchronize(device)


_GATE = CaptureGate()
concurrent_runner = _GATE.runner
"""`with concurrent_runner():` around a thread's work when several threads evolve streams at once."""
checkpoint = _GATE.checkpoint
"""Park here while another thread captures (a no-op outside `concurrent_runner`)."""
_GRAPHS: "weakref.WeakKeyDictionary[object, dict[tuple, _Captured | None]]" = weakref.WeakKeyDictionary()


def _tensor_fields(steps: Steps) -> dict[str, torch.Tensor]:
    return {f.name: getattr(steps, f.name) for f in fields(steps) if isinstance(getattr(steps, f.name), torch.Tensor)}


def _state_tensors(s: WindowedState) -> tuple[torch.Tensor, ...]:
    return (s.S0, s.buffer.log_alpha, s.buffer.k, s.buffer.u)


def _cloned(s: WindowedState) -> WindowedState:
    S0, la, k, u = (x.clone() for x in _state_tensors(s))
    return WindowedState(S0, Records(la, k, u), s.filled)


def _signature(steps: Steps, window: int, state: WindowedState, precision: RecordPrecision) -> tuple:
    shape = lambda x: (tuple(x.shape), x.dtype, x.device)  # noqa: E731
    return (threading.get_ident(), window, precision, steps.substeps, steps.read_after,
            tuple((n, shape(x)) for n, x in _tensor_fields(steps).items()),
            tuple(shape(x) for x in _state_tensors(state)))


def _carry_names(boundary: Boundary) -> tuple[str, ...]:
    return tuple(getattr(boundary, "graph_carry", ()))


def _capture(steps: Steps, window: int, state: WindowedState, boundary: Boundary,
             precision: RecordPrecision, evolve: Evolve) -> _Captured | None:
    """Capture one block on static copies of `steps`, `state` and the carry (values unused)."""
    names = _carry_names(boundary)
    missing = [n for n in names if not isinstance(getattr(boundary, n, None), torch.Tensor)]
    if missing:
        warnings.warn(f"CUDA graph capture skipped, this stream runs eagerly: the boundary's graph_carry "
                      f"{missing} are not tensors after a window", RuntimeWarning, stacklevel=3)
        return None
    saved = {n: getattr(boundary, n) for n in names} | {"_last": getattr(boundary, "_last", None)}
    static_steps = replace(steps, **{n: x.clone() for n, x in _tensor_fields(steps).items()})
    static = _cloned(state)
    carry = {n: getattr(boundary, n).clone() for n in names}
    for n in names:
        setattr(boundary, n, carry[n])
    graph = torch.cuda.CUDAGraph()
    # One capture at a time in the process, while every other runner is parked (`CaptureGate`), on a
    # stream of its own: torch's default capture stream is shared by every thread.
    try:
        with _GATE.exclusive(), deferred_finite_checks(raise_on_exit=False, join=False) as checks, \
                torch.cuda.graph(graph, stream=torch.cuda.Stream(), capture_error_mode="thread_local"):
            out, new = evolve(static_steps, window, static, boundary, precision)
            for dst, src in zip(_state_tensors(static), _state_tensors(new)):
                dst.copy_(src)
            for n in names:
                carry[n].copy_(getattr(boundary, n))
            flags = torch.stack(checks.flags) if checks.flags else None
    except RuntimeError as e:                # something in the chain cannot be captured
        for n, v in saved.items():
            setattr(boundary, n, v)
        warnings.warn(f"CUDA graph capture failed, this stream runs eagerly (slower, same arithmetic): {e}",
                      RuntimeWarning, stacklevel=3)
        return None
    for n in names:
        setattr(boundary, n, carry[n])
    return _Captured(graph, static_steps, static, carry, out, flags, checks, getattr(boundary, "_last", None))


def evolve_graphed(steps: Steps, window: int, state: WindowedState, boundary: Boundary,
                   precision: RecordPrecision, evolve: Evolve) -> tuple[torch.Tensor, WindowedState]:
    """`evolve(steps, ...)` with whole blocks replayed from a graph (requires `usable(...)`).

    The first block of a new shape runs eagerly (it warms up the libraries capture needs and fills
    the warm-start carry), then is captured; a tail shorter than a block runs eagerly.
    """
    checkpoint()
    T, block = steps.num_tokens, block_tokens(window)
    graphs = _GRAPHS.setdefault(boundary, {})
    outs: list[torch.Tensor] = []
    t = 0
    if T < block:
        return evolve(steps, window, state, boundary, precision)
    key = _signature(steps.tokens(0, block), window, state, precision)
    if key not in graphs:                      # a new shape: one block eagerly, then capture
        out, state = evolve(steps.tokens(0, block), window, state, boundary, precision)
        outs.append(out)
        t = block
        key = _signature(steps.tokens(0, block), window, state, precision)
        if key not in graphs and T - t >= block:
            graphs[key] = _capture(steps.tokens(0, block), window, state, boundary, precision, evolve)
    captured = graphs.get(key)
    if captured is not None and T - t >= block:
        for dst, src in zip(_state_tensors(captured.state), _state_tensors(state)):
            dst.copy_(src)
        for n, static in captured.carry.items():
            if getattr(boundary, n) is not static:             # an eager step since the last replay
                static.copy_(getattr(boundary, n))
                setattr(boundary, n, static)
        static_inputs = _tensor_fields(captured.steps)
        while t + block <= T:
            piece = _tensor_fields(steps.tokens(t, t + block))
            for n, static in static_inputs.items():
                static.copy_(piece[n])
            captured.graph.replay()
            if captured.flags is not None:
                captured.checks.raise_if_any(captured.flags)
            outs.append(captured.out.clone())
            t += block
        state = _cloned(captured.state)
        if captured.last is not None:
            boundary._last = captured.last     # the replayed tensors now hold the last window's values
    if t < T:
        out, state = evolve(steps.tokens(t, T), window, state, boundary, precision)
        outs.append(out)
    return torch.cat(outs, -2), state
