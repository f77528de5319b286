"""The boundary programs' generated CUDA run on the CPU (cpu_emulation.py) against the PyTorch reference, with the
decode the registry pairs with each: the walk boundary beside GDN's default warp decode, the smem boundary (both its
forms) beside the K-first tile decode. Also the kernels' behaviours at the edges of the arithmetic — new requests'
compensators, a value scale whose quotient overflows — and `leapquant kernels emulate`. The regs and simple
boundaries run beside the decodes of test_emulation_decode.py (two files, so that CI's two workers share the
emulation's time). Small shapes: H 1, HV 2, window 4, rank 2, fp32 outputs. Needs tilelang and a host C++ compiler;
no GPU."""
import shutil

import pytest

pytest.importorskip("tilelang")
pytestmark = pytest.mark.skipif(shutil.which("g++") is None and shutil.which("c++") is None,
                                reason="no host C++ compiler for the CPU emulation")


def _ok(w):
    from leapquant.kernels import checks
    return checks.check_ok(w) and w["out"] < 1e-4 and w["dead_keys"] == 0


def _default(family="gdn", **fields):
    """The default programs of the small problem (warp decode, walk boundary for V-first INT8)."""
    from leapquant.kernels import registry
    from leapquant.kernels.config import KernelConfig
    return registry.resolve(KernelConfig(family=family, out_dtype="float32",
                                         **{**dict(H=1, HV=2, window=4, rank=2), **fields}))


def test_walk_boundary_matches_reference():
    """The default of V-first INT8 (GDN): the warp decode and the walk boundary, S_p in the warps' tensor-core
    accumulators and its refit on TF32 operands. 9 requests on a one-SM grid over two windows: one walking boundary
    program per head takes every list entry (the next one's inputs prefetched), and each decode warp walks two or
    three requests."""
    from leapquant.kernels import cpu_emulation as ce
    from leapquant.kernels.decoder import LeapDecoder, StepKernels
    cfg = _default()
    assert (cfg.decode, cfg.boundary) == ("warp", "walk") and cfg.tf32_refit
    assert LeapDecoder(cfg, kernels=StepKernels(None, None)).boundary_programs(9, sms=1) == 1
    w = ce.check_emulated(cfg, N=9, windows=2, sms=1, seed=3)
    assert _ok(w), w


@pytest.mark.parametrize("start", ["fresh", "zeroed"])
def test_default_kernels_give_new_requests_compensators(start):
    """Every slot a new request — LeapState.reset's zero state with the cold-start keys, or every buffer zeroed, keys
    too (an engine that zeroes slots) — through two windows of the default programs: the kernels match the reference
    and no compensator key is left zero. From zero keys a warm-started power iteration stays at zero unless
    Gram–Schmidt completes the zero columns by e_a (the boundaries' one-warp Gram–Schmidt does)."""
    from leapquant.kernels import cpu_emulation as ce
    w = ce.check_emulated(_default(), N=5, windows=2, seed=4, start=start)
    assert _ok(w) and w["crossed"] > 0, w


def test_walk_boundary_codes_where_the_value_scale_quotient_overflows():
    """The register boundaries take a row's codes by the float trick (fl(Y q / B) + 1.5 · 2^23, its low byte) where
    q / B_j is finite, and by F2I and an integer clamp where it overflowed: a row whose B_j < ~4e-37
    (checks.check_overflowing_scales). The codes equal the reference's in that row — the saturated ±q the clamp gives
    (the fast path would give 0 there: the low byte of ±inf) — and elsewhere differ by rounding ties only."""
    from leapquant.kernels import checks
    from leapquant.kernels import cpu_emulation as ce
    cfg = _default()
    w = checks.check_overflowing_scales(cfg, N=4, seed=1, decoder=ce.emulated_decoder(cfg), device="cpu")
    assert 0 < w["B0"] < 3.7e-37 and w["saturated_row0"] > 0, w
    assert w["differ_row0"] == 0 and w["jumps"] == 0 and w["flips"] < 5e-3, w


def test_smem_boundary_matches_reference_in_both_forms():
    """K-first (KDA): the tile decode's shared-tile read and the smem boundary, S_p in one padded shared copy, at
    two K threads and — a step below small_batch requests — at four K (one program per SM: one wave's latency). With
    small_batch 4 a step of 3 requests runs the small-batch form and one of 5 the other, on the same decoder; each
    over two windows."""
    from leapquant.kernels import checks, registry
    from leapquant.kernels import cpu_emulation as ce
    cfg = _default("kda", layout="k_first", small_batch=4)
    small = registry.small_batch_boundary(cfg)
    assert (cfg.decode, cfg.boundary, cfg.boundary_threads, small.boundary_threads) == ("tile", "smem", 256, 512)
    dec = ce.emulated_decoder(cfg)
    calls = {"small": 0, "large": 0}

    def counted(kernel, name):
        def call(*args):
            calls[name] += 1
            return kernel(*args)
        return call
    dec.kernels.boundary = counted(dec.kernels.boundary, "large")
    dec.kernels.small_boundary = counted(dec.kernels.small_boundary, "small")
    for N, form in ((3, "small"), (5, "large")):
        before = dict(calls)
        w = checks.check_decode(dec.cfg, N=N, windows=2, device="cpu", decoder=dec, seed=3)
        assert _ok(w), (N, w)
        assert calls[form] == before[form] + 9 and sum(calls.values()) == sum(before.values()) + 9


def test_emulate_command_reports_the_check_as_json():
    """`leapquant kernels emulate` on the default programs (the walk case's build: one key head), from random and
    from zeroed slots; bad options are usage errors naming them."""
    import json

    from typer.testing import CliRunner

    from leapquant.kernels.cli import kernels_app
    cfg = _default()
    for start in ("random", "zeroed"):
        res = CliRunner().invoke(kernels_app, ["emulate", "--model", "gdn", "--heads", "1", "--batch", "3",
                                               "--start", start, "--json"])
        assert res.exit_code == 0, res.output
        out = json.loads(res.output[res.output.index("{"):])
        assert out["ok"] and out["out"] < 1e-4 and out["dead_keys"] == 0 and out["config"] == cfg.tag, out
    for args, msg in ((["--start", "empty"], "must be one of random | fresh | zeroed"),
                      (["--model", "mamba"], "must be gdn or kda"),
                      (["--set", "bv9=true"], "'bv9' is not a KernelConfig field"),
                      (["--set", "decode"], "key=value"),
                      (["--set", "decode=warp", "--layout", "k_first"], "layout must be 'v_first'"),
                      (["--window", "1"], "KernelConfig.window must be >= 2"),
                      (["--batch", "0"], "must be >= 1")):
        bad = CliRunner().invoke(kernels_app, ["emulate", *args], env={"COLUMNS": "400"})
        assert bad.exit_code == 2 and msg in " ".join(bad.output.split()), (args, bad.output)
