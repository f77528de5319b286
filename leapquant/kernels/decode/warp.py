"""The warp decode: one warp per (request, head), walking its requests with no block barrier.

q, k: [N, H, K], v: [N, HV, V], g: [N, HV] (GDN) or [N, HV, K] (KDA), beta: [N, HV]; the boundary state Z: [slots,
HV, V, K] INT8 codes (V-first, read as int32 words of four), its smoothing scales c: [slots, HV, K] and value scales
B: [slots, HV, V], the compensators K̃: [slots, HV, rank, K] and Û: [slots, HV, rank, V], the window's records rk:
[slots, HV, window, K], ru: [slots, HV, window, V] and their log-decays rg; o: [N, HV, V]. K = V = 128, whole heads.

The arithmetic, buffers and outputs are the persistent decode's with its INT8 mma (decode/persistent.py); what
differs is who does the work. A persistent program splits one request's head over its warps, whose phases (the
loads, the key-length dot products, the Z products, the value updates) meet at block barriers several times per
request, so that few warps are eligible to issue. Here each warp walks its own requests of one head from start to
end — keys 4 per lane for the dot products (reduced by two reduce-scatters), the Z blocks of 16 value rows as INT8 mma
A fragments, values 4 per lane for the updates — so the warps of an SM are independent chains, and what a request
waits for is its loads. They are issued early: the next request's buffered keys and compensator keys are copied by
cp.async into the warp's shared rows once the current request's dot products have read them, its u rows and
compensator values once its updates have; the Z blocks go through a ring of three register sets, two blocks ahead.
The shared rows (:func:`shared_bytes`) also pass vectors between the lane layouts, ordered by __syncwarp and the
copies' wait groups: TileLang's barrier planner cannot see that each warp touches only its own rows, so the program
carries ``WARP_SYNCHRONOUS`` and compiles without it (:func:`leapquant.kernels.tl.compile_kernel`).

Requests: warp wi of program (hv, b) takes n = b · NW + wi, then every GP · NW-th one; GP (:func:`warp_groups`) is
the shape of the last argument. KDA's keys carry one decay per key channel, e^(G_m − G_{j+1}) for record j: they come
from one backward pass over the records — the suffix sums of the later records' log-decays, whose end is G_m — by
``ex2.approx`` (:data:`FAST_EXP`), each log-decay row read once; the reference forms the same exponents as
differences of prefix sums (equal to a few ulp).
"""

from types import SimpleNamespace

from leapquant.kernels.config import KernelConfig
from leapquant.kernels.naive import FIXED_MAGIC, FIXED_SCALE, QMAX
from leapquant.kernels.program import Program
from leapquant.kernels.protocol import decode_tensors
from leapquant.kernels.tl import WARP_SYNCHRONOUS, rcp, reduce_scatter_macro, tl, xdiv

FAST_EXP = r"""
__device__ __forceinline__ float lq_exp(float x) {   // e^x as ex2.approx.ftz(x log2 e): two instructions, ~2 ulp
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x * 1.4426950408889634f));
  return y;
}
"""
"""KDA's per-key record decays, imported into the generated CUDA above its includes (the CPU emulation, which drops
that part, defines lq_exp itself). CUDA's expf is ~9 instructions with its range reduction and special cases, the
decays are 64 per lane and request, and the decode's time follows its instruction count; the decays multiply fp16
keys, so ~2 ulp of fp32 is far below what the keys carry."""


class _Dims:
    """The program's compile-time sizes, from a resolved config."""

    def __init__(self, cfg: KernelConfig):
        self.kind, self.H, self.HV, self.K, self.V = cfg.family, cfg.H, cfg.HV, cfg.K, cfg.V
        self.P, self.R, self.TH = cfg.window, cfg.rank, cfg.threads
        K, V, P, R = self.K, self.V, self.P, self.R
        self.Rz = max(R, 1)          # the compensator tensors' rows (one, never read, at rank 0)
        self.NW = self.TH // 32      # warps
        self.KL = K // 32            # keys per lane in the dot products (4: one 8-byte fp16 load per row)
        self.VL = V // 32            # values per lane in the updates
        self.KW = K // 16            # Z words (4 codes each) of a row per lane of a quad: lane t has keys [t K/4, …)
        self.WROW = K // 4           # int32 words per Z row
        self.YP = K + K // 8         # a warp's y row in shared memory: key d at d + 4 (d // 32) (quads read 32 keys)
        self.NRB = V // 16           # 16-row blocks of Z
        self.NV1 = 1 << max(2 * P - 1, 0).bit_length()   # the records' 2P sums, padded to a power of two (<= 32)
        self.NV2 = 1 << (2 * R).bit_length()             # the compensators' 2R sums and kᵀq·scale, padded (<= 32)
        self.NRW = 2 * P + 2 * R + 2  # the row weights (records, compensators, kᵀq · scale, a pad word)
        self.GK = 1 if self.kind == "gdn" else self.KL   # log-decays per lane: GDN has one per head
        self.out_dtype = cfg.out_dtype


def warp_groups(cfg: KernelConfig, N: int, sms: int) -> int:
    """GP, the programs per value head of a step of N requests on `sms` SMs: one wave of cfg.programs_per_sm programs
    per SM (each of its warps walking its own requests), never more than the requests need."""
    warps = cfg.threads // 32
    return max(1, min(-(-N // warps), sms * cfg.programs_per_sm // cfg.HV))


def shared_bytes(cfg: KernelConfig) -> int:
    """Shared memory per program (bytes): each warp's y rows, Z products and row weights (fp32), its request's
    buffered keys and u and its compensators' keys and values (fp16), GDN's buffered log-decays (fp32)."""
    d = _Dims(cfg)
    f32 = 4 * (2 * d.YP + 2 * d.V + d.NRW + (d.P if d.kind == "gdn" else 0))
    f16 = 2 * (d.P + d.R) * (d.K + d.V)
    return d.NW * (f32 + f16)


def _buffer_macros(T, d: _Dims, M):
    """warp_rows, registers: the program's buffers, a macro each returning them (the prim_func reads as the walk
    over the requests)."""
    K, V, P, R, NW, KL = d.K, d.V, d.P, d.R, d.NW, d.KL
    f32, f16, bf16 = "float32", "float16", "bfloat16"

    @T.macro
    def warp_rows():
        """Each warp's shared rows (first axis: the warp)."""
        ysm = T.alloc_shared((NW, 2, d.YP), f32)     # c ⊙ Γ_{1:m} x of both vectors (the mma's digit columns)
        zrs = T.alloc_shared((NW, 2, V), f32)        # Z (c ⊙ Γ x) / sc per value row
        # the row weights: record j at 2 j (+ 1), compensator i at 2 P + 2 i (+ 1), kᵀq · scale at 2 P + 2 R
        rws = T.alloc_shared((NW, d.NRW), f32)
        # the request's buffered keys and u, GDN's log-decays, the compensators (cp.async, one request ahead)
        rks = T.alloc_shared((NW, P, K), f16)
        rus = T.alloc_shared((NW, P, V), f16)
        rgs = T.alloc_shared((NW, P), f32) if d.kind == "gdn" else None
        kcs = T.alloc_shared((NW, R, K), f16) if R else None
        ucs = T.alloc_shared((NW, R, V), f16) if R else None
        return ysm, zrs, rws, rks, rus, rgs, kcs, ucs

    @T.macro
    def registers():
        """A request's vectors at the lane's keys (KL of them; GDN's log-decays at [0])."""
        kb = T.alloc_local((KL,), bf16)
        hb = T.alloc_local((KL,), f16)       # an fp16 row's KL keys (records, compensators)
        xs = T.alloc_local((3, KL), f32)     # α ⊙ k, α ⊙ q · scale, fp16(k) ⊙ q · scale
        cv = T.alloc_local((KL,), f32)       # the smoothing scales c
        gl = T.alloc_local((KL,), f32)       # the token's log-decay
        rgl = T.alloc_local((KL,), f32)      # a record's log-decay
        gm = T.alloc_local((KL,), f32)       # G_m, the window's prefix sum at m
        eg = T.alloc_local((KL,), f32)       # exp(G_m)
        mx = T.alloc_local((4,), f32)        # max |y| per vector, then sc and 1 / sc
        pv = T.alloc_local((max(d.NV1, d.NV2),), f32)   # a lane's partial sums
        return kb, hb, xs, cv, gl, rgl, gm, eg, mx, pv

    return dict(warp_rows=warp_rows, registers=registers)


def _copy_macros(T, d: _Dims, M):
    """copy_keys, copy_values, load_zblock: a request's loads, issued ahead of their use."""
    kind, K, V, P, R, KW = d.kind, d.K, d.V, d.P, d.R, d.KW

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
        if R:   # (rank 0: no compensator buffers)
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
        if R:
            for cc in T.unroll(-(-R * V // 8 // 32)):
                ch = cc * 32 + ln
                if ch < R * V // 8:
                    T.ptx_cp_async(T.access_ptr(ucs[wi, ch // (V // 8), (ch % (V // 8)) * 8], "w", 8),
                                   T.access_ptr(Uc[s, hv, ch // (V // 8), (ch % (V // 8)) * 8], "r", 8), 8)

    @T.macro
    def load_zblock(zq, Z, s, hv, rb, slot, gq, tq):
        """Z block rb (value rows 16 rb + gq and + 8, the lane's quarter of the keys: 8 words each) into ring slot
        `slot` of zq — plain loads, in flight until the mma reads them."""
        for hr in T.unroll(2):
            for e in T.vectorized(KW):
                zq[16 * slot + KW * hr + e] = Z[s, hv, 16 * rb + gq + 8 * hr, tq * KW + e]

    return dict(copy_keys=copy_keys, copy_values=copy_values, load_zblock=load_zblock)


def _key_macros(T, d: _Dims, M):
    """token, record_log_decay: the token's key vectors and a record's log-decays."""
    kind, KL = d.kind, d.KL
    f32, f16, bf16 = "float32", "float16", "bfloat16"

    @T.macro
    def token(zq, kb, cv, gl, xs, Z, q, k, c, g, scale, n, s, h, hv, gq, tq, ln):
        """The request's first two Z blocks in flight, then its vectors at the lane's keys d = KL ln + e: xs = α ⊙ k,
        α ⊙ q · scale, fp16(k) ⊙ q · scale (α = e^g), once this request's keys have arrived."""
        qb = T.alloc_local((KL,), bf16)
        M.load_zblock(zq, Z, s, hv, 0, 0, gq, tq)
        M.load_zblock(zq, Z, s, hv, 1, 1, gq, tq)
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
        for e in T.unroll(KL):
            a = T.exp(gl[0 if kind == "gdn" else e])
            kf = T.cast(kb[e], f32)
            qf = T.cast(qb[e], f32)
            xs[0, e] = a * kf
            xs[1, e] = a * qf * scale
            xs[2, e] = T.cast(T.cast(kb[e], f16), f32) * qf * scale

    @T.macro
    def record_log_decay(rgl, rgs, rg, s, hv, j, m, wi, ln):
        """Record j's log-decay at the lane's keys into rgl: GDN's one from the warp's copy, KDA's KL from global.
        KDA reads rows past the m buffered ones as row m − 1 again (every use masks j >= m): a request's log-decays
        are p × K fp32, half its Z's bytes, and the repeated row is a cache hit, not DRAM traffic. The loads stay
        unconditional so that the unrolled loop issues all p at once (a branch per record makes each load wait in
        turn)."""
        if kind == "gdn":
            rgl[0] = rgs[wi, j]
        else:
            for e in T.vectorized(KL):
                rgl[e] = rg[s, hv, T.min(j, T.max(m - 1, 0)), KL * ln + e]

    return dict(token=token, record_log_decay=record_log_decay)


def _decay_macros(T, d: _Dims, M):
    """log_decay_sum, kda_record_weights, scaled_y: G_m (with KDA's record sums), y and its scales."""
    kind, P, KL, GK = d.kind, d.P, d.KL, d.GK
    f32 = "float32"

    @T.macro
    def log_decay_sum(gm, rgl, rgs, rg, s, hv, m, wi, ln):
        """GDN's G_m: the buffered log-decays summed in order (rows >= m were zero-filled / add 0)."""
        for e in T.unroll(GK):
            gm[e] = 0.0
        for j in T.unroll(P):
            M.record_log_decay(rgl, rgs, rg, s, hv, j, m, wi, ln)
            for e in T.unroll(GK):
                gm[e] = gm[e] + T.if_then_else(j < m, rgl[e], 0.0)

    @T.macro
    def kda_record_weights(pv, gm, rgl, hb, xs, rks, rgs, rg, s, hv, m, wi, ln):
        """KDA, one backward pass: record j's lane sums k_jᵀ Γ_{j+1:m} x of both vectors into pv[2 j], pv[2 j + 1],
        Γ_{j+1:m} = e^(Σ_{j<i<m} g_i) from the suffix sum of the later records' log-decays, whose last value is G_m
        (in gm; each row read once). For j >= m the sum is still 0 (e^0 = 1) and the key row is zero-filled."""
        for e in T.unroll(GK):
            gm[e] = 0.0
        for j in list(reversed(range(P))):
            M.record_log_decay(rgl, rgs, rg, s, hv, j, m, wi, ln)
            for e in T.vectorized(KL):
                hb[e] = rks[wi, j, KL * ln + e]
            pv[2 * j] = 0.0
            pv[2 * j + 1] = 0.0
            for e in T.unroll(KL):
                dec = T.call_extern(f32, "lq_exp", gm[e]) * T.cast(hb[e], f32)
                pv[2 * j] += dec * xs[0, e]
                pv[2 * j + 1] += dec * xs[1, e]
            for e in T.unroll(KL):
                gm[e] = gm[e] + T.if_then_else(j < m, rgl[e], 0.0)

    @T.macro
    def scaled_y(ysm, eg, mx, gm, cv, xs, wi, ln):
        """eg = e^(G_m); y = c ⊙ Γ_{1:m} x of both vectors to the warp's shared rows; mx = (sc, sc, 1 / sc, 1 / sc)
        with sc = FIXED_SCALE / max |y| per vector over the warp."""
        yl = T.alloc_local((2, KL), f32)
        for e in T.unroll(GK):
            eg[e] = T.exp(gm[e])
        for x in T.unroll(2):
            mx[x] = 0.0
            for e in T.unroll(KL):
                yl[x, e] = cv[e] * eg[0 if kind == "gdn" else e] * xs[x, e]
                mx[x] = T.max(mx[x], T.abs(yl[x, e]))
            for e in T.vectorized(KL):
                ysm[wi, x, KL * ln + 4 * (ln // 8) + e] = yl[x, e]
        for st in T.unroll(5):
            for x in T.unroll(2):
                mx[x] = T.max(mx[x], T.shfl_xor(mx[x], 16 >> st))
        for x in T.unroll(2):
            mx[x] = T.max(mx[x], 1e-30)
            mx[x] = xdiv(T, T.float32(FIXED_SCALE), mx[x], rcp(T, mx[x]))   # sc
            mx[2 + x] = rcp(T, mx[x])                                         # 1 / sc

    return dict(log_decay_sum=log_decay_sum, kda_record_weights=kda_record_weights, scaled_y=scaled_y)


def _weight_macros(T, d: _Dims, M):
    """record_sums, compensator_sums: the row weights of the updates, summed over the warp."""
    kind, P, R, KL, GK, NV1, NV2 = d.kind, d.P, d.R, d.KL, d.GK, d.NV1, d.NV2
    f32 = "float32"
    rs1, sp = reduce_scatter_macro(T, NV1)    # the records' sums (sp: its halving stages)
    rs2, sp2 = reduce_scatter_macro(T, NV2)   # the compensators' and kᵀq · scale

    @T.macro
    def record_sums(pv, rws, gm, rgl, hb, xs, rks, rgs, rg, s, hv, m, wi, ln):
        """The records' weights k_jᵀ Γ_{j+1:m} x (0 for j >= m), summed over the warp into rws[wi, 2 j (+ 1)]: GDN's
        lane sums here (one decay per record, applied to the sum), KDA's from kda_record_weights."""
        if kind == "gdn":
            gacc = T.alloc_local((KL,), f32)    # the running prefix sum G_{j+1} (at [0])
            gsel = T.alloc_local((1,), f32)     # G_{j+1} of the record whose weight this lane holds
            for e in T.unroll(GK):
                gacc[e] = 0.0
            gsel[0] = 0.0
            for j in T.unroll(P):
                M.record_log_decay(rgl, rgs, rg, s, hv, j, m, wi, ln)
                for e in T.unroll(GK):
                    gacc[e] = gacc[e] + T.if_then_else(j < m, rgl[e], 0.0)
                gsel[0] = T.if_then_else(T.shift_right(ln, 5 - sp) // 2 == j, gacc[0], gsel[0])
                for e in T.vectorized(KL):
                    hb[e] = rks[wi, j, KL * ln + e]
                pv[2 * j] = 0.0
                pv[2 * j + 1] = 0.0
                for e in T.unroll(KL):
                    dec = T.cast(hb[e], f32)
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

    @T.macro
    def compensator_sums(pv, rws, hb, eg, xs, kcs, wi, ln):
        """The compensators' K̃_iᵀ Γ_{1:m} x and kᵀq · scale, summed over the warp into rws[wi, 2 P + …]."""
        if R:
            for i in T.unroll(R):
                for e in T.vectorized(KL):
                    hb[e] = kcs[wi, i, KL * ln + e]
                pv[2 * i] = 0.0
                pv[2 * i + 1] = 0.0
                for e in T.unroll(KL):
                    kk = T.cast(hb[e], f32) * eg[0 if kind == "gdn" else e]
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

    return dict(record_sums=record_sums, compensator_sums=compensator_sums)


def _zdot_macros(T, d: _Dims, M):
    """z_products: zr[x, i] = Σ_k Z[i, k] y[x, k] / sc_x on the INT8 tensor cores (naive.zdot_int8_mma)."""
    K, KW, NRB = d.K, d.KW, d.NRB
    f32 = "float32"

    def fixed_bits(y, sc):       # the bits of y · sc + 1.5 · 2^23 (naive.zdot_int8_mma)
        return T.reinterpret(y * sc + T.float32(FIXED_MAGIC), "uint32")

    @T.macro
    def z_products(zq, zrs, ysm, mx, Z, s, hv, wi, gq, tq):
        """Lane (gq, tq) owns B column gq — vector gq // 4, digit gq % 4 (3: ones, the row sums) — at keys
        [tq K/4, (tq+1) K/4); the Z blocks come from the ring zq, each loading the block two ahead; the products,
        recombined from the digits and scaled by 1 / sc, go to the warp's rows of zrs."""
        yv = T.alloc_local((K // 4,), f32)           # the quad lane's 32 keys of its vector
        bw = T.alloc_local((KW,), "int32")           # its digit column as mma B fragments (4 digits a word)
        af = T.alloc_local((2 * KW,), "int32")
        cf = T.alloc_local((4,), "int32")
        zf = T.alloc_local((2,), f32)
        zi = T.alloc_local((2,), "int32")
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
                M.load_zblock(zq, Z, s, hv, rb + 2, (rb + 2) % 3, gq, tq)
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

    return dict(z_products=z_products)


def _update_macros(T, d: _Dims, M):
    """value_updates, append_record: the request's outputs and its record."""
    kind, P, R, VL, KL, out_dtype = d.kind, d.P, d.R, d.VL, d.KL, d.out_dtype
    f32, f16, bf16 = "float32", "float16", "bfloat16"
    invq = 1.0 / QMAX["int8"]

    @T.macro
    def value_updates(zrs, rws, rus, ucs, Bs, v, beta, ru, o, n, s, m, hv, wi, ln):
        """At the lane's values i = VL ln + e: A = B Z y / 127 + Σ_j w_j u_j + Σ_i w_i Û_i of both vectors; the
        token's u = β (v − A₁) (fp16) appended to ru at row m, o = A₂ + u · kᵀq · scale."""
        bv = T.alloc_local((VL,), f32)
        a1 = T.alloc_local((VL,), f32)
        a2 = T.alloc_local((VL,), f32)
        wp = T.alloc_local((2,), f32)
        ub = T.alloc_local((VL,), f16)               # an fp16 row's VL values
        vb = T.alloc_local((VL,), bf16)
        u16 = T.alloc_local((VL,), f16)
        for e in T.vectorized(VL):
            bv[e] = Bs[s, hv, VL * ln + e]
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
        if R:
            for i in T.unroll(R):
                for e in T.vectorized(2):
                    wp[e] = rws[wi, 2 * P + 2 * i + e]
                for e in T.vectorized(VL):
                    ub[e] = ucs[wi, i, VL * ln + e]
                for e in T.unroll(VL):
                    a1[e] += wp[0] * T.cast(ub[e], f32)
                    a2[e] += wp[1] * T.cast(ub[e], f32)
        for e in T.vectorized(VL):
            vb[e] = v[n, hv, VL * ln + e]
        wp[0] = rws[wi, 2 * P + 2 * R]
        wp[1] = beta[n, hv]
        for e in T.unroll(VL):
            u16[e] = T.cast(wp[1] * (T.cast(vb[e], f32) - a1[e]), f16)
        for e in T.vectorized(VL):
            ru[s, hv, m, VL * ln + e] = u16[e]
        for e in T.unroll(VL):
            o[n, hv, VL * ln + e] = T.cast(a2[e] + T.cast(u16[e], f32) * wp[0], out_dtype)

    @T.macro
    def append_record(hb, kb, gl, rk, rg, wnext, cnt, lst, par, n, s, m, hv, ln):
        """The record (k, log-decay) appended at row m; the request's next position, and at the window's end its slot
        on the boundary list cnt[par] counts; request 0 zeroes the other parity's counter (next step's)."""
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

    return dict(value_updates=value_updates, append_record=append_record)


def warp_decode_program(cfg: KernelConfig):
    """The TileLang prim_func of one decode step (launch 1), one warp per (request, head), for `cfg` resolved with
    decode "warp" (:func:`leapquant.kernels.registry.resolve`)."""
    assert cfg.decode == "warp" and cfg.threads and cfg.programs_per_sm and _fits(cfg) is None, cfg
    T = tl()
    d = _Dims(cfg)
    M = SimpleNamespace()      # the macros by name (a macro may call one defined after it: looked up when it runs)
    for macros in (_buffer_macros, _copy_macros, _key_macros, _decay_macros, _weight_macros, _zdot_macros,
                   _update_macros):
        vars(M).update(macros(T, d, M))
    return _prim_func(T, cfg, d, M).with_attr(WARP_SYNCHRONOUS, True)


def _prim_func(T, cfg: KernelConfig, d: _Dims, M):
    """The prim_func: per warp, the first request's copies in flight, then the walk over its requests."""
    kind, H, HV, NW = d.kind, d.H, d.HV, d.NW
    N, NS, GP = T.dynamic("N"), T.dynamic("NS"), T.dynamic("GP")

    sig = decode_tensors(T, cfg, N, NS, d.WROW, GP)

    @T.prim_func
    def decode(
        q: sig.q, k: sig.k, v: sig.v, g: sig.g, beta: sig.beta, scale: T.float32, idx: sig.idx, wpos: sig.wpos,
        Z: sig.Z, c: sig.c, Bs: sig.Bs, Kc: sig.Kc, Uc: sig.Uc, rk: sig.rk, ru: sig.ru, rg: sig.rg, o: sig.o,
        wnext: sig.wnext, cnt: sig.cnt, par: T.int32, lst: sig.lst, grp: sig.grp,
    ):
        with T.Kernel(1, HV, GP, threads=d.TH) as (vt, hv, b):
            if cfg.programs_per_sm > 1:
                T.annotate_min_blocks_per_sm(cfg.programs_per_sm)
            if kind == "kda":
                T.import_source(FAST_EXP)
            tx = T.get_thread_binding(0)
            wi = tx // 32
            ln = tx % 32
            gq = ln // 4
            tq = ln % 4
            h = hv // (HV // H)
            ysm, zrs, rws, rks, rus, rgs, kcs, ucs = M.warp_rows()
            cur = T.alloc_local((2,), "int32")           # (slot, window position) of the request being computed
            nxt = T.alloc_local((2,), "int32")           # of the next one (its loads in flight)
            zq = T.alloc_local((3 * 16,), "int32")       # a ring of three Z blocks (A fragments' words)
            kb, hb, xs, cv, gl, rgl, gm, eg, mx, pv = M.registers()
            wg = b * NW + wi
            nit = T.if_then_else(wg < N, T.ceildiv(N - wg, GP * NW), 0)
            # the first request's records in flight: groups keys(0), values(0); request it + 1's keys are issued
            # once request it's dot products have read them, its values once request it's updates have
            if nit > 0:
                cur[0] = idx[wg]
                cur[1] = wpos[cur[0]]
                M.copy_keys(rks, rgs, kcs, rk, rg, Kc, cur[0], hv, cur[1], wi, ln)
                T.ptx_commit_group()
                M.copy_values(rus, ucs, ru, Uc, cur[0], hv, cur[1], wi, ln)
                T.ptx_commit_group()
            for it in T.serial(nit):
                n = wg + it * GP * NW
                s = cur[0]
                m = cur[1]
                nn = T.min(n + GP * NW, N - 1)              # the next request (a valid one past the last: unused)
                nxt[0] = idx[nn]
                M.token(zq, kb, cv, gl, xs, Z, q, k, c, g, scale, n, s, h, hv, gq, tq, ln)
                if kind == "gdn":
                    M.log_decay_sum(gm, rgl, rgs, rg, s, hv, m, wi, ln)
                else:
                    M.kda_record_weights(pv, gm, rgl, hb, xs, rks, rgs, rg, s, hv, m, wi, ln)
                M.scaled_y(ysm, eg, mx, gm, cv, xs, wi, ln)
                M.record_sums(pv, rws, gm, rgl, hb, xs, rks, rgs, rg, s, hv, m, wi, ln)
                M.compensator_sums(pv, rws, hb, eg, xs, kcs, wi, ln)
                T.sync_warp()
                # the keys' buffers are read: the next request's keys into them
                nxt[1] = T.if_then_else(it + 1 < nit, wpos[nxt[0]], 0)
                M.copy_keys(rks, rgs, kcs, rk, rg, Kc, nxt[0], hv, nxt[1], wi, ln)
                T.ptx_commit_group()
                M.z_products(zq, zrs, ysm, mx, Z, s, hv, wi, gq, tq)
                T.ptx_wait_group(1)        # this request's values (the next one's keys may stay in flight)
                T.sync_warp()
                M.value_updates(zrs, rws, rus, ucs, Bs, v, beta, ru, o, n, s, m, hv, wi, ln)
                M.append_record(hb, kb, gl, rk, rg, wnext, cnt, lst, par, n, s, m, hv, ln)
                T.sync_warp()          # the values' buffers and this warp's rows are read: the next request's
                M.copy_values(rus, ucs, ru, Uc, nxt[0], hv, nxt[1], wi, ln)
                T.ptx_commit_group()
                cur[0] = nxt[0]
                cur[1] = nxt[1]
            T.ptx_wait_group(0)        # nothing in flight at exit (the last copies are of a valid slot, unused)

    return decode


# ----------------------------------------------------------------------------- the registry's view
def _fits(cfg: KernelConfig) -> str | None:
    if cfg.layout != "v_first":
        return f"layout must be 'v_first' (a warp reads whole value rows), got {cfg.layout!r}"
    if cfg.format != "int8":
        return f"format must be 'int8' (the residual products on INT8 tensor cores), got {cfg.format!r}"
    if not cfg.K == cfg.V == 128:
        return f"K and V must be 128 (four keys and values per lane), got K = {cfg.K}, V = {cfg.V}"
    if cfg.window > 16 or cfg.rank > 8:
        return (f"window must be <= 16 and rank <= 8 (a warp's shared rows), got window = {cfg.window}, "
                f"rank = {cfg.rank}")
    if cfg.block_v not in (0, cfg.V):
        return f"block_v must be V = {cfg.V} (a warp takes whole heads), got {cfg.block_v}"
    if cfg.threads not in (0, 128):
        return f"threads must be 128 (four warps per program), got {cfg.threads}"
    return None


PROGRAM = Program(
    name="warp", role="decode", summary="one warp per (request, head), walking its requests with no block barrier",
    fits=_fits, tiles=lambda cfg: dict(block_v=cfg.V, threads=128, programs_per_sm=3),
    choices=lambda cfg: dict(programs_per_sm=(2, 3)), per_sm=lambda cfg: cfg.programs_per_sm,
    shared_bytes=lambda cfg: shared_bytes(cfg), builder="leapquant.kernels.decode.warp:warp_decode_program",
    head_warps=lambda cfg: 1.0)
