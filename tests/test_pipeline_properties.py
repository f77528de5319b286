"""Properties of Pipeline construction and of its boundary on adversarial states.

Construction: every dict with one bad field (a wrong type, a value out of range, an unknown option) is an InputError
naming that field; every good one round-trips through to_dict / JSON / from_dict equal. The boundary, for every
format × smoother × fitter: on all-zero rows, one huge outlier, tiny values, size-1 dims, float64 and non-contiguous
states, it gives the declared result or a clear error (a ValueError: InputError or a format's own) — a finite S never
gives a non-finite Ŝ_0 except by the format's own declared overflow (an IEEE cast of what it was given).
"""
import json

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from leapquant import fitters, formats, smoothers
from leapquant.errors import InputError
from leapquant.pipeline import Pipeline

FORMATS, SMOOTHERS, FITTERS = formats.names(), smoothers.names(), fitters.names()
INT_FIELDS = {"window": 1, "rank": 0, "refit_every": 1, "boundary_lag": 0}
CHOICES = {"format": FORMATS, "records": ["fp16", "fp32", "bf16", "exact"], "fitter": FITTERS,
           "pairs": ["fp16", "fp32"], "smoother": SMOOTHERS}
GOOD_OPTIONS = {   # a few valid options of each component
    "format_options": {"int8": [{"granularity": "tensor"}, {"rounding": "stochastic", "seed": 3}],
                       "fp8-e4m3": [{"granularity": "group", "group_size": 16}], "kvquant": [{"bits": 4}]},
    "fitter_options": {"power": [{"iters": 1}, {"iters": 3, "tf32": True, "orth": "mgs"}],
                       "lowrank": [{"start": "decayed", "form": "coefficients"}],
                       "rsvd": [{"oversample": 0, "niter": 1}]},
    "smoother_options": {"sqrt-mean-abs": [{"floor": 1e-6}], "smoothquant": [{"alpha": 0.0}, {"alpha": 1}],
                         "hadamard": [{"seed": 7}]},
}


OWNER = {"format_options": "format", "fitter_options": "fitter", "smoother_options": "smoother"}
NOT_A_STRING = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(),
                         st.lists(st.text(max_size=3), max_size=2),
                         st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))
NOT_AN_INT = st.one_of(st.none(), st.booleans(), st.floats(), st.text(max_size=4), st.lists(st.integers(), max_size=2),
                       st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))


@st.composite
def good_pipelines(draw) -> dict:
    window = draw(st.one_of(st.integers(1, 64), st.sampled_from([10 ** 6, 2 ** 63 - 1])))
    d = {name: draw(st.sampled_from(choices)) for name, choices in CHOICES.items()}
    d.update(window=window, rank=draw(st.integers(0, 10 ** 9)), refit_every=draw(st.integers(1, 2 ** 63 - 1)),
             boundary_lag=draw(st.integers(0, min(window - 1, 10 ** 6))))
    for field, table in GOOD_OPTIONS.items():
        d[field] = draw(st.sampled_from([{}, *table.get(d[OWNER[field]], [])]))
    return d


@st.composite
def one_bad_field(draw) -> tuple[dict, str]:
    """A good pipeline dict with one field made bad, and the name an error must carry."""
    d = draw(good_pipelines())
    field = draw(st.sampled_from([*CHOICES, *INT_FIELDS, *GOOD_OPTIONS]))
    if field in CHOICES:
        d[field] = draw(st.one_of(NOT_A_STRING, st.text(max_size=8).filter(lambda s: s not in CHOICES[field])))
    elif field in INT_FIELDS:
        least = INT_FIELDS[field]
        d[field] = draw(st.one_of(NOT_AN_INT, st.integers(max_value=least - 1), st.integers(min_value=2 ** 63)))
        if field == "boundary_lag" and draw(st.booleans()):
            d[field] = d["window"] + draw(st.integers(0, 3))           # lag >= window
    else:
        d[field] = draw(st.one_of(
            NOT_A_STRING.filter(lambda v: not isinstance(v, dict)),
            st.dictionaries(st.integers(), st.integers(), min_size=1, max_size=2),                # keys not strings
            st.fixed_dictionaries({"floor": st.lists(st.integers(), max_size=2)}),               # not a JSON scalar
            st.dictionaries(st.text(min_size=1, max_size=6).filter(lambda k: k not in OPTION_NAMES), st.integers(),
                            min_size=1, max_size=2)))                                            # unknown options
    return d, field


def _component_options() -> set[str]:
    names = set()
    for name in FORMATS:
        names |= set(formats.get(name).options())
    for name in FITTERS:
        names |= set(fitters.get(name).options())
    for name in SMOOTHERS:
        names |= set(smoothers.get(name).options())
    return names


OPTION_NAMES = _component_options()


@given(one_bad_field())
def test_every_dict_with_a_bad_field_is_an_input_error_naming_it(case):
    d, field = case
    with pytest.raises(InputError, match=rf"(pipeline\.|bad ){field}\b"):
        Pipeline.from_dict(d)
    with pytest.raises(InputError, match=rf"(pipeline\.|bad ){field}\b"):
        Pipeline(**d)


@given(good_pipelines())
def test_every_good_dict_round_trips_through_json_equal(d):
    p = Pipeline.from_dict(d)
    data = p.to_dict()
    assert json.loads(json.dumps(data)) == data == {"version": 1, **d}
    assert all(type(data[f]) is dict for f in GOOD_OPTIONS)
    twin = Pipeline.from_dict(json.loads(json.dumps(data)))
    assert twin == p and hash(twin) == hash(p) and twin.schedule == ("per-step" if d["window"] == 1 else "per-window")


@given(st.dictionaries(st.text(max_size=10).filter(lambda k: k not in {*CHOICES, *INT_FIELDS, *GOOD_OPTIONS,
                                                                       "version", "schedule"}),
                       st.integers(), min_size=1, max_size=3))
def test_unknown_fields_are_refused_by_name(extra):
    with pytest.raises(InputError, match="unknown pipeline field"):
        Pipeline.from_dict({**Pipeline().to_dict(), **extra})


# ---- the boundary on adversarial states --------------------------------------------------------------------------

pytestmark = pytest.mark.usefixtures("one_thread")


def _checked(p: Pipeline, S: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor] | None:
    """The boundary of S, checked against the declared behaviour; None where it refused S with a ValueError."""
    bq = p.boundary(seed=0, keep_stats=True)
    torch.manual_seed(0)                                      # rsvd's random projections
    try:
        S0, rec = bq(S)
    except ValueError as e:                                   # InputError, or a format's own refusal
        assert str(e)
        return None
    dk, dv = S.shape[-2:]
    assert S0.shape == S.shape and S0.dtype == S.dtype
    assert rec.k.shape == (*S.shape[:-2], p.rank, dk) and rec.u.shape == (*S.shape[:-2], p.rank, dv)
    assert bool(torch.isfinite(rec.k).all()) and bool(torch.isfinite(rec.u).all())
    kept = (S0 + rec.k.transpose(-1, -2) @ rec.u).double() if p.rank else S0.double()
    bad = ~torch.isfinite(kept).flatten(-2).all(-1)
    if bool(bad.any()):   # only where the format's own round trip of its input overflows (an IEEE cast)
        Y = bq._last[2]
        assert not bool(torch.isfinite(bq.format.roundtrip(Y)[bad]).all()), (p, "non-finite from the pipeline")
    Sd = S.double()
    err = torch.linalg.vector_norm(kept - Sd, dim=(-2, -1)) / torch.linalg.vector_norm(Sd, dim=(-2, -1))
    zero = (Sd == 0).flatten(-2).all(-1)
    assert bool((err[~bad & ~zero] <= 1 + 1e-6).all()), (p, err)   # never worse than storing nothing
    assert bool((S0[zero] == 0).all()) and bool((rec.u[zero] == 0).all())
    return S0, err


def _adversarial() -> torch.Tensor:
    """[4, 32, 8] float32, one kind per matrix (each is quantized on its own): zero rows and a 1e30 outlier, tiny
    values (1e-30, below FP32's normal range once squared), all zero, a zero column."""
    g = torch.Generator().manual_seed(0)
    S = torch.randn(4, 32, 8, generator=g)
    S[0, ::4] = 0
    S[0, 5, 3] = 1e30
    S[1] *= 1e-30
    S[2] = 0
    S[3, :, 2] = 0
    return S


@pytest.mark.parametrize("fitter", FITTERS)
@pytest.mark.parametrize("smoother", SMOOTHERS)
@pytest.mark.parametrize("fmt", FORMATS)
def test_boundary_on_adversarial_states_is_declared_or_refused(fmt, smoother, fitter):
    p = Pipeline(format=fmt, smoother=smoother, fitter=fitter, rank=2)
    _checked(p, _adversarial())
    g = torch.Generator().manual_seed(1)                       # float64, non-contiguous, one outlier
    S = torch.randn(2, 8, 32, generator=g, dtype=torch.float64).transpose(-1, -2)
    S[1, 0, 0] = 1e25
    assert not S.is_contiguous()
    _checked(p, S)
    with pytest.raises(InputError, match=r"pipeline\.rank must be at most min\(dk, dv\) = 1"):
        p.boundary()(torch.randn(3, 32, 1))
    if fitter == "power":                                      # size-1 dims, no compensators
        for shape in ((3, 32, 1), (1, 1, 1), (32, 8)):
            _checked(Pipeline(format=fmt, smoother=smoother, rank=0), torch.randn(shape, generator=g))


@settings(max_examples=60)
@given(fmt=st.sampled_from(FORMATS), smoother=st.sampled_from(SMOOTHERS), fitter=st.sampled_from(FITTERS),
       rank=st.sampled_from([0, 1, 2, 8]), dk=st.sampled_from([1, 2, 16, 32]), dv=st.sampled_from([1, 3, 8]),
       dtype=st.sampled_from([torch.float32, torch.float64]), transposed=st.booleans(),
       scale=st.integers(-35, 30), outlier=st.one_of(st.none(), st.integers(0, 37)), zero_rows=st.integers(0, 3),
       seed=st.integers(0, 2 ** 16))
def test_boundary_on_random_adversarial_states(fmt, smoother, fitter, rank, dk, dv, dtype, transposed, scale,
                                                outlier, zero_rows, seed):
    g = torch.Generator().manual_seed(seed)
    shape = (2, dv, dk) if transposed else (2, dk, dv)
    S = torch.randn(shape, generator=g, dtype=dtype) * 10.0 ** scale
    if transposed:
        S = S.transpose(-1, -2)
    if zero_rows:
        S[..., ::zero_rows + 1, :] = 0
    if outlier is not None:
        S[0, -1, 0] = 10.0 ** outlier
    p = Pipeline(format=fmt, smoother=smoother, fitter=fitter, rank=rank)
    if rank > min(dk, dv):
        with pytest.raises(InputError, match=rf"pipeline\.rank must be at most min\(dk, dv\) = {min(dk, dv)}"):
            p.boundary()(S)
        return
    out = _checked(p, S)
    if out is not None and fmt == "identity" and smoother == "none":
        err = out[1][~torch.isnan(out[1])]                    # (an all-zero matrix has no relative error)
        assert bool((err < 1e-5).all()), err                  # nothing quantized: S0 + K Uᵀ is S to rounding
