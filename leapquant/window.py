"""The windowed state every family shares (docs/math.md §3, eqs. 4 and 10): a boundary state Ŝ_0 plus a buffer of
records.

Within a window the state is never formed: S_ℓ = Γ_{1:ℓ} Ŝ_0 + Σ_j Γ_{j+1:ℓ} k_j u_jᵀ (eq. 4), and a
read Sᵀx goes through Ŝ_0ᵀ(Γ x) plus the records (eq. 10). Compensator tokens are records with
identity decay at the head of the buffer, so the same code serves plain and compensated windows.
All functions are batched over any leading dims ([batch, heads], [layers, batch, heads], ...).
"""
from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, replace

import torch

from leapquant.errors import InputError
from leapquant.formats.base import deferred_finite_checks
from leapquant.recurrences.base import Records, Steps, cat_decays
from leapquant.validation import check_positive_int


def _cum_log_decay(log_alpha: torch.Tensor) -> torch.Tensor:
    """G[..., i, :] = Σ_{l<=i} log α_l for i = 0..M (G_0 = 0): Γ_{j+1:i} = exp(G_i − G_j)."""
    zero = log_alpha.new_zeros(*log_alpha.shape[:-2], 1, log_alpha.shape[-1])
    return torch.cat([zero, torch.cumsum(log_alpha, -2)], -2)


def _record_weights(G: torch.Tensor, k: torch.Tensor, x: torch.Tensor, as_of: torch.Tensor) -> torch.Tensor:
    """A[..., i, j] = k_jᵀ Γ_{j+1:a_i} x_i for records j <= a_i, else 0 (shape [..., X, M])."""
    M = k.shape[-2]
    j = torch.arange(1, M + 1, device=k.device)
    live = j[None, :] <= as_of[:, None]                                   # [X, M]
    Ga = G[..., as_of, :]                                                 # [..., X, d]
    Gj = G[..., 1:, :]                                                    # [..., M, d]
    expo = Ga[..., :, None, :] - Gj[..., None, :, :]                      # [..., X, M, d]
    expo = expo.masked_fill(~live[..., None], float("-inf"))
    if G.shape[-1] == 1:  # scalar decay: the weight factors out of the dot product
        return (x @ k.transpose(-1, -2)) * torch.exp(expo[..., 0])
    return torch.einsum("...xd,...md,...xmd->...xm", x, k, torch.exp(expo))


def readout(S0: torch.Tensor, buffer: Records, x: torch.Tensor, as_of: torch.Tensor) -> torch.Tensor:
    """S_aᵀ x for each row x_i of x [..., X, dk], where a_i = as_of[i] records of the buffer apply."""
    G = _cum_log_decay(buffer.log_alpha)
    P = (torch.exp(G[..., as_of, :]) * x) @ S0                          # [..., X, dv]
    return P + _record_weights(G, buffer.k, x, as_of) @ buffer.u


LowRank = tuple[torch.Tensor, torch.Tensor]
"""(A [..., dk, M], B [..., dv, M]): a state's buffered part A Bᵀ, of rank <= M (`reconstruct_parts`)."""


def reconstruct_parts(S0: torch.Tensor, buffer: Records) -> tuple[torch.Tensor, LowRank]:
    """(S, (A, B)): the state after every buffered record (eq. 4 / eq. 7), formed only at a boundary, and its low-rank
    part L = A Bᵀ — the records (compensators first) decayed to the window's end, S = Γ Ŝ_0 + L. A fitter may fit the
    compensators on L's factors instead of S (fitters.LowRankPowerIteration)."""
    G = _cum_log_decay(buffer.log_alpha)
    GM = G[..., -1:, :]                                                   # [..., 1, d]
    A = (buffer.k * torch.exp(GM - G[..., 1:, :])).transpose(-1, -2)     # [..., dk, M]
    B = buffer.u.transpose(-1, -2)                                        # [..., dv, M]
    return torch.exp(GM).transpose(-1, -2) * S0 + A @ buffer.u, (A, B)


def reconstruct(S0: torch.Tensor, buffer: Records) -> torch.Tensor:
    """The state after every buffered record (eq. 4 / eq. 7), formed only at a boundary."""
    return reconstruct_parts(S0, buffer)[0]


@dataclass(frozen=True)
class RecordPrecision:
    """How buffered records are stored: k and u (FP16 in the method), log α (FP32). None = exact."""

    vectors: torch.dtype | None = torch.float16
    decay: torch.dtype | None = torch.float32

    def round(self, x: torch.Tensor, dtype: torch.dtype | None) -> torch.Tensor:
        return x if dtype is None else x.to(dtype).to(x.dtype)


EXACT = RecordPrecision(None, None)


def advance(S0: torch.Tensor, buffer: Records, steps: Steps, precision: RecordPrecision = EXACT
            ) -> tuple[Records, torch.Tensor]:
    """Append the records of `steps` (whole tokens) to the buffer; return (buffer, outputs [..., T, dv]).

    u_i = β_i (v_i − S_{i-1}ᵀ b_i) is computed from the eq.-4 state of the buffer — boundary plus
    stored records, never a re-quantized state. With exact precision the new u's come from one
    unit-triangular solve; with rounded records each u_i is rounded before the next one reads it,
    as a kernel that stores FP16 records does.
    """
    m, n = buffer.count, steps.num_records
    dt = S0.dtype
    new_la = precision.round(steps.log_alpha.to(dt), precision.decay)
    new_k = precision.round(steps.k.to(dt), precision.vectors)
    log_alpha = cat_decays(buffer.log_alpha, new_la)
    G = _cum_log_decay(log_alpha)
    k_all = torch.cat([buffer.k, new_k], -2)
    beta, v = steps.beta.to(dt), steps.v.to(dt)
    if steps.b is None:
        u_new = precision.round(beta * v, precision.vectors)
    else:
        b = steps.b.to(dt)
        as_of = torch.arange(m, m + n, device=S0.device)                 # record i reads S_{i-1}
        P = (torch.exp(G[..., as_of, :]) * b) @ S0
        A = _record_weights(G, k_all, b, as_of)                           # [..., n, m + n]
        rhs = beta * (v - P - A[..., :m] @ buffer.u)
        A_new = beta * A[..., m:]                                         # strictly lower triangular
        if n == 1:
            u_new = precision.round(rhs, precision.vectors)
        elif precision.vectors is None:
            eye = torch.eye(n, dtype=dt, device=S0.device)
            u_new = torch.linalg.solve_triangular(eye + A_new, rhs, upper=False, unitriangular=True)
        else:
            u_new = torch.empty_like(rhs)
            for i in range(n):
                u_i = rhs[..., i, :] - (A_new[..., i, None, :i] @ u_new[..., :i, :])[..., 0, :]
                u_new[..., i, :] = precision.round(u_i, precision.vectors)
    buffer = Records(log_alpha, k_all, torch.cat([buffer.u, u_new], -2))
    as_of = m + steps.read_index()
    q = steps.q.to(dt)
    out = readout(S0, buffer, q, as_of)
    if steps.out_extra is not None:
        out = out + steps.out_extra.to(dt)
    return buffer, out


def _per_step(steps: Steps, state: "WindowedState", boundary: "Boundary", precision: RecordPrecision
              ) -> tuple[torch.Tensor, "WindowedState"]:
    """Per-step quantization (window 1, no compensator records) with the state formed every token.

    The same arithmetic as `advance` with one token's records, in a handful of tensor ops per
    sub-step: this is the path every per-step baseline takes, so it must be cheap. The state is
    quantized once per token, after all its sub-steps. Stops early (the output then covers only the
    tokens done) if the boundary hands back compensator records, which the general path then handles.
    """
    dt = state.S0.dtype
    n, read_after = steps.substeps, steps.read_after
    alpha = torch.exp(precision.round(steps.log_alpha.to(dt), precision.decay)).unbind(-2)
    k = precision.round(steps.k.to(dt), precision.vectors).unbind(-2)
    b = None if steps.b is None else steps.b.to(dt).unbind(-2)
    beta, v, q = steps.beta.to(dt).unbind(-2), steps.v.to(dt).unbind(-2), steps.q.to(dt).unbind(-2)
    S = state.S0
    outs = []
    for t in range(steps.num_tokens):
        if read_after == 0:
            outs.append((q[t][..., None, :] @ S)[..., 0, :])
        for i in range(t * n, t * n + n):
            rhs = v[i] if b is None else v[i] - (b[i][..., None, :] @ S)[..., 0, :]
            u = precision.round(beta[i] * rhs, precision.vectors)
            S = torch.addcmul(alpha[i][..., :, None] * S, k[i][..., :, None], u[..., None, :])
            if i - t * n + 1 == read_after:
                outs.append((q[t][..., None, :] @ S)[..., 0, :])
        S, comp = boundary(S)
        state = WindowedState(S, comp, 0)
        if comp.count:
            break
    out = torch.stack(outs, -2)
    if steps.out_extra is not None:
        out = out + steps.out_extra[..., : out.shape[-2], :].to(dt)
    return out, state


Boundary = Callable[..., tuple[torch.Tensor, Records]]
"""At a window's end: reconstructed S_p (and, where the state had a buffer, its low-rank part: `LowRank`, or None)
-> (the next window's Ŝ_0 as used in reads, compensator records)."""


def exact_boundary(S: torch.Tensor, low_rank: LowRank | None = None) -> tuple[torch.Tensor, Records]:
    """Keep the state as it is: no quantization, no compensators."""
    return S, Records.empty(S.shape[:-2], S.shape[-2], S.shape[-1], 1, S.dtype, S.device)


exact_boundary.graph_safe = True  # type: ignore[attr-defined]  (see leapquant.cuda_graphs)


@dataclass
class WindowedState:
    """A boundary state, its buffer, and how many tokens of the current window are in the buffer.

    With a lagged boundary (`evolve(..., lag=L)`), the next window's start is built at the window's end but `pending`
    for L more tokens, which still read the old boundary and its buffer (then holding more than a window); the
    `lagged` tokens' records, from buffer index `pending_from` on, move to the new window when it takes over."""

    S0: torch.Tensor
    buffer: Records
    filled: int = 0
    pending: "WindowedState | None" = None
    pending_from: int = 0
    lagged: int = 0

    @staticmethod
    def start(S: torch.Tensor, boundary: Boundary = exact_boundary, low_rank: LowRank | None = None) -> "WindowedState":
        S0, comp = boundary(S, low_rank)
        return WindowedState(S0, comp, 0)

    def take_over(self) -> "WindowedState":
        """The pending window, with the records buffered since the old window's end moved into it (after its
        compensators): `lagged` tokens of it filled."""
        if self.pending is None:
            raise ValueError("take_over: no boundary is pending")
        b, f, nxt = self.buffer, self.pending_from, self.pending.buffer
        moved = Records(cat_decays(nxt.log_alpha, b.log_alpha[..., f:, :]), torch.cat([nxt.k, b.k[..., f:, :]], -2),
                        torch.cat([nxt.u, b.u[..., f:, :]], -2))
        return WindowedState(self.pending.S0, moved, self.lagged)

    def state(self) -> torch.Tensor:
        """The state as the pipeline keeps it; with a boundary pending, the next window's (the quantized boundary
        and the records since), which is what persists — the old representation only serves the lagged reads."""
        if self.pending is not None:
            return self.take_over().state()
        return reconstruct(self.S0, self.buffer)


def evolve(steps: Steps, window: int, state: WindowedState, boundary: Boundary = exact_boundary,
           precision: RecordPrecision = EXACT,
           on_window: Callable[[int, WindowedState], None] | None = None,
           lag: int = 0) -> tuple[torch.Tensor, WindowedState]:
    """Run all tokens of `steps` through windows of `window` tokens; returns outputs and the state.

    The state may start mid-window (`state.filled` tokens already buffered), and the sequence may
    end mid-window: the returned state then still holds a partial buffer. `on_window(t, state)` is
    called after every boundary with the number of tokens consumed so far (with a lag: when the new
    window takes over).

    `lag` (0 <= lag < window): the first `lag` tokens after a window's end still read the old boundary
    and its buffer, while the next boundary state — built from the same S_p — waits; their records
    then move to the new window. What a kernel whose boundary runs beside the next decode step
    computes (docs/math.md eq. 21); 0 is the paper's schedule.
    """
    check_positive_int("window", window)
    if isinstance(lag, bool) or not (isinstance(lag, int) and 0 <= lag < window):
        raise InputError(f"lag must be an integer with 0 <= lag < window = {window}, got {lag!r}")
    if state.pending is not None and not state.lagged < lag:
        raise InputError(f"a boundary is pending after {state.lagged} lagged tokens: evolve it with the lag it was "
                         f"built with (> {state.lagged}), got lag = {lag}")
    if lag or state.pending is not None:
        return _evolve_eager(steps, window, state, boundary, precision, on_window, lag)
    if on_window is None and state.S0.is_cuda:
        from leapquant import cuda_graphs

        if cuda_graphs.usable(state, boundary):
            return cuda_graphs.evolve_graphed(steps, window, state, boundary, precision, _evolve_eager)
    return _evolve_eager(steps, window, state, boundary, precision, on_window)


def _evolve_eager(steps: Steps, window: int, state: WindowedState, boundary: Boundary = exact_boundary,
                  precision: RecordPrecision = EXACT,
                  on_window: Callable[[int, WindowedState], None] | None = None,
                  lag: int = 0) -> tuple[torch.Tensor, WindowedState]:
    T = steps.num_tokens
    # On a GPU, one host sync per quantized state would dominate: collect the checks, raise at the end.
    checks = deferred_finite_checks() if state.S0.is_cuda else contextlib.nullcontext()
    with checks:
        outs = []
        t = 0
        if window == 1 and state.buffer.count == 0 and T:
            out, state = _per_step(steps, state, boundary, precision)
            outs.append(out)
            t = out.shape[-2]
            if on_window is not None and t:
                on_window(t, state)
        while t < T:
            if state.pending is not None:       # lagged tokens: the old boundary and buffer, the new window waiting
                take = min(lag - state.lagged, T - t)
            else:
                take = min(window - state.filled, T - t)
            buffer, out = advance(state.S0, state.buffer, steps.tokens(t, t + take), precision)
            outs.append(out)
            t += take
            if state.pending is not None:
                state = replace(state, buffer=buffer, lagged=state.lagged + take)
                if state.lagged < lag:
                    continue
                state = state.take_over()
            else:
                state = replace(state, buffer=buffer, filled=state.filled + take)
                if state.filled < window:
                    continue
                S, low_rank = reconstruct_parts(state.S0, state.buffer)
                nxt = WindowedState.start(S, boundary, low_rank)
                if lag:
                    state = replace(state, pending=nxt, pending_from=buffer.count, lagged=0)
                    continue
                state = nxt
            if on_window is not None:
                on_window(t, state)
    out = torch.cat(outs, -2) if outs else steps.q.new_zeros(*steps.batch_shape, 0, steps.dv)
    return out, state
