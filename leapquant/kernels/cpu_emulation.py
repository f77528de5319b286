"""Run the CUDA that TileLang generates for a kernel on the CPU, so that CI — which has no GPU — executes the decode
kernels and holds them to the PyTorch reference, not only compiles them.

The generated source is compiled by the host C++ compiler against ``cpu_emulation.h`` (one thread per CUDA thread,
real block barriers, warp shuffles and INT8 tensor-core mma emulated per warp, cp.async completing at once). It is a
functional check of the generated code — indexing, layouts, predicates, the digit arithmetic of the tensor-core
path, the request walk of the persistent decode — not a race detector and not a timing tool. A kernel whose threads
miss a barrier or a shuffle deadlocks; the call runs in a child process and reports that as a timeout.
"""
from __future__ import annotations

import ctypes
import hashlib
import multiprocessing as mp
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import torch

from leapquant.kernels.launch import Param, signature

HEADER = Path(__file__).with_name("cpu_emulation.h")
CXX = shutil.which("g++") or shutil.which("c++")
SHARED_BYTES = 232_448          # an H100/H200 SM's shared memory: every block gets it all
_SHARED = re.compile(r"extern __shared__ __align__\(\d+\) ([\w ]+?) (\w+)\[\];")


@dataclass(frozen=True)
class EmulatedKernel:
    library: str       # path of the compiled shared library
    name: str
    params: tuple[Param, ...]


def translate(cuda_source: str) -> tuple[str, str, tuple[Param, ...]]:
    """(C++ source, kernel name, parameters) of TileLang's generated CUDA for one kernel."""
    decl = cuda_source.index('extern "C"')
    body = cuda_source[cuda_source.index("\n", decl) + 1:]      # drop the includes and the forward declaration
    name, params, m = signature(body)
    plist = m.group(2)
    body = body.replace(m.group(0), f"static void {name}({plist}) {{", 1)
    body, n = _SHARED.subn(r"\1* \2 = (\1*)emu::shared();", body)
    if n > 1:
        raise ValueError("more than one dynamic shared buffer")
    args = ", ".join(f"({p.ctype})a[{i}]" if p.pointer else f"*({p.ctype}*)a[{i}]" for i, p in enumerate(params))
    launcher = (f'\nextern "C" void emu_launch(void** a, unsigned gx, unsigned gy, unsigned gz, unsigned bx, '
                f'unsigned long smem) {{\n  emu::run(gx, gy, gz, bx, smem, [&] {{ {name}({args}); }});\n}}\n')
    return f'#include "{HEADER}"\n' + body + launcher, name, tuple(params)


def default_cache() -> Path:
    """The per-user cache of compiled emulations: $LEAPQUANT_CACHE or $XDG_CACHE_HOME/leapquant (~/.cache/leapquant),
    its `emu` folder — never a shared temporary directory, where another user could plant a library to be loaded."""
    base = os.environ.get("LEAPQUANT_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "leapquant")
    return Path(base) / "emu"


def owned_by_me(path: Path) -> None:
    """PermissionError unless `path` belongs to this user and nobody else may write it."""
    st = path.stat()
    if st.st_uid != os.getuid() or st.st_mode & 0o022:
        raise PermissionError(f"{path} is not owned by this user or is writable by others: refusing to use it")


def private_dir(path: Path) -> Path:
    """`path` created with mode 0700 if missing, and checked to be this user's alone."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    owned_by_me(path)
    return path


def build(cuda_source: str, cache_dir: str | None = None) -> EmulatedKernel:
    """Compile the generated CUDA of one kernel for the CPU (cached by source)."""
    if CXX is None:
        raise RuntimeError("no host C++ compiler (g++) for the CPU emulation")
    cpp, name, params = translate(cuda_source)
    key = hashlib.sha256((cpp + HEADER.read_text()).encode()).hexdigest()[:24]
    cache = private_dir(Path(cache_dir) if cache_dir else default_cache())
    lib = cache / f"{name}-{key}.so"
    if lib.exists():
        owned_by_me(lib)
    else:
        # the source and the library under this process's own names first, then renamed: concurrent builds (pytest
        # workers) never read half a file
        src, tmp = cache / f"{name}-{key}.{os.getpid()}.cpp", lib.with_suffix(f".{os.getpid()}.tmp")
        src.write_text(cpp)
        res = subprocess.run([CXX, "-std=c++20", "-O1", "-fPIC", "-shared", "-pthread", "-w", str(src), "-o", str(tmp)],
                             capture_output=True, text=True, timeout=600)
        if res.returncode:
            raise RuntimeError(f"the emulated kernel {name} did not compile ({src}):\n{res.stderr[-4000:]}")
        os.replace(src, cache / f"{name}-{key}.cpp")   # kept beside the library for reading
        os.replace(tmp, lib)
    return EmulatedKernel(str(lib), name, params)


def _call(library: str, argv: list, grid: tuple[int, int, int], threads: int, smem: int) -> None:
    lib = ctypes.CDLL(library)
    arr = (ctypes.c_void_p * len(argv))(*[ctypes.cast(ctypes.pointer(a), ctypes.c_void_p) if not isinstance(a, int)
                                          else a for a in argv])
    lib.emu_launch(arr, ctypes.c_uint(grid[0]), ctypes.c_uint(grid[1]), ctypes.c_uint(grid[2]),
                   ctypes.c_uint(threads), ctypes.c_ulong(smem))


_SCALAR = {"int": ctypes.c_int, "float": ctypes.c_float, "int64_t": ctypes.c_int64, "uint": ctypes.c_uint}


def launch(kernel: EmulatedKernel, args: dict, grid: tuple[int, int, int], threads: int, *,
           smem: int = SHARED_BYTES, timeout_s: float = 300.0) -> None:
    """Run `kernel` on `grid` blocks of `threads` threads. `args` maps every kernel parameter name to a CPU tensor
    (contiguous, in shared memory so that the child process's writes come back) or a Python number. The call runs
    in a forked child; one that does not finish in `timeout_s` (a barrier or shuffle some threads never reach) is
    killed and raised as TimeoutError."""
    missing = [p.name for p in kernel.params if p.name not in args]
    if missing:
        raise ValueError(f"kernel {kernel.name} needs arguments {missing}")
    argv = []
    for p in kernel.params:
        a = args[p.name]
        if p.pointer:
            if not isinstance(a, torch.Tensor) or a.device.type != "cpu" or not a.is_contiguous():
                raise ValueError(f"argument {p.name} must be a contiguous CPU tensor, got {type(a).__name__}")
            if not a.is_shared():
                raise ValueError(f"argument {p.name} must be in shared memory (tensor.share_memory_()) so that the "
                                 "emulation's writes reach this process")
            argv.append(a.data_ptr())
        else:
            if p.ctype not in _SCALAR:
                raise ValueError(f"unsupported scalar type {p.ctype} of {p.name}")
            argv.append(_SCALAR[p.ctype](a))
    child = mp.get_context("fork").Process(target=_call, args=(kernel.library, argv, grid, threads, smem))
    child.start()
    child.join(timeout_s)
    if child.is_alive():
        child.kill()
        child.join()
        raise TimeoutError(f"emulated kernel {kernel.name} did not finish in {timeout_s:.0f} s (threads waiting at a "
                           "barrier or shuffle that others never reach?)")
    if child.exitcode:
        raise RuntimeError(f"emulated kernel {kernel.name} crashed (exit code {child.exitcode})")


class EmulatedProgram:
    """A TileLang prim_func called like its compiled GPU kernel — positional arguments in the prim_func's order,
    dynamic sizes taken from the tensors' shapes — but run by the CPU emulation. Tensors that are not in shared
    memory are copied in and their contents copied back after the call (views write through)."""

    def __init__(self, prim_func, arch: str = "sm_90"):
        from tilelang import tvm

        from leapquant.kernels.tl import compile_kernel
        self._tvm = tvm
        self.func = prim_func
        src = compile_kernel(prim_func, {"kind": "cuda", "arch": arch}).get_kernel_source()
        lb = re.search(r"__launch_bounds__\((\d+)", src)
        if lb is None:
            raise ValueError("the generated kernel has no __launch_bounds__ (its block size)")
        self.threads = int(lb.group(1))
        self.kernel = build(src)
        tir = tvm.tirx
        self.names, self.dims = [], {}
        cuda_params = {q.name for q in self.kernel.params}
        for p in prim_func.params:
            buf = prim_func.buffer_map.get(p)
            # the CUDA parameter: its data pointer's name, or the buffer's where a view of it took the pointer's name
            name = p.name if buf is None else buf.data.name if buf.data.name in cuda_params else buf.name
            self.names.append(name)
            for d in (buf.shape if buf is not None else ()):
                if isinstance(d, tir.Var):
                    self.dims.setdefault(d.name, d)
        self.grid = {}

        def visit(n):
            tag = n.thread_binding.thread_tag if isinstance(n, tir.For) and n.thread_binding is not None else ""
            if tag.startswith("blockIdx"):
                self.grid[n.thread_binding.thread_tag] = n.extent
        tir.stmt_functor.post_order_visit(prim_func.body, visit)

    def __call__(self, *args):
        tir = self._tvm.tirx
        if len(args) != len(self.names):
            raise ValueError(f"expected {len(self.names)} arguments ({', '.join(self.names)}), got {len(args)}")
        named, sizes = {}, {}
        for name, a, p in zip(self.names, args, self.func.params):
            named[name] = a
            buf = self.func.buffer_map.get(p)
            if buf is not None:
                for d, n in zip(buf.shape, a.shape):
                    if isinstance(d, tir.Var):
                        sizes[d.name] = int(n)
        an = self._tvm.arith.Analyzer()
        sub = {self.dims[k]: tir.IntImm("int32", v) for k, v in sizes.items()}
        one = tir.IntImm("int32", 1)
        grid = [int(an.simplify(tir.stmt_functor.substitute(self.grid.get(f"blockIdx.{a}", one), sub)))
                for a in "xyz"]
        shared = {}
        for name, a in named.items():
            if isinstance(a, torch.Tensor):
                shared[name] = a if (a.is_shared() and a.is_contiguous()) else a.contiguous().clone().share_memory_()
        launch(self.kernel, {**named, **shared, **sizes}, tuple(grid), self.threads)
        for name, a in named.items():
            if isinstance(a, torch.Tensor) and shared[name] is not a:
                a.copy_(shared[name])


def emulated_decoder(cfg, sms: int = 132):
    """A :class:`leapquant.kernels.decoder.LeapDecoder` whose kernels run on the CPU emulation: its `step` — the host
    logic included (boundary lists, the persistent grids for `sms` SMs, the small-batch boundary) — on CPU tensors."""
    from leapquant.kernels import registry
    from leapquant.kernels.decoder import LeapDecoder, StepKernels
    cfg = registry.resolve(cfg)
    small_cfg = registry.small_batch_boundary(cfg)
    build = registry.BOUNDARY[cfg.boundary].build
    small = EmulatedProgram(build(small_cfg)) if small_cfg is not cfg else None
    d = LeapDecoder(cfg, kernels=StepKernels(EmulatedProgram(registry.DECODE[cfg.decode].build(cfg)),
                                             EmulatedProgram(build(cfg)), small_boundary=small))
    d._sms[torch.device("cpu")] = sms
    return d


def check_emulated(cfg, N: int, windows: int, sms: int = 132, seed: int = 0, start: str = "random") -> dict:
    """`checks.check_decode` of cfg's kernels on the CPU emulation (N requests, `windows` windows; `sms` sizes the
    persistent grids: 1 makes programs walk several requests; `start`: the slots' first states, checks.STARTS) — what
    the tests and `leapquant kernels emulate` run."""
    from leapquant.kernels import checks
    dec = emulated_decoder(cfg, sms=sms)
    return checks.check_decode(dec.cfg, N=N, windows=windows, device="cpu", decoder=dec, seed=seed, start=start)


def check_small(family: str, sms: int = 132, **fields):
    """(resolved cfg, result) of a small emulated check — the tests' cases: KernelConfig(family, **fields) at H 1 /
    HV 2, window 4, rank 2 unless `fields` say otherwise, fp32 outputs; 5 requests over two windows at window 4, else
    3 over one."""
    from leapquant.kernels import registry
    from leapquant.kernels.config import KernelConfig
    cfg = registry.resolve(KernelConfig(family=family, out_dtype="float32",
                                        **{**dict(H=1, HV=2, window=4, rank=2), **fields}))
    return cfg, check_emulated(cfg, N=5 if cfg.window == 4 else 3, windows=2 if cfg.window == 4 else 1, sms=sms,
                               seed=3)


def emulated_perstep_decoder(cfg):
    """A :class:`leapquant.kernels.perstep.PerStepDecoder` (Table 2's per-step baselines) run by the CPU emulation."""
    from leapquant.kernels.perstep import PerStepDecoder, perstep_program
    return PerStepDecoder(cfg, kernel=EmulatedProgram(perstep_program(cfg)))
