"""The K-first layout's and the INT4 residual's kernels run on the CPU emulation against the PyTorch reference — a
file of their own so that CI's two workers (`pytest -n 2 --dist loadfile`) share the emulation's time (the V-first
INT8 cases: test_cpu_emulation.py, test_cpu_emulation_v12.py)."""
import shutil

import pytest

pytest.importorskip("tilelang")
pytestmark = pytest.mark.skipif(shutil.which("g++") is None and shutil.which("c++") is None,
                                reason="no host C++ compiler for the CPU emulation")


@pytest.mark.parametrize("kind,kw", [
    ("gdn", dict(zfmt="int4")),         # INT4: the pipelined whole-head decode at 256 threads + its boundary
    ("kda", dict(v_first=False, small_batch=0)),   # K-first: the one-program-per-tile decode + v7 boundary
    ("kda", dict(zfmt="int4", small_batch=0, v_first=False, bv8=False)),   # INT4 on the v7 boundary
    ("kda", dict(small_batch=0, v_first=False, bv8=True, zfmt="int4")),   # v8 K-first: A split, INT4 codes
    ("kda", dict(bmv_tf32=False, v_first=False, small_batch=0)),   # the refit's mat-vecs on CUDA cores (v7, opt-out)
], ids=["gdn-int4", "kda-kfirst", "kda-int4-b7", "kda-kfirst-int4-b8", "kda-kfirst-fp32-refit"])
def test_emulated_kfirst_and_int4_match_reference(kind, kw):
    from leapquant.kernels import bench as kb
    from leapquant.kernels import cpu_emulation as ce
    _, w = ce.check_small(kind, **kw)
    assert kb.check_ok(w) and w["out"] < 1e-4, w
