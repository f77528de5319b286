"""Every registered format on adversarial states: the declared behaviour or a clear InputError, never silent
corruption (defined in ``_declared``).

The states mix NaN, ±Inf, all-zero rows and columns, one huge outlier, values around FP16's and FP32's limits
(6.55e4, 3.4e38, 1e-38, 1e-45 subnormals), float64 input (beyond float32's range too), size-1 value axes, empty
and non-empty leading batch dims, and non-contiguous views (transposes, strided slices).
"""
import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

import leapquant.formats as F

from ._declared import CASES, case_id, check_declared

F32_MAX = float(torch.finfo(torch.float32).max)
SCALES = [1.0, 1.0, 1e-3, 3e4, 1e19, 1e36, 1e-22, 1e-37, 1e-40, 1e-45]
F64_SCALES = [1e-50, 1e-300, 1e39]
SPIKES = [65504.0, 65520.0, 7e4, 2e19, 1e38, 3.4e38, F32_MAX, -F32_MAX, 1e-38, 1e-45, 0.0]
F64_SPIKES = [1e39, -1e300, 1e-320]
EDITS = ["zero_row", "zero_col", "spike", "spike", "spike", "subnormal_row", "equal_col", "nan", "inf", "-inf"]


@st.composite
def states(draw) -> torch.Tensor:
    dtype = draw(st.sampled_from([torch.float32, torch.float64]))
    f64 = dtype == torch.float64
    lead = draw(st.sampled_from([(), (), (2,), (1, 2), (0,)]))
    dk, dv = draw(st.sampled_from([32, 64])), draw(st.sampled_from([1, 3, 32]))
    g = torch.Generator().manual_seed(draw(st.integers(0, 2 ** 16)))
    scale = draw(st.sampled_from(SCALES + (F64_SCALES if f64 else [])))
    x = torch.randn(lead + (dk, dv), generator=g, dtype=torch.float64) * scale
    if x.numel():
        for kind in draw(st.lists(st.sampled_from(EDITS), max_size=3)):
            r, c = draw(st.integers(0, dk - 1)), draw(st.integers(0, dv - 1))
            if kind == "zero_row":
                x[..., r, :] = 0.0
            elif kind == "zero_col":
                x[..., :, c] = 0.0
            elif kind == "spike":
                x[..., r, c] = draw(st.sampled_from(SPIKES + (F64_SPIKES if f64 else [])))
            elif kind == "subnormal_row":
                x[..., r, :] = 1e-45 * torch.randint(-3, 4, (dv,), generator=g)
            elif kind == "equal_col":
                x[..., :, c] = x[..., r, c].clone().unsqueeze(-1)
            else:
                x[..., r, c] = {"nan": float("nan"), "inf": float("inf"), "-inf": -float("inf")}[kind]
    x = x.to(dtype)
    layout = draw(st.sampled_from(["contiguous", "transposed", "strided"]))
    if layout == "transposed":       # same values, transposed strides
        x = x.transpose(-1, -2).contiguous().transpose(-1, -2)
    elif layout == "strided":        # same values, every other column of a wider tensor
        wide = torch.zeros(lead + (dk, 2 * dv), dtype=dtype)
        wide[..., ::2] = x
        x = wide[..., ::2]
    return x


@pytest.mark.parametrize("case", CASES, ids=case_id)
@settings(max_examples=settings.default.max_examples * 3 // 4)   # 30 in CI, 300 with HYPOTHESIS_PROFILE=thorough
@given(x=states())
def test_declared_behaviour_on_adversarial_states(case, x):
    name, opts = case
    fmt = F.get(name, **opts)
    check_declared(fmt, x)


@pytest.mark.parametrize("case", CASES, ids=case_id)
@pytest.mark.parametrize("shape", [(1, 32), (64, 1), (1, 1), (2, 2), (3, 32, 1)])
def test_size_one_and_small_axes_work_or_raise_input_error(case, shape):
    name, opts = case
    x = torch.randn(shape, generator=torch.Generator().manual_seed(1)) * 3
    check_declared(F.get(name, **opts), x)
