"""The v6 boundary (`DecodeConfig(bv6=True)`, the default since 2026-11-30; NOTES.md "v6 boundary").

CPU CI (needs tilelang + nvcc, no GPU; 16 s on 2 cores with the TileLang cache warm, ≈ 50 s cold): the program compiles to CUDA for sm_90, sm_100 and
sm_120 (GDN V-first, KDA K-first) and ptxas on sm_90a keeps it at 128 registers without spills (2 programs per SM,
as v5). The v5 path generates the same CUDA as before v6 was added (checked by hashing the sources, NOTES.md).
GPU (skipped without CUDA): kernel vs the PyTorch reference over four windows, as test_decode_cuda.py checks v5.
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


@pytest.fixture(scope="module")
def tl():
    return pytest.importorskip("tilelang")


@pytest.fixture(scope="module")
def kb():
    pytest.importorskip("tilelang")
    from leapquant.kernels import bench
    return bench


def _source(tl, arch, **kw):
    from leapquant.kernels.boundary import boundary_program
    from leapquant.kernels.config import DecodeConfig
    return tl.compile(boundary_program(DecodeConfig(**kw)), target={"kind": "cuda", "arch": arch}).get_kernel_source()


def test_bv6_config():
    from leapquant.kernels.config import DecodeConfig
    assert DecodeConfig().bv6 and DecodeConfig().tag.endswith("-b6")              # the default since 2026-11-30
    assert DecodeConfig(bv6=False).tag.endswith("-b5") and not DecodeConfig(bv5=False).bv6
    with pytest.raises(ValueError, match="bv6 builds on the v5 boundary"):
        DecodeConfig(bv6=True, bv5=False)


@needs_nvcc
@pytest.mark.parametrize("arch", ["sm_90", "sm_100", "sm_120"])
@pytest.mark.parametrize("kind,v_first", [("gdn", True), ("kda", False)])
def test_bv6_compiles(tl, arch, kind, v_first):
    src = _source(tl, arch, kind=kind, v_first=v_first, bv6=True)
    assert "__frcp_rn" in src and "__fmaf_rn" in src          # the reciprocal-based quotients are in


@needs_nvcc
def test_bv6_ptxas_no_spills(tl, tmp_path):
    """128 registers (the __launch_bounds__(256, 2) cap), no spill: 2 programs per SM, as v5."""
    cu = tmp_path / "b6.cu"
    cu.write_text(_source(tl, "sm_90", kind="gdn", v_first=True, bv6=True))
    inc = os.path.dirname(tl.__file__)
    res = subprocess.run([NVCC, "-arch=sm_90a", "-std=c++17", "-O3", "--resource-usage", "-c", str(cu), "-o",
                          str(tmp_path / "b6.o"), f"-I{inc}/src", f"-I{inc}/3rdparty/cutlass/include",
                          f"-I{inc}/3rdparty/tvm/include"], capture_output=True, text=True, timeout=300)
    out = res.stdout + res.stderr
    assert res.returncode == 0, out[-2000:]
    regs = int(re.search(r"Used (\d+) registers", out).group(1))
    assert regs <= 128 and "0 bytes spill stores, 0 bytes spill loads" in out, out[-2000:]


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("kind,v_first", [("gdn", True), ("kda", False), ("kda", True)])
@pytest.mark.parametrize("N,outliers", [(1, False), (37, False), (16, True)])
@pytest.mark.parametrize("p,r", [(4, 2), (16, 4)])
def test_boundary_v6_matches_reference(kb, kind, v_first, N, outliers, p, r):
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, v_first=v_first, out_dtype="float32", bv6=True)
    w = kb.check_decode(cfg, N=N, windows=4, outliers=outliers, seed=N + p)
    assert not w["nan"] and w["out"] <= 1e-3 and w["state"] <= 1e-3, (p, r, w)


@pytest.mark.cuda
@needs_cuda
@pytest.mark.parametrize("kind,v_first", [("gdn", True), ("kda", False)])
def test_boundary_v6_r8_matches_reference(kb, kind, v_first):
    """r = 8: the longest Gram–Schmidt, where the right-looking order differs most from v5's loop structure."""
    from leapquant.kernels.config import DecodeConfig
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=16, r=8, v_first=v_first, out_dtype="float32", bv6=True)
    w = kb.check_decode(cfg, N=37, windows=3, seed=5)
    assert not w["nan"] and w["out"] <= 1e-3 and w["state"] <= 1e-3, w
