"""`leapquant check`: every recurrence spec against its own float64 reference, through the general
form (eq. 8) and through the exact windowed state (eq. 4 / eq. 10)."""
from __future__ import annotations

import math
from dataclasses import asdict, dataclass, fields

import torch

from leapquant import recurrences
from leapquant.errors import InputError
from leapquant.recurrences import Dims
from leapquant.validation import check_int, check_positive_int
from leapquant.window import WindowedState, evolve


@dataclass
class SpecCheck:
    family: str
    general_form_error: float   # max |o − o_ref| and |S − S_ref|, general form vs original formula
    windowed_error: float       # the same through windows of p tokens, exact records
    window: int
    tolerance: float

    @property
    def ok(self) -> bool:
        return self.general_form_error <= self.tolerance and self.windowed_error <= self.tolerance

    def as_dict(self) -> dict:
        return asdict(self) | {"ok": self.ok}


def _max_err(a: tuple[torch.Tensor, torch.Tensor], b: tuple[torch.Tensor, torch.Tensor]) -> float:
    return max(float((x - y).abs().max() / y.abs().max().clamp_min(1e-300)) for x, y in zip(a, b))


def check_spec(name: str, dims: Dims, window: int = 16, seed: int = 0, tolerance: float = 1e-10) -> SpecCheck:
    """Family `name` on random inputs of `dims` (every size >= 1): its general form and its exact windows of `window`
    tokens against its own formula, ok within `tolerance` (relative max error, a positive number)."""
    spec = recurrences.get(name)
    if not isinstance(dims, Dims):
        raise InputError(f"dims must be a leapquant.recurrences.Dims, got {type(dims).__name__}")
    for f in fields(Dims):
        check_positive_int(f"dims.{f.name}", getattr(dims, f.name))
    check_positive_int("window", window)
    check_int("seed", seed, 0)
    if isinstance(tolerance, bool) or not isinstance(tolerance, (int, float)) or not 0 < tolerance < math.inf:
        raise InputError(f"tolerance must be a positive finite number, got {tolerance!r}")
    gen = torch.Generator().manual_seed(seed)
    inputs = spec.random_inputs(dims, gen)
    S0 = torch.randn(dims.B, dims.HV, dims.K, dims.V, generator=gen)
    o_ref, S_ref = spec.reference(**inputs, initial_state=S0)
    steps = spec.steps(**inputs, initial_state=S0)
    S_init = spec.initial_state(**inputs, initial_state=S0)
    o, S = recurrences.run_steps(steps, S_init)
    general = _max_err((o.transpose(1, 2), S), (o_ref, S_ref))
    o_w, state = evolve(steps, window, WindowedState.start(S_init))
    windowed = _max_err((o_w.transpose(1, 2), state.state()), (o_ref, S_ref))
    return SpecCheck(name, general, windowed, window, tolerance)
