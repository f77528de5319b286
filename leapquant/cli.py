"""The `leapquant` command line. Every command has --help and --json; bad input exits 2, failures 1."""
from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import wraps
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from leapquant.errors import InputError

app = typer.Typer(help="Quantize linear-attention recurrent states: simulate, check, benchmark.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
console = Console()
EXIT_FAILURE, EXIT_BAD_INPUT = 1, 2


@app.callback()
def _root() -> None:
    """leapquant: per-window quantization of linear-attention states (LeapQuant)."""


def handles_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Map bad input (InputError, KeyError from a registry) to exit 2 with a one-line message."""
    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except (InputError, KeyError) as e:
            Console(stderr=True).print(f"[red]error:[/red] {e}")
            raise typer.Exit(EXIT_BAD_INPUT) from e
    return wrapper


def emit_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, indent=2) + "\n")


@app.command()
@handles_errors
def check(
    family: list[str] = typer.Option(None, "--family", "-f", help="Families to check (default: all)."),
    tokens: int = typer.Option(45, help="Sequence length (deliberately not a multiple of the window)."),
    window: int = typer.Option(16, help="Window p of the windowed evolution."),
    dk: int = typer.Option(32, help="Key dimension."),
    dv: int = typer.Option(24, help="Value dimension."),
    seed: int = typer.Option(0, help="Seed of the random inputs."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """Check every recurrence spec against its float64 reference (general form and windowed state)."""
    from leapquant import recurrences
    from leapquant.check import check_spec
    from leapquant.recurrences import Dims

    names = family or recurrences.names()
    for n in names:
        recurrences.get(n)  # unknown names fail before any work
    dims = Dims(B=2, T=tokens, H=2, HV=2, K=dk, V=dv)
    results = [check_spec(n, dims, window, seed) for n in names]
    if as_json:
        emit_json({"dims": dims.__dict__, "results": [r.as_dict() for r in results]})
    else:
        table = Table(title=f"recurrence specs vs their float64 reference (T={tokens}, p={window}, dk={dk}, dv={dv})")
        for col in ("family", "general form", "windowed", "ok"):
            table.add_column(col)
        for r in results:
            table.add_row(r.family, f"{r.general_form_error:.1e}", f"{r.windowed_error:.1e}",
                          "[green]yes[/green]" if r.ok else "[red]NO[/red]")
        console.print(table)
    if not all(r.ok for r in results):
        raise typer.Exit(EXIT_FAILURE)


def _mount_optional() -> None:
    """Sub-commands that live with their subsystem (kernels) are mounted when present."""
    try:
        from leapquant.kernels.cli import kernels_app
    except ImportError:
        return
    app.add_typer(kernels_app, name="kernels", help="GPU decode kernels: compile checks and benchmarks.")


_mount_optional()


def main() -> None:
    app()


if __name__ == "__main__":
    main()
