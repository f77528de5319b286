"""The `leapquant` command line as a newcomer meets it on a fresh clone: --version, help on every option, several
--compare values at once, the Figure-3 plot and its note, progress without a terminal, the accuracy study on the
text shipped with the package, and neither the GPU stack nor files outside the package needed."""
import json
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from leapquant.cli import app
from leapquant.models import study
from leapquant.pipeline import preset
from leapquant.simulate import ConfigResult, Curve, comparison_note

ROOT = Path(__file__).resolve().parents[1]
SMALL = ["--model", "gdn", "--tokens", "64", "--heads", "1", "--dk", "16", "--dv", "16"]
STUDY_SMALL = ["study", "--models", "gdn", "--configs", "fp32,leapquant", "--tokens", "48", "--chunk", "32"]


def _command(name: str):
    return typer.main.get_command(app).commands[name]


def test_version_is_the_installed_one():
    r = CliRunner().invoke(app, ["--version"])
    assert r.exit_code == 0 and r.stdout.strip() == f"leapquant {version('leapquant')}"


@pytest.mark.parametrize("name", ["check", "simulate", "study", "generate"])
def test_every_option_has_help(name):
    missing = [p.name for p in _command(name).params if not getattr(p, "help", None) and p.name != "help"]
    assert not missing, f"{name}: options without help: {missing}"


def test_study_is_a_command_of_the_cli():
    r = CliRunner().invoke(app, ["study", "--help"])
    assert r.exit_code == 0, r.output
    for option in ("--models", "--configs", "--document", "--data", "--json"):
        assert option in r.output
    assert "python -m" not in r.output and "usage: leapquant" not in r.output   # not an argparse parser inside


@pytest.mark.parametrize("compare", [["--compare", "int8,leapquant"], ["--compare", "int8", "leapquant"],
                                     ["--compare", "int8", "--compare", "leapquant"]])
def test_compare_takes_a_comma_list_several_words_or_repeats(compare):
    r = CliRunner().invoke(app, ["simulate", *SMALL, *compare, "--json"])
    assert r.exit_code == 0, r.output
    assert list(json.loads(r.stdout)["configs"]) == ["int8", "leapquant"]


def test_extra_words_without_compare_are_an_input_error():
    r = CliRunner().invoke(app, ["simulate", *SMALL, "leapquant"])
    assert r.exit_code == 2 and "--compare" in r.output


def test_simulate_measures_the_error_at_every_window_and_shows_progress_without_a_terminal():
    r = CliRunner().invoke(app, ["simulate", *SMALL, "--tokens", "128", "--compare", "int8-w"])
    assert r.exit_code == 0, r.output
    assert "simulating: 128/128 tokens (100 %)" in r.stderr      # CliRunner's stderr is not a terminal
    j = CliRunner().invoke(app, ["simulate", *SMALL, "--tokens", "128", "--compare", "int8-w", "--json"])
    assert json.loads(j.stdout)["configs"]["int8-w"]["curve"]["tokens"] == list(range(16, 129, 16))
    assert CliRunner().invoke(app, ["simulate", *SMALL, "--points", "0"]).exit_code == 2


def _result(name: str, error: float, size: float) -> ConfigResult:
    return ConfigResult(name, preset(name), Curve(tokens=[16], state_error=[error], output_error=[error]), size, 0, {})


def test_the_note_says_why_a_config_beats_leapquant_and_by_how_much_it_beats_its_own_size():
    configs = {n: _result(n, e, b) for n, e, b in [("bf16", 1.8e-2, 2.0), ("bf16-w", 3.0e-3, 2.0),
                                                   ("int8", 6.0e-2, 1.03), ("int8-w", 2.2e-2, 1.03),
                                                   ("leapquant", 7.4e-3, 1.19)]}
    note = comparison_note(configs)
    assert "bf16-w's final state error is below leapquant's: it keeps a 16-bit state, 2.00 bytes per element to " \
           "leapquant's 1.19" in note
    assert "leapquant's final state error is 3.0x below int8-w's and 8.1x below int8's" in note
    assert comparison_note({"leapquant": configs["leapquant"]}) is None
    assert comparison_note({k: configs[k] for k in ("int8", "bf16")}) is None
    del configs["bf16-w"]
    assert "below leapquant" not in comparison_note(configs)


def test_the_note_is_printed_under_the_table():
    r = CliRunner().invoke(app, ["simulate", *SMALL, "--compare", "int8-w,leapquant"])
    assert r.exit_code == 0, r.output
    assert "At its size or less, leapquant's final state error is" in " ".join(r.stdout.split())


def test_the_figure_reads_well(monkeypatch, tmp_path):
    """Mathtext that renders, every point, the legend below the axes, the note as its caption."""
    import leapquant.plots as plots

    seen = {}

    def keep(fig, path, dpi=120):
        fig.canvas.draw()                        # renders the mathtext: a malformed label raises here
        seen["fig"] = fig
        return Path(path)

    monkeypatch.setattr(plots, "save_figure", keep)
    tokens = list(range(16, 1281, 16))
    curves = {"int8-w": (tokens, [2e-2] * len(tokens)), "leapquant": (tokens, [7e-3] * len(tokens))}
    plots.plot_state_error(curves, tmp_path / "f.png", "gdn trace", caption="bf16-w keeps a 16-bit state.")
    ax = seen["fig"].axes[0]
    label = ax.get_ylabel()
    assert "$" in label and "‖" not in label and "_F" not in label.replace("$", "").split("\\|")[0]
    assert [len(line.get_xdata()) for line in ax.get_lines()] == [80, 80]
    legend = ax.get_legend()
    assert legend.get_window_extent().y1 <= ax.get_window_extent().y0
    assert any("16-bit state" in t.get_text() for t in ax.texts)


def test_the_figure_is_written_as_a_png(tmp_path):
    png = tmp_path / "figure3.png"
    r = CliRunner().invoke(app, ["simulate", *SMALL, "--compare", "int8-w,leapquant", "--plot", str(png)])
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:4] == b"\x89PNG"


# ---- the study ---------------------------------------------------------------------------------------------------

def test_the_held_out_excerpt_ships_with_the_package():
    text = study.EMBEDDED_DOCUMENT.read_bytes()
    assert 50_000 <= len(text) <= 100_000 and text.startswith(b"Persuasion") and text.isascii()
    readme = (study.EMBEDDED_DOCUMENT.parent / "README.md").read_text()
    assert study.EMBEDDED_DOCUMENT.name in readme and "public domain" in readme
    train_log = json.loads((ROOT / "models" / "gdn-log.json").read_text())
    assert study.DATA_DOCUMENT in train_log["held_out_files"] and study.DATA_DOCUMENT not in train_log["train_files"]


def test_package_data_holds_every_shipped_data_file():
    tomllib = pytest.importorskip("tomllib")
    from fnmatch import fnmatch

    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["leapquant"]
    for f in (ROOT / "leapquant" / "data").iterdir():
        assert any(fnmatch(f"data/{f.name}", g) for g in globs), f"{f.name} is not in package-data"


def test_study_runs_from_a_clone_on_the_embedded_text(tmp_path):
    r = CliRunner().invoke(app, [*STUDY_SMALL, "--out", str(tmp_path), "--json"])
    assert r.exit_code == 0, r.output
    assert set(json.loads(r.stdout)["gdn"]["bits_per_byte"]) == {"fp32", "leapquant"}
    saved = json.loads((tmp_path / "gdn.json").read_text())
    assert saved["document"] == study.EMBEDDED_DOCUMENT.name and saved["tokens"] == 48
    assert saved["command"].startswith("leapquant study --models gdn --configs fp32,leapquant --tokens 48")
    assert "state_error" in saved["configs"]["leapquant"]
    table = CliRunner().invoke(app, ["study", "--report", "--out", str(tmp_path)])
    assert table.exit_code == 0 and "| leapquant | 8 bit |" in table.stdout


def test_study_reads_any_text_file_and_names_a_bad_one(tmp_path):
    doc = tmp_path / "mine.txt"
    doc.write_text("It is a truth universally acknowledged. " * 3)
    r = CliRunner().invoke(app, [*STUDY_SMALL, "--tokens", "40", "--document", str(doc), "--out", str(tmp_path),
                                 "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads((tmp_path / "gdn.json").read_text())["document"] == "mine.txt"
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    for bad in (tmp_path / "missing.txt", empty, tmp_path):
        r = CliRunner().invoke(app, [*STUDY_SMALL, "--document", str(bad), "--out", str(tmp_path / "o")])
        assert r.exit_code == 2 and "--document" in r.output, (bad, r.output)
    r = CliRunner().invoke(app, [*STUDY_SMALL, "--tokens", "500", "--document", str(doc), "--out", str(tmp_path)])
    assert r.exit_code == 2 and "--tokens 500" in r.output


def test_study_names_what_it_misses():
    r = CliRunner().invoke(app, ["study", "--models", "rwkv7"])
    assert r.exit_code == 2 and "--data" in r.output
    r = CliRunner().invoke(app, ["study", "--configs", "fp32,int9"])
    assert r.exit_code == 2 and "--configs" in r.output and "int9" in r.output
    r = CliRunner().invoke(app, ["study", "--data", "/nonexistent-data-folder"])
    assert r.exit_code == 2 and "--data" in r.output
    r = CliRunner().invoke(app, ["study", "extra-word"])
    assert r.exit_code == 2 and "--merge" in r.output


def test_study_defaults():
    assert study.config_names(None) == ["fp32", "int8-channel", "leapquant"]
    assert study.config_names(["figure3"]) == ["fp32", *study.FIGURE3]
    assert study.config_names(["all"]) == list(study.CONFIGS)
    assert study.config_names(["leapquant", "fp32,leapquant"]) == ["leapquant", "fp32"]
    assert study.model_names(None, None) == ["gdn", "kda"]
    assert study.document_path(None, None) == study.EMBEDDED_DOCUMENT


def test_study_merges_folders_given_after_merge(tmp_path):
    for folder, config in (("a", "fp32"), ("b", "leapquant")):
        (tmp_path / folder).mkdir()
        saved = {"model": "gdn", "document": "d.txt", "tokens": 10, "chunk": 8,
                 "configs": {config: {"bits_per_byte": 2.0}}}
        (tmp_path / folder / "gdn.json").write_text(json.dumps(saved))
    r = CliRunner().invoke(app, ["study", "--merge", str(tmp_path / "a"), str(tmp_path / "b"),
                                 "--out", str(tmp_path / "out"), "--json"])
    assert r.exit_code == 0, r.output
    assert set(json.loads(r.stdout)["gdn"]["bits_per_byte"]) == {"fp32", "leapquant"}


# ---- what a fresh clone needs -------------------------------------------------------------------------------------

BLOCK = """
import atexit, importlib.abc, sys
tried = []
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("tilelang", "triton", "fla", "torchao"):
            tried.append(name)
            raise ImportError(name + " is not installed")
sys.meta_path.insert(0, Block())
atexit.register(lambda: print("tried to import:", sorted(set(tried)), file=sys.stderr))
from leapquant.cli import app
app(sys.argv[1:], prog_name="leapquant")
"""


@pytest.mark.parametrize("args", [["simulate", *SMALL, "--compare", "figure3", "--json"],
                                  [*STUDY_SMALL, "--json"]])
def test_simulate_and_study_need_none_of_the_gpu_stack(args, tmp_path):
    """`pip install -e .` alone: TileLang, Triton, FLA and torchao are neither needed nor imported on these paths."""
    if args[0] == "study":
        args = [*args, "--out", str(tmp_path)]
    r = subprocess.run([sys.executable, "-c", BLOCK, *args], capture_output=True, text=True, cwd=tmp_path,
                       timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    json.loads(r.stdout)
    assert "tried to import: []" in r.stderr, r.stderr[-3000:]   # not even tried: nothing to fail on a CPU machine


def test_the_main_job_needs_only_the_package():
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    needs = " ".join(project["project"]["dependencies"])
    for heavy in ("tilelang", "triton", "fla-core", "torchao", "pytest"):
        assert heavy not in needs
    ruff = project["tool"]["ruff"]
    assert ruff["line-length"] == 120 and ruff["target-version"] == "py310"


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git clone")
@pytest.mark.parametrize("path", ["figure3.png", "leapquant-study/gdn.json", "kernels_bench.png"])
def test_what_the_quick_start_writes_is_ignored(path):
    r = subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT)
    assert r.returncode == 0, f"{path} is not ignored by .gitignore"


def test_help_still_prints_and_usage_errors_are_one_line():
    """The commands' group prints --help and the no-argument help as Typer does, exit 0 and 2; a parser error (an
    unknown option, a value of the wrong type) is one line naming it, exit 2."""
    r = CliRunner().invoke(app, ["simulate", "--help"])
    assert r.exit_code == 0 and "--quiet" in r.stdout and "--plot" in r.stdout
    r = CliRunner().invoke(app, [])
    assert r.exit_code == 2 and "simulate" in r.output and "study" in r.output
    for args, says in ((["simulate", "--dk", "x"], "Invalid value for '--dk'"), (["nope"], "No such command 'nope'"),
                       (["study", "--chunk"], "Option '--chunk' requires an argument")):
        r = CliRunner().invoke(app, args)
        assert r.exit_code == 2 and r.stdout == "", r.output
        assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: ") and says in r.stderr, r.stderr
