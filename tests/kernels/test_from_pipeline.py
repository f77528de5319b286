"""A pipeline and the kernel configuration that computes it (from_pipeline.py): the mapping both ways, the refusals,
and one boundary of the pipeline's own quantizer against the kernels' reference under the mapped configuration."""
import pytest
import torch

from leapquant.errors import InputError
from leapquant.kernels import naive as nv
from leapquant.kernels import registry
from leapquant.kernels.config import KernelConfig
from leapquant.kernels.from_pipeline import decode_config, pipeline_of
from leapquant.pipeline import Pipeline, preset

SMALL = dict(H=2, HV=4)                # K = V = 128 (the default head)


def _leap(**kw):
    base = dict(format="int8", window=16, records="fp16", rank=4, smoother="sqrt-mean-abs",
                fitter_options={"tf32": True, "orth": "mgs"})
    return Pipeline(**{**base, **kw})


MAPPED = {   # the pipelines the kernels run, by what a recipe would call them
    "leapquant-tf32": _leap(),
    "fp32-refit": _leap(fitter_options={"orth": "mgs"}),
    "one-iteration": _leap(fitter_options={"iters": 1, "tf32": True, "orth": "mgs"}),
    "int4-r6": _leap(format="int4", rank=6, window=8),
    "fp8-channel": _leap(format="fp8-e4m3", format_options={"granularity": "channel"}, rank=2, window=4,
                         fitter_options={"orth": "mgs"}),   # FP8's boundary (simple): an FP32 refit
    "no-compensators": _leap(rank=0, fitter_options={}),
    "window-bf16": preset("bf16-w"),
}


@pytest.mark.parametrize("name", list(MAPPED))
def test_mapping_round_trips(name):
    """pipeline -> KernelConfig -> pipeline keeps every field that sets the arithmetic, and back again."""
    pipe = MAPPED[name]
    cfg = decode_config(pipe, family="kda", **SMALL)
    assert cfg.resolved and (cfg.window, cfg.rank) == (pipe.window, pipe.rank) and cfg.family == "kda"
    assert cfg.HV == 4 and cfg.format == pipe.format
    again = pipeline_of(cfg)
    assert decode_config(again, family="kda", **SMALL) == cfg
    for field in ("format", "window", "rank", "records", "smoother", "refit_every"):
        assert getattr(again, field) == getattr(pipe, field), field
    assert again.build_format().options() == pipe.build_format().options()
    if pipe.rank:
        assert cfg.iters == pipe.fitter_options.get("iters", 2)
        assert cfg.tf32_refit == pipe.fitter_options.get("tf32", False)


def test_default_kernel_is_the_tf32_refit():
    """The kernels' default configuration is the paper's method with the kernels' Gram-Schmidt and its refit's
    operands in TF32; the FP32 refit is the same pipeline without tf32, on the fastest boundary that refits in FP32."""
    default = registry.resolve(KernelConfig())
    assert decode_config(MAPPED["leapquant-tf32"]) == default
    back = pipeline_of(KernelConfig())
    assert back.fitter_options == {"iters": 2, "tf32": True, "orth": "mgs"}
    assert decode_config(back) == default
    fp32 = decode_config(MAPPED["fp32-refit"])
    assert not fp32.tf32_refit and fp32.boundary == "simple" and fp32.decode == default.decode


def test_a_named_boundary_must_refit_as_the_pipeline_does():
    assert decode_config(MAPPED["leapquant-tf32"], boundary="smem").boundary == "smem"
    with pytest.raises(InputError, match="fitter_options.tf32 must be False for boundary 'simple'"):
        decode_config(MAPPED["leapquant-tf32"], boundary="simple")
    with pytest.raises(InputError, match="fitter_options.tf32 must be True for boundary 'walk'"):
        decode_config(MAPPED["fp32-refit"], boundary="walk")


@pytest.mark.parametrize("name", list(MAPPED))
def test_pipeline_boundary_equals_the_kernels_reference(name):
    """One cold-start boundary on fresh random states with an outlier column and row: the pipeline's own quantizer
    and the kernels' reference under the mapped configuration fit bit-identical compensators and smoothing scales,
    and their boundary states differ only where the two quantizers' division orders round a code differently — at
    most one code step, at a handful of ties in 200K codes."""
    pipe = MAPPED[name]
    cfg = decode_config(pipe, **SMALL)
    gen = torch.Generator().manual_seed(sum(map(ord, name)))
    S = torch.randn(3, 4, 128, 128, generator=gen)
    S[..., 3] *= 30
    S[..., 5, :] *= 10
    st = nv.init_state(S, **cfg.reference_options)
    ref = st.boundary_state()
    S0, rec = pipe.boundary()(S)
    if cfg.format == "bf16":
        assert torch.equal(S0, ref)
        return
    if pipe.rank:
        assert torch.equal(rec.k, st.Kc.float()) and torch.equal(rec.u, st.Uc.float())
        S0 = S0 + rec.k.transpose(-1, -2) @ rec.u
    qmax = nv.QMAX[cfg.format]
    step = st.c[..., :, None] * st.B[..., None, :] / qmax        # one code of the residual, per element
    spacing = 32.0 if cfg.format == "fp8-e4m3" else 1.0          # E4M3's largest gap between codes (at 448)
    diff = (S0 - ref).abs()
    assert (diff <= spacing * step * (1 + 1e-3) + 1e-6 * ref.abs()).all()
    assert (diff > 1e-3 * step + 1e-6 * ref.abs()).sum().item() <= 1e-4 * ref.numel()
    quantization = ((ref - S).norm() / S.norm()).item()   # the error itself: small, and the same for both
    assert quantization < {"int8": 1e-2, "int4": 5e-2, "fp8-e4m3": 2e-2}[cfg.format]


REFUSED = [
    (dict(format="mxfp4"), "pipeline.format"),
    (dict(format="fp8-e4m3"), "format_options.granularity"),            # per tensor by default
    (dict(format="int8", format_options={"axis": "key"}), "format_options.axis"),
    (dict(format="int8", format_options={"rounding": "stochastic"}), "format_options.rounding"),
    (dict(smoother="hadamard"), "pipeline.smoother"),
    (dict(smoother_options={"floor": 1e-6}), "smoother_options.floor"),
    (dict(records="exact"), "pipeline.records"),
    (dict(pairs="fp32"), "pipeline.pairs"),
    (dict(window=1), "pipeline.window"),
    (dict(boundary_lag=1), "pipeline.boundary_lag"),                   # the lagged boundary: the simulator's only
    (dict(refit_every=4), "pipeline.refit_every"),                     # the kernels refit at every window's end
    (dict(fitter="svd", fitter_options={}), "pipeline.fitter"),
    (dict(fitter_options={"tf32": True}), "fitter_options.orth"),       # torch's QR: the simulator's default
    (dict(format="fp8-e4m3", format_options={"granularity": "channel"}), "fitter_options.tf32"),   # FP32 refit only
    (dict(format="bf16", rank=4), "pipeline.rank"),
    (dict(format="bf16", rank=0), "pipeline.smoother"),
]


@pytest.mark.parametrize("change,named", REFUSED, ids=[n for _, n in REFUSED])
def test_unsupported_pipelines_are_refused_by_name(change, named):
    with pytest.raises(InputError, match=named.replace(".", r"\.")):
        decode_config(_leap(**change))


def test_kernel_options_cannot_override_the_pipeline():
    with pytest.raises(InputError, match=r"\['rank', 'window'\]"):
        decode_config(_leap(), window=4, rank=2)
    with pytest.raises(InputError, match="cannot run this pipeline"):   # not a KernelConfig field
        decode_config(_leap(window=4), kind="kda")
    with pytest.raises(InputError, match="KernelConfig.layout"):        # KernelConfig's own check
        decode_config(_leap(window=4), layout="kv")
    with pytest.raises(InputError, match="Pipeline"):
        decode_config({"format": "int8"})


def test_kernel_configurations_without_a_pipeline_are_refused():
    with pytest.raises(InputError, match="iters"):
        pipeline_of(KernelConfig(iters=0))
    assert pipeline_of(KernelConfig(iters=0, rank=0)).rank == 0           # no refit to keep: a pipeline
    with pytest.raises(InputError, match="KernelConfig"):
        pipeline_of(_leap())


@pytest.mark.parametrize("arch", ["sm_90", "sm_100", "sm_120"])
def test_the_kernels_own_pipeline_maps_back_on_every_arch(arch):
    # on sm_120 the TF32 boundaries fit only with some of their tile choices: the mapping must find them as resolve does
    cfg = registry.resolve(KernelConfig(family="gdn", **SMALL), arch)
    back = decode_config(pipeline_of(cfg), arch, family="gdn", **SMALL)
    assert back.tf32_refit == cfg.tf32_refit
    assert (back.window, back.rank, back.iters) == (cfg.window, cfg.rank, cfg.iters)


def test_pipeline_of_resolves_the_boundary_first():
    """The refit's arithmetic is the boundary program's: the same problem on the simple boundary is the FP32 refit."""
    assert pipeline_of(KernelConfig()).fitter_options["tf32"]
    assert not pipeline_of(KernelConfig(boundary="simple")).fitter_options["tf32"]
    assert not pipeline_of(KernelConfig(format="fp8-e4m3")).fitter_options["tf32"]


def test_config_command(tmp_path):
    """`leapquant kernels config`: the kernels' default pipeline, a recipe's pipeline file, kernel-side fields by
    --set; a pipeline no kernel runs, a pipeline field passed as --set, and an unreadable file are usage errors."""
    import json

    from typer.testing import CliRunner

    from leapquant.cli import app
    runner = CliRunner()
    r = runner.invoke(app, ["kernels", "config", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    default = registry.resolve(KernelConfig())
    assert out["tag"] == default.tag and Pipeline.from_dict(out["pipeline"]) == pipeline_of(default)
    path = tmp_path / "pipe.json"
    path.write_text(json.dumps(MAPPED["int4-r6"].to_dict()))
    r = runner.invoke(app, ["kernels", "config", "--pipeline", str(path), "--model", "kda", "--set", "layout=k_first",
                            "--json"])
    assert r.exit_code == 0, r.output
    cfg = json.loads(r.output)["config"]
    assert (cfg["family"], cfg["format"], cfg["window"], cfg["rank"], cfg["layout"]) == ("kda", "int4", 8, 6, "k_first")
    path.write_text(json.dumps(preset("leapquant").to_dict()))
    for args, named in ((["--pipeline", str(path)], "orth"), (["--set", "rank=2"], "come from the pipeline"),
                        (["--pipeline", str(tmp_path / "missing.json")], "missing.json"),
                        (["--set", "family=kda"], "--model")):
        r = runner.invoke(app, ["kernels", "config", *args], env={"COLUMNS": "400"})   # the message on one line
        assert r.exit_code == 2 and named in r.output, r.output
