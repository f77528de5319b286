"""Plain PyTorch reference of the LeapQuant decode step, with the kernels' buffers and layouts.

Same arithmetic as the TileLang kernels (and as the project's pipeline, docs/math.md):

* Boundary state per (slot, value head): INT8 residual ``Z`` (``[V, K]`` in layout ``v_first`` —
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

``format`` is the residual's format: ``"int8"`` (Z = round(Y · 127 / B_j), the default), ``"int4"`` (Z = round(Y ·
7 / B_j), two codes per byte along the layout's last axis, the even index in the low nibble: ``pack_nibbles``),
``"fp8-e4m3"`` (Z = E4M3(Y · 448 / B_j), round to nearest even; Hopper and Blackwell convert it in hardware; the
scales are the same), or ``"bf16"``: the paper's per-window BF16 state of Table 2 (the boundary state itself in BF16,
no compensators, no smoothing). Per-step variants are in :func:`perstep_step_ref`.
"""
from __future__ import annotations

from dataclasses import dataclass

import torch

from leapquant.fitters import gram_schmidt, warm_started_power_iteration  # the pipeline's fit, its Gram–Schmidt

EPS_C = 1e-8
QMAX = {"int8": 127.0, "int4": 7.0, "fp8-e4m3": 448.0}
"""The largest residual code of each element format: column j of the smoothed residual maps B_j to it."""
CODE_DTYPE = {"int8": torch.int8, "int4": torch.int8, "fp8-e4m3": torch.float8_e4m3fn}
"""The dtype of the residual's codes in logical [K, V] form."""
ZDTYPE = {"int8": torch.int8, "int4": torch.uint8, "fp8-e4m3": torch.float8_e4m3fn}
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
    (the warp and persistent decodes): y in 22-bit fixed point — u = round(y · sc) + 2^22 from the bits of one
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


def fit_compensators(S: torch.Tensor, K_prev: torch.Tensor | None, r: int, iters: int = 2, tf32: bool = False
                     ) -> tuple[torch.Tensor, torch.Tensor]:
    """Power iteration on S [..., K, V] (FP32), warm-started from K_prev [..., K, r] (None: e_1..e_r), modified
    Gram–Schmidt after each iteration: (K̃ [..., K, r] FP16, Ũ [..., V, r] FP16). tf32: every mat-vec's operands
    truncated to TF32 first (products exact in FP32, sums in FP32), the arithmetic of the boundaries that refit on
    tensor cores (PowerIteration(tf32=True) in the pipeline)."""
    Kx, U = warm_started_power_iteration(S.float(), None if K_prev is None else K_prev.float(), r, iters, tf32,
                                         orthonormalise)
    return Kx.half(), U.half()


def quantize_residual(R: torch.Tensor, smooth: bool = True, fmt: str = "int8"
                      ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """R [..., K, V] FP32 -> (Z [..., K, V] in `fmt`, c FP32 [..., K], B FP32 [..., V]): smoothing and per-column
    scales (docs/math.md, eq. 9)."""
    if smooth:
        c = torch.sqrt(R.abs().mean(-1)).clamp_min(EPS_C)
    else:
        c = torch.ones(R.shape[:-1], dtype=torch.float32, device=R.device)
    Y = R / c[..., :, None]
    B = Y.abs().amax(-2)
    safe = torch.where(B > 0, B, torch.ones_like(B))
    X = Y * (QMAX[fmt] / safe)[..., None, :]
    if fmt != "fp8-e4m3":                       # integer codes; E4M3 rounds in its own cast below
        X = torch.round(X).clamp(-QMAX[fmt], QMAX[fmt])
    X = torch.where(B[..., None, :] > 0, X, torch.zeros_like(X))   # |X| <= 448: the E4M3 cast never overflows
    return X.to(CODE_DTYPE[fmt]), c, B


def boundary(S: torch.Tensor, K_prev: torch.Tensor | None, r: int, iters: int = 2, smooth: bool = True,
             fmt: str = "int8", tf32: bool = False):
    """S_p [..., K, V] FP32 -> (Z [..., K, V] in `fmt`, c, B, K̃ [..., K, r] fp16, Ũ [..., V, r] fp16)."""
    S = S.float()
    if r > 0:
        Kt, Ut = fit_compensators(S, K_prev, r, iters, tf32)
        R = S - Kt.float() @ Ut.float().transpose(-1, -2)
    else:
        Kt = S.new_zeros(*S.shape[:-2], S.shape[-2], 0).half()
        Ut = S.new_zeros(*S.shape[:-2], S.shape[-1], 0).half()
        R = S
    Z, c, B = quantize_residual(R, smooth, fmt)
    return Z, c, B, Kt, Ut


def dequant_boundary(Z: torch.Tensor, c: torch.Tensor, B: torch.Tensor, fmt: str = "int8") -> torch.Tensor:
    """c_i · (Z_ij / QMAX) · B_j, Z in logical [..., K, V]."""
    return c[..., :, None] * (Z.float() / QMAX[fmt]) * B[..., None, :]


# ----------------------------------------------------------------------------- the state pool
@dataclass
class LeapState:
    """A pool of windowed states, one per slot; every tensor is indexed [slot, HV, ...]."""

    Z: torch.Tensor          # the boundary residual in `format` (INT4 packed, bf16: the state itself):
                             # [S, HV, V, K] (layout v_first) or [S, HV, K, V] (k_first); INT4 halves the last axis
    c: torch.Tensor          # fp32 [S, HV, K]
    B: torch.Tensor          # fp32 [S, HV, V]
    Kc: torch.Tensor         # fp16 [S, HV, rank, K]
    Uc: torch.Tensor         # fp16 [S, HV, rank, V]
    rk: torch.Tensor         # fp16 [S, HV, window, K]
    ru: torch.Tensor         # fp16 [S, HV, window, V]
    rg: torch.Tensor         # fp32 [S, HV, window] (gdn) or [S, HV, window, K] (kda)
    window_pos: torch.Tensor  # int32 [S]
    family: str              # "gdn" | "kda"
    layout: str              # "v_first" | "k_first"
    window: int
    rank: int
    iters: int = 2
    format: str = "int8"     # "int8" | "int4" | "fp8-e4m3" | "bf16" (the per-window BF16 state: no compensators)
    tf32_refit: bool = False  # the refit's mat-vecs on TF32 operands (KernelConfig.tf32_refit)

    @property
    def v_first(self) -> bool:
        return self.layout == "v_first"

    @property
    def smooth(self) -> bool:
        return self.format != "bf16"

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
        self.Kc[slots] = torch.eye(self.rank, self.Kc.shape[-1], dtype=self.Kc.dtype, device=self.Kc.device)
        self.Uc[slots] = 0
        self.rk[slots] = 0
        self.ru[slots] = 0
        self.rg[slots] = 0
        self.window_pos[slots] = 0

    def z_logical(self) -> torch.Tensor:
        """Z's codes as [S, HV, K, V] whatever the layout (INT4 unpacked to int8 codes)."""
        Z = unpack_nibbles(self.Z) if self.format == "int4" else self.Z
        return Z.transpose(-1, -2) if self.v_first else Z

    def boundary_state(self) -> torch.Tensor:
        """S̃_0 [S, HV, K, V] FP32 as the window reads it (residual + compensators)."""
        if self.format == "bf16":
            return self.z_logical().float()
        return (dequant_boundary(self.z_logical(), self.c, self.B, self.format)
                + self.Kc.float().transpose(-1, -2) @ self.Uc.float())

    def write_boundary(self, slots: torch.Tensor, S: torch.Tensor, K_prev: torch.Tensor | None) -> None:
        """Quantize S [n, HV, K, V] FP32 into the given slots (refit warm-started from K_prev [n, HV, K, rank], None:
        a cold start) and empty their buffers."""
        if self.format == "bf16":
            Zl = S.to(torch.bfloat16)
            self.c[slots] = 1.0
            self.B[slots] = 1.0
        else:
            Zl, c, B, Kt, Ut = boundary(S, K_prev, self.rank, self.iters, self.smooth, self.format, self.tf32_refit)
            self.c[slots], self.B[slots] = c, B
            self.Kc[slots] = Kt.transpose(-1, -2)
            self.Uc[slots] = Ut.transpose(-1, -2)
        Zs = Zl.transpose(-1, -2) if self.v_first else Zl
        self.Z[slots] = pack_nibbles(Zs) if self.format == "int4" else Zs
        self.rk[slots] = 0
        self.ru[slots] = 0
        self.rg[slots] = 0
        self.window_pos[slots] = 0


FORMATS = ("int8", "int4", "fp8-e4m3", "bf16")


def empty_state(slots: int, HV: int, K: int, V: int, *, family: str = "gdn", window: int = 16, rank: int = 4,
                layout: str = "v_first", iters: int = 2, format: str = "int8", tf32_refit: bool = False,
                device="cpu") -> LeapState:
    """A pool of `slots` fresh requests (every slot the zero state with the cold-start keys)."""
    if family not in ("gdn", "kda"):
        raise ValueError(f"family must be gdn or kda, got {family!r}")
    if layout not in ("v_first", "k_first"):
        raise ValueError(f"layout must be v_first or k_first, got {layout!r}")
    if format not in FORMATS:
        raise ValueError(f"format must be one of {list(FORMATS)}, got {format!r}")
    if format == "bf16" and rank:
        raise ValueError(f"rank must be 0 with format 'bf16' (no compensators), got {rank}")
    v_first = layout == "v_first"
    zshape = (slots, HV, V, K) if v_first else (slots, HV, K, V)
    if format == "int4":
        if zshape[-1] % 2:
            raise ValueError(f"int4 packs two codes per byte along the last axis: it must be even, got {zshape[-1]}")
        zshape = (*zshape[:-1], zshape[-1] // 2)
    zdt = ZDTYPE[format] if format != "bf16" else torch.bfloat16
    f32, f16 = torch.float32, torch.float16
    st = LeapState(
        Z=torch.zeros(zshape, dtype=zdt, device=device),
        c=torch.ones(slots, HV, K, dtype=f32, device=device),
        B=torch.zeros(slots, HV, V, dtype=f32, device=device),
        Kc=torch.zeros(slots, HV, rank, K, dtype=f16, device=device),
        Uc=torch.zeros(slots, HV, rank, V, dtype=f16, device=device),
        rk=torch.zeros(slots, HV, window, K, dtype=f16, device=device),
        ru=torch.zeros(slots, HV, window, V, dtype=f16, device=device),
        rg=torch.zeros((slots, HV, window) if family == "gdn" else (slots, HV, window, K), dtype=f32, device=device),
        window_pos=torch.zeros(slots, dtype=torch.int32, device=device),
        family=family, layout=layout, window=window, rank=rank, iters=iters, format=format, tf32_refit=tf32_refit)
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
    if st.family == "gdn":
        g = g[..., None]
    z = torch.zeros_like(g[..., :1, :])
    return torch.cat([z, torch.cumsum(g, -2)], -2)


def read(st: LeapState, slots: torch.Tensor, m: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """S_mᵀ x for x [n, HV, K] against slots' states after m[n] buffered records (eq. 11): [n, HV, V] FP32."""
    G = _prefix(st, slots)                                                   # [n, HV, p+1, d]
    idx = m.long()[:, None, None, None].expand(-1, G.shape[1], 1, G.shape[-1])
    Gm = torch.gather(G, 2, idx)                                             # [n, HV, 1, d]
    gam = torch.exp(Gm[..., 0, :]) * x                                      # Γ_{1:m} x
    if st.format == "bf16":
        Zl = st.z_logical()[slots].float()
        out = (gam[..., None, :] @ Zl)[..., 0, :]
    else:
        Zl = st.z_logical()[slots].float()
        out = st.B[slots] * (((st.c[slots] * gam)[..., None, :] @ Zl)[..., 0, :]) / QMAX[st.format]
        out = out + ((st.Kc[slots].float() @ gam[..., None])[..., 0][..., None, :] @ st.Uc[slots].float())[..., 0, :]
    j = torch.arange(1, st.window + 1, device=x.device)
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
    j = torch.arange(1, st.window + 1, device=S.device)
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
    alpha = torch.exp(gf)[..., None] if st.family == "gdn" else torch.exp(gf)
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
    done = slots[m + 1 == st.window]
    if done.numel():
        S = reconstruct(st, done)
        K_prev = st.Kc[done].float().transpose(-1, -2) if st.rank > 0 else None
        st.write_boundary(done, S, K_prev)
    return o


# ----------------------------------------------------------------------------- per-step baselines (Table 2)
@dataclass
class PerStepState:
    """Per-step quantized state: ``Z`` int8 + value-column scales ``B`` (format int8) or ``Z`` bf16 (format bf16)."""

    Z: torch.Tensor          # [S, HV, V, K] (layout v_first) or [S, HV, K, V]
    B: torch.Tensor          # fp32 [S, HV, V]
    family: str
    layout: str
    format: str = "int8"     # "int8" | "bf16"

    @property
    def v_first(self) -> bool:
        return self.layout == "v_first"

    def clone(self) -> "PerStepState":
        return PerStepState(self.Z.clone(), self.B.clone(), self.family, self.layout, self.format)

    def state(self) -> torch.Tensor:
        Zl = self.Z.transpose(-1, -2) if self.v_first else self.Z
        if self.format == "bf16":
            return Zl.float()
        return (Zl.float() / 127.0) * self.B[..., None, :]

    def write(self, slots, S):
        if self.format == "bf16":
            Zl = S.to(torch.bfloat16)
        else:
            Zl, _, B = quantize_residual(S, smooth=False)
            self.B[slots] = B
        self.Z[slots] = Zl.transpose(-1, -2) if self.v_first else Zl


def perstep_init(S: torch.Tensor, *, family="gdn", layout="v_first", format="int8") -> PerStepState:
    """A per-step pool whose slots hold the FP32 states S [slots, HV, K, V], quantized."""
    n, HV, K, V = S.shape
    zshape = (n, HV, V, K) if layout == "v_first" else (n, HV, K, V)
    st = PerStepState(torch.zeros(zshape, dtype=torch.int8 if format == "int8" else torch.bfloat16, device=S.device),
                      torch.ones(n, HV, V, dtype=torch.float32, device=S.device), family, layout, format)
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
    alpha = torch.exp(g.float())[..., None] if st.family == "gdn" else torch.exp(g.float())
    S = alpha[..., :, None] * st.state()[slots]
    u = beta.float()[..., None] * (v.float() - (kf[..., None, :] @ S)[..., 0, :])
    S = S + kf[..., :, None] * u[..., None, :]
    o = (qf[..., None, :] @ S)[..., 0, :]
    st.write(slots, S)
    return o
