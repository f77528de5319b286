"""Round-trip speed of every format on a [512, 32, 128, 128] FP32 state batch (1 GiB).

Not a test. The tensor is processed in chunks of the leading dim (``--chunk``,
default 64 -> 128 MiB per chunk) so that the temporaries of the slower formats
fit in memory; the time reported is the sum over chunks (best of ``--repeat``).

    python benchmarks/bench_formats.py [--json] [--shape 512 32 128 128] [--chunk 64] [--repeat 1]
"""
from __future__ import annotations

import argparse
import json
import math
import platform
import time

import torch

import leapquant.formats as F


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shape", type=int, nargs="+", default=[512, 32, 128, 128])
    ap.add_argument("--chunk", type=int, default=64, help="leading-dim chunk size")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--formats", nargs="*", default=None)
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    a = ap.parse_args()
    shape = tuple(a.shape)
    g = torch.Generator().manual_seed(0)
    x = torch.randn(shape, generator=g)
    n = math.prod(shape)
    rows = []
    for name in a.formats or F.names():
        fmt = F.get(name)
        best = math.inf
        err_num = 0.0
        for _ in range(a.repeat):
            t = 0.0
            err_num = 0.0
            for i in range(0, shape[0], a.chunk):
                xc = x[i:i + a.chunk]
                t0 = time.perf_counter()
                y = fmt.roundtrip(xc)
                t += time.perf_counter() - t0
                err_num += float(((y - xc) ** 2).sum())
                del y
            best = min(best, t)
        rows.append({
            "format": name, "seconds": best, "GB_per_s": n * 4 / best / 1e9,
            "bits_per_element": fmt.bits_per_element(shape),
            "rel_rms_error": math.sqrt(err_num / float((x.double() ** 2).sum())),
        })
        if not a.json:
            r = rows[-1]
            print(f"{name:12s} {r['seconds']:8.2f} s  {r['GB_per_s']:6.2f} GB/s  "
                  f"{r['bits_per_element']:6.3f} b/elt  rel err {r['rel_rms_error']:.2e}", flush=True)
    meta = {"shape": list(shape), "chunk": a.chunk, "repeat": a.repeat, "torch": torch.__version__,
            "threads": torch.get_num_threads(), "cpu": platform.processor() or platform.machine()}
    if a.json:
        print(json.dumps({"meta": meta, "results": rows}, indent=1))


if __name__ == "__main__":
    main()
