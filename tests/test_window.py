"""The windowed state (docs/math.md §3): reads without forming S, reconstruction, rounded records."""
import pytest
import torch

from leapquant.errors import InputError
from leapquant.recurrences import Records, Steps
from leapquant.window import RecordPrecision, WindowedState, advance, evolve, readout, reconstruct


def random_records(gen, batch, M, dk, dv, vector_decay):
    d = dk if vector_decay else 1
    return Records(
        log_alpha=-torch.rand(*batch, M, d, generator=gen, dtype=torch.float64) * 0.3,
        k=torch.randn(*batch, M, dk, generator=gen, dtype=torch.float64),
        u=torch.randn(*batch, M, dv, generator=gen, dtype=torch.float64),
    )


def explicit_state(S0, rec: Records, upto: int):
    S = S0.clone()
    for j in range(upto):
        S = torch.exp(rec.log_alpha[..., j, :])[..., :, None] * S + rec.k[..., j, :, None] * rec.u[..., j, None, :]
    return S


@pytest.mark.parametrize("vector_decay", [False, True], ids=["scalar-decay", "vector-decay"])
@pytest.mark.parametrize("dk,dv", [(16, 16), (8, 20)])
def test_readout_matches_explicit_state(vector_decay, dk, dv):
    gen = torch.Generator().manual_seed(1)
    batch, M = (3, 2), 7
    S0 = torch.randn(*batch, dk, dv, generator=gen, dtype=torch.float64)
    rec = random_records(gen, batch, M, dk, dv, vector_decay)
    as_of = torch.tensor([0, 3, 7, 5, 1])
    x = torch.randn(*batch, len(as_of), dk, generator=gen, dtype=torch.float64)
    got = readout(S0, rec, x, as_of)
    for i, a in enumerate(as_of.tolist()):
        want = (explicit_state(S0, rec, a).transpose(-1, -2) @ x[..., i, :, None])[..., 0]
        torch.testing.assert_close(got[..., i, :], want, rtol=1e-12, atol=1e-12)
    torch.testing.assert_close(reconstruct(S0, rec), explicit_state(S0, rec, M), rtol=1e-12, atol=1e-12)


def random_delta_steps(gen, batch, T, dk, dv, vector_decay):
    d = dk if vector_decay else 1
    la = -torch.rand(*batch, T, d, generator=gen, dtype=torch.float64) * 0.2
    k = torch.nn.functional.normalize(torch.randn(*batch, T, dk, generator=gen, dtype=torch.float64), dim=-1)
    return Steps(log_alpha=la, k=k, b=torch.exp(la) * k,
                 beta=torch.rand(*batch, T, 1, generator=gen, dtype=torch.float64),
                 v=torch.randn(*batch, T, dv, generator=gen, dtype=torch.float64),
                 q=torch.randn(*batch, T, dk, generator=gen, dtype=torch.float64))


@pytest.mark.parametrize("vector_decay", [False, True], ids=["scalar-decay", "vector-decay"])
def test_rounded_records_follow_the_kernel_arithmetic(vector_decay):
    """With FP16 records each u_i is rounded before later tokens read it (sequential semantics)."""
    gen = torch.Generator().manual_seed(2)
    batch, T, dk, dv = (2, 3), 11, 16, 12
    steps = random_delta_steps(gen, batch, T, dk, dv, vector_decay)
    S0 = torch.randn(*batch, dk, dv, generator=gen, dtype=torch.float64)
    prec = RecordPrecision()
    buf, out = advance(S0, Records.empty(batch, dk, dv, 1, torch.float64), steps, prec)
    r16 = lambda x: x.to(torch.float16).to(torch.float64)  # noqa: E731
    S = S0.clone()
    for i in range(T):
        u = r16(steps.beta[..., i, :] * (steps.v[..., i, :] - (steps.b[..., i, :, None] * S).sum(-2)))
        la = steps.log_alpha[..., i, :].to(torch.float32).to(torch.float64)
        S = torch.exp(la)[..., :, None] * S + r16(steps.k[..., i, :])[..., :, None] * u[..., None, :]
        torch.testing.assert_close(buf.u[..., i, :], u, rtol=1e-12, atol=1e-12)
        torch.testing.assert_close(out[..., i, :], (S.transpose(-1, -2) @ steps.q[..., i, :, None])[..., 0],
                                   rtol=1e-10, atol=1e-10)
    torch.testing.assert_close(reconstruct(S0, buf), S, rtol=1e-10, atol=1e-10)


def test_window_may_start_and_end_mid_sequence():
    gen = torch.Generator().manual_seed(3)
    steps = random_delta_steps(gen, (2,), 40, 8, 8, True)
    S0 = torch.randn(2, 8, 8, generator=gen, dtype=torch.float64)
    whole, end = evolve(steps, 16, WindowedState.start(S0))
    first, mid = evolve(steps.tokens(0, 21), 16, WindowedState.start(S0))
    assert mid.filled == 5  # 21 = 16 + 5 tokens: a partial window is carried over
    second, end2 = evolve(steps.tokens(21, 40), 16, mid)
    torch.testing.assert_close(torch.cat([first, second], -2), whole, rtol=1e-12, atol=1e-12)
    torch.testing.assert_close(end2.state(), end.state(), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("window", [0, -3, 2.5])
def test_bad_window_is_named(window):
    gen = torch.Generator().manual_seed(4)
    steps = random_delta_steps(gen, (1,), 4, 4, 4, False)
    with pytest.raises(InputError, match="window"):
        evolve(steps, window, WindowedState.start(torch.zeros(1, 4, 4, dtype=torch.float64)))


def halves(S, low_rank=None):
    """A coarse 'quantizer' (S rounded to multiples of 1/2, no compensators), so that reads of the old and of the
    new boundary differ visibly."""
    return torch.round(S * 2) / 2, Records.empty(S.shape[:-2], S.shape[-2], S.shape[-1], 1, S.dtype, S.device)


@pytest.mark.parametrize("lag", [1, 3])
def test_lagged_boundary_with_an_exact_boundary_changes_nothing(lag):
    """Without quantization the old representation and the new boundary are the same state: lagged reads give the
    same outputs and states (to rounding)."""
    gen = torch.Generator().manual_seed(5)
    steps = random_delta_steps(gen, (2, 3), 50, 8, 6, True)
    S0 = torch.randn(2, 3, 8, 6, generator=gen, dtype=torch.float64)
    out0, end0 = evolve(steps, 8, WindowedState.start(S0))
    out, end = evolve(steps, 8, WindowedState.start(S0), lag=lag)
    torch.testing.assert_close(out, out0, rtol=1e-10, atol=1e-10)
    torch.testing.assert_close(end.state(), end0.state(), rtol=1e-10, atol=1e-10)


def test_lagged_tokens_read_the_old_window_and_move_to_the_new_one():
    """With lag 2 and window 4: tokens 4 and 5 read the unquantized S_4 (old boundary + 4 records, then + their own);
    token 6 reads the new boundary (S_4 quantized) plus the two lagged records; the next boundary still falls after
    token 7 (every 4 tokens)."""
    gen = torch.Generator().manual_seed(6)
    steps = random_delta_steps(gen, (2,), 8, 6, 5, False)
    S_init = torch.randn(2, 6, 5, generator=gen, dtype=torch.float64) * 3
    start = WindowedState.start(S_init, halves)
    out, end = evolve(steps, 4, start, halves, lag=2)
    ref_first, mid = evolve(steps.tokens(0, 4), 4, start, halves)                   # the first window, no lag
    S4 = reconstruct(start.S0, advance(start.S0, start.buffer, steps.tokens(0, 4))[0])  # exact S_4 of that window
    torch.testing.assert_close(out[..., :4, :], ref_first, rtol=1e-12, atol=1e-12)
    old_reads, _ = evolve(steps.tokens(4, 6), 4, WindowedState(S4, mid.buffer, 0))   # tokens 4, 5 through S_4
    torch.testing.assert_close(out[..., 4:6, :], old_reads, rtol=1e-10, atol=1e-10)
    assert not torch.allclose(out[..., 4:6, :], evolve(steps.tokens(4, 6), 4, mid, halves)[0])   # not the new one
    # the new window: round(S_4) plus tokens 4 and 5's records (as computed against S_4), then tokens 6 and 7
    buf, _ = advance(S4, mid.buffer, steps.tokens(4, 6))
    new = WindowedState(halves(S4)[0], buf, 2)
    rest, end_ref = evolve(steps.tokens(6, 8), 4, new, halves)
    torch.testing.assert_close(out[..., 6:, :], rest, rtol=1e-10, atol=1e-10)
    assert end.pending is not None and end.lagged == 0 and end_ref.pending is None   # the next boundary is pending
    torch.testing.assert_close(end.state(), end_ref.state(), rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("cut", [3, 8, 9, 10, 17])
def test_lagged_boundary_may_be_cut_anywhere(cut):
    """Fed in two pieces — inside a window, at its end, inside the lag — the lagged schedule gives what one call
    gives (the pending boundary and the lagged count carried over)."""
    gen = torch.Generator().manual_seed(7)
    steps = random_delta_steps(gen, (2,), 30, 6, 6, True)
    S0 = torch.randn(2, 6, 6, generator=gen, dtype=torch.float64) * 3
    whole, end = evolve(steps, 8, WindowedState.start(S0, halves), halves, lag=2)
    a, mid = evolve(steps.tokens(0, cut), 8, WindowedState.start(S0, halves), halves, lag=2)
    b, end2 = evolve(steps.tokens(cut, 30), 8, mid, halves, lag=2)
    torch.testing.assert_close(torch.cat([a, b], -2), whole, rtol=1e-12, atol=1e-12)
    torch.testing.assert_close(end2.state(), end.state(), rtol=1e-12, atol=1e-12)


def test_bad_lag_is_named():
    gen = torch.Generator().manual_seed(8)
    steps = random_delta_steps(gen, (1,), 10, 4, 4, False)
    S0 = torch.zeros(1, 4, 4, dtype=torch.float64)
    for lag in (-1, 4, 1.5, True):
        with pytest.raises(InputError, match="lag must be an integer with 0 <= lag < window = 4"):
            evolve(steps, 4, WindowedState.start(S0), lag=lag)
    _, pending = evolve(steps.tokens(0, 4), 4, WindowedState.start(S0), lag=2)
    with pytest.raises(InputError, match="a boundary is pending after 0 lagged tokens"):
        evolve(steps.tokens(4, 10), 4, pending, lag=0)


def _gdn_steps(T=64, seed=0, dk=8, dv=6):
    from leapquant import recurrences
    from leapquant.recurrences import Dims

    spec = recurrences.get("gdn")
    return spec.steps(**spec.random_inputs(Dims(1, T, 1, 1, dk, dv), torch.Generator().manual_seed(seed)))


def _with(steps, field, index, value):
    """`steps` with steps.<field>[..., index, 0] set to value (a copy)."""
    from dataclasses import replace

    x = getattr(steps, field).clone()
    x[..., index, 0] = value
    return replace(steps, **{field: x})


@pytest.mark.parametrize("precision", [None, RecordPrecision()], ids=["exact", "fp16-records"])
@pytest.mark.parametrize("field", ["v", "k", "log_alpha", "b", "beta"])
@pytest.mark.parametrize("window", [64, 16, 3])
def test_a_later_nan_never_reaches_an_earlier_output(window, field, precision):
    """A NaN in record 20 leaves outputs 0..19 exactly as they are without it, and makes output 20 on non-finite
    (as the recurrence does): the records after a read are selected away, never multiplied by a zero weight."""
    steps = _gdn_steps()
    S0 = torch.zeros(1, 1, 8, 6, dtype=torch.float64)
    prec = precision or RecordPrecision(None, None)
    clean, _ = evolve(steps, window, WindowedState.start(S0), precision=prec)
    out, _ = evolve(_with(steps, field, 20, float("nan")), window, WindowedState.start(S0), precision=prec)
    assert torch.equal(out[..., :20, :], clean[..., :20, :])
    assert not torch.isfinite(out[..., 20:, :]).all(-1).any(), "every output from token 20 on reads the NaN"


def test_readout_of_a_row_ignores_non_finite_later_records():
    gen = torch.Generator().manual_seed(9)
    S0 = torch.randn(2, 6, 5, generator=gen, dtype=torch.float64)
    rec = random_records(gen, (2,), 8, 6, 5, vector_decay=True)
    x = torch.randn(2, 4, 6, generator=gen, dtype=torch.float64)
    as_of = torch.tensor([0, 2, 5, 8])
    want = readout(S0, rec, x, as_of)
    bad = Records(rec.log_alpha.clone(), rec.k.clone(), rec.u.clone())
    bad.u[:, 5, 1], bad.k[:, 6, 0], bad.log_alpha[:, 7, 2] = float("inf"), float("nan"), float("nan")
    got = readout(S0, bad, x, as_of)
    assert torch.equal(got[..., :3, :], want[..., :3, :])          # rows of 0, 2 and 5 records: before the bad ones
    assert not torch.isfinite(got[..., 3, :]).any()


@pytest.mark.parametrize("field,what", [("v", "u"), ("k", "k")])
@pytest.mark.parametrize("window", [16, 1])
def test_fp16_records_beyond_range_raise_naming_the_records_precision(window, field, what):
    """A finite 7e5 passes as float64 but not as an FP16 record: an InputError naming the records and the way out,
    on the windowed and on the per-step path, never a silent Inf."""
    steps = _with(_gdn_steps(T=32), field, 5, 7e5)
    S0 = torch.zeros(1, 1, 8, 6, dtype=torch.float64)
    with pytest.raises(InputError, match=rf"records: a buffered {what} value of magnitude [0-9.e+]+ is beyond "
                                         r"fp16's range \(65504\); use records='fp32' or 'bf16', or scale the inputs"):
        evolve(steps, window, WindowedState.start(S0), precision=RecordPrecision())
    evolve(steps, window, WindowedState.start(S0), precision=RecordPrecision(torch.float32))   # fits fp32


def test_records_beyond_range_are_caught_for_every_way_u_is_formed():
    """u = βv (no state read: linear attention), the triangular system of a delta rule's window, and one record at a
    time (a stream fed token by token)."""
    from leapquant import recurrences
    from leapquant.recurrences import Dims

    spec = recurrences.get("linear_attention")
    x = spec.random_inputs(Dims(1, 8, 1, 1, 8, 6), torch.Generator().manual_seed(1))
    x["v"][0, 6, 0, 1] = 1e6
    S0 = torch.zeros(1, 1, 8, 6, dtype=torch.float64)
    match = r"buffered u value of magnitude [0-9.]+e\+0[56] is beyond fp16.s range"
    for steps in (spec.steps(**x), _with(_gdn_steps(T=8), "v", 6, 1e6)):
        with pytest.raises(InputError, match=match):
            evolve(steps, 4, WindowedState.start(S0), precision=RecordPrecision())
    steps, state = _with(_gdn_steps(T=8), "v", 6, 1e6), WindowedState.start(S0)
    with pytest.raises(InputError, match=match):
        for t in range(8):
            _, state = evolve(steps.tokens(t, t + 1), 4, state, precision=RecordPrecision())
    assert t == 6


def test_log_decays_beyond_fp32_raise_naming_the_records_precision():
    steps = _with(_gdn_steps(T=8), "log_alpha", 3, -1e39)
    S0 = torch.zeros(1, 1, 8, 6, dtype=torch.float64)
    with pytest.raises(InputError, match=r"buffered log α value of magnitude 1.0e\+39 is beyond fp32's range .*"
                                         r"use records='exact'"):
        evolve(steps, 4, WindowedState.start(S0), precision=RecordPrecision())


@pytest.mark.parametrize("value", [float("inf"), float("nan")], ids=["inf", "nan"])
def test_non_finite_values_in_fp16_records_propagate_without_a_range_error(value):
    """An Inf or NaN is no overflow of the records: it propagates from its token on, like in exact records."""
    steps = _with(_gdn_steps(T=24), "v", 10, value)
    S0 = torch.zeros(1, 1, 8, 6, dtype=torch.float64)
    out, _ = evolve(steps, 8, WindowedState.start(S0), precision=RecordPrecision())
    clean, _ = evolve(_gdn_steps(T=24), 8, WindowedState.start(S0), precision=RecordPrecision())
    assert torch.equal(out[..., :10, :], clean[..., :10, :]) and not torch.isfinite(out[..., 10:, :]).all()


def test_deferred_range_checks_raise_on_exit_before_the_format_they_poison():
    """Inside `deferred_checks` (what a CUDA evolve opens) the records' range checks are device flags: nothing is
    raised per window, and the exit raises the records' error, not the format's that the overflowed state meets."""
    from leapquant.pipeline import Pipeline
    from leapquant.window import deferred_checks

    steps = _with(_gdn_steps(T=40), "v", 5, 7e5).to(dtype=torch.float32)
    S0 = torch.zeros(1, 1, 8, 6)
    boundary = Pipeline(format="int8", window=8, rank=2).boundary(0)
    with pytest.raises(InputError, match="records: a buffered u value is beyond fp16's range"):
        with deferred_checks() as checks:
            evolve(steps, 8, WindowedState.start(S0, boundary), boundary, RecordPrecision())
            assert len(checks.flags) > 5                  # one per check, none raised yet
    with deferred_checks() as checks:                      # in range: flags, no error
        evolve(_gdn_steps(T=16).to(dtype=torch.float32), 8, WindowedState.start(S0), precision=RecordPrecision())
    assert checks.flags and all(bool(f) for f in checks.flags)


cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")


@cuda
def test_graphed_windows_raise_the_records_range_error():
    """Replayed CUDA-graph blocks carry the records' range checks as device flags and raise them after the replay."""
    from leapquant.pipeline import StateStream, preset

    steps = _with(_gdn_steps(T=300), "v", 200, 7e5).to(dtype=torch.float32, device="cuda")
    stream = StateStream(preset("bf16-w"), torch.zeros(1, 1, 8, 6, device="cuda"))
    with pytest.raises(InputError, match="records: a buffered u value is beyond fp16's range"):
        stream.run(steps)
