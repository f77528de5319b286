"""What the tests of benchmarks/ncu_lines.py and benchmarks/sass_lines.py share: a benchmark script loaded as a module,
and an ncu-shaped source-page CSV (gzip, a kernel-name row above the header, every cell quoted)."""
import gzip
import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"


def load_benchmark(name: str):
    """benchmarks/<name>.py as a module (benchmarks/ on sys.path: the scripts import each other)."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def write_ncu_csv(path, header: list[str], rows: list[list[str]], kernel: str = "boundary_kernel") -> None:
    with gzip.open(path, "wt") as f:
        f.write(f'"Kernel Name","{kernel}",\n')
        for r in [header] + rows:
            f.write(",".join(f'"{c}"' for c in r) + "\n")
