"""The persistent decode: whole-head programs that walk requests, the next request's loads in flight.

The arithmetic of :mod:`leapquant.kernels.decode.tile` (its docstring describes the step) for V-first INT8 and INT4
states, scheduled against load latency. Grid (1, HV, GP): program (hv, b) takes the whole head hv (block_v = V, so
that the per-request prologue — prefix sums of the log-decays, the key-length dot products, the issue of the loads —
runs once per head) and walks requests n = b, b + GP, b + 2 GP, …; while it computes request n, the loads of the next
one are in flight: ``cp.async`` (predicated: buffered rows past the request's window position are zero-filled, never
read) into the other half of double-buffered shared tiles. The (slot, window position) pairs of all its requests are
read once, at the start. The residual products Z y by format:

- INT8: on INT8 tensor cores (``mma m16n8k32``; the two vectors as three signed byte digits of a 22-bit fixed-point
  value, ``naive.zdot_int8_mma``), from one shared Z buffer that each warp refills with the next request's rows (its
  own 16-row blocks) as soon as its mma has read them;
- INT4: on CUDA cores, from a double-buffered shared Z tile, each code made a float by one PRMT (``_int4_code``).

``GP`` comes from the shape of the last argument (a dummy int32[GP]); the host picks it with :func:`persistent_groups`.

q, k: [N, H, K]; v: [N, HV, V]; g: [N, HV] (GDN) or [N, HV, K] (KDA); beta: [N, HV]; idx: [N]; wpos: [NS];
Z: [NS, HV, V, K / 4] (INT8) or [NS, HV, V, K / 8] (INT4) as int32 words; c: [NS, HV, K]; Bs: [NS, HV, V];
Kc: [NS, HV, max(R, 1), K]; Uc: [NS, HV, max(R, 1), V]; rk: [NS, HV, P, K]; ru: [NS, HV, P, V];
rg: [NS, HV, P] (GDN) or [NS, HV, P, K]; o: [N, HV, V]; wnext: [N]; cnt: [2]; lst: [N]; grp: [GP]
(NS slots, P = window, R = rank).
"""

import math
from dataclasses import dataclass, replace
from types import SimpleNamespace

from leapquant.kernels import arch as arches
from leapquant.kernels.config import KernelConfig
from leapquant.kernels.naive import FIXED_MAGIC, FIXED_SCALE, QMAX
from leapquant.kernels.program import Program
from leapquant.kernels.protocol import decode_tensors
from leapquant.kernels.tl import rcp, reduce_scatter_macro, row_dots_macro, tl, xdiv

PIPE_FILL = 3.0
"""Programs launched per resident program (cfg.programs_per_sm per SM) from cfg.small_batch requests up: shorter walks
than one wave of persistent programs; below cfg.small_batch one wave (fill 1)."""

PIPE_MAXIT = 64
"""The most requests one program walks (its slot list lives in shared memory)."""

INT4_CODE_BIAS = (0x88888888, 8388616.0)
"""The XOR that offsets every INT4 code of a word to unsigned (+8) and 2^23 + 8 — what `code` subtracts from the float
whose low mantissa byte the offset code became (tests/kernels/test_code_conversion.py emulates the PRMT on the CPU)."""

_DTYPE_BYTES = {"int32": 4, "float32": 4, "float16": 2, "bfloat16": 2}


def persistent_groups(cfg: KernelConfig, N: int, sms: int) -> int:
    """GP, the number of request groups of a step of N requests on `sms` SMs (resolved `cfg`): PIPE_FILL times the
    programs resident at once (cfg.programs_per_sm per SM, one program per head and group) — one wave, fill 1, below
    cfg.small_batch requests — but enough groups that no program walks more than PIPE_MAXIT requests, and at most N."""
    fill = 1.0 if N < cfg.small_batch else PIPE_FILL
    want = max(1, round(sms * cfg.programs_per_sm * fill / cfg.HV))
    return max(1, min(N, max(want, -(-N // PIPE_MAXIT))))


@dataclass(frozen=True)
class _Sizes:
    """The program's sizes, derived from a resolved config (:func:`_sizes`)."""

    K: int
    V: int
    P: int          # window
    R: int          # rank
    TH: int         # threads
    Kd: int         # log-decay columns: GDN 1, KDA K
    I4: bool        # INT4: two codes per byte (naive.pack_nibbles), a lane's 16 codes in 8 bytes
    NW: int         # warps
    TRIPS: int      # key-length rows per warp (records, compensators, kᵀq: P + R + 1 rows)
    NPV: int        # a lane's 2 TRIPS sums, padded to a power of two (<= 32: one per lane)
    WPL: int        # int32 words of Z per lane and row
    WROW: int       # int32 words per Z row
    CPR: int        # 16-byte chunks per Z row
    ZPAD: int       # INT8: Z rows padded by 16 bytes, the 8 rows a quarter warp reads on distinct banks
    KW: int         # INT8: Z words (4 codes) of a row per lane of a quad, keys [t K/4, (t+1) K/4)
    RW: int         # INT8: value rows per warp, in blocks of 16 (the mma's M)
    LPR: int        # INT4: lanes per Z row (16 codes each)
    RP: int         # INT4: rows per pass
    NPASS: int      # INT4: passes over the tile


def _sizes(cfg: KernelConfig) -> _Sizes:
    K, V, P, R, TH = cfg.K, cfg.V, cfg.window, cfg.rank, cfg.threads
    I4 = cfg.format == "int4"
    NW = TH // 32
    TRIPS = -(-(P + R + 1) // NW)
    WROW = K // (8 if I4 else 4)
    LPR = K // 16
    return _Sizes(K=K, V=V, P=P, R=R, TH=TH, Kd=1 if cfg.family == "gdn" else K, I4=I4, NW=NW, TRIPS=TRIPS,
                  NPV=1 << (2 * TRIPS - 1).bit_length(), WPL=2 if I4 else 4, WROW=WROW, CPR=WROW // 4,
                  ZPAD=0 if I4 else 4, KW=K // 16, RW=V // NW, LPR=LPR, RP=TH // LPR, NPASS=V // (TH // LPR))


def _shared_layout(cfg: KernelConfig) -> dict[str, tuple[tuple[int, ...], str]]:
    """Every shared buffer of the program, name -> (shape, dtype), in allocation order."""
    z = _sizes(cfg)
    K, V, P, R, Kd = z.K, z.V, z.P, z.R, z.Kd
    f16, f32 = "float16", "float32"
    return {
        "sl": ((PIPE_MAXIT,), "int32"),       # slot of each request the program walks
        "ml": ((PIPE_MAXIT,), "int32"),       # its window position m
        # the per-request inputs, double-buffered (buffer it % 2 holds request it)
        "rks": ((2, P, K), f16),              # buffered keys (rows >= m zero-filled)
        "rus": ((2, P, V), f16),              # buffered u
        "rgs": ((2, P, Kd), f32),             # buffered log-decays
        **({"Kcs": ((2, R, K), f16),          # compensators' keys (none at rank 0)
            "Ucs": ((2, R, V), f16)} if R else {}),   # compensators' values
        "css": ((2, K), f32),                 # smoothing scales c
        "Bss": ((2, V), f32),                 # value scales B
        "qks": ((2, 2, K), "bfloat16"),       # q, k
        "vss": ((2, V), "bfloat16"),
        "gss": ((2, Kd), f32),                # the token's log-decay
        "bts": ((2, 1), f32),                 # β
        # per-request work
        "G": ((P + 1, Kd), f32),              # prefix sums of the buffered log-decays (G_0 = 0)
        "xs": ((3, K), f32),                  # α⊙k, α⊙q·scale, fp16(k)⊙q·scale
        # c ⊙ Γ_{1:m} x, element d at d + 4 (d // 16): a lane's 16 at 20 lt, 8 lanes' 16-byte reads on distinct banks
        "ys": ((2, K + K // 4), f32),
        # the key-length dot products: row rr (records j < P, compensators P + i, kᵀq·scale at P + R) has its two
        # sums at rw[rr % NW, 2 (rr // NW)] and the next
        "rw": ((z.NW, 2 * z.TRIPS), f32),
        "zr": ((2, V), f32),                  # Z y of both vectors
        # Z rows as int32 words (the host passes Z viewed as int32): INT8 one buffer, INT4 two
        "Zs": ((2 if z.I4 else 1, V, z.WROW + z.ZPAD), "int32"),
    }


def shared_bytes(cfg: KernelConfig) -> int:
    """Shared memory per program (bytes): the buffers of _shared_layout, each padded to 16 bytes as TileLang lays
    them out in the program's one dynamic allocation."""
    return sum(-(-math.prod(shape) * _DTYPE_BYTES[dtype] // 16) * 16 for shape, dtype in _shared_layout(cfg).values())


def _int4_code(T, word, e):
    """INT4 code e (0..15) of a lane's Z words as float without I2F (16 per SM and clock on sm_90, a quarter of the
    FMA rate): nibble e % 2 of byte (e % 8) // 2 of word e // 8 (the even code in the low nibble), offset to unsigned
    (XOR), goes into the low mantissa byte of 2^23 (0x4B000000) by one PRMT; subtracting 2^23 + 8 is exact."""
    w = T.cast(word(e // 8), "uint32")
    xor, off = INT4_CODE_BIAS
    x = T.bitwise_and(T.shift_right(T.bitwise_xor(w, T.uint32(xor)), T.uint32(4 * (e % 2))), T.uint32(0x0F0F0F0F))
    sel = (e % 8) // 2
    return T.reinterpret(T.call_extern("uint32", "__byte_perm", x, T.uint32(0x4B000000), T.uint32(0x7650 + sel)),
                         "float32") - off


def _allocate_macro(T, cfg: KernelConfig, z: _Sizes):
    """(macro over ws): the program's shared, local and fragment buffers, returned as a namespace with ws's."""
    lay = _shared_layout(cfg)
    f32 = "float32"

    @T.macro
    def allocate(ws):
        sl = T.alloc_shared(*lay["sl"])
        ml = T.alloc_shared(*lay["ml"])
        rks = T.alloc_shared(*lay["rks"])
        rus = T.alloc_shared(*lay["rus"])
        rgs = T.alloc_shared(*lay["rgs"])
        Kcs = T.alloc_shared(*lay["Kcs"]) if z.R else None
        Ucs = T.alloc_shared(*lay["Ucs"]) if z.R else None
        css = T.alloc_shared(*lay["css"])
        Bss = T.alloc_shared(*lay["Bss"])
        qks = T.alloc_shared(*lay["qks"])
        vss = T.alloc_shared(*lay["vss"])
        gss = T.alloc_shared(*lay["gss"])
        bts = T.alloc_shared(*lay["bts"])
        G = T.alloc_shared(*lay["G"])
        xs = T.alloc_shared(*lay["xs"])
        ys = T.alloc_shared(*lay["ys"])
        rw = T.alloc_shared(*lay["rw"])
        pv = T.alloc_local((z.NPV,), f32)          # a lane's partial sums of its warp's rows (2 per trip)
        wp = T.alloc_local((2,), f32)              # one row's two weights
        gacc = T.alloc_local((1,), f32)            # a running prefix sum
        zr = T.alloc_shared(*lay["zr"])
        A1 = T.alloc_fragment((z.V,), f32)
        A2 = T.alloc_fragment((z.V,), f32)
        Zs = T.alloc_shared(*lay["Zs"])
        zc = T.alloc_local((z.WPL,), "int32")      # INT4: a lane's Z words of one pass
        bufs = SimpleNamespace(sl=sl, ml=ml, rks=rks, rus=rus, rgs=rgs, Kcs=Kcs, Ucs=Ucs, css=css, Bss=Bss, qks=qks,
                               vss=vss, gss=gss, bts=bts, G=G, xs=xs, ys=ys, rw=rw, pv=pv, wp=wp, gacc=gacc, zr=zr,
                               A1=A1, A2=A2, Zs=Zs, zc=zc)
        if z.I4:
            yl = T.alloc_local((2, 16), f32)       # a lane's 16 keys of both vectors
            acc = T.alloc_local((2,), f32)
            return SimpleNamespace(**vars(ws), **vars(bufs), yl=yl, acc=acc)
        yv = T.alloc_local((z.K // 4,), f32)      # the lane's quarter of its vector
        bw = T.alloc_local((z.KW,), "int32")      # its digit column as mma B fragments (4 digits a word)
        za = T.alloc_local((z.KW,), "int32")      # Z words of row g of a block
        zb = T.alloc_local((z.KW,), "int32")      # Z words of row g + 8
        af = T.alloc_local((2 * z.KW,), "int32")  # the block's A fragments, (a0, a1, a2, a3) per k-chunk
        cf = T.alloc_local((4,), "int32")         # D[g][2t, 2t+1], D[g+8][2t, 2t+1]
        zf = T.alloc_local((4,), f32)             # sc, 1 / sc of both vectors; a row's sums
        zi = T.alloc_local((2,), "int32")
        return SimpleNamespace(**vars(ws), **vars(bufs), yv=yv, bw=bw, za=za, zb=zb, af=af, cf=cf, zf=zf, zi=zi)

    return allocate


def _issue_macros(T, cfg: KernelConfig, z: _Sizes):
    """(issue_records, issue_vectors) over (ws, s, m, n, bi): cp.async of request (slot s, window position m, token n)
    into buffer bi of the double-buffered tiles — its records (rows >= m zero-filled) and log-decays; its
    compensators, scales and the token's vectors."""
    P, R, K, V, TH = z.P, z.R, z.K, z.V, z.TH

    def chunks(n16):         # trips of the thread loop that issues n16 copies of 16 bytes
        return -(-n16 // TH)

    @T.macro
    def issue_records(ws, s, m, n, bi):
        rks, rus, rgs, gss, hv, tx = ws.rks, ws.rus, ws.rgs, ws.gss, ws.hv, ws.tx
        rk, ru, rg, g = ws.rk, ws.ru, ws.rg, ws.g
        for cc in T.unroll(chunks(P * K // 8)):
            ch = cc * TH + tx
            if ch < P * K // 8:
                T.ptx_cp_async(T.access_ptr(rks[bi, ch // (K // 8), (ch % (K // 8)) * 8], "w", 8),
                               T.access_ptr(rk[s, hv, ch // (K // 8), (ch % (K // 8)) * 8], "r", 8), 8,
                               predicate=ch // (K // 8) < m)
        for cc in T.unroll(chunks(P * V // 8)):
            ch = cc * TH + tx
            if ch < P * V // 8:
                T.ptx_cp_async(T.access_ptr(rus[bi, ch // (V // 8), (ch % (V // 8)) * 8], "w", 8),
                               T.access_ptr(ru[s, hv, ch // (V // 8), (ch % (V // 8)) * 8], "r", 8),
                               8, predicate=ch // (V // 8) < m)
        if cfg.family == "gdn":
            if tx < P:
                T.ptx_cp_async(T.access_ptr(rgs[bi, tx, 0], "w", 1), T.access_ptr(rg[s, hv, tx], "r", 1),
                               1, predicate=tx < m)
            if tx == P:
                T.ptx_cp_async(T.access_ptr(gss[bi, 0], "w", 1), T.access_ptr(g[n, hv], "r", 1), 1)
        else:
            for cc in T.unroll(chunks(P * K // 4)):
                ch = cc * TH + tx
                if ch < P * K // 4:
                    T.ptx_cp_async(T.access_ptr(rgs[bi, ch // (K // 4), (ch % (K // 4)) * 4], "w", 4),
                                   T.access_ptr(rg[s, hv, ch // (K // 4), (ch % (K // 4)) * 4], "r", 4),
                                   4, predicate=ch // (K // 4) < m)
            if tx < K // 4:
                T.ptx_cp_async(T.access_ptr(gss[bi, tx * 4], "w", 4), T.access_ptr(g[n, hv, tx * 4], "r", 4), 4)

    @T.macro
    def issue_vectors(ws, s, n, bi):
        Kcs, Ucs, css, Bss, qks, vss, bts = ws.Kcs, ws.Ucs, ws.css, ws.Bss, ws.qks, ws.vss, ws.bts
        h, hv, tx = ws.h, ws.hv, ws.tx
        if R > 0:
            for cc in T.unroll(chunks(R * K // 8)):
                ch = cc * TH + tx
                if ch < R * K // 8:
                    T.ptx_cp_async(T.access_ptr(Kcs[bi, ch // (K // 8), (ch % (K // 8)) * 8], "w", 8),
                                   T.access_ptr(ws.Kc[s, hv, ch // (K // 8), (ch % (K // 8)) * 8], "r", 8), 8)
            for cc in T.unroll(chunks(R * V // 8)):
                ch = cc * TH + tx
                if ch < R * V // 8:
                    T.ptx_cp_async(T.access_ptr(Ucs[bi, ch // (V // 8), (ch % (V // 8)) * 8], "w", 8),
                                   T.access_ptr(ws.Uc[s, hv, ch // (V // 8), (ch % (V // 8)) * 8], "r", 8), 8)
        if tx < K // 4:
            T.ptx_cp_async(T.access_ptr(css[bi, tx * 4], "w", 4), T.access_ptr(ws.c[s, hv, tx * 4], "r", 4), 4)
        if tx < V // 4:
            T.ptx_cp_async(T.access_ptr(Bss[bi, tx * 4], "w", 4), T.access_ptr(ws.Bs[s, hv, tx * 4], "r", 4), 4)
        if tx < K // 8:
            T.ptx_cp_async(T.access_ptr(qks[bi, 0, tx * 8], "w", 8), T.access_ptr(ws.q[n, h, tx * 8], "r", 8), 8)
            T.ptx_cp_async(T.access_ptr(qks[bi, 1, tx * 8], "w", 8), T.access_ptr(ws.k[n, h, tx * 8], "r", 8), 8)
        if tx < V // 8:
            T.ptx_cp_async(T.access_ptr(vss[bi, tx * 8], "w", 8), T.access_ptr(ws.v[n, hv, tx * 8], "r", 8), 8)
        if tx == 0:
            T.ptx_cp_async(T.access_ptr(bts[bi, 0], "w", 1), T.access_ptr(ws.beta[n, hv], "r", 1), 1)

    return issue_records, issue_vectors


def _z_copy_macros(T, z: _Sizes):
    """(copy_tile over (ws, s, bi), copy_warp_rows over (ws, s, mode)): cp.async of slot s's Z rows of head hv."""
    V, TH, CPR, RW = z.V, z.TH, z.CPR, z.RW

    @T.macro
    def copy_tile(ws, s, bi):
        """INT4: the whole tile into buffer bi."""
        Zs, Z, hv, tx = ws.Zs, ws.Z, ws.hv, ws.tx
        for cc in T.unroll(-(-V * CPR // TH)):
            ch = cc * TH + tx
            if ch < V * CPR:
                T.ptx_cp_async(T.access_ptr(Zs[bi, ch // CPR, (ch % CPR) * 4], "w", 4),
                               T.access_ptr(Z[s, hv, ch // CPR, (ch % CPR) * 4], "r", 4), 4)

    @T.macro
    def copy_warp_rows(ws, s, mode):
        """INT8: warp wi's rows [wi RW, (wi + 1) RW) — the rows only its mma reads, so that a warp can refill them
        (after a __syncwarp) while the other warps still compute. Mid-request the destination is handed over as a read
        pointer (mode "r") on purpose: TileLang's barrier planner cannot see that each warp writes only the rows it
        alone reads and would put a __syncthreads before every copy; the warp's own __syncwarp and cp.async waits
        order them instead."""
        Zs, Z, hv, wi, ln = ws.Zs, ws.Z, ws.hv, ws.wi, ws.ln
        for cc in T.unroll(RW * CPR // 32):
            ch = cc * 32 + ln
            T.ptx_cp_async(T.access_ptr(Zs[0, wi * RW + ch // CPR, (ch % CPR) * 4], mode, 4),
                           T.access_ptr(Z[s, hv, wi * RW + ch // CPR, (ch % CPR) * 4], "r", 4), 4)

    return copy_tile, copy_warp_rows


def _prologue_macros(T, cfg: KernelConfig, z: _Sizes):
    """(decay_sums over (ws, cb), scaled_keys over (ws, m, cb)): the request's vectors xs and prefix sums G of its
    buffered log-decays; ys = c ⊙ Γ_{1:m} x of both vectors."""
    P, K, Kd = z.P, z.K, z.Kd
    f16, f32 = "float16", "float32"

    def gi(d):               # the log-decay column: GDN has one
        return 0 if cfg.family == "gdn" else d

    @T.macro
    def decay_sums(ws, cb):
        xs, G, qks, gss, rgs, gacc, scale = ws.xs, ws.G, ws.qks, ws.gss, ws.rgs, ws.gacc, ws.scale
        for d in T.Parallel(K):
            a = T.exp(gss[cb, gi(d)])
            kf = T.cast(qks[cb, 1, d], f32)
            qf = T.cast(qks[cb, 0, d], f32)
            xs[0, d] = a * kf
            xs[1, d] = a * qf * scale
            xs[2, d] = T.cast(T.cast(qks[cb, 1, d], f16), f32) * qf * scale
        # prefix sums of the log-decays (rows >= m were zero-filled), each in the serial order of the cumulative sum,
        # the running sum in a register: GDN's one column by P threads (thread j sums rows <= j; adding the 0.0 of
        # rows past j changes nothing), KDA's K columns one per thread
        if cfg.family == "gdn":
            for j in T.Parallel(P):
                gacc[0] = 0.0
                for i in T.unroll(P):
                    gacc[0] = gacc[0] + T.if_then_else(i <= j, rgs[cb, i, 0], 0.0)
                G[j + 1, 0] = gacc[0]
            G[0, 0] = 0.0
        else:
            for d in T.Parallel(Kd):
                gacc[0] = 0.0
                G[0, d] = 0.0
                for j in T.serial(P):
                    gacc[0] = gacc[0] + rgs[cb, j, d]
                    G[j + 1, d] = gacc[0]

    @T.macro
    def scaled_keys(ws, m, cb):
        ys, css, xs, G = ws.ys, ws.css, ws.xs, ws.G
        for d in T.Parallel(K):
            gm = T.exp(G[m, gi(d)])
            ys[0, d + d // 16 * 4] = css[cb, d] * gm * xs[0, d]
            ys[1, d + d // 16 * 4] = css[cb, d] * gm * xs[1, d]

    return decay_sums, scaled_keys, gi


def _weights_macro(T, cfg: KernelConfig, z: _Sizes, gi):
    """(macro over (ws, m, cb)): the key-length dot products, one warp per row — rows j < P the records' weights
    k_jᵀ Γ_{j+1:m} x (masked to j < m), then the R compensators' K̃_iᵀ Γ_{1:m} x, then kᵀq·scale — each row's two
    sums (vectors x, y) into rw."""
    P, R, K, NW, TRIPS, NPV = z.P, z.R, z.K, z.NW, z.TRIPS, z.NPV
    f32 = "float32"
    reduce_scatter, SPLIT = reduce_scatter_macro(T, NPV)   # SPLIT: its halving stages
    assert NPV <= 32, "_fits keeps 2 TRIPS <= 32"

    @T.macro
    def row_weights(ws, m, cb):
        pv, rks, Kcs, xs, G, wi, ln = ws.pv, ws.rks, ws.Kcs, ws.xs, ws.G, ws.wi, ws.ln
        for t in T.unroll(TRIPS):
            rr = wi + NW * t
            pv[2 * t] = 0.0
            pv[2 * t + 1] = 0.0
            if rr < P:
                for e in T.unroll(K // 32):
                    d = ln + 32 * e
                    if cfg.family == "gdn":   # one decay per record, applied below
                        dec = T.cast(rks[cb, rr, d], f32)
                    else:
                        dec = T.if_then_else(rr < m, T.exp(G[m, d] - G[rr + 1, d]), 0.0) * T.cast(
                            rks[cb, rr, d], f32)
                    pv[2 * t] += dec * xs[0, d]
                    pv[2 * t + 1] += dec * xs[1, d]
            elif R > 0 and rr < P + R:
                for e in T.unroll(K // 32):
                    d = ln + 32 * e
                    kk = T.cast(Kcs[cb, rr - P, d], f32) * T.exp(G[m, gi(d)])
                    pv[2 * t] += kk * xs[0, d]
                    pv[2 * t + 1] += kk * xs[1, d]
            elif rr == P + R:
                for e in T.unroll(K // 32):
                    pv[2 * t] += xs[2, ln + 32 * e]
        for e in list(range(2 * TRIPS, NPV)):   # Python lists: unrolled while the IR is built
            pv[e] = 0.0
        # the warp's 2 TRIPS partial sums per lane reduced and scattered at once (tl.reduce_scatter_macro)
        reduce_scatter(pv, ln)
        vi = T.shift_right(ln, 5 - SPLIT)          # the sum this lane holds: trip vi // 2, vector vi % 2
        if cfg.family == "gdn":   # the record's decay (compensator and kᵀq rows: 1)
            rr = wi + NW * (vi // 2)
            pv[0] = pv[0] * T.if_then_else(rr < P, T.if_then_else(
                rr < m, T.exp(G[m, 0] - G[T.min(rr, P - 1) + 1, 0]), 0.0), 1.0)
        # row rr's two sums at rw[rr % NW, 2 (rr // NW) + (0, 1)]
        if T.bitwise_and(ln, (1 << (5 - SPLIT)) - 1) == 0 and vi < 2 * TRIPS:
            ws.rw[wi, vi] = pv[0]

    return row_weights


def _digits_macro(T, z: _Sizes):
    """(macro over ws), INT8: the lane's mma B fragments. Lane (gq, t) = (ln // 4, ln % 4) owns B column gq: vector
    gq // 4 (ys[0] | ys[1]) as fixed-point u = round(y sc) + 2^22 (sc = FIXED_SCALE / max|y|), digit gq % 4 of it
    (3: ones, the row sums), keys [t K/4, (t+1) K/4); zf[1], zf[2]: 1 / sc of its vector and of the other."""
    K, KW = z.K, z.KW
    naive_fixed_scale = T.float32(FIXED_SCALE)

    def fixed_scale(mx):
        """sc = FIXED_SCALE / max|y| (mx, floored at 1e-30), correctly rounded (as the reference's division) from a
        reciprocal: no IEEE division with its slow-path branch."""
        return xdiv(T, naive_fixed_scale, mx, rcp(T, mx))

    def fixed_bits(y, sc):
        """The bits of y · sc + 1.5 · 2^23 (one FMA): u = round(y · sc) + 2^22 in the low 23 (naive.zdot_int8_mma)."""
        return T.reinterpret(y * sc + T.float32(FIXED_MAGIC), "uint32")

    @T.macro
    def digit_columns(ws):
        ys, yv, zf, bw, ln = ws.ys, ws.yv, ws.zf, ws.bw, ws.ln
        gq = ln // 4
        tq = ln % 4
        dj = gq % 4
        for e4 in T.unroll(K // 16):           # 16-byte reads of ys (key d at d + 4 (d // 16))
            for e in T.vectorized(4):
                yv[4 * e4 + e] = ys[gq // 4, tq * (K // 4 + K // 16) + e4 // 4 * 20 + e4 % 4 * 4 + e]
        zf[0] = 0.0
        for e in T.unroll(K // 4):
            zf[0] = T.max(zf[0], T.abs(yv[e]))
        zf[0] = T.max(zf[0], T.shfl_xor(zf[0], 1))
        zf[0] = T.max(zf[0], T.shfl_xor(zf[0], 2))     # max |y| of the vector (its quad of lanes)
        zf[0] = T.max(zf[0], 1e-30)
        zf[0] = fixed_scale(zf[0])                      # sc; then 1 / sc
        zf[1] = rcp(T, zf[0])
        zf[2] = T.shfl_xor(zf[1], 16)                 # the other vector's 1 / sc
        for w in T.unroll(KW):
            sel = T.cast(dj, "uint32") + T.shift_left(T.cast(dj, "uint32") + T.uint32(4), T.uint32(4))
            lo = T.call_extern("uint32", "__byte_perm", fixed_bits(yv[4 * w], zf[0]),
                               fixed_bits(yv[4 * w + 1], zf[0]), sel)
            hi = T.call_extern("uint32", "__byte_perm", fixed_bits(yv[4 * w + 2], zf[0]),
                               fixed_bits(yv[4 * w + 3], zf[0]), sel)
            dw = T.bitwise_xor(T.call_extern("uint32", "__byte_perm", lo, hi, T.uint32(0x5410)),
                               T.uint32(0x80808080))
            bw[w] = T.reinterpret(T.if_then_else(dj == 3, T.uint32(0x01010101), dw), "int32")

    return digit_columns


def _z_mma_macro(T, z: _Sizes, copy_warp_rows):
    """(macro over (ws, it, nit)), INT8: zr[x, i] = Σ_k Z[i, k] y_x[k] on the tensor cores (naive.zdot_int8_mma), warp
    wi's 16-row blocks of the one Z buffer: waited for (request it − 1's, copied by the warp's own lanes; request it's
    records may stay in flight), read, then refilled with request it's rows. A k-chunk j of 32 keys takes words 2j,
    2j + 1 of each lane's quarter: A's and B's k order agree lane by lane, so the sums are the dot products."""
    KW, RW = z.KW, z.RW
    f32 = "float32"

    @T.macro
    def z_mma(ws, it, nit):
        Zs, zr, bw, za, zb, af, cf, zf, zi = ws.Zs, ws.zr, ws.bw, ws.za, ws.zb, ws.af, ws.cf, ws.zf, ws.zi
        wi, ln = ws.wi, ws.ln
        gq = ln // 4
        tq = ln % 4
        if it < nit:
            T.ptx_wait_group(1)
        else:
            T.ptx_wait_group(0)
        T.sync_warp()
        for rb in T.unroll(RW // 16):
            rowg = wi * RW + rb * 16 + gq
            for e in T.vectorized(4):
                za[e] = Zs[0, rowg, tq * KW + e]
            for e in T.vectorized(4):
                za[4 + e] = Zs[0, rowg, tq * KW + 4 + e]
            for e in T.vectorized(4):
                zb[e] = Zs[0, rowg + 8, tq * KW + e]
            for e in T.vectorized(4):
                zb[4 + e] = Zs[0, rowg + 8, tq * KW + 4 + e]
            for j in T.unroll(KW // 2):
                af[4 * j] = za[2 * j]
                af[4 * j + 1] = zb[2 * j]
                af[4 * j + 2] = za[2 * j + 1]
                af[4 * j + 3] = zb[2 * j + 1]
            for e in T.unroll(4):
                cf[e] = 0
            for j in T.unroll(KW // 2):
                T.ptx_mma("int32", "m16n8k32", "row", "col", "int8", "int8", "int32",
                          af.data, 4 * j, bw.data, 2 * j, cf.data, 0, False)
            for hr in T.unroll(2):             # rows g and g + 8
                # R (column 3 / 7) sits on the odd lane of each pair; A_j as in naive.zdot_int8_mma
                zi[1] = T.shfl_xor(cf[2 * hr + 1], 1)   # every lane shuffles (outside any branch)
                zi[0] = T.if_then_else(tq % 2 == 1, cf[2 * hr + 1], zi[1])
                zf[3] = T.if_then_else(
                    tq % 2 == 0,
                    T.cast(cf[2 * hr] + 128 * zi[0], f32) + 256.0 * T.cast(cf[2 * hr + 1] + 128 * zi[0], f32),
                    65536.0 * T.cast(cf[2 * hr] + 64 * zi[0], f32))
                zf[3] = zf[3] + T.shfl_xor(zf[3], 1)
                if tq % 2 == 0:                # lane t = 0: vector 0, t = 2: vector 1
                    zr[tq // 2, rowg + 8 * hr] = zf[3] * T.if_then_else(gq // 4 == tq // 2, zf[1], zf[2])
        T.sync_warp()                          # the warp has read its rows: refill them with the next request's
        if it < nit:
            copy_warp_rows(ws, ws.sl[it], "r")
            T.ptx_commit_group()

    return z_mma


def _z_cuda_macro(T, z: _Sizes):
    """(macro over (ws, cb)), INT4: zr = Z y of both vectors on CUDA cores — one 8-byte shared load of Z per lane and
    pass, lane lt of a row's K / 16 adding its 16 codes times its 16 keys (tl.row_dots_macro)."""
    WPL, RP, NPASS = z.WPL, z.RP, z.NPASS
    row_dots = row_dots_macro(T, z.LPR, RP, lambda zc, ps, e: _int4_code(T, lambda w: zc[w], e))

    @T.macro
    def z_cuda(ws, cb):
        yl, acc, ys, zc, zr, Zs, lt, r0 = ws.yl, ws.acc, ws.ys, ws.zc, ws.zr, ws.Zs, ws.lt, ws.r0
        for e in T.unroll(16):
            yl[0, e] = ys[0, lt * 20 + e]
            yl[1, e] = ys[1, lt * 20 + e]
        for ps in T.unroll(NPASS):
            acc[0] = 0.0
            acc[1] = 0.0
            for e in T.vectorized(WPL):
                zc[e] = Zs[cb, ps * RP + r0, lt * WPL + e]
            row_dots(acc, yl, zr, zc, ps, r0, lt)

    return z_cuda


def _output_macros(T, cfg: KernelConfig, z: _Sizes):
    """(combine over (ws, s, m, n, cb), append over (ws, s, m, n, cb)): the request's output and u from Z y and the
    weighted records and compensators; the token's record appended, the boundary list and counters."""
    P, R, K, V, Kd, NW = z.P, z.R, z.K, z.V, z.Kd, z.NW
    invq = 1.0 / QMAX[cfg.format]
    f16, f32 = "float16", "float32"

    @T.macro
    def combine(ws, s, m, n, cb):
        A1, A2, wp, rw, zr, Bss, rus, Ucs, hv = ws.A1, ws.A2, ws.wp, ws.rw, ws.zr, ws.Bss, ws.rus, ws.Ucs, ws.hv
        for i in T.Parallel(V):
            A1[i] = Bss[cb, i] * zr[0, i] * invq
            A2[i] = Bss[cb, i] * zr[1, i] * invq
        # a row's two weights (side by side in rw) in one 8-byte load
        for j in T.serial(P):  # rows past m add exact zeros: their u were zero-filled, their weights are 0
            for e in T.vectorized(2):
                wp[e] = rw[j % NW, 2 * (j // NW) + e]
            for i in T.Parallel(V):
                uj = T.cast(rus[cb, j, i], f32)
                A1[i] += wp[0] * uj
                A2[i] += wp[1] * uj
        if R > 0:
            for j in T.serial(R):
                for e in T.vectorized(2):
                    wp[e] = rw[(P + j) % NW, 2 * ((P + j) // NW) + e]
                for i in T.Parallel(V):
                    A1[i] += wp[0] * T.cast(Ucs[cb, j, i], f32)
                    A2[i] += wp[1] * T.cast(Ucs[cb, j, i], f32)
        for i in T.Parallel(V):
            u16 = T.cast(ws.bts[cb, 0] * (T.cast(ws.vss[cb, i], f32) - A1[i]), f16)
            ws.ru[s, hv, m, i] = u16
            ws.o[n, hv, i] = T.cast(A2[i] + T.cast(u16, f32) * rw[(P + R) % NW, 2 * ((P + R) // NW)], cfg.out_dtype)

    @T.macro
    def append(ws, s, m, n, cb):
        qks, gss, rg, cnt, par, hv, tx = ws.qks, ws.gss, ws.rg, ws.cnt, ws.par, ws.hv, ws.tx
        for d in T.Parallel(K):
            ws.rk[s, hv, m, d] = T.cast(qks[cb, 1, d], f16)
        for d in T.Parallel(Kd):
            if cfg.family == "gdn":
                rg[s, hv, m] = gss[cb, 0]
            else:
                rg[s, hv, m, d] = gss[cb, d]
        if hv == 0:
            ws.wnext[n] = m + 1
            if tx == 0:
                # the request reached its window's end: append its slot to the boundary list
                if m + 1 == P:
                    pos = T.atomic_add(cnt[par], 1, return_prev=True)
                    ws.lst[pos] = s
                # the other counter is next step's; nothing reads it during this launch
                if n == 0:
                    cnt[1 - par] = 0

    return combine, append


def _request_macros(T, cfg: KernelConfig, z: _Sizes, GP):
    """(issue over (ws, it), compute over (ws, it, nit)): a trip's two halves — the loads of request it, the
    arithmetic of request it − 1."""
    I4 = z.I4
    issue_records, issue_vectors = _issue_macros(T, cfg, z)
    copy_tile, copy_warp_rows = _z_copy_macros(T, z)
    decay_sums, scaled_keys, gi = _prologue_macros(T, cfg, z)
    row_weights = _weights_macro(T, cfg, z, gi)
    z_products = _z_cuda_macro(T, z) if I4 else _z_mma_macro(T, z, copy_warp_rows)
    digit_columns = None if I4 else _digits_macro(T, z)
    combine, append = _output_macros(T, cfg, z)

    @T.macro
    def issue(ws, it):
        """Request it into buffer it % 2 as one cp.async group (INT8: the first request's Z rows a group after it;
        later ones are copied after each mma), then the wait for request it − 1's."""
        s = ws.sl[it]
        m = ws.ml[it]
        n = ws.b + it * GP
        bi = it % 2
        if I4:
            copy_tile(ws, s, bi)
        issue_records(ws, s, m, n, bi)
        issue_vectors(ws, s, n, bi)
        T.ptx_commit_group()
        if not I4 and it == 0:
            copy_warp_rows(ws, s, "w")
            T.ptx_commit_group()
        if it > 0:
            if I4:
                T.ptx_wait_group(1)        # request it − 1 has landed; request it stays in flight
            else:                          # groups: records(it − 1), Z(it − 1), records(it): the first has landed
                T.ptx_wait_group(2)

    @T.macro
    def compute(ws, it, nit):
        """Request it − 1: its prologue, row weights, Z products, output and record."""
        s = ws.sl[it - 1]
        m = ws.ml[it - 1]
        n = ws.b + (it - 1) * GP
        cb = (it - 1) % 2
        decay_sums(ws, cb)
        scaled_keys(ws, m, cb)
        row_weights(ws, m, cb)
        if I4:
            z_products(ws, cb)
        else:
            digit_columns(ws)
            z_products(ws, it, nit)
        combine(ws, s, m, n, cb)
        append(ws, s, m, n, cb)

    return issue, compute


def _walk_macro(T, cfg: KernelConfig, z: _Sizes, N, GP):
    """(macro over ws): the program's walk over its requests — their slots and positions read once; trip `it`
    issues the loads of request it and computes request it − 1."""
    issue, compute = _request_macros(T, cfg, z, GP)

    @T.macro
    def walk(ws):
        zc, sl, ml, b = ws.zc, ws.sl, ws.ml, ws.b
        for e in T.unroll(z.WPL):
            zc[e] = 0
        nit = T.ceildiv(N - b, GP)                 # >= 1: the host keeps GP <= N (and nit <= PIPE_MAXIT)
        for e in T.Parallel(PIPE_MAXIT):
            nn = b + e * GP
            if nn < N:
                sl[e] = ws.idx[nn]
                ml[e] = ws.wpos[ws.idx[nn]]
        for it in T.serial(nit + 1):
            T.sync_threads()                       # buffer it % 2 was last read by trip it − 1
            if it < nit:
                issue(ws, it)
            else:
                T.ptx_wait_group(0 if z.I4 else 1)   # INT8: Z(it − 1), the last group, is waited for before the mma
            T.sync_threads()
            if it > 0:
                compute(ws, it, nit)

    return walk


def persistent_decode_program(cfg: KernelConfig):
    """The TileLang prim_func of one decode step (launch 1) as persistent whole-head programs, for a resolved `cfg`
    (decode "persistent"): INT8 with the residual products on tensor cores, INT4 on CUDA cores."""
    T = tl()
    z = _sizes(cfg)
    H, HV, TH = cfg.H, cfg.HV, z.TH
    rep = HV // H
    N = T.dynamic("N")
    NS = T.dynamic("NS")
    GP = T.dynamic("GP")
    allocate = _allocate_macro(T, cfg, z)
    walk = _walk_macro(T, cfg, z, N, GP)

    sig = decode_tensors(T, cfg, N, NS, z.WROW, GP)

    @T.prim_func
    def decode(
        q: sig.q, k: sig.k, v: sig.v, g: sig.g, beta: sig.beta, scale: T.float32, idx: sig.idx, wpos: sig.wpos,
        Z: sig.Z, c: sig.c, Bs: sig.Bs, Kc: sig.Kc, Uc: sig.Uc, rk: sig.rk, ru: sig.ru, rg: sig.rg, o: sig.o,
        wnext: sig.wnext, cnt: sig.cnt, par: T.int32, lst: sig.lst, grp: sig.grp,
    ):
        with T.Kernel(1, HV, GP, threads=TH) as (_, hv, b):
            if cfg.programs_per_sm > 1:
                T.annotate_min_blocks_per_sm(cfg.programs_per_sm)
            tx = T.get_thread_binding(0)
            wi = tx // 32
            ln = tx % 32
            lt = tx % z.LPR
            r0 = tx // z.LPR
            h = hv // rep
            walk(allocate(SimpleNamespace(
                q=q, k=k, v=v, g=g, beta=beta, scale=scale, idx=idx, wpos=wpos, Z=Z, c=c, Bs=Bs, Kc=Kc, Uc=Uc,
                rk=rk, ru=ru, rg=rg, o=o, wnext=wnext, cnt=cnt, par=par, lst=lst,
                hv=hv, b=b, tx=tx, wi=wi, ln=ln, lt=lt, r0=r0, h=h)))

    return decode


# ----------------------------------------------------------------------------- the registry's view
def _fits(cfg: KernelConfig) -> str | None:
    if cfg.layout != "v_first":
        return f"layout must be 'v_first' (Z rows copied by 16-byte chunks along the keys), got {cfg.layout!r}"
    if cfg.format not in ("int8", "int4"):
        return f"format must be 'int8' or 'int4', got {cfg.format!r}"
    if cfg.block_v not in (0, cfg.V):
        return f"block_v must be V = {cfg.V} (a program takes whole heads), got {cfg.block_v}"
    lanes = cfg.K // 16
    if cfg.K % (64 if cfg.format == "int8" else 32) or lanes & (lanes - 1) or lanes > 32:
        return (f"K must be 64, 128, 256 or 512 with int8 (32 too with int4): K / 16 lanes per Z row, a power of two "
                f"within a warp; got K = {cfg.K}")
    threads = cfg.threads or default_threads(cfg)
    warps = threads // 32
    if (threads % 32 or not max(cfg.K // 4, cfg.V // 4, cfg.window + 1) <= threads <= 1024 or cfg.V % 16
            or cfg.V % (threads // lanes) or 2 * -(-(cfg.window + cfg.rank + 1) // warps) > 32):
        return (f"threads = {threads} does not fit: whole warps, at least max(K / 4, V / 4, window + 1) and at most "
                f"1024, V a multiple of 16 and of threads / (K / 16), and 2 ceil((window + rank + 1) / warps) <= 32 "
                f"(K = {cfg.K}, V = {cfg.V}, window = {cfg.window}, rank = {cfg.rank})")
    if cfg.format == "int8" and ((cfg.V // warps) % 16 or cfg.V % warps):
        return f"threads = {threads}: V / warps must be a multiple of 16 (16-row mma blocks), got V = {cfg.V}"
    return None


def default_threads(cfg: KernelConfig) -> int:
    return 128 if cfg.format == "int8" else 256


def default_programs_per_sm(cfg: KernelConfig) -> int:
    """INT8: GDN 4, KDA 3 (one Z buffer); INT4 3 — fewer where that many programs' shared memory does not fit one
    sm_90 SM (long windows, high ranks), so that the count is the one resident (the grid is sized by it)."""
    want = (4 if cfg.family == "gdn" else 3) if cfg.format == "int8" else 3
    sm90 = arches.get("sm_90")
    full = replace(cfg, block_v=cfg.V, threads=cfg.threads or default_threads(cfg))
    return max(1, min(want, sm90.shared_per_sm // (shared_bytes(full) + sm90.reserved_per_block)))


PROGRAM = Program(
    name="persistent", role="decode",
    summary="whole-head programs walking requests, the next one's loads in flight (INT8: residual products on tensor "
            "cores, one Z buffer; INT4: a double-buffered Z tile)",
    fits=_fits,
    tiles=lambda cfg: {"block_v": cfg.V, "threads": default_threads(cfg),
                       "programs_per_sm": default_programs_per_sm(cfg)},
    choices=lambda cfg: {"threads": (128, 256), "programs_per_sm": (2, 3, 4)}, per_sm=lambda cfg: cfg.programs_per_sm,
    shared_bytes=lambda cfg: shared_bytes(cfg),
    builder="leapquant.kernels.decode.persistent:persistent_decode_program")
