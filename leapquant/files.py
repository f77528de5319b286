"""Writing result files: output paths checked before any work, files written atomically and durably.

`check_output_file` / `check_output_dir` are what every command runs on its output options before it starts: a
path that cannot be written (a read-only folder, an existing folder where a file is expected, a file where a
folder is expected) is an InputError naming the option, so that a long run never ends in a failed write.
`atomic_path` / `write_text_atomic` write a temporary file beside the target, flush it to disk (fsync), rename it
over the target and fsync the folder, so that a reader or a crash sees the old file or the whole new one, never
half a file nor a renamed but empty one.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from leapquant.errors import InputError


def _read_umask() -> int:
    mask = os.umask(0)       # the only portable way to read it; done once, at import
    os.umask(mask)
    return mask


_UMASK = _read_umask()


def _fsync_file(path: str | os.PathLike) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_dir(path: str | os.PathLike) -> None:
    """Make a rename in `path` durable where the OS can open a folder for fsync (POSIX); elsewhere a no-op."""
    flag = getattr(os, "O_DIRECTORY", None)
    if flag is None:
        return
    try:
        fd = os.open(path, os.O_RDONLY | flag)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:     # some file systems refuse fsync on a folder; the file itself is already on disk
        pass
    finally:
        os.close(fd)


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike, suffix: str = ".tmp") -> Iterator[Path]:
    """Yield a temporary path beside `path` to write to; on success it is fsynced and renamed over `path`.

    For writers that take a file name (savefig, safetensors); the folder is created if needed.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=suffix)
    os.close(fd)
    try:
        yield Path(tmp)
        os.chmod(tmp, 0o666 & ~_UMASK)     # mkstemp makes it private; a result file should not be
        _fsync_file(tmp)
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    finally:
        Path(tmp).unlink(missing_ok=True)


def write_text_atomic(path: str | os.PathLike, text: str) -> None:
    with atomic_path(path) as tmp:
        tmp.write_text(text)


# ---- output paths, checked before any work ------------------------------------------------------------------------

def _nearest_existing(path: Path) -> Path:
    p = path
    while not p.exists() and p != p.parent:
        p = p.parent
    return p


@contextlib.contextmanager
def _reachable(path: Path, option: str) -> Iterator[None]:
    """A folder on the way that this process may not look into (stat raises EACCES) is an InputError too."""
    try:
        yield
    except PermissionError as e:
        raise InputError(f"{option}: cannot reach {str(path)!r} ({e.strerror or e})") from None


def _check_writable_folder(folder: Path, option: str) -> None:
    """The folder (or the nearest folder above it that exists) must be a folder this process can create files in."""
    base = _nearest_existing(folder)
    if not base.is_dir():
        raise InputError(f"{option}: {str(base)!r} is not a folder" + (
            "" if base == folder else f", so {str(folder)!r} cannot be created"))
    try:   # a real probe: permission bits, read-only mounts and ACLs all answer here
        fd, probe = tempfile.mkstemp(dir=base, prefix=".leapquant-probe-")
    except OSError as e:
        raise InputError(f"{option}: cannot write in {str(base)!r} ({e.strerror or e})") from None
    os.close(fd)
    os.unlink(probe)


def check_output_file(path: str | os.PathLike | None, option: str) -> Path | None:
    """Check that `path` can be written as a file (None: nothing to check); InputError naming `option` if not."""
    if path is None:
        return None
    if not str(path):
        raise InputError(f"{option}: the path is empty")
    path = Path(path)
    with _reachable(path, option):
        if path.is_dir():
            raise InputError(f"{option}: {str(path)!r} is a folder; expected a file name")
        _check_writable_folder(path.parent, option)
    return path


def check_output_dir(path: str | os.PathLike, option: str) -> Path:
    """Check that `path` is a folder files can be written in, or can be created as one; InputError naming `option`
    if not."""
    if not str(path):
        raise InputError(f"{option}: the path is empty")
    path = Path(path)
    with _reachable(path, option):
        if path.exists() and not path.is_dir():
            raise InputError(f"{option}: {str(path)!r} is a file; expected a folder")
        _check_writable_folder(path, option)
    return path


def check_append_file(path: str | os.PathLike | None, option: str) -> Path | None:
    """Check that `path` (a log appended to) is a file that can be opened for appending, or can be created."""
    path = check_output_file(path, option)
    if path is not None and path.is_file():
        try:
            with open(path, "a"):
                pass
        except OSError as e:
            raise InputError(f"{option}: cannot append to {str(path)!r} ({e.strerror or e})") from None
    return path


def check_input_file(path: str | os.PathLike, option: str, what: str = "file") -> Path:
    """Check that `path` is a file that exists (not a folder); InputError naming `option` and `what` if not."""
    path = Path(path)
    with _reachable(path, option):
        if path.is_dir():
            raise InputError(f"{option}: {what} {str(path)!r} is a folder; expected a file")
        if not path.is_file():
            raise InputError(f"{option}: {what} {str(path)!r} does not exist")
    return path
