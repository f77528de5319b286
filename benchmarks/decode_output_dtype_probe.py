"""Kernel-vs-reference checks of BF16-output decode kernels (GDN, H 2 and 32, rank 4 `walk`, rank 8 `regs` and
`simple`, 4 and 37 requests, three seeds): one JSON row of `check_decode`'s worst errors each (needs a GPU).

    python benchmarks/decode_output_dtype_probe.py --out DIR
"""
import argparse
import json
from pathlib import Path

from leapquant.files import write_text_atomic
from leapquant.kernels import registry
from leapquant.kernels.checks import check_decode, check_ok
from leapquant.kernels.config import KernelConfig
from leapquant.kernels.decoder import LeapDecoder


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, required=True, help="folder of decode_output_dtype_probe.json")
    args = ap.parse_args()
    rows = []
    for H, rank, boundary in ((2, 8, "auto"), (2, 4, "auto"), (2, 8, "simple"), (32, 8, "auto")):
        cfg = registry.resolve(KernelConfig(family="gdn", H=H, HV=H, rank=rank, boundary=boundary), "sm_90")
        dec = LeapDecoder(cfg)
        for N in (4, 37):
            for seed in (0, 1, 2):
                w = check_decode(cfg, N=N, windows=3, seed=seed, decoder=dec)
                rows.append(dict(H=H, rank=rank, boundary=cfg.boundary, N=N, seed=seed, ok=check_ok(w),
                                 **{k: float(v) for k, v in w.items() if isinstance(v, (int, float))}))
                print(json.dumps(rows[-1]), flush=True)
    write_text_atomic(args.out / "decode_output_dtype_probe.json", json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
