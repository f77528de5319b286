"""Gated Linear Attention (Yang et al. 2024): S_t = Diag(α_t) S_{t-1} + k_t v_tᵀ, o_t = S_tᵀ (scale·q_t).

Inputs as FLA's `chunk_gla` / `fused_recurrent_gla`: q, k [B, T, H, K], v [B, T, H, V] (HV = H), and
`g` [B, T, H, K], the per-key-channel log decay log α_t (<= 0; FLA's naive reference calls it `gk`);
scale defaults to K^-1/2 (FLA's `naive_recurrent_gla` hardcodes exactly that).

General form (docs/math.md §1, Table 4, row "GLA / RWKV6 / HGRN2"): decay Diag(α_t), write k_t, read b_t = 0;
one record (α_t, k_t, v_t) of 2dk + dv values.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

from leapquant.recurrences._common import SameHeads, check_single_substep, ones_like_beta, randn
from leapquant.recurrences.base import Dims, RecurrenceSpec, Steps


@dataclass
class GatedLinearAttention(SameHeads, RecurrenceSpec):
    name: str = field(init=False, default="gla")
    summary: str = field(init=False, default="GLA: Diag(α)S + kvᵀ, per-key-channel decay")
    fla_oracle: str | None = field(init=False, default="fla.ops.gla.naive.naive_recurrent_gla")

    def __post_init__(self) -> None:
        check_single_substep(self)

    def input_shapes(self, d: Dims) -> dict[str, tuple[int, ...]]:
        return {"g": (d.B, d.T, d.HV, d.K)}

    def _steps(self, x, d, scale):
        k = x["k"]
        return Steps(log_alpha=x["g"], k=k, b=None, beta=ones_like_beta(k), v=x["v"], q=x["q"] * scale)

    def _reference(self, x, d, scale, S):
        o = []
        for t in range(d.T):
            k, v, q = x["k"][:, :, t], x["v"][:, :, t], x["q"][:, :, t] * scale
            S = torch.diag_embed(torch.exp(x["g"][:, :, t])) @ S + k[..., :, None] * v[..., None, :]
            o.append((S.transpose(-1, -2) @ q[..., None])[..., 0])
        return torch.stack(o, 2), S

    def random_inputs(self, d: Dims, generator=None, dtype=torch.float32):
        r = randn(generator)
        return {
            "q": r(d.B, d.T, d.H, d.K).to(dtype),
            "k": r(d.B, d.T, d.H, d.K).mul(d.K ** -0.5).to(dtype),
            "v": r(d.B, d.T, d.HV, d.V).to(dtype),
            # GLA's gate: logsigmoid(·)/16 keeps α_t close to 1
            "g": (F.logsigmoid(r(d.B, d.T, d.HV, d.K)) / 16).to(dtype),
        }
