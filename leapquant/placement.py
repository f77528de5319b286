"""Where in a [layers, batch, heads] batch of states each pipeline of a configuration runs.

A :class:`~leapquant.pipeline.Pipeline` keeps every state of the batch; a :class:`~leapquant.recipe.Recipe` with
per-layer or per-head-group overrides keeps each of its parts (`Recipe.parts`) with that part's pipeline. The simulator
runs each placement on its slice of the steps and puts the outputs and states back in place.
"""
from __future__ import annotations

from dataclasses import dataclass

import torch

from leapquant.errors import InputError
from leapquant.pipeline import Pipeline
from leapquant.recurrences import Steps


@dataclass(frozen=True)
class Placement:
    """`pipeline` on layers `layers` (indices of batch dim 0) and value heads [start, stop) (batch dim 2); None: all."""

    pipeline: Pipeline
    layers: tuple[int, ...] | None = None
    heads: tuple[int, int] | None = None

    def take(self, x: torch.Tensor) -> torch.Tensor:
        """The placement's slice of x [layers, batch, heads, ...]."""
        if self.layers is not None:
            x = x.index_select(0, torch.tensor(self.layers, device=x.device))
        if self.heads is not None:
            x = x[:, :, self.heads[0]:self.heads[1]]
        return x

    def take_steps(self, steps: Steps) -> Steps:
        if self.layers is None and self.heads is None:
            return steps
        return steps.map(self.take)

    def put(self, full: torch.Tensor, x: torch.Tensor) -> None:
        """Write x (the placement's slice) into full [layers, batch, heads, ...] in place."""
        if self.layers is None and self.heads is None:
            full.copy_(x)
            return
        layers = list(range(full.shape[0])) if self.layers is None else list(self.layers)
        heads = slice(None) if self.heads is None else slice(*self.heads)
        full[layers, :, heads] = x

    def cells(self, batch_shape: list[int]) -> int:
        """How many states of a batch of `batch_shape` the placement keeps."""
        n = 1
        for d in batch_shape:
            n *= d
        if self.layers is not None:
            n = n // batch_shape[0] * len(self.layers)
        if self.heads is not None:
            n = n // batch_shape[2] * (self.heads[1] - self.heads[0])
        return n


def placements(name: str, config, batch_shape: list[int]) -> list[Placement]:
    """The placements of config `name` (a Pipeline or a Recipe) over a batch of `batch_shape`. A recipe with one
    method everywhere runs on any batch; a mixed one needs the batch [layers, batch, heads] of its model."""
    if isinstance(config, Pipeline):
        return [Placement(config)]
    parts = config.parts()
    if len(parts) == 1:
        return [Placement(Pipeline.from_dict(parts[0].pipeline))]
    m = config.model
    if len(batch_shape) != 3 or batch_shape[0] != m.layers or batch_shape[2] != m.HV:
        raise InputError(f"config {name!r}: a recipe with per-layer or per-head methods needs input of its model's "
                         f"[layers, batch, heads] = [{m.layers}, *, {m.HV}], got batch {batch_shape}")
    return [Placement(Pipeline.from_dict(p.pipeline), p.layers, p.heads) for p in parts]
