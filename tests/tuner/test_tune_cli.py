"""`leapquant tune` end to end on the CPU: the Pareto front, the figure, and a recipe that validates."""
import json

import pytest
from cli_checks import refused
from typer.testing import CliRunner

from leapquant.cli import app
from leapquant.recipe import Recipe


def _tune(tmp_path, *args):
    return CliRunner().invoke(app, ["tune", *args, "--study-dir", str(tmp_path / "study"), "--out",
                                    str(tmp_path / "out")])


def test_tune_writes_a_recipe_with_a_kernel_for_the_target(tmp_path):
    r = _tune(tmp_path, "--model", "kda", "--gpu", "b200", "--trials", "8", "--tokens", "256", "--json", "--quiet")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    recipe = Recipe.load(out["recipe"])
    assert recipe.target.arch == "sm_100" and recipe.to_kernel_config(0).family == "kda"
    assert recipe.figures.accuracy[0].metric == "state_error" and "synthetic kda" in recipe.figures.accuracy[0].data
    chosen = next(p for p in out["pareto"] if p["trial"] == out["chosen"])     # the chosen point is on the front
    assert chosen["kernel"] == recipe.to_kernel_config(0).tag
    png = tmp_path / "out" / "kda-b200-tuned-pareto.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
    errors = [p["final_state_error"] for p in out["pareto"]]
    sizes = [p["bytes_per_element"] for p in out["pareto"]]
    assert sizes == sorted(sizes) and errors == sorted(errors, reverse=True)   # a front: cheaper is less accurate


@pytest.mark.parametrize("args, named", [
    (["--model", "llama", "--gpu", "b200"], "--model must be gdn or kda"),
    (["--model", "kda", "--gpu", "tpu"], "gpu must be one of"),
    (["--model", "kda", "--gpu", "b200", "--trials", "0"], "--trials"),
])
def test_tune_refuses_bad_arguments_by_name(tmp_path, args, named):
    refused(_tune(tmp_path, *args), named)
