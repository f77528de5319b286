"""The tuner's cost model (tuner/cost_h200.json, fitted on H200 measurements only) against measurements it never
saw, on any GPU of `leapquant.gpus.SPECS`: each row's predicted µs beside the measured one, FLA's FP32 step and the
speed-up the same way, and the median and worst relative errors.

    python benchmarks/check_cost_model.py --measured benchmarks/results/cost_model_measured_h100.json --gpu h100 \
        --report benchmarks/results/cost_model_check_h100.json [--model compiled]

`--measured`: the measured.json of `benchmarks/cost_model_measure.py` run on that GPU (or `--study`, once or more: a
measured `leapquant tune` study's journal directory, each timed trial a row; a point drawn again is not a row again).
Rows of configurations the shipped model was fitted on (`benchmarks/fit_cost_model.py`'s rows) are listed as fitted
and left out; rows whose programs the model has no measurement of are listed as not covered. `--model compiled`
checks the compiled model (tuner/cost_compiled_h200.json), each row's launches read from tuner/resources_sm_90.json;
a row whose launches the table lacks is listed as not covered.
"""
import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from leapquant.files import write_text_atomic  # noqa: E402
from leapquant.kernels.config import KernelConfig  # noqa: E402
from tuner.cost import FILES, CostModel  # noqa: E402


def _identity(cfg: KernelConfig) -> tuple:
    return cfg.tag, cfg.H, cfg.HV, cfg.K, cfg.V


def fitted_configs() -> set[tuple]:
    """The configurations (tag and head shape) of the rows `benchmarks/fit_cost_model.py` fits the model on."""
    from benchmarks.fit_cost_model import history_rows
    return {_identity(KernelConfig(**r["config"])) for r in history_rows() if not r.get("fla")}


def study_rows(study_dir: str) -> list[dict]:
    """{config, batch, us, fla_us} of each timed trial of a measured `leapquant tune` study: its journal file, or the
`--study-dir` that holds it."""
    import glob

    import optuna
    from optuna.storages import JournalStorage
    from optuna.storages.journal import JournalFileBackend
    rows = []
    paths = [study_dir] if os.path.isfile(study_dir) else glob.glob(os.path.join(study_dir, "*.journal"))
    if len(paths) != 1:
        raise ValueError(f"--study {study_dir}: expected a journal file or a folder holding one *.journal, found "
                         f"{len(paths)}")
    storage = JournalStorage(JournalFileBackend(paths[0]))
    names = optuna.get_all_study_names(storage)
    if len(names) != 1:
        raise ValueError(f"--study {paths[0]}: expected one study in the journal, found {len(names)}")
    (name,) = names
    for t in optuna.load_study(study_name=name, storage=storage).trials:
        if "repeat_of" in t.user_attrs:         # a point drawn again: the earlier trial's figures, not a measurement
            continue
        for s in t.user_attrs.get("speed") or []:
            if s.get("how") == "measured":
                rows.append({"config": t.user_attrs["kernel_config"], "batch": s["batch"], "us": s["us"],
                             "fla_us": s["fla_us"]})
    return rows


def check(rows: list[dict], gpu: str, model: CostModel, fitted: set[tuple] = frozenset(), table=None) -> dict:
    """Per-row predictions and the error summary of `rows` ({config, batch, us, fla_us}) on `gpu`, leaving out the
    configurations in `fitted`; a compiled model reads each row's launches from `table` (tuner.resources.Table)."""
    from leapquant.gpus import arch_of
    from leapquant.kernels import registry
    out, skipped, seen = [], [], []
    for r in rows:
        cfg = KernelConfig(**r["config"])
        if _identity(cfg) in fitted:
            seen.append({"kernel": cfg.tag, "batch": r["batch"]})
            continue
        why, res = model.covers(cfg), None
        if why is None and model.compiled:
            arch = arch_of(gpu)
            resolved = registry.resolve(cfg, arch)
            res = (table.get(resolved, "decode", arch), table.get(resolved, "boundary", arch))
            why = f"{table.path} lacks its launches for {arch}" if None in res else None
        if why:
            skipped.append({"kernel": cfg.tag, "batch": r["batch"], "why": why})
            continue
        us, fla = model.predict(cfg, r["batch"], gpu, res), model.predict_fla(cfg, r["batch"], gpu)
        out.append({"kernel": cfg.tag, "batch": r["batch"], "us": r["us"], "predicted_us": us,
                    "error": us / r["us"] - 1, "fla_us": r["fla_us"], "predicted_fla_us": fla,
                    "speedup": r["fla_us"] / r["us"], "predicted_speedup": fla / us,
                    "speedup_error": (fla / us) / (r["fla_us"] / r["us"]) - 1})

    def summary(key):
        e = [abs(x[key]) for x in out]
        return {"median": statistics.median(e), "worst": max(e), "mean_signed": statistics.mean(x[key] for x in out)}
    return {"gpu": gpu, "rows": out, "not_covered": skipped, "fitted": seen, "configs": len({x["kernel"] for x in out}),
            "us": summary("error"), "speedup": summary("speedup_error")}


def _table(model: str):
    from tuner.resources import Table
    return Table() if model == "compiled" else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--measured", help="measured.json of benchmarks/cost_model_measure.py")
    src.add_argument("--study", action="append", help="a measured leapquant tune study: its --study-dir or journal "
                     "file (several: their rows together)")
    ap.add_argument("--gpu", required=True)
    ap.add_argument("--model", choices=sorted(FILES), default="bytes", help="which shipped cost model to check")
    ap.add_argument("--report", default=None)
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    args = ap.parse_args()
    if args.measured:
        with open(args.measured) as f:
            measured = json.load(f)
        rows, made_by = measured["rows"], measured.get("command")
    else:
        try:
            rows = [r for path in args.study for r in study_rows(path)]
            made_by = "the measured leapquant tune studies in " + ", ".join(args.study)
        except ValueError as e:
            ap.error(str(e))
    report = {"command": "python benchmarks/check_cost_model.py " + " ".join(sys.argv[1:]), "measured_by": made_by,
              "model": str(FILES[args.model].name),
              **check(rows, args.gpu, CostModel.load(FILES[args.model]), fitted_configs(), _table(args.model))}
    if args.report:
        write_text_atomic(args.report, json.dumps(report, indent=1) + "\n")
    if args.json:
        print(json.dumps(report, indent=1))
        return
    for r in report["rows"]:
        print(f"{r['kernel']:64s} N={r['batch']:4d} {r['us']:7.1f} us, predicted {r['predicted_us']:7.1f} "
              f"({100 * r['error']:+5.1f} %); speed-up {r['speedup']:.2f}x, predicted {r['predicted_speedup']:.2f}x")
    u, s = report["us"], report["speedup"]
    print(f"{len(report['rows'])} rows of {report['configs']} configurations ({len(report['not_covered'])} rows not "
          f"covered, {len(report['fitted'])} of configurations the model was fitted on): µs error median "
          f"{100 * u['median']:.1f} %, worst {100 * u['worst']:.1f} %; speed-up error median "
          f"{100 * s['median']:.1f} %, worst {100 * s['worst']:.1f} %")


if __name__ == "__main__":
    main()
