"""What a decode kernel is built from: its configuration and the small TileLang helpers both launches share.

Kept apart from the kernels so that :mod:`decode` and :mod:`boundary` (one kernel per file, as FLA's ops) can both
import it. Compiling needs tilelang (imported lazily; ``import leapquant`` never imports it).
"""


from dataclasses import dataclass, replace


WARP_SYNCHRONOUS = "leapquant.warp_synchronous"
"""A prim_func attribute: the program orders its shared memory itself (__syncwarp, each warp its own rows), so
TileLang's barrier planner — which would put block barriers between one warp's writes and its own reads, inside
loops whose trip counts differ per warp — must be off (decode_warp.py)."""


def compile_kernel(prim_func, target):
    """tilelang.compile(prim_func, target) with the pass options the program asks for (WARP_SYNCHRONOUS)."""
    import tilelang
    attrs = getattr(prim_func, "attrs", None)
    sync_off = bool(attrs is not None and attrs.get(WARP_SYNCHRONOUS, False))
    return tilelang.compile(prim_func, target=target,
                            pass_configs={"tl.disable_thread_storage_sync": True} if sync_off else None)


ZDT = {"int8": "int8", "int4": "uint8", "fp8e4m3": "float8_e4m3fn"}
"""TileLang dtype of the stored residual Z for each element format (naive.ZDTYPE in torch; INT4 packed)."""


def _code4(T, nib):
    """A 4-bit two's-complement code (0..15 as stored) as float32 −8..7."""
    return T.cast(nib - T.if_then_else(nib >= 8, 16, 0), "float32")


def _nibbles(T, byte):
    """(low code, high code) of a packed INT4 byte, as float32."""
    b = T.cast(byte, "int32")                                                  # 0..255
    return _code4(T, T.bitwise_and(b, 15)), _code4(T, T.shift_right(b, 4))


def _nibble(T, byte, h):
    """Code h (0: low nibble, 1: high) of a packed INT4 byte, as float32."""
    lo, hi = _nibbles(T, byte)
    return T.if_then_else(h == 0, lo, hi)


def _rcp(T, x):
    """The correctly rounded 1 / x."""
    return T.call_extern("float32", "__frcp_rn", x)


def _xdiv(T, x, d, rd):
    """x / d from rd = 1 / d: the correctly rounded quotient for normal x, d and x / d (Markstein: q0 = x·rd is
    within 1 ulp, e = x − d·q0 is exact, RN(q0 + rd·e) = RN(x / d)); the IEEE division it replaces takes this path
    too but adds a range check and a branch to a slow path per quotient (11 % of the v5 boundary's stalls)."""
    q0 = T.call_extern("float32", "__fmul_rn", x, rd)
    return T.call_extern("float32", "__fmaf_rn", rd, T.call_extern("float32", "__fmaf_rn", -d, q0, x), q0)


def _row_dots(T, LPR: int, RP: int, code_of):
    """The register read's two sums per Z row (decode.py's zrows and the pipelined decode): lane lt of the row's
    LPR lanes adds to acc (zeroed by the caller) its 16 codes (code_of(zbuf, ps, e), e < 16, as float) times its 16 key values of each vector,
    a butterfly over the row's lanes, and lane 0 stores row ps · RP + r0 of zr."""

    @T.macro
    def row_dots(acc, yl, zr, zbuf, ps, r0, lt):
        for e in T.unroll(16):
            zz = code_of(zbuf, ps, e)
            acc[0] += zz * yl[0, e]
            acc[1] += zz * yl[1, e]
        for st in T.unroll(LPR.bit_length() - 1):  # butterfly over the LPR lanes of the row
            acc[0] += T.shfl_xor(acc[0], LPR >> (st + 1))
            acc[1] += T.shfl_xor(acc[1], LPR >> (st + 1))
        if lt == 0:
            zr[0, ps * RP + r0] = acc[0]
            zr[1, ps * RP + r0] = acc[1]
    return row_dots


def _reduce_scatter(T, nv: int):
    """(macro over (pv, ln), split): a lane's nv partial sums pv[0..nv) (nv a power of two <= 32) summed over the warp
    and scattered at once (session 8) — stage st halves the values a lane keeps: across lane bit 4 − st a lane keeps one
    half and adds its partner's copy of it — so that after `split` = log2 nv stages, and butterflies over the remaining
    lane bits, lane ln holds sum ln >> (5 − split) in pv[0]: 2 nv shuffles where a butterfly per sum took 5 nv."""
    split = nv.bit_length() - 1

    @T.macro
    def reduce_scatter(pv, ln):
        for st in list(range(split)):   # Python lists: unrolled while the IR is built
            half = nv >> (st + 1)
            up = T.bitwise_and(T.shift_right(ln, 4 - st), 1) == 1
            for e in list(range(half)):
                pv[e] = T.if_then_else(up, pv[e + half], pv[e]) + T.shfl_xor(
                    T.if_then_else(up, pv[e], pv[e + half]), 16 >> st)
        for st in list(range(split, 5)):
            pv[0] += T.shfl_xor(pv[0], 16 >> st)
    return reduce_scatter, split


def _zshape(cfg, NS):
    """Z's buffer shape: [slots, HV, V, K] V-first else [slots, HV, K, V]; INT4 halves the last axis."""
    last = (cfg.K if cfg.v_first else cfg.V) // (2 if cfg.mode == "leap" and cfg.zfmt == "int4" else 1)
    return (NS, cfg.HV, cfg.V, last) if cfg.v_first else (NS, cfg.HV, cfg.K, last)


SM_SHARED_BYTES = 228 * 1024    # shared memory per SM on sm_90 (H100 / H200)
BLOCK_RESERVED_BYTES = 1024      # what the driver reserves per resident program


@dataclass(frozen=True)
class DecodeConfig:
    """One decode layer's kernels: the problem (kind, mode, zfmt, H, HV, K, V, p, r, v_first), the tiles, and the
    version switches — the tuner's search space. A switch left None turns on where it fits and was measured faster
    (its comment says where and by how much; NOTES.md has every version). What the defaults resolve to for V-first
    INT8 at K = V = 128:

    - decode: v14 (``pipe_warp``: one warp per (request, head) walking its own requests with no block barrier, the
      next request's records copied in by cp.async; KDA's record decays by ex2.approx from suffix sums,
      ``warp_fexp`` / ``warp_gsuffix``) at every batch where it fits; where it does not (p 32, r 16) v8
      (``pipe_zmma``: persistent whole-head programs, the residual products on INT8 tensor cores) — for KDA, and for
      GDN below ``z1_below`` = 384 requests, v9 (``pipe_z1``: one Z buffer, more programs per SM);
    - boundary: v12 (``bv12``: S_p kept in the warps' mma accumulators, two programs per SM) with the refit's
      products on TF32 tensor cores (``bmv_tf32``), walking the list with the next entry prefetched (``bwalk``), one
      form at every batch. Where v12 does not fit (K-first, INT4, r 16, other K): v7 (``bv7``: S_p in one padded
      shared copy, 3 programs per SM) with the refit's mat-vecs on TF32 tensor cores (v11), below ``small_batch`` = 64
      requests at 512 threads (``small_bthreads``); INT4 reconstructs on fp16 tensor cores (v8, ``bv8``); FP8
      residuals use v6. v12's refit loads its operands without a branch per tile (``bhoist``). Opt-in on v12:
      ``bchol``, ``refit_every`` (the power iteration at every k-th window only; measured slower than ``iters=1``).

    ``decode_config(N)`` and ``small_batch_boundary()`` give the configuration a step of N requests actually runs;
    ``tag`` names a configuration in benchmark rows and caches.
    """

    kind: str = "gdn"          # "gdn" (scalar decay) | "kda" (per key channel)
    mode: str = "leap"         # "leap" (INT8 + compensators + smoothing) | "window_bf16"
    zfmt: str = "int8"         # the residual's elements in mode leap: "int8" | "int4" (packed) | "fp8e4m3" (naive.QMAX)
    H: int = 32
    HV: int = 32
    K: int = 128
    V: int = 128
    p: int = 16
    r: int = 4
    v_first: bool = True
    BV: int | None = None      # value rows per program; None with threads None: V on the v7 decode where it applies
                               # (the whole head per program), else 64 (v3 default; 32 in v1–v2)
    threads: int | None = None  # None: 128 (on the v7 decode, KDA without tensor cores 256: measured best), else 128
    iters: int = 2             # power iterations at the boundary; 0 (v12 only): no refit — the stored K̂ kept, Û =
                               # S_pᵀ K̂ re-projected (the refit's timing twin; a tuner point)
    refit_every: int = 1       # v12 only (NOTES.md "Session 19"; Pipeline.refit_every): the power iteration at every
                               # k-th boundary of a (slot, head) — its count in LeapState.windows —, the iters = 0 path
                               # between; the boundary's programs then take list entries by an atomic counter per head
                               # (entry_counter, zeroed by the decode one step ahead): refitting entries cost ~2x others.
                               # 1: every window (the default; the generated CUDA without counter or table). Opt-in:
                               # GPU-tested, but only 3 % faster at k 4 and slower at k 2 / batch 32 (session 20);
                               # iters = 1 is the cheaper refit
    bthreads: int = 256        # threads of the boundary program
    bminblocks: int = 2        # boundary programs per SM (__launch_bounds__ min blocks; v3: 2 caps it at
                               # 128 registers instead of 168–250 = one program per SM in v1–v2)
    out_dtype: str = "bfloat16"  # "float32" for tight tests
    compact: bool = True       # v3: boundary grid over the list of requests at their window's end
    dminblocks: int | None = None  # decode programs per SM for __launch_bounds__ (0: TileLang's default;
                               # None: 6 with zrows — 80 registers, no spills — else 0)
    bv5: bool | None = None    # v5 boundary (default since 2026-11-30; NOTES.md v5): trips of the list loop from the
                               # count read once, Gram–Schmidt in one warp with shuffles, and (when K = V = bthreads / 2)
                               # mat-vecs with all r outputs per thread. None: on where it fits (K % 32 == 0); False: v4
    bv6: bool | None = None    # v6 boundary (on top of v5; default since 2026-11-30, NOTES.md v6): exact reciprocal-based
                               # divisions, right-looking Gram–Schmidt, early compensator load, conflict-free residual and
                               # broadcast-vector reconstruction. None: on wherever v5 is; False: v5 alone
    bv7: bool | None = None    # v7 boundary (on top of v6; NOTES.md v7): S_p only in one padded shared copy (no register
                               # fragment; the records/compensators share its last rows during the reconstruction),
                               # <= 80 registers and ~72 KB shared -> 3 programs per SM. Leap INT8 only, K = V = bthreads / 2.
                               # None: on where it fits (7 % faster at batch 512, 10 % slower at 32 on the H200)
    bv8: bool | None = None    # v8 boundary (on top of v7; NOTES.md "v8 boundary"): S_p's reconstruction on fp16 tensor
                               # cores (mma m16n8k8; the fp32 decayed key factors as hi + lo fp16 halves, the fp16 value
                               # factors exact). Its first form (v8a) ran 21 % fewer instructions but was slower on the
                               # H200 (GDN 512 275 vs 252 us: each tile waited on its own residual loads; INT4 308 vs
                               # 328 us faster); the current form (v8c) prefetches every tile's codes: INT8 still
                               # slower than v7 (GDN 512 251.3 vs 244.8 us), INT4 faster (291.9 vs 318.3; KDA 512 316.1
                               # vs 344.2; session 7). None: on for INT4 where v7 is, off for INT8
    zrows: bool | None = None  # v4b (V-first INT8 only): Z read straight into registers, 8 lanes per 128-byte row,
                               # partial sums over 16 bytes per lane and a 3-step shuffle per row (no Zs tile);
                               # None: on wherever it applies (the faster decode on the H200, NOTES.md v4b)
    pipe: bool | None = None   # v6 decode (decode_pipelined.py): persistent programs that walk requests with the next
                               # request's loads in flight (cp.async, double-buffered); needs zrows, compact, K % 32 == 0.
                               # None: on where it fits; False: the v4b decode (one program per request and tile)
    pipe_maxit: int = 64       # v6: most requests one program walks (its slot list lives in shared memory)
    pipe_fill: float = 3.0     # v6: programs launched per resident slot (dminblocks per SM): 1 = one wave of persistent
                               # programs; more = shorter walks (at batch 32 one request per program wins; NOTES.md v6)
    small_batch: int = 64      # steps with fewer requests than this run the persistent decode in one wave (pipe_fill 1)
                               # and, where the v7 boundary is on, the v6 boundary: a single program's latency is the
                               # time there (H200, batch 32: GDN 42.1 -> 39.2 us with fill 1, 39.5 with v6; NOTES.md v8).
                               # 0 turns the switch off
    pipe_zsmem: bool | None = None  # v7 decode: the Z tile through double-buffered shared memory by cp.async instead of
                               # a second register set, so that one program can take a whole head (BV = V): the
                               # per-request prologue (prefix sums, 21 key-length dot products, the issue of the loads)
                               # once per head instead of once per value tile. None: on (with BV = V) where it fits and
                               # BV, threads were left to the default (GDN 512: decode 225 -> 168 us, NOTES.md v7)
    pipe_zmma: bool | None = None  # v8 decode (NOTES.md v8): the Z products on INT8 tensor cores (mma m16n8k32) — the
                               # two vectors as three signed byte digits of a 22-bit fixed-point value (naive.zdot_int8_mma
                               # is the arithmetic) — instead of a PRMT, FADD and 2 FFMA per code. Needs pipe_zsmem, INT8,
                               # K a multiple of 64 and 16-row blocks per warp (BV / warps). None: on where it fits
                               # (GDN 512: decode 168 -> 150 us, step 1.83x -> 1.97x FLA)
    pipe_z1: bool | None = None  # v9 decode (NOTES.md "v9 decode"): one Z buffer instead of two — each warp copies
                               # the next request's Z rows (its own 16-row blocks) right after its mma has read the
                               # current ones, so they are in flight during the rest of the request and the next
                               # one's prologue. 18.4 KB less shared memory per program: 4 programs per SM (GDN) or
                               # 3 (KDA) instead of 3 / 2. Needs pipe_zmma. None: on for KDA (H200, session 7: KDA
                               # 512 353.5 -> 281.5 us, 256 185.2 -> 149.9, 32 45.1 -> 38.8), off for GDN (4 per SM
                               # measured level: 512 244.3 -> 247.2, 256 131.4 -> 130.5, 32 35.7 -> 34.0)
    small_bthreads: int | None = None  # the boundary below small_batch requests (where v7 is on): 0 — the v6
                               # boundary; 4 K — the v7 boundary at 4 K threads, one program per SM (every row-wise
                               # pass over quarters: half the latency per program where one wave of boundary programs
                               # is the time; NOTES.md "For the batch-32 goal"). None: 4 K where v7 is on (H200,
                               # session 9, batch 32: GDN 34.8 -> 30.3 us, KDA 38.0 -> 32.9; INT4 45.4 -> 35.8, 47.9 -> 37.7)
    pipe_zdig: bool = False    # v10 decode (NOTES.md "v10 decode"): the mma's B columns — three byte digits of
                               # each vector's fixed-point keys — built once per request in a 768-byte shared table
                               # (thread d: key d of both vectors, the maxima of |y| per warp in shared memory)
                               # instead of by every lane quad of every warp (16 times over). The same bits. Needs
                               # pipe_zmma and K = threads. Opt-in: measured slower on the H200 (session 9: GDN 512
                               # 227.1 vs 222.1 us; ncu −1 % instructions, one more barrier per request)
    pipe_dtc: bool = False     # v13 decode (NOTES.md "Session 13"): GDN's key-length dot products (p records,
                               # r compensators, kᵀq against x, y, q·scale) on TF32 tensor cores — the rows exact in
                               # TF32 (fp16), the vectors as TF32 hi + lo pairs (~2^-20 relative) — instead of 4
                               # FFMA-chains per lane and row plus a warp reduce-scatter; one more barrier per request
                               # (the warps' partial sums). Needs pipe_zmma, GDN (KDA's records decay per key channel)
                               # and K a multiple of 8 keys per warp. Opt-in: measured slower on the H200 (session 13:
                               # GDN 512 213.9 vs 207.7 us; ncu 5 % fewer instructions, decode 142.6 vs 134.9 us)
    warp_ahead: bool = False   # v14b (NOTES.md "Session 14"): v14 with the request's q, k, v, log-decay, β, c and B copied
                               # into the warp's shared memory one request ahead (with its records) and its first two
                               # Z blocks loaded at the end of the previous request — the loads v14 still waits for at
                               # each request's start (44 % of its stall samples at GDN 512). +2 KB of shared memory
                               # per warp. Needs pipe_warp. Opt-in: level on the H200 (session 15, GPU-verified: GDN 512
                               # 182.7 vs 183.7 us, 256 97.9 vs 98.5, 32 26.3 vs 26.0; KDA 512 243.0 vs v14's 239.4)
    warp_fexp: bool | None = None  # v14 for KDA: the records' per-key decays by ex2.approx (decode_warp.FAST_EXP, two
                               # instructions against expf's ~9) on every record, without a branch on j < m (the rows
                               # past m are zero-filled keys at e^0 = 1); the token's decay and e^{G_m} stay expf (by
                               # ex2.approx too the step measured 1 % slower, session 16).
                               # Needs pipe_warp and kind kda (GDN has one decay per record). Default (None): on with
                               # KDA's v14 (session 16, with warp_gsuffix: KDA 512 241.7 -> 207.2 us; alone 224.5)
    warp_gsuffix: bool | None = None  # with warp_fexp: KDA's record weights in one backward pass over the records, each
                               # record's decay from the suffix sum of the later ones' log-decays (the reference takes
                               # differences of prefix sums: the same value to a few ulp), the sum's end being G_m — each
                               # log-decay row read once instead of twice. Default (None): on with warp_fexp
    pipe_warp: bool | None = None  # v14 decode (decode_warp.py, NOTES.md "Session 14"): one warp per (request, head),
                               # each walking its own requests with no block barrier — the v8 arithmetic (pipe_zmma), the
                               # next request's records copied into the warp's shared memory one request ahead, Z blocks
                               # loaded two ahead into mma fragments; 3 programs of 4 warps per SM. Needs pipe_zmma,
                               # K = V = BV = 128, p <= 16, r <= 8; not with pipe_z1, pipe_zdig or pipe_dtc. None: on
                               # where it fits, unless pipe_z1 asks for v9 — GDN since session 14 (H200: GDN 512 204.3 ->
                               # 183.0 us, 256 108.1 -> 98.0, 32 level), KDA since session 16 with warp_fexp and
                               # warp_gsuffix (KDA 512 241.7 -> 207.2 us against v9, 256 126.2 -> 111.5, 32 29.8 -> 27.4)

    bmv_tf32: bool | None = None  # v11 boundary (NOTES.md "v11 boundary"): the refit's power-iteration mat-vecs on
                               # TF32 tensor cores (mma m16n8k8, operands truncated to TF32 — 10 mantissa bits — and
                               # accumulated in fp32) instead of r FFMA per S element on CUDA cores; the reference
                               # (naive.boundary(tf32=True); the pipeline's PowerIteration(tf32=True)) truncates the same
                               # operands. Needs the v7 boundary and K a multiple of 64. None: on where it fits (H200,
                               # session 9: GDN 512 222.1 -> 212.8 us, KDA 512 262.1 -> 251.2, GDN 256 r 8 148.4 -> 131.9)
    tf32_mask: bool = True     # v11: clear the operands' 13 low mantissa bits in the kernel (one LOP3 per fragment word).
                               # False leaves the truncation to the tensor core: the H200's truncates (benchmarks/
                               # tf32_probe.py: the same bits, GPU test test_tf32_unmasked_keeps_the_bits), other
                               # architectures are unmeasured — a GPU that rounded instead would drift from the
                               # reference by ~2^-11 per operand. Opt-in: measured 0.1-0.7 % faster on the H200 (NOTES.md
                               # "Session 10, second call")

    bv12: bool | None = None   # v12 boundary (boundary_regs.py, NOTES.md "v12 boundary"): S_p never stored — each warp
                               # keeps a 16-row strip in its mma accumulators from the v8 reconstruction to the codes;
                               # row-wise passes in a quad, column-wise ones by shuffles + one shared hand-over; ~10
                               # barriers instead of ~20. The refit's products on TF32 tensor cores from the accumulators
                               # (bmv_tf32 None / True; False: in fp32 on CUDA cores) and at every batch (no
                               # small-batch form: a request's bits must not depend on its batch). V-first
                               # INT8, K = V = 128, bthreads 256, r in {0, 1, 2, 4, 8}. None: on where it fits and no
                               # small-batch boundary was asked for (small_bthreads; H200, session 11, TF32 refit: GDN 32
                               # 28.2 -> 26.4 us, 512 212 -> 209)

    bmovm: bool | None = None  # v12 (NOTES.md "Session 13", "Session 14"): the TF32 refit's column-wise 8×8 transposes
                               # by movmatrix (two per block, the fp32 values' 16-bit halves) instead of two shuffles and
                               # a select per value. Needs bv12 with bmv_tf32. None: on where they run (H200, session 14:
                               # faster at all six points, GDN 512 205.9 -> 203.0 us, KDA 512 244.5 -> 242.1)
    bwalk: bool | None = None  # v12 walking (NOTES.md "The walking, prefetching v12"): a boundary grid of about two
                               # programs per SM, each walking several entries of the list with the next entry's inputs
                               # (codes, c, B, compensators, records) copied into shared memory by cp.async while the
                               # current one computes — the loads' latency (21 % of v12's stall samples at GDN 512) off
                               # the chain. The same arithmetic as v12. Needs bv12 and shared memory for two programs
                               # per SM (r <= 4 at p 16). None: on where it fits (H200, session 12: boundary at GDN 512
                               # 80.5 -> 76.5 us in ncu, step 210.1 -> 207.7; level at batch 32 / 256)
    bhoist: bool | None = None  # v12 (NOTES.md "Session 17"): the TF32 row-wise products' K̃ operands and the residual
                               # mma's K̂ operands loaded by every lane (index clamped in range) and zeroed past r by a
                               # select, instead of a load inside a branch per tile (BSSY / BRA / BSYNC and the address
                               # recomputed 16 times per product). The same arithmetic. None: on where bv12 (H200,
                               # sessions 17 / 20: GDN 512 -3 %, KDA 512 -3 %; its v12 GPU tests passed in session 20)
    bchol: bool | None = None  # v12 (NOTES.md "Session 17"): the refit's orthonormalisation after each power iteration
                               # by scaled Cholesky QR (boundary_common.cholqr_warp: one round of Gram reductions, MGS
                               # where a pivot < CHOL_TAU) instead of MGS's 2r − 1 dependent reductions — the same Q in
                               # exact arithmetic; the reference follows (naive.orthonormalise_chol, LeapState.orth =
                               # ref_orth). Needs bv12, r in {1, 2, 4}, iters >= 1. None: off (opt-in until measured)
    brecords: bool = False     # v12 (NOTES.md "Session 22"): the refit on the window's buffered factors only — the
                               # power iteration on L = A Bᵀ (compensators + records, rank <= r + p) in A's coefficient
                               # space from their Gram matrices (fp16 tensor cores), K̂ = A C — instead of on the dense
                               # S_p; Û = S_pᵀ K̂ as before. Where its scaled Cholesky meets a pivot < CHOL_TAU, the
                               # S_p iteration (the fall-back). The reference: naive.fit_compensators_records (refit
                               # "records"). Needs bv12, r in {1, 2, 4, 8}, iters >= 1, r + p <= 32, no bchol, no
                               # refit_every. Opt-in: level with the S_p refit on the H200 at batch 256 / 512 and
                               # slower at 32 (session 22: GDN 512 175.9 vs 178.1 us, KDA 512 205.1 vs 204.6; GDN 32
                               # 26.7 vs 24.8), state error +2.0 % (GDN) / +1.4 % (KDA) over it at 32K bytes
    z1_below: int | None = None  # GDN: steps below this many requests run the v9 decode (pipe_z1, one Z buffer, at its
                               # 4 programs per SM) instead of v8 — the same bits (CPU emulation: outputs and states
                               # identical), faster at small and middle batches (H200 s9c: batch 32 29.8 -> 28.3 us,
                               # 256 114.6 -> 113.7; 512 slower, 212.8 -> 216.0; s8c agreed). None: 384 for GDN where
                               # v8 is the automatic choice (pipe_z1 and dminblocks left to the default), else 0

    def __post_init__(self):
        if self.kind not in ("gdn", "kda"):
            raise ValueError(f"kind must be gdn or kda, got {self.kind!r}")
        if self.mode not in ("leap", "window_bf16"):
            raise ValueError(f"mode must be leap or window_bf16, got {self.mode!r}")
        if self.zfmt not in ZDT:
            raise ValueError(f"zfmt must be one of {list(ZDT)}, got {self.zfmt!r}")
        auto_shape = self.BV is None and self.threads is None
        # measured best (NOTES.md v7, v8): 128 threads with the tensor-core Z products; KDA without them 256
        # INT4: 256 threads (GDN 512: 421 us vs 470 for its register-Z pipelined decode and 926 for the shared-tile
        # read, NOTES.md v7)
        zs_shape = (self.V, 256 if self.zfmt == "int4" or (self.kind == "kda" and self.pipe_zmma is False) else 128)
        if self.pipe_zsmem is None:   # the v7 decode where it applies, on its measured shape
            object.__setattr__(self, "pipe_zsmem", bool(
                auto_shape and self.pipe is not False and self.zrows is not False and self.zfmt in ("int8", "int4")
                and self._pipe_fits(*zs_shape) and self.V % 16 == 0))
        if self.pipe_zsmem and auto_shape:
            object.__setattr__(self, "BV", zs_shape[0])
            object.__setattr__(self, "threads", zs_shape[1])
        if self.BV is None:
            object.__setattr__(self, "BV", 64)
        if self.threads is None:
            object.__setattr__(self, "threads", 128)
        if self.zfmt == "int4" and (self.K % 2 or self.BV % 2):
            raise ValueError(f"int4 packs code pairs: K and BV must be even, got K = {self.K}, BV = {self.BV}")
        if self.HV % self.H or self.V % self.BV:
            raise ValueError("HV must be a multiple of H and V a multiple of BV")
        if self.mode == "window_bf16" and self.r:
            object.__setattr__(self, "r", 0)
        bv5_fits = self.K % 32 == 0 and self.bthreads >= 32
        if self.bv5 is None:
            object.__setattr__(self, "bv5", bv5_fits)
        if self.bv5 and not bv5_fits:
            raise ValueError(f"bv5 (one-warp Gram-Schmidt) needs K a multiple of 32 and bthreads >= 32, "
                             f"got K = {self.K}, bthreads = {self.bthreads}")
        if self.bv6 is None:
            object.__setattr__(self, "bv6", self.bv5)
        if self.bv6 and not self.bv5:
            raise ValueError("bv6 builds on the v5 boundary: it needs bv5 (K a multiple of 32, bthreads >= 32)")
        bv7_fits = bool(self.bv6 and self.mode == "leap" and self.zfmt in ("int8", "int4")
                        and self.K == self.V and self.bthreads in (2 * self.K, 4 * self.K))
        if self.bv7 is None:   # the default where it fits: INT8 (session 5) and INT4 (measured faster in session 6)
            object.__setattr__(self, "bv7", bv7_fits)
        if self.bv7 and not bv7_fits:
            raise ValueError("bv7 (S only in shared memory) needs bv6, mode leap with zfmt int8 or int4 (FP8 residuals: use "
                             f"the v6 boundary, bv7=False) and K = V = bthreads / 2 or / 4, got bv6 = {self.bv6}, mode = {self.mode}, "
                             f"zfmt = {self.zfmt}, K = {self.K}, V = {self.V}, bthreads = {self.bthreads}")
        if self.bv8 is None:   # INT4 only: v8c measured faster there, slower for INT8 (NOTES.md "Session 7")
            object.__setattr__(self, "bv8", bool(self.bv7 and self.zfmt == "int4" and self.bthreads == 2 * self.K))
        if self.bv8 and not (self.bv7 and self.bthreads == 2 * self.K):
            raise ValueError(f"bv8 (the reconstruction on tensor cores) builds on the v7 boundary at bthreads = 2 K: it needs "
                             f"bv7, got bv7 = {self.bv7}, bthreads = {self.bthreads}, K = {self.K}")
        bv12_fits = bool(self.bv7 and not self.bv8 and self.v_first and self.zfmt == "int8" and self.compact
                         and self.K == self.V == 128
                         and self.bthreads == 256 and self.r in (0, 1, 2, 4, 8) and self.iters >= 0)
        if self.bv12 is None:   # the default where it fits, unless a small-batch boundary was asked for
            object.__setattr__(self, "bv12", bv12_fits and self.small_bthreads is None)
        if self.bv12:
            if not bv12_fits:
                raise ValueError(f"bv12 (S_p in registers) needs the v7 boundary's setting without bv8, V-first INT8, compact, "
                                 f"K = V = 128, bthreads = 256, r in (0, 1, 2, 4, 8) and iters >= 0, got bv7 = {self.bv7}, bv8 = "
                                 f"{self.bv8}, v_first = {self.v_first}, zfmt = {self.zfmt}, K = {self.K}, V = {self.V}, "
                                 f"bthreads = {self.bthreads}, r = {self.r}, iters = {self.iters}, compact = {self.compact}")
            if self.small_bthreads:
                raise ValueError("bv12 serves every batch (no small-batch boundary): small_bthreads must be 0 or None")
            object.__setattr__(self, "small_bthreads", 0)
        if self.iters < 0 or (self.iters == 0 and self.r and not self.bv12):
            raise ValueError(f"iters (power iterations at the boundary) must be >= 1, or 0 on the v12 boundary (bv12: the "
                             f"compensators' keys kept, Û re-projected — the refit skipped), got iters = {self.iters}, "
                             f"bv12 = {self.bv12}")
        walk_bytes = 0   # v12's shared memory per program with the walk's prefetch areas; two programs per SM must fit
        if self.bv12:
            from leapquant.kernels.boundary_regs import shared_layout
            walk_bytes = shared_layout(self, walk=True).bytes
        walk_fits = bool(self.bv12) and walk_bytes <= SM_SHARED_BYTES // 2 - BLOCK_RESERVED_BYTES
        if self.bwalk is None:   # the default where v12 runs and two programs per SM keep room for the prefetch areas
            object.__setattr__(self, "bwalk", walk_fits)
        if self.bwalk and not self.bv12:
            raise ValueError(f"bwalk (the walking, prefetching v12 boundary) needs bv12, got bv12 = {self.bv12}")
        if self.bwalk and not walk_fits:
            raise ValueError(f"bwalk needs shared memory for two programs per SM: {walk_bytes} bytes per program at p = "
                             f"{self.p}, r = {self.r}, kind = {self.kind} is more than "
                             f"{SM_SHARED_BYTES // 2 - BLOCK_RESERVED_BYTES}; expected a smaller p or r")
        if self.small_bthreads is None:
            object.__setattr__(self, "small_bthreads", 4 * self.K if self.bv7 and 4 * self.K <= 1024 else 0)
        # the refit's arithmetic must not depend on the batch: below small_batch a v6 boundary (small_bthreads 0)
        # refits in FP32, so TF32 goes with the v7 boundary at every batch or not at all
        tf32_fits = bool(self.bv7 and self.K % 64 == 0 and (self.bv12 or self.small_bthreads or not self.small_batch))
        if self.bmv_tf32 is None:
            object.__setattr__(self, "bmv_tf32", tf32_fits)
        if self.bmv_tf32 and not tf32_fits:
            raise ValueError(f"bmv_tf32 (the refit's mat-vecs on TF32 tensor cores) needs the v7 boundary (bv7) at every "
                             f"batch — below small_batch too (small_bthreads = 4 K, or small_batch = 0: the v6 boundary "
                             f"refits in FP32) — and K a multiple of 64, got bv7 = {self.bv7}, small_bthreads = "
                             f"{self.small_bthreads}, small_batch = {self.small_batch}, K = {self.K}")
        if self.bmovm is None:
            object.__setattr__(self, "bmovm", bool(self.bv12 and self.bmv_tf32))
        if self.bmovm and not (self.bv12 and self.bmv_tf32):
            raise ValueError(f"bmovm (movmatrix transposes in v12's TF32 refit) needs bv12 and bmv_tf32, got bv12 = "
                             f"{self.bv12}, bmv_tf32 = {self.bmv_tf32}")
        if not self.tf32_mask and not self.bmv_tf32:
            raise ValueError("tf32_mask=False drops the masks of the TF32 refit's operands: it needs bmv_tf32 (the v7 "
                             f"boundary's refit on TF32 tensor cores), which is off here (bv7 = {self.bv7}, K = {self.K})")
        if self.bhoist is None:
            object.__setattr__(self, "bhoist", bool(self.bv12))
        if self.bhoist and not self.bv12:
            raise ValueError(f"bhoist (unconditional operand loads in v12's refit) needs the v12 boundary (bv12), got "
                             f"bv12 = {self.bv12}")
        if isinstance(self.refit_every, bool) or not isinstance(self.refit_every, int) or self.refit_every < 1:
            raise ValueError(f"refit_every must be an integer >= 1, got {self.refit_every!r}")
        if self.refit_every > 1 and not (self.bv12 and self.r > 0 and self.iters >= 1 and self.compact):
            raise ValueError(f"refit_every > 1 (the refit at every k-th window) needs the v12 boundary (bv12), r > 0, "
                             f"iters >= 1 and the compact list, got bv12 = {self.bv12}, r = {self.r}, iters = "
                             f"{self.iters}, compact = {self.compact}")
        if self.bchol is None:
            object.__setattr__(self, "bchol", False)
        if self.bchol and not (self.bv12 and self.r in (1, 2, 4) and self.iters >= 1):
            raise ValueError(f"bchol (the refit's Cholesky QR) needs the v12 boundary (bv12), r in (1, 2, 4) and iters >= 1, "
                             f"got bv12 = {self.bv12}, r = {self.r}, iters = {self.iters}")
        if not isinstance(self.brecords, bool):
            raise ValueError(f"brecords must be true or false, got {self.brecords!r}")
        if self.brecords and not (self.bv12 and self.r in (1, 2, 4, 8) and self.iters >= 1 and self.r + self.p <= 32
                                  and not self.bchol and self.refit_every == 1):
            raise ValueError(f"brecords (the refit on the buffered factors) needs the v12 boundary (bv12), r in (1, 2, 4, "
                             f"8), iters >= 1, r + p <= 32, bchol off and refit_every 1, got bv12 = {self.bv12}, r = "
                             f"{self.r}, p = {self.p}, iters = {self.iters}, bchol = {self.bchol}, refit_every = "
                             f"{self.refit_every}")
        if self.small_bthreads not in (0, 4 * self.K):
            raise ValueError(f"small_bthreads must be 0 (the v6 boundary below small_batch) or 4 K = {4 * self.K} (the v7 "
                             f"boundary at that many threads), got {self.small_bthreads}")
        if self.small_bthreads and not self.bv7:
            raise ValueError(f"small_bthreads chooses the v7 boundary below small_batch: it needs bv7 (INT8 or INT4, "
                             f"K = V), got bv7 = {self.bv7}")
        zrows_fits = (self.v_first and self.mode == "leap" and self.zfmt == "int8" and self.K % 16 == 0
                      and self.BV % (self.threads // (self.K // 16)) == 0)
        if self.zrows and not zrows_fits:
            raise ValueError("zrows needs V-first INT8 (zfmt int8) and BV a multiple of threads / (K / 16)")
        if self.zrows is None:
            object.__setattr__(self, "zrows", zrows_fits)
        # the pipelined decode's Z read: 16 codes per lane, K / 16 lanes per row (as zrows), V-first INT8 or INT4
        pipe_fits = self._pipe_fits(self.BV, self.threads)
        if self.pipe is None:   # the default where measured: INT8 with zrows (zrows=False asks for v4a), INT4 with
            object.__setattr__(self, "pipe", pipe_fits and bool(self.zrows or (self.zfmt == "int4" and self.pipe_zsmem)))
        if self.pipe and not pipe_fits:
            raise ValueError("pipe (the v6 pipelined decode) needs V-first INT8 or INT4, compact, K a multiple of 32 "
                             "with K / 16 a power of two <= 32, threads a multiple of 32 and >= max(K / 4, BV / 4, p + 1), "
                             "BV a multiple of 8 and of threads / (K / 16), and 2 ceil((p + r + 1) / warps) <= 32; got "
                             f"v_first = {self.v_first}, zfmt = {self.zfmt!r}, K = {self.K}, BV = {self.BV}, "
                             f"threads = {self.threads}, p = {self.p}, r = {self.r}")
        if self.pipe_zsmem and not self.pipe:
            raise ValueError("pipe_zsmem is a variant of the pipelined decode: it needs pipe")
        zmma_fits = bool(self.pipe_zsmem and self.zfmt == "int8" and self.K % 64 == 0
                         and (self.BV // (self.threads // 32)) % 16 == 0 and self.BV % (self.threads // 32) == 0)
        if self.pipe_zmma is None:
            object.__setattr__(self, "pipe_zmma", zmma_fits)
        if self.pipe_zmma and not zmma_fits:
            raise ValueError("pipe_zmma (the Z products on tensor cores) needs pipe_zsmem, zfmt int8, K a multiple of 64 "
                             "and BV / (threads / 32) a multiple of 16; got "
                             f"pipe_zsmem = {self.pipe_zsmem}, zfmt = {self.zfmt!r}, K = {self.K}, BV = {self.BV}, "
                             f"threads = {self.threads}")
        z1_auto = self.pipe_z1 is None and self.dminblocks is None
        warp_shape = bool(self.pipe_zmma and self.K == self.V == 128 and self.BV == self.V and self.p <= 16
                          and self.r <= 8 and not (self.pipe_zdig or self.pipe_dtc))
        if self.pipe_warp is None:   # v14 where it fits, unless another decode was asked for (GDN since session 14,
            # KDA since session 16)
            object.__setattr__(self, "pipe_warp", warp_shape and not self.pipe_z1)
        if self.pipe_z1 is None:
            object.__setattr__(self, "pipe_z1", bool(self.pipe_zmma and self.kind == "kda" and not self.pipe_warp))
        if self.pipe_z1 and not self.pipe_zmma:
            raise ValueError(f"pipe_z1 (one Z buffer, copied warp by warp) needs pipe_zmma, got pipe_zmma = {self.pipe_zmma}")
        if self.pipe_zdig and not (self.pipe_zmma and self.K == self.threads):
            raise ValueError(f"pipe_zdig (the digit table) needs pipe_zmma and K = threads (a thread per key), got "
                             f"pipe_zmma = {self.pipe_zmma}, K = {self.K}, threads = {self.threads}")
        dtc_fits = bool(self.pipe_zmma and self.kind == "gdn" and self.K % (8 * (self.threads // 32)) == 0)
        if self.pipe_dtc and not dtc_fits:
            raise ValueError(f"pipe_dtc (the key-length dot products on tensor cores) needs pipe_zmma, kind gdn and K a "
                             f"multiple of 8 keys per warp, got pipe_zmma = {self.pipe_zmma}, kind = {self.kind!r}, "
                             f"K = {self.K}, threads = {self.threads}")
        warp_fits = warp_shape and not self.pipe_z1
        kda_warp = bool(self.pipe_warp and self.kind == "kda")
        if self.warp_fexp is None:
            object.__setattr__(self, "warp_fexp", kda_warp)
        if self.warp_gsuffix is None:
            object.__setattr__(self, "warp_gsuffix", bool(kda_warp and self.warp_fexp))
        if self.warp_ahead and not self.pipe_warp:
            raise ValueError(f"warp_ahead (v14's inputs one request ahead) needs pipe_warp, got pipe_warp = {self.pipe_warp}")
        if self.warp_gsuffix and not self.warp_fexp:
            raise ValueError("warp_gsuffix (KDA's record decays from suffix sums) builds on warp_fexp, got warp_fexp = "
                             f"{self.warp_fexp}")
        if self.warp_fexp and not (self.pipe_warp and self.kind == "kda"):
            raise ValueError(f"warp_fexp (v14's per-key record decays by ex2.approx) needs pipe_warp and kind kda, got "
                             f"pipe_warp = {self.pipe_warp}, kind = {self.kind!r}")
        if self.pipe_warp and not warp_fits:
            raise ValueError(f"pipe_warp (the v14 warp-per-request decode) needs pipe_zmma, K = V = BV = 128, p <= 16 and "
                             f"r <= 8, without pipe_z1, pipe_zdig or pipe_dtc; got pipe_zmma = {self.pipe_zmma}, K = "
                             f"{self.K}, V = {self.V}, BV = {self.BV}, p = {self.p}, r = {self.r}, pipe_z1 = "
                             f"{self.pipe_z1}, pipe_zdig = {self.pipe_zdig}, pipe_dtc = {self.pipe_dtc}")
        if self.small_batch < 0:
            raise ValueError(f"small_batch must be >= 0, got {self.small_batch}")
        if self.pipe_maxit < 1:
            raise ValueError(f"pipe_maxit must be >= 1, got {self.pipe_maxit}")
        if not self.pipe_fill > 0:
            raise ValueError(f"pipe_fill must be > 0, got {self.pipe_fill}")
        if self.dminblocks is None:
            # zrows: 80 registers, no spills; pipe: 96 (two sets of Z rows), no spills (ptxas sm_90a)
            # pipe at 256 threads (BV 128, whole heads): zsmem 3 per SM at 75 registers; register Z 2 per SM at 126
            # (at 3 it spills 20 bytes)
            # v7 (zsmem, BV = V): 3 per SM (shared memory allows 3 for GDN, 2 for KDA; measured with 3)
            # v9 (one Z buffer): GDN 47.3 KB -> 4 per SM, KDA 3
            # v14 (a warp per request): 3 programs of 4 warps, <= 168 registers (4 per SM spilled and measured slower)
            object.__setattr__(self, "dminblocks", 3 if self.pipe_warp else (4 if self.kind == "gdn" else 3) if self.pipe_z1 else
                               3 if self.pipe and self.pipe_zsmem and self.BV == self.V else
                               5 if self.pipe and self.threads == 128 else
                               (3 if self.pipe_zsmem else 2) if self.pipe and self.threads == 256 else
                               6 if self.zrows and self.threads == 128 else 0)
        if self.z1_below is None:
            object.__setattr__(self, "z1_below", 384 if z1_auto and self.kind == "gdn" and self.pipe_zmma
                               and not self.pipe_z1 and not self.pipe_warp else 0)
        if self.z1_below < 0:
            raise ValueError(f"z1_below must be >= 0, got {self.z1_below}")
        if self.z1_below and not (self.pipe_zmma and not self.pipe_z1):
            raise ValueError(f"z1_below switches the v8 decode to v9 below that many requests: it needs pipe_zmma with "
                             f"pipe_z1 off, got pipe_zmma = {self.pipe_zmma}, pipe_z1 = {self.pipe_z1}")

    def decode_config(self, N: int) -> "DecodeConfig":
        """The decode configuration of a step of N requests: v9 at its own occupancy (dminblocks resolved again) below
        z1_below, else this one."""
        if N < self.z1_below:
            return replace(self, pipe_z1=True, z1_below=0, dminblocks=None)
        return self

    @property
    def counters(self) -> int:
        """Length of the step's counter array cnt: the list counters of the two parities, and with refit_every > 1 the
        boundary's entry counters after them, one per value head and parity (cnt[2 + par HV + hv])."""
        return 2 + 2 * self.HV if self.refit_every > 1 else 2

    def entry_counter(self, par, hv):
        """Index in cnt of head hv's boundary entry counter of parity par (refit_every > 1; TileLang expressions or
        ints): the boundary grabs entries from it, the decode of the step before zeroes it."""
        return 2 + par * self.HV + hv

    @property
    def ref_orth(self) -> str:
        """The reference's orthonormalisation for this configuration's refit (naive.ORTH, LeapState.orth)."""
        return "chol" if self.bchol else "mgs"

    @property
    def reference_options(self) -> dict:
        """The keyword arguments of the reference's pool (naive.empty_state / init_state) with this arithmetic."""
        return dict(kind=self.kind, p=self.p, r=self.r, v_first=self.v_first, iters=self.iters, mode=self.mode,
                    zfmt=self.zfmt, tf32_refit=self.bmv_tf32, orth=self.ref_orth, refit_every=self.refit_every,
                    refit="records" if self.brecords else "state")

    @property
    def switches_small_batch_boundary(self) -> bool:
        """Whether steps below small_batch requests run another boundary (small_batch_boundary()): where v7 is on,
        except v12, which serves every batch itself."""
        return bool(self.bv7 and self.small_batch and not self.bv12)

    def small_batch_boundary(self) -> "DecodeConfig":
        """The boundary configuration of steps below small_batch requests (where v7 is on): v6, or with small_bthreads
        v7 at that many threads, one program per SM; v12 (bv12) is its own (it serves every batch)."""
        if self.bv12:
            return self
        if self.small_bthreads:
            return replace(self, bthreads=self.small_bthreads, bminblocks=1, bv8=False)
        return replace(self, bv7=False, bv8=False, bmv_tf32=False)   # v6 has CUDA-core mat-vecs only

    def _pipe_fits(self, BV: int, threads: int) -> bool:
        """Whether the pipelined decode's shapes hold at (BV, threads) — review 2026-11-30: a Z row's K / 16 lanes a
        power of two within a warp, whole warps, one pass of threads covers the key-length copies (c, q, k, g) and the
        tile's (B, v), 16-byte chunks of BV, and a warp's dot-product rows (p + r + 1 over the warps, two sums each)
        fit its 32 lanes."""
        lpr = self.K // 16
        return bool(self.v_first and self.mode == "leap" and self.zfmt in ("int8", "int4") and self.compact
                    and self.K % 32 == 0 and lpr & (lpr - 1) == 0 and lpr <= 32 and threads % 32 == 0
                    and threads >= max(self.K // 4, BV // 4, self.p + 1) and BV % 8 == 0
                    and BV % (threads // lpr) == 0
                    and 2 * -(-(self.p + self.r + 1) // (threads // 32)) <= 32)

    @property
    def tag(self) -> str:
        lay = "vf" if self.v_first else "kf"
        return (f"{self.kind}-{self.mode}-p{self.p}-r{self.r}-{lay}-bv{self.BV}-t{self.threads}"
                + ("" if self.iters == 2 else f"-it{self.iters}") + ("" if self.refit_every == 1 else f"-rf{self.refit_every}")
                + ("" if self.compact else "-full") + ("-zrows" if self.zrows else "")
                + (f"-dmb{self.dminblocks}" if self.dminblocks else "") + (f"-pipe{self.pipe_fill:g}" if self.pipe else "") + ("-zs" if self.pipe_zsmem else "") + ("-mma" if self.pipe_zmma else "") + ("-z1" if self.pipe_z1 else "") + (f"-z1b{self.z1_below}" if self.z1_below else "") + ("-zd" if self.pipe_zdig else "") + ("-dtc" if self.pipe_dtc else "") + ("-warp" if self.pipe_warp else "") + ("-ahead" if self.warp_ahead else "") + ("-fx" if self.warp_fexp else "") + ("-gs" if self.warp_gsuffix else "") + (f"-sb{self.small_bthreads}" if self.small_bthreads else "") + ("-tf32" if self.bmv_tf32 else "") + ("-movm" if self.bmovm else "") + ("-chol" if self.bchol else "") + ("-rec" if self.brecords else "") + ("-hoist" if self.bhoist else "") + ("" if self.tf32_mask else "-nomask") + ("-b12w" if self.bwalk else "-b12" if self.bv12 else "-b8" if self.bv8 else "-b7" if self.bv7 else "-b6" if self.bv6 else "-b5" if self.bv5 else "-b4")
                + ("" if self.zfmt == "int8" else f"-{self.zfmt}")
                + ("" if (self.bthreads, self.bminblocks) == (256, 2) else f"-bt{self.bthreads}-mb{self.bminblocks}"))


def _T():
    import tilelang.language as T
    return T

