"""Do the GPU's TF32 tensor cores ignore an operand's 13 low mantissa bits (truncation)?

The register and shared-memory boundaries refit on TF32 tensor cores and mask their operands to TF32 first, so that
their products are those of the reference (naive.fit_compensators with tf32=True). One warp per program does one
mma.m16n8k8 TF32 on raw fp32 operands and one on the same operands masked to TF32; the probe counts programs whose
two results differ in any bit, and compares both with an fp64 product of the truncated and of the round-to-nearest
operands.

    python benchmarks/tf32_probe.py [--programs 4096] [--json]
"""
import argparse
import json

import torch


def probe_program(P: int):
    import tilelang.language as T

    def tf32(x):
        return T.bitwise_and(T.reinterpret(x, "uint32"), T.uint32(0xFFFFE000))

    @T.prim_func
    def probe(A: T.Tensor((P, 16, 8), "float32"), B: T.Tensor((P, 8, 8), "float32"),
              Draw: T.Tensor((P, 16, 8), "float32"), Dmask: T.Tensor((P, 16, 8), "float32")):
        with T.Kernel(P, threads=32) as pid:
            tx = T.get_thread_binding(0)
            g = tx // 4
            t = tx % 4
            ar = T.alloc_local((4,), "uint32")
            br = T.alloc_local((2,), "uint32")
            am = T.alloc_local((4,), "uint32")
            bm = T.alloc_local((2,), "uint32")
            cr = T.alloc_local((4,), "float32")
            cm = T.alloc_local((4,), "float32")
            for i in T.unroll(4):   # a0 (g, t), a1 (g + 8, t), a2 (g, t + 4), a3 (g + 8, t + 4)
                ar[i] = T.reinterpret(A[pid, g + 8 * (i % 2), t + 4 * (i // 2)], "uint32")
                am[i] = tf32(A[pid, g + 8 * (i % 2), t + 4 * (i // 2)])
                cr[i] = 0.0
                cm[i] = 0.0
            for i in T.unroll(2):   # b0 (k = t, n = g), b1 (k = t + 4, n = g)
                br[i] = T.reinterpret(B[pid, t + 4 * i, g], "uint32")
                bm[i] = tf32(B[pid, t + 4 * i, g])
            T.ptx_mma("float32", "m16n8k8", "row", "col", "tf32", "tf32", "fp32", ar.data, 0, br.data, 0, cr.data, 0,
                      False)
            T.ptx_mma("float32", "m16n8k8", "row", "col", "tf32", "tf32", "fp32", am.data, 0, bm.data, 0, cm.data, 0,
                      False)
            for i in T.unroll(4):   # c0 (g, 2t), c1 (g, 2t + 1), c2 (g + 8, 2t), c3 (g + 8, 2t + 1)
                Draw[pid, g + 8 * (i // 2), 2 * t + i % 2] = cr[i]
                Dmask[pid, g + 8 * (i // 2), 2 * t + i % 2] = cm[i]

    return probe


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--programs", type=int, default=4096)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    import tilelang
    P = args.programs
    k = tilelang.compile(probe_program(P), target="auto")
    gen = torch.Generator(device="cuda").manual_seed(0)
    A = torch.randn(P, 16, 8, device="cuda", generator=gen)
    B = torch.randn(P, 8, 8, device="cuda", generator=gen)
    Draw, Dmask = torch.empty_like(A), torch.empty_like(A)
    k(A, B, Draw, Dmask)
    torch.cuda.synchronize()

    def trunc(x):
        return (x.contiguous().view(torch.int32) & -8192).view(torch.float32)

    def rna(x):   # round half away from zero at bit 13, as cvt.rna.tf32.f32
        i = x.contiguous().view(torch.int32)
        return ((i + 4096) & -8192).view(torch.float32)

    ref_t = trunc(A).double() @ trunc(B).double()
    ref_r = rna(A).double() @ rna(B).double()
    out = {
        "programs": P,
        "raw_vs_masked_programs_differing": int((Draw.view(torch.int32) != Dmask.view(torch.int32)).flatten(1).any(1)
                                                .sum()),
        # errors relative to the largest |result| (products near zero would make elementwise ratios meaningless)
        "raw_err_vs_truncated_fp64": float((Draw.double() - ref_t).abs().max() / ref_t.abs().max()),
        "raw_err_vs_rounded_fp64": float((Draw.double() - ref_r).abs().max() / ref_r.abs().max()),
        "masked_err_vs_truncated_fp64": float((Dmask.double() - ref_t).abs().max() / ref_t.abs().max()),
        "gpu": torch.cuda.get_device_name(),
    }
    print(json.dumps(out, indent=1) if args.json else "\n".join(f"{k_}: {v}" for k_, v in out.items()))


if __name__ == "__main__":
    main()
