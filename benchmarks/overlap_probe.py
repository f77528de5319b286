"""Would running the boundary beside the next step's decode pay?

Times, on one GPU, the decode launch of one pool (all N requests, boundary skipped) and the boundary launch of
another pool (its N / window requests at their window's end), each alone, one after the other, and at the same time on
two streams — all as CUDA-graph replays, the two pools disjoint so that nothing races. The decode is timed at its
default programs per SM and with fewer, which leaves registers and shared memory for boundary programs beside it:
`--decode-blocks` entries are `default`, `B` (compiled for and launched at B programs per SM: KernelConfig's
programs_per_sm) or `B@L` (compiled for B — its register cap — and launched at L: the word decode's request groups
per head set to L · SMs / HV). A register boundary program (256 threads × 128 registers) fits beside two warp-decode
programs compiled for 4 per SM (`4@2`), not beside two compiled for 3 (`3@2`) nor beside three (`default`).
If "concurrent" lands near max(decode, boundary) rather than their sum, the overlap is worth building; "split" times
the in-step split's shape (the side stream runs the decode of N / window other requests before the boundary), the
closest stand-in for the step it would give.

    python benchmarks/overlap_probe.py --out $OUT [--batches 32,256,512] [--models gdn,kda] \
        [--decode-blocks default,4@2,3@2]

Writes $OUT/overlap.json and prints a table. Timing only: no result here is a correctness check.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch  # noqa: E402

from leapquant.files import write_text_atomic  # noqa: E402
from leapquant.kernels import bench as kb  # noqa: E402
from leapquant.kernels.checks import make_inputs  # noqa: E402
from leapquant.kernels.config import KernelConfig  # noqa: E402
from leapquant.kernels.decoder import LeapDecoder  # noqa: E402


def boundary_launch(dec: LeapDecoder, st, N: int, device):
    """The boundary launch of `dec` for pool `st`, after one decode step (boundary skipped) filled its list."""
    gen = torch.Generator(device=device).manual_seed(7)
    x = make_inputs(dec.cfg.family, N, dec.cfg.H, dec.cfg.HV, dec.cfg.K, dec.cfg.V, device, gen)
    idx = torch.arange(N, device=device, dtype=torch.int32)
    wnext = torch.empty(N, dtype=torch.int32, device=device)
    dec.step(st, *x, idx, wnext=wnext, boundary=False)      # appends the requests at window - 1 to list parity `par`
    par = 1 - dec._par
    cnt, lst, gsz = dec._buffers(N, st.Z.device)     # keyed by the tensors' device ("cuda" is not "cuda:0")
    sms = dec._sm_count(st.Z.device) if dec.cfg.boundary == "walk" else None
    grids = {b: dec.boundary_programs(N, sms, per_sm=b) for b in (1, 2)}   # walking programs per SM -> C
    bnd = dec.boundary_kernel(N)
    Kc, Uc = dec._comp(st)

    if int(cnt[par]) != sum(1 for m in st.window_pos.tolist() if m == dec.cfg.window - 1):
        raise RuntimeError("the boundary list does not hold the requests at their window's end")

    def run(per_sm: int = 2):   # idempotent: positions are set from the same wnext, the same requests refit again
        bnd(idx, wnext, st.window_pos, cnt, par, lst[:N], gsz[:grids[per_sm]], st.Z, st.c, st.B, Kc, Uc, st.rk, st.ru,
            st.rg)
    return run


def decode_launch(dec: LeapDecoder, st, N: int, device):
    gen = torch.Generator(device=device).manual_seed(8)
    x = make_inputs(dec.cfg.family, N, dec.cfg.H, dec.cfg.HV, dec.cfg.K, dec.cfg.V, device, gen)
    idx = torch.randperm(N, device=device, generator=gen).to(torch.int32)
    out = torch.empty(N, dec.cfg.HV, dec.cfg.V, dtype=torch.bfloat16, device=device)
    wnext = torch.empty(N, dtype=torch.int32, device=device)

    def run():   # two steps per call: the list counter's parity is back where it started (graph replays)
        for _ in range(2):
            dec.step(st, *x, idx, out=out, wnext=wnext, boundary=False)
    return run


def parse_decode_blocks(entry: str) -> tuple[int | None, int | None]:
    """'default' -> (None, None); 'B' -> (B, None); 'B@L' -> (B, L): compiled for B programs per SM, launched at L."""
    if entry == "default":
        return None, None
    compiled, _, launched = entry.partition("@")
    try:
        return int(compiled), (int(launched) if launched else None)
    except ValueError:
        raise SystemExit(f"--decode-blocks: expected 'default', B or B@L (integers), got {entry!r}") from None


def probe(family: str, N: int, decode_blocks: int | None, launch_blocks: int | None = None, device="cuda") -> dict:
    gen = torch.Generator(device=device).manual_seed(1)
    cfg = KernelConfig(family=family)
    dcfg = cfg if decode_blocks is None else KernelConfig(family=family, programs_per_sm=decode_blocks)
    dec_a, dec_b = LeapDecoder(dcfg), LeapDecoder(cfg)
    if launch_blocks is not None:   # the word decode's request groups per head: launch_blocks per SM over the heads
        dec_a.groups = max(1, launch_blocks * dec_a._sm_count(torch.device(device)) // dcfg.HV)
    pool_a, pool_b = kb._leap_pool(dec_a.cfg, N, device, gen), kb._leap_pool(dec_b.cfg, N, device, gen)
    dec = decode_launch(dec_a, pool_a, N, device)
    bnd = boundary_launch(dec_b, pool_b, N, device)
    # the in-step split's side chain: the decode of the N / window requests at their window's last position (a third
    # pool, the same compiled decode at its own grid), then their boundary
    P = dec_b.cfg.window
    Nc = max(1, N // P)
    dec_c = LeapDecoder(dcfg)
    pool_c = kb._leap_pool(dec_c.cfg, Nc, device, gen)
    pool_c.window_pos.fill_(P - 1)   # all at the window's last position: window − 1 records each (no boundary runs,
    cross = decode_launch(dec_c, pool_c, Nc, device)   # so the positions stay; each step lists all Nc, bounded by Nc)
    side = torch.cuda.Stream()

    def serial():
        dec()
        bnd()
        bnd()

    def concurrent():   # fork: the boundary (twice, as the decode runs two steps) on a side stream, then join
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            bnd()
            bnd()
        dec()
        torch.cuda.current_stream().wait_stream(side)

    def split():        # the split step's shape: side stream the crossing requests' decode, then their boundary
        side.wait_stream(torch.cuda.current_stream())   # (at one walking program per SM)
        with torch.cuda.stream(side):
            cross()
            bnd(1)
            bnd(1)
        dec()
        torch.cuda.current_stream().wait_stream(side)

    for f in (dec, bnd, cross, serial, concurrent, split):
        f()
    torch.cuda.synchronize()
    t = {name: kb._do_bench(f, graphs=True) / 2 for name, f in
         (("decode", dec), ("boundary", lambda: (bnd(), bnd())), ("boundary_1psm", lambda: (bnd(1), bnd(1))),
          ("decode_cross", cross), ("serial", serial),
          ("concurrent", concurrent), ("split", split))}
    return dict(family=family, batch=N, decode_blocks=dec_a.cfg.programs_per_sm, decode_launch_blocks=launch_blocks,
                decode=dec_a.cfg.tag, **{f"us_{k}": v for k, v in t.items()},
                ideal=max(t["decode"], t["boundary"]), saved=1 - t["concurrent"] / t["serial"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.environ.get("OUT", "."))
    ap.add_argument("--batches", default="32,256,512")
    ap.add_argument("--models", default="gdn,kda", help="comma-separated families")
    ap.add_argument("--decode-blocks", default="default,4@2,3@2", help="decode programs per SM: 'default', B "
                    "(compiled and launched at B) or B@L (compiled at B, launched at L)")
    args = ap.parse_args()
    rows = []
    for family in args.models.split(","):
        for N in (int(b) for b in args.batches.split(",")):
            for db in args.decode_blocks.split(","):
                compiled, launched = parse_decode_blocks(db)
                try:
                    rows.append(probe(family, N, compiled, launched))
                except Exception as e:   # one failing shape must not cost the others
                    rows.append(dict(family=family, batch=N, decode_blocks=db,
                                     error=f"{type(e).__name__}: {e}"[:1000]))
                r = rows[-1]
                print(" ".join(f"{k}={v:.1f}" if isinstance(v, float) else f"{k}={v}" for k, v in r.items()),
                      flush=True)
    write_text_atomic(os.path.join(args.out, "overlap.json"),
                      json.dumps({"gpu": torch.cuda.get_device_name(), "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
