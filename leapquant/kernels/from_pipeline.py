"""The kernel configuration that computes a pipeline, and the pipeline that a kernel configuration computes.

The simulator measures a :class:`~leapquant.pipeline.Pipeline`'s accuracy; the decode kernels run a
:class:`~leapquant.kernels.config.KernelConfig`. A recipe names both, so they must be one arithmetic: the same
window, rank, residual format, smoothing, power iterations (and whether their operands are cut to TF32).
:func:`decode_config` maps a pipeline to the kernels' method fields and refuses, naming the field, what no kernel
implements; :func:`pipeline_of` maps back. The kernel's own choices (family, heads, layout, programs, tiles) are
keyword arguments of :func:`decode_config` and do not change the arithmetic — except that only the ``walk``, ``regs``
and ``smem`` boundaries refit in TF32 (``KernelConfig.tf32_refit``) and ``simple`` in FP32, so the pipeline's
``fitter_options.tf32`` narrows the boundary programs that fit.

The kernels orthonormalise by modified Gram–Schmidt, column after column: a pipeline they run says so,
``fitter_options={"orth": "mgs"}`` (torch's QR, the simulator's default, gives the same keys only up to rounding, which
FP16 keys and INT8 codes then magnify). Where the two differ after this mapping is the order of a few divisions
(codes at rounding ties).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from leapquant.errors import InputError
from leapquant.kernels import registry
from leapquant.kernels.config import KernelConfig
from leapquant.kernels.naive import EPS_C
from leapquant.pipeline import Pipeline

KERNEL_FORMATS = ("int8", "int4", "fp8-e4m3", "bf16")
"""Pipeline formats the kernels run (KernelConfig.format uses the same names)."""

KERNEL_QUANTIZER = {"granularity": "channel", "axis": "value", "rounding": "nearest"}
"""The residual quantizer the kernels implement: one scale B_j per value column, round to nearest (FP8: an FP32
scale too)."""

FROM_PIPELINE = ("format", "window", "rank", "iters")
"""KernelConfig fields that the pipeline decides: not kernel options of :func:`decode_config`."""


def _need(ok: bool, field: str, value: Any, expected: str, why: str = "") -> None:
    if not ok:
        raise InputError(f"pipeline.{field} must be {expected} for the decode kernels, got {value!r}"
                         + (f" ({why})" if why else ""))


def _check_quantizer(pipeline: Pipeline) -> None:
    opts = pipeline.build_format().options()
    want = dict(KERNEL_QUANTIZER, **({"scale": "fp32"} if pipeline.format == "fp8-e4m3" else {}))
    for key, value in want.items():
        _need(opts.get(key) == value, f"format_options.{key}", opts.get(key), repr(value))


def _method(pipeline: Pipeline) -> tuple[dict[str, Any], bool]:
    """The KernelConfig fields that carry the pipeline's arithmetic, and whether its refit is in TF32."""
    p = pipeline
    _need(p.window > 1, "window", p.window, "> 1", "per-step states run the per-step kernels, naive.perstep_step_ref")
    _need(p.records == "fp16", "records", p.records, "'fp16'", "the kernels buffer FP16 records")
    _need(p.boundary_lag == 0, "boundary_lag", p.boundary_lag, "0", "the kernels' next step reads the new boundary")
    _need(p.refit_every == 1, "refit_every", p.refit_every, "1", "the kernels refit at every window's end")
    if p.format == "bf16":   # the paper's per-window BF16 (Table 2): the boundary state in BF16, nothing else
        _need(p.rank == 0, "rank", p.rank, "0 with format 'bf16'", "the per-window BF16 state has no compensators")
        _need(p.smoother == "none", "smoother", p.smoother, "'none' with format 'bf16'")
        rounding = p.build_format().options().get("rounding")
        _need(rounding == "nearest", "format_options.rounding", rounding, "'nearest'")
        return dict(format="bf16", window=p.window, rank=0), False
    _need(p.format in KERNEL_FORMATS, "format", p.format, f"one of {list(KERNEL_FORMATS)}")
    _check_quantizer(p)
    _need(p.smoother == "sqrt-mean-abs", "smoother", p.smoother, "'sqrt-mean-abs'", "the kernels' key-row scales")
    floor = p.smoother_options.get("floor", EPS_C)
    _need(floor == EPS_C, "smoother_options.floor", floor, f"{EPS_C}", "the kernels' floor of c")
    out = dict(format=p.format, window=p.window, rank=p.rank)
    if not p.rank:
        return out, False
    _need(p.pairs == "fp16", "pairs", p.pairs, "'fp16'", "the kernels store FP16 compensators")
    _need(p.fitter == "power", "fitter", p.fitter, "'power'", "the kernels refit by power iteration on S_p")
    orth = p.fitter_options.get("orth", "qr")
    _need(orth == "mgs", "fitter_options.orth", orth, "'mgs'", "the kernels' Gram-Schmidt; torch's QR gives the "
          "same keys only up to rounding. pipeline_of(KernelConfig(...)) builds the kernels' pipeline")
    out["iters"] = p.fitter_options.get("iters", 2)
    return out, bool(p.fitter_options.get("tf32", False))


def decode_config(pipeline: Pipeline, arch: str = "sm_90", **kernel: Any) -> KernelConfig:
    """The resolved kernel configuration for `pipeline` on `arch` (the same arithmetic); `kernel`: the rest of
    KernelConfig (family, H, HV, K, V, layout, programs, tiles). Raises InputError for a pipeline no kernel
    implements, or a kernel option that the pipeline decides (FROM_PIPELINE)."""
    if not isinstance(pipeline, Pipeline):
        raise InputError(f"pipeline must be a leapquant Pipeline, got {type(pipeline).__name__}")
    taken = sorted(set(kernel) & set(FROM_PIPELINE))
    if taken:
        raise InputError(f"kernel option(s) {taken} come from the pipeline (window, rank, format, fitter_options); "
                         f"leave them out")
    method, tf32 = _method(pipeline)
    try:
        cfg = KernelConfig(**method, **kernel)
    except TypeError as e:
        raise InputError(f"the decode kernels cannot run this pipeline with {kernel}: {e}") from e
    if cfg.rank and cfg.boundary == "auto":   # the fastest boundary whose refit has the pipeline's arithmetic
        fits = [b for b in registry.BOUNDARY if _resolves(replace(cfg, boundary=b), arch)
                and replace(cfg, boundary=b).tf32_refit == tf32]
        if not fits:
            raise InputError(f"pipeline.fitter_options.tf32 must be {not tf32} for the decode kernels of this "
                             f"problem: no boundary program refits in {'TF32' if tf32 else 'FP32'} here")
        cfg = replace(cfg, boundary=fits[0])
    cfg = registry.resolve(cfg, arch)
    if cfg.rank and cfg.tf32_refit != tf32:
        raise InputError(f"pipeline.fitter_options.tf32 must be {cfg.tf32_refit} for boundary {cfg.boundary!r}, "
                         f"got {tf32}")
    return cfg


def _resolves(cfg: KernelConfig, arch: str) -> bool:
    """Whether `cfg`'s named programs, with some of their tile choices, fit `arch` (what `registry.resolve` picks)."""
    try:
        registry.resolve(cfg, arch)
    except InputError:
        return False
    return True


def pipeline_of(cfg: KernelConfig) -> Pipeline:
    """The pipeline whose simulation is `cfg`'s arithmetic (the simulator's view of a kernel configuration)."""
    if not isinstance(cfg, KernelConfig):
        raise InputError(f"cfg must be a KernelConfig, got {type(cfg).__name__}")
    cfg = registry.resolve(cfg)
    if cfg.format == "bf16":
        return Pipeline(format="bf16", window=cfg.window, records="fp16", rank=0, smoother="none")
    if cfg.rank and cfg.iters == 0:
        raise InputError("cfg.iters = 0 keeps the stored keys for ever (the benchmark's timing twin of the refit): "
                         "no pipeline computes it; expected iters >= 1")
    return Pipeline(format=cfg.format, format_options=({"granularity": "channel"} if cfg.format == "fp8-e4m3" else {}),
                    window=cfg.window, records="fp16", rank=cfg.rank, fitter="power",
                    fitter_options={"iters": cfg.iters, "tf32": cfg.tf32_refit, "orth": "mgs"} if cfg.rank else {},
                    smoother="sqrt-mean-abs")
