"""Summarise an ncu source-page CSV (benchmarks/kernel_verify.sh writes <kernel>_sass.csv.gz, one row per SASS
instruction): where the warps stall and what executes.

    python benchmarks/ncu_lines.py r/boundary_sass.csv.gz [--top 25] [--json]

Prints the stall reasons over the whole kernel, then the rows with the most stall samples: their share, executed
warp-instructions and main stall reasons. Why: ncu's GUI does this, but the device machine returns files, and the
notes need the numbers.
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
        raise SystemExit(f"{path}: no header row with 'Source' and 'Warp Stall Sampling' columns (first rows: {rows[:3]})")
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
    return dict(file=path, samples=total, executed=sum(as_int(r[executed]) for r in data) if executed is not None else None,
                reasons={k: round(100 * v / total, 1) for k, v in reasons.most_common(10) if v}, top=lines)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("csv")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = ap.parse_args(argv)
    if args.top < 1:
        raise SystemExit(f"--top must be >= 1, got {args.top}")
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
