"""`evolve` replayed as CUDA graphs equals the eager path bit for bit, and non-finite checks still fire.

The deferred checks run everywhere; the graph tests need CUDA and skip cleanly without it.
"""
import warnings

import pytest
import torch

from leapquant import formats, recurrences
from leapquant.formats.base import check_finite, deferred_finite_checks
from leapquant.pipeline import Pipeline, StateStream, preset
from leapquant.recurrences import Dims
from leapquant.window import WindowedState, _evolve_eager, evolve

cuda = pytest.mark.skipif(not torch.cuda.is_available(), reason="CUDA graphs need a CUDA device")


def test_deferred_checks_raise_on_exit_naming_the_format():
    x = torch.randn(4, 8, 8)
    x[2, 3, 1] = float("nan")
    with pytest.raises(ValueError, match="int8: x contains NaN"):
        with deferred_finite_checks() as checks:
            check_finite(torch.randn(8, 8), "bf16")
            check_finite(x, "int8")
            assert len(checks.flags) == 2           # recorded, not raised, inside the block
    with deferred_finite_checks() as checks:          # all finite: no error on exit
        check_finite(torch.randn(3, 5, 5), "int8")
    assert len(checks.flags) == 1 and bool(checks.flags[0])


def test_deferred_checks_raise_the_first_failure_from_replayed_flags():
    with deferred_finite_checks(raise_on_exit=False) as checks:
        check_finite(torch.ones(2, 2), "a")
        check_finite(torch.ones(2, 2), "b")
    checks.raise_if_any(torch.tensor([True, True]))
    with pytest.raises(ValueError, match="^b: "):
        checks.raise_if_any(torch.tensor([True, False]))
    with deferred_finite_checks(raise_on_exit=False) as checks:
        check_finite(torch.tensor([[float("inf"), -float("inf")]]), "c")     # inf + -inf is NaN: caught
    assert not bool(checks.flags[0])


def _run(pipeline, steps, S0, split):
    stream = StateStream(pipeline, S0, seed=0)
    outs = [stream.run(steps.tokens(a, b)) for a, b in zip([0, *split], [*split, steps.num_tokens])]
    return torch.cat(outs, -2), stream.state()


def _plain(pipeline, steps, S0, split):
    """The same pipeline and chunks on the eager path: the reference of the graphed one."""
    stream = StateStream(pipeline, S0, seed=0)
    outs = []
    for a, b in zip([0, *split], [*split, steps.num_tokens]):
        piece = steps.tokens(a, b)
        o, stream.windowed = _evolve_eager(piece, pipeline.window, stream.windowed, stream.quantizer,
                                           pipeline.precision())
        outs.append(o)
    return torch.cat(outs, -2), stream.state()


def _inputs(family, seed=7, T=300):
    spec = recurrences.get(family)
    gen = torch.Generator().manual_seed(seed)
    x = spec.random_inputs(Dims(2, T, 4, 4, 64, 32), gen)
    return spec.steps(**x).to(dtype=torch.float32, device="cuda"), torch.randn(2, 4, 64, 32, generator=gen).cuda()


def _assert_same(pipeline, family, split=(70, 230)):
    steps, S0 = _inputs(family)
    with warnings.catch_warnings():    # a capture that fails falls back to eager: here that is a failure
        warnings.filterwarnings("error", message="CUDA graph capture")
        o, S = _run(pipeline, steps, S0, split=list(split))   # blocks of 64 straddle the chunk edges
    o_ref, S_ref = _plain(pipeline, steps, S0, list(split))
    assert torch.equal(o, o_ref), (o - o_ref).abs().max()
    assert torch.equal(S, S_ref), (S - S_ref).abs().max()


@cuda
@pytest.mark.parametrize("family", ["gdn", "kda", "rwkv7", "delta_product"])
@pytest.mark.parametrize("fmt,options", [("int8", {}), ("bf16", {}), ("int8", {"granularity": "channel"}),
                                         ("fp8-e4m3", {"granularity": "channel"}), ("mxfp4", {}),
                                         ("nvfp4", {}), ("kvquant", {"bits": 4}), ("quarot", {"bits": 8}),
                                         ("turboquant", {"bits": 4})])
def test_graphed_per_step_equals_the_eager_loop(family, fmt, options):
    _assert_same(Pipeline(format=fmt, format_options=options, window=1, records="exact", rank=0, smoother="none"),
                 family)


@cuda
@pytest.mark.parametrize("family", ["gdn", "kda", "rwkv7"])
@pytest.mark.parametrize("config", ["bf16-w", "int8-w", "leapquant", "leapquant-4"])
def test_graphed_windows_equal_the_eager_path(family, config):
    """Windowed pipelines: FP16 records, compensators with warm-started power iteration, smoothing."""
    _assert_same(preset(config), family, split=(64, 240))


@cuda
@pytest.mark.parametrize("family", ["gdn", "kda"])
@pytest.mark.parametrize("every", [2, 3])
def test_graphed_refit_schedule_equals_the_eager_path(family, every):
    """A refit every k windows (its boundary count carried on the device) replays bit for bit; k 3 does not divide
    the block's windows, so replays start at every refit phase."""
    _assert_same(Pipeline(format="int8", window=16, rank=4, refit_every=every), family, split=(64, 240))


@cuda
@pytest.mark.parametrize("smoother", ["hadamard", "smoothquant"])
def test_graphed_fitters_and_smoothers(smoother):
    p = Pipeline(format="int8", window=8, rank=3, fitter="power", smoother=smoother)
    _assert_same(p, "gdn", split=(64, 200))


@cuda
def test_graphed_exact_reference():
    steps, S0 = _inputs("kda")
    state = WindowedState.start(S0.double())
    o, state = evolve(steps.to(dtype=torch.float64), 16, state)
    o_ref, ref = _evolve_eager(steps.to(dtype=torch.float64), 16, WindowedState.start(S0.double()))
    assert torch.equal(o, o_ref) and torch.equal(state.state(), ref.state())


@cuda
def test_graphed_per_step_raises_on_a_non_finite_state():
    spec = recurrences.get("gdn")
    x = spec.random_inputs(Dims(1, 200, 2, 2, 32, 32), torch.Generator().manual_seed(1))
    steps = spec.steps(**x).to(dtype=torch.float32, device="cuda")
    steps.v[..., 150, 3] = float("inf")
    p = Pipeline(format="int8", window=1, records="exact", rank=0, smoother="none")
    with pytest.raises(ValueError, match="int8: x contains NaN or Inf"):
        StateStream(p, torch.zeros(1, 2, 32, 32, device="cuda")).run(steps)


@cuda
def test_graph_is_captured_once_per_stream():
    from leapquant import cuda_graphs

    spec = recurrences.get("gdn")
    x = spec.random_inputs(Dims(1, 256, 2, 2, 32, 32), torch.Generator().manual_seed(2))
    steps = spec.steps(**x).to(dtype=torch.float32, device="cuda")
    p = Pipeline(format="bf16", window=1, records="exact", rank=0, smoother="none")
    stream = StateStream(p, torch.zeros(1, 2, 32, 32, device="cuda"))
    for t in range(0, 256, 128):
        stream.run(steps.tokens(t, t + 128))
    graphs = cuda_graphs._GRAPHS[stream.quantizer]
    assert len(graphs) == 1 and next(iter(graphs.values())) is not None


def test_stochastic_or_randomized_boundaries_are_not_graph_safe():
    assert Pipeline(format="int8", window=1, rank=0, smoother="none").boundary().graph_safe
    assert Pipeline(format="int8", window=16, rank=4).boundary().graph_carry == ("keys",)
    assert not Pipeline(format="int8", window=16, rank=4, fitter="rsvd").boundary().graph_safe
    assert not Pipeline(format="int8", window=16, rank=4, fitter="svd").boundary().graph_safe  # host sync
    assert Pipeline(format="int8", window=16, rank=0, fitter="svd").boundary().graph_safe     # no fit at r = 0
    p = Pipeline(format="int8", format_options={"rounding": "stochastic", "seed": 1}, window=1, rank=0,
                 smoother="none")
    assert not p.boundary().graph_safe
    assert formats.get("int8").options().get("rounding") == "nearest"


def test_rotation_and_codebook_are_made_once_per_device():
    """QuaRot's, TurboQuant's and the Hadamard smoother's constants: a host copy at every step cannot be
    captured (and stalls)."""
    from leapquant.formats._rotation import rotation
    from leapquant.formats.turboquant import _codebook_on

    assert rotation(64, 3, torch.float32, "cpu") is rotation(64, 3, torch.float32, torch.device("cpu"))
    from leapquant.smoothers import HadamardRotation
    like = torch.zeros(2, 64, 8)
    assert HadamardRotation(seed=3).fit(like) is rotation(64, 3, torch.float32, "cpu")   # the smoother's too
    cpu = torch.device("cpu")
    assert _codebook_on(64, 4, torch.float32, cpu)[0] is _codebook_on(64, 4, torch.float32, cpu)[0]


def test_capture_gate_waits_for_runners_to_park():
    """A capture starts only when every other runner is parked at a checkpoint, and runners stay parked
    until it ends (CPU threads; no CUDA needed to hold the protocol)."""
    import threading
    import time

    from leapquant.cuda_graphs import CaptureGate

    gate, log, lock = CaptureGate(), [], threading.Lock()
    inside = threading.Event()
    stop = threading.Event()

    def note(x):
        with lock:
            log.append(x)

    def busy_runner(i):
        with gate.runner():
            while not stop.is_set():
                note(("work", i))      # between checkpoints: CUDA work that a capture must not overlap
                time.sleep(0.005)
                note(("work", i))
                gate.checkpoint()

    def capturer():
        with gate.runner():
            time.sleep(0.02)
            with gate.exclusive():
                note("capture-start")
                inside.set()
                time.sleep(0.05)
                note("capture-end")
            time.sleep(0.02)

    threads = [threading.Thread(target=busy_runner, args=(i,)) for i in range(3)] + [threading.Thread(target=capturer)]
    for t in threads:
        t.start()
    assert inside.wait(5), "the capture never started: a runner did not park"
    threads[-1].join(5)
    stop.set()
    for t in threads:
        t.join(5)
    start, end = log.index("capture-start"), log.index("capture-end")
    assert log[start + 1:end] == [], f"runners worked during the capture: {log[start + 1:end]}"
    assert any(x[0] == "work" for x in log[end + 1:] if isinstance(x, tuple)), "runners did not resume"
    with gate.exclusive():          # an unregistered thread is not waited for
        pass
