"""The tile decode: one program per (request, value head, value tile), for every layout and format.

Buffers and layouts are those of :mod:`leapquant.kernels.naive` (``LeapState``). A decode step is two launches; this
program is the first, grid (V / block_v, HV, N). Program (vt, hv, n) takes request n's slot s = idx[n] and window
position m = wpos[s], reads its tile of the boundary state Z once, with the smoothing scales c, B, the compensators
K̃, Ũ and the window's m buffered records (g_j, fp16 k_j, u_j), and computes from that one pass both reads of
`docs/math.md` (eq. 11), for x = α⊙k and x = α⊙q·scale (α = exp(g), the token's decay):

    S_mᵀx = B ⊙ (Zᵀ(c ⊙ Γ_{1:m}x)) / QMAX + Ũ(K̃ᵀΓ_{1:m}x) + Σ_{j≤m} u_j (k_jᵀ Γ_{j+1:m}x),

Γ_{a:m} the decay of records a..m (exp of differences of prefix sums of their log-decays; GDN one per record, KDA
one per key channel); format ``bf16`` stores the state itself (c = B = 1, no compensators). Then u = fp16(β(v −
S_mᵀ(α⊙k))) and o = S_mᵀ(α⊙q·scale) + u (fp16(k)ᵀ q·scale). The program appends the token's record (g, fp16 k, u)
at position m and writes ``wnext[n] = m + 1``; a request with m + 1 = window appends its slot to the boundary list
(``lst``, atomic counter ``cnt[par]``). The decode zeroes ``cnt[1 - par]`` for the next step and the host alternates
``par``: no host synchronisation and no memset launch.

Z goes into registers where :func:`register_read` holds (V-first INT8: K / 16 lanes per row, 16 codes each, a
butterfly per row), else into a shared tile whose products are reduced from fragments. Batch N and the number of
slots are symbolic: one compiled kernel serves every batch size. Compiling needs tilelang (imported lazily).
"""

from dataclasses import replace
from types import SimpleNamespace

from leapquant.kernels.arch import ARCHES, programs_fit
from leapquant.kernels.config import KernelConfig
from leapquant.kernels.naive import QMAX
from leapquant.kernels.program import Program
from leapquant.kernels.protocol import decode_tensors
from leapquant.kernels.tl import ZDT, nibbles, row_dots_macro, tl

F32, F16 = "float32", "float16"


def tile_decode_program(cfg: KernelConfig):
    """The TileLang prim_func of one decode step (launch 1) for the resolved `cfg`: grid (V / block_v, HV, N).

    q, k: [N, H, K] bf16; v: [N, HV, V] bf16; g: [N, HV] (GDN) or [N, HV, K] (KDA); beta: [N, HV]; Z: the boundary
    state (:func:`leapquant.kernels.tl.zshape`); c: [NS, HV, K]; Bs: [NS, HV, V]; Kc, Uc: [NS, HV, max(rank, 1), K | V]
    fp16; rk, ru: [NS, HV, window, K | V] fp16; rg: [NS, HV, window(, K)]; o: [N, HV, V]; wnext, lst: [N]; cnt: [2].
    """
    T = tl()
    H, HV, V, BV = cfg.H, cfg.HV, cfg.V, cfg.block_v
    rep = HV // H
    N, NS = T.dynamic("N"), T.dynamic("NS")
    parts = _macros(T, cfg)

    sig = decode_tensors(T, cfg, N, NS)

    @T.prim_func
    def decode(
        q: sig.q, k: sig.k, v: sig.v, g: sig.g, beta: sig.beta, scale: T.float32, idx: sig.idx, wpos: sig.wpos,
        Z: sig.Z, c: sig.c, Bs: sig.Bs, Kc: sig.Kc, Uc: sig.Uc, rk: sig.rk, ru: sig.ru, rg: sig.rg, o: sig.o,
        wnext: sig.wnext, cnt: sig.cnt, par: T.int32, lst: sig.lst,
    ):
        with T.Kernel(V // BV, HV, N, threads=cfg.threads) as (vt, hv, n):
            if cfg.programs_per_sm > 1:
                T.annotate_min_blocks_per_sm(cfg.programs_per_sm)
            zt = parts.alloc_z()
            sm = parts.alloc_shared_buffers()
            wf = parts.alloc_weight_fragments()
            s = idx[n]
            m = wpos[s]
            h = hv // rep
            v0 = vt * BV
            io = SimpleNamespace(q=q, k=k, v=v, g=g, beta=beta, scale=scale, Z=Z, c=c, Bs=Bs, Kc=Kc, Uc=Uc, rk=rk,
                                 ru=ru, rg=rg, o=o, wnext=wnext, cnt=cnt, par=par, lst=lst)
            ix = SimpleNamespace(vt=vt, hv=hv, n=n, s=s, m=m, h=h, v0=v0)
            # every load of the step is issued here, in one round once s and m are known
            parts.load_z(io, zt, ix)
            parts.load_window(io, sm, ix)
            parts.load_token(io, sm, ix)
            parts.decays(sm, ix)
            parts.record_weights(sm, wf, ix)
            if cfg.rank > 0:
                parts.compensator_weights(sm, ix)
            parts.residual_dots(sm, zt)
            parts.finish(io, sm, ix)
            if vt == 0:
                parts.append_record(io, sm, ix)

    return decode


def _macros(T, cfg: KernelConfig) -> SimpleNamespace:
    """The program's pieces, each a macro over the buffers it reads and writes."""
    return SimpleNamespace(**_alloc_macros(T, cfg), **_load_macros(T, cfg), **_weight_macros(T, cfg),
                           **_read_macros(T, cfg), **_store_macros(T, cfg))


def _log_decay(cfg: KernelConfig):
    """A log-decay load: GDN's one per head (index d ignored) or KDA's per key channel d; j the record."""
    def gval(buf, a, b, d, j=None):
        if cfg.family == "gdn":
            return buf[a, b] if j is None else buf[a, b, j]
        return buf[a, b, d] if j is None else buf[a, b, j, d]
    return gval


def _zreg_shape(cfg: KernelConfig) -> tuple[int, int, int]:
    """The register read's shape: (LPR lanes per Z row, RP rows per pass of the threads, NPASS passes)."""
    LPR = cfg.K // 16
    RP = cfg.threads // LPR
    return LPR, RP, cfg.block_v // RP


def _tile_shape(cfg: KernelConfig) -> tuple[int, int]:
    """The shared Z tile: [block_v, K] V-first, [K, block_v] K-first; INT4 halves the last axis."""
    BV, K = cfg.block_v, cfg.K
    if cfg.format == "int4":
        return (BV, K // 2) if cfg.v_first else (K, BV // 2)
    return (BV, K) if cfg.v_first else (K, BV)


def _alloc_macros(T, cfg: KernelConfig) -> dict:
    """The program's buffers: Z's registers or shared tile (``alloc_z``), the shared buffers of the step, the record
    weights' fragments; each macro returns them in a namespace."""
    K, P, BV = cfg.K, cfg.window, cfg.block_v
    Rz = max(cfg.rank, 1)
    Kd = K if cfg.family == "kda" else 1
    regs = register_read(cfg)
    LPR, _, NPASS = _zreg_shape(cfg) if regs else (1, 1, 1)

    @T.macro
    def alloc_registers():
        # lane lt of a group of LPR lanes holds bytes [16 lt, 16 lt + 16) of rows r0, r0 + RP, ... of the tile: one
        # 16-byte load per row and lane, a warp reads 512 contiguous bytes; its slice of ys stays in registers
        zl = T.alloc_local((NPASS * 16,), "int8")
        yl = T.alloc_local((2, 16), F32)
        acc = T.alloc_local((2,), F32)
        tx = T.get_thread_binding(0)
        lt = tx % LPR
        r0 = tx // LPR
        return SimpleNamespace(zl=zl, yl=yl, acc=acc, lt=lt, r0=r0)

    @T.macro
    def alloc_tile():
        Zs = T.alloc_shared(_tile_shape(cfg), ZDT[cfg.format])
        return SimpleNamespace(Zs=Zs)

    @T.macro
    def alloc_shared_buffers():
        G = T.alloc_shared((P + 1, Kd), F32)   # prefix sums of the buffered log-decays (G_0 = 0)
        rks = T.alloc_shared((P, K), F16)      # buffered keys (rows ≥ m zero)
        rus = T.alloc_shared((P, BV), F16)     # buffered u, this value tile (rows ≥ m zero)
        Kcs = T.alloc_shared((Rz, K), F16)
        Ucs = T.alloc_shared((Rz, BV), F16)
        cs = T.alloc_shared((K,), F32)
        vb = T.alloc_shared((2, BV), F32)      # B (scale of the tile's value columns), v
        bt = T.alloc_shared((1,), F32)         # β
        k16 = T.alloc_shared((K,), F16)
        xs = T.alloc_shared((3, K), F32)       # α⊙k, α⊙q·scale, fp16(k)⊙q·scale
        ys = T.alloc_shared((2, K), F32)       # c ⊙ Γ_{1:m} x
        ws = T.alloc_shared((2, P), F32)       # record weights
        wc = T.alloc_shared((2, Rz), F32)      # compensator weights
        kqs = T.alloc_shared((1,), F32)
        zr = T.alloc_shared((2, BV), F32)      # the residual's two sums per value row
        return SimpleNamespace(G=G, rks=rks, rus=rus, Kcs=Kcs, Ucs=Ucs, cs=cs, vb=vb, bt=bt, k16=k16, xs=xs, ys=ys,
                               ws=ws, wc=wc, kqs=kqs, zr=zr)

    @T.macro
    def alloc_weight_fragments():
        E1 = T.alloc_fragment((P, K), F32)
        E2 = T.alloc_fragment((P, K), F32)
        w1 = T.alloc_fragment((P,), F32)
        w2 = T.alloc_fragment((P,), F32)
        kqf = T.alloc_fragment((1, K), F32)
        kqr = T.alloc_fragment((1,), F32)
        return SimpleNamespace(E1=E1, E2=E2, w1=w1, w2=w2, kqf=kqf, kqr=kqr)

    return {"alloc_z": alloc_registers if regs else alloc_tile, "alloc_shared_buffers": alloc_shared_buffers,
            "alloc_weight_fragments": alloc_weight_fragments}


def _load_macros(T, cfg: KernelConfig) -> dict:
    """The step's loads, issued in one round: Z (``load_z``), the window's records and compensators (masked past m),
    the token's scales and vectors."""
    K, P, R, BV = cfg.K, cfg.window, cfg.rank, cfg.block_v
    Kd = K if cfg.family == "kda" else 1
    leap = cfg.format != "bf16"
    gval = _log_decay(cfg)
    regs = register_read(cfg)
    _, RP, NPASS = _zreg_shape(cfg) if regs else (1, 1, 1)

    @T.macro
    def load_registers(io, zt, ix):
        for ps in T.unroll(NPASS):
            for e in T.vectorized(16):
                zt.zl[ps * 16 + e] = io.Z[ix.s, ix.hv, ix.v0 + ps * RP + zt.r0, zt.lt * 16 + e]

    @T.macro
    def load_tile(io, zt, ix):
        if cfg.format == "int4" and cfg.v_first:
            T.copy(io.Z[ix.s, ix.hv, ix.v0:ix.v0 + BV, 0:K // 2], zt.Zs)
        elif cfg.format == "int4":
            T.copy(io.Z[ix.s, ix.hv, 0:K, ix.vt * (BV // 2):ix.vt * (BV // 2) + BV // 2], zt.Zs)
        elif cfg.v_first:
            T.copy(io.Z[ix.s, ix.hv, ix.v0:ix.v0 + BV, 0:K], zt.Zs)
        else:
            T.copy(io.Z[ix.s, ix.hv, 0:K, ix.v0:ix.v0 + BV], zt.Zs)

    @T.macro
    def load_window(io, sm, ix):
        for j, d in T.Parallel(P, Kd):  # masked past m: only the live records are read
            sm.G[j + 1, d] = T.if_then_else(j < ix.m, gval(io.rg, ix.s, ix.hv, d, j), 0.0)
        for j, d in T.Parallel(P, K):
            sm.rks[j, d] = T.if_then_else(j < ix.m, io.rk[ix.s, ix.hv, j, d], T.cast(0, F16))
        for j, i in T.Parallel(P, BV):
            sm.rus[j, i] = T.if_then_else(j < ix.m, io.ru[ix.s, ix.hv, j, ix.v0 + i], T.cast(0, F16))
        if R > 0:
            for j, d in T.Parallel(R, K):
                sm.Kcs[j, d] = io.Kc[ix.s, ix.hv, j, d]
            for j, i in T.Parallel(R, BV):
                sm.Ucs[j, i] = io.Uc[ix.s, ix.hv, j, ix.v0 + i]

    @T.macro
    def load_token(io, sm, ix):
        for d in T.Parallel(K):
            sm.cs[d] = io.c[ix.s, ix.hv, d] if leap else 1.0
            sm.k16[d] = T.cast(io.k[ix.n, ix.h, d], F16)
        for i in T.Parallel(BV):
            sm.vb[0, i] = io.Bs[ix.s, ix.hv, ix.v0 + i] if leap else 1.0
            sm.vb[1, i] = T.cast(io.v[ix.n, ix.hv, ix.v0 + i], F32)
        sm.bt[0] = io.beta[ix.n, ix.hv]
        for d in T.Parallel(K):
            a = T.exp(gval(io.g, ix.n, ix.hv, d))
            sm.xs[0, d] = a * T.cast(io.k[ix.n, ix.h, d], F32)
            sm.xs[1, d] = a * T.cast(io.q[ix.n, ix.h, d], F32) * io.scale
            sm.xs[2, d] = T.cast(T.cast(io.k[ix.n, ix.h, d], F16), F32) * T.cast(io.q[ix.n, ix.h, d], F32) * io.scale

    return {"load_z": load_registers if regs else load_tile, "load_window": load_window, "load_token": load_token}


def _weight_macros(T, cfg: KernelConfig) -> dict:
    """The key-length products: the decays' prefix sums and ys = c ⊙ Γ_{1:m} x, the records' weights, fp16(k)ᵀ q·scale,
    and the compensators' weights."""
    K, P, R = cfg.K, cfg.window, cfg.rank
    gdn = cfg.family == "gdn"
    Kd = 1 if gdn else K

    @T.macro
    def decays(sm, ix):
        for d in T.Parallel(Kd):
            sm.G[0, d] = 0.0
            for j in T.serial(P):  # static bound: unrolled
                sm.G[j + 1, d] = sm.G[j + 1, d] + sm.G[j, d]
        for d in T.Parallel(K):
            gm = T.exp(sm.G[ix.m, 0 if gdn else d])
            sm.ys[0, d] = sm.cs[d] * gm * sm.xs[0, d]
            sm.ys[1, d] = sm.cs[d] * gm * sm.xs[1, d]

    @T.macro
    def record_weights(sm, wf, ix):
        # record weights k_jᵀ Γ_{j+1:m} x (masked to j < m), and fp16(k)ᵀ q·scale
        for j, d in T.Parallel(P, K):
            dec = T.if_then_else(j < ix.m, T.exp(sm.G[ix.m, 0 if gdn else d] - sm.G[j + 1, 0 if gdn else d])
                                 * T.cast(sm.rks[j, d], F32), 0.0)
            wf.E1[j, d] = dec * sm.xs[0, d]
            wf.E2[j, d] = dec * sm.xs[1, d]
        T.reduce_sum(wf.E1, wf.w1, dim=1)
        T.reduce_sum(wf.E2, wf.w2, dim=1)
        for j in T.Parallel(P):
            sm.ws[0, j] = wf.w1[j]
            sm.ws[1, j] = wf.w2[j]
        for i, d in T.Parallel(1, K):
            wf.kqf[i, d] = sm.xs[2, d]
        T.reduce_sum(wf.kqf, wf.kqr, dim=1)
        sm.kqs[0] = wf.kqr[0]

    @T.macro
    def compensator_weights(sm, ix):
        # (Γ_{1:m} K̃_i)ᵀ x for each compensator i
        C1 = T.alloc_fragment((R, K), F32)
        C2 = T.alloc_fragment((R, K), F32)
        c1 = T.alloc_fragment((R,), F32)
        c2 = T.alloc_fragment((R,), F32)
        for i, d in T.Parallel(R, K):
            kk = T.cast(sm.Kcs[i, d], F32) * T.exp(sm.G[ix.m, 0 if gdn else d])
            C1[i, d] = kk * sm.xs[0, d]
            C2[i, d] = kk * sm.xs[1, d]
        T.reduce_sum(C1, c1, dim=1)
        T.reduce_sum(C2, c2, dim=1)
        for i in T.Parallel(R):
            sm.wc[0, i] = c1[i]
            sm.wc[1, i] = c2[i]

    return {"decays": decays, "record_weights": record_weights, "compensator_weights": compensator_weights}


def _read_macros(T, cfg: KernelConfig) -> dict:
    """The residual read, Zᵀ y for both vectors y = ys[0], ys[1] into zr: from registers or from the shared tile."""
    K, BV = cfg.K, cfg.block_v
    if register_read(cfg):
        dots = _register_dots(T, cfg)
    elif cfg.format == "int4":
        dots = _int4_row_dots(T, K, BV) if cfg.v_first else _int4_column_dots(T, K, BV)
    else:
        dots = _code_row_dots(T, K, BV) if cfg.v_first else _code_column_dots(T, K, BV)
    return {"residual_dots": dots}


def _register_dots(T, cfg: KernelConfig):
    """V-first INT8 from registers: each lane its 16 codes of a row against its 16 keys of ys, a butterfly per row."""
    LPR, RP, NPASS = _zreg_shape(cfg)
    row_dots = row_dots_macro(T, LPR, RP, lambda zl, ps, e: T.cast(zl[ps * 16 + e], F32))

    @T.macro
    def residual_dots(sm, zt):
        for e in T.unroll(16):
            zt.yl[0, e] = sm.ys[0, zt.lt * 16 + e]
            zt.yl[1, e] = sm.ys[1, zt.lt * 16 + e]
        for ps in T.unroll(NPASS):
            zt.acc[0] = 0.0
            zt.acc[1] = 0.0
            row_dots(zt.acc, zt.yl, sm.zr, zt.zl, ps, zt.r0, zt.lt)
    return residual_dots


def _int4_row_dots(T, K: int, BV: int):
    """V-first INT4: a byte holds keys 2e, 2e + 1 of one value row — both terms of the row's sum."""

    @T.macro
    def residual_dots(sm, zt):
        Z1 = T.alloc_fragment((BV, K // 2), F32)
        Z2 = T.alloc_fragment((BV, K // 2), F32)
        z1 = T.alloc_fragment((BV,), F32)
        z2 = T.alloc_fragment((BV,), F32)
        for i, e in T.Parallel(BV, K // 2):
            lo, hi = nibbles(T, zt.Zs[i, e])
            Z1[i, e] = lo * sm.ys[0, 2 * e] + hi * sm.ys[0, 2 * e + 1]
            Z2[i, e] = lo * sm.ys[1, 2 * e] + hi * sm.ys[1, 2 * e + 1]
        T.reduce_sum(Z1, z1, dim=1)
        T.reduce_sum(Z2, z2, dim=1)
        for i in T.Parallel(BV):
            sm.zr[0, i] = z1[i]
            sm.zr[1, i] = z2[i]
    return residual_dots


def _int4_column_dots(T, K: int, BV: int):
    """K-first INT4: a byte holds value rows 2e, 2e + 1 at one key — a term of two rows' sums."""

    @T.macro
    def residual_dots(sm, zt):
        Zl1 = T.alloc_fragment((K, BV // 2), F32)
        Zh1 = T.alloc_fragment((K, BV // 2), F32)
        Zl2 = T.alloc_fragment((K, BV // 2), F32)
        Zh2 = T.alloc_fragment((K, BV // 2), F32)
        zl1 = T.alloc_fragment((BV // 2,), F32)
        zh1 = T.alloc_fragment((BV // 2,), F32)
        zl2 = T.alloc_fragment((BV // 2,), F32)
        zh2 = T.alloc_fragment((BV // 2,), F32)
        for d, e in T.Parallel(K, BV // 2):
            lo, hi = nibbles(T, zt.Zs[d, e])
            Zl1[d, e] = lo * sm.ys[0, d]
            Zh1[d, e] = hi * sm.ys[0, d]
            Zl2[d, e] = lo * sm.ys[1, d]
            Zh2[d, e] = hi * sm.ys[1, d]
        T.reduce_sum(Zl1, zl1, dim=0)
        T.reduce_sum(Zh1, zh1, dim=0)
        T.reduce_sum(Zl2, zl2, dim=0)
        T.reduce_sum(Zh2, zh2, dim=0)
        for e in T.Parallel(BV // 2):
            sm.zr[0, 2 * e] = zl1[e]
            sm.zr[0, 2 * e + 1] = zh1[e]
            sm.zr[1, 2 * e] = zl2[e]
            sm.zr[1, 2 * e + 1] = zh2[e]
    return residual_dots


def _code_row_dots(T, K: int, BV: int):
    """V-first, one code per element (INT8, FP8, BF16): the tile's products reduced along its rows."""

    @T.macro
    def residual_dots(sm, zt):
        Z1 = T.alloc_fragment((BV, K), F32)
        Z2 = T.alloc_fragment((BV, K), F32)
        z1 = T.alloc_fragment((BV,), F32)
        z2 = T.alloc_fragment((BV,), F32)
        for i, d in T.Parallel(BV, K):
            zz = T.cast(zt.Zs[i, d], F32)
            Z1[i, d] = zz * sm.ys[0, d]
            Z2[i, d] = zz * sm.ys[1, d]
        T.reduce_sum(Z1, z1, dim=1)
        T.reduce_sum(Z2, z2, dim=1)
        for i in T.Parallel(BV):
            sm.zr[0, i] = z1[i]
            sm.zr[1, i] = z2[i]
    return residual_dots


def _code_column_dots(T, K: int, BV: int):
    """K-first, one code per element (INT8, FP8, BF16): the tile's products reduced along its columns."""

    @T.macro
    def residual_dots(sm, zt):
        Z1 = T.alloc_fragment((K, BV), F32)
        Z2 = T.alloc_fragment((K, BV), F32)
        z1 = T.alloc_fragment((BV,), F32)
        z2 = T.alloc_fragment((BV,), F32)
        for d, i in T.Parallel(K, BV):
            zz = T.cast(zt.Zs[d, i], F32)
            Z1[d, i] = zz * sm.ys[0, d]
            Z2[d, i] = zz * sm.ys[1, d]
        T.reduce_sum(Z1, z1, dim=0)
        T.reduce_sum(Z2, z2, dim=0)
        for i in T.Parallel(BV):
            sm.zr[0, i] = z1[i]
            sm.zr[1, i] = z2[i]
    return residual_dots


def _store_macros(T, cfg: KernelConfig) -> dict:
    """S_mᵀ x from the residual's, the records' and the compensators' terms; u and o; the token's record and the
    boundary list."""
    K, P, R, BV = cfg.K, cfg.window, cfg.rank, cfg.block_v
    Kd = K if cfg.family == "kda" else 1
    leap = cfg.format != "bf16"
    invq = 1.0 / QMAX[cfg.format] if leap else 1.0     # 1 / the largest code: 127 INT8, 7 INT4, 448 FP8 E4M3

    @T.macro
    def finish(io, sm, ix):
        # S_mᵀ x for both vectors: the residual's sums, the records', the compensators'; then u and o
        A1 = T.alloc_fragment((BV,), F32)
        A2 = T.alloc_fragment((BV,), F32)
        for i in T.Parallel(BV):
            if leap:
                A1[i] = sm.vb[0, i] * sm.zr[0, i] * invq
                A2[i] = sm.vb[0, i] * sm.zr[1, i] * invq
            else:
                A1[i] = sm.zr[0, i]
                A2[i] = sm.zr[1, i]
        for j in T.serial(P):  # static bound (unrolled); rows past m carry weight 0 and are skipped
            for i in T.Parallel(BV):
                uj = T.if_then_else(j < ix.m, T.cast(sm.rus[j, i], F32), 0.0)
                A1[i] += sm.ws[0, j] * uj
                A2[i] += sm.ws[1, j] * uj
        for j in T.serial(R):
            for i in T.Parallel(BV):
                A1[i] += sm.wc[0, j] * T.cast(sm.Ucs[j, i], F32)
                A2[i] += sm.wc[1, j] * T.cast(sm.Ucs[j, i], F32)
        for i in T.Parallel(BV):
            u16 = T.cast(sm.bt[0] * (sm.vb[1, i] - A1[i]), F16)
            io.ru[ix.s, ix.hv, ix.m, ix.v0 + i] = u16
            io.o[ix.n, ix.hv, ix.v0 + i] = T.cast(A2[i] + T.cast(u16, F32) * sm.kqs[0], cfg.out_dtype)

    @T.macro
    def append_record(io, sm, ix):
        # the token's key and log-decay (every value tile wrote its part of u); the window position; the list
        for d in T.Parallel(K):
            io.rk[ix.s, ix.hv, ix.m, d] = sm.k16[d]
        for d in T.Parallel(Kd):
            if cfg.family == "gdn":
                io.rg[ix.s, ix.hv, ix.m] = io.g[ix.n, ix.hv]
            else:
                io.rg[ix.s, ix.hv, ix.m, d] = io.g[ix.n, ix.hv, d]
        if ix.hv == 0:
            io.wnext[ix.n] = ix.m + 1
            tx = T.get_thread_binding(0)
            if tx == 0:
                if ix.m + 1 == P:   # the request reached its window's end: append its slot to the boundary list
                    pos = T.atomic_add(io.cnt[io.par], 1, return_prev=True)
                    io.lst[pos] = ix.s
                if ix.n == 0:       # the other counter is next step's; nothing reads it during this launch
                    io.cnt[1 - io.par] = 0

    return {"finish": finish, "append_record": append_record}


# ----------------------------------------------------------------------------- the registry's view
def register_read(cfg: KernelConfig) -> bool:
    """Whether Z goes straight into registers (V-first INT8) rather than through a shared tile: K / 16 lanes per row,
    a power of two within a warp (the butterfly), and block_v whole passes of the threads over the tile's rows."""
    lpr = cfg.K // 16
    threads, block_v = cfg.threads or 128, cfg.block_v or default_block_v(cfg)
    return bool(cfg.v_first and cfg.format == "int8" and cfg.K % 16 == 0 and 0 < lpr <= 32 and lpr & (lpr - 1) == 0
                and threads % lpr == 0 and block_v % (threads // lpr) == 0)


def shared_bytes(cfg: KernelConfig) -> int:
    """Shared memory per program in bytes: the sum of the program's shared buffers — the Z tile (none with the
    register read), the records, compensators, scales, vectors and weights of the step. The compiled kernel differs a
    little: TileLang overlaps buffers whose lives do not meet and adds one workspace (4 bytes a thread) for the
    reductions across warps."""
    K, P, BV = cfg.K, cfg.window, cfg.block_v or default_block_v(cfg)
    Rz = max(cfg.rank, 1)
    Kd = K if cfg.family == "kda" else 1
    tile = 0
    if not register_read(cfg):
        tile = BV * K // 2 if cfg.format == "int4" else BV * K * (2 if cfg.format == "bf16" else 1)
    f32 = (P + 1) * Kd + K + 2 * BV + 1 + 3 * K + 2 * K + 2 * P + 2 * Rz + 1 + 2 * BV   # G cs vb bt xs ys ws wc kqs zr
    f16 = P * K + P * BV + Rz * K + Rz * BV + K                                        # rks rus Kcs Ucs k16
    return tile + 4 * f32 + 2 * f16


def _fits(cfg: KernelConfig) -> str | None:
    """Why the program does not build for `cfg`, or None. The power-of-two rules are where TileLang finds a fragment
    layout for the program's reductions (K-first: along the tile's columns; V-first: the value rows over threads)."""
    block_v, threads = cfg.block_v or default_block_v(cfg), cfg.threads or 128
    if cfg.V % block_v:
        return f"block_v must divide V = {cfg.V}, got {block_v}"
    if cfg.threads % 32 or cfg.threads > 1024:
        return f"threads must be a multiple of 32 and at most 1024, got {cfg.threads}"
    if not _power_of_two(cfg.K):
        return f"K must be a power of two, got {cfg.K}"
    if not cfg.v_first and not _power_of_two(block_v):
        return f"block_v must be a power of two with layout 'k_first', got {block_v}"
    if cfg.v_first and block_v > threads and block_v % threads:
        return f"block_v must be at most threads = {threads} or a multiple of it with layout 'v_first', got {block_v}"
    if cfg.format == "int4" and not cfg.v_first and block_v % 2:
        return f"block_v must be even with format 'int4' and layout 'k_first' (two value rows per byte), got {block_v}"
    return None


def _power_of_two(x: int) -> bool:
    return x > 0 and x & (x - 1) == 0


def default_block_v(cfg: KernelConfig) -> int:
    """64 value rows per program, or the largest power of two below that divides V."""
    return min(64, cfg.V & -cfg.V)


REGISTER_READ_PER_SM = 6
"""Programs per SM of the register read at 128 threads: 80 registers, no spills."""

def _tiles(cfg: KernelConfig) -> dict:
    """The program's own tiles: block_v :func:`default_block_v`, 128 threads; REGISTER_READ_PER_SM programs per SM with
    the register read at 128 threads where their shared memory fits an sm_90 SM, else 1 (no min-blocks bound)."""
    full = replace(cfg, block_v=cfg.block_v or default_block_v(cfg), threads=cfg.threads or 128)
    n = REGISTER_READ_PER_SM
    many = (register_read(full) and full.threads == 128
            and programs_fit(ARCHES["sm_90"], shared_bytes(full), n) is None)
    return {"block_v": full.block_v, "threads": full.threads, "programs_per_sm": n if many else 1}


PROGRAM = Program(
    name="tile", role="decode", summary="one program per (request, head, value tile): every layout and format",
    fits=_fits,
    tiles=_tiles,
    choices=lambda cfg: {"block_v": (32, 64, 128), "threads": (128, 256), "programs_per_sm": (1, 4, 6)},
    per_sm=lambda cfg: cfg.programs_per_sm, shared_bytes=lambda cfg: shared_bytes(cfg),
    builder="leapquant.kernels.decode.tile:tile_decode_program")
