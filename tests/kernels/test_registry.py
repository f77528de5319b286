"""KernelConfig and the program registry: validation by field, resolution, fit rules and the search space."""
import dataclasses

import pytest

from leapquant.errors import InputError
from leapquant.kernels import registry
from leapquant.kernels.config import BOUNDARY_PROGRAMS, DECODE_PROGRAMS, TILE_FIELDS, KernelConfig


@pytest.mark.parametrize("field,value,named", [
    ("family", "mamba", "family"), ("layout", "kv", "layout"), ("format", "int3", "format"),
    ("decode", "fast", "decode"), ("boundary", "v12", "boundary"), ("window", 1, "window"), ("rank", -1, "rank"),
    ("iters", -1, "iters"), ("H", 0, "H"), ("HV", 48, "HV"), ("rank", 200, "rank"), ("block_v", -2, "block_v"),
    ("window", True, "window"), ("window", 16.0, "window"), ("out_dtype", "float16", "out_dtype"),
])
def test_bad_fields_are_refused_by_name(field, value, named):
    with pytest.raises(InputError, match=f"KernelConfig.{named}"):
        KernelConfig(**{field: value})


def test_bf16_with_compensators_is_refused_not_overwritten():
    with pytest.raises(InputError, match="rank must be 0 with format 'bf16'"):
        KernelConfig(format="bf16", rank=4)


def test_config_is_frozen():
    cfg = KernelConfig()
    with pytest.raises(dataclasses.FrozenInstanceError):
        cfg.window = 8


@pytest.mark.parametrize("fields,decode,boundary", [
    (dict(), "warp", "walk"),
    (dict(family="kda"), "warp", "walk"),
    (dict(rank=8), "warp", "regs"),            # the walk's prefetch areas no longer fit two programs per SM
    (dict(window=32), "persistent", "walk"),
    (dict(family="kda", window=32), "persistent", "regs"),
    (dict(rank=16), "persistent", "smem"),
    (dict(format="int4"), "persistent", "smem"),
    (dict(layout="k_first"), "tile", "smem"),
    (dict(format="fp8-e4m3"), "tile", "simple"),
    (dict(format="bf16", rank=0), "tile", "simple"),
    (dict(K=64, V=64), "persistent", "smem"),
])
def test_auto_resolves_to_the_fastest_program_that_fits(fields, decode, boundary):
    cfg = KernelConfig(**fields)
    out = registry.resolve(cfg)
    assert (out.decode, out.boundary) == (decode, boundary)
    assert out.resolved and all(getattr(out, f) > 0 for f in TILE_FIELDS)
    assert out is not cfg and cfg.decode == "auto"           # a new object; the argument is unchanged
    assert registry.resolve(out) is out                      # resolving a resolved config changes nothing


def test_defaults_are_the_measured_tiles():
    cfg = registry.resolve(KernelConfig())
    assert (cfg.block_v, cfg.threads, cfg.programs_per_sm, cfg.boundary_threads) == (128, 128, 3, 256)
    # at window 32 a KDA persistent program holds 114 KB of shared memory: two fit an H200's SM, not three
    kda = registry.resolve(KernelConfig(family="kda", window=32))
    assert (kda.decode, kda.programs_per_sm) == ("persistent", 2)


@pytest.mark.parametrize("fields,named", [
    (dict(decode="warp", layout="k_first"), "layout"),
    (dict(decode="warp", window=32), "window"),
    (dict(decode="persistent", format="fp8-e4m3"), "format"),
    (dict(boundary="regs", rank=3), "rank"),
    (dict(boundary="smem", boundary_threads=300), "boundary_threads"),
    (dict(decode="tile", block_v=48), "block_v"),
    (dict(boundary="simple", iters=0), "iters"),
    (dict(decode="warp", programs_per_sm=20), "programs per SM"),
])
def test_a_named_program_that_does_not_fit_is_refused_with_the_reason(fields, named):
    with pytest.raises(InputError, match=named):
        registry.resolve(KernelConfig(**fields))


def test_why_not_names_the_program_and_the_field():
    reason = registry.why_not(KernelConfig(layout="k_first"), "warp", "decode")
    assert reason.startswith("decode program 'warp'") and "layout" in reason
    assert registry.why_not(KernelConfig(), "warp", "decode") is None


def test_shared_memory_is_checked_against_the_architecture():
    # the persistent decode at 4 programs per SM fits an H200's 228 KiB but not an RTX 5090's 100 KiB
    cfg = KernelConfig(decode="persistent", programs_per_sm=4)
    assert registry.why_not(cfg, "persistent", "decode", "sm_90") is None
    assert "shared memory" in registry.why_not(cfg, "persistent", "decode", "sm_120")
    with pytest.raises(InputError, match="arch"):
        registry.resolve(cfg, "sm_75")


@pytest.mark.parametrize("arch", ["sm_90", "sm_100", "sm_120"])
@pytest.mark.parametrize("fields", [dict(), dict(family="kda", layout="k_first"), dict(format="int4", window=8)])
def test_search_space_lists_only_configs_that_fit(arch, fields):
    space = registry.search_space(KernelConfig(**fields), arch)
    assert space and len(space) == len(set(space))
    for cfg in space:
        assert cfg.resolved
        assert registry.why_not(cfg, cfg.decode, "decode", arch) is None
        assert registry.why_not(cfg, cfg.boundary, "boundary", arch) is None
    assert registry.resolve(KernelConfig(**fields), arch) in space     # the default is one of the points


def test_search_space_has_every_program_that_fits_and_keeps_named_choices():
    space = registry.search_space(KernelConfig())
    assert {c.decode for c in space} == set(DECODE_PROGRAMS)
    assert {c.boundary for c in space} == set(BOUNDARY_PROGRAMS)
    fixed = registry.search_space(KernelConfig(decode="tile", boundary_threads=512))
    assert {c.decode for c in fixed} == {"tile"} and {c.boundary_threads for c in fixed} == {512}


def test_smaller_shared_memory_leaves_fewer_points():
    assert len(registry.search_space(KernelConfig(), "sm_120")) < len(registry.search_space(KernelConfig(), "sm_90"))


def test_small_batch_boundary_is_smem_at_four_k_threads():
    cfg = registry.resolve(KernelConfig(layout="k_first"))
    small = registry.small_batch_boundary(cfg)
    assert (small.boundary, small.boundary_threads) == ("smem", 512)
    walk = registry.resolve(KernelConfig())
    assert registry.small_batch_boundary(walk) is walk
    off = registry.resolve(KernelConfig(layout="k_first", small_batch=0))
    assert registry.small_batch_boundary(off) is off


def test_reference_options_follow_the_boundary_refit():
    assert registry.resolve(KernelConfig()).tf32_refit
    assert not registry.resolve(KernelConfig(format="fp8-e4m3")).tf32_refit      # simple refits in FP32
    opts = registry.resolve(KernelConfig(family="kda", layout="k_first")).reference_options
    assert opts == dict(family="kda", window=16, rank=4, layout="k_first", iters=2, format="int8", tf32_refit=True)
