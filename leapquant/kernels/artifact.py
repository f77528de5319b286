"""The deployable kernel of a configuration: for each launch of its step (decode, boundary and, where it differs, the
small-batch boundary) the TileLang program's source (TVMScript of the specialised prim_func), the CUDA TileLang
generates for the target architecture, the cubin built from it (TileLang's own nvcc call and flags; no GPU needed)
and its launch description — files beside a recipe, tied to it by sha256 (`Recipe.with_kernel_files`).

`step_kernels` loads them back as :class:`~leapquant.kernels.cubin.CubinProgram` launches: a recipe on its GPU runs
with no compilation at serve time.
"""
from __future__ import annotations

import contextlib
import glob
import hashlib
import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from leapquant.errors import InputError
from leapquant.kernels import registry
from leapquant.kernels.config import KernelConfig

STEPS = ("decode", "boundary", "small_boundary")
"""The launches of a decode step whose kernels an artifact set holds."""

ROLES = {"tilelang-source": ".tl.py", "cuda-source": ".cu", "cubin": ".cubin", "launch": ".launch.json"}
"""Artifact role → file suffix."""


def cubin_arch(arch: str) -> str:
    """The architecture a cubin for kernel arch `arch` is built for: TileLang's choice for such a GPU (``sm_90`` →
    ``sm_90a``: the arch-specific feature set, as it compiles on an H100 / H200)."""
    from leapquant.kernels import arch as arches
    arches.get(arch)
    return arch + "a"


@dataclass(frozen=True)
class Built:
    """One launch's kernel: its TileLang source, CUDA source, cubin and launch description (JSON-ready)."""

    step: str
    cfg: KernelConfig
    tilelang_source: str
    cuda_source: str
    cubin: bytes
    launch: dict


def step_configs(cfg: KernelConfig) -> dict[str, tuple[KernelConfig, str]]:
    """{step: (config, role)} of the launches a decode step of resolved `cfg` runs."""
    out = {"decode": (cfg, "decode"), "boundary": (cfg, "boundary")}
    small = registry.small_batch_boundary(cfg)
    if small is not cfg:
        out["small_boundary"] = (small, "boundary")
    return out


@contextlib.contextmanager
def _fresh_compiles():
    """TileLang's kernel cache off: a kernel compiled in this process keeps its device module (grid, shared memory)."""
    import tilelang
    was = tilelang.is_cache_enabled()
    tilelang.disable_cache()
    try:
        yield
    finally:
        if was:
            tilelang.enable_cache()


def build(cfg: KernelConfig, arch: str) -> list[Built]:
    """The kernels of `cfg` (resolved for `arch` here) built for `arch` on this machine (TileLang and nvcc; no GPU)."""
    if not isinstance(cfg, KernelConfig):
        raise InputError(f"cfg must be a KernelConfig, got {type(cfg).__name__}")
    cfg = registry.resolve(cfg, arch)
    return [build_launch(step, c, role, arch) for step, (c, role) in step_configs(cfg).items()]


def build_launch(step: str, cfg: KernelConfig, role: str, arch: str) -> Built:
    """One launch (`step`, running resolved `cfg`'s `role` program) built for `arch`: its TileLang source, CUDA, cubin
    and launch description."""
    from tilelang import tvm
    from tilelang.cuda.backend import tilelang_callback_cuda_compile

    from leapquant.kernels.compile_check import quiet_tilelang
    from leapquant.kernels.launch import describe
    from leapquant.kernels.tl import compile_kernel

    target = {"kind": "cuda", "arch": cubin_arch(arch)}
    with quiet_tilelang(), _fresh_compiles():
        func = registry.programs(role)[getattr(cfg, role)].build(cfg)
        kernel = compile_kernel(func, target)
        cuda = kernel.get_kernel_source()
        image = tilelang_callback_cuda_compile(cuda, tvm.target.Target(target), kernel.pass_configs)
        return Built(step, cfg, str(func.script()), cuda, bytes(image), describe(kernel).to_dict())


def file_stem(cfg: KernelConfig, step: str, arch: str) -> str:
    return f"{cfg.tag}.{step}.{cubin_arch(arch)}"


def write(built: list[Built], arch: str, folder: str | os.PathLike) -> dict[str, dict]:
    """Write each kernel's four files into `folder` (atomically); returns {file name: {role, kernel, step}} for
    the recipe's artifact list. Files another recipe in the folder already ships for the same kernel are kept, never
    overwritten: the sources and launch description must be identical (InputError naming the file otherwise), and
    the cubin there — nvcc's output is not byte-reproducible — is a build of that same source."""
    from leapquant.files import atomic_path, write_text_atomic
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    files = {}
    for b in built:
        stem = file_stem(b.cfg, b.step, arch)
        texts = {"tilelang-source": b.tilelang_source, "cuda-source": b.cuda_source,
                 "launch": json.dumps({"arch": cubin_arch(arch), "config": b.cfg.tag, **b.launch}, indent=1) + "\n"}
        present = [folder / (stem + ROLES[r]) for r in ROLES if (folder / (stem + ROLES[r])).exists()]
        if present:
            for role, text in texts.items():
                path = folder / (stem + ROLES[role])
                if not path.is_file() or path.read_text() != text:
                    raise InputError(f"{path} lies in {str(folder)!r} from another build of {b.cfg.tag} and differs "
                                     f"from this one: choose another folder, or remove that recipe's kernel files")
            if not (folder / (stem + ROLES["cubin"])).is_file():
                raise InputError(f"{folder / (stem + ROLES['cubin'])} is missing beside its sources")
        else:
            for role, text in texts.items():
                write_text_atomic(folder / (stem + ROLES[role]), text)
            with atomic_path(folder / (stem + ROLES["cubin"]), suffix=".cubin") as tmp:
                Path(tmp).write_bytes(b.cubin)
        for role, suffix in ROLES.items():
            files[stem + suffix] = {"role": role, "kernel": b.cfg.tag, "step": b.step}
    return files


def step_kernels(folder: str | os.PathLike, artifacts, cfg: KernelConfig, arch: str):
    """The :class:`~leapquant.kernels.decoder.StepKernels` of resolved `cfg` from the recipe's `artifacts` (already
    checked against their sha256) in `folder`, built for `arch`; None where the recipe ships no cubin for it."""
    from leapquant.kernels.cubin import CubinProgram
    from leapquant.kernels.decoder import StepKernels
    from leapquant.kernels.launch import Launch

    found = {(a.kernel, a.step, a.role): a for a in artifacts if a.role in ("cubin", "launch") and a.step}
    programs = {}
    for step, (c, _) in step_configs(cfg).items():
        cubin, launch = found.get((c.tag, step, "cubin")), found.get((c.tag, step, "launch"))
        if cubin is None or launch is None:
            if programs or step != "decode":
                raise InputError(f"the recipe's kernel files for {cfg.tag} lack the {step} launch's "
                                 f"{'cubin' if cubin is None else 'launch description'}")
            return None
        image, text = _read(folder, cubin), _read(folder, launch).decode()
        meta = json.loads(text)
        if meta.get("arch") != cubin_arch(arch) or meta.get("config") != c.tag:
            raise InputError(f"{launch.name}: built for {meta.get('arch')} / {meta.get('config')}, the recipe's "
                             f"{step} launch needs {cubin_arch(arch)} / {c.tag}")
        launch_fields = {k: v for k, v in meta.items() if k not in ("arch", "config")}
        programs[step] = CubinProgram(Launch.from_dict(launch_fields), image, cubin_arch(arch))
    return StepKernels(programs["decode"], programs["boundary"], programs.get("small_boundary"))


def _read(folder, a) -> bytes:
    """The bytes of artifact `a` in `folder`, checked against its sha256 as read."""
    data = (Path(folder) / a.name).read_bytes()
    if hashlib.sha256(data).hexdigest() != a.sha256:
        raise InputError(f"artifact {a.name!r} does not match its sha256 (the file changed after the recipe was "
                         f"written)")
    return data


def cuda_tool(name: str) -> str | None:
    """The path of a CUDA binary utility (``cuobjdump``, ``nvdisasm``): the toolkit's, or the NVIDIA wheel's
    (`nvidia-cuda-cuobjdump`, `nvidia-cuda-nvdisasm`); None if neither is installed."""
    found = shutil.which(name)
    if found:
        return found
    with contextlib.suppress(ImportError):
        import nvidia
        for root in nvidia.__path__:
            hits = glob.glob(os.path.join(root, "cu*", "bin", name))
            if hits:
                return hits[0]
    return None


def inspect(path: str | os.PathLike) -> dict:
    """What cuobjdump says of a cubin: {arch (``sm_100a``), registers, stack, shared (static bytes), sass (static
    instruction count)}; InputError if cuobjdump or nvdisasm is not installed."""
    tool, disasm = cuda_tool("cuobjdump"), cuda_tool("nvdisasm")
    if tool is None or disasm is None:
        raise InputError("cuobjdump and nvdisasm are not installed (pip install nvidia-cuda-cuobjdump "
                         "nvidia-cuda-nvdisasm, or the CUDA toolkit)")
    path, env = str(path), {**os.environ, "NVDISASM_PATH": os.path.dirname(disasm)}

    def run(*flags):
        return subprocess.run([tool, *flags, path], capture_output=True, text=True, check=True, env=env).stdout
    elf, usage, sass = run("--list-elf"), run("--dump-resource-usage"), run("--dump-sass")
    arch = next((w.split(".")[-2] for w in elf.split() if w.endswith(".cubin")), None)
    fields = dict(kv.split(":", 1) for kv in usage.split() if kv.count(":") == 1 and kv.split(":")[1].isdigit())
    n = sum(1 for line in sass.splitlines() if line.lstrip().startswith("/*") and line.rstrip().endswith("*/")
            and ";" in line)
    return {"arch": arch, "registers": int(fields.get("REG", 0)), "stack": int(fields.get("STACK", 0)),
            "shared": int(fields.get("SHARED", 0)), "sass": n}
