"""benchmarks/sass_lines.py: a profile's rows summed per generated-CUDA line, and a build that is not the profiled one
refused (the local nvcc build is replaced by a fixed list here)."""
import pytest
from ncu_csv import load_benchmark, write_ncu_csv

HEADER = ["Address", "Source", "Warp Stall Sampling (All Samples)", "Instructions Executed", "stall_long_sb"]
ROWS = [["0x00", "LDG.E R1, [R2.64]", "6", "100", "6"],
        ["0x10", "@P3 MOV R14, R104", "30", "100", "30"],
        ["0x20", "FFMA R3, R1, R1, R3", "4", "300", "0"]]
SOURCE = "float a;\nfloat b = x[i];\ny = b * b + y;\n"
LOCAL = [(2, "LDG.E R1, [R2.64]"), (3, "@P3 MOV R14, R104"), (3, "FFMA R3, R1, R1, R3")]


@pytest.fixture(scope="module")
def sass_lines():
    return load_benchmark("sass_lines")


def _profile(path, rows):
    write_ncu_csv(path, HEADER, rows, kernel="decode_kernel")


def test_rows_are_summed_per_source_line(sass_lines, tmp_path, monkeypatch):
    monkeypatch.setattr(sass_lines, "generated_source", lambda launch, fields, batch: SOURCE)
    monkeypatch.setattr(sass_lines, "local_sass", lambda src, workdir: LOCAL)
    path = tmp_path / "decode_sass.csv.gz"
    _profile(path, ROWS)
    out = sass_lines.summarise(str(path), "decode", {"kind": "kda"}, 512, top=5)
    assert out["executed"] == 500 and out["stall_samples"] == 40
    assert [(r["line"], r["executed_pct"], r["stall_pct"]) for r in out["lines"]] == [(3, 80.0, 85.0), (2, 20.0, 15.0)]
    assert out["lines"][0]["source"] == "y = b * b + y;"


def test_a_different_build_is_refused(sass_lines, tmp_path, monkeypatch):
    monkeypatch.setattr(sass_lines, "generated_source", lambda launch, fields, batch: SOURCE)
    path = tmp_path / "decode_sass.csv.gz"
    _profile(path, ROWS)
    monkeypatch.setattr(sass_lines, "local_sass", lambda src, workdir: LOCAL[:2])
    with pytest.raises(SystemExit, match="2 SASS instructions, the profile 3"):
        sass_lines.summarise(str(path), "decode", {}, 512, top=5)
    monkeypatch.setattr(sass_lines, "local_sass", lambda src, workdir: [LOCAL[0], (3, "@P3 IMAD R14, R104"), LOCAL[2]])
    with pytest.raises(SystemExit, match="1 instructions differ .* index 1"):
        sass_lines.summarise(str(path), "decode", {}, 512, top=5)


def test_opcode_drops_predicate_and_modifiers(sass_lines):
    assert sass_lines.opcode("@!P0 FFMA.FTZ R3, R1, R1, R3") == "FFMA"
    assert sass_lines.opcode("HADD2.F32 R34, -RZ, R18.H0_H0") == "HADD2"
    assert sass_lines.opcode("@P3 MOV R14, R104") == "MOV"


def test_phases_split_at_barriers(sass_lines, tmp_path, monkeypatch):
    """--phases: the sums between __syncthreads() lines, each phase's top stall reasons in % of all samples."""
    src = "float a;\nfloat b = x[i];\n__syncthreads();\ny = b * b + y;\n"
    assert sass_lines.phase_starts(src) == [1, 4]
    assert [sass_lines.phase_of(ln, [1, 4]) for ln in (None, 1, 3, 4, 9)] == [0, 0, 0, 1, 1]
    monkeypatch.setattr(sass_lines, "generated_source", lambda launch, fields, batch: src)
    monkeypatch.setattr(sass_lines, "local_sass",
                        lambda s, workdir: [(2, LOCAL[0][1]), (4, LOCAL[1][1]), (4, LOCAL[2][1])])
    path = tmp_path / "boundary_sass.csv.gz"
    _profile(path, ROWS)
    out = sass_lines.summarise(str(path), "boundary", {}, 512, top=5)
    assert [(p["phase"], p["first_line"], p["executed_pct"], p["stall_pct"]) for p in out["phases"]] == [
        (0, 1, 20.0, 15.0), (1, 4, 80.0, 85.0)]
    assert out["phases"][0]["top_stalls"] == {"long_sb": 15.0} and out["phases"][1]["top_stalls"] == {"long_sb": 75.0}
