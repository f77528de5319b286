"""What the boundary programs share: which slot a program refits (the decode's list of slots at their window's end),
the window positions' advance, the quotient by a value scale, the one-warp Gram–Schmidt of the refit, and the
tensor-core pieces — the reconstruction's factors, a prefetched code word's codes, the codes' rounding, the TF32
operands."""


from leapquant.kernels.tl import rcp, xdiv


def qdiv_rcp(T, q, b):
    """q / B_j (B_j > 0) by the reciprocal where B_j >= 1e-36 (normal, q / B_j finite), else the IEEE division
    (a branch that is uniform over a warp V-first)."""
    return T.if_then_else(b >= 1e-36, xdiv(T, q, b, rcp(T, b)), q / b)


def advance_positions(T, cfg, N, C, BT):
    """The hv = 0 programs advance every request's window position, wpos[slot] = (m + 1) mod p from the decode's
    wnext, spread over the C programs in rounds of BT threads."""
    P = cfg.window

    @T.macro
    def advance(wpos, idx, wnext, hv, b):
        if hv == 0:
            for t0 in T.serial(T.ceildiv(N, C * BT)):
                for i in T.Parallel(BT):
                    nn = (t0 * C + b) * BT + i
                    if nn < N:
                        wpos[idx[nn]] = T.if_then_else(wnext[nn] == P, 0, wnext[nn])
    return advance


def list_entry(T, N, cnt, par, lst, e):
    """The slot that boundary work item e refits, or -1: list entry e below the count cnt[par]. The decode lists
    slots, not requests: one dependent global load less before the boundary's first load."""
    return T.if_then_else(e < cnt[par], lst[T.min(e, N - 1)], -1)


def mgs_warp(T, K, R, markstein=False, revive_by="norm"):
    """Right-looking modified Gram–Schmidt of R key columns held by one warp in registers, ml[e, a] = K[32 e + lane,
    a], red[R] scratch: once column b is normalised, the projections of all later columns onto it run as interleaved
    butterflies — 2R − 1 dependent warp reductions instead of R(R + 1) / 2; each column still sees its projections in
    the order b = 0, 1, … and then its normalisation (the reference's order, fitters.gram_schmidt).

    ``markstein``: the K / 32 quotients ml / ‖·‖ of a column from one correctly rounded reciprocal of the norm
    (`xdiv`: the same quotients for normal operands) instead of as many IEEE divisions, each with its range check and
    slow-path branch — the other warps wait at a barrier for this one; nr[2] holds the norm and its reciprocal.

    A column left zero becomes e_a once all are done (as fitters.gram_schmidt; the later columns were projected on
    the zero column, i.e. not at all): from zero keys — a slot whose buffers an engine zeroed — the warm-started
    refit revives them instead of keeping them zero for ever. `lane` is the thread's lane (0..31). How a dead column
    is told, with the same result (its squared norm was zero exactly when all its elements are zero now):
    ``revive_by="norm"`` from red[a], which holds that norm at the end (no register more at an 80-register cap),
    "vote" by `revive_zero_column` (where keeping the norms live through the chain would spill)."""
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
                nr[1] = rcp(T, nr[0])
                for e in T.unroll(K // 32):
                    ml[e, b2] = T.if_then_else(red[b2] > 0, xdiv(T, ml[e, b2], nr[0], nr[1]), 0.0)
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


def factor_terms(T, R, P):
    """(kfac, ufac): term t of the rank-(R + P) reconstruction update — the R compensators, then the P buffered
    records — as the tensor-core reconstruction stages it: kfac the decayed key factor of key i in fp32 (the
    CUDA-core reconstruction's products; gl holds the prefix sums of the log-decays, kr the compensator keys), ufac
    the value factor of value j in fp16 as stored; both zero past R + P (the padding to whole k-steps)."""
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
    stored as 0 for an empty column: no branch per element, where a round-clamp-select costs a branch and a NaN
    guard)."""
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
    # imported here: the registry imports this module, and naive imports torch
    from leapquant.kernels.naive import FIXED_MAGIC

    def bits(y, s):
        return T.reinterpret(T.call_extern("float32", "__fadd_rn", T.call_extern("float32", "__fmul_rn", y, s),
                                           T.float32(FIXED_MAGIC)), "uint32")
    return bits


def tf32_operand(T):
    """An fp32 value as a TF32 mma operand: its bits with the 13 low mantissa bits cleared (what naive.tf32_truncate
    does), so that the products do not depend on how a tensor core treats those bits."""
    def tf32(x):
        return T.bitwise_and(T.reinterpret(x, "uint32"), T.uint32(0xFFFFE000))
    return tf32


def factor_staging(T, R, P, LW):
    """(stage_keys, stage_values): the tensor-core reconstruction's factors staged in shared memory as fp16 term
    pairs — row n of an area holds LW words, word w the terms 2 w and 2 w + 1. Key i's decayed factors (fp32
    products) go in as hi + lo halves (hi = fp16(x), lo = fp16(x − hi): the mma's two passes keep ~22 bits), value
    j's as stored."""
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
