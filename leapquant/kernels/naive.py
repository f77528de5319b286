"""Plain PyTorch reference of the LeapQuant decode step, with the kernels' buffers and layouts.

Same arithmetic as the TileLang kernels in `decode.py` (and as the project's pipeline, MATH.md §3–6):

* Boundary state per (slot, value head): INT8 residual ``Z`` (layout ``[V, K]`` when ``v_first`` —
  vLLM's — else ``[K, V]``), key-row smoothing scales ``c`` FP32 ``[K]``, value-column scales ``B`` FP32
  ``[V]``, ``r`` FP16 compensator records stored as rows: ``Kc`` ``[r, K]`` (= K̃ᵀ), ``Uc`` ``[r, V]`` (= Ũᵀ).
* Record buffer: ``rk`` FP16 ``[p, K]``, ``ru`` FP16 ``[p, V]``, log-decay ``rg`` FP32 ``[p]`` (GDN) or
  ``[p, K]`` (KDA); ``window_pos[slot]`` = records already buffered (0..p-1).
* One decode step at window position m (token ℓ = m + 1), for x ∈ {b = α⊙k, α⊙q·scale}:
  S_mᵀx = B ⊙ (Zᵀ(c ⊙ Γ_{1:m}x))/127 + Ũ(K̃ᵀΓ_{1:m}x) + Σ_{j≤m} u_j (k_jᵀ Γ_{j+1:m}x)   (eq. 11)
  u = fp16(β(v − S_mᵀb)),  o = S_mᵀ(α⊙q·scale) + u (fp16(k)ᵀ q·scale); append (g, fp16(k), u).
  Decay products are exp of differences of FP32 prefix sums of the buffered log-decays.
* When the p-th record is appended: reconstruct S_p (eq. 7), refit (power iteration warm-started
  from the stored K̃, MGS), smooth, quantize, write, empty the buffer (window_pos ← 0).

``mode`` selects the paper's Table-2 variants of the per-window state: ``"leap"`` (INT8 + r
compensators + smoothing), ``"window_bf16"`` (boundary state BF16 in ``Z``, no compensators, no
smoothing). Per-step variants are in :func:`perstep_step_ref`. ``zfmt`` is the residual's element format
in mode ``"leap"``: ``"int8"`` (Z = round(Y · 127 / B_j), the default), ``"int4"`` (Z = round(Y · 7 / B_j), two
codes per byte along the layout's last axis, the even index in the low nibble: ``pack_nibbles``) or
``"fp8e4m3"`` (Z = E4M3(Y · 448 / B_j), round to nearest even; Hopper and Blackwell convert it in hardware);
the scales are the same.
"""
from __future__ import annotations

from dataclasses import dataclass

import torch

from leapquant.fitters import (cholesky_solve_rows, coefficient_power_iteration, gram_schmidt, identity_start,
                               scaled_cholesky, warm_started_power_iteration)   # the pipeline's fit, its Gram–Schmidt

EPS_C = 1e-8
QMAX = {"int8": 127.0, "int4": 7.0, "fp8e4m3": 448.0}
"""The largest residual code of each element format: column j of the smoothed residual maps B_j to it."""
CODE_DTYPE = {"int8": torch.int8, "int4": torch.int8, "fp8e4m3": torch.float8_e4m3fn}
"""The dtype of the residual's codes in logical [K, V] form."""
ZDTYPE = {"int8": torch.int8, "int4": torch.uint8, "fp8e4m3": torch.float8_e4m3fn}
"""The dtype of the stored residual: INT4 codes packed two per byte (``pack_nibbles``)."""


def pack_nibbles(codes: torch.Tensor) -> torch.Tensor:
    """INT4 codes in −7..7, int8 [..., n] (n even) -> uint8 [..., n/2]: code 2b in the low nibble of byte b."""
    lo = codes[..., 0::2].to(torch.int32) & 15
    hi = codes[..., 1::2].to(torch.int32) & 15
    return (lo | (hi << 4)).to(torch.uint8)


def unpack_nibbles(packed: torch.Tensor) -> torch.Tensor:
    """uint8 [..., n/2] -> int8 codes [..., n] (two's-complement nibbles, the low one first)."""
    x = packed.to(torch.int32)
    both = torch.stack([x & 15, (x >> 4) & 15], -1).flatten(-2)
    return torch.where(both >= 8, both - 16, both).to(torch.int8)


# ----------------------------------------------------------------------------- boundary arithmetic
FIXED_SCALE = 4190000.0
"""|y| · sc stays below 2^22 (the float trick's range) after rounding: sc = FIXED_SCALE / max|y|."""
FIXED_MAGIC = 12582912.0
"""1.5 · 2^23: y · sc + FIXED_MAGIC, rounded once (an FMA), has u = round(y · sc) + 2^22 in its low 23 bits."""


def zdot_int8_mma(Z: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """Z @ y for INT8 codes Z [..., V, K] and FP32 vectors y [..., K], by the tensor-core decode's arithmetic
    (decode_pipelined, ``pipe_zmma``): y in 22-bit fixed point — u = round(y · sc) + 2^22 from the bits of one
    FP32 FMA —, its three bytes as signed digits s_j = u_j − 128 (INT8 mma operands), exact INT32 sums
    D_j = Z s_j and R = Z 1 on the tensor cores, then Σ_k Z_k round(y_k sc) = A0 + 256 A1 + 65536 A2 with
    A0 = D0 + 128 R, A1 = D1 + 128 R, A2 = D2 + 64 R (exact integers), added in FP32 as the kernel adds them
    (A0 + 256 A1 on one lane, 65536 A2 on the next), and divided by sc. Error: |y_k − round(y_k sc)/sc| ≤
    max|y| / 8.4e6 per element — FP32-level, not the exact FP32 dot product: the kernels' tests hold it to the
    FP32 reference at 1e-3 like every other path; this function holds the digit bookkeeping to Z @ y."""
    y = y.to(torch.float32)
    mx = y.abs().amax(-1, keepdim=True).clamp_min(1e-30)
    sc = (FIXED_SCALE / mx).to(torch.float32)
    f = (y.double() * sc.double() + FIXED_MAGIC).to(torch.float32)       # one rounding, as the FMA
    u = f.view(torch.int32).long() & 0x7FFFFF
    digits = [((u >> (8 * j)) & 0xFF) - 128 for j in range(3)]           # s_j, in −128..127
    Zl = Z.long()
    D = [(Zl * d.unsqueeze(-2)).sum(-1) for d in digits]                 # exact integer sums
    R = Zl.sum(-1)
    A0, A1, A2 = D[0] + 128 * R, D[1] + 128 * R, D[2] + 64 * R
    f32 = torch.float32
    even = A0.to(f32) + 256.0 * A1.to(f32)
    odd = 65536.0 * A2.to(f32)
    return (even + odd) * (1.0 / sc)


orthonormalise = gram_schmidt
"""The kernels' Gram–Schmidt (fitters.gram_schmidt, the pipeline's PowerIteration(orth="mgs")): QR with R's diagonal
≥ 0; a column left exactly zero becomes e_a."""


CHOL_TAU = 1e-3
"""The smallest pivot :func:`orthonormalise_chol` accepts (the kernel's boundary_common.CHOL_TAU)."""


def orthonormalise_chol(X: torch.Tensor, tau: float = CHOL_TAU) -> torch.Tensor:
    """Scaled Cholesky QR of the columns of X [..., K, r] (FP32), the v12 boundary's `bchol` arithmetic
    (boundary_common.cholqr_warp): D = diag(XᵀX)^(-1/2) (0 for a zero column), L the Cholesky factor of D XᵀX D with
    unit diagonal, Q = X D L⁻ᵀ by forward substitution; where a pivot 1 − Σ_b L[a, b]² falls below `tau`, MGS
    (:func:`orthonormalise`) instead. The same Q as MGS in exact arithmetic; a zero column becomes e_a at the end,
    as in MGS."""
    r = X.shape[-1]
    dv, L, ok = scaled_cholesky(X.transpose(-1, -2) @ X, tau)
    Q = cholesky_solve_rows(X, dv, L)
    Q = torch.where(dv[..., None, :] > 0, Q, identity_start(X, r))   # zero columns: e_a at the end (as MGS)
    if bool(ok.all()):
        return Q
    return torch.where(ok[..., None, None], Q, orthonormalise(X))


ORTH = {"mgs": orthonormalise, "chol": orthonormalise_chol}
"""The refit's orthonormalisations by name (LeapState.orth; DecodeConfig.bchol picks "chol")."""


def fit_compensators(S: torch.Tensor, K_prev: torch.Tensor | None, r: int, iters: int = 2, tf32: bool = False,
                     orth: str = "mgs") -> tuple[torch.Tensor, torch.Tensor]:
    """Power iteration on S [..., K, V] (FP32): returns (K̃ [..., K, r] FP16, Ũ [..., V, r] FP16). tf32: every mat-vec's
    operands truncated to TF32 first (products exact in FP32, sums in FP32) — the v11 boundary's arithmetic
    (PowerIteration(tf32=True) in the pipeline). orth: the orthonormalisation after each iteration (ORTH)."""
    if orth not in ORTH:
        raise ValueError(f"orth must be one of {list(ORTH)}, got {orth!r}")
    Kx, U = warm_started_power_iteration(S.float(), None if K_prev is None else K_prev.float(), r, iters, tf32,
                                         ORTH[orth])
    return Kx.half(), U.half()


def staged_factors(st: "LeapState", slots: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """The window's end as factors, S_p = Γ_P Ŝ_0 + A Bᵀ: (A [n, HV, K, r + p] FP32, B [n, HV, V, r + p] FP32) — terms
    0..r−1 the compensators (keys decayed by Γ_P), then the p records (keys decayed to the window's end) — as the v12
    boundary stages them in shared memory (boundary_common.factor_terms): a key factor as its hi + lo fp16 halves."""
    G = _prefix(st, slots)                                                   # [n, HV, p+1, d]
    GP = G[..., -1:, :]
    kc = torch.exp(GP) * st.Kc[slots].float()                                # [n, HV, r, K]
    kd = torch.exp(GP - G[..., 1:, :]) * st.rk[slots].float()                # [n, HV, p, K]
    x = torch.cat([kc, kd], -2)
    hi = x.half()
    lo = (x - hi.float()).half()
    A = (hi.float() + lo.float()).transpose(-1, -2)
    B = torch.cat([st.Uc[slots], st.ru[slots]], -2).float().transpose(-1, -2)
    return A, B


def fit_compensators_records(S: torch.Tensor, A: torch.Tensor, B: torch.Tensor, K_prev: torch.Tensor | None, r: int,
                             iters: int = 2, tf32: bool = False, orth: str = "mgs", tau: float = CHOL_TAU
                             ) -> tuple[torch.Tensor, torch.Tensor]:
    """The records-only refit (DecodeConfig.brecords): :func:`fitters.coefficient_power_iteration` on the factors of
    :func:`staged_factors` — the power iteration on L = A Bᵀ in A's coefficient space from the previous keys decayed
    through the window, the scaled Cholesky factor of Yᵀ Ga Y after each iteration, Û = Sᵀ K̂ as
    :func:`fit_compensators` projects — and where a pivot falls below `tau` or a diagonal is not positive (zero keys
    and records; dependent columns), :func:`fit_compensators` on S: the kernel's fall-back. (K̃, Ũ) in FP16."""
    S = S.float()
    Kx, U = coefficient_power_iteration(A, B, S, r, iters, tau, tf32,
                                        fallback=lambda: fit_compensators(S, K_prev, r, iters, tf32, orth))
    return Kx.half(), U.half()


def quantize_residual(R: torch.Tensor, smooth: bool = True, zfmt: str = "int8"
                      ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """R [..., K, V] FP32 -> (Z [..., K, V] in `zfmt`, c FP32 [..., K], B FP32 [..., V]) (MATH.md §5)."""
    if smooth:
        c = torch.sqrt(R.abs().mean(-1)).clamp_min(EPS_C)
    else:
        c = torch.ones(R.shape[:-1], dtype=torch.float32, device=R.device)
    Y = R / c[..., :, None]
    B = Y.abs().amax(-2)
    safe = torch.where(B > 0, B, torch.ones_like(B))
    X = Y * (QMAX[zfmt] / safe)[..., None, :]
    if zfmt != "fp8e4m3":                       # integer codes; E4M3 rounds in its own cast below
        X = torch.round(X).clamp(-QMAX[zfmt], QMAX[zfmt])
    X = torch.where(B[..., None, :] > 0, X, torch.zeros_like(X))   # |X| <= 448: the E4M3 cast never overflows
    return X.to(CODE_DTYPE[zfmt]), c, B


def boundary(S: torch.Tensor, K_prev: torch.Tensor | None, r: int, iters: int = 2, smooth: bool = True,
             zfmt: str = "int8", tf32: bool = False, orth: str = "mgs",
             factors: tuple[torch.Tensor, torch.Tensor] | None = None):
    """S_p [..., K, V] FP32 -> (Z [..., K, V] in `zfmt`, c, B, K̃ [..., K, r] fp16, Ũ [..., V, r] fp16). factors: the
    records-only refit (:func:`fit_compensators_records`) from these (A, B) where given, else the refit on S."""
    S = S.float()
    if r > 0:
        if factors is not None and iters > 0:
            Kt, Ut = fit_compensators_records(S, *factors, K_prev, r, iters, tf32, orth)
        else:
            Kt, Ut = fit_compensators(S, K_prev, r, iters, tf32, orth)
        R = S - Kt.float() @ Ut.float().transpose(-1, -2)
    else:
        Kt = S.new_zeros(*S.shape[:-2], S.shape[-2], 0).half()
        Ut = S.new_zeros(*S.shape[:-2], S.shape[-1], 0).half()
        R = S
    Z, c, B = quantize_residual(R, smooth, zfmt)
    return Z, c, B, Kt, Ut


def dequant_boundary(Z: torch.Tensor, c: torch.Tensor, B: torch.Tensor, zfmt: str = "int8") -> torch.Tensor:
    """c_i · (Z_ij / QMAX) · B_j, Z in logical [..., K, V]."""
    return c[..., :, None] * (Z.float() / QMAX[zfmt]) * B[..., None, :]


# ----------------------------------------------------------------------------- the state pool
@dataclass
class LeapState:
    """A pool of windowed states, one per slot; every tensor is indexed [slot, HV, ...]."""

    Z: torch.Tensor          # int8 / fp8 e4m3 / packed int4 (mode leap) or bf16 (window_bf16): [S, HV, V, K] if v_first
                             # else [S, HV, K, V] (int4: the last axis halved)
    c: torch.Tensor          # fp32 [S, HV, K]
    B: torch.Tensor          # fp32 [S, HV, V]
    Kc: torch.Tensor         # fp16 [S, HV, r, K]
    Uc: torch.Tensor         # fp16 [S, HV, r, V]
    rk: torch.Tensor         # fp16 [S, HV, p, K]
    ru: torch.Tensor         # fp16 [S, HV, p, V]
    rg: torch.Tensor         # fp32 [S, HV, p] (gdn) or [S, HV, p, K] (kda)
    window_pos: torch.Tensor  # int32 [S]
    kind: str                # "gdn" | "kda"
    v_first: bool
    p: int
    r: int
    iters: int = 2
    mode: str = "leap"       # "leap" | "window_bf16"
    zfmt: str = "int8"       # the residual's elements in mode leap: "int8" | "int4" | "fp8e4m3"
    tf32_refit: bool = False  # the refit's mat-vecs on TF32 operands (the v11 boundary, DecodeConfig.bmv_tf32)
    orth: str = "mgs"        # the refit's orthonormalisation (ORTH: "chol" for DecodeConfig.bchol)
    refit_every: int = 1     # the power iteration at every k-th boundary of a (slot, head); between, K̂ kept and Û
                             # re-projected (DecodeConfig.refit_every, Pipeline.refit_every)
    windows: torch.Tensor | None = None   # int32 [S, HV]: boundaries written per (slot, head) (refit_every > 1)
    refit: str = "state"     # what a window's end refits on: "state" (S_p) | "records" (its buffered factors only,
                             # fit_compensators_records; DecodeConfig.brecords)

    @property
    def smooth(self) -> bool:
        return self.mode == "leap"

    def clone(self) -> "LeapState":
        d = {k: (v.clone() if isinstance(v, torch.Tensor) else v) for k, v in self.__dict__.items()}
        return LeapState(**d)

    def reset(self, slots: torch.Tensor) -> None:
        """Make `slots` fresh requests: the zero state at window position 0, no records — with the cold-start keys
        e_1..e_r (Uc = 0), the warm start a refit expects (zero keys the refit's Gram–Schmidt completes by e_a too, but
        a boundary without refit, iters = 0, would keep them zero). What a serving engine calls when it admits a
        request to a slot."""
        self.Z[slots] = 0
        self.c[slots] = 1.0
        self.B[slots] = 0.0
        self.Kc[slots] = torch.eye(self.r, self.Kc.shape[-1], dtype=self.Kc.dtype, device=self.Kc.device)
        self.Uc[slots] = 0
        self.rk[slots] = 0
        self.ru[slots] = 0
        self.rg[slots] = 0
        self.window_pos[slots] = 0
        if self.windows is not None:
            self.windows[slots] = 0

    def z_logical(self) -> torch.Tensor:
        """Z's codes as [S, HV, K, V] whatever the layout (INT4 unpacked to int8 codes)."""
        Z = unpack_nibbles(self.Z) if self.mode == "leap" and self.zfmt == "int4" else self.Z
        return Z.transpose(-1, -2) if self.v_first else Z

    def boundary_state(self) -> torch.Tensor:
        """S̃_0 [S, HV, K, V] FP32 as the window reads it (residual + compensators)."""
        if self.mode == "window_bf16":
            return self.z_logical().float()
        return dequant_boundary(self.z_logical(), self.c, self.B, self.zfmt) + self.Kc.float().transpose(-1, -2) @ self.Uc.float()

    def write_boundary(self, slots: torch.Tensor, S: torch.Tensor, K_prev: torch.Tensor | None,
                       factors: tuple[torch.Tensor, torch.Tensor] | None = None) -> None:
        """Quantize S [n, HV, K, V] FP32 into the given slots and empty their buffers. factors: S's buffered part
        (:func:`staged_factors`), which refit "records" fits on."""
        if self.mode == "window_bf16":
            Zl = S.to(torch.bfloat16)
            self.c[slots] = 1.0
            self.B[slots] = 1.0
        else:
            Zl, c, B, Kt, Ut = boundary(S, K_prev, self.r, self.iters, self.smooth, self.zfmt, self.tf32_refit,
                                        self.orth, factors if self.refit == "records" else None)
            if self.refit_every > 1 and K_prev is not None:   # boundary b of a (slot, head) refits where b % k == 0
                keep = (self.windows[slots] % self.refit_every != 0)[..., None, None]
                if bool(keep.any()):
                    Zk, ck, Bk, Kk, Uk = boundary(S, K_prev, self.r, 0, self.smooth, self.zfmt, self.tf32_refit,
                                                  self.orth)
                    Zl, Kt, Ut = torch.where(keep, Zk, Zl), torch.where(keep, Kk, Kt), torch.where(keep, Uk, Ut)
                    c, B = torch.where(keep[..., 0], ck, c), torch.where(keep[..., 0], Bk, B)
            if self.windows is not None:
                self.windows[slots] += 1
            self.c[slots], self.B[slots] = c, B
            self.Kc[slots] = Kt.transpose(-1, -2)
            self.Uc[slots] = Ut.transpose(-1, -2)
        Zs = Zl.transpose(-1, -2) if self.v_first else Zl
        self.Z[slots] = pack_nibbles(Zs) if self.mode == "leap" and self.zfmt == "int4" else Zs
        self.rk[slots] = 0
        self.ru[slots] = 0
        self.rg[slots] = 0
        self.window_pos[slots] = 0


def empty_state(slots: int, HV: int, K: int, V: int, *, kind: str = "gdn", p: int = 16, r: int = 4,
                v_first: bool = True, iters: int = 2, mode: str = "leap", zfmt: str = "int8",
                tf32_refit: bool = False, orth: str = "mgs", refit_every: int = 1, refit: str = "state",
                device="cpu") -> LeapState:
    if kind not in ("gdn", "kda"):
        raise ValueError(f"kind must be gdn or kda, got {kind!r}")
    if mode not in ("leap", "window_bf16"):
        raise ValueError(f"mode must be leap or window_bf16, got {mode!r}")
    if zfmt not in QMAX:
        raise ValueError(f"zfmt must be one of {list(QMAX)}, got {zfmt!r}")
    if orth not in ORTH:
        raise ValueError(f"orth must be one of {list(ORTH)}, got {orth!r}")
    if isinstance(refit_every, bool) or not isinstance(refit_every, int) or refit_every < 1:
        raise ValueError(f"refit_every must be an integer >= 1, got {refit_every!r}")
    if refit not in ("state", "records"):
        raise ValueError(f"refit must be 'state' or 'records', got {refit!r}")
    if refit == "records" and refit_every > 1:
        raise ValueError(f"refit 'records' refits every window: it needs refit_every = 1, got {refit_every}")
    if refit_every > 1 and not (mode == "leap" and r > 0 and iters >= 1):
        raise ValueError(f"refit_every > 1 needs mode leap with r > 0 and iters >= 1, got mode = {mode!r}, r = {r}, "
                         f"iters = {iters}")
    if mode == "window_bf16":
        r = 0
    zshape = (slots, HV, V, K) if v_first else (slots, HV, K, V)
    if mode == "leap" and zfmt == "int4":
        if zshape[-1] % 2:
            raise ValueError(f"int4 packs two codes per byte along the last axis: it must be even, got {zshape[-1]}")
        zshape = (*zshape[:-1], zshape[-1] // 2)
    zdt = ZDTYPE[zfmt] if mode == "leap" else torch.bfloat16
    f32, f16 = torch.float32, torch.float16
    st = LeapState(
        Z=torch.zeros(zshape, dtype=zdt, device=device),
        c=torch.ones(slots, HV, K, dtype=f32, device=device),
        B=torch.zeros(slots, HV, V, dtype=f32, device=device),
        Kc=torch.zeros(slots, HV, r, K, dtype=f16, device=device),
        Uc=torch.zeros(slots, HV, r, V, dtype=f16, device=device),
        rk=torch.zeros(slots, HV, p, K, dtype=f16, device=device),
        ru=torch.zeros(slots, HV, p, V, dtype=f16, device=device),
        rg=torch.zeros((slots, HV, p) if kind == "gdn" else (slots, HV, p, K), dtype=f32, device=device),
        window_pos=torch.zeros(slots, dtype=torch.int32, device=device),
        kind=kind, v_first=v_first, p=p, r=r, iters=iters, mode=mode, zfmt=zfmt, tf32_refit=tf32_refit,
        orth=orth, refit_every=refit_every, refit=refit,
        windows=torch.zeros(slots, HV, dtype=torch.int32, device=device) if refit_every > 1 else None)
    st.reset(torch.arange(slots, device=device))   # every slot a fresh request (the cold-start keys)
    return st


def init_state(S: torch.Tensor, **kw) -> LeapState:
    """A pool whose slots start (window position 0) from FP32 states S [slots, HV, K, V], cold-start fit."""
    n, HV, K, V = S.shape
    st = empty_state(n, HV, K, V, device=S.device, **kw)
    st.write_boundary(torch.arange(n, device=S.device), S.float(), None)
    return st


# ----------------------------------------------------------------------------- reads
def _prefix(st: LeapState, slots: torch.Tensor) -> torch.Tensor:
    """FP32 prefix sums of the buffered log-decays: G [n, HV, p+1, d] (d = 1 for GDN, K for KDA), G_0 = 0."""
    g = st.rg[slots].float()
    if st.kind == "gdn":
        g = g[..., None]
    z = torch.zeros_like(g[..., :1, :])
    return torch.cat([z, torch.cumsum(g, -2)], -2)


def read(st: LeapState, slots: torch.Tensor, m: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """S_mᵀ x for x [n, HV, K] against slots' states after m[n] buffered records (eq. 11): [n, HV, V] FP32."""
    G = _prefix(st, slots)                                                   # [n, HV, p+1, d]
    idx = m.long()[:, None, None, None].expand(-1, G.shape[1], 1, G.shape[-1])
    Gm = torch.gather(G, 2, idx)                                             # [n, HV, 1, d]
    gam = torch.exp(Gm[..., 0, :]) * x                                      # Γ_{1:m} x
    if st.mode == "window_bf16":
        Zl = st.z_logical()[slots].float()
        out = (gam[..., None, :] @ Zl)[..., 0, :]
    else:
        Zl = st.z_logical()[slots].float()
        out = st.B[slots] * (((st.c[slots] * gam)[..., None, :] @ Zl)[..., 0, :]) / QMAX[st.zfmt]
        out = out + ((st.Kc[slots].float() @ gam[..., None])[..., 0][..., None, :] @ st.Uc[slots].float())[..., 0, :]
    p = st.p
    j = torch.arange(1, p + 1, device=x.device)
    live = (j[None, :] <= m.long()[:, None])                                 # [n, p]
    dec = torch.exp(Gm - G[..., 1:, :])                                      # [n, HV, p, d]: Γ_{j+1:m}
    w = (st.rk[slots].float() * dec * x[..., None, :]).sum(-1)               # [n, HV, p]
    w = torch.where(live[:, None, :], w, torch.zeros_like(w))
    return out + (w[..., None, :] @ st.ru[slots].float())[..., 0, :]


def reconstruct(st: LeapState, slots: torch.Tensor, m: torch.Tensor | None = None) -> torch.Tensor:
    """S_m [n, HV, K, V] FP32 (eq. 7) after m[n] records (default: the slots' window_pos)."""
    if m is None:
        m = st.window_pos[slots]
    G = _prefix(st, slots)
    idx = m.long()[:, None, None, None].expand(-1, G.shape[1], 1, G.shape[-1])
    Gm = torch.gather(G, 2, idx)[..., 0, :]                                  # [n, HV, d]
    S = torch.exp(Gm)[..., :, None] * st.boundary_state()[slots]
    j = torch.arange(1, st.p + 1, device=S.device)
    live = (j[None, :] <= m.long()[:, None]).float()                         # [n, p]
    dec = torch.exp(Gm[..., None, :] - G[..., 1:, :]) * live[:, None, :, None]
    kd = st.rk[slots].float() * dec                                          # [n, HV, p, K]
    return S + kd.transpose(-1, -2) @ st.ru[slots].float()


# ----------------------------------------------------------------------------- one decode step
def decode_step_ref(st: LeapState, q, k, v, g, beta, state_indices, scale: float | None = None) -> torch.Tensor:
    """One token per request. q, k [N, H, K]; v [N, HV, V]; g [N, HV] (gdn) or [N, HV, K] (kda) log-decay;
    beta [N, HV]; state_indices [N] int32. Mutates `st`; returns o [N, HV, V] FP32."""
    N, H, K = q.shape
    HV = v.shape[1]
    if scale is None:
        scale = K ** -0.5
    slots = state_indices.long()
    rep = HV // H
    qf = q.float().repeat_interleave(rep, 1) * scale
    kf = k.float().repeat_interleave(rep, 1)
    gf = g.float()
    alpha = torch.exp(gf)[..., None] if st.kind == "gdn" else torch.exp(gf)
    m = st.window_pos[slots].long()
    rS = read(st, slots, m, alpha * kf)
    rQ = read(st, slots, m, alpha * qf)
    u = (beta.float()[..., None] * (v.float() - rS)).half()
    k16 = kf.half()
    o = rQ + u.float() * (k16.float() * qf).sum(-1, keepdim=True)
    # append the record
    hv = torch.arange(HV, device=q.device)
    st.rk[slots[:, None], hv[None, :], m[:, None]] = k16
    st.ru[slots[:, None], hv[None, :], m[:, None]] = u
    st.rg[slots[:, None], hv[None, :], m[:, None]] = gf
    st.window_pos[slots] = (m + 1).to(torch.int32)
    done = slots[m + 1 == st.p]
    if done.numel():
        S = reconstruct(st, done)
        K_prev = st.Kc[done].float().transpose(-1, -2) if st.r > 0 else None
        st.write_boundary(done, S, K_prev, staged_factors(st, done) if st.refit == "records" else None)
    return o


# ----------------------------------------------------------------------------- per-step baselines (Table 2)
@dataclass
class PerStepState:
    """Per-step quantized state: ``Z`` int8 + value-column scales ``B`` (mode int8) or ``Z`` bf16 (mode bf16)."""

    Z: torch.Tensor          # [S, HV, V, K] (v_first) or [S, HV, K, V]
    B: torch.Tensor          # fp32 [S, HV, V]
    kind: str
    v_first: bool
    mode: str = "int8"       # "int8" | "bf16"

    def clone(self) -> "PerStepState":
        return PerStepState(self.Z.clone(), self.B.clone(), self.kind, self.v_first, self.mode)

    def state(self) -> torch.Tensor:
        Zl = self.Z.transpose(-1, -2) if self.v_first else self.Z
        if self.mode == "bf16":
            return Zl.float()
        return (Zl.float() / 127.0) * self.B[..., None, :]

    def write(self, slots, S):
        if self.mode == "bf16":
            Zl = S.to(torch.bfloat16)
        else:
            Zl, _, B = quantize_residual(S, smooth=False)
            self.B[slots] = B
        self.Z[slots] = Zl.transpose(-1, -2) if self.v_first else Zl


def perstep_init(S: torch.Tensor, *, kind="gdn", v_first=True, mode="int8") -> PerStepState:
    n, HV, K, V = S.shape
    zshape = (n, HV, V, K) if v_first else (n, HV, K, V)
    st = PerStepState(torch.zeros(zshape, dtype=torch.int8 if mode == "int8" else torch.bfloat16, device=S.device),
                      torch.ones(n, HV, V, dtype=torch.float32, device=S.device), kind, v_first, mode)
    st.write(torch.arange(n, device=S.device), S.float())
    return st


def perstep_step_ref(st: PerStepState, q, k, v, g, beta, state_indices, scale: float | None = None) -> torch.Tensor:
    """Per-step baseline: S = Diag(α)Ŝ + k uᵀ in FP32, o = Sᵀ q·scale, then Ŝ = quant(S) (eq. 2)."""
    N, H, K = q.shape
    HV = v.shape[1]
    scale = K ** -0.5 if scale is None else scale
    slots = state_indices.long()
    rep = HV // H
    qf = q.float().repeat_interleave(rep, 1) * scale
    kf = k.float().repeat_interleave(rep, 1)
    alpha = torch.exp(g.float())[..., None] if st.kind == "gdn" else torch.exp(g.float())
    S = alpha[..., :, None] * st.state()[slots]
    u = beta.float()[..., None] * (v.float() - (kf[..., None, :] @ S)[..., 0, :])
    S = S + kf[..., :, None] * u[..., None, :]
    o = (qf[..., None, :] @ S)[..., 0, :]
    st.write(slots, S)
    return o
