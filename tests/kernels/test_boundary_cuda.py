"""The boundary programs against the PyTorch reference on the GPU (skipped without CUDA).

Every registered boundary program (``registry.BOUNDARY``) is named in the config, its decode left to the registry,
over the shapes of test_decode_cuda.py where the registry runs it — leaving out the configurations that are a decode
program's default pairing, which that file checks over the same shapes. Then, for each boundary program where it
runs: new requests (fresh and zeroed slots) at ragged positions, one program per head taking every request, the refit
skipped (iters 0), the value rows whose quotient q / B_j overflows, the small-batch form on both sides of
small_batch, and the tuner's boundary_threads choices. The checks are test_decode_cuda.py's (``checks.check_decode``,
``checks.check_ok``: outputs poisoned, ≤ 1e-3 per step over several windows, the reference resynced every step).
"""
import pytest
import torch

from leapquant.kernels import registry

from ._cuda_cases import check_tile_choices, config, matrix, programs_by_shape, resolved, tile_cases

pytestmark = [pytest.mark.cuda, pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")]


@pytest.fixture(scope="module")
def kb():
    """The kernel checks (leapquant.kernels.checks); skips without TileLang."""
    pytest.importorskip("tilelang")
    from leapquant.kernels import checks
    return checks


def _decode_default_pairing(cfg) -> bool:
    """Whether the resolved `cfg` is its decode program's default pairing (test_decode_cuda.py's matrix has it)."""
    return cfg == resolved(decode=cfg.decode, family=cfg.family, layout=cfg.layout, format=cfg.format,
                           window=cfg.window, rank=cfg.rank)


@pytest.mark.parametrize("program,family,layout,format,window,rank,N,outliers",
                         matrix("boundary", covered=_decode_default_pairing))
def test_boundary_matches_reference(kb, program, family, layout, format, window, rank, N, outliers):
    """The named boundary program with the decode the registry chooses, four windows (two at 512 requests)."""
    cfg = config(boundary=program, family=family, layout=layout, format=format, window=window, rank=rank)
    assert cfg.boundary == program
    w = kb.check_decode(cfg, N=N, windows=2 if N > 64 else 4, outliers=outliers, seed=N + window + rank)
    assert kb.check_ok(w), (cfg.tag, w)


@pytest.mark.parametrize("program,family,layout,start",
                         programs_by_shape("boundary", inner=("fresh", "zeroed")))
def test_new_requests_match_reference_and_keep_their_compensators(kb, program, family, layout, start):
    """Every slot a new request — LeapState.reset's zero state with the cold-start keys, or every buffer zeroed, keys
    too (what an engine that zeroes slots hands the kernels: the boundary's Gram–Schmidt completes zero keys by e_a)
    — moved to ragged positions by the reference, then 37 requests over four windows: within tolerance of the
    reference and no compensator key left zero (check_ok)."""
    cfg = config(boundary=program, family=family, layout=layout)
    w = kb.check_decode(cfg, N=37, windows=4, seed=37, start=start)
    assert w["dead_keys"] == 0 and kb.check_ok(w), w


@pytest.mark.parametrize("program,family,layout", programs_by_shape("boundary", window=4, rank=2))
def test_one_boundary_program_per_head_takes_every_request(kb, program, family, layout):
    """A boundary grid of one program per head (LeapDecoder.cap = 1): that program takes every request at its
    window's end in turn (the walking program: its prefetch and hand-over areas reused across entries)."""
    from leapquant.kernels.decoder import LeapDecoder
    cfg = config(boundary=program, family=family, layout=layout, window=4, rank=2)
    d = LeapDecoder(cfg)
    d.cap = 1
    w = kb.check_decode(cfg, N=37, windows=4, seed=7, decoder=d)
    assert kb.check_ok(w), (cfg.tag, w)


@pytest.mark.parametrize("program,family,layout,N",
                         programs_by_shape("boundary", inner=(37, 16), label="N", iters=0))
def test_boundary_without_refit_matches_reference(kb, program, family, layout, N):
    """iters 0 (the refit's timing twin, on the programs that keep the stored keys): K̂ kept, Û = S_pᵀ K̂ re-projected,
    over three windows; 16 requests from outlier-heavy states."""
    cfg = config(boundary=program, family=family, layout=layout, iters=0)
    w = kb.check_decode(cfg, N=N, windows=3, outliers=N == 16, seed=N + 1)
    assert kb.check_ok(w), (cfg.tag, w)


@pytest.mark.parametrize("program,family,layout,N", programs_by_shape("boundary", inner=(4,), label="N"))
def test_codes_where_the_value_scale_quotient_overflows(kb, program, family, layout, N):
    """A value row whose q / B_j overflows (B_j ~1e-38; checks.check_overflowing_scales): that row's codes are the
    reference's saturated ±q, the others differ by rounding ties only."""
    cfg = config(boundary=program, family=family, layout=layout)
    w = kb.check_overflowing_scales(cfg, N=N, seed=N)
    assert 0 < w["B0"] < 3.7e-37 and w["saturated_row0"] > 0, w
    assert w["differ_row0"] == 0 and w["jumps"] == 0 and w["flips"] < 5e-3, w


def _switches(cfg) -> bool:
    return registry.small_batch_boundary(cfg) is not cfg


@pytest.mark.parametrize("program,family,layout,N",
                         programs_by_shape("boundary", inner=(63, 64), label="N", keep=_switches, window=4, rank=2))
def test_small_batch_boundary_switch_matches_reference(kb, program, family, layout, N):
    """A boundary with a small-batch form (registry.small_batch_boundary) runs it at steps below cfg.small_batch
    requests and the configured one from small_batch on: both sides of the switch against the reference, and the
    decoder compiled the small form only below it."""
    from leapquant.kernels.decoder import LeapDecoder
    cfg = config(boundary=program, family=family, layout=layout, window=4, rank=2)
    assert cfg.small_batch == 64
    d = LeapDecoder(cfg)
    w = kb.check_decode(cfg, N=N, windows=4, seed=N + 11, decoder=d)
    assert kb.check_ok(w), (cfg.tag, w)
    assert (d.kernels.small_boundary is not None) == (N < cfg.small_batch and _switches(cfg))


@pytest.mark.parametrize("program,field,family", tile_cases("boundary"))
def test_boundary_tile_choices_match_reference(kb, program, field, family):
    """The boundary_threads values a search may try, each one on its own."""
    check_tile_choices(kb, "boundary", program, field, family)
