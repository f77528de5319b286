"""Every family's general-form steps say the same as its original formula (float64 rounding), both
evaluated plainly (`run_steps`) and through the exact windowed evolution (eq. 4 / eq. 10) for several
window lengths, ragged ends and windows that start mid-sequence."""
from __future__ import annotations

import pytest
import torch
from recurrence_cases import CASES, case_shapes, initial_state, rel_rms

from leapquant.errors import InputError
from leapquant.recurrences import Dims, run_steps
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


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_an_empty_sequence_has_no_outputs_and_keeps_the_state(case):
    """T = 0 through the family's formula, its steps, the plain general form and the windows alike."""
    d = Dims(2, 0, 2, 2, 8, 6)
    spec, x = case.spec(), case.inputs(d, seed=3)
    S0 = initial_state(d, seed=4, dtype=torch.float64)
    o_ref, S_ref = spec.reference(**x, initial_state=S0)
    assert o_ref.shape == (2, 0, 2, 6) and torch.equal(S_ref, S0)
    steps = spec.steps(**x, initial_state=S0)
    o, S, states = run_steps(steps, S0, return_states=True)
    assert o.shape == (2, 2, 0, 6) and torch.equal(S, S0) and states.shape == (2, 2, 0, 8, 6)
    o, state = evolve(steps, 16, WindowedState.start(S0))
    assert o.shape == (2, 2, 0, 6) and torch.equal(state.state(), S0)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
@pytest.mark.parametrize("axis", ["heads", "dk", "dv"])
def test_no_heads_or_an_empty_key_or_value_dim_is_an_input_error(case, axis):
    d = Dims(1, 3, 2, 2, 4, 3)
    x = case.inputs(d, seed=5)
    if axis == "heads":
        x = {n: t[:, :, :0] if t.dim() >= 3 and n not in case.spec().static_inputs() else t for n, t in x.items()}
    elif axis == "dk":
        x = {n: t[..., :0] if n in ("q", "k") or (n in ("g", "w") and t.dim() == 4) else t for n, t in x.items()}
    else:
        x["v"] = x["v"][..., :0]
    with pytest.raises(InputError, match="at least one head and a key and value dim >= 1|must have shape"):
        case.spec().steps(**x)


@pytest.mark.parametrize("kwargs,match", [
    (dict(dims=Dims(2, 0, 2, 2, 8, 6)), r"dims\.T must be an integer >= 1"),
    (dict(dims=Dims(2, 5, 2, 2, 0, 6)), r"dims\.K must be an integer >= 1"),
    (dict(dims=(2, 5, 2, 2, 8, 6)), "dims must be a leapquant.recurrences.Dims"),
    (dict(window=0), "window must be an integer >= 1"),
    (dict(seed=-1), r"seed must be an integer in \[0, "),
    (dict(tolerance=float("nan")), "tolerance must be a positive finite number"),
    (dict(tolerance=0.0), "tolerance must be a positive finite number"),
])
def test_check_spec_names_a_bad_argument(kwargs, match):
    from leapquant.check import check_spec

    args = dict(name="gdn", dims=Dims(2, 5, 2, 2, 8, 6)) | kwargs
    with pytest.raises(InputError, match=match):
        check_spec(**args)
    assert check_spec("gdn", Dims(1, 1, 1, 1, 1, 1)).ok          # the smallest dims pass
