"""`leapquant tune --per-layer`: a mixed recipe — each layer its own method (window, rank, format) under one memory
budget, chosen by the layers' measured sensitivity on the trace.

Every method of the space that a decode kernel computes on the target (`candidates`) is simulated on each traced
layer alone (`sensitivity`: the layer's final state error and bytes per element). `allocate` then picks one method per
layer minimising the sum of the layers' errors with the mean bytes per element within the budget: exactly (every
combination) where the combinations are few, else by a Lagrangian sweep over the convex hull followed by greedy
upgrades. A layer the trace does not hold is charged the worst error any traced layer shows for each method (it is
assumed as sensitive as the most sensitive traced layer), and the recipe says so.
"""
from __future__ import annotations

import itertools
import math

from leapquant.errors import InputError
from leapquant.kernels import registry
from leapquant.kernels.config import FORMATS as KERNEL_FORMATS
from leapquant.kernels.config import KernelConfig
from leapquant.kernels.from_pipeline import pipeline_of
from leapquant.recipe import ModelShape, Recipe
from tuner.space import Point, Space

EXACT_LIMIT = 100_000
"""Most combinations `allocate` enumerates; beyond, the Lagrangian sweep."""


def method_name(point: Point) -> str:
    """A candidate's method as the study names it (format, window, rank, iters)."""
    k = point.kernel
    return f"{k.format}-w{k.window}-r{k.rank}-it{k.iters}"


def candidates(shape: ModelShape, arch: str, space: Space = Space()) -> list[Point]:
    """Every method of `space` (iters 2 where rank > 0) that a decode kernel computes for `shape` on `arch`."""
    out = []
    for fmt, window, rank in itertools.product(space.format, space.window, space.rank):
        if fmt not in KERNEL_FORMATS or rank > min(shape.K, shape.V) or (fmt == "bf16" and rank):
            continue
        problem = KernelConfig(family=shape.family, H=shape.H, HV=shape.HV, K=shape.K, V=shape.V, window=window,
                               rank=rank, format=fmt, iters=2)
        try:
            cfg = registry.resolve(problem, arch)
        except InputError:
            continue
        out.append(Point(pipeline_of(cfg), cfg))
    if not out:
        raise InputError(f"no method of the space is computed by a decode kernel on {arch}")
    return out


class _OneLayer:
    """The steps of layer `layer` of `source` (Steps are [layers, B, H, T, ·])."""

    def __init__(self, source, layer: int):
        self.source, self.layer = source, layer

    def chunks(self, n: int):
        for s in self.source.chunks(n):
            yield s.map(lambda x: x[self.layer:self.layer + 1])


def sensitivity(source, layers: int, cands: list[Point], seed: int = 0, progress=None) -> list[list[float]]:
    """errors[layer][candidate]: the final state error of each candidate on each of the trace's `layers` alone."""
    from tuner.study import accuracy

    errors = []
    for layer in range(layers):
        row = []
        for c in cands:
            row.append(accuracy(c.pipeline.to_dict(), _OneLayer(source, layer), seed)["final_state_error"])
            if progress is not None:
                progress()
        errors.append(row)
    return errors


def allocate(errors: list[list[float]], bpe: list[float], budget: float) -> list[int]:
    """One candidate index per layer minimising sum(errors[l][i]) with mean(bpe[i]) <= `budget`; InputError if even
    the smallest candidate everywhere exceeds it."""
    n, m = len(errors), len(bpe)
    if min(bpe) > budget + 1e-12:
        raise InputError(f"--max-bytes-per-element {budget}: the smallest method needs {min(bpe):.4f} bytes per "
                         f"element")
    if m ** n <= EXACT_LIMIT:
        best = min((c for c in itertools.product(range(m), repeat=n) if sum(bpe[i] for i in c) <= budget * n + 1e-9),
                   key=lambda c: (sum(errors[l][i] for l, i in enumerate(c)), sum(bpe[i] for i in c)))
        return list(best)
    return _lagrangian(errors, bpe, budget)


def _lagrangian(errors, bpe, budget) -> list[int]:
    n, m = len(errors), len(bpe)
    pick = lambda lam: [min(range(m), key=lambda i: (errors[l][i] + lam * bpe[i], bpe[i])) for l in range(n)]
    lo, hi = 0.0, 1.0
    while sum(bpe[i] for i in pick(hi)) > budget * n and hi < 1e12:
        hi *= 10
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if sum(bpe[i] for i in pick(mid)) <= budget * n else (mid, hi)
    choice = pick(hi)
    while True:        # greedy upgrades with what the budget has left
        room = budget * n - sum(bpe[i] for i in choice)
        moves = [(errors[l][i] - errors[l][choice[l]], l, i) for l in range(n) for i in range(m)
                 if errors[l][i] < errors[l][choice[l]] and bpe[i] - bpe[choice[l]] <= room + 1e-9]
        if not moves:
            return choice
        _, l, i = min(moves)
        choice[l] = i


def per_layer_recipe(shape: ModelShape, gpu: str, cands: list[Point], choice: list[int], errors, traced: int,
                     data: str, command: str | None = None) -> Recipe:
    """The mixed recipe: layer l keeps cands[choice[l]]; its accuracy figures are the layers' simulated errors."""
    recipe = cands[choice[0]].recipe(shape, gpu, command)
    for layer in range(1, shape.layers):
        if choice[layer] != choice[0]:
            fields = {k: v for k, v in cands[choice[layer]].pipeline.to_dict().items() if k != "version"}
            recipe = recipe.override([layer], **fields)
    where = lambda l: f"{data}; layer {l}" + ("" if l < traced else " (not in the trace: the worst traced layer's "
                                                                  "error for this method)")
    accuracy = [{"metric": "state_error", "value": errors[l][choice[l]], "data": where(l),
                 "command": command or "leapquant tune --per-layer"} for l in range(shape.layers)]
    return recipe.with_figures(accuracy=accuracy)


def expand(errors: list[list[float]], layers: int) -> list[list[float]]:
    """`errors` of the traced layers, with each untraced layer charged the worst traced error per candidate."""
    if not errors:
        raise InputError("the trace holds no layer")
    worst = [max(col) for col in zip(*errors)]
    return [*errors, *([worst] * max(0, layers - len(errors)))][:layers]


def total(errors, choice) -> float:
    return math.fsum(errors[l][i] for l, i in enumerate(choice))
