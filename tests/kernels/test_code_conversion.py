"""Residual code arithmetic of the decode programs, emulated bit for bit on the CPU: the persistent decode's INT4
codes turned into floats with one PRMT (`__byte_perm`) into the mantissa of 2^23 and one subtraction
(decode/persistent.py, INT4_CODE_BIAS), and the tensor-core decodes' fixed-point digits (naive.zdot_int8_mma)."""
import numpy as np
import pytest
import torch

from leapquant.kernels import naive as nv
from leapquant.kernels.decode.persistent import INT4_CODE_BIAS


def _byte_perm(x: int, y: int, sel: int) -> int:
    """CUDA's __byte_perm: result byte i is byte (sel >> 4i) & 7 of the 8 bytes of (y:x)."""
    src = [(x >> (8 * i)) & 0xFF for i in range(4)] + [(y >> (8 * i)) & 0xFF for i in range(4)]
    return sum(src[(sel >> (4 * i)) & 7] << (8 * i) for i in range(4))


def _as_float(bits: int) -> np.float32:
    return np.array([bits], np.uint32).view(np.float32)[0]


def test_prmt_conversion_gives_every_int4_code_exactly():
    """Every code −7..7 (−8 too: the nibble's full range) in both nibbles of every byte, in the order the program
    reads a lane's 16 codes from its two words (naive.pack_nibbles: the even code in the low nibble)."""
    codes = torch.arange(-8, 8, dtype=torch.int8)
    codes = torch.cat([codes, torch.flip(codes, [0]), codes.roll(5)]).reshape(-1, 16)
    words = nv.pack_nibbles(codes).contiguous().view(torch.int32).numpy().view(np.uint32)   # 2 words per row
    xor, off = INT4_CODE_BIAS
    for row, want in zip(words, codes.numpy()):
        for e in range(16):
            x = ((int(row[e // 8]) ^ xor) >> (4 * (e % 2))) & 0x0F0F0F0F
            got = _as_float(_byte_perm(x, 0x4B000000, 0x7650 + (e % 8) // 2)) - np.float32(off)
            assert got == want[e], (e, got, want[e])


@pytest.mark.parametrize("outliers", [False, True])
def test_fixed_point_digits_give_the_int8_dot_products(outliers):
    """The tensor-core decodes (warp, persistent INT8) split y into three signed byte digits of a 22-bit fixed-point
    value and sum Z·digit exactly on INT8 tensor cores; naive.zdot_int8_mma is that arithmetic. It must equal Z @ y
    to FP32 level — every code value, both signs, a zero vector, outlier-heavy y."""
    gen = torch.Generator().manual_seed(3)
    Z = torch.randint(-127, 128, (64, 40, 128), generator=gen, dtype=torch.int32).to(torch.int8)
    Z[0, 0] = 127
    Z[0, 1] = -127
    y = torch.randn(64, 128, generator=gen)
    if outliers:
        y[:, ::17] *= 300.0
    y[1] = 0.0
    y[2] = -y[2].abs()
    got = nv.zdot_int8_mma(Z, y)
    want = (Z.double() @ y.double().unsqueeze(-1)).squeeze(-1)
    assert torch.all(got[1] == 0)
    err = (got.double() - want).abs() / (Z.double().abs() @ y.double().abs().unsqueeze(-1)).squeeze(-1).clamp_min(1e-30)
    assert err.max() < 2e-6, err.max()
    rel = (got.double() - want).norm() / want.norm()
    assert rel < 1e-6, rel
