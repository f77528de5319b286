"""Generation through the serving state cache on a CPU: the FP32 token-by-token decode path reproduces the model's
full-sequence forward, LeapQuant's continuation stays within the method's error of FP32's, and bad input is refused
by name (the library's argument, the command's option)."""
import json
from pathlib import Path

import pytest
import torch
import typer
from typer.testing import CliRunner

from leapquant.errors import InputError
from leapquant.models.hybrid import HybridConfig, HybridLM
from leapquant.options import CliGroup
from leapquant.recipe import Recipe
from leapquant.serving import generate as gen
from leapquant.serving.generate_cli import generate_cmd

pytestmark = pytest.mark.usefixtures("one_thread")     # tiny ops: intra-op threads only contend on a busy CPU
needs_models = pytest.mark.skipif(not all((gen.MODEL_DIR / f"{m}.safetensors").is_file() for m in gen.MODEL_NAMES),
                                  reason="the trained models (models/*.safetensors) are absent")


def _shape_recipe(model: str, **kernel):
    return Recipe.from_kernel(model, "h200", window=16, rank=4, **kernel)


def _decoded_vs_forward(model, tokens, prompt):
    """Max over positions of ‖decoded − forward‖ / ‖forward‖: prefill tokens[:prompt], decode the rest one by one."""
    with torch.no_grad():
        full = model(tokens[None])[0]
        logits, states, state = gen.prefill(model, tokens[None, :prompt])
        recur = gen.fp32_recur(model.cfg.kind, states)
        worst = ((logits[0] - full[prompt - 1]).norm() / full[prompt - 1].norm()).item()
        for t in range(prompt, tokens.numel()):
            out = gen.decode_step(model, tokens[t:t + 1], state, recur)[0]
            worst = max(worst, ((out - full[t]).norm() / full[t].norm()).item())
    return worst


@pytest.mark.parametrize("kind", ["gdn", "kda"])
@pytest.mark.parametrize("prompt", [1, 10])
def test_fp32_decode_reproduces_the_forward_through_the_short_convolution_and_attention_window(kind, prompt):
    torch.manual_seed(0)          # a random model whose attention window (16) the 40 tokens pass
    model = HybridLM(HybridConfig(kind=kind, d_model=64, n_layers=3, n_heads=2, head_dim=32, d_ff=96,
                                  attn_layers=[1], attn_window=16, gate_rank=8)).eval()
    tokens = torch.randint(0, 256, (40,), generator=torch.Generator().manual_seed(1))
    assert _decoded_vs_forward(model, tokens, prompt) < 1e-4


@needs_models
@pytest.mark.parametrize("kind", ["gdn", "kda"])
def test_fp32_decode_of_the_trained_model_reproduces_its_forward(kind):
    tokens = torch.tensor(list(gen.default_prompt()[:96]))
    assert _decoded_vs_forward(gen.load_model(kind), tokens, 48) < 1e-4    # measured: under 1e-6


@needs_models
@pytest.mark.parametrize("kind", ["gdn", "kda"])
def test_leapquant_generation_is_within_the_methods_error_of_fp32(kind):
    # Measured over these 128 greedy steps (window 16, rank 4, INT8): agreement 1.0, mean relative logit error
    # 1.2e-3 (gdn) / 2.2e-3 (kda), max 4.5e-3 / 1.2e-2 -- the ~1 % state error of an INT8 boundary with smoothing and
    # compensators, attenuated by the layers after it. The bounds leave 2.5x room; INT4 residuals (the same window
    # and rank) measure mean 1.8e-2 / 3.5e-2, max 6.8e-2 / 2.2e-1 and fail them. Agreement >= 0.97 allows three
    # near-ties of 128 to flip.
    g = gen.generate(kind, gen.default_prompt(), 128)
    assert len(g.fp32) == len(g.leapquant) == len(g.logit_error) == 128
    assert g.mean_logit_error < 5e-3 and g.max_logit_error < 3e-2
    assert g.agreement >= 0.97
    assert g.mean_logit_error > 1e-5          # the states really are LeapQuant's (FP32 itself would be ~1e-7)


@needs_models
@pytest.mark.parametrize("kind", ["gdn", "kda"])
def test_a_coarser_method_leaves_those_bounds(kind):
    g = gen.generate(kind, gen.default_prompt(), 128, recipe=_shape_recipe(kind, format="int4"))
    assert g.mean_logit_error > 5e-3          # the bounds above tell INT8 from INT4


@needs_models
def test_sampling_is_reproducible_from_the_seed_and_shares_noise_between_the_backends():
    a, b = (gen.generate("gdn", "It was", 24, temperature=1.0, seed=5) for _ in range(2))
    assert a.fp32 == b.fp32 and a.leapquant == b.leapquant
    greedy = gen.generate("gdn", "It was", 24)
    assert a.fp32 != greedy.fp32
    assert a.agreement >= 0.9


@pytest.mark.parametrize("kwargs, match", [
    (dict(model_name="rwkv7"), r"model must be one of \['gdn', 'kda'\], got 'rwkv7'"),
    (dict(new_tokens=0), r"new_tokens must be an integer >= 1, got 0"),
    (dict(new_tokens=2.5), r"new_tokens must be an integer"),
    (dict(prompt=b""), r"prompt must hold at least one byte"),
    (dict(temperature=-0.5), r"temperature must be a finite number >= 0"),
])
def test_bad_arguments_are_refused_by_name(kwargs, match):
    args = {"model_name": "gdn", "prompt": "It was", "new_tokens": 4, **kwargs}
    with pytest.raises(InputError, match=match):
        gen.generate(**args)


@needs_models
@pytest.mark.parametrize("recipe, match", [
    (lambda: _shape_recipe("qwen3-next-80b-a3b"), r"^recipe: recipe 'qwen3-next-80b-a3b' is for gdn with 36 layers"),
    (lambda: _shape_recipe("kda"), r"^recipe: recipe 'kda' is for kda .*; model 'gdn' is gdn"),
    (lambda: Recipe.from_preset("leapquant", model="gdn"), r"^recipe: .*simulation-only"),
])
def test_a_recipe_that_does_not_fit_the_model_is_refused(recipe, match):
    with pytest.raises(InputError, match=match):
        gen.generate("gdn", "It was", 4, recipe=recipe())


def _app():
    app = typer.Typer(cls=CliGroup, add_completion=False)
    app.callback()(lambda: None)
    app.command("generate")(generate_cmd)
    return app


@needs_models
def test_the_command_prints_both_continuations_and_the_figures_as_json(tmp_path: Path):
    path = _shape_recipe("kda").save(tmp_path / "kda.json")
    r = CliRunner().invoke(_app(), ["generate", "--model", "kda", "--prompt", "It was", "--tokens", "8",
                                    "--recipe", str(path), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["recipe"] == str(path) and out["new_tokens"] == len(out["logit_error"]) == 8
    assert len(out["fp32"]) == len(out["leapquant"]) == 8 and 0 <= out["agreement"] <= 1


@needs_models
def test_the_command_prints_the_two_continuations_side_by_side():
    r = CliRunner().invoke(_app(), ["generate", "--prompt", "It was", "--tokens", "8"])
    assert r.exit_code == 0, r.output
    for words in ("FP32 states", "LeapQuant states", "agreement:", "relative logit error:"):
        assert words in r.stdout


@pytest.mark.parametrize("args, option", [(["--model", "rwkv7"], "--model"), (["--tokens", "0"], "--tokens"),
                                          (["--recipe", "/nonexistent.json"], "--recipe"),
                                          (["--temperature", "-1"], "--temperature")])
def test_the_command_exits_2_naming_the_option(args, option):
    r = CliRunner().invoke(_app(), ["generate", *args])
    assert r.exit_code == 2 and r.output.startswith(f"error: {option}"), r.output

