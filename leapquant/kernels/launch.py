"""`Launch`: how one compiled kernel is called, as plain data — its CUDA parameters, the prim_func's positional
arguments with the dtypes and shapes they must have, the grid, the block and the dynamic shared memory — so that a
kernel built once (an artifact beside a recipe) is launched without TileLang (:mod:`leapquant.kernels.cubin`).

Grid sizes are expressions in the arguments' symbolic sizes (``N``, ``NS``, ``GP`` ...), stored as nested lists
(``["//", ["+", "N", 3], 4]``, a size name, an integer) and evaluated by :func:`evaluate`; nothing read from a file is
executed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from leapquant.errors import InputError

OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "//": lambda a, b: a // b,
       "%": lambda a, b: a % b, "min": min, "max": max}
"""The operators a grid expression may use (TIR's Add, Sub, Mul, FloorDiv, FloorMod, Min, Max)."""

SCALARS = ("int32", "float32")
_KERNEL = re.compile(r'extern "C" __global__ void (?:__launch_bounds__\([^)]*\) )?(\w+)\(([^)]*)\) \{')


@dataclass(frozen=True)
class Param:
    """One CUDA kernel parameter: its name and C type as declared, without ``__restrict__`` (``const float*``)."""

    name: str
    ctype: str

    @property
    def pointer(self) -> bool:
        return self.ctype.endswith("*")


@dataclass(frozen=True)
class Arg:
    """One positional argument of the kernel: a tensor feeding CUDA parameter `name` (its torch `dtype` and `shape`
    of integers and size names; a tensor the kernel never reads only gives sizes) or a scalar (`dtype` int32 or
    float32, `shape` empty)."""

    name: str
    dtype: str
    shape: tuple = ()
    tensor: bool = True


@dataclass(frozen=True)
class Launch:
    """The launch of kernel `kernel`: `params` the CUDA parameters in order, `args` the positional arguments the
    caller passes (the prim_func's order), `grid` three expressions, `block` three integers, `shared` the dynamic
    shared memory in bytes."""

    kernel: str
    params: tuple[Param, ...]
    args: tuple[Arg, ...]
    grid: tuple
    block: tuple[int, int, int]
    shared: int

    def __post_init__(self):
        sizes = {d for a in self.args for d in a.shape if isinstance(d, str)}   # a tensor may only give sizes
        for p in self.params:
            if not p.pointer and p.name not in sizes | {a.name for a in self.args if not a.tensor}:
                raise InputError(f"launch {self.kernel}: scalar parameter {p.name!r} is neither an argument nor a size")
        if len(self.grid) != 3 or len(self.block) != 3:
            raise InputError(f"launch {self.kernel}: grid and block need three dimensions")
        for e in self.grid:
            _check_expr(e, sizes, self.kernel)

    def bind(self, args) -> tuple[dict, dict]:
        """(sizes by name, value of each CUDA parameter by name) for positional `args` (tensors and numbers);
        InputError naming the argument whose dtype, rank, size, layout or device does not match."""
        import torch
        if len(args) != len(self.args):
            raise InputError(f"{self.kernel}: expected {len(self.args)} arguments "
                             f"({', '.join(a.name for a in self.args)}), got {len(args)}")
        sizes, values, device = {}, {}, None
        for spec, a in zip(self.args, args):
            if not spec.tensor:
                values[spec.name] = a
                continue
            if not isinstance(a, torch.Tensor):
                raise InputError(f"{self.kernel}: {spec.name} must be a tensor, got {type(a).__name__}")
            if str(a.dtype).removeprefix("torch.") != spec.dtype or a.dim() != len(spec.shape):
                raise InputError(f"{self.kernel}: {spec.name} must be {spec.dtype} of {len(spec.shape)} dims "
                                 f"{list(spec.shape)}, got {a.dtype} {list(a.shape)}")
            if not a.is_contiguous():
                raise InputError(f"{self.kernel}: {spec.name} must be contiguous")
            device = device or a.device
            if a.device != device:
                raise InputError(f"{self.kernel}: {spec.name} is on {a.device}, the other tensors on {device}")
            for d, n in zip(spec.shape, a.shape):
                want = sizes.setdefault(d, int(n)) if isinstance(d, str) else d
                if want != n:
                    raise InputError(f"{self.kernel}: {spec.name} must have shape {list(spec.shape)} with "
                                     f"{_bound(spec.shape, sizes)}, got {list(a.shape)}")
            values[spec.name] = a
        return sizes, values

    def grid_for(self, sizes: dict) -> tuple[int, int, int]:
        return tuple(evaluate(e, sizes) for e in self.grid)

    def to_dict(self) -> dict:
        return {"kernel": self.kernel, "params": [[p.name, p.ctype] for p in self.params],
                "args": [{"name": a.name, "dtype": a.dtype, "shape": list(a.shape), "tensor": a.tensor}
                         for a in self.args],
                "grid": list(self.grid), "block": list(self.block), "shared": self.shared}

    @classmethod
    def from_dict(cls, d: dict) -> Launch:
        """The launch of a JSON object (`to_dict`); InputError naming the field where it is malformed."""
        try:
            return cls(kernel=str(d["kernel"]), params=tuple(Param(str(n), str(t)) for n, t in d["params"]),
                       args=tuple(Arg(str(a["name"]), str(a["dtype"]), tuple(_dim(x) for x in a["shape"]),
                                      bool(a["tensor"])) for a in d["args"]),
                       grid=tuple(_freeze(e) for e in d["grid"]), block=tuple(int(b) for b in d["block"]),
                       shared=int(d["shared"]))
        except (KeyError, TypeError, ValueError) as e:
            raise InputError(f"a kernel launch description is malformed ({type(e).__name__}: {e})") from None


def _bound(shape, sizes) -> str:
    return ", ".join(f"{d} = {sizes[d]}" for d in shape if isinstance(d, str) and d in sizes) or "its fixed sizes"


def _dim(x):
    if isinstance(x, bool) or not isinstance(x, (int, str)):
        raise ValueError(f"a dimension must be an integer or a size name, got {x!r}")
    return x


def _freeze(e):
    return tuple(_freeze(x) for x in e) if isinstance(e, list) else e


def _check_expr(e, sizes: set, kernel: str) -> None:
    if isinstance(e, bool):
        raise InputError(f"launch {kernel}: a grid expression holds a boolean")
    if isinstance(e, (list, tuple)):
        if len(e) != 3 or e[0] not in OPS:
            raise InputError(f"launch {kernel}: grid expression {e!r} is not [op, a, b] with op one of {list(OPS)}")
        _check_expr(e[1], sizes, kernel)
        _check_expr(e[2], sizes, kernel)
    elif isinstance(e, str):
        if e not in sizes:
            raise InputError(f"launch {kernel}: grid expression names {e!r}, not a size of the arguments")
    elif not isinstance(e, int):
        raise InputError(f"launch {kernel}: grid expression {e!r} is not an integer, a size name or [op, a, b]")


def evaluate(e, sizes: dict) -> int:
    """The value of grid expression `e` for `sizes` (size name → integer)."""
    if isinstance(e, (list, tuple)):
        return OPS[e[0]](evaluate(e[1], sizes), evaluate(e[2], sizes))
    return sizes[e] if isinstance(e, str) else int(e)


def signature(cuda_source: str) -> tuple[str, tuple[Param, ...], re.Match]:
    """(kernel name, parameters, the match of its definition) of the one ``extern "C" __global__`` kernel defined in
    TileLang's generated CUDA."""
    m = _KERNEL.search(cuda_source)     # the definition (`) {`), not the forward declaration (`);`)
    if m is None:
        raise ValueError("no `extern \"C\" __global__` kernel definition found in the generated source")
    params = []
    for p in m.group(2).split(","):
        p = p.replace("__restrict__", "").strip()
        pm = re.fullmatch(r"(.*?[\w*])\s*(\w+)", p)
        if pm is None:
            raise ValueError(f"cannot parse kernel parameter {p!r}")
        params.append(Param(pm.group(2), re.sub(r"\s*\*", "*", pm.group(1)).strip()))
    return m.group(1), tuple(params), m


def _tir_expr(e):
    """A TIR integer expression as nested lists (Var → its name); ValueError on anything else."""
    from tilelang import tvm
    tir = tvm.tirx
    if isinstance(e, int):
        return e
    if isinstance(e, tir.IntImm):
        return int(e.value)
    if isinstance(e, tir.Var):
        return e.name
    if isinstance(e, tir.Cast):
        return _tir_expr(e.value)
    ops = {tir.Add: "+", tir.Sub: "-", tir.Mul: "*", tir.FloorDiv: "//", tir.FloorMod: "%", tir.Min: "min",
           tir.Max: "max"}
    for cls, op in ops.items():
        if isinstance(e, cls):
            return [op, _tir_expr(e.a), _tir_expr(e.b)]
    raise ValueError(f"grid expression {e} ({type(e).__name__}) is not one a launch description can hold")


def describe(kernel) -> Launch:
    """The launch of a TileLang kernel compiled in this process (``tilelang.compile`` with TileLang's cache off: a
    cached kernel has no device module to read the grid and shared memory from)."""
    from tilelang import tvm
    tir = tvm.tirx
    device_mod = kernel.adapter.device_mod
    if device_mod is None:
        raise ValueError("the kernel came from TileLang's cache and has no device module; compile it with the "
                         "cache off (leapquant.kernels.artifact.build does)")
    funcs = [(gv.name_hint, f) for gv, f in device_mod.functions.items() if "thread_extent" in f.attrs]
    if len(funcs) != 1:
        raise ValueError(f"expected one device kernel, found {[n for n, _ in funcs]}")
    name, dev = funcs[0]
    extent = {str(t): v for t, v in dev.attrs["thread_extent"].items()}
    kname, params, _ = signature(kernel.get_kernel_source())
    if kname != name:
        raise ValueError(f"the generated source defines {kname!r}, the device module {name!r}")
    cuda_names = {p.name for p in params}
    pf = kernel.prim_func
    args = []
    for p in pf.params:
        buf = pf.buffer_map.get(p)
        if buf is None:
            args.append(Arg(p.name, str(p.dtype), (), False))
            continue
        pname = buf.data.name if buf.data.name in cuda_names else buf.name
        shape = tuple(d.name if isinstance(d, tir.Var) else int(d) for d in buf.shape)
        args.append(Arg(pname, str(buf.dtype), shape))
    grid = tuple(_tir_expr(extent.get(f"blockIdx.{a}", 1)) for a in "xyz")
    block = tuple(int(extent.get(f"threadIdx.{a}", 1)) for a in "xyz")
    return Launch(kname, params, tuple(args), grid, block, int(dev.attrs.get("dyn_shared_memory_buf", 0)))
