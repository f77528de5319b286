"""The simulator on adversarial inputs: finite inputs give finite metrics or an InputError, never silent NaN.

Each case feeds `simulate` small Steps (from `SyntheticSource` or a spec, then scaled, zeroed or cut) through the
paper's configs: per-step ones (exact records) and windowed ones (FP16 records, compensators, a lagged boundary).
"""
from __future__ import annotations

import math
from dataclasses import replace

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from leapquant import recurrences
from leapquant.errors import InputError
from leapquant.pipeline import preset
from leapquant.recurrences import Dims, Steps
from leapquant.simulate import simulate
from leapquant.synthetic import SyntheticSource

CONFIGS = ("fp32", "bf16", "int8", "bf16-w", "int8-w", "leapquant", "leapquant-lag1")
FP16_RECORDS = {n for n in CONFIGS if preset(n).records == "fp16"}


pytestmark = pytest.mark.usefixtures("one_thread")


def _steps(family="gdn", tokens=48, heads=2, dk=16, dv=16, seed=0) -> Steps:
    return next(SyntheticSource(family=family, tokens=tokens, heads=heads, dk=dk, dv=dv, seed=seed).chunks(tokens))


def _chunks(steps: Steps, chunk: int) -> list[Steps]:
    return [steps.tokens(a, min(a + chunk, steps.num_tokens)) for a in range(0, steps.num_tokens, chunk)]


def _metrics(chunks, names=CONFIGS, **kw) -> dict[str, tuple[float, ...]]:
    res = simulate(chunks, {n: preset(n) for n in names}, **kw)
    out = {}
    for n, r in res.configs.items():
        s = r.summary()
        out[n] = (s["final_state_error"], s["final_state_error_max"], s["final_state_mse"], s["mean_output_error"],
                  *r.curve.state_error, *r.curve.output_error)
    return out


def _finite(metrics: dict[str, tuple[float, ...]]) -> None:
    bad = {n: m for n, m in metrics.items() if not all(math.isfinite(x) for x in m)}
    assert not bad, f"non-finite metrics from finite inputs: {bad}"


@settings(max_examples=15)
@given(family=st.sampled_from(["gdn", "kda", "rwkv7", "mamba2"]), tokens=st.integers(1, 40),
       chunk=st.integers(1, 24), heads=st.integers(1, 2), dk=st.sampled_from([1, 2, 8]), dv=st.sampled_from([1, 3, 8]),
       scale=st.sampled_from([1e-3, 1.0, 30.0]))
def test_finite_inputs_give_finite_metrics(family, tokens, chunk, heads, dk, dv, scale):
    """Any length (not a multiple of the window, one token, one-token chunks), size-1 heads and dims, values scaled
    within the FP16 records' range: every metric of every config that fits the dims (rank <= min(dk, dv)) is
    finite."""
    steps = _steps(family, tokens, heads, dk, dv)
    steps = replace(steps, v=steps.v * scale)
    names = [n for n in CONFIGS if preset(n).rank <= min(dk, dv)]
    _finite(_metrics(_chunks(steps, chunk), names))


def test_a_rank_above_the_state_dims_is_an_input_error():
    with pytest.raises(InputError, match=r"pipeline.rank must be at most min\(dk, dv\) = 3"):
        simulate([_steps(dk=8, dv=3)], {"leapquant": preset("leapquant")})


def test_how_the_tokens_are_chunked_changes_no_metric_beyond_rounding():
    """Windows that straddle chunks (16-token windows in chunks of 5 or of 1) continue mid-window: the final state
    error is the one of a single chunk, to float32 rounding of the reference."""
    steps = _steps(tokens=40)
    whole = _metrics([steps])
    for chunk in (16, 5, 1):
        got = _metrics(_chunks(steps, chunk))
        for n in CONFIGS:
            assert got[n][0] == pytest.approx(whole[n][0], rel=1e-3, abs=1e-6), (chunk, n)


def test_an_outlier_beyond_fp16_is_an_input_error_for_fp16_records_only():
    """7e5 in one value: the per-step configs (exact records) measure it; the FP16-record ones refuse it, naming the
    records, instead of returning NaN (bf16-w) or blaming the int8 format (leapquant)."""
    steps = _steps(tokens=32)
    v = steps.v.clone()
    v[..., 9, 2] = 7e5
    steps = replace(steps, v=v)
    _finite(_metrics([steps], [n for n in CONFIGS if n not in FP16_RECORDS]))
    for n in sorted(FP16_RECORDS):
        with pytest.raises(InputError, match="records: a buffered u value .* beyond fp16's range"):
            simulate([steps], {n: preset(n)})


def test_a_nan_in_the_steps_is_refused_naming_the_input():
    """Steps built by hand may hold a NaN (the specs refuse one): the simulator refuses the chunk before any config
    runs, naming the input and the tokens seen."""
    steps = _steps(tokens=32)
    v = steps.v.clone()
    v[..., 9, 2] = float("nan")
    with pytest.raises(InputError, match="the chunk's v .in torch.float32. holds NaN or Inf after 0 tokens"):
        simulate([replace(steps, v=v)], {"fp32": preset("fp32"), "int8-w": preset("int8-w")})


def test_values_beyond_the_compute_dtype_are_refused_after_the_cast():
    steps = _steps(tokens=32).to(dtype=torch.float64)
    v = steps.v.clone()
    v[..., 3, 0] = 1e39
    with pytest.raises(InputError, match="the chunk's v .in torch.float32. holds NaN or Inf"):
        simulate([replace(steps, v=v)], {"fp32": preset("fp32")})
    _finite(_metrics([replace(steps, v=v)], ["fp32"], dtype=torch.float64))


def test_a_diverging_recurrence_is_refused_naming_the_reference():
    steps = _steps(tokens=32).to(dtype=torch.float64)
    grow = replace(steps, log_alpha=steps.log_alpha * 0, k=steps.k * 1e160, b=None, beta=steps.beta * 0 + 1,
                   v=steps.v * 1e160)
    with pytest.raises(InputError, match="the reference state holds NaN or Inf after 32 tokens"):
        simulate([grow], {"fp32": preset("fp32")}, dtype=torch.float64)


@pytest.mark.parametrize("scale", [0.0, 1e-30, 1e30], ids=["zeros", "tiny", "huge"])
def test_zero_tiny_and_huge_values_give_finite_metrics_in_float32(scale):
    steps = _steps(tokens=32)
    _finite(_metrics([replace(steps, v=steps.v * scale)], ["fp32", "int8"]))


@pytest.mark.parametrize("scale", [0.0, 1e-30, 1e30], ids=["zeros", "tiny", "huge"])
def test_zero_tiny_and_huge_values_give_finite_metrics_in_float64(scale):
    steps = _steps(tokens=32)
    _finite(_metrics([replace(steps, v=steps.v * scale)], ["fp32", "int8"], dtype=torch.float64))


def test_all_zero_inputs_keep_a_zero_state_in_every_config():
    """Zero keys, values and queries: every config holds the zero state (zero error), whatever it quantizes."""
    steps = _steps(tokens=32)
    zero = replace(steps, k=steps.k * 0, v=steps.v * 0, q=steps.q * 0, b=steps.b * 0)
    m = _metrics([zero], dtype=torch.float64)
    assert all(x == 0 for n in CONFIGS for x in m[n][:3]), m


def test_spec_inputs_of_one_head_and_one_channel_simulate():
    spec = recurrences.get("deltanet")
    x = spec.random_inputs(Dims(1, 7, 1, 1, 1, 1), torch.Generator().manual_seed(2))
    _finite(_metrics([spec.steps(**x)], ["fp32", "int8", "int8-w", "bf16-w"]))


@pytest.mark.parametrize("field,value,match", [
    ("decay_logit", float("nan"), "decay_logit must be a finite number"),
    ("beta_logit", float("inf"), "beta_logit must be a finite number"),
    ("value_noise", -0.5, "value_noise must be >= 0"),
    ("seed", -1, r"seed must be an integer in \[0, "),
    ("dk", 0, "dk must be an integer >= 1"),
])
def test_synthetic_source_names_a_bad_argument(field, value, match):
    with pytest.raises(InputError, match=match):
        SyntheticSource(**{field: value})
