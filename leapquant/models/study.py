"""The accuracy study (the paper's Table 1, Figure 3 and Figure 6 on our models): `leapquant study`.

    leapquant study                                        # GDN, KDA on the embedded excerpt: fp32, int8, leapquant
    leapquant study --models gdn --tokens 16384 --configs fp32,int8-channel,leapquant --json
    leapquant study --data ../shared/data --configs all    # the whole held-out novel, RWKV-7 too, every config

Each model reads a held-out document teacher-forced, with every linear-attention state kept by each config (see
`CONFIGS`), and reports bits per byte over the document. The default document is shipped with the package
(`EMBEDDED_DOCUMENT`: chapters 1-5 of Jane Austen's *Persuasion*, a novel the models in models/ were never trained
on); `--data DIR` reads the whole novel from DIR/corpora/ and finds the RWKV-7 weights in DIR/models/, and
`--document PATH` reads any text file. For the Figure-3 configs it also measures the state error per layer and head
at the end of every chunk, against a float64 shadow state on the same layer inputs (`leapquant.models.run`). For
LeapQuant 8-bit it records the Figure-6 ratios (largest |entry| over the median: state, after compensators, after
smoothing) per layer and head.

Writes to --out (default leapquant-study/): `{model}{-tag}.json` per model, then (also with --report, from whatever
JSON files are there) `table{-tag}.md`, `figure3{-tag}.png`, `figure6{-tag}.md`.
"""
from __future__ import annotations

import json
import math
import re
import sys
import threading
import time
import traceback
from pathlib import Path

import torch

from leapquant import cuda_graphs
from leapquant.errors import InputError, OutOfRangeError
from leapquant.files import check_append_file, check_output_dir, write_text_atomic
from leapquant.pipeline import Pipeline, preset
from leapquant.recipe import Recipe

ROOT = Path(__file__).resolve().parents[2]
MODEL_DIR = ROOT / "models"
"""The trained GDN and KDA models (`gdn.safetensors`, `kda.safetensors`) of a clone or an editable install."""
EMBEDDED_DOCUMENT = Path(__file__).resolve().parents[1] / "data" / "persuasion-ch1-5.txt"
"""Chapters 1-5 of *Persuasion* (Jane Austen, 1818; public domain), 71,212 bytes: the study's default document."""
DATA_DOCUMENT = "austen-persuasion.txt"
"""The held-out novel under --data DIR/corpora/ (the models were trained on the other corpora there)."""
RWKV_WEIGHTS = Path("models") / "tiny-rwkv-7v0-834K-FP32.bin"
"""The RWKV-7 weights under --data DIR (rwkv.cpp's tiny model, MIT licence; not shipped with the package)."""
MODELS = ("gdn", "kda", "rwkv7")
OUT = Path("leapquant-study")


def per_step(fmt: str, **options) -> Pipeline:
    return Pipeline(format=fmt, format_options=options, window=1, records="exact", rank=0, smoother="none")


def _leap(**changes) -> Pipeline:
    return Pipeline.from_dict({**preset("leapquant").to_dict(), **changes})


KERNEL_FIT = {"iters": 2, "tf32": True, "orth": "mgs"}
"""The decode kernels' refit arithmetic (docs/math.md eqs. 13-15): two power iterations, Gram-Schmidt, TF32 operands."""
RECORDS_FIT = {"start": "decayed", "form": "coefficients", "fallback": "state"}
"""The `lowrank` fitter's iteration on the buffered records in their coefficient space (docs/math.md eq. 22), with the
S_p iteration where its Cholesky fails."""

# name -> (group for the table, pipeline; None = FP32 states kept exactly)
CONFIGS: dict[str, tuple[str, Pipeline | None]] = {
    "fp32": ("16-32 bit", None),
    "bf16": ("16-32 bit", preset("bf16")),
    "fp8-e4m3-channel": ("8 bit", per_step("fp8-e4m3", granularity="channel")),
    "fp8-e4m3-group-e8m0": ("8 bit", per_step("fp8-e4m3", granularity="group", scale="e8m0")),
    "mxfp8": ("8 bit", per_step("mxfp8")),
    "int8-channel": ("8 bit", per_step("int8", granularity="channel")),
    "kvquant-8": ("8 bit", per_step("kvquant", bits=8)),
    "quarot-8": ("8 bit", per_step("quarot", bits=8)),
    "turboquant-8": ("8 bit", per_step("turboquant", bits=8)),
    "leapquant": ("8 bit", preset("leapquant")),
    # cheaper boundaries (docs/math.md §4): one power iteration, or the refit every k-th window (between refits the
    # keys are kept and only U = Sᵀ K is re-projected)
    "leapquant-it1": ("8 bit, cheaper refit", _leap(fitter_options={"iters": 1})),
    "leapquant-refit2": ("8 bit, cheaper refit", _leap(refit_every=2)),
    "leapquant-refit4": ("8 bit, cheaper refit", _leap(refit_every=4)),
    "leapquant-refit8": ("8 bit, cheaper refit", _leap(refit_every=8)),
    # the power iteration on the buffered records only (fitters.LowRankPowerIteration, docs/math.md eq. 22)
    "leapquant-lowrank": ("8 bit, cheaper refit", _leap(fitter="lowrank")),
    "leapquant-lowrank-decayed": ("8 bit, cheaper refit", _leap(fitter="lowrank", fitter_options={"start": "decayed"})),
    "leapquant-lowrank-coef": ("8 bit, cheaper refit", _leap(fitter="lowrank", fitter_options={
        "start": "decayed", "form": "coefficients"})),   # the same iteration in the records' coefficient space
    # what the decode kernels compute by default: their Gram-Schmidt and the TF32 refit; and the TF32 refit alone
    # (torch's QR), to tell the two apart; the records-only refit in the kernels' arithmetic
    "leapquant-kernel": ("8 bit, the kernels' arithmetic", _leap(fitter_options=KERNEL_FIT)),
    "leapquant-tf32": ("8 bit, the kernels' arithmetic", _leap(fitter_options={"tf32": True})),
    "leapquant-kernel-records": ("8 bit, the kernels' arithmetic", _leap(
        fitter="lowrank", fitter_options={**KERNEL_FIT, **RECORDS_FIT})),
    "leapquant-kernel-records-it1": ("8 bit, the kernels' arithmetic", _leap(
        fitter="lowrank", fitter_options={**KERNEL_FIT, "iters": 1, **RECORDS_FIT})),
    "leapquant-kernel-it1": ("8 bit, the kernels' arithmetic", _leap(fitter_options={**KERNEL_FIT, "iters": 1})),
    # the boundary one token late (Pipeline.boundary_lag, docs/math.md eq. 21): what a kernel whose boundary runs
    # beside the next decode step would compute — the lagged tokens read the old boundary and its buffer
    "leapquant-lag1": ("8 bit, lagged boundary", _leap(boundary_lag=1)),
    "leapquant-lag4": ("8 bit, lagged boundary", _leap(boundary_lag=4)),
    "mxfp6": ("6 bit", per_step("mxfp6-e2m3")),
    "nvfp6": ("6 bit", per_step("nvfp6")),
    "int6-channel": ("6 bit", per_step("int6", granularity="channel")),
    "kvquant-6": ("6 bit", per_step("kvquant", bits=6)),
    "quarot-6": ("6 bit", per_step("quarot", bits=6)),
    "turboquant-6": ("6 bit", per_step("turboquant", bits=6)),
    "leapquant-6": ("6 bit", preset("leapquant-6")),
    "mxfp4": ("4 bit", per_step("mxfp4")),
    "nvfp4": ("4 bit", per_step("nvfp4")),
    "int4-channel": ("4 bit", per_step("int4", granularity="channel")),
    "kvquant-4": ("4 bit", per_step("kvquant", bits=4)),
    "quarot-4": ("4 bit", per_step("quarot", bits=4)),
    "turboquant-4": ("4 bit", per_step("turboquant", bits=4)),
    "leapquant-4": ("4 bit", preset("leapquant-4")),
}
FIGURE3 = ("bf16", "fp8-e4m3-channel", "int8-channel", "leapquant", "leapquant-6", "leapquant-4")
DEFAULT_CONFIGS = ("fp32", "int8-channel", "leapquant")
"""What `leapquant study` runs unless --configs names others: FP32 states, per-step INT8 and LeapQuant 8-bit (about
six minutes on two CPU cores over the embedded excerpt, both models). `--configs figure3`: fp32 and FIGURE3 (about
twenty minutes); `all`: every config (hours on a CPU)."""
GROUPS = {"figure3": ("fp32", *FIGURE3)}
REFIT_SCHEDULES = ("leapquant-it1", "leapquant-refit2", "leapquant-refit4", "leapquant-refit8", "leapquant-lowrank",
                   "leapquant-lowrank-decayed", "leapquant-lowrank-coef")
KERNEL_ARITHMETIC = ("leapquant-kernel", "leapquant-tf32", "leapquant-kernel-records", "leapquant-kernel-records-it1",
                     "leapquant-kernel-it1")
LAGGED = ("leapquant-lag1", "leapquant-lag4")
SHADOWED = FIGURE3 + REFIT_SCHEDULES + KERNEL_ARITHMETIC + LAGGED   # the configs that keep a float64 shadow state
FIGURE6 = "leapquant"


def config_names(names: list[str] | None) -> list[str]:
    """Config names from `--configs` values (each a name, a comma list, `figure3` or `all`); None or empty:
    DEFAULT_CONFIGS."""
    out = [m for v in names or [] for n in v.split(",") if n.strip() for m in GROUPS.get(n.strip(), [n.strip()])]
    if not out:
        return list(DEFAULT_CONFIGS)
    if "all" in out:
        return list(CONFIGS)
    unknown = [c for c in out if c not in CONFIGS]
    if unknown:
        raise InputError(f"--configs: unknown config(s) {unknown}; expected 'all', 'figure3' or some of "
                         f"{list(CONFIGS)}")
    return list(dict.fromkeys(out))


def rwkv_weights(data_dir: Path | None) -> Path | None:
    """The RWKV-7 weights under `data_dir`, or None where there are none."""
    if data_dir is None:
        return None
    path = Path(data_dir) / RWKV_WEIGHTS
    return path if path.is_file() else None


def model_names(names: list[str] | None, data_dir: Path | None) -> list[str]:
    """Models from `--models` values (names or comma lists); default: gdn, kda, and rwkv7 where --data holds its
    weights."""
    out = [n.strip() for v in names or [] for n in v.split(",") if n.strip()]
    if not out:
        return ["gdn", "kda", *(["rwkv7"] if rwkv_weights(data_dir) else [])]
    unknown = [m for m in out if m not in MODELS]
    if unknown:
        raise InputError(f"--models: unknown model(s) {unknown}; expected some of {list(MODELS)}")
    return list(dict.fromkeys(out))


def load_model(name: str, model_dir: Path, data_dir: Path | None):
    if name == "rwkv7":
        path = rwkv_weights(data_dir)
        if path is None:
            where = "no --data DIR given" if data_dir is None else f"{Path(data_dir) / RWKV_WEIGHTS} is missing"
            raise InputError(f"--models rwkv7 needs the RWKV-7 weights, DIR/{RWKV_WEIGHTS.as_posix()} of --data DIR "
                             f"({where}); they are not shipped with the package")
        from leapquant.models.rwkv7 import RWKV7
        return RWKV7.load(path)
    from leapquant.models import hybrid
    path = Path(model_dir) / f"{name}.safetensors"
    if not path.exists():
        raise InputError(f"--model-dir: {str(path)!r} does not exist (the trained models are in models/ of a clone)")
    return hybrid.load(path)


def document_path(document: str | Path | None, data_dir: Path | None) -> Path:
    """The text file the study reads: `document` as a path (or, not found there, a name under DIR/corpora/ of
    --data); without one, the held-out novel under --data, else the embedded excerpt. InputError names --document
    (or --data) where the file is missing."""
    if document is None:
        if data_dir is None:
            return EMBEDDED_DOCUMENT
        path = Path(data_dir) / "corpora" / DATA_DOCUMENT
        if not path.is_file():
            raise InputError(f"--data: {str(path)!r} does not exist (expected DIR/corpora/{DATA_DOCUMENT}; or name the "
                             "text with --document PATH)")
        return path
    path = Path(document)
    if not path.is_file() and data_dir is not None and (Path(data_dir) / "corpora" / path).is_file():
        path = Path(data_dir) / "corpora" / path
    if not path.is_file():
        raise InputError(f"--document: {str(document)!r} is not a readable file")
    return path


def read_document(path: str | Path, tokens: int | None = None) -> torch.Tensor:
    """The document's bytes (the first `tokens` + 1 of them) as a 1-D tensor of byte tokens."""
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise InputError(f"--document: cannot read {str(path)!r} ({e.strerror or e})") from e
    if tokens is not None:
        if isinstance(tokens, bool) or not isinstance(tokens, int) or tokens < 1:
            raise InputError(f"--tokens must be a positive integer, got {tokens!r}")
        raw = raw[:tokens + 1]
    if len(raw) < 2:
        raise InputError(f"--document: {str(path)!r} holds {len(raw)} bytes; the study needs at least 2 (a byte to "
                         "read and one to predict)")
    return torch.frombuffer(bytearray(raw), dtype=torch.uint8).long()


def _method_fields(config, K: int, V: int) -> dict:
    """What a result records of a config's method: its pipeline (or recipe) and bytes per element."""
    if config is None:
        return {"pipeline": None, "bytes_per_element": 4.0}
    if isinstance(config, Recipe):
        return {"pipeline": None, "recipe": config.model_dump(mode="json"),
                "bytes_per_element": config.memory.bytes_per_element}
    return {"pipeline": config.to_dict(), "bytes_per_element": config.bytes_per_element(K, V)}


def recipe_configs(recipes: dict[str, Recipe] | None, models: dict) -> dict[str, tuple[str, Recipe]]:
    """The study's recipe configs, named `recipe:NAME`, each checked against every model it runs on (its own)."""
    from leapquant.models.run import check_recipe

    out = {}
    for name, recipe in (recipes or {}).items():
        fits = [m for m, model in models.items() if model.family == recipe.model.family]
        if not fits:
            raise InputError(f"--recipe {name}: a recipe for {recipe.model.family}, and the study runs "
                             f"{list(models)}")
        for m in fits:
            check_recipe(recipe, models[m])
        out[f"recipe:{name}"] = ("recipe", recipe)
    return out


def study_model(name: str, configs: list[str], tokens: torch.Tensor, *, model_dir: Path, data_dir: Path | None,
                chunk: int, device: str, progress=None, seed: int = 0, on_config=None,
                parallel: int = 1, previous: dict | None = None, progress_log: Path | None = None, model=None,
                table: dict | None = None) -> dict:
    """Every config of `configs` on one model (`model`, or loaded by name) over `tokens`; `progress.advance(n)` sees
    the tokens each layer of each config advances (`leapquant.progress`), `on_config(c, result)` each finished
    config. `table`: config name -> (group, Pipeline, Recipe or None), CONFIGS with the study's recipes."""
    from leapquant.models.run import run_document

    model = load_model(name, model_dir, data_dir) if model is None else model
    if device != "cpu":
        model = model.to(device)
    H, K, V = model.state_shape()
    result = {"model": name, "tokens": len(tokens) - 1, "chunk": chunk, "layers": model.linear_layers(),
              "heads": H, "dk": K, "dv": V, "device": device, "configs": dict(previous or {})}
    lock = threading.Lock()

    def run_config(c: str) -> None:
        _, pipeline = (table or CONFIGS)[c]
        fig6: dict[int, list] = {}
        done = {"chunks": 0, "t0": time.perf_counter()}

        def on_chunk(layer, stream):
            done["chunks"] += 1
            if progress_log is not None:   # plain lines for runs without a terminal (a device call)
                with lock, open(progress_log, "a") as f:
                    f.write(f"{name} {c} layer {layer} chunks {done['chunks']} "
                            f"{time.perf_counter() - done['t0']:.0f} s\n")
            q = getattr(stream, "quantizer", None)
            if c == FIGURE6 and q is not None and hasattr(q, "sample_stats"):
                q.sample_stats()
                if q.stats:
                    s = q.stats[-1]
                    fig6.setdefault(layer, []).append([s.state[0].tolist(), s.after_compensators[0].tolist(),
                                                       s.after_smoothing[0].tolist()])

        adv = progress.advance if progress is not None else None
        try:
            run = run_document(model, tokens, pipeline, name=c, chunk=chunk, device=device, seed=seed,
                               shadow=c in SHADOWED, progress=adv, on_chunk=on_chunk, keep_stats=c == FIGURE6)
        except OutOfRangeError as e:  # the quantized state left its format's range: the config blew up
            entry = {"bits_per_byte": None, "diverged": True, "error": str(e), **_method_fields(pipeline, K, V)}
        else:
            entry = {"bits_per_byte": run.bits_per_byte, "seconds": run.seconds, "device": str(device),
                     **_method_fields(pipeline, K, V),
                     "nll_bits_per_chunk": run.nll_bits}
            if run.state_error:
                entry["at"] = run.at
                entry["state_error"] = {str(k): v for k, v in run.state_error.items()}
            if fig6:
                # mean over boundaries sampled (one per chunk, after the first), per layer and head
                keys = ("state", "after_compensators", "after_smoothing")
                entry["figure6"] = {str(layer): {key: [sum(x[j][h] for x in v[1:] or v) / len(v[1:] or v)
                                                       for h in range(H)] for j, key in enumerate(keys)}
                                    for layer, v in fig6.items()}
        with lock:
            result["configs"][c] = entry
            if on_config is not None:
                on_config(c, result)

    if parallel > 1 and str(device).startswith("cuda"):
        # Each config is a long chain of small kernels: run several at once, each on its own CUDA stream.
        from concurrent.futures import ThreadPoolExecutor

        def on_stream(c: str) -> None:
            stream = torch.cuda.Stream()
            # a runner parks at checkpoints while another thread captures a CUDA graph (leapquant.cuda_graphs)
            try:
                with cuda_graphs.concurrent_runner(), torch.cuda.stream(stream):
                    run_config(c)
                    stream.synchronize()
            except BaseException:      # say it now: the others may run for a long while before f.result()
                print(f"{name} {c} failed:\n{traceback.format_exc()}", file=sys.stderr, flush=True)
                raise

        cuda_graphs.load_libraries(device)
        with ThreadPoolExecutor(max_workers=parallel) as pool:
            for f in [pool.submit(on_stream, c) for c in configs]:
                f.result()
        order = [*(previous or {}), *(c for c in configs if c not in (previous or {}))]
        result["configs"] = {c: result["configs"][c] for c in order}
    else:
        for c in configs:
            run_config(c)
    return _summarise(result, str(device))


def _summarise(result: dict, device: str) -> dict:
    """Bits per byte per config, change against FP32, and the devices the configs ran on."""
    fp32 = result["configs"].get("fp32", {}).get("bits_per_byte")
    result["bits_per_byte"] = {c: e["bits_per_byte"] for c, e in result["configs"].items()}
    # a resumed or merged study may mix devices (e.g. most configs on a GPU, two on a CPU): say so
    result["device"] = "+".join(sorted({e.get("device", device) for e in result["configs"].values()}))
    if fp32:
        result["relative_to_fp32_pct"] = {c: None if b is None else 100 * (b / fp32 - 1)
                                          for c, b in result["bits_per_byte"].items()}
    return result


# ---- result files -----------------------------------------------------------------------------------

def _is_number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _is_rows(x) -> bool:
    """A non-empty list of non-empty lists of numbers ([points][heads])."""
    return isinstance(x, list) and bool(x) and all(isinstance(r, list) and r and all(map(_is_number, r)) for r in x)


def _state_error_problem(c: str, e: dict) -> str | None:
    """What is wrong with one config's state_error / at (layer -> [points][heads], one token count per point)."""
    se = e["state_error"]
    if not isinstance(se, dict) or not se:
        return f"configs.{c}.state_error must be an object of layers"
    for layer, rows in se.items():
        if not _is_rows(rows):
            return f"configs.{c}.state_error.{layer} must be a non-empty list of lists of numbers (points x heads)"
    first = next(iter(se.values()))
    if any(len(rows) != len(first) or {len(r) for r in rows} != {len(first[0])} for rows in se.values()):
        return f"configs.{c}.state_error must have the same points and heads in every layer"
    at = e.get("at")
    if not (isinstance(at, list) and len(at) == len(first) and all(map(_is_number, at))):
        return f"configs.{c}.at must list one token count per state_error point ({len(first)})"
    return None


def _figure6_problem(c: str, e: dict) -> str | None:
    f6 = e["figure6"]
    keys = ("state", "after_compensators", "after_smoothing")
    if not isinstance(f6, dict) or not f6:
        return f"configs.{c}.figure6 must be an object of layers"
    for layer, v in f6.items():
        if not (isinstance(v, dict) and all(isinstance(v.get(k), list) and v[k] and all(map(_is_number, v[k]))
                                            for k in keys) and len({len(v[k]) for k in keys}) == 1):
            return f"configs.{c}.figure6.{layer} must hold {', '.join(keys)}: one number per head each"
    return None


def _result_problem(d) -> str | None:
    """What keeps `d` from being a study result (`{model}{tag}.json`) that report and merge can read, or None."""
    if not isinstance(d, dict):
        return f"expected a JSON object, got {type(d).__name__}"
    if not (isinstance(d.get("tokens"), int) and not isinstance(d["tokens"], bool) and d["tokens"] >= 1):
        return f"'tokens' must be an integer >= 1, got {d.get('tokens')!r}"
    configs = d.get("configs")
    if not isinstance(configs, dict):
        return f"'configs' must be an object of configs, got {type(configs).__name__}"
    shapes = set()
    for c, e in configs.items():
        if not isinstance(e, dict):
            return f"configs.{c} must be an object, got {type(e).__name__}"
        if e.get("bits_per_byte") is not None and not _is_number(e["bits_per_byte"]):
            return f"configs.{c}.bits_per_byte must be a number or null, got {e['bits_per_byte']!r}"
        problem = ("state_error" in e and _state_error_problem(c, e)) or ("figure6" in e and _figure6_problem(c, e))
        if problem:
            return problem
        if "state_error" in e:
            shapes.add((tuple(sorted(e["state_error"])), len(next(iter(e["state_error"].values()))[0])))
    if len(shapes) > 1:
        return f"the configs' state_error do not share layers and heads ({sorted(shapes)})"
    return None


def read_result(path: Path, option: str) -> dict:
    """A study result file, read and checked whole; InputError naming `option` and the file if it is not one."""
    try:
        d = json.loads(Path(path).read_text())
    except OSError as e:
        raise InputError(f"{option}: cannot read {str(path)!r} ({e.strerror or e})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise InputError(f"{option}: {str(path)!r} is not valid JSON ({e})") from None
    problem = _result_problem(d)
    if problem:
        raise InputError(f"{option}: {str(path)!r} is not a leapquant study result: {problem}")
    return d


def check_tag(tag: str) -> str:
    """The --tag, a suffix of file names: letters, digits, '.', '_', '-' (no path separators)."""
    if not isinstance(tag, str) or (tag and not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*", tag)):
        raise InputError(f"--tag must be letters, digits, '.', '_' or '-' (a suffix of file names), got {tag!r}")
    return tag


def merge(sources: list[Path], out: Path, tag: str = "") -> dict:
    """Combine the `{model}{tag}.json` files of several output folders (e.g. one per GPU, each running some
    configs) into `out`: same document, length and chunk required, each config from exactly one folder."""
    suffix = f"-{check_tag(tag)}" if tag else ""
    for src in sources:
        if not Path(src).is_dir():
            raise InputError(f"--merge: {str(src)!r} is not a folder")
    files = {m: [Path(src) / f"{m}{suffix}.json" for src in sources if (Path(src) / f"{m}{suffix}.json").is_file()]
             for m in MODELS}
    if not any(files.values()):
        raise InputError(f"--merge: none of {[str(src) for src in sources]} holds a study result "
                         f"({', '.join(f'{m}{suffix}.json' for m in MODELS)})")
    out = check_output_dir(out, "--out")
    read = {m: [(f.parent, read_result(f, "--merge")) for f in fs] for m, fs in files.items()}
    out.mkdir(parents=True, exist_ok=True)
    for m in MODELS:
        parts = read[m]
        if not parts:
            continue
        first_src, merged = parts[0][0], dict(parts[0][1], configs={})
        key = lambda d: (d.get("document"), d.get("tokens"), d.get("chunk"))  # noqa: E731
        where: dict[str, Path] = {}
        for src, d in parts:
            if key(d) != key(merged):
                raise InputError(f"--merge: {src}/{m}{suffix}.json holds document/tokens/chunk {key(d)}, "
                                 f"{first_src} holds {key(merged)}")
            for c, e in d.get("configs", {}).items():
                if c in where:
                    raise InputError(f"--merge: config {c!r} of {m} is in both {where[c]} and {src}")
                where[c] = src
                merged["configs"][c] = {"device": d.get("device", "unknown"), **e}
        merged["configs"] = {c: merged["configs"][c] for c in [*CONFIGS, *merged["configs"]] if c in merged["configs"]}
        merged["partial"] = any(d.get("partial") for _, d in parts)
        merged["merged_from"] = [str(src) for src, _ in parts]
        merged["commands"] = [d.get("command") for _, d in parts]     # the first part's own are not the merge's
        for stale in ("command", "seconds"):
            merged.pop(stale, None)
        write_text_atomic(out / f"{m}{suffix}.json", json.dumps(_summarise(merged, "unknown"), indent=1))
    return report(out, tag)


# ---- report ------------------------------------------------------------------------------------------

def _fmt(b: float | None, ref: float | None) -> str:
    if b is None:
        return "—"
    if not math.isfinite(b):
        return "diverged"
    return f"{b:.3f}" + ("" if ref is None else f" ({100 * (b / ref - 1):+.2f} %)")


def report(out: Path, tag: str = "") -> dict:
    """Table, Figure 3 and Figure 6 from the `{model}{tag}.json` files in `out`."""
    suffix = f"-{check_tag(tag)}" if tag else ""
    out = Path(out)
    if not out.is_dir():
        raise InputError(f"--out: {str(out)!r} is not a folder of study results")
    check_output_dir(out, "--out")
    results = {m: read_result(out / f"{m}{suffix}.json", "--out") for m in MODELS
               if (out / f"{m}{suffix}.json").is_file()}
    if not results:
        names = ", ".join(f"{m}{suffix}.json" for m in MODELS)
        raise InputError(f"--out: {str(out)!r} holds no study result ({names})")
    models = list(results)
    lines = ["| config | group | " + " | ".join(f"{m} ({results[m]['tokens']:,} bytes)" for m in models) + " |",
             "|---|---|" + "---|" * len(models)]
    recipes = {c: ("recipe", None) for m in models for c in results[m]["configs"] if c.startswith("recipe:")}
    for c, (group, _) in {**CONFIGS, **recipes}.items():
        if not any(c in results[m]["configs"] for m in models):
            continue
        cells = []
        for m in models:
            ref = results[m]["configs"].get("fp32", {}).get("bits_per_byte")
            e = results[m]["configs"].get(c, {})
            cells.append("diverged (NaN/Inf state)" if e.get("diverged")
                         else _fmt(e.get("bits_per_byte"), None if c == "fp32" else ref))
        lines.append(f"| {c} | {group} | " + " | ".join(cells) + " |")
    table = "Bits per byte over the document (change vs FP32 states in brackets).\n\n" + "\n".join(lines) + "\n"
    write_text_atomic(out / f"table{suffix}.md", table)

    # Figure 3: state error over the document, mean over layers and heads (and the last layer's worst head)
    from leapquant.plots import plt, save_figure  # the Agg backend, atomic PNG writes

    fig, axes = plt.subplots(1, len(models), figsize=(5 * len(models), 4), squeeze=False)
    for ax, m in zip(axes[0], models):
        for c, e in results[m]["configs"].items():
            if "state_error" not in e:
                continue
            errs = torch.tensor([e["state_error"][l] for l in e["state_error"]])  # [layers, points, heads]
            ax.plot(e["at"], errs.mean((0, 2)).clamp_min(1e-12).tolist(), label=c)
        ax.set_yscale("log")
        ax.set_xlabel("tokens (bytes) into the document")
        ax.set_ylabel("‖S − S_ref‖ / ‖S_ref‖ (mean over layers, heads)")
        ax.set_title(f"{m}")
        ax.grid(alpha=0.3)
        if ax.get_lines():
            ax.legend(fontsize=7)
        else:   # no config of this run measured the state error (the Figure-3 configs keep a shadow state)
            ax.text(0.5, 0.5, "no state error recorded", ha="center", va="center", transform=ax.transAxes)
    fig.tight_layout()
    save_figure(fig, out / f"figure3{suffix}.png", dpi=110)

    f6 = ["Figure 6: largest |entry| / median |entry| of the boundary state (LeapQuant 8-bit, mean over "
          "boundaries sampled once per chunk): state -> after compensators -> after smoothing.\n"]
    for m in models:
        e = results[m]["configs"].get(FIGURE6, {})
        if "figure6" not in e:
            continue
        best = max(((l, h, v["state"][h]) for l, v in e["figure6"].items() for h in range(len(v["state"]))),
                   key=lambda x: x[2])
        l, h, _ = best
        v = e["figure6"][l]
        f6.append(f"- {m}, layer {l} head {h} (the most outlier-heavy): {v['state'][h]:.1f}x -> "
                  f"{v['after_compensators'][h]:.1f}x -> {v['after_smoothing'][h]:.1f}x")
    write_text_atomic(out / f"figure6{suffix}.md", "\n".join(f6) + "\n")
    summary = {m: {"tokens": r["tokens"], "bits_per_byte": {c: e.get("bits_per_byte") for c, e in r["configs"].items()},
                   "relative_to_fp32_pct": r.get("relative_to_fp32_pct", {}),
                   "final_state_error": {c: float(torch.tensor([v[-1] for v in e["state_error"].values()]).mean())
                                         for c, e in r["configs"].items() if "state_error" in e}}
               for m, r in results.items()}
    for m, r in results.items():  # end-of-document state error of each config over LeapQuant 8-bit's
        lq = r["configs"].get(FIGURE6, {}).get("state_error")
        if not lq:
            continue
        ratios = {}
        for c, e in r["configs"].items():
            if "state_error" in e and c != FIGURE6:
                per = [a / max(b, 1e-300) for l in lq for a, b in zip(e["state_error"][l][-1], lq[l][-1])]
                mean_c = sum(sum(e["state_error"][l][-1]) for l in lq) / len(per)
                mean_lq = sum(sum(lq[l][-1]) for l in lq) / len(per)
                ratios[c] = {"median_over_layers_heads": sorted(per)[len(per) // 2], "min": min(per), "max": max(per),
                             "of_means": mean_c / max(mean_lq, 1e-300)}
        summary[m]["final_state_error_over_leapquant"] = ratios
    write_text_atomic(out / f"summary{suffix}.json", json.dumps(summary, indent=1))
    plot_refit_schedules(results, out / f"refit-schedule{suffix}.png")
    return summary


def _mean_state_error(entry: dict) -> float:
    """The state error averaged over layers, heads and the document's checkpoints."""
    errs = torch.tensor([entry["state_error"][l] for l in entry["state_error"]])   # [layers, points, heads]
    return float(errs.mean())


def plot_refit_schedules(results: dict, path: Path) -> Path | None:
    """The cheaper-refit trade-off (docs/math.md §4): each model's state error against the refit interval k
    (`Pipeline.refit_every`), relative to refitting every window, with one power iteration as its own point; None
    (no file) when no run holds those configs."""
    from leapquant.plots import plt, save_figure

    every = {"leapquant": 1, **{c: CONFIGS[c][1].refit_every for c in REFIT_SCHEDULES if CONFIGS[c][1].refit_every > 1}}
    rows = {}
    for m, r in results.items():
        cf = r["configs"]
        if "state_error" not in cf.get("leapquant", {}):
            continue
        base = _mean_state_error(cf["leapquant"])
        pts = sorted((k, _mean_state_error(cf[c]) / base) for c, k in every.items() if "state_error" in cf.get(c, {}))
        single = {c: _mean_state_error(cf[c]) / base for c in ("leapquant-it1", "leapquant-lowrank")
                  if "state_error" in cf.get(c, {})}
        if len(pts) > 1:
            rows[m] = (pts, single)
    if not rows:
        return None
    fig, ax = plt.subplots(figsize=(5.5, 3.8))
    single_marks = {"leapquant-it1": ("s", "one power iteration, every window"),
                    "leapquant-lowrank": ("^", "iterations on the records only, every window")}
    for m, (pts, single) in rows.items():
        line, = ax.plot([k for k, _ in pts], [v for _, v in pts], "o-", label=f"{m}: refit every k windows")
        for c, v in single.items():
            mark, what = single_marks[c]
            ax.plot([1], [v], mark, color=line.get_color(), mfc="none", label=f"{m}: {what}")
    ax.set_xscale("log", base=2)
    ks = sorted({k for pts, _ in rows.values() for k, _ in pts})
    ax.set_xticks(ks, [str(k) for k in ks])
    ax.set_xlabel("refit interval k (windows of p tokens)")
    ax.set_ylabel("state error / refit every window")
    ax.set_title("LeapQuant 8-bit: a cheaper refit")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    return save_figure(fig, path, dpi=110)


def _previous_configs(path: Path, document: str, tokens: int, chunk: int) -> dict:
    """The finished configs of an earlier run of the same study, or {} if there is none."""
    if not path.is_file():
        return {}
    old = read_result(path, "--resume")
    same = (old.get("document"), old.get("tokens"), old.get("chunk")) == (document, tokens, chunk)
    if not same:
        raise InputError(f"--resume: {path} holds document {old.get('document')!r}, {old.get('tokens')} tokens, chunk "
                         f"{old.get('chunk')}; this run asks for {document!r}, {tokens}, {chunk} (use another --tag)")
    # entries written before they recorded their device ran on the device of the run that wrote the file
    return {c: {"device": old.get("device", "unknown"), **e} for c, e in old.get("configs", {}).items()}


def study(models: list[str] | None = None, configs: list[str] | None = None, tokens: int | None = None,
          document: str | Path | None = None, out: Path = OUT, model_dir: Path = MODEL_DIR,
          data_dir: Path | None = None, chunk: int = 2048, device: str = "cpu", tag: str = "",
          threads: int | None = None, show_progress: bool = True, parallel: int = 1, resume: bool = False,
          progress_log: Path | None = None, command: str | None = None,
          recipes: dict[str, Recipe] | None = None) -> dict:
    """Run the study and write the JSON files, the table and the plots; returns the summary.

    `recipes` (name -> Recipe) run as configs `recipe:NAME` on the models of their family, each layer and head group
    by its own pipeline.
    `models` None: gdn, kda (and rwkv7 where `data_dir` holds its weights); `configs` None: DEFAULT_CONFIGS;
    `document` None: the held-out novel under `data_dir`, else the embedded excerpt (`document_path`).
    With `resume`, configs already in an output JSON of the same document, length and chunk are kept
    and not run again (a long study can be stopped, or extended by more configs, and continued).
    `show_progress`: a bar on a terminal, lines on stderr otherwise (`leapquant.progress`), and a line per finished
    config; `progress_log` also gets a line per chunk of every layer and config. Every argument, the document, the
    models and the output paths are checked before any work (InputError naming the option). `command`: the command
    line recorded in the JSON files."""
    from leapquant.options import parse_device
    from leapquant.progress import progress

    if isinstance(parallel, bool) or not isinstance(parallel, int) or parallel < 1:
        raise InputError(f"--parallel must be an integer >= 1, got {parallel!r}")
    parse_device(device)
    if parallel > 1 and not str(device).startswith("cuda"):
        raise InputError(f"--parallel {parallel} runs configs on CUDA streams: it needs --device cuda, got {device!r} "
                         "(on a CPU, run one process per model with --threads 1)")
    for name, value in (("chunk", chunk), ("threads", threads)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise InputError(f"--{name} must be a positive integer, got {value!r}")
    if data_dir is not None and not Path(data_dir).is_dir():
        raise InputError(f"--data: {str(data_dir)!r} is not a folder")
    if Path(model_dir).exists() and not Path(model_dir).is_dir():
        raise InputError(f"--model-dir: {str(model_dir)!r} is not a folder")
    check_tag(tag)
    out = check_output_dir(out, "--out")          # every output is checked before any work
    check_append_file(progress_log, "--progress-log")
    models = model_names(models, data_dir)
    configs = config_names(configs)
    path = document_path(document, data_dir)
    doc = read_document(path, tokens)
    if tokens is not None and len(doc) - 1 < tokens:
        raise InputError(f"--tokens {tokens} is more than the {len(doc) - 1} the document {str(path)!r} holds "
                         "(a longer text: --data DIR or --document PATH)")
    models_loaded = {m: load_model(m, Path(model_dir), data_dir) for m in models}   # bad input fails before work
    extra = recipe_configs(recipes, models_loaded)
    table = {**CONFIGS, **extra}
    if threads:
        torch.set_num_threads(threads)
    document = path.name
    suffix = f"-{tag}" if tag else ""
    kept = {m: _previous_configs(out / f"{m}{suffix}.json", document, len(doc) - 1, chunk) if resume else {}
            for m in models_loaded}                   # every --resume file is read and checked before any work
    out.mkdir(parents=True, exist_ok=True)
    for m, model in models_loaded.items():
        n_layers = len(model.linear_layers())
        previous = kept[m]
        family = model.family
        todo = [c for c in [*configs, *(c for c, (_, r) in extra.items() if r.model.family == family)]
                if c not in previous]
        t0 = time.perf_counter()

        def partial(c, r, m=m):  # keep what is done (a long run can be stopped and reported)
            e = r["configs"][c]
            bpb = "diverged" if e["bits_per_byte"] is None else f"{e['bits_per_byte']:.4f} bits/byte"
            if show_progress:
                print(f"{m} {c}: {bpb} ({e.get('seconds', 0):.0f} s)", file=sys.stderr, flush=True)
            r2 = dict(r, bits_per_byte={k: v["bits_per_byte"] for k, v in r["configs"].items()},
                      document=document, partial=True)
            write_text_atomic(out / f"{m}{suffix}.json", json.dumps(r2, indent=1))

        with progress(f"{m}: {len(todo)} configs x {n_layers} layers", total=len(todo) * n_layers * (len(doc) - 1),
                      unit="tokens", enabled=show_progress) as bar:
            r = study_model(m, todo, doc, model_dir=Path(model_dir), data_dir=data_dir, chunk=chunk,
                            device=device, progress=bar, on_config=partial, parallel=parallel,
                            previous=previous, progress_log=progress_log, model=model, table=table)
        r.update({"document": document, "seconds": round(time.perf_counter() - t0, 1),
                  "command": command or "leapquant study"})
        write_text_atomic(out / f"{m}{suffix}.json", json.dumps(r, indent=1))
    return report(out, tag)


def main(argv: list[str] | None = None) -> None:
    """`python -m leapquant.models.study ...`: the same command as `leapquant study ...`. With `argv`, returns
    (raises SystemExit only on a non-zero exit)."""
    from leapquant.cli import app

    if argv is None:
        app(["study", *sys.argv[1:]], prog_name="leapquant")
    rc = app(["study", *argv], prog_name="leapquant", standalone_mode=False)
    if rc:
        raise SystemExit(rc)


if __name__ == "__main__":
    main()
