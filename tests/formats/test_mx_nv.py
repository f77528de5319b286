"""MX and NV formats: bit-exact against torchao (MXFP8/6/4, NVFP4) and the spec via ml_dtypes."""
import math

import numpy as np
import pytest
import torch

import leapquant.formats as F
from leapquant.formats._elements import ELEMENTS, decode, unpack

from ._refs import ml_round, rand_state

MX = [("mxfp8", {"elem": "e4m3"}, "e4m3"), ("mxfp8", {"elem": "e5m2"}, "e5m2"),
      ("mxfp6-e2m3", {}, "e2m3"), ("mxfp6-e3m2", {}, "e3m2"), ("mxfp4", {}, "e2m1")]


def adversarial_matrix(elem: str, dk=64, dv=64, seed=0) -> torch.Tensor:
    """Blocks (of 32 along the value axis) with: zeros, all-equal values, one
    huge outlier, values exactly at element max * 2**k, ties, random spread."""
    spec = ELEMENTS[elem]
    x = rand_state((dk, dv), seed=seed)
    x[0, :32] = 0.0
    x[1, :32] = 3.0
    x[2, :32] = -1.0
    x[2, 7] = 1e6
    x[3, :32] = spec.max * 2.0 ** 5
    x[3, 1] = -spec.max * 2.0 ** 5 * 0.999
    mags = spec.magnitudes()
    x[4, :32] = (torch.tensor(mags[:32] * (32 // len(mags[:32])))[:32] if len(mags) >= 32
                 else torch.tensor((mags * 32)[:32]))
    x[4, 32:] = 0.5 * (torch.arange(32) + 0.5)  # ties for coarse grids
    x[5, :32] = 1.999 * 2.0 ** torch.arange(32)  # wide range inside one block
    return x.contiguous()


def torchao_elem(elem):
    mx = pytest.importorskip("torchao.prototype.mx_formats.constants")
    return {"e4m3": torch.float8_e4m3fn, "e5m2": torch.float8_e5m2, "e2m3": mx.DTYPE_FP6_E2M3,
            "e3m2": mx.DTYPE_FP6_E3M2, "e2m1": torch.float4_e2m1fn_x2}[elem]


def our_codes(fmt, q, elem):
    spec = ELEMENTS[elem]
    if spec.torch_dtype is not None:
        return q.payload
    return unpack(q.payload, spec.bits, math.prod(q.shape)).view(q.shape)


@pytest.mark.parametrize("name,opts,elem", MX)
@pytest.mark.parametrize("block_axis", ["value", "key"])
@pytest.mark.parametrize("seed", [0, 1])
def test_mx_bit_exact_vs_torchao(name, opts, elem, block_axis, seed):
    mxt = pytest.importorskip("torchao.prototype.mx_formats.mx_tensor")
    kern = pytest.importorskip("torchao.prototype.mx_formats.kernels")
    x = adversarial_matrix(elem, seed=seed) if seed == 0 else rand_state((3, 64, 96), seed=seed)
    fmt = F.get(name, block_axis=block_axis, **opts)
    q = fmt.quantize(x)
    # torchao blocks along the last dim: transpose for key-axis blocks
    xt = x if block_axis == "value" else x.transpose(-1, -2).contiguous()
    ref_scale, ref_data = mxt.to_mx(xt, torchao_elem(elem), 32)
    ref_scale = ref_scale.view(torch.uint8)
    scale = q.meta["scale_e8m0"]
    if block_axis == "key":
        scale = scale.transpose(-1, -2)
    assert torch.equal(scale, ref_scale)
    codes = our_codes(fmt, q, elem)
    if elem == "e2m1":
        ref_data = kern.unpack_uint4(ref_data.view(torch.uint8)).view(xt.shape)
    elif ELEMENTS[elem].torch_dtype is None:
        ref_data = ref_data.view(torch.uint8)
    if block_axis == "key":
        ref_data = ref_data.transpose(-1, -2)
    if ELEMENTS[elem].torch_dtype is not None:
        assert torch.equal(codes.view(torch.uint8), ref_data.view(torch.uint8))
    else:
        assert torch.equal(codes, ref_data)
    if elem == "e2m1" and block_axis == "value":  # packed bytes identical too
        assert torch.equal(q.payload.view(-1), mxt.to_mx(xt, torchao_elem(elem), 32)[1].view(torch.uint8).view(-1))


def spec_mx(x: np.ndarray, elem: str, block: int = 32) -> np.ndarray:
    """OCP MX v1.0 reference roundtrip, blocks along the last axis, in float64 + ml_dtypes."""
    spec = ELEMENTS[elem]
    xb = x.reshape(*x.shape[:-1], -1, block)
    amax = np.abs(xb).max(-1, keepdims=True)
    _, e = np.frexp(amax)
    k = np.where(amax == 0, -127, np.clip(e - 1 - spec.emax, -127, 127))
    s = np.ldexp(1.0, k)
    return (ml_round(xb / s, elem) * s).reshape(x.shape)


@pytest.mark.parametrize("name,opts,elem", MX)
def test_mx_matches_spec_with_tiny_and_subnormal_blocks(name, opts, elem):
    x = rand_state((64, 64), seed=3).double()
    x[0, :32] = 1e-40   # float32 subnormal, all equal
    x[1, :32] = torch.linspace(-3e-39, 3e-39, 32, dtype=torch.float64)
    x[2, :32] = 2.0 ** -130
    x = x.float()
    fmt = F.get(name, block_axis="value", **opts)
    got = fmt.roundtrip(x).double().numpy()
    np.testing.assert_array_equal(got, spec_mx(x.double().numpy(), elem))


@pytest.mark.parametrize("block_axis", ["value", "key"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_nvfp4_bit_exact_vs_torchao(block_axis, seed):
    nv = pytest.importorskip("torchao.prototype.mx_formats.nvfp4_tensor")
    kern = pytest.importorskip("torchao.prototype.mx_formats.kernels")
    x = rand_state((2, 64, 128), seed=seed)
    if seed == 0:
        x[0, 0, :16] = 0.0
        x[0, 1, :16] = 2.5
        x[0, 2, 3] = 1e4
    fmt = F.get("nvfp4", block_axis=block_axis)
    q = fmt.quantize(x)
    for b in range(x.shape[0]):
        xt = x[b] if block_axis == "value" else x[b].T.contiguous()
        ts = nv.per_tensor_amax_to_scale(xt.abs().max())
        ref_s, ref_d = nv.nvfp4_quantize(xt, 16, ts)
        assert torch.equal(q.meta["tensor_scale"][b].view(()), ts)
        bs = q.meta["block_scale"][b]
        codes = unpack(q.payload, 4, x.numel()).view(x.shape)[b]
        if block_axis == "key":
            bs, codes = bs.T, codes.T
        assert torch.equal(bs.view(torch.uint8), ref_s.view(torch.uint8).view(bs.shape))
        assert torch.equal(codes, kern.unpack_uint4(ref_d).view(codes.shape))
        if block_axis == "value" and b == 0:
            dq = nv.NVFP4Tensor(ref_d, ref_s, 16, torch.float32, per_tensor_scale=ts).dequantize(torch.float32)
            torch.testing.assert_close(fmt.dequantize(q)[b], dq, rtol=0, atol=0)


def spec_nv(x: np.ndarray, elem: str) -> np.ndarray:
    """NV two-level recipe in numpy float32 + ml_dtypes (blocks along the last axis)."""
    import ml_dtypes
    spec = ELEMENTS[elem]
    x = x.astype(np.float32)
    ts = np.float32(np.abs(x).max() / np.float32(448.0 * spec.max))
    xb = x.reshape(*x.shape[:-1], -1, 16)
    bamax = np.abs(xb).max(-1, keepdims=True)
    bs = np.clip((bamax / np.float32(spec.max)) / ts, np.float32(2.0 ** -6), np.float32(448.0))
    bs = bs.astype(ml_dtypes.float8_e4m3fn).astype(np.float32)
    v = xb * ((np.float32(1.0) / ts) / bs)
    q = ml_round(v.astype(np.float64), elem)
    return (q * (bs.astype(np.float64) * np.float64(ts))).reshape(x.shape)


@pytest.mark.parametrize("elem", ["e2m3", "e3m2"])
def test_nvfp6_matches_spec(elem):
    x = rand_state((64, 128), seed=5)
    x[0, :16] = 0.0
    x[1, 3] = 1e5
    fmt = F.get("nvfp6", elem=elem, block_axis="value")
    got = fmt.roundtrip(x).double().numpy()
    ref = spec_nv(x.numpy(), elem)
    np.testing.assert_allclose(got, ref, rtol=2 ** -23, atol=0)
    # codes: exactly the element-grid values
    q = fmt.quantize(x)
    vals = decode(unpack(q.payload, 6, x.numel()), ELEMENTS[elem], torch.float64)
    assert set(vals.abs().unique().tolist()) <= set(ELEMENTS[elem].magnitudes())


def test_zero_matrix_nv_tensor_scale_is_one():
    q = F.get("nvfp4").quantize(torch.zeros(32, 32))
    assert q.meta["tensor_scale"].item() == 1.0
    assert torch.equal(F.get("nvfp4").dequantize(q), torch.zeros(32, 32))
