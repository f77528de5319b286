"""Compile the registered kernel programs through TileLang + nvcc for an architecture (no GPU needed).

`compile_variants` builds each case's program from its resolved config, one after another, then lowers and compiles
them on every core; it returns one row per kernel. The cases name a program and a problem (`CASES`: every program's
code paths once); a registered program that no case fits on the architecture gets the first problem it fits, so that
every program is compiled wherever one fits.
"""
from __future__ import annotations

import contextlib
import logging
import os
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import replace

from leapquant.errors import InputError

CASES = (
    ("decode", "warp", {}), ("decode", "warp", {"family": "kda"}), ("decode", "warp", {"window": 4, "rank": 2}),
    ("decode", "warp", {"family": "kda", "window": 4, "rank": 2}), ("decode", "warp", {"rank": 0}),
    ("decode", "persistent", {"window": 32}), ("decode", "persistent", {"family": "kda", "window": 32}),
    ("decode", "persistent", {"rank": 16}), ("decode", "persistent", {"format": "int4"}),
    ("decode", "persistent", {"family": "kda", "format": "int4"}),
    ("decode", "tile", {"layout": "k_first"}), ("decode", "tile", {"family": "kda", "layout": "k_first"}),
    ("decode", "tile", {"format": "fp8-e4m3"}),
    ("decode", "tile", {"family": "kda", "layout": "k_first", "format": "int4"}),
    ("decode", "tile", {"format": "bf16", "rank": 0, "layout": "k_first"}),
    ("decode", "tile", {"family": "kda", "format": "bf16", "rank": 0}),
    ("boundary", "walk", {}), ("boundary", "walk", {"family": "kda"}), ("boundary", "walk", {"window": 4, "rank": 2}),
    ("boundary", "walk", {"rank": 0}), ("boundary", "walk", {"iters": 0}),
    ("boundary", "regs", {"rank": 8}), ("boundary", "regs", {"family": "kda", "window": 32}),
    ("boundary", "smem", {"layout": "k_first"}), ("boundary", "smem", {"family": "kda", "layout": "k_first"}),
    ("boundary", "smem", {"family": "kda", "layout": "k_first", "boundary_threads": 512}),
    ("boundary", "smem", {"format": "int4"}), ("boundary", "smem", {"family": "kda", "layout": "k_first",
                                                                    "format": "int4"}),
    ("boundary", "smem", {"rank": 16}),
    ("boundary", "simple", {"format": "fp8-e4m3"}),
    ("boundary", "simple", {"family": "kda", "layout": "k_first", "format": "fp8-e4m3"}),
    ("boundary", "simple", {"format": "bf16", "rank": 0, "layout": "k_first"}),
)
"""(role, program, problem fields): the representative compile check — every program and code path once."""

DEFAULT_PROBLEMS = ({}, {"family": "kda"}, {"family": "kda", "layout": "k_first"}, {"format": "int4"},
                    {"format": "fp8-e4m3"}, {"format": "bf16", "rank": 0, "layout": "k_first"}, {"window": 32})
"""Problems whose default programs (and small-batch boundary) `compile_variants(defaults_only=True)` compiles."""

FULL_PROBLEMS = tuple({**fields, "family": family} for family in ("gdn", "kda") for fields in (
    {}, {"layout": "k_first"}, {"window": 4, "rank": 2}, {"window": 32}, {"rank": 0}, {"rank": 8}, {"rank": 16},
    {"iters": 0}, {"format": "int4"}, {"format": "int4", "layout": "k_first"}, {"format": "fp8-e4m3"},
    {"format": "fp8-e4m3", "layout": "k_first"}, {"format": "bf16", "rank": 0},
    {"format": "bf16", "rank": 0, "layout": "k_first"}))
"""Problems `--full` compiles with every program that fits each (and the first-fit search's candidates)."""


@contextlib.contextmanager
def quiet_tilelang():
    """TileLang logs each compile (INFO), each cache hit (WARNING) and a program that fails to build (CRITICAL; the
    check reports it in its row) on stdout, which would interleave with `--json`;
    its child loggers set their own levels, so the handlers of the "tilelang" logger are what filters. TileLang adds
    its handler when it is imported, so it is imported here first: entered before any kernel was built, the context
    would otherwise find no handler to quiet."""
    with contextlib.suppress(ImportError):
        import tilelang  # noqa: F401 - for its logger's handler
    handlers = logging.getLogger("tilelang").handlers
    levels = [h.level for h in handlers]
    for h in handlers:
        h.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for h, lv in zip(handlers, levels):
            h.setLevel(lv)


def _named(role: str, program: str, fields: dict, arch: str):
    """(The resolved config of `fields` with `role` running `program` on `arch`, None) or (None, why it does not fit).
    Where the programs' own tiles do not fit `arch` (its shared memory), the first point of the search space that
    does."""
    from leapquant.kernels import registry
    from leapquant.kernels.config import KernelConfig
    cfg = KernelConfig(**{**fields, role: program})
    try:
        return registry.resolve(cfg, arch), None
    except InputError as e:
        space = registry.search_space(cfg, arch)
        return (space[0], None) if space else (None, str(e))


def role_key(role: str, cfg):
    """What one launch's program depends on: the config without the other launch's program and tiles."""
    if role == "decode":
        return role, replace(cfg, boundary="auto", boundary_threads=0)
    return role, replace(cfg, decode="auto", block_v=0, threads=0, programs_per_sm=0)


def leap_cases(arch: str, full: bool = False, defaults_only: bool = False) -> tuple[list[tuple], list[dict]]:
    """([(role, program, resolved cfg)] that the check compiles on `arch`, [{role, program, reason}] of the registered
    programs that fit none of its problems there)."""
    from leapquant.kernels import registry
    from leapquant.kernels.config import KernelConfig
    out, seen, reasons = [], set(), {}

    def take(role, program, cfg):
        key = role_key(role, cfg)
        if key not in seen:
            seen.add(key)
            out.append((role, program, cfg))

    if defaults_only:
        for fields in DEFAULT_PROBLEMS:
            cfg = registry.resolve(KernelConfig(**fields), arch)
            take("decode", cfg.decode, cfg)
            take("boundary", cfg.boundary, cfg)
            small = registry.small_batch_boundary(cfg)
            take("boundary", small.boundary, small)
        return out, []
    cases = ([(role, name, f) for f in FULL_PROBLEMS for role in ("decode", "boundary")
              for name in registry.programs(role)] if full else CASES)
    for role, name, fields in cases:
        cfg, reason = _named(role, name, fields, arch)
        if cfg is not None:
            take(role, name, cfg)
        else:
            reasons.setdefault((role, name), reason)
    skipped = []
    for role in ("decode", "boundary"):     # every registered program at least once where one fits
        for name in registry.programs(role):
            if any(r == role and p == name for r, p, _ in out):
                continue
            fits = [c for f in FULL_PROBLEMS if (c := _named(role, name, f, arch)[0]) is not None]
            if fits:
                take(role, name, fits[0])
            else:
                skipped.append({"role": role, "program": name, "reason": f"fits none of the check's problems on "
                                f"{arch}, e.g. " + reasons.get((role, name), "")})
    return out, skipped


def perstep_cases(full: bool = False, defaults_only: bool = False) -> list:
    """The per-step kernels the check compiles (PerStepConfig)."""
    from leapquant.kernels.perstep import PerStepConfig
    if full:
        return [PerStepConfig(family=f, format=m, layout=lay) for f in ("gdn", "kda") for m in ("int8", "bf16")
                for lay in ("v_first", "k_first")]
    cases = [PerStepConfig(family="gdn", format="int8", layout="k_first"),
             PerStepConfig(family="kda", format="bf16", layout="v_first")]
    return cases[:1] if defaults_only else cases


def _build_all(arch: str, full: bool, defaults_only: bool) -> tuple[list[tuple], list[dict]]:
    """[(kind, program, tag, prim_func or the exception, seconds)] built one after another (TileLang parses their
    Python source, and CPython's ast is not thread-safe), and the cases skipped on `arch`."""
    from leapquant.kernels import registry
    from leapquant.kernels.perstep import perstep_program
    leap, skipped = leap_cases(arch, full, defaults_only)
    todo = [(role, name, cfg, registry.programs(role)[name].build) for role, name, cfg in leap]
    todo += [("perstep", "perstep", cfg, perstep_program) for cfg in perstep_cases(full, defaults_only)]
    items = []
    for kind, name, cfg, build in todo:
        t0 = time.time()
        try:
            func = build(cfg)
        except Exception as e:  # noqa: BLE001 - reported per kernel
            func = e
        items.append((kind, name, cfg.tag, func, time.time() - t0))
    return items, skipped


def _compile_one(arch: str, item) -> dict:
    """One row: building the program + compiling it (not the wait for a free core)."""
    from leapquant.kernels.tl import compile_kernel
    kind, name, tag, func, build_s = item
    row = {"arch": arch, "kernel": kind, "program": name, "variant": tag}
    t0 = time.time()
    try:
        if isinstance(func, Exception):
            raise func
        k = compile_kernel(func, {"kind": "cuda", "arch": arch})
        row.update(ok=True, source_chars=len(k.get_kernel_source()))
    except Exception as e:  # noqa: BLE001 - reported per kernel
        row.update(ok=False, error=f"{type(e).__name__}: {str(e)[-500:]}")
    row["seconds"] = round(build_s + time.time() - t0, 1)
    return row


def compile_variants(arch: str, full: bool = False, defaults_only: bool = False, progress=None) -> list[dict]:
    """Compile the kernels for `arch` (``sm_90``, ``sm_100``, ``sm_120``); one row per kernel: {arch, kernel (decode |
    boundary | perstep), program, variant (the config's tag), ok, seconds, source_chars or error}, and a row with
    ``ok: None`` and ``skipped`` (the reason) per registered program that fits none of the check's problems on
    `arch`.

    The representative set (default): `CASES` and every registered program at least once; `full`: every program on
    every problem of `FULL_PROBLEMS` it fits; `defaults_only`: the programs the defaults of `DEFAULT_PROBLEMS` run
    (their small-batch boundaries too) and one per-step kernel. `progress(done, total, row)` is called as each kernel
    finishes."""
    from leapquant.kernels import arch as arches
    arches.get(arch)
    with quiet_tilelang():
        items, skipped = _build_all(arch, full, defaults_only)
        rows = [None] * len(items)
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
        with ThreadPoolExecutor(max(1, cores)) as pool:   # lowering and nvcc (a subprocess) overlap on every core
            futures = {pool.submit(_compile_one, arch, item): i for i, item in enumerate(items)}
            for done, fut in enumerate(as_completed(futures), 1):
                rows[futures[fut]] = fut.result()
                if progress is not None:
                    progress(done, len(items), rows[futures[fut]])
    return rows + [{"arch": arch, "kernel": s["role"], "program": s["program"], "variant": "", "ok": None,
                    "skipped": s["reason"], "seconds": 0.0} for s in skipped]
