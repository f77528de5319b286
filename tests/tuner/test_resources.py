"""The compiled kernels' figures: occupancy from registers, shared memory and threads; the table's keys, file and
refusals; `Compiled` building each missing launch once, keeping it across runs and naming a failed build; one real
build read back by cuobjdump."""
from dataclasses import replace

import pytest

from leapquant.errors import InputError
from leapquant.gpus import spec
from leapquant.kernels import registry
from leapquant.kernels.config import KernelConfig
from tuner import resources
from tuner.resources import Compiled, LaunchResources, Table, head_warps

H200 = spec("h200")


@pytest.mark.parametrize("res, expected", [
    # 168 registers: 5376 a warp, 21504 a 4-warp program -> 3 by registers (65536); shared allows 4, threads 16
    (LaunchResources(registers=168, stack=0, sass=100, threads=128, shared=51616), 3),
    # 80 registers x 256 threads = 20480 -> 3 by registers; 71 KiB + 1 KiB of shared -> 3
    (LaunchResources(registers=80, stack=0, sass=100, threads=256, shared=72704), 3),
    # shared memory binds: 112 KiB a program -> 2
    (LaunchResources(registers=64, stack=0, sass=100, threads=128, shared=114688), 2),
    # tiny programs: 32 programs is the SM's cap
    (LaunchResources(registers=16, stack=0, sass=100, threads=32, shared=0), 32),
    # more registers than an SM holds for one program still counts one resident program
    (LaunchResources(registers=255, stack=0, sass=100, threads=1024, shared=0), 1),
])
def test_programs_per_sm_is_the_tightest_of_registers_shared_memory_and_threads(res, expected):
    assert H200.registers_per_sm == 65536 and H200.shared_per_sm_kib == 228 and H200.max_threads_per_sm == 2048
    assert res.programs_per_sm(H200) == expected


def test_fewer_registers_per_sm_hold_fewer_programs():
    res = LaunchResources(registers=128, stack=0, sass=100, threads=256, shared=0)
    assert res.programs_per_sm(replace(H200, registers_per_sm=32768)) == 1 < res.programs_per_sm(H200) == 2


@pytest.mark.parametrize("field, value", [("registers", -1), ("stack", True), ("sass", 1.5), ("threads", 0),
                                          ("threads", 2048)])
def test_bad_launch_figures_are_refused_by_name(field, value):
    fields = dict(registers=1, stack=0, sass=1, threads=32, shared=0)
    with pytest.raises(InputError, match=f"LaunchResources.{field}"):
        LaunchResources(**{**fields, field: value})


def test_a_launch_key_holds_what_its_program_depends_on():
    cfg = registry.resolve(KernelConfig(), "sm_90")
    other_boundary = registry.resolve(KernelConfig(boundary="smem"), "sm_90")
    assert cfg.decode == other_boundary.decode and cfg.boundary != other_boundary.boundary
    assert resources.key(cfg, "decode", "sm_90") == resources.key(other_boundary, "decode", "sm_90")
    assert resources.key(cfg, "boundary", "sm_90") != resources.key(other_boundary, "boundary", "sm_90")
    assert resources.key(cfg, "decode", "sm_90") != resources.key(replace(cfg, H=16), "decode", "sm_90")
    assert resources.key(cfg, "decode", "sm_90") != resources.key(cfg, "decode", "sm_100")


def test_head_warps_follow_each_program():
    res = LaunchResources(registers=64, stack=0, sass=10, threads=256, shared=0)
    warp = registry.resolve(KernelConfig(decode="warp"), "sm_90")
    tile = registry.resolve(KernelConfig(decode="tile", layout="k_first", block_v=32, threads=256), "sm_90")
    assert head_warps(warp, "decode", res) == 1.0                 # a warp takes a request head by itself
    assert head_warps(tile, "decode", res) == 8 * 128 / 32        # 8 warps a program, V / block_v programs a head
    assert head_warps(warp, "boundary", res) == 8.0               # one boundary program a head


def test_a_table_round_trips_through_its_file(tmp_path):
    cfg = registry.resolve(KernelConfig(), "sm_90")
    res = LaunchResources(registers=120, stack=8, sass=1352, threads=128, shared=48000)
    t = Table(tmp_path / "t.json")
    t.put(cfg, "decode", "sm_90", res)
    t.save()
    again = Table(tmp_path / "t.json")
    assert again.get(cfg, "decode", "sm_90") == res and again.get(cfg, "boundary", "sm_90") is None


FULL = '"stack": 0, "sass": 1, "threads": 32, "shared": 0'


@pytest.mark.parametrize("text, named", [
    ("[1, 2]", "expected an object"), ('{"k": {"registers": "x", %s}}' % FULL, "registers must be an integer"),
    ('{"k": {"registers": 1, "code": "print()", %s}}' % FULL, "code"), ('{"k": {"registers": 1}}', "missing"),
    ("{not json", "Expecting")])
def test_a_bad_table_file_is_refused_naming_the_file(tmp_path, text, named):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(InputError, match=f"resources table .*bad.json.*{named}"):
        Table(path)


def test_the_shipped_table_holds_every_launch_of_the_cost_models_fit():
    from ncu_csv import load_benchmark
    rows = load_benchmark("fit_cost_model").history_rows()
    table = Table()
    for r in rows:
        if not r.get("fla"):
            cfg = registry.resolve(KernelConfig(**r["config"]), "sm_90")
            assert table.get(cfg, "decode", "sm_90") is not None and table.get(cfg, "boundary", "sm_90") is not None


def _fake_build(calls, fail=()):
    def build(cfg, step, arch):
        calls.append((cfg.tag, step, arch))
        if (cfg.decode if step == "decode" else cfg.boundary) in fail:
            raise RuntimeError("ptxas ran out of registers")
        return LaunchResources(registers=96, stack=0, sass=1000 + len(calls), threads=128, shared=4096)
    return build


def test_compiled_builds_each_missing_launch_once_and_keeps_it_for_the_next_run(tmp_path):
    cfgs = [registry.resolve(KernelConfig(**f), "sm_100") for f in ({}, {"boundary": "smem"}, {"rank": 8})]
    calls = []
    figures = Compiled("sm_100", tmp_path / "r.json", build=_fake_build(calls), shipped=False)
    figures.prepare(cfgs + cfgs[:1])
    # the first two share a decode launch: five launches, each built once
    assert len(calls) == 5 == figures.built and len(set(calls)) == 5
    dec, bnd = figures(cfgs[0])
    assert dec.sass != bnd.sass
    figures.prepare(cfgs)
    assert len(calls) == 5
    later = Compiled("sm_100", tmp_path / "r.json", build=_fake_build(calls), shipped=False)
    later.prepare(cfgs)
    assert len(calls) == 5 and later(cfgs[2]) == figures(cfgs[2])


def test_a_launch_that_fails_to_build_is_named_when_its_figures_are_asked_for(tmp_path):
    ok, bad = (registry.resolve(KernelConfig(boundary=b), "sm_90") for b in ("walk", "smem"))
    figures = Compiled("sm_90", tmp_path / "r.json", build=_fake_build([], fail=("smem",)), shipped=False)
    figures.prepare([ok, bad])
    assert figures(ok)[0].registers == 96
    with pytest.raises(InputError, match="boundary launch failed to build: RuntimeError: ptxas ran out of registers"):
        figures(bad)
    with pytest.raises(InputError, match="prepare"):
        figures(registry.resolve(KernelConfig(rank=2), "sm_90"))


def test_compiled_reads_the_shipped_table_before_building(tmp_path):
    cfg = registry.resolve(KernelConfig(**load_fit_rows()[0]["config"]), "sm_90")
    calls = []
    figures = Compiled("sm_90", tmp_path / "r.json", build=_fake_build(calls))
    figures.prepare([cfg])
    assert not calls and figures(cfg) == (Table().get(cfg, "decode", "sm_90"), Table().get(cfg, "boundary", "sm_90"))


def load_fit_rows():
    from ncu_csv import load_benchmark
    return [r for r in load_benchmark("fit_cost_model").history_rows() if not r.get("fla")]


@pytest.mark.skipif(not __import__("importlib").util.find_spec("tilelang"), reason="needs TileLang")
def test_a_real_build_reads_back_the_programs_threads_and_shared_memory():
    from leapquant.kernels.artifact import cuda_tool
    if cuda_tool("cuobjdump") is None or cuda_tool("nvdisasm") is None:
        pytest.skip("needs cuobjdump and nvdisasm (pip install nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm)")
    cfg = registry.resolve(KernelConfig(decode="warp"), "sm_90")
    got = resources.compile_launch(cfg, "decode", "sm_90")
    program = registry.programs("decode")["warp"]
    assert got.threads == cfg.threads == 128 and got.shared >= program.shared_bytes(cfg)
    assert 32 <= got.registers <= 255 and got.sass > 100
