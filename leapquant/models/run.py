"""Run a real model over a long document, teacher-forced, with every linear-attention state kept by a
leapquant pipeline; bits per byte, and state error per layer and head over the document.

The model runs layer by layer over the whole document: for each linear-attention layer its recurrence
inputs are computed for all tokens, turned into general-form `Steps` by the family's spec a chunk at a
time, and fed through the layer's state keeper; the outputs go on to the rest of the layer. Alongside,
a float64 shadow state evolves exactly on the SAME inputs (the layer inputs this config produced), so
the state error measures what the pipeline does to the state — the error propagation of docs/math.md eq. 9 —
and not the drift of upstream layers, which shows in the bits per byte instead.

State keepers:
  * `None` (config "fp32"): the exact recurrence in the compute dtype (float32), as FLA's kernels keep it;
  * any pipeline: `leapquant.pipeline.StateStream` (per-step pipelines take its per-token fast path).
Models provide `linear_layers()`, `state_shape()`, `family`, and `forward(tokens, recur=...)`.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

from leapquant import cuda_graphs, recurrences
from leapquant.errors import InputError, OutOfRangeError
from leapquant.pipeline import Pipeline, StateStream
from leapquant.recipe import Recipe
from leapquant.recurrences import Steps
from leapquant.window import WindowedState, evolve


class ExactStream:
    """The unquantized recurrence in `dtype` (windows of `window` tokens, exact records)."""

    def __init__(self, initial_state: torch.Tensor, window: int = 64) -> None:
        self.ws = WindowedState.start(initial_state)
        self.window = window

    def run(self, steps: Steps) -> torch.Tensor:
        steps = steps.to(dtype=self.ws.S0.dtype, device=self.ws.S0.device)
        out, self.ws = evolve(steps, self.window, self.ws)
        return out

    def state(self) -> torch.Tensor:
        return self.ws.state()


class HeadGroups:
    """One layer's states kept by several pipelines, each on a range of value heads (a recipe's head groups)."""

    def __init__(self, groups: list[tuple[tuple[int, int], Pipeline]], S0: torch.Tensor, seed: int,
                 keep_stats: bool = False) -> None:
        self.heads = [h for h, _ in groups]
        self.streams = [StateStream(p, S0[:, h0:h1], seed, keep_stats=keep_stats) for (h0, h1), p in groups]
        self.quantizer = None      # no one quantizer: Figure-6 statistics are per pipeline

    def run(self, steps: Steps) -> torch.Tensor:
        outs = [s.run(steps.map(lambda x, h0=h0, h1=h1: x[:, h0:h1])) for (h0, h1), s in zip(self.heads, self.streams)]
        return torch.cat(outs, 1)

    def state(self) -> torch.Tensor:
        return torch.cat([s.state() for s in self.streams], 1)


def layer_method(config: Pipeline | Recipe | None, layer: int, H: int) -> list[tuple[tuple[int, int], Pipeline]] | None:
    """The pipelines keeping linear-attention layer `layer`'s H heads, [((start, stop), pipeline)]; None: exact."""
    if not isinstance(config, Recipe):
        return None if config is None else [((0, H), config)]
    return [(p.heads, Pipeline.from_dict(p.pipeline)) for p in config.parts() if layer in p.layers]


def make_stream(config: Pipeline | Recipe | None, S0: torch.Tensor, seed: int, exact_window: int,
                keep_stats: bool = False, layer: int = 0):
    """The stream that keeps linear-attention layer `layer`'s state S0 [B, H, K, V] by `config`: exact (None), one
    pipeline, or a recipe's methods for that layer (by head group where they differ)."""
    groups = layer_method(config, layer, S0.shape[1])
    if groups is None:
        return ExactStream(S0, exact_window)
    if len(groups) == 1:
        return StateStream(groups[0][1], S0, seed, keep_stats=keep_stats)
    return HeadGroups(groups, S0, seed, keep_stats)


def check_recipe(recipe: Recipe, model) -> None:
    """A recipe runs a model whose linear-attention layers and state shapes are its model's."""
    H, K, V = model.state_shape()
    m, layers = recipe.model, len(model.linear_layers())
    if (m.family, m.layers, m.HV, m.K, m.V) != (model.family, layers, H, K, V):
        raise InputError(f"recipe {m.name!r} is for {m.family} with {m.layers} layers of {m.HV} heads of {m.K}x{m.V}; "
                         f"the model is {model.family} with {layers} layers of {H} heads of {K}x{V}")


@dataclass
class DocumentRun:
    config: str
    tokens: int
    bits_per_byte: float
    nll_bits: list[float]                   # per chunk of `chunk` predicted bytes
    at: list[int] = field(default_factory=list)          # token counts where state error is measured
    state_error: dict[int, list[list[float]]] = field(default_factory=dict)  # layer -> [point][head]
    seconds: float = 0.0

    def to_json(self) -> dict:
        return {"config": self.config, "tokens": self.tokens, "bits_per_byte": self.bits_per_byte,
                "nll_bits_per_chunk": self.nll_bits, "at": self.at,
                "state_error": {str(k): v for k, v in self.state_error.items()}, "seconds": self.seconds}


def _slice_inputs(inputs: dict[str, torch.Tensor], t0: int, t1: int, T: int) -> dict[str, torch.Tensor]:
    return {n: (x[:, t0:t1] if x.dim() >= 2 and x.shape[1] == T else x) for n, x in inputs.items()}


def run_document(
    model,
    tokens: torch.Tensor,
    pipeline: Pipeline | Recipe | None,
    *,
    name: str = "",
    chunk: int = 2048,
    dtype: torch.dtype = torch.float32,
    device: str | torch.device = "cpu",
    seed: int = 0,
    shadow: bool = True,
    exact_window: int = 0,
    record: Callable[[int, dict[str, torch.Tensor], float], None] | None = None,
    progress: Callable[[int], None] | None = None,
    on_chunk: Callable[[int, object], None] | None = None,
    keep_stats: bool = False,
) -> DocumentRun:
    """Teacher-forced run over `tokens` (1-D, bytes): predicts tokens[1:] from tokens[:-1].

    `pipeline` None keeps FP32 (exact) states; a Recipe keeps each layer (and head group) by its own pipeline.
    With `shadow`, the float64 exact state on the same inputs is
    evolved beside each layer and ‖S − S_ref‖_F / ‖S_ref‖_F per head is measured at the end of every chunk.
    `record(layer, inputs, scale)` sees each linear layer's inputs (FLA layout) for the whole document.
    `progress(n)` is called with the number of tokens a layer advanced; `on_chunk(layer, stream)` after
    every chunk of every layer (e.g. to sample a `BoundaryQuantizer`'s Figure-6 statistics, kept when
    `keep_stats`).
    `exact_window` 0 picks 16 tokens for vector decays and 128 for scalar ones.
    """
    import time

    t_start = time.perf_counter()
    spec = recurrences.get(model.family)
    H, K, V = model.state_shape()
    if isinstance(pipeline, Recipe):
        check_recipe(pipeline, model)
    x = tokens[None, :-1].to(device)
    T = x.shape[1]
    run = DocumentRun(config=name, tokens=T, bits_per_byte=math.nan, nll_bits=[])
    run.at = [min(t0 + chunk, T) for t0 in range(0, T, chunk)]

    if not exact_window:
        exact_window = 128 if model.family == "gdn" else 16

    def recur(layer: int, inputs: dict[str, torch.Tensor], scale: float) -> torch.Tensor:
        if record is not None:
            record(layer, inputs, scale)
        S0 = torch.zeros(1, H, K, V, dtype=dtype, device=device)
        stream = make_stream(pipeline, S0, seed + layer, exact_window, keep_stats,
                             layer=model.linear_layers().index(layer))
        ref = ExactStream(torch.zeros(1, H, K, V, dtype=torch.float64, device=device), exact_window) if shadow else None
        outs, errs = [], []
        for t0 in range(0, T, chunk):
            cuda_graphs.checkpoint()          # let another thread capture a graph (study --parallel)
            t1 = min(t0 + chunk, T)
            steps = spec.steps(**_slice_inputs(inputs, t0, t1, T), scale=scale)
            try:
                outs.append(stream.run(steps.to(dtype=dtype)))
            except OutOfRangeError as e:   # say where a state left its range: a property of the config
                raise OutOfRangeError(f"{e} (layer {layer}, tokens {t0}-{t1} of {T})") from e
            if ref is not None:
                ref.run(steps)
                S, S_ref = stream.state().double(), ref.state()
                norm_ref = torch.linalg.vector_norm(S_ref, dim=(-2, -1)).clamp_min(1e-300)
                e = torch.linalg.vector_norm(S - S_ref, dim=(-2, -1)) / norm_ref
                errs.append(e[0].tolist())
            if on_chunk is not None:
                on_chunk(layer, stream)
            if progress is not None:
                progress(t1 - t0)
        if shadow:
            run.state_error[layer] = errs
        o = torch.cat(outs, -2)                       # [1, H, T, V]
        return o.transpose(1, 2).to(torch.float32)

    with torch.no_grad():
        logits = model(x, recur=recur)[0]
        y = tokens[1:].to(device)
        nll = F.cross_entropy(logits.float(), y, reduction="none") / math.log(2)
    run.bits_per_byte = float(nll.mean())
    run.nll_bits = [float(nll[t0:t0 + chunk].mean()) for t0 in range(0, T, chunk)]
    run.seconds = round(time.perf_counter() - t_start, 2)
    return run
