"""`leapquant generate`: a trained model continues a prompt with FP32 states and with LeapQuant states in the serving
cache, side by side, with how often LeapQuant picks FP32's byte and how far its logits moved
(`leapquant.serving.generate`). Bad input exits 2 with one line naming the option."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from leapquant.errors import InputError
from leapquant.options import handles_errors, parse_device

OPTIONS = {"model_dir": "--model-dir", "model": "--model", "prompt": "--prompt", "new_tokens": "--tokens",
           "recipe": "--recipe", "temperature": "--temperature", "seed": "--seed"}
"""`generate`'s arguments and the options that set them (an error naming an argument names its option)."""
PROMPT_SHOWN = 240
"""Characters of the prompt's end shown above the continuations."""


def _as_option(e: InputError) -> InputError:
    """The error with the argument it starts with replaced by its option (`new_tokens must ...` -> `--tokens must`)."""
    m = re.match(r"(\w+)\b", str(e))
    if m is None or m.group(1) not in OPTIONS:
        return e
    return InputError(OPTIONS[m.group(1)] + str(e)[m.end():])


def _print(g, console: Console) -> None:
    def text(b: bytes) -> str:
        return b.decode("utf-8", "backslashreplace")

    shown = text(g.prompt)
    shown = shown if len(shown) <= PROMPT_SHOWN else "…" + shown[-PROMPT_SHOWN:]
    console.print(Text(f"{g.model}, prompt ({len(g.prompt)} bytes):", style="bold"))
    console.print(Text(shown))
    table = Table(title=f"{len(g.fp32)} bytes after the prompt", show_lines=True)
    table.add_column("FP32 states", ratio=1, overflow="fold")
    table.add_column(f"LeapQuant states ({g.method}, {g.bytes_per_element:.3f} B/element)", ratio=1, overflow="fold")
    table.add_row(Text(text(g.fp32)), Text(text(g.leapquant)))
    console.print(table)
    how = "greedy" if not g.temperature else f"temperature {g.temperature:g}, the same noise"
    steps = len(g.logit_error)
    console.print(Text(f"agreement: {g.agreement:.1%} of {steps} decode steps choose FP32's byte ({how}; LeapQuant "
                       f"fed FP32's bytes)\nrelative logit error: mean {g.mean_logit_error:.2e}, max "
                       f"{g.max_logit_error:.2e}\ncontinuations identical for {g.common_prefix} of {len(g.fp32)} "
                       f"bytes\n{g.seconds:.1f} s"))


@handles_errors
def generate_cmd(
    model: str = typer.Option("gdn", "--model", "-m", help="The trained model: gdn or kda (models/ of the clone)."),
    prompt: str = typer.Option(None, help="Text to continue (default: the first paragraph of the shipped held-out "
                               "excerpt of Persuasion, a novel the models never saw)."),
    tokens: int = typer.Option(200, help="Bytes to generate."),
    recipe: Path = typer.Option(None, "--recipe", help="A recipe file with a kernel configuration for the model's "
                                "shape (default: LeapQuant window 16, rank 4, INT8, for an H200)."),
    temperature: float = typer.Option(0.0, help="0: greedy; above 0: sample, the same Gumbel noise for both."),
    seed: int = typer.Option(0, help="Seed of the sampling noise (with --temperature above 0)."),
    model_dir: Path = typer.Option(None, help="Folder of gdn.safetensors and kda.safetensors (default: models/ of "
                                   "the clone)."),
    device: str = typer.Option("cpu", help="Torch device: cpu runs the cache's PyTorch reference, cuda its kernels."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON (both continuations, the figures, the logit error "
                                 "of every decode step)."),
) -> None:
    """Continue a prompt with FP32 states and with LeapQuant states in the serving cache, side by side."""
    from leapquant.recipe import Recipe
    from leapquant.serving.generate import default_prompt, generate

    dev = parse_device(device)
    try:
        loaded = None if recipe is None else Recipe.load(recipe)
    except InputError as e:
        raise InputError(f"--recipe: {e}") from None
    try:
        g = generate(model, default_prompt() if prompt is None else prompt, tokens, loaded, temperature, seed,
                     model_dir=model_dir, device=dev)
    except InputError as e:
        raise _as_option(e) from None
    if as_json:
        out = g.to_json() if recipe is None else {**g.to_json(), "recipe": str(recipe)}
        sys.stdout.write(json.dumps(out, indent=2) + "\n")
    else:
        _print(g, Console())
