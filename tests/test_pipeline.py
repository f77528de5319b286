"""The quantizer pipeline: identity equals the reference, fitters, smoothers, plain data, storage."""
import json

import pytest
import torch

from leapquant import fitters, recurrences, smoothers
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
def test_smoothing_is_invertible_before_quantization(name):
    gen = torch.Generator().manual_seed(13)
    rows = torch.logspace(-3, 2, 32, dtype=torch.float64)[:, None]
    R = torch.randn(2, 32, 24, generator=gen, dtype=torch.float64) * rows
    sm = smoothers.get(name)
    params = sm.fit(R)
    back = sm.invert(sm.apply(R, params), params)
    assert float((back - R).norm() / R.norm()) < 1e-14  # float64 rounding: a rotation mixes scales


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
