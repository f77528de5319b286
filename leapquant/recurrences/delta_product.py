"""(Gated) DeltaProduct (Siems et al. 2025): n delta-rule (Householder) sub-steps per token,

    S_t = α_t S_{t-1} (optional scalar gate, once per token), then for j = 1..n:
    S_t ← (I − β_{t,j} k_{t,j} k_{t,j}ᵀ) S_t + β_{t,j} k_{t,j} v_{t,j}ᵀ
    o_t = S_tᵀ (scale·q_t)                               (after the last sub-step only)

Inputs as FLA's `chunk_gated_delta_product` / `naive_recurrent_gated_delta_product`: q [B, T, H, K];
k [B, T·n, H, K], v [B, T·n, H, V] and beta [B, T·n, H] with the n sub-steps of token t at rows
t·n .. t·n+n−1; optional `g` [B, T, H] = log α_t (<= 0; omitted = plain DeltaProduct). HV = H.
beta in [0, 2]; scale default K^-1/2; optional L2-normalised q and k. Option `substeps` = n >= 1.

General form (docs/math.md §1, Table 4, row "DeltaProduct, sub-step j"): n records per token, each with decay
I, write β_{t,j} k_{t,j}, read b = k_{t,j}. With a gate, sub-step 1 carries the decay α_t I and reads
b = α_t k_{t,1} (as GDN: α S + βk(v − (αS)ᵀk)ᵀ), sub-steps 2..n keep identity decay and b = k_{t,j}.
One record of dk + dv values (1 + dk + dv for the gated sub-step 1).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

from leapquant.recurrences._common import SameHeads, check_range, randn, zero_log_decay
from leapquant.recurrences.base import Dims, RecurrenceSpec, Steps
from leapquant.validation import check_positive_int


@dataclass
class DeltaProduct(SameHeads, RecurrenceSpec):
    name: str = field(init=False, default="delta_product")
    summary: str = field(init=False, default="(Gated) DeltaProduct: n Householder sub-steps per token")
    fla_oracle: str | None = field(init=False, default="fla.ops.gated_delta_product.naive."
                                   "naive_recurrent_gated_delta_product")
    substeps: int = 2

    def __post_init__(self) -> None:
        check_positive_int("substeps", self.substeps)

    def key_shape(self, d: Dims) -> tuple[int | None, ...]:
        return (d.B, d.T * self.substeps, d.H, d.K)

    def value_tokens(self, T: int) -> int:
        return T * self.substeps

    def input_shapes(self, d: Dims) -> dict[str, tuple[int, ...]]:
        return {"g": (d.B, d.T, d.HV), "beta": (d.B, d.T * self.substeps, d.HV)}

    def optional_inputs(self) -> tuple[str, ...]:
        return ("g",)

    def _prepare(self, inputs):
        x, d, scale, S0 = super()._prepare(inputs)
        check_range("beta", x["beta"], 0.0, 2.0)
        return x, d, scale, S0

    def _steps(self, x, d, scale):
        n, k = self.substeps, x["k"]
        log_alpha, b = zero_log_decay(k), k
        g = x.get("g")
        if g is not None:  # the gate sits on sub-step 1 of each token: log α there, b = α k there
            first = torch.zeros(d.B, d.HV, d.T, n, 1, dtype=k.dtype, device=k.device)
            first[..., 0, 0] = g
            log_alpha = first.reshape(d.B, d.HV, d.T * n, 1)
            b = k * torch.exp(log_alpha)
        return Steps(log_alpha=log_alpha, k=k, b=b, beta=x["beta"][..., None], v=x["v"], q=x["q"] * scale,
                     substeps=n)

    def _reference(self, x, d, scale, S):
        n = self.substeps
        g = x.get("g")
        eye = torch.eye(d.K, dtype=S.dtype, device=S.device)
        o = []
        for t in range(d.T):
            if g is not None:
                S = torch.exp(g[:, :, t])[..., None, None] * S
            for j in range(t * n, t * n + n):
                k, v, b = x["k"][:, :, j], x["v"][:, :, j], x["beta"][:, :, j][..., None, None]
                S = (eye - b * k[..., :, None] * k[..., None, :]) @ S + b * k[..., :, None] * v[..., None, :]
            q = x["q"][:, :, t] * scale
            o.append((S.transpose(-1, -2) @ q[..., None])[..., 0])
        return torch.stack(o, 2), S

    def random_inputs(self, d: Dims, generator=None, dtype=torch.float32, gated: bool = True):
        r, n = randn(generator), self.substeps
        x = {
            "q": r(d.B, d.T, d.H, d.K).to(dtype),
            "k": F.normalize(r(d.B, d.T * n, d.H, d.K), dim=-1).to(dtype),
            "v": r(d.B, d.T * n, d.HV, d.V).to(dtype),
            "beta": torch.sigmoid(r(d.B, d.T * n, d.HV)).to(dtype),
        }
        if gated:
            x["g"] = F.logsigmoid(r(d.B, d.T, d.HV) + 3.0).to(dtype)
        return x
