"""How fast can a decode step read the LeapQuant state at all?

The decode launch reads the state at a rate well below the copy ceiling; whether that is the access pattern's limit or
the program's is what this probe measures, on one GPU, in one run:

- ``read``: a pure read of the INT8 residual (summed as int32 words), at several block sizes and warp counts —
  the read ceiling of this access pattern (the copy ceiling is read + write);
- ``mimic``: a Triton kernel with the decode's memory traffic per (request, head) — Z [V, K] INT8, c, B, the
  m buffered fp16 records (k and u rows), r compensator pairs, q / k / v, the record append and the output — and
  a stand-in of its arithmetic (Z on fp16 tensor cores, not the decode's exact digit products), one item per
  program or a persistent loop over items, at 1 / 2 / 4 / 8 warps.

Timing only (CUDA graphs, state buffers rotated past L2): no result here is a correctness check.

    python benchmarks/read_probe.py --out $OUT [--batches 32,512]
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

from leapquant.files import write_text_atomic  # noqa: E402
from leapquant.kernels import bench as kb  # noqa: E402


@triton.jit
def read_kernel(x, out, n_words, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    w = tl.load(x + offs, mask=offs < n_words, other=0)
    tl.store(out + pid, tl.sum(w, 0))


@triton.jit
def mimic_kernel(Z, c, Bs, Kc, Uc, rk, ru, wpos, q, k, v, o, n_items, HV,
                 K: tl.constexpr, V: tl.constexpr, P: tl.constexpr, R: tl.constexpr, PERSIST: tl.constexpr):
    """One (request, head) per loop trip: o = B ⊙ (Z (c ⊙ q)) + Σ_j (k_jᵀ q) u_j + Σ_i (K̂_iᵀ q) Û_i, the
    record (k, u) appended at the request's window position; slot = request (the pool's identity map)."""
    rk_ = tl.arange(0, K)
    rv_ = tl.arange(0, V)
    rp_ = tl.arange(0, P)
    rr_ = tl.arange(0, R)
    c16 = tl.arange(0, 16)
    start = tl.program_id(0)
    step = tl.num_programs(0) if PERSIST else n_items
    for item in tl.range(start, n_items, step, num_stages=2):
        n = item // HV
        m = tl.load(wpos + n)
        base = tl.cast(item, tl.int64)
        z = tl.load(Z + base * V * K + rv_[:, None] * K + rk_[None, :])
        cc = tl.load(c + base * K + rk_)
        qq = tl.load(q + base * K + rk_).to(tl.float32)
        kk = tl.load(k + base * K + rk_).to(tl.float32)
        y = tl.where(c16[None, :] == 0, (cc * qq)[:, None], tl.where(c16[None, :] == 1, (cc * kk)[:, None], 0.0))
        zr = tl.dot(z.to(tl.float16), y.to(tl.float16))                     # [V, 16]
        zq = tl.sum(tl.where(c16[None, :] == 0, zr, 0.0), 1)
        zk = tl.sum(tl.where(c16[None, :] == 1, zr, 0.0), 1)
        bb = tl.load(Bs + base * V + rv_)
        keys = tl.load(rk + base * P * K + rp_[:, None] * K + rk_[None, :], mask=rp_[:, None] < m, other=0.0)
        us = tl.load(ru + base * P * V + rp_[:, None] * V + rv_[None, :], mask=rp_[:, None] < m, other=0.0)
        wq = tl.sum(keys.to(tl.float32) * qq[None, :], 1)
        wk = tl.sum(keys.to(tl.float32) * kk[None, :], 1)
        kc = tl.load(Kc + base * R * K + rr_[:, None] * K + rk_[None, :]).to(tl.float32)
        uc = tl.load(Uc + base * R * V + rr_[:, None] * V + rv_[None, :]).to(tl.float32)
        cq = tl.sum(kc * qq[None, :], 1)
        ck = tl.sum(kc * kk[None, :], 1)
        a_q = bb * zq + tl.sum(wq[:, None] * us.to(tl.float32), 0) + tl.sum(cq[:, None] * uc, 0)
        a_k = bb * zk + tl.sum(wk[:, None] * us.to(tl.float32), 0) + tl.sum(ck[:, None] * uc, 0)
        vv = tl.load(v + base * V + rv_).to(tl.float32)
        u = (vv - a_k).to(tl.float16)
        tl.store(ru + base * P * V + m * V + rv_, u)
        tl.store(rk + base * P * K + m * K + rk_, kk.to(tl.float16))
        tl.store(o + base * V + rv_, (a_q + u.to(tl.float32)).to(tl.bfloat16))


def pool(N, HV=32, K=128, V=128, P=16, R=4, device="cuda", gen=None):
    it = N * HV
    return dict(
        Z=torch.randint(-127, 128, (it, V, K), dtype=torch.int8, device=device, generator=gen),
        c=torch.rand(it, K, device=device, generator=gen), Bs=torch.rand(it, V, device=device, generator=gen),
        Kc=torch.randn(it, R, K, device=device, generator=gen).half(),
        Uc=torch.randn(it, R, V, device=device, generator=gen).half(),
        rk=torch.randn(it, P, K, device=device, generator=gen).half(),
        ru=torch.randn(it, P, V, device=device, generator=gen).half(),
        wpos=torch.randint(0, P - 1, (N,), dtype=torch.int32, device=device, generator=gen))


def nbytes_state(N, HV=32, K=128, V=128, P=16, R=4):
    """Bytes one decode step moves per item, as leap_bytes counts them without the boundary (half the records)."""
    return N * HV * (V * K + 4 * (K + V) + 2 * R * (K + V) + 2 * (P // 2) * (K + V) + 2 * (K + V) + 2 * 3 * K)


def run(batches, sms, out):
    gen = torch.Generator(device="cuda").manual_seed(0)
    rows = []
    for N in batches:
        HV, K, V = 32, 128, 128
        nb = nbytes_state(N)
        nrot = kb._rotations(nb)
        pools = [pool(N, gen=gen) for _ in range(nrot)]
        x = [torch.randn(N * HV, K, device="cuda", generator=gen).bfloat16() for _ in range(2)]
        vin = torch.randn(N * HV, V, device="cuda", generator=gen).bfloat16()
        o = torch.empty(N * HV, V, device="cuda", dtype=torch.bfloat16)
        # the pure read of Z
        for block in (1024, 4096):
            for warps in (4, 8):
                words = [p["Z"].view(torch.int32).view(-1) for p in pools]
                nw = words[0].numel()
                part = torch.empty(triton.cdiv(nw, block), dtype=torch.int32, device="cuda")

                def fn():
                    for w in words:
                        read_kernel[(triton.cdiv(nw, block),)](w, part, nw, BLOCK=block, num_warps=warps)
                us = kb._do_bench(fn, graphs=True) / nrot
                rows.append(dict(N=N, probe="read", block=block, warps=warps, us=us, tbs=nw * 4 / us / 1e6))
                print(rows[-1], flush=True)
        for persist in (False, True):
            for warps in (1, 2, 4, 8):
                for per_sm in ((4, 8, 16) if persist else (0,)):
                    grid = min(N * HV, sms * per_sm) if persist else N * HV

                    def fn():
                        for p in pools:
                            mimic_kernel[(grid,)](p["Z"], p["c"], p["Bs"], p["Kc"], p["Uc"], p["rk"], p["ru"],
                                                  p["wpos"], x[0], x[1], vin, o, N * HV, HV, K=K, V=V, P=16, R=4,
                                                  PERSIST=persist, num_warps=warps)
                    try:
                        us = kb._do_bench(fn, graphs=True) / nrot
                    except Exception as e:   # a configuration Triton cannot build (registers, shared memory)
                        rows.append(dict(N=N, probe="mimic", persist=persist, warps=warps, per_sm=per_sm,
                                         error=str(e)[:200]))
                        print(rows[-1], flush=True)
                        continue
                    rows.append(dict(N=N, probe="mimic", persist=persist, warps=warps, per_sm=per_sm, us=us,
                                     tbs=nb / us / 1e6))
                    print(rows[-1], flush=True)
        pools.clear()   # free this batch's buffers before the next
        torch.cuda.empty_cache()
    write_text_atomic(os.path.join(out, "read_probe.json"),
                      json.dumps(dict(gpu=torch.cuda.get_device_name(), rows=rows), indent=1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True, help="folder for read_probe.json")
    ap.add_argument("--batches", default="32,512", help="comma-separated batch sizes (GDN shapes: 32 heads, 128²)")
    a = ap.parse_args()
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    run([int(b) for b in a.batches.split(",")], sms, a.out)


if __name__ == "__main__":
    main()
