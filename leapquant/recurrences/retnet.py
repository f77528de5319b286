"""RetNet retention (Sun et al. 2023), recurrent form: S_t = γ_h S_{t-1} + k_t v_tᵀ, o_t = S_tᵀ (scale·q_t).

Inputs: q, k [B, T, H, K], v [B, T, H, V] (HV = H), and optionally `g` [H], the per-head log decay
log γ_h (<= 0). Without `g` the standard RetNet schedule applies, γ_h = 1 − 2^(−5−h) for h = 0..H−1
(as in FLA's `naive_retention` and `fused_recurrent_retention`). scale defaults to K^-1/2.
(RetNet's xPos rotation and group norm act on q, k and o outside the recurrence.)

General form (docs/math.md §1, Table 4, row "RetNet"): constant scalar decay γ_h I, write k_t, read b_t = 0;
one record (k_t, v_t) of dk + dv values (the decay is a constant, not stored per record).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

from leapquant.recurrences._common import SameHeads, check_single_substep, ones_like_beta, randn
from leapquant.recurrences.base import Dims, RecurrenceSpec, Steps


def retnet_log_gamma(H: int, dtype: torch.dtype = torch.float64, device=None) -> torch.Tensor:
    """log γ_h for RetNet's schedule γ_h = 1 − 2^(−5−h), h = 0..H−1."""
    h = torch.arange(H, dtype=torch.float64, device=device)
    return torch.log1p(-torch.exp2(-5.0 - h)).to(dtype)


@dataclass
class RetNet(SameHeads, RecurrenceSpec):
    name: str = field(init=False, default="retnet")
    summary: str = field(init=False, default="RetNet: γ_h S + kvᵀ, constant decay per head")
    fla_oracle: str | None = field(init=False, default="fla.ops.simple_gla.naive.naive_recurrent_simple_gla "
                                   "(constant g); fla.ops.retention.naive.naive_retention (zero initial state)")

    def __post_init__(self) -> None:
        check_single_substep(self)

    def input_shapes(self, d: Dims) -> dict[str, tuple[int, ...]]:
        return {"g": (d.HV,)}

    def optional_inputs(self) -> tuple[str, ...]:
        return ("g",)

    def static_inputs(self) -> tuple[str, ...]:
        return ("g",)

    def _log_gamma(self, x, d) -> torch.Tensor:
        g = x.get("g")
        return retnet_log_gamma(d.HV, device=x["k"].device) if g is None else g

    def _steps(self, x, d, scale):
        k = x["k"]
        g = self._log_gamma(x, d)[None, :, None, None].expand(d.B, d.HV, d.T, 1)
        return Steps(log_alpha=g, k=k, b=None, beta=ones_like_beta(k), v=x["v"], q=x["q"] * scale)

    def _reference(self, x, d, scale, S):
        gamma = torch.exp(self._log_gamma(x, d))[None, :, None, None]
        o = []
        for t in range(d.T):
            k, v, q = x["k"][:, :, t], x["v"][:, :, t], x["q"][:, :, t] * scale
            S = gamma * S + k[..., :, None] * v[..., None, :]
            o.append((S.transpose(-1, -2) @ q[..., None])[..., 0])
        return torch.stack(o, 2), S

    def random_inputs(self, d: Dims, generator=None, dtype=torch.float32):
        r = randn(generator)
        return {
            "q": r(d.B, d.T, d.H, d.K).to(dtype),
            "k": F.normalize(r(d.B, d.T, d.H, d.K), dim=-1).to(dtype),
            "v": r(d.B, d.T, d.HV, d.V).to(dtype),
        }
