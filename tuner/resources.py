"""What the compiled kernels of a decode step use, for the cost model: per launch (decode, boundary) the registers
and stack (spilled) bytes of a thread, its static SASS instructions, the threads and shared memory of a program, as
cuobjdump reads them from the cubin TileLang and nvcc build for the arch (`leapquant.kernels.artifact`; no GPU), and
the programs of it one SM of a GPU holds at once (`programs_per_sm`: its occupancy).

Building a launch takes up to a minute of one core (TileLang's lowering), so figures are kept in a JSON table keyed
by arch, launch and kernel tag (`Table`; `tuner/resources_sm_90.json` holds those of the cost model's fit).
"""
from __future__ import annotations

import json
import math
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from leapquant.errors import InputError
from leapquant.gpus import GPUSpec
from leapquant.kernels.config import KernelConfig


def shipped_file(arch: str) -> Path:
    """The shipped table of `arch`'s launches (``tuner/resources_sm_90.json``: the cost model's fit and the shipped
    recipes' studies; ``_sm_100``, ``_sm_120``: those studies')."""
    return Path(__file__).with_name(f"resources_{arch}.json")


DEFAULT_FILE = shipped_file("sm_90")
STEPS = ("decode", "boundary")
"""The launches whose figures the cost model reads (each runs the program of the role of its name)."""


@dataclass(frozen=True)
class LaunchResources:
    """One launch's compiled figures: per thread `registers` and `stack` bytes (local memory: spilled registers),
    `sass` static instructions of the kernel, per program `threads` and `shared` bytes (static and dynamic)."""

    registers: int
    stack: int
    sass: int
    threads: int
    shared: int

    def __post_init__(self):
        for name, v in asdict(self).items():
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise InputError(f"LaunchResources.{name} must be an integer >= 0, got {v!r}")
        if not 1 <= self.threads <= 1024:
            raise InputError(f"LaunchResources.threads must be 1..1024, got {self.threads}")

    def programs_per_sm(self, gpu: GPUSpec) -> int:
        """Programs resident on one SM of `gpu` at once, limited by its registers (allocated per warp in units of
        256), shared memory (1 KiB reserved per program), threads and 32 programs; at least 1."""
        warps = math.ceil(self.threads / 32)
        regs = math.ceil(max(self.registers, 1) * 32 / 256) * 256 * warps
        by_regs = gpu.registers_per_sm // regs
        by_shared = (gpu.shared_per_sm_kib * 1024) // (self.shared + 1024)
        by_threads = gpu.max_threads_per_sm // (32 * warps)
        return max(1, min(by_regs, by_shared, by_threads, 32))


def head_warps(cfg: KernelConfig, step: str, res: LaunchResources) -> float:
    """The warps of resolved `cfg`'s `step` launch that do one request head's work: the program's own figure
    (`Program.head_warps`), else its warps over the head's share of a program (a decode program holds block_v of
    the head's V value rows; a boundary program one head)."""
    from leapquant.kernels import registry
    program = registry.programs(step)[getattr(cfg, step)]
    if program.head_warps is not None:
        return float(program.head_warps(cfg))
    warps = math.ceil(res.threads / 32)
    return warps * cfg.V / cfg.block_v if step == "decode" else float(warps)


def key(cfg: KernelConfig, step: str, arch: str) -> str:
    """The table key of resolved `cfg`'s `step` launch on `arch`: what that launch's program depends on (the config
    without the other launch's program and tiles) and the head shape."""
    from leapquant.kernels.compile_check import role_key
    _, c = role_key(step, cfg)
    return f"{arch}/{step}/{c.tag}/H{c.H}-HV{c.HV}-K{c.K}-V{c.V}"


def compile_launch(cfg: KernelConfig, step: str, arch: str) -> LaunchResources:
    """Build resolved `cfg`'s `step` launch for `arch` and read its figures (TileLang, nvcc and cuobjdump)."""
    from leapquant.kernels import artifact
    if step not in STEPS:
        raise InputError(f"step must be one of {list(STEPS)}, got {step!r}")
    built = artifact.build_launch(step, cfg, step, arch)
    return figures_of(built.cubin, built.launch)


def figures_of(cubin: bytes, launch: dict) -> LaunchResources:
    """A built launch's figures: cuobjdump's of its `cubin`, the threads and dynamic shared memory of its `launch`
    description (`leapquant.kernels.launch.Launch.to_dict`)."""
    from leapquant.kernels import artifact
    fd, path = tempfile.mkstemp(suffix=".cubin")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(cubin)
        got = artifact.inspect(path)
    finally:
        os.unlink(path)
    return LaunchResources(registers=got["registers"], stack=got["stack"], sass=got["sass"],
                           threads=math.prod(launch["block"]), shared=got["shared"] + int(launch["shared"]))


class Table:
    """Launch figures by `key` (arch, launch, kernel tag), read from and written to a JSON file atomically; nothing
    in the file is executed: each entry must be the five integers of :class:`LaunchResources`."""

    def __init__(self, path: str | os.PathLike = DEFAULT_FILE):
        self.path = Path(path)
        self.entries: dict[str, LaunchResources] = {}
        if self.path.exists():
            try:
                data = json.loads(self.path.read_text())
                if not isinstance(data, dict):
                    raise ValueError(f"expected an object, got {type(data).__name__}")
                self.entries = {k: LaunchResources(**v) for k, v in data.items()}
            except (OSError, ValueError, TypeError, InputError) as e:
                raise InputError(f"resources table {str(self.path)!r}: {e}") from None

    def get(self, cfg: KernelConfig, step: str, arch: str) -> LaunchResources | None:
        return self.entries.get(key(cfg, step, arch))

    def put(self, cfg: KernelConfig, step: str, arch: str, res: LaunchResources) -> None:
        self.entries[key(cfg, step, arch)] = res

    def save(self) -> None:
        from leapquant.files import write_text_atomic
        lines = [f"{json.dumps(k)}: {json.dumps(asdict(v))}" for k, v in sorted(self.entries.items())]
        write_text_atomic(self.path, "{\n" + ",\n".join(lines) + "\n}\n")     # a launch a line


def _compile_fields(fields: dict, step: str, arch: str) -> LaunchResources:
    """`compile_launch` of a config given as fields (a process pool's task)."""
    return compile_launch(KernelConfig(**fields), step, arch)


class Compiled:
    """The launch figures a compiled cost model reads, for `arch`: those of the shipped table `shipped_file(arch)`
    (read only; `shipped` False leaves it out), else of `table` (a study's own file, written as kernels are built);
    `prepare` builds what neither holds, on `workers` processes (`build`: a function that builds one launch in this
    process in their place); `log(line)` hears of each build."""

    def __init__(self, arch: str, table: str | os.PathLike, workers: int = 1, shipped: bool = True,
                 build=None, log=None):
        from leapquant.kernels import arch as arches
        arches.get(arch)
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise InputError(f"workers must be an integer >= 1, got {workers!r}")
        self.arch, self.workers, self.build, self.log = arch, workers, build, log
        self.shipped = Table(shipped_file(arch)) if shipped and shipped_file(arch).exists() else None
        self.table = Table(table)
        self.built = 0
        self.failed: dict[str, str] = {}

    def get(self, cfg: KernelConfig, step: str) -> LaunchResources | None:
        for t in (self.shipped, self.table):
            if t is not None and (got := t.get(cfg, step, self.arch)) is not None:
                return got
        return None

    def __call__(self, cfg: KernelConfig) -> tuple[LaunchResources, LaunchResources]:
        """The (decode, boundary) figures of resolved `cfg`; InputError if they were not built (`prepare`)."""
        got = self.get(cfg, "decode"), self.get(cfg, "boundary")
        if None in got:
            why = [self.failed[k] for s in STEPS if (k := key(cfg, s, self.arch)) in self.failed]
            raise InputError(f"no compiled figures of {cfg.tag} for {self.arch}: "
                             + (why[0] if why else "prepare([cfg]) builds them"))
        return got

    def prepare(self, cfgs: list[KernelConfig]) -> None:
        """Build the launches of resolved `cfgs` that no table holds, `workers` at a time, each saved to `table` as it
        lands (a study killed mid-round keeps what was built); a launch that fails to build is remembered with its
        error (its configuration then has no figures, and says why)."""
        todo = {}
        for c in cfgs:
            for step in STEPS:
                if self.get(c, step) is None:
                    todo.setdefault(key(c, step, self.arch), (c, step))
        for i, ((c, step), got) in enumerate(self._outcomes(list(todo.values())), 1):
            if isinstance(got, Exception):
                self.failed[key(c, step, self.arch)] = f"its {step} launch failed to build: {type(got).__name__}: {got}"
            else:
                self.table.put(c, step, self.arch, got)
                self.table.save()
                self.built += 1
            if self.log is not None:
                self.log(f"[{i}/{len(todo)}] {step} {c.tag}: {got}")

    def _outcomes(self, launches: list[tuple[KernelConfig, str]]):
        """((cfg, step), its figures or the exception its build raised) as each build ends: `build` in this process
        where given, else `compile_launch` by `build_outcomes` on `workers` processes."""
        if self.build is None:
            yield from build_outcomes(_compile_fields, launches, self.arch, self.workers)
            return
        for c, step in launches:
            try:
                yield (c, step), self.build(c, step, self.arch)
            except Exception as e:  # noqa: BLE001 - the trial reports it as its speed's absence
                yield (c, step), e


def build_outcomes(fn, launches: list[tuple[KernelConfig, str]], arch: str, workers: int):
    """((cfg, step), fn(cfg's fields, step, arch) or the exception it raised) as each ends: in this process for one
    worker or one launch, else on a pool of `workers` spawned processes (not forked: the caller's process has
    TileLang, and its threads, loaded); `fn` must pickle (a module-level function, or a partial of one)."""
    if workers <= 1 or len(launches) <= 1:
        for c, step in launches:
            try:
                yield (c, step), fn(asdict(c), step, arch)
            except Exception as e:  # noqa: BLE001 - reported per launch
                yield (c, step), e
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(min(workers, len(launches)), mp_context=context) as pool:
        futures = {pool.submit(fn, asdict(c), step, arch): (c, step) for c, step in launches}
        for fut in as_completed(futures):
            try:
                yield futures[fut], fut.result()
            except Exception as e:  # noqa: BLE001 - as above
                yield futures[fut], e
