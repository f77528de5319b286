"""The v12 boundary (V-first INT8's default since session 12; `boundary_regs.py`) run on the CPU emulation against
the PyTorch reference — a file of its own so that CI's two workers (`pytest -n 2 --dist loadfile`) share the
emulation's time (v12's generated C++ is the slowest to build: ~1.5 min of g++ per configuration, so the cases share
two builds)."""
import shutil

import pytest

pytest.importorskip("tilelang")
pytestmark = pytest.mark.skipif(shutil.which("g++") is None and shutil.which("c++") is None,
                                reason="no host C++ compiler for the CPU emulation")


@pytest.mark.parametrize("kind,kw,sms", [
    ("gdn", dict(), 132),   # the GDN default at batch 5: the v9 decode (below z1_below) + v12 walking, its TF32 refit
    ("kda", dict(small_batch=0, bv8=False, pipe_z1=False, pipe_warp=False, bwalk=False, bmovm=False, bchol=True,
                 bhoist=True), 132),   # v8 decode (KDA's default is v14) + v12 without walking (r 8's form), its
                          # transposes by shuffles, its refit's opt-in forms (session 17): Cholesky QR (bchol), the
                          # operand loads without a branch per tile (bhoist)
    ("gdn", dict(small_batch=0, z1_below=0, pipe_warp=False), 1),   # the v8 decode's pipelined trips (GDN's v8 at batch >= 384) and
                                      # v12 walking, one program per head taking every entry (the first case's build)
], ids=["gdn-default", "kda-v8-b12-shfl", "gdn-v8-b12w-walk"])
def test_emulated_v12_matches_reference(kind, kw, sms):
    from leapquant.kernels import bench as kb
    from leapquant.kernels import cpu_emulation as ce
    cfg, w = ce.check_small(kind, sms=sms, **kw)
    assert cfg.bv12 and cfg.bwalk == kw.get("bwalk", True)
    assert kb.check_ok(w) and w["out"] < 1e-4, w


@pytest.mark.parametrize("start", ["fresh", "zeroed"])
def test_emulated_default_kernels_give_new_requests_compensators(start):
    """Every slot a new request — LeapState.reset's zero state with the cold-start keys, or every buffer zeroed, keys
    too (an engine that zeroes slots) — through two windows of the GDN default (the gdn-default case's build): the
    kernels match the reference and no compensator key is left zero. From zero keys a warm-started power iteration
    stays at zero unless Gram–Schmidt completes the zero columns by e_a (session 20's bug; the kernels' guard since
    session 21)."""
    from leapquant.kernels import bench as kb
    from leapquant.kernels import cpu_emulation as ce
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind="gdn", out_dtype="float32", H=1, HV=2, p=4, r=2)
    w = ce.check_emulated(cfg, N=5, windows=2, seed=4, start=start)
    assert w["dead_keys"] == 0 and kb.check_ok(w) and w["out"] < 1e-4, w


def test_emulated_v12_refit_every_matches_reference():
    """refit_every = 2 (session 19, opt-in): the walking v12 refits a (slot, head) at every second boundary and keeps
    K̂ (Û re-projected) at the others, its programs taking list entries by an atomic counter per head; 9 requests on a
    one-SM grid over four windows of p 4, so that programs walk several entries of both kinds; the window counts
    equal the reference's (bench.check_decode asserts them)."""
    from leapquant.kernels import bench as kb
    from leapquant.kernels import cpu_emulation as ce
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind="gdn", out_dtype="float32", H=1, HV=2, p=4, r=2, refit_every=2)
    assert cfg.bv12 and cfg.bwalk and cfg.counters == 6
    w = ce.check_emulated(cfg, N=9, windows=4, sms=1, seed=3)
    assert kb.check_ok(w) and w["out"] < 1e-4, w


@pytest.mark.parametrize("kind,kw", [
    ("gdn", dict(warp_ahead=True)),   # v14 with its inputs one request ahead (plain v14 is the GDN default: the first
                                      # case above), beside the default's v12 boundary (its build shared)
    ("kda", dict(small_batch=0, bv8=False, bwalk=False, bmovm=False, bchol=True, bhoist=True)),   # KDA's v14 (its
                                      # default since session 16):
                                      # its per-channel record decays by ex2.approx from suffix sums, the log-decays
                                      # read for the m buffered records only (rows past m − 1 re-read row m − 1),
                                      # beside the kda-v8-b12-shfl case's boundary (its build shared)
], ids=["gdn-ahead", "kda"])
def test_emulated_warp_decode_matches_reference(kind, kw):
    """v14 on the CPU emulation: 9 requests on a one-SM grid, so that a warp walks two of them, over two windows of
    p 4 (window positions 0 to 3 at every step)."""
    from leapquant.kernels import bench as kb
    from leapquant.kernels import cpu_emulation as ce
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind=kind, out_dtype="float32", H=1, HV=2, p=4, r=2, pipe_warp=True, **kw)
    assert cfg.pipe_warp and cfg.bv12 and not cfg.z1_below and cfg.warp_gsuffix == (kind == "kda")
    w = ce.check_emulated(cfg, N=9, windows=2, sms=1, seed=3)
    assert kb.check_ok(w) and w["out"] < 1e-4, w


def test_emulated_records_refit_matches_reference_and_not_the_state_refit():
    """brecords (session 22: the refit on the buffered factors, Gram matrices on fp16 tensor cores, the iteration in
    the coefficient space) on the CPU emulation, GDN p 16 r 4 — 24 terms, four Gram tiles per matrix, one per warp —
    walking, over two windows: it matches its reference (naive.fit_compensators_records) from random and from zeroed
    slots (there every boundary takes the S_p fall-back: zero keys and values), and held against the S_p refit's
    reference it does not (so the records path is what ran)."""
    from dataclasses import replace

    from leapquant.kernels import bench as kb
    from leapquant.kernels import cpu_emulation as ce
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind="gdn", out_dtype="float32", H=1, HV=2, p=16, r=4, brecords=True)
    assert cfg.bv12 and cfg.bwalk
    w = ce.check_emulated(cfg, N=3, windows=2, sms=1, seed=3)
    assert kb.check_ok(w) and w["out"] < 1e-4, w
    w = ce.check_emulated(cfg, N=3, windows=2, sms=1, seed=3, start="zeroed")
    assert w["dead_keys"] == 0 and kb.check_ok(w), w
    w = kb.check_decode(replace(cfg, brecords=False), N=3, windows=2, device="cpu", seed=3,
                        decoder=ce.emulated_decoder(cfg, sms=1))
    assert not kb.check_ok(w) and w["state"] > 2e-3, w


def test_emulated_v12_codes_where_the_value_scale_quotient_overflows():
    """v12 takes a row's codes by the float trick (fl(Y q / B) + 1.5 · 2^23, its low byte) where q / B_j is finite, and
    by F2I and an integer clamp where it overflowed: a row whose B_j < ~4e-37 (bench.check_overflowing_scales). The
    codes equal the reference's in that row — the saturated ±q the clamp gives (the fast path would give 0 there: the
    low byte of ±inf) — and elsewhere differ by rounding ties only. The gdn-default case's build."""
    from leapquant.kernels import bench as kb
    from leapquant.kernels import cpu_emulation as ce
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind="gdn", out_dtype="float32", H=1, HV=2, p=4, r=2)
    w = kb.check_overflowing_scales(cfg, N=4, seed=1, decoder=ce.emulated_decoder(cfg), device="cpu")
    assert 0 < w["B0"] < 3.7e-37 and w["saturated_row0"] > 0, w
    assert w["differ_row0"] == 0 and w["jumps"] == 0 and w["flips"] < 5e-3, w   # ties: 0.9e-3 (CPU), 2.2e-3 (GDN, H200)
