"""The vLLM plugin in a vLLM CPU engine (skipped where vLLM is not installed; `.ci/run` runs it in a venv of its
own): a tiny random Qwen3-Next served with FP32 states and with a LeapQuant recipe — the state tensors vLLM
allocates are the recipe's, twice the requests fit the same state memory, the decode steps run through the
recipe's windows, greedy tokens follow FP32's — and a recipe for another model refused at engine start-up."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("vllm")

from leapquant.integrations import vllm_plan  # noqa: E402
from leapquant.recipe import Recipe  # noqa: E402
from leapquant.recipe_fields import ModelShape  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SHAPE = ModelShape(name="tiny-next", family="gdn", layers=3, H=2, HV=4, K=64, V=64)
TOKENS = 24


def _engine(*args, check=True):
    env = {**os.environ, "VLLM_CPU_KVCACHE_SPACE": "1", "VLLM_CPU_OMP_THREADS_BIND": "nobind"}
    env.pop(vllm_plan.ENV, None)
    p = subprocess.run([sys.executable, "-m", "tests.integrations.vllm_run", *args], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=600)
    if not check:
        return p
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    line = [x for x in p.stdout.splitlines() if x.startswith("LEAPQUANT-RESULT ")]
    return json.loads(line[0].split(" ", 1)[1])


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    d = tmp_path_factory.mktemp("vllm")
    subprocess.run([sys.executable, "-m", "tests.integrations.vllm_run", "make", str(d / "model")], cwd=ROOT,
                   check=True, capture_output=True)
    Recipe.from_kernel(SHAPE, "h200").save(d / "recipe.json")
    base = _engine("generate", str(d / "model"), "--tokens", str(TOKENS))
    leap = _engine("generate", str(d / "model"), "--recipe", str(d / "recipe.json"), "--tokens", str(TOKENS))
    return d, base, leap


def test_vllm_allocates_the_recipes_state_tensors_and_fits_twice_the_requests(runs):
    _, base, leap = runs
    cfg = Recipe.from_kernel(SHAPE, "h200").to_kernel_config(0)
    want = [[list(shape), str(dtype)] for _, shape, dtype in vllm_plan.state_tensors(cfg)]
    conv, *states = leap["states"]["tensors"]
    base_conv = base["states"]["tensors"][0]
    assert conv[0][1:] == base_conv[0][1:] and conv[1] == base_conv[1]    # vLLM's convolution state, as it was
    assert [[s[1:], d] for s, d in states] == [[s, d] for s, d in want]
    assert base["states"]["tensors"][1][1] == "torch.float32"              # vLLM's own: an FP32 state
    assert conv[0][0] >= 1.9 * base_conv[0][0]                              # slots within the same 1 GiB


def test_every_request_decodes_through_the_recipes_windows(runs):
    _, _, leap = runs
    # 23 decode steps through windows of 16, in each of 3 requests' slots of the 3 linear-attention layers
    assert leap["states"]["window_positions"] == {str((TOKENS - 1) % 16): 3 * 3}


def test_greedy_tokens_follow_fp32_states(runs):
    _, base, leap = runs
    for a, b, la, lb in zip(base["tokens"], leap["tokens"], base["logprobs"], leap["logprobs"]):
        same = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), len(a))
        assert same >= 8, (a, b)                       # a random model's near-ties flip later
        assert max(abs(x - y) for x, y in zip(la[:same], lb[:same])) < 0.3


def test_a_recipe_for_another_model_is_refused_at_engine_start_up(runs):
    d = runs[0]
    Recipe.from_kernel(SHAPE.model_copy(update=dict(HV=2)), "h200").save(d / "wrong.json")
    p = _engine("generate", str(d / "model"), "--recipe", str(d / "wrong.json"), check=False)
    assert p.returncode != 0
    assert "model.HV is 2, value heads per rank (4 / tensor parallel 1) is 4" in p.stdout + p.stderr


def test_a_missing_recipe_file_is_refused_at_engine_start_up(runs):
    d = runs[0]
    p = _engine("generate", str(d / "model"), "--recipe", str(d / "absent.json"), check=False)
    assert p.returncode != 0
    assert "absent.json" in p.stdout + p.stderr and "does not exist" in p.stdout + p.stderr
