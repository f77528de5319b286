"""Kernel files built ahead of time (leapquant.kernels.artifact, launch, cubin) on a CPU: TileLang and nvcc build the
TileLang source, CUDA, cubin and launch description of a configuration for sm_100 and sm_120 with no GPU; cuobjdump
reads the architecture back; a recipe ships them tied by sha256 and refuses them once changed; the launch
description is plain data whose grid expressions are evaluated, never executed, and binds arguments by name."""
import json

import pytest
import torch

from leapquant.errors import InputError
from leapquant.kernels import artifact
from leapquant.kernels.config import KernelConfig
from leapquant.kernels.launch import Launch, evaluate


def _launch(**over) -> dict:
    d = {"kernel": "k", "params": [["x", "const float*"], ["N", "int"], ["s", "float"]],
         "args": [{"name": "x", "dtype": "float32", "shape": ["N", 4], "tensor": True},
                  {"name": "s", "dtype": "float32", "shape": [], "tensor": False}],
         "grid": [["//", ["+", "N", 3], 4], 2, 1], "block": [128, 1, 1], "shared": 0}
    return {**d, **over}


def test_grid_expressions_are_evaluated_from_the_argument_sizes():
    launch = Launch.from_dict(json.loads(json.dumps(_launch())))
    sizes, values = launch.bind((torch.zeros(9, 4), 0.5))
    assert sizes == {"N": 9} and values["s"] == 0.5
    assert launch.grid_for(sizes) == (3, 2, 1)
    assert evaluate(["max", ["%", "N", 4], ["min", "N", 2]], {"N": 7}) == 3
    assert Launch.from_dict(launch.to_dict()) == launch


@pytest.mark.parametrize("args,match", [
    ((torch.zeros(9, 4, dtype=torch.float16), 0.5), "x must be float32 of 2 dims"),
    ((torch.zeros(9, 5), 0.5), r"x must have shape \['N', 4\]"),
    ((torch.zeros(4, 9).t(), 0.5), "x must be contiguous"),
    ((torch.zeros(9, 4),), "expected 2 arguments"),
    (([1.0], 0.5), "x must be a tensor"),
])
def test_binding_bad_arguments_names_the_argument(args, match):
    with pytest.raises(InputError, match=match):
        Launch.from_dict(_launch()).bind(args)


@pytest.mark.parametrize("over,match", [
    ({"grid": [["pow", "N", 2], 1, 1]}, "not \\[op, a, b\\]"),
    ({"grid": [["+", "M", 1], 1, 1]}, "names 'M'"),
    ({"grid": ["__import__('os')", 1, 1]}, "names \"__import__"),
    ({"grid": [1, 1]}, "three dimensions"),
    ({"params": [["x", "const float*"], ["Q", "int"]]}, "scalar parameter 'Q'"),
    ({"block": "x"}, "malformed"),
])
def test_a_malformed_launch_description_is_refused_by_name(over, match):
    with pytest.raises(InputError, match=match):
        Launch.from_dict(_launch(**over))


def test_a_prebuilt_kernel_refuses_cpu_tensors_and_an_empty_cubin():
    from leapquant.kernels.cubin import CubinProgram
    launch = Launch.from_dict(_launch())
    with pytest.raises(InputError, match="cubin is empty"):
        CubinProgram(launch, b"", "sm_90a")
    with pytest.raises(InputError, match="must be on a CUDA device"):
        CubinProgram(launch, b"\x7fELF", "sm_90a")(torch.zeros(9, 4), 0.5)


pytest.importorskip("tilelang")


@pytest.fixture(scope="module", params=[("sm_100", {"format": "int4"}), ("sm_120", {"family": "kda"})],
                ids=["sm_100-gdn-int4", "sm_120-kda"])
def built(request, tmp_path_factory):
    """Kernel files for `arch`: GDN INT4 on sm_100 (persistent, and the shared-memory boundary with its small-batch
    form) and KDA's default programs on sm_120."""
    arch, fields = request.param
    folder = tmp_path_factory.mktemp(arch)
    cfg = KernelConfig(**{"family": "gdn", "H": 2, "HV": 4, **fields})
    kernels = artifact.build(cfg, arch)
    return arch, folder, kernels, artifact.write(kernels, arch, folder)


def test_kernel_files_are_built_for_the_target_without_a_gpu(built):
    arch, folder, kernels, files = built
    steps = [k.step for k in kernels]
    assert steps[:2] == ["decode", "boundary"]
    assert ("small_boundary" in steps) == (arch == "sm_100") == (len(kernels) == 3)
    assert len(files) == 4 * len(kernels)
    for k in kernels:
        launch = Launch.from_dict(k.launch)
        assert launch.kernel in k.cuda_source and f"{k.step.split('_')[-1]}" in launch.kernel
        assert "T.prim_func" in k.tilelang_source or "prim_func" in k.tilelang_source
        threads = k.cfg.threads if k.step == "decode" else k.cfg.boundary_threads
        assert launch.shared > 0 and launch.block[0] == threads
        stem = artifact.file_stem(k.cfg, k.step, arch)
        meta = json.loads((folder / f"{stem}.launch.json").read_text())
        assert meta["arch"] == arch + "a" and meta["config"] == k.cfg.tag
        assert (folder / f"{stem}.cubin").read_bytes() == k.cubin


@pytest.mark.skipif(artifact.cuda_tool("cuobjdump") is None or artifact.cuda_tool("nvdisasm") is None,
                    reason="needs cuobjdump and nvdisasm (pip install nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm)")
def test_cuobjdump_reads_the_cubins_architecture_back(built):
    arch, folder, kernels, files = built
    for name, meta in files.items():
        if meta["role"] == "cubin":
            info = artifact.inspect(folder / name)
            assert info["arch"] == arch + "a", name
            assert info["registers"] > 0 and info["sass"] > 100


def test_a_recipe_ships_its_kernel_files_and_refuses_them_once_changed(built, tmp_path):
    from leapquant.recipe import Recipe
    from leapquant.recipe_fields import ModelShape
    arch, folder, kernels, files = built
    gpu = {"sm_100": "b200", "sm_120": "rtx-5090"}[arch]
    cfg = kernels[0].cfg
    shape = ModelShape(name="tiny", family=cfg.family, layers=2, H=2, HV=4, K=128, V=128)
    recipe = Recipe.from_kernel(shape, gpu, format=cfg.format)
    assert recipe.to_kernel_config(0) == kernels[0].cfg
    shipped = recipe.with_artifacts(folder, files)
    path = shipped.save(folder / "recipe.json")
    loaded = Recipe.load(path)
    assert {a.name for a in loaded.artifacts} == set(files)
    assert {a.kernel for a in loaded.artifacts} == {k.cfg.tag for k in kernels}
    kernels_of = loaded.prebuilt_kernels([loaded.to_kernel_config(0)])[0]
    assert kernels_of.decode.arch == arch + "a" and kernels_of.decode.launch.kernel == "decode_kernel"
    cubin = next(folder / n for n, m in files.items() if m["role"] == "cubin")
    data = cubin.read_bytes()
    try:
        cubin.write_bytes(data[:-1] + bytes([data[-1] ^ 1]))
        with pytest.raises(InputError, match="does not match its sha256"):
            Recipe.load(path)
        with pytest.raises(InputError, match="does not match its sha256"):
            loaded.prebuilt_kernels([loaded.to_kernel_config(0)])
    finally:
        cubin.write_bytes(data)


def test_a_second_build_of_the_same_kernel_keeps_the_files_already_shipped(built):
    from dataclasses import replace
    arch, folder, kernels, files = built
    cubins = {n: (folder / n).read_bytes() for n, m in files.items() if m["role"] == "cubin"}
    again = [replace(k, cubin=k.cubin + b"\0") for k in kernels]        # another nvcc run: other bytes, same source
    assert artifact.write(again, arch, folder) == files
    assert all((folder / n).read_bytes() == data for n, data in cubins.items())
    other = [replace(kernels[0], cuda_source=kernels[0].cuda_source + "// changed\n")]
    with pytest.raises(InputError, match="from another build"):
        artifact.write(other, arch, folder)
