"""`leapquant recipe ...`, `simulate --recipe`, `study --recipe`: the commands on good and bad recipe files."""
import json
from pathlib import Path

import pytest
from cli_checks import refused
from typer.testing import CliRunner

from leapquant.cli import app
from leapquant.recipe import SCHEMA_VERSION, Recipe, json_schema

RECIPES = Path(__file__).parent.parent / "recipes"


def _invoke(args):
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def recipe_file(tmp_path_factory):
    folder = tmp_path_factory.mktemp("recipe")
    (folder / "kernel.cu").write_text("// the kernel\n")
    r = Recipe.from_kernel("kda", "h200").with_artifacts(folder, {"kernel.cu": "cuda-source"})
    return r.save(folder / "kda.json")


def test_the_shipped_recipes_validate_and_the_schema_file_is_current():
    recipes = sorted(f for f in RECIPES.glob("*.json") if f.name.endswith(("-default.json", "-tuned.json")))
    assert len(recipes) >= 10
    r = _invoke(["recipe", "validate", *recipes, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout) == {str(f): None for f in recipes}
    assert json.loads((RECIPES / "schema.json").read_text()) == json_schema()


def test_show_prints_the_method_per_layer_and_its_json(recipe_file):
    r = _invoke(["recipe", "show", recipe_file])
    assert r.exit_code == 0, r.output
    assert "kda, 3 layers" in r.stdout and "warp" in r.stdout and "h200 (sm_90)" in r.stdout
    r = _invoke(["recipe", "show", recipe_file, "--json"])
    assert Recipe.from_json(r.stdout).model == Recipe.load(recipe_file).model


def test_new_composes_layers_and_refuses_to_overwrite(tmp_path):
    out = tmp_path / "mixed.json"
    r = _invoke(["recipe", "new", "--model", "kda", "--gpu", "h200", "--set", "window=32", "--layer", "0:rank=8",
                 "--layer", "1-2:format=int4", "-o", out, "--json"])
    assert r.exit_code == 0, r.output
    rec = Recipe.load(out)
    assert [(rec.to_pipeline(i).rank, rec.to_pipeline(i).format, rec.to_pipeline(i).window) for i in range(3)] == [
        (8, "int8", 32), (4, "int4", 32), (4, "int4", 32)]
    assert [rec.to_kernel_config(i).format for i in range(3)] == ["int8", "int4", "int4"]
    assert json.loads(r.stdout)["note"] is None
    refused(_invoke(["recipe", "new", "--model", "kda", "-o", out]), "--out", "exists; pass --force")


def test_new_says_when_no_kernel_computes_the_method(tmp_path):
    r = _invoke(["recipe", "new", "--model", "gdn", "--gpu", "h200", "--preset", "leapquant", "-o",
                 tmp_path / "r.json", "--json"])
    assert r.exit_code == 0, r.output
    assert "simulation only: pipeline.fitter_options.orth must be 'mgs'" in json.loads(r.stdout)["note"]
    refused(_invoke(["recipe", "new", "--model", "gdn", "--gpu", "h200", "--preset", "leapquant", "--kernel",
                     "required", "-o", tmp_path / "s.json"]), "fitter_options.orth")


@pytest.mark.parametrize("args, named", [
    (["--model", "llama"], "model must be one of"),
    (["--model", "kda", "--gpu", "tpu"], "gpu must be one of"),
    (["--model", "kda", "--layer", "0rank=8"], "--layer must be LAYERS:key=value"),
    (["--model", "kda", "--layer", "x:rank=8"], "--layer: LAYERS must be indices"),
    (["--model", "kda", "--layer", "7:rank=8"], "overrides[0].layers: the model has 3 layers"),
    (["--model", "kda", "--set", "rank=-1"], "pipeline.rank"),
    (["--model", "kda", "--preset", "int9"], "--preset must be 'kernel' or one of"),
])
def test_new_refuses_bad_arguments_by_name(tmp_path, args, named):
    refused(_invoke(["recipe", "new", *args, "-o", tmp_path / "r.json"]), named)
    assert not (tmp_path / "r.json").exists()


def test_diff_lists_the_fields_that_differ(tmp_path, recipe_file):
    (tmp_path / "kernel.cu").write_text("// the kernel\n")
    other = Recipe.load(recipe_file).override(layers=[2], rank=6).save(tmp_path / "other.json")
    r = _invoke(["recipe", "diff", recipe_file, other, "--json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.stdout)
    assert d["overrides[0].pipeline.rank"] == [None, 6] and "model.name" not in d


def _bad(tmp_path, recipe_file, change) -> Path:
    d = json.loads(recipe_file.read_text())
    text = change(d)
    path = tmp_path / "bad.json"
    path.write_text(text if isinstance(text, str) else json.dumps(d))
    (tmp_path / "kernel.cu").write_text("// the kernel\n")
    return path


@pytest.mark.parametrize("change, named", [
    (lambda d: json.dumps(d)[:200], "not valid JSON"),
    (lambda d: d["model"].update(layers="three"), "model.layers"),
    (lambda d: d.update(colour="blue"), "colour: unknown field"),
    (lambda d: d["artifacts"][0].update(sha256="0" * 64), "'kernel.cu' does not match its sha256"),
    (lambda d: d.update(schema_version=SCHEMA_VERSION + 1), "made by a newer leapquant"),
    (lambda d: d["artifacts"][0].update(name="../kernel.cu"), "artifacts.0.name: must be a file name inside"),
    (lambda d: "[1, 2]", "a recipe is a JSON object"),
    (lambda d: "", "not valid JSON"),
])
def test_a_bad_recipe_file_exits_2_naming_the_field(tmp_path, recipe_file, change, named):
    path = _bad(tmp_path, recipe_file, change)
    for command in (["recipe", "validate"], ["recipe", "show"], ["simulate", "--recipe"]):
        r = _invoke([*command, path])
        assert r.exit_code == 2, (command, r.output)
        assert named in r.stderr and str(path) in r.stderr and "Traceback" not in r.output


def test_simulate_and_study_run_a_recipe(tmp_path, recipe_file):
    r = _invoke(["simulate", "--recipe", RECIPES / "gdn-h200-default.json", "--compare", "leapquant", "--tokens",
                 "256", "--quiet", "--json"])
    assert r.exit_code == 0, r.output
    configs = json.loads(r.stdout)["configs"]
    assert configs["gdn-h200-default"]["recipe"] == "gdn" and "leapquant" in configs
    r = _invoke(["study", "--models", "gdn", "--configs", "fp32", "--recipe", RECIPES / "gdn-h200-default.json",
                 "--tokens", "300", "--chunk", "150", "--out", tmp_path / "study", "--quiet", "--json"])
    assert r.exit_code == 0, r.output
    result = json.loads((tmp_path / "study" / "gdn.json").read_text())
    entry = result["configs"]["recipe:gdn-h200-default"]
    assert entry["bits_per_byte"] > 0 and entry["recipe"]["model"]["name"] == "gdn"
    refused(_invoke(["study", "--models", "gdn", "--recipe", recipe_file, "--tokens", "300", "--out",
                     tmp_path / "s2", "--quiet"]), "--recipe kda: a recipe for kda")
