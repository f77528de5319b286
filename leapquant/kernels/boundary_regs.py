"""v12 boundary: S_p never stored — each warp keeps a 16-row strip of it in its tensor-core accumulators from the
reconstruction to the codes (NOTES.md "v12 boundary").

Same contract as :func:`leapquant.kernels.boundary.boundary_program`, which builds this one when ``cfg.bv12``
(V-first INT8, K = V = 128, 256 threads, two programs per SM). Why: v7 / v8 / v11 run ~10 passes over S_p in shared
memory with ~20 barriers between them, and session 10 measured that fewer instructions no longer shorten that chain
(the boundary is latency-bound). Here warp w owns stored rows [16 w, 16 w + 16) (values, V-first) and lane (g, t)
holds rows 16 w + g and 16 w + g + 8 at columns 8 n + 2 t and 8 n + 2 t + 1 of all 16 n-tiles: 64 fp32 registers,
the m16n8 accumulator layout of the v8 reconstruction's mma. Every pass then runs from those registers:

- row-wise (along a stored row, over keys): W = Sᵀ K̃ and Û = Sᵀ K̂ of the refit, B = max |Y| — a quad's 4 lanes hold
  a whole row: two shuffles, no barrier;
- column-wise (over the values): K̃ = S W and c's sums — a reduce-scatter over the 8 row lanes of a warp by shuffles,
  then the 8 warps' partials summed in shared memory (one barrier);
- the Gram–Schmidt of K̃ in every warp on its own copy (the same operations: the same bits), so no warp waits for one
  warp's chain behind a barrier;
- the residual R = S − Û K̂ᵀ as one fp16 mma per tile (the rounded factors' products are exact), Y = R / c and the
  codes elementwise; the codes staged in shared memory for 16-byte stores.

Nine barriers per request at two power iterations (v7: ~20), no S_p pass through shared memory. The refit's products
run on TF32 tensor cores from the accumulators (``cfg.bmv_tf32``, the default: the reference's tf32 mode, `rowwise_tc`,
`colwise_tc`) or in fp32 on CUDA cores; their sums are in another order than v7's — the arithmetic of a request must
not depend on its batch, so v12 serves every batch (no small-batch form). Walking (``cfg.bwalk``, the default where
two programs per SM keep room for it): about two programs per SM take several entries of the list each, the next
entry's inputs copied into shared prefetch areas by cp.async while the current one computes (the same bits).
V-first INT8's default since session 12 (H200, NOTES.md "Session 12": GDN 512 206.6 µs, 2.49× FLA).
"""

from dataclasses import dataclass

from leapquant.kernels.boundary_common import (FLT_MAX, advance_positions, cholqr_warp, factor_staging,
                                               float_trick_code, list_entry, mgs_warp, qdiv_rcp, quantize_code,
                                               tf32_operand, word_code)
from leapquant.kernels.boundary_records import gram_buffers, records_refit
from leapquant.kernels.config import DecodeConfig, _T, _rcp, _xdiv, _zshape


@dataclass(frozen=True)
class SharedLayout:
    """The v12 program's shared memory: one flat fp32 buffer of areas by phase (offsets in words), and with
    cfg.bwalk the prefetch areas of the next entry's inputs beside it."""
    LW: int      # words per row of the factors' fp16 term pairs (≡ 4 mod 8: a fragment read hits 32 banks)
    LDB: int     # bytes per row of the codes' staging and of the prefetched codes (144: conflict-free, 16-B aligned)
    AU: int      # factors (reconstruction): values, keys hi, keys lo; then the codes' staging over them
    AH: int
    AL: int
    KP: int      # K̃ [K, R] (fp32, the r values of a key side by side)
    KW: int      # each warp's own K̂ after its Gram–Schmidt [NW, K, R]
    HO: int      # the 8 warps' partials: [NW, K, R] (K̃ = S W), [NW, K] (c)
    AC: int      # c (reconstruction), then the new c
    RC: int      # 1 / c
    AB: int      # B (reconstruction)
    AE: int      # exp(G_P): 1 (GDN) or K words
    TOT: int     # words of the flat buffer
    prefetch_bytes: int   # bwalk: Z rows, c, B, K̂, Û, record keys and values, log-decays (0 without)
    gram_words: int = 0   # brecords: the Gram matrices Ga, Gb of the staged factors (boundary_records), a buffer of
                          # their own (so that TileLang's barrier planner sees their warp-divergent stores apart)

    @property
    def bytes(self) -> int:
        return 4 * (self.TOT + self.gram_words) + self.prefetch_bytes


def shared_layout(cfg: DecodeConfig, walk: bool | None = None) -> SharedLayout:
    """`walk`: with the prefetch areas or not (None: as cfg.bwalk says)."""
    K, V, P, R = cfg.K, cfg.V, cfg.p, cfg.r
    NW = cfg.bthreads // 32
    Rz = max(R, 1)
    Kd = 1 if cfg.kind == "gdn" else K
    T8 = -(-(R + P) // 8) * 8
    LW = T8 // 2 if (T8 // 2) % 8 == 4 else T8 // 2 + 4
    LDB = K + 16
    AU, AH, AL = 0, V * LW, (V + K) * LW
    KP = -(-max((V + 2 * K) * LW, V * LDB // 4) // 8) * 8   # KP and HO 8-word aligned: vector accesses of r values
    KW = KP + K * Rz
    HO = KW + NW * K * Rz
    AC = HO + NW * K * Rz
    RC, AB = AC + K, AC + 2 * K
    AE = AB + V
    TOT = -(-(AE + Kd) // 4) * 4
    pre = (V * LDB + 4 * (K + V) + 2 * Rz * (K + V) + 2 * P * (K + V) + 4 * P * Kd) if (
        cfg.bwalk if walk is None else walk) else 0
    gram = sum(gram_buffers(cfg)) if cfg.brecords else 0
    return SharedLayout(LW, LDB, AU, AH, AL, KP, KW, HO, AC, RC, AB, AE, TOT, pre, gram)


MOVMATRIX = r"""
__device__ __forceinline__ unsigned lq_movm(unsigned x) {   // an 8x8 b16 matrix, transposed across the warp
  unsigned y;
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;\n" : "=r"(y) : "r"(x));
  return y;
}
"""
"""movmatrix for bmovm, imported into the generated CUDA (above its includes; the CPU emulation, which drops that part,
defines lq_movm itself)."""


def boundary_regs_program(cfg: DecodeConfig):
    """The v12 boundary's TileLang prim_func (cfg.bv12; DecodeConfig validates the shapes it needs)."""
    from leapquant.kernels.naive import QMAX   # (here: DecodeConfig imports this module for shared_layout, without torch)
    T = _T()
    kind, HV, K, V, P, R = cfg.kind, cfg.HV, cfg.K, cfg.V, cfg.p, cfg.r
    BT = cfg.bthreads
    NW = BT // 32
    assert cfg.v_first and cfg.zfmt == "int8" and K == V == 16 * NW == 8 * 16 and R <= 8, "DecodeConfig validates bv12"
    Kd = 1 if kind == "gdn" else K
    N = T.dynamic("N")
    NS = T.dynamic("NS")
    C = T.dynamic("C")
    zshape = _zshape(cfg, NS)
    rgshape = (NS, HV, P) if kind == "gdn" else (NS, HV, P, K)
    Rz = max(R, 1)
    f32, f16 = "float32", "float16"
    q = QMAX[cfg.zfmt]
    invq = 1.0 / q
    NTILE = K // 8                      # n-tiles of 8 columns (keys) per strip
    TILES = list(range(NTILE))          # (Python lists: loops over them unroll while the IR is built)
    HD = [0, 1]

    # the reconstruction's factors as fp16 term pairs [n, LW] (v8's staging): values (the A operand, stored rows),
    # keys as hi + lo halves (the B operand, stored columns); LW ≡ 4 (mod 8) words: a fragment read hits 32 banks
    NK = -(-(R + P) // 8)               # k-steps of 8 terms
    lay = shared_layout(cfg)            # one flat fp32 shared buffer (words), areas by phase
    LW, LDB, TOT = lay.LW, lay.LDB, lay.TOT
    AU, AH, AL, KP, KW, HO = lay.AU, lay.AH, lay.AL, lay.KP, lay.KW, lay.HO
    AC, RC, AB, AE = lay.AC, lay.RC, lay.AB, lay.AE

    # the column-wise sums are reduce-scattered in groups of 8 values (one per row lane): for K̃ = S W, G n-tiles of
    # 2 G R values; for c, 4 n-tiles of 2 columns
    assert R in (0, 1, 2, 4, 8), "DecodeConfig validates bv12's r"
    G = max(1, 4 // Rz)
    NVAL = 2 * G * Rz
    GROUPS = [list(range(n0, n0 + G)) for n0 in range(0, NTILE, G)]

    def rgv(rg, s, hv, j, i):
        return rg[s, hv, j] if kind == "gdn" else rg[s, hv, j, i]

    def gi(i):
        return 0 if kind == "gdn" else i

    stage_keys, stage_values = factor_staging(T, R, P, LW)   # the reconstruction's factors (v8's)
    qcode = quantize_code(T, q)
    magic_code_bits = float_trick_code(T)

    def zcode(zw, j):                   # code j of a prefetched word (j = 2 h + d: row g + 8 h, column 2 t + d)
        return word_code(T, zw, j)

    @T.macro
    def reduce_scatter(pv, nv, tx):
        """Sum pv[0:nv] (nv = 8 k) over a warp's 8 row lanes (lane bits 16, 8, 4); lane (g, t) keeps the nv / 8 sums
        of elements [nv g / 8, nv (g + 1) / 8) in pv[0:nv / 8]. Each stage sends the half the partner keeps."""
        cnt = nv
        for mask in [16, 8, 4]:
            half = cnt // 2
            for k in list(range(half)):
                up = T.bitwise_and(tx, mask) != 0
                sent = T.if_then_else(up, pv[k], pv[k + half])
                pv[k] = T.if_then_else(up, pv[k + half], pv[k]) + T.shfl_xor(sent, mask)
            cnt = half

    def lane_pick(wv, h, d, t4):        # Û[row h, 2 t + d] from the quad's sums (0 past r): a select over t
        v = T.float32(0)
        for tt in range(3, -1, -1):
            if 2 * tt + d < R:
                v = T.if_then_else(t4 == tt, wv[h * Rz + 2 * tt + d], v)
        return v

    HOIST = cfg.bhoist                  # the K̃ / K̂ operand loads unconditional, zeros by selects (no branch per tile)

    def khat(Sm, base, y, d, t4):       # K̂[y, 2 t + d] (0 past r)
        return T.if_then_else(2 * t4 + d < R, Sm[base + y * Rz + T.min(2 * t4 + d, Rz - 1)], T.float32(0))

    TC = cfg.bmv_tf32                   # the refit's products on TF32 tensor cores (the reference's tf32 mode)
    MOVM = cfg.bmovm                    # the column-wise product's 8×8 transposes by movmatrix (the default since session 14)

    tf32 = tf32_operand(T, cfg.tf32_mask)

    @T.macro
    def shfl_pick(sv, v0, v1, src, odd):   # sv[0] = v0 or v1 of lane `src`: v1 where `odd`. Both shuffles are statements
        sv[0] = T.shfl_sync(v0, src)        # of their own: inside a select TileLang would branch around them, and a
        sv[1] = T.shfl_sync(v1, src)        # shuffle must be reached by the whole warp
        sv[0] = T.if_then_else(odd, sv[1], sv[0])

    @T.macro
    def rowwise_tc(Sm, base, acc, ta, tb, wd, kt, g, t4):
        """wd[0:4] = W[row g, 2 t], W[g, 2 t + 1], W[g + 8, 2 t], W[g + 8, 2 t + 1] with W = S K̃ over the stored row
        (K̃ at `base`; 0 past r): an m16n8k8 per n-tile — the accumulator is the A operand with its columns permuted
        (k = t is column 2 t, k = t + 4 column 2 t + 1), K̃'s rows alike (one accumulation chain: two, for even and
        odd tiles, spilled 40 bytes at the 128-register cap)."""
        for i in T.unroll(4):
            wd[i] = 0.0
        for n in TILES:
            ta[0] = tf32(acc[4 * n])
            ta[1] = tf32(acc[4 * n + 2])
            ta[2] = tf32(acc[4 * n + 1])
            ta[3] = tf32(acc[4 * n + 3])
            for d in HD:
                if HOIST:   # the load in range for every lane (column min(g, r − 1)), then a select: no branch
                    kt[d] = Sm[base + (8 * n + 2 * t4 + d) * Rz + T.min(g, Rz - 1)]
                    tb[d] = T.if_then_else(g < R, tf32(kt[d]), T.uint32(0))
                else:
                    tb[d] = T.if_then_else(g < R, tf32(Sm[base + (8 * n + 2 * t4 + d) * Rz + T.min(g, Rz - 1)]),
                                           T.uint32(0))
            T.ptx_mma("float32", "m16n8k8", "row", "col", "tf32", "tf32", "fp32",
                      ta.data, 0, tb.data, 0, wd.data, 0, False)

    @T.macro
    def colwise_tc(Sm, acc, wd, wa, tb, pd, sv, g, t4, w):
        """The strip's partial K̃[y, a] = Σ_x S[x, y] W[x, a] into the hand-over (lanes g < r: a = g, y = 8 n + 2 t + d):
        per n-tile two m16n8k8 over the strip's row blocks, A = Wᵀ (rows a; from the quads' sums by shuffles, once),
        B = the tile's 8×8 blocks transposed: lane (g, t) takes S[8 h + t (+ 4), 8 n + g] from lane (t (+ 4), g / 2)
        by shuffles; with MOVM (bmovm) it gets S[8 h + 2 t (+ 1), 8 n + g] from two movmatrix transposes of the block's
        high and low 16-bit halves, so the mma's k = t takes row 2 t, k = t + 4 row 2 t + 1 (Wᵀ gathered alike)."""
        for h in HD:
            for q in HD:
                src = 4 * (2 * t4 + q if MOVM else t4 + 4 * q) + g // 2
                shfl_pick(sv, wd[2 * h], wd[2 * h + 1], src, g % 2 == 1)
                wa[4 * h + 2 * q] = tf32(sv[0])
                wa[4 * h + 2 * q + 1] = T.uint32(0)
        for n in TILES:
            for i in T.unroll(4):
                pd[i] = 0.0
            for h in HD:
                if MOVM:
                    v0 = T.reinterpret(acc[4 * n + 2 * h], "uint32")
                    v1 = T.reinterpret(acc[4 * n + 2 * h + 1], "uint32")
                    hi = T.call_extern("uint32", "lq_movm", T.call_extern("uint32", "__byte_perm", v0, v1, T.uint32(0x7632)))
                    lo = T.call_extern("uint32", "lq_movm", T.call_extern("uint32", "__byte_perm", v0, v1, T.uint32(0x5410)))
                    tb[0] = tf32(T.reinterpret(T.call_extern("uint32", "__byte_perm", lo, hi, T.uint32(0x5410)), f32))
                    tb[1] = tf32(T.reinterpret(T.call_extern("uint32", "__byte_perm", lo, hi, T.uint32(0x7632)), f32))
                else:
                    for q in HD:
                        src = 4 * (t4 + 4 * q) + g // 2
                        shfl_pick(sv, acc[4 * n + 2 * h], acc[4 * n + 2 * h + 1], src, g % 2 == 1)
                        tb[q] = tf32(sv[0])
                T.ptx_mma("float32", "m16n8k8", "row", "col", "tf32", "tf32", "fp32",
                          wa.data, 4 * h, tb.data, 0, pd.data, 0, False)
            if g < R:
                for d in HD:
                    Sm[HO + (w * K + 8 * n + 2 * t4 + d) * Rz + T.min(g, Rz - 1)] = pd[d]

    REC = cfg.brecords                  # the refit on the staged factors (boundary_records), the S_p iteration as fall-back
    if REC:
        zero_gram, gram, coefficients, khat_records = records_refit(T, cfg, AU, AH, AL, LW, KP)
        GMW, GLW = gram_buffers(cfg)    # Ga, Gb upper halves, C, the flag; their lower halves

    mgs = mgs_warp(T, K, Rz, markstein=True, revive_by="vote")
    cholqr = cholqr_warp(T, K, Rz, mgs) if cfg.bchol else None
    advance = advance_positions(T, cfg, N, C, BT)

    @T.macro
    def rowwise(Sm, base, acc, kv, wv, t4):
        """wv[h R + a] = Σ_y S[row h, y] K̃[y, a] over the whole stored row (K̃ [K, R] at `base`),
        summed over the lane's 16 columns, then over the quad (every lane of the quad ends with the same sums)."""
        for i in T.unroll(2 * Rz):
            wv[i] = 0.0
        for n in TILES:
            for d in HD:
                for a in T.vectorized(Rz):
                    kv[a] = Sm[base + (8 * n + 2 * t4 + d) * Rz + a]
                for h in HD:
                    for a in T.unroll(R):
                        wv[h * Rz + a] += acc[4 * n + 2 * h + d] * kv[a]
        for mask in [1, 2]:
            for i in T.unroll(2 * R):
                wv[i] = wv[i] + T.shfl_xor(wv[i], mask)

    @T.macro
    def colwise(Sm, acc, wv, pv, g, t4, w, tx):
        """The strip's partial K̃[y, a] = Σ_x S[x, y] W[x, a] (fp32): the lane's two rows, then a reduce-scatter over the
        8 row lanes, one sum per lane and group into the hand-over."""
        for grp in GROUPS:
            for gn in list(range(len(grp))):
                for d in HD:
                    for a in T.unroll(R):
                        pv[(2 * gn + d) * Rz + a] = (acc[4 * grp[gn] + d] * wv[a] + acc[4 * grp[gn] + 2 + d] * wv[Rz + a])
            reduce_scatter(pv, NVAL, tx)
            for j in T.unroll(NVAL // 8):
                # element e of the group: tile grp[0] + e // (2 R), column 2 t + (e // R) % 2, r a
                e = NVAL // 8 * g + j
                Sm[HO + (w * K + 8 * grp[0] + 8 * (e // (2 * Rz)) + 2 * t4 + (e // Rz) % 2) * Rz + e % Rz] = pv[j]

    def entry(cnt, par, wnext, lst, idx, e):
        return list_entry(T, cfg, N, cnt, par, wnext, lst, idx, e)

    WALK = cfg.bwalk                    # programs walk several entries, the next one's inputs copied in meanwhile

    def chunks(n):                      # 16-byte copies per thread for n of them
        return -(-n // BT)

    @T.macro
    def copy_rows(dst, src, s, hv, tx, rows, width, per):
        """cp.async of src[s, hv, :rows, :width] into dst[0, 0] (`per` elements, 16 bytes, a copy)."""
        for cc in T.unroll(chunks(rows * width // per)):
            ch = cc * BT + tx
            if ch < rows * width // per:
                T.ptx_cp_async(T.access_ptr(dst[0, 0, ch // (width // per), ch % (width // per) * per], "w", per),
                               T.access_ptr(src[s, hv, ch // (width // per), ch % (width // per) * per], "r", per), per)

    @T.macro
    def prefetch(pf, s, hv, tx, Z, c, Bs, Kc, Uc, rk, ru, rg):
        """cp.async of slot s's inputs into the prefetch areas pf = (Z rows of LDB bytes, c, B, K̂, Û, record keys,
        values, log-decays), 16 bytes per copy (GDN's log-decays 4), one commit group."""
        Zp, cpf, Bpf, Kcp, Ucp, rkp, rup, rgp = pf
        for cc in T.unroll(chunks(V * K // 16)):
            ch = cc * BT + tx
            if ch < V * K // 16:
                T.ptx_cp_async(T.access_ptr(Zp[ch // (K // 16), ch % (K // 16) * 16], "w", 16),
                               T.access_ptr(Z[s, hv, ch // (K // 16), ch % (K // 16) * 16], "r", 16), 16)
        if tx < K // 4:
            T.ptx_cp_async(T.access_ptr(cpf[tx * 4], "w", 4), T.access_ptr(c[s, hv, tx * 4], "r", 4), 4)
        elif tx < K // 4 + V // 4:
            T.ptx_cp_async(T.access_ptr(Bpf[(tx - K // 4) * 4], "w", 4), T.access_ptr(Bs[s, hv, (tx - K // 4) * 4], "r", 4), 4)
        if R > 0:
            copy_rows(Kcp, Kc, s, hv, tx, R, K, 8)
            copy_rows(Ucp, Uc, s, hv, tx, R, V, 8)
        copy_rows(rkp, rk, s, hv, tx, P, K, 8)
        copy_rows(rup, ru, s, hv, tx, P, V, 8)
        if kind == "gdn":
            if tx < P:
                T.ptx_cp_async(T.access_ptr(rgp[0, 0, tx], "w", 1), T.access_ptr(rg[s, hv, tx], "r", 1), 1)
        else:
            copy_rows(rgp, rg, s, hv, tx, P, K, 4)
        T.ptx_commit_group()

    RF = cfg.refit_every                # > 1: the refit at every RF-th boundary of a (slot, head), entries by atomic grabs

    @T.macro
    def program(idx, wnext, wpos, cnt, par, lst, gsz, Z, c, Bs, Kc, Uc, rk, ru, rg, wins):
        with T.Kernel(HV, C, threads=BT) as (hv, b):
            T.annotate_min_blocks_per_sm(max(cfg.bminblocks, 2))
            if MOVM:
                T.import_source(MOVMATRIX)
            Sm = T.alloc_shared((TOT,), f32)
            Sw = T.view(Sm, dtype="uint32")
            Si = T.view(Sm, dtype="int32")
            Sh = T.view(Sm, shape=(2 * TOT,), dtype="uint16")
            if REC:
                Sf = T.view(Sm, shape=(2 * TOT,), dtype="float16")
                Gm = T.alloc_shared((GMW,), f32)
                GL = T.alloc_shared((GLW,), f32)
            Zq = T.view(Z, shape=(NS, HV, V, K // 2), dtype="int16")
            Zw = T.view(Z, shape=(NS, HV, V, K // 4), dtype="int32")
            if WALK:   # the prefetch areas: the next entry's inputs land here while this one computes
                Zp = T.alloc_shared((V, LDB), "int8")
                Zpq = T.view(Zp, shape=(V, LDB // 2), dtype="int16")
                cpf = T.alloc_shared((K,), f32)
                Bpf = T.alloc_shared((V,), f32)
                Kcp = T.alloc_shared((1, 1, Rz, K), f16)
                Ucp = T.alloc_shared((1, 1, Rz, V), f16)
                rkp = T.alloc_shared((1, 1, P, K), f16)
                rup = T.alloc_shared((1, 1, P, V), f16)
                rgp = T.alloc_shared((1, 1, P) if kind == "gdn" else (1, 1, P, K), f32)
                pf = (Zp, cpf, Bpf, Kcp, Ucp, rkp, rup, rgp)
            tx = T.get_thread_binding(0)
            acc = T.alloc_local((4 * NTILE,), f32)    # the strip: acc[4 n + 2 h + d] = S_p[16 w + g + 8 h, 8 n + 2 t + d]
            zp = T.alloc_local((NTILE,), "uint32")    # each tile's four codes, loaded first
            af = T.alloc_local((2 * NK,), "uint32")
            bfr = T.alloc_local((2 * NK,), "uint32")
            gl = T.alloc_local((P + 1,), f32)
            kr = T.alloc_local((Rz,), f32)
            fv = T.alloc_local((2,), f32)
            h16 = T.alloc_local((2,), f16)
            l16 = T.alloc_local((2,), f16)
            kv = T.alloc_local((Rz,), f32)
            wv = T.alloc_local((2 * Rz,), f32)        # a row-wise product's sums for rows g, g + 8
            pv = T.alloc_local((NVAL,), f32)          # column-wise partial sums, reduce-scattered
            if TC:
                ta = T.alloc_local((4,), "uint32")    # TF32 fragments: A, B, the row-wise sums (two chains), Wᵀ
                tb = T.alloc_local((2,), "uint32")
                wd = T.alloc_local((4,), f32)
                wa = T.alloc_local((8,), "uint32")
                pd = T.alloc_local((4,), f32)
                sv = T.alloc_local((2,), f32)
            kt = T.alloc_local((2,), f32)             # bhoist: a K̃ / K̂ operand pair, loaded unconditionally
            ml = T.alloc_local((K // 32, Rz), f32)
            red = T.alloc_local((Rz,), f32)
            nr = T.alloc_local((2,), f32)
            if cfg.bchol:
                gm = T.alloc_local((Rz * (Rz + 1) // 2,), f32)   # the Gram matrix, then L and 1 / its diagonal
                dv = T.alloc_local((Rz,), f32)                   # diag(G)^(-1/2)
                okv = T.alloc_local((1,), "int32")
            if REC:
                ga = T.alloc_local((2,), "uint32")    # a Gram tile's fragments and sums
                gb = T.alloc_local((1,), "uint32")
                gd = T.alloc_local((12,), f32)        # (a chain per part: Ga's three)
                gp = T.alloc_local((6,), "int32")
                gs = T.alloc_local((1,), "uint32")
                cx = T.alloc_local((Rz,), f32)        # lane j's rows of Ga C, C (then Y), Ga Y
                cy = T.alloc_local((Rz,), f32)
                cz = T.alloc_local((Rz,), f32)
                mv = T.alloc_local((8,), f32)
                xs = T.alloc_local((1,), f32)
                kh = T.alloc_local((Rz,), f32)
                rgm = T.alloc_local((Rz * (Rz + 1) // 2,), f32)
                rdv = T.alloc_local((Rz,), f32)
                rok = T.alloc_local((1,), "int32")    # the iteration held (uniform over the program)
                rot = T.alloc_local((1,), "int32")
            bm = T.alloc_local((2,), f32)             # B of rows g, g + 8, then q / B
            cw = T.alloc_local((2,), f32)             # c and 1 / c of a column
            sm = T.alloc_local((1,), f32)
            sl = T.alloc_local((1,), "int32")
            nb = T.alloc_local((1,), "int32")
            sn = T.alloc_local((1,), "int32")         # walking: the next entry's slot
            if RF > 1:
                ge = T.alloc_shared((2,), "int32")    # the grabbed entries: this one, the next
                el = T.alloc_local((1,), "int32")     # the entry now, its (slot, head)'s window count, the next one's
                wl = T.alloc_local((1,), "int32")
                wn = T.alloc_local((1,), "int32")
                en = T.alloc_local((1,), "int32")
            advance(wpos, idx, wnext, hv, b)
            if REC:
                zero_gram(Gm, GL, tx)
            nb[0] = cnt[par]
            if RF > 1:   # entries by an atomic counter: a refitting entry costs ~2x another, so that programs balance
                if tx == 0:   # this program's first two entries; each trip grabs the one after its next
                    ge[0] = T.atomic_add(cnt[cfg.entry_counter(par, hv)], 1, return_prev=True)
                    ge[1] = T.atomic_add(cnt[cfg.entry_counter(par, hv)], 1, return_prev=True)
                T.sync_threads()
                el[0] = ge[0]
                en[0] = ge[1]
                if not WALK:   # (walking: barrier 0 below) every thread read ge before thread 0 writes it again
                    T.sync_threads()
                if WALK:
                    if el[0] < nb[0]:
                        sn[0] = entry(cnt, par, wnext, lst, idx, el[0])
                        prefetch(pf, sn[0], hv, tx, Z, c, Bs, Kc, Uc, rk, ru, rg)
                        wl[0] = wins[sn[0], hv]
            elif WALK:   # the first entry's copies (entries below the count are never -1: every trip prefetches the next)
                if nb[0] > b:
                    sn[0] = entry(cnt, par, wnext, lst, idx, b)
                    prefetch(pf, sn[0], hv, tx, Z, c, Bs, Kc, Uc, rk, ru, rg)
            w = tx // 32
            KF = KW + w * K * Rz if cfg.iters else KP   # the fitted K̂: this warp's Gram–Schmidt copy (iters 0: the start)
            g = tx % 32 // 4
            t4 = tx % 4
            m0 = 16 * w
            if WALK:
                T.ptx_wait_group(0)
                T.sync_threads()                                                         # barrier 0: landed
            for it in T.serial(nb[0] if RF > 1 else T.ceildiv(T.max(nb[0] - b, 0), C)):
                if RF > 1:   # a program takes at most all nb entries; it stops at the first grab past them
                    sl[0] = T.if_then_else(el[0] < nb[0], entry(cnt, par, wnext, lst, idx, T.min(el[0], N - 1)), -1)
                else:
                    sl[0] = entry(cnt, par, wnext, lst, idx, it * C + b)
                if sl[0] >= 0:
                    s = sl[0]
                    if RF > 1:
                        if not WALK:
                            wl[0] = wins[s, hv]
                        # this entry refits (the power iteration) or keeps K̂ and re-projects Û (iters 0 for it; a
                        # runtime K̂ area costs one barrier that TileLang's planner adds in the c sums)
                        KF = T.if_then_else(wl[0] % RF == 0, KW + w * K * Rz, KP)
                        if tx == 0:   # the entry after the next, read after barrier 7 (ge double-buffered by trip)
                            ge[it % 2] = T.atomic_add(cnt[cfg.entry_counter(par, hv)], 1, return_prev=True)
                    # --- loads (walking: from the prefetch areas, slot index 0 there; else from global memory): every
                    # tile's codes (rows g, g + 8; columns 2 t, 2 t + 1) in flight first; c, B, exp(G_P) and K̃'s
                    # start (fp32 of the stored fp16) to shared memory; the factors as fp16 pairs
                    for n in TILES:
                        if WALK:
                            zp[n] = T.bitwise_or(
                                T.bitwise_and(T.cast(Zpq[m0 + g, 4 * n + t4], "uint32"), T.uint32(0xFFFF)),
                                T.shift_left(T.cast(Zpq[m0 + g + 8, 4 * n + t4], "uint32"), T.uint32(16)))
                        else:
                            zp[n] = T.bitwise_or(
                                T.bitwise_and(T.cast(Zq[s, hv, m0 + g, 4 * n + t4], "uint32"), T.uint32(0xFFFF)),
                                T.shift_left(T.cast(Zq[s, hv, m0 + g + 8, 4 * n + t4], "uint32"), T.uint32(16)))
                    if tx < K:
                        Sm[AC + tx] = cpf[tx] if WALK else c[s, hv, tx]
                        gl[0] = 0.0
                        for j in T.unroll(P):
                            gl[j + 1] = gl[j] + rgv(rgp if WALK else rg, 0 if WALK else s, 0 if WALK else hv, j, gi(tx))
                        for a in T.unroll(R):
                            kr[a] = T.cast(Kcp[0, 0, a, tx] if WALK else Kc[s, hv, a, tx], f32)
                            Sm[KP + tx * Rz + a] = kr[a]
                        stage_keys(Sw, AH, AL, gl, kr, rkp if WALK else rk, 0 if WALK else s, 0 if WALK else hv, tx, fv,
                                   h16, l16)
                        if tx < Kd:
                            Sm[AE + tx] = T.exp(gl[P])
                    else:
                        Sm[AB + tx - K] = Bpf[tx - K] if WALK else Bs[s, hv, tx - K]
                        stage_values(Sw, AU, Ucp if WALK else Uc, rup if WALK else ru, 0 if WALK else s, 0 if WALK else hv,
                                     tx - K)
                    T.sync_threads()                                                     # barrier 1
                    if WALK:   # the prefetch areas are read: the next entry's copies fly during this one's work
                        # (TileLang's sync planner adds a barrier after them: one shared buffer to its analysis)
                        if RF > 1:
                            if en[0] < nb[0]:
                                sn[0] = entry(cnt, par, wnext, lst, idx, T.min(en[0], N - 1))
                                prefetch(pf, sn[0], hv, tx, Z, c, Bs, Kc, Uc, rk, ru, rg)
                                wn[0] = wins[sn[0], hv]
                        elif (it + 1) * C + b < nb[0]:
                            sn[0] = entry(cnt, par, wnext, lst, idx, (it + 1) * C + b)
                            prefetch(pf, sn[0], hv, tx, Z, c, Bs, Kc, Uc, rk, ru, rg)
                    # --- reconstruction (v8's): C = exp(G_P) (c ∘ Z / q ∘ B), then C += A B on fp16 tensor cores, A
                    # the strip's value factors (loaded once), B a tile's key factors, hi then lo per k-step
                    for kk in T.unroll(NK):
                        af[2 * kk] = Sw[AU + (m0 + g) * LW + 4 * kk + t4]
                        af[2 * kk + 1] = Sw[AU + (m0 + g + 8) * LW + 4 * kk + t4]
                    for n in TILES:
                        for kk in T.unroll(NK):
                            bfr[2 * kk] = Sw[AH + (8 * n + g) * LW + 4 * kk + t4]
                            bfr[2 * kk + 1] = Sw[AL + (8 * n + g) * LW + 4 * kk + t4]
                        for h in HD:
                            for d in HD:
                                y = 8 * n + 2 * t4 + d
                                ep = Sm[AE] if kind == "gdn" else Sm[AE + y]
                                acc[4 * n + 2 * h + d] = ep * (Sm[AC + y] * (zcode(zp[n], 2 * h + d) * invq)
                                                               * Sm[AB + m0 + g + 8 * h])
                        for kk in T.unroll(NK):
                            for ib in HD:
                                T.ptx_mma("float32", "m16n8k8", "row", "col", "fp16", "fp16", "fp32",
                                          af.data, 2 * kk, bfr.data, 2 * kk + ib, acc.data, 4 * n, False)
                    if R > 0:
                        if REC:   # K̂ = A C into KP where the iteration held, else the S_p iteration below
                            # (after the reconstruction: before it, the refit's registers beside the prefetched
                            # codes spilled twice as much and measured 6 % slower, session 22)
                            gram(Sw, Gm, GL, ga, gb, gd, gp, gs, w, g, t4)
                            T.sync_threads()                                             # barrier R1
                            if w == 0:   # one warp: the iteration is tiny, and shuffles (its broadcasts) are a pipe
                                # that 8 warps on their own copies filled (session 22's first form: 14 us per iteration)
                                coefficients(Gm, GL, cx, cy, cz, mv, xs, rgm, rdv, nr, red, rok, rot, tx % 32)
                            T.sync_threads()                                             # barrier R2
                            khat_records(Sm, Sf, Gm, kh, rok, tx)
                            T.sync_threads()                                             # barrier R3
                            KF = T.if_then_else(rok[0] != 0, KP, KW + w * K * Rz)
                        for _it in T.serial(T.if_then_else(rok[0] != 0, 0, cfg.iters) if REC else
                                            T.if_then_else(wl[0] % RF == 0, cfg.iters, 0) if RF > 1 else cfg.iters):
                            # W = Sᵀ K̃ (rows: in the quad), then the partial K̃ = S W of the lane's columns
                            # (K̃: the start in KP, then this warp's own copy of the last Gram–Schmidt)
                            if TC:
                                rowwise_tc(Sm, T.if_then_else(_it == 0, KP, KW + w * K * Rz), acc, ta, tb, wd, kt, g, t4)
                                colwise_tc(Sm, acc, wd, wa, tb, pd, sv, g, t4, w)
                            else:
                                rowwise(Sm, T.if_then_else(_it == 0, KP, KW + w * K * Rz), acc, kv, wv, t4)
                                colwise(Sm, acc, wv, pv, g, t4, w, tx)
                            T.sync_threads()                                             # barrier 2
                            for e in T.unroll(-(-K * Rz // BT)):   # the 8 warps' partials, in warp order
                                if e * BT + tx < K * Rz:
                                    sm[0] = Sm[HO + e * BT + tx]
                                    for ww in T.unroll(1, NW):
                                        sm[0] = sm[0] + Sm[HO + ww * K * Rz + e * BT + tx]
                                    Sm[KP + e * BT + tx] = sm[0]
                            T.sync_threads()                                             # barrier 3
                            # the right-looking modified Gram–Schmidt (v6's) in every warp, on its own copy: the same
                            # operations give the same bits, and no warp waits at a barrier for one warp's chain
                            for e in T.unroll(K // 32):
                                for a in T.vectorized(Rz):
                                    ml[e, a] = Sm[KP + (e * 32 + tx % 32) * Rz + a]
                            if cfg.bchol:
                                cholqr(ml, red, nr, gm, dv, okv, tx % 32)
                            else:
                                mgs(ml, red, nr, tx % 32)
                            for e in T.unroll(K // 32):
                                for a in T.vectorized(Rz):
                                    Sm[KW + w * K * Rz + (e * 32 + tx % 32) * Rz + a] = ml[e, a]
                            T.sync_warp()
                        # Û = Sᵀ K̂ (K̂ unrounded, as v7), written rounded; then R = S − K̂ Ûᵀ with both rounded
                        if TC:   # the quad's lane t holds Û[g (+ 8), 2 t + d]: the residual mma's A fragment as it is
                            rowwise_tc(Sm, KF, acc, ta, tb, wd, kt, g, t4)
                            for h in HD:
                                for d in HD:
                                    wd[2 * h + d] = T.cast(T.cast(wd[2 * h + d], f16), f32)
                                    if 2 * t4 + d < R:
                                        Uc[s, hv, T.min(2 * t4 + d, Rz - 1), m0 + g + 8 * h] = T.cast(wd[2 * h + d], f16)
                                af[h] = T.call_extern("uint32", "__pack_half2", T.cast(-wd[2 * h], f16),
                                                      T.cast(-wd[2 * h + 1], f16))
                        else:
                            rowwise(Sm, KF, acc, kv, wv, t4)
                            for i in T.unroll(2 * R):
                                wv[i] = T.cast(T.cast(wv[i], f16), f32)
                            for h in HD:
                                for a in T.unroll(R):
                                    if a % 4 == t4:
                                        Uc[s, hv, a, m0 + g + 8 * h] = T.cast(wv[h * Rz + a], f16)
                            for h in HD:
                                af[h] = T.call_extern("uint32", "__pack_half2", T.cast(-lane_pick(wv, h, 0, t4), f16),
                                                      T.cast(-lane_pick(wv, h, 1, t4), f16))
                        if tx < K:
                            for a in T.unroll(R):
                                Kc[s, hv, a, tx] = T.cast(Sm[KF + tx * Rz + a], f16)
                        # R = S − Û K̂ᵀ on the fp16 tensor cores (exact products of the rounded factors, fp32 sums):
                        # A = −Û of rows g, g + 8 at k = 2 t, 2 t + 1 (zero past r), B = K̂ of a tile's keys
                        for n in TILES:   # B: K̂[8 n + g, 2 t], K̂[8 n + g, 2 t + 1] of this warp's copy, rounded
                            if HOIST:
                                for d in HD:
                                    kt[d] = Sm[KF + (8 * n + g) * Rz + T.min(2 * t4 + d, Rz - 1)]
                                bfr[0] = T.call_extern("uint32", "__pack_half2",
                                                       T.cast(T.if_then_else(2 * t4 < R, kt[0], T.float32(0)), f16),
                                                       T.cast(T.if_then_else(2 * t4 + 1 < R, kt[1], T.float32(0)), f16))
                            else:
                                bfr[0] = T.call_extern("uint32", "__pack_half2", T.cast(khat(Sm, KF, 8 * n + g, 0, t4), f16),
                                                       T.cast(khat(Sm, KF, 8 * n + g, 1, t4), f16))
                            T.ptx_mma("float32", "m16n8k8", "row", "col", "fp16", "fp16", "fp32",
                                      af.data, 0, bfr.data, 0, acc.data, 4 * n, False)
                    # --- c_y = max(sqrt(Σ_x |R[x, y]| / V), 1e-8): the lane's two rows, the 8 row lanes, the 8 warps
                    for n0 in [0, 4, 8, 12]:   # 4 tiles at a time: lane g keeps column 2 t + g % 2 of tile n0 + g // 2
                        for e in list(range(8)):
                            pv[e] = T.abs(acc[4 * (n0 + e // 2) + e % 2]) + T.abs(acc[4 * (n0 + e // 2) + 2 + e % 2])
                        reduce_scatter(pv, 8, tx)
                        Sm[HO + w * K + 8 * (n0 + g // 2) + 2 * t4 + g % 2] = pv[0]
                    T.sync_threads()                                                     # barrier 4
                    if tx < K:
                        sm[0] = Sm[HO + tx]
                        for ww in T.unroll(1, NW):
                            sm[0] = sm[0] + Sm[HO + ww * K + tx]
                        sm[0] = T.max(T.sqrt(sm[0] / V), 1e-8)
                        Sm[AC + tx] = sm[0]
                        Sm[RC + tx] = _rcp(T, sm[0])
                        c[s, hv, tx] = sm[0]
                    T.sync_threads()                                                     # barrier 5
                    # --- Y = R / c (v6's reciprocal quotient) in place; B = max |Y| along the row (quad); codes
                    bm[0] = 0.0
                    bm[1] = 0.0
                    for n in TILES:
                        for d in HD:
                            cw[0] = Sm[AC + 8 * n + 2 * t4 + d]
                            cw[1] = Sm[RC + 8 * n + 2 * t4 + d]
                            for h in HD:
                                acc[4 * n + 2 * h + d] = _xdiv(T, acc[4 * n + 2 * h + d], cw[0], cw[1])
                                bm[h] = T.max(bm[h], T.abs(acc[4 * n + 2 * h + d]))
                    for mask in [1, 2]:
                        for h in HD:
                            bm[h] = T.max(bm[h], T.shfl_xor(bm[h], mask))
                    for h in HD:
                        if t4 == 0:
                            Bs[s, hv, m0 + g + 8 * h] = bm[h]
                        bm[h] = T.if_then_else(bm[h] > 0, qdiv_rcp(T, q, bm[h]), 0.0)
                    for h in HD:
                        if bm[h] <= FLT_MAX:   # the codes' bytes by the float trick (magic_code_bits); a row whose
                            for n in TILES:    # q / B_j overflowed (B_j < ~4e-37) takes F2I and the clamp
                                Sh[(AU * 4 + (m0 + g + 8 * h) * LDB + 8 * n + 2 * t4) // 2] = T.cast(T.call_extern(
                                    "uint32", "__byte_perm", magic_code_bits(acc[4 * n + 2 * h], bm[h]),
                                    magic_code_bits(acc[4 * n + 2 * h + 1], bm[h]), T.uint32(0x0040)), "uint16")
                        else:
                            for n in TILES:
                                Sh[(AU * 4 + (m0 + g + 8 * h) * LDB + 8 * n + 2 * t4) // 2] = T.cast(T.bitwise_or(
                                    T.bitwise_and(qcode(acc[4 * n + 2 * h] * bm[h]), 255),
                                    T.shift_left(T.bitwise_and(qcode(acc[4 * n + 2 * h + 1] * bm[h]), 255), 8)),
                                    "uint16")
                    T.sync_threads()                                                     # barrier 6
                    for e in T.unroll(V * K // 16 // BT):   # 16-byte stores: 8 threads a row
                        for v4 in T.vectorized(4):
                            Zw[s, hv, e * (BT // 8) + tx // 8, tx % 8 * 4 + v4] = Si[
                                AU + (e * (BT // 8) + tx // 8) * (LDB // 4) + tx % 8 * 4 + v4]
                    if WALK:
                        T.ptx_wait_group(0)   # the next entry's copies (this thread's) have landed
                    T.sync_threads()   # the next entry overwrites the staging (walking: its copies seen)  # barrier 7
                    if RF > 1:
                        if tx == 0:   # this (slot, head)'s boundaries: every thread read the count before barrier 1
                            wins[s, hv] = wl[0] + 1
                        el[0] = en[0]
                        en[0] = ge[it % 2]
                        if WALK:
                            wl[0] = wn[0]

    sig = dict(idx=T.Tensor((N,), "int32"), wnext=T.Tensor((N,), "int32"), wpos=T.Tensor((NS,), "int32"),
               cnt=T.Tensor((cfg.counters,), "int32"), par=T.int32, lst=T.Tensor((N,), "int32"),
               gsz=T.Tensor((C,), "int32"), Z=T.Tensor(zshape, "int8"), c=T.Tensor((NS, HV, K), f32),
               Bs=T.Tensor((NS, HV, V), f32), Kc=T.Tensor((NS, HV, Rz, K), f16), Uc=T.Tensor((NS, HV, Rz, V), f16),
               rk=T.Tensor((NS, HV, P, K), f16), ru=T.Tensor((NS, HV, P, V), f16), rg=T.Tensor(rgshape, f32))
    if RF > 1:   # one more argument: the window counts [slot, head]
        @T.prim_func
        def boundary(idx: sig["idx"], wnext: sig["wnext"], wpos: sig["wpos"], cnt: sig["cnt"], par: sig["par"],
                     lst: sig["lst"], gsz: sig["gsz"], Z: sig["Z"], c: sig["c"], Bs: sig["Bs"], Kc: sig["Kc"],
                     Uc: sig["Uc"], rk: sig["rk"], ru: sig["ru"], rg: sig["rg"], wins: T.Tensor((NS, HV), "int32")):
            program(idx, wnext, wpos, cnt, par, lst, gsz, Z, c, Bs, Kc, Uc, rk, ru, rg, wins)
    else:
        @T.prim_func
        def boundary(idx: sig["idx"], wnext: sig["wnext"], wpos: sig["wpos"], cnt: sig["cnt"], par: sig["par"],
                     lst: sig["lst"], gsz: sig["gsz"], Z: sig["Z"], c: sig["c"], Bs: sig["Bs"], Kc: sig["Kc"],
                     Uc: sig["Uc"], rk: sig["rk"], ru: sig["ru"], rg: sig["rg"]):
            program(idx, wnext, wpos, cnt, par, lst, gsz, Z, c, Bs, Kc, Uc, rk, ru, rg, None)
    return boundary
