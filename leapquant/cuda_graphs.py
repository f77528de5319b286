"""CUDA-graph replay of the per-step token loop: the per-step baselines' hot path on a GPU.

A per-step pipeline runs about ten small tensor ops per token (read, update, quantize). On a GPU
that loop is launch-bound — tens of microseconds of launches for a few microseconds of work — and
each quantization's non-finite check would sync the host. So the loop of `block` tokens is
captured once as a CUDA graph (non-finite checks collected as device flags, `deferred_finite_checks`)
and replayed for every later block: the same kernels on the same arithmetic, without the launches.
One graph is kept per boundary object and input shape, so a stream fed chunk by chunk captures once.

`window._per_step` comes here when the state is on a CUDA device and the boundary declares itself
`graph_safe` (no compensator records, deterministic rounding). If capture fails anyway (an op that
syncs the host), the boundary is marked and the plain loop runs instead.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass, replace

import torch

from leapquant.formats.base import deferred_finite_checks
from leapquant.window import Boundary, PerStepInputs, RecordPrecision, per_step_loop

DEFAULT_BLOCK = 64
"""Tokens per captured graph: long enough that launches vanish, short enough to capture quickly."""


@dataclass
class _Captured:
    graph: torch.cuda.CUDAGraph
    state: torch.Tensor                  # read at the start of a replay, written at its end
    inputs: PerStepInputs                # static inputs of one block
    out: torch.Tensor                    # [..., block, dv]
    flags: torch.Tensor | None           # per non-finite check: did it fail in this replay
    checks: object                       # FiniteChecks, for the error message
    last: object                         # the boundary's `_last` as captured (Figure-6 statistics)


_GRAPHS: "weakref.WeakKeyDictionary[object, dict[tuple, _Captured | None]]" = weakref.WeakKeyDictionary()


def _signature(S: torch.Tensor, x: PerStepInputs, precision: RecordPrecision, block: int) -> tuple:
    shapes = tuple((n, tuple(t.shape[:-2]), t.shape[-1], t.dtype) for n, t in x.tensors().items())
    return (tuple(S.shape), S.dtype, S.device, shapes, x.substeps, x.read_after, precision, block)


def _capture(S: torch.Tensor, x: PerStepInputs, boundary: Boundary, precision: RecordPrecision) -> _Captured:
    """Capture one block of the loop on static copies of `S` and `x` (their values are not used)."""
    state = S.clone()
    inputs = replace(x, **{n: t.clone() for n, t in x.tensors().items()})
    graph = torch.cuda.CUDAGraph()
    with deferred_finite_checks(raise_on_exit=False) as checks, torch.cuda.graph(graph):
        S_new, out, _, _ = per_step_loop(state, inputs, boundary, precision)
        state.copy_(S_new)
        flags = torch.stack(checks.flags) if checks.flags else None
    return _Captured(graph, state, inputs, out, flags, checks, getattr(boundary, "_last", None))


def per_step_graphed(S: torch.Tensor, x: PerStepInputs, boundary: Boundary, precision: RecordPrecision,
                     block: int = DEFAULT_BLOCK) -> tuple[torch.Tensor, torch.Tensor]:
    """The per-step loop over all of `x` from state `S`: (final state, outputs [..., T, dv]).

    Whole blocks replay a captured graph; the first block of a new shape runs eagerly (it warms up
    the libraries capture needs) and so does a tail shorter than a block.
    """
    T = x.num_tokens
    graphs = _GRAPHS.setdefault(boundary, {})
    key = _signature(S, x.tokens(0, min(block, T)), precision, block)
    outs = []
    t = 0
    if T >= block and graphs.get(key, ...) is ...:
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side), deferred_finite_checks():
            S, out, _, _ = per_step_loop(S, x.tokens(0, block), boundary, precision)
        torch.cuda.current_stream().wait_stream(side)
        outs.append(out)
        t = block
        try:
            graphs[key] = _capture(S, x.tokens(0, block), boundary, precision)
        except RuntimeError:
            graphs[key] = None                          # something in the loop cannot be captured
    captured = graphs.get(key)
    if captured is not None:
        captured.state.copy_(S)
        while t + block <= T:
            for name, static in captured.inputs.tensors().items():
                static.copy_(getattr(x, name)[..., _rows(name, t, t + block, x.substeps), :])
            captured.graph.replay()
            if captured.flags is not None:
                captured.checks.raise_if_any(captured.flags)
            outs.append(captured.out.clone())
            t += block
        S = captured.state.clone()
        if captured.last is not None:
            boundary._last = captured.last              # the replayed tensors now hold the last token's values
    if t < T:
        with deferred_finite_checks():
            S, out, _, _ = per_step_loop(S, x.tokens(t, T), boundary, precision)
        outs.append(out)
    return S, torch.cat(outs, -2)


def _rows(name: str, t0: int, t1: int, substeps: int) -> slice:
    return slice(t0, t1) if name == "q" else slice(t0 * substeps, t1 * substeps)
