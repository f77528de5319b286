"""The kernel check's code comparison (checks.code_flips), on the CPU: rounding ties are told from real errors."""
import pytest
import torch

from leapquant.kernels import checks
from leapquant.kernels import naive as nv


def _state(fmt, seed=0):
    gen = torch.Generator().manual_seed(seed)
    S0 = checks.random_states(3, 2, 16, 16, device="cpu", gen=gen)
    return nv.init_state(S0, family="gdn", window=4, rank=2, layout="v_first", format=fmt)


def _nudge(st, where, by):
    """A copy of `st` whose logical codes at the flat positions `where` moved by `by` steps."""
    out = st.clone()
    codes = checks._codes(st).flatten()
    codes[where] += by
    codes = codes.view_as(checks._codes(st))
    if st.format == "int4":
        out.Z = nv.pack_nibbles(codes.to(torch.int8))
    elif st.format == "fp8-e4m3":
        bits = torch.where(codes < 0, 128 - codes, codes).to(torch.uint8)
        out.Z = bits.view(torch.float8_e4m3fn)
    else:
        out.Z = codes.to(torch.int8)
    return out


@pytest.mark.parametrize("fmt", ["int8", "int4", "fp8-e4m3"])
def test_code_flips_tells_ties_from_errors(fmt):
    ref = _state(fmt)
    assert checks._codes(_nudge(ref, torch.tensor([0]), 0)).equal(checks._codes(ref))     # the round trip is exact
    flips, jumps, fixed = checks.code_flips(ref.clone(), ref)
    assert (flips, jumps) == (0.0, 0)
    n = checks._codes(ref).numel()
    # codes well inside the range, so that one step stays a valid code of every format
    room = {"int8": 100, "int4": 5, "fp8-e4m3": 120}[fmt]     # FP8: bit patterns; 126 is 448, 127 NaN
    small = (checks._codes(ref).flatten().abs() < room).nonzero().flatten()[:3]
    assert small.numel() == 3
    ker = _nudge(ref, small, 1)
    flips, jumps, fixed = checks.code_flips(ker, ref)
    assert flips == pytest.approx(3 / n) and jumps == 0
    assert torch.equal(checks._codes(fixed), checks._codes(ref))
    assert torch.equal(checks._codes(ker), checks._codes(_nudge(ref, small, 1)))        # the input is not changed
    ker = _nudge(ref, small[:1], 3)
    flips, jumps, fixed = checks.code_flips(ker, ref)
    assert flips == 0.0 and jumps == 1
    assert not torch.equal(checks._codes(fixed), checks._codes(ref))                    # a real error stays visible


def test_bf16_states_have_no_codes_to_compare():
    gen = torch.Generator().manual_seed(1)
    ref = nv.init_state(checks.random_states(2, 2, 16, 16, device="cpu", gen=gen), window=4, rank=0, format="bf16")
    ker = ref.clone()
    ker.Z[0, 0, 0, 0] += 1.0
    assert checks.code_flips(ker, ref) == (0.0, 0, ker)


@pytest.mark.parametrize("w,ok", [
    (dict(nan=False, out=5e-4, dead_keys=0, state=5e-4, state_ties=5e-4, flips=0.0), True),
    (dict(nan=True, out=5e-4, dead_keys=0, state=5e-4, state_ties=5e-4, flips=0.0), False),
    (dict(nan=False, out=2e-3, dead_keys=0, state=5e-4, state_ties=5e-4, flips=0.0), False),
    (dict(nan=False, out=5e-4, dead_keys=1, state=5e-4, state_ties=5e-4, flips=0.0), False),
    (dict(nan=False, out=5e-4, dead_keys=0, state=3e-3, state_ties=5e-4, flips=5e-4), True),   # INT4 ties
    (dict(nan=False, out=5e-4, dead_keys=0, state=3e-3, state_ties=5e-4, flips=2e-3), False),  # too many of them
    (dict(nan=False, out=5e-4, dead_keys=0, state=3e-3, state_ties=2e-3, flips=5e-4), False),
])
def test_check_ok_is_the_verdict_on_outputs_states_and_keys(w, ok):
    assert checks.check_ok(w) is ok


def test_check_decode_starts_are_validated():
    from leapquant.errors import InputError
    from leapquant.kernels.config import KernelConfig
    from leapquant.kernels.decoder import LeapDecoder, StepKernels
    dec = LeapDecoder(KernelConfig(H=1, HV=2, window=4, rank=2), kernels=StepKernels(None, None))
    with pytest.raises(InputError, match="start must be one of"):
        checks.check_decode(dec.cfg, N=2, device="cpu", decoder=dec, start="empty")
