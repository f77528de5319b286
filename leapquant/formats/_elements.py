"""Element types, vectorised rounding onto their grids, and sub-byte packing.

Why hand-written rounding: the formats must run on any torch device (the
pipeline runs on GPU) and support stochastic rounding, which neither torch's
float8 casts nor ``ml_dtypes`` offer. The rounding is the textbook one and is
tested bit-exactly against ``ml_dtypes`` and torch's float8 casts
(tests/formats/test_elements.py).

Rounding of a magnitude ``a`` onto a floating-point grid with ``mbits`` mantissa
bits and minimum normal exponent ``emin``: ``e = max(floor(log2 a), emin)``,
step ``2**(e - mbits)``; ``a / step`` is exact (power-of-two scaling), then it is
rounded to an integer -- half-to-even (``torch.round``) or stochastically
(``floor(r + U[0,1))``, unbiased) -- and multiplied back. A carry into the next
binade is still on the grid. Overflow either saturates to ``max`` or becomes Inf.

Packing (payload layout, little-endian, over the row-major flattened codes,
zero-padded at the end):
  * 4-bit: two codes per byte, element ``2i`` in the low nibble, ``2i+1`` in the
    high nibble (same as torchao's ``pack_uint4``) -> ``ceil(n/2)`` bytes.
  * 6-bit: four codes per three bytes, the 24-bit word ``c0 | c1<<6 | c2<<12 |
    c3<<18`` stored low byte first -> ``3*ceil(n/4)`` bytes.
  * 8-bit: one byte per code.
  * other widths b: LSB-first bit stream -> ``ceil(n*b/8)`` bytes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import torch

__all__ = [
    "ElementSpec", "ELEMENTS", "pow2", "round_to_grid", "encode", "decode",
    "pack", "unpack", "packed_nbytes",
]


@dataclass(frozen=True)
class ElementSpec:
    """A small floating-point element type (sign + ``ebits`` + ``mbits``)."""

    name: str
    ebits: int
    mbits: int
    emin: int          # exponent of the smallest normal number
    max: float         # largest finite magnitude
    torch_dtype: torch.dtype | None = None  # storage dtype when torch has one

    @property
    def bits(self) -> int:
        return 1 + self.ebits + self.mbits

    @property
    def emax(self) -> int:
        """Exponent of the largest power of two <= max (OCP MX ``emax_elem``)."""
        return math.floor(math.log2(self.max))

    def magnitudes(self) -> list[float]:
        """Non-negative representable magnitudes in code order (sub-byte formats)."""
        out = []
        for e in range(2 ** self.ebits):
            for m in range(2 ** self.mbits):
                if e == 0:
                    out.append(m * 2.0 ** (self.emin - self.mbits))
                else:
                    out.append((1 + m / 2 ** self.mbits) * 2.0 ** (e - 1 + self.emin))
        return out


ELEMENTS: dict[str, ElementSpec] = {
    "e4m3": ElementSpec("e4m3", 4, 3, -6, 448.0, torch.float8_e4m3fn),
    "e5m2": ElementSpec("e5m2", 5, 2, -14, 57344.0, torch.float8_e5m2),
    "e2m3": ElementSpec("e2m3", 2, 3, 0, 7.5),
    "e3m2": ElementSpec("e3m2", 3, 2, -2, 28.0),
    "e2m1": ElementSpec("e2m1", 2, 1, 0, 6.0),
    "bf16": ElementSpec("bf16", 8, 7, -126, float(torch.finfo(torch.bfloat16).max), torch.bfloat16),
    "fp16": ElementSpec("fp16", 5, 10, -14, 65504.0, torch.float16),
    "fp32": ElementSpec("fp32", 8, 23, -126, float(torch.finfo(torch.float32).max), torch.float32),
}


def pow2(e: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """Exact ``2**e`` for an integer tensor, built from the exponent bits.

    float32 covers e in [-126, 127]; float64 covers [-1022, 1023]. Callers keep
    ``e`` in range (checked here by clamping would silently be wrong, so we don't).
    """
    if dtype == torch.float64:
        return ((e.to(torch.int64) + 1023) << 52).view(torch.float64)
    if dtype == torch.float32:
        return ((e.to(torch.int32) + 127) << 23).view(torch.float32)
    raise TypeError(f"pow2: dtype must be float32 or float64, got {dtype}")


def round_to_grid(
    v: torch.Tensor,
    spec: ElementSpec,
    noise: torch.Tensor | None = None,
    overflow: str = "saturate",
) -> torch.Tensor:
    """Round ``v`` (float32/float64) to the nearest value of ``spec``'s grid.

    ``noise``: U[0,1) tensor of v's shape for stochastic rounding, else
    round-half-to-even. ``overflow``: "saturate" clamps to ±max, "inf" maps
    results above max to ±Inf (IEEE behaviour). NaN propagates.
    """
    dtype = v.dtype
    lo = -126 if dtype == torch.float32 else -1022
    if spec.emin - spec.mbits < lo:
        raise ValueError(f"round_to_grid: {spec.name} needs float64 work dtype, got {dtype}")
    a = v.abs()
    _, e = torch.frexp(a)
    e = (e - 1).clamp_(min=spec.emin) - spec.mbits   # exponent of the step
    step = pow2(e.clamp_(max=127 if dtype == torch.float32 else 1023), dtype)
    r = a / step
    if noise is None:
        r = torch.round(r)
    else:
        r = torch.floor(r.add_(noise))
    q = r.mul_(step)
    if overflow == "saturate":
        q = q.clamp_(max=spec.max)
    elif overflow == "inf":
        q = torch.where(q > spec.max, torch.full_like(q, math.inf), q)
    else:
        raise ValueError(f"overflow must be 'saturate' or 'inf', got {overflow!r}")
    return torch.copysign(q, v)


@lru_cache(maxsize=None)
def _magnitude_table(name: str, device: str, dtype: torch.dtype) -> torch.Tensor:
    return torch.tensor(ELEMENTS[name].magnitudes(), dtype=dtype, device=device)


def encode(q: torch.Tensor, spec: ElementSpec) -> torch.Tensor:
    """Bit pattern (uint8: sign | exponent | mantissa) of values already on the grid."""
    table = _magnitude_table(spec.name, str(q.device), q.dtype)
    idx = torch.searchsorted(table, q.abs().contiguous()).to(torch.uint8)
    sign = torch.signbit(q).to(torch.uint8) << (spec.bits - 1)
    return idx | sign


def decode(codes: torch.Tensor, spec: ElementSpec, dtype: torch.dtype) -> torch.Tensor:
    """Inverse of :func:`encode`."""
    table = _magnitude_table(spec.name, str(codes.device), dtype)
    mask = (1 << (spec.bits - 1)) - 1
    mag = table[(codes & mask).long()]
    neg = (codes >> (spec.bits - 1)).bool()
    return torch.where(neg, -mag, mag)


def packed_nbytes(n: int, bits: int) -> int:
    """Bytes of ``n`` codes of ``bits`` bits in the layout described above."""
    if bits == 8:
        return n
    if bits == 4:
        return (n + 1) // 2
    if bits == 6:
        return 3 * ((n + 3) // 4)
    return (n * bits + 7) // 8


def pack(codes: torch.Tensor, bits: int) -> torch.Tensor:
    """Pack unsigned codes (< 2**bits, any integer dtype) into a flat uint8 tensor."""
    c = codes.reshape(-1).to(torch.uint8)
    n = c.numel()
    if bits == 8:
        return c.clone() if c.data_ptr() == codes.data_ptr() else c
    if bits == 4:
        if n % 2:
            c = torch.cat([c, c.new_zeros(1)])
        c = c.view(-1, 2)
        return c[:, 0] | (c[:, 1] << 4)
    if bits == 6:
        pad = (-n) % 4
        if pad:
            c = torch.cat([c, c.new_zeros(pad)])
        w = c.view(-1, 4).to(torch.int32)
        w = w[:, 0] | (w[:, 1] << 6) | (w[:, 2] << 12) | (w[:, 3] << 18)
        return torch.stack([w & 255, (w >> 8) & 255, (w >> 16) & 255], dim=1).to(torch.uint8).view(-1)
    # generic LSB-first bit stream
    shifts = torch.arange(bits, device=c.device, dtype=torch.uint8)
    bitstream = ((c.unsqueeze(1) >> shifts) & 1).view(-1)
    pad = (-bitstream.numel()) % 8
    if pad:
        bitstream = torch.cat([bitstream, bitstream.new_zeros(pad)])
    weights = (1 << torch.arange(8, device=c.device, dtype=torch.int32)).to(torch.uint8)
    return (bitstream.view(-1, 8) * weights).sum(dim=1, dtype=torch.int32).to(torch.uint8)


def unpack(packed: torch.Tensor, bits: int, n: int) -> torch.Tensor:
    """Inverse of :func:`pack`: the first ``n`` codes as uint8."""
    p = packed.reshape(-1)
    if bits == 8:
        return p[:n]
    if bits == 4:
        return torch.stack([p & 15, p >> 4], dim=1).view(-1)[:n]
    if bits == 6:
        b = p.view(-1, 3).to(torch.int32)
        w = b[:, 0] | (b[:, 1] << 8) | (b[:, 2] << 16)
        return torch.stack([w & 63, (w >> 6) & 63, (w >> 12) & 63, (w >> 18) & 63], dim=1).to(torch.uint8).view(-1)[:n]
    shifts = torch.arange(8, device=p.device, dtype=torch.uint8)
    bitstream = ((p.unsqueeze(1) >> shifts) & 1).view(-1)[: n * bits].view(n, bits).to(torch.int32)
    weights = 1 << torch.arange(bits, device=p.device, dtype=torch.int32)
    return (bitstream * weights).sum(dim=1).to(torch.uint8)
