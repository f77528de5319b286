"""CPU-only CI (TileLang and nvcc, no GPU): every registered program compiles for sm_90, sm_100 and sm_120; on sm_90
ptxas fits each in the registers and shared memory of the programs per SM it is compiled for; `leapquant kernels
check` takes its architectures repeated or as a comma list.

One problem per program (the defaults of `leapquant kernels check` compile every code path): each compile costs
seconds to a minute of CI's two cores, the register boundaries the most.
"""
import os
import re
import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("tilelang")
NVCC = shutil.which("nvcc") or next((p for p in ("/usr/local/cuda/bin/nvcc",) if os.path.exists(p)), None)
pytestmark = pytest.mark.skipif(NVCC is None, reason="needs nvcc")

ARCHES = ("sm_90", "sm_100", "sm_120")
PROGRAMS = {   # program -> (role, problem): the problem it is the default of, or a format only compiling checks
    "warp": ("decode", {}),                                 # GDN's default
    "persistent": ("decode", {"window": 32}),               # GDN at window 32: the INT8 tensor-core products
    "tile": ("decode", {"format": "fp8-e4m3"}),             # E4M3 codes, converted in hardware (not emulated)
    "walk": ("boundary", {}),
    "regs": ("boundary", {"rank": 8}),
    "smem": ("boundary", {"format": "int4"}),               # INT4: S_p rebuilt on fp16 tensor cores
    "simple": ("boundary", {"format": "fp8-e4m3"}),
    "perstep": ("perstep", {}),
}
SPILL = {"warp": 16, "persistent": 0, "tile": 0, "walk": 96, "regs": 32, "smem": 32, "simple": 0, "perstep": 0}
"""Bytes of spill stores or loads ptxas may leave at each program's register cap (what it leaves today, rounded up:
the walk boundary's S_p takes 64 accumulator registers per thread, its prefetch and TF32 operands the rest). More
means the program no longer fits its programs per SM without going to local memory."""

_KERNELS = {}


def _config(name):
    from leapquant.kernels import registry
    from leapquant.kernels.config import KernelConfig
    from leapquant.kernels.perstep import PerStepConfig
    role, fields = PROGRAMS[name]
    if role == "perstep":
        return PerStepConfig(family="kda", format="int8")
    return registry.resolve(KernelConfig(**{**fields, role: name}))


def _build(name):
    from leapquant.kernels import registry
    from leapquant.kernels.perstep import perstep_program
    role = PROGRAMS[name][0]
    cfg = _config(name)
    return perstep_program(cfg) if role == "perstep" else registry.programs(role)[name].build(cfg)


def _compile_all(arch):
    """{program: compiled kernel or the exception} for `arch`, cached: the prim_funcs built one after another
    (TileLang parses their Python source), lowered and compiled on every core."""
    from leapquant.kernels.compile_check import quiet_tilelang
    from leapquant.kernels.tl import compile_kernel
    todo = [name for name in PROGRAMS if (name, arch) not in _KERNELS]
    if todo:
        with quiet_tilelang():
            funcs = {name: _build(name) for name in todo}

            def one(name):
                try:
                    return compile_kernel(funcs[name], {"kind": "cuda", "arch": arch})
                except Exception as e:   # noqa: BLE001 - reported per program
                    return e
            with ThreadPoolExecutor(len(os.sched_getaffinity(0))) as pool:
                for name, k in zip(todo, pool.map(one, todo)):
                    _KERNELS[name, arch] = k
    return {name: _KERNELS[name, arch] for name in PROGRAMS}


def test_every_registered_program_has_a_compile_case():
    from leapquant.kernels import registry
    assert set(PROGRAMS) == set(registry.DECODE) | set(registry.BOUNDARY) | {"perstep"}
    for name, (role, _) in PROGRAMS.items():
        if role != "perstep":
            assert getattr(_config(name), role) == name


@pytest.mark.parametrize("arch", ARCHES)
def test_every_registered_program_compiles(arch):
    """Compiling is not fitting: sm_120's 100 KiB of shared memory per SM holds fewer programs than the registry
    launches per SM on sm_90 (the registry's search space says where each runs); the code itself must build there."""
    kernels = _compile_all(arch)
    bad = {name: f"{type(k).__name__}: {str(k)[-300:]}" for name, k in kernels.items() if isinstance(k, Exception)}
    assert not bad, bad
    for name, k in kernels.items():
        assert "__global__" in k.get_kernel_source(), name


def _ptxas(tmp_path, name, src):
    """(registers, spill store bytes, spill load bytes) of ptxas's sm_90a build of `src`."""
    import tilelang
    cu = tmp_path / f"{name}.cu"
    cu.write_text(src)
    inc = os.path.dirname(tilelang.__file__)
    # -cubin: the device code alone (ptxas's count is all that is needed)
    res = subprocess.run([NVCC, "-arch=sm_90a", "-std=c++17", "-O3", "--resource-usage", "-cubin", str(cu), "-o",
                          str(tmp_path / f"{name}.cubin"), f"-I{inc}/src", f"-I{inc}/3rdparty/cutlass/include",
                          f"-I{inc}/3rdparty/tvm/include"], capture_output=True, text=True, timeout=600)
    out = res.stdout + res.stderr
    assert res.returncode == 0, out[-2000:]
    spill = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads", out)
    return int(re.search(r"Used (\d+) registers", out).group(1)), int(spill.group(1)), int(spill.group(2))


def _dynamic_shared(kernel) -> int:
    """The dynamic shared memory TileLang launches the kernel with (the last launch argument of its host code)."""
    return int(re.findall(r"\(\(int64_t\)(\d+)\)", kernel.get_host_source())[-1])


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_ptxas_fits_the_programs_per_sm(name, tmp_path):
    """On sm_90 each program's registers (ptxas, at its __launch_bounds__ cap) and its shared memory fit the programs
    per SM it is compiled for, with at most SPILL[name] bytes spilled; the registry's shared-memory count — what its
    architecture check uses — is not below what TileLang allocates (nor more than 1 KiB above), and the programs per
    SM the registry checks are at most those the program is compiled for."""
    from leapquant.kernels import arch, registry
    kernel = _compile_all("sm_90")[name]
    if isinstance(kernel, Exception):
        pytest.fail(f"{name} does not compile: {kernel}")
    src = kernel.get_kernel_source()
    threads, blocks = map(int, re.search(r"__launch_bounds__\((\d+), (\d+)\)", src).groups())
    shared = _dynamic_shared(kernel)
    regs, stores, loads = _ptxas(tmp_path, name, src)
    assert max(stores, loads) <= SPILL[name], (regs, stores, loads)
    assert blocks * threads * regs <= 65536, (blocks, threads, regs)
    sm90 = arch.get("sm_90")
    assert blocks * (shared + sm90.reserved_per_block) <= sm90.shared_per_sm, (blocks, shared)
    cfg = _config(name)
    role = PROGRAMS[name][0]
    if role == "perstep":
        assert threads == cfg.threads
        return
    program = registry.programs(role)[name]
    assert threads == (cfg.threads if role == "decode" else cfg.boundary_threads)
    assert shared <= program.shared_bytes(cfg) <= shared + 1024, (shared, program.shared_bytes(cfg))
    assert program.per_sm(cfg) <= blocks
    if role == "decode":
        assert blocks == cfg.programs_per_sm


def test_warp_decode_compiles_without_block_barriers():
    """The warp decode walks a different number of requests per warp: a __syncthreads inside that loop would hang the
    program. compile_kernel turns TileLang's barrier planner off for programs marked WARP_SYNCHRONOUS (and only for
    them: the persistent decode's warps meet at block barriers)."""
    from leapquant.kernels.tl import WARP_SYNCHRONOUS
    kernels = _compile_all("sm_90")
    assert bool(_build("warp").attrs[WARP_SYNCHRONOUS]) and WARP_SYNCHRONOUS not in (_build("persistent").attrs or {})
    warp = kernels["warp"].get_kernel_source()
    assert "__syncthreads" not in warp and warp.count("__syncwarp") >= 3
    assert "__syncthreads" in kernels["persistent"].get_kernel_source()


def test_register_boundaries_refit_on_masked_tf32_operands():
    """The walk and regs boundaries' refit mat-vecs run on TF32 tensor cores with their operands masked to TF32
    (0xFFFFE000: the products exact in FP32), what the reference's tf32 refit computes; the simple boundary's refit
    is FP32 on CUDA cores."""
    kernels = _compile_all("sm_90")
    for name in ("walk", "regs"):
        src = kernels[name].get_kernel_source()
        assert "kTensorFloat32" in src and "4294959104" in src, name
        assert _config(name).tf32_refit
    assert "kTensorFloat32" not in kernels["simple"].get_kernel_source() and not _config("simple").tf32_refit


def test_tf32_probe_compiles():
    """benchmarks/tf32_probe.py (the measurement behind the masked TF32 operands) still builds: one warp, two TF32
    mma."""
    import importlib.util
    import pathlib

    import tilelang
    path = pathlib.Path(__file__).resolve().parents[2] / "benchmarks" / "tf32_probe.py"
    spec = importlib.util.spec_from_file_location("tf32_probe", path)
    probe = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(probe)
    src = tilelang.compile(probe.probe_program(8), target={"kind": "cuda", "arch": "sm_90"}).get_kernel_source()
    assert src.count("kTensorFloat32, tl::DataType::kTensorFloat32") == 2


def test_check_cases_include_every_registered_program():
    """`leapquant kernels check`'s representative set compiles every registered program at least once on each
    architecture where one fits a problem of the check, and says why not elsewhere."""
    from leapquant.kernels import registry
    from leapquant.kernels.compile_check import leap_cases
    for a in ARCHES:
        cases, skipped = leap_cases(a)
        named = {(role, name) for role, name, _ in cases} | {(s["role"], s["program"]) for s in skipped
                                                             if "fits none" in s["reason"]}
        assert named == {(role, name) for role in ("decode", "boundary") for name in registry.programs(role)}, a
        for role, name, cfg in cases:
            assert getattr(cfg, role) == name and registry.why_not(cfg, name, role, a) is None


@pytest.mark.parametrize("args,arches", [
    (["--arch", "sm_90,sm_100"], ["sm_90", "sm_100"]),
    (["--arch", "sm_100", "--arch", "sm_90"], ["sm_100", "sm_90"]),
    (["--arch", "sm_90, sm_120", "--arch", "sm_90"], ["sm_90", "sm_120"]),
    ([], ["sm_90"]),
])
def test_check_cli_takes_arches_repeated_or_as_a_comma_list(monkeypatch, args, arches):
    """The CLI's part: which architectures `compile_variants` is called for, its rows as JSON on stdout (nothing else
    there: progress goes to stderr), exit 1 when a kernel fails and 2 for an unknown architecture."""
    import json

    from typer.testing import CliRunner

    from leapquant.kernels import cli
    calls = []

    def fake(arch, full=False, defaults_only=False, progress=None):
        calls.append(arch)
        row = {"arch": arch, "kernel": "decode", "program": "warp", "variant": "x", "ok": True, "seconds": 0.1}
        if progress is not None:
            progress(1, 1, row)
        return [row]
    monkeypatch.setattr(cli, "compile_variants", fake)
    res = CliRunner().invoke(cli.kernels_app, ["check", *args, "--json"])
    assert res.exit_code == 0, res.output
    assert calls == arches and [r["arch"] for r in json.loads(res.stdout)] == arches
    assert "warp" in res.stderr
    monkeypatch.setattr(cli, "compile_variants", lambda arch, full=False, defaults_only=False, progress=None: [
        {"arch": arch, "kernel": "boundary", "program": "walk", "variant": "x", "ok": False, "error": "E",
         "seconds": 0.1}])
    assert CliRunner().invoke(cli.kernels_app, ["check", *args]).exit_code == 1
    bad = CliRunner().invoke(cli.kernels_app, ["check", "--arch", "sm_90,sm_75"], env={"COLUMNS": "400"})
    assert bad.exit_code == 2 and "--arch" in bad.output and "sm_75" in bad.output, bad.output


@pytest.mark.parametrize("quiet", [False, True])
def test_quiet_tilelang_keeps_stdout_clean_before_any_kernel_was_built(quiet):
    """`--json` output must parse: TileLang logs its builds on stdout through a handler it adds when imported, and the
    context is entered before anything imported it (a fresh process, as in `leapquant bench --json`)."""
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


def test_bench_cli_refuses_bad_configs_before_any_gpu_work():
    """`leapquant kernels bench`: an unknown format, a field that does not exist, a program that does not fit the
    problem are usage errors naming the option; a valid one gets as far as the GPU (checked where there is none)."""
    import torch
    from typer.testing import CliRunner

    from leapquant.kernels.cli import kernels_app
    for args, msg in ((["--format", "int3"], "KernelConfig.format must be one of"),
                      (["--set", "bv13=true"], "'bv13' is not a KernelConfig field"),
                      (["--format", "int4", "--set", "boundary=walk"], "boundary program 'walk'"),
                      (["--window", "32", "--set", "decode=warp"], "decode program 'warp'"),
                      (["--batch", "0"], "must be >= 1")):
        bad = CliRunner().invoke(kernels_app, ["bench", *args], env={"COLUMNS": "400"})
        assert bad.exit_code == 2 and msg in " ".join(bad.output.split()), (args, bad.output)
    if not torch.cuda.is_available():
        ok = CliRunner().invoke(kernels_app, ["bench", "--model", "gdn", "--set", "boundary=smem"])
        assert ok.exit_code == 2 and "needs a CUDA GPU" in ok.output, ok.output
