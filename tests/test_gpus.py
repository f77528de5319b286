"""The GPU table: the kernels' GPUs and architectures, and the sourced specifications of every GPU."""
import dataclasses

import pytest

from leapquant import gpus
from leapquant.errors import InputError

KERNEL_ARCH = {"h100": "sm_90", "h200": "sm_90", "b200": "sm_100", "gb200": "sm_100", "rtx-pro-6000": "sm_120",
               "rtx-5090": "sm_120"}


@pytest.mark.parametrize("name", list(gpus.SPECS))
def test_every_gpu_has_every_figure_and_a_source_for_each(name):
    s = gpus.spec(name)
    assert s.name == name and s.marketing_name.startswith("NVIDIA ")
    for f in gpus.NUMERIC:
        assert getattr(s, f) > 0, f
    assert set(s.sources) == set(gpus.SOURCED)
    for f, src in s.sources.items():
        assert "https://" in src, (f, src)


def test_the_numeric_figures_are_every_field_but_the_names_compute_capability_and_sources():
    fields = {f.name for f in dataclasses.fields(gpus.GPUSpec)}
    assert set(gpus.NUMERIC) == fields - {"name", "marketing_name", "compute_capability", "sources"}


def test_arch_of_is_unchanged_for_the_gpus_the_kernels_run_on():
    assert gpus.GPU_ARCH == KERNEL_ARCH
    assert gpus.names() == list(KERNEL_ARCH)
    for gpu, arch in KERNEL_ARCH.items():
        assert gpus.arch_of(gpu) == arch


def test_the_kernel_arch_of_a_gpu_is_its_compute_capability():
    for gpu, arch in gpus.GPU_ARCH.items():
        assert gpus.spec(gpu).sm == arch


def test_gpu_arch_keys_are_a_subset_of_specs_keys():
    assert set(gpus.GPU_ARCH) <= set(gpus.SPECS)
    assert set(gpus.SPECS) - set(gpus.GPU_ARCH) == {"a100", "l40s"}


@pytest.mark.parametrize("gpu, sm", [("a100", "sm_80"), ("l40s", "sm_89")])
def test_arch_of_a_gpu_without_kernels_says_its_arch_has_none_and_names_the_gpus_that_do(gpu, sm):
    with pytest.raises(InputError, match=f"do not run on {sm}") as e:
        gpus.arch_of(gpu)
    assert all(name in str(e.value) for name in KERNEL_ARCH)
    assert gpus.spec(gpu).sm == sm


def test_arch_of_an_unknown_gpu_names_the_known_ones():
    with pytest.raises(InputError, match="gpu must be one of") as e:
        gpus.arch_of("tpu")
    assert all(name in str(e.value) for name in KERNEL_ARCH)


def test_spec_of_an_unknown_name_names_the_known_ones():
    with pytest.raises(InputError, match="'nope'") as e:
        gpus.spec("nope")
    assert all(name in str(e.value) for name in gpus.SPECS)


def test_h200_has_its_public_sm_count_and_bandwidth():
    h200 = gpus.spec("h200")
    assert h200.sms == 132 and h200.dram_tb_s == 4.8 and h200.compute_capability == "9.0"


def test_per_sm_limits_follow_the_architecture():
    for s in gpus.SPECS.values():
        assert s.registers_per_sm == 65536
        assert s.max_threads_per_sm == (1536 if s.compute_capability in ("8.9", "12.0") else 2048)
        assert s.shared_per_sm_kib == {"8.0": 164, "8.9": 100, "9.0": 228, "10.0": 228, "12.0": 100}[
            s.compute_capability]


def test_a_spec_without_a_source_or_with_a_bad_figure_is_refused():
    good = gpus.spec("h100")
    sources = dict(good.sources)
    del sources["sms"]
    with pytest.raises(InputError, match="no source for \\['sms'\\]"):
        dataclasses.replace(good, sources=sources)
    with pytest.raises(InputError, match="sms must be"):
        dataclasses.replace(good, sms=0)
    with pytest.raises(InputError, match="dram_tb_s must be a positive number"):
        dataclasses.replace(good, dram_tb_s=-1.0)
    with pytest.raises(InputError, match="compute_capability"):
        dataclasses.replace(good, compute_capability="sm_90")
    with pytest.raises(InputError, match="unknown fields"):
        dataclasses.replace(good, sources={**good.sources, "tdp": "https://example.com"})


def test_a_spec_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        gpus.spec("h100").sms = 1


def test_table_has_a_row_per_gpu_with_its_arch_or_no_kernels():
    rows = gpus.table()
    assert [r["name"] for r in rows] == list(gpus.SPECS)
    by_name = {r["name"]: r for r in rows}
    assert by_name["h200"]["arch"] == "sm_90" and by_name["a100"]["arch"] == "no kernels"
    assert set(rows[0]) == {"name", "marketing_name", "arch", "sms", "dram_tb_s", "l2_mb", "shared_per_sm_kib",
                            "boost_mhz"}
    assert by_name["h200"]["sms"] == 132
