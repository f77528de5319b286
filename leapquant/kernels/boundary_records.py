"""The v12 boundary's records-only refit (``DecodeConfig.brecords``; NOTES.md "Session 22"): the power iteration on
the window's buffered factors L = A Bᵀ instead of on the dense S_p.

At a window's end S_p = Γ_P Ŝ_0 + A Bᵀ, with A [K, M] the decayed keys and B [V, M] the values of the r compensators
and the p records (M = r + p, padded to T8 terms), staged by the reconstruction in shared memory as fp16 term pairs.
With K = A C the iteration K ← L Lᵀ K is C ← Gb (Ga C) in A's coefficient space, Ga = AᵀA and Gb = BᵀB (T8 × T8):

- ``gram``: Ga and Gb on fp16 tensor cores (m16n8k8, the keys as hi + lo halves: HᵀH + HᵀL + LᵀH, a chain of mma
  per part), the upper triangle's 16 × 8 tiles one per warp and round; the upper half (with the diagonal) into one
  buffer, its mirror into another (``zero_gram`` keeps their other halves zero: a row is the sum of its halves);
- ``coefficients``: by one warp (warp 0), lane j < T8 holding row j of C: Y = Gb X, Z = Ga Y (X = Ga C, rows by
  shuffles), the r × r Gram matrix Yᵀ Z by one butterfly round, its scaled Cholesky factor
  (boundary_common.scaled_cholesky_warp), then C = Y D L⁻ᵀ and X = Z D L⁻ᵀ by forward substitution per lane; a pivot
  below CHOL_TAU or a non-positive diagonal clears the flag; C and the flag go to the Gram buffer for the program
  (the boundary runs the S_p iteration where the flag is clear);
- ``khat``: K̂ = A C, key x of thread x (mod K), its share of the r columns, C's rows from shared memory.

Where it runs (after the reconstruction, one warp) and what it measured: NOTES.md "Session 22" (level with the S_p
refit on the H200 at batch 256 / 512, slower at 32: the boundary is bound by its chain's latency).
Its reference is ``naive.fit_compensators_records`` — ``fitters.coefficient_power_iteration``, which the pipeline's
``lowrank`` fitter runs too (sums in another order; the same arithmetic otherwise).
"""
from leapquant.kernels.boundary_common import CHOL_TAU, gram_pairs, scaled_cholesky_warp


def gram_terms(cfg) -> int:
    """T8: the staged terms r + p padded to whole k-steps of 8."""
    return -(-(cfg.r + cfg.p) // 8) * 8


def gram_stride(cfg) -> int:
    """Words per row of a Gram matrix in shared memory: T8 + 4 (≡ 4 mod 8: a lane's 16-byte row loads, 8 lanes per
    phase, hit distinct banks)."""
    return gram_terms(cfg) + 4


def gram_buffers(cfg) -> tuple[int, int]:
    """Words of the two Gram buffers: (the upper halves of Ga and Gb — T8 rows of gram_stride each — then C [T8, r]
    and the iteration's flag (4 words); their lower halves)."""
    halves = 2 * gram_terms(cfg) * gram_stride(cfg)
    return halves + gram_terms(cfg) * max(cfg.r, 1) + 4, halves


def gram_tiles(cfg, warps: int) -> list[list[tuple[int, int, int] | None]]:
    """Per round, per warp: (matrix, m-tile, n-tile) of the Gram products — matrix 0 Ga, 1 Gb; the 16 × 8 tiles that
    hold an upper-triangle entry (j >= i) — or None (the warp idles that round)."""
    T8 = gram_terms(cfg)
    tiles = [(mt, nt) for mt in range(-(-T8 // 16)) for nt in range(T8 // 8) if 8 * nt + 7 >= 16 * mt]
    items = [(mat, mt, nt) for mat in (0, 1) for mt, nt in tiles]
    rounds = -(-len(items) // warps)
    return [[items[rd * warps + w] if rd * warps + w < len(items) else None for w in range(warps)]
            for rd in range(rounds)]


def records_refit(T, cfg, AU: int, AH: int, AL: int, LW: int, KP: int):
    """(zero_gram, gram, coefficients, khat): the macros of the records-only refit over the v12 program's staged factors (word
    offsets AU, AH, AL, LW words a row) writing K̂ to KP ([K, r] fp32) where the iteration held."""
    K, R, NW = cfg.K, cfg.r, cfg.bthreads // 32
    Rz = max(R, 1)
    T8, GS = gram_terms(cfg), gram_stride(cfg)
    GB = T8 * GS                        # Gb's offset in the Gram buffer (Ga at 0)
    CS = 2 * T8 * GS                    # C's rows [T8, Rz], then the flag word: the iteration held
    OKW = CS + T8 * Rz
    rounds = gram_tiles(cfg, NW)
    parts = [(AH, AH), (AH, AL), (AL, AH)]   # Ga = HᵀH + HᵀL + LᵀH (LᵀL ~2^-22 relative: left out)
    f32 = "float32"
    pairs, ix = gram_pairs(R)
    cols = list(range(R))
    before = [list(range(a)) for a in range(R)]
    factor = scaled_cholesky_warp(T, R, CHOL_TAU, positive=True)
    CPT = -(-Rz // (cfg.bthreads // K))     # K̂ columns per thread

    def wsel(w, vals):                  # vals[w] (Python ints) as one expression of the warp index
        e = T.int32(vals[-1])
        for ww in range(len(vals) - 2, -1, -1):
            e = T.if_then_else(w == ww, vals[ww], e)
        return e

    def perm(x, y, sel):                # the 16-bit halves `sel` picks of two words: (x's, y's)
        return T.call_extern("uint32", "__byte_perm", x, y, sel)

    @T.macro
    def gram(Sw, Gm, GL, ga, gb, gd, gp, gs, w, g, t4):
        """Ga and Gb into Gm (row stride GS): round by round, warp w's tile — A = the factor's columns 16 mt.. as rows
        (a k-pair of one term from two staged rows: a byte permutation), B = its columns 8 nt.. — over the K rows.
        gp: the round's (matrix, m-tile, n-tile) and the part's three word offsets, gs the lane's half selector. The
        upper triangle (with the diagonal) goes to Gm, its mirror to GL: stores to one buffer that TileLang's planner
        would otherwise order by a barrier each (it cannot see that each entry has one writer); both buffers' other
        halves stay zero (zero_gram), so that a row is the sum of its two halves — exactly."""
        gs[0] = T.if_then_else(g % 2 == 1, T.uint32(0x7632), T.uint32(0x5410))
        for rd in rounds:
            gp[0] = wsel(w, [2 if it is None else it[0] for it in rd])
            gp[1] = wsel(w, [0 if it is None else it[1] for it in rd])
            gp[2] = wsel(w, [0 if it is None else it[2] for it in rd])
            for i in T.unroll(12):
                gd[i] = 0.0
            for q in list(range(3)):   # a chain of mma per part (summed in part order below): 16 deep, not 48
                # the lane's words at k-step 0: A's rows g and g + 8 (term pairs, clamped into the row), B's column g
                gp[3] = T.if_then_else(gp[0] == 0, parts[q][0], AU) + 2 * t4 * LW + T.min(8 * gp[1] + g // 2, LW - 1)
                gp[4] = T.if_then_else(gp[0] == 0, parts[q][0], AU) + 2 * t4 * LW + T.min(8 * gp[1] + g // 2 + 4,
                                                                                          LW - 1)
                gp[5] = T.if_then_else(gp[0] == 0, parts[q][1], AU) + 2 * t4 * LW + 4 * gp[2] + g // 2
                if (gp[0] < 2) if q == 0 else (gp[0] == 0):   # Gb has one part; an idle warp none (warp-uniform)
                    for kk in T.serial(K // 8):
                        ga[0] = perm(Sw[gp[3] + 8 * LW * kk], Sw[gp[3] + 8 * LW * kk + LW], gs[0])
                        ga[1] = perm(Sw[gp[4] + 8 * LW * kk], Sw[gp[4] + 8 * LW * kk + LW], gs[0])
                        gb[0] = perm(Sw[gp[5] + 8 * LW * kk], Sw[gp[5] + 8 * LW * kk + LW], gs[0])
                        T.ptx_mma(f32, "m16n8k8", "row", "col", "fp16", "fp16", "fp32",
                                  ga.data, 0, gb.data, 0, gd.data, 4 * q, False)
            for i in T.unroll(4):
                gd[i] = (gd[i] + gd[4 + i]) + gd[8 + i]
            for h in [0, 1]:
                for d in [0, 1]:
                    if gp[0] < 2:
                        if 16 * gp[1] + g + 8 * h < T8:
                            if 8 * gp[2] + 2 * t4 + d >= 16 * gp[1] + g + 8 * h:
                                Gm[gp[0] * GB + (16 * gp[1] + g + 8 * h) * GS + 8 * gp[2] + 2 * t4 + d] = gd[2 * h + d]
                            if 8 * gp[2] + 2 * t4 + d > 16 * gp[1] + g + 8 * h:
                                GL[gp[0] * GB + (8 * gp[2] + 2 * t4 + d) * GS + 16 * gp[1] + g + 8 * h] = gd[2 * h + d]

    @T.macro
    def zero_gram(Gm, GL, tx):
        """Both Gram buffers' matrices to zero, once per program: the halves `gram` never writes stay so."""
        for e in T.unroll(-(-2 * T8 * GS // cfg.bthreads)):
            if e * cfg.bthreads + tx < 2 * T8 * GS:
                Gm[e * cfg.bthreads + tx] = 0.0
                GL[e * cfg.bthreads + tx] = 0.0

    @T.macro
    def product(Gm, GL, off, out, x, mv, xs, jr, live):
        """out[a] = Σ_i G[j, i] x[i, a] for lane j's row of the Gram matrix at `off` (x's rows: lane i's x)."""
        for a in T.unroll(R):
            out[a] = 0.0
        for c4 in T.unroll(T8 // 4):
            for e in T.vectorized(4):
                mv[e] = Gm[off + jr * GS + 4 * c4 + e]
            for e in T.vectorized(4):
                mv[4 + e] = GL[off + jr * GS + 4 * c4 + e]
            for e in T.unroll(4):
                mv[e] = mv[e] + mv[4 + e]
            for e in T.unroll(4):
                for a in T.unroll(R):
                    xs[0] = T.shfl_sync(x[a], 4 * c4 + e)
                    out[a] += mv[e] * xs[0]
        for a in T.unroll(R):
            out[a] = T.if_then_else(live, out[a], T.float32(0))

    @T.macro
    def solve_rows(y, dv, gm, red):   # y ← y D L⁻ᵀ along the lane's row (ascending columns, in place)
        for a in cols:
            red[0] = y[a] * dv[a]
            for b in before[a]:
                red[0] -= y[b] * gm[ix[a, b]]
            y[a] = red[0] * gm[ix[a, a]]

    @T.macro
    def coefficients(Gm, GL, cx, cy, cz, mv, xs, gm, dv, nr, red, ok, okt, lane):
        """C after cfg.iters iterations from C = [I; 0], run by one warp (lane j < T8: row j): its rows to the Gram
        buffer's C area, and whether every iteration held (1.0 / 0.0) to its flag word — for the whole program."""
        jr = T.min(lane, T8 - 1)
        live = lane < T8
        for a in T.unroll(R):          # X = Ga C = Ga's first r columns
            cx[a] = T.if_then_else(live, Gm[jr * GS + a] + GL[jr * GS + a], T.float32(0))
        ok[0] = 1
        for _it in list(range(cfg.iters)):
            product(Gm, GL, GB, cy, cx, mv, xs, jr, live)      # Y = Gb X
            product(Gm, GL, 0, cz, cy, mv, xs, jr, live)       # Z = Ga Y
            for ab in pairs:                               # Yᵀ Z (lower triangle), summed over the warp
                gm[ix[ab]] = cy[ab[0]] * cz[ab[1]]
            for st in T.unroll(5):
                for i in T.unroll(len(pairs)):
                    gm[i] += T.shfl_xor(gm[i], 16 >> st)
            factor(gm, dv, nr, okt)
            ok[0] = T.if_then_else(okt[0] != 0, ok[0], 0)
            solve_rows(cy, dv, gm, red)
            solve_rows(cz, dv, gm, red)
            for a in T.unroll(R):
                cx[a] = cz[a]
        if live:
            for a in T.unroll(R):
                Gm[CS + lane * Rz + a] = cy[a]
        if lane == 0:
            Gm[OKW] = T.if_then_else(ok[0] != 0, T.float32(1), T.float32(0))

    @T.macro
    def khat(Sm, Sf, Gm, kh, ok, tx):
        """K̂ = A C: key x = tx mod K, columns CPT (tx div K).. of it (A = hi + lo of the staged key factor, C's rows
        from the Gram buffer); written to KP where the iteration held (ok[0], read here from the flag word)."""
        x = tx % K
        cg = tx // K
        ok[0] = T.if_then_else(Gm[OKW] != 0, 1, 0)
        for aa in list(range(CPT)):
            kh[aa] = 0.0
        for i in T.unroll(T8):
            for aa in list(range(CPT)):
                kh[aa] += (T.cast(Sf[2 * (AH + x * LW + i // 2) + i % 2], f32)
                           + T.cast(Sf[2 * (AL + x * LW + i // 2) + i % 2], f32)) * Gm[CS + i * Rz + T.min(cg * CPT + aa, Rz - 1)]
        if ok[0] != 0:
            for aa in list(range(CPT)):
                if cg * CPT + aa < R:
                    Sm[KP + x * Rz + cg * CPT + aa] = kh[aa]

    return zero_gram, gram, coefficients, khat
