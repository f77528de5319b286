"""Real models with quantized states: the FP32-state path reproduces each model's plain forward, the fast
per-step stream equals StateStream, the RWKV-7 loader validates its input, the training script runs."""
from __future__ import annotations

import math
import struct
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F

from leapquant import recurrences
from leapquant.errors import InputError
from leapquant.models.hybrid import HybridConfig, HybridLM, load, save
from leapquant.models.run import run_document
from leapquant.pipeline import preset

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data"
RWKV_FILE = SHARED / "models" / "tiny-rwkv-7v0-834K-FP32.bin"
needs_shared = pytest.mark.skipif(not RWKV_FILE.is_file(), reason="../shared/data (RWKV-7 weights, corpora) is absent")


def _bpb(logits, tokens):
    return float(F.cross_entropy(logits.float(), tokens[1:])) / math.log(2)


def _small(kind):
    torch.manual_seed(0)
    return HybridLM(HybridConfig(kind=kind, d_model=64, n_layers=3, n_heads=2, head_dim=32, d_ff=96,
                                 attn_layers=[1], attn_window=48, gate_rank=8)).eval()


@pytest.mark.parametrize("kind", ["gdn", "kda"])
def test_hybrid_fp32_state_path_matches_plain_forward(kind):
    m = _small(kind)
    tok = torch.randint(0, 256, (161,), generator=torch.Generator().manual_seed(1))
    with torch.no_grad():
        plain = _bpb(m(tok[None, :-1])[0], tok)
    r = run_document(m, tok, None, chunk=64)
    assert r.bits_per_byte == pytest.approx(plain, rel=1e-6)
    for layer in m.linear_layers():
        assert max(max(e) for e in r.state_error[layer]) < 1e-5   # FP32 states vs the float64 shadow


@pytest.mark.parametrize("kind", ["gdn", "kda"])
def test_shipped_weights_fp32_path(kind):
    path = ROOT / "models" / f"{kind}.safetensors"
    if not path.is_file():
        pytest.skip(f"{path} not trained yet")
    m = load(path)
    tok = torch.randint(0, 256, (97,), generator=torch.Generator().manual_seed(2))
    with torch.no_grad():
        plain = _bpb(m(tok[None, :-1])[0], tok)
    assert run_document(m, tok, None, chunk=32, shadow=False).bits_per_byte == pytest.approx(plain, rel=1e-5)


def test_sliding_window_attention_matches_masked_dense():
    m = _small("gdn")
    att = m.blocks[1].mixer
    x = torch.randn(1, 150, 64, generator=torch.Generator().manual_seed(4))
    with torch.no_grad():
        y = att(x, block=32)
        q, k, v = att.qkv(x).view(1, 150, 3, 2, 32).unbind(2)
        from leapquant.models.hybrid import rope
        q, k, v = (t.transpose(1, 2) for t in (rope(q), rope(k), v))
        i, j = torch.arange(150)[:, None], torch.arange(150)[None, :]
        ref = F.scaled_dot_product_attention(q, k, v, attn_mask=(j <= i) & (i - j < 48))
        ref = att.o_proj(ref.transpose(1, 2).reshape(1, 150, 64))
    torch.testing.assert_close(y, ref, rtol=1e-5, atol=1e-5)


def test_save_load_roundtrip(tmp_path):
    m = _small("kda")
    p = save(m, tmp_path / "m.safetensors", dtype=torch.float32)
    m2 = load(p)
    tok = torch.randint(0, 256, (1, 20))
    with torch.no_grad():
        torch.testing.assert_close(m(tok), m2(tok))
    (tmp_path / "bad.safetensors").write_bytes(b"")
    with pytest.raises(Exception):
        load(tmp_path / "bad.safetensors")
    with pytest.raises(InputError):
        load(tmp_path / "missing.safetensors")


# ---- RWKV-7 ----------------------------------------------------------------------------------------

def _header(magic=0x67676D66, version=101, vocab=256, embed=64, layers=12, dtype=0):
    return struct.pack("<6i", magic, version, vocab, embed, layers, dtype)


@pytest.mark.parametrize("blob, msg", [
    (b"\x00" * 10, "too short"),
    (_header(magic=0x1234), "bad magic"),
    (_header(version=7), "version 7"),
    (_header(dtype=1), "only FP32"),
    (_header(layers=0), "positive"),
    (_header() + struct.pack("<3i", 2, 10, 0), "truncated|corrupt|past the end"),
    (_header(), "missing tensor"),
])
def test_rwkv_loader_rejects_bad_files(tmp_path, blob, msg):
    from leapquant.models.rwkv7 import read_rwkv_cpp
    p = tmp_path / "m.bin"
    p.write_bytes(blob)
    with pytest.raises(InputError, match=msg):
        read_rwkv_cpp(p)
    with pytest.raises(InputError, match="does not exist"):
        read_rwkv_cpp(tmp_path / "nope.bin")


@needs_shared
def test_rwkv_fp32_state_path_matches_plain_forward():
    from leapquant.models.rwkv7 import RWKV7
    m = RWKV7.load(RWKV_FILE)
    text = (SHARED / "corpora" / "austen-persuasion.txt").read_bytes()[:129]
    tok = torch.tensor(list(text))
    with torch.no_grad():
        plain = _bpb(m(tok[None, :-1])[0], tok)
    assert 3.0 < plain < 7.0                                   # a weak but real byte-level LM
    r = run_document(m, tok, None, chunk=64)
    assert r.bits_per_byte == pytest.approx(plain, rel=1e-6)
    assert max(max(max(e) for e in v) for v in r.state_error.values()) < 1e-5


@needs_shared
def test_rwkv_recurrence_matches_spec_reference():
    """The model's own (paper, row-convention) recurrence equals leapquant's rwkv7 spec reference."""
    from leapquant.models.rwkv7 import RWKV7
    m = RWKV7.load(RWKV_FILE)
    tok = torch.tensor(list(b"It was a truth universally acknowledged"))[None]
    x = F.layer_norm(m.w["emb.weight"][tok], (64,), m.w["blocks.0.ln0.weight"], m.w["blocks.0.ln0.bias"], eps=1e-5)
    inputs, _, _ = m.tmix_inputs(0, m._ln(x, "blocks.0.ln1"), None)
    o_ref, _ = recurrences.get("rwkv7").reference(**inputs, scale=1.0)
    torch.testing.assert_close(m.naive_recurrence(inputs).double(), o_ref, rtol=1e-4, atol=1e-5)


# ---- traces and training -----------------------------------------------------------------------------

def test_recorded_trace_roundtrip(tmp_path):
    from leapquant.models.record import record_trace
    from leapquant.traces import TraceSource
    m = _small("gdn")
    tok = torch.randint(0, 256, (65,))
    path = record_trace(m, tok, tmp_path / "t.safetensors", layers=[0, 2], heads=[0])
    src = TraceSource(path)
    assert src.family == "gdn" and src.num_layers == 2 and src.total_tokens == 64
    steps = next(src.chunks(32))
    assert steps.k.shape == (2, 1, 1, 32, 32)


def test_default_trace_ships():
    from leapquant.traces import TraceSource
    p = ROOT / "leapquant" / "data" / "default_trace.safetensors"
    if not p.is_file():
        pytest.skip("default trace not recorded yet")
    assert p.stat().st_size < 2 * 1024 * 1024
    src = TraceSource(p)
    assert src.family == "gdn" and src.num_layers >= 2
    next(src.chunks(256))


def test_training_script_smoke(tmp_path):
    from leapquant.models.train import main
    data = tmp_path / "corpora"
    data.mkdir()
    (data / "a.txt").write_text("the quick brown fox jumps over the lazy dog. " * 40)
    (data / "austen-persuasion.txt").write_text("held out text, never trained on. " * 20)
    main(["--model", "both", "--tiny", "--device", "cpu", "--steps", "2", "--seq", "32", "--batch", "2",
          "--eval-seqs", "2", "--data", str(data), "--out", str(tmp_path / "out"), "--log-every", "1"])
    import json
    for kind in ("gdn", "kda"):
        log = json.loads((tmp_path / "out" / f"{kind}-log.json").read_text())
        assert log["steps"] == 2 and math.isfinite(log["held_out_bpb_2k"])
        assert "austen-persuasion.txt" not in log["train_files"]
        load(tmp_path / "out" / f"{kind}.safetensors")


def test_study_resume_keeps_finished_configs_and_refuses_another_document(tmp_path):
    import json

    from leapquant.models.study import _previous_configs

    path = tmp_path / "gdn-x.json"
    assert _previous_configs(path, "doc.txt", 100, 64) == {}
    path.write_text(json.dumps({"document": "doc.txt", "tokens": 100, "chunk": 64, "partial": True, "device": "cuda",
                                "configs": {"fp32": {"bits_per_byte": 2.0},
                                            "bf16": {"bits_per_byte": 2.1, "device": "cpu"}}}))
    # an entry without its own device ran on the device of the run that wrote the file
    assert _previous_configs(path, "doc.txt", 100, 64) == {"fp32": {"bits_per_byte": 2.0, "device": "cuda"},
                                                           "bf16": {"bits_per_byte": 2.1, "device": "cpu"}}
    with pytest.raises(InputError, match="--resume: .*100 tokens, chunk 64.*99, 64"):
        _previous_configs(path, "doc.txt", 99, 64)


def test_study_rejects_a_bad_parallel_count():
    from leapquant.models.study import study

    with pytest.raises(InputError, match="--parallel must be an integer >= 1, got 0"):
        study(models=["gdn"], parallel=0)
    with pytest.raises(InputError, match="--parallel 4 runs configs on CUDA streams: it needs --device cuda"):
        study(models=["gdn"], parallel=4, device="cpu")


def test_study_merge_combines_folders_and_refuses_overlaps(tmp_path):
    """One folder per GPU, each with some configs of the same run: merged into one JSON (configs in the
    study's order, devices kept); a config in two folders, or another document, is an error."""
    import json

    from leapquant.models.study import merge

    def write(folder, configs, tokens=100, device="cuda"):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "gdn-t.json").write_text(json.dumps({"model": "gdn", "document": "doc.txt", "tokens": tokens,
                                                        "chunk": 64, "device": device, "configs": configs}))

    write(tmp_path / "a", {"int8-channel": {"bits_per_byte": 2.2}, "fp32": {"bits_per_byte": 2.0}})
    write(tmp_path / "b", {"leapquant": {"bits_per_byte": 2.0, "device": "cpu"}}, device="cuda")
    merge([tmp_path / "a", tmp_path / "b"], tmp_path / "out", "t")
    d = json.loads((tmp_path / "out" / "gdn-t.json").read_text())
    assert list(d["configs"]) == ["fp32", "int8-channel", "leapquant"]
    assert d["device"] == "cpu+cuda" and d["configs"]["leapquant"]["device"] == "cpu"
    assert abs(d["relative_to_fp32_pct"]["int8-channel"] - 10.0) < 1e-9
    assert "seconds" not in d and len(d["commands"]) == 2
    assert (tmp_path / "out" / "table-t.md").is_file()
    write(tmp_path / "c", {"fp32": {"bits_per_byte": 2.0}})
    with pytest.raises(InputError, match="config 'fp32' of gdn is in both"):
        merge([tmp_path / "a", tmp_path / "c"], tmp_path / "out2", "t")
    write(tmp_path / "d", {"bf16": {"bits_per_byte": 2.0}}, tokens=99)
    with pytest.raises(InputError, match="document/tokens/chunk"):
        merge([tmp_path / "a", tmp_path / "d"], tmp_path / "out3", "t")


def test_kernel_arithmetic_config():
    """leapquant-kernel is the paper's 8-bit pipeline with only the fit's arithmetic changed — the kernels'
    Gram-Schmidt and TF32 operands (docs/math.md eqs. 14-15) — and keeps a shadow state; the records refit is the
    `lowrank` fitter in the coefficient space of the buffered records (eq. 22). The study imports no kernel code."""
    from leapquant.models import study
    base, pipe = preset("leapquant").to_dict(), study.CONFIGS["leapquant-kernel"][1]
    assert {k for k, v in pipe.to_dict().items() if v != base[k]} == {"fitter_options"}
    assert pipe.fitter_options == {"iters": 2, "tf32": True, "orth": "mgs"} and "leapquant-kernel" in study.SHADOWED
    tf32 = study.CONFIGS["leapquant-tf32"][1]   # the TF32 refit alone: torch's QR, which no kernel runs
    assert tf32.fitter_options == {"tf32": True} and set(study.KERNEL_ARITHMETIC) <= set(study.SHADOWED)
    records = study.CONFIGS["leapquant-kernel-records"][1]
    assert records.fitter == "lowrank" and records.fitter_options == {
        "iters": 2, "tf32": True, "orth": "mgs", "start": "decayed", "form": "coefficients", "fallback": "state"}
    assert study.CONFIGS["leapquant-kernel-it1"][1].fitter_options["iters"] == 1


def test_the_kernels_default_computes_the_study_kernel_config():
    """The study's leapquant-kernel is what the decode kernels' default configuration computes (their pipeline)."""
    try:
        from leapquant.kernels.config import KernelConfig
        from leapquant.kernels.from_pipeline import pipeline_of
    except ImportError as e:
        pytest.skip(f"the kernels' pipeline mapping is not importable: {e}")
    from leapquant.models import study
    assert pipeline_of(KernelConfig()).to_dict() == study.CONFIGS["leapquant-kernel"][1].to_dict()


def test_refit_schedule_configs_and_their_plot(tmp_path):
    """The cheaper-refit configs are LeapQuant 8-bit with only the refit changed, keep a shadow state,
    and their plot shows each model's state error against the refit interval relative to refitting every window."""
    from leapquant.models import study
    base = preset("leapquant").to_dict()
    for c in study.REFIT_SCHEDULES:
        d = study.CONFIGS[c][1].to_dict()
        assert {k for k in d if d[k] != base[k]} <= {"refit_every", "fitter_options", "fitter"} and c in study.SHADOWED
    assert [study.CONFIGS[c][1].refit_every for c in study.REFIT_SCHEDULES] == [1, 2, 4, 8, 1, 1, 1]
    assert study.CONFIGS["leapquant-lowrank"][1].fitter == "lowrank"   # the records-only iteration

    def entry(err):   # two layers, three checkpoints, two heads
        return {"state_error": {"0": [[err, err]] * 3, "1": [[err, err]] * 3}}
    res = {"gdn": {"configs": {"leapquant": entry(1.0), "leapquant-refit2": entry(1.5), "leapquant-it1": entry(1.2),
                               "leapquant-refit4": entry(2.0), "leapquant-lowrank": entry(1.02)}}}
    assert study._mean_state_error(res["gdn"]["configs"]["leapquant-refit2"]) == 1.5
    path = study.plot_refit_schedules(res, tmp_path / "refit.png")
    assert path is not None and path.stat().st_size > 1000 and path.read_bytes()[:4] == b"\x89PNG"
    assert study.plot_refit_schedules({"gdn": {"configs": {"leapquant": entry(1.0)}}}, tmp_path / "none.png") is None
    assert not (tmp_path / "none.png").exists()


# ---- bad input and what is written -------------------------------------------------------------------------------

@pytest.mark.parametrize("field, value, says", [("n_heads", 0, "n_heads must be an integer >= 1"),
                                                ("head_dim", 7, "head_dim must be even"),
                                                ("attn_layers", [5], "attn_layers must be a list of layer indices"),
                                                ("kind", "mamba", "kind must be 'gdn' or 'kda'"),
                                                ("kda_lower_bound", 1.0, "kda_lower_bound must be a negative")])
def test_hybrid_config_refuses_sizes_a_model_cannot_have(field, value, says):
    with pytest.raises(InputError, match=says):
        HybridConfig(**{field: value})


def test_saving_weights_is_atomic(tmp_path, monkeypatch):
    """A save that dies mid-write leaves the previous file whole (and no temporary file)."""
    import safetensors.torch

    path = save(_small("gdn"), tmp_path / "m.safetensors", dtype=torch.float32)
    before = path.read_bytes()
    real = safetensors.torch.save_file

    def dies(tensors, filename, metadata=None):
        real({"x": torch.zeros(1)}, filename)       # half a file where it writes, then the crash
        raise KeyboardInterrupt
    monkeypatch.setattr(safetensors.torch, "save_file", dies)
    with pytest.raises(KeyboardInterrupt):
        save(_small("kda"), path)
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["m.safetensors"]
    load(path)


def test_model_code_writes_its_files_atomically():
    """Every file the model code writes (weights, logs, figures) goes through leapquant.files or leapquant.plots;
    the only direct writes are to the temporary path of `atomic_path` and the progress log a study appends to."""
    import re
    pattern = re.compile(r"\.write_text\(|json\.dump\(|\.savefig\(|save_file\(|torch\.save\(|open\([^)]*[\"']w[\"']")
    found = [f"{p.name}:{n}: {line.strip()}" for p in sorted((ROOT / "leapquant" / "models").glob("*.py"))
             for n, line in enumerate(p.read_text().splitlines(), 1)
             if pattern.search(line) and "tmp" not in line]
    assert not found, "\n".join(found)


def test_record_refuses_layers_and_heads_the_model_does_not_have(tmp_path):
    from leapquant.models.record import record_trace
    m, tok = _small("gdn"), torch.randint(0, 256, (9,))
    with pytest.raises(InputError, match=r"layers must be some of the model's linear-attention layers \[0, 2\]"):
        record_trace(m, tok, tmp_path / "t.safetensors", layers=[1])
    with pytest.raises(InputError, match="heads must be some of the model's 2 heads"):
        record_trace(m, tok, tmp_path / "t.safetensors", layers=[0], heads=[2])
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("args, says", [(["--steps", "0"], "--steps must be an integer >= 1"),
                                        (["--lr", "-1"], "--lr must be a positive number"),
                                        (["--device", "tpu9"], "--device: cannot use device"),
                                        (["--data", "/nonexistent-corpora"], "--data: '/nonexistent-corpora'")])
def test_training_refuses_bad_arguments_before_any_work(args, says, tmp_path, capsys, monkeypatch):
    from leapquant.models import train

    def refuse(*a, **k):
        raise AssertionError("the training ran")
    monkeypatch.setattr(train, "train_one", refuse)
    with pytest.raises(SystemExit) as e:
        train.main(["--data", str(tmp_path), "--out", str(tmp_path / "out"), "--device", "cpu", *args])
    assert e.value.code == 2 and says in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
