"""Kernel vs the PyTorch reference on the GPU (skipped without CUDA): outputs and reconstructed states
over four windows, random and outlier-heavy inputs, batch 1 to 512, ragged window positions, both layouts,
outputs pre-filled with NaN. ‖out − ref‖/‖ref‖ ≤ 1e-3 per step (the reference restarts from the kernel's
state every step; see bench.check_decode and check_ok); the reconstructed states agree to 1e-3 (for INT4, whose
grid is 18x coarser than INT8's, once residual codes one step apart — rounding ties of two summation orders — are
set aside, such codes being at most 1e-3 of all)."""
import pytest
import torch

pytestmark = [pytest.mark.cuda,
              pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")]


@pytest.fixture(scope="module")
def kb():
    pytest.importorskip("tilelang")
    from leapquant.kernels import bench
    return bench


CASES = [(kind, vf, mode, p, r) for kind in ("gdn", "kda") for vf in (True, False)
         for mode, p, r in (("leap", 4, 2), ("leap", 16, 4))] + [("gdn", True, "window_bf16", 4, 0),
                                                                  ("kda", False, "window_bf16", 4, 0)]


@pytest.mark.parametrize("kind,v_first,mode,p,r", CASES)
@pytest.mark.parametrize("N,outliers", [(1, False), (37, False), (16, True)])
def test_decode_matches_reference(kb, kind, v_first, mode, p, r, N, outliers):
    from leapquant.kernels.decode import DecodeConfig
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, v_first=v_first, mode=mode, out_dtype="float32")
    assert cfg.zrows == cfg.pipe == (v_first and mode == "leap")   # the default: v6 pipelined wherever it applies
    w = kb.check_decode(cfg, N=N, windows=4, outliers=outliers, seed=N)
    assert kb.check_ok(w), w


@pytest.mark.parametrize("start", ["fresh", "zeroed"])
@pytest.mark.parametrize("kind,v_first,extra", [("gdn", True, {}), ("kda", True, {}), ("gdn", False, {}),
                                                ("gdn", True, {"bchol": True}), ("kda", True, {"zfmt": "fp8e4m3"})],
                         ids=["gdn-vf-v12", "kda-vf-v12", "gdn-kf-v7", "gdn-vf-v12-chol", "kda-vf-fp8-v6"])
@pytest.mark.parametrize("N", [37, 512])
def test_new_requests_match_reference_and_keep_their_compensators(kb, kind, v_first, extra, N, start):
    """Every slot a new request — LeapState.reset's zero state with the cold-start keys (session 20) or all buffers
    zeroed, keys too (the boundaries' Gram–Schmidt completing zero keys by e_a, session 21) — through each boundary
    program (v12 by MGS and by Cholesky QR, v7, v6) over four windows: within tolerance of the reference, and no
    compensator key left zero (check_ok)."""
    from leapquant.kernels.decode import DecodeConfig
    cfg = DecodeConfig(kind=kind, H=2, HV=4, v_first=v_first, out_dtype="float32", **extra)
    w = kb.check_decode(cfg, N=N, windows=4, seed=N, start=start)
    assert w["dead_keys"] == 0 and kb.check_ok(w), w


@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("BV,threads,dminblocks,zrows", [(64, 128, None, True), (64, 128, 0, True), (64, 128, 0, False),
                                                          (128, 256, 0, True)])
def test_decode_read_variants_match_reference(kb, kind, BV, threads, dminblocks, zrows):
    """The one-program-per-request decodes (pipe=False) with the V-first INT8 Z reads the default does not take
    (v4b's zrows at 6 programs per SM — the default before v6 — and without the bound or with BV = 128; v4a's
    shared tile): ragged positions, 37 requests, p = 4 and 16."""
    from leapquant.kernels.decode import DecodeConfig
    for p, r in ((4, 2), (16, 4)):
        cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, v_first=True, out_dtype="float32", BV=BV, threads=threads,
                           dminblocks=dminblocks, zrows=zrows, pipe=False)
        w = kb.check_decode(cfg, N=37, windows=3, seed=11)
        assert kb.check_ok(w), (p, r, w)


@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("N,outliers,groups", [(1, False, None), (37, False, 5), (16, True, 3), (200, False, None)])
def test_pipelined_decode_matches_reference(kb, kind, N, outliers, groups):
    """v6 persistent pipelined decode: each program walks several requests (37 over 5 groups: 7–8 each; 200 over
    the grid the host picks), the loads of the next in flight while it computes the current one."""
    from leapquant.kernels.decode import DecodeConfig, LeapDecoder
    for p, r in ((4, 2), (16, 4)):
        cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, v_first=True, out_dtype="float32", pipe=True)
        d = LeapDecoder(cfg)
        d.groups = groups
        w = kb.check_decode(cfg, N=N, windows=4 if N < 200 else 2, outliers=outliers, seed=N + p, decoder=d)
        assert kb.check_ok(w), (p, r, w)


@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("streams", [1, 3])
def test_boundary_on_a_side_stream_gives_the_same_steps(kb, kind, streams):
    """LeapDecoder.step(boundary_stream=...): three layers stepped in turn, each boundary on a side stream (one shared
    by the layers, or one per layer, so that the boundaries of different layers overlap each other as well as the
    next layers' decodes) — outputs and states bit-equal to the in-line boundary."""
    import torch

    from leapquant.kernels.decode import DecodeConfig, LeapDecoder
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=4, r=2, v_first=True, out_dtype="float32")
    gen = torch.Generator(device="cuda").manual_seed(9)
    N, layers = 37, 3
    pools = [kb._leap_pool(cfg, N, "cuda", gen) for _ in range(layers)]
    twins = [p.clone() for p in pools]
    decs, decs_inline = [LeapDecoder(cfg) for _ in range(layers)], [LeapDecoder(cfg) for _ in range(layers)]
    sides = [torch.cuda.Stream() for _ in range(streams)]
    for _ in range(3 * cfg.p + 1):
        x = kb.make_inputs(kind, N, cfg.H, cfg.HV, cfg.K, cfg.V, "cuda", gen)
        idx = torch.randperm(N, device="cuda", generator=gen).to(torch.int32)
        for lay in range(layers):
            o = decs[lay].step(pools[lay], *x, idx, boundary_stream=sides[lay % streams])
            o_inline = decs_inline[lay].step(twins[lay], *x, idx)
            assert torch.equal(o, o_inline)
    for d in decs:
        d.join()
    torch.cuda.synchronize()
    for a, b in zip(pools, twins):
        for name in ("Z", "c", "B", "Kc", "Uc", "rk", "ru", "rg", "window_pos"):
            assert torch.equal(getattr(a, name), getattr(b, name)), name


@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("pass_temporaries", [True, False])
def test_layers_with_side_streams_replay_from_a_cuda_graph(kb, kind, pass_temporaries):
    """What a serving engine captures: p steps of three layers, each layer's boundary on one of two side streams, in a
    CUDA graph (fork and join captured), replayed twice — every pool and output equal to in-line eager steps. Without
    `wnext` passed in, each step allocates it inside the capture and its boundary reads it on a side stream: the
    decoder holds it until join(), so that no later allocation of the capture takes its memory meanwhile."""
    from leapquant.kernels.decode import DecodeConfig, LeapDecoder
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=4, r=2, v_first=True, out_dtype="float32")
    gen = torch.Generator(device="cuda").manual_seed(5)
    N, layers = 12, 3
    pools = [kb._leap_pool(cfg, N, "cuda", gen) for _ in range(layers)]
    eager, graphed = [p.clone() for p in pools], [p.clone() for p in pools]
    x = kb.make_inputs(kind, N, 2, 4, 128, 128, "cuda", gen)
    idx = torch.randperm(N, device="cuda", generator=gen).to(torch.int32)
    de, dg = [LeapDecoder(cfg) for _ in range(layers)], [LeapDecoder(cfg) for _ in range(layers)]
    oe = [torch.empty(N, 4, 128, device="cuda") for _ in range(layers)]
    og = [torch.empty_like(o) for o in oe]
    wn = [torch.empty(N, dtype=torch.int32, device="cuda") for _ in range(layers)]
    sides = [torch.cuda.Stream() for _ in range(2)]

    def graphed_steps(pool):
        for lay in range(layers):
            dg[lay].step(pool[lay], *x, idx, out=og[lay], wnext=wn[lay] if pass_temporaries else None,
                         boundary_stream=sides[lay % 2])
    graphed_steps([p.clone() for p in graphed])   # outside the capture (buffers, compile); parities as in the test above
    for d in dg:
        d.join()
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(cfg.p):
            graphed_steps(graphed)
        for d in dg:
            d.join()
    for _ in range(2):
        graph.replay()
        for _ in range(cfg.p):
            for lay in range(layers):
                de[lay].step(eager[lay], *x, idx, out=oe[lay])
    torch.cuda.synchronize()
    for lay in range(layers):
        for name in ("Z", "c", "B", "Kc", "Uc", "rk", "ru", "rg", "window_pos"):
            assert torch.equal(getattr(eager[lay], name), getattr(graphed[lay], name)), (lay, name)
        assert torch.equal(oe[lay], og[lay]), lay


@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("N", [1, 37, 64, 100])
@pytest.mark.parametrize("bv12", [None, False])
def test_small_batch_switch_matches_reference(kb, kind, N, bv12):
    """Below cfg.small_batch (64) requests the decoder runs the persistent decode in one wave and, with the v7
    boundary (bv12=False), its 512-thread form; at and above it, v7 at 256 threads. The default v12 boundary serves
    both sides itself. Both sides of the switch against the reference, at the default grid."""
    from leapquant.kernels.decode import DecodeConfig, LeapDecoder
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=4, r=2, v_first=True, out_dtype="float32", bv12=bv12)
    assert cfg.bv7 and cfg.small_batch == 64 and cfg.bv12 == (bv12 is None)
    d = LeapDecoder(cfg)
    w = kb.check_decode(cfg, N=N, windows=4 if N < 100 else 2, seed=N + 11, decoder=d)
    assert kb.check_ok(w), w
    assert (d.kernels.small_boundary is not None) == (N < 64 and not cfg.bv12)


@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("shape", [dict(BV=64, threads=128), dict(BV=128, threads=256, dminblocks=3), dict(BV=128, threads=128)])
@pytest.mark.parametrize("N,outliers,groups", [(37, False, 5), (16, True, 3)])
def test_pipelined_decode_with_z_in_shared_memory_matches_reference(kb, kind, shape, N, outliers, groups):
    """v7 (pipe_zsmem): the Z tile through double-buffered shared memory, so that one program can take a whole head
    (BV = 128 on 256 or 128 threads) — programs walking 3 to 8 requests."""
    from leapquant.kernels.decode import DecodeConfig, LeapDecoder
    for p, r in ((4, 2), (16, 4)):
        cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, v_first=True, out_dtype="float32", pipe=True,
                           pipe_zsmem=True, **shape)
        d = LeapDecoder(cfg)
        d.groups = groups
        w = kb.check_decode(cfg, N=N, windows=4, outliers=outliers, seed=N + p, decoder=d)
        assert kb.check_ok(w), (p, r, w)


def _check_pipelined(kb, pr, N, outliers, groups, seed, **fields):
    """The V-first decode of DecodeConfig(H 2, HV 4, fp32 outputs, **fields) against the reference over four windows
    at each (p, r) of `pr`; `groups` fixes the persistent grid (few groups: long walks); seed: N + p + `seed`.
    Returns the configurations checked."""
    from leapquant.kernels.decode import DecodeConfig, LeapDecoder
    cfgs = []
    for p, r in pr:
        cfg = DecodeConfig(H=2, HV=4, p=p, r=r, v_first=True, out_dtype="float32", **fields)
        d = LeapDecoder(cfg)
        if groups:
            d.groups = groups
        w = kb.check_decode(cfg, N=N, windows=4, outliers=outliers, seed=N + p + seed, decoder=d)
        assert kb.check_ok(w), (p, r, w)
        cfgs.append(cfg)
    return cfgs


@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("z1", [False, True])   # v8, v9 (explicit: KDA's default is v9, GDN's v8)
@pytest.mark.parametrize("shape", [dict(), dict(pipe_zsmem=True, BV=128, threads=256, dminblocks=3),
                                   dict(pipe_zsmem=True, BV=64, threads=128)])
@pytest.mark.parametrize("N,outliers,groups", [(1, False, None), (37, False, 5), (16, True, 3), (200, False, None)])
def test_pipelined_decode_on_tensor_cores_matches_reference(kb, kind, z1, shape, N, outliers, groups):
    """v8 (pipe_zmma): the Z products on INT8 tensor cores, the two vectors as three byte digits of a 22-bit
    fixed-point value (naive.zdot_int8_mma) — whole heads (the v7 default shape), 256 threads (one 16-row block
    per warp) and BV 64; programs walking 1 to 8 requests. v9 (pipe_z1): one Z buffer refilled warp by warp."""
    for cfg in _check_pipelined(kb, ((4, 2), (16, 4)), N, outliers, groups, 1, kind=kind, pipe_zmma=True,
                                pipe_z1=z1, pipe_warp=False, **shape):
        assert cfg.pipe_zsmem and cfg.pipe_zmma


@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("z1", [False, True])
@pytest.mark.parametrize("N,outliers,groups", [(1, False, None), (37, False, 5), (16, True, 3), (200, False, None)])
def test_pipelined_decode_digit_table_matches_reference(kb, kind, z1, N, outliers, groups):
    """v10 (pipe_zdig, opt-in): the mma's digit columns built once per request in a shared table (thread d: key d;
    the vectors' maxima over the warps' maxima) — the same bits as v8's per-lane digits; on v8 and v9."""
    for cfg in _check_pipelined(kb, ((4, 2), (16, 4)), N, outliers, groups, 2, kind=kind, pipe_zmma=True,
                                pipe_z1=z1, pipe_zdig=True):
        assert cfg.pipe_zdig


@pytest.mark.parametrize("z1", [False, True])
@pytest.mark.parametrize("N,outliers,groups", [(1, False, None), (37, False, 5), (16, True, 3), (200, False, None),
                                               (512, False, None)])
def test_pipelined_decode_dot_products_on_tensor_cores_matches_reference(kb, z1, N, outliers, groups):
    """v13 (pipe_dtc, GDN): the key-length dot products (records, compensators, kᵀq) on TF32 tensor cores, the
    vectors as hi + lo pairs — one to three 16-row blocks (p + r + 1 = 7 to 41 rows), r 0 (no compensator rows), on
    v8 and v9, programs walking 1 to 8 requests."""
    for cfg in _check_pipelined(kb, ((4, 2), (16, 4), (16, 0), (32, 8)), N, outliers, groups, 3, kind="gdn",
                                pipe_zmma=True, pipe_z1=z1, pipe_dtc=True):
        assert cfg.pipe_dtc


@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("ahead", [False, True])
@pytest.mark.parametrize("N,outliers,groups", [(1, False, None), (37, False, 5), (37, False, 1), (16, True, 3),
                                               (200, False, None), (512, False, None)])
def test_warp_decode_matches_reference(kb, kind, ahead, N, outliers, groups):
    """v14 (pipe_warp): one warp per (request, head), no block barriers — p, r = 4, 2 / 16, 4 / 16, 0 / 16, 8, warps
    walking 1 to 10 requests (groups 1 at N 37: 4 warps per head), the v12 boundary between windows; `ahead`
    (warp_ahead): the request's inputs and first Z blocks one request ahead."""
    for cfg in _check_pipelined(kb, ((4, 2), (16, 4), (16, 0), (16, 8)), N, outliers, groups, 4, kind=kind,
                                pipe_warp=True, warp_ahead=ahead):
        assert cfg.pipe_warp and not cfg.pipe_z1 and cfg.warp_ahead == ahead


@pytest.mark.parametrize("gsuffix", [False, True])
@pytest.mark.parametrize("N,outliers,groups", [(1, False, None), (37, False, 1), (16, True, 3), (512, False, None)])
def test_warp_decode_fast_decays_match_reference(kb, gsuffix, N, outliers, groups):
    """KDA's v14 with its record decays by ex2.approx on every record (warp_fexp), and from suffix sums in one pass
    (warp_gsuffix) — p, r = 4, 2 / 16, 4 / 16, 0 / 16, 8 over four windows."""
    for cfg in _check_pipelined(kb, ((4, 2), (16, 4), (16, 0), (16, 8)), N, outliers, groups, 4, kind="kda",
                                pipe_warp=True, warp_fexp=True, warp_gsuffix=gsuffix):
        assert cfg.pipe_warp and cfg.warp_fexp and cfg.warp_gsuffix == gsuffix


@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("shape", [dict(BV=64, threads=128), dict()])   # dict(): the INT4 default (zsmem, BV 128, 256 thr.)
@pytest.mark.parametrize("N,outliers,groups", [(1, False, None), (37, False, 5), (16, True, 3)])
def test_pipelined_decode_int4_matches_reference(kb, kind, shape, N, outliers, groups):
    """The pipelined decode on INT4 residuals (opt-in: pipe=True): 16 codes per lane from 8 bytes, nibbles
    turned into floats by PRMT, as INT8's bytes."""
    from leapquant.kernels.decode import DecodeConfig, LeapDecoder
    for p, r in ((4, 2), (16, 4)):
        cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, v_first=True, out_dtype="float32", zfmt="int4", pipe=True,
                           **shape)
        d = LeapDecoder(cfg)
        d.groups = groups
        w = kb.check_decode(cfg, N=N, windows=4, outliers=outliers, seed=N + 5 * p, decoder=d)
        assert kb.check_ok(w), (p, r, w)


@pytest.mark.parametrize("kind,v_first", [("gdn", True), ("kda", False), ("kda", True)])
@pytest.mark.parametrize("N,outliers", [(1, False), (37, False), (16, True)])
def test_boundary_v5_matches_reference(kb, kind, v_first, N, outliers):
    """v5 boundary (trips from the count, one-warp Gram–Schmidt): the same checks as the default."""
    from leapquant.kernels.decode import DecodeConfig
    for p, r in ((4, 2), (16, 4)):
        cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, v_first=v_first, out_dtype="float32", bv5=True, bv6=False)
        w = kb.check_decode(cfg, N=N, windows=4, outliers=outliers, seed=N + p)
        assert kb.check_ok(w), (p, r, w)


@pytest.mark.parametrize("kind,v_first", [("gdn", True), ("kda", False), ("kda", True), ("gdn", False)])
@pytest.mark.parametrize("N,outliers", [(1, False), (37, False), (16, True)])
@pytest.mark.parametrize("zfmt", ["fp8e4m3", "int4"])
def test_decode_other_residual_formats_match_reference(kb, kind, v_first, N, outliers, zfmt):
    """FP8 E4M3 (codes up to 448) and INT4 (codes −7..7, two per byte) residuals: the shared-tile read, same scales."""
    from leapquant.kernels.decode import DecodeConfig
    for p, r in ((4, 2), (16, 4)):
        cfg = DecodeConfig(kind=kind, H=2, HV=4, p=p, r=r, v_first=v_first, out_dtype="float32", zfmt=zfmt,
                           pipe=False)   # the shared-tile read (INT4's default V-first decode is the pipelined one)
        assert not cfg.zrows
        w = kb.check_decode(cfg, N=N, windows=4, outliers=outliers, seed=N + 3 * p)
        assert kb.check_ok(w), (p, r, w)


@pytest.mark.parametrize("bv5,bv6,bv7,bv12", [(False, False, False, False), (True, False, False, False),
                                              (True, True, False, False), (True, True, True, False), (True, True, True, True)])
def test_boundary_grid_of_one_program_per_head_takes_every_request(kb, bv5, bv6, bv7, bv12):
    """The overflow path: a boundary grid of C = 1 makes one program per head refit all due requests in turn."""
    from leapquant.kernels.decode import DecodeConfig, LeapDecoder
    cfg = DecodeConfig(kind="gdn", H=2, HV=4, p=4, r=2, v_first=True, out_dtype="float32", bv5=bv5, bv6=bv6, bv7=bv7,
                       bv12=bv12)
    d = LeapDecoder(cfg)
    d.cap = 1
    w = kb.check_decode(cfg, N=37, windows=4, seed=7, decoder=d)
    assert kb.check_ok(w), w


@pytest.mark.slow
@pytest.mark.parametrize("v_first,pipe", [(True, False), (False, False), (True, True)])
def test_decode_batch_512(kb, v_first, pipe):
    from leapquant.kernels.decode import DecodeConfig
    cfg = DecodeConfig(kind="gdn", H=32, HV=32, p=4, r=2, v_first=v_first, out_dtype="float32", pipe=pipe)
    w = kb.check_decode(cfg, N=512, slots=520, windows=4, seed=5)
    assert kb.check_ok(w), w


@pytest.mark.parametrize("kind,mode,v_first", [("gdn", "int8", True), ("kda", "int8", False), ("gdn", "bf16", False)])
def test_perstep_matches_reference(kb, kind, mode, v_first):
    from leapquant.kernels.decode import PerStepConfig
    w = kb.check_perstep(PerStepConfig(kind=kind, H=2, HV=4, mode=mode, v_first=v_first, out_dtype="float32"), N=9)
    assert not w["nan"] and w["out"] <= 1e-3, w


@pytest.mark.parametrize("kind", ["gdn", "kda"])
def test_steps_replay_from_a_cuda_graph(kb, kind):
    """`bench --graphs` captures p decode steps (both launches, the host-alternated list counter) and FLA's kernel
    in CUDA graphs: the capture must work, and a replayed step must leave the pool as an eager step does."""
    from leapquant.kernels.decode import DecodeConfig, LeapDecoder
    cfg = DecodeConfig(kind=kind, H=2, HV=4, p=4, r=2, v_first=True, out_dtype="float32")
    gen = torch.Generator(device="cuda").manual_seed(3)
    st = kb._leap_pool(cfg, 12, "cuda", gen)
    x = kb.make_inputs(kind, 12, 2, 4, 128, 128, "cuda", gen)
    idx = torch.randperm(12, device="cuda", generator=gen).to(torch.int32)
    eager, graphed = st.clone(), st.clone()
    d1, d2 = LeapDecoder(cfg), LeapDecoder(cfg)
    o1 = torch.empty(12, 4, 128, device="cuda")
    o2 = torch.empty_like(o1)
    d2.step(graphed.clone(), *x, idx, out=o2)          # first call outside the capture (buffers, compile); its
    # list counter is left as the next step expects it (d2 continues at the other parity: p steps per replay, even)
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(cfg.p):
            d2.step(graphed, *x, idx, out=o2)
    for _ in range(2):                                  # two replays = 2p steps
        graph.replay()
        for _ in range(cfg.p):
            d1.step(eager, *x, idx, out=o1)
    torch.cuda.synchronize()
    assert torch.equal(eager.window_pos, graphed.window_pos)
    assert torch.equal(eager.Z, graphed.Z) and torch.equal(eager.rk, graphed.rk)
    assert torch.equal(o1, o2)
    us, _ = kb.bench_fla(kind, 4, H=2, HV=4, graphs=True)
    assert us > 0
