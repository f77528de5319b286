"""Where a trial's speed comes from: measured on the local GPU when it is the target (`MeasuredSpeed`, CUDA-graph
replays beside FLA's FP32 kernel), predicted by the cost model otherwise (`PredictedSpeed`). Each figure says which:
``how`` is ``measured`` or ``predicted``. `BuiltSpeed` gives no figure: it builds each trial's launches for a
measured study to load (`tuner.kernel_store`)."""
from __future__ import annotations

from dataclasses import dataclass, field

from leapquant.errors import InputError
from leapquant.kernels.config import KernelConfig
from tuner.cost import CostModel


def _check_batches(batches) -> tuple[int, ...]:
    if not batches or any(isinstance(b, bool) or not isinstance(b, int) or b < 1 for b in batches):
        raise InputError(f"batches must be integers >= 1, got {list(batches) if batches else batches!r}")
    return tuple(batches)


@dataclass(frozen=True)
class PredictedSpeed:
    """µs per decode step of one layer on `gpu` at each of `batches`, predicted by `model` (None: the H200 fit of
    bytes and FLOPs); a compiled model reads each configuration's launches from `figures`
    (`tuner.resources.Compiled`, which `prepare` has build a round's kernels for the target's arch)."""

    gpu: str
    batches: tuple[int, ...] = (256,)
    model: CostModel | None = None
    figures: object = None
    how: str = "predicted"

    def __post_init__(self):
        object.__setattr__(self, "batches", _check_batches(self.batches))
        if self.model is None:
            object.__setattr__(self, "model", CostModel.load())
        if self.model.compiled and self.figures is None:
            raise InputError("a compiled cost model needs figures: the compiled kernels' (tuner.resources.Compiled)")

    @property
    def origin(self) -> str:
        """Where the figures come from, as a resumed study must find it again."""
        return f"{self.how} by the {self.model.inputs} model"

    def why_not(self, cfg: KernelConfig) -> str | None:
        """None where the model predicts `cfg`, else why not (a program it has no measurement of)."""
        return self.model.covers(cfg)

    def prepare(self, cfgs: list[KernelConfig]) -> None:
        """Build the launches of a round's `cfgs` a compiled model reads (nothing for the bytes model)."""
        if self.model.compiled:
            self.figures.prepare([c for c in cfgs if self.why_not(c) is None])

    def rows(self, cfg: KernelConfig) -> list[dict]:
        """One row per batch: {batch, us, fla_us, speedup, how, gpu}."""
        out = []
        res = self.figures(cfg) if self.model.compiled else None
        for n in self.batches:
            us, fla = self.model.predict(cfg, n, self.gpu, res), self.model.predict_fla(cfg, n, self.gpu)
            out.append({"batch": n, "us": us, "fla_us": fla, "speedup": fla / us, "how": self.how, "gpu": self.gpu,
                        "cost_model": self.model.inputs})
        return out

    def rows_many(self, cfgs: list[KernelConfig]) -> list:
        """`rows` of each of `cfgs`, or the exception it raised."""
        return _each(self.rows, cfgs)


@dataclass
class MeasuredSpeed:
    """µs per decode step of one layer measured on the local GPU (`tuner.measure.Measurer`) at each of `batches`."""

    gpu: str
    batches: tuple[int, ...] = (256,)
    measurer: object = field(default=None)
    how: str = "measured"

    def __post_init__(self):
        self.batches = _check_batches(self.batches)
        if self.measurer is None:
            from tuner.measure import Measurer
            self.measurer = Measurer()

    @property
    def origin(self) -> str:
        """Where the figures come from (the local GPU's timings), as a resumed study must find it again."""
        return self.how

    def why_not(self, cfg: KernelConfig) -> str | None:
        """None: every configuration is timed (one that fails to build or run records the error as its speed's)."""
        return None

    def prepare(self, cfgs: list[KernelConfig]) -> None:
        """Compile the launches of `cfgs` (a round's trials) before they are timed one at a time, where the measurer
        can (`Measurer.prepare`: on every core)."""
        if hasattr(self.measurer, "prepare"):
            self.measurer.prepare(cfgs)

    def rows_many(self, cfgs: list[KernelConfig]) -> list:
        """Rows of each of `cfgs` ({batch, us, fla_us, speedup, how, gpu}), or the exception its measurement raised:
        over the measurer's GPUs at once where it has several (`tuner.gpu_actors.GpuActors`), else one after
        another."""
        if hasattr(self.measurer, "measure_many"):
            got = self.measurer.measure_many(cfgs, self.batches)
        else:
            got = _each(lambda c: self.measurer.measure(c, self.batches), cfgs)
        return [r if isinstance(r, Exception) else [{**x, "gpu": self.gpu} for x in r] for r in got]


class NotTimed(Exception):
    """A configuration's speed was not taken; the message says why (the trial records it as its speed's absence)."""


@dataclass
class BuiltSpeed:
    """No speed figure: the launches of each round's configurations are built for the store's arch into `store`
    (`tuner.kernel_store.KernelStore`) on `workers` processes, for a measured study of the target to load. Every
    configuration is a candidate, as in a measured study, so that both draw the same trials for the same seed."""

    gpu: str
    store: object
    workers: int = 1
    log: object = None
    how: str = "built"
    batches: tuple[int, ...] = (256,)
    failed: dict = field(default_factory=dict)      # config tag -> why its build failed

    @property
    def origin(self) -> str:
        """Where the figures come from (none: the launches are built), as a resumed study must find it again."""
        return self.how

    def why_not(self, cfg: KernelConfig) -> str | None:
        """None: every configuration is built, as a measured study of the same seed times every one."""
        return None

    def prepare(self, cfgs: list[KernelConfig]) -> None:
        """Build the launches of a round's `cfgs` for the store's arch into the store; record each failure's why."""
        from leapquant.kernels import registry
        self.failed.update(self.store.fill([registry.resolve(c, self.store.arch) for c in cfgs], self.workers,
                                           self.log))

    def rows_many(self, cfgs: list[KernelConfig]) -> list:
        from leapquant.kernels import registry
        tags = [registry.resolve(c, self.store.arch).tag for c in cfgs]
        return [NotTimed(self.failed.get(t) or f"built into {self.store.folder} for {self.store.arch}, not timed "
                         f"(--speed build)") for t in tags]


def _each(fn, cfgs: list[KernelConfig]) -> list:
    """fn(c) for each of `cfgs`, or the exception it raised (the trial records it as its speed's absence)."""
    out = []
    for c in cfgs:
        try:
            out.append(fn(c))
        except Exception as e:  # noqa: BLE001 - reported per configuration
            out.append(e)
    return out


def local_gpu_is(gpu: str) -> bool:
    """Whether the local CUDA GPU is `gpu` (by its architecture and name: an H200 for "h200")."""
    import torch
    if not torch.cuda.is_available():
        return False
    from leapquant.gpus import named_by
    return named_by(torch.cuda.get_device_name()) == gpu.lower()
