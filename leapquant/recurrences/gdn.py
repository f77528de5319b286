"""Gated DeltaNet (Qwen3-Next / Qwen3.5): S_t = α_t (I − β_t k_t k_tᵀ) S_{t-1} + β_t k_t v_tᵀ, o_t = S_tᵀ q_t.

Inputs as FLA's `fused_recurrent_gated_delta_rule`: q, k [B, T, H, K], v [B, T, HV, V], g (log α)
and beta [B, T, HV]. General form (docs/math.md §1, Table 4): decay α_t I, write β_t k_t, read b_t = α_t k_t.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

from leapquant.recurrences.base import Dims, RecurrenceSpec, Steps


@dataclass
class GatedDeltaNet(RecurrenceSpec):
    name: str = field(init=False, default="gdn")
    summary: str = field(init=False, default="Gated DeltaNet: α(I − βkkᵀ)S + βkvᵀ, scalar decay per head")
    fla_oracle: str | None = field(init=False,
                                   default="fla.ops.gated_delta_rule.naive.naive_recurrent_gated_delta_rule")

    def input_shapes(self, d: Dims) -> dict[str, tuple[int, ...]]:
        return {"g": (d.B, d.T, d.HV), "beta": (d.B, d.T, d.HV)}

    def _steps(self, x: dict[str, torch.Tensor], d: Dims, scale: float) -> Steps:
        g = x["g"][..., None]
        alpha = torch.exp(g)
        return Steps(log_alpha=g, k=x["k"], b=alpha * x["k"], beta=x["beta"][..., None], v=x["v"], q=x["q"] * scale)

    def _reference(self, x, d, scale, S):
        o = []
        eye = torch.eye(d.K, dtype=S.dtype, device=S.device)
        for t in range(d.T):
            k, v, q = x["k"][:, :, t], x["v"][:, :, t], x["q"][:, :, t] * scale
            a, b = torch.exp(x["g"][:, :, t])[..., None, None], x["beta"][:, :, t][..., None, None]
            S = a * (eye - b * k[..., :, None] * k[..., None, :]) @ S + b * k[..., :, None] * v[..., None, :]
            o.append((S.transpose(-1, -2) @ q[..., None])[..., 0])
        return torch.stack(o, 2), S

    def random_inputs(self, d: Dims, generator=None, dtype=torch.float32):
        r = lambda *s: torch.randn(*s, generator=generator, dtype=torch.float32)  # noqa: E731
        return {
            "q": r(d.B, d.T, d.H, d.K).to(dtype),
            "k": F.normalize(r(d.B, d.T, d.H, d.K), dim=-1).to(dtype),
            "v": r(d.B, d.T, d.HV, d.V).to(dtype),
            "g": F.logsigmoid(r(d.B, d.T, d.HV) + 3.0).to(dtype),
            "beta": torch.sigmoid(r(d.B, d.T, d.HV)).to(dtype),
        }
