"""Per-step baselines of the paper's Table 2: the FP32 update of the dequantized state, re-quantized every token."""

import functools
from dataclasses import dataclass

from leapquant.errors import InputError
from leapquant.kernels.tl import compile_target, tl


@dataclass(frozen=True)
class PerStepConfig:
    """A per-step baseline's kernel: the state in `format` ("int8": per value column, FP32 scale; "bf16"),
    dequantized, updated in FP32 and re-quantized every token (the reference: naive.perstep_step_ref)."""

    family: str = "gdn"
    format: str = "int8"
    H: int = 32
    HV: int = 32
    K: int = 128
    V: int = 128
    layout: str = "v_first"
    block_v: int = 16
    threads: int = 128
    out_dtype: str = "bfloat16"

    def __post_init__(self):
        for name, value, choices in (("family", self.family, ("gdn", "kda")), ("format", self.format, ("int8", "bf16")),
                                     ("layout", self.layout, ("v_first", "k_first"))):
            if value not in choices:
                raise InputError(f"PerStepConfig.{name} must be one of {list(choices)}, got {value!r}")
        if self.V % self.block_v or self.HV % self.H:
            raise InputError(f"PerStepConfig: block_v must divide V and H divide HV, got block_v = {self.block_v}, "
                             f"V = {self.V}, H = {self.H}, HV = {self.HV}")

    @property
    def v_first(self) -> bool:
        return self.layout == "v_first"

    @property
    def tag(self) -> str:
        return f"{self.family}-perstep-{self.format}-{self.layout}-bv{self.block_v}-t{self.threads}"


def perstep_program(cfg: PerStepConfig):
    """The per-step kernel's TileLang prim_func: grid (V / block_v, HV, N), one program per (value tile, head,
    request)."""
    T = tl()
    kind, H, HV, K, V, BV = cfg.family, cfg.H, cfg.HV, cfg.K, cfg.V, cfg.block_v
    rep = HV // H
    N = T.dynamic("N")
    NS = T.dynamic("NS")
    vf = cfg.v_first
    zshape = (NS, HV, V, K) if vf else (NS, HV, K, V)
    q8 = cfg.format == "int8"
    zdt = "int8" if q8 else "bfloat16"
    gshape = (N, HV) if kind == "gdn" else (N, HV, K)
    f32 = "float32"
    inv127 = 1.0 / 127.0

    def gv(g, n, hv, d):
        return g[n, hv] if kind == "gdn" else g[n, hv, d]

    @T.prim_func
    def perstep(
        q: T.Tensor((N, H, K), "bfloat16"), k: T.Tensor((N, H, K), "bfloat16"), v: T.Tensor((N, HV, V), "bfloat16"),
        g: T.Tensor(gshape, f32), beta: T.Tensor((N, HV), f32), scale: T.float32, idx: T.Tensor((N,), "int32"),
        Z: T.Tensor(zshape, zdt), Bs: T.Tensor((NS, HV, V), f32), o: T.Tensor((N, HV, V), cfg.out_dtype),
    ):
        with T.Kernel(V // BV, HV, N, threads=cfg.threads) as (vt, hv, n):
            xs = T.alloc_shared((3, K), f32)    # α, k, q·scale
            bvs = T.alloc_shared((BV,), f32)
            us = T.alloc_shared((BV,), f32)
            Sf = T.alloc_fragment((BV, K), f32)
            Pf = T.alloc_fragment((BV, K), f32)
            red = T.alloc_fragment((BV,), f32)
            s = idx[n]
            h = hv // rep
            v0 = vt * BV
            for d in T.Parallel(K):
                xs[0, d] = T.exp(gv(g, n, hv, d))
                xs[1, d] = T.cast(k[n, h, d], f32)
                xs[2, d] = T.cast(q[n, h, d], f32) * scale
            for i in T.Parallel(BV):
                bvs[i] = Bs[s, hv, v0 + i] * inv127 if q8 else 1.0
            for i, d in T.Parallel(BV, K):
                zv = T.cast(Z[s, hv, v0 + i, d] if vf else Z[s, hv, d, v0 + i], f32)
                Sf[i, d] = xs[0, d] * zv * bvs[i]
                Pf[i, d] = Sf[i, d] * xs[1, d]
            T.reduce_sum(Pf, red, dim=1)
            for i in T.Parallel(BV):
                us[i] = beta[n, hv] * (T.cast(v[n, hv, v0 + i], f32) - red[i])
            for i, d in T.Parallel(BV, K):
                Sf[i, d] = Sf[i, d] + xs[1, d] * us[i]
                Pf[i, d] = Sf[i, d] * xs[2, d]
            T.reduce_sum(Pf, red, dim=1)
            for i in T.Parallel(BV):
                o[n, hv, v0 + i] = T.cast(red[i], cfg.out_dtype)
            if q8:
                T.reduce_absmax(Sf, red, dim=1)
                for i in T.Parallel(BV):
                    Bs[s, hv, v0 + i] = red[i]
                for i, d in T.Parallel(BV, K):
                    zq = T.cast(T.clamp(T.round(Sf[i, d] * (127.0 / red[i])), -127.0, 127.0), "int8")
                    zz = T.if_then_else(red[i] > 0, zq, T.cast(0, "int8"))
                    if vf:
                        Z[s, hv, v0 + i, d] = zz
                    else:
                        Z[s, hv, d, v0 + i] = zz
            else:
                for i, d in T.Parallel(BV, K):
                    if vf:
                        Z[s, hv, v0 + i, d] = T.cast(Sf[i, d], zdt)
                    else:
                        Z[s, hv, d, v0 + i] = T.cast(Sf[i, d], zdt)

    return perstep


@functools.lru_cache(maxsize=None)
def compiled_perstep(cfg: PerStepConfig, target: str | None = None):
    """The per-step kernel compiled for the local GPU or `target` (``sm_90`` ...)."""
    return compile_target(perstep_program(cfg), target)



class PerStepDecoder:
    """Steps a per-step pool (naive.PerStepState) through the compiled per-step kernel."""

    def __init__(self, cfg: PerStepConfig, target: str | None = None, kernel=None):
        """`kernel`: a callable in place of the compiled GPU kernel (`cpu_emulation.emulated_perstep_decoder`)."""
        self.cfg = cfg
        self.kern = compiled_perstep(cfg, target) if kernel is None else kernel

    def step(self, st, q, k, v, g, beta, state_indices, scale: float | None = None, out=None):
        """One token per request (LeapDecoder.step's arguments); returns o [N, HV, V]."""
        import torch

        from leapquant.kernels.decoder import prepare_inputs
        q, k, v, g, beta, idx = prepare_inputs(q, k, v, g, beta, state_indices)
        N, H, K = q.shape
        scale = K ** -0.5 if scale is None else float(scale)
        if out is None:
            out = torch.empty(N, v.shape[1], v.shape[2], dtype=getattr(torch, self.cfg.out_dtype), device=q.device)
        self.kern(q, k, v, g, beta, scale, idx, st.Z, st.B, out)
        return out
