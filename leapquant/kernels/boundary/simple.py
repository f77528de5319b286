"""The ``simple`` boundary program: every layout and format, the refit in FP32 on CUDA cores.

Launch 2 of a decode step (:mod:`leapquant.kernels.decode` describes the pair and the buffers). Program (hv, b) of
the grid (HV, C) takes the decode's list entries b, b + C, … below the count cnt[par] — the slots whose window ends
this step — and for each: reconstructs S_p [K, V] (docs/math.md, eq. 7) in a register fragment in Z's own layout,
refits the compensators (power iteration warm-started from the stored K̃, one-warp modified Gram–Schmidt) on a padded
shared copy, recomputes the smoothing scales c [K] and B [V], quantizes and writes Z. The hv = 0 programs advance
every request's window position. FP8 residuals and the per-window BF16 state run here; so do shapes the other
boundaries do not take. Compiling needs tilelang (imported lazily).
"""

from leapquant.kernels.boundary.common import (
    advance_positions,
    list_entry,
    mgs_warp,
    qdiv_rcp,
)
from leapquant.kernels.config import KernelConfig
from leapquant.kernels.program import Program
from leapquant.kernels.tl import ZDT, nibble, rcp, tl, xdiv, zshape

F32, F16 = "float32", "float16"


class _Layout:
    """The program's sizes and index maps. S_p's fragment FS is Z's layout ([V, K] V-first), so that the code loads
    and the quantized stores run along its contiguous axis.

    PERM: the factor of the rank-(R + P) update along the fragment's rows (Û V-first, K̂ K-first) is stored
    [t, x mod NW, x div NW] — warp w owns rows x = NW e + w, so a thread's values of one term are contiguous
    (broadcast vector loads instead of scalar ones). MV: the mat-vecs keep all r outputs per thread (thread t: row
    t mod K, half t div K of the sum) where K = V = threads / 2; else fragment products."""

    def __init__(self, cfg: KernelConfig):
        self.cfg, self.vf = cfg, cfg.v_first
        self.Kd = 1 if cfg.family == "gdn" else cfg.K      # log-decay columns: GDN has one
        self.FS = (cfg.V, cfg.K) if self.vf else (cfg.K, cfg.V)
        self.NW = cfg.boundary_threads // 32
        self.PERM = self.FS[0] % self.NW == 0
        self.MV = cfg.K == cfg.V and cfg.boundary_threads == 2 * cfg.K

    def kv(self, x, y):         # fragment index -> (key row i, value column j)
        return (y, x) if self.vf else (x, y)

    def ss(self, Ss, i, j):     # S_p[i, j] from the padded shared copy
        return Ss[j, i] if self.vf else Ss[i, j]

    def kd(self, t, i):         # key factor t of key i
        return (t, i % self.NW, i // self.NW) if self.PERM and not self.vf else (t, i)

    def us(self, t, j):         # value factor t of value j
        return (t, j % self.NW, j // self.NW) if self.PERM and self.vf else (t, j)

    def gi(self, i):            # the log-decay column of key i
        return 0 if self.cfg.family == "gdn" else i


def shared_bytes(cfg: KernelConfig) -> int:
    """Shared memory per program (bytes), each buffer 16-byte aligned: the prefix sums G [P + 1, Kd], the update's
    key and value factors [R + P, K], [R + P, V] (fp32); S_p's padded copy [FS0, FS1 + 1] where the refit or the
    INT4 packing uses it; the refit's K̃ [K, R], W [V, R], K̂ [R, K], Û [R, V] and mat-vec hand-over [K, R]; and the
    smoothing's block reductions (a word per thread). The compiler may fit buffers of disjoint lifetimes into less."""
    L, K, V, P, R = _Layout(cfg), cfg.K, cfg.V, cfg.window, cfg.rank
    buffers = [(P + 1) * L.Kd, (R + P) * K, (R + P) * V]
    if R > 0 or cfg.format == "int4":
        buffers.append(L.FS[0] * (L.FS[1] + 1))
    if R > 0:
        buffers += [K * R, V * R, R * K, R * V, K * R]
    if cfg.format != "bf16":
        buffers.append(cfg.boundary_threads)
    return sum(-(-4 * n // 16) * 16 for n in buffers)


def _load_macros(T, cfg: KernelConfig):
    """(load_factors, reconstruct): the update's factors into shared memory, then S_p into the fragment Sf."""
    K, V, P, R = cfg.K, cfg.V, cfg.window, cfg.rank
    L = _Layout(cfg)
    Kd, FS, kv, kd, us, gi = L.Kd, L.FS, L.kv, L.kd, L.us, L.gi
    leap, i4 = cfg.format != "bf16", cfg.format == "int4"
    if leap:
        from leapquant.kernels.naive import QMAX
        invq = 1.0 / QMAX[cfg.format]

    def rgv(rg, s, hv, j, d):
        return rg[s, hv, j] if cfg.family == "gdn" else rg[s, hv, j, d]

    @T.macro
    def load_factors(G, Kds, Us, s, hv, rg, rk, ru, Kc, Uc):
        for j, d in T.Parallel(P, Kd):  # loads in parallel, then the prefix sums in place
            G[j + 1, d] = rgv(rg, s, hv, j, d)
        for d in T.Parallel(Kd):
            G[0, d] = 0.0
            for j in T.serial(P):
                G[j + 1, d] = G[j + 1, d] + G[j, d]
        for j, i in T.Parallel(P, K):
            Kds[kd(R + j, i)] = T.exp(G[P, gi(i)] - G[j + 1, gi(i)]) * T.cast(rk[s, hv, j, i], F32)
        for j, i in T.Parallel(P, V):
            Us[us(R + j, i)] = T.cast(ru[s, hv, j, i], F32)
        if R > 0:
            for j, i in T.Parallel(R, K):
                Kds[kd(j, i)] = T.exp(G[P, gi(i)]) * T.cast(Kc[s, hv, j, i], F32)
            for j, i in T.Parallel(R, V):
                Us[us(j, i)] = T.cast(Uc[s, hv, j, i], F32)
            # the power iteration's start K̃, beside the other loads (its latency off the refit's first barrier)
            Kp = T.alloc_shared((K, R), F32)
            for i, a in T.Parallel(K, R):
                Kp[i, a] = T.cast(Kc[s, hv, a, i], F32)
            return Kp

    @T.macro
    def reconstruct(Sf, G, Kds, Us, s, hv, Z, c, Bs):  # S = exp(G_P) (c ∘ Z / q ∘ B) + Σ_t K_t U_tᵀ
        for x, y in T.Parallel(*FS):
            i, j = kv(x, y)
            zv = nibble(T, Z[s, hv, x, y // 2], y % 2) if i4 else T.cast(Z[s, hv, x, y], F32)
            if leap:
                Sf[x, y] = T.exp(G[P, gi(i)]) * (c[s, hv, i] * (zv * invq) * Bs[s, hv, j])
            else:
                Sf[x, y] = T.exp(G[P, gi(i)]) * zv
        for t in T.serial(R + P):
            for x, y in T.Parallel(*FS):
                i, j = kv(x, y)
                Sf[x, y] += Kds[kd(t, i)] * Us[us(t, j)]
    return load_factors, reconstruct


def _product_macros(T, cfg: KernelConfig):
    """(matvec, fragment_products): the refit's products from S_p's shared copy — thread-per-row mat-vecs where
    K = V = threads / 2, else fragment products: W = Sᵀ K̃ (and with `both`, K̃ = S W)."""
    K, V, R = cfg.K, cfg.V, cfg.rank
    ss = _Layout(cfg).ss

    @T.macro
    def matvec(Ss, Xr, Out, Part, acc, tx, over_keys):  # Out[row, a] = Σ_k S[k, row] Xr[k, a] (or S[row, k])
        for a in T.unroll(R):
            acc[a] = 0.0
        for k0 in T.serial(K // 2):
            k = (tx // K) * (K // 2) + k0
            sv = ss(Ss, k, tx % K) if over_keys else ss(Ss, tx % K, k)
            for a in T.unroll(R):
                acc[a] += sv * Xr[k, a]
        if tx >= K:     # the second half hands its partial sums over
            for a in T.unroll(R):
                Part[tx % K, a] = acc[a]
        T.sync_threads()
        if tx < K:
            for a in T.unroll(R):
                Out[tx, a] = acc[a] + Part[tx, a]
        T.sync_threads()

    @T.macro
    def fragment_products(Ss, Kp, Wf, Ws, Knf, both):
        T.clear(Wf)
        for i in T.serial(K):
            for j, a in T.Parallel(V, R):
                Wf[j, a] += ss(Ss, i, j) * Kp[i, a]
        if both:
            T.copy(Wf, Ws)
            T.clear(Knf)
            for j in T.serial(V):
                for i, a in T.Parallel(K, R):
                    Knf[i, a] += ss(Ss, i, j) * Ws[j, a]
            T.copy(Knf, Kp)
    return matvec, fragment_products


def _refit_macro(T, cfg: KernelConfig):
    """refit: the power iteration on S_p's shared copy Ss from K̃ = Kp (`iters` rounds of W = Sᵀ K̃, K̃ = S W and
    Gram–Schmidt in warp 0), then Û = Sᵀ K̃; the fp16 compensators written out; Sf becomes the residual S − K̂ Ûᵀ."""
    K, V, R = cfg.K, cfg.V, cfg.rank
    L = _Layout(cfg)
    FS, MV, kv = L.FS, L.MV, L.kv
    matvec, fragment_products = _product_macros(T, cfg)
    mgs = mgs_warp(T, K, max(R, 1))

    def kusum(Kh, Uh, i, j):    # Σ_a K̂[i, a] Û[j, a], unrolled in a fixed order
        acc = Kh[0, i] * Uh[0, j]
        for a in range(1, R):
            acc = acc + Kh[a, i] * Uh[a, j]
        return acc

    @T.macro
    def orthonormalise(Kp, ml, red, tx):    # right-looking modified Gram–Schmidt in warp 0
        if tx < 32:
            for e in T.unroll(K // 32):
                for a in T.unroll(R):
                    ml[e, a] = Kp[e * 32 + tx, a]
            mgs(ml, red, red, tx)   # (its third argument is used only with markstein)
            for e in T.unroll(K // 32):
                for a in T.unroll(R):
                    Kp[e * 32 + tx, a] = ml[e, a]

    @T.macro
    def refit(Sf, Ss, Kp, s, hv, Kc, Uc):
        Ws = T.alloc_shared((V, R), F32)
        Wf = T.alloc_fragment((V, R), F32)
        Knf = T.alloc_fragment((K, R), F32)
        Kh = T.alloc_shared((R, K), F32)
        Uh = T.alloc_shared((R, V), F32)
        ml = T.alloc_local((K // 32, R), F32)
        red = T.alloc_local((R,), F32)
        tx = T.get_thread_binding(0)
        acc = T.alloc_local((R,), F32)
        Part = T.alloc_shared((K, R), F32)
        for x, y in T.Parallel(*FS):
            Ss[x, y] = Sf[x, y]
        for _it in T.serial(cfg.iters):
            if MV:
                matvec(Ss, Kp, Ws, Part, acc, tx, True)     # W = Sᵀ K
                matvec(Ss, Ws, Kp, Part, acc, tx, False)    # K = S W
            else:
                fragment_products(Ss, Kp, Wf, Ws, Knf, True)
            orthonormalise(Kp, ml, red, tx)
        if MV:
            matvec(Ss, Kp, Ws, Part, acc, tx, True)         # U = Sᵀ K
            for j, a in T.Parallel(V, R):
                Uh[a, j] = T.cast(T.cast(Ws[j, a], F16), F32)
                Uc[s, hv, a, j] = T.cast(Ws[j, a], F16)
        else:
            fragment_products(Ss, Kp, Wf, Ws, Knf, False)
            for j, a in T.Parallel(V, R):
                Uh[a, j] = T.cast(T.cast(Wf[j, a], F16), F32)
                Uc[s, hv, a, j] = T.cast(Wf[j, a], F16)
        for i, a in T.Parallel(K, R):
            Kh[a, i] = T.cast(T.cast(Kp[i, a], F16), F32)
            Kc[s, hv, a, i] = T.cast(Kp[i, a], F16)
        # the residual from the shared copy (Sf is dead through the iteration: fewer registers)
        for x, y in T.Parallel(*FS):
            i, j = kv(x, y)
            Sf[x, y] = Ss[x, y] - kusum(Kh, Uh, i, j)
    return refit


def _quantize_macro(T, cfg: KernelConfig):
    """quantize: the smoothing scales c_i = max(sqrt(mean_j |R_ij|), 1e-8), Y = R / c, B_j = max_i |Y_ij|, and the
    codes Z = round(Y q / B) (INT8, INT4 packed in pairs through the dead shared copy) or E4M3(Y · 448 / B)."""
    from leapquant.kernels.naive import QMAX
    K, V = cfg.K, cfg.V
    L = _Layout(cfg)
    FS, kv = L.FS, L.kv
    KAX, VAX = (1, 0) if cfg.v_first else (0, 1)   # the fragment's key-row and value-column axes
    i4, zdt = cfg.format == "int4", ZDT[cfg.format]

    @T.macro
    def quantize(Sf, Ss, s, hv, Z, c, Bs):
        cf = T.alloc_fragment((K,), F32)
        bf = T.alloc_fragment((V,), F32)
        T.reduce_abssum(Sf, cf, dim=VAX)
        for i in T.Parallel(K):
            cf[i] = T.max(T.sqrt(cf[i] / V), 1e-8)
        for x, y in T.Parallel(*FS):
            i, j = kv(x, y)
            # c_i >= 1e-8 is normal: only a subnormal S entry (a code of 0 either way) could differ from the IEEE
            # quotient, by one subnormal ulp
            Sf[x, y] = xdiv(T, Sf[x, y], cf[i], rcp(T, cf[i]))
        T.reduce_absmax(Sf, bf, dim=KAX)
        for x, y in T.Parallel(*FS):
            i, j = kv(x, y)
            if cfg.format in ("int8", "int4"):
                q = QMAX[cfg.format]
                zq = T.if_then_else(bf[j] > 0, T.clamp(T.round(Sf[x, y] * qdiv_rcp(T, q, bf[j])), -q, q), 0.0)
                if i4:   # codes into the (now dead) padded copy of S, packed in pairs below
                    Ss[x, y] = zq
                else:
                    Z[s, hv, x, y] = T.cast(zq, "int8")
            else:   # E4M3, round to nearest even (|x| <= 448: never saturates)
                Z[s, hv, x, y] = T.if_then_else(bf[j] > 0, T.cast(Sf[x, y] * qdiv_rcp(T, 448.0, bf[j]), zdt),
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
    return quantize


def simple_boundary_program(cfg: KernelConfig):
    """The TileLang prim_func of the ``simple`` boundary for the resolved `cfg`.

    idx: [N] the step's slots, wnext: [N] their positions after the decode, wpos: [NS] (advanced here);
    lst: [N] the slots at their window's end, cnt[par] their count; gsz: [C] sets the grid (HV, C).
    Z: [NS, HV, V, K] V-first else [NS, HV, K, V] (INT4: the last axis halved; bf16: the state itself),
    c: [NS, HV, K], Bs: [NS, HV, V], Kc: [NS, HV, max(R, 1), K], Uc: [NS, HV, max(R, 1), V], rk: [NS, HV, P, K],
    ru: [NS, HV, P, V], rg: [NS, HV, P] (GDN) or [NS, HV, P, K] (KDA)."""
    T = tl()
    HV, K, V, P, R = cfg.HV, cfg.K, cfg.V, cfg.window, cfg.rank
    L = _Layout(cfg)
    Kd, FS, NW, PERM, BT = L.Kd, L.FS, L.NW, L.PERM, cfg.boundary_threads
    vf, leap = cfg.v_first, cfg.format != "bf16"
    N, NS, C = T.dynamic("N"), T.dynamic("NS"), T.dynamic("C")
    zdt, Rz = ZDT[cfg.format], max(R, 1)
    rgshape = (NS, HV, P) if cfg.family == "gdn" else (NS, HV, P, K)
    advance = advance_positions(T, cfg, N, C, BT)
    load_factors, reconstruct = _load_macros(T, cfg)
    refit = _refit_macro(T, cfg)
    quantize = _quantize_macro(T, cfg)

    @T.prim_func
    def boundary(
        idx: T.Tensor((N,), "int32"), wnext: T.Tensor((N,), "int32"), wpos: T.Tensor((NS,), "int32"),
        cnt: T.Tensor((2,), "int32"), par: T.int32, lst: T.Tensor((N,), "int32"), gsz: T.Tensor((C,), "int32"),
        Z: T.Tensor(zshape(cfg, NS), zdt), c: T.Tensor((NS, HV, K), F32), Bs: T.Tensor((NS, HV, V), F32),
        Kc: T.Tensor((NS, HV, Rz, K), F16), Uc: T.Tensor((NS, HV, Rz, V), F16),
        rk: T.Tensor((NS, HV, P, K), F16), ru: T.Tensor((NS, HV, P, V), F16), rg: T.Tensor(rgshape, F32),
    ):
        with T.Kernel(HV, C, threads=BT) as (hv, b):
            T.annotate_min_blocks_per_sm(2)
            G = T.alloc_shared((P + 1, Kd), F32)
            Kds = T.alloc_shared((R + P, NW, K // NW) if PERM and not vf else (R + P, K), F32)
            Us = T.alloc_shared((R + P, NW, V // NW) if PERM and vf else (R + P, V), F32)
            Ss = T.alloc_shared((FS[0], FS[1] + 1), F32)
            Sf = T.alloc_fragment(FS, F32)
            advance(wpos, idx, wnext, hv, b)
            sl = T.alloc_local((1,), "int32")
            nb = T.alloc_local((1,), "int32")
            nb[0] = cnt[par]
            trips = T.ceildiv(T.max(nb[0] - b, 0), C)   # only the trips that have an entry
            for t in T.serial(trips):
                sl[0] = list_entry(T, N, cnt, par, lst, t * C + b)
                if sl[0] >= 0:
                    s = sl[0]
                    Kp = load_factors(G, Kds, Us, s, hv, rg, rk, ru, Kc, Uc)
                    reconstruct(Sf, G, Kds, Us, s, hv, Z, c, Bs)
                    if R > 0:
                        refit(Sf, Ss, Kp, s, hv, Kc, Uc)
                    if leap:
                        quantize(Sf, Ss, s, hv, Z, c, Bs)
                    else:
                        for x, y in T.Parallel(*FS):
                            Z[s, hv, x, y] = T.cast(Sf[x, y], zdt)

    return boundary


# ----------------------------------------------------------------------------- the registry's view
def _power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def _fits(cfg: KernelConfig) -> str | None:
    if cfg.K % 32:
        return f"K must be a multiple of 32 (Gram-Schmidt in one warp), got {cfg.K}"
    if not (_power_of_two(cfg.K) and _power_of_two(cfg.V)):   # TileLang lays out S_p's fragment and reductions
        return f"K and V must be powers of two (S_p's register fragment), got K = {cfg.K}, V = {cfg.V}"
    if cfg.boundary_threads and not (_power_of_two(cfg.boundary_threads) and 32 <= cfg.boundary_threads <= 1024):
        return f"boundary_threads must be a power of two from 32 to 1024, got {cfg.boundary_threads}"
    if cfg.rank and cfg.iters < 1:
        return f"iters must be >= 1 with rank > 0 (only walk and regs keep the keys without a refit), got {cfg.iters}"
    return None


# per_sm 1: the one program of FP8 and BF16 (and of shapes the others do not take) runs wherever one program fits an
# SM — FP8 at window 32 or rank 8 needs more than half of one; it is compiled for two (__launch_bounds__ min blocks,
# the register cap), resident where they fit
PROGRAM = Program(
    name="simple", role="boundary", summary="S_p in shared memory, CUDA-core refit in FP32: every layout and format",
    fits=_fits, tiles=lambda cfg: {"boundary_threads": 256},
    choices=lambda cfg: {"boundary_threads": (128, 256, 512)}, per_sm=lambda cfg: 1,
    shared_bytes=lambda cfg: shared_bytes(cfg), builder="leapquant.kernels.boundary.simple:simple_boundary_program")
