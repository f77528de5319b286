"""benchmarks/serving_e2e.py end to end on a CPU (`--device cpu --tiny`): the JSON's fields, both backends timed, the
LeapQuant backend's outputs within the method's error of the FP32 backend's (and not equal to them), the memory and
budget figures consistent; and its plain-PyTorch FP32 step against FLA's naive recurrence."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import torch
from ncu_csv import load_benchmark

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    out = tmp_path_factory.mktemp("e2e")
    env = {**os.environ, "CUDA_VISIBLE_DEVICES": ""}
    res = subprocess.run([sys.executable, "benchmarks/serving_e2e.py", "--device", "cpu", "--tiny", "--out", str(out),
                          "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert res.returncode == 0, res.stderr[-4000:]
    return out, json.loads(res.stdout), res.stderr


def test_the_json_on_stdout_is_the_file_and_every_row_has_its_command(run):
    out, data, _ = run
    assert data == json.loads((out / "serving_e2e.json").read_text())
    assert (out / "serving_e2e.png").stat().st_size > 0 and (out / "serving_e2e_log.txt").exists()
    assert data["command"].startswith("python benchmarks/serving_e2e.py --device cpu --tiny")
    assert all(r["command"] == data["command"] for r in data["rows"] + data["accuracy"] + data["budget"])
    assert not data["failed"] and not data["skipped"]
    assert data["fp32_impl"] == "torch" and data["model"]["gdn_layers"] == 3 and data["model"]["attention_layers"] == 1
    assert "active width" in data["model"]["mlp"]


def test_both_backends_are_timed_at_the_batch(run):
    _, data, stderr = run
    rows = {r["backend"]: r for r in data["rows"] if r["kind"] == "decode"}
    assert set(rows) == {"fp32", "leapquant"}
    for r in rows.values():
        assert r["batch"] == 2 and r["method"] == "eager" and r["tokens_per_s"] > 0 and r["steps_timed"] % 4 == 0
    assert rows["leapquant"]["speedup_vs_fp32"] == pytest.approx(rows["fp32"]["ms_per_step"]
                                                                 / rows["leapquant"]["ms_per_step"])
    assert "eager      leapquant" in stderr          # progress lines as it goes


def test_the_backends_outputs_agree_within_the_methods_error(run):
    """INT8 windows of 4 with two compensators (the tiny recipe) over two windows: about 1 % of the outputs."""
    _, data, _ = run
    (acc,) = data["accuracy"]
    assert acc["tokens_since_admit"] == 8
    assert 1e-4 < acc["rel_diff_last_layer_output"] < 5e-2
    assert len(acc["rel_diff_gdn_recurrent_outputs"]) == 3
    assert all(1e-4 < d < 5e-2 for d in acc["rel_diff_gdn_recurrent_outputs"])


def test_the_memory_and_budget_figures_are_consistent(run):
    _, data, _ = run
    m = data["memory"]
    assert m["fp32_state_bytes"] == 3 * 4 * 32 * 32 * 4
    assert m["leap_state_bytes"] == data["recipe"]["bytes_per_request_benchmarked_layers"] < m["fp32_state_bytes"]
    assert m["checkpoints_per_request"] == 64 // 16
    assert m["leap_checkpoint_bytes_boundary_only"] < m["leap_checkpoint_bytes"] < m["fp32_checkpoint_bytes"]
    (mem,) = [r for r in data["rows"] if r["kind"] == "state_memory"]
    assert mem["leap_bytes_per_request"] == m["leap_checkpoint_bytes"] - m["conv_state_bytes"]   # the export's bytes
    budget = int(m["budget_gib"] * 2**30)
    for r in data["budget"]:
        assert r["max_batch"] == budget // r["bytes_per_request"]
        if r["backend"] == "leapquant":
            assert r["vs_fp32"] > 1


def test_the_cpu_fp32_step_is_flas_naive_recurrence():
    naive = pytest.importorskip("fla.ops.gated_delta_rule.naive")
    e2e = load_benchmark("serving_e2e")
    gen = torch.Generator().manual_seed(0)
    N, H, HV, K, V = 3, 2, 4, 16, 8
    q, k = torch.randn(N, H, K, generator=gen), torch.randn(N, H, K, generator=gen)
    v, S = torch.randn(N, HV, V, generator=gen), torch.randn(N, HV, K, V, generator=gen)
    g, beta = -torch.rand(N, HV, generator=gen), torch.rand(N, HV, generator=gen)
    want_o, want_S = naive.naive_recurrent_gated_delta_rule(
        *(e2e.l2norm(x).repeat_interleave(2, 1)[:, None] for x in (q, k)), v[:, None], beta[:, None], g[:, None],
        scale=K ** -0.5, initial_state=S.clone(), output_final_state=True)
    o = e2e.torch_step(S, q, k, v, g, beta, K ** -0.5)
    torch.testing.assert_close(o, want_o[:, 0])
    torch.testing.assert_close(S, want_S)
