"""Speed trials spread over GPUs: one Ray actor per GPU (this machine's, or a cluster's at `address`), each holding a
measurer (`tuner.measure.Measurer`) and timing one configuration at a time on its own GPU, so that timings never
share a GPU. A round's configurations are compiled on the actors, each its share, and each actor then times its own
share before taking another's as it frees up; one whose actor dies mid-measurement (its worker killed, its node
lost) is measured again on a fresh actor, so every configuration gets exactly one result."""
from __future__ import annotations

from collections import deque

from leapquant.errors import InputError
from leapquant.kernels.config import KernelConfig


class _Actor:
    """One GPU's measurer inside a Ray actor (`ray.get_gpu_ids()` names the GPU Ray gave it)."""

    def __init__(self, make_measurer):
        self.measurer = make_measurer()

    def prepare(self, cfgs: list[KernelConfig]) -> None:
        if hasattr(self.measurer, "prepare"):
            self.measurer.prepare(cfgs)

    def measure(self, cfg: KernelConfig, batches: tuple[int, ...]) -> list[dict]:
        import ray
        gpu = ray.get_gpu_ids()
        return [{**r, "gpu_index": gpu[0] if gpu else None} for r in self.measurer.measure(cfg, batches)]


def _measurer():
    from tuner.measure import Measurer
    return Measurer()


class GpuActors:
    """`count` Ray actors of one GPU each. `make_measurer()` builds an actor's measurer (default: `Measurer()` on the
    actor's GPU); `max_losses` bounds the actors lost in one `measure_many` before it gives up."""

    name = "ray-gpus"

    def __init__(self, count: int, address: str | None = None, make_measurer=_measurer, max_losses: int = 4):
        import ray
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise InputError(f"gpus must be an integer >= 1, got {count!r}")
        self._ray, self._owned = ray, not ray.is_initialized()
        if self._owned:
            kw = dict(address=address) if address else {}
            ray.init(include_dashboard=False, log_to_driver=False, configure_logging=False, **kw)
        have = ray.cluster_resources().get("GPU", 0)
        if have < count:
            self.close()
            raise InputError(f"gpus is {count}, but the Ray cluster has {have:g} GPUs")
        self._cls = ray.remote(num_gpus=1, num_cpus=0, max_restarts=0)(_Actor)
        self._make, self.max_losses, self.lost = make_measurer, max_losses, 0
        self.count, self.actors = count, [self._cls.remote(make_measurer) for _ in range(count)]
        self._share: dict = {}

    def prepare(self, cfgs: list[KernelConfig]) -> None:
        """Compile a round's configurations before they are timed: each actor its share (round-robin), all actors at
        once; `measure_many` then gives each actor its own share first. An actor lost here is replaced there."""
        ray = self._ray
        self._share = {cfg: self.actors[i % len(self.actors)] for i, cfg in enumerate(cfgs)}
        refs = [a.prepare.remote([c for c, b in self._share.items() if b is a]) for a in self.actors]
        for ref in refs:
            try:
                ray.get(ref)
            except ray.exceptions.RayActorError:
                pass

    @property
    def size(self) -> int:
        """The GPUs the measurements spread over (one actor each; a lost actor is replaced)."""
        return self.count

    def measure_many(self, cfgs: list[KernelConfig], batches: tuple[int, ...]) -> list:
        """Rows of each of `cfgs` (as `Measurer.measure`, plus `gpu_index`), or the exception its measurement
        raised, in order; at most one measurement per actor at a time."""
        ray = self._ray
        out: list = [None] * len(cfgs)
        pending, free, running = deque(enumerate(cfgs)), list(self.actors), {}
        while pending or running:
            while pending and free:
                actor = free.pop()
                mine = [p for p in pending if self._share.get(p[1]) is actor]
                i, cfg = mine[0] if mine else pending[0]        # its own share first, else another's
                pending.remove((i, cfg))
                running[actor.measure.remote(cfg, batches)] = (i, cfg, actor)
            (ref,), _ = ray.wait(list(running), num_returns=1)
            i, cfg, actor = running.pop(ref)
            try:
                out[i] = ray.get(ref)
                free.append(actor)
            except ray.exceptions.RayActorError as e:      # the worker died mid-measurement: again, elsewhere
                self.lost += 1
                if self.lost > self.max_losses:
                    raise RuntimeError(f"{self.lost} GPU actors lost; the last while measuring {cfg.tag}: "
                                       f"{str(e)[-600:]}") from None
                fresh = self._cls.remote(self._make)
                self.actors[self.actors.index(actor)] = fresh
                free.append(fresh)
                pending.appendleft((i, cfg))
            except ray.exceptions.RayTaskError as e:
                out[i] = e.cause if isinstance(e.cause, Exception) else e
                free.append(actor)
        return out

    def close(self) -> None:
        for a in getattr(self, "actors", []):
            self._ray.kill(a)
        self.actors = []
        if self._owned:
            self._ray.shutdown()
