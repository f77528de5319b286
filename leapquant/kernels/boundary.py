"""The window-boundary launch: reconstruct S_p, refit the compensators, recompute c and B, quantize, write.

Launch 2 of a LeapQuant decode step (launch 1 is :mod:`leapquant.kernels.decode`, whose docstring describes
the pair and the buffers). Compiling needs tilelang (imported lazily).
"""


from leapquant.kernels.config import ZDT, DecodeConfig, _T, _nibble, _rcp, _xdiv, _zshape
from leapquant.kernels.naive import QMAX


def _qdiv_rcp(T, q, b):
    """q / B_j (B_j > 0) by the reciprocal where B_j >= 1e-36 (normal, q / B_j finite), else the IEEE division
    (a branch that is uniform over a warp V-first)."""
    return T.if_then_else(b >= 1e-36, _xdiv(T, q, b, _rcp(T, b)), q / b)


def _advance_positions(T, cfg, N, C, BT):
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


def _entry(T, cfg, N, cnt, par, wnext, lst, idx, e):
    """The slot that boundary work item e refits, or -1: compact, list entry e below the count (the decode lists
    slots, not requests: one dependent global load less before the boundary's first load — at batch 32 the
    prologue's chain of index loads held 27 % of the boundary's stall samples, session 10); full grid, request e if
    it reached its window's end."""
    if cfg.compact:
        return T.if_then_else(e < cnt[par], lst[T.min(e, N - 1)], -1)
    return T.if_then_else(wnext[e] == cfg.p, idx[e], -1)


def _mgs_warp(T, K, R, markstein=False):
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


def boundary_program(cfg: DecodeConfig):
    """The TileLang prim_func of the window boundary (launch 2): reconstruct, refit, smooth, quantize."""
    if cfg.bv7:
        return _boundary_v7(cfg)
    T = _T()

    kind, HV, K, V, P, R = cfg.kind, cfg.HV, cfg.K, cfg.V, cfg.p, cfg.r
    Kd = 1 if kind == "gdn" else K
    leap = cfg.mode == "leap"
    N = T.dynamic("N")
    NS = T.dynamic("NS")
    zshape = _zshape(cfg, NS)
    zdt = ZDT[cfg.zfmt] if leap else "bfloat16"
    i4 = leap and cfg.zfmt == "int4"
    rgshape = (NS, HV, P) if kind == "gdn" else (NS, HV, P, K)
    Rz = max(R, 1)
    f32, f16 = "float32", "float16"
    invq = 1.0 / QMAX[cfg.zfmt]
    vf = cfg.v_first

    def rgv(rg, s, hv, j, d):
        return rg[s, hv, j] if kind == "gdn" else rg[s, hv, j, d]

    def gi(i):
        return 0 if kind == "gdn" else i

    # v4: S_p lives in the fragment in Z's own layout ([V, K] when V-first), so the INT8 load and the quantized
    # store run along the fragment's contiguous axis; v3 held [K, V] and read/wrote V-first Z transposed, one
    # byte per lane 512 B apart (32 sectors per warp access): 406 µs of boundary vs 166 µs K-first at GDN 512.
    FS = (V, K) if vf else (K, V)
    KAX, VAX = (1, 0) if vf else (0, 1)   # fragment axis of the key rows / of the value columns

    def kv(x, y):  # fragment index -> (key row i, value column j)
        return (y, x) if vf else (x, y)

    def ss(Ss, i, j):  # S_p[i, j] from the padded shared copy
        return Ss[j, i] if vf else Ss[i, j]

    def kusum(Kh, Uh, i, j):  # Σ_a K̂[i, a] Û[j, a], unrolled in a fixed order
        acc = Kh[khi(i, 0)] * Uh[khi(j, 0)]
        for a in range(1, R):
            acc = acc + Kh[khi(i, a)] * Uh[khi(j, a)]
        return acc

    # v6 (cfg.bv6; NOTES.md "v6 boundary"): see the comments at each use.
    B6 = cfg.bv6
    NW = cfg.bthreads // 32

    def khi(i, a):  # index of K̂[i, a] / Û[i, a]: v6 stores them [R, K] / [R, V] (in the residual, lanes read words 4
        return (a, i) if B6 else (i, a)  # apart: 4-way bank conflicts instead of 16-way)

    # v6: the factor of the rank-(R + P) update that runs along the fragment's row axis (Û V-first, K̂ K-first) is
    # stored [t, x mod NW, x div NW]: the NW warps own rows x = NW·e + warp, so a thread's FS[0] / NW values of one
    # term are contiguous (4 broadcast 16-byte loads instead of 16 scalar ones per term); pure addressing.
    PERM = B6 and FS[0] % NW == 0

    def kd(t, i):
        return (t, i % NW, i // NW) if PERM and not vf else (t, i)

    def us(t, j):
        return (t, j % NW, j // NW) if PERM and vf else (t, j)

    def rcp(x):
        return _rcp(T, x)

    def xdiv(x, d, rd):
        return _xdiv(T, x, d, rd)

    def qdiv(q, b):  # q / B_j (B_j > 0); v6 by the reciprocal
        return _qdiv_rcp(T, q, b) if B6 else q / b

    mgs = _mgs_warp(T, K, max(R, 1))

    # compact (v3): grid (HV, C), C ≈ N/p + slack chosen by the host (the length of `gsz`); the decode
    # launch appended the slots of the requests at their window's end to `lst` and counted them in cnt[par].
    # Full (v2): grid (HV, N), programs whose request is not at its window's end exit at once.
    C = T.dynamic("C")
    BT = cfg.bthreads
    advance = _advance_positions(T, cfg, N, C, BT)
    GY = C if cfg.compact else N
    NTRIP = T.ceildiv(N, C) if cfg.compact else 1

    # v5 mat-vecs: thread t takes row t mod 128 of the product and half of the sum (t div 128), keeping all R
    # outputs in registers (one shared load of S and one broadcast row of the right factor per R FMAs; v4: per
    # 2 FMAs); the second half hands its partial sums over in shared memory.
    MV5 = cfg.bv5 and K == V and cfg.bthreads == 2 * K

    @T.macro
    def matvec(Ss, Xr, Out, Part, acc, tx, over_keys):  # Out[row, a] = Σ_k S[k, row] Xr[k, a] (over_keys) or S[row, k] Xr[k, a]
        for a in T.unroll(R):
            acc[a] = 0.0
        for k0 in T.serial(K // 2):
            k = (tx // K) * (K // 2) + k0
            sv = ss(Ss, k, tx % K) if over_keys else ss(Ss, tx % K, k)
            for a in T.unroll(R):
                acc[a] += sv * Xr[k, a]
        if tx >= K:
            for a in T.unroll(R):
                Part[tx % K, a] = acc[a]
        T.sync_threads()
        if tx < K:
            for a in T.unroll(R):
                Out[tx, a] = acc[a] + Part[tx, a]
        T.sync_threads()

    @T.macro
    def warp_dot(ml, red, a, b):  # red[0] = Σ_i K[i, a] K[i, b] over warp 0's rows i = 32 e + lane, in every lane
        red[0] = ml[0, a] * ml[0, b]
        for e in T.unroll(1, K // 32):
            red[0] += ml[e, a] * ml[e, b]
        for st in T.unroll(5):
            red[0] += T.shfl_xor(red[0], 16 >> st)

    def entry(cnt, par, wnext, lst, idx, e):
        return _entry(T, cfg, N, cnt, par, wnext, lst, idx, e)

    @T.prim_func
    def boundary(
        idx: T.Tensor((N,), "int32"), wnext: T.Tensor((N,), "int32"), wpos: T.Tensor((NS,), "int32"),
        cnt: T.Tensor((2,), "int32"), par: T.int32, lst: T.Tensor((N,), "int32"), gsz: T.Tensor((C,), "int32"),
        Z: T.Tensor(zshape, zdt), c: T.Tensor((NS, HV, K), f32), Bs: T.Tensor((NS, HV, V), f32),
        Kc: T.Tensor((NS, HV, Rz, K), f16), Uc: T.Tensor((NS, HV, Rz, V), f16),
        rk: T.Tensor((NS, HV, P, K), f16), ru: T.Tensor((NS, HV, P, V), f16), rg: T.Tensor(rgshape, f32),
    ):
        with T.Kernel(HV, GY, threads=cfg.bthreads) as (hv, b):
            if cfg.bminblocks > 1:
                T.annotate_min_blocks_per_sm(cfg.bminblocks)
            G = T.alloc_shared((P + 1, Kd), f32)
            Kds = T.alloc_shared((R + P, NW, K // NW) if PERM and not vf else (R + P, K), f32)
            Us = T.alloc_shared((R + P, NW, V // NW) if PERM and vf else (R + P, V), f32)
            Ss = T.alloc_shared((FS[0], FS[1] + 1), f32)
            Sf = T.alloc_fragment(FS, f32)
            advance(wpos, idx, wnext, hv, b)
            # compact: program b takes list entries b, b + C, ... below the count; else request b if due
            sl = T.alloc_local((1,), "int32")
            # v5: only the trips that have an entry (an empty trip still passed every block barrier of the body:
            # 14 % of the v4 boundary's stalls at GDN 512); v4: ⌈N / C⌉ trips
            trips = NTRIP
            if cfg.bv5 and cfg.compact:
                nb = T.alloc_local((1,), "int32")
                nb[0] = cnt[par]
                trips = T.ceildiv(T.max(nb[0] - b, 0), GY)
            for t in T.serial(trips):
                sl[0] = entry(cnt, par, wnext, lst, idx, t * GY + b)
                if sl[0] >= 0:
                    s = sl[0]
                    for j, d in T.Parallel(P, Kd):  # loads in parallel, then the prefix sums in place
                        G[j + 1, d] = rgv(rg, s, hv, j, d)
                    for d in T.Parallel(Kd):
                        G[0, d] = 0.0
                        for j in T.serial(P):
                            G[j + 1, d] = G[j + 1, d] + G[j, d]
                    for j, i in T.Parallel(P, K):
                        Kds[kd(R + j, i)] = T.exp(G[P, gi(i)] - G[j + 1, gi(i)]) * T.cast(rk[s, hv, j, i], f32)
                    for j, i in T.Parallel(P, V):
                        Us[us(R + j, i)] = T.cast(ru[s, hv, j, i], f32)
                    if R > 0:
                        for j, i in T.Parallel(R, K):
                            Kds[kd(j, i)] = T.exp(G[P, gi(i)]) * T.cast(Kc[s, hv, j, i], f32)
                        for j, i in T.Parallel(R, V):
                            Us[us(j, i)] = T.cast(Uc[s, hv, j, i], f32)
                        if B6:   # the power iteration's start K̃ now, beside the other loads (v5: after the
                            # reconstruction, its latency exposed before the first barrier of the iteration: 8 % of stalls)
                            Kp = T.alloc_shared((K, R), f32)
                            for i, a in T.Parallel(K, R):
                                Kp[i, a] = T.cast(Kc[s, hv, a, i], f32)
                    for x, y in T.Parallel(*FS):
                        i, j = kv(x, y)
                        zv = _nibble(T, Z[s, hv, x, y // 2], y % 2) if i4 else T.cast(Z[s, hv, x, y], f32)
                        if leap:
                            Sf[x, y] = T.exp(G[P, gi(i)]) * (c[s, hv, i] * (zv * invq) * Bs[s, hv, j])
                        else:
                            Sf[x, y] = T.exp(G[P, gi(i)]) * zv
                    for t in T.serial(R + P):
                        for x, y in T.Parallel(*FS):
                            i, j = kv(x, y)
                            Sf[x, y] += Kds[kd(t, i)] * Us[us(t, j)]
                    if R > 0:
                        if not B6:
                            Kp = T.alloc_shared((K, R), f32)
                        Ws = T.alloc_shared((V, R), f32)
                        Wf = T.alloc_fragment((V, R), f32)
                        Knf = T.alloc_fragment((K, R), f32)
                        Df = T.alloc_fragment((K,), f32)
                        dd = T.alloc_fragment((1,), f32)
                        Kh = T.alloc_shared((R, K) if B6 else (K, R), f32)
                        Uh = T.alloc_shared((R, V) if B6 else (V, R), f32)
                        if cfg.bv5:
                            ml = T.alloc_local((K // 32, R), f32)
                            red = T.alloc_local((R if B6 else 1,), f32)
                            tx = T.get_thread_binding(0)
                            acc = T.alloc_local((Rz,), f32)
                            Part = T.alloc_shared((K, Rz), f32)
                        for x, y in T.Parallel(*FS):
                            Ss[x, y] = Sf[x, y]
                        if not B6:
                            for i, a in T.Parallel(K, R):
                                Kp[i, a] = T.cast(Kc[s, hv, a, i], f32)
                        for _it in T.serial(cfg.iters):
                            if MV5:
                                matvec(Ss, Kp, Ws, Part, acc, tx, True)     # W = Sᵀ K
                                matvec(Ss, Ws, Kp, Part, acc, tx, False)    # K = S W
                            else:
                                T.clear(Wf)
                                for i in T.serial(K):
                                    for j, a in T.Parallel(V, R):
                                        Wf[j, a] += ss(Ss, i, j) * Kp[i, a]
                                T.copy(Wf, Ws)
                                T.clear(Knf)
                                for j in T.serial(V):
                                    for i, a in T.Parallel(K, R):
                                        Knf[i, a] += ss(Ss, i, j) * Ws[j, a]
                                T.copy(Knf, Kp)
                            # modified Gram–Schmidt, column by column (R's diagonal ≥ 0; zero columns stay zero)
                            if B6:   # v6: right-looking — once column b is final, the projections of all later
                                # columns onto it are independent (their butterflies interleave): 2R − 1 dependent
                                # reductions instead of R(R + 1) / 2. Each column still sees its projections in the
                                # order b = 0, 1, … and then its normalisation: the same operations as v5.
                                if tx < 32:
                                    for e in T.unroll(K // 32):
                                        for a in T.unroll(R):
                                            ml[e, a] = Kp[e * 32 + tx, a]
                                    mgs(ml, red, red)   # (its third argument is used only with markstein)
                                    for e in T.unroll(K // 32):
                                        for a in T.unroll(R):
                                            Kp[e * 32 + tx, a] = ml[e, a]
                            elif cfg.bv5:   # one warp, rows i = 32 e + lane in registers, butterfly sums: no block barrier
                                if tx < 32:
                                    for e in T.unroll(K // 32):
                                        for a in T.unroll(R):
                                            ml[e, a] = Kp[e * 32 + tx, a]
                                    for a in T.unroll(R):
                                        for b2 in T.unroll(a):
                                            warp_dot(ml, red, a, b2)
                                            for e in T.unroll(K // 32):
                                                ml[e, a] = ml[e, a] - red[0] * ml[e, b2]
                                        warp_dot(ml, red, a, a)
                                        for e in T.unroll(K // 32):
                                            ml[e, a] = T.if_then_else(red[0] > 0, ml[e, a] / T.sqrt(red[0]), 0.0)
                                    for e in T.unroll(K // 32):
                                        for a in T.unroll(R):
                                            Kp[e * 32 + tx, a] = ml[e, a]
                            else:
                                for a in T.serial(R):
                                    for b in T.serial(a):
                                        for i in T.Parallel(K):
                                            Df[i] = Kp[i, a] * Kp[i, b]
                                        T.reduce_sum(Df, dd, dim=0)
                                        for i in T.Parallel(K):
                                            Kp[i, a] = Kp[i, a] - dd[0] * Kp[i, b]
                                    for i in T.Parallel(K):
                                        Df[i] = Kp[i, a] * Kp[i, a]
                                    T.reduce_sum(Df, dd, dim=0)
                                    for i in T.Parallel(K):
                                        Kp[i, a] = T.if_then_else(dd[0] > 0, Kp[i, a] / T.sqrt(dd[0]), 0.0)
                        if MV5:
                            matvec(Ss, Kp, Ws, Part, acc, tx, True)         # U = Sᵀ K
                            for j, a in T.Parallel(V, R):
                                Uh[khi(j, a)] = T.cast(T.cast(Ws[j, a], f16), f32)
                                Uc[s, hv, a, j] = T.cast(Ws[j, a], f16)
                        else:
                            T.clear(Wf)
                            for i in T.serial(K):
                                for j, a in T.Parallel(V, R):
                                    Wf[j, a] += ss(Ss, i, j) * Kp[i, a]
                            for j, a in T.Parallel(V, R):
                                Uh[khi(j, a)] = T.cast(T.cast(Wf[j, a], f16), f32)
                                Uc[s, hv, a, j] = T.cast(Wf[j, a], f16)
                        for i, a in T.Parallel(K, R):
                            Kh[khi(i, a)] = T.cast(T.cast(Kp[i, a], f16), f32)
                            Kc[s, hv, a, i] = T.cast(Kp[i, a], f16)
                        # residual from the shared copy (Sf is dead through the iteration: fewer registers);
                        # same summation order as the former rank-r accumulator
                        for x, y in T.Parallel(*FS):
                            i, j = kv(x, y)
                            Sf[x, y] = Ss[x, y] - kusum(Kh, Uh, i, j)
                    if leap:
                        cf = T.alloc_fragment((K,), f32)
                        bf = T.alloc_fragment((V,), f32)
                        T.reduce_abssum(Sf, cf, dim=VAX)
                        for i in T.Parallel(K):
                            cf[i] = T.max(T.sqrt(cf[i] / V), 1e-8)
                        for x, y in T.Parallel(*FS):
                            i, j = kv(x, y)
                            # v6: c_i >= 1e-8 is normal, so only a subnormal S entry (a code of 0 either way) could
                            # differ from the IEEE quotient, by one subnormal ulp
                            Sf[x, y] = xdiv(Sf[x, y], cf[i], rcp(cf[i])) if B6 else Sf[x, y] / cf[i]
                        T.reduce_absmax(Sf, bf, dim=KAX)
                        for x, y in T.Parallel(*FS):
                            i, j = kv(x, y)
                            if cfg.zfmt in ("int8", "int4"):
                                q = QMAX[cfg.zfmt]
                                zq = T.if_then_else(bf[j] > 0, T.clamp(T.round(Sf[x, y] * qdiv(q, bf[j])), -q, q), 0.0)
                                if i4:   # codes into the (now dead) padded copy of S, packed in pairs below
                                    Ss[x, y] = zq
                                else:
                                    Z[s, hv, x, y] = T.cast(zq, "int8")
                            else:   # E4M3, round to nearest even (|x| <= 448: never saturates)
                                Z[s, hv, x, y] = T.if_then_else(bf[j] > 0, T.cast(Sf[x, y] * qdiv(448.0, bf[j]), zdt),
                                                                T.cast(0.0, zdt))
                        if i4:   # code 2b of the last axis in the low nibble of byte b (naive.pack_nibbles)
                            for x, y2 in T.Parallel(FS[0], FS[1] // 2):
                                lo = T.bitwise_and(T.cast(Ss[x, 2 * y2], "int32"), 15)
                                hi = T.bitwise_and(T.cast(Ss[x, 2 * y2 + 1], "int32"), 15)
                                Z[s, hv, x, y2] = T.cast(T.bitwise_or(lo, T.shift_left(hi, 4)), "uint8")
                        for i in T.Parallel(K):
                            c[s, hv, i] = cf[i]
                        for j in T.Parallel(V):
                            Bs[s, hv, j] = bf[j]
                    else:
                        for x, y in T.Parallel(*FS):
                            Z[s, hv, x, y] = T.cast(Sf[x, y], zdt)

    return boundary




def _boundary_v7(cfg: DecodeConfig):
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

    def qcode(yq):                      # the code of Y · q / B: round half to even, then an integer clamp
        # (q / B_j is stored as 0 for an empty column: no branch per element — the codes of v7's round-clamp-select,
        # which cost a branch and a NaN guard each)
        v = T.call_extern("int32", "__float2int_rn", yq)
        return T.max(T.min(v, int(q)), -int(q))

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
        return _qdiv_rcp(T, qq, b)

    mgs = _mgs_warp(T, K, max(R, 1), markstein=True)

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
        PAIRS, TWO, LATE = list(range(T8 // 2)), [0, 1], list(range(2 * NL))
        TILES = list(range(2 * NL, 2 * NSTRIP)) + LATE
        RAI, CBI = list(range(len(RA))), list(range(len(CB)))

        def kfac(gl, kr, rk, s, hv, t, i):  # decayed key factor t of key i, fp32 (v7's products)
            if t < R:
                return T.exp(gl[P]) * kr[t]
            if t < R + P:
                return T.exp(gl[P] - gl[t - R + 1]) * T.cast(rk[s, hv, t - R, i], f32)
            return T.float32(0)

        def ufac(Uc, ru, s, hv, t, j):      # value factor t of value j, fp16 as stored
            if t < R:
                return Uc[s, hv, t, j]
            if t < R + P:
                return ru[s, hv, t - R, j]
            return T.float16(0)

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
            bits, width = (4 * j, 4) if I4 else (8 * j, 8)
            return T.cast(T.shift_right(T.reinterpret(T.shift_left(zw, T.cast(32 - width - bits, "uint32")), "int32"),
                                        32 - width), f32)

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
    advance = _advance_positions(T, cfg, N, C, BT)

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

        def tf32(x):                    # the fp32 bits with the 13 low mantissa bits cleared (tf32_mask), or as they
            if not cfg.tf32_mask:       # are: the H200's tensor cores ignore those bits (benchmarks/tf32_probe.py)
                return T.reinterpret(x, "uint32")
            return T.bitwise_and(T.reinterpret(x, "uint32"), T.uint32(0xFFFFE000))

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
        return _entry(T, cfg, N, cnt, par, wnext, lst, idx, e)

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
                            for w in PAIRS:
                                for ee in TWO:
                                    fv[ee] = kfac(gl, kr, rk, s, hv, 2 * w + ee, tx)
                                    h16[ee] = T.cast(fv[ee], f16)
                                    l16[ee] = T.cast(fv[ee] - T.cast(h16[ee], f32), f16)
                                Sw[AH + tx * LW + w] = T.call_extern("uint32", "__pack_half2", h16[0], h16[1])
                                Sw[AL + tx * LW + w] = T.call_extern("uint32", "__pack_half2", l16[0], l16[1])
                            if tx < Kd:
                                Sm[AE + tx] = T.exp(gl[P])
                        else:
                            for w in PAIRS:
                                Sw[AU8 + (tx - K) * LW + w] = T.call_extern("uint32", "__pack_half2", ufac(Uc, ru, s, hv, 2 * w, tx - K),
                                                                          ufac(Uc, ru, s, hv, 2 * w + 1, tx - K))
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
                                mgs(ml, red, nr)
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
