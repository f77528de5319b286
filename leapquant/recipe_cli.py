"""`leapquant recipe show | validate | diff | new`: read, check, compare and compose recipe files (`leapquant.recipe`).

Every command has --json; a bad file or argument exits 2 with a message naming the file and the field.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from leapquant.errors import InputError
from leapquant.options import EXIT_BAD_INPUT, CliGroup, print_error

recipe_app = typer.Typer(help="Recipe files: show, validate, diff, compose (new).", no_args_is_help=True, cls=CliGroup)
KERNEL_MODES = ("auto", "none", "required")


def _fail(e: InputError) -> None:
    print_error(e)
    raise typer.Exit(EXIT_BAD_INPUT)


def _emit(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, indent=2) + "\n")


def _method(p: dict[str, Any]) -> str:
    words = [p["format"], f"window={p['window']}", f"rank={p['rank']}"]
    if p["smoother"] != "none":
        words.append(p["smoother"])
    if p["records"] != "fp16":
        words.append(f"records={p['records']}")
    return " ".join(words)


def _kernel_words(k: dict[str, Any] | None) -> str:
    if k is None:
        return "-"
    return (f"{k['decode']} (block_v {k['block_v']}, {k['threads']} threads, {k['programs_per_sm']}/SM) + "
            f"{k['boundary']} ({k['boundary_threads']} threads), {k['layout']}")


def show_tables(recipe) -> list[Table]:
    """The recipe as readable tables: the model and target, the method per part, the figures."""
    m = recipe.model
    head = Table(title=f"recipe: {m.name}", show_header=False)
    head.add_row("model", f"{m.family}, {m.layers} layers, H={m.H} HV={m.HV}, K={m.K} V={m.V}")
    t = recipe.target
    head.add_row("target", "simulation only" if t is None else f"{t.gpu} ({t.arch})")
    mem = recipe.memory or recipe.memory_needed()
    head.add_row("memory", f"{mem.bytes_per_element:.4f} B/element, {mem.bytes_per_request:,} B/request")
    pv = recipe.provenance
    head.add_row("made by", f"leapquant {pv.leapquant}, torch {pv.torch}" + (f", tilelang {pv.tilelang}"
                                                                           if pv.tilelang else "")
                 + f", {pv.created.isoformat()}")
    parts = Table(title="method")
    for col in ("layers", "heads", "pipeline", "kernel"):
        parts.add_column(col, overflow="fold")
    for part in recipe.parts():
        kernel = None if recipe.kernel is None else recipe._kernel_of(part.layers[0])[0]
        parts.add_row(",".join(map(str, part.layers)), f"{part.heads[0]}-{part.heads[1] - 1}", _method(part.pipeline),
                      _kernel_words(kernel))
    tables = [head, parts]
    f = recipe.figures
    if f.accuracy or f.speed:
        figs = Table(title="figures")
        for col in ("figure", "value", "how", "command"):
            figs.add_column(col, overflow="fold")
        commands: list[str] = []

        def ref(command: str) -> str:
            if command not in commands:
                commands.append(command)
            return f"[{commands.index(command) + 1}]"

        for a in f.accuracy:
            base = "" if a.baseline is None else f" (fp32 {a.baseline:.4g})"
            figs.add_row(f"{a.metric} on {a.data}", f"{a.value:.4g}{base}", "measured", ref(a.command))
        for s in f.speed:
            ratio = "" if s.speedup is None else f", {s.speedup:.2f}x over {s.baseline}"
            shape = "" if s.shape is None else " (" + " ".join(f"{k}={v}" for k, v in s.shape.items()) + ")"
            figs.add_row(f"µs/step at batch {s.batch}{shape}", f"{s.us_per_step:.1f}{ratio}",
                         f"{s.how} on {s.gpu}" + (f" ({s.cost_model})" if s.cost_model else ""), ref(s.command))
        tables.append(figs)
        notes = Table(show_header=False, box=None)
        for i, c in enumerate(commands):
            notes.add_row(f"[{i + 1}]", c)
        tables.append(notes)
    return tables


@recipe_app.command("show")
def show(path: Path = typer.Argument(..., help="A recipe file."),
         as_json: bool = typer.Option(False, "--json", help="Print the validated recipe as JSON.")) -> None:
    """Print a recipe as tables: model, target, the method of each layer and head group, kernels, figures."""
    from leapquant.recipe import Recipe

    try:
        recipe = Recipe.load(path)
    except InputError as e:
        _fail(e)
    if as_json:
        _emit(recipe.model_dump(mode="json"))
        return
    console = Console()
    for t in show_tables(recipe):
        console.print(t)


@recipe_app.command("validate")
def validate(paths: list[Path] = typer.Argument(..., help="Recipe files."),
             as_json: bool = typer.Option(False, "--json", help="Print {file: error or null} as JSON.")) -> None:
    """Check recipe files: schema, values, kernels that compute their pipelines, artifact hashes. Exit 2 if any
    is bad."""
    from leapquant.recipe import Recipe

    errors: dict[str, str | None] = {}
    for p in paths:
        try:
            Recipe.load(p)
            errors[str(p)] = None
        except InputError as e:
            errors[str(p)] = str(e)
    if as_json:
        _emit(errors)
    else:
        for p, err in errors.items():
            if err:
                print_error(err)
            else:
                Console().print(f"[green]ok[/green] {p}", highlight=False)
    if any(errors.values()):
        raise typer.Exit(EXIT_BAD_INPUT)


def _flat(d: Any, prefix: str = "") -> dict[str, Any]:
    if isinstance(d, dict):
        out: dict[str, Any] = {}
        for k, v in d.items():
            out.update(_flat(v, f"{prefix}.{k}" if prefix else str(k)))
        return out if d else {prefix: {}}
    if isinstance(d, list):
        out = {}
        for i, v in enumerate(d):
            out.update(_flat(v, f"{prefix}[{i}]"))
        return out if d else {prefix: []}
    return {prefix: d}


@recipe_app.command("diff")
def diff(a: Path = typer.Argument(..., help="A recipe file."), b: Path = typer.Argument(..., help="Another."),
         as_json: bool = typer.Option(False, "--json", help="Print {field: [a, b]} as JSON.")) -> None:
    """The fields in which two recipes differ (exit 0 either way; 2 if a file is bad)."""
    from leapquant.recipe import Recipe

    try:
        fa, fb = (_flat(Recipe.load(p).model_dump(mode="json")) for p in (a, b))
    except InputError as e:
        _fail(e)
    missing = object()
    changed = {k: [fa.get(k, missing), fb.get(k, missing)] for k in dict.fromkeys([*fa, *fb])
               if fa.get(k, missing) != fb.get(k, missing)}
    shown = {k: [None if x is missing else x for x in v] for k, v in changed.items()}
    if as_json:
        _emit(shown)
        return
    if not shown:
        Console().print("the recipes are equal")
        return
    t = Table(title=f"{a} → {b}")
    for col in ("field", str(a), str(b)):
        t.add_column(col, overflow="fold")
    for k, (x, y) in changed.items():
        t.add_row(k, "(absent)" if x is missing else json.dumps(x), "(absent)" if y is missing else json.dumps(y))
    Console().print(t)


def parse_layer(item: str) -> tuple[list[int], dict[str, Any]]:
    """`--layer` values: LAYERS:key=value, LAYERS a comma list of indices or ranges (0, 0,2, 0-1)."""
    from leapquant.options import parse_options

    if ":" not in item:
        raise InputError(f"--layer must be LAYERS:key=value (e.g. 0:rank=16 or 0-1:format=int6), got {item!r}")
    spec, kv = item.split(":", 1)
    layers: list[int] = []
    try:
        for piece in filter(None, (s.strip() for s in spec.split(","))):
            lo, _, hi = piece.partition("-")
            layers += list(range(int(lo), int(hi) + 1)) if hi else [int(lo)]
    except ValueError:
        raise InputError(f"--layer: LAYERS must be indices or ranges like 0,2 or 0-1, got {spec!r}") from None
    if not layers:
        raise InputError(f"--layer: no layer index before ':' in {item!r}")
    return layers, parse_options([kv], "--layer")


def compose(preset: str, model: str, gpu: str | None, sets: dict[str, Any], layers: list[str],
            kernel_sets: dict[str, Any], kernel: str, command: str | None = None):
    """The recipe `leapquant recipe new` builds, and a note on its kernel (None, or why it is simulation-only)."""
    from leapquant.kernels.config import KernelConfig
    from leapquant.kernels.from_pipeline import pipeline_of
    from leapquant.pipeline import PRESETS, Pipeline
    from leapquant.pipeline import preset as named
    from leapquant.recipe import Recipe
    from leapquant.recipe_fields import model_shape

    if kernel not in KERNEL_MODES:
        raise InputError(f"--kernel must be one of {list(KERNEL_MODES)}, got {kernel!r}")
    shape = model_shape(model)
    if preset == "kernel":
        base = pipeline_of(KernelConfig(family=shape.family, H=shape.H, HV=shape.HV, K=shape.K, V=shape.V))
    elif preset in PRESETS:
        base = named(preset)
    else:
        raise InputError(f"--preset must be 'kernel' or one of {list(PRESETS)}, got {preset!r}")
    pipeline = Pipeline.from_dict({**base.to_dict(), **sets})
    recipe = Recipe.from_pipeline(pipeline, shape, gpu, command)
    for item in layers:
        idx, fields = parse_layer(item)
        recipe = recipe.override(idx, **fields)
    note = None
    if kernel != "none":
        if gpu is None:
            if kernel == "required":
                raise InputError("--kernel required needs --gpu (the kernel's target)")
            note = "simulation only: no --gpu"
        else:
            try:
                recipe = recipe.with_kernel(**kernel_sets)
            except InputError as e:
                if kernel == "required":
                    raise
                note = f"simulation only: {e}"
    return recipe, note


@recipe_app.command("new", context_settings={"help_option_names": ["-h", "--help"]})
def new(
    out: Path = typer.Option(..., "--out", "-o", help="The recipe file to write."),
    preset: str = typer.Option("kernel", help="The method to start from: 'kernel' (the decode kernels' arithmetic "
                               "for the model: INT8, window 16, rank 4, smoothing, the kernels' refit) or a "
                               "pipeline preset (fp32, bf16, bf16-w, int8, int8-w, leapquant, ...)."),
    model: str = typer.Option(..., help="A known model (gdn, kda, qwen3-next-80b-a3b)."),
    gpu: str = typer.Option(None, help="The target GPU (h100, h200, b200, gb200, rtx-pro-6000, rtx-5090); none: "
                            "a simulation-only recipe."),
    set_: list[str] = typer.Option(None, "--set", help="A pipeline field for every layer, key=value (repeatable)."),
    layer: list[str] = typer.Option(None, "--layer", help="A pipeline field on some layers, LAYERS:key=value "
                                    "(repeatable), e.g. --layer 0:rank=16 --layer 1-2:format=int6."),
    kernel_set: list[str] = typer.Option(None, "--kernel-set", help="A KernelConfig choice, key=value (layout, "
                                         "decode, boundary, tiles; repeatable)."),
    kernel: str = typer.Option("auto", help="auto: attach the decode kernel where one computes the method; none: "
                               "simulation only; required: fail if no kernel computes it."),
    force: bool = typer.Option(False, "--force", help="Replace an existing file."),
    as_json: bool = typer.Option(False, "--json", help="Print the recipe written as JSON."),
) -> None:
    """Compose a recipe: a preset, fields for every layer and for some, a kernel for the GPU; written atomically."""
    from leapquant.options import parse_options

    try:
        if out.is_dir():
            raise InputError(f"--out {str(out)!r} is a directory; expected a file name")
        if out.exists() and not force:
            raise InputError(f"--out {str(out)!r} exists; pass --force to replace it")
        recipe, note = compose(preset, model, gpu, parse_options(set_, "--set"), layer or [],
                               parse_options(kernel_set, "--kernel-set"), kernel, command=" ".join(sys.argv))
        recipe.save(out)
    except InputError as e:
        _fail(e)
    if as_json:
        _emit({"file": str(out), "note": note, "recipe": recipe.model_dump(mode="json")})
        return
    console = Console()
    for t in show_tables(recipe):
        console.print(t)
    if note:
        console.print(note, highlight=False)
    console.print(f"wrote {out}", highlight=False)
