"""Write the hand-made starting recipes in recipes/: the paper's default (window 16, rank 4, INT8, smoothing) in the
decode kernels' arithmetic for the project's trained GDN and KDA models on the H200, with the figures this project
measured, read from their result files (each figure names the command that made it).

    python benchmarks/make_recipes.py --out recipes
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from leapquant.pipeline import Pipeline
from leapquant.recipe import Recipe

ROOT = Path(__file__).resolve().parent.parent
STUDY = "results/accuracy/{model}-refit-128k.json"      # the trained models over 131,072 bytes of a held-out novel
BENCH = "benchmarks/results/bench_h200.json"           # the registry's defaults against FLA's FP32 kernels
BENCH_COMMAND = ("python benchmarks/kernel_device.py --out $OUT --no-check --batches 32,512 --graphs --no-ablations "
                 "--vfirst-only --extras --extras-only leap_int8_vfirst_it0 --budget-s 170")
FLA = {"fla_fp32_vfirst": "fla-fp32-v-first", "fla_fp32_kfirst": "fla-fp32-k-first"}
BENCH_SHAPE = {"H": 32, "HV": 32, "K": 128, "V": 128}   # the one-layer problem kernel_device.py times


def accuracy(model: str, recipe: Recipe) -> list[dict]:
    """Bits per byte of the kernels' arithmetic (the study's `leapquant-kernel` config) against FP32 states."""
    path = STUDY.format(model=model)
    study = json.loads((ROOT / path).read_text())
    run = study["configs"]["leapquant-kernel"]
    if Pipeline.from_dict(run["pipeline"]) != recipe.to_pipeline():
        raise SystemExit(f"{path}: leapquant-kernel's pipeline is not the recipe's; re-run the study")
    text = f"the first {study['tokens']:,} bytes of {Path(study['document']).name} ({path})"
    return [{"metric": "bits_per_byte", "value": run["bits_per_byte"], "data": text,
             "baseline": study["configs"]["fp32"]["bits_per_byte"], "command": study["command"]}]


def speed(model: str) -> list[dict]:
    """µs per decode step of one layer (the registry's defaults) at each batch, against the faster of FLA's two FP32
    layouts timed in the same run."""
    rows = json.loads((ROOT / BENCH).read_text())["bench"]["rows"]
    out = []
    for r in rows:
        if r["model"] == model and r["kernel"] == "leap_int8_vfirst":
            base = min((b for b in rows if b["model"] == model and b["batch"] == r["batch"]
                        and b["kernel"] in FLA), key=lambda b: b["us"])
            out.append({"us_per_step": r["us"], "batch": r["batch"], "how": "measured", "gpu": "h200",
                        "baseline": FLA[base["kernel"]], "baseline_us": base["us"], "shape": BENCH_SHAPE,
                        "command": f"{BENCH_COMMAND}  # {BENCH}"})
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "recipes", help="folder of the recipe files")
    args = ap.parse_args()
    for model in ("gdn", "kda"):
        recipe = Recipe.from_kernel(model, "h200", command="python benchmarks/make_recipes.py --out recipes")
        recipe = recipe.with_figures(accuracy=accuracy(model, recipe), speed=speed(model))
        path = recipe.save(args.out / f"{model}-h200-default.json")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
