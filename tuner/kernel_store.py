"""Launches built ahead of a measured study: a folder of cubins and launch descriptions for one arch, so that the GPU
machine times kernels instead of compiling them (TileLang's lowering takes up to a minute a launch).

`leapquant tune --speed build --kernels DIR` on a machine without the GPU builds every trial's launches for the
target's arch into DIR; `leapquant tune --speed measured --kernels DIR` on the GPU loads those it finds
(`tuner.measure.Measurer`) and compiles the rest. Both draw the same trials for the same seed, trials and
`--workers` until NSGA-II's first generation ends (its population, 50 points), since no drawn point depends on a
measured figure before then.

A launch is two files named by its `tuner.resources.key` (what its program depends on): ``<role>-<digest>.cubin``
and ``.launch.json`` (its key, arch and :class:`~leapquant.kernels.launch.Launch`); the description is written last,
so a launch whose description is present is complete. Nothing in them is executed on the host: the JSON is data and
the cubin runs only through the CUDA driver, on a GPU of its arch.
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from leapquant.errors import InputError
from leapquant.kernels.config import KernelConfig

ROLES = ("decode", "boundary")


def launches(cfg: KernelConfig) -> list[tuple[KernelConfig, str]]:
    """[(config, role)] of the launches a decode step of resolved `cfg` runs (the small-batch boundary where it
    differs)."""
    from leapquant.kernels.artifact import step_configs
    return list(step_configs(cfg).values())


class KernelStore:
    """The prebuilt launches of `arch` in `folder` (created by `put`)."""

    def __init__(self, folder: str | os.PathLike, arch: str):
        from leapquant.kernels import arch as arches
        arches.get(arch)
        self.folder, self.arch = Path(folder), arch

    def _key(self, cfg: KernelConfig, role: str) -> str:
        from tuner.resources import key
        if role not in ROLES:
            raise InputError(f"role must be one of {list(ROLES)}, got {role!r}")
        return key(cfg, role, self.arch)

    def _path(self, cfg: KernelConfig, role: str, suffix: str) -> Path:
        digest = hashlib.sha256(self._key(cfg, role).encode()).hexdigest()[:24]
        return self.folder / f"{role}-{digest}{suffix}"

    def has(self, cfg: KernelConfig, role: str) -> bool:
        return self._path(cfg, role, ".launch.json").is_file()

    def count(self) -> int:
        """How many complete launches the folder holds."""
        return len(list(self.folder.glob("*.launch.json"))) if self.folder.is_dir() else 0

    def entries(self):
        """(key, cubin, launch description) of every complete launch in the folder, by file name."""
        for path in sorted(self.folder.glob("*.launch.json")):
            try:
                meta = json.loads(path.read_text())
                yield meta["key"], path.with_name(path.name[:-len(".launch.json")] + ".cubin").read_bytes(), \
                    meta["launch"]
            except (OSError, ValueError, KeyError, TypeError) as e:
                raise InputError(f"prebuilt launch {str(path)!r}: {e}") from None

    def missing(self, cfgs: list[KernelConfig]) -> list[tuple[KernelConfig, str]]:
        """The launches of resolved `cfgs` not in the store, each once."""
        out = {}
        for cfg in cfgs:
            for c, role in launches(cfg):
                if not self.has(c, role):
                    out.setdefault(self._key(c, role), (c, role))
        return list(out.values())

    def put(self, cfg: KernelConfig, role: str, cubin: bytes, launch: dict) -> None:
        """Keep the launch running resolved `cfg`'s `role` program: its cubin (built for this arch) and description."""
        from leapquant.files import atomic_path, write_text_atomic
        from leapquant.kernels.artifact import cubin_arch
        if not cubin:
            raise InputError(f"the cubin of {role} {cfg.tag} is empty")
        self.folder.mkdir(parents=True, exist_ok=True)
        with atomic_path(self._path(cfg, role, ".cubin"), suffix=".cubin") as tmp:
            Path(tmp).write_bytes(cubin)
        meta = {"key": self._key(cfg, role), "arch": cubin_arch(self.arch), "config": cfg.tag, "launch": launch}
        write_text_atomic(self._path(cfg, role, ".launch.json"), json.dumps(meta, indent=1) + "\n")

    def program(self, cfg: KernelConfig, role: str):
        """The :class:`~leapquant.kernels.cubin.CubinProgram` of that launch, or None where the store lacks it;
        InputError where its files are not this launch's."""
        from leapquant.kernels.artifact import cubin_arch
        from leapquant.kernels.cubin import CubinProgram
        from leapquant.kernels.launch import Launch
        path = self._path(cfg, role, ".launch.json")
        if not path.is_file():
            return None
        try:
            meta = json.loads(path.read_text())
            if not isinstance(meta, dict):
                raise ValueError(f"expected an object, got {type(meta).__name__}")
            if meta.get("key") != self._key(cfg, role) or meta.get("arch") != cubin_arch(self.arch):
                raise ValueError(f"it holds {meta.get('key')} for {meta.get('arch')}, not {self._key(cfg, role)} for "
                                 f"{cubin_arch(self.arch)}")
            launch = Launch.from_dict(meta["launch"])
            image = self._path(cfg, role, ".cubin").read_bytes()
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise InputError(f"prebuilt launch {str(path)!r}: {e}") from None
        return CubinProgram(launch, image, cubin_arch(self.arch))

    def step_kernels(self, cfg: KernelConfig):
        """The :class:`~leapquant.kernels.decoder.StepKernels` of resolved `cfg` from the store, or None where it
        lacks any of its launches."""
        from leapquant.kernels.decoder import StepKernels
        programs = [self.program(c, role) for c, role in launches(cfg)]
        if None in programs:
            return None
        return StepKernels(*programs)

    def fill(self, cfgs: list[KernelConfig], workers: int = 1, log=None) -> dict[str, str]:
        """Build the launches of resolved `cfgs` the store lacks, on `workers` spawned processes, each kept as it
        lands; returns {config tag: error} of those that failed to build; `log(line)` hears of each."""
        import functools

        from tuner.resources import build_outcomes
        todo = self.missing(cfgs)
        failed = {}
        outcomes = build_outcomes(functools.partial(build_into, str(self.folder)), todo, self.arch, workers)
        for i, ((c, role), got) in enumerate(outcomes, 1):
            said = "built"
            if isinstance(got, Exception):
                said = failed[c.tag] = f"its {role} launch failed to build: {type(got).__name__}: {got}"
            if log is not None:
                log(f"[{i}/{len(todo)}] {role} {c.tag}: {said}")
        return failed


def build_into(folder: str, fields: dict, role: str, arch: str) -> None:
    """Build one launch (a config given as fields) for `arch` with TileLang and nvcc and keep it in the store at
    `folder` (a pool's task)."""
    from leapquant.kernels.artifact import build_launch
    cfg = KernelConfig(**fields)
    built = build_launch(role, cfg, role, arch)
    KernelStore(folder, arch).put(cfg, role, built.cubin, built.launch)
