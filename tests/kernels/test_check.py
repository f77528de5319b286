"""The kernel check's code comparison (bench.code_flips), on the CPU: rounding ties are told from real errors."""
import pytest
import torch

from leapquant.kernels import bench as kb
from leapquant.kernels import naive as nv


def _state(zfmt, seed=0):
    gen = torch.Generator().manual_seed(seed)
    S0 = kb.random_states(3, 2, 16, 16, device="cpu", gen=gen)
    return nv.init_state(S0, kind="gdn", p=4, r=2, v_first=True, zfmt=zfmt)


def _nudge(st, where, by):
    """A copy of `st` whose logical codes at the flat positions `where` moved by `by` steps."""
    out = st.clone()
    codes = kb._codes(st).flatten()
    codes[where] += by
    codes = codes.view_as(kb._codes(st))
    if st.zfmt == "int4":
        out.Z = nv.pack_nibbles(codes.to(torch.int8))
    elif st.zfmt == "fp8e4m3":
        bits = torch.where(codes < 0, 128 - codes, codes).to(torch.uint8)
        out.Z = bits.view(torch.float8_e4m3fn)
    else:
        out.Z = codes.to(torch.int8)
    return out


@pytest.mark.parametrize("zfmt", ["int8", "int4", "fp8e4m3"])
def test_code_flips_tells_ties_from_errors(zfmt):
    ref = _state(zfmt)
    assert kb._codes(_nudge(ref, torch.tensor([0]), 0)).equal(kb._codes(ref))     # the round trip is exact
    flips, jumps, fixed = kb.code_flips(ref.clone(), ref)
    assert (flips, jumps) == (0.0, 0)
    n = kb._codes(ref).numel()
    # codes well inside the range, so that one step stays a valid code of every format
    room = {"int8": 100, "int4": 5, "fp8e4m3": 120}[zfmt]     # FP8: bit patterns; 126 is 448, 127 NaN
    small = (kb._codes(ref).flatten().abs() < room).nonzero().flatten()[:3]
    assert small.numel() == 3
    ker = _nudge(ref, small, 1)
    flips, jumps, fixed = kb.code_flips(ker, ref)
    assert flips == pytest.approx(3 / n) and jumps == 0
    assert torch.equal(kb._codes(fixed), kb._codes(ref))
    assert torch.equal(kb._codes(ker), kb._codes(_nudge(ref, small, 1)))        # the input is not changed
    ker = _nudge(ref, small[:1], 3)
    flips, jumps, fixed = kb.code_flips(ker, ref)
    assert flips == 0.0 and jumps == 1
    assert not torch.equal(kb._codes(fixed), kb._codes(ref))                    # a real error stays visible
