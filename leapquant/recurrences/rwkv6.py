"""RWKV6 "Finch" time mixing (Peng et al. 2024, arXiv 2404.05892), one head, state s ∈ R^{K×V}:

    wkv_t = s_{t-1} + diag(u) k_tᵀ v_t          o_t = r_t · wkv_t
    s_t   = diag(w_t) s_{t-1} + k_tᵀ v_t

i.e. o_t = r_t (diag(u) k_tᵀ v_t + Σ_{i<t} diag(w_{i+1} ⊙ … ⊙ w_{t-1}) k_iᵀ v_i). The output reads the
state BEFORE the token's own update, and the current token enters through the bonus u instead.

Inputs as FLA's `fused_recurrent_rwkv6`: r → q, k [B, T, H, K], v [B, T, H, V] (HV = H), `w`
[B, T, H, K] the data-dependent decay in LOG space (log w_t <= 0), `u` [H, K] the bonus; scale
(default K^-1/2, as FLA; RWKV6 models themselves use scale = 1) multiplies r.

General form (docs/math.md §1, Table 4, row "GLA / RWKV6 / HGRN2"): decay Diag(w_t), write k_t, read b_t = 0;
one record (w_t, k_t, v_t) of 2dk + dv values. The read comes before the token's record
(`Steps.read_after = 0`), and the bonus scale·(r_t · (u ⊙ k_t)) v_t is `Steps.out_extra`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch

from leapquant.recurrences._common import SameHeads, check_single_substep, ones_like_beta, randn
from leapquant.recurrences.base import Dims, RecurrenceSpec, Steps


@dataclass
class RWKV6(SameHeads, RecurrenceSpec):
    name: str = field(init=False, default="rwkv6")
    summary: str = field(init=False, default="RWKV6: o = r(S + diag(u)kᵀv), S ← diag(w)S + kᵀv")
    fla_oracle: str | None = field(init=False, default="fla.ops.rwkv6.recurrent_naive.naive_recurrent_rwkv6; "
                                   "the Finch paper's formula (tests)")

    def __post_init__(self) -> None:
        check_single_substep(self)

    def input_shapes(self, d: Dims) -> dict[str, tuple[int, ...]]:
        return {"w": (d.B, d.T, d.HV, d.K), "u": (d.HV, d.K)}

    def static_inputs(self) -> tuple[str, ...]:
        return ("u",)

    def log_decay_inputs(self) -> tuple[str, ...]:
        return ("w",)

    def _steps(self, x, d, scale):
        q, k, v = x["q"] * scale, x["k"], x["v"]
        bonus = (q * x["u"][None, :, None, :] * k).sum(-1, keepdim=True) * v
        return Steps(log_alpha=x["w"], k=k, b=None, beta=ones_like_beta(k), v=v, q=q, read_after=0,
                     out_extra=bonus)

    def _reference(self, x, d, scale, S):
        u = x["u"][None, :, :, None]
        o = []
        for t in range(d.T):
            k, v, r = x["k"][:, :, t], x["v"][:, :, t], x["q"][:, :, t] * scale
            kv = k[..., :, None] * v[..., None, :]
            wkv = S + u * kv
            o.append((r[..., None, :] @ wkv)[..., 0, :])
            S = torch.exp(x["w"][:, :, t])[..., :, None] * S + kv
        return torch.stack(o, 2), S

    def random_inputs(self, d: Dims, generator=None, dtype=torch.float32):
        r = randn(generator)
        return {
            "q": r(d.B, d.T, d.H, d.K).to(dtype),
            "k": r(d.B, d.T, d.H, d.K).mul(d.K ** -0.5).to(dtype),
            "v": r(d.B, d.T, d.HV, d.V).to(dtype),
            # Finch: w = exp(−exp(·)); log w = −exp(·), mostly small so decays stay near 1
            "w": (-torch.exp(r(d.B, d.T, d.HV, d.K) * 0.5 - 3.0)).to(dtype),
            "u": r(d.HV, d.K).mul(0.5).to(dtype),
        }
