"""The benchmark scripts' argument parsing, checked without a GPU: what a device call would otherwise find out only
after its machine started."""
import re
from pathlib import Path

import pytest
from ncu_csv import load_benchmark


def test_overlap_probe_reads_decode_block_entries():
    parse = load_benchmark("overlap_probe").parse_decode_blocks
    assert parse("default") == (None, None)
    assert parse("4@2") == (4, 2) and parse("3") == (3, None)
    for bad in ("x@2", "4@y"):
        with pytest.raises(SystemExit, match="--decode-blocks"):
            parse(bad)


def test_layer_streams_refuses_a_config_by_name():
    fields = load_benchmark("layer_streams").config_fields
    assert fields(["programs_per_sm=2", "iters=1"]) == dict(programs_per_sm=2, iters=1)
    with pytest.raises(SystemExit, match="'foo' is not a KernelConfig field"):
        fields(["foo=1"])
    with pytest.raises(SystemExit, match="KernelConfig.decode must be one of"):
        fields(["decode=fast"])
    with pytest.raises(SystemExit, match="decode program 'warp'.*window"):      # a program that does not fit
        fields(["decode=warp", "window=32"])


def test_layer_streams_keeps_each_row_as_it_is_measured(tmp_path, monkeypatch):
    """--out holds every row measured so far (a run cut short by a device call's limit keeps them); the timing
    functions are replaced here by fixed numbers, and the file reads back through --from-json's reader."""
    from leapquant.kernels import bench as kb
    from leapquant.kernels import decoder
    mod = load_benchmark("layer_streams")
    out = tmp_path / "rows.json"
    seen = []

    def fake_layers(cfg, batch, layers, streams, graphs):
        if out.exists():                      # the rows before this one are already on disk
            seen.append(len(mod.read_rows([str(out)])))
        return 10.0 + streams, None
    monkeypatch.setattr(kb, "bench_fla", lambda family, batch, layout, graphs: (30.0 if layout == "v_first" else 40.0,
                                                                                None))
    monkeypatch.setattr(kb, "bench_leap_layers", fake_layers)
    monkeypatch.setattr(decoder, "local_arch", lambda device=None: "sm_90")
    rows = mod.measure(["gdn"], 32, [4], [0, 2], [2], 1, out=str(out))
    assert seen == [1] and [r["us"] for r in rows] == [10.0, 12.0]
    assert mod.read_rows([str(out)]) == rows and rows[1]["speedup_vs_fla"] == 30.0 / 12.0
    assert rows[0]["config"].startswith("gdn-int8-w16-r4-v_first-warp")


WRITES = re.compile(r"\.write_text\(|json\.dump\(|\.savefig\(|save_file\(|torch\.save\(|open\([^)]*[\"']w[\"']")
NOT_RESULTS = {   # (script, the line's text): files that are not results, with why
    ("run_gpu_tests.py", 'open(os.devnull, "w")'): "the null device",
    ("run_gpu_tests.py", 'open(f"{out}/g{i:02d}_ids.txt", "w")'): "the test ids a pytest process reads at once",
    ("run_gpu_tests.py", 'open(f"{out}/g{i:02d}.log", "w")'): "a log that grows while its tests run",
    ("sass_lines.py", 'open(cu, "w")'): "nvcc's input in a temporary build folder",
}


def test_benchmark_scripts_write_their_result_files_atomically():
    """A result file is written through leapquant.files (temporary file, fsync, rename): a run killed by a device
    call's limit leaves the old file or the new one, never half of one."""
    root = Path(__file__).resolve().parents[1] / "benchmarks"
    found = []
    for script in sorted(root.glob("*.py")):
        for n, line in enumerate(script.read_text().splitlines(), 1):
            if WRITES.search(line) and not any(s == script.name and t in line for s, t in NOT_RESULTS):
                found.append(f"{script.name}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


def test_cost_model_sample_keeps_only_the_formats_asked_for():
    """--formats narrows the sample to those methods: each one's registry default first, then others of its space."""
    from leapquant.kernels import registry
    from leapquant.kernels.config import KernelConfig
    from leapquant.recipe_fields import MODELS
    mod = load_benchmark("cost_model_measure")
    got = mod.sample(2, seed=5, families=("gdn",), formats=("fp8-e4m3", "bf16"))
    assert [c.format for c in got] == ["fp8-e4m3", "fp8-e4m3", "bf16", "bf16"]
    m = MODELS[mod.SHAPES["gdn"]]
    problem = KernelConfig(family="gdn", H=m.H, HV=m.HV, K=m.K, V=m.V, window=16, rank=4, format="fp8-e4m3", iters=2)
    assert got[0] == registry.resolve(problem, "sm_90") and got[1] != got[0]
    assert len(mod.sample(2, seed=5, families=("gdn",))) == 2 * len(mod.METHODS)
