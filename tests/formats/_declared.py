"""The bad-input behaviour each format declares in its docstring, as an oracle for the tests.

Silent corruption, concretely: a call that raises nothing (or anything but InputError) and returns
  * a tensor of another shape or dtype, or
  * a non-finite value where the input is finite (except the IEEE casts' declared overflow to ±Inf), or
  * for the IEEE casts, NaN/±Inf anywhere but where the input has them (or overflows), or
  * an element error |y - x| beyond the format's bound: ``C * ref + floor``, ``ref`` the magnitude its scale
    follows (the value-column or matrix maximum, or the column norm for the rotations) and ``floor`` the
    absolute error it declares for tiny values (float32 subnormals, the smallest scales).
A declared refusal is an InputError whose message matches the expected words.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

import torch

import leapquant.formats as F
from leapquant.errors import InputError
from leapquant.formats._elements import ELEMENTS
from leapquant.formats._rotation import rotation
from leapquant.formats.base import F32_MAX
from leapquant.formats.quarot import ROTATED_MAX
from leapquant.formats.turboquant import NORM_MAX

IEEE = ("identity", "fp32", "bf16", "fp16")
BAND = 1e-3       # a limit computed in float32 by the format and in float64 here may differ by rounding

# every registered format at its defaults, plus the options that change what is stored
CASES = [(name, {}) for name in F.names()] + [
    ("fp8-e4m3", {"granularity": "group", "group_size": 16, "scale": "e8m0"}),
    ("fp8-e5m2", {"granularity": "channel", "scale": "e8m0", "scale_rounding": "ceil"}),
    ("mxfp8", {"elem": "e5m2", "block_axis": "value"}),
    ("nvfp6", {"elem": "e3m2"}),
    ("int4", {"granularity": "group", "group_size": 16}),
    ("kvquant", {"outlier_dtype": "fp32", "bits": 4}),
    ("quarot", {"bits": 4}),
    ("turboquant", {"bits": 4}),
]


def case_id(case) -> str:
    name, opts = case
    return name + "".join(f"-{v}" for v in opts.values())


@dataclass
class Expect:
    refuse: str | None = None      # regex an InputError must match
    must_refuse: bool = False      # False: a refusal is allowed (a limit within BAND), not required


def _amax(x: torch.Tensor, dims) -> torch.Tensor:
    return x.abs().amax(dim=dims, keepdim=True) if x.numel() else x.abs()


def expect(fmt, x: torch.Tensor) -> Expect:
    """What ``fmt.roundtrip(x)`` must do with ``x``: refuse (InputError matching a pattern) or return.
    A shape and a value refusal may both apply: either message is then accepted."""
    shape = _shape_refusal(fmt, x.shape)
    value = _value_refusal(fmt, x)
    if shape is None:
        return value
    return Expect(shape if value.refuse is None else f"{shape}|{value.refuse}", True)


def _shape_refusal(fmt, shape) -> str | None:
    name, dk, dv = fmt.name, shape[-2], shape[-1]
    block = {"mx": 32, "nv": 16}.get(name[:2])
    if block and (dk if fmt.block_axis == "key" else dv) % block:
        return "block size must be a positive divisor"
    if name in ("quarot", "turboquant") and (dk < 2 or dk & (dk - 1)):
        return "power of two"
    if getattr(fmt, "granularity", None) == "group" and (dk if fmt.group_axis == "key" else dv) % fmt.group_size:
        return "group_size must be a positive divisor"
    return None


def _value_refusal(fmt, x: torch.Tensor) -> Expect:
    name, dk, dv = fmt.name, x.shape[-2], x.shape[-1]
    if name in IEEE or not x.numel():
        return Expect()
    xd = x.double()
    if not torch.isfinite(xd).all():
        return Expect("NaN or Inf", True)
    amax = float(xd.abs().max())
    if amax > F32_MAX:
        return Expect("beyond float32's range", True)
    k = math.floor(fmt.outlier_fraction * dk * dv) if name == "kvquant" else 0
    if k and fmt.outlier_dtype == "fp16" and amax > 65504:
        return Expect("outlier_dtype='fp32'", True)
    if name == "quarot":
        top = float((rotation(dk, fmt.rotation_seed, torch.float64, "cpu") @ xd).abs().max())
        return _limit(top, ROTATED_MAX / math.sqrt(dk), "the rotated state")
    if name == "turboquant":
        return _limit(float(torch.linalg.vector_norm(xd, dim=-2).max()), NORM_MAX, "norm")
    return Expect()


def _limit(top: float, limit: float, words: str) -> Expect:
    if top > limit * (1 + BAND):
        return Expect(words, True)
    return Expect(words if top >= limit * (1 - BAND) else None)


def ieee_bound(name: str, x: torch.Tensor) -> tuple[torch.Tensor, float]:
    """(elementwise error bound, overflow threshold) of an IEEE cast, in float64."""
    if name == "identity" or (name == "fp32" and x.dtype == torch.float32):
        return torch.zeros_like(x, dtype=torch.float64), math.inf
    spec = ELEMENTS[name]
    half_ulp_max = 2.0 ** (spec.emax - spec.mbits - 1)
    bound = x.double().abs() * 2.0 ** -(spec.mbits + 1) + 2.0 ** (spec.emin - spec.mbits - 1)
    return bound, spec.max + half_ulp_max


# relative part C of the scaled formats' bound, against the matrix maximum (MX, NV, FP8 with E8M0 scales):
# the element's half step at the top binade plus the clipping the "floor" scale rule and E4M3 block scales allow
C_MATRIX = {"mxfp8": 1 / 8, "mxfp8-e5m2": 1 / 8, "mxfp6-e2m3": 1 / 16, "mxfp6-e3m2": 1 / 8, "mxfp4": 1 / 4,
            "nvfp4": 1 / 6 + 1 / 16, "nvfp6": 1 / 30 + 1 / 16, "nvfp6-e3m2": 1 / 14 + 1 / 16,
            "fp8-e4m3": 1 / 8, "fp8-e5m2": 1 / 4}
# absolute floor for tiny values, as each docstring declares it (x2 margin)
FLOOR = {"int": 2.0 ** -147, "fp8-e4m3": 2.0 ** -139, "fp8-e5m2": 2.0 ** -132, "mx": 2.0 ** -128, "nv": 2.0 ** -125,
         "kvquant": 2.0 ** -147, "quarot": 2.0 ** -140, "turboquant": 2.0 ** -124}


def scaled_bound(fmt, x: torch.Tensor) -> torch.Tensor:
    """Elementwise error bound (float64) of a scaled format on a finite, admitted ``x``."""
    xd = x.double()
    name, opts = fmt.name, fmt.options()
    col = _amax(xd, -2)                      # [..., 1, dv]: value-column maximum
    mat = _amax(xd, (-2, -1))
    if name in ("int8", "int6", "int4"):
        qmax = 2 ** (int(name[3]) - 1) - 1
        ref = col if opts["granularity"] != "tensor" and opts["axis"] == "value" else mat
        return ref / (2 * qmax) + FLOOR["int"]
    if name == "kvquant":
        qmax = 2 ** (opts["bits"] - 1) - 1
        fp16 = xd.abs() * 2.0 ** -11 + 2.0 ** -25 if opts["outlier_dtype"] == "fp16" else 0.0
        return col / (2 * qmax) + fp16 + FLOOR["kvquant"]
    if name == "quarot":
        qmax = 2 ** (opts["bits"] - 1) - 1
        dk = x.shape[-2]
        norm = torch.linalg.vector_norm(xd, dim=-2, keepdim=True)
        # ||error|| <= sqrt(dk) * (half a step of the rotated column), plus float32 rounding of both rotations
        return norm * (math.sqrt(dk) / (2 * qmax) + dk * 2.0 ** -22) + dk * FLOOR["quarot"]
    if name == "turboquant":
        norm = torch.linalg.vector_norm(xd, dim=-2, keepdim=True)
        return norm * {8: 0.05, 4: 0.5}[opts["bits"]] + FLOOR["turboquant"]
    if name.startswith("fp8") and opts["scale"] == "fp32" and opts["granularity"] == "tensor":
        spec = ELEMENTS[{"fp8-e4m3": "e4m3", "fp8-e5m2": "e5m2"}[name]]
        s = mat / spec.max
        return xd.abs() * 2.0 ** -(spec.mbits + 1) + s * 2.0 ** (spec.emin - spec.mbits - 1) + FLOOR[name]
    key = name + ("-e5m2" if opts.get("elem") == "e5m2" else "-e3m2" if opts.get("elem") == "e3m2" else "")
    return mat * C_MATRIX[key] + FLOOR[name[:2] if name[:2] in ("mx", "nv") else name]


def check_declared(fmt, x: torch.Tensor) -> None:
    """Run ``fmt`` on ``x`` and assert the declared behaviour (see the module docstring)."""
    exp = expect(fmt, x)
    try:
        q = fmt.quantize(x)
        y = fmt.dequantize(q)
    except InputError as e:
        assert exp.refuse is not None and re.search(exp.refuse, str(e)), f"{fmt!r}: unexpected refusal: {e}"
        return
    assert not exp.must_refuse, f"{fmt!r} returned instead of refusing ({exp.refuse!r})"
    assert y.shape == x.shape and y.dtype == x.dtype, fmt
    if not x.numel():
        assert q.nbytes() == fmt.bytes_for(x.shape) == 0, fmt
        return
    xd, yd = x.double(), y.double()
    if fmt.name in IEEE:
        bound, overflow = ieee_bound(fmt.name, x)
        assert torch.equal(yd.isnan(), xd.isnan()), f"{fmt!r}: NaN not exactly where the input has it"
        inf_in = torch.isinf(xd)
        assert torch.equal(yd[inf_in], xd[inf_in]), f"{fmt!r}: ±Inf not propagated"
        over = torch.isfinite(xd) & (xd.abs() >= overflow)
        assert torch.equal(yd[over], (xd.sign() * math.inf)[over]), f"{fmt!r}: overflow is not ±Inf"
        finite = torch.isfinite(xd) & ~over
    else:
        bound = scaled_bound(fmt, x).expand_as(xd)
        finite = torch.ones_like(xd, dtype=torch.bool)
    assert torch.isfinite(yd[finite]).all(), f"{fmt!r}: finite input gave a non-finite output"
    excess = (yd - xd).abs()[finite] - bound[finite] * (1 + 1e-5)
    worst = float(excess.max()) if excess.numel() else 0.0
    assert worst <= 0, f"{fmt!r}: error beyond the declared bound by {worst:.3g}"
    if not (fmt.name == "identity" and x.dtype == torch.float64):   # identity counts element_bytes by design
        assert q.nbytes() == fmt.bytes_for(x.shape), fmt
    if not x.is_contiguous():                                          # strides never change the result
        torch.testing.assert_close(y, fmt.roundtrip(x.contiguous()), rtol=0, atol=0, equal_nan=True)
