"""The PyTorch reference (naive.py) against the exact recurrences, on CPU."""
import pytest
import torch
import torch.nn.functional as F

from leapquant.kernels import naive as nv


def _inputs(family, N, H, HV, K, V, gen):
    q = torch.randn(N, H, K, generator=gen)
    k = F.normalize(torch.randn(N, H, K, generator=gen), dim=-1)
    v = torch.randn(N, HV, V, generator=gen)
    g = F.logsigmoid(torch.randn(N, HV, generator=gen) + 3) if family == "gdn" else \
        F.logsigmoid(torch.randn(N, HV, K, generator=gen) + 4)
    beta = torch.sigmoid(torch.randn(N, HV, generator=gen))
    return q, k, v, g, beta


def _exact(family, S, q, k, v, g, beta, idx, scale):
    rep = v.shape[1] // q.shape[1]
    kf, qf = k.repeat_interleave(rep, 1), q.repeat_interleave(rep, 1) * scale
    a = torch.exp(g)[..., None] if family == "gdn" else torch.exp(g)
    Ss = a[..., :, None] * S[idx]
    u = beta[..., None] * (v - (kf[..., None, :] @ Ss)[..., 0, :])
    Ss = Ss + kf[..., :, None] * u[..., None, :]
    S[idx] = Ss
    return (qf[..., None, :] @ Ss)[..., 0, :]


@pytest.mark.parametrize("family", ["gdn", "kda"])
@pytest.mark.parametrize("layout,fmt", [("v_first", "int8"), ("k_first", "int8"), ("v_first", "bf16"),
                                        ("v_first", "fp8-e4m3"), ("v_first", "int4"), ("k_first", "int4")])
def test_window_matches_exact_and_quantization_is_small(family, layout, fmt):
    gen = torch.Generator().manual_seed(0)
    N, H, HV, K, V, window = 3, 2, 4, 32, 16, 4
    S0 = torch.randn(N, HV, K, V, generator=gen) * 0.3
    st = nv.init_state(S0, family=family, window=window, rank=0 if fmt == "bf16" else 2, layout=layout, format=fmt)
    # E4M3 keeps 3 mantissa bits (~5x INT8's error here); INT4 15 levels (~20x; random states have no low-rank
    # structure for rank-2 compensators to take)
    noise = {"int8": 2e-2, "bf16": 2e-2, "fp8-e4m3": 6e-2, "int4": 0.15}[fmt]
    S = st.boundary_state().clone()
    idx = torch.tensor([2, 0, 1], dtype=torch.int32)
    for t in range(3 * window + 1):
        x = _inputs(family, N, H, HV, K, V, gen)
        o = nv.decode_step_ref(st, *x, idx)
        oe = _exact(family, S, *x, idx.long(), K ** -0.5)
        err = ((o - oe).norm() / oe.norm()).item()
        assert err < (5e-4 if t < window else noise), (t, err)  # FP16 records; then the residual's noise
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
    Z8, c8, B8, _, _ = nv.boundary(S, None, r=4, fmt="fp8-e4m3")
    assert Z8.dtype == torch.float8_e4m3fn and Z8.float().abs().amax(-2).eq(448).all()
    assert torch.equal(c8, c) and torch.equal(B8, B)
    Sq8 = nv.dequant_boundary(Z8, c8, B8, "fp8-e4m3") + Kt.float() @ Ut.float().transpose(-1, -2)
    assert ((Sq8 - S).norm() / S.norm()).item() < 3e-2
    # zero columns quantize to 0 (B = 0); a cold start of the zero state keeps its keys e_1..e_r (U = 0)
    Z0, c0, B0, K0, U0 = nv.boundary(torch.zeros(1, 8, 8), None, r=2)
    assert (Z0 == 0).all() and (U0 == 0).all() and (B0 == 0).all() and (c0 == 1e-8).all()
    assert torch.equal(K0.float(), torch.eye(8, 2)[None])


def test_tf32_refit_truncates_the_operands():
    """tf32: every mat-vec of the power iteration on operands cut to TF32 — keys equal to the FP32 refit's to TF32's
    precision, but not bit for bit."""
    gen = torch.Generator().manual_seed(4)
    S = torch.randn(3, 64, 32, generator=gen)
    S[..., 2] *= 20
    K32, U32 = nv.fit_compensators(S, None, 2)
    Kt, Ut = nv.fit_compensators(S, None, 2, tf32=True)
    assert not torch.equal(Kt, K32)
    assert (Kt.float() - K32.float()).abs().max() < 2e-2


def test_orthonormalise_nonnegative_diagonal():
    gen = torch.Generator().manual_seed(2)
    X = torch.randn(3, 16, 5, generator=gen)
    Q = nv.orthonormalise(X)
    Rm = Q.transpose(-1, -2) @ X
    assert torch.allclose(torch.triu(Rm), Rm, atol=1e-5)
    assert (torch.diagonal(Rm, dim1=-2, dim2=-1) >= 0).all()
    X[1, :, 2] = 0                                  # a zero column becomes e_a, the others stay as they were
    Q0 = nv.orthonormalise(X)
    assert torch.equal(Q0[1, :, 2], torch.eye(16)[:, 2])
    assert torch.allclose(Q0[1, :, :2], Q[1, :, :2]) and torch.equal(Q0[[0, 2]], Q[[0, 2]])


@pytest.mark.parametrize("fmt", ["int8", "bf16"])
def test_perstep_reference_is_the_exact_step_requantized(fmt):
    gen = torch.Generator().manual_seed(3)
    S0 = torch.randn(3, 4, 32, 16, generator=gen)
    st = nv.perstep_init(S0, family="kda", layout="k_first", format=fmt)
    S = st.state().clone()
    x = _inputs("kda", 2, 2, 4, 32, 16, gen)
    idx = torch.tensor([1, 2], dtype=torch.int32)
    o = nv.perstep_step_ref(st, *x, idx)
    oe = _exact("kda", S, *x, idx.long(), 32 ** -0.5)
    assert o.shape == (2, 4, 16) and ((o - oe).norm() / oe.norm()).item() < 1e-5   # the step itself is FP32
    err = ((st.state()[1:] - S[1:]).norm() / S[1:].norm()).item()
    assert 0 < err < (1e-2 if fmt == "int8" else 5e-3)                           # then quantized again
    assert torch.equal(st.state()[0], S[0])                                       # slot 0 untouched


def test_import_is_lazy():
    import subprocess
    import sys
    code = ("import sys, leapquant, leapquant.kernels, leapquant.kernels.naive, leapquant.kernels.decode, "
            "leapquant.kernels.boundary, leapquant.kernels.config; "
            "print('tilelang' in sys.modules or 'triton' in sys.modules)")
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
    st = nv.init_state(torch.randn(2, 3, 16, 8, generator=gen), window=4, rank=1, layout="v_first", format="int4")
    assert st.Z.shape == (2, 3, 8, 8) and st.z_logical().shape == (2, 3, 16, 8)   # V-first packs the key axis
    assert st.z_logical().abs().max() <= 7


@pytest.mark.parametrize("kw,named", [(dict(family="mamba"), "family"), (dict(layout="kv"), "layout"),
                                      (dict(format="int3"), "format"), (dict(format="bf16", rank=2), "rank"),
                                      (dict(format="int4", K=7), "int4")])
def test_empty_state_refuses_bad_options_by_name(kw, named):
    K = kw.pop("K", 8)
    with pytest.raises(ValueError, match=named):
        nv.empty_state(2, 1, K, 8, **kw)


@pytest.mark.parametrize("start", ["empty", "zeros", "reset"])
def test_a_fresh_slot_gets_compensators_at_its_first_boundary(start):
    """A slot nothing has written (empty_state), written with the zero state (init_state) or handed to a new request
    (reset) holds the cold-start keys e_1..e_r with Uc = 0 — the zero state — so that the decode's first boundary
    warm-starts from live keys (from zero keys the kernels' Gram–Schmidt would keep the compensators zero for ever);
    one window later they are orthonormal and carry the state's outlier column."""
    gen = torch.Generator().manual_seed(5)
    N, H, HV, K, V, window = 2, 1, 2, 32, 32, 4
    if start == "empty":
        st = nv.empty_state(N, HV, K, V, window=window, rank=2)
    elif start == "zeros":
        st = nv.init_state(torch.zeros(N, HV, K, V), window=window, rank=2)
    else:   # slots used by earlier requests, mid-window, then reset
        st = nv.init_state(torch.randn(N, HV, K, V, generator=gen), window=window, rank=2)
        nv.decode_step_ref(st, *_inputs("gdn", N, H, HV, K, V, gen), torch.arange(N, dtype=torch.int32))
        st.reset(torch.arange(N))
        assert (st.window_pos == 0).all() and (st.rk == 0).all() and (st.Z == 0).all()
    assert torch.equal(st.Kc.float(), torch.eye(2, K).expand(N, HV, 2, K)) and (st.Uc == 0).all()
    assert (st.boundary_state() == 0).all()
    idx = torch.arange(N, dtype=torch.int32)
    for _ in range(window):
        q, k, v, g, beta = _inputs("gdn", N, H, HV, K, V, gen)
        v[..., 7] += 40.0                                            # an outlier value channel
        nv.decode_step_ref(st, q, k, v, g, beta, idx)
    Kt = st.Kc.float()                                               # [N, HV, r, K]
    torch.testing.assert_close(Kt @ Kt.transpose(-1, -2), torch.eye(2).expand(N, HV, 2, 2), rtol=0, atol=2e-3)
    assert (st.Uc.float()[..., 7].abs().amax(-1) > 1.0).all()       # the compensators took the outlier channel
