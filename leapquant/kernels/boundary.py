"""The window-boundary launch: reconstruct S_p, refit the compensators, recompute c and B, quantize, write.

Launch 2 of a LeapQuant decode step (launch 1 is :mod:`leapquant.kernels.decode`, whose docstring describes
the pair and the buffers). This file holds the v2–v6 program (S_p in a register fragment and a padded shared copy:
FP8 residuals, window BF16, and the small-batch option ``small_bthreads = 0``); :mod:`boundary_smem` the v7 program
and its switches (S_p only in shared memory), which :func:`boundary_program` builds where ``cfg.bv7``. Compiling
needs tilelang (imported lazily).
"""


from leapquant.kernels.boundary_common import advance_positions, list_entry, mgs_warp, qdiv_rcp, unit_or_zero
from leapquant.kernels.boundary_regs import boundary_regs_program
from leapquant.kernels.boundary_smem import boundary_smem_program
from leapquant.kernels.config import ZDT, DecodeConfig, _T, _nibble, _rcp, _xdiv, _zshape
from leapquant.kernels.naive import QMAX


def boundary_program(cfg: DecodeConfig):
    """The TileLang prim_func of the window boundary (launch 2): reconstruct, refit, smooth, quantize."""
    if cfg.bv12:
        return boundary_regs_program(cfg)
    if cfg.bv7:
        return boundary_smem_program(cfg)
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
        return qdiv_rcp(T, q, b) if B6 else q / b

    mgs = mgs_warp(T, K, max(R, 1))

    # compact (v3): grid (HV, C), C ≈ N/p + slack chosen by the host (the length of `gsz`); the decode
    # launch appended the slots of the requests at their window's end to `lst` and counted them in cnt[par].
    # Full (v2): grid (HV, N), programs whose request is not at its window's end exit at once.
    C = T.dynamic("C")
    BT = cfg.bthreads
    advance = advance_positions(T, cfg, N, C, BT)
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
        return list_entry(T, cfg, N, cnt, par, wnext, lst, idx, e)

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
                            # modified Gram–Schmidt, column by column (R's diagonal ≥ 0; a zero column becomes e_a)
                            if B6:   # v6: right-looking — once column b is final, the projections of all later
                                # columns onto it are independent (their butterflies interleave): 2R − 1 dependent
                                # reductions instead of R(R + 1) / 2. Each column still sees its projections in the
                                # order b = 0, 1, … and then its normalisation: the same operations as v5.
                                if tx < 32:
                                    for e in T.unroll(K // 32):
                                        for a in T.unroll(R):
                                            ml[e, a] = Kp[e * 32 + tx, a]
                                    mgs(ml, red, red, tx)   # (its third argument is used only with markstein)
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
                                    for a in T.unroll(R):   # a zero column becomes e_a at the end (as mgs_warp)
                                        warp_dot(ml, red, a, a)
                                        ml[0, a] = T.if_then_else(red[0] > 0, ml[0, a], unit_or_zero(T, tx, a))
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
                                for a in T.serial(R):   # a zero column becomes e_a at the end (as mgs_warp)
                                    for i in T.Parallel(K):
                                        Df[i] = Kp[i, a] * Kp[i, a]
                                    T.reduce_sum(Df, dd, dim=0)
                                    for i in T.Parallel(K):
                                        Kp[i, a] = T.if_then_else(dd[0] > 0, Kp[i, a], unit_or_zero(T, i, a))
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
