"""The kernel configuration that computes a pipeline, and the pipeline that a kernel configuration computes.

The simulator measures a :class:`~leapquant.pipeline.Pipeline`'s accuracy; the decode kernels run a
:class:`~leapquant.kernels.config.DecodeConfig`. A recipe — what a tuner emits and a serving engine loads — names
both, so they must be one arithmetic: the same window p, rank r, residual format, smoothing, power iterations (and
whether their operands are cut to TF32), refit schedule. :func:`decode_config` maps a pipeline to the kernels' problem
fields and refuses, naming the field, what no kernel implements; :func:`pipeline_of` maps back. The kernel's own
choices (tiles, versions, heads) are keyword arguments of :func:`decode_config` and do not change the arithmetic.

The kernels orthonormalise by modified Gram–Schmidt, column after column: a pipeline they run says so,
``fitter_options={"orth": "mgs"}`` (torch's QR, the simulator's default, gives the same keys only up to rounding, which
FP16 keys and INT8 codes then magnify). Their fast refit takes its operands in TF32 (v11 and v12): ``"tf32": True``
gets that kernel — the simulator then measures that arithmetic too — and the FP32 refit otherwise. Where the two
differ after this mapping is the order of a few divisions (codes at rounding ties).

The opt-in records refit (``DecodeConfig.brecords``) is the pipeline's ``lowrank`` fitter with ``RECORDS_REFIT``'s
options (``fitters.coefficient_power_iteration``, which the kernels' reference calls too). There the two agree up to
rounding rather than bit for bit: the kernel stages the decayed keys as fp16 hi + lo halves (~22 bits) and sums its
Gram matrices on tensor cores; and a stream's first boundary, which has no previous keys, fits the pipeline's buffer
in factored form where a kernel's fresh slot iterates from the cold-start keys.
"""
from __future__ import annotations

from typing import Any

from leapquant.errors import InputError
from leapquant.kernels.config import DecodeConfig
from leapquant.kernels.naive import EPS_C
from leapquant.pipeline import Pipeline

RESIDUAL_FORMATS = {"int8": "int8", "int4": "int4", "fp8-e4m3": "fp8e4m3"}
"""Pipeline format -> the kernels' residual format (``DecodeConfig.zfmt``), in mode leap."""

KERNEL_QUANTIZER = {"granularity": "channel", "axis": "value", "rounding": "nearest"}
"""The residual quantizer the kernels implement: one scale B_j per value column, round to nearest (FP8: an FP32
scale too)."""

RECORDS_REFIT = {"start": "decayed", "form": "coefficients", "fallback": "state"}
"""The `lowrank` fitter's options that make it the kernels' records refit (``DecodeConfig.brecords``): the iteration in
the coefficient space of the buffered factors from the decayed keys, the S_p iteration where its Cholesky fails."""

FROM_PIPELINE = ("mode", "zfmt", "p", "r", "iters", "refit_every", "bmv_tf32", "bchol", "brecords")
"""DecodeConfig fields that the pipeline decides: not kernel options of :func:`decode_config`."""


def _need(ok: bool, field: str, value: Any, expected: str, why: str = "") -> None:
    if not ok:
        raise InputError(f"pipeline.{field} must be {expected} for the decode kernels, got {value!r}"
                         + (f" ({why})" if why else ""))


def _check_quantizer(pipeline: Pipeline) -> None:
    opts = pipeline.build_format().options()
    want = dict(KERNEL_QUANTIZER, **({"scale": "fp32"} if pipeline.format == "fp8-e4m3" else {}))
    for key, value in want.items():
        _need(opts.get(key) == value, f"format_options.{key}", opts.get(key), repr(value))


def _problem(pipeline: Pipeline) -> dict[str, Any]:
    """The DecodeConfig fields that carry the pipeline's arithmetic."""
    p = pipeline
    _need(p.window > 1, "window", p.window, "> 1", "per-step states run the ablation kernels, naive.perstep_step_ref")
    _need(p.records == "fp16", "records", p.records, "'fp16'", "the kernels buffer FP16 records")
    _need(p.boundary_lag == 0, "boundary_lag", p.boundary_lag, "0", "the kernels' next step reads the new boundary "
          "(a lagged one is the simulator's only: NOTES.md, 'The boundary one token late')")
    if p.format == "bf16":   # the paper's per-window BF16 (Table 2): the boundary state in BF16, nothing else
        _need(p.rank == 0, "rank", p.rank, "0 with format 'bf16'", "mode window_bf16 has no compensators")
        _need(p.smoother == "none", "smoother", p.smoother, "'none' with format 'bf16'")
        rounding = p.build_format().options().get("rounding")
        _need(rounding == "nearest", "format_options.rounding", rounding, "'nearest'")
        return dict(mode="window_bf16", p=p.window, r=0)
    _need(p.format in RESIDUAL_FORMATS, "format", p.format, f"one of {[*RESIDUAL_FORMATS, 'bf16']}")
    _check_quantizer(p)
    _need(p.smoother == "sqrt-mean-abs", "smoother", p.smoother, "'sqrt-mean-abs'", "the kernels' key-row scales")
    floor = p.smoother_options.get("floor", EPS_C)
    _need(floor == EPS_C, "smoother_options.floor", floor, f"{EPS_C}", "the kernels' floor of c")
    out = dict(mode="leap", zfmt=RESIDUAL_FORMATS[p.format], p=p.window, r=p.rank, refit_every=p.refit_every)
    if p.rank:
        _need(p.pairs == "fp16", "pairs", p.pairs, "'fp16'", "the kernels store FP16 compensators")
        _need(p.fitter in ("power", "lowrank"), "fitter", p.fitter, "'power' or 'lowrank'",
              "the kernels refit by power iteration, on S_p or on the buffered records")
        orth = p.fitter_options.get("orth", "qr")
        _need(orth == "mgs", "fitter_options.orth", orth, "'mgs'", "the kernels' Gram-Schmidt; torch's QR gives the "
              "same keys only up to rounding. pipeline_of(DecodeConfig(...)) builds the kernels' pipeline")
        if p.fitter == "lowrank":   # DecodeConfig.brecords: the coefficient-space iteration, the S_p one as fall-back
            for key, value in RECORDS_REFIT.items():
                got = p.fitter_options.get(key)
                _need(got == value, f"fitter_options.{key}", got, repr(value), "the kernels' records refit")
        out.update(iters=p.fitter_options.get("iters", 2), bmv_tf32=bool(p.fitter_options.get("tf32", False)),
                   brecords=p.fitter == "lowrank")
    return out


def decode_config(pipeline: Pipeline, **kernel: Any) -> DecodeConfig:
    """The decode kernels' configuration for `pipeline` (the same arithmetic); `kernel`: the rest of DecodeConfig
    (kind, H, HV, K, V, v_first, tiles, versions). Raises InputError for a pipeline no kernel implements, or a
    kernel option that the pipeline decides (FROM_PIPELINE)."""
    if not isinstance(pipeline, Pipeline):
        raise InputError(f"pipeline must be a leapquant Pipeline, got {type(pipeline).__name__}")
    taken = sorted(set(kernel) & set(FROM_PIPELINE))
    if taken:
        raise InputError(f"kernel option(s) {taken} come from the pipeline (window, rank, format, fitter_options, "
                         f"refit_every); leave them out")
    try:
        return DecodeConfig(**_problem(pipeline), **kernel)
    except (TypeError, ValueError) as e:
        if isinstance(e, InputError):
            raise
        raise InputError(f"the decode kernels cannot run this pipeline with {kernel}: {e}") from e


def pipeline_of(cfg: DecodeConfig) -> Pipeline:
    """The pipeline whose simulation is `cfg`'s arithmetic (the simulator's view of a kernel configuration)."""
    if not isinstance(cfg, DecodeConfig):
        raise InputError(f"cfg must be a DecodeConfig, got {type(cfg).__name__}")
    if cfg.mode == "window_bf16":
        return Pipeline(format="bf16", window=cfg.p, records="fp16", rank=0, smoother="none")
    if cfg.r and cfg.iters == 0:
        raise InputError("cfg.iters = 0 keeps the stored keys for ever (the benchmark's timing twin of the refit): "
                         "no pipeline computes it; expected iters >= 1")
    if cfg.bchol:
        raise InputError("cfg.bchol orthonormalises by Cholesky QR (naive.orthonormalise_chol), the pipeline's power "
                         "iteration by Gram-Schmidt: expected bchol = False")
    fmt = {v: k for k, v in RESIDUAL_FORMATS.items()}[cfg.zfmt]
    return Pipeline(format=fmt, format_options=({"granularity": "channel"} if fmt == "fp8-e4m3" else {}),
                    window=cfg.p, records="fp16", rank=cfg.r, fitter="lowrank" if cfg.brecords else "power",
                    fitter_options={"iters": cfg.iters, "tf32": bool(cfg.bmv_tf32), "orth": "mgs",
                                    **(RECORDS_REFIT if cfg.brecords else {})} if cfg.r else {},
                    refit_every=cfg.refit_every, smoother="sqrt-mean-abs")
