"""Every family against an outside oracle: FLA's naive float32 references, and for RWKV6 / RWKV7 the
papers' own formulas written out here, independently of the specs (float64)."""
from __future__ import annotations

import zlib

import pytest
import torch
from recurrence_cases import CASES, case_shapes, initial_state, rel_rms

pytest.importorskip("fla")

FLA_RTOL = 1e-5      # FLA's naive references compute in float32; compared as relative RMS
PAPER_RTOL = 1e-12   # float64 formulas


def _expand(x: torch.Tensor, group: int) -> torch.Tensor:
    return x.repeat_interleave(group, dim=2) if group > 1 else x


def _hf(x: torch.Tensor) -> torch.Tensor:
    return x.transpose(1, 2)


# ---- FLA oracles: (inputs, S0 float32, spec) -> (o [B, T, HV, V], S [B, HV, K, V]) -----------------
def fla_gdn(x, S0, spec, d):
    from fla.ops.gated_delta_rule.naive import naive_recurrent_gated_delta_rule
    g = d.HV // d.H
    return naive_recurrent_gated_delta_rule(_expand(x["q"], g), _expand(x["k"], g), x["v"], x["beta"], x["g"],
                                            initial_state=S0.clone(), output_final_state=True)


def fla_kda(x, S0, spec, d):
    from fla.ops.kda.naive import naive_recurrent_kda
    return naive_recurrent_kda(x["q"], x["k"], x["v"], x["g"], x["beta"], initial_state=S0.clone(),
                               output_final_state=True)


def fla_linear_attention(x, S0, spec, d):
    from fla.ops.linear_attn.naive import naive_recurrent_linear_attn
    return naive_recurrent_linear_attn(x["q"], x["k"], x["v"], initial_state=S0.clone(), output_final_state=True,
                                       normalize=False)


def fla_retnet(x, S0, spec, d):
    from fla.ops.simple_gla.naive import naive_recurrent_simple_gla
    h = torch.arange(d.HV, dtype=torch.float64)
    g = torch.log1p(-torch.exp2(-5.0 - h)).float().expand(d.B, d.T, d.HV).contiguous()
    return naive_recurrent_simple_gla(x["q"], x["k"], x["v"], g, initial_state=S0.clone(), output_final_state=True)


def fla_mamba2(x, S0, spec, d):
    from fla.ops.simple_gla.naive import naive_recurrent_simple_gla
    grp = d.HV // d.H
    dt = x["dt"]
    o, S = naive_recurrent_simple_gla(_expand(x["q"], grp), _expand(x["k"], grp), x["v"] * dt[..., None],
                                      dt * x["A"], scale=1.0, initial_state=S0.clone(), output_final_state=True)
    if "D" in x:
        o = o + x["D"][:, None] * x["v"]   # Mamba2's skip, outside the state
    return o, S


def fla_gla(x, S0, spec, d):
    from fla.ops.gla.naive import naive_recurrent_gla
    return naive_recurrent_gla(x["q"], x["k"], x["v"], x["g"], initial_state=S0.clone(), output_final_state=True)


def fla_rwkv6(x, S0, spec, d):
    from fla.ops.rwkv6.recurrent_naive import naive_recurrent_rwkv6
    o, S = naive_recurrent_rwkv6(_hf(x["q"]), _hf(x["k"]), _hf(x["v"]), _hf(x["w"]), x["u"],
                                 initial_state=S0.clone(), output_final_state=True)
    return _hf(o), S


def fla_hgrn2(x, S0, spec, d):
    from fla.ops.gla.naive import naive_recurrent_gla
    k = 1 - torch.exp(x["g"])
    return naive_recurrent_gla(x["q"], k, x["v"], x["g"], initial_state=S0.clone(), output_final_state=True)


def fla_deltanet(x, S0, spec, d):
    from fla.ops.delta_rule.naive import delta_rule_recurrence
    o, S = delta_rule_recurrence(_hf(x["q"]), _hf(x["k"]), _hf(x["v"]), _hf(x["beta"]), initial_state=S0.clone(),
                                 output_final_state=True)
    return _hf(o), S


def fla_delta_product(x, S0, spec, d):
    from fla.ops.gated_delta_product.naive import naive_recurrent_gated_delta_product
    return naive_recurrent_gated_delta_product(x["q"], x["k"], x["v"], x.get("g"), x["beta"], d.K ** -0.5,
                                               initial_state=S0.clone(), output_final_state=True,
                                               num_householder=spec.substeps)


def fla_rwkv7(x, S0, spec, d):
    # FLA's DPLR reference: S ← S·exp(gk) + beta (alphaᵀ S) + k vᵀ, with RWKV-7's alpha = −κ̂, beta = κ̂ ⊙ a.
    from fla.ops.generalized_delta_rule.dplr.naive import dplr_recurrence
    o, S = dplr_recurrence(_hf(x["q"]), _hf(x["k"]), _hf(x["v"]), _hf(-x["kk"]), _hf(x["kk"] * x["a"]),
                           _hf(x["w"]), initial_state=S0.clone(), output_final_state=True)
    return _hf(o), S


FLA = {n[4:]: f for n, f in list(globals().items()) if n.startswith("fla_")}


@pytest.mark.parametrize("case,d", case_shapes())
def test_against_fla(case, d):
    spec = case.spec()
    x = case.inputs(d, seed=zlib.crc32(case.id.encode()) % 1000)
    S0 = initial_state(d, seed=7)
    o_ref, S_ref = FLA[case.family](x, S0, spec, d)
    o, S = spec.reference(**x, initial_state=S0)
    assert o.shape == o_ref.shape and S.shape == S_ref.shape
    assert rel_rms(o, o_ref) < FLA_RTOL, f"outputs: rel RMS {rel_rms(o, o_ref):.2e}"
    assert rel_rms(S, S_ref) < FLA_RTOL, f"final state: rel RMS {rel_rms(S, S_ref):.2e}"


@pytest.mark.parametrize("T", [1, 19])
def test_retnet_against_fla_retention(T):
    """FLA's parallel `naive_retention` (zero initial state, γ_h = 1 − 2^(−5−h)) agrees with the default schedule."""
    from fla.ops.retention.naive import naive_retention

    from leapquant.recurrences import Dims, get
    spec, d = get("retnet"), Dims(2, T, 3, 3, 16, 12)
    x = spec.random_inputs(d, torch.Generator().manual_seed(3))
    o_ref = _hf(naive_retention(_hf(x["q"]), _hf(x["k"]), _hf(x["v"])))
    o, _ = spec.reference(**x)
    assert rel_rms(o, o_ref) < FLA_RTOL


def test_retnet_explicit_gamma_matches_default():
    from leapquant.recurrences import Dims, get
    spec, d = get("retnet"), Dims(1, 9, 4, 4, 8, 8)
    x = spec.random_inputs(d, torch.Generator().manual_seed(4))
    g = torch.log1p(-torch.exp2(-5.0 - torch.arange(4.0, dtype=torch.float64)))
    o1, S1 = spec.reference(**x)
    o2, S2 = spec.reference(**x, g=g)
    assert torch.equal(o1, o2) and torch.equal(S1, S2)


# ---- the papers' formulas, written independently of the specs --------------------------------------
def rwkv6_paper(x, S0, scale):
    """Finch (arXiv 2404.05892): wkv_t = diag(u)k_tᵀv_t + Σ_{i<t} diag(⊙_{j=i+1}^{t-1} w_j) k_iᵀv_i, o_t = r_t·wkv_t,
    with the initial state decayed by w_1..w_{t-1}; final state s_T = Σ_i diag(⊙_{j>i} w_j) k_iᵀv_i + (⊙ w) s_0.
    Closed-form sums over i (no recurrence), float64, head-first."""
    r, k, v, lw = (_hf(x[n]).double() for n in ("q", "k", "v", "w"))
    u, s0 = x["u"].double(), S0.double()
    r = r * scale
    T = r.shape[2]
    C = torch.cumsum(lw, 2)                                          # C_t = Σ_{j<=t} log w_j
    Cprev = torch.cat([torch.zeros_like(C[:, :, :1]), C[:, :, :-1]], 2)  # Σ_{j<t}
    t_idx = torch.arange(T)
    past = t_idx[None, :] < t_idx[:, None]                           # i < t
    expo = Cprev[:, :, :, None, :] - C[:, :, None, :, :]             # [B,H,t,i,K]: Σ_{j=i+1}^{t-1}
    D = torch.where(past[..., None], torch.exp(expo.clamp(max=0)), torch.zeros(()).double())
    A = torch.einsum("bhtc,bhic,bhtic->bhti", r, k, D)               # r_t diag(Π w) k_iᵀ
    o = A @ v
    o = o + (r * u[None, :, None, :] * k).sum(-1, keepdim=True) * v  # bonus
    o = o + torch.einsum("bhtc,bhcv->bhtv", r * torch.exp(Cprev), s0)
    CT = C[:, :, -1:, :]
    S = torch.einsum("bhic,bhiv->bhcv", k * torch.exp(CT - C), v) + torch.exp(CT[:, :, 0, :])[..., None] * s0
    return _hf(o), S


def rwkv7_paper(x, S0, scale):
    """RWKV-7 (arXiv 2503.14456), row convention: wkv_t = wkv_{t-1}(diag(w_t) − κ̂_tᵀ(a_t ⊙ κ̂_t)) + v_tᵀ k_t,
    o_t = wkv_t r_tᵀ, with wkv ∈ R^{V×K} (so wkv = Sᵀ), row vectors, w_t = exp(log-space input)."""
    r, k, v, lw, kk, a = (x[n].double() for n in ("q", "k", "v", "w", "kk", "a"))
    wkv = S0.double().transpose(-1, -2)                              # [B, H, V, K]
    outs = []
    for t in range(r.shape[1]):
        kk_row = kk[:, t, :, None, :]                                # [B, H, 1, K]
        M = torch.diag_embed(torch.exp(lw[:, t])) - kk_row.transpose(-1, -2) @ (a[:, t, :, None, :] * kk_row)
        wkv = wkv @ M + v[:, t, :, None, :].transpose(-1, -2) @ k[:, t, :, None, :]
        outs.append((wkv @ (r[:, t, :, :, None] * scale))[..., 0])
    return torch.stack(outs, 1), wkv.transpose(-1, -2)


PAPER = {"rwkv6": rwkv6_paper, "rwkv7": rwkv7_paper}


@pytest.mark.parametrize("case,d", case_shapes([c for c in CASES if c.family in PAPER]))
@pytest.mark.parametrize("scale", [None, 1.0], ids=["scale-default", "scale-1"])
def test_against_paper_formula(case, d, scale):
    spec = case.spec()
    x = case.inputs(d, seed=11)
    S0 = initial_state(d, seed=12, dtype=torch.float64)
    o_ref, S_ref = PAPER[case.family](x, S0, d.K ** -0.5 if scale is None else scale)
    o, S = spec.reference(**x, initial_state=S0, scale=scale)
    assert rel_rms(o, o_ref) < PAPER_RTOL and rel_rms(S, S_ref) < PAPER_RTOL, (rel_rms(o, o_ref), rel_rms(S, S_ref))


def test_rwkv7_erase_record_orientation():
    """The erase record reads κ̂ and writes a ⊙ κ̂ (paper, RWKV-LM, FLA; docs/math.md §1). The transposed record
    (write κ̂, read a ⊙ κ̂) disagrees with the paper under a per-channel ICL rate."""
    from dataclasses import replace

    from leapquant.recurrences import Dims, get, run_steps
    spec, d = get("rwkv7"), Dims(1, 6, 2, 2, 8, 4)
    x = spec.random_inputs(d, torch.Generator().manual_seed(5))
    S0 = initial_state(d, seed=6, dtype=torch.float64)
    o_paper, _ = rwkv7_paper(x, S0, d.K ** -0.5)
    steps = spec.steps(**x)
    o, _ = run_steps(steps, S0)
    assert rel_rms(_hf(o), o_paper) < PAPER_RTOL
    erase = torch.arange(steps.num_records) % 2 == 0
    k_t = torch.where(erase[:, None], steps.b, steps.k)          # write κ̂ on erase records
    b_t = torch.where(erase[:, None], steps.k, steps.b)          # read a ⊙ κ̂ on erase records
    o_t, _ = run_steps(replace(steps, k=k_t, b=b_t), S0)
    assert rel_rms(_hf(o_t), o_paper) > 1e-3


# ---- options: L2-normalised q, k and an explicit scale, where the FLA oracle takes them -----------------
def _fla_l2(x: torch.Tensor) -> torch.Tensor:
    return x * torch.rsqrt((x.double() ** 2).sum(-1, keepdim=True) + 1e-6).to(x.dtype)


def _scaled_gdn(x, S0, spec, d, s):
    from fla.ops.gated_delta_rule.naive import naive_recurrent_gated_delta_rule
    return naive_recurrent_gated_delta_rule(x["q"], x["k"], x["v"], x["beta"], x["g"], scale=s,
                                            initial_state=S0.clone(), output_final_state=True)


def _scaled_kda(x, S0, spec, d, s):
    from fla.ops.kda.naive import naive_recurrent_kda
    return naive_recurrent_kda(x["q"], x["k"], x["v"], x["g"], x["beta"], scale=s, initial_state=S0.clone(),
                               output_final_state=True)


def _scaled_linear_attention(x, S0, spec, d, s):
    from fla.ops.linear_attn.naive import naive_recurrent_linear_attn
    return naive_recurrent_linear_attn(x["q"], x["k"], x["v"], scale=s, initial_state=S0.clone(),
                                       output_final_state=True)


def _scaled_delta_product(x, S0, spec, d, s):
    from fla.ops.gated_delta_product.naive import naive_recurrent_gated_delta_product
    return naive_recurrent_gated_delta_product(x["q"], x["k"], x["v"], x.get("g"), x["beta"], s,
                                               initial_state=S0.clone(), output_final_state=True,
                                               num_householder=spec.substeps)


# families whose FLA oracle takes a scale argument
SCALED = {"gdn": _scaled_gdn, "kda": _scaled_kda, "linear_attention": _scaled_linear_attention,
          "delta_product": _scaled_delta_product}


@pytest.mark.parametrize("l2", [False, True], ids=["raw", "l2norm"])
@pytest.mark.parametrize("case", [c for c in CASES if c.family in SCALED], ids=lambda c: c.id)
def test_scale_and_l2norm_options(case, l2):
    from leapquant.recurrences import Dims
    spec, d, s = case.spec(), Dims(2, 17, 2, 2, 16, 8), 0.37
    x = case.inputs(d, seed=31)
    if l2:
        x["k"] = x["k"] * 3.0                           # unnormalised keys, as a model feeds them with l2norm on
    S0 = initial_state(d, seed=32)
    fx = dict(x, q=_fla_l2(x["q"]), k=_fla_l2(x["k"])) if l2 else x
    o_ref, S_ref = SCALED[case.family](fx, S0, spec, d, s)
    o, S = spec.reference(**x, initial_state=S0, scale=s, use_qk_l2norm=l2)
    assert rel_rms(o, o_ref) < FLA_RTOL and rel_rms(S, S_ref) < FLA_RTOL, (rel_rms(o, o_ref), rel_rms(S, S_ref))
