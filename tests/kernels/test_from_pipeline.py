"""A pipeline and the kernel configuration that computes it (from_pipeline.py): the mapping both ways, the refusals,
and one boundary of the pipeline's own quantizer against the kernels' reference under the mapped configuration."""
import pytest
import torch

from leapquant.errors import InputError
from leapquant.kernels import naive as nv
from leapquant.kernels.config import DecodeConfig
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
    "refit-every-4": _leap(refit_every=4),
    "int4-r6": _leap(format="int4", rank=6, window=8),
    "fp8-channel": _leap(format="fp8-e4m3", format_options={"granularity": "channel"}, rank=2, window=4,
                         fitter_options={"orth": "mgs"}),   # v6, FP8's boundary: an FP32 refit
    "no-compensators": _leap(rank=0, fitter_options={}),
    "window-bf16": preset("bf16-w"),
}


@pytest.mark.parametrize("name", list(MAPPED))
def test_mapping_round_trips(name):
    """pipeline -> DecodeConfig -> pipeline keeps every field that sets the arithmetic, and back again."""
    pipe = MAPPED[name]
    cfg = decode_config(pipe, kind="kda", **SMALL)
    assert (cfg.p, cfg.r) == (pipe.window, pipe.rank) and cfg.kind == "kda" and cfg.HV == 4
    again = pipeline_of(cfg)
    assert decode_config(again, kind="kda", **SMALL) == cfg
    for field in ("format", "window", "rank", "records", "smoother", "refit_every"):
        assert getattr(again, field) == getattr(pipe, field), field
    assert again.build_format().options() == pipe.build_format().options()
    if pipe.rank:
        assert cfg.iters == pipe.fitter_options.get("iters", 2)
        assert cfg.bmv_tf32 == pipe.fitter_options.get("tf32", False)


def test_default_kernel_is_the_tf32_refit():
    """The kernels' default configuration is the paper's method with the kernels' Gram-Schmidt and its refit's
    operands in TF32; the FP32 refit is the same pipeline without tf32."""
    assert decode_config(MAPPED["leapquant-tf32"]) == DecodeConfig()
    back = pipeline_of(DecodeConfig())
    assert back.fitter_options == {"iters": 2, "tf32": True, "orth": "mgs"}
    assert decode_config(back) == DecodeConfig()
    assert not decode_config(MAPPED["fp32-refit"]).bmv_tf32


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
    if cfg.mode == "window_bf16":
        assert torch.equal(S0, ref)
        return
    if pipe.rank:
        assert torch.equal(rec.k, st.Kc.float()) and torch.equal(rec.u, st.Uc.float())
        S0 = S0 + rec.k.transpose(-1, -2) @ rec.u
    qmax = nv.QMAX[cfg.zfmt]
    step = st.c[..., :, None] * st.B[..., None, :] / qmax        # one code of the residual, per element
    spacing = 32.0 if cfg.zfmt == "fp8e4m3" else 1.0            # E4M3's largest gap between codes (at 448)
    diff = (S0 - ref).abs()
    assert (diff <= spacing * step * (1 + 1e-3) + 1e-6 * ref.abs()).all()
    assert (diff > 1e-3 * step + 1e-6 * ref.abs()).sum().item() <= 1e-4 * ref.numel()
    quantization = ((ref - S).norm() / S.norm()).item()   # the error itself: small, and the same for both
    assert quantization < {"int8": 1e-2, "int4": 5e-2, "fp8e4m3": 2e-2}[cfg.zfmt]


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
    (dict(fitter="svd", fitter_options={}), "pipeline.fitter"),
    (dict(fitter_options={"tf32": True}), "fitter_options.orth"),       # torch's QR: the simulator's default
    (dict(format="fp8-e4m3", format_options={"granularity": "channel"}), "bmv_tf32"),   # FP8's v6: FP32 refit only
    (dict(format="bf16", rank=4), "pipeline.rank"),
    (dict(format="bf16", rank=0), "pipeline.smoother"),
]


@pytest.mark.parametrize("change,named", REFUSED, ids=[n for _, n in REFUSED])
def test_unsupported_pipelines_are_refused_by_name(change, named):
    with pytest.raises(InputError, match=named.replace(".", r"\.")):
        decode_config(_leap(**change))


def test_kernel_options_cannot_override_the_pipeline():
    with pytest.raises(InputError, match=r"\['p', 'r'\]"):
        decode_config(_leap(), p=4, r=2)
    with pytest.raises(InputError, match="cannot run this pipeline"):   # DecodeConfig's own check, wrapped
        decode_config(_leap(window=4), K=48, V=48)
    with pytest.raises(InputError, match="Pipeline"):
        decode_config({"format": "int8"})


def test_kernel_configurations_without_a_pipeline_are_refused():
    with pytest.raises(InputError, match="iters"):
        pipeline_of(DecodeConfig(iters=0))
    with pytest.raises(InputError, match="bchol"):
        pipeline_of(DecodeConfig(bchol=True))
    with pytest.raises(InputError, match="DecodeConfig"):
        pipeline_of(_leap())


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
    assert out["tag"] == DecodeConfig().tag and Pipeline.from_dict(out["pipeline"]) == pipeline_of(DecodeConfig())
    path = tmp_path / "pipe.json"
    path.write_text(json.dumps(MAPPED["int4-r6"].to_dict()))
    r = runner.invoke(app, ["kernels", "config", "--pipeline", str(path), "--model", "kda", "--set", "v_first=false",
                            "--json"])
    assert r.exit_code == 0, r.output
    cfg = json.loads(r.output)["config"]
    assert (cfg["kind"], cfg["zfmt"], cfg["p"], cfg["r"], cfg["v_first"]) == ("kda", "int4", 8, 6, False)
    path.write_text(json.dumps(preset("leapquant").to_dict()))
    for args, named in ((["--pipeline", str(path)], "orth"), (["--set", "r=2"], "come from the pipeline"),
                        (["--pipeline", str(tmp_path / "missing.json")], "missing.json"),
                        (["--set", "kind=kda"], "--model")):   # (a TypeError traceback before session 22)
        r = runner.invoke(app, ["kernels", "config", *args], env={"COLUMNS": "400"})   # the message on one line
        assert r.exit_code == 2 and named in r.output, r.output


def test_records_refit_maps_both_ways():
    """DecodeConfig(brecords=True) is the lowrank fitter with the kernels' options (RECORDS_REFIT) and back; lowrank
    pipelines the kernels do not run (the study's factored forms) are refused by the option's name."""
    from leapquant.kernels.from_pipeline import RECORDS_REFIT
    cfg = DecodeConfig(brecords=True, iters=1)
    p = pipeline_of(cfg)
    assert p.fitter == "lowrank" and p.fitter_options == {"iters": 1, "tf32": True, "orth": "mgs", **RECORDS_REFIT}
    back = decode_config(p)
    assert back.brecords and back.iters == 1 and back.bmv_tf32 and back == DecodeConfig(brecords=True, iters=1)
    assert not decode_config(pipeline_of(DecodeConfig())).brecords
    for options, key in ((dict(orth="mgs"), "start"), (dict(orth="mgs", start="decayed"), "form"),
                         (dict(start="decayed", form="coefficients"), "orth"),
                         (dict(orth="mgs", start="decayed", form="coefficients", fallback="state", iters=1), None)):
        if key is None:   # the kernels' options, TF32 off: the records refit with its fp32 products
            assert decode_config(_leap(fitter="lowrank", fitter_options=options)) == DecodeConfig(
                brecords=True, iters=1, bmv_tf32=False)
            continue
        with pytest.raises(InputError, match=f"fitter_options.{key}"):
            decode_config(_leap(fitter="lowrank", fitter_options=options))

