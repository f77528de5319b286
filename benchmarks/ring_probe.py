"""Can a shared-memory ring keep the INT8 residual read at the plain-read rate with few warps per SM?

The structural path for batch 512 (NOTES.md, session 24, "A structural path for 512") needs the v14 decode at ≤ 128
registers and two programs of 4 warps per SM, so that one v12 boundary program fits beside it. Compiled that way
with its register ring of Z blocks the decode slowed 105 → 133 µs (session 16): 8 warps per SM no longer kept enough
bytes in flight. Bytes in flight need not cost registers on Hopper when they land in shared memory — bulk copies
(TMA, completion on an mbarrier) or `cp.async` — and the fragments are read from there. This probe reads the decode's
stream, Z [items · V, K] INT8 (a (request, head) item is 128 rows of 128 bytes, 16 KB), through such a ring:

- ``tma``: a host tensor descriptor over Z, one [ROWS, K] box per loop trip, Triton's loop pipeliner keeping
  STAGES boxes in flight in shared memory;
- ``ptr``: the same loop with pointer loads (whether Triton's pipeliner makes them `cp.async` copies into a ring shows
  in the shared memory growing with STAGES; Triton 3.9 does not here, so this is the register-load baseline at the
  same warps per SM);

each box multiplied on INT8 tensor cores by a [K, 16] operand (the decode's two vectors, padded) and its row sums
written (4 bytes per 128 read), in a persistent grid of SMs × programs-per-SM programs of NUM_WARPS warps, each
program taking a contiguous run of boxes; and, in the same run, the plain read of the same bytes that reached
4.40–4.45 TB/s in session 14 (`read_probe.read_kernel`). Timing only (CUDA graphs, buffers rotated past L2); the
kernel's sums are checked once against torch per configuration so that a wrong box offset cannot pass as fast.

    source .devbundle/setup.sh && python benchmarks/ring_probe.py --batches 512,32 --json > ring.json     (GPU)
    python benchmarks/ring_probe.py --compile-only                                                   (no GPU)

`--compile-only` compiles every configuration for sm_90 without a GPU and prints its registers and shared memory
(the design needs ≤ 128 registers per thread and ≤ ~8 KB of ring per warp).
"""
import argparse
import itertools
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402

from leapquant.validation import int_list_arg  # noqa: E402

K = V = 128
HV = 32
N_OUT = 16      # the [K, 16] operand: the decode's two vectors padded to an mma tile


@triton.jit
def _box_sums(z, qk, out, t, ROWS: tl.constexpr):
    acc = tl.dot(z, qk)                                         # [ROWS, 16] int32 on INT8 tensor cores
    tl.store(out + t * ROWS + tl.arange(0, ROWS), tl.sum(acc, 1))


@triton.jit
def ring_tma(desc, QK, out, n_boxes, ROWS: tl.constexpr, K: tl.constexpr, STAGES: tl.constexpr):
    """Boxes [t·ROWS, t·ROWS + ROWS) × [0, K) of Z through a TMA ring of STAGES boxes."""
    pid = tl.program_id(0)
    per = tl.cdiv(n_boxes, tl.num_programs(0))
    lo = pid * per
    hi = tl.minimum(lo + per, n_boxes)
    qk = tl.load(QK + tl.arange(0, K)[:, None] * 16 + tl.arange(0, 16)[None, :])
    for t in tl.range(lo, hi, num_stages=STAGES):
        z = desc.load([t * ROWS, 0])
        _box_sums(z, qk, out, t, ROWS)


@triton.jit
def ring_ptr(Z, QK, out, n_boxes, ROWS: tl.constexpr, K: tl.constexpr, STAGES: tl.constexpr):
    """The same boxes by pointer loads."""
    pid = tl.program_id(0)
    per = tl.cdiv(n_boxes, tl.num_programs(0))
    lo = pid * per
    hi = tl.minimum(lo + per, n_boxes)
    qk = tl.load(QK + tl.arange(0, K)[:, None] * 16 + tl.arange(0, 16)[None, :])
    r = tl.arange(0, ROWS)
    k = tl.arange(0, K)
    for t in tl.range(lo, hi, num_stages=STAGES):
        rows = (t * ROWS + r).to(tl.int64)
        z = tl.load(Z + rows[:, None] * K + k[None, :])
        _box_sums(z, qk, out, t, ROWS)


MODES = ("tma", "ptr")


def configs(rows_list, stages_list, warps_list):
    return [dict(mode=m, rows=r, stages=s, warps=w)
            for m, r, s, w in itertools.product(MODES, rows_list, stages_list, warps_list)]


def _cubin_registers(cubin: bytes) -> int:
    """Registers per thread of a cubin, by cuobjdump (no GPU needed)."""
    import re
    import subprocess
    import tempfile
    tool = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin", "cuobjdump")
    with tempfile.NamedTemporaryFile(suffix=".cubin") as f:
        f.write(cubin)
        f.flush()
        res = subprocess.run([tool, "-res-usage", f.name], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"REG:(\d+)", res).group(1))


def compile_only(rows_list, stages_list, warps_list, as_json: bool) -> None:
    """Registers and shared memory of each configuration, compiled for sm_90 without a GPU."""
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource
    out = []
    for c in configs(rows_list, stages_list, warps_list):
        consts = dict(ROWS=c["rows"], K=K, STAGES=c["stages"])
        first = "tensordesc<i8[%d,%d]>" % (c["rows"], K) if c["mode"] == "tma" else "*i8"
        sig = {("desc" if c["mode"] == "tma" else "Z"): first, "QK": "*i8", "out": "*i32", "n_boxes": "i32",
               **{n: "constexpr" for n in consts}}
        fn = ring_tma if c["mode"] == "tma" else ring_ptr
        try:
            kern = triton.compile(ASTSource(fn=fn, signature=sig, constexprs=consts),
                                  target=GPUTarget("cuda", 90, 32), options={"num_warps": c["warps"]})
            c.update(regs=_cubin_registers(kern.asm["cubin"]), smem=kern.metadata.shared)
        except Exception as e:      # a configuration Triton cannot build (shared memory, layouts)
            c.update(error=str(e).splitlines()[0][:160])
        out.append(c)
        if not as_json:
            print(c, flush=True)
    if as_json:
        print(json.dumps(out, indent=1))


def run(batches, rows_list, stages_list, warps_list, per_sm_list) -> list[dict]:
    from triton.tools.tensor_descriptor import TensorDescriptor
    from leapquant.kernels import bench as kb
    from read_probe import read_kernel
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    gen = torch.Generator(device="cuda").manual_seed(0)
    qk = torch.randint(-3, 4, (K, N_OUT), dtype=torch.int8, device="cuda", generator=gen)
    rows_out = []
    for N in batches:
        nbytes = N * HV * V * K
        nrot = kb._rotations(nbytes)
        zs = [torch.randint(-127, 128, (N * HV * V, K), dtype=torch.int8, device="cuda", generator=gen)
              for _ in range(nrot)]
        ref = (zs[0].int() @ qk.int()).sum(1)
        words = [z.view(torch.int32).view(-1) for z in zs]
        for block, warps in ((4096, 4), (4096, 8)):
            part = torch.empty(triton.cdiv(words[0].numel(), block), dtype=torch.int32, device="cuda")

            def plain():
                for w in words:
                    read_kernel[(part.numel(),)](w, part, w.numel(), BLOCK=block, num_warps=warps)
            us = kb._do_bench(plain, graphs=True) / nrot
            rows_out.append(dict(batch=N, mode="plain", block=block, warps=warps, us=us, tbs=nbytes / us / 1e6))
            print(json.dumps(rows_out[-1]), file=sys.stderr, flush=True)
        for c in configs(rows_list, stages_list, warps_list):
            ROWS = c["rows"]
            n_boxes = N * HV * V // ROWS
            outs = [torch.empty(N * HV * V, dtype=torch.int32, device="cuda") for _ in range(nrot)]
            if c["mode"] == "tma":
                srcs = [TensorDescriptor.from_tensor(z, [ROWS, K]) for z in zs]
                fn = ring_tma
            else:
                srcs, fn = zs, ring_ptr
            for per_sm in per_sm_list:
                grid = (min(n_boxes, sms * per_sm),)
                row = dict(batch=N, **c, per_sm=per_sm)
                try:
                    outs[0].fill_(-1)
                    k = fn[grid](srcs[0], qk, outs[0], n_boxes, ROWS=ROWS, K=K, STAGES=c["stages"],
                                 num_warps=c["warps"])
                    torch.cuda.synchronize()
                    if not torch.equal(outs[0], ref):
                        raise AssertionError("row sums differ from torch's")
                    row.update(regs=k.n_regs, smem=k.metadata.shared)

                    def ring():
                        for s, o in zip(srcs, outs):
                            fn[grid](s, qk, o, n_boxes, ROWS=ROWS, K=K, STAGES=c["stages"], num_warps=c["warps"])
                    us = kb._do_bench(ring, graphs=True) / nrot
                    row.update(us=us, tbs=nbytes / us / 1e6)
                except Exception as e:      # a configuration that does not build, launch or check
                    row.update(error=str(e).splitlines()[0][:200] if str(e) else type(e).__name__)
                rows_out.append(row)
                print(json.dumps(row), file=sys.stderr, flush=True)
        zs.clear()
        torch.cuda.empty_cache()
    return rows_out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--batches", type=int_list_arg, default=[512, 32],
                    help="comma-separated batch sizes (GDN shapes: 32 heads, 128 × 128)")
    ap.add_argument("--rows", type=int_list_arg, default=[16, 32, 64], help="box rows (multiples of 16)")
    ap.add_argument("--stages", type=int_list_arg, default=[2, 4, 8], help="ring depths")
    ap.add_argument("--warps", type=int_list_arg, default=[4], help="warps per program")
    ap.add_argument("--per-sm", type=int_list_arg, default=[1, 2, 4], help="programs per SM")
    ap.add_argument("--compile-only", action="store_true", help="compile for sm_90 without a GPU; registers, smem")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    a = ap.parse_args()
    bad = [r for r in a.rows if r < 16 or r % 16 or V % r]
    if bad:
        ap.error(f"--rows: expected multiples of 16 that divide {V}, got {bad}")
    if any(s < 1 for s in a.stages) or any(w < 1 for w in a.warps) or any(p < 1 for p in a.per_sm):
        ap.error("--stages, --warps and --per-sm: expected positive integers")
    if a.compile_only:
        compile_only(a.rows, a.stages, a.warps, a.json)
        return
    if not torch.cuda.is_available():
        sys.exit("ring_probe: needs a CUDA GPU (or --compile-only)")
    if any(b < 1 for b in a.batches):
        ap.error("--batches: expected positive integers")
    rows = run(a.batches, a.rows, a.stages, a.warps, a.per_sm)
    if a.json:
        print(json.dumps(dict(gpu=torch.cuda.get_device_name(), rows=rows), indent=1))
    else:
        for r in rows:
            print(r)


if __name__ == "__main__":
    main()
