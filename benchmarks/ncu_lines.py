"""Summarise an ncu source-page CSV (benchmarks/kernel_verify.sh writes <kernel>_sass.csv.gz, one row per SASS
instruction): where the warps stall and what executes.

    python benchmarks/ncu_lines.py r/boundary_sass.csv.gz [--top 25] [--regions] [--json]

Prints the stall reasons over the whole kernel, then the rows with the most stall samples: their share, executed
warp-instructions and main stall reasons; `--regions`: the same per stretch of SASS between block barriers (a kernel's
phases). Why: ncu's GUI does this, but the device machine returns files, and the write-up needs the numbers.
"""
import argparse
import collections
import csv
import gzip
import json
import sys


def read_rows(path: str) -> tuple[list[str], list[list[str]]]:
    """The header and data rows of an ncu `--page source --csv` export (one or more kernels/files: every row under
    a header row that names 'Source' belongs to it; the "Kernel Name" / "File" rows between them are skipped)."""
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", newline="") as f:
        rows = list(csv.reader(f))
    header, data = None, []
    for r in rows:
        if "Source" in r and any(c.startswith("Warp Stall Sampling") for c in r):
            header = r
            continue
        if header is not None and len(r) == len(header):
            data.append(r)
    if header is None:
        raise SystemExit(f"{path}: no header row with 'Source' and 'Warp Stall Sampling' columns (first rows: "
                         f"{rows[:3]})")
    return header, data


def as_int(x: str) -> int:
    try:
        return int(float(x.replace(",", "")))
    except ValueError:
        return 0


def summarise(path: str, top: int) -> dict:
    header, data = read_rows(path)
    col = {h: i for i, h in enumerate(header)}
    samples = col["Warp Stall Sampling (All Samples)"]
    executed = next((col[h] for h in ("Instructions Executed", "Warp Instructions Executed") if h in col), None)
    where = next((col[h] for h in ("Line", "#", "Address") if h in col), 0)
    stalls = [h for h in header if h.startswith("stall_") and "Not Issued" not in h]
    total = sum(as_int(r[samples]) for r in data) or 1
    reasons = collections.Counter()
    for r in data:
        for s in stalls:
            reasons[s[6:]] += as_int(r[col[s]])
    lines = []
    for r in sorted(data, key=lambda r: -as_int(r[samples]))[:top]:
        why = collections.Counter({s[6:]: as_int(r[col[s]]) for s in stalls})
        lines.append(dict(where=r[where], share=round(100 * as_int(r[samples]) / total, 1),
                          executed=as_int(r[executed]) if executed is not None else None,
                          stalls={k: v for k, v in why.most_common(3) if v}, source=r[col["Source"]].strip()[:100]))
    total_executed = sum(as_int(r[executed]) for r in data) if executed is not None else None
    return dict(file=path, samples=total, executed=total_executed,
                reasons={k: round(100 * v / total, 1) for k, v in reasons.most_common(10) if v}, top=lines)


def opcode(source: str) -> str:
    """The SASS opcode of an instruction without its predicate and modifiers: '@!P0 LDS.128 R4, [R2]' -> 'LDS'."""
    words = source.split()
    if words and words[0].startswith("@"):
        words = words[1:]
    return words[0].split(".")[0] if words else ""


def regions(path: str, ops: int = 6) -> list[dict]:
    """The kernel's SASS split at its block barriers (BAR), in address order: per region its first address, number of
    instructions, share of executed warp-instructions and of stall samples, and its most executed opcodes (share of
    the region's executed instructions). Why: the phases of a kernel sit between its __syncthreads(), so this is a
    per-phase profile without source line information."""
    header, data = read_rows(path)
    col = {h: i for i, h in enumerate(header)}
    samples = col["Warp Stall Sampling (All Samples)"]
    executed = next((col[h] for h in ("Instructions Executed", "Warp Instructions Executed") if h in col), None)
    if executed is None:
        raise SystemExit(f"{path}: --regions needs the 'Instructions Executed' column")
    where = next((col[h] for h in ("Address", "#", "Line") if h in col), 0)
    tot_e = sum(as_int(r[executed]) for r in data) or 1
    tot_s = sum(as_int(r[samples]) for r in data) or 1
    out, cur = [], None
    for r in data:
        if cur is None:
            cur = dict(start=r[where], n=0, executed=0, samples=0, ops=collections.Counter())
        op, e = opcode(r[col["Source"]]), as_int(r[executed])
        cur["n"] += 1
        cur["executed"] += e
        cur["samples"] += as_int(r[samples])
        cur["ops"][op] += e
        if op == "BAR":
            out.append(cur)
            cur = None
    if cur is not None:
        out.append(cur)
    return [dict(start=g["start"], instructions=g["n"], exec_share=round(100 * g["executed"] / tot_e, 1),
                 stall_share=round(100 * g["samples"] / tot_s, 1),
                 ops={k: round(100 * v / max(g["executed"], 1)) for k, v in g["ops"].most_common(ops)})
            for g in out]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    ap.add_argument("--regions", action="store_true", help="per region between block barriers instead (the phases)")
    args = ap.parse_args(argv)
    if args.top < 1:
        raise SystemExit(f"--top must be >= 1, got {args.top}")
    if args.regions:
        rows = regions(args.csv)
        if args.json:
            print(json.dumps(rows, indent=1))
            return
        print(f"{args.csv}: {len(rows)} regions between block barriers (exec / stall: shares of the kernel's)")
        for i, g in enumerate(rows):
            print(f"{i:3d}  {g['start']:>16}  {g['instructions']:5d} instr  exec {g['exec_share']:5.1f} %  "
                  f"stall {g['stall_share']:5.1f} %   " + ", ".join(f"{k} {v}" for k, v in g["ops"].items()))
        return
    res = summarise(args.csv, args.top)
    if args.json:
        print(json.dumps(res, indent=1))
        return
    print(f"{res['file']}: {res['samples']} stall samples, {res['executed']} warp-instructions executed")
    print("stall reasons (% of samples): " + ", ".join(f"{k} {v}" for k, v in res["reasons"].items()))
    for ln in res["top"]:
        print(f"{ln['share']:5.1f} %  {str(ln['where']):>8}  exec {ln['executed']!s:>9}  "
              f"{' '.join(f'{k}:{v}' for k, v in ln['stalls'].items()):<40}  {ln['source']}")


if __name__ == "__main__":
    sys.exit(main())
