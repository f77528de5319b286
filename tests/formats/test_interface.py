"""Registry, options, errors, NaN/Inf behaviour and exact storage of every format."""
import json
import math

import pytest
import torch

import leapquant.formats as F
from leapquant.formats import Quantized

from ._refs import rand_state

ALL = F.names()
SCALED = [n for n in ALL if n not in ("identity", "fp32", "bf16", "fp16")]


def test_names_complete():
    assert set(ALL) == {"identity", "fp32", "bf16", "fp16", "fp8-e4m3", "fp8-e5m2", "mxfp8", "mxfp6-e2m3",
                        "mxfp6-e3m2", "mxfp4", "nvfp4", "nvfp6", "int8", "int6", "int4", "kvquant",
                        "quarot", "turboquant"}


def test_unknown_name_lists_names():
    with pytest.raises(KeyError) as e:
        F.get("int3")
    assert "int3" in str(e.value) and "mxfp4" in str(e.value)


@pytest.mark.parametrize("name", ALL)
def test_options_roundtrip_json(name):
    fmt = F.get(name)
    opts = json.loads(json.dumps(fmt.options()))
    assert F.get(name, **opts) == fmt
    assert fmt.name == name


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_roundtrip_shape_dtype_and_nbytes(name, dtype):
    x = rand_state((2, 3, 64, 32), seed=2, dtype=dtype)
    fmt = F.get(name)
    q = fmt.quantize(x)
    assert isinstance(q, Quantized) and q.shape == tuple(x.shape)
    y = fmt.roundtrip(x)
    assert y.dtype == dtype and y.shape == x.shape
    if not (name == "identity" and dtype == torch.float64):  # identity counts element_bytes (4) by design
        assert q.nbytes() == fmt.bytes_for(x.shape)  # bytes_for counts exactly what is stored
    assert y.data_ptr() != x.data_ptr()
    # leading dims are independent: quantizing one matrix alone gives the same result
    assert torch.equal(fmt.roundtrip(x[1, 2].clone()), y[1, 2])


N = 128 * 128
HAND = [
    ("identity", {}, 4 * N), ("identity", {"element_bytes": 2}, 2 * N),
    ("fp32", {}, 4 * N), ("bf16", {}, 2 * N), ("fp16", {}, 2 * N),
    ("fp8-e4m3", {}, N + 4), ("fp8-e5m2", {"granularity": "channel"}, N + 128 * 4),
    ("fp8-e4m3", {"granularity": "group", "group_size": 32, "scale": "e8m0"}, N + 512),
    ("fp8-e4m3", {"granularity": "group", "group_size": 16, "scale": "fp32"}, N + 1024 * 4),
    ("mxfp8", {}, N + 512), ("mxfp6-e2m3", {}, 12288 + 512), ("mxfp6-e3m2", {}, 12288 + 512),
    ("mxfp4", {}, 8192 + 512), ("nvfp4", {}, 8192 + 1024 + 4), ("nvfp6", {}, 12288 + 1024 + 4),
    ("int8", {}, 16384 + 128 * 4), ("int6", {}, 12288 + 512), ("int4", {}, 8192 + 512),
    ("int4", {"granularity": "group", "group_size": 32}, 8192 + 512 * 4), ("int8", {"granularity": "tensor"}, N + 4),
    ("kvquant", {}, N + 512 + 163 * (2 + 2)), ("kvquant", {"outlier_dtype": "fp32", "bits": 4}, 8192 + 512 + 163 * 6),
    ("quarot", {}, N + 512), ("quarot", {"bits": 4}, 8192 + 512),
    ("turboquant", {}, N + 512), ("turboquant", {"bits": 3}, 6144 + 512),
]


@pytest.mark.parametrize("name,opts,expected", HAND)
def test_bytes_for_hand_counted(name, opts, expected):
    fmt = F.get(name, **opts)
    assert fmt.bytes_for((128, 128)) == expected
    assert fmt.bytes_for((4, 2, 128, 128)) == 8 * expected
    assert fmt.bits_per_element((128, 128)) == pytest.approx(8 * expected / N)


@pytest.mark.parametrize("name,kw,match", [
    ("int8", {"granularity": "row"}, "granularity must be one of"),
    ("int8", {"group_size": 0}, "group_size must be a positive int"),
    ("fp8-e4m3", {"scale": "e4m3"}, "scale must be one of"),
    ("mxfp8", {"elem": "e2m1"}, "elem must be one of"),
    ("kvquant", {"outlier_fraction": 1.5}, "outlier_fraction"),
    ("bf16", {"rounding": "up"}, "rounding must be one of"),
    ("bf16", {"seed": -1}, "seed must be"),
    ("identity", {"element_bytes": 3}, "element_bytes"),
])
def test_bad_options_value_error(name, kw, match):
    with pytest.raises(ValueError, match=match):
        F.get(name, **kw)


def test_unknown_option_type_error():
    with pytest.raises(TypeError, match="unknown option"):
        F.get("int8", group=32)


def test_group_size_must_divide():
    fmt = F.get("int8", granularity="group", group_size=48)
    with pytest.raises(ValueError, match=r"group_size must be a positive divisor of the key axis \(128\), got 48"):
        fmt.quantize(torch.randn(128, 128))
    with pytest.raises(ValueError, match="divisor"):
        fmt.bytes_for((128, 128))
    with pytest.raises(ValueError, match=r"MX block size must be a positive divisor of the key axis \(48\)"):
        F.get("mxfp4").quantize(torch.randn(48, 64))
    with pytest.raises(ValueError, match="power of two"):
        F.get("quarot").quantize(torch.randn(48, 64))


@pytest.mark.parametrize("name", ALL)
def test_bad_inputs(name):
    fmt = F.get(name)
    with pytest.raises(TypeError, match="x must be"):
        fmt.quantize([[1.0]])
    with pytest.raises(TypeError, match="float32 or float64"):
        fmt.quantize(torch.zeros(32, 32, dtype=torch.float16))
    with pytest.raises(ValueError, match=r"\[\.\.\., dk, dv\]"):
        fmt.quantize(torch.zeros(32))


@pytest.mark.parametrize("name", SCALED)
@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_scaled_formats_raise_on_nonfinite(name, bad):
    x = torch.randn(64, 64)
    x[3, 4] = bad
    with pytest.raises(ValueError, match="NaN or Inf"):
        F.get(name).quantize(x)


@pytest.mark.parametrize("name", ["identity", "fp32", "bf16", "fp16"])
@pytest.mark.parametrize("rounding", ["nearest", "stochastic"])
def test_float_formats_propagate_nonfinite(name, rounding):
    opts = {} if name == "identity" else {"rounding": rounding, "seed": 0}
    x = torch.tensor([[math.nan, math.inf], [-math.inf, 1.0]])
    y = F.get(name, **opts).roundtrip(x)
    assert math.isnan(y[0, 0]) and y[0, 1] == math.inf and y[1, 0] == -math.inf and y[1, 1] == 1.0


@pytest.mark.parametrize("rounding", ["nearest", "stochastic"])
def test_fp16_overflows_to_inf(rounding):
    x = torch.tensor([[1e5, -1e5], [65504.0, 1.0]])
    y = F.get("fp16", rounding=rounding, seed=0).roundtrip(x)
    assert y[0, 0] == math.inf and y[0, 1] == -math.inf and y[1, 0] == 65504.0


def test_float64_input_rounds_once():
    """float64 -> bf16/fp16 must round directly, not through float32."""
    import numpy as np
    # 1 + 2**-8 + 2**-40 is just above the bf16 tie 1 + 2**-8; via float32 it would become the tie -> 1.0
    v = torch.tensor([[1 + 2 ** -8 + 2 ** -40, 1 + 2 ** -11 + 2 ** -40]], dtype=torch.float64)
    # (ml_dtypes itself converts float64 -> bfloat16 through float32 and returns 1.0 here, so the
    # bf16 reference is the exact value; numpy's float16 cast rounds once and is the fp16 reference)
    assert F.get("fp16").roundtrip(v)[0, 1].item() == float(np.float16(v[0, 1].item()))
    assert F.get("bf16").roundtrip(v)[0, 0].item() == 1 + 2 ** -7


def test_zero_input_all_formats():
    for name in ALL:
        y = F.get(name).roundtrip(torch.zeros(2, 64, 64))
        assert torch.equal(y, torch.zeros(2, 64, 64)), name


@pytest.mark.parametrize("name", ["int8", "int6", "int4"])
@pytest.mark.parametrize("opts", [{}, {"granularity": "tensor"}, {"granularity": "group", "group_size": 16},
                                  {"axis": "key"}], ids=["channel-value", "tensor", "group16", "channel-key"])
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_int_fast_roundtrip_equals_quantize_then_dequantize(name, opts, dtype):
    """IntFormat.roundtrip is a fused fake-quant path; it must give the very same bits."""
    from leapquant import formats
    f = formats.get(name, **opts)
    gen = torch.Generator().manual_seed(21)
    x = torch.randn(3, 64, 32, generator=gen, dtype=dtype) * torch.logspace(-3, 3, 32, dtype=dtype)
    x[0, :, 5] = 0
    assert torch.equal(f.roundtrip(x), f.dequantize(f.quantize(x)))
