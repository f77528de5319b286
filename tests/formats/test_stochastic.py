"""Stochastic rounding: reproducible with a seed or generator, unbiased in expectation."""
import pytest
import torch

import leapquant.formats as F

from ._refs import rand_state

SR = [n for n in F.names() if n not in ("identity", "turboquant")]


@pytest.mark.parametrize("name", SR)
def test_same_seed_same_result(name):
    x = rand_state((2, 64, 64), seed=4)
    a = F.get(name, rounding="stochastic", seed=123)
    b = F.get(name, rounding="stochastic", seed=123)
    ya1, ya2 = a.roundtrip(x), a.roundtrip(x)
    assert torch.equal(ya1, b.roundtrip(x)) and torch.equal(ya2, b.roundtrip(x))  # same sequence
    a.reseed()
    assert torch.equal(a.roundtrip(x), ya1)
    g1, g2 = torch.Generator().manual_seed(9), torch.Generator().manual_seed(9)
    assert torch.equal(a.roundtrip(x, generator=g1), a.roundtrip(x, generator=g2))
    if name != "fp32":  # float32 input is exact in fp32
        assert not torch.equal(ya1, ya2)  # the stream advances


@pytest.mark.parametrize("name", SR)
def test_unbiased_in_expectation(name):
    # values off the grid; the mean of many roundtrips approaches x much closer than one step
    x = rand_state((64, 64), seed=6, heavy=False).double()
    fmt = F.get(name, rounding="stochastic", seed=0)
    n = 400
    xs = x.expand(n, 64, 64).contiguous()  # n independent draws in one batch
    mean = fmt.roundtrip(xs).mean(0)
    near = F.get(name).roundtrip(x)
    err_sr = (mean - x).abs().mean()
    err_rn = (near - x).abs().mean()
    if name == "fp32":
        assert err_sr <= 2 * err_rn + 1e-12
    else:
        assert err_sr < 0.25 * err_rn, (float(err_sr), float(err_rn))


def test_turboquant_rejects_stochastic():
    with pytest.raises(ValueError, match="rounding"):
        F.get("turboquant", rounding="stochastic")
