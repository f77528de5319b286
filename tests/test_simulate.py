"""The simulator, traces and the `simulate` command."""
import json

import pytest
import torch
from typer.testing import CliRunner

from leapquant.cli import app
from leapquant.errors import InputError
from leapquant.pipeline import Pipeline, preset
from leapquant.simulate import chunk_tokens, simulate
from leapquant.synthetic import SyntheticSource
from leapquant.traces import TraceSource, save_trace


def test_per_window_and_compensators_lower_the_state_error():
    """The method's core claim, on a small synthetic GDN input (structured as docs/math.md §2 asks)."""
    pipes = {n: preset(n) for n in ("int8", "int8-w", "leapquant")}
    src = SyntheticSource(family="gdn", tokens=512, heads=2, dk=64, dv=64, seed=1)
    res = simulate(src.chunks(chunk_tokens(pipes)), pipes)
    err = {n: r.summary()["final_state_error"] for n, r in res.configs.items()}
    assert err["int8-w"] < err["int8"] / 2
    assert err["leapquant"] < err["int8-w"] / 5
    mom = res.configs["leapquant"].max_over_median
    assert mom["after_smoothing"] < 0.8 * mom["after_compensators"]  # smoothing flattens the residual's rows


def test_layers_and_batch_are_independent_streams():
    pipes = {"int8-w": preset("int8-w")}
    both = SyntheticSource(family="kda", tokens=64, layers=2, batch=2, heads=2, dk=32, dv=32, seed=3)
    res = simulate(both.chunks(32), pipes)
    assert res.batch_shape == [2, 2, 2]
    assert len(res.configs["int8-w"].curve.tokens) == 2


def test_trace_replays_like_the_inputs_it_recorded(tmp_path):
    gen = torch.Generator().manual_seed(5)
    from leapquant import recurrences
    from leapquant.recurrences import Dims

    spec = recurrences.get("gdn")
    layers = [spec.random_inputs(Dims(1, 96, 2, 2, 16, 16), gen) for _ in range(2)]
    path = save_trace(tmp_path / "t.safetensors", "gdn", layers)
    src = TraceSource(path)
    assert src.tokens == 96 and src.num_layers == 2
    chunks = list(src.chunks(32))
    assert [c.num_tokens for c in chunks] == [32, 32, 32]
    full = spec.steps(**layers[1])
    torch.testing.assert_close(torch.cat([c.k[1] for c in chunks], -2), full.k.to(torch.float32).to(torch.float64))


def test_cli_json_and_exit_codes(tmp_path):
    runner = CliRunner()
    png = tmp_path / "f3.png"
    r = runner.invoke(app, ["simulate", "--model", "gdn", "--compare", "int8", "--compare", "leapquant", "--tokens",
                            "64", "--heads", "1", "--dk", "32", "--dv", "32", "--json", "--plot", str(png)])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert set(data["configs"]) == {"int8", "leapquant"}
    assert data["configs"]["leapquant"]["final_state_error"] >= 0
    assert png.stat().st_size > 1000
    assert runner.invoke(app, ["simulate", "--format", "int7"]).exit_code == 2
    assert runner.invoke(app, ["simulate", "--trace", str(tmp_path / "missing.safetensors")]).exit_code == 2
    assert runner.invoke(app, ["simulate", "--model", "gpt"]).exit_code == 2


def test_check_command_passes_and_names_bad_families():
    runner = CliRunner()
    r = runner.invoke(app, ["check", "--json", "--tokens", "20", "--dk", "8", "--dv", "6"])
    assert r.exit_code == 0, r.output
    results = json.loads(r.stdout)["results"]
    assert {x["family"] for x in results} >= {"gdn", "kda", "rwkv7", "delta_product"}
    assert all(x["ok"] for x in results)
    bad = runner.invoke(app, ["check", "--family", "transformer"])
    assert bad.exit_code == 2 and "transformer" in bad.output


@pytest.mark.parametrize("fitter", ["power", "svd", "rsvd"])
def test_cli_takes_every_fitter_and_smoother(fitter):
    for smoother in ("none", "sqrt-mean-abs", "smoothquant", "hadamard"):
        r = CliRunner().invoke(app, ["simulate", "--model", "gdn", "--tokens", "32", "--heads", "1", "--dk", "16",
                                     "--dv", "16", "--fitter", fitter, "--smoother", smoother, "--rank", "2", "--json"])
        assert r.exit_code == 0, r.output


def test_cli_fitter_options_reach_the_pipeline_and_are_validated():
    """--fitter-option iters=1 (one power iteration per window: the tuner's cheaper boundary) is the pipeline's
    fitter option; a bad value is an input error that names the option."""
    args = ["simulate", "--model", "gdn", "--tokens", "32", "--heads", "1", "--dk", "16", "--dv", "16", "--rank", "2"]
    r = CliRunner().invoke(app, args + ["--fitter-option", "iters=1", "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["configs"]["custom"]["pipeline"]["fitter_options"] == {"iters": 1}
    bad = CliRunner().invoke(app, args + ["--fitter-option", "iters=0"])
    assert bad.exit_code == 2 and "fitter_options.iters" in bad.output
    assert CliRunner().invoke(app, args + ["--fitter-option", "iters"]).exit_code == 2   # not key=value


def test_cli_refit_every_reaches_the_pipeline_and_is_validated():
    """--refit-every K (the fit at every K-th window, the keys kept between) is Pipeline.refit_every; it changes the
    result once a window passes without a refit; 0 is an input error that names the field."""
    args = ["simulate", "--model", "gdn", "--tokens", "64", "--heads", "1", "--dk", "16", "--dv", "16", "--rank", "2",
            "--window", "4", "--json"]
    runs = {k: CliRunner().invoke(app, args + ["--refit-every", str(k)]) for k in (1, 3)}
    assert all(r.exit_code == 0 for r in runs.values()), {k: r.output for k, r in runs.items()}
    out = {k: json.loads(r.stdout)["configs"]["custom"] for k, r in runs.items()}
    assert out[3]["pipeline"]["refit_every"] == 3 and out[1]["pipeline"]["refit_every"] == 1
    assert out[3]["final_state_error"] != out[1]["final_state_error"]
    bad = CliRunner().invoke(app, args + ["--refit-every", "0"])
    assert bad.exit_code == 2 and "pipeline.refit_every" in bad.output


def test_cli_rank_above_dk_exits_2_naming_rank_and_dk():
    """--rank 40 with --dk 32: the pipeline is valid, the states are not big enough for it — refused at the
    simulator's start with exit 2 and one line naming rank and dk, not an IndexError in the fitter."""
    r = CliRunner().invoke(app, ["simulate", "--model", "gdn", "--rank", "40", "--dk", "32", "--dv", "32",
                                 "--heads", "1", "--tokens", "32"])
    assert r.exit_code == 2, r.output
    assert "pipeline.rank must be at most min(dk, dv) = 32" in r.output and "got 40" in r.output
    assert "Traceback" not in r.output


def test_simulate_checks_configs_initial_state_and_chunks():
    src = SyntheticSource(family="gdn", tokens=32, heads=2, dk=16, dv=8, seed=1)
    pipes = {"leapquant": preset("leapquant")}
    with pytest.raises(InputError, match=r"min\(dk, dv\) = 8 for config 'leapquant''s states"):
        simulate(src.chunks(16), {"leapquant": Pipeline(rank=9)})
    with pytest.raises(InputError, match=r"pipelines\['x'\] must be a leapquant Pipeline or Recipe, got dict"):
        simulate(src.chunks(16), {"x": preset("leapquant").to_dict()})
    with pytest.raises(InputError, match=r"initial_state must have shape \[1, 1, 2, 16, 8\], got \[1, 1, 2, 8, 16\]"):
        simulate(src.chunks(16), pipes, initial_state=torch.zeros(1, 1, 2, 8, 16))
    with pytest.raises(InputError, match="initial_state contains NaN or Inf"):
        simulate(src.chunks(16), pipes, initial_state=torch.full((1, 1, 2, 16, 8), float("nan")))
    other = SyntheticSource(family="gdn", tokens=16, heads=2, dk=8, dv=8, seed=1)
    with pytest.raises(InputError, match=r"every chunk must have the first one's batch \[1, 1, 2\], dk = 16"):
        simulate([*src.chunks(16), *other.chunks(16)], pipes)
    with pytest.raises(InputError, match="chunks must yield leapquant Steps, got int"):
        simulate([1, 2], pipes)


def test_a_window_longer_than_the_stream_never_quantizes_after_the_start():
    """No fixed bound on the window: one longer than the tokens keeps every record exact in the buffer, the same
    result as a window longer than the stream by one token (both quantize only the initial state)."""
    src = SyntheticSource(family="gdn", tokens=64, heads=1, dk=16, dv=16, seed=2)
    pipes = {"long": Pipeline(window=10 ** 6, rank=2), "exact": Pipeline(window=65, rank=2)}
    res = simulate(src.chunks(64), pipes)
    err = {n: r.summary()["final_state_error"] for n, r in res.configs.items()}
    assert err["long"] == err["exact"] and 0 < err["long"] < 1e-2


@pytest.mark.parametrize("error", [torch.OutOfMemoryError("CUDA out of memory"),
                                   RuntimeError("DefaultCPUAllocator: can't allocate memory: you tried to allocate")])
def test_a_window_that_cannot_be_allocated_is_an_input_error_naming_it(monkeypatch, error):
    """Memory, not a fixed bound, limits the window: an allocation that fails in a config's windows is an InputError
    naming the config, its window and the sizes (the CLI's exit 2); any other RuntimeError passes through."""
    import leapquant.simulate as sim
    real = sim.evolve

    def evolve(steps, window, *args, **kw):
        if window == 4096:
            raise error
        return real(steps, window, *args, **kw)
    monkeypatch.setattr(sim, "evolve", evolve)
    src = SyntheticSource(family="kda", tokens=32, heads=2, dk=16, dv=8, seed=1)
    with pytest.raises(InputError, match=r"config 'big': window = 4096 needs more memory .* 32 tokens at batch "
                                         r"\[1, 1, 2\], dk = 16, dv = 8, decay dim 16") as e:
        simulate(src.chunks(32), {"big": Pipeline(window=4096)})
    assert e.value.__cause__ is error
    monkeypatch.setattr(sim, "evolve", lambda *a, **k: (_ for _ in ()).throw(RuntimeError("shape mismatch")))
    with pytest.raises(RuntimeError, match="shape mismatch"):
        simulate(src.chunks(32), {"big": Pipeline(window=4096)})


def test_a_synthetic_source_replays_the_same_tokens_on_every_pass():
    from leapquant.synthetic import SyntheticSource

    src = SyntheticSource(family="gdn", tokens=64, layers=2, heads=2, dk=16, dv=16, seed=3)
    first, second = list(src.chunks(32)), list(src.chunks(32))
    assert all(torch.equal(a.k, b.k) and torch.equal(a.v, b.v) for a, b in zip(first, second))
    a = simulate(src.chunks(32), {"x": preset("leapquant")}).configs["x"].summary()
    b = simulate(src.chunks(32), {"x": preset("leapquant")}).configs["x"].summary()
    assert a["final_state_mse"] == b["final_state_mse"]
