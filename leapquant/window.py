"""The windowed state every family shares (docs/math.md §3, eqs. 4 and 10): a boundary state Ŝ_0 plus a buffer of
records.

Within a window the state is never formed: S_ℓ = Γ_{1:ℓ} Ŝ_0 + Σ_j Γ_{j+1:ℓ} k_j u_jᵀ (eq. 4), and a
read Sᵀx goes through Ŝ_0ᵀ(Γ x) plus the records (eq. 10). Compensator tokens are records with
identity decay at the head of the buffer, so the same code serves plain and compensated windows.
All functions are batched over any leading dims ([batch, heads], [layers, batch, heads], ...).
"""
from __future__ import annotations

import contextlib
import contextvars
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

import torch

from leapquant.errors import InputError, OutOfRangeError
from leapquant.formats.base import FiniteChecks, deferred_finite_checks
from leapquant.recurrences.base import Records, Steps, cat_decays
from leapquant.validation import check_positive_int


def _cum_log_decay(log_alpha: torch.Tensor) -> torch.Tensor:
    """G[..., i, :] = Σ_{l<=i} log α_l for i = 0..M (G_0 = 0): Γ_{j+1:i} = exp(G_i − G_j)."""
    zero = log_alpha.new_zeros(*log_alpha.shape[:-2], 1, log_alpha.shape[-1])
    return torch.cat([zero, torch.cumsum(log_alpha, -2)], -2)


def _record_weights(G: torch.Tensor, k: torch.Tensor, x: torch.Tensor, as_of: torch.Tensor) -> torch.Tensor:
    """A[..., i, j] = k_jᵀ Γ_{j+1:a_i} x_i for records j <= a_i, else exactly 0 (shape [..., X, M]).

    Records after a_i are selected away, not weighted by exp(−inf) = 0: 0 · NaN = NaN would let a later record's
    NaN or Inf (in k or log α) reach an earlier read."""
    M = k.shape[-2]
    j = torch.arange(1, M + 1, device=k.device)
    live = j[None, :] <= as_of[:, None]                                   # [X, M]
    expo = G.index_select(-2, as_of)[..., :, None, :] - G[..., None, 1:, :]   # [..., X, M, d]
    if G.shape[-1] == 1:  # scalar decay: the weight factors out of the dot product
        A = (x @ k.transpose(-1, -2)) * torch.exp(expo[..., 0])
    else:
        A = torch.einsum("...xd,...md,...xmd->...xm", x, k, torch.exp(expo))
    return torch.where(live, A, 0.0)


def _weighted_records(A: torch.Tensor, u: torch.Tensor, as_of: torch.Tensor) -> torch.Tensor:
    """A @ u for A [..., X, M] from `_record_weights`, u [..., M, dv], causal also where u is not finite.

    A plain matmul would add 0 · NaN = NaN from a later record's u into an earlier row. Here the product runs on u
    with its non-finite entries zeroed, and each row i then gets the non-finite entries of u_1..u_{a_i} added back,
    column by column: row i is exactly what it is without the later records, and from the first record with a NaN
    or Inf u on, its columns are non-finite (NaN or ±Inf) as in the recurrence."""
    finite = torch.nan_to_num(u, nan=0.0, posinf=0.0, neginf=0.0)
    poison = torch.nn.functional.pad(u - finite, (0, 0, 1, 0)).cumsum(-2)      # [..., M + 1, dv]: 0 up to the first
    return A @ finite + poison.index_select(-2, as_of)                         # non-finite u_j, NaN or Inf from it


def readout(S0: torch.Tensor, buffer: Records, x: torch.Tensor, as_of: torch.Tensor,
            G: torch.Tensor | None = None) -> torch.Tensor:
    """S_aᵀ x for each row x_i of x [..., X, dk], where a_i = as_of[i] records of the buffer apply (G: the buffer's
    `_cum_log_decay`, where the caller has it).

    Causal: row i reads the boundary and records 1..a_i only; a NaN or Inf in a later record never reaches it."""
    G = _cum_log_decay(buffer.log_alpha) if G is None else G
    P = (torch.exp(G.index_select(-2, as_of)) * x) @ S0                # [..., X, dv]
    return P + _weighted_records(_record_weights(G, buffer.k, x, as_of), buffer.u, as_of)


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


_WIDER = {torch.float16: "records='fp32' or 'bf16'", torch.bfloat16: "records='fp32' or 'exact'",
          torch.float32: "records='exact'"}
_NAMES = {torch.float16: "fp16", torch.bfloat16: "bf16", torch.float32: "fp32"}


def _out_of_range(what: str, dtype: torch.dtype, value: float | None = None) -> str:
    of = "" if value is None else f" of magnitude {value:.1e}"
    return (f"records: a buffered {what} value{of} is beyond {_NAMES.get(dtype, dtype)}'s range "
            f"({torch.finfo(dtype).max:.6g}); use {_WIDER.get(dtype, 'wider records')}, or scale the inputs")


_RECORD_CHECKS: contextvars.ContextVar[FiniteChecks | None] = contextvars.ContextVar("leapquant_record_checks",
                                                                                     default=None)


@contextlib.contextmanager
def deferred_checks() -> Iterator[FiniteChecks]:
    """`formats.base.deferred_finite_checks` (joined where one is open) with the records' range checks in it too:
    one device flag per check, raised after the sync. A record that overflows is checked before the boundary that
    it makes non-finite, so the record's error is the one raised."""
    with deferred_finite_checks() as checks:
        token = _RECORD_CHECKS.set(checks)
        try:
            yield checks
        finally:
            _RECORD_CHECKS.reset(token)


def check_rounded(x: torch.Tensor, rounded: torch.Tensor, what: str, dtype: torch.dtype) -> None:
    """InputError naming the records precision if a finite entry of x became ±Inf when rounded to `dtype`
    (`rounded`: x rounded, in x's dtype). NaN and Inf entries of x are no error: they stay NaN and Inf (declared
    propagation). Inside `deferred_checks` the check is a device flag, raised later."""
    if not x.numel():
        return
    over = torch.isinf(rounded - x)       # finite x, infinite rounding; an Inf x gives Inf − Inf = NaN, a NaN x NaN
    deferred = _RECORD_CHECKS.get()
    if deferred is not None:
        deferred.add(~over.any(), "records", _out_of_range(what, dtype))
    elif bool(over.any()):
        raise OutOfRangeError(_out_of_range(what, dtype, float(x[over].abs().max())))


@dataclass(frozen=True)
class RecordPrecision:
    """How buffered records are stored: k and u (FP16 in the method), log α (FP32). None = exact.

    A finite value beyond the storage dtype's range is an InputError naming the records precision (never a silent
    ±Inf); NaN and Inf values are kept as they are."""

    vectors: torch.dtype | None = torch.float16
    decay: torch.dtype | None = torch.float32

    def round(self, x: torch.Tensor, dtype: torch.dtype | None, what: str = "record") -> torch.Tensor:
        """x rounded to `dtype` (None: x itself), in x's dtype; `what` names x in the out-of-range error."""
        if dtype is None or dtype == x.dtype:
            return x
        rounded = x.to(dtype).to(x.dtype)
        check_rounded(x, rounded, what, dtype)
        return rounded


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
    new_la = precision.round(steps.log_alpha.to(dt), precision.decay, "log α")
    new_k = precision.round(steps.k.to(dt), precision.vectors, "k")
    log_alpha = cat_decays(buffer.log_alpha, new_la)
    G = _cum_log_decay(log_alpha)
    k_all = torch.cat([buffer.k, new_k], -2)
    beta, v = steps.beta.to(dt), steps.v.to(dt)
    if steps.b is None:
        u_new = precision.round(beta * v, precision.vectors, "u")
    else:
        b = steps.b.to(dt)
        as_of = torch.arange(m, m + n, device=S0.device)                 # record i reads S_{i-1}
        P = (torch.exp(G.index_select(-2, as_of)) * b) @ S0
        A = _record_weights(G, k_all, b, as_of)                           # [..., n, m + n]
        rhs = beta * (v - P - A[..., :m] @ buffer.u)
        A_new = beta * A[..., m:]                                         # strictly lower triangular
        if n == 1:
            u_new = precision.round(rhs, precision.vectors, "u")
        elif precision.vectors is None:
            eye = torch.eye(n, dtype=dt, device=S0.device)
            u_new = torch.linalg.solve_triangular(eye + A_new, rhs, upper=False, unitriangular=True)
        else:
            # Row i of A_new weighs u_1..u_{i-1} (its other entries are exact zeros), and u_new holds zeros until a
            # row is written; u_i before rounding is kept in u_raw, for one range check of the window.
            u_raw, u_new = torch.empty_like(rhs), torch.zeros_like(rhs)
            rows = lambda x: x.unsqueeze(-2).unbind(-3)   # noqa: E731  (views [..., 1, ·], one per record)
            raw_i, new_i, A_i, rhs_i = rows(u_raw), rows(u_new), rows(A_new), rows(rhs)
            for i in range(n):
                torch.sub(rhs_i[i], A_i[i] @ u_new, out=raw_i[i])
                new_i[i].copy_(raw_i[i].to(precision.vectors))
            check_rounded(u_raw, u_new, "u", precision.vectors)
    buffer = Records(log_alpha, k_all, torch.cat([buffer.u, u_new], -2))
    as_of = m + steps.read_index()
    q = steps.q.to(dt)
    out = readout(S0, buffer, q, as_of, G)
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
    alpha = torch.exp(precision.round(steps.log_alpha.to(dt), precision.decay, "log α")).unbind(-2)
    k = precision.round(steps.k.to(dt), precision.vectors, "k").unbind(-2)
    b = None if steps.b is None else steps.b.to(dt).unbind(-2)
    beta, v, q = steps.beta.to(dt).unbind(-2), steps.v.to(dt).unbind(-2), steps.q.to(dt).unbind(-2)
    S = state.S0
    outs = []
    for t in range(steps.num_tokens):
        if read_after == 0:
            outs.append((q[t][..., None, :] @ S)[..., 0, :])
        for i in range(t * n, t * n + n):
            rhs = v[i] if b is None else v[i] - (b[i][..., None, :] @ S)[..., 0, :]
            u = precision.round(beta[i] * rhs, precision.vectors, "u")
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

    Bad values in `steps` (which the recurrence specs refuse, but Steps built by hand may hold) stay causal: outputs
    before the first token whose records or query hold a NaN or ±Inf are exactly what they are without it; from that
    token on the outputs that read it are non-finite (NaN or ±Inf, as in the recurrence), and a quantizing boundary
    then refuses the non-finite state (the format's error). A log α of −inf (a zero decay, outside (0, 1]: the specs
    refuse it) makes the outputs from its token on non-finite too, except on the per-step path (window 1, no
    compensators), which applies it as given.
    A finite k, u or log α beyond the records' dtype is an InputError naming the records precision
    (`RecordPrecision`); on CUDA it is a device flag, raised at the end of the call (or of a replayed block).
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
    # On a GPU, one host sync per quantized state or rounded window would dominate: collect the checks, raise at
    # the end.
    checks = deferred_checks() if state.S0.is_cuda else contextlib.nullcontext()
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
