"""CPU-only CI: every kernel program compiles through TileLang + nvcc for sm_90, sm_100 and sm_120.

A representative subset per arch (each program and code path once; `leapquant kernels check --full`
compiles every variant): about 7 kernels × ~6 s each on 2 cores per arch.
"""
import shutil
from dataclasses import replace

import pytest

pytest.importorskip("tilelang")
pytestmark = pytest.mark.skipif(shutil.which("nvcc") is None and not __import__("os").path.exists("/usr/local/cuda/bin/nvcc"),
                                reason="needs nvcc")


@pytest.mark.parametrize("arch", ["sm_90", "sm_100", "sm_120"])
def test_kernels_compile(arch):
    """sm_90: the representative subset (every version and code path); sm_100 / sm_120: the kernels the defaults run
    (every format and layout, the small-batch boundary, the INT8 / fp16 / TF32 tensor-core paths) — the opt-in
    versions compile there through `leapquant kernels check --arch` (CI time: 28 kernels per arch took ~90 s each)."""
    from leapquant.kernels.cli import compile_variants
    rows = compile_variants(arch, defaults_only=arch != "sm_90")
    bad = [r for r in rows if not r["ok"]]
    assert not bad, bad
    assert {r["kernel"] for r in rows} == {"decode", "boundary", "perstep"}


def test_check_cli_json():
    from typer.testing import CliRunner

    from leapquant.kernels.cli import kernels_app
    res = CliRunner().invoke(kernels_app, ["check", "--arch", "sm_90", "--json"])
    assert res.exit_code == 0, res.output
    rows = __import__("json").loads(res.output)          # nothing else on stdout (TileLang's INFO logs held back)
    assert rows and all(r["ok"] for r in rows) and {r["arch"] for r in rows} == {"sm_90"}


def test_bench_cli_rejects_an_unknown_residual_format():
    from typer.testing import CliRunner

    from leapquant.kernels.cli import kernels_app
    res = CliRunner().invoke(kernels_app, ["bench", "--zfmt", "int3"])
    assert res.exit_code == 2 and "--zfmt must be one of" in res.output, res.output


def test_bench_cli_set_rejects_a_bad_config():
    """`leapquant kernels bench --set key=value` times one more V-first config (e.g. the opt-in v12 boundary); a field
    that does not exist or a combination DecodeConfig refuses is a usage error before any GPU work, and a valid one
    gets as far as the GPU (checked where there is none: on a GPU the call would run the whole bench)."""
    from typer.testing import CliRunner

    from leapquant.kernels.cli import kernels_app
    bad = CliRunner().invoke(kernels_app, ["bench", "--set", "bv13=true"])
    assert bad.exit_code == 2 and "'bv13' is not a DecodeConfig field" in " ".join(bad.output.split()), bad.output
    bad = CliRunner().invoke(kernels_app, ["bench", "--zfmt", "int4", "--set", "bv12=true"])
    assert bad.exit_code == 2 and "bv12 (S_p in registers) needs" in " ".join(bad.output.split()), bad.output
    import torch
    if not torch.cuda.is_available():
        ok = CliRunner().invoke(kernels_app, ["bench", "--model", "gdn", "--set", "bv12=true", "--set", "bmv_tf32=true"])
        assert ok.exit_code == 2 and "needs a CUDA GPU" in ok.output, ok.output


def test_decode_config_names_what_is_wrong():
    from leapquant.kernels.decode import DecodeConfig
    with pytest.raises(ValueError, match="zfmt must be one of"):
        DecodeConfig(zfmt="int2")
    with pytest.raises(ValueError, match="zrows needs V-first INT8"):
        DecodeConfig(zfmt="fp8e4m3", zrows=True)
    with pytest.raises(ValueError, match="int4 packs code pairs"):
        DecodeConfig(zfmt="int4", BV=63, V=126)
    assert DecodeConfig(zfmt="int4").tag.endswith("-int4") and not DecodeConfig(zfmt="int4").zrows
    with pytest.raises(ValueError, match="pipe .* needs V-first INT8 or INT4"):
        DecodeConfig(pipe=True, v_first=False)
    for bad in (dict(threads=64, r=16), dict(threads=32), dict(K=96, V=96, BV=96), dict(threads=64, K=512, V=512)):
        with pytest.raises(ValueError, match="pipe .* needs V-first INT8 or INT4"):     # review 2026-11-30
            DecodeConfig(pipe=True, **bad)
        assert not DecodeConfig(**bad).pipe                                          # the default falls back
    with pytest.raises(ValueError, match="pipe_zsmem is a variant of the pipelined decode"):
        DecodeConfig(pipe=False, pipe_zsmem=True)
    with pytest.raises(ValueError, match="pipe_maxit must be >= 1"):
        DecodeConfig(pipe=True, pipe_maxit=0)
    d = DecodeConfig()        # the v8 decode on its measured shape: whole heads, tensor cores, 3 programs per SM
    assert d.pipe and d.pipe_zsmem and d.pipe_zmma and (d.BV, d.threads, d.dminblocks) == (128, 128, 3)
    assert DecodeConfig(kind="kda").threads == 128 and DecodeConfig(kind="kda", pipe_zmma=False).threads == 256
    assert not DecodeConfig(BV=64).pipe_zsmem and not DecodeConfig(BV=64).pipe_zmma
    with pytest.raises(ValueError, match="pipe_zmma .* needs pipe_zsmem"):
        DecodeConfig(BV=64, threads=128, pipe_zmma=True)
    with pytest.raises(ValueError, match="pipe_zmma .* needs pipe_zsmem"):
        DecodeConfig(pipe_zsmem=True, BV=128, threads=512, pipe_zmma=True)   # 8-row blocks per warp
    assert DecodeConfig(BV=64, threads=128).dminblocks == 5 and DecodeConfig(pipe=False).dminblocks == 6
    assert (DecodeConfig(pipe=False).BV, DecodeConfig(v_first=False).BV, DecodeConfig(zfmt="fp8e4m3").BV) == (64, 64, 64)
    assert not DecodeConfig(v_first=False).pipe and not DecodeConfig(zfmt="fp8e4m3").pipe
    i4 = DecodeConfig(zfmt="int4")    # INT4: the pipelined whole-head decode (measured 2.2x its shared-tile read)
    assert i4.pipe and i4.pipe_zsmem and not i4.pipe_zmma and (i4.BV, i4.threads, i4.dminblocks) == (128, 256, 3)
    assert not DecodeConfig(zfmt="int4", v_first=False).pipe and not DecodeConfig(zfmt="int4", BV=64).pipe
    assert not DecodeConfig(zrows=False).pipe and DecodeConfig(zfmt="int4", pipe=True, BV=64).pipe
    z1 = DecodeConfig(pipe_z1=True)   # v9: one Z buffer, 4 programs per SM (GDN), 3 (KDA)
    assert z1.dminblocks == 4 and DecodeConfig(kind="kda", pipe_z1=True).dminblocks == 3 and z1.tag.count("-z1") == 1
    assert not DecodeConfig().pipe_z1 and DecodeConfig(kind="kda", pipe_warp=False).pipe_z1   # KDA's default, sessions 7-15
    assert not DecodeConfig(kind="kda", v_first=False).pipe_z1 and not DecodeConfig(kind="kda", zfmt="int4").pipe_z1
    with pytest.raises(ValueError, match="pipe_z1 .* needs pipe_zmma"):
        DecodeConfig(pipe_z1=True, zfmt="int4")
    sb = DecodeConfig(small_bthreads=512)   # the small-batch option: v7 at 512 threads, one program per SM
    assert sb.small_batch_boundary().bthreads == 512 and sb.small_batch_boundary().bv7 and sb.tag.endswith("-sb512-tf32-b7")
    for kw in (dict(v_first=False), dict(zfmt="int4")):   # the default since session 9 (where v12 does not fit)
        assert DecodeConfig(**kw).small_batch_boundary().bthreads == 512 and DecodeConfig(**kw).small_batch_boundary().bv7
    assert DecodeConfig(v_first=False).tag.endswith("-sb512-tf32-b7") and DecodeConfig(v_first=False).bmv_tf32   # v11's refit too
    v12 = DecodeConfig()   # V-first INT8's default since session 12: v12 serves every batch itself
    assert v12.bv12 and v12.small_batch_boundary() is v12
    for v6 in (dict(small_bthreads=0), dict(zfmt="fp8e4m3"), dict(bv7=False)):   # v6 below it (and no v11 refit there)
        sb = DecodeConfig(**v6).small_batch_boundary()
        assert not sb.bv7 and not sb.bmv_tf32 and DecodeConfig(**v6).small_bthreads in (0, 512), v6
    assert not DecodeConfig(bv7=False).bmv_tf32 and not DecodeConfig(zfmt="fp8e4m3").bmv_tf32
    with pytest.raises(ValueError, match="bmv_tf32 .* needs the v7 boundary"):
        DecodeConfig(bv7=False, bmv_tf32=True)
    # the same arithmetic at every batch: with v6 below small_batch the refit stays FP32 (found by the emulated gdn-b6)
    assert not DecodeConfig(small_bthreads=0).bmv_tf32 and DecodeConfig(small_bthreads=0, small_batch=0).bmv_tf32
    with pytest.raises(ValueError, match="bmv_tf32 .* at every batch"):
        DecodeConfig(small_bthreads=0, bmv_tf32=True)
    assert DecodeConfig(bthreads=512).bv7 and not DecodeConfig(bthreads=512, zfmt="int4").bv8   # v8 only at 2 K
    with pytest.raises(ValueError, match="small_bthreads must be 0"):
        DecodeConfig(small_bthreads=256)
    with pytest.raises(ValueError, match="small_bthreads chooses the v7 boundary .* needs bv7"):
        DecodeConfig(small_bthreads=512, zfmt="fp8e4m3")   # FP8 residuals have no v7 boundary: not silently ignored
    with pytest.raises(ValueError, match="bv8 .* at bthreads = 2 K"):
        DecodeConfig(bthreads=512, bv8=True)
    w = DecodeConfig()   # GDN's default since session 14: v14, a warp per request, at every batch (no switch)
    assert w.pipe_warp and w.dminblocks == 3 and not w.pipe_z1 and w.z1_below == 0 and w.decode_config(32) is w
    assert w.tag.count("-warp") == 1 and not w.warp_fexp and not w.warp_gsuffix
    kw = DecodeConfig(kind="kda")   # KDA's since session 16: v14 with its record decays by ex2.approx from suffix sums
    assert kw.pipe_warp and kw.warp_fexp and kw.warp_gsuffix and not kw.pipe_z1 and kw.z1_below == 0
    assert kw.tag.count("-warp-fx-gs") == 1 and not DecodeConfig(kind="kda", pipe_warp=False).warp_fexp
    for kw in (dict(p=32), dict(r=16), dict(pipe_z1=True), dict(pipe_dtc=True), dict(zfmt="int4"), dict(v_first=False)):
        assert not DecodeConfig(**kw).pipe_warp, kw   # where it does not fit, or another decode was asked for
    for kw in (dict(p=32), dict(pipe_z1=True), dict(pipe_dtc=True), dict(pipe_zdig=True), dict(zfmt="int4")):
        with pytest.raises(ValueError, match="pipe_warp .* needs pipe_zmma, K = V = BV = 128, p <= 16"):
            DecodeConfig(pipe_warp=True, **kw)
    with pytest.raises(ValueError, match="warp_ahead .* needs pipe_warp"):
        DecodeConfig(kind="kda", pipe_warp=False, warp_ahead=True)   # v9 asked for: ahead of what?
    assert DecodeConfig(warp_ahead=True).tag.count("-warp-ahead") == 1
    with pytest.raises(ValueError, match="warp_fexp .* needs pipe_warp and kind kda"):
        DecodeConfig(kind="gdn", warp_fexp=True)         # GDN has one decay per record
    with pytest.raises(ValueError, match="warp_fexp .* needs pipe_warp and kind kda"):
        DecodeConfig(kind="kda", pipe_warp=False, warp_fexp=True)   # (v9 computes its own)
    with pytest.raises(ValueError, match="warp_gsuffix .* builds on warp_fexp"):
        DecodeConfig(kind="kda", warp_fexp=False, warp_gsuffix=True)
    assert DecodeConfig(kind="kda", pipe_warp=True, warp_fexp=True, warp_gsuffix=True).tag.count("-warp-fx-gs") == 1
    d = DecodeConfig(pipe_warp=False)   # v8's GDN: v9 below 384 requests (the per-batch decode switch, session 9)
    assert d.z1_below == 384 and d.tag.count("-z1b384") == 1 and d.decode_config(384) is d
    assert d.decode_config(32).pipe_z1 and d.decode_config(32).dminblocks == 4 and not d.decode_config(32).z1_below
    for kw in (dict(kind="kda"), dict(pipe_z1=False), dict(pipe_z1=True), dict(dminblocks=3), dict(zfmt="int4")):
        assert DecodeConfig(**kw).z1_below == 0, kw   # explicit choices and other families are left alone
    with pytest.raises(ValueError, match="z1_below switches the v8 decode to v9"):
        DecodeConfig(pipe_z1=True, z1_below=64)
    dt = DecodeConfig(pipe_dtc=True)    # v13: the dot products on tensor cores (GDN; opt-in, measured slower)
    assert not DecodeConfig().pipe_dtc and dt.tag.count("-dtc") == 1 and DecodeConfig(pipe_dtc=True, pipe_z1=True).pipe_dtc
    with pytest.raises(ValueError, match="pipe_dtc .* needs pipe_zmma, kind gdn"):
        DecodeConfig(pipe_dtc=True, kind="kda")
    with pytest.raises(ValueError, match="pipe_dtc .* needs pipe_zmma, kind gdn"):
        DecodeConfig(pipe_dtc=True, zfmt="int4")
    zd = DecodeConfig(pipe_zdig=True)   # v10: the digit table (opt-in until measured)
    assert not DecodeConfig().pipe_zdig and zd.pipe_zmma and zd.tag.count("-zd") == 1
    with pytest.raises(ValueError, match="pipe_zdig .* needs pipe_zmma and K = threads"):
        DecodeConfig(pipe_zdig=True, zfmt="int4")
    with pytest.raises(ValueError, match="pipe_zdig .* needs pipe_zmma and K = threads"):
        DecodeConfig(pipe_zdig=True, pipe_zsmem=True, BV=128, threads=256)


def test_pipelined_grid_fills_the_gpu_and_bounds_each_walk():
    from leapquant.kernels.decode import DecodeConfig
    from leapquant.kernels.decode_pipelined import pipelined_programs
    cfg = DecodeConfig(pipe=True, pipe_fill=1.0, BV=64, threads=128)   # 32 heads, 2 value tiles: 64 programs per group
    assert pipelined_programs(cfg, 512, 132) == 10     # 132 SMs x 5 programs / 64
    assert pipelined_programs(replace(cfg, pipe_fill=3.0), 512, 132) == 31   # 3 programs per resident slot
    v8 = DecodeConfig(pipe_warp=False)
    assert pipelined_programs(v8, 512, 132) == 37   # v7/v8: 32 programs per group, 3 per SM, fill 3
    assert pipelined_programs(cfg, 4, 132) == 4        # never more groups than requests
    small = DecodeConfig(pipe=True, pipe_maxit=8, pipe_fill=1.0, BV=64, threads=128)
    assert pipelined_programs(small, 512, 132) == 64   # at most 8 requests per program
    # below small_batch requests one wave (fill 1): 132 x 3 / 32 = 12 groups at batch 32, not min(32, 37)
    assert pipelined_programs(v8, 32, 132) == 12
    assert pipelined_programs(DecodeConfig(pipe_warp=False, small_batch=0), 32, 132) == 32
    # v14 (GDN's default): one wave of 3 programs of 4 warps per SM — 132 x 3 // 32 = 12 per head — whose warps walk
    # the requests; never more warps than requests (batch 32: 8 programs of 4 warps per head, one request each)
    assert pipelined_programs(DecodeConfig(), 512, 132) == 12 and pipelined_programs(DecodeConfig(), 32, 132) == 8
    assert pipelined_programs(DecodeConfig(), 512, 1) == 1
    with pytest.raises(ValueError, match="small_batch must be >= 0"):
        DecodeConfig(small_batch=-1)


def test_tf32_probe_compiles():
    """benchmarks/tf32_probe.py (the H200 measurement behind v11's TF32 masks) still builds: one warp, two TF32 mma."""
    import importlib.util
    import pathlib

    import tilelang
    path = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "tf32_probe.py"
    spec = importlib.util.spec_from_file_location("tf32_probe", path)
    probe = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(probe)
    src = tilelang.compile(probe.probe_program(8), target={"kind": "cuda", "arch": "sm_90"}).get_kernel_source()
    assert src.count("kTensorFloat32, tl::DataType::kTensorFloat32") == 2


def test_tf32_mask_option_removes_only_the_masks():
    """tf32_mask=False (opt-in) builds v11 without the operand masks: the mma stay, the 0xFFFFE000 constant goes (v7
    here: the cheaper compile; v12's TF32 operands come from the same tf32_operand, and its unmasked bits are a GPU
    test, test_tf32_unmasked_keeps_the_bits)."""
    import tilelang

    from leapquant.kernels.boundary import boundary_program
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(tf32_mask=False, bv12=False)
    assert cfg.tag.count("-tf32-nomask") == 1 and "-nomask" not in DecodeConfig().tag
    with pytest.raises(ValueError, match="tf32_mask=False .* needs bmv_tf32"):   # no TF32 refit: nothing to unmask
        DecodeConfig(bmv_tf32=False, tf32_mask=False)
    src = tilelang.compile(boundary_program(cfg), target={"kind": "cuda", "arch": "sm_90"}).get_kernel_source()
    assert "kTensorFloat32" in src and "4294959104" not in src   # 0xFFFFE000, what the default's masks AND with


def test_warp_synchronous_programs_compile_without_block_barriers():
    """v14 walks a different number of requests per warp: a __syncthreads inside that loop would hang the block.
    compile_kernel turns TileLang's barrier planner off for programs marked WARP_SYNCHRONOUS (and only for them)."""
    from leapquant.kernels.config import WARP_SYNCHRONOUS, DecodeConfig, compile_kernel
    from leapquant.kernels.decode import decode_program
    target = {"kind": "cuda", "arch": "sm_90"}
    warp = decode_program(DecodeConfig())                       # GDN's default: v14
    assert bool(warp.attrs[WARP_SYNCHRONOUS])
    src = compile_kernel(warp, target).get_kernel_source()
    assert "__syncthreads" not in src and src.count("__syncwarp") >= 3
    v8 = decode_program(DecodeConfig(pipe_warp=False))
    assert WARP_SYNCHRONOUS not in (v8.attrs or {})
    assert "__syncthreads" in compile_kernel(v8, target).get_kernel_source()   # the planner still on elsewhere


@pytest.mark.parametrize("quiet", [False, True])
def test_quiet_tilelang_keeps_stdout_clean_before_any_kernel_was_built(quiet):
    """`--json` output must parse: TileLang logs its builds on stdout through a handler it adds when imported, and the
    context is entered before anything imported it (a fresh process, as in `leapquant bench --json`)."""
    import subprocess
    import sys
    code = ("import contextlib, logging\n"
            "from leapquant.kernels.cli import quiet_tilelang\n"
            f"with (quiet_tilelang() if {quiet} else contextlib.nullcontext()):\n"
            "    import tilelang\n"
            "    logging.getLogger('tilelang.jit.kernel').info('TileLang begins to compile kernel')\n"
            "print('[]')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True).stdout
    if quiet:
        assert out.strip() == "[]"
    else:   # the premise: without the context the line does reach stdout
        assert "begins to compile" in out
