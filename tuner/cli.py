"""`leapquant tune`: search a model's method and kernels for a GPU; print the Pareto front; write the chosen recipe
with its deployable kernel.

Accuracy is measured by the simulator on the trained model's recorded trace (the embedded GDN or KDA trace, or
`--trace FILE`); speed is measured on the local GPU when it is the target, else predicted by the cost model fitted on
H200 measurements (`tuner/cost.py`), for one layer of the serving model's shape (`--shape`); memory is counted.
"""
from __future__ import annotations

import functools
import json
import math
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from leapquant.errors import InputError
from leapquant.options import check_int, handles_errors

SHAPES = {"gdn": "qwen3-next-80b-a3b", "kda": "kimi-linear-48b-a3b"}
"""The serving model whose layer shape each family's kernels are timed and built for, by default."""
TRACES = {"gdn": "default_trace.safetensors", "kda": "kda_trace.safetensors"}
"""The trained models' embedded traces (leapquant/data/)."""


def _source(model, tokens: int, trace: Path | None):
    """(the input the trials simulate, its description)."""
    from leapquant.traces import TraceSource

    path = trace or Path(__file__).parents[1] / "leapquant" / "data" / TRACES[model.family]
    if trace is None and not path.is_file():
        raise InputError(f"the embedded trace {str(path)!r} is missing from this installation; pass --trace FILE")
    src = TraceSource(path, tokens=None)
    if src.family != model.family:
        raise InputError(f"--trace {str(path)!r} holds {src.family} inputs; --model {model.name} needs "
                         f"{model.family}")
    src = TraceSource(path, tokens=min(tokens, src.total_tokens))
    what = "the embedded trace of the trained " + model.family.upper() + " model" if trace is None else str(trace)
    return src, f"{what} ({src.tokens} tokens, {src.num_layers} layers)"


def _list_gpus(as_json: bool) -> None:
    from leapquant import gpus
    rows = gpus.table()
    if as_json:
        sys.stdout.write(json.dumps(rows, indent=1) + "\n")
        return
    table = Table(title="GPUs (leapquant.gpus: every figure with its public source)")
    for col in rows[0]:
        table.add_column(str(col))
    for r in rows:
        table.add_row(*(str(v) for v in r.values()))
    Console().print(table)


SPEEDS = ("auto", "measured", "predicted", "build", "none")
"""--speed: measured when this machine has the target (auto), measured, predicted, none, or build (no figure: every
trial's launches built for the target into --kernels, for a measured study to load)."""


def _speed(kind: str, gpu: str, batches: tuple[int, ...], gpus: int = 1, address: str | None = None,
           on_ray: bool = False, cost_model: str = "bytes", study_dir: Path | None = None,
           kernels: Path | None = None):
    """The speed objective: measured here (in this process, or on `gpus` Ray actors of one GPU each where the trials
    run on Ray (`on_ray`), on the cluster at `address` where given; launches found in `kernels` loaded, not compiled),
    predicted by `cost_model` (the compiled one builds each trial's kernels, their figures kept in `study_dir`),
    built into `kernels` and not timed, or none."""
    from tuner.cost import FILES
    from tuner.speed import MeasuredSpeed, local_gpu_is
    if kind not in SPEEDS:
        raise InputError(f"--speed must be one of {', '.join(SPEEDS)}, got {kind!r}")
    if cost_model not in FILES:
        raise InputError(f"--cost-model must be one of {sorted(FILES)}, got {cost_model!r}")
    if cost_model != "bytes" and kind in ("measured", "build"):
        raise InputError(f"--cost-model {cost_model} predicts speed; --speed {kind} does not")
    if kind == "build":
        return _built(gpu, kernels, gpus)
    here = local_gpu_is(gpu) or (kind == "measured" and address is not None)
    if kind == "measured" and not here:
        raise InputError(f"--speed measured needs the target GPU ({gpu}) in this machine (or a Ray cluster's, "
                         f"--address)")
    measured = kind == "measured" or (kind == "auto" and here)
    if kernels is not None and not measured:
        raise InputError(f"--kernels is read by a measured study and written by --speed build; this study's speed is "
                         f"{'predicted' if kind != 'none' else 'not taken'} (--speed {kind})")
    if kind == "none":
        return None
    if not measured:
        if gpus > 1:
            raise InputError(f"--gpus {gpus} spreads measured speed trials, but the speed is predicted here "
                             f"(--speed {kind}, no {gpu} in this machine)")
        return _predicted(gpu, batches, cost_model, study_dir)
    make = functools.partial(_measurer, None if kernels is None else str(_kernels_in(kernels)), gpu)
    if gpus == 1 and address is None and not on_ray:
        return MeasuredSpeed(gpu, batches, measurer=make())
    try:
        from tuner.gpu_actors import GpuActors
        return MeasuredSpeed(gpu, batches, measurer=GpuActors(gpus, address, make_measurer=make))
    except ImportError:
        raise InputError("--gpus > 1 / --address need Ray: pip install -e '.[tune]'") from None


def _kernels_in(kernels: Path) -> Path:
    if not Path(kernels).is_dir():
        raise InputError(f"--kernels {str(kernels)!r} is not a folder (leapquant tune --speed build --kernels DIR "
                         f"fills one)")
    return Path(kernels)


def _measurer(kernels: str | None, gpu: str):
    """A Measurer of this machine's GPU, loading the launches prebuilt in `kernels` for gpu's arch (a Ray actor's
    too: a module-level function, picklable)."""
    from leapquant.gpus import arch_of
    from tuner.kernel_store import KernelStore
    from tuner.measure import Measurer
    return Measurer(store=None if kernels is None else KernelStore(kernels, arch_of(gpu)))


def _built(gpu: str, kernels: Path | None, gpus: int):
    """--speed build: every trial's launches built for gpu's arch into `kernels` on every core."""
    import os

    from leapquant.files import check_output_dir
    from leapquant.gpus import arch_of
    from tuner.kernel_store import KernelStore
    from tuner.speed import BuiltSpeed
    if kernels is None:
        raise InputError("--speed build needs --kernels DIR: the folder the trials' launches are built into")
    if gpus > 1:
        raise InputError(f"--gpus {gpus} spreads measured speed trials; --speed build times none")
    return BuiltSpeed(gpu, KernelStore(check_output_dir(kernels, "--kernels"), arch_of(gpu)),
                      workers=len(os.sched_getaffinity(0)))


def _predicted(gpu: str, batches: tuple[int, ...], cost_model: str, study_dir: Path | None):
    """PredictedSpeed by the shipped `cost_model`; the compiled one reads the kernels built for gpu's arch (the
    shipped table's, else built on every core into `study_dir`/resources_<arch>.json)."""
    import os

    from leapquant.gpus import arch_of
    from tuner.cost import FILES, CostModel
    from tuner.resources import Compiled
    from tuner.speed import PredictedSpeed
    model = CostModel.load(FILES[cost_model])
    if not model.compiled:
        return PredictedSpeed(gpu, batches, model)
    arch = arch_of(gpu)
    figures = Compiled(arch, Path(study_dir) / f"resources_{arch}.json", workers=len(os.sched_getaffinity(0)))
    return PredictedSpeed(gpu, batches, model, figures)


def _batches(text: str) -> tuple[int, ...]:
    try:
        out = tuple(int(b) for b in text.split(","))
    except ValueError:
        raise InputError(f"--batch must be comma-separated integers >= 1, got {text!r}") from None
    if not out or min(out) < 1:
        raise InputError(f"--batch must be comma-separated integers >= 1, got {text!r}")
    return out


@handles_errors
def tune_cmd(
    model: str = typer.Option(None, help="gdn or kda (the project's trained models: their traces give accuracy)."),
    gpu: str = typer.Option(None, help="The target GPU (--list-gpus)."),
    shape: str = typer.Option(None, help="The serving model whose layer the kernel is timed and built for (default: "
                              "qwen3-next-80b-a3b for gdn, kimi-linear-48b-a3b for kda)."),
    trace: Path = typer.Option(None, help="A recorded trace (leapquant.traces) in place of the embedded one."),
    batch: str = typer.Option("256", help="Batches the speed is taken at, comma-separated (the first is the "
                              "objective)."),
    trials: int = typer.Option(24, help="Complete trials the study holds when it ends."),
    timeout: float = typer.Option(None, help="Stop starting trials after this many seconds."),
    tokens: int = typer.Option(1024, help="Tokens of the trace each trial simulates."),
    seed: int = typer.Option(0, help="Seed of the sampler and the simulation."),
    workers: int = typer.Option(1, help="Accuracy trials run at once (Ray tasks; 1: in this process)."),
    runner: str = typer.Option("auto", help="auto (Ray where installed and --workers > 1), ray or local."),
    address: str = typer.Option(None, help="An existing Ray cluster's address."),
    gpu_count: int = typer.Option(1, "--gpus", help="GPUs the measured speed trials spread over: a Ray actor of "
                                  "one GPU each, one measurement at a time on each (1: in this process)."),
    accuracy: str = typer.Option("state", help="The accuracy objective: state (final state error on the trace) or "
                                 "bpb (the trained model's bits per byte over held-out text, relative to FP32)."),
    bpb_tokens: int = typer.Option(4096, help="Bytes of the held-out text each trial reads with --accuracy bpb."),
    speed: str = typer.Option("auto", help="auto (measured when this machine has the target GPU, else predicted), "
                              "measured, predicted, none, or build (no figure: every trial's launches built for the "
                              "target into --kernels, for a measured study of the same seed to load)."),
    kernels: Path = typer.Option(None, help="A folder of launches built ahead for the target (--speed build writes "
                                 "it; a measured study loads the launches it finds there and compiles the rest)."),
    cost_model: str = typer.Option("bytes", help="The model of a predicted speed: bytes (what a step moves and "
                                   "computes; no compilation) or compiled (also each trial's kernels built for the "
                                   "target: their instructions and occupancy; up to a minute a kernel per core)."),
    space: Path = typer.Option(None, help="A JSON file narrowing or widening the search space (tuner/space.py)."),
    max_error: float = typer.Option(None, help="Largest final state error the chosen recipe may have (default: the "
                                    "paper's default point's)."),
    max_bytes_per_element: float = typer.Option(None, help="Largest state bytes per element (a constraint)."),
    min_speedup: float = typer.Option(None, help="Smallest speed-up over FLA's FP32 step (a constraint)."),
    kernel_files: bool = typer.Option(True, help="Build the chosen kernel's TileLang source, CUDA and cubin for the "
                                      "target beside the recipe (needs TileLang and nvcc)."),
    study_dir: Path = typer.Option(Path("leapquant-tune"), help="Folder of the study's journal (resumed if present)."),
    out: Path = typer.Option(Path("leapquant-tune"), help="Folder of the recipe, its kernel files, the Pareto table "
                             "and figure."),
    per_layer: bool = typer.Option(False, "--per-layer", help="Tune a mixed recipe for the trained model: each layer "
                                   "its own method under --max-bytes-per-element, by its sensitivity on the trace."),
    list_gpus: bool = typer.Option(False, "--list-gpus", help="List the known GPUs and their figures, and stop."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress on stderr."),
    as_json: bool = typer.Option(False, "--json", help="Print the Pareto front and the chosen recipe as JSON."),
) -> None:
    """Search window, rank, format and kernel tiles for MODEL on GPU; write the chosen recipe and the Pareto front."""
    if list_gpus:
        return _list_gpus(as_json)
    try:
        import optuna  # noqa: F401
    except ImportError:
        raise InputError("leapquant tune needs optuna: pip install -e '.[tune]' (optuna and ray)") from None

    from leapquant.files import check_output_dir
    from leapquant.kernels.compile_check import quiet_tilelang
    from leapquant.recipe import MODELS
    from tuner import workers as tw
    from tuner.space import Space
    from tuner.study import Constraints, tune

    arch, shape_name = _check(model, gpu, shape, accuracy, trials=trials, tokens=tokens, workers=workers,
                              bpb_tokens=bpb_tokens, gpus=gpu_count)
    batches = _batches(batch)
    constraints = Constraints(max_error, max_bytes_per_element, min_speedup)
    the_space = Space() if space is None else Space.from_file(space)
    out = check_output_dir(out, "--out")
    check_output_dir(study_dir, "--study-dir")
    accuracy_model, kernel_shape = MODELS[model], MODELS[shape_name]
    source, data = _source(accuracy_model, tokens, trace)
    if per_layer:
        return _per_layer(accuracy_model, gpu, arch, source, data, the_space, max_bytes_per_element, seed, out,
                          kernel_files, as_json, quiet)
    document = None
    if accuracy == "bpb":
        from leapquant.models.study import document_path, read_document
        doc = document_path(None, None)
        document = read_document(doc, bpb_tokens)
        data += f"; bits per byte over the first {len(document)} bytes of {doc.name} (held out)"
    timing = _speed(speed, gpu, batches, gpu_count, address, on_ray=tw.kind_of(runner, workers, address) == "ray",
                    cost_model=cost_model, study_dir=study_dir, kernels=kernels)
    pool, progress = None, _Progress(trials, quiet)
    try:
        pool = tw.make(runner, workers, address)
        with quiet_tilelang():     # measured trials compile, which TileLang logs on stdout: the table's and --json's
            study = tune(accuracy_model, arch, source, trials=trials, study_dir=study_dir, seed=seed,
                         space=the_space, speed=timing, kernel_shape=kernel_shape, constraints=constraints,
                         workers=pool, timeout=timeout, accuracy_kind=accuracy, document=document, on_trial=progress)
    finally:
        if hasattr(getattr(timing, "measurer", None), "close"):
            timing.measurer.close()
        if pool is not None:
            pool.close()
        progress.close()
    _emit(study, model, gpu, kernel_shape, data, out, max_error, kernel_files, as_json, pool.name, timing)


def _check(model, gpu, shape, accuracy, **counts) -> tuple[str, str]:
    """The target's kernel architecture and the kernel shape's model name; InputError naming a bad argument."""
    from leapquant import gpus
    from leapquant.recipe import MODELS

    if model not in ("gdn", "kda"):
        raise InputError(f"--model must be gdn or kda, got {model!r}")
    if gpu is None:
        raise InputError(f"--gpu is required: one of {gpus.names()}")
    arch = gpus.arch_of(gpu)
    if accuracy not in ("state", "bpb"):
        raise InputError(f"--accuracy must be state or bpb, got {accuracy!r}")
    for name, value in counts.items():
        check_int("--" + name.replace("_", "-"), value)
    shape_name = shape or SHAPES[model]
    if shape_name not in MODELS or MODELS[shape_name].family != model:
        raise InputError(f"--shape must be a {model} model of {[n for n, m in MODELS.items() if m.family == model]}, "
                         f"got {shape_name!r}")
    return arch, shape_name


def _per_layer(shape, gpu: str, arch: str, source, data: str, space, budget, seed: int, out: Path,
               kernel_files: bool, as_json: bool, quiet: bool) -> None:
    """`--per-layer`: the layers' sensitivity on the trace, one method per layer within the budget, the recipe."""
    from rich.progress import Progress

    from leapquant.files import write_text_atomic
    from tuner import per_layer as pl

    if budget is None:
        raise InputError("--per-layer needs --max-bytes-per-element (the memory budget the layers share)")
    cands = pl.candidates(shape, arch, space)
    traced = min(source.num_layers, shape.layers)
    with Progress(console=Console(stderr=True), disable=quiet) as bar:
        task = bar.add_task("per-layer sensitivity", total=traced * len(cands))
        measured = pl.sensitivity(source, traced, cands, seed, progress=lambda: bar.advance(task))
    errors = pl.expand(measured, shape.layers)
    bpe = [c.pipeline.bytes_per_element(shape.K, shape.V) for c in cands]
    choice = pl.allocate(errors, bpe, budget)
    uniform = min((i for i in range(len(cands)) if bpe[i] <= budget + 1e-12), key=lambda i: sum(e[i] for e in errors))
    command = " ".join(["leapquant", *sys.argv[1:]]) if len(sys.argv) > 1 else "leapquant tune --per-layer"
    recipe = pl.per_layer_recipe(shape, gpu, cands, choice, errors, traced, data, command)
    if kernel_files:
        recipe = recipe.with_kernel_files(out)
    path = recipe.save(out / f"{shape.name}-{gpu}-per-layer.json")
    rows = [{"layer": l, "method": pl.method_name(cands[i]), "kernel": cands[i].kernel.tag, "state_error": errors[l][i],
             "bytes_per_element": bpe[i], "traced": l < traced} for l, i in enumerate(choice)]
    summary = {"layers": rows, "recipe": str(path), "budget_bytes_per_element": budget, "data": data,
               "sum_error": pl.total(errors, choice), "mean_bytes_per_element": recipe.memory.bytes_per_element,
               "best_uniform": {"method": pl.method_name(cands[uniform]), "sum_error": sum(e[uniform] for e in errors),
                                "bytes_per_element": bpe[uniform]},
               "sensitivity": {pl.method_name(c): [row[i] for row in measured] for i, c in enumerate(cands)}}
    write_text_atomic(out / f"{shape.name}-{gpu}-per-layer-sensitivity.json", json.dumps(summary, indent=1) + "\n")
    if as_json:
        sys.stdout.write(json.dumps(summary, indent=2) + "\n")
        return
    table = Table(title=f"{shape.name} on {gpu}: one method per layer within {budget} bytes per element "
                        f"(accuracy on {data})")
    for col in ("layer", "method", "state error", "B/element", "kernel"):
        table.add_column(col, overflow="fold")
    for r in rows:
        table.add_row(str(r["layer"]) + ("" if r["traced"] else " (not traced)"), r["method"],
                      f"{r['state_error']:.3e}", f"{r['bytes_per_element']:.3f}", r["kernel"])
    Console(width=max(Console().width, 150)).print(table)
    u = summary["best_uniform"]
    Console().print(f"sum of layer errors {summary['sum_error']:.3e} at {summary['mean_bytes_per_element']:.3f} "
                    f"B/element; the best single method within the budget ({u['method']}): {u['sum_error']:.3e}; "
                    f"recipe: {path}", highlight=False)


class _Progress:
    """A rich progress bar on stderr with the best point so far (fastest within the default's error)."""

    def __init__(self, total: int, quiet: bool):
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
        self.bar = None if quiet else Progress(TextColumn("tune"), BarColumn(), MofNCompleteColumn(),
                                               TimeElapsedColumn(), TextColumn("{task.description}"),
                                               console=Console(stderr=True), transient=False)
        if self.bar is not None:
            self.bar.start()
            self.task = self.bar.add_task("", total=total)
        self.best = None

    def __call__(self, t) -> None:
        if self.bar is None or t.values is None:
            return
        us = t.values[1]
        if math.isfinite(us) and (self.best is None or us < self.best[1]):
            self.best = (t.number, us, t.values[0])
        best = f"best: trial {self.best[0]}, {self.best[1]:.1f} µs, error {self.best[2]:.2e}" if self.best else ""
        self.bar.update(self.task, completed=self.bar.tasks[0].completed + 1, description=best)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _emit(study, model, gpu, kernel_shape, data, out: Path, max_error, kernel_files: bool, as_json: bool,
          runner: str, timing) -> None:
    from leapquant.files import write_text_atomic
    from tuner.report import choose, default_trial, done_trials, front, plot, row, versus_default

    done = done_trials(study)
    if not done:
        raise InputError("no trial completed (see --timeout)")
    chosen = choose(done, max_error)
    pareto = front(study)
    name = f"{model}-{gpu}-tuned"
    recipe_path = _write_recipe(chosen, kernel_shape, gpu, data, out / f"{name}.json", kernel_files, timing)
    plot(pareto, done, chosen, default_trial(done), out / f"{name}-pareto.png",
         f"{model} on {gpu}: {len(done)} trials, " + (f"speed {timing.how} at batch {timing.batches[0]}" if timing
                                                       and timing.how != "built" else "speed not taken"),
         "bits per byte over FP32's − 1" if "bits_per_byte" in chosen.user_attrs else "final state error")
    rows = [row(t) for t in pareto]
    write_text_atomic(out / f"{name}-pareto.json", json.dumps(rows, indent=1) + "\n")
    summary = {"pareto": rows, "chosen": chosen.number, "recipe": str(recipe_path), "data": data, "runner": runner,
               "speed": timing.how if timing else None, "trials": len(done),
               "speed_gpus": getattr(timing.measurer, "size", 1) if getattr(timing, "how", "") == "measured" else None,
               "speed_ran": None if timing is None or timing.how == "built" else (
                   "predicted" if timing.how == "predicted" else getattr(timing.measurer, "name", "in-process")),
               "versus_default": versus_default(done, chosen, pareto)}
    if getattr(timing, "how", "") == "built":
        summary["kernels_built"] = {"folder": str(timing.store.folder), "arch": timing.store.arch,
                                    "launches": timing.store.count(), "failed": timing.failed}
    if as_json:
        sys.stdout.write(json.dumps(summary, indent=2) + "\n")
        return
    table = Table(title=f"{model} on {gpu} ({kernel_shape.name} layer): Pareto front of {len(done)} trials; "
                        f"accuracy on {data}; trials ran {runner}"
                        + (f", speed on {summary['speed_gpus']} Ray GPU actor(s)" if summary["speed_ran"] == "ray-gpus"
                           else ""))
    first = "bpb vs FP32" if rows and rows[0].get("bits_per_byte") is not None else "state error"
    for col in ("trial", first, "µs/step", "speed-up", "B/element", "kernel"):
        table.add_column(col, overflow="fold")
    for r in rows:
        mark = " (chosen)" if r["trial"] == chosen.number else ""
        how = f"{r['speed_how']}" + (f", {r['cost_model']} model" if r.get("cost_model") else "")
        us = f"{r['us_per_step']:.1f} ({how})" if r["us_per_step"] else f"- ({r['speed_missing']})"
        sp = f"{r['speedup']:.2f}x" if r["speedup"] else "-"
        err = (f"{100 * r['error']:+.3f} %" if first != "state error" else f"{r['error']:.3e}")
        table.add_row(f"{r['trial']}{mark}", err, us, sp,
                      f"{r['bytes_per_element']:.3f}", r["kernel"] or f"simulation only: {r['simulation_only']}")
    Console(width=max(Console().width, 150)).print(table)
    vs = summary["versus_default"]
    if vs and vs["chosen_speed_over_default"]:
        beat = ", ".join(f"trial {b['trial']} {b['faster_pct']:.1f} % faster, {b['error_lower_pct']:.1f} % lower error"
                         for b in vs["beat_default_on_both"]) or "none"
        Console(soft_wrap=True).print(
            f"chosen vs the default (trial {vs['default_trial']}, {vs['default_us']:.1f} µs): "
            f"{vs['chosen_speed_over_default']:.3f}x its speed; faster and more accurate: {beat}", highlight=False)
    if "kernels_built" in summary:
        k = summary["kernels_built"]
        Console().print(f"kernels: {k['launches']} launches for {k['arch']} in {k['folder']} ({len(k['failed'])} "
                        f"configurations failed to build); a measured study loads them with --kernels", highlight=False)
    Console().print(f"recipe: {recipe_path}; figure: {out / (name + '-pareto.png')}", highlight=False)


def _write_recipe(trial, shape, gpu: str, data: str, path: Path, kernel_files: bool, timing) -> Path:
    """The chosen trial as a recipe: its pipeline, its kernel, its accuracy and speed figures with the command, and
    (`kernel_files`) the kernel's files built for the target beside it."""
    from leapquant.kernels.config import KernelConfig
    from leapquant.pipeline import Pipeline
    from tuner.cost import FILES
    from tuner.space import Point

    point = Point(Pipeline.from_dict(trial.user_attrs["pipeline"]), KernelConfig(**trial.user_attrs["kernel_config"]))
    command = " ".join(["leapquant", *sys.argv[1:]]) if len(sys.argv) > 1 else "leapquant tune"
    cfg = point.kernel
    speed = [{"us_per_step": r["us"], "batch": r["batch"], "how": r["how"], "gpu": gpu,
              "baseline": "fla-fp32 (faster layout)", "baseline_us": r["fla_us"],
              "cost_model": f"tuner/{FILES[timing.model.inputs].name}" if r["how"] == "predicted" else None,
              "shape": {"H": cfg.H, "HV": cfg.HV, "K": cfg.K, "V": cfg.V}, "command": command}
             for r in trial.user_attrs.get("speed") or []]
    accuracy = [{"metric": "state_error", "value": trial.user_attrs["final_state_error"], "data": data,
                 "command": command},
                {"metric": "output_error", "value": trial.user_attrs["mean_output_error"], "data": data,
                 "command": command}]
    if "bits_per_byte" in trial.user_attrs:
        accuracy.append({"metric": "bits_per_byte", "value": trial.user_attrs["bits_per_byte"], "data": data,
                         "baseline": trial.user_attrs["fp32_bits_per_byte"], "command": command})
    recipe = point.recipe(shape, gpu, command).with_figures(accuracy=accuracy, speed=speed)
    if kernel_files:
        try:
            recipe = recipe.with_kernel_files(path.parent)
        except ImportError as e:
            raise InputError(f"--kernel-files needs TileLang and nvcc ({e}); pass --no-kernel-files") from None
    return recipe.save(path)
