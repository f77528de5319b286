"""Seeded synthetic layer inputs with the statistics that make per-step rounding error accumulate.

docs/math.md §2 (eq. 9): with isotropic keys the delta rule's erase also erases the error, so a generator meant
to show the paper's effect needs keys confined to a low-dimensional subspace (directions outside
it are never erased), decays close to 1, and updates that are small against the accumulated
state. This generator has, per head (fixed random draws per head, re-drawn per layer):

- keys: k = normalize(P z + 0.05·n), P a fixed dk×`key_rank` orthonormal basis (default 8),
  z, n standard normal; then `outlier_channels` key channels (default 4) scaled ×8 before the
  normalisation — key channels with outliers, as trained models show;
- queries: the same construction with their own z (they live where the keys live);
- values: v = W M ẑ + 0.01·n, where ẑ are the key's (normalised) subspace coordinates, M a fixed
  `key_rank`×4 map and W a fixed dv×4 matrix with column scales 4, 2, 1, 0.5 — values follow the
  keys through a stable association (which the state learns, so later updates are small against
  it), and the state's energy concentrates in a few singular directions;
- decays: GDN g = logsigmoid(N(7, 0.5)) (α ≈ 0.999); KDA per key channel, logsigmoid(N(7, 1));
- beta = sigmoid(N(−2, 0.5)) ≈ 0.12: small updates against the accumulated state.

Other families draw from their spec's `random_inputs` (isotropic): a smoke input, not a claim.
"""
from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

import torch
import torch.nn.functional as F

from leapquant import recurrences
from leapquant.errors import InputError
from leapquant.recurrences import Dims, Steps
from leapquant.validation import check_int, check_positive_int


@dataclass
class SyntheticSource:
    """Yields `Steps` chunks of [layers, batch, heads, chunk, ·] for `tokens` tokens."""

    family: str = "gdn"
    tokens: int = 8192
    layers: int = 1
    batch: int = 1
    heads: int = 8
    dk: int = 128
    dv: int = 128
    seed: int = 0
    key_rank: int = 8
    outlier_channels: int = 4
    decay_logit: float = 7.0     # g = logsigmoid(decay_logit + noise): 7 → α ≈ 0.999
    value_noise: float = 0.01    # v = W·(a fixed map of the key's subspace coordinates) + value_noise·n
    beta_logit: float = -2.0     # beta = sigmoid(beta_logit + noise): −2 → β ≈ 0.12

    def __post_init__(self) -> None:
        for name in ("tokens", "layers", "batch", "heads", "dk", "dv", "key_rank"):
            check_positive_int(name, getattr(self, name))
        check_positive_int("outlier_channels", self.outlier_channels, minimum=0)
        check_int("seed", self.seed, 0)
        for name in ("decay_logit", "value_noise", "beta_logit"):
            x = getattr(self, name)
            if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x):
                raise InputError(f"{name} must be a finite number, got {x!r}")
        if self.value_noise < 0:
            raise InputError(f"value_noise must be >= 0, got {self.value_noise!r}")
        self.spec = recurrences.get(self.family)
        self.structured = self.family in ("gdn", "kda")
        gen = torch.Generator().manual_seed(self.seed)
        L, H = self.layers * self.batch, self.heads
        rank = min(self.key_rank, self.dk)
        self.P = torch.linalg.qr(torch.randn(L, H, self.dk, rank, generator=gen))[0]
        self.key_gain = torch.ones(L, H, self.dk)
        for l_ in range(L):
            for h in range(H):
                idx = torch.randperm(self.dk, generator=gen)[: self.outlier_channels]
                self.key_gain[l_, h, idx] = 8.0
        self.W = torch.randn(L, H, self.dv, 4, generator=gen) * torch.tensor([4.0, 2.0, 1.0, 0.5])
        self.Z2W = torch.randn(L, H, rank, 4, generator=gen)
        self._stream = gen.get_state()      # every chunks() call replays the same tokens from here

    @property
    def dims(self) -> Dims:
        return Dims(self.layers * self.batch, self.tokens, self.heads, self.heads, self.dk, self.dv)

    def _structured_inputs(self, T: int, g: torch.Generator) -> dict[str, torch.Tensor]:
        L, H, dk, dv = self.layers * self.batch, self.heads, self.dk, self.dv
        rank = self.P.shape[-1]

        def in_subspace() -> tuple[torch.Tensor, torch.Tensor]:  # ([L, T, H, dk], coordinates z)
            z = torch.randn(L, H, T, rank, generator=g)
            x = z @ self.P.transpose(-1, -2) + 0.05 * torch.randn(L, H, T, dk, generator=g)
            return F.normalize(x * self.key_gain[:, :, None, :], dim=-1).transpose(1, 2), z

        q, _ = in_subspace()
        k, z = in_subspace()
        # values follow the keys through a fixed map (an association the state can learn), plus noise
        zn = F.normalize(z, dim=-1)
        v = ((zn @ self.Z2W) @ self.W.transpose(-1, -2)
             + self.value_noise * torch.randn(L, H, T, dv, generator=g)).transpose(1, 2)
        gate_shape = (L, T, H, dk) if self.family == "kda" else (L, T, H)
        spread = 1.0 if self.family == "kda" else 0.5
        return {
            "q": q, "k": k, "v": v,
            "g": F.logsigmoid(self.decay_logit + spread * torch.randn(*gate_shape, generator=g)),
            "beta": torch.sigmoid(self.beta_logit + 0.5 * torch.randn(L, T, H, generator=g)),
        }

    def chunks(self, chunk: int) -> Iterator[Steps]:
        check_positive_int("chunk", chunk)
        gen = torch.Generator()
        gen.set_state(self._stream)
        done = 0
        while done < self.tokens:
            T = min(chunk, self.tokens - done)
            if self.structured:
                x = self._structured_inputs(T, gen)
            else:
                d = self.dims
                x = self.spec.random_inputs(Dims(d.B, T, d.H, d.HV, d.K, d.V), gen)
            steps = self.spec.steps(**x)
            yield _unflatten(steps, self.layers, self.batch)
            done += T


def _unflatten(steps: Steps, layers: int, batch: int) -> Steps:
    """[layers·batch, H, ...] -> [layers, batch, H, ...]."""
    def f(x: torch.Tensor | None) -> torch.Tensor | None:
        return None if x is None else x.reshape(layers, batch, *x.shape[1:])

    from dataclasses import replace
    return replace(steps, log_alpha=f(steps.log_alpha), k=f(steps.k), b=f(steps.b), beta=f(steps.beta),
                   v=f(steps.v), q=f(steps.q), out_extra=f(steps.out_extra))
