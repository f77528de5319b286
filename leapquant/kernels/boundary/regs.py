"""Boundary programs ``regs`` and ``walk``: S_p is never stored — each warp keeps a 16-row strip of it in its
tensor-core accumulators from the reconstruction to the codes.

V-first INT8, K = V = 128, 256 threads, two programs per SM. Warp w owns the stored rows [16 w, 16 w + 16) (values)
and lane (g, t) holds rows 16 w + g and 16 w + g + 8 at columns 8 n + 2 t and 8 n + 2 t + 1 of all 16 n-tiles: 64
fp32 registers, the m16n8 accumulator layout of the reconstruction's mma. Every pass runs from those registers:

- row-wise (along a stored row, over the keys): W = Sᵀ K̃ and Û = Sᵀ K̂ of the refit, B = max |Y| — a quad's 4 lanes
  hold a whole row: two shuffles, no barrier;
- column-wise (over the values): K̃ = S W and c's sums — a reduce-scatter over a warp's 8 row lanes by shuffles, then
  the 8 warps' partials summed in shared memory (one barrier);
- the Gram–Schmidt of K̃ in every warp on its own copy (the same operations: the same bits), so that no warp waits
  behind a barrier for one warp's chain;
- the residual R = S − Û K̂ᵀ as one fp16 mma per tile (the rounded factors' products are exact), Y = R / c and the
  codes elementwise; the codes staged in shared memory for 16-byte stores.

The refit's products run on TF32 tensor cores from the accumulators (the reference's tf32 mode; the column-wise
product's 8×8 transposes by movmatrix). Their sums run in another order than the ``smem`` program's, and a request's
arithmetic must not depend on its batch: these programs serve every batch (no small-batch form). ``regs`` refits one
list entry per program; ``walk`` runs about two programs per SM, each walking several entries of the list while
cp.async copies the next entry's inputs into shared prefetch areas (the same bits).

Arguments (NS slots, N list entries, C programs per value head; P = window, R = rank): idx, wnext, lst: [N] int32;
wpos: [NS] int32; cnt: [2] int32 (the list counts of the two parities; par: this step's); gsz: [C] (its length is the
grid's C); Z: [NS, HV, V, K] int8; c: [NS, HV, K]; Bs: [NS, HV, V]; Kc: [NS, HV, R, K], Uc: [NS, HV, R, V] fp16;
rk: [NS, HV, P, K], ru: [NS, HV, P, V] fp16; rg: [NS, HV, P] (GDN) or [NS, HV, P, K] (KDA) fp32.
"""
import functools
from dataclasses import dataclass

from leapquant.kernels.boundary.common import (
    FLT_MAX,
    advance_positions,
    factor_staging,
    float_trick_code,
    list_entry,
    mgs_warp,
    qdiv_rcp,
    quantize_code,
    tf32_operand,
    word_code,
)
from leapquant.kernels.config import KernelConfig
from leapquant.kernels.program import Program
from leapquant.kernels.tl import rcp, tl, xdiv, zshape

F32, F16 = "float32", "float16"
THREADS = 256   # eight warps: one 16-row strip of S_p each (K = V = 128)
HD = [0, 1]   # the two rows (g, g + 8) or columns (2 t, 2 t + 1) of a lane (Python lists unroll while the IR is built)


@dataclass(frozen=True)
class SharedLayout:
    """The program's shared memory: one flat fp32 buffer of areas by phase (offsets in words) and, walking, the
    prefetch areas of the next entry's inputs beside it."""
    LW: int      # words per row of the factors' fp16 term pairs (≡ 4 mod 8: a fragment read hits 32 banks)
    LDB: int     # bytes per row of the codes' staging and of the prefetched codes (K + 16: conflict-free, 16-B aligned)
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
    prefetch_bytes: int   # walking: Z rows, c, B, K̂, Û, record keys and values, log-decays (0 otherwise)

    @property
    def bytes(self) -> int:
        """Shared memory per program: the flat buffer and the prefetch areas (the compiled kernel's launch value)."""
        return 4 * self.TOT + self.prefetch_bytes


def shared_layout(cfg: KernelConfig, walk: bool) -> SharedLayout:
    """The shared memory of the ``walk`` (`walk` true: with the prefetch areas) or ``regs`` program for `cfg`."""
    K, V, P, R = cfg.K, cfg.V, cfg.window, cfg.rank
    NW = (cfg.boundary_threads or THREADS) // 32
    Rz = max(R, 1)
    Kd = 1 if cfg.family == "gdn" else K
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
    # the prefetch areas: Z rows, c, B, K̂, Û (none at rank 0), record keys and values, log-decays; the compiler
    # places each at a 16-byte boundary
    areas = (V * LDB, 4 * K, 4 * V, 2 * R * K, 2 * R * V, 2 * P * K, 2 * P * V, 4 * P * Kd)
    pre = sum(-(-n // 16) * 16 for n in areas) if walk else 0
    return SharedLayout(LW, LDB, AU, AH, AL, KP, KW, HO, AC, RC, AB, AE, TOT, pre)


MOVMATRIX = r"""
__device__ __forceinline__ unsigned lq_movm(unsigned x) {   // an 8x8 b16 matrix, transposed across the warp
  unsigned y;
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;\n" : "=r"(y) : "r"(x));
  return y;
}
"""
"""movmatrix for the column-wise product's transposes, imported into the generated CUDA (above its includes; the CPU
emulation, which drops that part, defines lq_movm itself)."""


@dataclass(frozen=True)
class _Dims:
    """A program's sizes (the kernel's short names) and whether it walks."""
    gdn: bool
    HV: int
    K: int
    V: int
    P: int
    R: int
    BT: int
    iters: int
    walk: bool

    @property
    def Rz(self) -> int:      # R, at least 1 (buffer extents)
        return max(self.R, 1)

    @property
    def NW(self) -> int:      # warps
        return self.BT // 32

    @property
    def Kd(self) -> int:      # log-decays per record: 1 (GDN) or K
        return 1 if self.gdn else self.K

    @property
    def TILES(self) -> list:  # the strip's n-tiles of 8 columns (keys)
        return list(range(self.K // 8))

    @property
    def NK(self) -> int:      # the reconstruction's k-steps of 8 terms (R compensators, P records)
        return -(-(self.R + self.P) // 8)


def regs_boundary_program(cfg: KernelConfig):
    """The ``regs`` boundary's prim_func for the resolved `cfg`: one list entry per program."""
    return _boundary_program(cfg, walk=False)


def walk_boundary_program(cfg: KernelConfig):
    """The ``walk`` boundary's prim_func for the resolved `cfg`: programs walk the list, the next entry prefetched."""
    return _boundary_program(cfg, walk=True)


def _boundary_program(cfg: KernelConfig, walk: bool):
    """The prim_func of the ``walk`` (`walk` true) or ``regs`` program; its arguments are the module docstring's."""
    T = tl()
    dm = _Dims(cfg.family == "gdn", cfg.HV, cfg.K, cfg.V, cfg.window, cfg.rank, cfg.boundary_threads, cfg.iters, walk)
    assert cfg.v_first and cfg.format == "int8" and dm.K == dm.V == 16 * dm.NW == 128 and dm.R <= 8, "fits checks"
    HV, K, V, P, Rz = dm.HV, dm.K, dm.V, dm.P, dm.Rz
    N, NS, C = T.dynamic("N"), T.dynamic("NS"), T.dynamic("C")
    program = _kernel(T, cfg, dm, shared_layout(cfg, walk), N, NS, C)

    @T.prim_func
    def boundary(idx: T.Tensor((N,), "int32"), wnext: T.Tensor((N,), "int32"), wpos: T.Tensor((NS,), "int32"),
                 cnt: T.Tensor((2,), "int32"), par: T.int32, lst: T.Tensor((N,), "int32"),
                 gsz: T.Tensor((C,), "int32"), Z: T.Tensor(zshape(cfg, NS), "int8"),
                 c: T.Tensor((NS, HV, K), F32), Bs: T.Tensor((NS, HV, V), F32),
                 Kc: T.Tensor((NS, HV, Rz, K), F16), Uc: T.Tensor((NS, HV, Rz, V), F16),
                 rk: T.Tensor((NS, HV, P, K), F16), ru: T.Tensor((NS, HV, P, V), F16),
                 rg: T.Tensor((NS, HV, P) if dm.gdn else (NS, HV, P, K), F32)):
        program(idx, wnext, wpos, cnt, par, lst, gsz, Z, c, Bs, Kc, Uc, rk, ru, rg)
    return boundary


def _kernel(T, cfg, dm: _Dims, lay: SharedLayout, N, NS, C):
    """The program's body (a macro over the prim_func's arguments): its buffers, the window positions' advance, and
    the loop over its list entries (walking: the first entry's copies before it, the next one's during each)."""
    HV, K, V, P, Rz, BT, walk = dm.HV, dm.K, dm.V, dm.P, dm.Rz, dm.BT, dm.walk
    KP, KW, TOT = lay.KP, lay.KW, lay.TOT
    advance = advance_positions(T, cfg, N, C, BT)
    prefetch, prefetch_areas = _prefetch(T, dm, lay)
    load, finish = _load(T, dm, lay), _finish(T, dm, lay)
    entry = functools.partial(list_entry, T, N)   # entry(cnt, par, lst, e): its slot, or -1

    @T.macro
    def program(idx, wnext, wpos, cnt, par, lst, gsz, Z, c, Bs, Kc, Uc, rk, ru, rg):
        with T.Kernel(HV, C, threads=BT) as (hv, b):
            T.annotate_min_blocks_per_sm(2)
            T.import_source(MOVMATRIX)
            Sm = T.alloc_shared((TOT,), F32)
            Sw = T.view(Sm, dtype="uint32")
            Si = T.view(Sm, dtype="int32")
            Sh = T.view(Sm, shape=(2 * TOT,), dtype="uint16")
            Zq = T.view(Z, shape=(NS, HV, V, K // 2), dtype="int16")
            Zw = T.view(Z, shape=(NS, HV, V, K // 4), dtype="int32")
            pf = prefetch_areas() if walk else (None,) * 9
            tx = T.get_thread_binding(0)
            acc = T.alloc_local((4 * len(dm.TILES),), F32)   # the strip: acc[4 n + 2 h + d] = S_p[m0 + g + 8 h, y]
            zp = T.alloc_local((len(dm.TILES),), "uint32")   # each tile's four codes, loaded first
            af = T.alloc_local((2 * dm.NK,), "uint32")
            bfr = T.alloc_local((2 * dm.NK,), "uint32")
            gl = T.alloc_local((P + 1,), F32)
            kr = T.alloc_local((Rz,), F32)
            fv = T.alloc_local((2,), F32)
            h16 = T.alloc_local((2,), F16)
            l16 = T.alloc_local((2,), F16)
            pv = T.alloc_local((max(8, 2 * Rz),), F32)       # the column sums' partials, reduce-scattered (8 used)
            ta = T.alloc_local((4,), "uint32")               # TF32 fragments: A, B, the row-wise sums, Wᵀ
            tb = T.alloc_local((2,), "uint32")
            wd = T.alloc_local((4,), F32)
            wa = T.alloc_local((8,), "uint32")
            pd = T.alloc_local((4,), F32)
            sv = T.alloc_local((2,), F32)
            kt = T.alloc_local((2,), F32)                    # a K̃ / K̂ operand pair, loaded unconditionally
            ml = T.alloc_local((K // 32, Rz), F32)
            red = T.alloc_local((Rz,), F32)
            nr = T.alloc_local((2,), F32)
            bm = T.alloc_local((2,), F32)                    # B of rows g, g + 8, then q / B
            cw = T.alloc_local((2,), F32)                    # c and 1 / c of a column
            sm = T.alloc_local((1,), F32)
            sl = T.alloc_local((1,), "int32")
            nb = T.alloc_local((1,), "int32")
            sn = T.alloc_local((1,), "int32")                # walking: the next entry's slot
            # the macros unpack these tuples whole: views share their buffer's storage, which takes the name bound
            # last (Sh, Zw, Zp), and the generated CUDA keeps those names
            smem, zs, io = (Sm, Sw, Si, Sh), (Z, Zq, Zw), (c, Bs, Kc, Uc, rk, ru, rg)
            advance(wpos, idx, wnext, hv, b)
            nb[0] = cnt[par]
            if walk:   # the first entry's copies (entries below the count are never -1: every trip prefetches the next)
                if nb[0] > b:
                    sn[0] = entry(cnt, par, lst, b)
                    prefetch(pf, zs, io, sn[0], hv, tx)
            w = tx // 32
            KF = KW + w * K * Rz if dm.iters else KP   # the fitted K̂: this warp's Gram–Schmidt copy (iters 0: KP)
            g = tx % 32 // 4
            t4 = tx % 4
            m0 = 16 * w
            if walk:
                T.ptx_wait_group(0)
                T.sync_threads()                                                         # barrier 0: landed
            for it in T.serial(T.ceildiv(T.max(nb[0] - b, 0), C)):
                sl[0] = entry(cnt, par, lst, it * C + b)
                if sl[0] >= 0:
                    s = sl[0]
                    load(smem, pf, zs, io, s, hv, (tx, g, t4, m0), (zp, gl, kr, fv, h16, l16))
                    T.sync_threads()                                                     # barrier 1
                    if walk:   # the prefetch areas are read: the next entry's copies fly during this one's work
                        if (it + 1) * C + b < nb[0]:
                            sn[0] = entry(cnt, par, lst, (it + 1) * C + b)
                            prefetch(pf, zs, io, sn[0], hv, tx)
                    finish(smem, zs, io, s, hv, (tx, w, g, t4, m0), KF,
                           (acc, zp, af, bfr, pv, bm, cw, sm), (ta, tb, wd, wa, pd, sv, kt), (ml, red, nr))
    return program


def _prefetch(T, dm: _Dims, lay: SharedLayout):
    """(prefetch, prefetch_areas): walking, the macro that copies slot s's inputs into the prefetch areas by cp.async
    — Z rows of LDB bytes, c, B, K̂, Û, record keys, values, log-decays; 16 bytes a copy (GDN's log-decays 4), one
    commit group — and the macro that allocates those areas (returns them)."""
    K, V, P, R, Rz, BT, LDB = dm.K, dm.V, dm.P, dm.R, dm.Rz, dm.BT, lay.LDB

    def chunks(n):                      # copies per thread for n of them
        return -(-n // BT)

    @T.macro
    def prefetch_areas():
        Zp = T.alloc_shared((V, LDB), "int8")
        Zpq = T.view(Zp, shape=(V, LDB // 2), dtype="int16")
        cpf = T.alloc_shared((K,), F32)
        Bpf = T.alloc_shared((V,), F32)
        Kcp = T.alloc_shared((1, 1, Rz, K), F16)   # (rank 0: unused, so not in the compiled program)
        Ucp = T.alloc_shared((1, 1, Rz, V), F16)
        rkp = T.alloc_shared((1, 1, P, K), F16)
        rup = T.alloc_shared((1, 1, P, V), F16)
        rgp = T.alloc_shared((1, 1, P) if dm.gdn else (1, 1, P, K), F32)
        return Zpq, Zp, cpf, Bpf, Kcp, Ucp, rkp, rup, rgp

    @T.macro
    def copy_rows(dst, src, s, hv, tx, rows, width, per):
        """cp.async of src[s, hv, :rows, :width] into dst[0, 0] (`per` elements, 16 bytes, a copy)."""
        for cc in T.unroll(chunks(rows * width // per)):
            ch = cc * BT + tx
            if ch < rows * width // per:
                T.ptx_cp_async(T.access_ptr(dst[0, 0, ch // (width // per), ch % (width // per) * per], "w", per),
                               T.access_ptr(src[s, hv, ch // (width // per), ch % (width // per) * per], "r", per), per)

    @T.macro
    def prefetch(pf, zs, io, s, hv, tx):
        Zpq, Zp, cpf, Bpf, Kcp, Ucp, rkp, rup, rgp = pf
        Z, Zq, Zw = zs
        c, Bs, Kc, Uc, rk, ru, rg = io
        for cc in T.unroll(chunks(V * K // 16)):
            ch = cc * BT + tx
            if ch < V * K // 16:
                T.ptx_cp_async(T.access_ptr(Zp[ch // (K // 16), ch % (K // 16) * 16], "w", 16),
                               T.access_ptr(Z[s, hv, ch // (K // 16), ch % (K // 16) * 16], "r", 16), 16)
        if tx < K // 4:
            T.ptx_cp_async(T.access_ptr(cpf[tx * 4], "w", 4), T.access_ptr(c[s, hv, tx * 4], "r", 4), 4)
        elif tx < K // 4 + V // 4:
            T.ptx_cp_async(T.access_ptr(Bpf[(tx - K // 4) * 4], "w", 4),
                           T.access_ptr(Bs[s, hv, (tx - K // 4) * 4], "r", 4), 4)
        if R > 0:
            copy_rows(Kcp, Kc, s, hv, tx, R, K, 8)
            copy_rows(Ucp, Uc, s, hv, tx, R, V, 8)
        copy_rows(rkp, rk, s, hv, tx, P, K, 8)
        copy_rows(rup, ru, s, hv, tx, P, V, 8)
        if dm.gdn:
            if tx < P:
                T.ptx_cp_async(T.access_ptr(rgp[0, 0, tx], "w", 1), T.access_ptr(rg[s, hv, tx], "r", 1), 1)
        else:
            copy_rows(rgp, rg, s, hv, tx, P, K, 4)
        T.ptx_commit_group()
    return prefetch, prefetch_areas


def _load(T, dm: _Dims, lay: SharedLayout):
    """The macro that loads an entry's inputs (walking: from the prefetch areas, slot index 0 there; else from global
    memory): every tile's codes (rows g, g + 8; columns 2 t, 2 t + 1) in flight first; c, B, exp(G_P) and K̃'s start
    (fp32 of the stored fp16) to shared memory; the reconstruction's factors as fp16 term pairs (`factor_staging`)."""
    K, P, R, Rz, Kd, walk = dm.K, dm.P, dm.R, dm.Rz, dm.Kd, dm.walk
    AU, AH, AL, KP, AC, AB, AE = lay.AU, lay.AH, lay.AL, lay.KP, lay.AC, lay.AB, lay.AE
    stage_keys, stage_values = factor_staging(T, R, P, lay.LW)

    def rgv(rg, s, hv, j, i):
        return rg[s, hv, j] if dm.gdn else rg[s, hv, j, i]

    def gi(i):
        return 0 if dm.gdn else i

    @T.macro
    def load(smem, pf, zs, io, s, hv, lane, regs):
        Sm, Sw, Si, Sh = smem
        Zpq, Zp, cpf, Bpf, Kcp, Ucp, rkp, rup, rgp = pf
        Z, Zq, Zw = zs
        c, Bs, Kc, Uc, rk, ru, rg = io
        tx, g, t4, m0 = lane
        zp, gl, kr, fv, h16, l16 = regs
        for n in dm.TILES:
            if walk:
                zp[n] = T.bitwise_or(
                    T.bitwise_and(T.cast(Zpq[m0 + g, 4 * n + t4], "uint32"), T.uint32(0xFFFF)),
                    T.shift_left(T.cast(Zpq[m0 + g + 8, 4 * n + t4], "uint32"), T.uint32(16)))
            else:
                zp[n] = T.bitwise_or(
                    T.bitwise_and(T.cast(Zq[s, hv, m0 + g, 4 * n + t4], "uint32"), T.uint32(0xFFFF)),
                    T.shift_left(T.cast(Zq[s, hv, m0 + g + 8, 4 * n + t4], "uint32"), T.uint32(16)))
        if tx < K:
            Sm[AC + tx] = cpf[tx] if walk else c[s, hv, tx]
            gl[0] = 0.0
            for j in T.unroll(P):
                gl[j + 1] = gl[j] + rgv(rgp if walk else rg, 0 if walk else s, 0 if walk else hv, j, gi(tx))
            for a in T.unroll(R):
                kr[a] = T.cast(Kcp[0, 0, a, tx] if walk else Kc[s, hv, a, tx], F32)
                Sm[KP + tx * Rz + a] = kr[a]
            stage_keys(Sw, AH, AL, gl, kr, rkp if walk else rk, 0 if walk else s, 0 if walk else hv, tx, fv,
                       h16, l16)
            if tx < Kd:
                Sm[AE + tx] = T.exp(gl[P])
        else:
            Sm[AB + tx - K] = Bpf[tx - K] if walk else Bs[s, hv, tx - K]
            stage_values(Sw, AU, Ucp if walk else Uc, rup if walk else ru, 0 if walk else s, 0 if walk else hv,
                         tx - K)
    return load


def _finish(T, dm: _Dims, lay: SharedLayout):
    """The macro that takes one entry from its staged inputs (after barrier 1) to its stored outputs: S_p rebuilt in
    the strips, the compensators refitted (rank > 0), c, B and the codes; nine barriers at two power iterations."""
    K, V, R, BT, walk = dm.K, dm.V, dm.R, dm.BT, dm.walk
    AU, LDB = lay.AU, lay.LDB
    reconstruct = _reconstruction(T, dm, lay)
    fit = _compensators(T, dm, lay)
    scales, codes = _scales(T, dm, lay), _codes(T, dm, lay)

    @T.macro
    def finish(smem, zs, io, s, hv, lane, KF, regs, frag, gs):
        Sm, Sw, Si, Sh = smem
        Z, Zq, Zw = zs
        c, Bs, Kc, Uc, rk, ru, rg = io
        tx, w, g, t4, m0 = lane
        acc, zp, af, bfr, pv, bm, cw, sm = regs
        reconstruct(Sm, Sw, acc, zp, af, bfr, g, t4, m0)
        if R > 0:
            fit(Sm, Uc, Kc, s, hv, lane, KF, acc, af, bfr, sm, frag, gs)
        scales(Sm, c, s, hv, acc, pv, sm, tx, w, g, t4)
        codes(Sm, Sh, Bs, s, hv, acc, bm, cw, g, t4, m0)
        T.sync_threads()                                                                 # barrier 6
        for e in T.unroll(V * K // 16 // BT):   # 16-byte stores: 8 threads a row
            for v4 in T.vectorized(4):
                Zw[s, hv, e * (BT // 8) + tx // 8, tx % 8 * 4 + v4] = Si[
                    AU + (e * (BT // 8) + tx // 8) * (LDB // 4) + tx % 8 * 4 + v4]
        if walk:
            T.ptx_wait_group(0)   # the next entry's copies (this thread's) have landed
        T.sync_threads()   # the next entry overwrites the staging (walking: its copies seen)          # barrier 7
    return finish


def _reconstruction(T, dm: _Dims, lay: SharedLayout):
    """The macro that rebuilds the strip: acc = exp(G_P) (c ∘ Z / q ∘ B) elementwise, then acc += A B on fp16 tensor
    cores, A the strip's value factors (loaded once), B a tile's key factors, hi then lo per k-step."""
    from leapquant.kernels.naive import QMAX
    NK, LW = dm.NK, lay.LW
    AU, AH, AL, AC, AB, AE = lay.AU, lay.AH, lay.AL, lay.AC, lay.AB, lay.AE
    invq = 1.0 / QMAX["int8"]

    def zcode(zw, j):                   # code j of a loaded word (j = 2 h + d: row g + 8 h, column 2 t + d)
        return word_code(T, zw, j)

    @T.macro
    def reconstruct(Sm, Sw, acc, zp, af, bfr, g, t4, m0):
        for kk in T.unroll(NK):
            af[2 * kk] = Sw[AU + (m0 + g) * LW + 4 * kk + t4]
            af[2 * kk + 1] = Sw[AU + (m0 + g + 8) * LW + 4 * kk + t4]
        for n in dm.TILES:
            for kk in T.unroll(NK):
                bfr[2 * kk] = Sw[AH + (8 * n + g) * LW + 4 * kk + t4]
                bfr[2 * kk + 1] = Sw[AL + (8 * n + g) * LW + 4 * kk + t4]
            for h in HD:
                for d in HD:
                    y = 8 * n + 2 * t4 + d
                    ep = Sm[AE] if dm.gdn else Sm[AE + y]
                    acc[4 * n + 2 * h + d] = ep * (Sm[AC + y] * (zcode(zp[n], 2 * h + d) * invq)
                                                   * Sm[AB + m0 + g + 8 * h])
            for kk in T.unroll(NK):
                for ib in HD:
                    T.ptx_mma("float32", "m16n8k8", "row", "col", "fp16", "fp16", "fp32",
                              af.data, 2 * kk, bfr.data, 2 * kk + ib, acc.data, 4 * n, False)
    return reconstruct


def _compensators(T, dm: _Dims, lay: SharedLayout):
    """The macro that refits the compensators from the strips: `iters` power iterations (W = Sᵀ K̃ row-wise, the
    partial K̃ = S W column-wise, the 8 warps' partials summed, the Gram–Schmidt in every warp), then Û = Sᵀ K̂ (K̂
    unrounded, as the reference), both stored rounded, and the residual R = S − Û K̂ᵀ on the fp16 tensor cores (exact
    products of the rounded factors, fp32 sums): A = −Û of rows g, g + 8 at k = 2 t, 2 t + 1 (zero past r), B = K̂ of
    a tile's keys."""
    K, R, Rz, BT, NW, iters = dm.K, dm.R, dm.Rz, dm.BT, dm.NW, dm.iters
    KP, KW, HO = lay.KP, lay.KW, lay.HO
    rowwise_tc, colwise_tc = _products(T, dm, lay)
    mgs = mgs_warp(T, K, Rz, markstein=True, revive_by="vote")

    @T.macro
    def iteration(Sm, acc, sm, frag, gs, _it, tx, w, g, t4):
        ta, tb, wd, wa, pd, sv, kt = frag
        ml, red, nr = gs
        # K̃: the start in KP, then this warp's own copy of the last Gram–Schmidt
        rowwise_tc(Sm, T.if_then_else(_it == 0, KP, KW + w * K * Rz), acc, ta, tb, wd, kt, g, t4)
        colwise_tc(Sm, acc, wd, wa, tb, pd, sv, g, t4, w)
        T.sync_threads()                                                                 # barrier 2
        for e in T.unroll(-(-K * Rz // BT)):   # the 8 warps' partials, in warp order
            if e * BT + tx < K * Rz:
                sm[0] = Sm[HO + e * BT + tx]
                for ww in T.unroll(1, NW):
                    sm[0] = sm[0] + Sm[HO + ww * K * Rz + e * BT + tx]
                Sm[KP + e * BT + tx] = sm[0]
        T.sync_threads()                                                                 # barrier 3
        # the right-looking modified Gram–Schmidt in every warp, on its own copy: the same operations give the same
        # bits, and no warp waits at a barrier for one warp's chain
        for e in T.unroll(K // 32):
            for a in T.vectorized(Rz):
                ml[e, a] = Sm[KP + (e * 32 + tx % 32) * Rz + a]
        mgs(ml, red, nr, tx % 32)
        for e in T.unroll(K // 32):
            for a in T.vectorized(Rz):
                Sm[KW + w * K * Rz + (e * 32 + tx % 32) * Rz + a] = ml[e, a]
        T.sync_warp()

    @T.macro
    def fit(Sm, Uc, Kc, s, hv, lane, KF, acc, af, bfr, sm, frag, gs):
        tx, w, g, t4, m0 = lane
        ta, tb, wd, wa, pd, sv, kt = frag
        for _it in T.serial(iters):
            iteration(Sm, acc, sm, frag, gs, _it, tx, w, g, t4)
        rowwise_tc(Sm, KF, acc, ta, tb, wd, kt, g, t4)   # lane t holds Û[g (+ 8), 2 t + d]: the residual's A fragment
        for h in HD:
            for d in HD:
                wd[2 * h + d] = T.cast(T.cast(wd[2 * h + d], F16), F32)
                if 2 * t4 + d < R:
                    Uc[s, hv, T.min(2 * t4 + d, Rz - 1), m0 + g + 8 * h] = T.cast(wd[2 * h + d], F16)
            af[h] = T.call_extern("uint32", "__pack_half2", T.cast(-wd[2 * h], F16), T.cast(-wd[2 * h + 1], F16))
        if tx < K:
            for a in T.unroll(R):
                Kc[s, hv, a, tx] = T.cast(Sm[KF + tx * Rz + a], F16)
        for n in dm.TILES:   # B: K̂[8 n + g, 2 t], K̂[8 n + g, 2 t + 1] of this warp's copy, rounded
            for d in HD:
                kt[d] = Sm[KF + (8 * n + g) * Rz + T.min(2 * t4 + d, Rz - 1)]
            bfr[0] = T.call_extern("uint32", "__pack_half2",
                                   T.cast(T.if_then_else(2 * t4 < R, kt[0], T.float32(0)), F16),
                                   T.cast(T.if_then_else(2 * t4 + 1 < R, kt[1], T.float32(0)), F16))
            T.ptx_mma("float32", "m16n8k8", "row", "col", "fp16", "fp16", "fp32",
                      af.data, 0, bfr.data, 0, acc.data, 4 * n, False)
    return fit


def _products(T, dm: _Dims, lay: SharedLayout):
    """(rowwise_tc, colwise_tc): the refit's two products on TF32 tensor cores from the strip's accumulators; the
    operands masked to TF32 (`tf32_operand`), K̃'s loads in range for every lane, zeros by selects (no branch)."""
    K, R, Rz, HO = dm.K, dm.R, dm.Rz, lay.HO
    tf32 = tf32_operand(T)

    @T.macro
    def shfl_pick(sv, v0, v1, src, odd):   # sv[0] = v0 or v1 of lane `src`: v1 where `odd`. Both shuffles are
        sv[0] = T.shfl_sync(v0, src)        # statements of their own: inside a select TileLang would branch around
        sv[1] = T.shfl_sync(v1, src)        # them, and a shuffle must be reached by the whole warp
        sv[0] = T.if_then_else(odd, sv[1], sv[0])

    @T.macro
    def rowwise_tc(Sm, base, acc, ta, tb, wd, kt, g, t4):
        """wd[0:4] = W[row g, 2 t], W[g, 2 t + 1], W[g + 8, 2 t], W[g + 8, 2 t + 1] with W = S K̃ over the stored row
        (K̃ at `base`; 0 past r): an m16n8k8 per n-tile — the accumulator is the A operand with its columns permuted
        (k = t is column 2 t, k = t + 4 column 2 t + 1), K̃'s rows alike (one accumulation chain)."""
        for i in T.unroll(4):
            wd[i] = 0.0
        for n in dm.TILES:
            ta[0] = tf32(acc[4 * n])
            ta[1] = tf32(acc[4 * n + 2])
            ta[2] = tf32(acc[4 * n + 1])
            ta[3] = tf32(acc[4 * n + 3])
            for d in HD:   # the load in range for every lane (column min(g, r − 1)), then a select: no branch
                kt[d] = Sm[base + (8 * n + 2 * t4 + d) * Rz + T.min(g, Rz - 1)]
                tb[d] = T.if_then_else(g < R, tf32(kt[d]), T.uint32(0))
            T.ptx_mma("float32", "m16n8k8", "row", "col", "tf32", "tf32", "fp32",
                      ta.data, 0, tb.data, 0, wd.data, 0, False)

    @T.macro
    def colwise_tc(Sm, acc, wd, wa, tb, pd, sv, g, t4, w):
        """The strip's partial K̃[y, a] = Σ_x S[x, y] W[x, a] into the hand-over (lanes g < r: a = g, y = 8 n + 2 t +
        d): per n-tile two m16n8k8 over the strip's row blocks, A = Wᵀ (rows a; from the quads' sums by shuffles,
        once), B = the tile's 8×8 blocks transposed — lane (g, t) gets S[8 h + 2 t (+ 1), 8 n + g] from two movmatrix
        transposes of the block's high and low 16-bit halves, so the mma's k = t takes row 2 t, k = t + 4 row 2 t + 1
        (Wᵀ gathered alike)."""
        for h in HD:
            for q in HD:
                shfl_pick(sv, wd[2 * h], wd[2 * h + 1], 4 * (2 * t4 + q) + g // 2, g % 2 == 1)
                wa[4 * h + 2 * q] = tf32(sv[0])
                wa[4 * h + 2 * q + 1] = T.uint32(0)
        for n in dm.TILES:
            for i in T.unroll(4):
                pd[i] = 0.0
            for h in HD:
                v0 = T.reinterpret(acc[4 * n + 2 * h], "uint32")
                v1 = T.reinterpret(acc[4 * n + 2 * h + 1], "uint32")
                hi = T.call_extern("uint32", "lq_movm",
                                   T.call_extern("uint32", "__byte_perm", v0, v1, T.uint32(0x7632)))
                lo = T.call_extern("uint32", "lq_movm",
                                   T.call_extern("uint32", "__byte_perm", v0, v1, T.uint32(0x5410)))
                tb[0] = tf32(T.reinterpret(T.call_extern("uint32", "__byte_perm", lo, hi, T.uint32(0x5410)), F32))
                tb[1] = tf32(T.reinterpret(T.call_extern("uint32", "__byte_perm", lo, hi, T.uint32(0x7632)), F32))
                T.ptx_mma("float32", "m16n8k8", "row", "col", "tf32", "tf32", "fp32",
                          wa.data, 4 * h, tb.data, 0, pd.data, 0, False)
            if g < R:
                for d in HD:
                    Sm[HO + (w * K + 8 * n + 2 * t4 + d) * Rz + T.min(g, Rz - 1)] = pd[d]
    return rowwise_tc, colwise_tc


def _scales(T, dm: _Dims, lay: SharedLayout):
    """The macro that stores the new column scales c_y = max(sqrt(Σ_x |R[x, y]| / V), 1e-8) (c: [NS, HV, K]) and
    their reciprocals in shared memory: the lane's two rows, a reduce-scatter over the warp's 8 row lanes, then the
    8 warps' partials in warp order."""
    K, V, NW = dm.K, dm.V, dm.NW
    HO, AC, RC = lay.HO, lay.AC, lay.RC

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

    @T.macro
    def scales(Sm, c, s, hv, acc, pv, sm, tx, w, g, t4):
        for n0 in [0, 4, 8, 12]:   # 4 tiles at a time: lane g keeps column 2 t + g % 2 of tile n0 + g // 2
            for e in list(range(8)):
                pv[e] = T.abs(acc[4 * (n0 + e // 2) + e % 2]) + T.abs(acc[4 * (n0 + e // 2) + 2 + e % 2])
            reduce_scatter(pv, 8, tx)
            Sm[HO + w * K + 8 * (n0 + g // 2) + 2 * t4 + g % 2] = pv[0]
        T.sync_threads()                                                                 # barrier 4
        if tx < K:
            sm[0] = Sm[HO + tx]
            for ww in T.unroll(1, NW):
                sm[0] = sm[0] + Sm[HO + ww * K + tx]
            sm[0] = T.max(T.sqrt(sm[0] / V), 1e-8)
            Sm[AC + tx] = sm[0]
            Sm[RC + tx] = rcp(T, sm[0])
            c[s, hv, tx] = sm[0]
        T.sync_threads()                                                                 # barrier 5
    return scales


def _codes(T, dm: _Dims, lay: SharedLayout):
    """The macro that smooths and quantizes the strip: Y = R / c in place (the reciprocal quotient `xdiv`), B = max |Y|
    along the row (the quad; Bs: [NS, HV, V]), the INT8 codes of Y q / B staged in shared memory (two a 16-bit
    store): by the float trick (`float_trick_code`), or where q / B_j overflowed (B_j < ~4e-37) by F2I and a clamp."""
    from leapquant.kernels.naive import QMAX
    q = QMAX["int8"]
    AU, AC, RC, LDB = lay.AU, lay.AC, lay.RC, lay.LDB
    qcode = quantize_code(T, q)
    magic_code_bits = float_trick_code(T)

    @T.macro
    def codes(Sm, Sh, Bs, s, hv, acc, bm, cw, g, t4, m0):
        bm[0] = 0.0
        bm[1] = 0.0
        for n in dm.TILES:
            for d in HD:
                cw[0] = Sm[AC + 8 * n + 2 * t4 + d]
                cw[1] = Sm[RC + 8 * n + 2 * t4 + d]
                for h in HD:
                    acc[4 * n + 2 * h + d] = xdiv(T, acc[4 * n + 2 * h + d], cw[0], cw[1])
                    bm[h] = T.max(bm[h], T.abs(acc[4 * n + 2 * h + d]))
        for mask in [1, 2]:
            for h in HD:
                bm[h] = T.max(bm[h], T.shfl_xor(bm[h], mask))
        for h in HD:
            if t4 == 0:
                Bs[s, hv, m0 + g + 8 * h] = bm[h]
            bm[h] = T.if_then_else(bm[h] > 0, qdiv_rcp(T, q, bm[h]), 0.0)
        for h in HD:
            if bm[h] <= FLT_MAX:
                for n in dm.TILES:
                    Sh[(AU * 4 + (m0 + g + 8 * h) * LDB + 8 * n + 2 * t4) // 2] = T.cast(T.call_extern(
                        "uint32", "__byte_perm", magic_code_bits(acc[4 * n + 2 * h], bm[h]),
                        magic_code_bits(acc[4 * n + 2 * h + 1], bm[h]), T.uint32(0x0040)), "uint16")
            else:
                for n in dm.TILES:
                    Sh[(AU * 4 + (m0 + g + 8 * h) * LDB + 8 * n + 2 * t4) // 2] = T.cast(T.bitwise_or(
                        T.bitwise_and(qcode(acc[4 * n + 2 * h] * bm[h]), 255),
                        T.shift_left(T.bitwise_and(qcode(acc[4 * n + 2 * h + 1] * bm[h]), 255), 8)), "uint16")
    return codes


# ----------------------------------------------------------------------------- the registry's view
def _fits(cfg: KernelConfig) -> str | None:
    """Why ``regs`` / ``walk`` do not run `cfg` (None where they do; the shared memory is the registry's check)."""
    if cfg.layout != "v_first" or cfg.format != "int8":
        return f"layout must be 'v_first' and format 'int8', got {cfg.layout!r}, {cfg.format!r}"
    if not cfg.K == cfg.V == 128:
        return f"K and V must be 128 (a 16-row strip of S_p per warp), got K = {cfg.K}, V = {cfg.V}"
    if cfg.rank not in (0, 1, 2, 4, 8):
        return f"rank must be 0, 1, 2, 4 or 8, got {cfg.rank}"
    if cfg.boundary_threads not in (0, THREADS):
        return f"boundary_threads must be {THREADS} (eight warps), got {cfg.boundary_threads}"
    return None


REGS = Program(
    name="regs", role="boundary", summary="S_p kept in the warps' tensor-core accumulators, one list entry per program",
    fits=_fits, tiles=lambda cfg: dict(boundary_threads=THREADS), per_sm=lambda cfg: 2,
    shared_bytes=lambda cfg: shared_layout(cfg, walk=False).bytes,
    builder="leapquant.kernels.boundary.regs:regs_boundary_program")

WALK = Program(
    name="walk", role="boundary",
    summary="regs, with about two programs per SM walking the list, the next entry's inputs prefetched",
    fits=_fits, tiles=lambda cfg: dict(boundary_threads=THREADS), per_sm=lambda cfg: 2,
    shared_bytes=lambda cfg: shared_layout(cfg, walk=True).bytes,
    builder="leapquant.kernels.boundary.regs:walk_boundary_program")
