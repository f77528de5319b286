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
