"""Every file the command line reads, broken in the ways a file breaks: each is exit 2 with one line on stderr that
names the file and what is wrong, no traceback, and no work done (the simulation, the study's models never run).

Traces (`simulate --trace`), the study's result JSON (`--report`, `--merge`, `--resume`), its model weights
(`--model-dir`, `--data`'s RWKV-7 file), the kernels' `--pipeline` JSON."""
import json
import struct
import subprocess
import sys

import pytest
import torch
from cli_checks import refused
from safetensors.torch import save_file
from typer.testing import CliRunner

from leapquant import recurrences
from leapquant.cli import app
from leapquant.models import study as st
from leapquant.models.hybrid import HybridConfig, HybridLM, save
from leapquant.recurrences import Dims
from leapquant.traces import TRACE_VERSION, save_trace

T = 32


def _layers(n=2):
    gen = torch.Generator().manual_seed(0)
    return [recurrences.get("gdn").random_inputs(Dims(1, T, 1, 1, 8, 8), gen) for _ in range(n)]


def _meta(**changes):
    meta = {"leapquant_trace": TRACE_VERSION, "family": "gdn", "layers": "2", "spec_options": "{}",
            "call_options": json.dumps({"scale": 0.35})}
    meta.update(changes)
    return {k: v for k, v in meta.items() if v is not None}


def _tensors(layers):
    return {f"layer{i}.{k}": v.contiguous() for i, x in enumerate(layers) for k, v in x.items()}


def _raw(path, tensors, **meta):
    save_file(tensors, str(path), metadata=_meta(**meta))
    return path


def _good(tmp_path):
    return save_trace(tmp_path / "good.safetensors", "gdn", _layers(), call_options={"scale": 0.35})


def _truncated(tmp_path):
    data = _good(tmp_path).read_bytes()
    (tmp_path / "t.safetensors").write_bytes(data[:len(data) // 2])
    return tmp_path / "t.safetensors"


def _empty(tmp_path):
    (tmp_path / "t.safetensors").write_bytes(b"")
    return tmp_path / "t.safetensors"


def _corrupted_header(tmp_path):
    data = bytearray(_good(tmp_path).read_bytes())
    data[8:16] = b"{garbage"
    (tmp_path / "t.safetensors").write_bytes(bytes(data))
    return tmp_path / "t.safetensors"


def _without(name):
    def make(tmp_path):
        t = _tensors(_layers())
        del t[name]
        return _raw(tmp_path / "t.safetensors", t)
    return make


def _meta_changed(**changes):
    return lambda tmp_path: _raw(tmp_path / "t.safetensors", _tensors(_layers()), **changes)


def _retyped(name, value):
    def make(tmp_path):
        t = _tensors(_layers())
        t[name] = value
        return _raw(tmp_path / "t.safetensors", t)
    return make


def _foreign(tmp_path):
    save_file({"weight": torch.zeros(4, 4)}, str(tmp_path / "t.safetensors"))
    return tmp_path / "t.safetensors"


# (the file, what the message says): one per way a trace file breaks
BAD_TRACES = {
    "truncated": (_truncated, "not a readable safetensors file"),
    "empty": (_empty, "not a readable safetensors file"),
    "corrupted header": (_corrupted_header, "not a readable safetensors file"),
    "missing layer0.q": (_without("layer0.q"), "layer 0: missing input 'q'"),
    "missing layer1.beta": (_without("layer1.beta"), "layer 1's beta is missing, layer 0's [1, 32, 1]"),
    "layers says more": (_meta_changed(layers="3"), "says 3 layer(s) but it holds no tensors for layer(s) [2]"),
    "layers says fewer": (_meta_changed(layers="1"), "holds tensor 'layer1.beta' but its metadata says 1 layer"),
    "layers not a number": (_meta_changed(layers="two"), "layers must be an integer"),
    "bad spec_options JSON": (_meta_changed(spec_options="{not json"), "spec_options is not valid JSON"),
    "spec_options not an object": (_meta_changed(spec_options="[1]"), "spec_options must be a JSON object"),
    "unknown spec option": (_meta_changed(spec_options='{"depth": 3}'), "bad options for recurrence family 'gdn'"),
    "bad call_options JSON": (_meta_changed(call_options="{"), "call_options is not valid JSON"),
    "bad scale": (_meta_changed(call_options='{"scale": -1}'), "scale must be a positive number"),
    "unknown call option": (_meta_changed(call_options='{"causal": true}'), "unknown call_options ['causal']"),
    "missing family": (_meta_changed(family=None), "metadata has no 'family'"),
    "unknown family": (_meta_changed(family="transformer"), "unknown recurrence family 'transformer'"),
    "other version": (_meta_changed(leapquant_trace="9"), "leapquant_trace is '9'"),
    "a folder": (lambda tmp_path: tmp_path, "is a folder; expected a safetensors file"),
    "missing": (lambda tmp_path: tmp_path / "missing.safetensors", "does not exist"),
    "not leapquant's": (_foreign, "metadata has no leapquant_trace"),
    "int tensor": (_retyped("layer0.g", torch.zeros(1, T, 1, dtype=torch.int32)), "'layer0.g' has dtype I32"),
    "wrong shape": (_retyped("layer0.g", torch.zeros(1, T, 2)), "layer 0 (checked on its first token): g must have "
                    "shape [1, 1, 1], got [1, 1, 2]"),
    "tokens disagree": (_retyped("layer0.k", torch.zeros(1, T - 1, 1, 8)), "layer 0: k has shape [1, 31, 1, 8]; its "
                        "axis 1 must hold the tokens, as many as q's 32"),
    "layers disagree": (_retyped("layer1.v", torch.zeros(1, T, 1, 6)), "layer 1's v is [1, 32, 1, 6], layer 0's "
                        "[1, 32, 1, 8]"),
    "NaN at the first token": (_retyped("layer0.v", torch.full((1, T, 1, 8), float("nan"))), "layer 0 (checked on its "
                               "first token): v contains NaN or Inf"),
    "stray tensor": (_retyped("extra", torch.zeros(2)), "tensor 'extra' is not named layer<L>.<input>"),
    "unknown input": (_retyped("layer0.u", torch.zeros(2)), "unknown input(s) ['u']"),
    "no tokens": (lambda tmp_path: _raw(tmp_path / "t.safetensors", _tensors(
        [recurrences.get("gdn").random_inputs(Dims(1, 0, 1, 1, 8, 8)) for _ in range(2)])), "every size must be >= 1"),
}


@pytest.fixture
def no_simulation(monkeypatch):
    """The simulation must not start: a bad file is refused before any work."""
    import leapquant.simulate

    def refuse(*args, **kwargs):
        raise AssertionError("the simulation ran")
    monkeypatch.setattr(leapquant.simulate, "simulate", refuse)


@pytest.mark.parametrize("case", list(BAD_TRACES))
def test_a_bad_trace_is_one_line_naming_the_file_before_any_work(case, tmp_path, no_simulation):
    make, says = BAD_TRACES[case]
    path = make(tmp_path)
    r = CliRunner().invoke(app, ["simulate", "--trace", str(path), "--json"])
    refused(r, f"trace {str(path)!r}", says)


def test_the_good_trace_of_these_cases_replays(tmp_path):
    r = CliRunner().invoke(app, ["simulate", "--trace", str(_good(tmp_path)), "--json", "--quiet"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["tokens"] == T


@pytest.mark.parametrize("family", recurrences.names())
def test_the_checks_at_open_take_every_familys_trace(family, tmp_path):
    """The whole-file check refuses only bad files: each family's own inputs (grouped value heads, static inputs,
    DeltaProduct's sub-steps, optional inputs left out) open, and stream as the spec's steps."""
    from leapquant.traces import TraceSource
    spec = recurrences.get(family)
    d = Dims(1, 12, 1, 1 if family in ("rwkv6", "hgrn2", "delta_product", "deltanet") else 2, 8, 6)
    gen = torch.Generator().manual_seed(1)
    try:
        layers = [spec.random_inputs(d, gen) for _ in range(2)]
        spec.steps(**layers[0])
    except Exception:     # a family whose heads must match: one value head per key head
        d = Dims(1, 12, 1, 1, 8, 6)
        layers = [spec.random_inputs(d, gen) for _ in range(2)]
    if family == "mamba2":
        del layers[1]["D"], layers[0]["D"]                 # optional
    src = TraceSource(save_trace(tmp_path / "t.safetensors", family, layers))
    chunks = list(src.chunks(5))
    assert src.total_tokens == 12 and [c.num_tokens for c in chunks] == [5, 5, 2]
    want = spec.steps(**{k: v.to(torch.float32) for k, v in layers[1].items()})
    torch.testing.assert_close(torch.cat([c.k[1] for c in chunks], -2), want.k)
    torch.testing.assert_close(torch.cat([c.q[1] for c in chunks], -2), want.q)


def test_a_bad_value_in_a_trace_names_the_file_layer_and_tokens(tmp_path):
    layers = _layers()
    layers[1]["g"][0, 20, 0] = 0.5                   # a positive log decay at token 20 of layer 1
    path = save_trace(tmp_path / "t.safetensors", "gdn", layers)
    r = CliRunner().invoke(app, ["simulate", "--trace", str(path), "--compare", "int8-w", "--quiet"])
    refused(r, str(path), "layer 1, tokens 16-32", "g must be <= 0")


def test_a_bad_trace_prints_no_traceback_from_the_installed_command(tmp_path):
    path = _truncated(tmp_path)
    r = subprocess.run([sys.executable, "-m", "leapquant.cli", "simulate", "--trace", str(path)], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: trace ") and "Traceback" not in r.stderr


# ---- the study's result files (--report, --merge, --resume) ------------------------------------------------------

def _result(**changes):
    d = {"model": "gdn", "document": "d.txt", "tokens": 10, "chunk": 8,
         "configs": {"fp32": {"bits_per_byte": 2.0}, "leapquant": {"bits_per_byte": 2.1, "at": [8, 10],
                                                                    "state_error": {"0": [[0.1], [0.2]]}}}}
    d.update(changes)
    return json.dumps(d)


BAD_RESULTS = {
    "not JSON": ("{oops", "is not valid JSON"),
    "empty": ("", "is not valid JSON"),
    "a list": ("[]", "expected a JSON object, got list"),
    "no tokens": (_result(tokens=None), "'tokens' must be an integer >= 1"),
    "configs not an object": (_result(configs=[1]), "'configs' must be an object"),
    "a config not an object": (_result(configs={"fp32": 2.0}), "configs.fp32 must be an object"),
    "bits per byte a string": (_result(configs={"fp32": {"bits_per_byte": "2"}}), "configs.fp32.bits_per_byte"),
    "ragged state error": (_result(configs={"leapquant": {"bits_per_byte": 2.0, "at": [8, 10], "state_error": {
        "0": [[0.1], [0.2, 0.3]]}}}), "same points and heads"),
    "at too short": (_result(configs={"leapquant": {"bits_per_byte": 2.0, "at": [8], "state_error": {
        "0": [[0.1], [0.2]]}}}), "configs.leapquant.at must list one token count per state_error point"),
    "configs disagree": (_result(configs={
        "leapquant": {"bits_per_byte": 2.0, "at": [8], "state_error": {"0": [[0.1]]}},
        "bf16": {"bits_per_byte": 2.0, "at": [8], "state_error": {"1": [[0.1]]}}}), "do not share layers and heads"),
    "figure6 without heads": (_result(configs={"leapquant": {"bits_per_byte": 2.0, "figure6": {
        "0": {"state": []}}}}), "configs.leapquant.figure6.0 must hold"),
}


@pytest.mark.parametrize("case", list(BAD_RESULTS))
def test_report_names_a_bad_result_file(case, tmp_path):
    text, says = BAD_RESULTS[case]
    (tmp_path / "gdn.json").write_text(text)
    r = CliRunner().invoke(app, ["study", "--report", "--out", str(tmp_path), "--json"])
    refused(r, "--out", str(tmp_path / "gdn.json"), says)
    assert not (tmp_path / "table.md").exists()      # refused before anything is written


def test_merge_names_a_bad_result_file_before_writing_anything(tmp_path):
    for folder, text in (("a", _result()), ("b", "{oops")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "gdn.json").write_text(text)
    r = CliRunner().invoke(app, ["study", "--merge", str(tmp_path / "a"), str(tmp_path / "b"),
                                 "--out", str(tmp_path / "out")])
    refused(r, "--merge", str(tmp_path / "b" / "gdn.json"), "not valid JSON")
    assert not (tmp_path / "out").exists()
    r = CliRunner().invoke(app, ["study", "--merge", str(tmp_path / "a"), str(tmp_path / "nope")])
    refused(r, "--merge", "'" + str(tmp_path / "nope") + "' is not a folder")
    r = CliRunner().invoke(app, ["study", "--report", "--out", str(tmp_path / "a" / "gdn.json")])
    refused(r, "--out", "is not a folder of study results")
    r = CliRunner().invoke(app, ["study", "--report", "--out", str(tmp_path), "--tag", "x"])
    refused(r, "--out", "holds no study result (gdn-x.json")


@pytest.fixture
def no_study(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a model ran")
    monkeypatch.setattr(st, "study_model", refuse)


STUDY = ["study", "--models", "gdn", "--configs", "fp32", "--tokens", "16", "--chunk", "8"]


def test_resume_names_a_bad_result_file_before_any_work(tmp_path, no_study):
    (tmp_path / "gdn.json").write_text(_result(configs={"fp32": 1}))
    r = CliRunner().invoke(app, [*STUDY, "--out", str(tmp_path), "--resume"])
    refused(r, "--resume", str(tmp_path / "gdn.json"), "configs.fp32 must be an object")


# ---- model weights (--model-dir, --data) -------------------------------------------------------------------------

def _tiny(kind="gdn"):
    torch.manual_seed(0)
    return HybridLM(HybridConfig(kind=kind, d_model=16, n_layers=2, n_heads=1, head_dim=8, d_ff=24, attn_layers=[1],
                                 attn_window=16, gate_rank=4))


def _weights(tmp_path, edit=None, meta=None):
    path = save(_tiny(), tmp_path / "gdn.safetensors", dtype=torch.float32)
    if edit or meta:
        from safetensors import safe_open
        with safe_open(str(path), "pt") as f:
            tensors, m = {k: f.get_tensor(k) for k in f.keys()}, f.metadata()
        (edit or (lambda t: None))(tensors)
        m.update(meta or {})
        save_file(tensors, str(path), metadata={k: v for k, v in m.items() if v is not None})
    return path


def _bytes(data):
    def make(tmp_path):
        (tmp_path / "gdn.safetensors").write_bytes(data(_weights(tmp_path).read_bytes()))
    return make


BAD_WEIGHTS = {
    "truncated": (_bytes(lambda b: b[:len(b) // 2]), "not a readable safetensors file"),
    "empty": (_bytes(lambda b: b""), "not a readable safetensors file"),
    "not leapquant's": (lambda p: save_file({"w": torch.zeros(2)}, str(p / "gdn.safetensors")),
                        "is not a leapquant hybrid model"),
    "no config": (lambda p: _weights(p, meta={"config": None}), "metadata has no 'config'"),
    "bad config JSON": (lambda p: _weights(p, meta={"config": "{"}), "metadata config is not valid JSON"),
    "unknown config field": (lambda p: _weights(p, meta={"config": json.dumps({"kind": "gdn", "depth": 2})}),
                             "unexpected keyword argument 'depth'"),
    "bad config value": (lambda p: _weights(p, meta={"config": json.dumps({"kind": "gdn", "n_heads": 0})}),
                         "n_heads must be an integer >= 1"),
    "missing tensor": (lambda p: _weights(p, edit=lambda t: t.pop("embed.weight")),
                       "missing tensor(s) ['embed.weight']"),
    "wrong shape": (lambda p: _weights(p, edit=lambda t: t.update({"embed.weight": torch.zeros(256, 8)})),
                    "tensor 'embed.weight' has shape [256, 8]; its config needs [256, 16]"),
    "int tensor": (lambda p: _weights(p, edit=lambda t: t.update({"embed.weight": torch.zeros(256, 16,
                                                                                              dtype=torch.int8)})),
                   "tensor 'embed.weight' has dtype I8"),
    "a folder": (lambda p: (p / "gdn.safetensors").mkdir(), "is a folder"),
}


@pytest.mark.parametrize("case", list(BAD_WEIGHTS))
def test_a_bad_model_file_is_named_before_any_work(case, tmp_path, no_study):
    make, says = BAD_WEIGHTS[case]
    make(tmp_path)
    r = CliRunner().invoke(app, [*STUDY, "--model-dir", str(tmp_path), "--out", str(tmp_path / "out")])
    refused(r, str(tmp_path / "gdn.safetensors"), says)
    assert not (tmp_path / "out").exists()


def test_the_good_model_file_of_these_cases_loads(tmp_path):
    from leapquant.models.hybrid import load
    m, tok = _tiny(), torch.randint(0, 256, (1, 9))
    with torch.no_grad():
        torch.testing.assert_close(load(_weights(tmp_path))(tok), m(tok))


def _rwkv_file(path, C=64, V=16, layers=2, shapes=None):
    """An rwkv.cpp FP32 file of zeros with every tensor the forward pass reads (shapes as the real files)."""
    s = {"emb.weight": [V, C], "head.weight": [V, C], "ln_out.weight": [C], "ln_out.bias": [C],
         "blocks.0.ln0.weight": [C], "blocks.0.ln0.bias": [C]}
    for i in range(layers):
        b = f"blocks.{i}."
        s.update({b + k: [C] for k in ("ln1.weight", "ln1.bias", "ln2.weight", "ln2.bias", "att.ln_x.weight",
                                       "att.ln_x.bias")})
        s.update({f"{b}att.{k}.weight": [C, C] for k in ("receptance", "key", "value", "output")})
        s.update({b + "att.x_rwkvag": [6, 1, C], b + "ffn.x_k": [1, 1, C], b + "ffn.key.weight": [4 * C, C],
                  b + "ffn.value.weight": [C, 4 * C], b + "att.r_k": [1, C]})
        s.update({f"{b}att.{k}": [1, 1, C] for k in ("w0", "a0", "v0", "k_k", "k_a")})
        for x in ("w", "a", "g", "v"):
            s.update({f"{b}att.{x}1": [8, C], f"{b}att.{x}2": [C, 8]})
    s.update(shapes or {})
    blob = struct.pack("<6i", 0x67676D66, 101, V, C, layers, 0)
    for key, dims in s.items():
        k = key.encode()
        blob += struct.pack(f"<3i{len(dims)}i", len(dims), len(k), 0, *dims[::-1]) + k
        blob += b"\0" * (4 * int(torch.tensor(dims).prod()))
    path.write_bytes(blob)
    return path


@pytest.mark.parametrize("key, shape", [("head.weight", [16, 32]), ("blocks.1.att.key.weight", [64, 32]),
                                        ("blocks.0.att.w2", [64, 4]), ("blocks.1.ffn.value.weight", [64, 100]),
                                        ("blocks.1.att.x_rwkvag", [5, 1, 64])])
def test_rwkv_weights_with_a_misshapen_tensor_are_named(key, shape, tmp_path, no_study):
    (tmp_path / "models").mkdir()
    _rwkv_file(tmp_path / st.RWKV_WEIGHTS, shapes={key: shape})
    r = CliRunner().invoke(app, [*STUDY[:2], "rwkv7", *STUDY[3:], "--data", str(tmp_path), "--document",
                                 str(st.EMBEDDED_DOCUMENT), "--out", str(tmp_path / "out")])
    refused(r, st.RWKV_WEIGHTS.name, f"tensor {key!r} has shape {shape}")


def test_rwkv_weights_with_the_shapes_checked_run_a_forward_pass(tmp_path):
    from leapquant.models.rwkv7 import RWKV7
    m = RWKV7.load(_rwkv_file(tmp_path / "m.bin"))
    assert m(torch.tensor([[1, 2, 3]])).shape == (1, 3, 16)


# ---- the kernels' --pipeline JSON -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, says", [("{oops", "cannot read a JSON pipeline"),
                                        ("[1, 2]", "a pipeline must be a dict"),
                                        ('{"window": "x"}', "pipeline.window")])
def test_kernels_config_names_a_bad_pipeline_file(text, says, tmp_path):
    path = tmp_path / "p.json"
    path.write_text(text)
    r = CliRunner().invoke(app, ["kernels", "config", "--pipeline", str(path)])
    refused(r, "--pipeline", str(path), says)
