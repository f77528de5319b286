"""The kernel programs, where each applies, and the search space a tuner reads from them.

Every program registers a :class:`~leapquant.kernels.program.Program` (its ``fits`` rule, its own tiles, the tile
values a search may try, its shared memory). :func:`resolve` fills a config's ``"auto"`` programs and 0 tiles with the
fastest program that fits and its tiles — a new object; :func:`why_not` says, naming the field, why a program does not
apply; :func:`search_space` lists every program and tile choice that fits a problem on an architecture.
"""
from __future__ import annotations

import itertools
from dataclasses import replace

from leapquant.errors import InputError
from leapquant.kernels import arch as arches
from leapquant.kernels.boundary import regs, simple, smem
from leapquant.kernels.config import BOUNDARY_PROGRAMS, DECODE_PROGRAMS, TILE_FIELDS, KernelConfig
from leapquant.kernels.decode import persistent, tile, warp
from leapquant.kernels.program import Program

DECODE: dict[str, Program] = {p.name: p for p in (warp.PROGRAM, persistent.PROGRAM, tile.PROGRAM)}
BOUNDARY: dict[str, Program] = {p.name: p for p in (regs.WALK, regs.REGS, smem.PROGRAM, simple.PROGRAM)}
assert tuple(DECODE) == DECODE_PROGRAMS and tuple(BOUNDARY) == BOUNDARY_PROGRAMS

DECODE_TILES = ("block_v", "threads", "programs_per_sm")
BOUNDARY_TILES = ("boundary_threads",)
assert set(DECODE_TILES + BOUNDARY_TILES) == set(TILE_FIELDS)


def programs(role: str) -> dict[str, Program]:
    """The registered programs of `role` ("decode" | "boundary"), fastest first."""
    if role not in ("decode", "boundary"):
        raise InputError(f"role must be 'decode' or 'boundary', got {role!r}")
    return DECODE if role == "decode" else BOUNDARY


def _with_tiles(cfg: KernelConfig, program: Program) -> KernelConfig:
    """`cfg` running `program`, its tile fields left at 0 set to the program's own values."""
    own = DECODE_TILES if program.role == "decode" else BOUNDARY_TILES
    chosen = replace(cfg, **{program.role: program.name})
    defaults = program.tiles(chosen)
    return replace(chosen, **{f: getattr(cfg, f) or defaults[f] for f in own})


def why_not(cfg: KernelConfig, program: Program | str, role: str | None = None, arch: str = "sm_90") -> str | None:
    """None if `program` runs `cfg` on `arch` (its tile fields at 0 taking the program's values), else why not: its
    rule, and the programs per SM it is compiled for fitting one SM's shared memory."""
    if isinstance(program, str):
        program = programs(role)[program]
    reason = program.fits(cfg)
    if reason is None:
        full = _with_tiles(cfg, program)
        reason = program.fits(full) or arches.programs_fit(
            arches.get(arch), program.shared_bytes(full), program.per_sm(full))
    return None if reason is None else f"{program.role} program {program.name!r}: {reason}"


def _candidates(cfg: KernelConfig, program: Program) -> list[KernelConfig]:
    """`cfg` on `program` with its own tiles first, then every tile choice for the fields `cfg` left at 0 (more
    programs per SM first): the points a search tries, and where resolution looks when the defaults do not fit."""
    own = DECODE_TILES if program.role == "decode" else BOUNDARY_TILES
    base = _with_tiles(cfg, program)
    options = program.choices(base)
    grids = [[getattr(base, f), *(() if getattr(cfg, f) else options.get(f, ()))] for f in own]
    out = [base]
    for combo in itertools.product(*grids):
        cand = replace(base, **dict(zip(own, combo)))
        if cand not in out:
            out.append(cand)
    return out[:1] + sorted(out[1:], key=lambda c: -c.programs_per_sm)


def _fitting(cfg: KernelConfig, program: Program, arch: str) -> tuple[KernelConfig | None, str | None]:
    """The first of `_candidates` that `program` runs on `arch`, or (None, why the defaults do not fit)."""
    first = why_not(cfg, program, arch=arch)
    if program.fits(cfg) is not None:
        return None, first
    for cand in _candidates(cfg, program):
        if why_not(cand, program, arch=arch) is None:
            return cand, None
    return None, first


def _choose(cfg: KernelConfig, role: str, arch: str) -> KernelConfig:
    name = getattr(cfg, role)
    names = list(programs(role)) if name == "auto" else [name]
    reasons = []
    for program in (programs(role)[n] for n in names):
        chosen, reason = _fitting(cfg, program, arch)
        if chosen is not None:
            return chosen
        reasons.append(reason)
    if name != "auto":
        raise InputError(f"KernelConfig.{role} = {name!r} does not fit: {reasons[0]}")
    raise InputError(f"no {role} program fits {cfg.tag}: " + "; ".join(reasons))


def resolve(cfg: KernelConfig, arch: str = "sm_90") -> KernelConfig:
    """`cfg` with its programs and tiles chosen for `arch`: the named ones checked, "auto" the fastest that fits, tile
    fields at 0 the program's own. Returns a new object (`cfg` itself if it is resolved already and fits)."""
    if not isinstance(cfg, KernelConfig):
        raise InputError(f"cfg must be a KernelConfig, got {type(cfg).__name__}")
    out = _choose(_choose(cfg, "decode", arch), "boundary", arch)
    return cfg if out == cfg else out


def small_batch_boundary(cfg: KernelConfig) -> KernelConfig:
    """The configuration whose boundary a step below ``cfg.small_batch`` requests runs: ``smem`` at 4 K threads (one
    program per SM: one wave's latency is the time there); every other program serves all batches itself."""
    if cfg.boundary == "smem" and cfg.small_batch and cfg.boundary_threads == 2 * cfg.K and 4 * cfg.K <= 1024:
        return replace(cfg, boundary_threads=4 * cfg.K)
    return cfg


def search_space(problem: KernelConfig, arch: str = "sm_90") -> list[KernelConfig]:
    """Every resolved configuration of `problem`'s family, shapes and method that a registered decode and boundary
    program run on `arch`: each program with each of its tile choices (and its own defaults) that fits. The programs
    and tiles `problem` names stay fixed; its "auto" and 0 fields are searched."""
    arches.get(arch)
    out = []
    for role_cfgs in _role_choices(problem, "decode", arch):
        for cfg in _role_choices(role_cfgs, "boundary", arch):
            if cfg not in out:
                out.append(cfg)
    return out


def _role_choices(cfg: KernelConfig, role: str, arch: str) -> list[KernelConfig]:
    names = list(programs(role)) if getattr(cfg, role) == "auto" else [getattr(cfg, role)]
    found = []
    for program in (programs(role)[n] for n in names):
        if program.fits(cfg) is not None:
            continue
        for cand in _candidates(cfg, program):
            if cand not in found and why_not(cand, program, arch=arch) is None:
                found.append(cand)
    return found
