"""v14 decode: one warp per (request, head), no block barriers (V-first INT8, K = V = 128; ``DecodeConfig.pipe_warp``).

Same arithmetic, buffers and outputs as the v8 decode (:func:`decode_pipelined.pipelined_decode_program` with
``pipe_zmma``; its docstring and :func:`leapquant.kernels.decode.decode_program`'s describe the step); only who does
the work differs. The v8 program splits one request's head over its 4 warps, and its phases (the loads, the
key-length dot products, the Z products, the value updates) meet at ~9 block barriers per request: ncu at GDN 512
sees 0.62 eligible warps per scheduler and the launch reads at 2.83 TB/s where a plain read of the same residual
reaches 4.4 (benchmarks/read_probe.py, session 14). Here each warp walks its own requests of one head from start
to end — keys 4 per lane for the dot products (reduced by two reduce-scatters), the Z blocks of 16 value rows as
INT8 mma A fragments, values 4 per lane for the updates — so the 12 warps of an SM (3 programs) are 12 independent
chains and nothing waits for another warp. What a request waits for is its loads, so they are issued early: the next
request's buffered keys and compensator keys are copied by cp.async into the warp's shared memory once the current
request's dot products have read them, its u rows and compensator values once its updates have; the Z blocks go
through a ring of three register sets, two blocks ahead (`warp_ahead` moves the request's own inputs and first two
Z blocks one request ahead too). Per warp, 12.3 KB of shared memory (14.6 with `warp_ahead`) hold those copies and
pass the vectors between the lane layouts (y for the mma's digit columns, the Z products, the row weights), ordered
by __syncwarp and the copies' wait groups: TileLang's barrier planner cannot see that each warp touches only its own
rows, so the program carries ``WARP_SYNCHRONOUS`` and is compiled without it
(:func:`leapquant.kernels.config.compile_kernel`).

Requests: warp wi of program (hv, b) takes n = b · NW + wi, then every GP · NW-th one (GP from the shape of the last
argument, as the other persistent decodes).

KDA (its default since session 16): each lane's 4 keys carry their own decays, e^(G_m − G_{j+1}) per record j and key.
With ``warp_fexp`` and ``warp_gsuffix`` (the defaults there) they come from one backward pass over the records — the
suffix sum of the later records' log-decays, whose end is G_m — by ``ex2.approx`` (:data:`FAST_EXP`), each log-decay row
read once; the reference forms the same exponents as differences of prefix sums (equal to a few ulp).
"""


from leapquant.kernels.config import WARP_SYNCHRONOUS, DecodeConfig, _T, _rcp, _reduce_scatter, _xdiv
from leapquant.kernels.naive import FIXED_MAGIC, FIXED_SCALE, QMAX


FAST_EXP = r"""
__device__ __forceinline__ float lq_exp(float x) {   // e^x as ex2.approx.ftz(x log2 e): two instructions, ~2 ulp
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x * 1.4426950408889634f));
  return y;
}
"""
"""The records' per-key decays of KDA's v14 decode (``cfg.warp_fexp``), imported into the generated CUDA above its
includes (the CPU emulation, which drops that part, defines lq_exp itself). CUDA's expf is ~9 instructions with its
range reduction and special cases; at KDA 512 the decays' 64 per lane and request were 14 % of the decode's executed
instructions (ncu, session 16), and the decode runs at a fixed ~0.38 issue rate, so its time follows its instruction
count. The decays multiply fp16 keys: ~2 ulp of fp32 is far below what the keys carry."""


def warp_decode_program(cfg: DecodeConfig):
    """The TileLang prim_func of one decode step, one warp per (request, head) (launch 1; the boundary is unchanged)."""
    T = _T()
    if not (cfg.v_first and cfg.mode == "leap" and cfg.zfmt == "int8" and cfg.K == cfg.V == 128 and cfg.p <= 16
            and cfg.r <= 8 and cfg.BV == cfg.V and cfg.threads % 32 == 0):
        raise ValueError("the warp decode (pipe_warp) is built for V-first INT8, K = V = 128, p <= 16, r <= 8, whole "
                         f"heads (BV = V), got v_first = {cfg.v_first}, mode = {cfg.mode}, zfmt = {cfg.zfmt}, K = "
                         f"{cfg.K}, V = {cfg.V}, p = {cfg.p}, r = {cfg.r}, BV = {cfg.BV}")
    kind, H, HV, K, V, P, R, TH = cfg.kind, cfg.H, cfg.HV, cfg.K, cfg.V, cfg.p, cfg.r, cfg.threads
    rep = HV // H
    N = T.dynamic("N")
    NS = T.dynamic("NS")
    GP = T.dynamic("GP")
    gshape = (N, HV) if kind == "gdn" else (N, HV, K)
    rgshape = (NS, HV, P) if kind == "gdn" else (NS, HV, P, K)
    Rz = max(R, 1)
    f32, f16, bf16 = "float32", "float16", "bfloat16"
    invq = 1.0 / QMAX["int8"]
    NW = TH // 32
    KL = K // 32                 # keys per lane in the dot products (4: one 8-byte fp16 load per row)
    VL = V // 32                 # values per lane in the updates
    KW = K // 16                 # Z words (4 codes each) of a row per lane of a quad: lane t has keys [t K/4, (t+1) K/4)
    WROW = K // 4                # int32 words per Z row
    YP = K + K // 8              # a warp's y row in shared memory: key d at d + 4 (d // 32) (quads read 32 keys each)
    NRB = V // 16                # 16-row blocks of Z
    NV1 = 1 << max(2 * P - 1, 0).bit_length()    # the records' 2P sums, padded to a power of two (<= 32)
    NV2 = 1 << (2 * R).bit_length()              # the compensators' 2R sums and kᵀq·scale, padded (<= 32)
    AH = cfg.warp_ahead          # the request's q, k, v, g, β, c, B and first two Z blocks one request ahead too
    FX = cfg.warp_fexp                     # KDA's record decays by ex2.approx, every record (FAST_EXP; KDA only)
    GS = FX and cfg.warp_gsuffix           # … from suffix sums, in the same pass as G_m
    Kd = 1 if kind == "gdn" else K

    def gi(e):                   # the lane's log-decay column for its key e: GDN has one
        return 0 if kind == "gdn" else e

    def fixed_bits(y, sc):       # the bits of y · sc + 1.5 · 2^23 (naive.zdot_int8_mma)
        return T.reinterpret(y * sc + T.float32(FIXED_MAGIC), "uint32")

    rs1, sp = _reduce_scatter(T, NV1)   # the records' sums (sp: its halving stages)
    rs2, sp2 = _reduce_scatter(T, NV2)  # the compensators' and kᵀq · scale

    @T.macro
    def copy_keys(rks, rgs, kcs, rk, rg, Kc, s, hv, m, wi, ln):
        """cp.async of request slot s's buffered keys (rows >= m zero-filled), GDN's log-decays (the same) and the
        compensators' keys into this warp's buffers (one commit group, the caller's)."""
        for cc in T.unroll(-(-P * K // 8 // 32)):
            ch = cc * 32 + ln
            if ch < P * K // 8:
                T.ptx_cp_async(T.access_ptr(rks[wi, ch // (K // 8), (ch % (K // 8)) * 8], "w", 8),
                               T.access_ptr(rk[s, hv, ch // (K // 8), (ch % (K // 8)) * 8], "r", 8), 8,
                               predicate=ch // (K // 8) < m)
        if kind == "gdn":
            if ln < P:
                T.ptx_cp_async(T.access_ptr(rgs[wi, ln], "w", 1), T.access_ptr(rg[s, hv, ln], "r", 1), 1,
                               predicate=ln < m)
        for cc in T.unroll(-(-R * K // 8 // 32)):
            ch = cc * 32 + ln
            if ch < R * K // 8:
                T.ptx_cp_async(T.access_ptr(kcs[wi, ch // (K // 8), (ch % (K // 8)) * 8], "w", 8),
                               T.access_ptr(Kc[s, hv, ch // (K // 8), (ch % (K // 8)) * 8], "r", 8), 8)

    @T.macro
    def copy_values(rus, ucs, ru, Uc, s, hv, m, wi, ln):
        """cp.async of request slot s's buffered u (rows >= m zero-filled) and the compensators' values."""
        for cc in T.unroll(-(-P * V // 8 // 32)):
            ch = cc * 32 + ln
            if ch < P * V // 8:
                T.ptx_cp_async(T.access_ptr(rus[wi, ch // (V // 8), (ch % (V // 8)) * 8], "w", 8),
                               T.access_ptr(ru[s, hv, ch // (V // 8), (ch % (V // 8)) * 8], "r", 8), 8,
                               predicate=ch // (V // 8) < m)
        for cc in T.unroll(-(-R * V // 8 // 32)):
            ch = cc * 32 + ln
            if ch < R * V // 8:
                T.ptx_cp_async(T.access_ptr(ucs[wi, ch // (V // 8), (ch % (V // 8)) * 8], "w", 8),
                               T.access_ptr(Uc[s, hv, ch // (V // 8), (ch % (V // 8)) * 8], "r", 8), 8)

    @T.macro
    def copy_token_keys(qks, cs, gs, q, k, c, g, n, s, h, hv, wi, ln):
        """warp_ahead: cp.async of request n's q, k and log-decay and its slot's smoothing scales c (the keys' group)."""
        if ln < K // 8:
            T.ptx_cp_async(T.access_ptr(qks[wi, 0, ln * 8], "w", 8), T.access_ptr(q[n, h, ln * 8], "r", 8), 8)
        elif ln < K // 4:
            T.ptx_cp_async(T.access_ptr(qks[wi, 1, (ln - K // 8) * 8], "w", 8),
                           T.access_ptr(k[n, h, (ln - K // 8) * 8], "r", 8), 8)
        T.ptx_cp_async(T.access_ptr(cs[wi, ln * 4], "w", 4), T.access_ptr(c[s, hv, ln * 4], "r", 4), 4)
        if kind == "gdn":
            if ln == 0:
                T.ptx_cp_async(T.access_ptr(gs[wi, 0], "w", 1), T.access_ptr(g[n, hv], "r", 1), 1)
        else:
            T.ptx_cp_async(T.access_ptr(gs[wi, ln * 4], "w", 4), T.access_ptr(g[n, hv, ln * 4], "r", 4), 4)

    @T.macro
    def copy_token_values(vs, bs, bts, v, Bs, beta, n, s, hv, wi, ln):
        """warp_ahead: cp.async of request n's v and β and its slot's value scales B (the values' group)."""
        if ln < V // 8:
            T.ptx_cp_async(T.access_ptr(vs[wi, ln * 8], "w", 8), T.access_ptr(v[n, hv, ln * 8], "r", 8), 8)
        T.ptx_cp_async(T.access_ptr(bs[wi, ln * 4], "w", 4), T.access_ptr(Bs[s, hv, ln * 4], "r", 4), 4)
        if ln == 0:
            T.ptx_cp_async(T.access_ptr(bts[wi, 0], "w", 1), T.access_ptr(beta[n, hv], "r", 1), 1)

    @T.macro
    def record_log_decay(rgl, rgs, rg, s, hv, j, m, wi, ln):
        """Record j's log-decay at the lane's keys into rgl: GDN's one from the warp's copy, KDA's KL from global.
        KDA reads rows past the m buffered ones as row m − 1 again (every use masks j >= m): a request's log-decays are
        p × K fp32, half its Z's bytes, and the repeated row is a cache hit, not DRAM traffic. The loads stay
        unconditional so that the unrolled loop issues all p at once (a branch per record measured 299 µs against 247
        at KDA 512: each load waited in turn; NOTES.md, session 15)."""
        if kind == "gdn":
            rgl[0] = rgs[wi, j]
        else:
            for e in T.vectorized(KL):
                rgl[e] = rg[s, hv, T.min(j, T.max(m - 1, 0)), KL * ln + e]

    @T.macro
    def load_zblock(zq, Z, s, hv, rb, slot, gq, tq):
        """Z block rb (value rows 16 rb + gq and + 8, the lane's quarter of the keys: 8 words each) into ring slot
        `slot` of zq — plain loads, in flight until the mma reads them."""
        for hr in T.unroll(2):
            for e in T.vectorized(KW):
                zq[16 * slot + KW * hr + e] = Z[s, hv, 16 * rb + gq + 8 * hr, tq * KW + e]

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
        with T.Kernel(1, HV, GP, threads=TH) as (vt, hv, b):
            if cfg.dminblocks:
                T.annotate_min_blocks_per_sm(cfg.dminblocks)
            if FX:
                T.import_source(FAST_EXP)
            tx = T.get_thread_binding(0)
            wi = tx // 32
            ln = tx % 32
            gq = ln // 4
            tq = ln % 4
            h = hv // rep
            ysm = T.alloc_shared((NW, 2, YP), f32)      # c ⊙ Γ_{1:m} x of both vectors (the mma's digit columns)
            zrs = T.alloc_shared((NW, 2, V), f32)       # Z (c ⊙ Γ x) / sc per value row
            # the row weights: record j at 2 j (+ 1), compensator i at 2 P + 2 i (+ 1), kᵀq · scale at 2 P + 2 R, a pad word
            rws = T.alloc_shared((NW, 2 * P + 2 * R + 2), f32)
            # this warp's request's buffered keys and u, GDN's log-decays, the compensators (cp.async, one request ahead)
            rks = T.alloc_shared((NW, P, K), f16)
            rus = T.alloc_shared((NW, P, V), f16)
            rgs = T.alloc_shared((NW, P if kind == "gdn" else 1), f32)
            kcs = T.alloc_shared((NW, Rz, K), f16)
            ucs = T.alloc_shared((NW, Rz, V), f16)
            cur = T.alloc_local((2,), "int32")          # (slot, window position) of the request being computed
            nxt = T.alloc_local((2,), "int32")          # of the next one (its loads in flight)
            zq = T.alloc_local((3 * 16,), "int32")       # a ring of three Z blocks (A fragments' words)
            if AH:   # the token's inputs and the slot's scales, one request ahead
                qks = T.alloc_shared((NW, 2, K), bf16)
                cs = T.alloc_shared((NW, K), f32)
                gs = T.alloc_shared((NW, Kd), f32)
                vs = T.alloc_shared((NW, V), bf16)
                bs = T.alloc_shared((NW, V), f32)
                bts = T.alloc_shared((NW, 4), f32)
            qb = T.alloc_local((KL,), bf16)
            kb = T.alloc_local((KL,), bf16)
            hb = T.alloc_local((KL,), f16)               # an fp16 row's KL keys (records, compensators)
            ub = T.alloc_local((VL,), f16)               # an fp16 row's VL values
            vb = T.alloc_local((VL,), bf16)
            xs = T.alloc_local((3, KL), f32)             # α ⊙ k, α ⊙ q · scale, fp16(k) ⊙ q · scale at the lane's keys
            cv = T.alloc_local((KL,), f32)
            gl = T.alloc_local((KL,), f32)               # the token's log-decay (GDN: [0])
            rgl = T.alloc_local((KL,), f32)              # a record's log-decay
            gm = T.alloc_local((KL,), f32)               # G_m, the window's prefix sum at m (GDN: [0])
            eg = T.alloc_local((KL,), f32)               # exp(G_m)
            gacc = T.alloc_local((KL,), f32)             # the running prefix sum G_{j+1}
            gsel = T.alloc_local((1,), f32)              # GDN: G_{j+1} of the record whose weight this lane holds
            yl = T.alloc_local((2, KL), f32)
            mx = T.alloc_local((4,), f32)                # max |y| per vector, then sc and 1 / sc
            pv = T.alloc_local((max(NV1, NV2),), f32)
            yv = T.alloc_local((K // 4,), f32)           # the quad lane's 32 keys of its vector
            bw = T.alloc_local((KW,), "int32")           # its digit column as mma B fragments (4 digits a word)
            af = T.alloc_local((2 * KW,), "int32")
            cf = T.alloc_local((4,), "int32")
            zf = T.alloc_local((2,), f32)
            zi = T.alloc_local((2,), "int32")
            bv = T.alloc_local((VL,), f32)
            a1 = T.alloc_local((VL,), f32)
            a2 = T.alloc_local((VL,), f32)
            wp = T.alloc_local((2,), f32)
            u16 = T.alloc_local((VL,), f16)

            wg = b * NW + wi
            nit = T.if_then_else(wg < N, T.ceildiv(N - wg, GP * NW), 0)
            # the first request's records in flight: groups keys(0), values(0); request it + 1's keys are issued once
            # request it's prologue has read them, its values once request it's updates have
            if nit > 0:
                cur[0] = idx[wg]
                cur[1] = wpos[cur[0]]
                copy_keys(rks, rgs, kcs, rk, rg, Kc, cur[0], hv, cur[1], wi, ln)
                if AH:
                    copy_token_keys(qks, cs, gs, q, k, c, g, wg, cur[0], h, hv, wi, ln)
                T.ptx_commit_group()
                copy_values(rus, ucs, ru, Uc, cur[0], hv, cur[1], wi, ln)
                if AH:
                    copy_token_values(vs, bs, bts, v, Bs, beta, wg, cur[0], hv, wi, ln)
                    load_zblock(zq, Z, cur[0], hv, 0, 0, gq, tq)
                    load_zblock(zq, Z, cur[0], hv, 1, 1, gq, tq)
                T.ptx_commit_group()
            for it in T.serial(nit):
                n = wg + it * GP * NW
                s = cur[0]
                m = cur[1]
                nn = T.min(n + GP * NW, N - 1)              # the next request (a valid one past the last: nothing used)
                nxt[0] = idx[nn]
                if not AH:   # (warp_ahead: in flight since the previous request)
                    load_zblock(zq, Z, s, hv, 0, 0, gq, tq)
                    load_zblock(zq, Z, s, hv, 1, 1, gq, tq)
                    # --- the token's vectors at the lane's keys d = KL ln + e
                    for e in T.vectorized(KL):
                        qb[e] = q[n, h, KL * ln + e]
                    for e in T.vectorized(KL):
                        kb[e] = k[n, h, KL * ln + e]
                    for e in T.vectorized(KL):
                        cv[e] = c[s, hv, KL * ln + e]
                    if kind == "gdn":
                        gl[0] = g[n, hv]
                    else:
                        for e in T.vectorized(KL):
                            gl[e] = g[n, hv, KL * ln + e]
                T.ptx_wait_group(1)        # this request's keys (its values may stay in flight)
                T.sync_warp()
                if AH:
                    for e in T.vectorized(KL):
                        qb[e] = qks[wi, 0, KL * ln + e]
                    for e in T.vectorized(KL):
                        kb[e] = qks[wi, 1, KL * ln + e]
                    for e in T.vectorized(KL):
                        cv[e] = cs[wi, KL * ln + e]
                    if kind == "gdn":
                        gl[0] = gs[wi, 0]
                    else:
                        for e in T.vectorized(KL):
                            gl[e] = gs[wi, KL * ln + e]
                for e in T.unroll(KL):
                    a = T.exp(gl[gi(e)])
                    kf = T.cast(kb[e], f32)
                    qf = T.cast(qb[e], f32)
                    xs[0, e] = a * kf
                    xs[1, e] = a * qf * scale
                    xs[2, e] = T.cast(T.cast(kb[e], f16), f32) * qf * scale
                # --- G_m: the buffered log-decays summed in order (rows >= m were zero-filled / add 0)
                for e in T.unroll(1 if kind == "gdn" else KL):
                    gm[e] = 0.0
                if GS:   # KDA, one backward pass: record j's weights from the suffix sum of the later records'
                    # log-decays, Γ_{j+1:m} = e^(Σ_{j<i<m} g_i); the sum's last value is G_m (each row read once)
                    for j in list(reversed(range(P))):
                        record_log_decay(rgl, rgs, rg, s, hv, j, m, wi, ln)
                        for e in T.vectorized(KL):
                            hb[e] = rks[wi, j, KL * ln + e]
                        pv[2 * j] = 0.0
                        pv[2 * j + 1] = 0.0
                        for e in T.unroll(KL):   # (j >= m: the sum is still 0, e^0 = 1, the key row zero-filled)
                            dec = T.call_extern(f32, "lq_exp", gm[e]) * T.cast(hb[e], f32)
                            pv[2 * j] += dec * xs[0, e]
                            pv[2 * j + 1] += dec * xs[1, e]
                        for e in T.unroll(KL):
                            gm[e] = gm[e] + T.if_then_else(j < m, rgl[e], 0.0)
                else:
                    for j in T.unroll(P):
                        record_log_decay(rgl, rgs, rg, s, hv, j, m, wi, ln)
                        for e in T.unroll(1 if kind == "gdn" else KL):
                            gm[e] = gm[e] + T.if_then_else(j < m, rgl[e], 0.0)
                for e in T.unroll(1 if kind == "gdn" else KL):
                    eg[e] = T.exp(gm[e])
                # --- y = c ⊙ Γ_{1:m} x of both vectors, to shared memory; their maxima over the warp
                for x in T.unroll(2):
                    mx[x] = 0.0
                    for e in T.unroll(KL):
                        yl[x, e] = cv[e] * eg[gi(e)] * xs[x, e]
                        mx[x] = T.max(mx[x], T.abs(yl[x, e]))
                    for e in T.vectorized(KL):
                        ysm[wi, x, KL * ln + 4 * (ln // 8) + e] = yl[x, e]
                for st in T.unroll(5):
                    for x in T.unroll(2):
                        mx[x] = T.max(mx[x], T.shfl_xor(mx[x], 16 >> st))
                for x in T.unroll(2):
                    mx[x] = T.max(mx[x], 1e-30)
                    mx[x] = _xdiv(T, T.float32(FIXED_SCALE), mx[x], _rcp(T, mx[x]))   # sc
                    mx[2 + x] = _rcp(T, mx[x])                                          # 1 / sc
                # --- the records' weights k_jᵀ Γ_{j+1:m} x (0 for j >= m), summed over the warp
                if not GS:   # (with GS computed above)
                    for e in T.unroll(1 if kind == "gdn" else KL):
                        gacc[e] = 0.0
                    gsel[0] = 0.0
                    for j in T.unroll(P):
                        record_log_decay(rgl, rgs, rg, s, hv, j, m, wi, ln)
                        for e in T.unroll(1 if kind == "gdn" else KL):
                            gacc[e] = gacc[e] + T.if_then_else(j < m, rgl[e], 0.0)
                        if kind == "gdn":
                            gsel[0] = T.if_then_else(T.shift_right(ln, 5 - sp) // 2 == j, gacc[0], gsel[0])
                        for e in T.vectorized(KL):
                            hb[e] = rks[wi, j, KL * ln + e]
                        pv[2 * j] = 0.0
                        pv[2 * j + 1] = 0.0
                        for e in T.unroll(KL):
                            if kind == "gdn":   # one decay per record, applied to the sum below
                                dec = T.cast(hb[e], f32)
                            elif FX:   # no branch: for j >= m, gacc = gm exactly (e^0 = 1) and the key row is zero-filled
                                dec = T.call_extern(f32, "lq_exp", gm[e] - gacc[e]) * T.cast(hb[e], f32)
                            else:
                                dec = T.if_then_else(j < m, T.exp(gm[e] - gacc[e]) * T.cast(hb[e], f32), 0.0)
                            pv[2 * j] += dec * xs[0, e]
                            pv[2 * j + 1] += dec * xs[1, e]
                for e in list(range(2 * P, NV1)):
                    pv[e] = 0.0
                rs1(pv, ln)
                vi = T.shift_right(ln, 5 - sp)             # the sum this lane holds: record vi // 2, vector vi % 2
                if kind == "gdn":
                    pv[0] = pv[0] * T.if_then_else(vi // 2 < m, T.exp(gm[0] - gsel[0]), 0.0)
                if T.bitwise_and(ln, (1 << (5 - sp)) - 1) == 0 and vi < 2 * P:
                    rws[wi, vi] = pv[0]
                # --- the compensators' K̃_iᵀ Γ_{1:m} x and kᵀq · scale
                for i in T.unroll(R):
                    for e in T.vectorized(KL):
                        hb[e] = kcs[wi, i, KL * ln + e]
                    pv[2 * i] = 0.0
                    pv[2 * i + 1] = 0.0
                    for e in T.unroll(KL):
                        kk = T.cast(hb[e], f32) * eg[gi(e)]
                        pv[2 * i] += kk * xs[0, e]
                        pv[2 * i + 1] += kk * xs[1, e]
                pv[2 * R] = xs[2, 0]
                for e in T.unroll(1, KL):
                    pv[2 * R] += xs[2, e]
                for e in list(range(2 * R + 1, NV2)):
                    pv[e] = 0.0
                rs2(pv, ln)
                vi2 = T.shift_right(ln, 5 - sp2)
                if T.bitwise_and(ln, (1 << (5 - sp2)) - 1) == 0 and vi2 < 2 * R + 1:
                    rws[wi, 2 * P + vi2] = pv[0]
                T.sync_warp()
                # the keys' buffers are read: the next request's keys into them
                nxt[1] = T.if_then_else(it + 1 < nit, wpos[nxt[0]], 0)
                copy_keys(rks, rgs, kcs, rk, rg, Kc, nxt[0], hv, nxt[1], wi, ln)
                if AH:   # (q, k, c, g are in registers since the prologue)
                    copy_token_keys(qks, cs, gs, q, k, c, g, nn, nxt[0], h, hv, wi, ln)
                T.ptx_commit_group()
                # --- zr[x, i] = Σ_k Z[i, k] y[x, k] on the INT8 tensor cores (naive.zdot_int8_mma): lane (gq, tq) owns
                # B column gq — vector gq // 4, digit gq % 4 (3: ones, the row sums) — at keys [tq K/4, (tq+1) K/4)
                dj = gq % 4
                for w4 in T.unroll(K // 16):
                    for e in T.vectorized(4):
                        yv[4 * w4 + e] = ysm[wi, gq // 4, (K // 4 + 4) * tq + 4 * w4 + e]
                zf[0] = T.if_then_else(gq // 4 == 0, mx[0], mx[1])
                for w in T.unroll(KW):
                    sel = T.cast(dj, "uint32") + T.shift_left(T.cast(dj, "uint32") + T.uint32(4), T.uint32(4))
                    lo = T.call_extern("uint32", "__byte_perm", fixed_bits(yv[4 * w], zf[0]),
                                       fixed_bits(yv[4 * w + 1], zf[0]), sel)
                    hi = T.call_extern("uint32", "__byte_perm", fixed_bits(yv[4 * w + 2], zf[0]),
                                       fixed_bits(yv[4 * w + 3], zf[0]), sel)
                    dw = T.bitwise_xor(T.call_extern("uint32", "__byte_perm", lo, hi, T.uint32(0x5410)),
                                       T.uint32(0x80808080))
                    bw[w] = T.reinterpret(T.if_then_else(dj == 3, T.uint32(0x01010101), dw), "int32")
                for rb in list(range(NRB)):   # unrolled while the IR is built: the ring's slots are registers
                    if rb + 2 < NRB:
                        load_zblock(zq, Z, s, hv, rb + 2, (rb + 2) % 3, gq, tq)
                    z0 = 16 * (rb % 3)
                    for j in list(range(KW // 2)):   # row g: words 0..KW-1 of the slot, row g + 8: KW..2 KW-1
                        af[4 * j] = zq[z0 + 2 * j]
                        af[4 * j + 1] = zq[z0 + KW + 2 * j]
                        af[4 * j + 2] = zq[z0 + 2 * j + 1]
                        af[4 * j + 3] = zq[z0 + KW + 2 * j + 1]
                    for e in T.unroll(4):
                        cf[e] = 0
                    for j in T.unroll(KW // 2):
                        T.ptx_mma("int32", "m16n8k32", "row", "col", "int8", "int8", "int32",
                                  af.data, 4 * j, bw.data, 2 * j, cf.data, 0, False)
                    for hr in T.unroll(2):             # rows g and g + 8; the row sums R sit on the odd lane of a pair
                        zi[1] = T.shfl_xor(cf[2 * hr + 1], 1)
                        zi[0] = T.if_then_else(tq % 2 == 1, cf[2 * hr + 1], zi[1])
                        zf[1] = T.if_then_else(
                            tq % 2 == 0,
                            T.cast(cf[2 * hr] + 128 * zi[0], f32) + 256.0 * T.cast(cf[2 * hr + 1] + 128 * zi[0], f32),
                            65536.0 * T.cast(cf[2 * hr] + 64 * zi[0], f32))
                        zf[1] = zf[1] + T.shfl_xor(zf[1], 1)
                        if tq % 2 == 0:                # lane t = 0: vector 0, t = 2: vector 1
                            zrs[wi, tq // 2, 16 * rb + gq + 8 * hr] = zf[1] * T.if_then_else(tq // 2 == 0, mx[2], mx[3])
                T.ptx_wait_group(1)        # this request's values (the next one's keys may stay in flight)
                T.sync_warp()
                # --- the updates at the lane's values i = VL ln + e: A = B Z y / 127 + Σ_j w_j u_j + Σ_i w_i Û_i
                for e in T.vectorized(VL):
                    bv[e] = bs[wi, VL * ln + e] if AH else Bs[s, hv, VL * ln + e]
                for e in T.vectorized(VL):
                    a1[e] = zrs[wi, 0, VL * ln + e]
                for e in T.vectorized(VL):
                    a2[e] = zrs[wi, 1, VL * ln + e]
                for e in T.unroll(VL):
                    a1[e] = bv[e] * a1[e] * invq
                    a2[e] = bv[e] * a2[e] * invq
                for j in T.unroll(P):   # rows past m add exact zeros: their weights are 0, their u zero-filled
                    for e in T.vectorized(2):
                        wp[e] = rws[wi, 2 * j + e]
                    for e in T.vectorized(VL):
                        ub[e] = rus[wi, j, VL * ln + e]
                    for e in T.unroll(VL):
                        a1[e] += wp[0] * T.cast(ub[e], f32)
                        a2[e] += wp[1] * T.cast(ub[e], f32)
                for i in T.unroll(R):
                    for e in T.vectorized(2):
                        wp[e] = rws[wi, 2 * P + 2 * i + e]
                    for e in T.vectorized(VL):
                        ub[e] = ucs[wi, i, VL * ln + e]
                    for e in T.unroll(VL):
                        a1[e] += wp[0] * T.cast(ub[e], f32)
                        a2[e] += wp[1] * T.cast(ub[e], f32)
                for e in T.vectorized(VL):
                    vb[e] = vs[wi, VL * ln + e] if AH else v[n, hv, VL * ln + e]
                wp[0] = rws[wi, 2 * P + 2 * R]
                wp[1] = bts[wi, 0] if AH else beta[n, hv]
                for e in T.unroll(VL):
                    u16[e] = T.cast(wp[1] * (T.cast(vb[e], f32) - a1[e]), f16)
                for e in T.vectorized(VL):
                    ru[s, hv, m, VL * ln + e] = u16[e]
                for e in T.unroll(VL):
                    o[n, hv, VL * ln + e] = T.cast(a2[e] + T.cast(u16[e], f32) * wp[0], cfg.out_dtype)
                # --- the record (k, log-decay) appended; the request's next position and the boundary list
                for e in T.unroll(KL):
                    hb[e] = T.cast(kb[e], f16)
                for e in T.vectorized(KL):
                    rk[s, hv, m, KL * ln + e] = hb[e]
                if kind == "gdn":
                    if ln == 0:
                        rg[s, hv, m] = gl[0]
                else:
                    for e in T.vectorized(KL):
                        rg[s, hv, m, KL * ln + e] = gl[e]
                if hv == 0 and ln == 0:
                    wnext[n] = m + 1
                    if m + 1 == P:     # the request reached its window's end: append its slot to the boundary list
                        pos = T.atomic_add(cnt[par], 1, return_prev=True)
                        lst[pos] = s
                    if n == 0:         # the other counter is next step's; nothing reads it during this launch
                        cnt[1 - par] = 0
                        if cfg.refit_every > 1:   # and next step's boundary entry counters (one per head)
                            for hz in T.serial(cfg.HV):
                                cnt[cfg.entry_counter(1 - par, hz)] = 0
                T.sync_warp()          # the values' buffers and this warp's shared rows are read: the next request's
                copy_values(rus, ucs, ru, Uc, nxt[0], hv, nxt[1], wi, ln)
                if AH:   # the next request's v, β, B and first two Z blocks (the ring's slots 0 and 1 are read)
                    copy_token_values(vs, bs, bts, v, Bs, beta, nn, nxt[0], hv, wi, ln)
                    load_zblock(zq, Z, nxt[0], hv, 0, 0, gq, tq)
                    load_zblock(zq, Z, nxt[0], hv, 1, 1, gq, tq)
                T.ptx_commit_group()
                cur[0] = nxt[0]
                cur[1] = nxt[1]
            T.ptx_wait_group(0)        # nothing in flight at exit (the last copies are of a valid slot, unused)

    return decode.with_attr(WARP_SYNCHRONOUS, True)
