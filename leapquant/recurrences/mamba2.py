"""Mamba2's SSD layer (Dao & Gu 2024), one head:

    h_t = exp(Δ_t A) h_{t-1} + (Δ_t x_t) B_tᵀ        y_t = h_t C_t + D x_t

with h_t ∈ R^{P×N} (head dim P × state dim N), a scalar decay per head and token.

Inputs, named for the general form (Mamba2 name → leapquant input):

    C_t [B, T, G, N]  → q          B_t [B, T, G, N] → k        x_t [B, T, nheads, P] → v
    Δ_t [B, T, nheads] → dt (>= 0, after softplus/bias)        A [nheads] → A (<= 0, = −exp(A_log))
    D [nheads] → D (optional skip, default 0)

G = ngroups plays the role of FLA's query/key heads and nheads of the value heads (nheads a multiple
of G: B and C are shared within a group). The state S_t = h_tᵀ is [N, P] = [dk, dv]. Mamba2 does not
scale C, so scale defaults to 1 here (not K^-1/2).

General form (docs/math.md §1, Table 4, row "Mamba2"): decay α_t I with log α_t = Δ_t A, write k_t = B_t,
value Δ_t x_t, read b_t = 0; one record (α_t, B_t, Δ_t x_t) of 1 + dk + dv values. The skip D·x_t is
outside the state and enters as `Steps.out_extra`. FLA computes the same recurrence with
`simple_gla(q=C, k=B, v=x·Δ, g=Δ·A, scale=1)` and adds D·x separately.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

from leapquant.errors import InputError
from leapquant.recurrences._common import check_range, check_single_substep, ones_like_beta, randn
from leapquant.recurrences.base import Dims, RecurrenceSpec, Steps


@dataclass
class Mamba2(RecurrenceSpec):
    name: str = field(init=False, default="mamba2")
    summary: str = field(init=False, default="Mamba2 SSD: exp(ΔA) S + B(Δx)ᵀ, y = Sᵀ C + D x")
    fla_oracle: str | None = field(init=False, default="fla.ops.simple_gla.naive.naive_recurrent_simple_gla "
                                   "(q=C, k=B, v=x·dt, g=dt·A), plus D·x")

    def __post_init__(self) -> None:
        check_single_substep(self)

    def default_scale(self, K: int) -> float:
        return 1.0

    def input_shapes(self, d: Dims) -> dict[str, tuple[int, ...]]:
        return {"dt": (d.B, d.T, d.HV), "A": (d.HV,), "D": (d.HV,)}

    def optional_inputs(self) -> tuple[str, ...]:
        return ("D",)

    def static_inputs(self) -> tuple[str, ...]:
        return ("A", "D")

    def log_decay_inputs(self) -> tuple[str, ...]:
        return ("A",)

    def _prepare(self, inputs):
        x, d, scale, S0 = super()._prepare(inputs)
        check_range("dt", x["dt"], lo=0.0)
        log_alpha = x["dt"] * x["A"][None, :, None]
        if not bool(torch.isfinite(log_alpha).all()):
            raise InputError("dt * A must be finite (exp(dt·A) = 0 is a decay outside (0, 1])")
        return x, d, scale, S0

    def _skip(self, x, d) -> torch.Tensor | None:
        D = x.get("D")
        return None if D is None else D[None, :, None, None] * x["v"]

    def _steps(self, x, d, scale):
        dt = x["dt"][..., None]                                  # [B, HV, T, 1]
        return Steps(log_alpha=dt * x["A"][None, :, None, None], k=x["k"], b=None, beta=ones_like_beta(dt),
                     v=dt * x["v"], q=x["q"] * scale, out_extra=self._skip(x, d))

    def _reference(self, x, d, scale, S):
        h = S.transpose(-1, -2)                                  # Mamba's layout [P, N]
        A = x["A"][None, :, None, None]
        D = x.get("D")
        ys = []
        for t in range(d.T):
            Bt, Ct, xt = x["k"][:, :, t], x["q"][:, :, t] * scale, x["v"][:, :, t]
            dt = x["dt"][:, :, t][..., None, None]
            h = torch.exp(dt * A) * h + (dt * xt[..., :, None]) * Bt[..., None, :]
            y = (h @ Ct[..., None])[..., 0]
            if D is not None:
                y = y + D[None, :, None] * xt
            ys.append(y)
        return torch.stack(ys, 2), h.transpose(-1, -2)

    def random_inputs(self, d: Dims, generator=None, dtype=torch.float32):
        r = randn(generator)
        u = lambda *s: torch.rand(*s, generator=generator, dtype=torch.float32)  # noqa: E731
        return {
            "q": r(d.B, d.T, d.H, d.K).to(dtype),
            "k": r(d.B, d.T, d.H, d.K).mul(d.K ** -0.5).to(dtype),
            "v": r(d.B, d.T, d.HV, d.V).to(dtype),
            "dt": F.softplus(r(d.B, d.T, d.HV) - 2.0).to(dtype),   # Δ ≈ 0.1
            "A": (-0.05 - 0.45 * u(d.HV)).to(dtype),               # decays exp(ΔA) close to 1
            "D": r(d.HV).to(dtype),
        }
