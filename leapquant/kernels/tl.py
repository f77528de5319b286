"""The small TileLang helpers the kernel programs share, and how a program is compiled.

Compiling needs tilelang (imported lazily; ``import leapquant`` never imports it).
"""




WARP_SYNCHRONOUS = "leapquant.warp_synchronous"
"""A prim_func attribute: the program orders its shared memory itself (__syncwarp, each warp its own rows), so
TileLang's barrier planner — which would put block barriers between one warp's writes and its own reads, inside
loops whose trip counts differ per warp — must be off (decode/warp.py)."""


def compile_kernel(prim_func, target):
    """tilelang.compile(prim_func, target) with the pass options the program asks for (WARP_SYNCHRONOUS)."""
    import tilelang
    attrs = getattr(prim_func, "attrs", None)
    sync_off = bool(attrs is not None and attrs.get(WARP_SYNCHRONOUS, False))
    return tilelang.compile(prim_func, target=target,
                            pass_configs={"tl.disable_thread_storage_sync": True} if sync_off else None)


def compile_target(prim_func, target: str | None):
    """compile_kernel for the local GPU (`target` None) or an architecture (``sm_90`` ...)."""
    return compile_kernel(prim_func, "auto" if target is None else {"kind": "cuda", "arch": target})


ZDT = {"int8": "int8", "int4": "uint8", "fp8-e4m3": "float8_e4m3fn", "bf16": "bfloat16"}
"""TileLang dtype of the stored boundary state Z for each format (naive.ZDTYPE in torch; INT4 packed)."""


def code4(T, nib):
    """A 4-bit two's-complement code (0..15 as stored) as float32 −8..7."""
    return T.cast(nib - T.if_then_else(nib >= 8, 16, 0), "float32")


def nibbles(T, byte):
    """(low code, high code) of a packed INT4 byte, as float32."""
    b = T.cast(byte, "int32")                                                  # 0..255
    return code4(T, T.bitwise_and(b, 15)), code4(T, T.shift_right(b, 4))


def nibble(T, byte, h):
    """Code h (0: low nibble, 1: high) of a packed INT4 byte, as float32."""
    lo, hi = nibbles(T, byte)
    return T.if_then_else(h == 0, lo, hi)


def rcp(T, x):
    """The correctly rounded 1 / x."""
    return T.call_extern("float32", "__frcp_rn", x)


def xdiv(T, x, d, rd):
    """x / d from rd = 1 / d: the correctly rounded quotient for normal x, d and x / d (Markstein: q0 = x·rd is
    within 1 ulp, e = x − d·q0 is exact, RN(q0 + rd·e) = RN(x / d)); the IEEE division it replaces takes this path
    too but adds a range check and a branch to a slow path per quotient (11 % of the v5 boundary's stalls)."""
    q0 = T.call_extern("float32", "__fmul_rn", x, rd)
    return T.call_extern("float32", "__fmaf_rn", rd, T.call_extern("float32", "__fmaf_rn", -d, q0, x), q0)


def row_dots_macro(T, LPR: int, RP: int, code_of):
    """The register read's two sums per Z row (the tile decode's register read): lane lt of the row's LPR lanes adds
    to acc (zeroed by the caller) its 16 codes (code_of(zbuf, ps, e), e < 16, as float) times its 16 key values of
    each vector, a butterfly over the row's lanes, and lane 0 stores row ps · RP + r0 of zr."""

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


def reduce_scatter_macro(T, nv: int):
    """(macro over (pv, ln), split): a lane's nv partial sums pv[0..nv) (nv a power of two <= 32) summed over the warp
    and scattered at once — stage st halves the values a lane keeps: across lane bit 4 − st a lane keeps one
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


def zshape(cfg, NS):
    """Z's buffer shape: [slots, HV, V, K] V-first else [slots, HV, K, V]; INT4 halves the last axis."""
    last = (cfg.K if cfg.v_first else cfg.V) // (2 if cfg.format == "int4" else 1)
    return (NS, cfg.HV, cfg.V, last) if cfg.v_first else (NS, cfg.HV, cfg.K, last)


def tl():
    import tilelang.language as T
    return T

