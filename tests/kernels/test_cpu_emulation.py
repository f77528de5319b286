"""The default kernels' generated CUDA, run on the CPU (leapquant/kernels/cpu_emulation.py), against the PyTorch
reference over two windows — so that CI, which has no GPU, executes every default decode and boundary path and
not only compiles it (the v12 boundary, V-first INT8's default, in test_cpu_emulation_v12.py: a file per CI worker).
Needs tilelang and a host C++ compiler; no GPU."""
import shutil

import pytest

pytest.importorskip("tilelang")
pytestmark = pytest.mark.skipif(shutil.which("g++") is None and shutil.which("c++") is None,
                                reason="no host C++ compiler for the CPU emulation")


# bv12=False where a case is about the decode or the v7 boundary: each v12 configuration costs CI ~1.5 min of g++
@pytest.mark.parametrize("kind,kw", [
    ("gdn", dict(bv12=False, pipe_warp=False)),   # GDN at batch 5 with the v7 boundary: the v9 decode (below z1_below) + the small-batch
                                 # boundary: v7 at 512 threads (passes over quarters; the v11 refit's contraction in two parts)
    ("gdn", dict(H=1, HV=2, p=16, r=4, small_batch=0, bv12=False, pipe_warp=False)),   # the production window and rank, v9 + v7,
                                                                       # one window
    ("gdn", dict(H=2, HV=4, small_batch=0, pipe_z1=True, sms=1, bv12=False)),   # v9 decode (one Z buffer), programs
                                                   # walking 2 requests (4 heads: with 2 each program took one)
    ("kda", dict(H=2, HV=4, small_batch=0, pipe_z1=True, sms=1, bv12=False)),
    ("gdn", dict(small_bthreads=0)),   # the v6 boundary below small_batch (INT8's until session 9; INT4's, FP8's)
    ("gdn", dict(H=2, HV=4, small_batch=0, pipe_dtc=True, sms=1, bv12=False)),   # v13: the dot products on TF32
                                                   # tensor cores (v8 decode walking; the v7 build of gdn-z1-walk)
], ids=["gdn-b7-512", "gdn-p16-r4", "gdn-z1-walk", "kda-z1-walk", "gdn-b6", "gdn-dtc-walk"])
def test_emulated_kernels_match_reference(kind, kw):
    """sms 1: the persistent decode's grid for one SM, so that its programs walk several requests; grouped value heads
    (2 per key head) and few of them: CI time scales with heads. (K-first and INT4 cases:
    test_cpu_emulation_kfirst_int4.py; v12: test_cpu_emulation_v12.py — files for CI's two workers to share.)"""
    from leapquant.kernels import bench as kb
    from leapquant.kernels import cpu_emulation as ce
    kw = dict(kw)
    _, w = ce.check_small(kind, sms=kw.pop("sms", 132), **kw)
    assert kb.check_ok(w), w
    assert w["out"] < 1e-4, w       # the emulation computes in FP32 like the GPU: far inside the 1e-3 bound


def test_gdn_decode_switch_keeps_the_bits():
    """Below z1_below GDN steps run the v9 decode instead of v8 (faster there): the two give the same outputs and
    states bit for bit, so a request's arithmetic does not depend on its batch."""
    import torch

    from leapquant.kernels import bench as kb
    from leapquant.kernels import cpu_emulation as ce
    from leapquant.kernels import naive as nv
    from leapquant.kernels.config import DecodeConfig
    base = dict(kind="gdn", H=1, HV=2, p=4, r=2, out_dtype="float32", small_batch=0, bv12=False,
                pipe_warp=False)   # v8 / v9, not GDN's default v14 (v7: gdn-b6's build)
    v8, switched = DecodeConfig(**base, z1_below=0), DecodeConfig(**base)
    assert switched.decode_config(3).pipe_z1 and not v8.decode_config(3).pipe_z1
    decs = [ce.emulated_decoder(c, sms=1) for c in (v8, switched)]
    assert decs[1].decode_kernel(3)[1] is decs[1].kernels.small_decode and decs[0].decode_kernel(3)[1] is decs[0].kernels.decode
    gen = torch.Generator().manual_seed(2)
    st = nv.init_state(kb.random_states(5, 2, 128, 128, False, "cpu", gen), kind="gdn", p=4, r=2,
                       tf32_refit=v8.bmv_tf32)
    sts = [st.clone(), st.clone()]
    for _ in range(5):   # across a window's end: the boundary runs on each path's records
        idx = torch.randperm(5, generator=gen)[:3].to(torch.int32)
        x = kb.make_inputs("gdn", 3, 1, 2, 128, 128, "cpu", gen)
        a, b = (d.step(s, *x, idx) for d, s in zip(decs, sts))
        assert torch.equal(a, b)
        for f in ("Z", "c", "B", "Kc", "Uc", "rk", "ru", "rg", "window_pos"):
            assert torch.equal(getattr(sts[0], f), getattr(sts[1], f)), f


def test_emulated_ablation_kernels_match_reference():
    """Table 2's other kernels: the per-window BF16 state (window_bf16) and the per-step INT8 / BF16 baselines."""
    from leapquant.kernels import bench as kb
    from leapquant.kernels import cpu_emulation as ce
    from leapquant.kernels.config import DecodeConfig
    from leapquant.kernels.decode import PerStepConfig
    cfg = DecodeConfig(kind="gdn", H=1, HV=2, p=4, r=0, mode="window_bf16", out_dtype="float32")
    w = kb.check_decode(cfg, N=5, windows=1, device="cpu", decoder=ce.emulated_decoder(cfg), seed=4)
    assert kb.check_ok(w), w
    for kind, mode, v_first in (("gdn", "int8", True), ("gdn", "bf16", True)):
        pc = PerStepConfig(kind=kind, H=1, HV=2, mode=mode, v_first=v_first, out_dtype="float32")
        w = kb.check_perstep(pc, N=5, steps=3, device="cpu", decoder=ce.emulated_perstep_decoder(pc))
        assert w["out"] <= 1e-3 and not w["nan"] and w["state"] <= 1e-3, (kind, mode, w)


def test_emulation_reports_a_shuffle_some_lanes_never_reach(tmp_path):
    """A shuffle inside a branch that half the warp skips is undefined on the GPU; the emulation deadlocks and
    launch() turns that into a TimeoutError instead of hanging the test run."""
    import torch

    from leapquant.kernels import cpu_emulation as ce
    src = ('extern "C" __global__ void bad_kernel(float* __restrict__ x);\n'
           'extern "C" __global__ void __launch_bounds__(32, 1) bad_kernel(float* __restrict__ x) {\n'
           '  if ((((int)threadIdx.x) & 1) == 0) {\n'
           '    x[((int)threadIdx.x)] = __shfl_xor_sync((uint)4294967295, x[((int)threadIdx.x)], 1, 32);\n'
           '  }\n'
           '}\n')
    ker = ce.build(src, cache_dir=str(tmp_path))
    x = torch.zeros(32).share_memory_()
    with pytest.raises(TimeoutError, match="did not finish"):
        ce.launch(ker, {"x": x}, (1, 1, 1), 32, timeout_s=5)


def test_emulation_reports_a_shuffle_in_each_arm_of_a_branch(tmp_path):
    """Both halves of the warp reach a shuffle, but not the same one (the select TileLang lowers to a branch around
    two shuffles, session 11): each would read the other arm's register. The emulation aborts instead of returning
    those values (found as a wrong refit, not a crash, before this check)."""
    import torch

    from leapquant.kernels import cpu_emulation as ce
    src = ('extern "C" __global__ void bad_kernel(float* __restrict__ x);\n'
           'extern "C" __global__ void __launch_bounds__(32, 1) bad_kernel(float* __restrict__ x) {\n'
           '  float v;\n'
           '  if ((((int)threadIdx.x) & 1) == 0) {\n'
           '    v = __shfl_sync((uint)4294967295, x[((int)threadIdx.x)], 0, 32);\n'
           '  } else {\n'
           '    v = __shfl_sync((uint)4294967295, -x[((int)threadIdx.x)], 0, 32);\n'
           '  }\n'
           '  x[((int)threadIdx.x)] = v;\n'
           '}\n')
    good = ('extern "C" __global__ void rot_kernel(float* __restrict__ x);\n'
            'extern "C" __global__ void __launch_bounds__(32, 1) rot_kernel(float* __restrict__ x) {\n'
            '  float v = __shfl_sync((uint)4294967295, x[((int)threadIdx.x)], (((int)threadIdx.x) + 1) & 31, 32);\n'
            '  x[((int)threadIdx.x)] = v;\n'
            '}\n')
    x = torch.arange(32, dtype=torch.float32).share_memory_()
    ce.launch(ce.build(good, cache_dir=str(tmp_path)), {"x": x}, (1, 1, 1), 32)
    assert torch.equal(x, torch.arange(32, dtype=torch.float32).roll(-1))   # lane l read lane l + 1
    with pytest.raises(RuntimeError, match="crashed .exit code 70."):
        ce.launch(ce.build(src, cache_dir=str(tmp_path)), {"x": x}, (1, 1, 1), 32, timeout_s=20)


def test_emulated_shuffle_and_barrier_semantics(tmp_path):
    """Butterfly sums over a warp and a block barrier between two phases, as the kernels use them."""
    import torch

    from leapquant.kernels import cpu_emulation as ce
    src = ('extern "C" __global__ void ok_kernel(float* __restrict__ x, float* __restrict__ y, int n);\n'
           'extern "C" __global__ void __launch_bounds__(64, 1) ok_kernel(float* __restrict__ x, '
           'float* __restrict__ y, int n) {\n'
           '  extern __shared__ __align__(1024) float buf[];\n'
           '  float v = x[((int)blockIdx.x) * 64 + ((int)threadIdx.x)];\n'
           '  for (int s = 16; s > 0; s >>= 1) { v = v + __shfl_xor_sync((uint)4294967295, v, s, 32); }\n'
           '  buf[((int)threadIdx.x)] = v;\n'
           '  __syncthreads();\n'
           '  y[((int)blockIdx.x) * 64 + ((int)threadIdx.x)] = buf[(((int)threadIdx.x) + 32) % 64] + (float)n;\n'
           '}\n')
    ker = ce.build(src, cache_dir=str(tmp_path))
    x = torch.arange(128, dtype=torch.float32).share_memory_()
    y = torch.zeros(128).share_memory_()
    ce.launch(ker, {"x": x, "y": y, "n": 1000}, (2, 1, 1), 64)
    warp_sums = x.view(4, 32).sum(1)                      # blocks 0, 1 x warps 0, 1
    want = torch.stack([warp_sums[1], warp_sums[0], warp_sums[3], warp_sums[2]]).repeat_interleave(32) + 1000
    assert torch.equal(y, want)
    with pytest.raises(ValueError, match="shared memory"):
        ce.launch(ker, {"x": torch.zeros(128), "y": y, "n": 1}, (2, 1, 1), 64)


def test_emulate_command_reports_the_check_as_json():
    import json

    from typer.testing import CliRunner

    from leapquant.kernels.cli import kernels_app
    # (through the v7 boundary V-first, the opt-out of v12 since session 12: the one CI run of that path; K-first
    # and INT4 run v7's code in test_emulated_kernels_match_reference)
    res = CliRunner().invoke(kernels_app, ["emulate", "--model", "gdn", "--batch", "3", "--set", "bv12=false",
                                           "--set", "small_batch=0", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output[res.output.index("{"):])
    assert out["ok"] and out["out"] < 1e-4 and out["config"].startswith("gdn-leap-p4-r2-vf")
    assert out["config"].endswith("-tf32-b7") and out["dead_keys"] == 0
    res = CliRunner().invoke(kernels_app, ["emulate", "--model", "gdn", "--batch", "3", "--set", "bv12=false",
                                           "--set", "small_batch=0", "--start", "zeroed", "--json"])   # the same
    out = json.loads(res.output[res.output.index("{"):])               # build, from zeroed slots (keys too)
    assert res.exit_code == 0 and out["ok"] and out["dead_keys"] == 0, res.output
    bad = CliRunner().invoke(kernels_app, ["emulate", "--start", "empty"])
    assert bad.exit_code == 2 and "start must be one of random | fresh | zeroed" in bad.output
    bad = CliRunner().invoke(kernels_app, ["emulate", "--model", "mamba"])
    assert bad.exit_code == 2 and "model must be gdn or kda" in bad.output
    for item, msg in (("bv9=true", "'bv9' is not a DecodeConfig field"), ("bv8", "--set must be key=value"),
                      ("bv7=false", "got bv7 = False")):
        bad = CliRunner().invoke(kernels_app, ["emulate", "--set", "bv8=true", "--set", item])
        assert bad.exit_code == 2 and msg in " ".join(bad.output.split()), (item, bad.output)
