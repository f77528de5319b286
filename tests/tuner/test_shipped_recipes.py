"""The tuned recipes in recipes/: each loads with its kernel files matching their sha256, names the kernel it ships,
and its cubins are for its target (cuobjdump reads sm_90a, sm_100a or sm_120a back); its speed figures say how they
were obtained."""
from pathlib import Path

import pytest

from leapquant.kernels import artifact
from leapquant.recipe import Recipe

RECIPES = sorted((Path(__file__).parents[2] / "recipes").glob("*-tuned.json"))


def test_a_tuned_recipe_is_shipped_for_each_model_and_gpu():
    names = {p.name for p in RECIPES}
    gpus = ("h200", "b200", "rtx-pro-6000", "rtx-5090")
    assert {f"{m}-{g}-tuned.json" for m in ("gdn", "kda") for g in gpus} <= names


@pytest.mark.parametrize("path", RECIPES, ids=lambda p: p.stem)
def test_a_tuned_recipe_ships_the_kernel_it_names_for_its_target(path):
    recipe = Recipe.load(path)
    cfg = recipe.to_kernel_config(0)
    steps = {(a.step, a.role) for a in recipe.artifacts if a.kernel == cfg.tag}
    assert {("decode", "cubin"), ("boundary", "cubin"), ("decode", "launch"), ("boundary", "launch")} <= steps
    assert all(f"{artifact.cubin_arch(recipe.target.arch)}." in a.name for a in recipe.artifacts)
    assert recipe.figures.speed and all(s.how in ("measured", "predicted") for s in recipe.figures.speed)
    assert recipe.provenance.command.startswith("leapquant tune")


@pytest.mark.skipif(artifact.cuda_tool("cuobjdump") is None or artifact.cuda_tool("nvdisasm") is None,
                    reason="needs cuobjdump and nvdisasm")
@pytest.mark.parametrize("path", RECIPES, ids=lambda p: p.stem)
def test_cuobjdump_says_a_tuned_recipes_cubins_are_for_its_target(path):
    recipe = Recipe.load(path)
    for a in recipe.artifacts:
        if a.role == "cubin":
            assert artifact.inspect(path.parent / a.name)["arch"] == artifact.cubin_arch(recipe.target.arch), a.name
