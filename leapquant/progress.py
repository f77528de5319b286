"""Progress of long runs: a bar on a terminal, plain lines on stderr otherwise (a log, a CI job, a device call).

One helper for every command that runs long (``simulate``, ``study``)::

    with progress("simulating", total=tokens, unit="tokens") as bar:
        ...
        bar.advance(n)

On a terminal it is a rich progress bar on stderr. When stderr is not a terminal it writes a line such as
``simulating: 512/1280 tokens (40 %), 12 s, about 18 s left`` at most every ``every_s`` seconds, and one when the
work is done, so a run whose output goes to a file still says how far it got. Progress never goes to stdout, so a
command's ``--json`` output stays parseable while its progress shows; ``enabled=False`` (a command's ``--quiet``)
shows nothing. ``advance`` may be called from several threads.
"""
from __future__ import annotations

import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

EVERY_S = 10.0
"""Seconds between two progress lines when stderr is not a terminal."""


class _Lines:
    """Progress as plain lines on a stream."""

    def __init__(self, description: str, total: int, unit: str, stream: TextIO, every_s: float) -> None:
        self.description, self.total, self.unit = description, total, unit
        self.stream, self.every_s = stream, every_s
        self.done = 0
        self.t0 = time.perf_counter()
        self.last = -float("inf")
        self.lock = threading.Lock()

    def advance(self, n: int = 1) -> None:
        with self.lock:
            self.done += n
            now = time.perf_counter()
            if now - self.last >= self.every_s or self.done >= self.total:
                self.last = now
                self._write(now)

    def _write(self, now: float) -> None:
        elapsed = now - self.t0
        line = f"{self.description}: {self.done}/{self.total} {self.unit}"
        if self.total > 0:
            line += f" ({100 * self.done / self.total:.0f} %), {elapsed:.0f} s"
            if 0 < self.done < self.total:
                line += f", about {elapsed * (self.total - self.done) / self.done:.0f} s left"
        print(line, file=self.stream, flush=True)

    def close(self) -> None:
        with self.lock:
            if self.done < self.total:
                self._write(time.perf_counter())   # stopped early: say where


class _Bar:
    """Progress as a rich bar on a terminal."""

    def __init__(self, bar, task) -> None:
        self.bar, self.task = bar, task
        self.lock = threading.Lock()

    def advance(self, n: int = 1) -> None:
        with self.lock:
            self.bar.advance(self.task, n)


class _Silent:
    def advance(self, n: int = 1) -> None:
        pass


def is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def progress(description: str, total: int, *, unit: str = "", enabled: bool = True, stream: TextIO | None = None,
             every_s: float = EVERY_S) -> Iterator[_Lines | _Bar | _Silent]:
    """Show the progress of `total` units of work; the object yielded has ``advance(n)``."""
    stream = sys.stderr if stream is None else stream
    if not enabled:
        yield _Silent()
        return
    if not is_terminal(stream):
        lines = _Lines(description, total, unit, stream, every_s)
        try:
            yield lines
        finally:
            lines.close()
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TimeRemainingColumn(), console=Console(file=stream), transient=True) as bar:
        yield _Bar(bar, bar.add_task(description, total=total))
