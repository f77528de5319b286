"""What the `leapquant` command line and its `kernels` commands share: `key=value` options, the device option, and
how errors reach the user.

The promise of every command: bad input (an option's value, a file it reads, a path it writes) exits 2 with one
line on stderr, ``error: <what is wrong, naming the option or file>``; a failure (a check that does not pass, a run
that fails) exits 1. `handles_errors` maps `InputError` to the one line and exit 2; `CliGroup` (the `cls` of each
Typer app) prints the parser's own usage errors (an unknown option, a non-integer for an integer) as one line too.
"""
from __future__ import annotations

import errno
import json
import sys
from collections.abc import Callable
from functools import wraps
from typing import Any

import typer
from typer.core import TyperGroup

from leapquant.errors import InputError

try:                                     # Typer >= 0.24 vendors click
    from typer._click.exceptions import ClickException, NoArgsIsHelpError
except ImportError:                      # pragma: no cover - older Typer runs on click itself
    from click.exceptions import ClickException
    NoArgsIsHelpError = getattr(__import__("click.exceptions").exceptions, "NoArgsIsHelpError", ())

EXIT_FAILURE, EXIT_BAD_INPUT = 1, 2


def parse_options(items: list[str] | None, what: str) -> dict:
    """`key=value` pairs as a dict; values parse as JSON where they can (numbers, true/false), else as strings.
    An item without '=' is an InputError naming `what` (the option it came from, e.g. "--set")."""
    out: dict = {}
    for item in items or []:
        if "=" not in item:
            raise InputError(f"{what} must be key=value, got {item!r}")
        key, raw = item.split("=", 1)
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    return out


def one_line(message: object) -> str:
    """The message with its line breaks and runs of spaces folded into single spaces."""
    return " ".join(str(message).split())


def print_error(message: object) -> None:
    sys.stderr.write(f"error: {one_line(message)}\n")
    sys.stderr.flush()


def handles_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Map bad input (InputError) raised by a command to exit 2 with a one-line message on stderr."""
    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except InputError as e:
            print_error(e)
            raise typer.Exit(EXIT_BAD_INPUT) from e
    return wrapper


class CliGroup(TyperGroup):
    """A Typer group whose usage errors (unknown option, a value the parser refuses) are one line on stderr, like
    the commands' own, instead of a boxed panel."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            rc = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except NoArgsIsHelpError as e:     # the help, printed as Typer prints it
            from typer.core import HAS_RICH
            if not HAS_RICH:
                e.show()
            sys.exit(e.exit_code)
        except ClickException as e:
            ctx = getattr(e, "ctx", None)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            print_error(e.format_message() + hint)
            sys.exit(e.exit_code)
        except typer.Abort:
            sys.stderr.write("Aborted!\n")
            sys.exit(EXIT_FAILURE)
        except OSError as e:
            if e.errno == errno.EPIPE:     # the reader went away (`| head`): nothing more to say
                sys.exit(EXIT_FAILURE)
            raise
        sys.exit(rc if isinstance(rc, int) else 0)


def parse_device(value: str, option: str = "--device"):
    """The torch device `value` names, checked by allocating an empty tensor on it (an unknown device type, a CUDA
    device on a machine without one, an index past the last GPU are InputErrors naming `option`)."""
    import torch

    try:
        device = torch.device(value)
        torch.empty(0, device=device)
    except (RuntimeError, AssertionError, ValueError) as e:    # torch says AssertionError where CUDA is not built
        first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        raise InputError(f"{option}: cannot use device {value!r} ({first})") from None
    return device


def check_int(option: str, value: int | None, minimum: int = 1) -> int | None:
    """An integer option's value (None: not given) checked against `minimum`; the message names `option`."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < minimum):
        raise InputError(f"{option} must be an integer >= {minimum}, got {value!r}")
    return value
