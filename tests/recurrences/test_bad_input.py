"""Bad input raises InputError whose message names the argument, for every family."""
from __future__ import annotations

import re

import pytest
import torch
from recurrence_cases import CASES

from leapquant.errors import InputError
from leapquant.recurrences import Dims, get, names

D = Dims(2, 5, 2, 2, 8, 6)
UNGROUPED = sorted(set(names()) - {"gdn", "kda", "mamba2"})


def _inputs(case):
    return case.inputs(D, seed=1)


def _decays(case):
    """The log-space decay inputs the family declares (spec.log_decay_inputs) that this case passes."""
    return [a for a in case.spec().log_decay_inputs() if a in _inputs(case)]


def _raises(spec, arg, **x):
    with pytest.raises(InputError, match=rf"\b{re.escape(arg)}\b"):
        spec.steps(**x)
    with pytest.raises(InputError, match=rf"\b{re.escape(arg)}\b"):
        spec.reference(**x)


def _tensor_args(case):
    return [pytest.param(case, n, id=f"{case.id}-{n}") for n in _inputs(case)]


ALL_ARGS = [p for c in CASES for p in _tensor_args(c)]


def test_every_registered_family_has_a_bad_input_case():
    """The tests below run per case: a registered family without one would have its bad input go untested."""
    assert {c.family for c in CASES} == set(names())


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_good_inputs_give_steps_that_reproduce_the_reference(case):
    """The inputs the bad-input tests corrupt are good ones: their steps have the input's dims and decays in (0, 1],
    and evolve exactly (windows of 2 tokens, no quantization) to the family's reference output and state."""
    from leapquant.window import WindowedState, evolve
    spec, x = case.spec(), _inputs(case)
    steps = spec.steps(**x)
    assert (list(steps.batch_shape), steps.num_tokens, steps.dk, steps.dv) == ([D.B, D.HV], D.T, D.K, D.V)
    assert bool((steps.log_alpha <= 0).all()) and bool(torch.isfinite(steps.log_alpha).all())
    o_ref, S_ref = spec.reference(**x)
    o, state = evolve(steps, 2, WindowedState.start(spec.initial_state(**x)))
    torch.testing.assert_close(o.transpose(1, 2), o_ref, rtol=1e-10, atol=1e-10)
    torch.testing.assert_close(state.state(), S_ref, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("case,arg", ALL_ARGS)
def test_wrong_shape(case, arg):
    x = _inputs(case)
    t = x[arg]
    if arg == "q":
        bad = t[..., 0]                                    # a dimension missing
    elif arg == "v":
        bad = t[:, :-1]                                    # a token missing
    else:
        bad = torch.cat([t, t[..., :1]], -1)               # last dim one too long
    _raises(case.spec(), arg, **dict(x, **{arg: bad}))


@pytest.mark.parametrize("case,arg", ALL_ARGS)
def test_integer_dtype(case, arg):
    x = _inputs(case)
    _raises(case.spec(), arg, **dict(x, **{arg: x[arg].round().to(torch.int32)}))


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), float("-inf")], ids=["nan", "inf", "-inf"])
@pytest.mark.parametrize("case,arg", ALL_ARGS)
def test_non_finite(case, arg, bad):
    x = _inputs(case)
    t = x[arg].clone()
    t.view(-1)[t.numel() // 2] = bad
    _raises(case.spec(), arg, **dict(x, **{arg: t}))


@pytest.mark.parametrize("case", [c for c in CASES if _decays(c)], ids=lambda c: c.id)
def test_decay_above_one(case):
    x = _inputs(case)
    for arg in _decays(case):
        t = x[arg].clone()
        t.view(-1)[0] = 0.25                               # log decay > 0: decay > 1
        _raises(case.spec(), arg, **dict(x, **{arg: t}))


def test_retnet_decay_above_one():
    spec = get("retnet")
    x = spec.random_inputs(D)
    _raises(spec, "g", **x, g=torch.tensor([-0.1, 0.1]))


def test_mamba2_negative_dt():
    spec = get("mamba2")
    x = spec.random_inputs(D)
    x["dt"] = x["dt"].clone()
    x["dt"][0, 0, 0] = -0.5
    _raises(spec, "dt", **x)


@pytest.mark.parametrize("family,arg,value", [
    ("deltanet", "beta", -0.1), ("deltanet", "beta", 2.5),
    ("delta_product", "beta", -0.1), ("delta_product", "beta", 2.5),
    ("rwkv7", "a", -0.1), ("rwkv7", "a", 1.5),
], ids=lambda v: str(v))
def test_out_of_range(family, arg, value):
    spec = get(family)
    x = spec.random_inputs(D)
    t = x[arg].clone()
    t.view(-1)[1] = value
    _raises(spec, arg, **dict(x, **{arg: t}))


@pytest.mark.parametrize("family", UNGROUPED)
def test_grouped_heads_refused(family):
    spec = get(family)
    x = spec.random_inputs(Dims(1, 3, 1, 2, 8, 4))
    _raises(spec, "v", **x)


@pytest.mark.parametrize("family", names())
def test_scale_initial_state_unknown_and_missing(family):
    spec = get(family)
    x = spec.random_inputs(D)
    _raises(spec, "scale", **x, scale=-1.0)
    _raises(spec, "scale", **x, scale="big")
    _raises(spec, "initial_state", **x, initial_state=torch.zeros(D.B, D.HV, D.K + 1, D.V))
    _raises(spec, "initial_state", **x, initial_state=torch.zeros(D.B, D.HV, D.K, D.V, dtype=torch.int64))
    _raises(spec, "bogus", **x, bogus=torch.zeros(1))
    required = [n for n in x if n not in spec.optional_inputs()]
    for n in required:
        _raises(spec, n, **{m: t for m, t in x.items() if m != n})


def test_hgrn2_key_is_tied():
    spec = get("hgrn2")
    x = spec.random_inputs(D)
    _raises(spec, "k", **x, k=torch.zeros(D.B, D.T, D.H, D.K))
    _raises(spec, "use_qk_l2norm", **x, use_qk_l2norm=True)


def test_unknown_family():
    with pytest.raises(InputError, match="nope") as e:
        get("nope")
    assert "rwkv7" in str(e.value)                         # lists the known names


@pytest.mark.parametrize("family,options,arg", [
    ("gla", {"substeps": 2}, "substeps"),
    ("rwkv6", {"substeps": 0}, "substeps"),
    ("delta_product", {"substeps": 0}, "substeps"),
    ("delta_product", {"substeps": 1.5}, "substeps"),
    ("delta_product", {"substeps": True}, "substeps"),
    ("rwkv7", {"substeps": 1}, "substeps"),
    ("linear_attention", {"window": 3}, "window"),
], ids=lambda v: str(v))
def test_bad_options(family, options, arg):
    with pytest.raises(InputError, match=rf"\b{arg}\b"):
        get(family, **options)
