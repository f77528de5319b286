"""The GPU kernel tests' cases and helpers (test_decode_cuda.py, test_boundary_cuda.py).

The cases come from the registry: every registered program, named in the config, over the shapes where the registry
runs it on the H200 (``ARCH``); the other role's program is left to the registry (the one it pairs with by default).
At run time each case resolves for the local GPU and skips with the registry's reason where it does not fit there.
"""
from __future__ import annotations

import pytest
import torch

from leapquant.errors import InputError
from leapquant.kernels import registry
from leapquant.kernels.config import LAYOUTS, KernelConfig

ARCH = "sm_90"
"""The architecture the cases are chosen for (the GPU tests run on an H200)."""

BASE = dict(H=2, HV=4, out_dtype="float32")
"""Two key heads, each shared by two value heads; FP32 outputs (the reference's precision)."""

FAMILIES = ("gdn", "kda")

RAGGED = ((37, False), (16, True))
"""(requests, outlier-heavy states): 37 requests at ragged positions; 16 with heavy key rows and value columns."""

SHAPES = (
    [("int8", 4, 2, ((1, False), *RAGGED, (512, False))), ("int8", 16, 4, ((1, False), *RAGGED))]
    + [(fmt, 16, 0 if fmt == "bf16" else 4, RAGGED) for fmt in ("int4", "fp8-e4m3", "bf16")]
)
"""(format, window, rank, batches) run on every program that fits them."""

SERVED = [("int8", window, rank, RAGGED) for window, rank in ((16, 8), (16, 16), (16, 0), (32, 4))]
"""(format, window, rank, batches) run on the programs the registry chooses for them (where a program is the one
that serves them)."""

STATE_FIELDS = ("Z", "c", "B", "Kc", "Uc", "rk", "ru", "rg", "window_pos")


def resolved(**fields) -> KernelConfig | None:
    """KernelConfig(**BASE, **fields) resolved for ARCH, or None where no pair of programs runs it."""
    try:
        return registry.resolve(KernelConfig(**{**BASE, **fields}), ARCH)
    except InputError:
        return None


def matrix(role: str, covered=lambda cfg: False) -> list:
    """pytest params (program, family, layout, format, window, rank, N, outliers) of every registered `role`
    program: each SHAPES row where the registry runs it, each SERVED row where it is the program chosen; the batches
    of one configuration adjacent (a test process compiles it once). `covered(cfg)`: resolved configurations that
    another test checks over the same rows (left out)."""
    out = []
    for name in registry.programs(role):
        for family in FAMILIES:
            for layout in LAYOUTS:
                for rows, served in ((SHAPES, False), (SERVED, True)):
                    for fmt, window, rank, batches in rows:
                        fields = dict(family=family, layout=layout, format=fmt, window=window, rank=rank)
                        cfg = resolved(**fields, **{role: name})
                        if cfg is None or (served and resolved(**fields) != cfg) or covered(cfg):
                            continue
                        out += [pytest.param(name, family, layout, fmt, window, rank, N, outliers,
                                             id=f"{name}-{family}-{layout}-{fmt}-w{window}-r{rank}-N{N}"
                                                + ("-outliers" if outliers else ""))
                                for N, outliers in batches]
    return out


def programs_by_shape(role: str, inner=(None,), label: str = "", keep=lambda cfg: True, **fields) -> list:
    """pytest params (program, family, layout, *inner value) of every registered `role` program on the default
    problem with `fields`, each family and each layout where the registry runs it (and `keep(resolved cfg)`), the
    `inner` values of one configuration adjacent (ids: `label` and the value)."""
    out = []
    for name in registry.programs(role):
        for family in FAMILIES:
            for layout in LAYOUTS:
                cfg = resolved(family=family, layout=layout, **fields, **{role: name})
                if cfg is None or not keep(cfg):
                    continue
                for v in inner:
                    values, tail = ((), "") if v is None else ((v,), f"-{label}{v}")
                    out.append(pytest.param(name, family, layout, *values, id=f"{name}-{family}-{layout}{tail}"))
    return out


def tile_cases(role: str) -> list:
    """pytest params (program, field, family): each tile field for which a `role` program offers the tuner a value
    other than its own (Program.choices) on the default problem (V-first INT8, window 16, rank 4)."""
    out = []
    for name, program in registry.programs(role).items():
        for family in FAMILIES:
            base = resolved(family=family, **{role: name})
            if base is None:
                continue
            out += [pytest.param(name, field, family, id=f"{name}-{field}-{family}")
                    for field, values in program.choices(base).items()
                    if any(v != getattr(base, field) for v in values)]
    return out


def local_arch() -> str:
    from leapquant.kernels.decoder import local_arch
    return local_arch()


def why_not(cfg: KernelConfig) -> str | None:
    """The registry's reason why `cfg` does not run on the local GPU (a named program that does not fit, or no
    program for a role left "auto"), else None."""
    arch = local_arch()
    for role in ("decode", "boundary"):
        name = getattr(cfg, role)
        if name != "auto" and (reason := registry.why_not(cfg, name, role, arch)):
            return reason
    try:
        registry.resolve(cfg, arch)
    except InputError as e:
        return str(e)
    return None


def config(**fields) -> KernelConfig:
    """KernelConfig(**BASE, **fields) resolved for the local GPU; skips with the registry's reason where it does not
    run there."""
    cfg = KernelConfig(**{**BASE, **fields})
    reason = why_not(cfg)
    if reason:
        pytest.skip(reason)
    return registry.resolve(cfg, local_arch())


def check_tile_choices(kb, role: str, program: str, field: str, family: str) -> list:
    """Each value of `field` that `program` offers the tuner other than its own, one at a time on the default problem
    (the other tiles the program's own), against the reference: 37 requests over three windows. Values the registry
    refuses on the local GPU are left out; skips where none is left. Returns the values checked."""
    base = config(family=family, **{role: program})
    tried, refused = [], []
    for value in registry.programs(role)[program].choices(base)[field]:
        if value == getattr(base, field):
            continue
        cfg = KernelConfig(**{**BASE, "family": family, role: program, field: value})
        reason = why_not(cfg)
        if reason:
            refused.append(reason)
            continue
        w = kb.check_decode(cfg, N=37, windows=3, seed=value)
        assert kb.check_ok(w), (field, value, w)
        tried.append(value)
    if not tried:
        pytest.skip("; ".join(refused))
    return tried


def ragged_pool(kb, cfg: KernelConfig, slots: int, gen):
    """A reference pool (resolved `cfg`'s arithmetic) of `slots` requests from random states, moved to ragged window
    positions by reference steps on random halves of the slots."""
    from leapquant.kernels import naive as nv
    st = nv.init_state(kb.random_states(slots, cfg.HV, cfg.K, cfg.V, device="cuda", gen=gen), **cfg.reference_options)
    for _ in range(cfg.window + 1):
        sub = torch.randperm(slots, device="cuda", generator=gen)[: slots // 2].to(torch.int32)
        nv.decode_step_ref(st, *kb.make_inputs(cfg.family, sub.numel(), cfg.H, cfg.HV, cfg.K, cfg.V, "cuda", gen), sub)
    return st


def assert_same_pools(a, b, what=()) -> None:
    """Every buffer of two pools bit-equal."""
    for name in STATE_FIELDS:
        assert torch.equal(getattr(a, name), getattr(b, name)), (*what, name)
