"""µs per layer-step of L layers stepped in turn at one batch, for several side-stream counts (bench.bench_leap_layers):
how many side streams a serving engine should give the boundaries. Needs a GPU (except --from-json).

    python benchmarks/layer_streams.py --models gdn,kda --batch 32 --layers 4,8 --streams 0,1,2,4,8 [--iters 2,0]
        [--repeats 3] [--set programs_per_sm=4] [--json] [--out rows.json] [--png layer_streams.png]
    python benchmarks/layer_streams.py --from-json rows.json [more.json ...] --png layer_streams.png

Each row carries FLA's FP32 one-layer step timed in the same run (the faster of its layouts, `bench.bench_fla`) and
the ratio over it (rows read with --from-json may have none). `--iters 2,0` times each setting with the power
iteration and with its iters=0 twin (the refit's exposed cost where the boundaries overlap); `--repeats` runs each
setting again in a new set of pools (the spread between runs); `--png` draws µs per layer-step against the
side-stream count (the median of the repeats, a line per model, batch, layer count and iters); `--from-json` reads
rows this script printed with --json (a file of one JSON list, or JSON lists one per line) instead of timing.
"""
import argparse
import contextlib
import json
import statistics
from collections import defaultdict
from dataclasses import replace

from leapquant.errors import InputError
from leapquant.files import write_text_atomic
from leapquant.kernels.compile_check import quiet_tilelang
from leapquant.validation import int_list_arg

FAMILIES = ("gdn", "kda")


def config_fields(items: list[str]) -> dict:
    """`--set key=value` items as KernelConfig fields (parsed as `leapquant bench --set`); an unknown field, a value
    KernelConfig refuses or a program that does not fit is a usage error that names it (before any GPU work)."""
    from dataclasses import fields as dataclass_fields

    from leapquant.kernels import registry
    from leapquant.kernels.config import KernelConfig
    from leapquant.options import parse_options
    try:
        out = parse_options(items, "--set")
        names = {f.name for f in dataclass_fields(KernelConfig)}
        unknown = sorted(set(out) - names)
        if unknown:
            raise InputError(f"--set: {unknown[0]!r} is not a KernelConfig field (fields: {', '.join(sorted(names))})")
        for family in FAMILIES:
            registry.resolve(KernelConfig(**{**out, "family": family, "layout": "v_first"}))
    except InputError as e:
        raise SystemExit(str(e) if str(e).startswith("--set") else f"--set: {e}") from None
    return out


def measure(families, batch, layer_counts, stream_counts, iters_list, repeats, fields=None,
            out: str = "") -> list[dict]:
    """The rows, timed in turn; with `out`, every row so far written there (atomically) as soon as it is measured, so
    that a run cut short by a device call's time limit keeps what it measured."""
    from rich.console import Console
    from rich.progress import track

    from leapquant.kernels import bench as kb
    from leapquant.kernels import registry
    from leapquant.kernels.config import KernelConfig
    from leapquant.kernels.decoder import local_arch
    todo = [(family, L, s, it, rep) for rep in range(repeats) for family in families for L in layer_counts
            for s in stream_counts if s <= L for it in iters_list]
    # the baseline in the same run: FLA's FP32 step (one layer), the faster of its two layouts, as the bench takes it
    fla = {f: min(kb.bench_fla(f, batch, layout=lay, graphs=True)[0] for lay in ("k_first", "v_first"))
           for f in families}
    rows = []
    for family, L, s, it, rep in track(todo, description="layer-steps", console=Console(stderr=True)):
        cfg = replace(KernelConfig(**{**(fields or {}), "family": family, "layout": "v_first"}), iters=it)
        us, _ = kb.bench_leap_layers(cfg, batch, layers=L, streams=s, graphs=True)
        rows.append(dict(model=family, batch=batch, layers=L, side_streams=s, iters=it, repeat=rep, us=us,
                         fla_us=fla[family], speedup_vs_fla=fla[family] / us,
                         config=registry.resolve(cfg, local_arch()).tag))
        if out:
            write_text_atomic(out, json.dumps(rows) + "\n")
    return rows


def read_rows(paths: list[str]) -> list[dict]:
    rows = []
    for path in paths:
        try:
            with open(path) as f:
                lines = f.readlines()
        except OSError as e:
            raise SystemExit(f"--from-json: cannot read {path}: {e.strerror}") from None
        for n, line in enumerate(lines, 1):
            if line.strip().startswith("["):
                try:
                    rows += json.loads(line)
                except json.JSONDecodeError as e:
                    raise SystemExit(f"--from-json: {path} line {n} is not a JSON list of rows ({e.msg})") from None
    if not rows:
        raise SystemExit(f"--from-json: no JSON row lists in {paths}")
    for r in rows:
        r.setdefault("iters", 2)
    return rows


def plot(rows: list[dict], path: str) -> None:
    """µs per layer-step against the side-stream count, medians over repeats; written atomically."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from leapquant.plots import save_figure
    groups = defaultdict(lambda: defaultdict(list))
    for r in rows:
        groups[(r["model"], r["batch"], r["layers"], r["iters"])][r["side_streams"]].append(r["us"])
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for (model, batch, layers, iters), by_s in sorted(groups.items()):
        xs = sorted(by_s)
        ax.plot(xs, [statistics.median(by_s[x]) for x in xs], marker="o", linestyle="-" if iters else "--",
                label=f"{model.upper()} batch {batch}, {layers} layers, iters {iters}")
    ax.set_xticks(sorted({r["side_streams"] for r in rows}))
    ax.set_xlabel("side streams for the boundaries (0: in line)")
    ax.set_ylabel("µs per layer-step (median of repeats)")
    ax.set_title("Boundaries beside the next layers' decodes (H200)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    save_figure(fig, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--models", default="gdn,kda", help="comma-separated families")
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--layers", type=int_list_arg, default="4,8", help="comma-separated layer counts")
    ap.add_argument("--streams", type=int_list_arg, default="0,1,2,4,8", help="side-stream counts (0: boundaries in "
                    "line); counts above the layer count are skipped")
    ap.add_argument("--iters", type=int_list_arg, default="2", help="power iterations of the refit, comma-separated "
                    "(0: the twin)")
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--from-json", nargs="+", default=None, help="plot rows printed earlier with --json (no GPU)")
    ap.add_argument("--png", default="", help="also draw the rows to this PNG")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="a KernelConfig field for every layer (repeatable), e.g. --set programs_per_sm=4")
    ap.add_argument("--json", action="store_true", help="print JSON rows")
    ap.add_argument("--out", default="", help="also keep the rows measured so far in this JSON file (rewritten "
                    "atomically after each row; --from-json reads it)")
    a = ap.parse_args()
    fields = config_fields(a.set)
    if a.repeats < 1:
        ap.error(f"--repeats must be >= 1, got {a.repeats}")
    if a.from_json:
        rows = read_rows(a.from_json)
    else:
        import torch
        if min(a.layers) < 1:
            ap.error(f"--layers must be >= 1, got {a.layers}")
        if a.batch < 1:
            ap.error(f"--batch must be >= 1, got {a.batch}")
        if not set(a.models.split(",")) <= set(FAMILIES):
            ap.error(f"--models must be gdn and/or kda, got {a.models!r}")
        if not torch.cuda.is_available():
            ap.error("timing needs a CUDA GPU (--from-json re-plots saved rows without one)")
        with quiet_tilelang() if a.json else contextlib.nullcontext():   # the kernels' builds log on stdout
            rows = measure(a.models.split(","), a.batch, a.layers, a.streams, a.iters, a.repeats, fields, a.out)
    if a.png:
        plot(rows, a.png)
    if a.json:
        print(json.dumps(rows))
    else:
        for r in rows:
            ratio = f" (x{r['speedup_vs_fla']:.2f} FLA in the same run)" if "speedup_vs_fla" in r else ""
            print(f"{r['model']} B={r['batch']} layers={r['layers']} side streams={r['side_streams']} "
                  f"iters={r['iters']}: {r['us']:.1f} us per layer-step{ratio}")


if __name__ == "__main__":
    main()
