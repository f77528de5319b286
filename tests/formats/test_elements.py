"""Element rounding and packing against ml_dtypes and torch's float8 casts."""
import numpy as np
import pytest
import torch

from leapquant.formats._elements import ELEMENTS, decode, encode, pack, packed_nbytes, round_to_grid, unpack

from ._refs import adversarial_values, ml_codes, ml_round

SMALL = ["e4m3", "e5m2", "e2m3", "e3m2", "e2m1"]


@pytest.mark.parametrize("elem", SMALL + ["bf16", "fp16"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_rne_matches_ml_dtypes(elem, dtype):
    spec = ELEMENTS[elem]
    if dtype == torch.float32 and spec.emin - spec.mbits < -126:
        pytest.skip("needs float64 work dtype")
    v = adversarial_values(elem)
    got = round_to_grid(torch.tensor(v, dtype=dtype), spec).double().numpy()
    ref = ml_round(v, elem)
    np.testing.assert_array_equal(got, ref)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(ref))


@pytest.mark.parametrize("elem,dt", [("e4m3", torch.float8_e4m3fn), ("e5m2", torch.float8_e5m2)])
def test_rne_matches_torch_float8(elem, dt):
    spec = ELEMENTS[elem]
    v = torch.tensor(adversarial_values(elem), dtype=torch.float32)
    ref = v.clamp(-spec.max, spec.max).to(dt).float()
    assert torch.equal(round_to_grid(v, spec), ref)


def test_fp16_overflow_to_inf_like_ieee():
    v = torch.tensor([65504.0, 65519.0, 65520.0, 1e6, -1e6])
    got = round_to_grid(v, ELEMENTS["fp16"], overflow="inf")
    assert torch.equal(got, v.to(torch.float16).float())


@pytest.mark.parametrize("elem", ["e2m3", "e3m2", "e2m1", "e4m3", "e5m2"])
def test_codes_match_ml_dtypes_bits(elem):
    spec = ELEMENTS[elem]
    v = adversarial_values(elem)
    q = round_to_grid(torch.tensor(v, dtype=torch.float32), spec)
    codes = encode(q, spec)
    ref = ml_codes(v, elem)
    np.testing.assert_array_equal(codes.numpy(), ref)
    assert torch.equal(decode(codes, spec, torch.float32), q)


@pytest.mark.parametrize("bits", [1, 2, 3, 4, 5, 6, 7, 8])
@pytest.mark.parametrize("n", [1, 7, 64, 1001])
def test_pack_roundtrip_and_size(bits, n):
    g = torch.Generator().manual_seed(bits * 1000 + n)
    codes = torch.randint(0, 2 ** bits, (n,), generator=g, dtype=torch.uint8)
    p = pack(codes, bits)
    assert p.dtype == torch.uint8 and p.numel() == packed_nbytes(n, bits)
    assert torch.equal(unpack(p, bits, n), codes)


def test_pack4_matches_torchao_layout():
    kernels = pytest.importorskip("torchao.prototype.mx_formats.kernels")
    codes = torch.randint(0, 16, (256,), dtype=torch.uint8)
    assert torch.equal(pack(codes, 4), kernels.pack_uint4(codes))


def test_pack6_layout_documented():
    codes = torch.tensor([1, 2, 3, 4], dtype=torch.uint8)
    w = 1 | 2 << 6 | 3 << 12 | 4 << 18
    assert pack(codes, 6).tolist() == [w & 255, (w >> 8) & 255, (w >> 16) & 255]
