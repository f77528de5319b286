"""The PyTorch reference (naive.py) against the exact recurrences, on CPU."""
import pytest
import torch
import torch.nn.functional as F

from leapquant.kernels import naive as nv


def _inputs(kind, N, H, HV, K, V, gen):
    q = torch.randn(N, H, K, generator=gen)
    k = F.normalize(torch.randn(N, H, K, generator=gen), dim=-1)
    v = torch.randn(N, HV, V, generator=gen)
    g = F.logsigmoid(torch.randn(N, HV, generator=gen) + 3) if kind == "gdn" else \
        F.logsigmoid(torch.randn(N, HV, K, generator=gen) + 4)
    beta = torch.sigmoid(torch.randn(N, HV, generator=gen))
    return q, k, v, g, beta


def _exact(kind, S, q, k, v, g, beta, idx, scale):
    rep = v.shape[1] // q.shape[1]
    kf, qf = k.repeat_interleave(rep, 1), q.repeat_interleave(rep, 1) * scale
    a = torch.exp(g)[..., None] if kind == "gdn" else torch.exp(g)
    Ss = a[..., :, None] * S[idx]
    u = beta[..., None] * (v - (kf[..., None, :] @ Ss)[..., 0, :])
    Ss = Ss + kf[..., :, None] * u[..., None, :]
    S[idx] = Ss
    return (qf[..., None, :] @ Ss)[..., 0, :]


def test_window_matches_exact_and_quantization_is_small():
    gen = torch.Generator().manual_seed(0)
    for kind in ("gdn", "kda"):
        for mode, v_first, zfmt in (("leap", True, "int8"), ("leap", False, "int8"), ("window_bf16", True, "int8"),
                                    ("leap", True, "fp8e4m3"), ("leap", True, "int4"), ("leap", False, "int4")):
            N, H, HV, K, V, p = 3, 2, 4, 32, 16, 4
            S0 = torch.randn(N, HV, K, V, generator=gen) * 0.3
            st = nv.init_state(S0, kind=kind, p=p, r=2, v_first=v_first, mode=mode, zfmt=zfmt)
            # E4M3 keeps 3 mantissa bits (~5x INT8's error here); INT4 15 levels (~20x; random states have no
            # low-rank structure for r = 2 compensators to take)
            noise = {"int8": 2e-2, "fp8e4m3": 6e-2, "int4": 0.15}[zfmt]
            S = st.boundary_state().clone()
            idx = torch.tensor([2, 0, 1], dtype=torch.int32)
            for t in range(3 * p + 1):
                x = _inputs(kind, N, H, HV, K, V, gen)
                o = nv.decode_step_ref(st, *x, idx)
                oe = _exact(kind, S, *x, idx.long(), K ** -0.5)
                err = ((o - oe).norm() / oe.norm()).item()
                assert err < (5e-4 if t < p else noise), (kind, mode, zfmt, t, err)  # FP16 records; then Z's noise
            assert st.window_pos.tolist() == [1, 1, 1]
            R = nv.reconstruct(st, torch.arange(N))
            assert ((R - S).norm() / S.norm()).item() < noise


def test_boundary_exact_arithmetic():
    gen = torch.Generator().manual_seed(1)
    S = torch.randn(2, 64, 32, generator=gen)
    S[:, :, 0] *= 50
    Z, c, B, Kt, Ut = nv.boundary(S, None, r=4)
    assert Z.dtype == torch.int8 and Z.abs().max() <= 127
    Q = Kt.float()
    assert torch.allclose(Q.transpose(-1, -2) @ Q, torch.eye(4).expand(2, 4, 4), atol=2e-3)
    Sq = nv.dequant_boundary(Z, c, B) + Kt.float() @ Ut.float().transpose(-1, -2)
    assert ((Sq - S).norm() / S.norm()).item() < 5e-3
    # the compensators take the outlier column: the residual's range shrinks
    R = S - Kt.float() @ Ut.float().transpose(-1, -2)
    assert R.abs().max() < 0.5 * S.abs().max()
    # FP8 E4M3 residual: same scales, codes up to 448, round to nearest even
    Z8, c8, B8, _, _ = nv.boundary(S, None, r=4, zfmt="fp8e4m3")
    assert Z8.dtype == torch.float8_e4m3fn and Z8.float().abs().amax(-2).eq(448).all()
    assert torch.equal(c8, c) and torch.equal(B8, B)
    Sq8 = nv.dequant_boundary(Z8, c8, B8, "fp8e4m3") + Kt.float() @ Ut.float().transpose(-1, -2)
    assert ((Sq8 - S).norm() / S.norm()).item() < 3e-2
    # zero columns quantize to 0 (B = 0); a cold start of the zero state keeps its keys e_1..e_r (U = 0)
    Z0, c0, B0, K0, U0 = nv.boundary(torch.zeros(1, 8, 8), None, r=2)
    assert (Z0 == 0).all() and (U0 == 0).all() and (B0 == 0).all() and (c0 == 1e-8).all()
    assert torch.equal(K0.float(), torch.eye(8, 2)[None])


def test_orthonormalise_nonnegative_diagonal():
    gen = torch.Generator().manual_seed(2)
    X = torch.randn(3, 16, 5, generator=gen)
    Q = nv.orthonormalise(X)
    Rm = Q.transpose(-1, -2) @ X
    assert torch.allclose(torch.triu(Rm), Rm, atol=1e-5)
    assert (torch.diagonal(Rm, dim1=-2, dim2=-1) >= 0).all()


@pytest.mark.parametrize("r", [1, 2, 4])
def test_orthonormalise_chol_matches_mgs(r):
    """The v12 boundary's scaled Cholesky QR (bchol) against MGS: the same Q up to rounding on columns of very
    different norms (a power iteration's σ²-scaled ones); zero columns become e_a (as MGS's); nearly dependent columns (a pivot
    below CHOL_TAU) take MGS's result exactly; bad names are refused."""
    gen = torch.Generator().manual_seed(5)
    X = torch.randn(6, 128, r, generator=gen) * torch.logspace(3, -1, r)
    Q = nv.orthonormalise_chol(X)
    assert (Q - nv.orthonormalise(X)).abs().max() < 1e-5
    assert (Q.transpose(-1, -2) @ Q - torch.eye(r)).abs().max() < 1e-5
    X[1, :, -1] = 0                                     # a zero column
    X[2] = 0                                            # all zero
    if r > 1:
        X[3, :, 1] = X[3, :, 0] * 3 + 1e-6 * torch.randn(128, generator=gen)   # nearly dependent: MGS
    Q = nv.orthonormalise_chol(X)
    assert torch.equal(Q[1, :, -1], torch.eye(128)[:, r - 1]) and torch.equal(Q[2], torch.eye(128, r))
    assert torch.equal(Q[[1, 2], :, -1], nv.orthonormalise(X[[1, 2]])[..., -1])
    if r > 1:
        assert torch.equal(Q[3], nv.orthonormalise(X[3]))
    assert (Q[[0, 1, 4, 5]] - nv.orthonormalise(X[[0, 1, 4, 5]])).abs().max() < 1e-5
    with pytest.raises(ValueError, match="orth must be one of"):
        nv.empty_state(2, 1, 8, 8, orth="qr")


def test_perstep_reference_runs():
    gen = torch.Generator().manual_seed(3)
    for mode in ("int8", "bf16"):
        st = nv.perstep_init(torch.randn(3, 4, 32, 16, generator=gen), kind="kda", v_first=False, mode=mode)
        o = nv.perstep_step_ref(st, *_inputs("kda", 2, 2, 4, 32, 16, gen), torch.tensor([1, 2], dtype=torch.int32))
        assert o.shape == (2, 4, 16) and torch.isfinite(o).all()


def test_import_is_lazy():
    import subprocess
    import sys
    code = "import sys, leapquant, leapquant.kernels, leapquant.kernels.naive, leapquant.kernels.decode; " \
           "print('tilelang' in sys.modules or 'triton' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_int4_codes_pack_two_per_byte_low_nibble_first():
    codes = torch.tensor([[1, -1, 7, -7, 0, 3]], dtype=torch.int8)
    packed = nv.pack_nibbles(codes)
    assert packed.dtype == torch.uint8 and packed.tolist() == [[0xF1, 0x97, 0x30]]
    assert torch.equal(nv.unpack_nibbles(packed), codes)
    gen = torch.Generator().manual_seed(3)
    c = torch.randint(-7, 8, (4, 5, 64), generator=gen).to(torch.int8)
    assert torch.equal(nv.unpack_nibbles(nv.pack_nibbles(c)), c)
    st = nv.init_state(torch.randn(2, 3, 16, 8, generator=gen), p=4, r=1, v_first=True, zfmt="int4")
    assert st.Z.shape == (2, 3, 8, 8) and st.z_logical().shape == (2, 3, 16, 8)   # V-first packs the key axis
    assert st.z_logical().abs().max() <= 7


@pytest.mark.parametrize("start", ["empty", "zeros", "reset"])
def test_a_fresh_slot_gets_compensators_at_its_first_boundary(start):
    """A slot nothing has written (empty_state), written with the zero state (init_state) or handed to a new request
    (reset) holds the cold-start keys e_1..e_r with Uc = 0 — the zero state — so that the decode's first boundary
    warm-starts from live keys (from zero keys the kernels' Gram–Schmidt would keep the compensators zero for ever);
    one window later they are orthonormal and carry the state's outlier column."""
    gen = torch.Generator().manual_seed(5)
    N, H, HV, K, V, p = 2, 1, 2, 32, 32, 4
    if start == "empty":
        st = nv.empty_state(N, HV, K, V, p=p, r=2)
    elif start == "zeros":
        st = nv.init_state(torch.zeros(N, HV, K, V), p=p, r=2)
    else:   # slots used by earlier requests, mid-window, then reset
        st = nv.init_state(torch.randn(N, HV, K, V, generator=gen), p=p, r=2)
        nv.decode_step_ref(st, *_inputs("gdn", N, H, HV, K, V, gen), torch.arange(N, dtype=torch.int32))
        st.reset(torch.arange(N))
        assert (st.window_pos == 0).all() and (st.rk == 0).all() and (st.Z == 0).all()
    assert torch.equal(st.Kc.float(), torch.eye(2, K).expand(N, HV, 2, K)) and (st.Uc == 0).all()
    assert (st.boundary_state() == 0).all()
    idx = torch.arange(N, dtype=torch.int32)
    for _ in range(p):
        q, k, v, g, beta = _inputs("gdn", N, H, HV, K, V, gen)
        v[..., 7] += 40.0                                            # an outlier value channel
        nv.decode_step_ref(st, q, k, v, g, beta, idx)
    Kt = st.Kc.float()                                               # [N, HV, r, K]
    torch.testing.assert_close(Kt @ Kt.transpose(-1, -2), torch.eye(2).expand(N, HV, 2, 2), rtol=0, atol=2e-3)
    assert (st.Uc.float()[..., 7].abs().amax(-1) > 1.0).all()       # the compensators took the outlier channel


def _windowed(kind, refit, windows=2, p=16, r=4, seed=0):
    """A pool of 3 slots x 2 heads after `windows` windows of random tokens, and the inputs of one more window but
    its last token (the buffer full but one)."""
    gen = torch.Generator().manual_seed(seed)
    st = nv.empty_state(3, 2, 128, 128, kind=kind, p=p, r=r, refit=refit)
    idx = torch.arange(3, dtype=torch.int32)
    for _ in range(windows * p + p - 1):
        nv.decode_step_ref(st, *_inputs(kind, 3, 2, 2, 128, 128, gen), idx)
    return st, idx.long()


@pytest.mark.parametrize("kind", ["gdn", "kda"])
def test_staged_factors_rebuild_the_window_end(kind):
    """S_p = Γ_P Ŝ_0 + A Bᵀ with the factors as the v12 boundary stages them (keys as hi + lo fp16 halves)."""
    st, slots = _windowed(kind, "state")
    A, B = nv.staged_factors(st, slots)
    G = nv._prefix(st, slots)[..., -1, :]
    S0 = nv.dequant_boundary(st.z_logical()[slots], st.c[slots], st.B[slots], st.zfmt)
    S = torch.exp(G)[..., :, None] * S0 + A @ B.transpose(-1, -2)
    ref = nv.reconstruct(st, slots)
    assert A.shape == (3, 2, 128, 4 + 16) and B.shape == (3, 2, 128, 4 + 16)
    assert ((S - ref).norm() / ref.norm()) < 1e-6


@pytest.mark.parametrize("kind", ["gdn", "kda"])
def test_records_refit_is_the_power_iteration_on_the_records(kind):
    """naive.fit_compensators_records (the brecords kernel's arithmetic: Gram matrices, the iteration in the coefficient
    space, scaled Cholesky) fits the keys of the plain power iteration on L = A Bᵀ from the decayed previous keys
    (fitters.low_rank_power_iteration, torch's QR) — to their FP16 rounding —, orthonormal ones, and projects Ũ = Sᵀ K̃."""
    from leapquant.fitters import low_rank_power_iteration
    st, slots = _windowed(kind, "records")
    S = nv.reconstruct(st, slots)
    A, B = nv.staged_factors(st, slots)
    Kt, Ut = nv.fit_compensators_records(S, A, B, st.Kc[slots].float().transpose(-1, -2), 4, 2)
    Kl, Ul = low_rank_power_iteration(A, B, S, A[..., :4], 2)
    assert (Kt.float() - Kl).abs().max() < 2e-3
    assert (Ut.float() - Ul).norm() / Ul.norm() < 2e-3
    assert (Kt.float().transpose(-1, -2) @ Kt.float() - torch.eye(4)).abs().max() < 2e-3


def test_records_refit_falls_back_to_the_state_refit():
    """Zero compensator keys and values and zero records (an engine's zeroed slot): Ga C = 0, the Cholesky fails and
    the keys come from the S_p iteration (fit_compensators), which completes zero keys; where the factors are fine,
    the records fit."""
    st, slots = _windowed("gdn", "records")
    S = nv.reconstruct(st, slots)
    A, B = nv.staged_factors(st, slots)
    Kp = st.Kc[slots].float().transpose(-1, -2)
    A0, B0 = A.clone(), B.clone()
    A0[0], B0[0] = 0, 0                       # slot 0: nothing buffered, no compensators
    Kt, Ut = nv.fit_compensators_records(S, A0, B0, Kp, 4, 2)
    Ks, Us = nv.fit_compensators(S, Kp, 4, 2)
    Kr, Ur = nv.fit_compensators_records(S, A, B, Kp, 4, 2)
    assert torch.equal(Kt[0], Ks[0]) and torch.equal(Ut[0], Us[0])
    assert torch.equal(Kt[1:], Kr[1:]) and not torch.equal(Kr[1:], Ks[1:])


def test_refit_records_is_validated():
    with pytest.raises(ValueError, match="refit must be"):
        nv.empty_state(1, 1, 8, 8, refit="factors")
    with pytest.raises(ValueError, match="refit_every = 1"):
        nv.empty_state(1, 1, 8, 8, refit="records", refit_every=2)
