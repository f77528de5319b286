"""A name → component table: the one mechanism behind every plug-in point (families, fitters,
smoothers), so that unknown names and bad options fail the same way, naming what was expected."""
from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from leapquant.errors import InputError

T = TypeVar("T")


class Registry(Generic[T]):
    def __init__(self, kind: str, options_field: str, entries: dict[str, Callable[..., T]]) -> None:
        self.kind, self.options_field, self.entries = kind, options_field, dict(entries)

    def names(self) -> list[str]:
        return list(self.entries)

    def get(self, name: str, **options) -> T:
        if not isinstance(name, str) or name not in self.entries:
            raise InputError(f"unknown {self.kind} {name!r}; expected one of: {', '.join(self.names())}")
        try:
            return self.entries[name](**options)
        except TypeError as e:  # an unknown or missing keyword
            raise InputError(f"bad {self.options_field} for {self.kind} {name!r}: {e}") from e
