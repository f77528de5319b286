"""The decode programs (warp, persistent, tile) and the per-step kernels: their generated CUDA run on the CPU
(cpu_emulation.py) against the PyTorch reference over two windows, so that CI, which has no GPU, executes every decode
program and not only compiles it. Small shapes — H 1, HV 2, window 4, rank 2, fp32 outputs — since CI's time scales
with heads. Each case runs the boundary the registry pairs with its decode unless it names one: the regs boundary
beside KDA's warp decode, smem beside the INT4 persistent decode, simple beside the tile decode; the walk and smem
boundaries' own cases are in test_emulation_boundary.py (two files, so that CI's two workers share the emulation's
time). Needs tilelang and a host C++ compiler; no GPU."""
import shutil

import pytest

pytest.importorskip("tilelang")
pytestmark = pytest.mark.skipif(shutil.which("g++") is None and shutil.which("c++") is None,
                                reason="no host C++ compiler for the CPU emulation")


def _ok(w):
    from leapquant.kernels import checks
    # the emulation computes in FP32 like the GPU: far inside check_ok's 1e-3 on the outputs
    return checks.check_ok(w) and w["out"] < 1e-4 and w["dead_keys"] == 0


def _small(family, **fields):
    from leapquant.kernels import registry
    from leapquant.kernels.config import KernelConfig
    return registry.resolve(KernelConfig(family=family, out_dtype="float32",
                                         **{**dict(H=1, HV=2, window=4, rank=2), **fields}))


def test_warp_decode_matches_reference():
    """KDA's warp decode (its per-channel record decays by ex2.approx from suffix sums, the log-decays read for the
    buffered records only) beside the regs boundary: 9 requests on a one-SM grid, so that one program of four warps
    per head runs and each warp walks two or three requests, over two windows (window positions 0 to 3 at every
    step). GDN's warp decode runs in test_emulation_boundary.py beside its default boundary."""
    from leapquant.kernels import cpu_emulation as ce
    from leapquant.kernels.decode.warp import warp_groups
    cfg = _small("kda", boundary="regs")
    assert (cfg.decode, cfg.boundary) == ("warp", "regs") and warp_groups(cfg, 9, 1) == 1
    w = ce.check_emulated(cfg, N=9, windows=2, sms=1, seed=3)
    assert _ok(w), w


@pytest.mark.parametrize("family,fields", [("kda", dict(decode="persistent", boundary="regs")),
                                           ("gdn", dict(format="int4", small_batch=0))],
                         ids=["int8-kda", "int4-gdn"])
def test_persistent_decode_matches_reference(family, fields):
    """The persistent decode's two forms — INT8 (residual products on INT8 tensor cores from one Z buffer) and INT4
    (a double-buffered Z tile, codes by PRMT) — on a one-SM grid, each program walking several of the 9 requests with
    the next one's loads in flight (INT8: two programs per head, one wave below small_batch; INT4 at small_batch 0:
    four). INT4 beside its default boundary (smem, its S_p rebuilt on fp16 tensor cores, at two K threads)."""
    from leapquant.kernels import cpu_emulation as ce
    from leapquant.kernels.decode.persistent import persistent_groups
    cfg = _small(family, **fields)
    assert cfg.decode == "persistent" and persistent_groups(cfg, 9, 1) == (2 if cfg.small_batch else 4)
    assert cfg.boundary == ("regs" if cfg.format == "int8" else "smem")
    w = ce.check_emulated(cfg, N=9, windows=2, sms=1, seed=3)
    assert _ok(w), w


@pytest.mark.parametrize("fields,register_read", [(dict(decode="tile", boundary="simple"), True),
                                                  (dict(format="bf16", rank=0), False)],
                         ids=["int8-register-read", "bf16-shared-tile"])
def test_tile_decode_matches_reference(fields, register_read):
    """The tile decode's two reads of Z: V-first INT8 straight into registers (a butterfly per row), and every other
    layout or format through a shared tile — here the per-window BF16 state of the paper's Table 2 (rank 0, no
    smoothing). Both beside the simple boundary (its FP32 refit for INT8; the K-first shared-tile read runs in
    test_emulation_boundary.py beside smem)."""
    from leapquant.kernels import cpu_emulation as ce
    from leapquant.kernels.decode.tile import register_read as reads_registers
    cfg = _small("gdn", **fields)
    assert (cfg.decode, cfg.boundary) == ("tile", "simple") and reads_registers(cfg) == register_read
    assert not cfg.tf32_refit
    _, w = ce.check_small("gdn", **fields)
    assert _ok(w), w


@pytest.mark.parametrize("fmt", ["int8", "bf16"])
def test_perstep_kernels_match_reference(fmt):
    """Table 2's per-step baselines: the state dequantized, updated in FP32 and re-quantized (INT8 per value column)
    or rounded (BF16) every token."""
    from leapquant.kernels import checks
    from leapquant.kernels import cpu_emulation as ce
    from leapquant.kernels.perstep import PerStepConfig
    cfg = PerStepConfig(family="gdn", format=fmt, H=1, HV=2, out_dtype="float32")
    w = checks.check_perstep(cfg, N=5, steps=3, device="cpu", decoder=ce.emulated_perstep_decoder(cfg))
    assert w["out"] <= 1e-4 and not w["nan"] and w["state"] <= 1e-3, w
