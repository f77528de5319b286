"""Linear attention (Katharopoulos et al. 2020), unnormalised: S_t = S_{t-1} + k_t v_tᵀ, o_t = S_tᵀ (scale·q_t).

Inputs as FLA's `fused_recurrent_linear_attn` with normalize=False: q, k [B, T, H, K], v [B, T, H, V]
(no grouped value heads: HV = H), scale (default K^-1/2), optional L2-normalised q and k. The feature
map, if any, is the model's business: pass φ(q), φ(k).

General form (docs/math.md §1, Table 4, row "Linear attention"): decay I, write k_t, read b_t = 0 (the update
never reads the state, so `Steps.b` is None and u_t = v_t); one record (k_t, v_t) of dk + dv values.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch

from leapquant.recurrences._common import SameHeads, check_single_substep, ones_like_beta, randn, zero_log_decay
from leapquant.recurrences.base import Dims, RecurrenceSpec, Steps


@dataclass
class LinearAttention(SameHeads, RecurrenceSpec):
    name: str = field(init=False, default="linear_attention")
    summary: str = field(init=False, default="Linear attention: S + kvᵀ, no decay")
    fla_oracle: str | None = field(init=False, default="fla.ops.linear_attn.naive.naive_recurrent_linear_attn")

    def __post_init__(self) -> None:
        check_single_substep(self)

    def input_shapes(self, d: Dims) -> dict[str, tuple[int, ...]]:
        return {}

    def _steps(self, x, d, scale):
        k = x["k"]
        return Steps(log_alpha=zero_log_decay(k), k=k, b=None, beta=ones_like_beta(k), v=x["v"], q=x["q"] * scale)

    def _reference(self, x, d, scale, S):
        o = []
        for t in range(d.T):
            k, v, q = x["k"][:, :, t], x["v"][:, :, t], x["q"][:, :, t] * scale
            S = S + k[..., :, None] * v[..., None, :]
            o.append((S.transpose(-1, -2) @ q[..., None])[..., 0])
        return torch.stack(o, 2), S

    def random_inputs(self, d: Dims, generator=None, dtype=torch.float32):
        r = randn(generator)
        # positive feature maps keep the unnormalised state bounded in expectation
        return {
            "q": torch.nn.functional.elu(r(d.B, d.T, d.H, d.K)).add(1).to(dtype),
            "k": (torch.nn.functional.elu(r(d.B, d.T, d.H, d.K)).add(1) / d.K).to(dtype),
            "v": r(d.B, d.T, d.HV, d.V).to(dtype),
        }
