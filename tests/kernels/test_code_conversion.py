"""The pipelined decode turns residual codes into floats with one PRMT (`__byte_perm`) into the mantissa of 2^23
and one subtraction (decode_pipelined.code, CODE_BIAS): emulated here bit for bit on the CPU, every code of both
formats, in the byte/nibble order the kernel reads (naive.pack_nibbles for INT4)."""
import numpy as np
import pytest
import torch

from leapquant.kernels import naive as nv
from leapquant.kernels.decode_pipelined import CODE_BIAS


def _byte_perm(x: int, y: int, sel: int) -> int:
    """CUDA's __byte_perm: result byte i is byte (sel >> 4i) & 7 of the 8 bytes of (y:x)."""
    src = [(x >> (8 * i)) & 0xFF for i in range(4)] + [(y >> (8 * i)) & 0xFF for i in range(4)]
    return sum(src[(sel >> (4 * i)) & 7] << (8 * i) for i in range(4))


def _as_float(bits: int) -> np.float32:
    return np.array([bits], np.uint32).view(np.float32)[0]


@pytest.mark.parametrize("zfmt", ["int8", "int4"])
def test_prmt_conversion_gives_every_code_exactly(zfmt):
    q = int(nv.QMAX[zfmt])
    codes = torch.arange(-q - (1 if zfmt == "int8" else 0), q + 1, dtype=torch.int8)   # INT8: −128..127 too
    codes = torch.cat([codes, torch.flip(codes, [0])])
    codes = codes[: len(codes) // 16 * 16].reshape(-1, 16)
    stored = nv.pack_nibbles(codes) if zfmt == "int4" else codes
    words = stored.contiguous().view(torch.int32).numpy().view(np.uint32)   # a lane's 16 codes: 2 or 4 words
    xor, off = CODE_BIAS[zfmt]
    for row, want in zip(words, codes.numpy()):
        for e in range(16):
            if zfmt == "int4":
                x = ((int(row[e // 8]) ^ xor) >> (4 * (e % 2))) & 0x0F0F0F0F
                sel = (e % 8) // 2
            else:
                x, sel = int(row[e // 4]) ^ xor, e % 4
            assert _as_float(_byte_perm(x, 0x4B000000, 0x7650 + sel)) - np.float32(off) == want[e]


@pytest.mark.parametrize("outliers", [False, True])
def test_fixed_point_digits_give_the_int8_dot_products(outliers):
    """The tensor-core decode (pipe_zmma) splits y into three signed byte digits of a 22-bit fixed-point value and
    sums Z·digit exactly on INT8 tensor cores; naive.zdot_int8_mma is that arithmetic. It must equal Z @ y to
    FP32 level — every code value, both signs, a zero vector, outlier-heavy y."""
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
