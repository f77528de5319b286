"""The quantizer pipeline: identity equals the reference, fitters, smoothers, plain data, storage."""
import json

import pytest
import torch

from leapquant import fitters, formats, recurrences, smoothers
from leapquant.errors import InputError
from leapquant.pipeline import PRESETS, Pipeline, StateStream, preset
from leapquant.recurrences import Dims


@pytest.mark.parametrize("family", ["gdn", "kda", "gla", "rwkv7", "delta_product"])
@pytest.mark.parametrize("window,rank,smoother,lag", [(1, 0, "none", 0), (16, 0, "none", 0), (5, 3, "sqrt-mean-abs", 0),
                                                       (16, 4, "hadamard", 0), (5, 3, "sqrt-mean-abs", 2),
                                                       (16, 4, "hadamard", 1)])
def test_identity_format_reproduces_the_reference(family, window, rank, smoother, lag):
    """Fed in two pieces; with a lagged boundary (boundary_lag) the lagged tokens' records — several per token for the
    families split into sub-steps — move into the next window, which with an identity format may change nothing."""
    spec = recurrences.get(family)
    d = Dims(2, 37, 2, 2, 16, 16)
    gen = torch.Generator().manual_seed(10)
    x = spec.random_inputs(d, gen)
    S0 = torch.randn(d.B, d.HV, d.K, d.V, generator=gen)
    o_ref, S_ref = spec.reference(**x, initial_state=S0)
    p = Pipeline(format="identity", window=window, records="exact", rank=rank, pairs="fp32", smoother=smoother,
                 boundary_lag=lag)
    stream = StateStream(p, spec.initial_state(**x, initial_state=S0))
    steps = spec.steps(**x, initial_state=S0)
    o = torch.cat([stream.run(steps.tokens(0, window + 1)), stream.run(steps.tokens(window + 1, d.T))], -2)
    torch.testing.assert_close(o.transpose(1, 2), o_ref, rtol=1e-10, atol=1e-10)
    torch.testing.assert_close(stream.state(), S_ref, rtol=1e-10, atol=1e-10)


def low_rank_plus_noise(gen, batch=(3,), dk=64, dv=48, r=4):
    U = torch.linalg.qr(torch.randn(*batch, dk, r, generator=gen, dtype=torch.float64))[0]
    V = torch.linalg.qr(torch.randn(*batch, dv, r, generator=gen, dtype=torch.float64))[0]
    s = torch.tensor([10.0, 6.0, 4.0, 3.0], dtype=torch.float64)[:r]
    return (U * s) @ V.transpose(-1, -2) + 0.05 * torch.randn(*batch, dk, dv, generator=gen, dtype=torch.float64)


def projector(K):
    return K @ K.transpose(-1, -2)


@pytest.mark.parametrize("name", ["power", "rsvd"])
def test_fitters_find_the_top_singular_subspace(name):
    gen = torch.Generator().manual_seed(11)
    S = low_rank_plus_noise(gen)
    exact = fitters.get("svd").keys(S, 4, None)
    opts = {"iters": 30} if name == "power" else {"niter": 6}
    K = fitters.get(name, **opts).keys(S, 4, None)
    torch.testing.assert_close(projector(K), projector(exact), rtol=0, atol=1e-6)
    torch.testing.assert_close(K.transpose(-1, -2) @ K, torch.eye(4, dtype=S.dtype).expand(3, 4, 4), rtol=0, atol=1e-12)


def test_power_iteration_in_tf32_cuts_operands_and_stays_near_fp32():
    """tf32=True (the boundary kernels' TF32 arithmetic, docs/math.md eq. 15): every mat-vec operand keeps 10 mantissa
    bits — so the fit differs from FP32's, by about TF32's precision, and still finds the subspace; a non-bool option
    is refused."""
    from leapquant.errors import InputError
    from leapquant.fitters import tf32_truncate
    x = torch.tensor([1.0 + 2.0 ** -10, 1.0 + 2.0 ** -11, -3.0 - 2.0 ** -12], dtype=torch.float32)
    assert tf32_truncate(x).tolist() == [1.0 + 2.0 ** -10, 1.0, -3.0]   # round toward zero at bit 10
    gen = torch.Generator().manual_seed(15)
    S = low_rank_plus_noise(gen).float()
    K32, U32 = fitters.get("power", iters=30).fit(S, 4)
    K19, U19 = fitters.get("power", iters=30, tf32=True).fit(S, 4)
    d = float((U19 - U32).norm() / U32.norm())
    assert 1e-6 < d < 2e-3, d
    exact = fitters.get("svd").keys(S.double(), 4, None)
    torch.testing.assert_close(projector(K19.double()), projector(exact), rtol=0, atol=1e-4)
    with pytest.raises(InputError, match="tf32 must be true or false"):
        fitters.get("power", tf32="yes")


@pytest.mark.parametrize("orth", ["qr", "mgs"])
def test_a_zero_first_state_still_gets_compensators(orth):
    """A fresh request starts from the zero state: its cold-started fit has nothing to find, and a Gram–Schmidt that
    left the keys zero would doom them — a warm-started power iteration never moves from a zero key (every later
    S Sᵀ K is zero too). Both orthonormalisations complete zero columns (torch's QR; gram_schmidt by
    e_a): three windows later the compensators hold the state's structure."""
    pipe = Pipeline(format="int8", window=16, rank=4, smoother="sqrt-mean-abs", fitter_options={"orth": orth})
    gen = torch.Generator().manual_seed(21)
    bq = pipe.boundary()
    S0, rec = bq(torch.zeros(2, 64, 64))
    assert (S0 == 0).all() and (rec.u == 0).all() and (rec.k.norm(dim=-1) == 1).all()   # zero state, live keys
    S = torch.randn(2, 64, 6, generator=gen) @ torch.randn(2, 6, 64, generator=gen)
    S[..., 3] *= 50
    for _ in range(3):
        S0, rec = bq(S)
    K = rec.k.transpose(-1, -2)
    torch.testing.assert_close(K.transpose(-1, -2) @ K, torch.eye(4).expand(2, 4, 4), rtol=0, atol=2e-3)
    err = float((S0 + K @ rec.u - S).norm() / S.norm())
    S0_none, _ = Pipeline(format="int8", window=16, rank=0, smoother="sqrt-mean-abs").boundary()(S)
    assert err < 0.3 * float((S0_none - S).norm() / S.norm())    # the compensators took the outlier column


def test_gram_schmidt_completes_zero_columns_by_unit_vectors():
    """A column that is zero once the earlier ones are projected out becomes e_a at the end, as in the kernels; the
    other columns are those of the same Gram–Schmidt without it; all-zero input gives the cold start e_1..e_r; so a
    power iteration from zero keys (a slot an engine zeroed) revives them at its first boundary."""
    gen = torch.Generator().manual_seed(8)
    X = torch.randn(3, 8, 4, generator=gen)
    X[0, :, 1] = 0                                   # a zero column in the middle
    X[2] = 0
    Q = fitters.gram_schmidt(X)
    assert torch.equal(Q[2], torch.eye(8, 4))
    assert torch.equal(Q[0, :, 1], torch.eye(8)[:, 1])
    assert torch.equal(Q[0][:, [0, 2, 3]], fitters.gram_schmidt(X[0][:, [0, 2, 3]]))
    torch.testing.assert_close(Q[1].T @ Q[1], torch.eye(4), rtol=0, atol=1e-5)
    S = torch.randn(8, 8, generator=gen)
    K1, _ = fitters.warm_started_power_iteration(S, torch.zeros(8, 4), 4, iters=1, orth=fitters.gram_schmidt)
    assert torch.equal(K1, torch.eye(8, 4))          # zero warm keys: S Sᵀ 0 = 0, completed to the cold start,
    K2, _ = fitters.warm_started_power_iteration(S, torch.zeros(8, 4), 4, iters=2, orth=fitters.gram_schmidt)
    assert torch.equal(K2, fitters.gram_schmidt(S @ (S.T @ K1)))   # from which the next iteration goes on


def test_power_iteration_by_the_kernels_gram_schmidt():
    """orth="mgs" (the decode kernels' column-by-column Gram-Schmidt, kernels.from_pipeline): the same keys as torch's
    QR up to rounding, orthonormal with a non-negative R diagonal, a zero column completed by e_a; an unknown name
    refused."""
    from leapquant.errors import InputError
    gen = torch.Generator().manual_seed(16)
    S = low_rank_plus_noise(gen).float()
    Kq, Uq = fitters.get("power", iters=3).fit(S, 4)
    Km, Um = fitters.get("power", iters=3, orth="mgs").fit(S, 4)
    d = float((Km - Kq).abs().max())
    assert 0 <= d < 1e-4 and not torch.equal(Km, fitters.get("power", iters=2, orth="mgs").fit(S, 4)[0])
    torch.testing.assert_close(Km.transpose(-1, -2) @ Km, torch.eye(4).expand(3, 4, 4), rtol=0, atol=1e-5)
    X = torch.randn(2, 16, 3, generator=gen)
    X[..., 2] = 0
    Q = fitters.gram_schmidt(X)
    live = Q[..., :2]
    assert torch.equal(Q[..., 2], torch.eye(16)[:, 2].expand(2, 16))
    torch.testing.assert_close(live.transpose(-1, -2) @ live, torch.eye(2).expand(2, 2, 2), rtol=0, atol=1e-6)
    assert ((Q[..., 0] * X[..., 0]).sum(-1) > 0).all()          # R's diagonal >= 0: the first column keeps its sign
    with pytest.raises(InputError, match="orth must be one of"):
        fitters.get("power", orth="householder")


def test_power_iteration_warm_start_beats_cold_start():
    gen = torch.Generator().manual_seed(12)
    S = low_rank_plus_noise(gen)
    exact = projector(fitters.get("svd").keys(S, 4, None))
    one = fitters.get("power", iters=1)
    cold = one.keys(S, 4, None)
    warm = one.keys(S + 1e-3 * torch.randn(S.shape, generator=gen, dtype=S.dtype), 4,
                    fitters.get("power", iters=20).keys(S, 4, None))
    assert (projector(warm) - exact).norm() < 0.1 * (projector(cold) - exact).norm()


@pytest.mark.parametrize("name", smoothers.names())
def test_each_smoother_inverts_stores_what_it_counts_and_lowers_the_error(name):
    """invert(apply(R)) = R to float64 rounding; the parameters are what `bytes_for` counts (FP32 key-row scales c
    [..., dk]; the seeded rotation is the same for every state and stores nothing); through an int8 boundary on rows of
    outlying scale, smoothing lowers the error below no smoothing's — and "none" is the format's round trip itself."""
    gen = torch.Generator().manual_seed(13)
    rows = torch.logspace(-3, 2, 32, dtype=torch.float64)[:, None]
    R = torch.randn(2, 32, 24, generator=gen, dtype=torch.float64) * rows
    sm = smoothers.get(name)
    params = sm.fit(R)
    Y = sm.apply(R, params)
    assert float((sm.invert(Y, params) - R).norm() / R.norm()) < 1e-14  # float64 rounding: a rotation mixes scales
    S0, _ = Pipeline(format="int8", rank=0, smoother=name).boundary()(R)
    plain = formats.get("int8").roundtrip(R)
    err, err_plain = float((S0 - R).norm() / R.norm()), float((plain - R).norm() / R.norm())
    if name == "none":
        assert params is None and torch.equal(Y, R) and torch.equal(S0, plain) and sm.bytes_for(32, 24) == 0
        return
    assert err < 0.7 * err_plain, (err, err_plain)
    if isinstance(sm, smoothers.KeyRowScales):
        assert params.shape == R.shape[:-1] and torch.equal(params, params.float().double())
        assert sm.bytes_for(32, 24) == 4 * 32
    else:
        assert sm.bytes_for(32, 24) == 0 and torch.equal(params, smoothers.get(name).fit(torch.zeros_like(R)))


def test_sqrt_mean_abs_smoothing_flattens_outlier_rows():
    gen = torch.Generator().manual_seed(14)
    R = torch.randn(64, 64, generator=gen, dtype=torch.float64)
    R[3] *= 100.0
    sm = smoothers.get("sqrt-mean-abs")
    Y = sm.apply(R, sm.fit(R))
    ratio = lambda X: float(X.abs().max() / X.abs().median())  # noqa: E731
    assert ratio(Y) < ratio(R) / 5


@pytest.mark.parametrize("name", list(PRESETS))
def test_presets_round_trip_through_a_dict_and_json(name):
    p = preset(name)
    assert Pipeline.from_dict(json.loads(json.dumps(p.to_dict()))) == p


def test_custom_pipeline_round_trips_with_options():
    p = Pipeline(format="fp8-e4m3", format_options={"granularity": "group", "group_size": 32, "scale": "e8m0"},
                 window=8, rank=2, fitter="rsvd", fitter_options={"oversample": 2, "niter": 1}, pairs="fp32",
                 smoother="smoothquant", smoother_options={"alpha": 0.7}, records="fp32")
    assert Pipeline.from_dict(p.to_dict()) == p


@pytest.mark.parametrize("field,value,match", [
    ("window", 0, "pipeline.window"), ("window", 2.0, "pipeline.window"), ("rank", -1, "pipeline.rank"),
    ("records", "fp8", "pipeline.records"), ("pairs", "bf16", "pipeline.pairs"), ("format", "int7", "pipeline.format"),
    ("fitter", "lanczos", "pipeline.fitter"), ("smoother", "magic", "pipeline.smoother"),
    ("format_options", {"granularity": "row"}, "format_options"), ("fitter_options", {"iters": 0}, "iters"),
    ("smoother_options", {"alpha": 2.0}, "alpha"), ("format_options", [1], "pipeline.format_options"),
    ("refit_every", 0, "pipeline.refit_every"), ("refit_every", True, "pipeline.refit_every"),
    ("boundary_lag", -1, "pipeline.boundary_lag"), ("boundary_lag", 16, "pipeline.boundary_lag must be an integer "
                                                                          ">= 0 and < window = 16"),
])
def test_bad_fields_raise_errors_that_name_them(field, value, match):
    data = Pipeline(smoother="smoothquant").to_dict()
    data[field] = value
    with pytest.raises(InputError, match=match):
        Pipeline.from_dict(data)


def test_unknown_field_and_version_are_refused():
    with pytest.raises(InputError, match="unknown pipeline field"):
        Pipeline.from_dict({"windw": 4})
    with pytest.raises(InputError, match="version"):
        Pipeline.from_dict({"version": 99})


@pytest.mark.parametrize("field,value", [
    ("records", ["fp16"]), ("pairs", {"fp16": 1}), ("format", ["int8"]), ("fitter", None), ("smoother", 3),
    ("window", "16"), ("window", [16]), ("rank", 2.0), ("rank", None), ("refit_every", "1"), ("boundary_lag", [0]),
    ("format_options", "granularity=channel"), ("fitter_options", [("iters", 1)]), ("smoother_options", None),
])
def test_every_field_is_type_checked_first_and_named(field, value):
    """A value of the wrong type — unhashable ones included, which a membership test would meet as a TypeError — is an
    InputError naming the field."""
    data = Pipeline().to_dict()
    data[field] = value
    with pytest.raises(InputError, match=rf"pipeline\.{field} must be"):
        Pipeline.from_dict(data)
    with pytest.raises(InputError, match=rf"pipeline\.{field} must be"):
        Pipeline(**{field: value})


@pytest.mark.parametrize("field,options,match", [
    ("format_options", {1: "channel"}, r"pipeline\.format_options keys must be strings"),
    ("fitter_options", {"iters": [2]}, r"pipeline\.fitter_options\.iters must be a JSON scalar"),
    ("smoother_options", {"floor": float("inf")}, r"smoother_options\.floor must be a positive finite number"),
    ("smoother_options", {"floor": True}, r"smoother_options\.floor"),
    ("fitter_options", {"oversample": -1}, r"fitter_options\.oversample must be an integer >= 0"),
])
def test_option_values_are_checked_and_named(field, options, match):
    fitter = "rsvd" if "oversample" in options else "power"
    with pytest.raises(InputError, match=match):
        Pipeline(fitter=fitter, **{field: options})


def test_hadamard_seed_and_smoothquant_alpha_refuse_bools_and_bad_values():
    for options in ({"seed": -1}, {"seed": "0"}, {"seed": True}):
        with pytest.raises(InputError, match="smoother_options.seed must be an integer >= 0"):
            Pipeline(smoother="hadamard", smoother_options=options)
    with pytest.raises(InputError, match="smoother_options.alpha"):
        Pipeline(smoother="smoothquant", smoother_options={"alpha": True})


def test_integer_fields_are_bounded_by_an_int64():
    """2**63 - 1 is the bound (a torch index and the device's boundary count, refit_every, hold it); a window
    longer than any stream is valid: it never quantizes after the start."""
    assert Pipeline(window=2 ** 63 - 1, refit_every=2 ** 63 - 1).window == 2 ** 63 - 1
    for name in ("window", "rank", "refit_every", "boundary_lag"):
        with pytest.raises(InputError, match=rf"pipeline\.{name} must be an integer in \[\d, 2\*\*63 - 1\]"):
            Pipeline(**{name: 2 ** 63})


def test_schedule_is_derived_and_must_agree_with_the_window():
    assert Pipeline.from_dict({"window": 1, "records": "exact", "schedule": "per-step"}).schedule == "per-step"
    assert Pipeline.from_dict({"schedule": "per-window"}) == Pipeline()
    for data in ({"schedule": "per-step"}, {"window": 1, "schedule": "per-window"}, {"schedule": ["per-window"]}):
        with pytest.raises(InputError, match="pipeline.schedule is derived from window"):
            Pipeline.from_dict(data)
    with pytest.raises(InputError, match="pipeline.version must be 1, got True"):
        Pipeline.from_dict({"version": True})


def test_pipeline_is_immutable_hashable_and_replace_validates():
    """A validated pipeline cannot be changed: fields and option dicts are read-only, the dicts it was built from are
    copied; `dataclasses.replace` validates the new one; `to_dict` gives plain, JSON-able dicts."""
    import dataclasses
    opts = {"iters": 3}
    p = Pipeline(fitter_options=opts, smoother_options={"floor": 1e-6})
    opts["iters"] = 0
    assert p.fitter_options == {"iters": 3}
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.window = "x"
    with pytest.raises(TypeError):
        p.fitter_options["iters"] = 1
    q = dataclasses.replace(p, window=8)
    assert (q.window, p.window, q.fitter_options) == (8, 16, {"iters": 3})
    with pytest.raises(InputError, match="pipeline.window"):
        dataclasses.replace(p, window="x")
    with pytest.raises(InputError, match="pipeline.boundary_lag must be an integer >= 0 and < window = 2"):
        dataclasses.replace(p, window=2, boundary_lag=3)
    d = p.to_dict()
    assert type(d["fitter_options"]) is dict and json.loads(json.dumps(d)) == d
    d["fitter_options"]["iters"] = 9
    assert p.fitter_options["iters"] == 3
    twin = Pipeline.from_dict(p.to_dict())
    assert twin == p and hash(twin) == hash(p) and len({p, twin, q}) == 2


def test_rank_above_the_state_dims_is_refused_where_the_dims_are_known():
    """The pipeline does not know dk: rank 40 (or 10**9) is a valid pipeline, refused — naming rank and dk — by the
    first state it meets: a boundary's S, a stream's initial state, the storage of a [dk, dv] head."""
    p = Pipeline.from_dict({"rank": 40})
    assert Pipeline(rank=10 ** 9).rank == 10 ** 9
    match = r"pipeline\.rank must be at most min\(dk, dv\) = 32 .*dk = 32, dv = 48 .*got 40"
    with pytest.raises(InputError, match=match):
        p.boundary()(torch.zeros(2, 32, 48))
    with pytest.raises(InputError, match=r"initial_state of shape \[1, 2, 32, 48\] with dk = 32"):
        StateStream(p, torch.zeros(1, 2, 32, 48))
    with pytest.raises(InputError, match=match):
        p.boundary_bytes(32, 48)
    with pytest.raises(InputError, match=r"min\(dk, dv\) = 8 .*dv = 8"):
        p.buffer_bytes(64, 8)
    for name in ("power", "lowrank", "svd", "rsvd"):     # the fitters themselves refuse too
        with pytest.raises(InputError, match=r"rank must be an integer in \[1, min\(dk, dv\) = 4\]"):
            fitters.get(name).fit(torch.randn(4, 6), 5)
    S0, rec = Pipeline(rank=32).boundary()(torch.randn(2, 32, 48))      # rank = dk is allowed
    assert rec.k.shape == (2, 32, 32) and bool(torch.isfinite(S0).all())


@pytest.mark.parametrize("bad,match", [
    (torch.zeros(32), r"initial_state must have shape \[\.\.\., dk, dv\]"),
    (torch.zeros(2, 0, 8), r"initial_state must have shape \[\.\.\., dk, dv\] with dk, dv >= 1"),
    (torch.zeros(1, 2, 16, 16, dtype=torch.int32), "initial_state must be float32 or float64, got torch.int32"),
    (torch.zeros(1, 2, 16, 16, dtype=torch.float16), "initial_state must be float32 or float64, got torch.float16"),
    (torch.full((1, 2, 16, 16), float("nan")), "initial_state contains NaN or Inf"),
    ([[0.0]], "initial_state must be a torch.Tensor, got list"),
    (torch.zeros(1, 2, 2, 16), r"pipeline\.rank must be at most min\(dk, dv\) = 2 for initial_state"),
])
def test_stream_checks_its_initial_state_by_name(bad, match):
    with pytest.raises(InputError, match=match):
        StateStream(Pipeline(), bad)


def test_stream_refuses_steps_of_other_dims_and_a_non_pipeline():
    spec = recurrences.get("gdn")
    x = spec.random_inputs(Dims(1, 4, 2, 2, 16, 8), torch.Generator().manual_seed(1))
    stream = StateStream(Pipeline(window=2), torch.zeros(1, 2, 16, 16))
    with pytest.raises(InputError, match=r"steps must have batch \[1, 2\], dk = 16, dv = 16 .*dv = 8"):
        stream.run(spec.steps(**x))
    with pytest.raises(InputError, match="steps must be leapquant Steps, got dict"):
        stream.run(x)
    with pytest.raises(InputError, match="pipeline must be a leapquant Pipeline, got dict"):
        StateStream(Pipeline().to_dict(), torch.zeros(1, 2, 16, 16))


def test_boundary_checks_its_state_and_keeps_to_one_stream():
    bq = Pipeline().boundary()
    with pytest.raises(InputError, match="S must be float32 or float64, got torch.bfloat16"):
        bq(torch.zeros(2, 16, 16, dtype=torch.bfloat16))
    bq(torch.randn(2, 16, 16))
    with pytest.raises(InputError, match=r"S must have shape \[2, 16, dv\] like the states this boundary fitted"):
        bq(torch.randn(3, 16, 16))


@pytest.mark.parametrize("name", ["power", "lowrank", "svd", "rsvd"])
def test_fits_are_scale_free_from_tiny_to_huge_states(name):
    """The keys of S and of S · 2^k are the same bits (the fits iterate on S scaled by a power of two,
    fitters.unit_scale), so a state of 1e-30 or of 1e30 (whose S Sᵀ K overflows FP32) gets the keys of a unit one; U is
    the scaled state's own."""
    gen = torch.Generator().manual_seed(5)
    S = low_rank_plus_noise(gen, batch=(2,), dk=16, dv=12).float()
    low = (torch.randn(2, 16, 6, generator=gen), torch.randn(2, 12, 6, generator=gen))
    fit = fitters.get(name)
    if name == "rsvd":   # random projections: a fresh draw per call
        torch.manual_seed(0)
    K, U = fit.fit(S, 3, None, low)
    for k in (-100, 100):
        if name == "rsvd":
            torch.manual_seed(0)
        Kk, Uk = fit.fit(S * 2.0 ** k, 3, None, (low[0] * 2.0 ** k, low[1]))
        assert torch.equal(Kk, K), k
        torch.testing.assert_close(Uk, U * 2.0 ** k, rtol=1e-6, atol=0)


def test_fp16_pairs_saturate_and_the_residual_keeps_the_rest():
    """|U| beyond FP16's 65504 (a state of entries ~1e5): the stored U saturates (no Inf, no NaN), and since the
    residual is formed from the stored pairs, compensators plus residual still make S."""
    gen = torch.Generator().manual_seed(6)
    S = low_rank_plus_noise(gen, batch=(2,), dk=16, dv=12) * 1e5
    S0, rec = Pipeline(format="identity", rank=2, smoother="none", records="exact").boundary()(S)
    assert float(rec.u.abs().max()) == 65504.0 and bool(torch.isfinite(S0).all())
    torch.testing.assert_close(S0 + rec.k.transpose(-1, -2) @ rec.u, S, rtol=1e-12, atol=1e-6)


@pytest.mark.parametrize("name", ["sqrt-mean-abs", "smoothquant"])
def test_key_row_scales_stay_finite_where_the_row_statistics_would_overflow(name):
    """Rows of 1e37 (their sum overflows FP32) and, in float64, of 1e300 (whose c overflows the FP32 it is stored
    in): c stays finite — the mean is taken on a power-of-two-scaled row, c saturates at FP32's largest — and
    invert(apply(R)) is R."""
    sm = smoothers.get(name)
    for R in (torch.full((2, 8, 64), 1e37), torch.full((2, 8, 64), 1e300, dtype=torch.float64)):
        R[:, 0] = 1.0
        c = sm.fit(R)
        assert bool(torch.isfinite(c).all()) and float(c.max()) <= torch.finfo(torch.float32).max
        torch.testing.assert_close(sm.invert(sm.apply(R, c), c), R, rtol=1e-6, atol=0)


def test_storage_matches_the_paper():
    p = preset("leapquant")
    assert p.boundary_bytes(128, 128) == 16384 + 512 + 512 + 4 * 256 * 2 == 19456
    assert p.bytes_per_element(128, 128) == 1.1875
    assert p.buffer_bytes(128, 128, decay_dim=1) == 16 * (256 * 2 + 4)
    assert preset("int8").buffer_bytes(128, 128) == 0


def plain_per_step(steps, S, quantize):
    """Per-step quantization written plainly: every sub-step in full precision, quantize per token."""
    n, ra = steps.substeps, steps.read_after
    outs = []
    for t in range(steps.num_tokens):
        if ra == 0:
            outs.append((steps.q[..., t, None, :] @ S)[..., 0, :])
        for s in range(n):
            i = t * n + s
            u = steps.v[..., i, :]
            if steps.b is not None:
                u = u - (steps.b[..., i, None, :] @ S)[..., 0, :]
            u = steps.beta[..., i, :] * u
            S = torch.exp(steps.log_alpha[..., i, :])[..., :, None] * S + steps.k[..., i, :, None] * u[..., None, :]
            if s + 1 == ra:
                outs.append((steps.q[..., t, None, :] @ S)[..., 0, :])
        S = quantize(S)
    out = torch.stack(outs, -2)
    return (out if steps.out_extra is None else out + steps.out_extra), S


@pytest.mark.parametrize("family", ["gdn", "kda", "rwkv6", "rwkv7", "delta_product", "mamba2"])
@pytest.mark.parametrize("config", ["int8", "bf16", "fp32"])
def test_per_step_fast_path_equals_the_plain_loop(family, config):
    """The per-step path of `evolve` against the plain loop, in float64, chunked at an odd boundary."""
    spec = recurrences.get(family)
    d = Dims(1, 30, 2, 2, 16, 16)
    x = spec.random_inputs(d, torch.Generator().manual_seed(3))
    steps = spec.steps(**x)
    S0 = torch.randn(1, 2, 16, 16, generator=torch.Generator().manual_seed(4), dtype=torch.float64)
    p = preset(config)
    fmt = p.build_format()
    stream = StateStream(p, S0)
    o = torch.cat([stream.run(steps.tokens(0, 11)), stream.run(steps.tokens(11, 30))], -2)
    o_ref, S_ref = plain_per_step(steps, fmt.roundtrip(S0), fmt.roundtrip)
    torch.testing.assert_close(o, o_ref, rtol=1e-12, atol=1e-12)
    torch.testing.assert_close(stream.state(), S_ref, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("every", [2, 3])
def test_refit_every_k_windows_keeps_the_keys_between_refits(every):
    """refit_every = k: the fitter runs at boundaries 0, k, 2k, ...; at the others the previous (FP16-rounded) keys
    are kept and U = Sᵀ K re-projected from the new state — checked boundary by boundary against both the fitter
    run on the same S and a direct projection."""
    gen = torch.Generator().manual_seed(16)
    p = Pipeline(format="int8", window=4, rank=3, refit_every=every, fitter_options={"iters": 1, "tf32": True})
    q = p.boundary()
    fitter = fitters.get("power", iters=1, tf32=True)
    keys = None
    for b in range(2 * every + 1):
        S = low_rank_plus_noise(gen, batch=(2,), dk=32, dv=24, r=3).float()
        S0, rec = q(S)
        K, U = rec.k.transpose(-1, -2), rec.u.transpose(-1, -2)
        if b % every == 0:
            Kf, Uf = fitter.fit(S, 3, keys)
            torch.testing.assert_close(K, Kf.half().float(), rtol=0, atol=0)
            torch.testing.assert_close(U, Uf.half().float(), rtol=0, atol=0)
        else:
            torch.testing.assert_close(K, keys, rtol=0, atol=0)                  # the same keys, bit for bit
            Up = fitters.tf32_truncate(S).transpose(-1, -2) @ fitters.tf32_truncate(keys)
            torch.testing.assert_close(U, Up.half().float(), rtol=0, atol=0)      # re-projected on the new S
        keys = K
    assert q.boundaries == 2 * every + 1
    assert q.graph_safe and q.graph_carry == ("keys", "phase")    # the count lives on the device: graphs replay it
    assert Pipeline(refit_every=1).boundary().graph_carry == ("keys",)


def test_refit_every_1_is_the_default_pipeline_and_round_trips():
    """The field defaults to 1 (every window: the paper's method, bit-identical to a pipeline without it), and a
    pipeline dict written before the field existed still loads."""
    old = preset("leapquant").to_dict()
    old.pop("refit_every")
    assert Pipeline.from_dict(old) == preset("leapquant") and preset("leapquant").refit_every == 1
    p = Pipeline(refit_every=4)
    assert Pipeline.from_dict(json.loads(json.dumps(p.to_dict()))) == p
    gen = torch.Generator().manual_seed(17)
    S = [low_rank_plus_noise(gen, batch=(2,), dk=32, dv=24).float() for _ in range(3)]
    a, b = Pipeline(refit_every=1).boundary(), Pipeline(refit_every=10 ** 6).boundary()
    outs = [(a(x), b(x)) for x in S]
    torch.testing.assert_close(outs[0][0][0], outs[0][1][0], rtol=0, atol=0)   # boundary 0 fits in both
    assert not torch.equal(outs[2][0][1].k, outs[2][1][1].k)                    # later ones differ: b kept its keys
    torch.testing.assert_close(outs[2][1][1].k, outs[0][1][1].k, rtol=0, atol=0)


def test_lowrank_fitter_iterates_on_the_buffered_records_only():
    """fitter="lowrank": the warm-started power iteration on L = A Bᵀ in factored form equals the same iteration on
    the dense L (to rounding), ignores the decayed residual (the same keys whatever Γ Ŝ_0 is), projects U on the whole
    state, falls back to fitting S where there is no buffer, and refuses bad options by name."""
    from leapquant.errors import InputError
    gen = torch.Generator().manual_seed(31)
    A, B = torch.randn(2, 32, 6, generator=gen), torch.randn(2, 24, 6, generator=gen)
    A[..., 0] *= 20                                    # one dominant direction
    L = A @ B.transpose(-1, -2)
    S = L + 0.3 * torch.randn(2, 32, 24, generator=gen)
    warm = fitters.orthonormalize(torch.randn(2, 32, 3, generator=gen))
    fit = fitters.get("lowrank")
    K, U = fit.fit(S, 3, warm, (A, B))
    Kd, _ = fitters.power_iteration(L, warm, 2)
    torch.testing.assert_close(K, Kd, rtol=0, atol=1e-5)
    torch.testing.assert_close(U, S.transpose(-1, -2) @ K)
    K2, _ = fit.fit(L - 5 * torch.randn(2, 32, 24, generator=gen), 3, warm, (A, B))
    assert torch.equal(K2, K)                          # the residual plays no part in the keys
    torch.testing.assert_close(K.transpose(-1, -2) @ K, torch.eye(3).expand(2, 3, 3), rtol=0, atol=1e-5)
    Kf, Uf = fit.fit(S, 3, warm)                        # no buffer: the power iteration on S
    Kp, Up = fitters.get("power").fit(S, 3, warm)
    assert torch.equal(Kf, Kp) and torch.equal(Uf, Up)
    Kg, _ = fitters.get("lowrank", start="decayed").fit(S, 3, warm, (A, B))   # from A's first columns instead
    torch.testing.assert_close(Kg, fitters.power_iteration(L, A[..., :3], 2)[0], rtol=0, atol=1e-5)
    Kc, Uc = fitters.get("lowrank", start="decayed", form="coefficients").fit(S, 3, warm, (A, B))
    torch.testing.assert_close(Kc, Kg, rtol=0, atol=1e-4)   # Gram matrices + scaled Cholesky: the same keys
    torch.testing.assert_close(Uc, S.transpose(-1, -2) @ Kc)
    with pytest.raises(InputError, match="form 'coefficients' iterates in span.A.: it needs start 'decayed'"):
        fitters.get("lowrank", form="coefficients")
    with pytest.raises(InputError, match="orth must be left at 'qr'"):
        fitters.get("lowrank", start="decayed", form="coefficients", orth="mgs")
    with pytest.raises(InputError, match="fitter_options.form must be 'factored' or 'coefficients'"):
        fitters.get("lowrank", form="gram")
    with pytest.raises(InputError, match="fitter_options.start must be 'keys' or 'decayed'"):
        fitters.get("lowrank", start="cold")
    with pytest.raises(InputError, match="fitter_options.iters must be an integer >= 1"):
        fitters.get("lowrank", iters=0)
    with pytest.raises(InputError, match="fitter_options.orth must be one of"):
        fitters.get("lowrank", orth="svd")


def test_lowrank_pipeline_gets_the_windows_low_rank_part():
    """A StateStream with fitter="lowrank" fits every boundary after the first on the buffer's factors
    (window.reconstruct_parts): S = Γ Ŝ_0 + A Bᵀ exactly as reconstruct forms it, and its outputs' error against
    the float reference within 1.5x the default fitter's."""
    from leapquant import recurrences, window
    from leapquant.pipeline import StateStream
    from leapquant.recurrences.base import Records
    gen = torch.Generator().manual_seed(4)
    buf = Records(torch.randn(2, 7, 1, generator=gen) * 0.1, torch.randn(2, 7, 16, generator=gen),
                  torch.randn(2, 7, 12, generator=gen))
    S0 = torch.randn(2, 16, 12, generator=gen)
    S, (A, B) = window.reconstruct_parts(S0, buf)
    assert torch.equal(S, window.reconstruct(S0, buf))
    G = torch.cumsum(buf.log_alpha, -2)
    torch.testing.assert_close(S - torch.exp(G[:, -1:, :]).transpose(-1, -2) * S0, A @ B.transpose(-1, -2))
    seen = []
    lowrank = fitters.get("lowrank")
    orig = type(lowrank).fit

    def spy(self, S, rank, warm=None, low_rank=None):
        seen.append(low_rank is not None)
        return orig(self, S, rank, warm, low_rank)
    spec = recurrences.get("gdn")
    T, H, d = 64, 2, 16
    x = spec.random_inputs(Dims(1, T, H, H, d, d), gen)
    steps = spec.steps(**x)
    outs = {}
    for name in ("power", "lowrank"):
        pipe = Pipeline(format="int8", window=8, rank=2, smoother="sqrt-mean-abs", fitter=name)
        if name == "lowrank":
            type(lowrank).fit = spy
        try:
            outs[name] = StateStream(pipe, initial_state=spec.initial_state(**x)).run(steps)
        finally:
            type(lowrank).fit = orig
    assert seen == [False] + [True] * (T // 8)         # the initial state has no buffer; every window end has one
    ref = StateStream(Pipeline(format="fp32", window=1, records="exact", rank=0, smoother="none"),
                      initial_state=spec.initial_state(**x)).run(steps)
    err = {n: float((o - ref).norm() / ref.norm()) for n, o in outs.items()}
    assert 0 < err["lowrank"] < 1.5 * err["power"], err
