"""`leapquant tune --per-layer`: one method per layer under a memory budget, chosen by the layers' sensitivity on the
trace; the allocation is exact where it enumerates and within the budget where it sweeps; the recipe runs each layer's
choice."""
import itertools
import json
import random

import pytest
from cli_checks import refused
from typer.testing import CliRunner

from leapquant.cli import app
from leapquant.errors import InputError
from leapquant.recipe import Recipe
from tuner import per_layer as pl


def _brute(errors, bpe, budget):
    n = len(errors)
    ok = [c for c in itertools.product(range(len(bpe)), repeat=n) if sum(bpe[i] for i in c) <= budget * n + 1e-9]
    return min(sum(errors[l][i] for l, i in enumerate(c)) for c in ok)


@pytest.mark.parametrize("seed", range(5))
def test_the_allocation_is_the_best_combination_within_the_budget(seed):
    rng = random.Random(seed)
    bpe = [0.5625, 0.6875, 1.0625, 1.1875, 1.3125, 2.0]
    errors = [[rng.uniform(0.001, 0.3) for _ in bpe] for _ in range(4)]
    budget = rng.uniform(0.7, 1.5)
    choice = pl.allocate(errors, bpe, budget)
    assert sum(bpe[i] for i in choice) <= budget * 4 + 1e-9
    assert pl.total(errors, choice) == pytest.approx(_brute(errors, bpe, budget))


@pytest.mark.parametrize("seed", range(3))
def test_the_sweep_for_many_layers_stays_within_the_budget_and_beats_every_single_method(seed, monkeypatch):
    monkeypatch.setattr(pl, "EXACT_LIMIT", 1)          # force the Lagrangian path on a table brute force can check
    rng = random.Random(seed)
    bpe = [0.5625, 0.6875, 1.0625, 1.1875, 2.0]
    errors = [[rng.uniform(0.001, 0.3) for _ in bpe] for _ in range(5)]
    choice = pl.allocate(errors, bpe, 1.0)
    assert sum(bpe[i] for i in choice) <= 5.0 + 1e-9
    uniform = min(sum(e[i] for e in errors) for i in range(len(bpe)) if bpe[i] <= 1.0)
    assert _brute(errors, bpe, 1.0) <= pl.total(errors, choice) <= uniform


def test_a_budget_below_the_smallest_method_is_refused():
    with pytest.raises(InputError, match="max-bytes-per-element"):
        pl.allocate([[0.1, 0.2]], [1.0, 2.0], 0.5)


def test_an_untraced_layer_is_charged_the_worst_traced_error_per_method():
    assert pl.expand([[0.1, 0.5], [0.3, 0.2]], 3) == [[0.1, 0.5], [0.3, 0.2], [0.3, 0.5]]


def test_per_layer_tuning_writes_a_mixed_recipe_better_than_any_single_method_within_the_budget(tmp_path):
    space = tmp_path / "space.json"
    space.write_text(json.dumps({"window": [16], "rank": [0, 4, 8], "format": ["int8", "int4"]}))
    r = CliRunner().invoke(app, ["tune", "--model", "gdn", "--gpu", "h200", "--per-layer", "--max-bytes-per-element",
                                 "1.0", "--space", str(space), "--tokens", "256", "--no-kernel-files", "--json",
                                 "--quiet", "--out", str(tmp_path / "out"), "--study-dir", str(tmp_path / "s")])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    recipe = Recipe.load(out["recipe"])
    assert recipe.memory.bytes_per_element <= 1.0 + 1e-9 and recipe.model.name == "gdn"
    for row in out["layers"]:                   # each layer runs the method the table names
        assert recipe.to_kernel_config(row["layer"]).tag == row["kernel"]
    assert [row["traced"] for row in out["layers"]] == [True, True, False]
    assert out["sum_error"] <= out["best_uniform"]["sum_error"]
    assert [a.value for a in recipe.figures.accuracy] == [row["state_error"] for row in out["layers"]]


def test_per_layer_without_a_budget_is_refused_by_name(tmp_path):
    r = CliRunner().invoke(app, ["tune", "--model", "gdn", "--gpu", "h200", "--per-layer", "--out",
                                 str(tmp_path / "o"), "--study-dir", str(tmp_path / "s")])
    refused(r, "--max-bytes-per-element")
