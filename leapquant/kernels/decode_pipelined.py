"""v6 decode: a persistent, software-pipelined decode launch (V-first INT8, the default layout and format).

Same arithmetic, buffers and outputs as :func:`leapquant.kernels.decode.decode_program` with ``zrows`` (its
docstring describes the step); only the schedule differs. The v4b decode ran one program per (value tile, head,
request) and was latency-bound (ncu, GDN 512: 55 % of its warp stalls wait on the loads at the start of each
program, 12 % more at the barrier after them; 6 programs per SM could not cover that). Here grid (V/BV, HV, GP):
program (vt, hv, b) walks requests n = b, b + GP, b + 2GP, … and, while it computes request n, the loads of the
next one are in flight — ``cp.async`` (predicated: buffered rows past the request's window position are
zero-filled, never read) into the other half of double-buffered shared tiles, and the Z rows into a second set of
registers. The (slot, window position) pairs of all its requests are read once, at the start.

``GP`` comes from the shape of the last argument (a dummy int32[GP]), as the boundary's grid does; the host picks
it (:func:`pipelined_programs`) so that about ``blocks_per_sm`` programs run per SM and each walks at most
``cfg.pipe_maxit`` requests.
"""


from leapquant.kernels.config import DecodeConfig, _T, _rcp, _reduce_scatter, _row_dots, _xdiv
from leapquant.kernels.naive import FIXED_MAGIC, FIXED_SCALE, QMAX


CODE_BIAS = {"int8": (0x80808080, 8388736.0), "int4": (0x88888888, 8388616.0)}
"""Per format: the XOR that offsets every code of a word to unsigned (+128 for INT8 bytes, +8 for INT4 nibbles)
and 2^23 plus that offset — what `code` subtracts from the float whose low mantissa byte the offset code became
(tests/kernels/test_code_conversion.py emulates the PRMT on the CPU)."""


def pipelined_programs(cfg: DecodeConfig, N: int, sms: int) -> int:
    """GP, the number of request groups: cfg.pipe_fill programs per resident slot of `sms` SMs at cfg.dminblocks
    (or 4) per SM — one wave (fill 1) below cfg.small_batch requests — and few enough requests per program
    (≤ cfg.pipe_maxit)."""
    if cfg.pipe_warp:   # v14: GP programs of NW warps per head, each warp walking its own requests — one wave
        nw = cfg.threads // 32
        return max(1, min(-(-N // nw), sms * (cfg.dminblocks or 4) // cfg.HV))
    per_group = cfg.HV * (cfg.V // cfg.BV)
    fill = 1.0 if N < cfg.small_batch else cfg.pipe_fill
    want = max(1, round(sms * (cfg.dminblocks or 4) * fill / per_group))
    return max(1, min(N, max(want, -(-N // cfg.pipe_maxit))))


def pipelined_decode_program(cfg: DecodeConfig):
    """The TileLang prim_func of one decode step, persistent and pipelined (launch 1; launch 2 is unchanged)."""
    if cfg.pipe_warp:
        from leapquant.kernels.decode_warp import warp_decode_program
        return warp_decode_program(cfg)
    T = _T()
    if not (cfg.v_first and cfg.mode == "leap" and cfg.zfmt in ("int8", "int4")):
        raise ValueError("the pipelined decode is built for V-first INT8 (and INT4) residuals")
    kind, H, HV, K, V, P, R, BV, TH = cfg.kind, cfg.H, cfg.HV, cfg.K, cfg.V, cfg.p, cfg.r, cfg.BV, cfg.threads
    rep = HV // H
    Kd = 1 if kind == "gdn" else K
    N = T.dynamic("N")
    NS = T.dynamic("NS")
    GP = T.dynamic("GP")
    MAXIT = cfg.pipe_maxit
    gshape = (N, HV) if kind == "gdn" else (N, HV, K)
    rgshape = (NS, HV, P) if kind == "gdn" else (NS, HV, P, K)
    Rz = max(R, 1)
    f32, f16, bf16 = "float32", "float16", "bfloat16"
    invq = 1.0 / QMAX[cfg.zfmt]
    NW = TH // 32            # warps
    NRW = P + R + 1          # key-length rows dotted per request: records, compensators, kᵀq
    TRIPS = -(-NRW // NW)    # rows per warp
    NPV = 1 << (2 * TRIPS - 1).bit_length()   # their 2 TRIPS sums, padded to a power of two (≤ 32: one per lane)
    reduce_scatter, SPLIT = _reduce_scatter(T, NPV)   # SPLIT: its halving stages
    assert NPV <= 32, "DecodeConfig._pipe_fits keeps 2 TRIPS <= 32"
    ZS = cfg.pipe_zsmem      # v7: Z staged in shared memory (lets BV = 128 run on 128 threads)
    I4 = cfg.zfmt == "int4"  # two codes per byte (naive.pack_nibbles): a lane's 16 codes are 8 bytes, not 16
    WPL = 2 if I4 else 4     # int32 words of Z per lane and row
    WROW = K // (8 if I4 else 4)  # int32 words per Z row
    CPR = WROW // 4          # 16-byte chunks per Z row
    ZM = cfg.pipe_zmma       # v8: the Z products on INT8 tensor cores (needs ZS)
    KW = K // 16             # v8: Z words (4 codes) of a row per lane of a quad: lane t holds keys [t K/4, (t+1) K/4)
    RW = BV // NW            # v8: value rows per warp, in blocks of 16 (the mma's M)
    ZPAD = 4 if ZM else 0    # v8: Zs rows padded by 16 bytes: the 8 rows a quarter warp reads fall on distinct banks
    Z1 = cfg.pipe_z1         # v9: one Z buffer, each warp refilling its own rows after its mma (needs ZM)
    ZD = cfg.pipe_zdig       # v10: the mma's digit columns built once per request in shared memory (needs ZM, K = TH)
    DT = cfg.pipe_dtc        # v13: the key-length dot products on TF32 tensor cores (GDN; needs ZM)
    NBK = -(-NRW // 16)      # v13: 16-row blocks of the dotted rows (records, compensators, fp16(k))
    KSW = K // NW // 8       # v13: k-steps of 8 keys per warp (each warp sums its K / NW keys; partials to `part`)
    LPR = K // 16            # lanes per Z row (16 codes each)
    RP = TH // LPR           # rows per pass
    NPASS = BV // RP

    def chunks(n16):         # trips of the thread loop that issues n16 copies of 16 bytes
        return -(-n16 // TH)

    def code(T, word, e):
        """Code e (0..15) of a lane's Z words as float without I2F (16 per SM and clock on sm_90, a quarter of
        the FMA rate): the code offset to unsigned (XOR) goes into the low mantissa byte of 2^23 (0x4B000000)
        by one PRMT; subtracting 2^23 + offset is exact. INT8: byte e % 4 of word e // 4, offset 128; INT4:
        nibble e % 2 of byte (e % 8) // 2 of word e // 8 (the even code in the low nibble), offset 8."""
        w = T.cast(word(e // (8 if I4 else 4)), "uint32")
        xor, off = CODE_BIAS[cfg.zfmt]
        if I4:
            x = T.bitwise_and(T.shift_right(T.bitwise_xor(w, T.uint32(xor)), T.uint32(4 * (e % 2))),
                              T.uint32(0x0F0F0F0F))
            sel = (e % 8) // 2
        else:
            x, sel = T.bitwise_xor(w, T.uint32(xor)), e % 4
        return T.reinterpret(T.call_extern("uint32", "__byte_perm", x, T.uint32(0x4B000000), T.uint32(0x7650 + sel)),
                             "float32") - off

    @T.macro
    def copy_warp_rows(Zs, Z, s, hv, v0, wi, ln, mode):
        """v9: warp wi's cp.async of request slot s's Z rows [wi RW, (wi + 1) RW) — the rows only its mma reads, so
        that a warp can refill them (after a __syncwarp) while the other warps still compute. Mid-request the
        destination is handed over as a read pointer (mode "r") on purpose: TileLang's barrier planner cannot see
        that each warp writes only the rows it alone reads and put a __syncthreads before every copy (8 per
        request); the warp's own __syncwarp and cp.async waits order them instead."""
        for cc in T.unroll(RW * CPR // 32):
            ch = cc * 32 + ln
            T.ptx_cp_async(T.access_ptr(Zs[0, wi * RW + ch // CPR, (ch % CPR) * 4], mode, 4),
                           T.access_ptr(Z[s, hv, v0 + wi * RW + ch // CPR, (ch % CPR) * 4], "r", 4), 4)

    naive_fixed_scale = T.float32(FIXED_SCALE)
    row_dots = _row_dots(T, LPR, RP, lambda zc, ps, e: code(T, lambda w: zc[(0 if ZS else ps * WPL) + w], e))

    def fixed_scale(mx):
        """sc = FIXED_SCALE / max|y| (mx, floored at 1e-30 by the caller), correctly rounded (as the reference's
        division) from a reciprocal: no IEEE division with its slow-path branch (session 8)."""
        return _xdiv(T, naive_fixed_scale, mx, _rcp(T, mx))

    def fixed_bits(y, sc):
        """The bits of y · sc + 1.5 · 2^23 (one FMA): u = round(y · sc) + 2^22 in the low 23 (naive.zdot_int8_mma)."""
        return T.reinterpret(y * sc + T.float32(FIXED_MAGIC), "uint32")

    def gi(d):               # the log-decay column: GDN has one
        return 0 if kind == "gdn" else d

    @T.prim_func
    def decode(
        q: T.Tensor((N, H, K), bf16), k: T.Tensor((N, H, K), bf16), v: T.Tensor((N, HV, V), bf16),
        g: T.Tensor(gshape, f32), beta: T.Tensor((N, HV), f32), scale: T.float32,
        idx: T.Tensor((N,), "int32"), wpos: T.Tensor((NS,), "int32"),
        Z: T.Tensor((NS, HV, V, WROW), "int32"), c: T.Tensor((NS, HV, K), f32), Bs: T.Tensor((NS, HV, V), f32),
        Kc: T.Tensor((NS, HV, Rz, K), f16), Uc: T.Tensor((NS, HV, Rz, V), f16),
        rk: T.Tensor((NS, HV, P, K), f16), ru: T.Tensor((NS, HV, P, V), f16), rg: T.Tensor(rgshape, f32),
        o: T.Tensor((N, HV, V), cfg.out_dtype), wnext: T.Tensor((N,), "int32"),
        cnt: T.Tensor((cfg.counters,), "int32"), par: T.int32, lst: T.Tensor((N,), "int32"), grp: T.Tensor((GP,), "int32"),
    ):
        with T.Kernel(V // BV, HV, GP, threads=TH) as (vt, hv, b):
            if cfg.dminblocks:
                T.annotate_min_blocks_per_sm(cfg.dminblocks)
            tx = T.get_thread_binding(0)
            wi = tx // 32
            ln = tx % 32
            lt = tx % LPR
            r0 = tx // LPR
            h = hv // rep
            v0 = vt * BV
            sl = T.alloc_shared((MAXIT,), "int32")     # slot of each request this program walks
            ml = T.alloc_shared((MAXIT,), "int32")     # its window position m
            # double-buffered per-request inputs (buffer it % 2 holds request it)
            # buffered keys (rows ≥ m zero-filled); v13: then the compensators' keys, then fp16(k), rows padded by
            # 16 bytes (an A fragment's 8 rows on distinct banks)
            rks = T.alloc_shared((2, NRW, K + 8) if DT else (2, P, K), f16)
            rus = T.alloc_shared((2, P, BV), f16)      # buffered u, this value tile
            rgs = T.alloc_shared((2, P, Kd), f32)      # buffered log-decays
            if not DT:
                Kcs = T.alloc_shared((2, Rz, K), f16)
            Ucs = T.alloc_shared((2, Rz, BV), f16)
            css = T.alloc_shared((2, K), f32)          # smoothing scales c
            Bss = T.alloc_shared((2, BV), f32)         # value scales B of the tile
            qks = T.alloc_shared((2, 2, K), bf16)      # q, k
            vss = T.alloc_shared((2, BV), bf16)
            gss = T.alloc_shared((2, Kd), f32)
            bts = T.alloc_shared((2, 1), f32)          # β
            # per-request work
            G = T.alloc_shared((P + 1, Kd), f32)       # prefix sums of the buffered log-decays (G_0 = 0)
            # α⊙k, α⊙q·scale, fp16(k)⊙q·scale (v13: q·scale; rows padded: the B fragments' 64-bit reads conflict-free)
            xs = T.alloc_shared((3, K + 8) if DT else (3, K), f32)
            # c ⊙ Γ_{1:m} x, element d at d + 4 (d // 16): lane lt reads its 16 at 20 lt, 8 lanes on distinct banks
            # (unpadded, the 16-byte reads of 8 lanes 64 B apart were 4-way bank conflicts: 13 of the 35 M shared
            # wavefronts of the v6 decode at GDN 512, ncu)
            if not ZD:
                ys = T.alloc_shared((2, K + K // 4), f32)
            # the key-length dot products: row rr (records j < P, compensators P + i, kᵀq·scale at P + R), its
            # two sums at rw[rr % NW, 2 (rr // NW)] and the next
            rw = T.alloc_shared((NW, 2 * TRIPS), f32)
            if DT:   # v13: per warp, its keys' partial sums of every row and vector (x, y, q·scale); mma fragments
                part = T.alloc_shared((NW, NRW, 4), f32)
                dacc = T.alloc_local((4 * NBK,), f32)
                dfa = T.alloc_local((4,), "uint32")
                dfb = T.alloc_local((2,), "uint32")
                dxw = T.alloc_local((2,), f32)
                dh = T.alloc_local((2,), f16)
                dsm = T.alloc_local((1,), f32)
            else:
                pv = T.alloc_local((NPV,), f32)        # a lane's partial sums of its warp's rows (2 per trip)
            wp = T.alloc_local((2,), f32)              # one row's two weights
            gacc = T.alloc_local((1,), f32)            # a running prefix sum
            zr = T.alloc_shared((2, BV), f32)
            A1 = T.alloc_fragment((BV,), f32)
            A2 = T.alloc_fragment((BV,), f32)
            # Z rows as int32 words (4 codes each; the host passes Z viewed as int32): byte arrays would be
            # address-taken by the 16-byte loads and spill
            if ZS:   # v7: the tile goes through shared memory (cp.async), one pass of rows in registers at a time
                Zs = T.alloc_shared((1 if Z1 else 2, BV, WROW + ZPAD), "int32")
                zc = T.alloc_local((WPL,), "int32")
                if ZD:   # v10: thread d's c ⊙ Γ x of both vectors, their maxima, sc and 1 / sc; per-warp maxima;
                    # the digit table dtab[x, digit, key] (bytes, offset by 128) read as words by the mma lanes
                    yd = T.alloc_local((2,), f32)
                    ym = T.alloc_local((2,), f32)
                    zs = T.alloc_local((4,), f32)
                    wm = T.alloc_shared((NW, 2), f32)
                    dtab = T.alloc_shared((2, 3, K), "uint8")
                    dtw = T.view(dtab, shape=(2, 3, K // 4), dtype="int32")
                if ZM:
                    if not ZD:
                        yv = T.alloc_local((K // 4,), f32)     # the lane's quarter of its vector
                    bw = T.alloc_local((KW,), "int32")         # its digit column as mma B fragments (4 digits a word)
                    za = T.alloc_local((KW,), "int32")         # Z words of row g of the block
                    zb = T.alloc_local((KW,), "int32")         # Z words of row g + 8
                    af = T.alloc_local((2 * KW,), "int32")     # the block's A fragments, (a0, a1, a2, a3) per k-chunk
                    cf = T.alloc_local((4,), "int32")          # D[g][2t, 2t+1], D[g+8][2t, 2t+1]
                    zf = T.alloc_local((4,), f32)              # scales; per-row partial and total sums
                    zi = T.alloc_local((2,), "int32")
            else:    # v6: all passes in registers, the next request's in a second set
                zc = T.alloc_local((NPASS * WPL,), "int32")  # Z rows of the request being computed
                zn = T.alloc_local((NPASS * WPL,), "int32")  # Z rows of the next request (in flight)
            yl = T.alloc_local((2, 16), f32)
            acc = T.alloc_local((2,), f32)

            for e in T.unroll(WPL if ZS else NPASS * WPL):
                zc[e] = 0
            nit = T.ceildiv(N - b, GP)                 # ≥ 1: the host keeps GP ≤ N (and nit ≤ MAXIT)
            for e in T.Parallel(MAXIT):
                nn = b + e * GP
                if nn < N:
                    sl[e] = idx[nn]
                    ml[e] = wpos[idx[nn]]
            # trip `it` issues the loads of request it and computes request it − 1
            for it in T.serial(nit + 1):
                T.sync_threads()                       # buffer it % 2 was last read by trip it − 1
                if it < nit:
                    s = sl[it]
                    m = ml[it]
                    n = b + it * GP
                    bi = it % 2
                    if ZS and not Z1:
                        for cc in T.unroll(chunks(BV * CPR)):
                            ch = cc * TH + tx
                            if ch < BV * CPR:
                                T.ptx_cp_async(T.access_ptr(Zs[bi, ch // CPR, (ch % CPR) * 4], "w", 4),
                                               T.access_ptr(Z[s, hv, v0 + ch // CPR, (ch % CPR) * 4], "r", 4), 4)
                    elif not ZS:
                        for ps in T.unroll(NPASS):
                            for e in T.vectorized(WPL):
                                zn[ps * WPL + e] = Z[s, hv, v0 + ps * RP + r0, lt * WPL + e]
                    for cc in T.unroll(chunks(P * K // 8)):
                        ch = cc * TH + tx
                        if ch < P * K // 8:
                            T.ptx_cp_async(T.access_ptr(rks[bi, ch // (K // 8), (ch % (K // 8)) * 8], "w", 8),
                                           T.access_ptr(rk[s, hv, ch // (K // 8), (ch % (K // 8)) * 8], "r", 8), 8,
                                           predicate=ch // (K // 8) < m)
                    for cc in T.unroll(chunks(P * BV // 8)):
                        ch = cc * TH + tx
                        if ch < P * BV // 8:
                            T.ptx_cp_async(T.access_ptr(rus[bi, ch // (BV // 8), (ch % (BV // 8)) * 8], "w", 8),
                                           T.access_ptr(ru[s, hv, ch // (BV // 8), v0 + (ch % (BV // 8)) * 8], "r", 8),
                                           8, predicate=ch // (BV // 8) < m)
                    if kind == "gdn":
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
                    if R > 0:
                        for cc in T.unroll(chunks(R * K // 8)):
                            ch = cc * TH + tx
                            if ch < R * K // 8:
                                T.ptx_cp_async(T.access_ptr((rks[bi, P + ch // (K // 8), (ch % (K // 8)) * 8] if DT else
                                                             Kcs[bi, ch // (K // 8), (ch % (K // 8)) * 8]), "w", 8),
                                               T.access_ptr(Kc[s, hv, ch // (K // 8), (ch % (K // 8)) * 8], "r", 8), 8)
                        for cc in T.unroll(chunks(R * BV // 8)):
                            ch = cc * TH + tx
                            if ch < R * BV // 8:
                                T.ptx_cp_async(T.access_ptr(Ucs[bi, ch // (BV // 8), (ch % (BV // 8)) * 8], "w", 8),
                                               T.access_ptr(Uc[s, hv, ch // (BV // 8), v0 + (ch % (BV // 8)) * 8], "r",
                                                            8), 8)
                    if tx < K // 4:
                        T.ptx_cp_async(T.access_ptr(css[bi, tx * 4], "w", 4), T.access_ptr(c[s, hv, tx * 4], "r", 4), 4)
                    if tx < BV // 4:
                        T.ptx_cp_async(T.access_ptr(Bss[bi, tx * 4], "w", 4), T.access_ptr(Bs[s, hv, v0 + tx * 4], "r", 4),
                                       4)
                    if tx < K // 8:
                        T.ptx_cp_async(T.access_ptr(qks[bi, 0, tx * 8], "w", 8), T.access_ptr(q[n, h, tx * 8], "r", 8), 8)
                        T.ptx_cp_async(T.access_ptr(qks[bi, 1, tx * 8], "w", 8), T.access_ptr(k[n, h, tx * 8], "r", 8), 8)
                    if tx < BV // 8:
                        T.ptx_cp_async(T.access_ptr(vss[bi, tx * 8], "w", 8), T.access_ptr(v[n, hv, v0 + tx * 8], "r", 8),
                                       8)
                    if tx == 0:
                        T.ptx_cp_async(T.access_ptr(bts[bi, 0], "w", 1), T.access_ptr(beta[n, hv], "r", 1), 1)
                    T.ptx_commit_group()
                    if Z1 and it == 0:   # v9: the first request's Z, a group after its records'; later ones after each mma
                        copy_warp_rows(Zs, Z, s, hv, v0, wi, ln, "w")
                        T.ptx_commit_group()
                    if it > 0:
                        if Z1:   # groups: records(it − 1), Z(it − 1), records(it): the first has landed
                            T.ptx_wait_group(2)
                        else:
                            T.ptx_wait_group(1)        # request it − 1 has landed; request it stays in flight
                else:
                    T.ptx_wait_group(1 if Z1 else 0)   # v9: Z(it − 1), the last group, is waited for before the mma
                T.sync_threads()
                if it > 0:
                    s = sl[it - 1]
                    m = ml[it - 1]
                    n = b + (it - 1) * GP
                    cb = (it - 1) % 2
                    zbuf = 0 if Z1 else cb
                    for d in T.Parallel(K):
                        a = T.exp(gss[cb, gi(d)])
                        kf = T.cast(qks[cb, 1, d], f32)
                        qf = T.cast(qks[cb, 0, d], f32)
                        xs[0, d] = a * kf
                        xs[1, d] = a * qf * scale
                        if DT:   # v13: q·scale as the B column of fp16(k)'s row, which goes after the compensators
                            xs[2, d] = qf * scale
                            rks[cb, P + R, d] = T.cast(qks[cb, 1, d], f16)
                        else:
                            xs[2, d] = T.cast(T.cast(qks[cb, 1, d], f16), f32) * qf * scale
                    # prefix sums of the log-decays (rows ≥ m were zero-filled), each in the serial order of the
                    # cumulative sum, the running sum in a register: GDN's one column by P threads (thread j sums
                    # rows ≤ j; adding the 0.0 of rows past j changes nothing), KDA's K columns one per thread
                    if kind == "gdn":
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
                    if ZD:   # thread tx = key d keeps its two values; the warps' maxima of |y| go to wm
                        for x in T.unroll(2):
                            yd[x] = css[cb, tx] * T.exp(G[m, gi(tx)]) * xs[x, tx]
                            ym[x] = T.abs(yd[x])
                            for st in T.unroll(5):
                                ym[x] = T.max(ym[x], T.shfl_xor(ym[x], 16 >> st))
                        if ln == 0:
                            wm[wi, 0] = ym[0]
                            wm[wi, 1] = ym[1]
                    else:
                        for d in T.Parallel(K):
                            gm = T.exp(G[m, gi(d)])
                            ys[0, d + d // 16 * 4] = css[cb, d] * gm * xs[0, d]
                            ys[1, d + d // 16 * 4] = css[cb, d] * gm * xs[1, d]
                    if ZD:   # v10: sc = FIXED_SCALE / max|y| per vector and thread d's three digits of both (the
                        # arithmetic of the per-lane digits below: the same bits, built once instead of by every lane
                        # quad of every warp)
                        for x in T.unroll(2):
                            ym[x] = wm[0, x]
                            for w in T.unroll(1, NW):
                                ym[x] = T.max(ym[x], wm[w, x])
                            ym[x] = T.max(ym[x], 1e-30)
                            zs[x] = fixed_scale(ym[x])
                            zs[2 + x] = _rcp(T, zs[x])
                            for dg in T.unroll(3):
                                dtab[x, dg, tx] = T.cast(T.bitwise_xor(T.bitwise_and(T.shift_right(
                                    fixed_bits(yd[x], zs[x]), T.uint32(8 * dg)), T.uint32(0xFF)), T.uint32(0x80)), "uint8")
                    # the key-length dot products, one warp per row (v6b; v6a's T.reduce_sum over [P, K] fragments
                    # cost block-wide reductions with barriers): rows j < P are the records' weights
                    # k_jᵀ Γ_{j+1:m} x (masked to j < m), then the R compensators' K̃_iᵀ Γ_{1:m} x, then kᵀq·scale
                    if DT:
                        # v13: the key-length dot products on TF32 tensor cores — rows (A, 16 per block): the records,
                        # the compensators' keys, fp16(k) (exact in TF32); columns (B): x, y and q·scale each as a
                        # TF32 hi + lo pair (hi: the 13 low mantissa bits cleared; lo = the exact rest, which the mma
                        # truncates: ~2^-20 relative), 0 for columns 6, 7. The mma's k = t takes key k0 + 2 t, k = t + 4
                        # key k0 + 2 t + 1 (A and B alike), so that each operand pair is one 32- / 64-bit load. Warp wi
                        # sums keys [wi K / NW, (wi + 1) K / NW); lane t of a row's quad holds its sum with vector t.
                        lg = ln // 4
                        lq = ln % 4
                        for e in T.unroll(4 * NBK):
                            dacc[e] = 0.0
                        for ks in T.unroll(KSW):
                            k0 = wi * (K // NW) + 8 * ks
                            for e in T.vectorized(2):
                                dxw[e] = xs[T.min(lg // 2, 2), k0 + 2 * lq + e]
                            for e in T.unroll(2):
                                dfb[e] = T.if_then_else(lg >= 6, T.uint32(0), T.if_then_else(
                                    lg % 2 == 0, T.bitwise_and(T.reinterpret(dxw[e], "uint32"), T.uint32(0xFFFFE000)),
                                    T.reinterpret(dxw[e] - T.reinterpret(T.bitwise_and(T.reinterpret(dxw[e], "uint32"),
                                                                                       T.uint32(0xFFFFE000)), f32), "uint32")))
                            for blk in T.unroll(NBK):
                                for hr in T.unroll(2):
                                    row = 16 * blk + lg + 8 * hr
                                    for e in T.vectorized(2):
                                        dh[e] = rks[cb, T.min(row, NRW - 1), k0 + 2 * lq + e]
                                    for e in T.unroll(2):
                                        dfa[hr + 2 * e] = T.reinterpret(T.if_then_else(row < NRW, T.cast(dh[e], f32), 0.0),
                                                                        "uint32")
                                T.ptx_mma("float32", "m16n8k8", "row", "col", "tf32", "tf32", "fp32",
                                          dfa.data, 0, dfb.data, 0, dacc.data, 4 * blk, False)
                        for blk in T.unroll(NBK):
                            for hr in T.unroll(2):
                                row = 16 * blk + lg + 8 * hr
                                if lq < 3 and row < NRW:
                                    part[wi, row, lq] = dacc[4 * blk + 2 * hr] + dacc[4 * blk + 2 * hr + 1]
                    else:
                        for t in T.unroll(TRIPS):
                            rr = wi + NW * t
                            pv[2 * t] = 0.0
                            pv[2 * t + 1] = 0.0
                            if rr < P:
                                for e in T.unroll(K // 32):
                                    d = ln + 32 * e
                                    if kind == "gdn":   # one decay per record, applied below
                                        dec = T.cast(rks[cb, rr, d], f32)
                                    else:
                                        dec = T.if_then_else(rr < m, T.exp(G[m, d] - G[rr + 1, d]), 0.0) * T.cast(
                                            rks[cb, rr, d], f32)
                                    pv[2 * t] += dec * xs[0, d]
                                    pv[2 * t + 1] += dec * xs[1, d]
                            elif rr < P + R:
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
                        # the warp's 2 TRIPS partial sums per lane reduced and scattered at once (config._reduce_scatter)
                        reduce_scatter(pv, ln)
                        vi = T.shift_right(ln, 5 - SPLIT)          # the sum this lane holds: trip vi // 2, vector vi % 2
                        if kind == "gdn":   # the record's decay (compensator and kᵀq rows: 1)
                            rr = wi + NW * (vi // 2)
                            pv[0] = pv[0] * T.if_then_else(rr < P, T.if_then_else(
                                rr < m, T.exp(G[m, 0] - G[T.min(rr, P - 1) + 1, 0]), 0.0), 1.0)
                        # row rr's two sums at rw[rr % NW, 2 (rr // NW) + (0, 1)]
                        if T.bitwise_and(ln, (1 << (5 - SPLIT)) - 1) == 0 and vi < 2 * TRIPS:
                            rw[wi, vi] = pv[0]
                    if ZM:
                        # v8: zr[x, i] = Σ_k Z[i, k] ys[x, k] on the tensor cores (naive.zdot_int8_mma). Lane (gq, t)
                        # = (ln // 4, ln % 4) owns B column gq: vector gq // 4 (ys[0] | ys[1]), digit gq % 4 (3: ones,
                        # the row sums R), keys [t K/4, (t+1) K/4); a k-chunk j of 32 keys takes words 2j, 2j + 1 of
                        # each lane's quarter — A's and B's k order agree lane by lane, so the sums are the dot products
                        gq = ln // 4
                        tq = ln % 4
                        dj = gq % 4
                        if ZD:   # v10: the lane's digit column, 4 keys a word, from the table (digit 3: ones)
                            for w4 in T.unroll(KW // 4):
                                for e in T.vectorized(4):
                                    bw[4 * w4 + e] = dtw[gq // 4, T.min(dj, 2), tq * KW + 4 * w4 + e]
                            for w in T.unroll(KW):
                                bw[w] = T.if_then_else(dj == 3, 0x01010101, bw[w])
                        else:
                            for e4 in T.unroll(K // 16):           # 16-byte reads of ys (key d at d + 4 (d // 16))
                                for e in T.vectorized(4):
                                    yv[4 * e4 + e] = ys[gq // 4, tq * (K // 4 + K // 16) + e4 // 4 * 20 + e4 % 4 * 4 + e]
                            zf[0] = 0.0
                            for e in T.unroll(K // 4):
                                zf[0] = T.max(zf[0], T.abs(yv[e]))
                            zf[0] = T.max(zf[0], T.shfl_xor(zf[0], 1))
                            zf[0] = T.max(zf[0], T.shfl_xor(zf[0], 2))     # max |y| of the vector (its quad of lanes)
                            zf[0] = T.max(zf[0], 1e-30)
                            zf[0] = fixed_scale(zf[0])                          # sc; then 1 / sc
                            zf[1] = _rcp(T, zf[0])
                            zf[2] = T.shfl_xor(zf[1], 16)                     # the other vector's 1 / sc
                            for w in T.unroll(KW):
                                sel = T.cast(dj, "uint32") + T.shift_left(T.cast(dj, "uint32") + T.uint32(4), T.uint32(4))
                                lo = T.call_extern("uint32", "__byte_perm", fixed_bits(yv[4 * w], zf[0]),
                                                   fixed_bits(yv[4 * w + 1], zf[0]), sel)
                                hi = T.call_extern("uint32", "__byte_perm", fixed_bits(yv[4 * w + 2], zf[0]),
                                                   fixed_bits(yv[4 * w + 3], zf[0]), sel)
                                dw = T.bitwise_xor(T.call_extern("uint32", "__byte_perm", lo, hi, T.uint32(0x5410)),
                                                   T.uint32(0x80808080))
                                bw[w] = T.reinterpret(T.if_then_else(dj == 3, T.uint32(0x01010101), dw), "int32")
                        if Z1:   # Z(it − 1) (this warp's rows, copied by its own lanes); records(it) may stay in flight
                            if it < nit:
                                T.ptx_wait_group(1)
                            else:
                                T.ptx_wait_group(0)
                            T.sync_warp()
                        for rb in T.unroll(RW // 16):
                            rowg = wi * RW + rb * 16 + gq
                            for e in T.vectorized(4):
                                za[e] = Zs[zbuf, rowg, tq * KW + e]
                            for e in T.vectorized(4):
                                za[4 + e] = Zs[zbuf, rowg, tq * KW + 4 + e]
                            for e in T.vectorized(4):
                                zb[e] = Zs[zbuf, rowg + 8, tq * KW + e]
                            for e in T.vectorized(4):
                                zb[4 + e] = Zs[zbuf, rowg + 8, tq * KW + 4 + e]
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
                                    zr[tq // 2, rowg + 8 * hr] = zf[3] * (T.if_then_else(tq // 2 == 0, zs[2], zs[3]) if ZD else T.if_then_else(
                                        gq // 4 == tq // 2, zf[1], zf[2]))
                        if Z1:   # v9: this warp has read its rows; refill them with the next request's
                            T.sync_warp()
                            if it < nit:
                                copy_warp_rows(Zs, Z, sl[it], hv, v0, wi, ln, "r")
                                T.ptx_commit_group()
                    if not ZM:
                        # the residual read: Z rows in registers (loaded one trip ago), two vectors
                        for e in T.unroll(16):
                            yl[0, e] = ys[0, lt * 20 + e]
                            yl[1, e] = ys[1, lt * 20 + e]
                        for ps in T.unroll(NPASS):
                            acc[0] = 0.0
                            acc[1] = 0.0
                            if ZS:   # one 16-byte (INT4: 8-byte) shared load per lane and pass
                                for e in T.vectorized(WPL):
                                    zc[e] = Zs[cb, ps * RP + r0, lt * WPL + e]
                            row_dots(acc, yl, zr, zc, ps, r0, lt)
                    if DT:   # v13: row rr's sums over the warps' keys (in warp order), its decay applied (GDN: records
                        # j < m by exp(G_m − G_{j+1}), the compensators by exp(G_m)); fp16(k)'s row takes q·scale's sum
                        if tx < 2 * NRW:
                            rr = tx // 2
                            col = T.if_then_else(rr == P + R, 2, tx % 2)
                            dsm[0] = part[0, rr, col]
                            for ww in T.unroll(1, NW):
                                dsm[0] = dsm[0] + part[ww, rr, col]
                            rw[rr % NW, 2 * (rr // NW) + tx % 2] = dsm[0] * T.if_then_else(
                                rr < P, T.if_then_else(rr < m, T.exp(G[m, 0] - G[T.min(rr, P - 1) + 1, 0]), 0.0),
                                T.if_then_else(rr < P + R, T.exp(G[m, 0]), 1.0))
                    for i in T.Parallel(BV):
                        A1[i] = Bss[cb, i] * zr[0, i] * invq
                        A2[i] = Bss[cb, i] * zr[1, i] * invq
                    # a row's two weights (side by side in rw) in one 8-byte load
                    for j in T.serial(P):  # rows past m add exact zeros: their u were zero-filled, their weights are 0
                        for e in T.vectorized(2):
                            wp[e] = rw[j % NW, 2 * (j // NW) + e]
                        for i in T.Parallel(BV):
                            uj = T.cast(rus[cb, j, i], f32)
                            A1[i] += wp[0] * uj
                            A2[i] += wp[1] * uj
                    for j in T.serial(R):
                        for e in T.vectorized(2):
                            wp[e] = rw[(P + j) % NW, 2 * ((P + j) // NW) + e]
                        for i in T.Parallel(BV):
                            A1[i] += wp[0] * T.cast(Ucs[cb, j, i], f32)
                            A2[i] += wp[1] * T.cast(Ucs[cb, j, i], f32)
                    for i in T.Parallel(BV):
                        u16 = T.cast(bts[cb, 0] * (T.cast(vss[cb, i], f32) - A1[i]), f16)
                        ru[s, hv, m, v0 + i] = u16
                        o[n, hv, v0 + i] = T.cast(A2[i] + T.cast(u16, f32) * rw[(P + R) % NW, 2 * ((P + R) // NW)],
                                                  cfg.out_dtype)
                    if vt == 0:
                        for d in T.Parallel(K):
                            rk[s, hv, m, d] = T.cast(qks[cb, 1, d], f16)
                        for d in T.Parallel(Kd):
                            if kind == "gdn":
                                rg[s, hv, m] = gss[cb, 0]
                            else:
                                rg[s, hv, m, d] = gss[cb, d]
                        if hv == 0:
                            wnext[n] = m + 1
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
                if not ZS:   # the next request's Z rows become the current ones
                    for e in T.unroll(NPASS * WPL):
                        zc[e] = zn[e]

    return decode
