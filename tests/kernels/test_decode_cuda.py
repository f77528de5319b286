"""The decode programs against the PyTorch reference on the GPU (skipped without CUDA).

Every registered decode program (``registry.DECODE``) is named in the config, its boundary left to the registry (the
boundary it pairs with by default), over every shape of the matrix where the registry runs it: GDN and KDA, each layout
it takes, INT8 at (window, rank) (4, 2) and (16, 4) with 1, 37 and 16 outlier-heavy requests (and 512 at window 4),
the other residual formats, and the long windows and high ranks (rank 8, 16, 0, window 32) where it is the program
that serves them. Then: the tuner's tile choices, programs walking many requests, the default path at batch 512 on
the model's shape, boundaries on side streams, steps replayed from CUDA graphs, and the per-step baselines.

Each check (``checks.check_decode``) poisons the outputs with NaN before every step, restarts the reference from the
kernel's state every step, and starts the slots at ragged window positions; ``checks.check_ok``: ‖o − o_ref‖ /
‖o_ref‖ ≤ 1e-3 at every step over several windows, the reconstructed states as close (INT4: once codes one step apart
— rounding ties of two summation orders — are set aside), no NaN, no compensator key left zero. The cases are chosen
for the H200 (``ARCH``); each one skips, with the registry's reason, where its program does not fit the local GPU.
"""
import pytest
import torch

from leapquant.kernels.config import LAYOUTS
from leapquant.kernels.decoder import WORD_DECODES

from ._cuda_cases import (
    FAMILIES,
    assert_same_pools,
    check_tile_choices,
    config,
    matrix,
    programs_by_shape,
    ragged_pool,
    resolved,
    tile_cases,
)

pytestmark = [pytest.mark.cuda, pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")]


@pytest.fixture(scope="module")
def kb():
    """The kernel checks (leapquant.kernels.checks); skips without TileLang."""
    pytest.importorskip("tilelang")
    from leapquant.kernels import checks
    return checks


@pytest.mark.parametrize("program,family,layout,format,window,rank,N,outliers", matrix("decode"))
def test_decode_matches_reference(kb, program, family, layout, format, window, rank, N, outliers):
    """The named decode program with its default boundary, four windows (two at 512 requests)."""
    cfg = config(decode=program, family=family, layout=layout, format=format, window=window, rank=rank)
    assert cfg.decode == program
    w = kb.check_decode(cfg, N=N, windows=2 if N > 64 else 4, outliers=outliers, seed=N + window + rank)
    assert kb.check_ok(w), (cfg.tag, w)


@pytest.mark.parametrize("program,field,family", tile_cases("decode"))
def test_decode_tile_choices_match_reference(kb, program, field, family):
    """The tile values a search may try (block_v, threads, programs_per_sm), each one on its own."""
    check_tile_choices(kb, "decode", program, field, family)


@pytest.mark.parametrize("program,family,groups", [
    pytest.param(name, family, groups, id=f"{name}-{family}-groups{groups}") for name in WORD_DECODES
    for family in FAMILIES if resolved(decode=name, family=family) for groups in (1, 5)])
def test_word_decode_programs_walking_many_requests_match_reference(kb, program, family, groups):
    """The decodes that walk request groups (LeapDecoder.groups fixed): 37 requests over one group — one program per
    head takes them all (the warp decode: its four warps about nine each) — or five (seven to eight each), the next
    request's loads in flight while the current one computes."""
    from leapquant.kernels.decoder import LeapDecoder
    cfg = config(decode=program, family=family)
    d = LeapDecoder(cfg)
    d.groups = groups
    w = kb.check_decode(cfg, N=37, windows=4, seed=groups, decoder=d)
    assert kb.check_ok(w), (cfg.tag, w)


@pytest.mark.slow
@pytest.mark.parametrize("family,layout,start", [
    pytest.param(family, layout, start, id=f"{family}-{layout}-{start}") for family in FAMILIES for layout in LAYOUTS
    for start in ("random", "zeroed")])
def test_default_programs_at_batch_512_match_reference(kb, family, layout, start):
    """The default configuration (window 16, rank 4, INT8, the programs the registry chooses) on a model's heads
    (H = HV = 32) at 512 requests: from random states, and with every slot's buffers zeroed (keys too: an engine that
    zeroes slots; the boundaries' Gram–Schmidt completes zero keys by e_a)."""
    cfg = config(family=family, layout=layout, H=32, HV=32)
    w = kb.check_decode(cfg, N=512, slots=520, windows=2, seed=5, start=start)
    assert kb.check_ok(w), (start, w)


@pytest.mark.parametrize("family,streams", [
    pytest.param(family, streams, id=f"{family}-streams{streams}") for family in FAMILIES for streams in (1, 3)])
def test_boundary_on_a_side_stream_gives_the_same_steps(kb, family, streams):
    """LeapDecoder.step(boundary_stream=...): three layers stepped in turn, each boundary on a side stream (one shared
    by the layers, or one per layer, so that the boundaries of different layers overlap each other as well as the next
    layers' decodes) — outputs and states bit-equal to the in-line boundary's."""
    from leapquant.kernels.decoder import LeapDecoder
    cfg = config(family=family, window=4, rank=2)
    gen = torch.Generator(device="cuda").manual_seed(9)
    N, layers = 37, 3
    pools = [ragged_pool(kb, cfg, N, gen) for _ in range(layers)]
    twins = [p.clone() for p in pools]
    decs, inline = [LeapDecoder(cfg) for _ in range(layers)], [LeapDecoder(cfg) for _ in range(layers)]
    sides = [torch.cuda.Stream() for _ in range(streams)]
    for _ in range(3 * cfg.window + 1):
        x = kb.make_inputs(family, N, cfg.H, cfg.HV, cfg.K, cfg.V, "cuda", gen)
        idx = torch.randperm(N, device="cuda", generator=gen).to(torch.int32)
        for lay in range(layers):
            o = decs[lay].step(pools[lay], *x, idx, boundary_stream=sides[lay % streams])
            assert torch.equal(o, inline[lay].step(twins[lay], *x, idx)), lay
    for d in decs:
        d.join()
    torch.cuda.synchronize()
    for lay, (a, b) in enumerate(zip(pools, twins, strict=True)):
        assert_same_pools(a, b, (lay,))


@pytest.mark.parametrize("program,family,layout", programs_by_shape("decode", window=4, rank=2))
def test_steps_replay_from_a_cuda_graph(kb, program, family, layout):
    """A serving engine's capture: `window` steps (both launches, the host-alternated list counter) in a CUDA graph,
    replayed twice — the pool and the outputs equal to eager steps'."""
    from leapquant.kernels.decoder import LeapDecoder
    cfg = config(decode=program, family=family, layout=layout, window=4, rank=2)
    gen = torch.Generator(device="cuda").manual_seed(3)
    N = 12
    st = ragged_pool(kb, cfg, N, gen)
    x = kb.make_inputs(family, N, cfg.H, cfg.HV, cfg.K, cfg.V, "cuda", gen)
    idx = torch.randperm(N, device="cuda", generator=gen).to(torch.int32)
    eager, graphed = st.clone(), st.clone()
    de, dg = LeapDecoder(cfg), LeapDecoder(cfg)
    oe = torch.empty(N, cfg.HV, cfg.V, device="cuda")
    og = torch.empty_like(oe)
    dg.step(graphed.clone(), *x, idx, out=og)   # outside the capture (buffers, compile); `window` (even) captured
    torch.cuda.synchronize()                     # steps then leave the list counters as the next replay expects them
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(cfg.window):
            dg.step(graphed, *x, idx, out=og)
    for _ in range(2):
        graph.replay()
        for _ in range(cfg.window):
            de.step(eager, *x, idx, out=oe)
    torch.cuda.synchronize()
    assert_same_pools(eager, graphed)
    assert torch.equal(oe, og)


@pytest.mark.parametrize("family,pass_temporaries", [
    pytest.param(family, passed, id=f"{family}-" + ("wnext-passed" if passed else "wnext-allocated"))
    for family in FAMILIES for passed in (True, False)])
def test_layers_with_side_streams_replay_from_a_cuda_graph(kb, family, pass_temporaries):
    """`window` steps of three layers, each layer's boundary on one of two side streams, captured in a CUDA graph (fork
    and join captured) and replayed twice — every pool and output equal to in-line eager steps'. Without `wnext`
    passed in, each step allocates it inside the capture and its boundary reads it on a side stream: the decoder holds
    it until join(), so that no later allocation of the capture takes its memory meanwhile."""
    from leapquant.kernels.decoder import LeapDecoder
    cfg = config(family=family, window=4, rank=2)
    gen = torch.Generator(device="cuda").manual_seed(5)
    N, layers = 12, 3
    pools = [ragged_pool(kb, cfg, N, gen) for _ in range(layers)]
    eager, graphed = [p.clone() for p in pools], [p.clone() for p in pools]
    x = kb.make_inputs(family, N, cfg.H, cfg.HV, cfg.K, cfg.V, "cuda", gen)
    idx = torch.randperm(N, device="cuda", generator=gen).to(torch.int32)
    de, dg = [LeapDecoder(cfg) for _ in range(layers)], [LeapDecoder(cfg) for _ in range(layers)]
    oe = [torch.empty(N, cfg.HV, cfg.V, device="cuda") for _ in range(layers)]
    og = [torch.empty_like(o) for o in oe]
    wn = [torch.empty(N, dtype=torch.int32, device="cuda") for _ in range(layers)]
    sides = [torch.cuda.Stream() for _ in range(2)]

    def graphed_steps(pool):
        for lay in range(layers):
            dg[lay].step(pool[lay], *x, idx, out=og[lay], wnext=wn[lay] if pass_temporaries else None,
                         boundary_stream=sides[lay % 2])
    graphed_steps([p.clone() for p in graphed])   # outside the capture (buffers, compile); parities as above
    for d in dg:
        d.join()
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(cfg.window):
            graphed_steps(graphed)
        for d in dg:
            d.join()
    for _ in range(2):
        graph.replay()
        for _ in range(cfg.window):
            for lay in range(layers):
                de[lay].step(eager[lay], *x, idx, out=oe[lay])
    torch.cuda.synchronize()
    for lay in range(layers):
        assert_same_pools(eager[lay], graphed[lay], (lay,))
        assert torch.equal(oe[lay], og[lay]), lay


@pytest.mark.parametrize("family,format,layout", [("gdn", "int8", "v_first"), ("kda", "int8", "k_first"),
                                                  ("gdn", "bf16", "k_first"), ("kda", "bf16", "v_first")])
def test_perstep_matches_reference(kb, family, format, layout):
    """The per-step baselines (the FP32 update of the dequantized state, re-quantized every token) against
    naive.perstep_step_ref over 20 steps from random states."""
    from leapquant.kernels.perstep import PerStepConfig
    cfg = PerStepConfig(family=family, format=format, layout=layout, H=2, HV=4, out_dtype="float32")
    w = kb.check_perstep(cfg, N=9)
    assert not w["nan"] and w["out"] <= 1e-3, w
