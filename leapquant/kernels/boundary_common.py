"""What both boundary programs share (:mod:`boundary`, v5/v6; :mod:`boundary_smem`, v7 and later): which slot a
program refits (the decode's list of slots at their window's end), the window positions' advance, the quotient by a
value scale, and the one-warp Gram–Schmidt of the refit."""


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


def mgs_warp(T, K, R, markstein=False):
    """Right-looking modified Gram–Schmidt of R key columns held by one warp in registers, ml[e, a] = K[32 e + lane,
    a], red[R] scratch (v6): once column b is normalised, the projections of all later columns onto it run as
    interleaved butterflies — 2R − 1 dependent warp reductions instead of R(R + 1) / 2; each column still sees its
    projections in the order b = 0, 1, … and then its normalisation: the same operations as v5.

    ``markstein`` (v7, session 8): the K / 32 quotients ml / ‖·‖ of a column from one correctly rounded reciprocal
    of the norm (`_xdiv`: the same quotients for normal operands) instead of as many IEEE divisions, each with its
    range check and slow-path branch — the seven other warps wait at a barrier for this warp."""
    @T.macro
    def mgs(ml, red, nr):
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
    return mgs
