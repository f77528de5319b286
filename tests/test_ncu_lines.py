"""benchmarks/ncu_lines.py on a small ncu-shaped CSV: the stall shares and the hottest row are what the samples say."""
import gzip
import json

import pytest
from ncu_csv import load_benchmark, write_ncu_csv

HEADER = ["Address", "Source", "Warp Stall Sampling (All Samples)", "Warp Stall Sampling (Not-issued Samples)",
          "Instructions Executed", "stall_barrier", "stall_short_sb", "stall_barrier (Not Issued)"]
ROWS = [["0x10", "BAR.SYNC 0x0", "30", "30", "100", "30", "0", "30"],
        ["0x20", "LDS R1, [R2]", "10", "9", "400", "0", "10", "0"]]


@pytest.fixture(scope="module")
def ncu_lines():
    return load_benchmark("ncu_lines")


def _write(path, rows):
    write_ncu_csv(path, HEADER, rows)


def test_summary_counts_the_samples(ncu_lines, tmp_path):
    path = tmp_path / "k_sass.csv.gz"
    _write(path, ROWS)
    res = ncu_lines.summarise(str(path), top=1)
    assert res["samples"] == 40 and res["executed"] == 500
    assert res["reasons"] == {"barrier": 75.0, "short_sb": 25.0}          # not-issued columns are not counted twice
    assert [(t["where"], t["share"], t["executed"]) for t in res["top"]] == [("0x10", 75.0, 100)]


def test_json_output_and_bad_input(ncu_lines, tmp_path, capsys):
    path = tmp_path / "k_sass.csv.gz"
    _write(path, ROWS)
    ncu_lines.main([str(path), "--json", "--top", "2"])
    assert [t["source"] for t in json.loads(capsys.readouterr().out)["top"]] == ["BAR.SYNC 0x0", "LDS R1, [R2]"]
    with pytest.raises(SystemExit, match="--top must be >= 1"):
        ncu_lines.main([str(path), "--top", "0"])
    bad = tmp_path / "warning.csv.gz"
    with gzip.open(bad, "wt") as f:
        f.write("==WARNING== Unable to open source file x.cu\n")
    with pytest.raises(SystemExit, match="no header row"):
        ncu_lines.summarise(str(bad), top=3)


def test_regions_split_at_the_barriers(ncu_lines, tmp_path, capsys):
    """Two phases around one barrier: what each executes and where its samples fall."""
    rows = [["0x00", "LDG.E R1, [R2.64]", "5", "5", "100", "0", "0", "0"],
            ["0x10", "@!P0 FFMA R3, R1, R1, R3", "5", "4", "300", "0", "5", "0"],
            ["0x20", "BAR.SYNC.DEFER_BLOCKING 0x0", "20", "20", "100", "20", "0", "20"],
            ["0x30", "LDS.128 R4, [R5]", "10", "9", "500", "0", "10", "0"]]
    path = tmp_path / "k_sass.csv.gz"
    _write(path, rows)
    got = ncu_lines.regions(str(path))
    assert [(g["start"], g["instructions"], g["exec_share"], g["stall_share"]) for g in got] == [
        ("0x00", 3, 50.0, 75.0), ("0x30", 1, 50.0, 25.0)]
    assert got[0]["ops"] == {"FFMA": 60, "LDG": 20, "BAR": 20}            # predicate and modifiers stripped
    ncu_lines.main([str(path), "--regions", "--json"])
    assert len(json.loads(capsys.readouterr().out)) == 2
