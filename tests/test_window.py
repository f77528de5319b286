"""The windowed state (MATH.md §3): reads without forming S, reconstruction, rounded records."""
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
    return Steps(log_alpha=la, k=k, b=torch.exp(la) * k, beta=torch.rand(*batch, T, 1, generator=gen, dtype=torch.float64),
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
