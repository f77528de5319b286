"""Where a kernel's executed instructions and stall samples fall in its generated CUDA source.

    python benchmarks/sass_lines.py r/decode_sass.csv.gz --launch decode --set family=kda [--batch 512] [--top 30]
        [--phases] [--json]

ncu's source page from the device (benchmarks/kernel_verify.sh writes <what>_sass.csv.gz) has SASS only: the device
compiles the TileLang program without line information. This script builds the same program here — TileLang's CUDA
source, then `nvcc -arch=sm_90a -O3 -lineinfo -cubin` and `nvdisasm --print-line-info` — checks that the local SASS is
the profiled one instruction for instruction (same opcodes in the same order; TileLang and nvcc at the device's
versions), and sums each generated-CUDA line's executed warp-instructions and stall samples: one line of the generated
source (an accurate expf, say) can hold a large share of a kernel's instructions. Needs nvcc; nvdisasm comes with
Triton.
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ncu_lines import as_int, read_rows  # noqa: E402


def generated_source(launch: str, fields: dict, batch: int = 512) -> str:
    """The CUDA source TileLang generates for the profiled launch of KernelConfig(**fields) (resolved for sm_90, as the
    device builds it); a boundary below the config's small_batch requests is its small-batch form."""
    from leapquant.kernels import registry
    from leapquant.kernels.config import KernelConfig
    from leapquant.kernels.tl import compile_kernel
    cfg = registry.resolve(KernelConfig(**fields), "sm_90")
    if launch == "boundary" and batch < cfg.small_batch:
        cfg = registry.small_batch_boundary(cfg)
    prog = registry.programs(launch)[getattr(cfg, launch)].build(cfg)
    return compile_kernel(prog, {"kind": "cuda", "arch": "sm_90"}).get_kernel_source()


def local_sass(src: str, workdir: str) -> list[tuple[int | None, str]]:
    """(generated-CUDA line, instruction text) for every SASS instruction of the local -lineinfo build, in order."""
    import tilelang
    import triton
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        raise SystemExit("nvcc not found on PATH: the local build needs it")
    nvdisasm = shutil.which("nvdisasm") or os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "bin",
                                                         "nvdisasm")
    inc = os.path.dirname(tilelang.__file__)
    cu, cubin = os.path.join(workdir, "kernel.cu"), os.path.join(workdir, "kernel.cubin")
    with open(cu, "w") as f:
        f.write(src)
    res = subprocess.run([nvcc, "-arch=sm_90a", "-std=c++17", "-O3", "-lineinfo", "-cubin", cu, "-o", cubin,
                          f"-I{inc}/src", f"-I{inc}/3rdparty/cutlass/include", f"-I{inc}/3rdparty/tvm/include"],
                         capture_output=True, text=True)
    if res.returncode:
        raise SystemExit(f"nvcc failed:\n{res.stderr[-2000:]}")
    # -gi: a header's line (an inlined mma, shuffle or math function) comes with the chain of lines it was inlined
    # at, which ends in the generated CUDA: the instruction is counted on that line
    dis = subprocess.run([nvdisasm, "--print-line-info-inline", "-c", cubin], capture_output=True, text=True,
                         check=True).stdout
    out, line = [], None
    own = re.compile(r'"' + re.escape(cu) + r'", line (\d+)')
    for text in dis.splitlines():
        if text.lstrip().startswith("//## File"):
            hits = own.findall(text)
            if hits:
                line = int(hits[-1])
            continue
        m = re.match(r"\s+/\*[0-9a-f]{4,}\*/\s+(.*?)\s*;", text)
        if m:
            out.append((line, m.group(1)))
    return out


def opcode(text: str) -> str:
    """The instruction's opcode without its predicate and modifiers: '@P3 MOV.U32 R1, R2' -> 'MOV'."""
    words = text.split()
    word = words[1] if words and words[0].startswith("@") and len(words) > 1 else (words[0] if words else "")
    return word.split(".")[0]


def phase_starts(src: str) -> list[int]:
    """The generated-CUDA lines that open a phase: line 1, then each line after a `__syncthreads()` — a kernel's time
    between two barriers is one phase (the register boundary's reconstruction, each power iteration's products, its
    orthonormalisation, the codes)."""
    return [1] + [i + 1 for i, text in enumerate(src.splitlines(), 1) if "__syncthreads()" in text]


def phase_of(line: int | None, starts: list[int]) -> int:
    """The phase (index into `starts`) of a generated-CUDA line; instructions without one count in phase 0."""
    return max((k for k, first in enumerate(starts) if (line or 0) >= first), default=0)


def summarise(csv_path: str, launch: str, fields: dict, batch: int, top: int) -> dict:
    header, data = read_rows(csv_path)
    col = {h: i for i, h in enumerate(header)}
    executed = next(col[h] for h in ("Instructions Executed", "Warp Instructions Executed") if h in col)
    samples = col["Warp Stall Sampling (All Samples)"]
    src = generated_source(launch, fields, batch)
    with tempfile.TemporaryDirectory() as tmp:
        sass = local_sass(src, tmp)
    if len(sass) != len(data):
        raise SystemExit(f"the local build has {len(sass)} SASS instructions, the profile {len(data)}: not the "
                         "profiled program (check --launch, --set and --batch, and that TileLang and nvcc match the "
                         "device's)")
    bad = [i for i, ((_, ins), r) in enumerate(zip(sass, data)) if opcode(ins) != opcode(r[col["Source"]].strip())]
    if bad:
        raise SystemExit(f"{len(bad)} instructions differ from the profile's (first at index {bad[0]}): not the same "
                         "build")
    exe, stall = collections.Counter(), collections.Counter()
    reasons = [h for h in header if h.startswith("stall_") and "Not Issued" not in h]
    starts = phase_starts(src)
    phase_e, phase_s = collections.Counter(), collections.Counter()
    phase_r = collections.defaultdict(collections.Counter)
    for (line, _), r in zip(sass, data):
        exe[line] += as_int(r[executed])
        stall[line] += as_int(r[samples])
        k = phase_of(line, starts)
        phase_e[k] += as_int(r[executed])
        phase_s[k] += as_int(r[samples])
        for h in reasons:
            phase_r[k][h[len("stall_"):]] += as_int(r[col[h]])
    total_e, total_s = sum(exe.values()) or 1, sum(stall.values()) or 1
    lines = src.splitlines()
    rows = [dict(line=ln, executed=e, stall_samples=stall[ln], executed_pct=round(100 * e / total_e, 1),
                 stall_pct=round(100 * stall[ln] / total_s, 1),
                 source=(lines[ln - 1].strip()[:120] if ln and ln <= len(lines) else ""))
            for ln, e in exe.most_common(top)]
    phases = [dict(phase=k, first_line=starts[k], executed_pct=round(100 * phase_e[k] / total_e, 1),
                   stall_pct=round(100 * phase_s[k] / total_s, 1),
                   top_stalls={h: round(100 * v / total_s, 1) for h, v in phase_r[k].most_common(3) if v})
              for k in range(len(starts)) if phase_e[k] or phase_s[k]]
    return dict(profile=csv_path, launch=launch, fields=fields, instructions=len(sass), executed=total_e,
                stall_samples=total_s, lines=rows, phases=phases)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv", help="ncu source page: kernel_verify.sh's <what>_sass.csv.gz")
    ap.add_argument("--launch", choices=["decode", "boundary"], default="decode")
    ap.add_argument("--set", dest="sets", action="append", default=[],
                    help="KernelConfig field of the profiled launch, key=value (repeatable), e.g. family=kda")
    ap.add_argument("--batch", type=int, default=512, help="the profiled batch (below the config's small_batch: the "
                    "small-batch boundary)")
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--phases", action="store_true", help="also the sums between barriers (__syncthreads), with each "
                    "phase's largest stall reasons (% of all samples)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.top < 1:
        ap.error(f"--top must be >= 1, got {args.top}")
    from leapquant.errors import InputError
    from leapquant.options import parse_options
    try:
        fields = parse_options(args.sets, "--set")
        from leapquant.kernels import registry
        from leapquant.kernels.config import KernelConfig
        registry.resolve(KernelConfig(**fields))   # a config that does not resolve fails before any build
    except (InputError, TypeError) as e:
        ap.error(f"--set: {e}")
    out = summarise(args.csv, args.launch, fields, args.batch, args.top)
    if args.json:
        print(json.dumps(out, indent=1))
        return
    print(f"{args.csv}: {out['instructions']} instructions, {out['executed']} warp-instructions executed, "
          f"{out['stall_samples']} stall samples")
    for r in out["lines"]:
        print(f"{r['executed_pct']:5.1f} % exec {r['stall_pct']:5.1f} % stall  L{r['line']}: {r['source']}")
    if args.phases:
        print("phases (from the line after each __syncthreads()):")
        for ph in out["phases"]:
            top = ", ".join(f"{h} {v}" for h, v in ph["top_stalls"].items())
            print(f"  {ph['phase']:2d} from L{ph['first_line']:<5d} {ph['executed_pct']:5.1f} % exec "
                  f"{ph['stall_pct']:5.1f} % stall  {top}")


if __name__ == "__main__":
    main()
