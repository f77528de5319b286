"""FP8 (per tensor/channel/group, FP32 or E8M0 scales) and INT formats against
numpy + ml_dtypes references of their specifications (no outside library
implements these exact granularities)."""
import numpy as np
import pytest
import torch

import leapquant.formats as F
from leapquant.formats._elements import ELEMENTS

from ._refs import ml_round, rand_state


def ref_groups(x: np.ndarray, granularity, axis, group_size, group_axis):
    """Return (view with a trailing reduce-axis, inverse) in numpy."""
    *lead, dk, dv = x.shape
    if granularity == "tensor":
        return x.reshape(*lead, 1, dk * dv), -1
    if granularity == "channel":
        return (x, -2) if axis == "value" else (x, -1)
    if group_axis == "key":
        return x.reshape(*lead, dk // group_size, group_size, dv), -2
    return x.reshape(*lead, dk, dv // group_size, group_size), -1


GRAN = [("tensor", "value", 32, "key"), ("channel", "value", 32, "key"), ("channel", "key", 32, "key"),
        ("group", "value", 32, "key"), ("group", "value", 16, "value")]


@pytest.mark.parametrize("name,elem", [("fp8-e4m3", "e4m3"), ("fp8-e5m2", "e5m2")])
@pytest.mark.parametrize("gran,axis,gs,gax", GRAN)
@pytest.mark.parametrize("scale,srnd", [("fp32", "floor"), ("e8m0", "floor"), ("e8m0", "ceil")])
def test_fp8_matches_spec(name, elem, gran, axis, gs, gax, scale, srnd):
    spec = ELEMENTS[elem]
    x = rand_state((2, 64, 96), seed=7)
    x[0, :, 5] = 0.0
    x[1, 3, 3] = 1e7
    fmt = F.get(name, granularity=gran, axis=axis, group_size=gs, group_axis=gax, scale=scale, scale_rounding=srnd)
    xn = x.double().numpy()
    xb, d = ref_groups(xn, gran, axis, gs, gax)
    amax = np.abs(xb).max(axis=d, keepdims=True)
    if scale == "fp32":
        s = (amax / spec.max).astype(np.float32).astype(np.float64)
        s = np.where(s == 0, 1.0, s)
        v = (xb.astype(np.float32) / s.astype(np.float32)).astype(np.float64)
    else:
        _, e = np.frexp(amax)
        k = e - 1 - spec.emax
        if srnd == "ceil":
            k = k + (amax / np.ldexp(1.0, k) > spec.max)
        k = np.where(amax == 0, -127, np.clip(k, -127, 127))
        s = np.ldexp(1.0, k)
        v = xb / s
    ref = (ml_round(v, elem) * s).reshape(xn.shape)
    q = fmt.quantize(x)
    assert q.payload.dtype == spec.torch_dtype
    got = fmt.dequantize(q).double().numpy()
    np.testing.assert_allclose(got, ref, rtol=2 ** -24, atol=0)
    if scale == "e8m0" and srnd == "ceil":  # no clipping: error within half a step everywhere
        bound = np.abs(xn) * 2.0 ** -(spec.mbits + 1) + s.max() * 2.0 ** (spec.emin - spec.mbits)
        assert np.all(np.abs(got - xn) <= bound)


@pytest.mark.parametrize("name,bits", [("int8", 8), ("int6", 6), ("int4", 4)])
@pytest.mark.parametrize("gran,axis,gs,gax", GRAN)
def test_int_matches_spec(name, bits, gran, axis, gs, gax):
    x = rand_state((2, 64, 96), seed=11)
    x[0, :, 2] = 0.0
    fmt = F.get(name, granularity=gran, axis=axis, group_size=gs, group_axis=gax)
    qmax = 2 ** (bits - 1) - 1
    xn = x.numpy()
    xb, d = ref_groups(xn, gran, axis, gs, gax)
    b = np.abs(xb).max(axis=d, keepdims=True).astype(np.float32)
    bs = np.where(b == 0, np.float32(1), b)
    z = np.clip(np.round(xb / bs * np.float32(qmax)), -qmax, qmax)   # np.round is half-to-even
    ref = (z.astype(np.float32) / np.float32(qmax) * b).reshape(xn.shape)
    q = fmt.quantize(x)
    np.testing.assert_array_equal(fmt.dequantize(q).numpy(), ref)


def test_paper_int8_per_value_channel():
    """dequant = (Z/127) B, B = absmax of each value column; 16384 + 128*4 bytes."""
    x = rand_state((128, 128), seed=1)
    fmt = F.get("int8")  # defaults: per channel, axis value
    q = fmt.quantize(x)
    B = x.abs().amax(dim=0)
    assert torch.equal(q.meta["absmax"].view(-1), B)
    assert q.payload.dtype == torch.int8 and q.payload.shape == (128, 128)
    assert torch.equal(fmt.dequantize(q), q.payload.float() / 127 * B)
    assert q.payload.abs().amax(dim=0).eq(127).all()
    assert fmt.bytes_for((128, 128)) == 16384 + 128 * 4 == q.nbytes()


def test_int_ties_round_half_even():
    x = torch.tensor([[127.0, 0.5, 1.5, 2.5, -0.5, -2.5]]).T.repeat(1, 2)
    q = F.get("int8").quantize(x)
    assert q.payload[:, 0].tolist() == [127, 0, 2, 2, 0, -2]
