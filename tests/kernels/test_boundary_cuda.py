"""The v6 boundary (`DecodeConfig(bv7=False)`; the default for FP8/INT4 residuals and window BF16) and the v7 boundary
(the default where it fits since session 5: S_p only in the padded shared copy); NOTES.md "v6 boundary", "v7 boundary".

CPU CI (needs tilelang + nvcc, no GPU): both compile to CUDA for sm_90, sm_100 and sm_120 (test_compile.py, through
`leapquant kernels check`), and ptxas on sm_90a keeps v6 at 128 registers (2 programs per SM) and v7 at <= 80 registers with 72 192 B of shared
memory (3 programs per SM), without spills. Older paths generate the same CUDA as before each version was added
(checked by hashing the sources, NOTES.md). GPU (skipped without CUDA): kernel vs the PyTorch reference over four
windows, as test_decode_cuda.py checks the decode.
"""
import os
import re
import shutil
import subprocess

import pytest
import torch

NVCC = shutil.which("nvcc") or next((p for p in ("/usr/local/bin/nvcc", "/usr/local/cuda/bin/nvcc") if os.path.exists(p)),
                                    None)
needs_nvcc = pytest.mark.skipif(NVCC is None, reason="needs nvcc")
needs_cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")
# small_batch=0: below small_batch (64) requests the decoder runs the small-batch boundary (v6), so without it the
# v7 / v8 rows at N < 64 checked v6 (found in session 8; the switch came in session 5)
# 7 / "7-512": the refit's mat-vecs on CUDA cores (bmv_tf32=False; the default until session 9); 11 / "11-512": on
# TF32 tensor cores, at 2 K threads and (the contraction in two parts handed over) at 4 K — the defaults since session 9
# bv12=False: V-first INT8 at K = V = 128 runs v12 by default since session 12; these rows name the older versions
VERSION = {6: dict(bv6=True, bv7=False), 7: dict(bv7=True, bv8=False, bv12=False, small_batch=0, bmv_tf32=False),
           8: dict(bv7=True, bv8=True, small_batch=0), "7-512": dict(bv7=True, small_bthreads=512, bmv_tf32=False),
           11: dict(bv7=True, bv12=False, small_batch=0, bmv_tf32=True), "11-512": dict(bv7=True, small_bthreads=512, bmv_tf32=True)}


@pytest.fixture(scope="module")
def tl():
    return pytest.importorskip("tilelang")


@pytest.fixture(scope="module")
def kb():
    pytest.importorskip("tilelang")
    from leapquant.kernels import bench
    return bench


def _kernel(tl, arch, **kw):
    from leapquant.kernels.boundary import boundary_program
    from leapquant.kernels.config import DecodeConfig
    return tl.compile(boundary_program(DecodeConfig(**kw)), target={"kind": "cuda", "arch": arch})


def _ptxas(tl, tmp_path, src, max_spill=0):
    """ptxas's register count for the sm_90a build of `src` (asserting it built with at most `max_spill` bytes of
    spill stores and loads)."""
    cu = tmp_path / "boundary.cu"
    cu.write_text(src)
    inc = os.path.dirname(tl.__file__)
    # -cubin: the device code alone (ptxas's count is all we need; the host pass took 2/3 of the time)
    res = subprocess.run([NVCC, "-arch=sm_90a", "-std=c++17", "-O3", "--resource-usage", "-cubin", str(cu), "-o",
                          str(tmp_path / "boundary.cubin"), f"-I{inc}/src", f"-I{inc}/3rdparty/cutlass/include",
                          f"-I{inc}/3rdparty/tvm/include"], capture_output=True, text=True, timeout=300)
    out = res.stdout + res.stderr
    assert res.returncode == 0, out[-2000:]
    spill = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads", out)
    assert spill and max(int(spill.group(1)), int(spill.group(2))) <= max_spill, out[-2000:]
    return int(re.search(r"Used (\d+) registers", out).group(1))


def test_boundary_versions_config():
    from leapquant.kernels.config import DecodeConfig
    assert DecodeConfig().bv12 and DecodeConfig().tag.endswith("-b12w")   # the V-first INT8 default (session 12)
    assert DecodeConfig(v_first=False).bv7 and not DecodeConfig(v_first=False).bv8   # v7: K-first's default
    assert DecodeConfig(bv12=False).tag.endswith("-b7") and DecodeConfig(v_first=False).tag.endswith("-b7")
    assert DecodeConfig(bv8=True).tag.endswith("-b8") and not DecodeConfig(bv7=False).bv8
    assert DecodeConfig(zfmt="fp8e4m3").tag.endswith("-b6-fp8e4m3")               # elsewhere v6
    assert DecodeConfig(bv7=False).tag.endswith("-b6") and DecodeConfig(bv7=False).bv6
    assert DecodeConfig(bv6=False).tag.endswith("-b5") and not DecodeConfig(bv5=False).bv6
    assert not DecodeConfig(bv6=False).bv7 and not DecodeConfig(bthreads=128).bv7
    with pytest.raises(ValueError, match="bv6 builds on the v5 boundary"):
        DecodeConfig(bv6=True, bv5=False)
    for kw in (dict(zfmt="fp8e4m3"), dict(mode="window_bf16"), dict(bv6=False), dict(bthreads=128)):
        with pytest.raises(ValueError, match="bv7 .* needs bv6, mode leap with zfmt int8 or int4"):
            DecodeConfig(bv7=True, **kw)
    assert DecodeConfig(zfmt="int4").bv7 and not DecodeConfig(zfmt="int4", bv7=False).bv7   # INT4 on v7: the default
    assert DecodeConfig(zfmt="int4").bv8 and DecodeConfig(zfmt="int4").tag.endswith("-b8-int4")  # INT4's default: v8c
    assert not DecodeConfig(zfmt="int4", bv8=False).bv8 and not DecodeConfig(zfmt="int4", bv7=False).bv8


@needs_cuda
@pytest.mark.parametrize("version", [7, 8, "7-512", 11, "11-512"])
@pytest.mark.parametrize("kind,v_first", [("gdn", True), ("kda", False)])
@pytest.mark.parametrize("N,outliers", [(1, False), (37, False), (16, True)])
def test_boundary_v7_int4_matches_reference(kb, version, kind, v_first, N, outliers):
    """INT4 residuals on the v7 boundary (the default since session 6): codes read as nibbles, written two per byte by lane
    pairs. Checked on the CPU emulation in CI (test_cpu_emulation.py); this is the GPU run."""
    from leapquant.kernels.decode import DecodeConfig
    for p, r in ((4, 2), (16, 4)):
        cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, v_first=v_first, out_dtype="float32", zfmt="int4",
                           **VERSION[version])
        w = kb.check_decode(cfg, N=N, windows=4, outliers=outliers, seed=N + 5 * p)
        assert kb.check_ok(w), (p, r, w)


@needs_nvcc
def test_boundary_v6_ptxas_two_programs_per_sm(tl, tmp_path):
    """128 registers (the __launch_bounds__(256, 2) cap), no spill: 2 programs per SM, as v5."""
    src = _kernel(tl, "sm_90", kind="gdn", v_first=True, bv6=True, bv7=False).get_kernel_source()
    assert "__frcp_rn" in src and "__fmaf_rn" in src          # the reciprocal-based quotients are in
    assert _ptxas(tl, tmp_path, src) <= 128


@needs_nvcc
def test_boundary_v7_ptxas_three_programs_per_sm(tl, tmp_path):
    """<= 80 registers without spills and 72 192 B of dynamic shared memory: 3 programs per SM (v6: 128, 97 860 B, 2)."""
    k = _kernel(tl, "sm_90", kind="gdn", v_first=True, bv7=True, bv8=False, bv12=False)
    assert "((int64_t)72192)" in k.get_host_source()           # the dynamic shared size TileLang launches with
    src = k.get_kernel_source()
    assert "__launch_bounds__(256, 3)" in src and "Sf[" not in src   # no S fragment: one flat shared buffer
    assert "__float2int_rn" in src and "nearbyintf" not in src   # the codes without a branch per element (session 6)
    regs = _ptxas(tl, tmp_path, src)
    assert regs <= 80 and 3 * (72192 + 1024) <= 228 * 1024 and 3 * 256 * regs <= 65536


@needs_nvcc
def test_boundary_v7_at_512_threads_ptxas(tl, tmp_path):
    """The small-batch option (small_bthreads = 4 K): one program per SM, so up to 128 registers; no spills."""
    k = _kernel(tl, "sm_90", kind="gdn", v_first=True, bv7=True, bthreads=512, bminblocks=1)
    src = k.get_kernel_source()
    assert "__launch_bounds__(512, 1)" in src
    assert _ptxas(tl, tmp_path, src) <= 128


@needs_nvcc
@pytest.mark.parametrize("bthreads,cap", [(256, 80), (512, 128)])
def test_boundary_v11_ptxas(tl, tmp_path, bthreads, cap):
    """v11 (the refit's mat-vecs on TF32 tensor cores) keeps v7's budget — 3 programs per SM at 256 threads, one at 512 —
    without spills (fully unrolled, the k-loop spilled 32 bytes at 256 threads; it is unrolled by 4)."""
    k = _kernel(tl, "sm_90", kind="gdn", v_first=True, bmv_tf32=True, bthreads=bthreads, bv12=False,
                bminblocks=1 if bthreads == 512 else 2)
    src = k.get_kernel_source()
    assert "TensorFloat32" in src and "#pragma unroll 4" in src
    assert _ptxas(tl, tmp_path, src) <= cap


@needs_nvcc
@pytest.mark.parametrize("kind", ["gdn", "kda"])
def test_boundary_v8_ptxas_three_programs_per_sm(tl, tmp_path, kind):
    """v8 (the reconstruction on tensor cores) keeps v7's budget: <= 80 registers, 72 192 B of shared memory (the fp16
    factor words take less room than v7's fp32 factors), 3 programs per SM. At the 80-register cap ptxas spills a few
    bytes (GDN none, KDA 8: the prefetched codes beside KDA's per-channel prefix sums; a variant with a dequantisation
    pre-pass spilled up to 36, NOTES.md); more would mean the held late tiles or the fragments no longer fit."""
    k = _kernel(tl, "sm_90", kind=kind, v_first=True, bv7=True, bv8=True)
    assert "((int64_t)72192)" in k.get_host_source()
    src = k.get_kernel_source()
    assert "__launch_bounds__(256, 3)" in src and src.count("mma_sync<tl::DataType::kFloat16") >= 2
    assert _ptxas(tl, tmp_path, src, max_spill=32) <= 80


@needs_nvcc
@pytest.mark.parametrize("kind,blocks,shared", [("gdn", 4, 47280), ("kda", 3, 73168)])
def test_decode_v9_ptxas_programs_per_sm(tl, tmp_path, kind, blocks, shared):
    """The v9 decode (pipe_z1, one Z buffer; here beside the ptxas helper) fits `blocks` programs per SM: its shared
    memory (v8: 65 712 B GDN, 91 600 B KDA) and ptxas's registers under __launch_bounds__(128, blocks), no spill."""
    from leapquant.kernels.config import DecodeConfig
    from leapquant.kernels.decode_pipelined import pipelined_decode_program
    k = tl.compile(pipelined_decode_program(DecodeConfig(kind=kind, pipe_z1=True)), target={"kind": "cuda", "arch": "sm_90"})
    assert f"((int64_t){shared})" in k.get_host_source()
    src = k.get_kernel_source()
    assert f"__launch_bounds__(128, {blocks})" in src and src.count("__syncwarp") == 2
    regs = _ptxas(tl, tmp_path, src)
    assert blocks * (shared + 1024) <= 228 * 1024 and blocks * 128 * regs <= 65536


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("version", [6, 7, 8, "7-512", 11, "11-512"])   # "-512": 512 threads, the small-batch form
@pytest.mark.parametrize("kind,v_first", [("gdn", True), ("gdn", False), ("kda", False), ("kda", True)])
@pytest.mark.parametrize("N,outliers", [(1, False), (37, False), (16, True)])
@pytest.mark.parametrize("p,r", [(4, 2), (16, 4)])
def test_boundary_matches_reference(kb, version, kind, v_first, N, outliers, p, r):
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, v_first=v_first, out_dtype="float32", **VERSION[version])
    w = kb.check_decode(cfg, N=N, windows=4, outliers=outliers, seed=N + p)
    assert kb.check_ok(w), (p, r, w)


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("version", [6, 7, 8, 11])
@pytest.mark.parametrize("kind,v_first", [("gdn", True), ("kda", False)])
def test_boundary_r8_matches_reference(kb, version, kind, v_first):
    """r = 8: the longest Gram–Schmidt (where the right-looking order differs most from v5's loop structure); v7
    re-reads K̃'s start after the reconstruction (R > 4)."""
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=16, r=8, v_first=v_first, out_dtype="float32", **VERSION[version])
    w = kb.check_decode(cfg, N=37, windows=3, seed=5)
    assert kb.check_ok(w), w


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("kind,v_first", [("gdn", True), ("kda", False)])
@pytest.mark.parametrize("bthreads", [256, 512])
def test_boundary_v11_r16_matches_reference(kb, kind, v_first, bthreads):
    """r = 16: v11's two n-tiles of eight r-columns per mma strip (and at 512 threads the contraction's hand-over)."""
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=16, r=16, v_first=v_first, out_dtype="float32", bmv_tf32=True,
                       **(dict(small_bthreads=512) if bthreads == 512 else dict(small_batch=0)))
    w = kb.check_decode(cfg, N=37, windows=2, seed=9)
    assert kb.check_ok(w), w


@pytest.mark.cuda
@needs_cuda
@pytest.mark.skipif(not torch.cuda.is_available() or torch.cuda.get_device_capability() != (9, 0),
                    reason="the truncation is measured on sm_90 (H100 / H200) only")
@pytest.mark.parametrize("kind,v_first,small", [("gdn", True, False), ("kda", False, False), ("gdn", True, True)])
def test_tf32_unmasked_keeps_the_bits(kb, kind, v_first, small):
    """tf32_mask=False hands the mma the raw fp32 bits: on sm_90 the tensor core ignores the 13 low mantissa bits, so
    outputs and every state buffer equal the masked kernel's bit for bit, across window ends (small: a step below
    small_batch requests — K-first's 512-thread boundary; V-first INT8's v12 serves both)."""
    from leapquant.kernels import naive as nv
    from leapquant.kernels.config import DecodeConfig
    from leapquant.kernels.decode import LeapDecoder
    base = dict(kind=kind, H=2, HV=4, p=4, r=4, v_first=v_first, out_dtype="float32")
    decs = [LeapDecoder(DecodeConfig(**base, tf32_mask=m)) for m in (True, False)]
    N = 5 if small else 70
    gen = torch.Generator(device="cuda").manual_seed(11)
    st = nv.init_state(kb.random_states(N + 3, 4, 128, 128, True, "cuda", gen), kind=kind, p=4, r=4, v_first=v_first,
                       tf32_refit=True)
    sts = [st.clone(), st.clone()]
    for _ in range(9):   # two window ends for every request
        idx = torch.randperm(N + 3, generator=gen, device="cuda")[:N].to(torch.int32)
        x = kb.make_inputs(kind, N, 2, 4, 128, 128, "cuda", gen)
        a, b = (d.step(s, *x, idx) for d, s in zip(decs, sts))
        assert torch.equal(a, b)
        for f in ("Z", "c", "B", "Kc", "Uc", "rk", "ru", "rg", "window_pos"):
            assert torch.equal(getattr(sts[0], f), getattr(sts[1], f)), f


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("v_first", [True, False])
def test_boundary_v7_r0_and_full_grid_match_reference(kb, v_first):
    """r = 0 (no refit: the residual is S itself) and the full grid (compact=False, one program per request)."""
    from leapquant.kernels.config import DecodeConfig
    for kw in (dict(r=0), dict(compact=False)):
        cfg = DecodeConfig(kind="gdn", H=2, HV=4, p=4, v_first=v_first, out_dtype="float32", bv7=True, bv12=False,
                           small_batch=0, **kw)
        w = kb.check_decode(cfg, N=9, windows=3, seed=3)
        assert kb.check_ok(w), (kw, w)


def test_boundary_v12_config():
    """v12 (bv12, boundary_regs.py) is V-first INT8's default where it fits, refits on TF32 tensor cores (or, with
    bmv_tf32=False, in fp32) and serves every batch itself; elsewhere the v7 boundary and its small-batch form stay."""
    from leapquant.kernels.config import DecodeConfig
    c = DecodeConfig()
    assert c.bv12 and c.bmv_tf32 and c.tag.endswith("-tf32-movm-hoist-b12w") and c.small_bthreads == 0
    assert c.small_batch_boundary() is c and not c.switches_small_batch_boundary
    for kw in (dict(v_first=False), dict(zfmt="int4"), dict(r=16), dict(K=64, V=64), dict(small_bthreads=512),
               dict(bthreads=512)):   # where it does not fit (or another boundary was asked for): v7 / v8 as before
        other = DecodeConfig(**kw)
        assert not other.bv12 and other.switches_small_batch_boundary == bool(other.small_bthreads), kw
    for kw in (dict(v_first=False), dict(zfmt="int4"), dict(r=3), dict(r=16), dict(K=64, V=64), dict(iters=-1),
               dict(compact=False), dict(bthreads=512), dict(bv7=False)):
        with pytest.raises(ValueError, match="bv12 .S_p in registers. needs"):
            DecodeConfig(bv12=True, **kw)
    assert c.bmovm and c.tag.count("-movm") == 1 and "-movm" not in DecodeConfig(bmovm=False).tag
    assert not DecodeConfig(bv12=False).bmovm and not DecodeConfig(bmv_tf32=False).bmovm
    for kw in (dict(bmv_tf32=False), dict(bv12=False), dict(v_first=False)):
        with pytest.raises(ValueError, match="bmovm .* needs bv12 and bmv_tf32"):
            DecodeConfig(bmovm=True, **kw)
    assert DecodeConfig(iters=0).bv12 and DecodeConfig(iters=0, bwalk=False, bmv_tf32=False).iters == 0
    for kw in (dict(bv12=False), dict(v_first=False)):   # no refit-skipped form outside v12
        with pytest.raises(ValueError, match="iters .* must be >= 1, or 0 on the v12 boundary"):
            DecodeConfig(iters=0, **kw)
    assert DecodeConfig(iters=0, r=0, bv12=False).iters == 0   # nothing to refit at r 0
    fp = DecodeConfig(bv12=True, bmv_tf32=False)   # its refit in fp32 on CUDA cores instead (opt-in)
    assert not fp.bmv_tf32 and fp.tag.endswith("-b12w") and "-tf32" not in fp.tag and fp.small_batch_boundary() is fp
    with pytest.raises(ValueError, match="bv12 serves every batch"):
        DecodeConfig(bv12=True, small_bthreads=512)


def test_boundary_v12_chol_and_hoist_config():
    """bchol (the refit's scaled Cholesky QR): opt-in, on the v12 boundary with r in (1, 2, 4) and a refit; the reference
    follows it (ref_orth) and the tag names it. bhoist (branch-free operand loads): the default on v12, off elsewhere,
    refused off v12."""
    from leapquant.kernels.config import DecodeConfig
    assert DecodeConfig().bv12 and DecodeConfig().bhoist and "-hoist" in DecodeConfig().tag
    assert not DecodeConfig(bhoist=False).bhoist and "-hoist" not in DecodeConfig(bhoist=False).tag
    assert not DecodeConfig(bv12=False).bhoist
    with pytest.raises(ValueError, match="bhoist"):
        DecodeConfig(bhoist=True, bv12=False)
    assert not DecodeConfig().bchol and DecodeConfig().ref_orth == "mgs"
    cfg = DecodeConfig(bchol=True)
    assert cfg.ref_orth == "chol" and "-chol" in cfg.tag and "-chol" not in DecodeConfig().tag
    for bad in (dict(r=8), dict(iters=0), dict(bv12=False), dict(r=0)):
        with pytest.raises(ValueError, match="bchol"):
            DecodeConfig(bchol=True, **bad)


def test_boundary_v12_walk_config():
    """bwalk (the walking, prefetching v12) is on where v12 runs and two programs per SM keep room for its prefetch
    areas; its grid is about two programs per SM over the heads (the SM count is the launch's business)."""
    from leapquant.kernels.boundary_regs import shared_layout
    from leapquant.kernels.config import DecodeConfig
    from leapquant.kernels.decode import LeapDecoder
    c = DecodeConfig()
    assert c.bwalk and c.tag.endswith("-tf32-movm-hoist-b12w")
    assert shared_layout(c).bytes - shared_layout(DecodeConfig(bwalk=False)).bytes > 16 * 1024
    for kw in (dict(r=8), dict(kind="kda", p=32), dict(v_first=False), dict(bv12=False)):   # no room, or no v12
        assert not DecodeConfig(**kw).bwalk, kw
    with pytest.raises(ValueError, match="bwalk .* needs bv12"):
        DecodeConfig(bwalk=True, bv12=False)
    for kw in (dict(r=8), dict(kind="kda", p=32)):
        with pytest.raises(ValueError, match="bwalk needs shared memory for two programs per SM"):
            DecodeConfig(bwalk=True, **kw)
    dec = LeapDecoder(c, kernels=object())   # the grid arithmetic only: no kernels
    plain = LeapDecoder(DecodeConfig(bwalk=False), kernels=object())
    assert plain.boundary_programs(512) == 44 and dec.boundary_programs(512, sms=132) == 8   # 32 heads: 8 per head
    assert dec.boundary_programs(32, sms=132) == plain.boundary_programs(32) == 5   # few entries: no walking
    assert dec.boundary_programs(512, sms=1) == 1
    assert dec.boundary_programs(512, sms=132, per_sm=1) == 4   # one walking program per SM (overlap_probe.py)
    with pytest.raises(ValueError, match="boundary_programs needs sms"):
        dec.boundary_programs(512)
    with pytest.raises(ValueError, match="per_sm must be an integer >= 1"):
        dec.boundary_programs(512, sms=132, per_sm=0)


@needs_nvcc
@pytest.mark.parametrize("kind,tf32,walk,max_spill", [("gdn", False, True, 52), ("kda", True, True, 84)])
def test_boundary_v12_ptxas_two_programs_per_sm(tl, tmp_path, kind, tf32, walk, max_spill):
    """v12 keeps S_p in 64 accumulator registers per thread: two programs per SM need <= 128 registers and shared
    memory for two. Walking (the default: the prefetch areas, ~30 KB more shared memory) the fp32 refit (opt-in)
    spills 28 bytes and reloads 32 — 40 / 52 since session 21's zero-key guard (its warp vote after Gram–Schmidt) —, the TF32 refit 64 / 64 with its transposes by shuffles and 84 / 76 by movmatrix (the default
    since session 14; GDN and KDA alike; not walking, session 12: fp32 none — the
    residual's K̂ loads merged with the U product's once held 128 more and spilled 1.8 KB before the residual moved
    to the tensor cores — and TF32 40 / 68) — more would mean its fragments no longer fit. The TF32 one is among
    those `kernels check` compiles for sm_90 (cached); the fp32 refit compiles only here."""
    k = _kernel(tl, "sm_90", kind=kind, v_first=True, bv12=True, bmv_tf32=tf32, bwalk=walk)
    shared = int(re.search(r"\(\(int64_t\)(\d+)\)", k.get_host_source()).group(1))
    src = k.get_kernel_source()
    assert "__launch_bounds__(256, 2)" in src and 2 * (shared + 1024) <= 228 * 1024
    assert ("TensorFloat32" in src) == tf32
    assert _ptxas(tl, tmp_path, src, max_spill=max_spill) <= 128


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("N,outliers", [(1, False), (37, False), (16, True), (200, False)])
@pytest.mark.parametrize("p,r", [(4, 2), (16, 4), (16, 8), (4, 0), (8, 1)])
def test_boundary_v12_matches_reference(kb, kind, N, outliers, p, r):
    """v12 against the PyTorch pipeline (fp32 refit) over four windows, at every batch it serves."""
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, out_dtype="float32", bv12=True, bmv_tf32=False)
    w = kb.check_decode(cfg, N=N, windows=4, outliers=outliers, seed=N + p + r)
    assert kb.check_ok(w), (p, r, w)


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("N", [4, 512])
def test_boundary_v12_codes_where_the_value_scale_quotient_overflows(kb, kind, N):
    """The default V-first boundary (v12, its codes by the float trick since session 23) on a value row whose
    q / B_j overflows (bench.check_overflowing_scales): that row's codes are the reference's saturated ±q (the
    branch to F2I and the clamp), the others differ by rounding ties only."""
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind=kind, H=2, HV=4, out_dtype="float32")
    assert cfg.bv12
    w = kb.check_overflowing_scales(cfg, N=N, seed=N)
    assert 0 < w["B0"] < 3.7e-37 and w["saturated_row0"] > 0, w
    assert w["differ_row0"] == 0 and w["jumps"] == 0 and w["flips"] < 5e-3, w   # ties: 0.9e-3 (CPU), 2.2e-3 (GDN, H200)


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("N,outliers", [(37, False), (16, True)])
@pytest.mark.parametrize("p,r", [(4, 2), (16, 4), (16, 8), (32, 4), (8, 1)])
def test_boundary_v12_tf32_matches_reference(kb, kind, N, outliers, p, r):
    """v12 with its refit's products on TF32 tensor cores from the accumulators (the default): the reference truncates
    the same operands (the transposed 8×8 blocks of the column-wise product are gathered by shuffles)."""
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, out_dtype="float32")
    assert cfg.bv12 and cfg.bmv_tf32
    w = kb.check_decode(cfg, N=N, windows=3, outliers=outliers, seed=N + 2 * p + r)
    assert kb.check_ok(w), (p, r, w)


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("walk", [True, False])
@pytest.mark.parametrize("movm", [True, False])
@pytest.mark.parametrize("N,outliers", [(37, False), (16, True), (512, False)])
def test_boundary_v12_movmatrix_matches_reference(kb, kind, walk, movm, N, outliers):
    """bmovm (the default since session 14) and its shuffle form: the TF32 refit's column-wise 8×8 transposes, over three
    windows."""
    from leapquant.kernels.config import DecodeConfig
    for p, r in ((4, 2), (16, 4), (16, 8)):
        if r == 8 and walk:
            continue   # r 8 does not walk (no room for the prefetch areas)
        cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, out_dtype="float32", bmovm=movm, bwalk=walk)
        w = kb.check_decode(cfg, N=N, windows=3, outliers=outliers, seed=N + 7 * p + r)
        assert kb.check_ok(w), (p, r, w)


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("N,outliers,C", [(1, False, None), (37, False, 1), (16, True, None), (512, False, None)])
@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("p,r,walk", [(4, 2, True), (16, 4, True), (8, 1, False)])
def test_boundary_v12_chol_matches_reference(kb, kind, p, r, walk, N, outliers, C):
    """bchol: the refit's orthonormalisation by scaled Cholesky QR (MGS below the pivot threshold) against the
    reference's (naive.orthonormalise_chol) over four windows; C: a fixed boundary grid (1: one program walks every
    entry). Ids of one configuration are adjacent, so that kernel_verify.sh's contiguous chunks compile it once."""
    from leapquant.kernels.config import DecodeConfig
    from leapquant.kernels.decode import LeapDecoder
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, out_dtype="float32", bchol=True, bwalk=walk)
    assert cfg.bv12 and cfg.ref_orth == "chol"
    dec = LeapDecoder(cfg)
    dec.cap = C
    w = kb.check_decode(cfg, N=N, windows=4, outliers=outliers, seed=N + 11 * p + r, decoder=dec)
    assert kb.check_ok(w), (p, r, walk, w)


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("kind", ["gdn", "kda"])
def test_boundary_v12_chol_falls_back_to_mgs(kb, kind):
    """bchol where the warm start's keys are nearly dependent (K̂'s second key the first one times 1 + 3e-3 noise):
    the scaled Gram matrix's second pivot falls below CHOL_TAU and the warp must run MGS — Cholesky QR with its pivot
    clamped to τ would leave that key's norm at ~sqrt(pivot / τ), far from 1. After one window every request's new
    K̂ is orthonormal (to its fp16 rounding), and outputs and states match the reference's (which falls back alike):
    outputs to 1e-3; states to 5e-3, as MGS on columns this close (κ ~ 1e3) fixes the second key's direction only to
    ~κ ε, so the two compensator sets and residual codes differ more than a well-conditioned fit's (2.2e-3 measured)."""
    from leapquant.kernels import naive as nv
    from leapquant.kernels.config import DecodeConfig
    from leapquant.kernels.decode import LeapDecoder
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=4, r=4, out_dtype="float32", bchol=True)
    gen = torch.Generator(device="cuda").manual_seed(9)
    N = 24
    ker = nv.init_state(kb.random_states(N, 4, 128, 128, False, "cuda", gen), kind=kind, p=4, r=4, tf32_refit=True,
                        orth="chol")
    k0 = ker.Kc[:, :, 0].float()
    ker.Kc[:, :, 1] = (k0 * (1 + 3e-3 * torch.randn(k0.shape, device="cuda", generator=gen))).half()
    S = ker.boundary_state()
    X = S @ (S.transpose(-1, -2) @ ker.Kc.float().transpose(-1, -2))
    G = X.transpose(-1, -2) @ X
    pivot = 1 - G[..., 0, 1] ** 2 / (G[..., 0, 0] * G[..., 1, 1])
    assert (pivot < nv.CHOL_TAU).float().mean() > 0.9, pivot   # the first boundary takes MGS's branch
    dec = LeapDecoder(cfg)
    for _ in range(4):   # one window: every request refits at the fourth step
        idx = torch.arange(N, device="cuda", dtype=torch.int32)
        x = kb.make_inputs(kind, N, 2, 4, 128, 128, "cuda", gen)
        ref = ker.clone()
        o_ref = nv.decode_step_ref(ref, *x, idx)
        o = dec.step(ker, *x, idx)
        assert ((o.float() - o_ref.float()).norm() / o_ref.float().norm()).item() < 1e-3
    Kn = ker.Kc.float()                                   # [N, HV, r, K]: rows are the keys
    assert (Kn @ Kn.transpose(-1, -2) - torch.eye(4, device="cuda")).abs().max() < 5e-3
    Sk, Sr = ker.boundary_state(), ref.boundary_state()
    assert torch.isfinite(Sk).all() and ((Sk - Sr).norm() / Sr.norm()).item() < 5e-3


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("walk,tf32", [(True, True), (False, False)])
@pytest.mark.parametrize("N,outliers", [(37, False), (16, True), (512, False)])
def test_boundary_v12_without_refit_matches_reference(kb, kind, walk, tf32, N, outliers):
    """iters 0 on v12 (the refit's timing twin): the stored K̂ kept, Û = S_pᵀ K̂ re-projected, over three windows."""
    from leapquant.kernels.config import DecodeConfig
    for p, r in ((4, 2), (16, 4)):
        cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, out_dtype="float32", iters=0, bwalk=walk, bmv_tf32=tf32)
        assert cfg.bv12
        w = kb.check_decode(cfg, N=N, windows=3, outliers=outliers, seed=N + 5 * p + r)
        assert kb.check_ok(w), (p, r, w)


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("N,outliers,C", [(37, False, 1), (200, False, 3), (16, True, 2), (512, False, None)])
@pytest.mark.parametrize("p,r", [(4, 2), (16, 4), (8, 1), (16, 0), (32, 4)])
def test_boundary_v12_walk_matches_reference(kb, kind, N, outliers, C, p, r):
    """The walking v12 (bwalk): each program refits several entries, the next one's inputs copied into the prefetch
    areas by cp.async while it computes — against the reference over three windows; C: a fixed grid per head (1: one
    program takes every entry), None: the launch's own (two programs per SM: here 66 per head, so at 512 requests
    and p 4 the ~128 entries per head walk two per program)."""
    from leapquant.kernels.config import DecodeConfig
    from leapquant.kernels.decode import LeapDecoder
    if kind == "kda" and p == 32:
        pytest.skip("KDA at p 32: no room for the prefetch areas of two programs per SM (DecodeConfig refuses it)")
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, out_dtype="float32", bwalk=True)
    dec = LeapDecoder(cfg)
    dec.cap = C
    w = kb.check_decode(cfg, N=N, windows=3, outliers=outliers, seed=N + 3 * p + r, decoder=dec)
    assert kb.check_ok(w), (p, r, w)


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("kind", ["gdn", "kda"])
def test_boundary_v12_one_program_walks_every_request(kb, kind):
    """Boundary grid C = 1: one program per head refits every request at its window's end in turn (the staging and
    the hand-over areas reused across entries)."""
    from leapquant.kernels.config import DecodeConfig
    from leapquant.kernels.decode import LeapDecoder
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=4, r=4, out_dtype="float32", bv12=True, bwalk=False)   # (not walking:
    dec = LeapDecoder(cfg)                                                     # loads from global memory)
    dec.cap = 1
    w = kb.check_decode(cfg, N=37, windows=2, seed=21, decoder=dec)
    assert kb.check_ok(w), w


def test_boundary_v12_refit_every_config():
    """refit_every (the refit at every k-th window, session 19): opt-in, on the v12 boundary with compensators and a
    refit; the step's counter array grows by the boundary's entry counters (one per head and parity); the pool and
    the decoder must agree on refit_every."""
    import torch

    from leapquant.kernels import naive as nv
    from leapquant.kernels.config import DecodeConfig
    from leapquant.kernels.decode import LeapDecoder, StepKernels
    assert DecodeConfig().refit_every == 1 and DecodeConfig().counters == 2 and "-rf" not in DecodeConfig().tag
    c = DecodeConfig(refit_every=4)
    assert c.counters == 2 + 2 * c.HV and "-rf4" in c.tag
    assert sorted(c.entry_counter(par, hv) for par in (0, 1) for hv in range(c.HV)) == list(range(2, c.counters))
    for kw in (dict(bv12=False), dict(r=0), dict(iters=0), dict(v_first=False)):
        with pytest.raises(ValueError, match="refit_every"):
            DecodeConfig(refit_every=2, **kw)
    for bad in (0, True, 1.5):
        with pytest.raises(ValueError, match="refit_every must be an integer"):
            DecodeConfig(refit_every=bad)
    st = nv.empty_state(3, 2, 128, 128, p=4, r=2)
    with pytest.raises(ValueError, match="refit_every"):
        LeapDecoder(DecodeConfig(H=1, HV=2, p=4, r=2, refit_every=2), kernels=StepKernels(None, None)).step(
            st, *[torch.zeros(1)] * 5, torch.zeros(1, dtype=torch.int32))
    with pytest.raises(ValueError, match="refit_every"):   # and a pool that counts windows with a decoder that does not
        LeapDecoder(DecodeConfig(H=1, HV=2, p=4, r=2), kernels=StepKernels(None, None)).step(
            nv.empty_state(3, 2, 128, 128, p=4, r=2, refit_every=2), *[torch.zeros(1)] * 5,
            torch.zeros(1, dtype=torch.int32))
    with pytest.raises(ValueError, match="refit_every"):
        nv.empty_state(3, 2, 16, 16, p=4, r=0, refit_every=2)


def test_reference_refit_every_keeps_keys_between_refits():
    """The reference pool's refit schedule (naive.LeapState.refit_every): boundary b of a (slot, head) — b = 0 the
    initial one — runs the power iteration where b % k == 0 and keeps the stored K̂ otherwise; the window counts
    follow every boundary. Against the pipeline's own schedule (Pipeline.refit_every) on the same states."""
    import torch

    from leapquant.kernels import bench as kb
    from leapquant.kernels import naive as nv
    gen = torch.Generator().manual_seed(5)
    st = nv.init_state(kb.random_states(2, 2, 32, 32, False, "cpu", gen), p=2, r=2, refit_every=3, tf32_refit=True)
    assert st.windows.tolist() == [[1, 1], [1, 1]]
    slots = torch.arange(2)
    for b in range(1, 7):
        K_before = st.Kc.clone()
        for _ in range(2):
            nv.decode_step_ref(st, *kb.make_inputs("gdn", 2, 2, 2, 32, 32, "cpu", gen), slots.to(torch.int32))
        assert st.windows.tolist() == [[b + 1] * 2] * 2
        assert torch.equal(st.Kc, K_before) == (b % 3 != 0), b


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("walk", [True, False])
@pytest.mark.parametrize("N,outliers,C", [(37, False, 1), (16, True, None), (512, False, None)])
def test_boundary_v12_refit_every_matches_reference(kb, kind, walk, N, outliers, C):
    """refit_every (session 19): the power iteration at every k-th boundary of a (slot, head), K̂ kept and Û
    re-projected at the others, programs taking entries by an atomic counter per head — against the reference over
    four windows (check_decode asserts the window counts too); C 1: one program per head takes every entry."""
    from leapquant.kernels.config import DecodeConfig
    from leapquant.kernels.decode import LeapDecoder
    for p, r, k in ((4, 2, 2), (16, 4, 3)):
        cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, out_dtype="float32", refit_every=k, bwalk=walk)
        assert cfg.bv12 and cfg.bwalk == walk
        dec = LeapDecoder(cfg)
        dec.cap = C
        w = kb.check_decode(cfg, N=N, windows=4, outliers=outliers, seed=N + 5 * p + r, decoder=dec)
        assert kb.check_ok(w), (p, r, k, w)


def test_boundary_v12_records_config():
    """brecords (the refit on the buffered factors, session 22): opt-in, on v12 with r in (1, 2, 4, 8), a refit, r + p
    <= 32, without bchol or refit_every; the reference refits alike (refit "records"), the tag says so, and its Gram
    buffer counts in the program's shared memory."""
    from leapquant.kernels.boundary_regs import shared_layout
    from leapquant.kernels.config import DecodeConfig
    assert not DecodeConfig().brecords and DecodeConfig().reference_options["refit"] == "state"
    cfg = DecodeConfig(brecords=True)
    assert cfg.bv12 and cfg.bwalk and cfg.reference_options["refit"] == "records" and "-rec" in cfg.tag
    assert shared_layout(cfg).bytes - shared_layout(DecodeConfig()).bytes == 4 * (4 * 24 * 28 + 24 * 4 + 4)   # Ga, Gb (two halves), C, flag
    for bad in (dict(bv12=False), dict(r=0), dict(iters=0), dict(p=32), dict(bchol=True), dict(refit_every=2),
                dict(v_first=False)):
        with pytest.raises(ValueError, match="brecords"):
            DecodeConfig(brecords=True, **bad)


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("N,outliers", [(1, False), (37, False), (16, True), (512, False)])
@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("p,r,extra", [(4, 2, {}), (16, 4, {}), (16, 8, {}), (8, 1, dict(bwalk=False)),
                                       (16, 4, dict(iters=1)), (16, 4, dict(bmv_tf32=False, bwalk=False)),
                                       (8, 1, {})],
                         ids=["p4r2", "p16r4", "p16r8", "p8r1-nowalk", "p16r4-it1", "p16r4-fp32", "p8r1"])
def test_boundary_v12_records_matches_reference(kb, kind, p, r, extra, N, outliers):
    """brecords against the reference's records refit (naive.fit_compensators_records) over four windows: the Gram
    tiles of one to three rounds (T8 = 8, 16, 24 terms), r 1 to 8, one or two iterations, the TF32 and fp32 Û
    products. Ids of one configuration are adjacent (kernel_verify.sh's chunks compile it once)."""
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, out_dtype="float32", brecords=True, **extra)
    w = kb.check_decode(cfg, N=N, windows=4, outliers=outliers, seed=N + 13 * p + r)
    assert kb.check_ok(w), (p, r, extra, w)


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("start", ["fresh", "zeroed"])
def test_boundary_v12_records_new_requests_and_its_fall_back(kb, kind, start):
    """brecords from fresh slots (the cold-start keys: the records give the iteration its directions) and from zeroed
    ones (zero keys and values: Ga C = 0, the Cholesky fails, every such boundary takes the S_p iteration): the kernel
    matches the reference and no key is left zero."""
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=16, r=4, out_dtype="float32", brecords=True)
    w = kb.check_decode(cfg, N=37, windows=2, seed=5, start=start)
    assert w["dead_keys"] == 0 and kb.check_ok(w), w


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("kind", ["gdn", "kda"])
def test_boundary_v12_records_is_not_the_state_refit(kb, kind):
    """The records refit is what the kernel runs: held against the S_p refit's reference, its states differ beyond
    the check's tolerance (the CPU emulation measured 4.1e-3 on GDN p 4 r 2) — a kernel that fell back everywhere
    would pass there and fail the test above."""
    from dataclasses import replace

    from leapquant.kernels.config import DecodeConfig
    from leapquant.kernels.decode import LeapDecoder
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=16, r=4, out_dtype="float32", brecords=True)
    w = kb.check_decode(replace(cfg, brecords=False), N=37, windows=2, seed=6, decoder=LeapDecoder(cfg))
    assert not kb.check_ok(w) and w["state"] > 2e-3, w
