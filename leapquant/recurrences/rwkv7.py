"""RWKV-7 "Goose" (Peng et al. 2025, arXiv 2503.14456), one head. In the paper's row convention
(state wkv ∈ R^{V×K}, row vectors k, κ̂, a, w ∈ R^{1×K}, v ∈ R^{1×V}):

    wkv_t = wkv_{t-1} (diag(w_t) − κ̂_tᵀ (a_t ⊙ κ̂_t)) + v_tᵀ k_t          o_t = wkv_t r_tᵀ

Here the state is stored transposed, S = wkvᵀ ∈ R^{K×V} (as FLA), so

    S_t = Diag(w_t) S_{t-1} − (a_t ⊙ κ̂_t)(κ̂_tᵀ S_{t-1}) + k_t v_tᵀ         o_t = S_tᵀ (scale·r_t)

Tensors (all [B, T, H, K] except v [B, T, H, V]; HV = H):
  - q: the receptance r_t;   k: the replacement key k̃_t (the one written with v_t);   v: the value;
  - w: the decay in LOG space (w <= 0, decay exp(w) ∈ (0, 1]; the paper's w_t is exp of this);
  - kk: κ̂_t, the normalised REMOVAL key (unit L2 norm in the model) — the direction read and erased;
  - a: a_t, the in-context learning rate in [0, 1] (a sigmoid in the model), per key channel.
FLA's `fused_mul_recurrent_rwkv7(r, w, k, v, kk, a)` takes the same tensors; FLA's
`fused_recurrent_rwkv7(r, w, k, v, a, b)` and the DPLR kernels take a = −κ̂, b = κ̂ ⊙ a_t instead.
scale defaults to K^-1/2 as FLA's `fused_recurrent_rwkv7` (RWKV-7 models themselves use scale = 1).

General form (docs/math.md §1, below Table 4): two records per token (`substeps` = 2, output after both):
  1. erase: decay Diag(exp w_t), write a_t ⊙ κ̂_t, value 0, read b = κ̂_t, β = 1:
     S'_t = Diag(exp w_t) S_{t-1} + (a_t ⊙ κ̂_t)(0 − S_{t-1}ᵀ κ̂_t)ᵀ;
  2. write: identity decay, write k_t, value v_t, read b = 0 (`Steps.b` is one tensor for all
     records, so the write record carries a zero read vector), β = 1:  S_t = S'_t + k_t v_tᵀ.
The erase record writes along a_t ⊙ κ̂_t and reads along κ̂_t, as the paper's transition and RWKV-LM's and
FLA's kernels do (state·(−κ̂) is read, κ̂ ⊙ a is written); the transposed record (write κ̂_t, read a_t ⊙ κ̂_t)
agrees only when a_t is constant across channels. The tests check this module against the paper formula in row
convention and against FLA's DPLR reference.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import torch
import torch.nn.functional as F

from leapquant.errors import InputError
from leapquant.recurrences._common import SameHeads, check_range, randn
from leapquant.recurrences.base import Dims, RecurrenceSpec, Steps


def _interleave(first: torch.Tensor, second: torch.Tensor) -> torch.Tensor:
    """[..., T, D] x2 -> [..., 2T, D] with rows first_0, second_0, first_1, second_1, ..."""
    out = torch.stack([first, second], -2)
    return out.reshape(*first.shape[:-2], 2 * first.shape[-2], first.shape[-1])


@dataclass
class RWKV7(SameHeads, RecurrenceSpec):
    name: str = field(init=False, default="rwkv7")
    summary: str = field(init=False, default="RWKV-7: S(diag(w) − κ̂ᵀ(a⊙κ̂)) + vᵀk, as erase + write records")
    fla_oracle: str | None = field(init=False, default="fla.ops.generalized_delta_rule.dplr.naive.dplr_recurrence "
                                   "(alpha = −κ̂, beta = a ⊙ κ̂, gk = w); the RWKV-7 paper's formula (tests)")
    substeps: int = 2

    def __post_init__(self) -> None:
        if self.substeps != 2:
            raise InputError(f"substeps must be 2 for rwkv7 (an erase and a write record per token), "
                             f"got {self.substeps!r}")

    def input_shapes(self, d: Dims) -> dict[str, tuple[int, ...]]:
        s = (d.B, d.T, d.HV, d.K)
        return {"w": s, "kk": s, "a": s}

    def log_decay_inputs(self) -> tuple[str, ...]:
        return ("w",)

    def _prepare(self, inputs):
        x, d, scale, S0 = super()._prepare(inputs)
        check_range("a", x["a"], 0.0, 1.0)
        return x, d, scale, S0

    def _steps(self, x, d, scale):
        k, v, kk, a, w = x["k"], x["v"], x["kk"], x["a"], x["w"]
        zk = torch.zeros_like(k)
        return Steps(
            log_alpha=_interleave(w, zk),
            k=_interleave(a * kk, k),
            b=_interleave(kk, zk),
            beta=torch.ones(d.B, d.HV, 2 * d.T, 1, dtype=k.dtype, device=k.device),
            v=_interleave(torch.zeros_like(v), v),
            q=x["q"] * scale,
            substeps=2,
        )

    def _reference(self, x, d, scale, S):
        o = []
        for t in range(d.T):
            k, v, r = x["k"][:, :, t], x["v"][:, :, t], x["q"][:, :, t] * scale
            kk, a, w = x["kk"][:, :, t], x["a"][:, :, t], torch.exp(x["w"][:, :, t])
            transition = torch.diag_embed(w) - (a * kk)[..., :, None] * kk[..., None, :]
            S = transition @ S + k[..., :, None] * v[..., None, :]
            o.append((S.transpose(-1, -2) @ r[..., None])[..., 0])
        return torch.stack(o, 2), S

    def random_inputs(self, d: Dims, generator=None, dtype=torch.float32):
        r = randn(generator)
        shape = (d.B, d.T, d.H, d.K)
        return {
            "q": r(*shape).to(dtype),
            "k": r(*shape).mul(d.K ** -0.5).to(dtype),
            "v": r(d.B, d.T, d.HV, d.V).to(dtype),
            # RWKV-7: w = exp(−e^{−0.5} σ(·)), so log w ∈ (−0.61, 0); biased towards decays near 1
            "w": (-math.exp(-0.5) * torch.sigmoid(r(*shape) - 2.0)).to(dtype),
            "kk": F.normalize(r(*shape), dim=-1).to(dtype),
            "a": torch.sigmoid(r(*shape)).to(dtype),
        }
