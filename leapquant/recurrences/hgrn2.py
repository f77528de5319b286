"""HGRN2 (Qin et al. 2024), state expansion by outer product: with forget gate α_t ∈ (0, 1)^K,

    S_t = Diag(α_t) S_{t-1} + (1 − α_t) v_tᵀ          o_t = S_tᵀ (scale·q_t)

Inputs: q [B, T, H, K], v [B, T, H, V] (HV = H), `g` [B, T, H, K] = log α_t (<= 0). The key is not an
input: HGRN2 ties it to the forget gate, k_t = 1 − α_t (FLA's HGRN2 layer feeds GLA with
k = 1 − exp(g)); passing k is an error. scale defaults to K^-1/2 (what FLA's naive GLA reference uses).
`use_qk_l2norm` is refused (it would normalise the tied key).

General form (docs/math.md §1, Table 4, row "GLA / RWKV6 / HGRN2"): decay Diag(α_t), write k_t = 1 − α_t,
read b_t = 0; one record (α_t, 1 − α_t, v_t) of 2dk + dv values (the key is recomputable from α).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

from leapquant.errors import InputError
from leapquant.recurrences._common import SameHeads, check_single_substep, ones_like_beta, randn
from leapquant.recurrences.base import Dims, RecurrenceSpec, Steps
from leapquant.validation import check_tensor


@dataclass
class HGRN2(SameHeads, RecurrenceSpec):
    name: str = field(init=False, default="hgrn2")
    summary: str = field(init=False, default="HGRN2: Diag(α)S + (1 − α)vᵀ, key tied to the forget gate")
    fla_oracle: str | None = field(init=False, default="fla.ops.gla.naive.naive_recurrent_gla with k = 1 − exp(g)")

    def __post_init__(self) -> None:
        check_single_substep(self)

    def input_shapes(self, d: Dims) -> dict[str, tuple[int, ...]]:
        return {"g": (d.B, d.T, d.HV, d.K)}

    def _prepare(self, inputs):
        inputs = dict(inputs)
        if inputs.get("k") is not None:
            raise InputError("k must not be given for hgrn2: its key is tied to the forget gate, k = 1 − exp(g)")
        if inputs.get("use_qk_l2norm"):
            raise InputError("use_qk_l2norm is not supported by hgrn2 (its key 1 − exp(g) is not normalised)")
        if "q" not in inputs or "g" not in inputs:
            raise InputError(f"hgrn2: missing input(s) {sorted({'q', 'g'} - inputs.keys())}")
        q = check_tensor("q", inputs["q"], (None, None, None, None), finite=False)
        v = inputs.get("v")
        if isinstance(v, torch.Tensor) and v.dim() == 4 and v.shape[2] != q.shape[2]:
            raise InputError(f"v has {v.shape[2]} heads but q has {q.shape[2]}: hgrn2 has no grouped value heads, "
                             "so v's head count must equal q's")
        g = check_tensor("g", inputs["g"], tuple(q.shape), finite=False)
        inputs["k"] = -torch.expm1(g.to(torch.float64))  # kept in float64: exact 1 − α
        return super()._prepare(inputs)

    def _steps(self, x, d, scale):
        k = x["k"]
        return Steps(log_alpha=x["g"], k=k, b=None, beta=ones_like_beta(k), v=x["v"], q=x["q"] * scale)

    def _reference(self, x, d, scale, S):
        o = []
        for t in range(d.T):
            a = torch.exp(x["g"][:, :, t])
            v, q = x["v"][:, :, t], x["q"][:, :, t] * scale
            S = a[..., :, None] * S + (1 - a)[..., :, None] * v[..., None, :]
            o.append((S.transpose(-1, -2) @ q[..., None])[..., 0])
        return torch.stack(o, 2), S

    def random_inputs(self, d: Dims, generator=None, dtype=torch.float32):
        r = randn(generator)
        return {
            "q": r(d.B, d.T, d.H, d.K).to(dtype),
            "v": r(d.B, d.T, d.HV, d.V).to(dtype),
            # forget gates near 1 (HGRN2's lower bound pushes them up in deeper layers)
            "g": F.logsigmoid(r(d.B, d.T, d.HV, d.K) + 3.0).to(dtype),
        }
