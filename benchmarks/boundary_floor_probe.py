"""How fast can a GDN boundary go on this GPU? A lean Triton stand-in of the default boundary's work, timed alone.

Whether the boundary's time is a matter of the kernel or of the work is what this probe asks: one Triton program
per (request, head) entry — 128×128 S_p in registers across 8 warps, Triton choosing layouts and reductions — doing
the same steps as the kernels' walk boundary (leapquant/kernels/boundary/regs.py) in a plain form:

- reconstruct S_p = e^{G_P} (c ∘ Z / 127 ∘ B) + U_f K_fᵀ (the window's records' values and decayed keys and the
  compensators as fp16 factors, the keys as hi + lo halves: two fp16 tensor-core products, as the kernel does);
- `--iters` power iterations K ← S Sᵀ K from the stored keys (TF32 products; each column normalised — a probe's
  stand-in for the Gram–Schmidt, which is cheaper than the real orthonormalisation);
- Û = Sᵀ K̂ (TF32), R = S − Û K̂ᵀ (fp16 factors), c = max(sqrt(mean_v |R|), 1e-8), Y = R / c, B = max_k |Y|,
  codes round(127 Y / B) (round half to even), written with c, B and Û.

`--fold` runs a cheaper arithmetic than the reference's: the reconstruction's scales as one product per element
(column scale × row scale, then × z), R · (1 / c) for Y, no clamp of the codes. It is not the kernel's arithmetic (no
slot list, no walking, no window-position bookkeeping, the refit's orthonormalisation simplified), so its time is a
floor for this design in Triton's hands, not a replacement. Its numbers are checked against a PyTorch transcription
of the same steps (`--check-only`, on the GPU or, with TRITON_INTERPRET=1, on the CPU) before they are timed.

    python benchmarks/boundary_floor_probe.py --entries 64,1024 --iters 0,2 [--fold] [--kernel] [--json]   (GPU)
    TRITON_INTERPRET=1 python benchmarks/boundary_floor_probe.py --check-only --entries 3  (CPU)

1024 entries are GDN batch 512's boundaries per step at window 16 (512 requests × 32 heads / 16), 64 batch 32's.
`--kernel` times the kernels' own boundary launch (the default GDN V-first configuration, with `--iters` power
iterations) alone beside it, in the same run, for the same entry counts (batch = entries · 16 / 32;
`overlap_probe.boundary_launch`: a pool at ragged positions, its N / window requests at the window's end).
`--sass` (no GPU; needs nvcc) compiles the probe for sm_90 and the kernels' boundary (iters 0 and 2) through TileLang
+ nvcc for sm_90a, and prints each one's registers, static SASS instruction count per warp and entry (the probe is
straight line, so its count is what it executes; the kernel's refit loop runs `iters` times, its code path for
overflowed value scales not at all) and the most frequent opcodes:

    python benchmarks/boundary_floor_probe.py --sass [--json]
"""
import argparse
import contextlib
import json
import os

import torch
import triton
import triton.language as tl

from leapquant.kernels.compile_check import quiet_tilelang
from leapquant.validation import int_list_arg

K = V = 128
P, R, RP, T = 16, 4, 16, 32     # window, compensators, r padded for the products, terms (p + r) padded
MAGIC = 12582912.0              # 1.5 * 2^23: fl(x + MAGIC) - MAGIC rounds x half to even for |x| < 2^22


@triton.jit
def lean_boundary(Z, C, Bs, RK, RU, RG, KC, UC, ZO, CO, BO, UO,
                  K: tl.constexpr, V: tl.constexpr, P: tl.constexpr, R: tl.constexpr, RP: tl.constexpr,
                  T: tl.constexpr, ITERS: tl.constexpr, FOLD: tl.constexpr):
    e = tl.program_id(0).to(tl.int64)
    v = tl.arange(0, V)
    k = tl.arange(0, K)
    j = tl.arange(0, T)
    a = tl.arange(0, RP)
    rec = j < P
    comp = (j >= P) & (j < P + R)
    # the window's log-decays: record j decays by the later records, the compensators by the whole window
    g = tl.load(RG + e * P + j, mask=rec, other=0.0)
    gp = tl.sum(g, 0)
    w = tl.where(rec, tl.exp(gp - tl.cumsum(g, 0)), tl.exp(gp))
    # factors: values [V, T] (A operand), decayed keys [T, K] as fp16 hi + lo (B operand)
    uf = (tl.load(RU + e * P * V + j[None, :] * V + v[:, None], mask=rec[None, :], other=0.0)
          + tl.load(UC + e * R * V + (j[None, :] - P) * V + v[:, None], mask=comp[None, :], other=0.0))
    kf = (tl.load(RK + e * P * K + j[:, None] * K + k[None, :], mask=rec[:, None], other=0.0).to(tl.float32)
          + tl.load(KC + e * R * K + (j[:, None] - P) * K + k[None, :], mask=comp[:, None], other=0.0).to(tl.float32))
    kf = kf * w[:, None]
    hi = kf.to(tl.float16)
    lo = (kf - hi.to(tl.float32)).to(tl.float16)
    z = tl.load(Z + e * V * K + v[:, None] * K + k[None, :]).to(tl.float32)
    c = tl.load(C + e * K + k)
    b = tl.load(Bs + e * V + v)
    if FOLD:   # a cheaper arithmetic: one scale per element (column scale × row scale), then one product
        S = z * ((tl.exp(gp) / 127.0 * c)[None, :] * b[:, None])
    else:      # the reference's order (naive.py): four products per element
        S = tl.exp(gp) * (c[None, :] * (z * (1.0 / 127.0)) * b[:, None])
    S = tl.dot(uf, hi, S)
    S = tl.dot(uf, lo, S)
    # the refit: K ← S Sᵀ K from the stored keys (S is [values, keys]: W = S K, K = Sᵀ W)
    kh = tl.load(KC + e * R * K + a[None, :] * K + k[:, None], mask=a[None, :] < R, other=0.0).to(tl.float32)
    for _ in tl.static_range(ITERS):
        wv = tl.dot(S, kh, input_precision="tf32")                        # [V, RP]
        kh = tl.dot(tl.trans(S), wv, input_precision="tf32")              # [K, RP]
        kh = kh / tl.maximum(tl.sqrt(tl.sum(kh * kh, 0)), 1e-30)[None, :]
    u = tl.dot(S, kh, input_precision="tf32").to(tl.float16)              # Û [V, RP]
    S = tl.dot(-u, tl.trans(kh.to(tl.float16)), S)                        # R = S − Û K̂ᵀ
    cn = tl.maximum(tl.sqrt(tl.sum(tl.abs(S), 0) / V), 1e-8)
    if FOLD:   # R · (1 / c), and no clamp: |Y| <= B makes |Y · 127 / B| round to at most 127 (the kernel's float trick)
        Y = S * (1.0 / cn)[None, :]
    else:
        Y = S / cn[None, :]
    bn = tl.max(tl.abs(Y), 1)
    s = tl.where(bn > 0, 127.0 / bn, 0.0)
    q = (Y * s[:, None] + 12582912.0) - 12582912.0
    if not FOLD:
        q = tl.minimum(tl.maximum(q, -127.0), 127.0)
    tl.store(ZO + e * V * K + v[:, None] * K + k[None, :], q.to(tl.int8))
    tl.store(CO + e * K + k, cn)
    tl.store(BO + e * V + v, bn)
    tl.store(UO + e * R * V + a[None, :] * V + v[:, None], u, mask=a[None, :] < R)


def make_inputs(E: int, device: str, seed: int = 0) -> dict:
    gen = torch.Generator(device="cpu").manual_seed(seed)

    def rnd(*shape, scale=1.0):
        return (torch.randn(*shape, generator=gen) * scale).to(device)
    return dict(Z=torch.randint(-127, 128, (E, V, K), generator=gen, dtype=torch.int8).to(device),
                C=(torch.rand(E, K, generator=gen) + 0.5).to(device),
                Bs=(torch.rand(E, V, generator=gen) + 0.5).to(device),
                RK=rnd(E, P, K, scale=K ** -0.5).half(), RU=rnd(E, P, V).half(),
                RG=(-torch.rand(E, P, generator=gen) * 0.05).to(device),
                KC=rnd(E, R, K, scale=K ** -0.5).half(), UC=rnd(E, R, V).half())


def run(x: dict, iters: int, out: dict | None = None, fold: bool = False) -> dict:
    E = x["Z"].shape[0]
    dev = x["Z"].device
    if out is None:
        out = dict(ZO=torch.empty_like(x["Z"]), CO=torch.empty(E, K, device=dev), BO=torch.empty(E, V, device=dev),
                   UO=torch.empty(E, R, V, dtype=torch.float16, device=dev))
    lean_boundary[(E,)](x["Z"], x["C"], x["Bs"], x["RK"], x["RU"], x["RG"], x["KC"], x["UC"],
                        out["ZO"], out["CO"], out["BO"], out["UO"], K=K, V=V, P=P, R=R, RP=RP, T=T, ITERS=iters,
                        FOLD=fold, num_warps=8)
    return out


def reference(x: dict, iters: int) -> dict:
    """The probe's steps in PyTorch (fp32; the products in full fp32 where the probe rounds to TF32)."""
    f = {n: t.float().cpu() for n, t in x.items()}
    g = f["RG"]
    gp = g.sum(1, keepdim=True)
    w = torch.cat([torch.exp(gp - g.cumsum(1)), torch.exp(gp).expand(-1, R)], 1)          # [E, p + r]
    uf = torch.cat([f["RU"], f["UC"]], 1)                                                  # [E, p + r, V]
    kf = torch.cat([f["RK"], f["KC"]], 1) * w[..., None]
    S = torch.exp(gp)[..., None] * (f["C"][:, None, :] * (f["Z"] / 127.0) * f["Bs"][:, :, None])
    S = S + torch.einsum("etv,etk->evk", uf, kf)
    kh = f["KC"].transpose(1, 2)                                                           # [E, K, r]
    for _ in range(iters):
        kh = S.transpose(1, 2) @ (S @ kh)
        kh = kh / kh.norm(dim=1, keepdim=True).clamp_min(1e-30)
    u = (S @ kh).half().float()
    Rm = S - u @ kh.half().float().transpose(1, 2)
    cn = (Rm.abs().sum(1) / V).sqrt().clamp_min(1e-8)
    Y = Rm / cn[:, None, :]
    bn = Y.abs().amax(2)
    q = torch.round(Y * torch.where(bn > 0, 127.0 / bn, torch.zeros_like(bn))[..., None]).clamp(-127, 127)
    return dict(ZO=q.to(torch.int8), CO=cn, BO=bn, UO=u.transpose(1, 2).half())


def check(E: int, iters: int, device: str, fold: bool = False) -> dict:
    x = make_inputs(E, device, seed=E + iters)
    got = {n: t.cpu() for n, t in run(x, iters, fold=fold).items()}
    ref = reference(x, iters)
    dz = (got["ZO"].int() - ref["ZO"].int()).abs()
    res = dict(entries=E, iters=iters,
               c_rel=float(((got["CO"] - ref["CO"]).norm() / ref["CO"].norm())),
               b_rel=float(((got["BO"] - ref["BO"]).norm() / ref["BO"].norm())),
               u_rel=float(((got["UO"].float() - ref["UO"].float()).norm() / ref["UO"].float().norm())),
               codes_off_by_one=float((dz == 1).float().mean()), codes_off_more=int((dz > 1).sum()))
    # TF32 products against fp32 ones: a few 1e-3 relative; codes a step apart where a value sits near a tie
    res["ok"] = res["c_rel"] < 1e-2 and res["b_rel"] < 1e-2 and res["u_rel"] < 2e-2 and res["codes_off_more"] == 0 \
        and res["codes_off_by_one"] < 5e-2
    return res


def time_kernel(E: int, iters: int) -> float:
    """µs of the kernels' boundary launch alone (GDN, V-first, window 16, rank 4, `iters`) for E entries (batch
    E · window / HV)."""
    import sys
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from overlap_probe import boundary_launch

    from leapquant.kernels import bench as kb
    from leapquant.kernels.config import KernelConfig
    from leapquant.kernels.decoder import LeapDecoder
    dec = LeapDecoder(KernelConfig(family="gdn", window=P, rank=R, iters=iters))
    N = E * dec.cfg.window // dec.cfg.HV
    gen = torch.Generator(device="cuda").manual_seed(1)
    bnd = boundary_launch(dec, kb._leap_pool(dec.cfg, N, "cuda", gen), N, "cuda")
    bnd()
    torch.cuda.synchronize()
    return kb._do_bench(bnd, graphs=True)


def triton_sass(iters: int, fold: bool = False) -> tuple[list[str], int]:
    """(SASS instruction texts, registers) of the probe compiled for sm_90 (no GPU needed)."""
    import re
    import subprocess
    import tempfile

    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    ptrs = dict(Z="*i8", C="*fp32", Bs="*fp32", RK="*fp16", RU="*fp16", RG="*fp32", KC="*fp16", UC="*fp16", ZO="*i8",
                CO="*fp32", BO="*fp32", UO="*fp16")
    consts = dict(K=K, V=V, P=P, R=R, RP=RP, T=T, ITERS=iters, FOLD=fold)
    src = ASTSource(fn=lean_boundary, signature={**ptrs, **{n: "constexpr" for n in consts}}, constexprs=consts)
    kern = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": 8})
    tool = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin", "cuobjdump")
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "probe.cubin")
        with open(path, "wb") as f:
            f.write(kern.asm["cubin"])
        sass = subprocess.run([tool, "-sass", path], capture_output=True, text=True, check=True).stdout
        res = subprocess.run([tool, "-res-usage", path], capture_output=True, text=True, check=True).stdout
    texts = [m.group(1) for line in sass.splitlines() if (m := re.match(r"\s+/\*[0-9a-f]{4,}\*/\s+(.*?)\s*;", line))]
    return texts, int(re.search(r"REG:(\d+)", res).group(1))


def kernel_sass(iters: int) -> list[str]:
    """SASS instruction texts of the kernels' boundary (GDN, V-first, window 16, rank 4) built here for sm_90a."""
    import sys
    import tempfile
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from sass_lines import generated_source, local_sass
    with tempfile.TemporaryDirectory() as d:
        src = generated_source("boundary", {"family": "gdn", "window": P, "rank": R, "iters": iters})
        return [t for _, t in local_sass(src, d)]


def sass_report(as_json: bool) -> None:
    import collections
    import sys
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from sass_lines import opcode
    rows = []
    for name, texts, regs in [("probe, iters 0", *triton_sass(0)), ("probe, iters 2", *triton_sass(2)),
                              ("probe folded, iters 0", *triton_sass(0, True)),
                              ("probe folded, iters 2", *triton_sass(2, True)),
                              ("kernel, iters 0", kernel_sass(0), None),
                              ("kernel (default), iters 2", kernel_sass(2), None)]:
        ops = collections.Counter(opcode(t) for t in texts)
        rows.append(dict(kernel=name, registers=regs, instructions=len(texts),
                         per_element=len(texts) * 32 / (K * V / 8), top=ops.most_common(12)))
    if as_json:
        print(json.dumps(rows))
        return
    for r in rows:
        print(f"{r['kernel']:24s} {r['instructions']:5d} SASS per warp ({r['per_element']:.1f} per element and thread)"
              + (f", {r['registers']} registers" if r["registers"] else "") + "; "
              + " ".join(f"{o} {n}" for o, n in r["top"]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--entries", type=int_list_arg, default="64,1024", help="comma-separated entry counts (a step's "
                    "boundaries)")
    ap.add_argument("--iters", type=int_list_arg, default="0,2", help="comma-separated power-iteration counts")
    ap.add_argument("--check-only", action="store_true", help="check against the PyTorch steps, no timing")
    ap.add_argument("--kernel", action="store_true", help="also time the kernels' boundary launch alone (same "
                    "entries)")
    ap.add_argument("--fold", action="store_true", help="the cheaper arithmetic: one scale product per element in the "
                    "reconstruction, R · (1 / c), no clamp of the codes")
    ap.add_argument("--sass", action="store_true", help="static SASS counts of the probe and of the kernels' "
                    "boundary (no GPU)")
    ap.add_argument("--json", action="store_true", help="print JSON rows")
    a = ap.parse_args()
    if a.sass:
        return sass_report(a.json)
    if min(a.entries) < 1:
        ap.error(f"--entries must be >= 1, got {a.entries}")
    if not torch.cuda.is_available() and not (a.check_only and os.environ.get("TRITON_INTERPRET") == "1"):
        ap.error("needs a CUDA GPU; without one: --sass, or --check-only with TRITON_INTERPRET=1")
    device = "cuda" if torch.cuda.is_available() else "cpu"
    with quiet_tilelang() if a.json else contextlib.nullcontext():   # the kernels' builds log on stdout
        rows = measure(a, device)
    if a.json:
        print(json.dumps(rows))


def measure(a: argparse.Namespace, device: str) -> list[dict]:
    """Check, then time, the probe (and the kernels' boundary with --kernel) for every iteration and entry count."""
    rows = []
    for iters in a.iters:
        for E in a.entries:
            row = check(min(E, 64), iters, device, a.fold)
            row["fold"] = a.fold
            row["entries_checked"] = row.pop("entries")
            row["entries"] = E
            if not a.check_only:
                if not row["ok"]:
                    raise SystemExit(f"the probe disagrees with its PyTorch steps: {row}")
                x = make_inputs(E, device)
                out = run(x, iters, fold=a.fold)
                row["us"] = triton.testing.do_bench_cudagraph(lambda: run(x, iters, out, a.fold), rep=200,
                                                              return_mode="median") * 1e3
                moved = sum(t.numel() * t.element_size() for t in x.values()) + sum(
                    t.numel() * t.element_size() for t in out.values())
                row["tbs"] = moved / (row["us"] * 1e-6) / 1e12
                if a.kernel:
                    row["us_kernel"] = time_kernel(E, iters)
            rows.append(row)
            if not a.json:
                print(row, flush=True)
    return rows


if __name__ == "__main__":
    main()
