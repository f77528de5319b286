"""The decode programs' calling protocol, written once: the tensors a decode launch takes and their shapes.

Every decode program takes, in this order: q, k [N, H, K] bf16; v [N, HV, V] bf16; g [N, HV] (gdn) or [N, HV, K]
(kda) fp32 log-decays; beta [N, HV] fp32; scale; idx [N] int32 (the requests' slots); wpos [NS] int32 (window
positions); the pool — Z, c [NS, HV, K], Bs [NS, HV, V], Kc [NS, HV, max(rank, 1), K], Uc [NS, HV, max(rank, 1), V],
rk [NS, HV, window, K], ru [NS, HV, window, V], rg [NS, HV, window(, K)] —; o [N, HV, V]; wnext [N] int32; cnt [2]
int32 and par (the boundary list's counters and this step's parity); lst [N] int32 (the boundary list); and the word
decodes a grp [GP] dummy whose length is their request-group count. Z is the layout's residual (`tl.zshape`) or, for
the word decodes, the same bytes as int32 words [NS, HV, V, K / words].
"""
from types import SimpleNamespace


def decode_tensors(T, cfg, N, NS, z_words: int | None = None, GP=None) -> SimpleNamespace:
    """The decode launch's tensor types (T.Tensor) for a resolved `cfg`, symbolic N, NS: `z_words` int32 words per
    Z row for the word decodes (None: Z in its format, `tl.zshape`), `GP` their group count."""
    from leapquant.kernels.tl import ZDT, zshape
    H, HV, K, V, P, Rz = cfg.H, cfg.HV, cfg.K, cfg.V, cfg.window, max(cfg.rank, 1)
    f32, f16, bf16, i32 = "float32", "float16", "bfloat16", "int32"
    kda = cfg.family == "kda"
    z = T.Tensor((NS, HV, V, z_words), i32) if z_words else T.Tensor(zshape(cfg, NS), ZDT[cfg.format])
    return SimpleNamespace(
        q=T.Tensor((N, H, K), bf16), k=T.Tensor((N, H, K), bf16), v=T.Tensor((N, HV, V), bf16),
        g=T.Tensor((N, HV, K) if kda else (N, HV), f32), beta=T.Tensor((N, HV), f32),
        idx=T.Tensor((N,), i32), wpos=T.Tensor((NS,), i32), Z=z,
        c=T.Tensor((NS, HV, K), f32), Bs=T.Tensor((NS, HV, V), f32),
        Kc=T.Tensor((NS, HV, Rz, K), f16), Uc=T.Tensor((NS, HV, Rz, V), f16),
        rk=T.Tensor((NS, HV, P, K), f16), ru=T.Tensor((NS, HV, P, V), f16),
        rg=T.Tensor((NS, HV, P, K) if kda else (NS, HV, P), f32),
        o=T.Tensor((N, HV, V), cfg.out_dtype), wnext=T.Tensor((N,), i32), cnt=T.Tensor((2,), i32),
        lst=T.Tensor((N,), i32), grp=None if GP is None else T.Tensor((GP,), i32))
