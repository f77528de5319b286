"""Where the tuner's trials run: `RayWorkers` (accuracy tasks as Ray CPU tasks in parallel, on a local Ray instance
or an existing cluster at `address`) or `LocalWorkers` (the same tasks one after another in this process, where Ray
is not installed). Speed measurements run in the study's process on its GPU, or on `tuner.gpu_actors` (a Ray
actor per GPU)."""
from __future__ import annotations

from dataclasses import dataclass

from leapquant.errors import InputError


@dataclass
class LocalWorkers:
    """Runs each task in this process, in order; `size` trials are asked per round (a measured study compiles a
    round's kernels together)."""

    size: int = 1
    name: str = "in-process"

    def map(self, fn, args: list[tuple]) -> list:
        """fn(*a) for each a of `args`; an exception a task raises is returned in its place."""
        out = []
        for a in args:
            try:
                out.append(fn(*a))
            except Exception as e:  # noqa: BLE001 - the study records it as the trial's failure
                out.append(e)
        return out

    def close(self) -> None:
        pass


class RayWorkers:
    """Runs `size` tasks at a time as Ray tasks of one CPU each (a local instance of `size` CPUs, or the cluster at
    `address`)."""

    name = "ray"

    def __init__(self, size: int, address: str | None = None):
        import ray
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise InputError(f"workers must be an integer >= 1, got {size!r}")
        self.size = size
        self._ray = ray
        self._owned = not ray.is_initialized()
        if self._owned:
            kw = dict(address=address) if address else dict(num_cpus=size)
            ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False, **kw)

    def map(self, fn, args: list[tuple]) -> list:
        remote = self._ray.remote(num_cpus=1)(fn)
        refs = [remote.remote(*a) for a in args]
        out = []
        for ref in refs:
            try:
                out.append(self._ray.get(ref))
            except self._ray.exceptions.RayTaskError as e:
                out.append(e.cause if isinstance(e.cause, Exception) else e)
        return out

    def close(self) -> None:
        if self._owned:
            self._ray.shutdown()


def kind_of(kind: str, size: int, address: str | None = None) -> str:
    """Where `make(kind, size, address)` runs the trials: "ray" or "local" (checks the arguments, starts nothing)."""
    if kind not in ("auto", "ray", "local"):
        raise InputError(f"runner must be auto, ray or local, got {kind!r}")
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise InputError(f"workers must be an integer >= 1, got {size!r}")
    if kind == "local" or (kind == "auto" and size == 1 and address is None):
        return "local"
    try:
        import ray  # noqa: F401
    except ImportError:
        if kind == "ray" or address is not None:
            raise InputError("--runner ray / --address need Ray: pip install -e '.[tune]'") from None
        return "local"
    return "ray"


def make(kind: str, size: int, address: str | None = None):
    """Workers of `kind`: "auto" (Ray where installed, else in-process), "ray" or "local"."""
    return RayWorkers(size, address) if kind_of(kind, size, address) == "ray" else LocalWorkers(size)
