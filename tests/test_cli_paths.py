"""Every command checks its options and output paths before any work, and keeps stdout for its result.

An output path that cannot be written (a read-only folder, an existing folder where a file is expected, a file where
a folder is expected) and every bad numeric or named option is exit 2 with one line naming the option as typed,
and the work (the simulation, the study's models, the bench, the training) never starts: each test replaces it by
a function that fails the test if it is called. With --json stdout holds only the JSON and progress still goes to
stderr; --quiet silences it."""
import contextlib
import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from cli_checks import refused
from typer.testing import CliRunner

from leapquant.cli import app
from leapquant.models import study as st

SYNTH = ["--model", "gdn", "--tokens", "64", "--heads", "1", "--dk", "16", "--dv", "16"]
STUDY = ["study", "--models", "gdn", "--configs", "fp32", "--tokens", "16", "--chunk", "8"]


def _refuse(what):
    def refuse(*args, **kwargs):
        raise AssertionError(f"{what} ran")
    return refuse


@pytest.fixture
def no_work(monkeypatch):
    """The simulation, the study's models, the checks, the bench and the training must not start."""
    import leapquant.check
    import leapquant.simulate
    from leapquant.kernels import bench as kb
    from leapquant.models import train
    monkeypatch.setattr(leapquant.simulate, "simulate", _refuse("the simulation"))
    monkeypatch.setattr(st, "study_model", _refuse("a model"))
    monkeypatch.setattr(leapquant.check, "check_spec", _refuse("a check"))
    monkeypatch.setattr(kb, "bench", _refuse("the bench"))
    monkeypatch.setattr(train, "train_one", _refuse("the training"))


@contextlib.contextmanager
def unprivileged():
    """Permission bits do not bind root: as root, run the block with the effective ids of nobody."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        yield
        return
    os.setegid(65534)
    os.seteuid(65534)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


@pytest.fixture
def place():
    """A folder (that nobody can reach, see `unprivileged`) holding `ro`, a folder no file can be created in, `w`, one
    anyone can write in, and `a-file`."""
    base = Path(tempfile.mkdtemp())
    base.chmod(0o755)
    (base / "a-file").write_text("x")
    (base / "w").mkdir()
    (base / "w").chmod(0o777)
    (base / "ro").mkdir()
    (base / "ro").chmod(0o555)
    yield base
    (base / "ro").chmod(0o755)
    shutil.rmtree(base)


def _kinds(place, name):
    """(the bad path, what the message says) for each way a file's path goes wrong."""
    return {"read-only folder": (place / "ro" / name, f"cannot write in {str(place / 'ro')!r}"),
            "a folder": (place, "is a folder; expected a file name"),
            "below a file": (place / "a-file" / name, "is not a folder")}


KINDS = ["read-only folder", "a folder", "below a file"]


def _invoke(args):
    with unprivileged():
        return CliRunner().invoke(app, args)


@pytest.mark.parametrize("kind", KINDS)
def test_simulate_refuses_a_plot_path_before_simulating(kind, place, no_work):
    path, says = _kinds(place, "fig.png")[kind]
    refused(_invoke(["simulate", *SYNTH, "--json", "--plot", str(path)]), "--plot", says)


@pytest.mark.parametrize("kind", KINDS)
def test_bench_refuses_a_png_path_before_any_gpu_work(kind, place, no_work, monkeypatch):
    import torch
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    path, says = _kinds(place, "bench.png")[kind]
    for command in (["kernels", "bench"], ["bench"]):
        refused(_invoke([*command, "--model", "gdn", "--json", "--png", str(path)]), "--png", says)


@pytest.mark.parametrize("kind", KINDS)
def test_study_refuses_an_out_folder_before_any_model_runs(kind, place, no_work):
    path, says = {"read-only folder": (place / "ro" / "out", f"cannot write in {str(place / 'ro')!r}"),
                  "a folder": (place / "a-file", "is a file; expected a folder"),
                  "below a file": (place / "a-file" / "out", "is not a folder")}[kind]
    refused(_invoke([*STUDY, "--out", str(path)]), "--out", says)


@pytest.mark.parametrize("kind", KINDS)
def test_study_refuses_a_progress_log_path_before_any_model_runs(kind, place, no_work):
    path, says = _kinds(place, "log.txt")[kind]
    out = place / "w" / "out"
    refused(_invoke([*STUDY, "--out", str(out), "--progress-log", str(path)]), "--progress-log", says)
    assert not out.exists()


def test_report_and_merge_refuse_an_out_folder_they_cannot_write(place):
    saved = {"model": "gdn", "document": "d.txt", "tokens": 10, "chunk": 8, "configs": {"fp32": {"bits_per_byte": 2}}}
    ro, a = place / "ro", place / "a"
    a.mkdir()
    (a / "gdn.json").write_text(json.dumps(saved))
    ro.chmod(0o755)
    shutil.copy(a / "gdn.json", ro / "gdn.json")
    ro.chmod(0o555)
    refused(_invoke(["study", "--report", "--out", str(ro)]), "--out", f"cannot write in {str(ro)!r}")
    refused(_invoke(["study", "--merge", str(a), "--out", str(ro)]), "--out", f"cannot write in {str(ro)!r}")
    refused(_invoke(["study", "--merge", str(a), "--out", str(a / "gdn.json")]), "--out", "is a file; expected a "
             "folder")
    assert sorted(p.name for p in ro.iterdir()) == ["gdn.json"]


def test_the_training_and_recording_scripts_refuse_their_out_path_before_any_work(tmp_path, no_work, capsys):
    from leapquant.models import record, train
    (tmp_path / "a-file").write_text("x")
    for main, args in ((train.main, ["--data", str(tmp_path), "--out", str(tmp_path / "a-file")]),
                       (record.main, ["--out", str(tmp_path)])):
        with pytest.raises(SystemExit) as e:
            main(["--device", "cpu", *args] if main is train.main else args)
        assert e.value.code == 2
    err = capsys.readouterr().err
    assert "--out: '" + str(tmp_path / "a-file") + "' is a file" in err and "is a folder; expected a file" in err


# ---- every numeric and named option ---------------------------------------------------------------------------------

BAD_OPTIONS = [
    (["simulate", "--model", "gdn", "--tokens", "0"], "--tokens must be an integer >= 1, got 0"),
    (["simulate", "--model", "gdn", "--tokens", "-5"], "--tokens must be an integer >= 1, got -5"),
    (["simulate", "--tokens", "5000"], "--tokens 5000 is more than the 1280 tokens of trace"),
    (["simulate", "--tokens", "abc"], "'--tokens'"),
    (["simulate", "--model", "gdn", "--heads", "0"], "--heads must be an integer >= 1"),
    (["simulate", "--model", "gdn", "--layers", "0"], "--layers must be an integer >= 1"),
    (["simulate", "--model", "gdn", "--dk", "0"], "--dk must be an integer >= 1"),
    (["simulate", "--model", "gdn", "--dv", "-1"], "--dv must be an integer >= 1"),
    (["simulate", "--points", "0"], "--points must be an integer >= 1"),
    (["simulate", "--seed", "-1"], "--seed must be an integer in [0, 2^63)"),
    (["simulate", "--dtype", "float16"], "--dtype must be float32 or float64"),
    (["simulate", "--device", "tpu9"], "--device: cannot use device 'tpu9'"),
    (["simulate", "--window", "0"], "--window: pipeline.window"),
    (["simulate", "--rank", "-1"], "--rank: pipeline.rank"),
    (["simulate", "--refit-every", "0"], "--refit-every: pipeline.refit_every"),
    (["simulate", "--boundary-lag", "-1"], "--boundary-lag: pipeline.boundary_lag"),
    (["simulate", "--records", "fp8"], "--records: pipeline.records"),
    (["simulate", "--format", "int7"], "--format: pipeline.format"),
    (["simulate", "--fitter", "magic"], "--fitter: pipeline.fitter"),
    (["simulate", "--smoother", "magic"], "--smoother: pipeline.smoother"),
    (["simulate", "--format-option", "bits"], "--format-option must be key=value"),
    (["simulate", "--model", "transformer"], "--model: unknown recurrence family 'transformer'"),
    (["simulate", "--compare", "int9"], "--compare: unknown config 'int9'"),
    (["simulate", "--compare", "int8", "--window", "8"], "--window has no effect with --compare"),
    (["simulate", "--heads", "2"], "--heads has no effect with a trace"),
    (["simulate", "--model", "gdn", "--trace", "x.safetensors"], "--trace and --model both name the input"),
    (["simulate", "--bogus"], "No such option: --bogus"),
    (["check", "--tokens", "0"], "--tokens must be an integer >= 1"),
    (["check", "--window", "0"], "--window must be an integer >= 1"),
    (["check", "--dk", "0"], "--dk must be an integer >= 1"),
    (["check", "--seed", "-3"], "--seed must be an integer in [0, 2^63)"),
    (["check", "--family", "transformer"], "--family: unknown recurrence family"),
    ([*STUDY[:-4], "--tokens", "-5"], "--tokens must be a positive integer, got -5"),
    ([*STUDY[:-4], "--tokens", "0"], "--tokens must be a positive integer, got 0"),
    ([*STUDY, "--chunk", "0"], "--chunk must be a positive integer"),
    ([*STUDY, "--threads", "0"], "--threads must be a positive integer"),
    ([*STUDY, "--parallel", "0"], "--parallel must be an integer >= 1"),
    ([*STUDY, "--device", "tpu9"], "--device: cannot use device 'tpu9'"),
    ([*STUDY, "--tag", "../x"], "--tag must be letters, digits"),
    (["study", "--models", "foo"], "--models: unknown model(s) ['foo']"),
    (["study", "--configs", "int9"], "--configs: unknown config(s) ['int9']"),
    ([*STUDY, "--data", "/nonexistent-folder"], "--data: '/nonexistent-folder' is not a folder"),
    ([*STUDY, "--document", "/nonexistent.txt"], "--document: '/nonexistent.txt' is not a readable file"),
    (["study", "--report", "--tokens", "5"], "--tokens has no effect with --report"),
    (["study", "--merge", ".", "--models", "gdn"], "--models has no effect with --merge"),
    (["kernels", "bench", "--batch", "0"], "--batch"),
    (["kernels", "bench", "--layers", "1"], "--layers: must be 0 (no multi-layer rows) or >= 2"),
    (["kernels", "bench", "--window", "1"], "KernelConfig.window"),
    (["kernels", "emulate", "--windows", "0"], "--windows: must be >= 1"),
    (["kernels", "check", "--arch", "sm_75"], "--arch"),
]


@pytest.mark.parametrize("args, says", BAD_OPTIONS, ids=[" ".join(a) for a, _ in BAD_OPTIONS])
def test_a_bad_option_is_one_line_naming_it_before_any_work(args, says, tmp_path, no_work, monkeypatch):
    monkeypatch.chdir(tmp_path)     # a command that ran would write here, not in the clone
    refused(CliRunner().invoke(app, args), says)
    assert not list(tmp_path.iterdir())


# ---- stdout for the result, stderr for progress -------------------------------------------------------------------

def test_simulate_json_keeps_stdout_for_the_json_and_shows_progress_on_stderr():
    r = CliRunner().invoke(app, ["simulate", *SYNTH, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["tokens"] == 64
    assert "simulating: 64/64 tokens (100 %)" in r.stderr
    q = CliRunner().invoke(app, ["simulate", *SYNTH, "--json", "--quiet"])
    assert q.exit_code == 0 and q.stderr == "" and json.loads(q.stdout) == {**json.loads(r.stdout), "configs": {
        n: {**c, "seconds": json.loads(q.stdout)["configs"][n]["seconds"]} for n, c in json.loads(r.stdout)[
            "configs"].items()}}


def test_study_json_keeps_stdout_for_the_json_and_shows_progress_on_stderr(tmp_path):
    r = CliRunner().invoke(app, [*STUDY, "--out", str(tmp_path / "a"), "--json"])
    assert r.exit_code == 0, r.output
    assert "fp32" in json.loads(r.stdout)["gdn"]["bits_per_byte"]
    assert "gdn: 1 configs x 3 layers: 48/48 tokens (100 %)" in r.stderr and "gdn fp32: " in r.stderr
    q = CliRunner().invoke(app, [*STUDY, "--out", str(tmp_path / "b"), "--json", "--quiet"])
    assert q.exit_code == 0 and q.stderr == "" and json.loads(q.stdout)["gdn"]["tokens"] == 16


def _fake_bench(**kwargs):
    kwargs["log"]("gdn 32: timing leap_int8_vfirst")
    row = dict(model="gdn", batch=32, kernel="leap_int8_vfirst", us=10.0, speedup_vs_fla=2.0, speedup_vs_fla_kfirst=2.0,
               speedup_vs_fla_vfirst=2.0, tbs=1.0)
    return {"rows": [row], "failed": [], "ceiling_tbs": 3.0}


@pytest.mark.parametrize("quiet", [False, True])
def test_bench_json_logs_on_stderr_and_quiet_silences_it(quiet, monkeypatch, tmp_path):
    import torch

    from leapquant.kernels import bench as kb
    from leapquant.kernels import cli
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(kb, "bench", _fake_bench)
    monkeypatch.setattr(cli, "quiet_tilelang", contextlib.nullcontext)
    png = tmp_path / "b.png"
    r = CliRunner().invoke(app, ["bench", "--model", "gdn", "--batch", "32", "--json", "--png", str(png),
                                 *(["--quiet"] if quiet else [])])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)[0]["kernel"] == "leap_int8_vfirst" and png.is_file()
    assert r.stderr == ("" if quiet else "gdn 32: timing leap_int8_vfirst\n")


def test_kernels_check_quiet_silences_its_progress_lines(monkeypatch):
    from leapquant.kernels import cli

    def fake(arch, full=False, progress=None):
        row = {"arch": arch, "kernel": "decode", "program": "warp", "variant": "x", "ok": True, "seconds": 0.1}
        progress(1, 1, row)
        return [row]
    monkeypatch.setattr(cli, "compile_variants", fake)
    loud = CliRunner().invoke(app, ["kernels", "check", "--json"])
    quiet = CliRunner().invoke(app, ["kernels", "check", "--json", "--quiet"])
    assert loud.exit_code == quiet.exit_code == 0
    assert "[sm_90 1/1] decode warp x: ok" in loud.stderr and quiet.stderr == ""
    assert json.loads(loud.stdout) == json.loads(quiet.stdout)
