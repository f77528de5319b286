"""DeltaNet (Schlag et al. 2021; Yang et al. 2024), the delta rule:

    S_t = (I − β_t k_t k_tᵀ) S_{t-1} + β_t k_t v_tᵀ          o_t = S_tᵀ (scale·q_t)

Inputs as FLA's `fused_recurrent_delta_rule` (head-wise beta): q, k [B, T, H, K], v [B, T, H, V]
(HV = H), beta [B, T, H] in [0, 2] (sigmoid, or 2·sigmoid with negative eigenvalues allowed), scale
default K^-1/2, optional L2-normalised q and k (DeltaNet normalises k in the model).

General form (docs/math.md §1, Table 4, row "DeltaNet"): decay I, write β_t k_t, read b_t = k_t:
S_t = S_{t-1} + β_t k_t (v_t − S_{t-1}ᵀ k_t)ᵀ; one record (k_t, u_t) of dk + dv values.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

from leapquant.recurrences._common import SameHeads, check_range, check_single_substep, randn, zero_log_decay
from leapquant.recurrences.base import Dims, RecurrenceSpec, Steps


@dataclass
class DeltaNet(SameHeads, RecurrenceSpec):
    name: str = field(init=False, default="deltanet")
    summary: str = field(init=False, default="DeltaNet: (I − βkkᵀ)S + βkvᵀ, no decay")
    fla_oracle: str | None = field(init=False, default="fla.ops.delta_rule.naive.delta_rule_recurrence")

    def __post_init__(self) -> None:
        check_single_substep(self)

    def input_shapes(self, d: Dims) -> dict[str, tuple[int, ...]]:
        return {"beta": (d.B, d.T, d.HV)}

    def log_decay_inputs(self) -> tuple[str, ...]:
        return ()

    def _prepare(self, inputs):
        x, d, scale, S0 = super()._prepare(inputs)
        check_range("beta", x["beta"], 0.0, 2.0)
        return x, d, scale, S0

    def _steps(self, x, d, scale):
        k = x["k"]
        return Steps(log_alpha=zero_log_decay(k), k=k, b=k, beta=x["beta"][..., None], v=x["v"], q=x["q"] * scale)

    def _reference(self, x, d, scale, S):
        o = []
        eye = torch.eye(d.K, dtype=S.dtype, device=S.device)
        for t in range(d.T):
            k, v, q = x["k"][:, :, t], x["v"][:, :, t], x["q"][:, :, t] * scale
            b = x["beta"][:, :, t][..., None, None]
            S = (eye - b * k[..., :, None] * k[..., None, :]) @ S + b * k[..., :, None] * v[..., None, :]
            o.append((S.transpose(-1, -2) @ q[..., None])[..., 0])
        return torch.stack(o, 2), S

    def random_inputs(self, d: Dims, generator=None, dtype=torch.float32):
        r = randn(generator)
        return {
            "q": r(d.B, d.T, d.H, d.K).to(dtype),
            "k": F.normalize(r(d.B, d.T, d.H, d.K), dim=-1).to(dtype),
            "v": r(d.B, d.T, d.HV, d.V).to(dtype),
            "beta": torch.sigmoid(r(d.B, d.T, d.HV)).to(dtype),
        }
