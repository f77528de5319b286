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
