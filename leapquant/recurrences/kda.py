"""Kimi Delta Attention: S_t = (I − β_t k_t k_tᵀ) Diag(α_t) S_{t-1} + β_t k_t v_tᵀ, o_t = S_tᵀ q_t.

Inputs as FLA's `fused_recurrent_kda`: q, k [B, T, H, K], v [B, T, HV, V], g (log α, one per key
channel) [B, T, HV, K], beta [B, T, HV]. General form: decay Diag(α_t), write β_t k_t, read α_t ⊙ k_t.
(FLA's in-kernel gate, −exp(A_log)·softplus(g + dt_bias), is the model's business: pass the gate it yields.)
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

from leapquant.recurrences.base import Dims, RecurrenceSpec, Steps


@dataclass
class KimiDeltaAttention(RecurrenceSpec):
    name: str = field(init=False, default="kda")
    summary: str = field(init=False, default="KDA: (I − βkkᵀ)Diag(α)S + βkvᵀ, per-key-channel decay")
    fla_oracle: str | None = field(init=False, default="fla.ops.kda.naive.naive_recurrent_kda")

    def input_shapes(self, d: Dims) -> dict[str, tuple[int, ...]]:
        return {"g": (d.B, d.T, d.HV, d.K), "beta": (d.B, d.T, d.HV)}

    def _steps(self, x, d, scale):
        g = x["g"]
        return Steps(log_alpha=g, k=x["k"], b=torch.exp(g) * x["k"], beta=x["beta"][..., None], v=x["v"],
                     q=x["q"] * scale)

    def _reference(self, x, d, scale, S):
        o = []
        eye = torch.eye(d.K, dtype=S.dtype, device=S.device)
        for t in range(d.T):
            k, v, q = x["k"][:, :, t], x["v"][:, :, t], x["q"][:, :, t] * scale
            a, b = torch.exp(x["g"][:, :, t]), x["beta"][:, :, t][..., None, None]
            kk = k[..., :, None] * k[..., None, :]
            S = (eye - b * kk) @ (a[..., :, None] * S) + b * k[..., :, None] * v[..., None, :]
            o.append((S.transpose(-1, -2) @ q[..., None])[..., 0])
        return torch.stack(o, 2), S

    def random_inputs(self, d: Dims, generator=None, dtype=torch.float32):
        r = lambda *s: torch.randn(*s, generator=generator, dtype=torch.float32)  # noqa: E731
        return {
            "q": r(d.B, d.T, d.H, d.K).to(dtype),
            "k": F.normalize(r(d.B, d.T, d.H, d.K), dim=-1).to(dtype),
            "v": r(d.B, d.T, d.HV, d.V).to(dtype),
            "g": F.logsigmoid(r(d.B, d.T, d.HV, d.K) + 4.0).to(dtype),
            "beta": torch.sigmoid(r(d.B, d.T, d.HV)).to(dtype),
        }
