"""The ``smem`` boundary program: S_p only in one padded fp32 shared copy, K = V, INT8 or INT4 residuals.

Launch 2 of a decode step, with the contract of :mod:`leapquant.kernels.boundary.simple`: program (hv, b) of the
grid (HV, C) takes the list entries b, b + C, … below cnt[par], rebuilds S_p (docs/math.md, eq. 7), refits the
compensators, smooths and quantizes. No [K, V] register fragment: every phase reads and writes the shared copy with
explicit thread mappings, all conflict-free (a warp touches 32 consecutive words of one stored row, or one word of 32
consecutive rows, LD ≡ 1 mod 32 words apart), so a program needs few registers and little shared memory.

Row-wise passes (mat-vecs, residual, Y / B, codes) are split over HP = boundary_threads / K parts: 2, or 4 at 4 K
threads with one program per SM (the small-batch form: half the latency per program where one wave is the time).
INT4 at 2 K threads rebuilds S_p on fp16 tensor cores; where K is a multiple of 64 the refit's products run on TF32
tensor cores (operands truncated as naive.tf32_truncate does). Compiling needs tilelang (imported lazily).
"""

from types import SimpleNamespace

from leapquant.kernels.boundary.common import (
    advance_positions,
    factor_staging,
    list_entry,
    mgs_warp,
    qdiv_rcp,
    quantize_code,
    tf32_operand,
    word_code,
)
from leapquant.kernels.config import KernelConfig
from leapquant.kernels.program import Program
from leapquant.kernels.tl import ZDT, nibble, rcp, tl, xdiv, zshape

F32, F16 = "float32", "float16"
TR = 8          # reconstruction tile rows per warp
RB = 4          # residual pass: values loaded together
MAXLATE = 2     # tensor-core reconstruction: most 16-row strips whose tiles wait for the shared factors' last reads


def tensor_core_reconstruction(cfg: KernelConfig) -> bool:
    """Whether S_p is rebuilt on fp16 tensor cores (mma m16n8k8; the fp32 decayed key factors as hi + lo fp16
    halves, the fp16 value factors exact): INT4 at 2 K threads, where it runs faster than the CUDA-core form (INT8
    does not)."""
    return cfg.format == "int4" and cfg.boundary_threads == 2 * cfg.K


def min_blocks(cfg: KernelConfig) -> int:
    """Programs per SM the kernel is compiled for (__launch_bounds__): 3 at 2 K threads (<= 80 registers), 1 at 4 K
    (up to 128 registers)."""
    return 3 if cfg.boundary_threads == 2 * cfg.K else 1


class _Layout:
    """The one flat fp32 shared buffer Sm [TOT], reused by phase (offsets in words):

    - [0, SS): S_p in Z's layout, rows of LD = FS1 + 1 words;
    - [SS, SS + WB): the refit — K̃ [K, R], W / Û [V, R] (a key's or value's r values side by side: one broadcast
      vector load per S element), the mat-vec hand-over (HP − 1) × [K, R] — then the smoothing: c's partial sums,
      c, 1 / c, B's partial maxima and q / B;
    - [A0, TOT): the reconstruction only — the decayed key factors [R + P, K], the value factors [R + P, V] and
      exp(G_P) — over the refit area and the last rows of S_p, which are written last, after a barrier. On tensor
      cores: fp16 term pairs [n, LW] (values, keys hi, keys lo), exp(G_P), c and B.
    """

    def __init__(self, cfg: KernelConfig):
        K, V, P, R = cfg.K, cfg.V, cfg.window, cfg.rank
        self.cfg, self.K, self.V, self.P, self.R = cfg, K, V, P, R
        self.Kd = 1 if cfg.family == "gdn" else K
        self.BT = cfg.boundary_threads
        self.NW = self.BT // 32
        assert K == V and self.BT in (2 * K, 4 * K) and K % 32 == 0, "smem needs K = V = threads / 2 or / 4"
        self.HP = self.BT // K
        self.vf = cfg.v_first
        self.FS = (V, K) if self.vf else (K, V)
        self.LD = self.FS[1] + 1
        self.SS = self.FS[0] * self.LD
        # reconstruction tiles: chunk q holds stored rows [CR q, CR (q + 1)); warp w rows CR q + TR w + k, lane l
        # columns l + 32 c: per term one broadcast vector load (the TR row factors) and one vector load of the lane's
        # NC column factors (stored lane by lane, fx) for TR·NC FMAs
        self.NC = self.FS[1] // 32
        self.CR = self.NW * TR
        assert self.FS[0] % self.CR == 0 and (V // self.HP) % RB == 0
        self.NQ = self.FS[0] // self.CR
        self.LAST0 = (self.NQ - 1) * self.CR * self.LD     # first word of the last chunk's rows
        self._refit_areas()
        if tensor_core_reconstruction(cfg):
            self._tensor_core_areas()
        else:
            self._factor_areas()

    def _refit_areas(self):
        K, V, R, HP = self.K, self.V, self.R, self.HP
        self.KP, self.WS = 0, R * K
        self.PT = R * (K + V)            # the mat-vec hand-over (HP − 1 partials); then c's partial sums, c, 1/c
        self.CP, self.CF, self.RC = self.PT, self.PT + (HP - 1) * K, self.PT + HP * K
        self.BOFF = 0 if R * (K + V) >= HP * V else self.PT + (HP + 1) * K   # B's maxima, q/B (K̂, Û dead by then)
        self.BP, self.QB = self.BOFF, self.BOFF + (HP - 1) * V
        self.WB = max(self.PT + max((HP - 1) * R * K, (HP + 1) * K), self.BOFF + HP * V)

    def _factor_areas(self):
        K, V, P, R = self.K, self.V, self.P, self.R
        AW = (R + P) * (K + V) + self.Kd          # reconstruction factors + exp(G_P)
        self.TOT = self.SS + max(self.WB, AW - (self.SS - self.LAST0))
        self.A0 = (self.TOT - AW) // 4 * 4        # 16-byte aligned: a warp's TR row factors in one broadcast load
        assert self.A0 >= self.LAST0
        self.AK, self.AU, self.AE = self.A0, self.A0 + (R + P) * K, self.A0 + (R + P) * (K + V)

    def _tensor_core_areas(self):
        # the factors as fp16 words [n, LW] (two terms a word, terms padded to NK k-steps of 8), LW ≡ 4 (mod 8) words
        # so that a fragment read (rows g, words t of a quad) touches 32 distinct banks. The area shares the last
        # rows of S_p: the tiles of those rows (NL <= MAXLATE strips) stay in registers until every warp has read
        # its fragments
        K, V, P, R = self.K, self.V, self.P, self.R
        T8 = -(-(R + P) // 8) * 8
        self.NK = T8 // 8
        self.LW = T8 // 2 if (T8 // 2) % 8 == 4 else T8 // 2 + 4
        self.NSTRIP = self.FS[0] // 16
        assert self.NSTRIP == self.NW and self.FS[1] // 8 == 2 * self.NW
        AW = (V + 2 * K) * self.LW + self.Kd + K + V   # + exp(G_P), then c and B for the residual's dequantisation
        self.TOT = max(self.SS + self.WB, (self.NSTRIP - MAXLATE) * 16 * self.LD + AW)
        self.A0 = self.TOT - AW
        self.NL = max(0, self.NSTRIP - (self.A0 // self.LD) // 16)
        assert self.NL <= MAXLATE
        self.AU8, self.AH, self.AL = self.A0, self.A0 + V * self.LW, self.A0 + (V + K) * self.LW
        self.AE = self.A0 + (V + 2 * K) * self.LW
        self.AC, self.AB = self.AE + self.Kd, self.AE + self.Kd + K

    # ---- index maps
    def sx(self, x, y):                  # flat index of stored element (x, y)
        return x * self.LD + y

    def kv(self, x, y):                  # stored index -> (key row i, value column j)
        return (y, x) if self.vf else (x, y)

    def sij(self, i, j):                 # flat index of S_p[i, j]
        return self.sx(j, i) if self.vf else self.sx(i, j)

    def fx(self, t, n, nlen, keys=True):   # factor t of key / value n in its area: the column side (keys V-first,
        if keys == self.vf:                # values K-first) stored lane by lane — column n = l + 32 c at l NC + c —
            return t * nlen + (n % 32) * self.NC + n // 32   # so that a lane's NC tile columns are one vector load
        return t * nlen + n

    def vx(self, area, n, a):            # flat index of element a of r-vector n in a refit area
        return self.SS + area + n * self.R + a

    def part_off(self, tx, span):        # offset of thread tx's partial (part tx // K ≥ 1) in a hand-over of spans
        return (tx // self.K - 1) * span if self.HP > 2 else 0

    def parts_sum(self, first, Sm, base, span, tx):   # first + the other parts' partials, in part order
        tot = first
        for hp in range(1, self.HP):
            tot = tot + Sm[base + (hp - 1) * span + tx]
        return tot

    def gi(self, i):                     # the log-decay column of key i
        return 0 if self.cfg.family == "gdn" else i

    def rgv(self, rg, s, hv, j, i):
        return rg[s, hv, j] if self.cfg.family == "gdn" else rg[s, hv, j, i]


def shared_bytes(cfg: KernelConfig) -> int:
    """Shared memory per program (bytes): the one flat fp32 buffer of :class:`_Layout` (p 16, r 4, K = V = 128:
    72 192 bytes)."""
    return 4 * _Layout(cfg).TOT


def _vrange(T, R):
    """The loop over an r-vector's elements: one vector access where R is a power of two (aligned: R words apart)."""
    return T.vectorized(R) if R in (2, 4, 8, 16) else T.unroll(R)


def _allocate_macro(T, L: _Layout):
    """allocate(Z): the program's shared buffer and registers, as a namespace."""
    cfg, K, P, R, NC = L.cfg, L.K, L.P, L.R, L.NC
    Rz, I4 = max(R, 1), cfg.format == "int4"
    allocate_tc = _allocate_tc_macro(T, L)

    @T.macro
    def allocate(Z):
        Sm = T.alloc_shared((L.TOT,), F32)
        tx = T.get_thread_binding(0)
        gl = T.alloc_local((P + 1,), F32)
        zq = T.alloc_local((2,), "int32") if I4 else None   # a code and its neighbour's
        kr = T.alloc_local((Rz,), F32)
        xv = T.alloc_local((Rz,), F32)           # one r-vector of a refit area
        v4 = T.alloc_local((4,), F32)            # smoothing: c, q / B of four keys or rows
        w4 = T.alloc_local((4,), F32)            # 1 / c
        cc2 = T.alloc_local((2,), F32)           # codes: the lane's c and 1 / c (V-first) or q / B (K-first)
        nr = T.alloc_local((2,), F32)            # Gram–Schmidt: a column's norm and its reciprocal
        xq = T.alloc_local((RB * Rz,), F32)      # residual: Û[j, :] of RB values
        rq = T.alloc_local((RB,), F32)           # and their S_p[i, j]
        acc = T.alloc_local((max(TR * NC, R),), F32)   # a reconstruction tile, then a mat-vec's r sums
        rf = T.alloc_local((TR,), F32)
        cl = T.alloc_local((NC,), F32)
        rv = T.alloc_local((TR, 3), F32)         # per tile row: c or B, exp(G_P) (KDA, K-first)
        cv = T.alloc_local((NC, 3), F32)         # per tile column
        av = T.alloc_local((Rz,), F32)
        ml = T.alloc_local((K // 32, Rz), F32)
        red = T.alloc_local((Rz,), F32)
        sm = T.alloc_local((1,), F32)
        tc = allocate_tc(Sm, Z)
        return SimpleNamespace(Sm=Sm, tx=tx, gl=gl, zq=zq, kr=kr, xv=xv, v4=v4, w4=w4, cc2=cc2, nr=nr, xq=xq,
                               rq=rq, acc=acc, rf=rf, cl=cl, rv=rv, cv=cv, av=av, ml=ml, red=red, sm=sm, **tc)
    return allocate


def _allocate_tc_macro(T, L: _Layout):
    """allocate_tc(Sm, Z): the tensor cores' fragments — the TF32 refit's, the reconstruction's — as a dict."""
    cfg, R = L.cfg, L.R
    NT = -(-R // 8)                                  # n-tiles of 8 r-columns
    NA, NB = (1, 2) if L.vf else (2, 1)              # the reconstruction's A / B operand areas

    @T.macro
    def allocate_tc(Sm, Z):
        out = {}
        if cfg.tf32_refit:
            taf = T.alloc_local((4,), "uint32")
            tbf = T.alloc_local((2 * NT,), "uint32")
            tcf = T.alloc_local((4 * NT,), F32)
            out = {"taf": taf, "tbf": tbf, "tcf": tcf}
        if tensor_core_reconstruction(cfg):
            Sw = T.view(Sm, dtype="uint32")
            fv = T.alloc_local((2,), F32)
            h16 = T.alloc_local((2,), F16)
            l16 = T.alloc_local((2,), F16)
            af = T.alloc_local((NA * 2 * L.NK,), "uint32")
            bfr = T.alloc_local((NB * L.NK,), "uint32")
            cf = T.alloc_local((4,), F32)
            held = T.alloc_local((max(8 * L.NL, 1),), F32)
            zp = T.alloc_local((2 * L.NSTRIP,), "uint32")   # each tile's four codes, loaded before the factors
            Zq = Z                                       # the residual as the codes' prefetch reads it
            out = {**out, "Sw": Sw, "fv": fv, "h16": h16, "l16": l16, "af": af, "bfr": bfr, "cf": cf, "held": held,
                   "zp": zp, "Zq": Zq}
        return out
    return allocate_tc


def _load_factors_macro(T, L: _Layout):
    """load_factors(Sm, u, io, s, hv): the CUDA-core reconstruction's factors. Threads < K take the key side (the
    prefix sums of the log-decays in registers, the decayed records and compensators, exp(G_P); K̃'s start kept in
    kr), the others the value side."""
    K, V, P, R, Kd, HP = L.K, L.V, L.P, L.R, L.Kd, L.HP
    AK, AU, AE = L.AK, L.AU, L.AE

    @T.macro
    def load_factors(Sm, u, io, s, hv):
        tx, gl, kr = u.tx, u.gl, u.kr
        if tx < K:
            gl[0] = 0.0
            for j in T.unroll(P):
                gl[j + 1] = gl[j] + L.rgv(io.rg, s, hv, j, L.gi(tx))
            for j in T.unroll(P):
                Sm[AK + L.fx(R + j, tx, K)] = T.exp(gl[P] - gl[j + 1]) * T.cast(io.rk[s, hv, j, tx], F32)
            for a in T.unroll(R):
                kr[a] = T.cast(io.Kc[s, hv, a, tx], F32)
                Sm[AK + L.fx(a, tx, K)] = T.exp(gl[P]) * kr[a]
            # (R > 4: K̃'s start is read again after the reconstruction: 8 registers held through it would spill)
            if tx < Kd:
                Sm[AE + tx] = T.exp(gl[P])
        elif HP == 2 or tx < K + V:
            for a in T.unroll(R):
                Sm[AU + L.fx(a, tx - K, V, False)] = T.cast(io.Uc[s, hv, a, tx - K], F32)
            for j in T.unroll(P):
                Sm[AU + L.fx(R + j, tx - K, V, False)] = T.cast(io.ru[s, hv, j, tx - K], F32)
        T.sync_threads()
    return load_factors


def _reconstruct_macro(T, L: _Layout):
    """reconstruct(Sm, u, io, s, hv): S = exp(G_P) (c ∘ Z / q ∘ B) + Σ_t K_t U_tᵀ on CUDA cores, one register tile
    per chunk of CR stored rows; the last chunk's rows hold the factors, so its tile is stored after a barrier."""
    from leapquant.kernels.naive import QMAX
    cfg, K, V, P, R, vf = L.cfg, L.K, L.V, L.P, L.R, L.vf
    AK, AU, AE, NC, CR, NQ = L.AK, L.AU, L.AE, L.NC, L.CR, L.NQ
    gdn, I4, invq = cfg.family == "gdn", cfg.format == "int4", 1.0 / QMAX[cfg.format]

    def zcode(Z, s, hv, x, y):          # stored code (x, y) as float (INT4: its nibble of byte (x, y // 2))
        return nibble(T, Z[s, hv, x, y // 2], y % 2) if I4 else T.cast(Z[s, hv, x, y], F32)

    @T.macro
    def dequantize(Sm, u, io, s, hv, qc):   # acc = the tile's exp(G_P) (c ∘ Z / q ∘ B)
        tx, rv, cv, sm, acc = u.tx, u.rv, u.cv, u.sm, u.acc
        for k in T.unroll(TR):
            x = qc * CR + (tx // 32) * TR + k
            rv[k, 0] = io.Bs[s, hv, x] if vf else io.c[s, hv, x]
            if not gdn and not vf:
                rv[k, 1] = Sm[AE + x]
        for cc in T.unroll(NC):
            y = tx % 32 + 32 * cc
            cv[cc, 0] = io.c[s, hv, y] if vf else io.Bs[s, hv, y]
            if not gdn and vf:
                cv[cc, 1] = Sm[AE + y]
        if gdn:
            sm[0] = Sm[AE]
        for k in T.unroll(TR):
            for cc in T.unroll(NC):
                x = qc * CR + (tx // 32) * TR + k
                y = tx % 32 + 32 * cc
                ci = cv[cc, 0] if vf else rv[k, 0]
                bj = rv[k, 0] if vf else cv[cc, 0]
                ep = sm[0] if gdn else (cv[cc, 1] if vf else rv[k, 1])
                acc[k * NC + cc] = ep * (ci * (zcode(io.Z, s, hv, x, y) * invq) * bj)

    @T.macro
    def reconstruct(Sm, u, io, s, hv):
        tx, acc, rf, cl = u.tx, u.acc, u.rf, u.cl
        for qc in range(NQ):
            dequantize(Sm, u, io, s, hv, qc)
            for tt in T.serial(R + P):
                for k in T.vectorized(TR):    # the warp's TR row factors: one broadcast load
                    x = qc * CR + (tx // 32) * TR + k
                    rf[k] = Sm[(AU + tt * V + x) if vf else (AK + tt * K + x)]
                for cc in T.vectorized(NC):   # the lane's NC column factors, stored together
                    cl[cc] = Sm[(AK + tt * K + (tx % 32) * NC + cc) if vf else (AU + tt * V + (tx % 32) * NC + cc)]
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
                    Sm[L.sx(qc * CR + (tx // 32) * TR + k, tx % 32 + 32 * cc)] = acc[k * NC + cc]
    return reconstruct


def _tc_tiles(L: _Layout):
    """(TILES, LATE): the order of the tensor-core reconstruction's tiles (e: n-tile e % 2 of strip NSTRIP − 1 −
    e // 2). Tiles e < 2 NL are the late ones (rows the factors share): computed last, so that their held results
    do not add to the registers live through the other tiles. Python lists: loops over them unroll while the IR is
    built (range() would become a TIR loop)."""
    LATE = list(range(2 * L.NL))
    return list(range(2 * L.NL, 2 * L.NSTRIP)) + LATE, LATE


def _stage_tc_macro(T, L: _Layout):
    """stage(Sm, u, io, s, hv): the tensor-core reconstruction's inputs (INT4). Every tile's residual codes first
    (in flight while the factors are built), c and B into shared memory, the factors as fp16 term pairs [n, LW] —
    the key side (fp32 products) as hi + lo halves."""
    K, P, R, Kd, NW, NSTRIP = L.K, L.P, L.R, L.Kd, L.NW, L.NSTRIP
    stage_keys, stage_values = factor_staging(T, R, P, L.LW)
    TILES, _ = _tc_tiles(L)
    # the codes' prefetch goes first where the key side's registers allow it (p <= 16: the prefix sums hold p + 1
    # registers through the factor loop; at p = 32 it would spill), else after the factors
    ZEARLY = P <= 16

    def zpair(Zq, s, hv, x, y):         # codes (x, y), (x, y + 1), (x + 8, y), (x + 8, y + 1): two bytes in one word
        return T.bitwise_or(T.cast(Zq[s, hv, x, y // 2], "uint32"),
                            T.shift_left(T.cast(Zq[s, hv, x + 8, y // 2], "uint32"), T.uint32(8)))

    @T.macro
    def prefetch_codes(Zq, zp, s, hv, tx):
        for te in TILES:
            zp[te] = zpair(Zq, s, hv, (NSTRIP - 1 - te // 2) * 16 + tx % 32 // 4,
                           (tx // 32 + NW * (te % 2)) * 8 + 2 * (tx % 4))

    @T.macro
    def stage(Sm, u, io, s, hv):
        tx, gl, kr = u.tx, u.gl, u.kr
        if ZEARLY:
            prefetch_codes(u.Zq, u.zp, s, hv, tx)
        if tx < K:
            Sm[L.AC + tx] = io.c[s, hv, tx]
        else:
            Sm[L.AB + tx - K] = io.Bs[s, hv, tx - K]
        if tx < K:
            gl[0] = 0.0
            for j in T.unroll(P):
                gl[j + 1] = gl[j] + L.rgv(io.rg, s, hv, j, L.gi(tx))
            for a in T.unroll(R):
                kr[a] = T.cast(io.Kc[s, hv, a, tx], F32)
            stage_keys(u.Sw, L.AH, L.AL, gl, kr, io.rk, s, hv, tx, u.fv, u.h16, u.l16)
            if tx < Kd:
                Sm[L.AE + tx] = T.exp(gl[P])
        else:
            stage_values(u.Sw, L.AU8, io.Uc, io.ru, s, hv, tx - K)
        if not ZEARLY:
            prefetch_codes(u.Zq, u.zp, s, hv, tx)
        T.sync_threads()
    return stage


def _reconstruct_tc_macro(T, L: _Layout):
    """reconstruct_tc(Sm, u): S_p on fp16 tensor cores (INT4). Warp w takes n-tiles w and w + NW of every 16-row
    strip (the strips the factors share last); C = the dequantised residual, then C += A B (V-first B, K-first A:
    the key factors' hi and lo halves, one mma each)."""
    from leapquant.kernels.naive import QMAX
    cfg, NW, vf, NSTRIP, NK, LW, NL, AE, AC, AB = L.cfg, L.NW, L.vf, L.NSTRIP, L.NK, L.LW, L.NL, L.AE, L.AC, L.AB
    gdn, invq = cfg.family == "gdn", 1.0 / QMAX[cfg.format]
    RA = [L.AU8] if vf else [L.AH, L.AL]   # the A operand's areas (stored rows): V-first the values, else the keys
    CB = [L.AH, L.AL] if vf else [L.AU8]   # the B operand's areas (stored columns)
    RAI, CBI = list(range(len(RA))), list(range(len(CB)))
    TILES, LATE = _tc_tiles(L)

    def zterm(Sm, zw, h, d, x, y):      # exp(G_P) (c ∘ Z / q ∘ B) at stored (x, y), the CUDA-core product order; c,
        ci = Sm[AC + (y if vf else x)]  # B and exp(G_P) from shared memory, the code from the prefetched word
        bj = Sm[AB + (x if vf else y)]
        ep = Sm[AE] if gdn else Sm[AE + (y if vf else x)]
        return ep * (ci * (word_code(T, zw, 2 * h + d, True) * invq) * bj)

    @T.macro
    def load_fragments(Sw, u, m0, n0):
        tx, af, bfr = u.tx, u.af, u.bfr
        for kk in T.unroll(NK):
            for ia in RAI:
                af[ia * 2 * NK + 2 * kk] = Sw[RA[ia] + (m0 + tx % 32 // 4) * LW + 4 * kk + tx % 4]
                af[ia * 2 * NK + 2 * kk + 1] = Sw[RA[ia] + (m0 + tx % 32 // 4 + 8) * LW + 4 * kk + tx % 4]
            for ib in CBI:
                bfr[ib * NK + kk] = Sw[CB[ib] + (n0 + tx % 32 // 4) * LW + 4 * kk + tx % 4]

    @T.macro
    def reconstruct_tc(Sm, u):
        tx, af, bfr, cf, held = u.tx, u.af, u.bfr, u.cf, u.held
        for te in TILES:
            m0 = (NSTRIP - 1 - te // 2) * 16
            n0 = (tx // 32 + NW * (te % 2)) * 8
            load_fragments(u.Sw, u, m0, n0)
            for h in T.unroll(2):
                for d in T.unroll(2):
                    cf[2 * h + d] = zterm(Sm, u.zp[te], h, d, m0 + tx % 32 // 4 + 8 * h, n0 + 2 * (tx % 4) + d)
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
                        Sm[L.sx(m0 + tx % 32 // 4 + 8 * h, n0 + 2 * (tx % 4) + d)] = cf[2 * h + d]
        if NL > 0:
            T.sync_threads()
            for te in LATE:
                for h in T.unroll(2):
                    for d in T.unroll(2):
                        Sm[L.sx((NSTRIP - 1 - te // 2) * 16 + tx % 32 // 4 + 8 * h,
                                (tx // 32 + NW * (te % 2)) * 8 + 2 * (tx % 4) + d)] = held[4 * te + 2 * h + d]
    return reconstruct_tc


def _matvec_macro(T, L: _Layout):
    """matvec(Sm, xo, oo, acc, xv, tx, over_keys): Out[row, a] = Σ_k S[k, row] X[k, a] (over_keys) or S[row, k]
    X[k, a] on CUDA cores, the r-vectors X at refit area xo, Out at oo: thread tx takes row tx mod K over part
    tx div K of the contraction; the other parts hand their partial sums over (area PT), added in part order."""
    K, R, HP = L.K, L.R, L.HP

    @T.macro
    def matvec(Sm, xo, oo, acc, xv, tx, over_keys):
        for a in T.unroll(R):
            acc[a] = 0.0
        for k0 in T.serial(K // HP):
            k = (tx // K) * (K // HP) + k0
            sv = Sm[L.sij(k, tx % K)] if over_keys else Sm[L.sij(tx % K, k)]
            for a in _vrange(T, R):         # X[k, :]: the same k in every lane of the warp (a broadcast)
                xv[a] = Sm[L.vx(xo, k, a)]
            for a in T.unroll(R):
                acc[a] += sv * xv[a]
        if tx >= K:
            for a in _vrange(T, R):
                Sm[L.vx(L.PT + L.part_off(tx, R * K), tx % K, a)] = acc[a]
        T.sync_threads()
        if tx < K:
            for hp in list(range(1, HP)):         # the other parts' partials, in part order
                for a in _vrange(T, R):
                    xv[a] = Sm[L.vx(L.PT + (hp - 1) * R * K, tx, a)]
                for a in T.unroll(R):
                    acc[a] = acc[a] + xv[a]
            for a in _vrange(T, R):
                Sm[L.vx(oo, tx, a)] = acc[a]
        T.sync_threads()
    return matvec


def _matvec_tc_macro(T, L: _Layout):
    """matvec_tc(Sm, xo, oo, af, bfr, cf, tx, over_keys): matvec's Out on TF32 tensor cores (mma m16n8k8). Warp w
    takes the 16-row strip w mod NSTR of the product over part w div NSTR of the contraction (one part at 2 K
    threads, two at 4 K: the second hands its sums over as matvec does). A strip's fragment rows are 4 apart (mrow)
    so that a fragment load's 32 lanes hit 32 banks in either direction (stored element (x, y) at x LD + y,
    LD ≡ 1 mod 32: bank 4 g + t + const). Operands truncated to TF32, products summed in fp32."""
    K, R, NW = L.K, L.R, L.NW
    NSTR = K // 16
    NKP = NW // NSTR
    KT = K // 8 // NKP                  # k-steps of 8 per part
    NT = -(-R // 8)                     # n-tiles of 8 r-columns
    assert NSTR % 4 == 0 and NKP in (1, 2) and NKP - 1 <= L.HP - 1
    tf32 = tf32_operand(T)

    def mrow(st, g, h):                 # product row of strip st, fragment row g + 8 h
        return st % 4 + 4 * g + 32 * (2 * (st // 4) + h)

    @T.macro
    def matvec_tc(Sm, xo, oo, af, bfr, cf, tx, over_keys):
        st = tx // 32 % NSTR
        kp = tx // 32 // NSTR
        g = tx % 32 // 4
        t4 = tx % 4
        for i in T.unroll(4 * NT):
            cf[i] = 0.0
        # unrolled by 4 (#pragma unroll 4): a full unroll spills at the 80-register cap
        for kt in T.unroll(KT, annotations={"pragma_unroll_factor": 4}):
            k0 = (kp * KT + kt) * 8
            for i in T.unroll(4):           # a0 (g, t), a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4)
                af[i] = tf32(Sm[L.sij(k0 + t4 + 4 * (i // 2), mrow(st, g, i % 2))] if over_keys else
                             Sm[L.sij(mrow(st, g, i % 2), k0 + t4 + 4 * (i // 2))])
            for nt in T.unroll(NT):
                for i in T.unroll(2):       # b0 (k = t, n = g), b1 (k = t + 4, n = g): X[k, 8 nt + g]
                    bfr[2 * nt + i] = T.if_then_else(8 * nt + g < R, tf32(Sm[L.vx(xo, k0 + t4 + 4 * i, 8 * nt + g)]),
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
                            Sm[L.vx(L.PT, row, a)] = cf[4 * nt + i]
            T.sync_threads()
        if kp == 0:
            for nt in T.unroll(NT):
                for i in T.unroll(4):
                    row, a = mrow(st, g, i // 2), 8 * nt + 2 * t4 + i % 2
                    if a < R:
                        Sm[L.vx(oo, row, a)] = cf[4 * nt + i] + Sm[L.vx(L.PT, row, a)] if NKP > 1 else cf[4 * nt + i]
        T.sync_threads()
    return matvec_tc


def _refit_macro(T, L: _Layout):
    """refit(Sm, u, io, s, hv): the power iteration from the stored K̃ (`iters` rounds of W = Sᵀ K̃, K̃ = S W and
    right-looking Gram–Schmidt in warp 0, a lane's r values side by side: one vector access each), then Û = Sᵀ K̃;
    K̂, Û written out as fp16 and rounded in place (one owner each)."""
    cfg, K, V, R, BT = L.cfg, L.K, L.V, L.R, L.BT
    KP, WS = L.KP, L.WS
    TC = cfg.tf32_refit
    matvec = _matvec_macro(T, L)
    matvec_tc = _matvec_tc_macro(T, L) if TC else None
    mgs = mgs_warp(T, K, max(R, 1), markstein=True)

    @T.macro
    def refit(Sm, u, io, s, hv):
        tx, kr, ml = u.tx, u.kr, u.ml
        if tx < K:
            for a in T.unroll(R):
                Sm[L.vx(KP, tx, a)] = kr[a] if R <= 4 else T.cast(io.Kc[s, hv, a, tx], F32)
        T.sync_threads()
        for _it in T.serial(cfg.iters):
            if TC:
                matvec_tc(Sm, KP, WS, u.taf, u.tbf, u.tcf, tx, True)     # W = Sᵀ K
                matvec_tc(Sm, WS, KP, u.taf, u.tbf, u.tcf, tx, False)    # K = S W
            else:
                matvec(Sm, KP, WS, u.acc, u.xv, tx, True)
                matvec(Sm, WS, KP, u.acc, u.xv, tx, False)
            if tx < 32:
                for e in T.unroll(K // 32):
                    for a in _vrange(T, R):
                        ml[e, a] = Sm[L.vx(KP, e * 32 + tx, a)]
                mgs(ml, u.red, u.nr, tx)
                for e in T.unroll(K // 32):
                    for a in _vrange(T, R):
                        Sm[L.vx(KP, e * 32 + tx, a)] = ml[e, a]
            T.sync_threads()
        if TC:
            matvec_tc(Sm, KP, WS, u.taf, u.tbf, u.tcf, tx, True)         # U = Sᵀ K
        else:
            matvec(Sm, KP, WS, u.acc, u.xv, tx, True)
        for e in T.unroll((R * V + BT - 1) // BT):
            if e * BT + tx < R * V:
                fa, fj = (e * BT + tx) // V, (e * BT + tx) % V
                io.Uc[s, hv, fa, fj] = T.cast(Sm[L.vx(WS, fj, fa)], F16)
                Sm[L.vx(WS, fj, fa)] = T.cast(T.cast(Sm[L.vx(WS, fj, fa)], F16), F32)
        for e in T.unroll((R * K + BT - 1) // BT):
            if e * BT + tx < R * K:
                fa, fi = (e * BT + tx) // K, (e * BT + tx) % K
                io.Kc[s, hv, fa, fi] = T.cast(Sm[L.vx(KP, fi, fa)], F16)
                Sm[L.vx(KP, fi, fa)] = T.cast(T.cast(Sm[L.vx(KP, fi, fa)], F16), F32)
        T.sync_threads()
    return refit


def _smoothing_macros(T, L: _Layout):
    """(residual, value_scales): the residual R = S − K̂ Ûᵀ in place and c_i = max(sqrt(mean_j |R_ij|), 1e-8) —
    thread tx owns key tx mod K and V / HP of the values, RB values at a time with their loads before their stores
    (a store between them would make each load wait for it); then B_j = max_i |R_ij / c_i| — thread tx owns value
    tx mod V and K / HP of the keys, c and 1 / c of four keys in one vector load each; q / B_j stored for the codes
    (0 for an empty column)."""
    from leapquant.kernels.naive import QMAX
    K, V, R, HP, SS = L.K, L.V, L.R, L.HP, L.SS
    Rz, q = max(R, 1), QMAX[L.cfg.format]

    def kusum(av, uq, off):             # Σ_a K̂[i, a] Û[j, a] in a fixed order, K̂[i, :] in av, Û[j, :] in uq[off:]
        acc = av[0] * uq[off]
        for a in range(1, R):
            acc = acc + av[a] * uq[off + a]
        return acc

    @T.macro
    def residual(Sm, u, io, s, hv):
        tx, av, xq, rq, sm = u.tx, u.av, u.xq, u.rq, u.sm
        if R > 0:
            for a in _vrange(T, R):
                av[a] = Sm[L.vx(L.KP, tx % K, a)]
        sm[0] = 0.0
        for m in T.serial(V // HP // RB):
            for e in T.unroll(RB):
                j = (tx // K) * (V // HP) + m * RB + e
                if R > 0:
                    for a in _vrange(T, R):   # Û[j, :], the same j in every lane of the warp
                        xq[e * Rz + a] = Sm[L.vx(L.WS, j, a)]
                rq[e] = Sm[L.sij(tx % K, j)]
            for e in T.unroll(RB):
                j = (tx // K) * (V // HP) + m * RB + e
                if R > 0:
                    rq[e] = rq[e] - kusum(av, xq, e * Rz)
                    Sm[L.sij(tx % K, j)] = rq[e]
                sm[0] += T.abs(rq[e])
        if tx >= K:
            Sm[SS + L.CP + L.part_off(tx, K) + tx % K] = sm[0]
        T.sync_threads()
        if tx < K:
            sm[0] = T.max(T.sqrt(L.parts_sum(sm[0], Sm, SS + L.CP, K, tx) / V), 1e-8)
            Sm[SS + L.CF + tx] = sm[0]
            Sm[SS + L.RC + tx] = rcp(T, sm[0])
            io.c[s, hv, tx] = sm[0]
        T.sync_threads()

    @T.macro
    def value_scales(Sm, u, io, s, hv):
        tx, v4, w4, sm = u.tx, u.v4, u.w4, u.sm
        sm[0] = 0.0
        for m4 in T.serial(K // HP // 4):
            i0 = (tx // V) * (K // HP) + 4 * m4
            for e in T.vectorized(4):
                v4[e] = Sm[SS + L.CF + i0 + e]
            for e in T.vectorized(4):
                w4[e] = Sm[SS + L.RC + i0 + e]
            for e in T.unroll(4):
                sm[0] = T.max(sm[0], T.abs(xdiv(T, Sm[L.sij(i0 + e, tx % V)], v4[e], w4[e])))
        if tx >= V:
            Sm[SS + L.BP + L.part_off(tx, V) + tx % V] = sm[0]
        T.sync_threads()
        if tx < V:
            for hp in list(range(1, HP)):     # the other parts' maxima
                sm[0] = T.max(sm[0], Sm[SS + L.BP + (hp - 1) * V + tx])
            Sm[SS + L.QB + tx] = T.if_then_else(sm[0] > 0, qdiv_rcp(T, q, sm[0]), 0.0)
            io.Bs[s, hv, tx] = sm[0]
        T.sync_threads()
    return residual, value_scales


def _codes_macro(T, L: _Layout):
    """codes(Sm, u, io, s, hv): Z = round(R / c · q / B), lanes along the stored rows (Z's contiguous axis). V-first,
    q / B of four stored rows (the same in every lane of the warp) in one vector load, c and 1 / c of the lane's key
    once; K-first, c and 1 / c of four stored rows, q / B of the lane's value once. INT4: lanes y, y ^ 1 are
    neighbours, the even one writes both nibbles."""
    from leapquant.kernels.naive import QMAX
    FS, HP, SS, vf = L.FS, L.HP, L.SS, L.vf
    I4 = L.cfg.format == "int4"
    qcode = quantize_code(T, QMAX[L.cfg.format])   # the code of Y · q / B

    @T.macro
    def codes(Sm, u, io, s, hv):
        tx, v4, w4, cc2, zq = u.tx, u.v4, u.w4, u.cc2, u.zq
        if vf:
            cc2[0] = Sm[SS + L.CF + tx % FS[1]]
            cc2[1] = Sm[SS + L.RC + tx % FS[1]]
        else:
            cc2[0] = Sm[SS + L.QB + tx % FS[1]]
        for m4 in T.serial(FS[0] // HP // 4):
            x0 = (tx // FS[1]) * (FS[0] // HP) + 4 * m4
            y = tx % FS[1]
            if vf:
                for e in T.vectorized(4):
                    v4[e] = Sm[SS + L.QB + x0 + e]
            else:
                for e in T.vectorized(4):
                    v4[e] = Sm[SS + L.CF + x0 + e]
                for e in T.vectorized(4):
                    w4[e] = Sm[SS + L.RC + x0 + e]
            for e in T.unroll(4):
                if vf:
                    yq = xdiv(T, Sm[L.sx(x0 + e, y)], cc2[0], cc2[1]) * v4[e]
                else:
                    yq = xdiv(T, Sm[L.sx(x0 + e, y)], v4[e], w4[e]) * cc2[0]
                if I4:
                    zq[0] = T.cast(qcode(yq), "int32")
                    zq[1] = T.shfl_xor(zq[0], 1)
                    if y % 2 == 0:
                        io.Z[s, hv, x0 + e, y // 2] = T.cast(
                            T.bitwise_or(T.bitwise_and(zq[0], 15), T.shift_left(T.bitwise_and(zq[1], 15), 4)), "uint8")
                else:
                    io.Z[s, hv, x0 + e, y] = T.cast(qcode(yq), "int8")
        T.sync_threads()   # the next entry's loads overwrite the smoothing area
    return codes


def smem_boundary_program(cfg: KernelConfig):
    """The TileLang prim_func of the ``smem`` boundary for the resolved `cfg` (the buffers of
    :func:`leapquant.kernels.boundary.simple.simple_boundary_program`; Z INT8 or packed INT4).

    The phases are macros over u (the shared buffer and the registers, `allocate`) and io (the global tensors); they
    take the shared buffer Sm as an argument rather than naming it again, which would rename the buffer that the
    tensor-core reconstruction views as words."""
    T = tl()
    L = _Layout(cfg)
    HV, K, V, P, R, BT = cfg.HV, cfg.K, cfg.V, cfg.window, cfg.rank, L.BT
    N, NS, C = T.dynamic("N"), T.dynamic("NS"), T.dynamic("C")
    Rz = max(R, 1)
    rgshape = (NS, HV, P) if cfg.family == "gdn" else (NS, HV, P, K)
    tc_rebuild = tensor_core_reconstruction(cfg)
    allocate = _allocate_macro(T, L)
    advance = advance_positions(T, cfg, N, C, BT)
    if tc_rebuild:
        load, rebuild = _stage_tc_macro(T, L), _reconstruct_tc_macro(T, L)
    else:
        load, rebuild = _load_factors_macro(T, L), _reconstruct_macro(T, L)
    refit = _refit_macro(T, L)
    residual, value_scales = _smoothing_macros(T, L)
    codes = _codes_macro(T, L)

    @T.prim_func
    def boundary(
        idx: T.Tensor((N,), "int32"), wnext: T.Tensor((N,), "int32"), wpos: T.Tensor((NS,), "int32"),
        cnt: T.Tensor((2,), "int32"), par: T.int32, lst: T.Tensor((N,), "int32"), gsz: T.Tensor((C,), "int32"),
        Z: T.Tensor(zshape(cfg, NS), ZDT[cfg.format]), c: T.Tensor((NS, HV, K), F32), Bs: T.Tensor((NS, HV, V), F32),
        Kc: T.Tensor((NS, HV, Rz, K), F16), Uc: T.Tensor((NS, HV, Rz, V), F16),
        rk: T.Tensor((NS, HV, P, K), F16), ru: T.Tensor((NS, HV, P, V), F16), rg: T.Tensor(rgshape, F32),
    ):
        with T.Kernel(HV, C, threads=BT) as (hv, b):
            T.annotate_min_blocks_per_sm(min_blocks(cfg))
            u = allocate(Z)
            io = SimpleNamespace(Z=Z, c=c, Bs=Bs, Kc=Kc, Uc=Uc, rk=rk, ru=ru, rg=rg)
            advance(wpos, idx, wnext, hv, b)
            sl = T.alloc_local((1,), "int32")
            nb = T.alloc_local((1,), "int32")
            nb[0] = cnt[par]
            trips = T.ceildiv(T.max(nb[0] - b, 0), C)   # only the trips that have an entry
            for t in T.serial(trips):
                sl[0] = list_entry(T, N, cnt, par, lst, t * C + b)
                if sl[0] >= 0:
                    s = sl[0]
                    load(u.Sm, u, io, s, hv)
                    if tc_rebuild:
                        rebuild(u.Sm, u)
                    else:
                        rebuild(u.Sm, u, io, s, hv)
                    T.sync_threads()
                    if R > 0:
                        refit(u.Sm, u, io, s, hv)
                    residual(u.Sm, u, io, s, hv)
                    value_scales(u.Sm, u, io, s, hv)
                    codes(u.Sm, u, io, s, hv)

    return boundary


# ----------------------------------------------------------------------------- the registry's view
def _fits(cfg: KernelConfig) -> str | None:
    if cfg.format not in ("int8", "int4"):
        return f"format must be 'int8' or 'int4', got {cfg.format!r}"
    if cfg.K != cfg.V or cfg.K % 32 or cfg.K > 256:
        return f"K must equal V, be a multiple of 32 and at most 256, got K = {cfg.K}, V = {cfg.V}"
    if cfg.boundary_threads not in (0, 2 * cfg.K, 4 * cfg.K):
        return f"boundary_threads must be 2 K = {2 * cfg.K} or 4 K = {4 * cfg.K}, got {cfg.boundary_threads}"
    if cfg.rank and cfg.iters < 1:
        return f"iters must be >= 1 with rank > 0 (only walk and regs keep the keys without a refit), got {cfg.iters}"
    return None


PROGRAM = Program(
    name="smem", role="boundary",
    summary="S_p in one padded shared copy (INT4: rebuilt on fp16 tensor cores); at 4 K threads below small_batch",
    fits=_fits, tiles=lambda cfg: {"boundary_threads": 2 * cfg.K},
    choices=lambda cfg: {"boundary_threads": (2 * cfg.K, 4 * cfg.K)},
    per_sm=lambda cfg: 1 if cfg.boundary_threads == 4 * cfg.K else 2, shared_bytes=lambda cfg: shared_bytes(cfg),
    builder="leapquant.kernels.boundary.smem:smem_boundary_program")
