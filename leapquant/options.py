"""`key=value` command-line options, shared by the `leapquant` command line and its `kernels` commands."""
from __future__ import annotations

import json

from leapquant.errors import InputError


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
