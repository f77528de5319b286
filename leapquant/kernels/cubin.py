"""`CubinProgram`: a kernel built ahead of time (a cubin and its :class:`~leapquant.kernels.launch.Launch`) called like
TileLang's compiled kernel, through the CUDA driver (``libcuda``, via ctypes) — no TileLang, no compiler and no host
code from a file at serve time.

The cubin is loaded once per device into the context PyTorch uses; each call binds the positional arguments to the
kernel's parameters (checking dtypes, shapes and device), evaluates the grid and launches on PyTorch's current stream,
so that CUDA-graph capture records it like any other kernel. A cubin runs only on GPUs of the architecture it was
built for: another GPU is refused by name.
"""
from __future__ import annotations

import ctypes
import functools

from leapquant.errors import InputError
from leapquant.kernels.launch import Launch

_MAX_DYNAMIC_SHARED = 8          # CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
_SCALAR = {"int": ctypes.c_int, "int32_t": ctypes.c_int, "float": ctypes.c_float, "int64_t": ctypes.c_int64,
           "unsigned int": ctypes.c_uint, "uint": ctypes.c_uint}


@functools.lru_cache(maxsize=1)
def driver():
    """The CUDA driver library, initialised."""
    try:
        lib = ctypes.CDLL("libcuda.so.1")
    except OSError as e:
        raise InputError(f"a prebuilt kernel needs the CUDA driver (libcuda.so.1): {e}") from None
    _check(lib, lib.cuInit(0), "cuInit")
    return lib


def _check(lib, res: int, what: str) -> None:
    if res:
        msg = ctypes.c_char_p()
        lib.cuGetErrorString(res, ctypes.byref(msg))
        raise RuntimeError(f"{what} failed: CUDA driver error {res} ({(msg.value or b'?').decode()})")


def device_arch(device) -> str:
    """``sm_90a`` for an H100 / H200: the architecture a cubin must be built for to run on `device`."""
    import torch
    major, minor = torch.cuda.get_device_capability(device)
    return f"sm_{major}{minor}" + ("a" if major >= 9 else "")


class CubinProgram:
    """One prebuilt kernel, callable with the positional arguments of its prim_func (as the TileLang kernel it was
    built from): `launch` its launch description, `image` the cubin's bytes, `arch` what it was built for."""

    def __init__(self, launch: Launch, image: bytes, arch: str):
        if not isinstance(launch, Launch):
            raise InputError(f"launch must be a Launch, got {type(launch).__name__}")
        if not image:
            raise InputError(f"kernel {launch.kernel}: the cubin is empty")
        for p in launch.params:
            if not p.pointer and p.ctype not in _SCALAR:
                raise InputError(f"kernel {launch.kernel}: parameter {p.name} has unsupported type {p.ctype}")
        self.launch, self.image, self.arch = launch, bytes(image), arch
        self._functions = {}      # device index -> (CUmodule, CUfunction)

    def _function(self, device):
        import torch
        index = device.index if device.index is not None else torch.cuda.current_device()
        if index not in self._functions:
            here = device_arch(index)
            if here != self.arch:
                raise InputError(f"kernel {self.launch.kernel} is built for {self.arch}; GPU {index} is {here} "
                                 f"({torch.cuda.get_device_name(index)})")
            lib = driver()
            with torch.cuda.device(index):
                torch.cuda.current_stream().synchronize()   # makes PyTorch's context current on this thread
                module, func = ctypes.c_void_p(), ctypes.c_void_p()
                _check(lib, lib.cuModuleLoadData(ctypes.byref(module), ctypes.c_char_p(self.image)), "cuModuleLoadData")
                _check(lib, lib.cuModuleGetFunction(ctypes.byref(func), module, self.launch.kernel.encode()),
                       f"cuModuleGetFunction({self.launch.kernel})")
                _check(lib, lib.cuFuncSetAttribute(func, _MAX_DYNAMIC_SHARED, ctypes.c_int(self.launch.shared)),
                       "cuFuncSetAttribute(max dynamic shared memory)")
            self._functions[index] = (module, func)
        return self._functions[index][1]

    def __call__(self, *args) -> None:
        import torch
        sizes, values = self.launch.bind(args)
        device = next(v.device for v in values.values() if isinstance(v, torch.Tensor))
        if device.type != "cuda":
            raise InputError(f"kernel {self.launch.kernel}: its tensors must be on a CUDA device, got {device}")
        func = self._function(device)
        held = []
        for p in self.launch.params:
            v = values[p.name] if p.name in values else sizes[p.name]
            held.append(ctypes.c_void_p(v.data_ptr()) if p.pointer else _SCALAR[p.ctype](v))
        argv = (ctypes.c_void_p * len(held))(*[ctypes.cast(ctypes.byref(h), ctypes.c_void_p) for h in held])
        gx, gy, gz = self.launch.grid_for(sizes)
        if min(gx, gy, gz) < 1:
            return                                  # an empty grid (no request): nothing to launch
        bx, by, bz = self.launch.block
        stream = ctypes.c_void_p(torch.cuda.current_stream(device).cuda_stream)
        _check(driver(), driver().cuLaunchKernel(func, gx, gy, gz, bx, by, bz, self.launch.shared, stream, argv,
                                                 None), f"cuLaunchKernel({self.launch.kernel})")
