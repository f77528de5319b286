"""Compensator fitters (docs/math.md §4, eqs. 5, 6 and 13): the rank-r structure moved out of the state before
quantizing.

A fitter returns K [..., dk, r] with orthonormal columns and U = Sᵀ K [..., dv, r], so K Uᵀ is the
projection of S on span(K). `power` runs as a kernel would (a fixed number of iterations, warm-
started from the previous window's keys); `svd` is exact; `rsvd` is torch's randomized low-rank SVD.
"""
from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import asdict, dataclass

import torch

from leapquant.errors import InputError
from leapquant.registry import Registry


def orthonormalize(X: torch.Tensor) -> torch.Tensor:
    """Q of X = QR with R's diagonal made non-negative (what modified Gram–Schmidt yields)."""
    Q, R = torch.linalg.qr(X)
    sign = torch.sign(torch.diagonal(R, dim1=-2, dim2=-1))
    return Q * torch.where(sign == 0, torch.ones_like(sign), sign)[..., None, :]


def unit_scale(X: torch.Tensor, dims: tuple[int, ...] = (-2, -1)) -> torch.Tensor:
    """The power of two 2^-e (keepdim over `dims`) that puts X's largest |entry| in [0.5, 1) — 1 where X is zero, and
    e clamped so that 2^-e is a normal number. Multiplying by it changes no mantissa (bit-exact, barring subnormals):
    the fits are scale-free, so they iterate on X · 2^-e, where S Sᵀ K can neither overflow nor underflow."""
    amax = X.abs().amax(dims, keepdim=True)
    info = torch.finfo(X.dtype)
    e = torch.frexp(amax).exponent.clamp(1 - math.frexp(info.max)[1], 1 - math.frexp(info.tiny)[1])
    e = torch.where(amax > 0, e, torch.zeros_like(e))
    return torch.ldexp(torch.ones_like(amax), -e)


def check_rank(S: torch.Tensor, rank: int) -> None:
    """A fit of `rank` keys on S [..., dk, dv]: 1 <= rank <= min(dk, dv) (orthonormal K [dk, rank], U [dv, rank])."""
    dk, dv = S.shape[-2:]
    if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= min(dk, dv):
        raise InputError(f"rank must be an integer in [1, min(dk, dv) = {min(dk, dv)}] for S of shape "
                         f"{list(S.shape)}, got {rank!r}")


def gram_schmidt(X: torch.Tensor) -> torch.Tensor:
    """Modified Gram–Schmidt on the columns of X [..., K, r], one column after another as the decode kernels run it (the
    same Q as :func:`orthonormalize` in exact arithmetic, R's diagonal >= 0). A column that is exactly zero once the
    earlier ones are projected out stays zero through the loop (the later columns' projections on it are zero) and
    becomes e_a at the end, as in the kernels (kernels/boundary/common.py, mgs_warp): a power iteration from keys that
    are zero — a slot whose buffers an engine zeroed — then revives them instead of keeping them zero for ever; where
    all columns are zero the result is the cold start e_1..e_r. e_a is not made orthogonal to the other columns (a
    branch every kernel would carry): where a rank-deficient input (a request's first tokens) zeroes only some columns
    exactly, K is orthonormal again after the next boundary's iteration, and until then R = S − K Kᵀ S stays no larger
    than S."""
    Q = X.clone()
    dead = torch.zeros(*X.shape[:-2], X.shape[-1], dtype=torch.bool, device=X.device)
    for a in range(X.shape[-1]):
        col = Q[..., :, a]
        for b in range(a):
            qb = Q[..., :, b]
            col = col - (col * qb).sum(-1, keepdim=True) * qb
        nrm = torch.sqrt((col * col).sum(-1, keepdim=True))
        col = torch.where(nrm > 0, col / torch.where(nrm > 0, nrm, torch.ones_like(nrm)), torch.zeros_like(col))
        Q[..., :, a] = col
        dead[..., a] = nrm[..., 0] == 0
    return torch.where(dead[..., None, :], identity_start(X, X.shape[-1]), Q)


ORTHONORMALIZERS: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {"qr": orthonormalize, "mgs": gram_schmidt}
"""The power iteration's orthonormalisations by name (PowerIteration.orth): "mgs" is the kernels' arithmetic."""


class CompensatorFitter(ABC):
    name: str = ""
    graph_safe: bool = False
    """Whether a CUDA graph may replay it (leapquant.cuda_graphs): same kernels, no host sync, no random draw."""

    @abstractmethod
    def keys(self, S: torch.Tensor, rank: int, warm: torch.Tensor | None) -> torch.Tensor:
        """Orthonormal K [..., dk, rank] spanning (approximately) S's top-r left singular space."""

    def fit(self, S: torch.Tensor, rank: int, warm: torch.Tensor | None = None,
            low_rank: tuple[torch.Tensor, torch.Tensor] | None = None) -> tuple[torch.Tensor, torch.Tensor]:
        """(K, U) for S; `low_rank` (A, B), S's buffered part A Bᵀ (window.reconstruct_parts), is there for fitters
        that fit on it (LowRankPowerIteration) — the others fit S."""
        check_rank(S, rank)
        K = self.keys(S, rank, warm)
        return K, self.project(S, K)

    def project(self, S: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
        """U = Sᵀ K: S's projection on span(K) (K orthonormal), in the fitter's arithmetic — also what a boundary
        that keeps the previous keys computes (`Pipeline.refit_every`)."""
        return S.transpose(-1, -2) @ K

    def options(self) -> dict:
        return asdict(self)  # type: ignore[call-overload]


def tf32_truncate(x: torch.Tensor) -> torch.Tensor:
    """x with each element cut to TF32 (10 mantissa bits, round toward zero) — a tensor core's TF32 operand — in x's
    dtype."""
    x32 = x.float().contiguous()
    return (x32.view(torch.int32) & -8192).view(torch.float32).to(x.dtype)


def warm_started_power_iteration(S: torch.Tensor, warm: torch.Tensor | None, rank: int, iters: int,
                                 tf32: bool = False, orth: Callable[[torch.Tensor], torch.Tensor] = orthonormalize
                                 ) -> tuple[torch.Tensor, torch.Tensor]:
    """(K, U) of :func:`power_iteration` from the previous window's keys `warm`, or from the cold start e_1..e_r
    (warm None). The pipeline's PowerIteration and the kernels' reference (`naive.fit_compensators`) both fit through
    it. No key comes out zero — not even from a zero state (a fresh request's) or zero warm keys (a slot an engine
    zeroed): both orthonormalisations complete a zero column (torch's QR; :func:`gram_schmidt` by e_a), and from a
    zero key a warm-started iteration would never move again."""
    K0 = identity_start(S, rank) if warm is None else warm.to(S.dtype)
    return power_iteration(S, K0, iters, tf32, orth)


def identity_start(S: torch.Tensor, rank: int) -> torch.Tensor:
    """The cold start e_1..e_r [..., dk, rank] of a power iteration on S [..., dk, dv]."""
    K = torch.zeros(*S.shape[:-1], rank, dtype=S.dtype, device=S.device)
    K[..., torch.arange(rank), torch.arange(rank)] = 1.0
    return K


def power_iteration(S: torch.Tensor, K: torch.Tensor, iters: int, tf32: bool = False,
                    orth: Callable[[torch.Tensor], torch.Tensor] = orthonormalize) -> tuple[torch.Tensor, torch.Tensor]:
    """K ← orth(S Sᵀ K) `iters` times, then U = Sᵀ K: (K, U). tf32 cuts every mat-vec's operands to TF32 first.
    One body for the pipeline's fitter and the kernels' reference (which passes the kernel's Gram–Schmidt as
    `orth`), so that the two cannot drift apart. The iteration runs on S · unit_scale(S) (a power of two: K is
    scale-free, and the products then stay finite for every finite S); U is S's own."""
    tr = tf32_truncate if tf32 else (lambda x: x)
    if iters:   # on S scaled by a power of two (unit_scale: the same bits, but S Sᵀ K cannot overflow)
        Sm = tr(S * unit_scale(S))
        St = Sm.transpose(-1, -2)
        for _ in range(iters):
            K = orth(Sm @ tr(St @ tr(K)))
    return K, tr(S).transpose(-1, -2) @ tr(K)


@dataclass
class PowerIteration(CompensatorFitter):
    """K ← orth(S Sᵀ K), `iters` times, from the previous window's K (cold start: e_1..e_r). tf32: every mat-vec's
    operands cut to TF32 first (docs/math.md eq. 15), as the boundary kernels' tensor cores take them — so that the
    simulator measures what that arithmetic costs in accuracy."""

    iters: int = 2
    tf32: bool = False
    orth: str = "qr"   # "qr": torch's (LAPACK); "mgs": column by column, as the decode kernels (eq. 14)
    name = "power"
    graph_safe = True

    def __post_init__(self) -> None:
        if isinstance(self.iters, bool) or not isinstance(self.iters, int) or self.iters < 1:
            raise InputError(f"fitter_options.iters must be an integer >= 1, got {self.iters!r}")
        if not isinstance(self.tf32, bool):
            raise InputError(f"fitter_options.tf32 must be true or false, got {self.tf32!r}")
        if self.orth not in ORTHONORMALIZERS:
            raise InputError(f"fitter_options.orth must be one of {list(ORTHONORMALIZERS)}, got {self.orth!r}")

    def fit(self, S, rank, warm=None, low_rank=None):
        check_rank(S, rank)
        return warm_started_power_iteration(S, warm, rank, self.iters, self.tf32, ORTHONORMALIZERS[self.orth])

    def keys(self, S, rank, warm):
        return self.fit(S, rank, warm)[0]

    def project(self, S, K):
        return power_iteration(S, K.to(S.dtype), 0, self.tf32)[1]


def low_rank_power_iteration(A: torch.Tensor, B: torch.Tensor, S: torch.Tensor, K: torch.Tensor, iters: int,
                             orth: Callable[[torch.Tensor], torch.Tensor] = orthonormalize
                             ) -> tuple[torch.Tensor, torch.Tensor]:
    """K ← orth(L Lᵀ K) `iters` times on L = A Bᵀ in factored form — A (Bᵀ (B (Aᵀ K))): four products of dk or dv
    by M = r + p by r, where S Sᵀ K costs two of dk by dv by r — then U = Sᵀ K of the whole state: (K, U)."""
    A, B = A * unit_scale(A), B * unit_scale(B)   # powers of two: the same keys, products that stay finite
    At, Bt = A.transpose(-1, -2), B.transpose(-1, -2)
    for _ in range(iters):
        K = orth(A @ (Bt @ (B @ (At @ K))))
    return K, S.transpose(-1, -2) @ K


def scaled_cholesky(G: torch.Tensor, tau: float) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(dv, L, ok) of a Gram matrix G [..., r, r] as the decode kernels factor it (scaled_cholesky_warp in
    kernels/boundary/common.py), from its lower triangle G[a, b <= a]: dv = diag(G)^(-1/2) (0 where the diagonal is not
    positive), L the Cholesky factor of D G D with unit diagonal — L[a, b < a], and L[a, a] holding 1 / the diagonal
    entry —, ok where every pivot 1 − Σ_b L[a, b]² is at least `tau`."""
    r = G.shape[-1]
    diag = torch.diagonal(G, dim1=-2, dim2=-1)
    dv = torch.where(diag > 0, torch.rsqrt(torch.where(diag > 0, diag, torch.ones_like(diag))), torch.zeros_like(diag))
    L = torch.zeros_like(G)
    ok = torch.ones(G.shape[:-2], dtype=torch.bool, device=G.device)
    for a in range(r):
        for b in range(a):
            v = G[..., a, b] * dv[..., a] * dv[..., b]
            for c in range(b):
                v = v - L[..., a, c] * L[..., b, c]
            L[..., a, b] = v * L[..., b, b]
        piv = torch.ones_like(dv[..., a])
        for b in range(a):
            piv = piv - L[..., a, b] * L[..., a, b]
        ok = ok & (piv >= tau)
        L[..., a, a] = torch.rsqrt(piv.clamp_min(tau))
    return dv, L, ok


def cholesky_solve_rows(X: torch.Tensor, dv: torch.Tensor, L: torch.Tensor) -> torch.Tensor:
    """X D L⁻ᵀ for X [..., n, r] by forward substitution along each row (column a after columns b < a), as the
    kernels run it per lane: q_a = (x_a d_a − Σ_{b<a} q_b L[a, b]) · (1 / L[a, a])."""
    Q = torch.empty_like(X)
    for a in range(X.shape[-1]):
        v = X[..., :, a] * dv[..., a, None]
        for b in range(a):
            v = v - Q[..., :, b] * L[..., a, b, None]
        Q[..., :, a] = v * L[..., a, a, None]
    return Q


def coefficient_power_iteration(A: torch.Tensor, B: torch.Tensor, S: torch.Tensor, rank: int, iters: int,
                                tau: float = 1e-3, tf32: bool = False,
                                fallback: Callable[[], tuple[torch.Tensor, torch.Tensor]] | None = None
                                ) -> tuple[torch.Tensor, torch.Tensor]:
    """The power iteration on L = A Bᵀ in the coefficient space of A (K = A C; docs/math.md eq. 22 with
    `form="coefficients"`): Ga = AᵀA, Gb = BᵀB; from C = [I; 0] (A's first r columns: the previous keys decayed through
    the window), `iters` times Y = Gb (Ga C), then C = Y D L⁻ᵀ with (D, L) the scaled Cholesky factor of Yᵀ Ga Y (K's
    columns orthonormal: MGS's Q in exact arithmetic), Ga C carried along (X = Z D L⁻ᵀ, Z = Ga Y) so that an iteration
    is two M × M by r products; U = Sᵀ K (its operands cut to TF32 with `tf32`, as the kernels' Û product). Where a
    pivot falls below `tau` or a diagonal is not positive (nearly dependent columns; zero keys and zero records), that
    state's (K, U) come from `fallback()` (e.g. the S_p iteration); None: the factored iteration
    (`low_rank_power_iteration`, torch's QR). Both are computed and selected on the device: no host sync."""
    As, Bs = A * unit_scale(A), B * unit_scale(B)   # powers of two: the same K = As C, Gram matrices that stay finite
    Ga = As.transpose(-1, -2) @ As
    Gb = Bs.transpose(-1, -2) @ Bs
    X = Ga[..., :, :rank]
    Y = X
    ok = torch.ones(Ga.shape[:-2], dtype=torch.bool, device=A.device)
    for _ in range(iters):
        Y = Gb @ X
        Z = Ga @ Y
        G = Y.transpose(-1, -2) @ Z
        dv, L, okc = scaled_cholesky(G, tau)
        ok = ok & okc & (torch.diagonal(G, dim1=-2, dim2=-1) > 0).all(-1)
        Y = cholesky_solve_rows(Y, dv, L)
        X = cholesky_solve_rows(Z, dv, L)
    K = As @ Y
    U = power_iteration(S, K, 0, tf32)[1]
    Kf, Uf = fallback() if fallback is not None else low_rank_power_iteration(A, B, S, A[..., :rank], iters)
    okx = ok[..., None, None]
    return torch.where(okx, K, Kf.to(K.dtype)), torch.where(okx, U, Uf.to(U.dtype))


@dataclass
class LowRankPowerIteration(CompensatorFitter):
    """The warm-started power iteration run on the boundary state's buffered part L = A Bᵀ only — the previous
    compensators and the window's records, decayed to its end, rank <= r + p — instead of on S_p; U = S_pᵀ K still
    projects the whole state, so the quantized residual stays orthogonal to K. Why: on a GPU the iteration on the
    dense S_p is most of a boundary's work, and the decayed residual Γ Ŝ_0 it ignores was left structureless by the
    previous fit (on the trained models: state error +0.8–2 % over `power`, bits per byte level). A boundary
    without a buffer (a stream's first state) fits S as `power` does. `start`: the iteration's warm start — "keys",
    the previous keys; "decayed", the buffer's first r key columns, i.e. the previous keys decayed through the window
    (the same direction under a scalar decay; what a kernel iterating in span(A) starts from). `form`:
    "factored", A (Bᵀ (B (Aᵀ K))) with `orth` (docs/math.md eq. 22); "coefficients", the same iteration in A's
    coefficient space (`coefficient_power_iteration`: Gram matrices, scaled Cholesky; needs start "decayed").
    `fallback` (form "coefficients"): where its Cholesky fails, "factored" — the factored iteration, torch's QR — or
    "state" — the power iteration on S_p with `orth` and `tf32`. `tf32` (fallback "state"): U's product and the
    fall-back's with TF32 operands (docs/math.md eq. 15), the kernels' tensor-core arithmetic."""

    iters: int = 2
    orth: str = "qr"
    start: str = "keys"
    form: str = "factored"
    fallback: str = "factored"
    tf32: bool = False
    name = "lowrank"
    graph_safe = True

    def __post_init__(self) -> None:
        if isinstance(self.iters, bool) or not isinstance(self.iters, int) or self.iters < 1:
            raise InputError(f"fitter_options.iters must be an integer >= 1, got {self.iters!r}")
        if self.orth not in ORTHONORMALIZERS:
            raise InputError(f"fitter_options.orth must be one of {list(ORTHONORMALIZERS)}, got {self.orth!r}")
        if self.start not in ("keys", "decayed"):
            raise InputError(f"fitter_options.start must be 'keys' or 'decayed', got {self.start!r}")
        if self.form not in ("factored", "coefficients"):
            raise InputError(f"fitter_options.form must be 'factored' or 'coefficients', got {self.form!r}")
        if self.fallback not in ("factored", "state"):
            raise InputError(f"fitter_options.fallback must be 'factored' or 'state', got {self.fallback!r}")
        if not isinstance(self.tf32, bool):
            raise InputError(f"fitter_options.tf32 must be true or false, got {self.tf32!r}")
        if self.form == "coefficients" and self.start != "decayed":
            raise InputError("fitter_options.form 'coefficients' iterates in span(A): it needs start 'decayed', "
                             f"got {self.start!r}")
        if self.form != "coefficients" and (self.fallback != "factored" or self.tf32):
            raise InputError("fitter_options.fallback and tf32 belong to form 'coefficients' (the kernel's "
                             f"arithmetic), got form {self.form!r} with fallback {self.fallback!r}, tf32 {self.tf32!r}")
        if self.form == "coefficients" and self.fallback == "factored" and (self.orth != "qr" or self.tf32):
            raise InputError("fitter_options.form 'coefficients' with fallback 'factored' orthonormalises by its own "
                             "scaled Cholesky (torch's QR where that falls back): orth must be left at 'qr' and tf32 "
                             f"off, got orth {self.orth!r}, tf32 {self.tf32!r} (fallback 'state' takes both)")

    def fit(self, S, rank, warm=None, low_rank=None):
        check_rank(S, rank)
        orth = ORTHONORMALIZERS[self.orth]
        if low_rank is None:
            return warm_started_power_iteration(S, warm, rank, self.iters, self.tf32, orth)
        if warm is not None and self.form == "coefficients":
            fallback = None
            if self.fallback == "state":
                def fallback():
                    return warm_started_power_iteration(S, warm, rank, self.iters, self.tf32, orth)
            return coefficient_power_iteration(*low_rank, S, rank, self.iters, tf32=self.tf32, fallback=fallback)
        if warm is None:
            K0 = identity_start(S, rank)
        else:   # (the buffer's head holds the previous compensators: its first r columns are their decayed keys)
            K0 = low_rank[0][..., :rank] if self.start == "decayed" else warm.to(S.dtype)
        return low_rank_power_iteration(*low_rank, S, K0, self.iters, orth)

    def keys(self, S, rank, warm):
        return self.fit(S, rank, warm)[0]


@dataclass
class ExactSVD(CompensatorFitter):
    """The best rank-r approximation (Eckart–Young): the reference the others are judged by."""

    name = "svd"   # not graph_safe: torch.linalg.svd on CUDA checks convergence on the host

    def keys(self, S, rank, warm):
        return torch.linalg.svd(S * unit_scale(S), full_matrices=False)[0][..., :rank]   # (LAPACK fails on huge S)


@dataclass
class RandomizedSVD(CompensatorFitter):
    """Halko et al.'s randomized SVD through `torch.svd_lowrank` (oversampled, a few power steps)."""

    oversample: int = 4
    niter: int = 2
    name = "rsvd"

    def __post_init__(self) -> None:
        for name in ("oversample", "niter"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise InputError(f"fitter_options.{name} must be an integer >= 0, got {v!r}")

    def keys(self, S, rank, warm):
        q = min(rank + self.oversample, *S.shape[-2:])
        flat = (S * unit_scale(S)).reshape(-1, *S.shape[-2:])
        U = torch.stack([torch.svd_lowrank(m, q=q, niter=self.niter)[0][:, :rank] for m in flat])
        return orthonormalize(U.reshape(*S.shape[:-1], rank))


_REGISTRY: Registry[CompensatorFitter] = Registry("fitter", "fitter_options", {
    "power": PowerIteration, "lowrank": LowRankPowerIteration, "svd": ExactSVD, "rsvd": RandomizedSVD})
names = _REGISTRY.names
get = _REGISTRY.get
