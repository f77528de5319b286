"""Every family's general-form steps say the same as its original formula (float64 rounding), both
evaluated plainly (`run_steps`) and through the exact windowed evolution (eq. 4 / eq. 10) for several
window lengths, ragged ends and windows that start mid-sequence."""
from __future__ import annotations

import pytest
import torch
from recurrence_cases import case_shapes, initial_state, rel_rms

from leapquant.recurrences import run_steps
from leapquant.window import WindowedState, evolve

TOL = 1e-12
WINDOWS = [1, 3, 16, 64]


_CACHE: dict = {}


def _setup(case, d):
    key = (case.id, d)
    if key not in _CACHE:
        _CACHE[key] = _build(case, d)
    return _CACHE[key]


def _build(case, d):
    spec = case.spec()
    x = case.inputs(d, seed=21)
    S0 = initial_state(d, seed=22, dtype=torch.float64)
    o_ref, S_ref = spec.reference(**x, initial_state=S0)
    steps = spec.steps(**x, initial_state=S0)
    return steps, S0, o_ref.transpose(1, 2), S_ref     # o_ref head-first, as the steps produce it


def _err(a, b):
    return rel_rms(a, b)


@pytest.mark.parametrize("case,d", case_shapes())
def test_steps_equal_reference(case, d):
    steps, S0, o_ref, S_ref = _setup(case, d)
    assert steps.num_records == d.T * steps.substeps and steps.num_tokens == d.T
    o, S = run_steps(steps, S0)
    assert _err(o, o_ref) < TOL and _err(S, S_ref) < TOL, (_err(o, o_ref), _err(S, S_ref))


@pytest.mark.parametrize("p", WINDOWS, ids=[f"p{p}" for p in WINDOWS])
@pytest.mark.parametrize("case,d", case_shapes())
def test_windowed_evolution_exact(case, d, p):
    steps, S0, o_ref, S_ref = _setup(case, d)
    o, state = evolve(steps, p, WindowedState.start(S0))
    assert state.filled == d.T % p
    assert _err(o, o_ref) < TOL, _err(o, o_ref)
    assert _err(state.state(), S_ref) < TOL, _err(state.state(), S_ref)


@pytest.mark.parametrize("p,prefix", [(3, 10), (16, 5), (16, 18), (64, 13)], ids=lambda v: str(v))
@pytest.mark.parametrize("case,d", case_shapes())
def test_windowed_evolution_resumes_mid_window(case, d, p, prefix):
    """Run a prefix, keep the returned state (a partial buffer), continue with the rest."""
    steps, S0, o_ref, S_ref = _setup(case, d)
    o1, state = evolve(steps.tokens(0, prefix), p, WindowedState.start(S0))
    assert state.filled == prefix % p
    o2, state = evolve(steps.tokens(prefix, d.T), p, state)
    o = torch.cat([o1, o2], -2)
    assert _err(o, o_ref) < TOL and _err(state.state(), S_ref) < TOL, (_err(o, o_ref), _err(state.state(), S_ref))
