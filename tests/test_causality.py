"""Causality: a change at token t — a finite perturbation or a NaN — never changes an output before t, for every
registered family, through windows of 1, 3, 16 and 64 tokens and a lagged boundary, with exact and FP16 records, and
through an exact and a quantizing boundary (int8 with two compensators)."""
from __future__ import annotations

import functools
from dataclasses import replace

import pytest
import torch
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from leapquant import recurrences
from leapquant.errors import InputError
from leapquant.pipeline import Pipeline
from leapquant.recurrences import Dims, Steps
from leapquant.window import EXACT, RecordPrecision, WindowedState, evolve

D = Dims(1, 40, 2, 2, 8, 6)
FAMILIES = recurrences.names()
RECORD_FIELDS = ("log_alpha", "k", "b", "beta", "v")        # per record: [..., N, ·]
TOKEN_FIELDS = ("q", "out_extra")                          # per token: [..., T, ·]


pytestmark = pytest.mark.usefixtures("one_thread")


@functools.cache
def _family(family: str) -> tuple[Steps, torch.Tensor]:
    spec = recurrences.get(family)
    gen = torch.Generator().manual_seed(3)
    x = spec.random_inputs(D, gen)
    S0 = torch.randn(D.B, D.HV, D.K, D.V, generator=gen, dtype=torch.float64) * 0.5
    return spec.steps(**x), S0


def _changed(steps: Steps, field: str, t: int, head: int, col: int, value: float, add: bool) -> Steps:
    """steps with token t's entry (head, col) of `field` set to `value` (or shifted by it): in every record of the
    token for a record field."""
    x = getattr(steps, field).clone()
    rows = slice(t * steps.substeps, (t + 1) * steps.substeps) if field in RECORD_FIELDS else slice(t, t + 1)
    col = col % x.shape[-1]
    if add:
        x[:, head, rows, col] += value
    else:
        x[:, head, rows, col] = value
    return replace(steps, **{field: x})


def _run(steps: Steps, S0: torch.Tensor, window: int, lag: int, records: str, quantized: bool) -> torch.Tensor:
    precision = RecordPrecision() if records == "fp16" else EXACT
    if not quantized:
        return evolve(steps, window, WindowedState.start(S0), precision=precision, lag=lag)[0]
    boundary = Pipeline(format="int8", window=window, rank=2, records=records).boundary(0)
    return evolve(steps, window, WindowedState.start(S0, boundary), boundary, precision, lag=lag)[0]


@st.composite
def _cases(draw):
    window = draw(st.sampled_from([1, 3, 16, 64]))
    lag = draw(st.integers(1, min(window - 1, 5))) if window > 1 and draw(st.booleans()) else 0
    return dict(window=window, lag=lag, records=draw(st.sampled_from(["exact", "fp16"])),
                quantized=draw(st.booleans()), t=draw(st.integers(0, D.T - 1)), head=draw(st.integers(0, D.HV - 1)),
                col=draw(st.integers(0, 63)))


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=12)
@given(case=_cases(), field=st.sampled_from(RECORD_FIELDS + TOKEN_FIELDS), delta=st.floats(-2, 2).filter(bool))
def test_a_perturbation_at_token_t_leaves_every_earlier_output_unchanged(family, case, field, delta):
    steps, S0 = _family(family)
    if getattr(steps, field) is None:
        return
    t, lag, window, records, quantized = case["t"], case["lag"], case["window"], case["records"], case["quantized"]
    clean = _run(steps, S0, window, lag, records, quantized)
    changed = _changed(steps, field, t, case["head"], case["col"], delta, add=True)
    out = _run(changed, S0, window, lag, records, quantized)
    assert torch.equal(out[..., :t, :], clean[..., :t, :])


def _boundary_after(t: int, window: int, steps: Steps, field: str) -> bool:
    """Whether the state after token t's records meets a boundary within the sequence (which a quantizing format
    then refuses, the state being non-finite)."""
    return field in RECORD_FIELDS and (t // window + 1) * window <= steps.num_tokens


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=12)
@given(case=_cases(), field=st.sampled_from(RECORD_FIELDS + TOKEN_FIELDS))
def test_a_nan_at_token_t_leaves_every_earlier_output_unchanged_and_propagates_from_t(family, case, field):
    """Before t the outputs are exactly the clean ones; the first output that reads the NaN is non-finite (t, or
    t + 1 for RWKV6, which reads before its update) and a NaN in the state stays to the end; a quantizing boundary
    that meets the NaN state raises the format's error."""
    steps, S0 = _family(family)
    if getattr(steps, field) is None:
        return
    t, head, lag, window = case["t"], case["head"], case["lag"], case["window"]
    clean = _run(steps, S0, window, lag, case["records"], case["quantized"])
    changed = _changed(steps, field, t, head, case["col"], float("nan"), add=False)
    if case["quantized"] and _boundary_after(t, window, steps, field):
        with pytest.raises(ValueError, match="int8: x contains NaN or Inf"):
            _run(changed, S0, window, lag, case["records"], True)
        return
    out = _run(changed, S0, window, lag, case["records"], case["quantized"])
    assert torch.equal(out[..., :t, :], clean[..., :t, :])
    first = t + 1 if field in RECORD_FIELDS and steps.read_after == 0 else t
    finite = torch.isfinite(out[:, head]).all(-1)                        # [B, T]: token's output all finite
    if first < steps.num_tokens:
        assert not finite[:, first].any()
    if field in RECORD_FIELDS:
        assert not finite[:, first:].any()
    torch.testing.assert_close(out[:, 1 - head], clean[:, 1 - head], rtol=0, atol=0)   # heads are independent


def _per_token_inputs(spec, x: dict[str, torch.Tensor]) -> list[str]:
    """Inputs with a token (or record) axis at dim 1: per-head parameters (RWKV6's u, Mamba2's A, D) have none."""
    return [n for n, v in x.items() if n not in spec.static_inputs() and v.dim() >= 2]


@pytest.mark.parametrize("family", FAMILIES)
@settings(max_examples=8)
@given(t=st.integers(0, 11), pick=st.integers(0, 99), delta=st.floats(-0.5, 0.5).filter(bool))
def test_a_spec_maps_token_t_to_token_t(family, t, pick, delta):
    """The specs are causal too: an input changed at token t (within its range) changes no step of an earlier token
    and no earlier output of the family's own formula."""
    spec = recurrences.get(family)
    d = Dims(1, 12, 1, 1, 4, 3)
    x = spec.random_inputs(d, torch.Generator().manual_seed(5), dtype=torch.float64)
    names = _per_token_inputs(spec, x)
    name = names[pick % len(names)]
    y = dict(x, **{name: x[name].clone()})
    per = y[name].shape[1] // d.T                      # records per token (DeltaProduct's v, beta: substeps)
    new = y[name][:, t * per:(t + 1) * per] * (1 + delta)   # scaled: a sign-constrained input (dt >= 0) keeps its sign
    if name in spec.log_decay_inputs():
        new = new.clamp(max=-1e-3)                     # a decay in (0, 1]
    if name == "beta":
        new = new.clamp(0.0, 1.0)
    y[name][:, t * per:(t + 1) * per] = new
    try:
        after = spec.steps(**y)
    except InputError:                                 # outside the family's own range (RWKV-7's a <= 1, ...)
        assume(False)
    before = spec.steps(**x)
    n = before.substeps
    for f in RECORD_FIELDS:
        if getattr(before, f) is not None:
            assert torch.equal(getattr(after, f)[..., :t * n, :], getattr(before, f)[..., :t * n, :]), f
    for f in TOKEN_FIELDS:
        if getattr(before, f) is not None:
            assert torch.equal(getattr(after, f)[..., :t, :], getattr(before, f)[..., :t, :]), f
    assert torch.equal(spec.reference(**y)[0][:, :t], spec.reference(**x)[0][:, :t])
