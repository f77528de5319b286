"""Fit the tuner's cost model (tuner/cost.py) on H200 measurements and report its error on configurations held out.

    python benchmarks/fit_cost_model.py [--model bytes|compiled] [--measured $OUT/measured.json ...] [--out FILE]
        [--report FILE] [--seed 0] [--holdout 0.4]

`--model bytes` (tuner/cost_h200.json, report benchmarks/results/cost_model_h200.json): bytes and FLOPs only;
`--model compiled` (tuner/cost_compiled_h200.json, report cost_model_compiled_h200.json): with the compiled kernels'
terms, each row's launches read from tuner/resources_sm_90.json (`benchmarks/kernel_resources.py` builds them).

The rows: every LeapQuant row of the H200 bench results in benchmarks/results/ (`bench_*`, `sweeps_*`, `ablations_*`,
CUDA-graph timings) whose configuration names a program of today's registry — older rows' names are mapped by the
renames of benchmarks/results/README.md (`z1` → persistent, `b12w` → walk, `b12` → regs, `b7` → smem, K-first →
tile); rows of variants that no longer exist are left out — plus the rows of `benchmarks/cost_model_measure.py`
(`--measured`). The H200 configurations (not the rows: a configuration's batches stay together) are split at random
(rows of other GPUs are always fitted on);
the model is fitted on one part and predicts the other, then refitted on all for the shipped constants.
"""
import argparse
import glob
import json
import os
import random
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from leapquant.files import write_text_atomic  # noqa: E402
from leapquant.gpus import named_by  # noqa: E402
from leapquant.kernels.config import KernelConfig  # noqa: E402
from tuner.cost import COMPILED_TERMS, FILES, fit  # noqa: E402
from tuner.resources import Table  # noqa: E402

RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")
GONE = {"split2b1", "split3b1", "split2b2", "rec", "L4s0", "L4s1", "L4s4", "noboundary", "pipe1", "dmb2", "dmb4",
        "dmb5", "dmb6", "b6", "b4", "b8", "t256"}
"""Tokens of variants that no longer exist (programs since replaced or merged): their rows are left out."""


def config_of(row: dict) -> dict | None:
    """The KernelConfig fields of a bench row, or None where its configuration is not one of today's programs."""
    tag = row["cfg"]
    toks = tag.split("-")
    if "-leap-" not in tag:          # today's tags: family-format-wW-rR-layout[-itN]-decode-bv-t-s-boundary-bt
        m = re.fullmatch(r"(gdn|kda)-(int8|int4|fp8-e4m3|bf16)-w(\d+)-r(\d+)-(v_first|k_first)(?:-it(\d))?-(\w+)-bv"
                         r"(\d+)-t(\d+)-s(\d+)-(\w+)-bt(\d+)(?:-sb\d+)?(?:-f32)?", tag)
        if m is None:
            return None
        f, fmt, w, r, lay, it, dec, bv, t, s, bnd, bt = m.groups()
        return dict(family=f, format=fmt, window=int(w), rank=int(r), layout=lay, iters=int(it or 2), decode=dec,
                    boundary=bnd, H=32, HV=32)
    if GONE & set(toks):
        return None
    fmt = "int4" if "int4" in toks else "fp8-e4m3" if "fp8e4m3" in toks else "int8"
    p = int(next(t[1:] for t in toks if re.fullmatch(r"p\d+", t)))
    r = int(next(t[1:] for t in toks if re.fullmatch(r"r\d+", t)))
    iters = 0 if "it0" in toks else 1 if "it1" in toks else 2
    layout = "k_first" if "kf" in toks else "v_first"
    decode = "warp" if "warp" in toks else "persistent" if {"z1", "z1b384"} & set(toks) else (
        "tile" if layout == "k_first" else None)
    boundary = "walk" if "b12w" in toks else "regs" if "b12" in toks else "smem" if "b7" in toks else None
    if decode is None or boundary is None:
        return None
    return dict(family=toks[0], format=fmt, window=p, rank=r, layout=layout, iters=iters, decode=decode,
                boundary=boundary, H=32, HV=32)


def history_rows() -> list[dict]:
    rows = []
    for path in sorted(glob.glob(os.path.join(RESULTS, "*_h200.json"))):
        d = json.load(open(path))
        if not isinstance(d, dict) or "bench" not in d or d["bench"].get("timing") != "cuda graphs":
            continue
        for r in d["bench"]["rows"]:
            if r["kernel"].startswith("fla_fp32"):
                rows.append({"fla": True, "config": dict(family=r["model"], H=32, HV=32), "batch": r["batch"],
                             "us": r["us"], "gpu": "h200", "source": os.path.basename(path)})
            elif "cfg" in r and (c := config_of(r)) is not None:
                try:
                    KernelConfig(**c)
                except Exception:  # noqa: BLE001 - a row whose configuration today's config refuses
                    continue
                rows.append({"config": c, "batch": r["batch"], "us": r["us"], "gpu": "h200",
                             "source": os.path.basename(path)})
    return rows


def measured_rows(paths: list[str]) -> list[dict]:
    """The rows of `cost_model_measure.py` files, each on the GPU it names ("gpu": the device name), and FLA's beside
    each."""
    rows = []
    for path in paths:
        for r in json.load(open(path))["rows"]:
            gpu = named_by(r.get("gpu", ""))
            if gpu is None:
                sys.exit(f"--measured {path}: row {r['kernel']} names GPU {r.get('gpu')!r}, not one of "
                         f"leapquant.gpus.SPECS")
            c = {k: r["config"][k] for k in ("family", "format", "window", "rank", "layout", "iters", "decode",
                                             "boundary", "H", "HV", "K", "V")}
            rows.append({"config": c, "batch": r["batch"], "us": r["us"], "gpu": gpu, "source": os.path.basename(path)})
            rows.append({"fla": True, "config": {k: c[k] for k in ("family", "H", "HV", "K", "V")}, "gpu": gpu,
                         "batch": r["batch"], "us": r["fla_us"], "source": os.path.basename(path)})
    return rows


def key(r):
    """A configuration on a GPU (its batches and repeated measurements stay together)."""
    return json.dumps([r["config"], r["gpu"]], sort_keys=True)


def launch_figures(table: Table):
    """resources(cfg, gpu) for the fit: the (decode, boundary) figures of resolved cfg in `table` (sm_90 GPUs)."""
    from leapquant.gpus import arch_of

    def resources(cfg, gpu):
        arch = arch_of(gpu)
        got = table.get(cfg, "decode", arch), table.get(cfg, "boundary", arch)
        if None in got:
            sys.exit(f"{table.path} lacks the launches of {cfg.tag} for {arch}: run benchmarks/kernel_resources.py")
        return got
    return resources


def errors(model, rows, resources=None):
    from leapquant.gpus import arch_of
    from leapquant.kernels import registry
    out = []
    for r in rows:
        cfg = KernelConfig(**r["config"])
        gpu = r["gpu"]
        res = resources(registry.resolve(cfg, arch_of(gpu)), gpu) if model.compiled and not r.get("fla") else None
        pred = model.predict_fla(cfg, r["batch"], gpu) if r.get("fla") else model.predict(cfg, r["batch"], gpu, res)
        out.append({"config": r["config"], "gpu": gpu, "batch": r["batch"], "measured_us": r["us"],
                    "predicted_us": pred, "rel_error": abs(pred - r["us"]) / r["us"], "fla": bool(r.get("fla")),
                    "source": r["source"]})
    return out


def summary(errs):
    e = [x["rel_error"] for x in errs]
    return {"rows": len(e), "median": statistics.median(e) if e else None, "worst": max(e) if e else None}


def split(rows: list[dict], seed: int, holdout: float, terms: tuple[str, ...] = (), resources=None, gpu="h200"):
    """The model fitted on a seeded random part of the configurations and its errors on the rest (those whose
    programs the part covers): (model, held-out configuration keys, training rows, held-out errors). Only
    configurations measured on `gpu` are held out; rows of other GPUs are always fitted on."""
    leap = sorted({key(r) for r in rows if not r.get("fla") and r["gpu"] == gpu})
    held = set(random.Random(seed).sample(leap, round(holdout * len(leap))))
    train = [r for r in rows if r.get("fla") or key(r) not in held]
    test = [r for r in rows if not r.get("fla") and key(r) in held]
    model = fit(train, fitted_on="split", terms=terms, resources=resources)
    return model, held, train, errors(model, [r for r in test if model.covers(KernelConfig(**r["config"])) is None],
                                      resources)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--model", choices=sorted(FILES), default="bytes")
    ap.add_argument("--measured", action="append", default=[], help="measured.json of cost_model_measure.py")
    ap.add_argument("--out", default=None, help="default: the shipped file of --model (tuner.cost.FILES)")
    ap.add_argument("--report", default=None, help="default: benchmarks/results/cost_model[_compiled]_h200.json")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--holdout", type=float, default=0.4)
    ap.add_argument("--splits", type=int, default=20, help="further random splits (seeds --seed + 1 ...) whose "
                    "held-out errors are summarised beside the first's")
    args = ap.parse_args()
    terms, resources = (tuple(COMPILED_TERMS), launch_figures(Table())) if args.model == "compiled" else ((), None)
    out = args.out or str(FILES[args.model])
    report_path = args.report or os.path.join(RESULTS, "cost_model" + ("_compiled" if args.model == "compiled" else "")
                                              + "_h200.json")
    rows = history_rows() + measured_rows(args.measured)
    # one row per (configuration, batch): repeated measurements of it in several files are averaged
    merged = {}
    for r in rows:
        merged.setdefault((key(r), r["batch"], bool(r.get("fla"))), []).append(r)
    rows = [{**rs[0], "us": statistics.fmean(x["us"] for x in rs),
             "source": ",".join(sorted({x["source"] for x in rs}))}
            for rs in merged.values()]
    leap = sorted({key(r) for r in rows if not r.get("fla")})
    model, held, train, covered = split(rows, args.seed, args.holdout, terms, resources)
    others = [summary(split(rows, args.seed + 1 + i, args.holdout, terms, resources)[3]) for i in range(args.splits)]
    splits = {"splits": len(others), "median_of_medians": statistics.median(o["median"] for o in others),
              "worst_median": max(o["median"] for o in others),
              "median_of_worsts": statistics.median(o["worst"] for o in others),
              "worst_of_worsts": max(o["worst"] for o in others),
              "within_10_and_25_pct": sum(o["median"] <= 0.10 and o["worst"] <= 0.25 for o in others),
              "each": others} if others else None
    final = fit(rows, terms=terms, resources=resources,
                fitted_on="H200 CUDA-graph timings of benchmarks/results/*_h200.json"
                + (" and " + ", ".join(args.measured) if args.measured else "") + "; python benchmarks/"
                "fit_cost_model.py " + " ".join(sys.argv[1:]))
    report = {"command": "python benchmarks/fit_cost_model.py " + " ".join(sys.argv[1:]),
              "configurations": len(leap), "held_out_configurations": len(held),
              "held_out": summary(covered), "other_splits": splits,
              "train": summary(errors(model, [r for r in train if not r.get("fla")], resources)),
              "all_rows_final_model": summary(errors(final, [r for r in rows if not r.get("fla")], resources)),
              "fla_final_model": summary(errors(final, [r for r in rows if r.get("fla")])),
              "split_model": json.loads(model.to_json()), "final_model": json.loads(final.to_json()),
              "held_out_rows": sorted(covered, key=lambda e: -e["rel_error"])}
    write_text_atomic(report_path, json.dumps(report, indent=1) + "\n")
    write_text_atomic(os.path.normpath(out), final.to_json())
    print(json.dumps({k: report[k] for k in ("configurations", "held_out_configurations", "held_out", "train",
                                              "other_splits",
                                              "all_rows_final_model", "fla_final_model")}, indent=1))
    print(final.to_json())


if __name__ == "__main__":
    main()
