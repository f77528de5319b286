"""The CPU emulation itself (cpu_emulation.py, cpu_emulation.h) on hand-written kernels: the translation of a
generated kernel, warp shuffles, block barriers and the 8x8 transpose with the kernels' semantics, and the two ways a
kernel can go wrong that it must report instead of hanging or returning garbage. Needs a host C++ compiler; no
TileLang, no GPU."""
import shutil

import pytest
import torch

from leapquant.kernels import cpu_emulation as ce

pytestmark = pytest.mark.skipif(shutil.which("g++") is None and shutil.which("c++") is None,
                                reason="no host C++ compiler for the CPU emulation")

LANE = "((int)threadIdx.x)"


def _kernel(name, params, body, threads=32):
    return (f'extern "C" __global__ void {name}({params});\n'
            f'extern "C" __global__ void __launch_bounds__({threads}, 1) {name}({params}) {{\n{body}}}\n')


def test_translate_turns_the_kernel_into_a_launcher():
    src = _kernel("k", "float* __restrict__ x, const int* __restrict__ idx, int n",
                  "  extern __shared__ __align__(1024) float buf[];\n  buf[0] = x[idx[0]] + (float)n;\n")
    cpp, name, params = ce.translate("#include <tl_templates/cuda/gemm.h>\n" + src)
    assert name == "k" and [(p.name, p.ctype, p.pointer) for p in params] == [
        ("x", "float*", True), ("idx", "const int*", True), ("n", "int", False)]
    assert "tl_templates" not in cpp and "static void k(" in cpp
    assert "float* buf = (float*)emu::shared();" in cpp and 'extern "C" void emu_launch' in cpp
    with pytest.raises(ValueError, match="no `extern"):
        ce.translate('extern "C" int f();\nint g() { return 0; }\n')


def test_emulated_shuffle_and_barrier_semantics(tmp_path):
    """Butterfly sums over a warp and a block barrier between two phases, as the kernels use them."""
    body = (f'  extern __shared__ __align__(1024) float buf[];\n'
            f'  float v = x[((int)blockIdx.x) * 64 + {LANE}];\n'
            f'  for (int s = 16; s > 0; s >>= 1) {{ v = v + __shfl_xor_sync((uint)4294967295, v, s, 32); }}\n'
            f'  buf[{LANE}] = v;\n'
            f'  __syncthreads();\n'
            f'  y[((int)blockIdx.x) * 64 + {LANE}] = buf[({LANE} + 32) % 64] + (float)n;\n')
    ker = ce.build(_kernel("ok_kernel", "float* __restrict__ x, float* __restrict__ y, int n", body, threads=64),
                   cache_dir=str(tmp_path))
    x = torch.arange(128, dtype=torch.float32).share_memory_()
    y = torch.zeros(128).share_memory_()
    ce.launch(ker, {"x": x, "y": y, "n": 1000}, (2, 1, 1), 64)
    warp_sums = x.view(4, 32).sum(1)                      # blocks 0, 1 x warps 0, 1
    want = torch.stack([warp_sums[1], warp_sums[0], warp_sums[3], warp_sums[2]]).repeat_interleave(32) + 1000
    assert torch.equal(y, want)
    with pytest.raises(ValueError, match="shared memory"):
        ce.launch(ker, {"x": torch.zeros(128), "y": y, "n": 1}, (2, 1, 1), 64)
    with pytest.raises(ValueError, match=r"needs arguments \['n'\]"):
        ce.launch(ker, {"x": x, "y": y}, (2, 1, 1), 64)


def test_emulated_movmatrix_transposes_an_8x8_tile(tmp_path):
    """lq_movm (movmatrix.m8n8.trans.b16, the register boundaries' transposes): lane (g, t) holds elements (g, 2t)
    and (g, 2t + 1) in its low and high halves, afterwards those of the transposed tile."""
    body = f"  x[{LANE}] = lq_movm(x[{LANE}]);\n"
    ker = ce.build(_kernel("movm_kernel", "uint* __restrict__ x", body), cache_dir=str(tmp_path))
    tile = torch.arange(64, dtype=torch.int32).view(8, 8)                   # element (r, c) = 8 r + c
    words = (tile[:, 0::2] | (tile[:, 1::2] << 16)).flatten().share_memory_()   # lane 4 g + t: (g, 2t), (g, 2t + 1)
    ce.launch(ker, {"x": words}, (1, 1, 1), 32)
    got = torch.stack([words & 0xFFFF, words >> 16], -1).view(8, 8)
    assert torch.equal(got, tile.T)


def test_emulation_reports_a_shuffle_some_lanes_never_reach(tmp_path):
    """A shuffle inside a branch that half the warp skips is undefined on the GPU; the emulation deadlocks and
    launch() turns that into a TimeoutError instead of hanging the test run."""
    body = (f"  if (({LANE} & 1) == 0) {{\n"
            f"    x[{LANE}] = __shfl_xor_sync((uint)4294967295, x[{LANE}], 1, 32);\n  }}\n")
    ker = ce.build(_kernel("bad_kernel", "float* __restrict__ x", body), cache_dir=str(tmp_path))
    x = torch.zeros(32).share_memory_()
    with pytest.raises(TimeoutError, match="did not finish"):
        ce.launch(ker, {"x": x}, (1, 1, 1), 32, timeout_s=5)


def test_emulation_reports_a_shuffle_in_each_arm_of_a_branch(tmp_path):
    """Both halves of the warp reach a shuffle, but not the same one (the select TileLang lowers to a branch around
    two shuffles): each would read the other arm's register. The emulation aborts instead of returning those values
    (such a kernel shows up as a wrong refit, not a crash)."""
    bad = (f"  float v;\n  if (({LANE} & 1) == 0) {{\n"
           f"    v = __shfl_sync((uint)4294967295, x[{LANE}], 0, 32);\n  }} else {{\n"
           f"    v = __shfl_sync((uint)4294967295, -x[{LANE}], 0, 32);\n  }}\n  x[{LANE}] = v;\n")
    good = (f"  float v = __shfl_sync((uint)4294967295, x[{LANE}], ({LANE} + 1) & 31, 32);\n"
            f"  x[{LANE}] = v;\n")
    x = torch.arange(32, dtype=torch.float32).share_memory_()
    ce.launch(ce.build(_kernel("rot_kernel", "float* __restrict__ x", good), cache_dir=str(tmp_path)), {"x": x},
              (1, 1, 1), 32)
    assert torch.equal(x, torch.arange(32, dtype=torch.float32).roll(-1))   # lane l read lane l + 1
    with pytest.raises(RuntimeError, match="crashed .exit code 70."):
        ce.launch(ce.build(_kernel("bad_kernel", "float* __restrict__ x", bad), cache_dir=str(tmp_path)), {"x": x},
                  (1, 1, 1), 32, timeout_s=20)


def test_emulation_cache_refuses_a_directory_others_can_write(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    with pytest.raises(PermissionError, match="writable by others"):
        ce.private_dir(shared)
    assert ce.private_dir(tmp_path / "mine").stat().st_mode & 0o777 == 0o700
