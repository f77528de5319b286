"""The simulator, traces and the `simulate` command."""
import json

import pytest
import torch
from typer.testing import CliRunner

from leapquant.cli import app
from leapquant.pipeline import preset
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
    r = runner.invoke(app, ["simulate", "--compare", "int8", "--compare", "leapquant", "--tokens", "64",
                            "--heads", "1", "--dk", "32", "--dv", "32", "--json", "--plot", str(png)])
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
    assert json.loads(r.output)["configs"]["custom"]["pipeline"]["fitter_options"] == {"iters": 1}
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
    out = {k: json.loads(r.output)["configs"]["custom"] for k, r in runs.items()}
    assert out[3]["pipeline"]["refit_every"] == 3 and out[1]["pipeline"]["refit_every"] == 1
    assert out[3]["final_state_error"] != out[1]["final_state_error"]
    bad = CliRunner().invoke(app, args + ["--refit-every", "0"])
    assert bad.exit_code == 2 and "pipeline.refit_every" in bad.output
