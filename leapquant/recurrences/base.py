"""The general form every family reduces to (docs/math.md eqs. 8 and 3), and the spec interface.

A spec turns a model's own inputs (FLA conventions: [B, T, H, D] tensors, log-space gates, beta,
scale = dk^-1/2, optional L2-normalised q and k, grouped value heads) into `Steps`: one general-form
step per record, head-first [B, HV, N, D]. Everything downstream — the windowed state, quantizer
pipelines, kernels — consumes `Steps` and never needs to know which model produced them.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from typing import Any

import torch

from leapquant.errors import InputError
from leapquant.validation import check_log_decay, check_tensor


@dataclass
class Steps:
    """General-form steps S_i = Diag(α_i) S_{i-1} + k_i u_iᵀ with u_i = β_i (v_i − S_{i-1}ᵀ b_i).

    Tensors are head-first, [B, HV, N, ·] for the N = T·substeps records and [B, HV, T, ·] for the
    T token outputs. `log_alpha` has last dim dk (vector decay) or 1 (scalar decay); `b` is None
    for families whose update never reads the state (then u = β v). Token t's output is
    o_t = S_{t·n + read_after}ᵀ q_t + out_extra_t: read after `read_after` of its n sub-steps
    (n for most families, 0 for RWKV6, whose output reads the state before its own update).
    """

    log_alpha: torch.Tensor
    k: torch.Tensor
    b: torch.Tensor | None
    beta: torch.Tensor
    v: torch.Tensor
    q: torch.Tensor
    substeps: int = 1
    read_after: int | None = None
    out_extra: torch.Tensor | None = None

    def __post_init__(self) -> None:
        if self.read_after is None:
            self.read_after = self.substeps

    @property
    def num_tokens(self) -> int:
        return self.q.shape[-2]

    @property
    def num_records(self) -> int:
        return self.k.shape[-2]

    @property
    def dk(self) -> int:
        return self.k.shape[-1]

    @property
    def dv(self) -> int:
        return self.v.shape[-1]

    @property
    def batch_shape(self) -> torch.Size:
        return self.k.shape[:-2]

    def read_index(self) -> torch.Tensor:
        """For each token, how many records precede its read (1-based state index)."""
        t = torch.arange(self.num_tokens, device=self.k.device)
        return t * self.substeps + self.read_after

    def tokens(self, start: int, stop: int) -> "Steps":
        """The steps of tokens [start, stop) — windows are cut at token boundaries."""
        n = self.substeps
        rec = slice(start * n, stop * n)
        tok = slice(start, stop)
        return replace(
            self,
            log_alpha=self.log_alpha[..., rec, :],
            k=self.k[..., rec, :],
            b=None if self.b is None else self.b[..., rec, :],
            beta=self.beta[..., rec, :],
            v=self.v[..., rec, :],
            q=self.q[..., tok, :],
            out_extra=None if self.out_extra is None else self.out_extra[..., tok, :],
        )

    TENSORS = ("log_alpha", "k", "b", "beta", "v", "q", "out_extra")
    """The tensor fields (b and out_extra may be None)."""

    def tensors(self) -> dict[str, torch.Tensor]:
        """The tensor fields that are set, by name."""
        return {n: getattr(self, n) for n in self.TENSORS if getattr(self, n) is not None}

    def map(self, fn) -> "Steps":
        """The same steps with `fn` applied to every tensor field that is set (a cast, a slice of the batch)."""
        return replace(self, **{n: fn(x) for n, x in self.tensors().items()})

    def to(self, dtype: torch.dtype | None = None, device: torch.device | str | None = None) -> "Steps":
        return self.map(lambda x: x.to(dtype=dtype, device=device))


@dataclass
class Records:
    """Rank-one records (α, k, u) of eq. 3, head-first [..., M, ·]; the window buffer holds these."""

    log_alpha: torch.Tensor
    k: torch.Tensor
    u: torch.Tensor

    @property
    def count(self) -> int:
        return self.k.shape[-2]

    @staticmethod
    def empty(batch_shape: torch.Size, dk: int, dv: int, decay_dim: int, dtype: torch.dtype,
              device: torch.device | str | None = None) -> "Records":
        z = lambda d: torch.zeros(*batch_shape, 0, d, dtype=dtype, device=device)  # noqa: E731
        return Records(z(decay_dim), z(dk), z(dv))


def cat_decays(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """Concatenate log decays along records; scalar ([..., 1]) ones widen to meet vector ones."""
    if a.shape[-1] != b.shape[-1]:
        width = max(a.shape[-1], b.shape[-1])
        a, b = a.expand(*a.shape[:-1], width), b.expand(*b.shape[:-1], width)
    return torch.cat([a, b], -2)


@dataclass(frozen=True)
class Dims:
    """Sizes read off a family's inputs: batch, tokens, query/key heads, value heads, dk, dv."""

    B: int
    T: int
    H: int
    HV: int
    K: int
    V: int


def l2norm(x: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    """FLA's in-kernel L2 norm: x / sqrt(Σx² + eps)."""
    return x / torch.sqrt((x * x).sum(-1, keepdim=True) + eps)


def heads_first(x: torch.Tensor) -> torch.Tensor:
    """[B, T, H, D] -> [B, H, T, D]."""
    return x.transpose(1, 2)


@dataclass
class RecurrenceSpec(ABC):
    """A model family: its inputs in FLA's conventions, its general-form steps, its original formula.

    Subclasses set `name`, list their inputs in `input_names`, and implement `_steps` and
    `_reference` on validated, float64, head-first, group-expanded inputs.

    Bad input is an InputError naming the argument: a wrong shape or dtype, a missing or unknown input, NaN or ±Inf
    in any tensor input or the initial state, a decay outside (0, 1], a family's own range (β, ...), no heads or an
    empty key or value dim. Finite inputs are not otherwise bounded: a recurrence that diverges (a delta rule with
    β‖k‖² > 2, say) overflows in its reference as in its steps. An empty sequence (T = 0) has no outputs and keeps
    the initial state.
    """

    name: str = field(init=False, default="")
    summary: str = field(init=False, default="")
    fla_oracle: str | None = field(init=False, default=None)  # the FLA reference that checks it
    substeps: int = 1

    # ---- what a subclass provides -------------------------------------------------------------
    @abstractmethod
    def input_shapes(self, d: Dims) -> dict[str, tuple[int, ...]]:
        """Expected shape of every tensor input (besides q, k, v) for these dims."""

    @abstractmethod
    def _steps(self, x: dict[str, torch.Tensor], d: Dims, scale: float) -> Steps:
        """General-form steps from validated head-first inputs (q, k already expanded to HV heads)."""

    @abstractmethod
    def _reference(self, x: dict[str, torch.Tensor], d: Dims, scale: float, S: torch.Tensor
                   ) -> tuple[torch.Tensor, torch.Tensor]:
        """The family's original formula, token by token, in float64: (o [B,HV,T,V], S [B,HV,K,V])."""

    @abstractmethod
    def random_inputs(self, d: Dims, generator: torch.Generator | None = None,
                      dtype: torch.dtype = torch.float32) -> dict[str, torch.Tensor]:
        """Plausible random inputs in the family's conventions (for checks and tests)."""

    def default_scale(self, K: int) -> float:
        return K ** -0.5

    # ---- shared machinery ---------------------------------------------------------------------
    def dims(self, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> Dims:
        check_tensor("q", q, (None, None, None, None), finite=False)
        B, T, H, K = q.shape
        check_tensor("k", k, self.key_shape(Dims(B, T, H, H, K, 0)), finite=False)
        check_tensor("v", v, (B, self.value_tokens(T), None, None), finite=False)
        HV, V = v.shape[2], v.shape[3]
        if min(H, K, V) < 1:
            raise InputError(f"q, k and v need at least one head and a key and value dim >= 1, got q {list(q.shape)}, "
                             f"v {list(v.shape)}")
        if HV % H != 0:
            raise InputError(f"v has {HV} value heads, which must be a multiple of the {H} query/key heads of q")
        return Dims(B, T, H, HV, K, V)

    def key_shape(self, d: Dims) -> tuple[int | None, ...]:
        return (d.B, d.T, d.H, d.K)

    def value_tokens(self, T: int) -> int:
        return T

    def _prepare(self, inputs: dict[str, Any]) -> tuple[dict[str, torch.Tensor], Dims, float, torch.Tensor]:
        inputs = dict(inputs)
        missing = {"q", "k", "v"} - inputs.keys()
        if missing:
            raise InputError(f"{self.name}: missing input(s) {sorted(missing)}")
        scale = inputs.pop("scale", None)
        use_l2 = bool(inputs.pop("use_qk_l2norm", False))
        S0 = inputs.pop("initial_state", None)
        d = self.dims(inputs["q"], inputs["k"], inputs["v"])
        shapes = self.input_shapes(d)
        unknown = inputs.keys() - {"q", "k", "v"} - shapes.keys()
        if unknown:
            raise InputError(f"{self.name}: unknown input(s) {sorted(unknown)}; expected q, k, v, "
                             f"{', '.join(shapes)}, scale, use_qk_l2norm, initial_state")
        for name, shape in shapes.items():
            if name not in inputs or inputs[name] is None:
                if name in self.optional_inputs():
                    continue
                raise InputError(f"{self.name}: missing input {name!r} of shape {list(shape)}")
            check_tensor(name, inputs[name], shape)
            if name in self.log_decay_inputs():
                check_log_decay(name, inputs[name])
        for name in ("q", "k", "v"):
            check_tensor(name, inputs[name])
        if scale is None:
            scale = self.default_scale(d.K)
        elif not isinstance(scale, (int, float)) or not scale > 0:
            raise InputError(f"scale must be a positive number, got {scale!r}")
        if S0 is None:
            S0 = torch.zeros(d.B, d.HV, d.K, d.V, dtype=torch.float64, device=inputs["q"].device)
        else:
            S0 = check_tensor("initial_state", S0, (d.B, d.HV, d.K, d.V)).to(torch.float64)
        x = {n: t.to(torch.float64) for n, t in inputs.items() if t is not None}
        if use_l2:
            x["q"], x["k"] = l2norm(x["q"]), l2norm(x["k"])
        static = self.static_inputs()
        x = {n: t if n in static else heads_first(t) for n, t in x.items()}
        group = d.HV // d.H
        for n in self.grouped_inputs():
            if n in x and group > 1:
                x[n] = x[n].repeat_interleave(group, dim=1)
        return x, d, float(scale), S0

    def grouped_inputs(self) -> tuple[str, ...]:
        """Inputs with H (not HV) heads, shared by a group of value heads."""
        return ("q", "k")

    def static_inputs(self) -> tuple[str, ...]:
        """Per-head parameters without batch and time dims (RWKV6's u, Mamba2's A and D): checked and
        cast to float64 like the rest, but not transposed to head-first nor group-expanded."""
        return ()

    def log_decay_inputs(self) -> tuple[str, ...]:
        return ("g",)

    def optional_inputs(self) -> tuple[str, ...]:
        return ()

    def steps(self, **inputs: Any) -> Steps:
        """General-form steps (float64, head-first) from the model's own inputs."""
        x, d, scale, _ = self._prepare(inputs)
        return self._steps(x, d, scale)

    def reference(self, **inputs: Any) -> tuple[torch.Tensor, torch.Tensor]:
        """The original formula in float64: o [B, T, HV, V] (FLA layout) and final S [B, HV, K, V]."""
        x, d, scale, S0 = self._prepare(inputs)
        if d.T == 0:                                  # no tokens: no outputs, the state as it was
            return S0.new_zeros(d.B, 0, d.HV, d.V), S0
        o, S = self._reference(x, d, scale, S0)
        return o.transpose(1, 2), S

    def initial_state(self, **inputs: Any) -> torch.Tensor:
        return self._prepare(inputs)[3]
