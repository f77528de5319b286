"""Bad input, case by case: empty axes and batches, tiny and huge states, float64 beyond float32, the limits each
format declares (FP16 outliers, rotated and norm limits), deferred checks, and the docstrings that declare them."""
import inspect
import math
import re

import pytest
import torch

import leapquant.formats as F
from leapquant.errors import InputError, OutOfRangeError
from leapquant.formats._rotation import rotation
from leapquant.formats.base import deferred_finite_checks

from ._declared import CASES, case_id, check_declared
from ._refs import rand_state

ALL = F.names()
IEEE = ("identity", "fp32", "bf16", "fp16")
SCALED = [n for n in ALL if n not in IEEE]


def rel(y: torch.Tensor, x: torch.Tensor, dim=None) -> torch.Tensor:
    """Relative error in float64 (float32 norms of tiny states underflow)."""
    x, y = x.double(), y.double()
    if dim is None:
        return (y - x).norm() / x.norm()
    return (y - x).norm(dim=dim) / x.norm(dim=dim)


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("shape,axis", [((0, 64), "key"), ((64, 0), "value"), ((2, 0, 0), "key"),
                                        ((3, 32, 0), "value")])
def test_an_empty_key_or_value_axis_is_an_input_error_naming_it(name, shape, axis):
    fmt = F.get(name)
    with pytest.raises(InputError, match=rf"{name}: x must have a non-empty {axis} axis"):
        fmt.quantize(torch.zeros(shape))
    with pytest.raises(InputError, match=rf"shape must have a non-empty {axis} axis"):
        fmt.bytes_for(shape)


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("shape", [(0, 64, 32), (2, 0, 64, 32)])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_an_empty_batch_roundtrips_to_an_empty_tensor(name, shape, dtype):
    fmt = F.get(name)
    q = fmt.quantize(torch.zeros(shape, dtype=dtype))
    y = fmt.dequantize(q)
    assert y.shape == shape and y.dtype == dtype
    assert q.nbytes() == fmt.bytes_for(shape) == 0
    with pytest.raises(InputError, match="non-empty shape"):
        fmt.bits_per_element(shape)


@pytest.mark.parametrize("name", ALL)
def test_wrong_types_are_input_errors_and_type_errors(name):
    fmt = F.get(name)
    for bad in ([[1.0]], torch.zeros(32, 32, dtype=torch.float16)):
        with pytest.raises(InputError) as e:
            fmt.quantize(bad)
        assert isinstance(e.value, TypeError)
    with pytest.raises(InputError):
        fmt.quantize(torch.zeros(32))
    with pytest.raises(InputError):
        F.get(name, no_such_option=1)


@pytest.mark.parametrize("name", SCALED)
@pytest.mark.parametrize("value", [1e39, -1e300])
def test_scaled_formats_refuse_float64_beyond_float32_by_name(name, value):
    x = rand_state((64, 64), seed=1, dtype=torch.float64)
    x[3, 5] = value
    with pytest.raises(InputError, match=rf"{name}: x has values beyond float32's range"):
        F.get(name).quantize(x)


@pytest.mark.parametrize("name", SCALED)
def test_scaled_formats_keep_float64_up_to_their_limit_finite(name):
    """float32's max for most; kvquant's FP16 outliers and the rotations' norms have their own limits."""
    x = rand_state((64, 64), seed=1, dtype=torch.float64)
    x[3, 5] = {"kvquant": 65504.0, "quarot": 3e38, "turboquant": 8e37}.get(name, 3.4e38)
    y = F.get(name).roundtrip(x)
    assert torch.isfinite(y).all()
    assert abs(float(y[3, 5] / x[3, 5]) - 1) < 0.3


@pytest.mark.parametrize("name,tol", [("nvfp4", 0.12), ("nvfp6", 0.04)])
@pytest.mark.parametrize("scale", [1e-30, 1e-34, 1e-36])
def test_nv_tiny_state_keeps_its_relative_error(name, tol, scale):
    x = torch.randn(64, 64, generator=torch.Generator().manual_seed(0)) * scale
    fmt = F.get(name)
    assert rel(fmt.roundtrip(x), x) < tol
    assert float(fmt.quantize(x).meta["tensor_scale"].min()) >= 2.0 ** -120


def test_nvfp4_bit_exact_vs_torchao_just_above_the_tensor_scale_floor():
    nv = pytest.importorskip("torchao.prototype.mx_formats.nvfp4_tensor")
    kern = pytest.importorskip("torchao.prototype.mx_formats.kernels")
    x = rand_state((64, 128), seed=3)
    x = x / x.abs().max() * (448 * 6 * 2.0 ** -119)       # tensor scale 2**-119, one binade above the floor
    q = F.get("nvfp4", block_axis="value").quantize(x)
    ts = nv.per_tensor_amax_to_scale(x.abs().max())
    ref_s, ref_d = nv.nvfp4_quantize(x, 16, ts)
    assert torch.equal(q.meta["tensor_scale"].view(()), ts)
    assert torch.equal(q.meta["block_scale"].view(torch.uint8), ref_s.view(torch.uint8).view(64, 8))
    assert torch.equal(q.payload.view(-1), ref_d.view(torch.uint8).view(-1))
    assert torch.equal(kern.unpack_uint4(ref_d).view(-1), kern.unpack_uint4(q.payload.view(64, 64)).view(-1))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_turboquant_keeps_a_column_with_a_huge_value_finite(dtype):
    x = torch.randn(64, 64, generator=torch.Generator().manual_seed(0), dtype=dtype)
    x[3, 5] = 2e19
    y = F.get("turboquant").roundtrip(x)
    assert torch.isfinite(y).all()
    assert rel(y, x, dim=0).max() < 0.02


@pytest.mark.parametrize("scale", [1e-22, 1e-30, 1e-38])
def test_turboquant_keeps_tiny_states(scale):
    x = torch.randn(64, 64, generator=torch.Generator().manual_seed(0)) * scale
    assert rel(F.get("turboquant").roundtrip(x), x) < 0.01


def test_turboquant_refuses_a_column_norm_beyond_its_limit():
    x = torch.randn(64, 64)
    x[:, 7] = 3e37                  # norm 2.4e38: beyond 2**126
    with pytest.raises(InputError, match=r"turboquant: a value column of x has norm 2\.4e\+38"):
        F.get("turboquant").quantize(x)


def test_quarot_spreads_a_lone_huge_value_and_refuses_a_rotation_beyond_float32():
    x = torch.randn(64, 64, generator=torch.Generator().manual_seed(0))
    x[3, 5] = 3e38
    y = F.get("quarot").roundtrip(x)
    assert torch.isfinite(y).all() and rel(y, x, dim=0).max() < 0.01
    x[:, 5] = rotation(64, 0, torch.float32, "cpu")[0] * 3e38   # entries 3.75e37 that R gathers into one 3e38
    with pytest.raises(InputError, match=r"quarot: the rotated state R x reaches 3e\+38, beyond the 4\.249e\+37"):
        F.get("quarot").quantize(x)


def test_kvquant_refuses_fp16_outliers_beyond_fp16_naming_outlier_dtype():
    x = torch.randn(64, 64)
    x[0, 0] = 7e4
    with pytest.raises(InputError, match=r"kvquant: x has a value beyond 65504 .*outlier_dtype='fp32'"):
        F.get("kvquant").quantize(x)
    assert float(F.get("kvquant", outlier_dtype="fp32").roundtrip(x)[0, 0]) == 7e4
    x[0, 0] = 65504.0               # FP16's max is kept
    assert float(F.get("kvquant").roundtrip(x)[0, 0]) == 65504.0


def test_kvquant_without_outliers_has_no_fp16_limit():
    x = torch.randn(8, 8)           # 64 elements: no outlier at outlier_fraction 0.01
    x[0, 0] = 7e4
    y = F.get("kvquant").roundtrip(x)
    assert torch.isfinite(y).all() and abs(float(y[0, 0]) - 7e4) < 7e4 / 254


@pytest.mark.parametrize("opts", [{"scale_rounding": "ceil"}, {"scale_rounding": "floor"}])
@pytest.mark.parametrize("name", ["fp8-e4m3", "fp8-e5m2"])
def test_fp8_e8m0_group_maximum_next_to_2_pow_128_stays_finite(name, opts):
    x = torch.linspace(-1, 1, 64 * 32).view(64, 32) * 3.4e38
    x[5, 3] = torch.finfo(torch.float32).max
    y = F.get(name, granularity="channel", scale="e8m0", **opts).roundtrip(x)
    assert torch.isfinite(y).all()
    assert ((y - x).abs() <= x.abs().amax(dim=0) / 4).all()


@pytest.mark.parametrize("name,x_edit,match", [
    ("int8", (0, 0, math.nan), "int8: x contains NaN or Inf"),
    ("kvquant", (0, 0, 7e4), "kvquant: x contains NaN or Inf, or a value beyond 65504: .*outlier_dtype='fp32'"),
    ("turboquant", (slice(None), 1, 3e37), "turboquant: a value column of x has a norm beyond"),
    ("quarot", (slice(None), 1, rotation(64, 0, torch.float32, "cpu")[0] * 3e38), "quarot: the rotated state R x "
                                                                                 "exceeds"),
])
def test_deferred_checks_raise_each_formats_own_error_on_exit(name, x_edit, match):
    x = torch.randn(2, 64, 64)
    r, c, v = x_edit
    x[1, r, c] = v
    with pytest.raises(InputError, match=match):
        with deferred_finite_checks() as checks:
            F.get(name).quantize(torch.randn(64, 64))
            F.get(name).quantize(x)
            assert len(checks.flags) >= 2      # recorded, not raised, inside the block


@pytest.mark.parametrize("case", CASES, ids=case_id)
@pytest.mark.parametrize("scale", [1e-38, 1e-45, 6.5e4, 3.4e38])
def test_every_format_at_float32_and_fp16_limits(case, scale):
    """A spread state near the limits, one huge value, an all-zero row and column: the declared behaviour."""
    name, opts = case
    x = torch.randn(2, 64, 32, generator=torch.Generator().manual_seed(2), dtype=torch.float64)
    x = (x / x.abs().max() * scale).float()
    x[:, 4, :] = 0.0
    x[:, :, 5] = 0.0
    x[1, 9, 9] = scale
    check_declared(F.get(name, **opts), x)


@pytest.mark.parametrize("name", ALL)
def test_every_formats_docstring_declares_its_bad_input_behaviour(name):
    doc = inspect.getmodule(type(F.get(name))).__doc__
    assert "Bad input:" in doc, name
    para = doc[doc.index("Bad input:"):]
    for words in ("NaN", "Inf", "beyond", r"[Tt]iny|underflow|subnormal", r"Empty\s+axes"):
        assert re.search(words, para), (name, words)


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("shape", [(2, 64, 64), (2, 32, 3), (2, 32, 1)])
def test_strided_views_give_the_contiguous_result(name, shape):
    fmt = F.get(name)
    x = rand_state(shape, seed=4)
    wide = torch.zeros(shape[:-1] + (2 * shape[-1],))
    wide[..., ::2] = x
    views = [v for v in (x.transpose(-1, -2).contiguous().transpose(-1, -2), wide[..., ::2]) if not v.is_contiguous()]
    assert views      # a transpose with dv = 1 is contiguous; the strided slice never is
    for view in views:
        assert torch.equal(fmt.roundtrip(view), fmt.roundtrip(x))


@pytest.mark.parametrize("name", ["turboquant", "quarot"])
def test_rotation_formats_do_not_depend_on_strides(name):
    # a state whose transposed matmul, rounded differently, moves one rotated coordinate across a code boundary
    x = torch.randn(3, 64, 5, generator=torch.Generator().manual_seed(198))
    fmt = F.get(name)
    assert torch.equal(fmt.roundtrip(x.transpose(-1, -2).contiguous().transpose(-1, -2)), fmt.roundtrip(x))


def _blown_up_states():
    R0 = rotation(64, 0, torch.float32, "cpu")[0]
    big64 = torch.randn(64, 64, dtype=torch.float64)
    big64[0, 0] = 1e39
    spike = torch.randn(64, 64)
    spike[0, 0] = 7e4
    norm = torch.randn(64, 64)
    norm[:, 3] = 3e37
    rot = torch.randn(64, 64)
    rot[:, 3] = R0 * 3e38
    return [("int8", big64), ("mxfp4", big64), ("kvquant", spike), ("turboquant", norm), ("quarot", rot)]


@pytest.mark.parametrize("deferred", [False, True])
def test_every_range_refusal_is_an_out_of_range_error(deferred):
    """The study records a run whose state blew up by this type (models/study.py): every range refusal raises it,
    eager or deferred, and names NaN or Inf."""
    for name, x in _blown_up_states():
        with pytest.raises(OutOfRangeError, match="NaN or Inf"):
            if deferred:
                with deferred_finite_checks():
                    F.get(name).quantize(x)
            else:
                F.get(name).quantize(x)
