"""Property tests: round-trip error of each format stays within its step size."""
import math

import numpy as np
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import leapquant.formats as F
from leapquant.errors import InputError
from leapquant.formats._elements import ELEMENTS

finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, width=32)
mat = arrays(np.float32, (32, 32), elements=finite)
# half the examples within FP16's range (beyond it, KVQuant's default FP16 outliers refuse the state)
fp16_range = st.one_of(mat, arrays(np.float32, (32, 32), elements=st.floats(-65504, 65504, width=32)))
SETTINGS = settings(max_examples=25, deadline=None)


@SETTINGS
@given(mat)
def test_int_error_within_half_step(xn):
    x = torch.from_numpy(xn)
    for name, bits in (("int8", 8), ("int6", 6), ("int4", 4)):
        y = F.get(name).roundtrip(x)
        step = x.abs().amax(dim=0, keepdim=True) / (2 ** (bits - 1) - 1)
        assert ((y - x).abs() <= 0.5 * step * (1 + 1e-5) + 1e-30).all()


@SETTINGS
@given(mat)
def test_float_block_formats_error_within_step(xn):
    x = torch.from_numpy(xn)
    for name, opts, elem, blk in [("mxfp8", {}, "e4m3", 32), ("mxfp6-e2m3", {}, "e2m3", 32),
                                  ("mxfp6-e3m2", {}, "e3m2", 32), ("mxfp4", {}, "e2m1", 32),
                                  ("nvfp4", {}, "e2m1", 16), ("nvfp6", {}, "e2m3", 16),
                                  ("fp8-e4m3", {"granularity": "group", "group_size": 16, "scale": "e8m0",
                                                "scale_rounding": "ceil"}, "e4m3", 16)]:
        spec = ELEMENTS[elem]
        y = F.get(name, **opts).roundtrip(x)
        amax = x.abs().view(32 // blk, blk, 32).amax(dim=1, keepdim=True).expand(-1, blk, -1).reshape(32, 32)
        # block scale <= 2*amax/2**emax (MX floor) or amax/elem_max*~1.07 (NV); step at the top binade of
        # the block is scale * 2**(emax - mbits); any element's error is at most half of it (plus MX clipping)
        if name.startswith("nv"):
            # effective scale S = e4m3 block scale * tensor scale; the E4M3 block scale is floored at
            # 2**-6 (so tiny blocks next to a huge matrix maximum lose resolution -- declared NV behaviour)
            # and rounded (<= 2**-4 relative, which may clip the block max by as much)
            ts = (x.abs().max() / (448 * spec.max)).clamp_min(2.0 ** -120)   # the tensor scale's floor
            S = torch.maximum(amax / spec.max * (1 + 2.0 ** -4), ts * 2.0 ** -6)
            tol = 0.5 * S * 2.0 ** (spec.emax - spec.mbits) + amax * 2.0 ** -4
        else:
            # MX floor: scale = 2**(floor(log2 amax) - emax); top binade step = scale * 2**(emax - mbits);
            # elements above the element max are clipped (the OCP rule) by at most amax - max * scale
            scale = 2.0 ** (torch.floor(torch.log2(amax.clamp_min(1e-38))) - spec.emax)
            if not name.startswith("mx"):  # ceil rule: one binade up, never clips
                scale = scale * 2
            tol = 0.5 * scale * 2.0 ** (spec.emax - spec.mbits) + (amax - spec.max * scale).clamp_min(0)
        assert ((y - x).abs() <= tol * (1 + 1e-5) + 1e-30).all(), name


@SETTINGS
@given(mat)
def test_ieee_formats_relative_half_ulp(xn):
    x = torch.from_numpy(xn)
    for name, mbits, tiny in (("bf16", 7, 2.0 ** -133), ("fp16", 10, 2.0 ** -24)):
        y = F.get(name).roundtrip(x)
        ok = (y - x).abs() <= x.abs() * 2.0 ** -(mbits + 1) + tiny / 2
        ok |= x.abs() > 65504  # fp16 overflow -> inf, declared
        assert ok.all(), name


@SETTINGS
@given(mat)
def test_fp8_fp32_scale_error_within_step(xn):
    x = torch.from_numpy(xn)
    for name, elem in (("fp8-e4m3", "e4m3"), ("fp8-e5m2", "e5m2")):
        spec = ELEMENTS[elem]
        y = F.get(name, granularity="channel").roundtrip(x)
        s = x.abs().amax(dim=0, keepdim=True) / spec.max
        tol = x.abs() * 2.0 ** -(spec.mbits + 1) + s * 2.0 ** (spec.emin - spec.mbits - 1)
        assert ((y - x).abs() <= tol * (1 + 1e-5) + 1e-30).all(), name


@SETTINGS
@given(fp16_range)
def test_kvquant_default_fp16_outliers_error_bounded(xn):
    x = torch.from_numpy(xn)
    if x.abs().max() > 65504:
        with pytest.raises(InputError, match="outlier_dtype='fp32'"):
            F.get("kvquant").quantize(x)
        return
    q = F.get("kvquant").quantize(x)
    assert q.meta["outlier_values"].dtype == torch.float16
    y = F.get("kvquant").dequantize(q)
    # dense: half an INT8 step of the column; outliers: FP16 rounding (half an ulp, 2**-25 in its subnormals)
    dense = 0.5 * x.abs().amax(dim=0, keepdim=True) / 127 * (1 + 1e-5)
    fp16 = x.abs() * 2.0 ** -11 + 2.0 ** -25
    assert ((y - x).abs() <= torch.maximum(dense, fp16) + 1e-30).all()
    assert torch.isfinite(y).all()


@SETTINGS
@given(mat)
def test_baselines_error_bounded(xn):
    x = torch.from_numpy(xn)
    # QuaRot / KVQuant: half an INT8 step of the (rotated / dense) column, mapped back
    y = F.get("kvquant", outlier_dtype="fp32").roundtrip(x)
    assert ((y - x).abs() <= 0.5 * x.abs().amax(dim=0, keepdim=True) / 127 * (1 + 1e-5) + 1e-30).all()
    y = F.get("quarot").roundtrip(x)
    col = torch.linalg.vector_norm(x, dim=0)
    # rotated column absmax <= column norm; an orthogonal map keeps the error's norm
    assert (torch.linalg.vector_norm(y - x, dim=0) <= 0.5 * col / 127 * math.sqrt(32) * (1 + 1e-4) + 1e-30).all()
    # TurboQuant 8 bits: each rotated unit coordinate lies within the outermost cells' reach
    y = F.get("turboquant").roundtrip(x)
    assert (torch.linalg.vector_norm(y - x, dim=0) <= 0.05 * col + 1e-30).all()
