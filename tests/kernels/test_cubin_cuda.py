"""Prebuilt kernels (cubins and launch descriptions, leapquant.kernels.artifact) on the GPU: launched through the CUDA
driver they compute bit for bit what TileLang's own compiled kernels compute, eagerly and replayed from a CUDA graph,
and a cubin for another architecture is refused; the same for launches from a tuner KernelStore (skipped
without CUDA)."""
import pytest
import torch

from leapquant.errors import InputError

from ._cuda_cases import assert_same_pools, config, ragged_pool

pytestmark = [pytest.mark.cuda, pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")]

CASES = [dict(family="gdn"), dict(family="kda", format="int4"), dict(family="gdn", decode="tile", layout="k_first"),
         dict(family="kda", boundary="smem", window=8, rank=2)]


@pytest.fixture(scope="module")
def kb():
    pytest.importorskip("tilelang")
    from leapquant.kernels import checks
    return checks


def _prebuilt(cfg, tmp_path):
    from leapquant.kernels import artifact
    from leapquant.kernels.decoder import LeapDecoder, local_arch
    from leapquant.recipe_fields import Artifact
    arch = local_arch()
    files = artifact.write(artifact.build(cfg, arch), arch, tmp_path)
    import hashlib
    arts = [Artifact(name=n, sha256=hashlib.sha256((tmp_path / n).read_bytes()).hexdigest(), **meta)
            for n, meta in files.items()]
    return LeapDecoder(cfg, kernels=artifact.step_kernels(tmp_path, arts, cfg, arch)), arts


@pytest.mark.parametrize("fields", CASES, ids=lambda f: "-".join(f"{k}={v}" for k, v in f.items()))
def test_prebuilt_kernels_match_compiled_kernels_bit_for_bit(kb, fields, tmp_path):
    """Three windows of steps at 37 requests (the small-batch boundary) and 300 (the configured one)."""
    from leapquant.kernels.decoder import LeapDecoder
    cfg = config(**fields, small_batch=64)
    pre, _ = _prebuilt(cfg, tmp_path)
    _agree(kb, cfg, LeapDecoder(cfg), pre, seed=5)


def _agree(kb, cfg, jit, pre, seed: int) -> None:
    """`jit` and `pre` give equal outputs and pools over three windows of steps at 37 and 300 requests."""
    gen = torch.Generator(device="cuda").manual_seed(seed)
    for N in (37, 300):
        a = ragged_pool(kb, cfg, N + 3, gen)
        b = a.clone()
        for _ in range(3 * cfg.window):
            idx = torch.randperm(N + 3, device="cuda", generator=gen)[:N].to(torch.int32)
            x = kb.make_inputs(cfg.family, N, cfg.H, cfg.HV, cfg.K, cfg.V, "cuda", gen)
            assert torch.equal(jit.step(a, *x, idx), pre.step(b, *x, idx)), (cfg.tag, N)
        torch.cuda.synchronize()
        assert_same_pools(a, b, (cfg.tag, N))


def test_prebuilt_kernels_replay_from_a_cuda_graph(kb, tmp_path):
    """Two steps captured once and replayed five times give the pool and outputs of ten eager steps."""
    from leapquant.kernels.decoder import LeapDecoder
    cfg = config(family="gdn")
    pre, _ = _prebuilt(cfg, tmp_path)
    gen = torch.Generator(device="cuda").manual_seed(6)
    N = 64
    b = ragged_pool(kb, cfg, N, gen)
    x = kb.make_inputs(cfg.family, N, cfg.H, cfg.HV, cfg.K, cfg.V, "cuda", gen)
    idx = torch.randperm(N, device="cuda", generator=gen).to(torch.int32)
    out = torch.empty(N, cfg.HV, cfg.V, device="cuda")
    for _ in range(2):                        # warm-up: modules loaded and buffers sized outside the capture
        pre.step(b, *x, idx, out=out)
    torch.cuda.synchronize()
    a = b.clone()
    eager = LeapDecoder(cfg, kernels=pre.kernels)
    eager._par = pre._par
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(2):
            pre.step(b, *x, idx, out=out)
    for _ in range(5):
        graph.replay()
    for _ in range(10):
        ref = eager.step(a, *x, idx)
    torch.cuda.synchronize()
    assert torch.equal(out, ref)
    assert_same_pools(a, b)


def test_a_cubin_for_another_architecture_is_refused(kb, tmp_path):
    from leapquant.kernels.cubin import CubinProgram
    from leapquant.kernels.decoder import LeapDecoder
    cfg = config(family="gdn")
    pre, _ = _prebuilt(cfg, tmp_path)
    other = CubinProgram(pre.kernels.decode.launch, pre.kernels.decode.image, "sm_100a" if
                         torch.cuda.get_device_capability()[0] != 10 else "sm_90a")
    dec = LeapDecoder(cfg, kernels=type(pre.kernels)(other, pre.kernels.boundary))
    gen = torch.Generator(device="cuda").manual_seed(7)
    st = ragged_pool(kb, cfg, 8, gen)
    x = kb.make_inputs(cfg.family, 8, cfg.H, cfg.HV, cfg.K, cfg.V, "cuda", gen)
    with pytest.raises(InputError, match="built for sm_"):
        dec.step(st, *x, torch.arange(8, device="cuda", dtype=torch.int32))


@pytest.mark.parametrize("fields", [dict(family="gdn"), dict(family="kda", format="int4", boundary="smem")],
                         ids=["gdn", "kda-int4-smem"])
def test_launches_from_a_tuner_kernel_store_match_compiled_kernels_bit_for_bit(kb, fields, tmp_path):
    """The store keys a launch by what its program depends on, so a measured study loads it for every configuration
    that shares it: the store's decoder computes bit for bit what TileLang's compiled one does (37 and 300
    requests, three windows)."""
    from leapquant.kernels.decoder import LeapDecoder, local_arch
    from tuner.kernel_store import KernelStore
    cfg = config(**fields, small_batch=64)
    store = KernelStore(tmp_path, local_arch())
    assert store.fill([cfg], workers=4) == {} and store.missing([cfg]) == []
    _agree(kb, cfg, LeapDecoder(cfg), LeapDecoder(cfg, local_arch(), store.step_kernels(cfg)), seed=8)
