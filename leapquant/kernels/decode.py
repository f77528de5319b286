"""TileLang decode kernels for GDN and KDA with the LeapQuant state (and the Table-2 ablations).

Buffers and layouts are those of :mod:`leapquant.kernels.naive` (``LeapState``); see its docstring for
the arithmetic. One decode step is two launches:

1. ``decode`` — grid (V/BV, HV, N): one program per (request, value head, value tile). Reads the
   boundary state tile once (INT8 ``Z`` into shared memory with 16-byte copies), the smoothing scales,
   the compensators and the buffered records, and computes both reads of eq. 11 from that one pass:
   S_mᵀ(α⊙k) → u = fp16(β(v − ·)), and S_mᵀ(α⊙q·scale) + u (kᵀq·scale) → o. Appends (g, fp16 k, u) at
   position m = window_pos[slot]; writes ``wnext[n] = m + 1``; a request with m + 1 = p is appended to
   the boundary list (``lst`` of slots, atomic counter ``cnt[par]``; the decode zeroes ``cnt[1 - par]`` for the
   next step, the host alternates ``par``, so there is no host synchronisation and no memset launch).
   For V-first INT8 the default is the v6 schedule of the same arithmetic (:mod:`decode_pipelined`:
   persistent programs that walk several requests with the next one's loads in flight).
2. ``boundary`` (:mod:`boundary`) — grid (HV, C), C ≈ N/p + slack (v3, ``compact``): program (hv, b) takes list entries
   b, b + C, … below the count and reconstructs S_p (eq. 7) in shared memory, refits K̃, Ũ (power
   iteration from the stored K̃, modified Gram–Schmidt), recomputes c and B, quantizes and writes; the
   hv = 0 programs advance window_pos[slot] = (m + 1) mod p for every request. ``compact=False`` keeps
   v2's grid (HV, N) with an early exit for requests not at their window's end.

Batch N and the number of slots are symbolic: one compiled kernel serves every batch size.
Compiling needs tilelang (imported lazily; ``import leapquant`` never imports it).
"""


import functools
import math
from collections.abc import Callable
from dataclasses import dataclass

from leapquant.kernels.boundary import boundary_program
from leapquant.kernels.config import ZDT, DecodeConfig, _T, _nibbles, _row_dots, _zshape, compile_kernel
from leapquant.kernels.decode_pipelined import pipelined_decode_program, pipelined_programs
from leapquant.kernels.naive import QMAX

__all__ = ["ZDT", "DecodeConfig", "decode_program", "boundary_program", "compiled", "LeapDecoder",
           "PerStepConfig", "perstep_program", "compiled_perstep", "PerStepDecoder"]


def decode_program(cfg: DecodeConfig):
    """The TileLang prim_func of one decode step (launch 1): the v6 pipelined decode where ``cfg.pipe``, else the
    one-program-per-(request, head, value tile) decode below."""
    if cfg.pipe:
        return pipelined_decode_program(cfg)
    T = _T()
    kind, H, HV, K, V, P, R, BV = cfg.kind, cfg.H, cfg.HV, cfg.K, cfg.V, cfg.p, cfg.r, cfg.BV
    rep = HV // H
    Kd = 1 if kind == "gdn" else K
    leap = cfg.mode == "leap"
    N = T.dynamic("N")
    NS = T.dynamic("NS")
    zshape = _zshape(cfg, NS)
    zdt = ZDT[cfg.zfmt] if leap else "bfloat16"
    i4 = leap and cfg.zfmt == "int4"
    # v4b's register read: codes are int8 in registers, lane group of K / 16 lanes per row
    row_dots = _row_dots(T, K // 16, cfg.threads // (K // 16), lambda zl, ps, e: T.cast(zl[ps * 16 + e], "float32"))
    gshape = (N, HV) if kind == "gdn" else (N, HV, K)
    rgshape = (NS, HV, P) if kind == "gdn" else (NS, HV, P, K)
    Rz = max(R, 1)
    f32, f16 = "float32", "float16"
    invq = 1.0 / QMAX[cfg.zfmt]        # the residual's largest code: 127 INT8, 7 INT4, 448 FP8 E4M3

    def gval(buf, a, b, d, j=None):  # log-decay load, GDN scalar or KDA per channel
        if kind == "gdn":
            return buf[a, b] if j is None else buf[a, b, j]
        return buf[a, b, d] if j is None else buf[a, b, j, d]

    @T.prim_func
    def decode(
        q: T.Tensor((N, H, K), "bfloat16"), k: T.Tensor((N, H, K), "bfloat16"), v: T.Tensor((N, HV, V), "bfloat16"),
        g: T.Tensor(gshape, f32), beta: T.Tensor((N, HV), f32), scale: T.float32,
        idx: T.Tensor((N,), "int32"), wpos: T.Tensor((NS,), "int32"),
        Z: T.Tensor(zshape, zdt), c: T.Tensor((NS, HV, K), f32), Bs: T.Tensor((NS, HV, V), f32),
        Kc: T.Tensor((NS, HV, Rz, K), f16), Uc: T.Tensor((NS, HV, Rz, V), f16),
        rk: T.Tensor((NS, HV, P, K), f16), ru: T.Tensor((NS, HV, P, V), f16), rg: T.Tensor(rgshape, f32),
        o: T.Tensor((N, HV, V), cfg.out_dtype), wnext: T.Tensor((N,), "int32"),
        cnt: T.Tensor((cfg.counters,), "int32"), par: T.int32, lst: T.Tensor((N,), "int32"),
    ):
        with T.Kernel(V // BV, HV, N, threads=cfg.threads) as (vt, hv, n):
            if cfg.dminblocks:
                T.annotate_min_blocks_per_sm(cfg.dminblocks)
            if not cfg.zrows:
                Zs = T.alloc_shared(((BV, K // 2) if cfg.v_first else (K, BV // 2)) if i4 else
                                    ((BV, K) if cfg.v_first else (K, BV)), zdt)
            else:
                # v4b: lane t of a group of LPR = K/16 lanes holds bytes [16t, 16t + 16) of rows r0, r0 + RP, ...
                # of the tile (RP = threads / LPR rows per pass, NPASS passes): one 16-byte load per row and
                # lane, a warp reads 512 contiguous bytes; the ys slice of the lane stays in registers
                LPR = K // 16
                RP = cfg.threads // LPR
                NPASS = BV // RP
                zl = T.alloc_local((NPASS * 16,), "int8")
                yl = T.alloc_local((2, 16), f32)
                acc = T.alloc_local((2,), f32)
                tx = T.get_thread_binding(0)
                lt = tx % LPR
                r0 = tx // LPR
            G = T.alloc_shared((P + 1, Kd), f32)   # prefix sums of the buffered log-decays (G_0 = 0)
            rks = T.alloc_shared((P, K), f16)      # buffered keys (rows ≥ m zero)
            rus = T.alloc_shared((P, BV), f16)     # buffered u, this value tile (rows ≥ m zero)
            Kcs = T.alloc_shared((Rz, K), f16)
            Ucs = T.alloc_shared((Rz, BV), f16)
            cs = T.alloc_shared((K,), f32)
            vb = T.alloc_shared((2, BV), f32)      # B (scale of the tile's value columns), v
            bt = T.alloc_shared((1,), f32)         # β
            k16 = T.alloc_shared((K,), f16)
            xs = T.alloc_shared((3, K), f32)       # α⊙k, α⊙q·scale, fp16(k)⊙q·scale
            ys = T.alloc_shared((2, K), f32)       # c ⊙ Γ_{1:m} x
            ws = T.alloc_shared((2, P), f32)       # record weights
            wc = T.alloc_shared((2, Rz), f32)      # compensator weights
            kqs = T.alloc_shared((1,), f32)
            zr = T.alloc_shared((2, BV), f32)
            E1 = T.alloc_fragment((P, K), f32)
            E2 = T.alloc_fragment((P, K), f32)
            w1 = T.alloc_fragment((P,), f32)
            w2 = T.alloc_fragment((P,), f32)
            kqf = T.alloc_fragment((1, K), f32)
            kqr = T.alloc_fragment((1,), f32)
            s = idx[n]
            m = wpos[s]
            h = hv // rep
            v0 = vt * BV
            # v4: every load of the step is issued here, in one round after s and m are known (v3 issued
            # them phase by phase between barriers: about seven dependent trips to memory per program)
            if cfg.zrows:
                for ps in T.unroll(NPASS):
                    for e in T.vectorized(16):
                        zl[ps * 16 + e] = Z[s, hv, v0 + ps * RP + r0, lt * 16 + e]
            elif i4 and cfg.v_first:
                T.copy(Z[s, hv, v0:v0 + BV, 0:K // 2], Zs)
            elif i4:
                T.copy(Z[s, hv, 0:K, vt * (BV // 2):vt * (BV // 2) + BV // 2], Zs)
            elif cfg.v_first:
                T.copy(Z[s, hv, v0:v0 + BV, 0:K], Zs)
            else:
                T.copy(Z[s, hv, 0:K, v0:v0 + BV], Zs)
            for j, d in T.Parallel(P, Kd):  # masked past m: only the live records are read
                G[j + 1, d] = T.if_then_else(j < m, gval(rg, s, hv, d, j), 0.0)
            for j, d in T.Parallel(P, K):
                rks[j, d] = T.if_then_else(j < m, rk[s, hv, j, d], T.cast(0, f16))
            for j, i in T.Parallel(P, BV):
                rus[j, i] = T.if_then_else(j < m, ru[s, hv, j, v0 + i], T.cast(0, f16))
            if R > 0:
                for j, d in T.Parallel(R, K):
                    Kcs[j, d] = Kc[s, hv, j, d]
                for j, i in T.Parallel(R, BV):
                    Ucs[j, i] = Uc[s, hv, j, v0 + i]
            for d in T.Parallel(K):
                cs[d] = c[s, hv, d] if leap else 1.0
                k16[d] = T.cast(k[n, h, d], f16)
            for i in T.Parallel(BV):
                vb[0, i] = Bs[s, hv, v0 + i] if leap else 1.0
                vb[1, i] = T.cast(v[n, hv, v0 + i], f32)
            bt[0] = beta[n, hv]
            for d in T.Parallel(K):
                a = T.exp(gval(g, n, hv, d))
                xs[0, d] = a * T.cast(k[n, h, d], f32)
                xs[1, d] = a * T.cast(q[n, h, d], f32) * scale
                xs[2, d] = T.cast(T.cast(k[n, h, d], f16), f32) * T.cast(q[n, h, d], f32) * scale
            for d in T.Parallel(Kd):
                G[0, d] = 0.0
                for j in T.serial(P):  # static bound: unrolled
                    G[j + 1, d] = G[j + 1, d] + G[j, d]
            for d in T.Parallel(K):
                gm = T.exp(G[m, 0 if kind == "gdn" else d])
                ys[0, d] = cs[d] * gm * xs[0, d]
                ys[1, d] = cs[d] * gm * xs[1, d]
            # record weights k_jᵀ Γ_{j+1:m} x (masked to j < m)
            for j, d in T.Parallel(P, K):
                dec = T.if_then_else(j < m, T.exp(G[m, 0 if kind == "gdn" else d] - G[j + 1, 0 if kind == "gdn" else d]) * T.cast(rks[j, d], f32), 0.0)
                E1[j, d] = dec * xs[0, d]
                E2[j, d] = dec * xs[1, d]
            T.reduce_sum(E1, w1, dim=1)
            T.reduce_sum(E2, w2, dim=1)
            for j in T.Parallel(P):
                ws[0, j] = w1[j]
                ws[1, j] = w2[j]
            for i, d in T.Parallel(1, K):
                kqf[i, d] = xs[2, d]
            T.reduce_sum(kqf, kqr, dim=1)
            kqs[0] = kqr[0]
            if R > 0:
                C1 = T.alloc_fragment((R, K), f32)
                C2 = T.alloc_fragment((R, K), f32)
                c1 = T.alloc_fragment((R,), f32)
                c2 = T.alloc_fragment((R,), f32)
                for i, d in T.Parallel(R, K):
                    kk = T.cast(Kcs[i, d], f32) * T.exp(G[m, 0 if kind == "gdn" else d])
                    C1[i, d] = kk * xs[0, d]
                    C2[i, d] = kk * xs[1, d]
                T.reduce_sum(C1, c1, dim=1)
                T.reduce_sum(C2, c2, dim=1)
                for i in T.Parallel(R):
                    wc[0, i] = c1[i]
                    wc[1, i] = c2[i]
            # the residual read: one pass over the tile, two vectors
            if cfg.zrows:
                for e in T.unroll(16):
                    yl[0, e] = ys[0, lt * 16 + e]
                    yl[1, e] = ys[1, lt * 16 + e]
                for ps in T.unroll(NPASS):
                    acc[0] = 0.0
                    acc[1] = 0.0
                    row_dots(acc, yl, zr, zl, ps, r0, lt)
            elif i4 and cfg.v_first:   # a byte holds keys 2e, 2e + 1 of one value row: both terms of the row's sum
                Z1 = T.alloc_fragment((BV, K // 2), f32)
                Z2 = T.alloc_fragment((BV, K // 2), f32)
                z1 = T.alloc_fragment((BV,), f32)
                z2 = T.alloc_fragment((BV,), f32)
                for i, e in T.Parallel(BV, K // 2):
                    lo, hi = _nibbles(T, Zs[i, e])
                    Z1[i, e] = lo * ys[0, 2 * e] + hi * ys[0, 2 * e + 1]
                    Z2[i, e] = lo * ys[1, 2 * e] + hi * ys[1, 2 * e + 1]
                T.reduce_sum(Z1, z1, dim=1)
                T.reduce_sum(Z2, z2, dim=1)
            elif i4:                   # a byte holds value rows 2e, 2e + 1 at one key: a term of two rows' sums
                Zl1 = T.alloc_fragment((K, BV // 2), f32)
                Zh1 = T.alloc_fragment((K, BV // 2), f32)
                Zl2 = T.alloc_fragment((K, BV // 2), f32)
                Zh2 = T.alloc_fragment((K, BV // 2), f32)
                zl1 = T.alloc_fragment((BV // 2,), f32)
                zh1 = T.alloc_fragment((BV // 2,), f32)
                zl2 = T.alloc_fragment((BV // 2,), f32)
                zh2 = T.alloc_fragment((BV // 2,), f32)
                for d, e in T.Parallel(K, BV // 2):
                    lo, hi = _nibbles(T, Zs[d, e])
                    Zl1[d, e] = lo * ys[0, d]
                    Zh1[d, e] = hi * ys[0, d]
                    Zl2[d, e] = lo * ys[1, d]
                    Zh2[d, e] = hi * ys[1, d]
                T.reduce_sum(Zl1, zl1, dim=0)
                T.reduce_sum(Zh1, zh1, dim=0)
                T.reduce_sum(Zl2, zl2, dim=0)
                T.reduce_sum(Zh2, zh2, dim=0)
            elif cfg.v_first:
                Z1 = T.alloc_fragment((BV, K), f32)
                Z2 = T.alloc_fragment((BV, K), f32)
                z1 = T.alloc_fragment((BV,), f32)
                z2 = T.alloc_fragment((BV,), f32)
                for i, d in T.Parallel(BV, K):
                    zz = T.cast(Zs[i, d], f32)
                    Z1[i, d] = zz * ys[0, d]
                    Z2[i, d] = zz * ys[1, d]
                T.reduce_sum(Z1, z1, dim=1)
                T.reduce_sum(Z2, z2, dim=1)
            else:
                Z1 = T.alloc_fragment((K, BV), f32)
                Z2 = T.alloc_fragment((K, BV), f32)
                z1 = T.alloc_fragment((BV,), f32)
                z2 = T.alloc_fragment((BV,), f32)
                for d, i in T.Parallel(K, BV):
                    zz = T.cast(Zs[d, i], f32)
                    Z1[d, i] = zz * ys[0, d]
                    Z2[d, i] = zz * ys[1, d]
                T.reduce_sum(Z1, z1, dim=0)
                T.reduce_sum(Z2, z2, dim=0)
            if i4 and not cfg.v_first:
                for e in T.Parallel(BV // 2):
                    zr[0, 2 * e] = zl1[e]
                    zr[0, 2 * e + 1] = zh1[e]
                    zr[1, 2 * e] = zl2[e]
                    zr[1, 2 * e + 1] = zh2[e]
            elif not cfg.zrows:
                for i in T.Parallel(BV):
                    zr[0, i] = z1[i]
                    zr[1, i] = z2[i]
            A1 = T.alloc_fragment((BV,), f32)
            A2 = T.alloc_fragment((BV,), f32)
            for i in T.Parallel(BV):
                if leap:
                    A1[i] = vb[0, i] * zr[0, i] * invq
                    A2[i] = vb[0, i] * zr[1, i] * invq
                else:
                    A1[i] = zr[0, i]
                    A2[i] = zr[1, i]
            for j in T.serial(P):  # static bound (unrolled); rows past m carry weight 0 and are skipped
                for i in T.Parallel(BV):
                    uj = T.if_then_else(j < m, T.cast(rus[j, i], f32), 0.0)
                    A1[i] += ws[0, j] * uj
                    A2[i] += ws[1, j] * uj
            for j in T.serial(R):
                for i in T.Parallel(BV):
                    A1[i] += wc[0, j] * T.cast(Ucs[j, i], f32)
                    A2[i] += wc[1, j] * T.cast(Ucs[j, i], f32)
            for i in T.Parallel(BV):
                u16 = T.cast(bt[0] * (vb[1, i] - A1[i]), f16)
                ru[s, hv, m, v0 + i] = u16
                o[n, hv, v0 + i] = T.cast(A2[i] + T.cast(u16, f32) * kqs[0], cfg.out_dtype)
            if vt == 0:
                for d in T.Parallel(K):
                    rk[s, hv, m, d] = k16[d]
                for d in T.Parallel(Kd):
                    if kind == "gdn":
                        rg[s, hv, m] = g[n, hv]
                    else:
                        rg[s, hv, m, d] = g[n, hv, d]
                if hv == 0:
                    wnext[n] = m + 1
                    if cfg.compact:
                        tx = T.get_thread_binding(0)
                        if tx == 0:
                            # the request reached its window's end: append its slot to the boundary list
                            if m + 1 == P:
                                pos = T.atomic_add(cnt[par], 1, return_prev=True)
                                lst[pos] = s
                            # the other counter is next step's; nothing reads it during this launch
                            if n == 0:
                                cnt[1 - par] = 0
                                if cfg.refit_every > 1:   # and next step's boundary entry counters (one per head)
                                    for hz in T.serial(cfg.HV):
                                        cnt[cfg.entry_counter(1 - par, hz)] = 0

    return decode


def _compile(prim_func, target: str | None):
    """tilelang.compile for the local GPU or `target` (``sm_90`` ...)."""
    tgt = "auto" if target is None else {"kind": "cuda", "arch": target}
    return compile_kernel(prim_func, tgt)


@functools.lru_cache(maxsize=None)
def compiled(cfg: DecodeConfig, target: str | None = None):
    """(decode kernel, boundary kernel) compiled for the local GPU or the given target (``sm_90`` ...)."""
    return compiled_decode(cfg, target), compiled_boundary(cfg, target)


@functools.lru_cache(maxsize=None)
def compiled_decode(cfg: DecodeConfig, target: str | None = None):
    """The decode kernel alone (LeapDecoder's per-batch switch compiles a second one: cfg.decode_config(N))."""
    return _compile(decode_program(cfg), target)


@functools.lru_cache(maxsize=None)
def compiled_boundary(cfg: DecodeConfig, target: str | None = None):
    """The boundary kernel alone (LeapDecoder's small-batch switch compiles a second one: cfg.small_batch_boundary())."""
    return _compile(boundary_program(cfg), target)


@dataclass(frozen=True)
class PerStepConfig:
    """Per-step baselines (Table 2): FP32 update of the dequantized state, re-quantized every token."""

    kind: str = "gdn"
    mode: str = "int8"          # "int8" (per value column, FP32 scale) | "bf16"
    H: int = 32
    HV: int = 32
    K: int = 128
    V: int = 128
    v_first: bool = True
    BV: int = 16
    threads: int = 128
    out_dtype: str = "bfloat16"

    @property
    def tag(self) -> str:
        return f"{self.kind}-perstep_{self.mode}-{'vf' if self.v_first else 'kf'}-bv{self.BV}-t{self.threads}"


def perstep_program(cfg: PerStepConfig):
    T = _T()
    kind, H, HV, K, V, BV = cfg.kind, cfg.H, cfg.HV, cfg.K, cfg.V, cfg.BV
    rep = HV // H
    N = T.dynamic("N")
    NS = T.dynamic("NS")
    vf = cfg.v_first
    zshape = (NS, HV, V, K) if vf else (NS, HV, K, V)
    q8 = cfg.mode == "int8"
    zdt = "int8" if q8 else "bfloat16"
    gshape = (N, HV) if kind == "gdn" else (N, HV, K)
    f32 = "float32"
    inv127 = 1.0 / 127.0

    def gv(g, n, hv, d):
        return g[n, hv] if kind == "gdn" else g[n, hv, d]

    @T.prim_func
    def perstep(
        q: T.Tensor((N, H, K), "bfloat16"), k: T.Tensor((N, H, K), "bfloat16"), v: T.Tensor((N, HV, V), "bfloat16"),
        g: T.Tensor(gshape, f32), beta: T.Tensor((N, HV), f32), scale: T.float32, idx: T.Tensor((N,), "int32"),
        Z: T.Tensor(zshape, zdt), Bs: T.Tensor((NS, HV, V), f32), o: T.Tensor((N, HV, V), cfg.out_dtype),
    ):
        with T.Kernel(V // BV, HV, N, threads=cfg.threads) as (vt, hv, n):
            xs = T.alloc_shared((3, K), f32)    # α, k, q·scale
            bvs = T.alloc_shared((BV,), f32)
            us = T.alloc_shared((BV,), f32)
            Sf = T.alloc_fragment((BV, K), f32)
            Pf = T.alloc_fragment((BV, K), f32)
            red = T.alloc_fragment((BV,), f32)
            s = idx[n]
            h = hv // rep
            v0 = vt * BV
            for d in T.Parallel(K):
                xs[0, d] = T.exp(gv(g, n, hv, d))
                xs[1, d] = T.cast(k[n, h, d], f32)
                xs[2, d] = T.cast(q[n, h, d], f32) * scale
            for i in T.Parallel(BV):
                bvs[i] = Bs[s, hv, v0 + i] * inv127 if q8 else 1.0
            for i, d in T.Parallel(BV, K):
                zv = T.cast(Z[s, hv, v0 + i, d] if vf else Z[s, hv, d, v0 + i], f32)
                Sf[i, d] = xs[0, d] * zv * bvs[i]
                Pf[i, d] = Sf[i, d] * xs[1, d]
            T.reduce_sum(Pf, red, dim=1)
            for i in T.Parallel(BV):
                us[i] = beta[n, hv] * (T.cast(v[n, hv, v0 + i], f32) - red[i])
            for i, d in T.Parallel(BV, K):
                Sf[i, d] = Sf[i, d] + xs[1, d] * us[i]
                Pf[i, d] = Sf[i, d] * xs[2, d]
            T.reduce_sum(Pf, red, dim=1)
            for i in T.Parallel(BV):
                o[n, hv, v0 + i] = T.cast(red[i], cfg.out_dtype)
            if q8:
                T.reduce_absmax(Sf, red, dim=1)
                for i in T.Parallel(BV):
                    Bs[s, hv, v0 + i] = red[i]
                for i, d in T.Parallel(BV, K):
                    zq = T.cast(T.clamp(T.round(Sf[i, d] * (127.0 / red[i])), -127.0, 127.0), "int8")
                    zz = T.if_then_else(red[i] > 0, zq, T.cast(0, "int8"))
                    if vf:
                        Z[s, hv, v0 + i, d] = zz
                    else:
                        Z[s, hv, d, v0 + i] = zz
            else:
                for i, d in T.Parallel(BV, K):
                    if vf:
                        Z[s, hv, v0 + i, d] = T.cast(Sf[i, d], zdt)
                    else:
                        Z[s, hv, d, v0 + i] = T.cast(Sf[i, d], zdt)

    return perstep


@functools.lru_cache(maxsize=None)
def compiled_perstep(cfg: PerStepConfig, target: str | None = None):
    return _compile(perstep_program(cfg), target)


def _prep(q, k, v, g, beta, state_indices):
    import torch
    return (q.contiguous(), k.contiguous(), v.contiguous(), g.float().contiguous(), beta.float().contiguous(),
            state_indices.to(torch.int32).contiguous())


@dataclass
class StepKernels:
    """The launches a LeapDecoder step picks from, by batch: compiled GPU kernels, or any callables with their
    arguments (`cpu_emulation.emulated_decoder` passes CPU-emulated ones; tests pass fakes). The two switched ones
    are None until a step first needs them (then compiled)."""

    decode: Callable
    boundary: Callable
    small_boundary: Callable | None = None   # steps below cfg.small_batch requests, where v7 is on
    small_decode: Callable | None = None     # steps below cfg.z1_below requests (GDN's v9 decode)


class LeapDecoder:
    """Runs the per-window kernels on a :class:`leapquant.kernels.naive.LeapState` (on the GPU). A request enters a
    slot through ``LeapState.reset`` (the zero state) or ``write_boundary`` (a prefilled state). A slot whose buffers
    were zeroed instead is safe too wherever the boundary refits (iters >= 1): its Gram–Schmidt completes the zero
    keys by e_a (since session 21); at iters = 0 they would stay zero."""

    def __init__(self, cfg: DecodeConfig, target: str | None = None, kernels: StepKernels | None = None):
        """`kernels`: the launches to use in place of the compiled GPU kernels (the CPU emulation's, or fakes)."""
        self.cfg = cfg
        self._target = target
        self._pending = None     # the event of a boundary launched on a side stream (step's boundary_stream)
        self._in_flight = ()     # that boundary's temporaries (this step's idx, wnext), held until join()
        self.kernels = StepKernels(*compiled(cfg, target)) if kernels is None else kernels
        self._dummy = {}
        self._lists = {}   # device -> (counters int32[2], list int32[cap], grid dummy int32[cap])
        self._par = 0      # which counter this step appends to (the decode zeroes the other one)
        self.cap = None    # fixed boundary grid C (tests: C = 1 makes one program take several requests)
        self.groups = None  # pipe: fixed number of request groups GP (tests: few groups make long walks)
        self._sms = {}      # device -> SM count (pipe's grid)

    def _comp(self, st):
        if st.r > 0:
            return st.Kc, st.Uc
        key = (st.Kc.shape[0], st.Kc.device)
        if key not in self._dummy:
            import torch
            n, hv, _, K = st.Kc.shape
            V = st.Uc.shape[-1]
            self._dummy[key] = (torch.zeros(n, hv, 1, K, dtype=torch.float16, device=st.Kc.device),
                                torch.zeros(n, hv, 1, V, dtype=torch.float16, device=st.Kc.device))
        return self._dummy[key]

    def boundary_programs(self, N: int, sms: int | None = None, per_sm: int = 2) -> int:
        """C, the boundary grid's second dimension: the expected N/p requests at their window's end plus
        about two standard deviations of slack (more than C in one step are taken in further rounds); walking
        (cfg.bwalk), at most about `per_sm` programs per SM over the HV heads (`sms`: the GPU's SM count; the
        step uses two, benchmarks/overlap_probe.py also one)."""
        if isinstance(per_sm, bool) or not isinstance(per_sm, int) or per_sm < 1:
            raise ValueError(f"per_sm must be an integer >= 1, got {per_sm!r}")
        if not self.cfg.compact:
            return N
        if self.cap is not None:
            return max(1, min(N, self.cap))
        mean = -(-N // self.cfg.p)
        C = max(1, min(N, mean + max(2, int(math.ceil(2 * math.sqrt(mean))))))
        if self.cfg.bwalk:
            if sms is None:
                raise ValueError("bwalk sizes the boundary grid by the GPU: boundary_programs needs sms (its SM count)")
            C = min(C, max(1, round(per_sm * sms / self.cfg.HV)))
        return C

    def _sm_count(self, device) -> int:
        if device not in self._sms:
            import torch
            self._sms[device] = torch.cuda.get_device_properties(device).multi_processor_count
        return self._sms[device]

    def _buffers(self, N, device):
        import torch
        cur = self._lists.get(device)
        if cur is None or cur[1].numel() < N:
            cap = max(N, 64 if cur is None else 2 * cur[1].numel())
            cnt = torch.zeros(self.cfg.counters, dtype=torch.int32, device=device)
            if cur is not None:
                cnt.copy_(cur[0])
            cur = (cnt, torch.empty(cap, dtype=torch.int32, device=device),
                   torch.zeros(cap, dtype=torch.int32, device=device))
            self._lists[device] = cur
        return cur

    def step(self, st, q, k, v, g, beta, state_indices, scale: float | None = None, out=None, wnext=None,
             boundary: bool = True, boundary_stream=None):
        """One token per request: q, k [N, H, K] bf16, v [N, HV, V] bf16, g [N, HV] or [N, HV, K] fp32,
        beta [N, HV] fp32, state_indices [N] int32. Updates `st` in place; returns o [N, HV, V] bf16.

        The decode launch appends the requests at their window's end to a device list (atomic counter,
        no host synchronisation); the boundary launch (grid (HV, C), C from `boundary_programs`) refits
        those and advances every request's window position. `boundary=False` (timing only) skips it.

        `boundary_stream` (a torch.cuda.Stream): the boundary launch goes there, after this step's decode, so that it
        overlaps whatever the caller runs next — a model's other layers: only this layer's next step needs it, and
        that step (or `join()`) makes the current stream wait for it first. A CUDA-graph capture must `join()` before
        it ends. Layers may share one side stream or take one each (then their boundaries overlap one another too;
        `bench.bench_leap_layers`, NOTES.md "Session 24")."""
        import torch
        self.join()
        if getattr(st, "refit_every", 1) != self.cfg.refit_every or (self.cfg.refit_every > 1 and st.windows is None):
            raise ValueError(f"st: the decoder refits every {self.cfg.refit_every} windows (DecodeConfig.refit_every) and "
                             f"needs a pool of the same refit_every, with its window counts (naive.empty_state("
                             f"refit_every={self.cfg.refit_every})), got refit_every = {getattr(st, 'refit_every', 1)}")
        q, k, v, g, beta, idx = _prep(q, k, v, g, beta, state_indices)
        N, H, K = q.shape
        scale = K ** -0.5 if scale is None else float(scale)
        if out is None:
            out = torch.empty(N, v.shape[1], v.shape[2], dtype=getattr(torch, self.cfg.out_dtype), device=q.device)
        if self.cfg.pipe:   # its cp.async copies read 16 bytes at a time (4 for g, beta)
            for name, t, a in (("q", q, 16), ("k", k, 16), ("v", v, 16), ("g", g, 4 if self.cfg.kind == "gdn" else 16),
                               ("beta", beta, 4)):
                if t.data_ptr() % a:
                    raise ValueError(f"{name} must start at a {a}-byte aligned address for the pipelined decode "
                                     f"(a view with a storage offset? pass {name}.clone())")
        if wnext is None:
            wnext = torch.empty(N, dtype=torch.int32, device=q.device)
        Kc, Uc = self._comp(st)
        cnt, lst, gsz = self._buffers(N, q.device)
        par = self._par
        self._par = 1 - par
        if self.cfg.pipe:
            dcfg, dec = self.decode_kernel(N)
            GP = self.groups
            if GP is None:
                GP = pipelined_programs(dcfg, N, self._sm_count(q.device))
            GP = min(GP, N)
            if not dcfg.pipe_warp and -(-N // GP) > self.cfg.pipe_maxit:   # v8 / v9 keep their slot list in shared memory
                raise ValueError(f"groups = {GP} leaves more than pipe_maxit = {self.cfg.pipe_maxit} requests per "
                                 f"program at batch {N}; expected groups >= {-(-N // self.cfg.pipe_maxit)}")
            dec(q, k, v, g, beta, scale, idx, st.window_pos, st.Z.view(torch.int32), st.c, st.B, Kc, Uc, st.rk,
                st.ru, st.rg, out, wnext, cnt, par, lst[:N], gsz[:GP])
        else:
            self.kernels.decode(q, k, v, g, beta, scale, idx, st.window_pos, st.Z, st.c, st.B, Kc, Uc, st.rk, st.ru,
                                st.rg, out, wnext, cnt, par, lst[:N])
        if boundary:
            C = self.boundary_programs(N, self._sm_count(q.device) if self.cfg.bwalk else None)
            bnd = self.boundary_kernel(N)
            args = (idx, wnext, st.window_pos, cnt, par, lst[:N], gsz[:C], st.Z, st.c, st.B, Kc, Uc, st.rk, st.ru, st.rg)
            if self.cfg.refit_every > 1:
                args = (*args, st.windows)
            if boundary_stream is None:
                bnd(*args)
            else:
                boundary_stream.wait_stream(torch.cuda.current_stream(q.device))
                with torch.cuda.stream(boundary_stream):
                    bnd(*args)
                # this step's temporaries are read on the other stream: eagerly, record_stream keeps the allocator
                # from reusing them before that stream is done; under a CUDA-graph capture (where record_stream is not
                # available) an allocation later in the same capture could take their memory while the boundary node,
                # which nothing orders against it, still reads it — so the decoder holds them until join()
                if not torch.cuda.is_current_stream_capturing():
                    for t in (idx, wnext):
                        t.record_stream(boundary_stream)
                self._in_flight = (idx, wnext)
                self._pending = torch.cuda.Event()
                self._pending.record(boundary_stream)
        return out

    def decode_kernel(self, N: int):
        """(configuration, kernel) of a step of N requests' decode: below cfg.z1_below (GDN) the v9 decode — the same
        bits, at its own grid — compiled when first needed; else the configured one."""
        dcfg = self.cfg.decode_config(N)
        if dcfg is self.cfg:
            return dcfg, self.kernels.decode
        if self.kernels.small_decode is None:
            self.kernels.small_decode = compiled_decode(dcfg, self._target)
        return dcfg, self.kernels.small_decode

    def boundary_kernel(self, N: int):
        """The boundary kernel a step of N requests runs: below cfg.small_batch where v7 is on, v7 at
        cfg.small_bthreads threads (one program per SM: one wave's latency is the time there; the INT8 default) or,
        with small_bthreads 0, v6 (v7's 2 K-thread program is slower there), compiled when first needed; else the
        configured one."""
        if not (self.cfg.switches_small_batch_boundary and N < self.cfg.small_batch):
            return self.kernels.boundary
        if self.kernels.small_boundary is None:
            self.kernels.small_boundary = compiled_boundary(self.cfg.small_batch_boundary(), self._target)
        return self.kernels.small_boundary

    def join(self):
        """Make the current stream wait for a boundary launched on a `boundary_stream` (no-op without one)."""
        if self._pending is not None:
            import torch
            torch.cuda.current_stream().wait_event(self._pending)
            self._pending = None
            self._in_flight = ()


class PerStepDecoder:
    def __init__(self, cfg: PerStepConfig, target: str | None = None, kernel=None):
        """`kernel`: a callable in place of the compiled GPU kernel (`cpu_emulation.emulated_perstep_decoder`)."""
        self.cfg = cfg
        self.kern = compiled_perstep(cfg, target) if kernel is None else kernel

    def step(self, st, q, k, v, g, beta, state_indices, scale: float | None = None, out=None):
        import torch
        q, k, v, g, beta, idx = _prep(q, k, v, g, beta, state_indices)
        N, H, K = q.shape
        scale = K ** -0.5 if scale is None else float(scale)
        if out is None:
            out = torch.empty(N, v.shape[1], v.shape[2], dtype=getattr(torch, self.cfg.out_dtype), device=q.device)
        self.kern(q, k, v, g, beta, scale, idx, st.Z, st.B, out)
        return out
