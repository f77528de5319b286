"""What the boundary programs share (:mod:`boundary`, v5/v6; :mod:`boundary_smem`, v7/v8/v11; :mod:`boundary_regs`,
v12): which slot a program refits (the decode's list of slots at their window's end), the window positions' advance,
the quotient by a value scale, the one-warp Gram–Schmidt of the refit, and the tensor-core pieces of v8 and later —
the reconstruction's factors, a prefetched code word's codes, the codes' rounding, the TF32 operands."""


from leapquant.kernels.config import _rcp, _xdiv


def qdiv_rcp(T, q, b):
    """q / B_j (B_j > 0) by the reciprocal where B_j >= 1e-36 (normal, q / B_j finite), else the IEEE division
    (a branch that is uniform over a warp V-first)."""
    return T.if_then_else(b >= 1e-36, _xdiv(T, q, b, _rcp(T, b)), q / b)


def advance_positions(T, cfg, N, C, BT):
    """The hv = 0 programs advance every request's window position, wpos[slot] = (m + 1) mod p from the decode's
    wnext: compact (v3), spread over the C programs in rounds of BT threads; full grid (v2), program b its own."""
    P = cfg.p

    @T.macro
    def advance(wpos, idx, wnext, hv, b):
        if cfg.compact:
            if hv == 0:
                for t0 in T.serial(T.ceildiv(N, C * BT)):
                    for i in T.Parallel(BT):
                        nn = (t0 * C + b) * BT + i
                        if nn < N:
                            wpos[idx[nn]] = T.if_then_else(wnext[nn] == P, 0, wnext[nn])
        else:
            if hv == 0:
                wpos[idx[b]] = T.if_then_else(wnext[b] == P, 0, wnext[b])
    return advance


def list_entry(T, cfg, N, cnt, par, wnext, lst, idx, e):
    """The slot that boundary work item e refits, or -1: compact, list entry e below the count (the decode lists
    slots, not requests: one dependent global load less before the boundary's first load — at batch 32 the
    prologue's chain of index loads held 27 % of the boundary's stall samples, session 10); full grid, request e if
    it reached its window's end."""
    if cfg.compact:
        return T.if_then_else(e < cnt[par], lst[T.min(e, N - 1)], -1)
    return T.if_then_else(wnext[e] == cfg.p, idx[e], -1)


def mgs_warp(T, K, R, markstein=False, revive_by="norm"):
    """Right-looking modified Gram–Schmidt of R key columns held by one warp in registers, ml[e, a] = K[32 e + lane,
    a], red[R] scratch (v6): once column b is normalised, the projections of all later columns onto it run as
    interleaved butterflies — 2R − 1 dependent warp reductions instead of R(R + 1) / 2; each column still sees its
    projections in the order b = 0, 1, … and then its normalisation: the same operations as v5.

    ``markstein`` (v7, session 8): the K / 32 quotients ml / ‖·‖ of a column from one correctly rounded reciprocal
    of the norm (`_xdiv`: the same quotients for normal operands) instead of as many IEEE divisions, each with its
    range check and slow-path branch — the seven other warps wait at a barrier for this warp.

    A column left zero becomes e_a once all are done (as fitters.gram_schmidt; the later columns were projected on
    the zero column, i.e. not at all): from zero keys — a slot whose buffers an engine zeroed — the warm-started
    refit revives them instead of keeping them zero for ever. `lane` is the thread's lane (0..31). How a dead column
    is told, with the same result (its squared norm was zero exactly when all its elements are zero now):
    ``revive_by="norm"`` from red[a], which holds that norm at the end (v6, v7: no spill at v7's 80-register cap,
    where a select inside the chain cost one register), "vote" by `revive_zero_column` (v12, where keeping the norms
    live cost its fp32 refit 90 bytes of spills)."""
    if revive_by not in ("norm", "vote"):
        raise ValueError(f"revive_by must be 'norm' or 'vote', got {revive_by!r}")
    vote = revive_zero_column(T, K)

    @T.macro
    def mgs(ml, red, nr, lane):
        for b2 in T.unroll(R):
            red[b2] = ml[0, b2] * ml[0, b2]
            for e in T.unroll(1, K // 32):
                red[b2] += ml[e, b2] * ml[e, b2]
            for st in T.unroll(5):
                red[b2] += T.shfl_xor(red[b2], 16 >> st)
            if markstein:   # nr: the norm and its reciprocal
                nr[0] = T.sqrt(red[b2])
                nr[1] = _rcp(T, nr[0])
                for e in T.unroll(K // 32):
                    ml[e, b2] = T.if_then_else(red[b2] > 0, _xdiv(T, ml[e, b2], nr[0], nr[1]), 0.0)
            else:
                for e in T.unroll(K // 32):
                    ml[e, b2] = T.if_then_else(red[b2] > 0, ml[e, b2] / T.sqrt(red[b2]), 0.0)
            for a in T.unroll(b2 + 1, R):
                red[a] = ml[0, a] * ml[0, b2]
                for e in T.unroll(1, K // 32):
                    red[a] += ml[e, a] * ml[e, b2]
            for st in T.unroll(5):
                for a in T.unroll(b2 + 1, R):
                    red[a] += T.shfl_xor(red[a], 16 >> st)
            for a in T.unroll(b2 + 1, R):
                for e in T.unroll(K // 32):
                    ml[e, a] = ml[e, a] - red[a] * ml[e, b2]
        for b2 in T.unroll(R):   # red[b2] holds column b2's squared norm now
            if revive_by == "vote":
                vote(ml, red, b2, lane)
            else:
                ml[0, b2] = T.if_then_else(red[b2] > 0, ml[0, b2], unit_or_zero(T, lane, b2))
    return mgs


def revive_zero_column(T, K):
    """A macro: column a of a warp's ml[e, a] = K[32 e + lane, a] (after an orthonormalisation, whose zero columns are
    exactly zero) becomes e_a where every element is zero — one warp vote on the lanes' elements, told from the
    column itself so that nothing stays live through the chain before it."""
    @T.macro
    def revive(ml, red, a, lane):
        ml[0, a] = T.if_then_else(T.call_extern("int32", "__any_sync", T.uint32(0xFFFFFFFF),
                                                T.cast(_any_nonzero(T, K, ml, a), "int32")) != 0,
                                  ml[0, a], unit_or_zero(T, lane, a))
    return revive


def _any_nonzero(T, K, ml, a):
    """Whether any of the lane's elements ml[e, a] is non-zero (an expression, unrolled here)."""
    expr = ml[0, a] != 0
    for e in range(1, K // 32):
        expr = T.Or(expr, ml[e, a] != 0)
    return expr


def unit_or_zero(T, row, a):
    """Element `row` of the unit vector e_a (fp32): what an orthonormalisation puts in place of a zero column."""
    return T.if_then_else(row == a, T.float32(1), T.float32(0))


CHOL_TAU = 1e-3
"""The smallest pivot of the scaled Gram matrix's Cholesky factor that :func:`cholqr_warp` accepts: a column whose
part orthogonal to the earlier ones has less than τ of its squared norm makes it fall back to MGS. Cholesky QR loses
~ε/τ of orthogonality (≤ 1e-4 here, below the fp16 rounding of the stored K̂); MGS loses ~ε/√τ."""


def gram_pairs(R):
    """The lower triangle's (a, b <= a) pairs of an R x R Gram matrix in the order the kernels pack them, and their
    index: gm[ix[a, b]]."""
    pairs = [(a, b) for a in range(R) for b in range(a + 1)]
    return pairs, {ab: i for i, ab in enumerate(pairs)}


def scaled_cholesky_warp(T, R, tau=CHOL_TAU, positive=False):
    """(macro over gm, dv, nr, ok): the scaled Cholesky factor of the packed Gram matrix gm (gram_pairs' order; the
    same values on every lane) — dv = diag^(-1/2) (0 where the diagonal is not positive), then in place gm[a, b < a]
    = L[a, b] of D G D (unit diagonal) and gm[a, a] = 1 / L[a, a]; ok[0] = 0 where a pivot falls below `tau` and,
    with `positive`, where a diagonal entry is not positive (naive.scaled_cholesky)."""
    pairs, ix = gram_pairs(R)
    cols = list(range(R))               # (Python lists: loops over them unroll while the IR is built)
    before = [list(range(a)) for a in range(R)]

    @T.macro
    def factor(gm, dv, nr, ok):
        for a in cols:
            dv[a] = T.if_then_else(gm[ix[a, a]] > 0, T.rsqrt(gm[ix[a, a]]), T.float32(0))
        ok[0] = 1
        if positive:
            for a in cols:
                ok[0] = T.if_then_else(gm[ix[a, a]] > 0, ok[0], 0)
        for a in cols:   # gm[a, b < a] becomes L[a, b]; gm[a, a] 1 / L[a, a]
            for b in before[a]:
                gm[ix[a, b]] = gm[ix[a, b]] * dv[a] * dv[b]
                for c in before[b]:
                    gm[ix[a, b]] -= gm[ix[a, c]] * gm[ix[b, c]]
                gm[ix[a, b]] = gm[ix[a, b]] * gm[ix[b, b]]
            nr[0] = T.float32(1)
            for b in before[a]:
                nr[0] -= gm[ix[a, b]] * gm[ix[a, b]]
            ok[0] = T.if_then_else(nr[0] >= tau, ok[0], 0)
            gm[ix[a, a]] = T.rsqrt(T.max(nr[0], tau))
    return factor


def cholqr_warp(T, K, R, mgs, tau=CHOL_TAU):
    """Scaled Cholesky QR of R ≤ 4 key columns held by one warp (ml[e, a] = K[32 e + lane, a], as :func:`mgs_warp`):
    the Gram matrix G = Kᵀ K in one round of R (R + 1) / 2 interleaved warp reductions, then on every lane (the
    same values: a butterfly's sums are bitwise equal on all lanes) D = diag(G)^(-1/2), the Cholesky factor L of
    D G D (unit diagonal by construction) and Q = K D L⁻ᵀ by forward substitution per row. Q equals MGS's in exact
    arithmetic (QR with a non-negative diagonal; a zero column — D's entry 0, its pivot 1 — becomes e_a at the end, as
    in `mgs`). Why: MGS's
    2R − 1 dependent reductions and R square roots and reciprocals in a chain were 28 % of the v12 boundary's stall
    samples (session 17); here one reduction round and R reciprocal square roots. Where a pivot falls below `tau`
    (nearly dependent columns) the warp runs `mgs` instead — a branch uniform over the warp."""
    NE = K // 32
    revive = revive_zero_column(T, K)
    pairs, ix = gram_pairs(R)
    cols = list(range(R))               # (Python lists: loops over them unroll while the IR is built)
    before = [list(range(a)) for a in range(R)]

    factor = scaled_cholesky_warp(T, R, tau)

    @T.macro
    def cholqr(ml, red, nr, gm, dv, ok, lane):
        for ab in pairs:
            a, b = ab
            gm[ix[a, b]] = ml[0, a] * ml[0, b]
            for e in T.unroll(1, NE):
                gm[ix[a, b]] += ml[e, a] * ml[e, b]
        for st in T.unroll(5):
            for i in T.unroll(len(pairs)):
                gm[i] += T.shfl_xor(gm[i], 16 >> st)
        factor(gm, dv, nr, ok)
        if ok[0] != 0:
            for e in T.unroll(NE):   # q_a = (k_a d_a − Σ_{b<a} q_b L[a, b]) / L[a, a], in place (ascending a)
                for a in cols:
                    red[0] = ml[e, a] * dv[a]
                    for b in before[a]:
                        red[0] -= ml[e, b] * gm[ix[a, b]]
                    ml[e, a] = red[0] * gm[ix[a, a]]
            for a in cols:
                revive(ml, red, a, lane)
        else:
            mgs(ml, red, nr, lane)
    return cholqr


def factor_terms(T, R, P):
    """(kfac, ufac): term t of the rank-(R + P) reconstruction update — the R compensators, then the P buffered
    records — as the v8 tensor-core reconstruction stages it: kfac the decayed key factor of key i in fp32 (v7's
    products; gl holds the prefix sums of the log-decays, kr the compensator keys), ufac the value factor of value j
    in fp16 as stored; both zero past R + P (the padding to whole k-steps)."""
    def kfac(gl, kr, rk, s, hv, t, i):
        if t < R:
            return T.exp(gl[P]) * kr[t]
        if t < R + P:
            return T.exp(gl[P] - gl[t - R + 1]) * T.cast(rk[s, hv, t - R, i], "float32")
        return T.float32(0)

    def ufac(Uc, ru, s, hv, t, j):
        if t < R:
            return Uc[s, hv, t, j]
        if t < R + P:
            return ru[s, hv, t - R, j]
        return T.float16(0)
    return kfac, ufac


def word_code(T, zw, j, int4=False):
    """Code j of a 32-bit word of four signed codes (INT8 bytes, or INT4 nibbles), as float: the word shifted so that
    the code's top bit is the sign bit, then an arithmetic shift down."""
    bits, width = (4 * j, 4) if int4 else (8 * j, 8)
    return T.cast(T.shift_right(T.reinterpret(T.shift_left(zw, T.cast(32 - width - bits, "uint32")), "int32"),
                                32 - width), "float32")


def quantize_code(T, q):
    """The code of a quotient already scaled by q / B: round half to even, then an integer clamp to ±q (q / B_j is
    stored as 0 for an empty column: no branch per element — v7's round-clamp-select cost a branch and a NaN guard)."""
    def qcode(yq):
        v = T.call_extern("int32", "__float2int_rn", yq)
        return T.max(T.min(v, int(q)), -int(q))
    return qcode


FLT_MAX = 3.4028234663852886e38


def float_trick_code(T):
    """The bits of fl(fl(y · s) + 1.5 · 2^23) for y · s = Y_ij · q / B_j: their low byte is round(Y_ij q / B_j) (half to
    even) as a two's-complement INT8 code — one FADD instead of F2I (a conversion at a quarter of the FP32 rate) and two
    integer clamps. No clamp is needed where q / B_j is finite: |Y_ij| <= B_j, so |fl(Y_ij · fl(q / B_j))| <= q (1 + 2ε)
    rounds to at most q. __fmul_rn / __fadd_rn keep nvcc from contracting the two into an FMA (one rounding, not the
    reference's two: naive.quantize_residual rounds the product, then to an integer). The constant is the decodes'
    naive.FIXED_MAGIC (their fixed-point products use the same trick with one rounding)."""
    from leapquant.kernels.naive import FIXED_MAGIC   # (here: DecodeConfig imports this module without torch)

    def bits(y, s):
        return T.reinterpret(T.call_extern("float32", "__fadd_rn", T.call_extern("float32", "__fmul_rn", y, s),
                                           T.float32(FIXED_MAGIC)), "uint32")
    return bits


def tf32_operand(T, mask: bool):
    """An fp32 value as a TF32 mma operand: its bits with the 13 low mantissa bits cleared (`mask`, what
    naive.tf32_truncate does), or as they are (the H200's tensor cores ignore those bits: benchmarks/tf32_probe.py)."""
    def tf32(x):
        if not mask:
            return T.reinterpret(x, "uint32")
        return T.bitwise_and(T.reinterpret(x, "uint32"), T.uint32(0xFFFFE000))
    return tf32


def factor_staging(T, R, P, LW):
    """(stage_keys, stage_values): v8's staging of the reconstruction factors in shared memory as fp16 term pairs —
    row n of an area holds LW words, word w the terms 2 w and 2 w + 1. Key i's decayed factors (fp32 products) go in
    as hi + lo halves (hi = fp16(x), lo = fp16(x − hi): the mma's two passes keep ~22 bits), value j's as stored."""
    kfac, ufac = factor_terms(T, R, P)
    pairs = list(range(-(-(R + P) // 8) * 4))   # term pairs up to whole k-steps of 8

    @T.macro
    def stage_keys(Sw, hi, lo, gl, kr, rk, s, hv, i, fv, h16, l16):
        for w in pairs:
            for ee in [0, 1]:
                fv[ee] = kfac(gl, kr, rk, s, hv, 2 * w + ee, i)
                h16[ee] = T.cast(fv[ee], "float16")
                l16[ee] = T.cast(fv[ee] - T.cast(h16[ee], "float32"), "float16")
            Sw[hi + i * LW + w] = T.call_extern("uint32", "__pack_half2", h16[0], h16[1])
            Sw[lo + i * LW + w] = T.call_extern("uint32", "__pack_half2", l16[0], l16[1])

    @T.macro
    def stage_values(Sw, area, Uc, ru, s, hv, j):
        for w in pairs:
            Sw[area + j * LW + w] = T.call_extern("uint32", "__pack_half2", ufac(Uc, ru, s, hv, 2 * w, j),
                                                  ufac(Uc, ru, s, hv, 2 * w + 1, j))
    return stage_keys, stage_values
