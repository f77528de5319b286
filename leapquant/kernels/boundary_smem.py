"""The window-boundary launch with S_p only in shared memory: v7 (the default where v12 — V-first INT8 at K = V = 128,
`boundary_regs.py` — does not fit: K-first, INT4, r 16, other K), with v8's tensor-core reconstruction (INT4's
default) and v11's TF32 refit mat-vecs (INT8's default) as switches of the same program.

Same contract as :func:`leapquant.kernels.boundary.boundary_program`, which builds this one when ``cfg.bv7``.
Compiling needs tilelang (imported lazily).
"""


from leapquant.kernels.boundary_common import (advance_positions, factor_staging, list_entry, mgs_warp, qdiv_rcp,
                                               quantize_code, tf32_operand, word_code)
from leapquant.kernels.config import ZDT, DecodeConfig, _T, _nibble, _rcp, _xdiv, _zshape
from leapquant.kernels.naive import QMAX


def boundary_smem_program(cfg: DecodeConfig):
    """v7 boundary (cfg.bv7; NOTES.md "v7 boundary"): the v6 arithmetic with S_p only in one padded fp32 shared copy.

    No [K, V] register fragment: every phase reads and writes the padded copy with explicit thread mappings, all
    conflict-free (a warp touches 32 consecutive words of one stored row, or one word of 32 consecutive rows, 129
    words apart). One flat shared buffer holds everything, reused by phase:
      [0, SS)             S_p in Z's layout, rows of FS[1] + 1 words (the padded copy of v4–v6);
      [SS, SS + WW)       refit: K̃ [K, R], W / Û [V, R], the mat-vec hand-over (HP − 1) × [K, R] (session 7; v7
                          stored them [R, n]); smoothing: c, 1/c, q/B and the other parts' sums / maxima;
      [A0, SS + WW)       reconstruction only: the decayed key factors [R + P, K], the value factors [R + P, V] (the
                          column side's stored lane by lane, fx) and exp(G_P) — over the refit area and the last rows
                          of S_p, which are written last, after a barrier.
    GDN/KDA p 16 r 4: 72 192 B (v6: 97 860 B) and <= 80 registers (__launch_bounds__(256, 3)) -> 3 programs per SM.
    Row-wise passes (mat-vecs, residual, Y / B, codes) are split over HP = bthreads / K parts: 2 (the default), or 4
    at 4 K threads with one program per SM (session 8, `small_bthreads`: 76.3 KB, <= 96 registers).
    """
    T = _T()

    kind, HV, K, V, P, R = cfg.kind, cfg.HV, cfg.K, cfg.V, cfg.p, cfg.r
    Kd = 1 if kind == "gdn" else K
    N = T.dynamic("N")
    NS = T.dynamic("NS")
    zshape = _zshape(cfg, NS)
    rgshape = (NS, HV, P) if kind == "gdn" else (NS, HV, P, K)
    Rz = max(R, 1)
    f32, f16 = "float32", "float16"
    I4 = cfg.zfmt == "int4"             # codes two per byte along Z's contiguous axis (naive.pack_nibbles)
    q = QMAX[cfg.zfmt]
    invq = 1.0 / q
    vf = cfg.v_first
    BT = cfg.bthreads
    NW = BT // 32
    assert K == V and BT in (2 * K, 4 * K) and K % 32 == 0, "bv7 needs K = V = bthreads / 2 or / 4 (config validation)"
    HP = BT // K                        # parts each row-wise pass is split into (2; 4 at 4K threads, one program per SM)

    FS = (V, K) if vf else (K, V)
    LD = FS[1] + 1                      # padded row of the shared copy (words)
    SS = FS[0] * LD

    def sx(x, y):                       # flat index of stored element (x, y)
        return x * LD + y

    def zcode(Z, s, hv, x, y):          # stored code (x, y) as float (INT4: its nibble of byte (x, y // 2))
        return _nibble(T, Z[s, hv, x, y // 2], y % 2) if I4 else T.cast(Z[s, hv, x, y], "float32")

    qcode = quantize_code(T, q)         # the code of Y · q / B

    def kv(x, y):                       # stored index -> (key row i, value column j)
        return (y, x) if vf else (x, y)

    def sij(i, j):                      # flat index of S_p[i, j]
        return sx(j, i) if vf else sx(i, j)

    # reconstruction tiles: chunk q holds stored rows [CR q, CR (q + 1)); warp w rows CR q + TR w + k, lane l columns
    # l + 32 c: per term one broadcast vector load (the TR row factors) and one vector load of the lane's NC column
    # factors (stored lane by lane, fx) for TR·NC FMAs
    TR = 8
    NC = FS[1] // 32
    CR = NW * TR
    assert FS[0] % CR == 0
    NQ = FS[0] // CR
    LAST0 = (NQ - 1) * CR * LD          # first word of the last chunk's rows

    def fx(t, n, nlen, keys=True):      # index of factor t of key / value n in its area: the column side (keys V-first,
        if keys == vf:                  # values K-first) stored lane by lane — column n = l + 32 c at l NC + c — so that
            return t * nlen + (n % 32) * NC + n // 32   # a lane's NC tile columns are one vector load
        return t * nlen + n

    # refit / smoothing areas (offsets from SS). The r-vectors (K̃, W / Û, the mat-vec hand-over) are stored [n, r]
    # (session 7; v7 stored [r, n]): the r values of one key or value side by side, so that the mat-vecs and the
    # residual read them with one broadcast vector load per S element instead of r scalar loads. No padding (at
    # r = 6 padding the rows to 8 words cost the third program per SM)
    KP, WS = 0, R * K
    PT = R * (K + V)                    # the mat-vec hand-over (HP − 1 partials); then c's partial sums, c, 1/c
    CP, CF, RC = PT, PT + (HP - 1) * K, PT + HP * K
    BOFF = 0 if R * (K + V) >= HP * V else PT + (HP + 1) * K   # B's partial maxima, q/B (K̂, Û are dead by then)
    BP, QB = BOFF, BOFF + (HP - 1) * V
    WB = max(PT + max((HP - 1) * R * K, (HP + 1) * K), BOFF + HP * V)

    def vx(area, n, a):                 # flat index of element a of r-vector n in a refit area
        return SS + area + n * R + a

    def vrange():                       # the loop over a vector's elements: one vector access (aligned: R words apart)
        return T.vectorized(R) if R in (2, 4, 8, 16) else T.unroll(R)
    AW = (R + P) * (K + V) + Kd         # reconstruction factors + exp(G_P)
    WW = max(WB, AW - (SS - LAST0))
    TOT = SS + WW
    A0 = (TOT - AW) // 4 * 4            # 16-byte aligned: a warp's TR row factors can be one broadcast LDS.128
    assert A0 >= LAST0
    AK, AU, AE = A0, A0 + (R + P) * K, A0 + (R + P) * (K + V)

    B8 = cfg.bv8
    if B8:
        # v8: the factors as fp16 words [n, LW] (two terms a word, terms padded to NK k-steps of 8), LW ≡ 4 (mod 8)
        # words so that a fragment read (rows g, words t of a quad) touches 32 distinct banks. The area still shares
        # the last rows of S_p: the tiles of those rows (at most MAXLATE strips) stay in registers until every warp
        # has read its fragments.
        T8 = -(-(R + P) // 8) * 8
        NK = T8 // 8
        LW = T8 // 2 if (T8 // 2) % 8 == 4 else T8 // 2 + 4
        NSTRIP, NTILE = FS[0] // 16, FS[1] // 8
        assert NSTRIP == NW and NTILE == 2 * NW
        MAXLATE = 2
        AW = (V + 2 * K) * LW + Kd + K + V  # + exp(G_P), then c and B staged for the residual's dequantisation
        TOT = max(SS + WB, (NSTRIP - MAXLATE) * 16 * LD + AW)
        A0 = TOT - AW
        NL = max(0, NSTRIP - (A0 // LD) // 16)
        assert NL <= MAXLATE
        AU8, AH, AL, AE = A0, A0 + V * LW, A0 + (V + K) * LW, A0 + (V + 2 * K) * LW
        AC, AB = AE + Kd, AE + Kd + K

    def rgv(rg, s, hv, j, i):
        return rg[s, hv, j] if kind == "gdn" else rg[s, hv, j, i]

    def gi(i):
        return 0 if kind == "gdn" else i

    def rcp(x):
        return _rcp(T, x)

    def xdiv(x, d, rd):
        return _xdiv(T, x, d, rd)

    def qdiv(qq, b):  # qq / B_j as v6
        return qdiv_rcp(T, qq, b)

    mgs = mgs_warp(T, K, max(R, 1), markstein=True)

    RB = 4                              # residual pass: values loaded together
    assert (V // HP) % RB == 0

    def kusum(av, uq, off):  # Σ_a K̂[i, a] Û[j, a] in v6's order, K̂[i, :] in av, Û[j, :] in uq[off:off + R]
        acc = av[0] * uq[off]
        for a in range(1, R):
            acc = acc + av[a] * uq[off + a]
        return acc

    if B8:
        RA = [AU8] if vf else [AH, AL]      # the A operand's areas (stored rows): V-first the values, else the keys
        CB = [AH, AL] if vf else [AU8]      # the B operand's areas (stored columns)
        # Python lists: loops over them unroll while the IR is built (range() would become a TIR loop)
        # tiles e < 2 NL are the late ones (rows the factors share): computed last, so that their held results do not
        # add to the registers live through the other tiles
        LATE = list(range(2 * NL))
        TILES = list(range(2 * NL, 2 * NSTRIP)) + LATE
        RAI, CBI = list(range(len(RA))), list(range(len(CB)))

        stage_keys, stage_values = factor_staging(T, R, P, LW)

        def zpair(Zq, s, hv, x, y):        # codes (x, y), (x, y + 1), (x + 8, y), (x + 8, y + 1) in one word: INT8 two
            if I4:                          # 16-bit loads (Zq: Z viewed as int16), INT4 two bytes (both codes in each)
                return T.bitwise_or(T.cast(Zq[s, hv, x, y // 2], "uint32"),
                                    T.shift_left(T.cast(Zq[s, hv, x + 8, y // 2], "uint32"), T.uint32(8)))
            return T.bitwise_or(T.bitwise_and(T.cast(Zq[s, hv, x, y // 2], "uint32"), T.uint32(0xFFFF)),
                                T.shift_left(T.cast(Zq[s, hv, x + 8, y // 2], "uint32"), T.uint32(16)))

        # the codes' prefetch goes first where the key side's registers allow it (p <= 16: the prefix sums hold p + 1
        # registers through the factor loop; at p = 32 the early prefetch spilled 96 bytes), else after the factors
        ZEARLY = P <= 16

        @T.macro
        def prefetch_codes(Zq, zp, s, hv, tx):
            for te in TILES:
                zp[te] = zpair(Zq, s, hv, (NSTRIP - 1 - te // 2) * 16 + tx % 32 // 4,
                               (tx // 32 + NW * (te % 2)) * 8 + 2 * (tx % 4))

        def zword_code(zw, j):              # code j of zpair's word (j = 2 h + d: row x + 8 h, column y + d), as float
            return word_code(T, zw, j, I4)

        def zterm(Sm, zw, h, d, x, y):      # exp(G_P) (c ∘ Z / q ∘ B) at stored (x, y), v7's product order; c, B and
            ci = Sm[AC + (y if vf else x)]   # exp(G_P) from shared memory, the code from the prefetched word
            bj = Sm[AB + (x if vf else y)]
            ep = Sm[AE] if kind == "gdn" else Sm[AE + (y if vf else x)]
            return ep * (ci * (zword_code(zw, 2 * h + d) * invq) * bj)

    C = T.dynamic("C")
    GY = C if cfg.compact else N
    NTRIP = T.ceildiv(N, C) if cfg.compact else 1
    MB = max(cfg.bminblocks, 3) if HP == 2 else 1   # 4K threads: one program per SM, up to 128 registers

    def part_off(tx, span):             # offset of thread tx's partial (part tx // K ≥ 1) in a hand-over of spans
        return (tx // K - 1) * span if HP > 2 else 0

    def parts_sum(first, Sm, base, span, tx):   # first + the other parts' partials, in part order (one expression)
        tot = first
        for hp in range(1, HP):
            tot = tot + Sm[base + (hp - 1) * span + tx]
        return tot
    advance = advance_positions(T, cfg, N, C, BT)

    @T.macro
    def matvec(Sm, xo, oo, acc, xv, tx, over_keys):  # Out[a, row] = Σ_k S[k, row] X[a, k] (over_keys) or S[row, k] X[a, k]
        for a in T.unroll(R):
            acc[a] = 0.0
        for k0 in T.serial(K // HP):
            k = (tx // K) * (K // HP) + k0
            sv = Sm[sij(k, tx % K)] if over_keys else Sm[sij(tx % K, k)]
            for a in vrange():              # X[:, k]: the same k in every lane of the warp (a broadcast)
                xv[a] = Sm[vx(xo, k, a)]
            for a in T.unroll(R):
                acc[a] += sv * xv[a]
        if tx >= K:
            for a in vrange():
                Sm[vx(PT + part_off(tx, R * K), tx % K, a)] = acc[a]
        T.sync_threads()
        if tx < K:
            for hp in list(range(1, HP)):         # the other parts' partials, in part order
                for a in vrange():
                    xv[a] = Sm[vx(PT + (hp - 1) * R * K, tx, a)]
                for a in T.unroll(R):
                    acc[a] = acc[a] + xv[a]
            for a in vrange():
                Sm[vx(oo, tx, a)] = acc[a]
        T.sync_threads()

    # v11 (cfg.bmv_tf32): the mat-vecs on TF32 tensor cores. Warp w takes the 16-row strip w mod NSTR of the product
    # over part w div NSTR of the contraction (one part at 2 K threads, two at 4 K: the second hands its sums over as
    # matvec does). A strip's fragment rows are 4 apart (mrow) so that a fragment load's 32 lanes hit 32 banks in
    # either direction (stored element (x, y) at x LD + y, LD ≡ 1 mod 32: bank 4 g + t + const). Operands are
    # truncated to TF32 by a mask (what naive.tf32_truncate does), products summed in fp32.
    TC = cfg.bmv_tf32
    if TC:
        NSTR = K // 16
        NKP = NW // NSTR
        KT = K // 8 // NKP              # k-steps of 8 per part
        NT = -(-R // 8)                 # n-tiles of 8 r-columns
        assert NSTR % 4 == 0 and NKP in (1, 2) and NKP - 1 <= HP - 1

        def mrow(st, g, h):             # product row of strip st, fragment row g + 8 h
            return st % 4 + 4 * g + 32 * (2 * (st // 4) + h)

        tf32 = tf32_operand(T, cfg.tf32_mask)

    @T.macro
    def matvec_tc(Sm, xo, oo, af, bfr, cf, tx, over_keys):  # matvec's Out on tensor cores
        st = tx // 32 % NSTR
        kp = tx // 32 // NSTR
        g = tx % 32 // 4
        t4 = tx % 4
        for i in T.unroll(4 * NT):
            cf[i] = 0.0
        # unrolled by 4 (#pragma unroll 4): the default full unroll spilled 32 bytes at the 80-register cap
        for kt in T.unroll(KT, annotations={"pragma_unroll_factor": 4}):
            k0 = (kp * KT + kt) * 8
            for i in T.unroll(4):           # a0 (g, t), a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4)
                af[i] = tf32(Sm[sij(k0 + t4 + 4 * (i // 2), mrow(st, g, i % 2))] if over_keys else
                             Sm[sij(mrow(st, g, i % 2), k0 + t4 + 4 * (i // 2))])
            for nt in T.unroll(NT):
                for i in T.unroll(2):       # b0 (k = t, n = g), b1 (k = t + 4, n = g): X[k, 8 nt + g]
                    bfr[2 * nt + i] = T.if_then_else(8 * nt + g < R, tf32(Sm[vx(xo, k0 + t4 + 4 * i, 8 * nt + g)]),
                                                     T.uint32(0))
                T.ptx_mma("float32", "m16n8k8", "row", "col", "tf32", "tf32", "fp32",
                          af.data, 0, bfr.data, 2 * nt, cf.data, 4 * nt, False)
        # D: c0 (g, 2t), c1 (g, 2t + 1), c2 (g + 8, 2t), c3 (g + 8, 2t + 1) = Out[row, 8 nt + 2 t + d]; with two
        # parts the second's sums go through the hand-over area PT first
        if NKP > 1:
            if kp > 0:
                for nt in T.unroll(NT):
                    for i in T.unroll(4):
                        row, a = mrow(st, g, i // 2), 8 * nt + 2 * t4 + i % 2
                        if a < R:
                            Sm[vx(PT, row, a)] = cf[4 * nt + i]
            T.sync_threads()
        if kp == 0:
            for nt in T.unroll(NT):
                for i in T.unroll(4):
                    row, a = mrow(st, g, i // 2), 8 * nt + 2 * t4 + i % 2
                    if a < R:
                        Sm[vx(oo, row, a)] = cf[4 * nt + i] + Sm[vx(PT, row, a)] if NKP > 1 else cf[4 * nt + i]
        T.sync_threads()

    def entry(cnt, par, wnext, lst, idx, e):
        return list_entry(T, cfg, N, cnt, par, wnext, lst, idx, e)

    @T.prim_func
    def boundary(
        idx: T.Tensor((N,), "int32"), wnext: T.Tensor((N,), "int32"), wpos: T.Tensor((NS,), "int32"),
        cnt: T.Tensor((2,), "int32"), par: T.int32, lst: T.Tensor((N,), "int32"), gsz: T.Tensor((C,), "int32"),
        Z: T.Tensor(zshape, ZDT[cfg.zfmt]), c: T.Tensor((NS, HV, K), f32), Bs: T.Tensor((NS, HV, V), f32),
        Kc: T.Tensor((NS, HV, Rz, K), f16), Uc: T.Tensor((NS, HV, Rz, V), f16),
        rk: T.Tensor((NS, HV, P, K), f16), ru: T.Tensor((NS, HV, P, V), f16), rg: T.Tensor(rgshape, f32),
    ):
        with T.Kernel(HV, GY, threads=BT) as (hv, b):
            T.annotate_min_blocks_per_sm(MB)
            Sm = T.alloc_shared((TOT,), f32)
            tx = T.get_thread_binding(0)
            gl = T.alloc_local((P + 1,), f32)
            if I4:
                zq = T.alloc_local((2,), "int32")   # a code and its neighbour's
            kr = T.alloc_local((Rz,), f32)
            xv = T.alloc_local((Rz,), f32)           # one r-vector of a refit area
            v4 = T.alloc_local((4,), f32)            # smoothing: c, q / B of four keys or rows
            w4 = T.alloc_local((4,), f32)            # 1 / c
            cc2 = T.alloc_local((2,), f32)           # codes: the lane's c and 1 / c (V-first) or q / B (K-first)
            nr = T.alloc_local((2,), f32)            # Gram–Schmidt: a column's norm and its reciprocal
            xq = T.alloc_local((RB * Rz,), f32)      # residual: Û[j, :] of RB values
            rq = T.alloc_local((RB,), f32)           # and their S_p[i, j]
            acc = T.alloc_local((max(TR * NC, R),), f32)   # a reconstruction tile, then a mat-vec's r sums
            rf = T.alloc_local((TR,), f32)
            cl = T.alloc_local((NC,), f32)
            rv = T.alloc_local((TR, 3), f32)    # per tile row: c or B, exp(G_P) (KDA, K-first)
            cv = T.alloc_local((NC, 3), f32)    # per tile column
            av = T.alloc_local((Rz,), f32)
            ml = T.alloc_local((K // 32, Rz), f32)
            red = T.alloc_local((Rz,), f32)
            sm = T.alloc_local((1,), f32)
            if TC:
                taf = T.alloc_local((4,), "uint32")
                tbf = T.alloc_local((2 * NT,), "uint32")
                tcf = T.alloc_local((4 * NT,), f32)
            if B8:
                Sw = T.view(Sm, dtype="uint32")
                fv = T.alloc_local((2,), f32)
                h16 = T.alloc_local((2,), f16)
                l16 = T.alloc_local((2,), f16)
                af = T.alloc_local((len(RA) * 2 * NK,), "uint32")
                bfr = T.alloc_local((len(CB) * NK,), "uint32")
                cf = T.alloc_local((4,), f32)
                held = T.alloc_local((max(8 * NL, 1),), f32)
                zp = T.alloc_local((2 * NSTRIP,), "uint32")   # each tile's four codes, loaded before the factors
                Zq = Z if I4 else T.view(Z, shape=(NS, HV, FS[0], FS[1] // 2), dtype="int16")
            advance(wpos, idx, wnext, hv, b)
            sl = T.alloc_local((1,), "int32")
            trips = NTRIP
            if cfg.compact:
                nb = T.alloc_local((1,), "int32")
                nb[0] = cnt[par]
                trips = T.ceildiv(T.max(nb[0] - b, 0), GY)
            for t in T.serial(trips):
                sl[0] = entry(cnt, par, wnext, lst, idx, t * GY + b)
                if sl[0] >= 0:
                    s = sl[0]
                    if B8:
                        # --- v8 loads: every tile's residual codes first (16 words a thread, in flight while the factors
                        # are built), c and B into shared memory; the factors as fp16 term pairs [n, LW], the key side
                        # (fp32 products) as hi + lo halves
                        if ZEARLY:
                            prefetch_codes(Zq, zp, s, hv, tx)
                        if tx < K:
                            Sm[AC + tx] = c[s, hv, tx]
                        else:
                            Sm[AB + tx - K] = Bs[s, hv, tx - K]
                        if tx < K:
                            gl[0] = 0.0
                            for j in T.unroll(P):
                                gl[j + 1] = gl[j] + rgv(rg, s, hv, j, gi(tx))
                            for a in T.unroll(R):
                                kr[a] = T.cast(Kc[s, hv, a, tx], f32)
                            stage_keys(Sw, AH, AL, gl, kr, rk, s, hv, tx, fv, h16, l16)
                            if tx < Kd:
                                Sm[AE + tx] = T.exp(gl[P])
                        else:
                            stage_values(Sw, AU8, Uc, ru, s, hv, tx - K)
                        if not ZEARLY:
                            prefetch_codes(Zq, zp, s, hv, tx)
                        T.sync_threads()
                        # --- v8 reconstruction: warp wi takes n-tiles wi and wi + NW of every 16-row strip (the strips the
                        # factors share last); C = the dequantised residual, then C += A B on the tensor cores (V-first
                        # B, K-first A: the key factors' hi and lo halves, one mma each)
                        for te in TILES:
                            m0 = (NSTRIP - 1 - te // 2) * 16
                            n0 = (tx // 32 + NW * (te % 2)) * 8
                            for kk in T.unroll(NK):
                                for ia in RAI:
                                    af[ia * 2 * NK + 2 * kk] = Sw[RA[ia] + (m0 + tx % 32 // 4) * LW + 4 * kk + tx % 4]
                                    af[ia * 2 * NK + 2 * kk + 1] = Sw[RA[ia] + (m0 + tx % 32 // 4 + 8) * LW + 4 * kk + tx % 4]
                                for ib in CBI:
                                    bfr[ib * NK + kk] = Sw[CB[ib] + (n0 + tx % 32 // 4) * LW + 4 * kk + tx % 4]
                            for h in T.unroll(2):
                                for d in T.unroll(2):
                                    cf[2 * h + d] = zterm(Sm, zp[te], h, d, m0 + tx % 32 // 4 + 8 * h, n0 + 2 * (tx % 4) + d)
                            for kk in T.unroll(NK):
                                for ia in RAI:
                                    for ib in CBI:
                                        T.ptx_mma("float32", "m16n8k8", "row", "col", "fp16", "fp16", "fp32",
                                                  af.data, ia * 2 * NK + 2 * kk, bfr.data, ib * NK + kk, cf.data, 0, False)
                            for h in T.unroll(2):
                                for d in T.unroll(2):
                                    if te < 2 * NL:   # rows the factors share: held until every warp has read them
                                        held[4 * te + 2 * h + d] = cf[2 * h + d]
                                    else:
                                        Sm[sx(m0 + tx % 32 // 4 + 8 * h, n0 + 2 * (tx % 4) + d)] = cf[2 * h + d]
                        if NL > 0:
                            T.sync_threads()
                            for te in LATE:
                                for h in T.unroll(2):
                                    for d in T.unroll(2):
                                        Sm[sx((NSTRIP - 1 - te // 2) * 16 + tx % 32 // 4 + 8 * h,
                                              (tx // 32 + NW * (te % 2)) * 8 + 2 * (tx % 4) + d)] = held[4 * te + 2 * h + d]
                    else:
                        # --- loads: threads < K the key side (prefix sums in registers, decayed records and
                        # compensators, exp(G_P); K̃'s start kept in registers), the others the value side
                        if tx < K:
                            gl[0] = 0.0
                            for j in T.unroll(P):
                                gl[j + 1] = gl[j] + rgv(rg, s, hv, j, gi(tx))
                            for j in T.unroll(P):
                                Sm[AK + fx(R + j, tx, K)] = T.exp(gl[P] - gl[j + 1]) * T.cast(rk[s, hv, j, tx], f32)
                            for a in T.unroll(R):
                                kr[a] = T.cast(Kc[s, hv, a, tx], f32)
                                Sm[AK + fx(a, tx, K)] = T.exp(gl[P]) * kr[a]
                            # (R > 4: K̃'s start is read again after the reconstruction, as v5: 8 registers held
                            # through it spill at the 80-register cap)
                            if tx < Kd:
                                Sm[AE + tx] = T.exp(gl[P])
                        elif HP == 2 or tx < K + V:
                            for a in T.unroll(R):
                                Sm[AU + fx(a, tx - K, V, False)] = T.cast(Uc[s, hv, a, tx - K], f32)
                            for j in T.unroll(P):
                                Sm[AU + fx(R + j, tx - K, V, False)] = T.cast(ru[s, hv, j, tx - K], f32)
                        T.sync_threads()
                        # --- reconstruction: S = exp(G_P) (c ∘ Z/127 ∘ B) + Σ_t K_t U_tᵀ, one register tile per chunk
                        for qc in range(NQ):
                            for k in T.unroll(TR):
                                x = qc * CR + (tx // 32) * TR + k
                                rv[k, 0] = Bs[s, hv, x] if vf else c[s, hv, x]
                                if kind == "kda" and not vf:
                                    rv[k, 1] = Sm[AE + x]
                            for cc in T.unroll(NC):
                                y = tx % 32 + 32 * cc
                                cv[cc, 0] = c[s, hv, y] if vf else Bs[s, hv, y]
                                if kind == "kda" and vf:
                                    cv[cc, 1] = Sm[AE + y]
                            if kind == "gdn":
                                sm[0] = Sm[AE]
                            for k in T.unroll(TR):
                                for cc in T.unroll(NC):
                                    x = qc * CR + (tx // 32) * TR + k
                                    y = tx % 32 + 32 * cc
                                    ci = cv[cc, 0] if vf else rv[k, 0]
                                    bj = rv[k, 0] if vf else cv[cc, 0]
                                    ep = sm[0] if kind == "gdn" else (cv[cc, 1] if vf else rv[k, 1])
                                    acc[k * NC + cc] = ep * (ci * (zcode(Z, s, hv, x, y) * invq) * bj)
                            for tt in T.serial(R + P):
                                for k in T.vectorized(TR):    # the warp's TR row factors: one broadcast load
                                    x = qc * CR + (tx // 32) * TR + k
                                    rf[k] = Sm[(AU + tt * V + x) if vf else (AK + tt * K + x)]
                                for cc in T.vectorized(NC):   # the lane's NC column factors, stored together
                                    cl[cc] = Sm[(AK + tt * K + (tx % 32) * NC + cc) if vf else
                                                (AU + tt * V + (tx % 32) * NC + cc)]
                                for k in T.unroll(TR):
                                    for cc in T.unroll(NC):
                                        if vf:
                                            acc[k * NC + cc] += cl[cc] * rf[k]
                                        else:
                                            acc[k * NC + cc] += rf[k] * cl[cc]
                            if qc == NQ - 1:   # its rows hold the factors: store once every warp has read them
                                T.sync_threads()
                            for k in T.unroll(TR):
                                for cc in T.unroll(NC):
                                    Sm[sx(qc * CR + (tx // 32) * TR + k, tx % 32 + 32 * cc)] = acc[k * NC + cc]
                    T.sync_threads()
                    if R > 0:
                        if tx < K:
                            for a in T.unroll(R):
                                Sm[vx(KP, tx, a)] = kr[a] if R <= 4 else T.cast(Kc[s, hv, a, tx], f32)
                        T.sync_threads()
                        for _it in T.serial(cfg.iters):
                            if TC:                                         # the same two products, on tensor cores
                                matvec_tc(Sm, KP, WS, taf, tbf, tcf, tx, True)
                                matvec_tc(Sm, WS, KP, taf, tbf, tcf, tx, False)
                            else:
                                matvec(Sm, KP, WS, acc, xv, tx, True)      # W = Sᵀ K
                                matvec(Sm, WS, KP, acc, xv, tx, False)     # K = S W
                            # right-looking modified Gram–Schmidt in warp 0 (v6); K̃'s reads and writes conflict-free
                            # (a lane's r values side by side: one vector access per lane)
                            if tx < 32:
                                for e in T.unroll(K // 32):
                                    for a in vrange():
                                        ml[e, a] = Sm[vx(KP, e * 32 + tx, a)]
                                mgs(ml, red, nr, tx)
                                for e in T.unroll(K // 32):
                                    for a in vrange():
                                        Sm[vx(KP, e * 32 + tx, a)] = ml[e, a]
                            T.sync_threads()
                        if TC:
                            matvec_tc(Sm, KP, WS, taf, tbf, tcf, tx, True)  # U = Sᵀ K
                        else:
                            matvec(Sm, KP, WS, acc, xv, tx, True)          # U = Sᵀ K
                        # K̂, Û: the fp16 compensators, written out and rounded in place (one owner each)
                        for e in T.unroll((R * V + BT - 1) // BT):
                            if e * BT + tx < R * V:
                                fa, fj = (e * BT + tx) // V, (e * BT + tx) % V
                                Uc[s, hv, fa, fj] = T.cast(Sm[vx(WS, fj, fa)], f16)
                                Sm[vx(WS, fj, fa)] = T.cast(T.cast(Sm[vx(WS, fj, fa)], f16), f32)
                        for e in T.unroll((R * K + BT - 1) // BT):
                            if e * BT + tx < R * K:
                                fa, fi = (e * BT + tx) // K, (e * BT + tx) % K
                                Kc[s, hv, fa, fi] = T.cast(Sm[vx(KP, fi, fa)], f16)
                                Sm[vx(KP, fi, fa)] = T.cast(T.cast(Sm[vx(KP, fi, fa)], f16), f32)
                        T.sync_threads()
                    # --- residual R = S − K̂ Ûᵀ and c's sums: thread owns key i = tx mod K, V / HP of the values
                    if R > 0:
                        for a in vrange():
                            av[a] = Sm[vx(KP, tx % K, a)]
                    sm[0] = 0.0
                    # RB values at a time, their loads before their stores (session 8): with a store between them,
                    # each value's loads waited for the previous value's store (the compiler cannot tell the
                    # addresses apart)
                    for m in T.serial(V // HP // RB):
                        for e in T.unroll(RB):
                            j = (tx // K) * (V // HP) + m * RB + e
                            if R > 0:
                                for a in vrange():   # Û[j, :], the same j in every lane of the warp
                                    xq[e * Rz + a] = Sm[vx(WS, j, a)]
                            rq[e] = Sm[sij(tx % K, j)]
                        for e in T.unroll(RB):
                            j = (tx // K) * (V // HP) + m * RB + e
                            if R > 0:
                                rq[e] = rq[e] - kusum(av, xq, e * Rz)
                                Sm[sij(tx % K, j)] = rq[e]
                            sm[0] += T.abs(rq[e])
                    if tx >= K:
                        Sm[SS + CP + part_off(tx, K) + tx % K] = sm[0]
                    T.sync_threads()
                    if tx < K:
                        sm[0] = T.max(T.sqrt(parts_sum(sm[0], Sm, SS + CP, K, tx) / V), 1e-8)
                        Sm[SS + CF + tx] = sm[0]
                        Sm[SS + RC + tx] = rcp(sm[0])
                        c[s, hv, tx] = sm[0]
                    T.sync_threads()
                    # --- B = max |Y| per value, Y = R / c (v6's reciprocal quotient): thread owns value j = tx mod V,
                    # K / HP of the keys; c and 1 / c of four keys (the same in every lane of the warp) in one vector load
                    # each. Y is not stored (session 8): the codes pass recomputes the same quotients
                    sm[0] = 0.0
                    for m4 in T.serial(K // HP // 4):
                        i0 = (tx // V) * (K // HP) + 4 * m4
                        for e in T.vectorized(4):
                            v4[e] = Sm[SS + CF + i0 + e]
                        for e in T.vectorized(4):
                            w4[e] = Sm[SS + RC + i0 + e]
                        for e in T.unroll(4):
                            sm[0] = T.max(sm[0], T.abs(xdiv(Sm[sij(i0 + e, tx % V)], v4[e], w4[e])))
                    if tx >= V:
                        Sm[SS + BP + part_off(tx, V) + tx % V] = sm[0]
                    T.sync_threads()
                    if tx < V:
                        for hp in list(range(1, HP)):     # the other parts' maxima
                            sm[0] = T.max(sm[0], Sm[SS + BP + (hp - 1) * V + tx])
                        Sm[SS + QB + tx] = T.if_then_else(sm[0] > 0, qdiv(q, sm[0]), 0.0)
                        Bs[s, hv, tx] = sm[0]
                    T.sync_threads()
                    # --- codes: lanes along the stored rows (Z's contiguous axis); V-first, q / B of four stored rows
                    # (the same in every lane of the warp) in one vector load, c and 1 / c of the lane's key once;
                    # K-first, c and 1 / c of four stored rows, q / B of the lane's value once
                    if vf:
                        cc2[0] = Sm[SS + CF + tx % FS[1]]
                        cc2[1] = Sm[SS + RC + tx % FS[1]]
                    else:
                        cc2[0] = Sm[SS + QB + tx % FS[1]]
                    for m4 in T.serial(FS[0] // HP // 4):
                        x0 = (tx // FS[1]) * (FS[0] // HP) + 4 * m4
                        y = tx % FS[1]
                        if vf:
                            for e in T.vectorized(4):
                                v4[e] = Sm[SS + QB + x0 + e]
                        else:
                            for e in T.vectorized(4):
                                v4[e] = Sm[SS + CF + x0 + e]
                            for e in T.vectorized(4):
                                w4[e] = Sm[SS + RC + x0 + e]
                        for e in T.unroll(4):
                            if vf:
                                yq = xdiv(Sm[sx(x0 + e, y)], cc2[0], cc2[1]) * v4[e]
                            else:
                                yq = xdiv(Sm[sx(x0 + e, y)], v4[e], w4[e]) * cc2[0]
                            if I4:   # lanes y, y ^ 1 are neighbours: the even one writes both nibbles
                                zq[0] = T.cast(qcode(yq), "int32")
                                zq[1] = T.shfl_xor(zq[0], 1)
                                if y % 2 == 0:
                                    Z[s, hv, x0 + e, y // 2] = T.cast(
                                        T.bitwise_or(T.bitwise_and(zq[0], 15), T.shift_left(T.bitwise_and(zq[1], 15), 4)),
                                        "uint8")
                            else:
                                Z[s, hv, x0 + e, y] = T.cast(qcode(yq), "int8")
                    T.sync_threads()   # the next entry's loads overwrite the smoothing area

    return boundary
