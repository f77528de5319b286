"""The tuner's search space, define-by-run in Optuna's style: the method first, then the kernel programs and tiles
that compute it and fit the target's SM (`leapquant.kernels.registry.search_space`), under a parameter named by the
method (each method has its own list of kernels). A method that no kernel computes is a simulation-only point, and
says why. The paper's default (window 16, rank 4, INT8, smoothing, two power iterations) is `DEFAULT`."""
from __future__ import annotations

from dataclasses import asdict, dataclass

from leapquant.errors import InputError
from leapquant.kernels import registry
from leapquant.kernels.config import FORMATS as KERNEL_FORMATS
from leapquant.kernels.config import KernelConfig
from leapquant.kernels.from_pipeline import pipeline_of
from leapquant.pipeline import Pipeline
from leapquant.recipe import ModelShape, Recipe

KERNEL_FAMILIES = ("gdn", "kda")


@dataclass(frozen=True)
class Space:
    """The values each method parameter may take (a `--space` file narrows or widens them)."""

    window: tuple[int, ...] = (8, 16, 32)
    rank: tuple[int, ...] = (0, 2, 4, 8)
    format: tuple[str, ...] = ("int8", "int4", "fp8-e4m3", "bf16")
    iters: tuple[int, ...] = (1, 2)

    def __post_init__(self):
        from leapquant.formats import names as format_names
        for name in ("window", "rank", "format", "iters"):
            values = getattr(self, name)
            if not isinstance(values, tuple) or not values:
                raise InputError(f"space.{name} must be a non-empty list, got {values!r}")
            for v in values:
                ok = isinstance(v, str) and v in format_names() if name == "format" else (
                    not isinstance(v, bool) and isinstance(v, int) and v >= {"window": 2, "rank": 0, "iters": 1}[name])
                if not ok:
                    want = f"one of {format_names()}" if name == "format" else (
                        f"integers >= {dict(window=2, rank=0, iters=1)[name]}")
                    raise InputError(f"space.{name} must hold {want}, got {v!r}")

    def including(self, params: dict) -> "Space":
        """A new space that also holds `params`' values (the default point every study starts from)."""
        from dataclasses import replace
        return replace(self, **{k: getattr(self, k) + ((params[k],) if params[k] not in getattr(self, k) else ())
                                for k in ("window", "rank", "format", "iters")})

    @classmethod
    def from_file(cls, path) -> "Space":
        """The space of a JSON file {"window": [...], "rank": [...], "format": [...], "iters": [...]} (any subset;
        the rest keep their defaults); InputError naming the file and the field otherwise."""
        import json
        from pathlib import Path
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise InputError(f"--space {str(path)!r}: {e}") from None
        if not isinstance(data, dict) or set(data) - {"window", "rank", "format", "iters"}:
            raise InputError(f"--space {str(path)!r}: expected an object with some of window, rank, format, iters; "
                             f"got {sorted(data) if isinstance(data, dict) else type(data).__name__}")
        try:
            return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})
        except InputError as e:
            raise InputError(f"--space {str(path)!r}: {e}") from None


DEFAULT = {"window": 16, "rank": 4, "format": "int8", "iters": 2}
"""The paper's hand-picked method, enqueued first in every study (`default_params`)."""


def default_params(model: ModelShape, arch: str) -> dict:
    """The trial parameters of the paper's default with the registry's default kernel for it on `arch` (for
    `optuna.Study.enqueue_trial`)."""
    params = dict(DEFAULT)
    if model.family in KERNEL_FAMILIES:
        problem = KernelConfig(family=model.family, H=model.H, HV=model.HV, K=model.K, V=model.V, **DEFAULT)
        params[f"kernel[{_name(DEFAULT)}]"] = registry.resolve(problem, arch).tag
    return params


@dataclass(frozen=True)
class Point:
    """One trial's choice: the pipeline to simulate, the kernel that runs it (None: simulation only, `why`)."""

    pipeline: Pipeline
    kernel: KernelConfig | None
    why: str | None = None

    def recipe(self, model: ModelShape, gpu: str, command: str | None = None) -> Recipe:
        """The point as a recipe for `model` on `gpu` (the kernel attached where there is one), made by `command`."""
        recipe = Recipe.from_pipeline(self.pipeline, model, gpu, command)
        if self.kernel is None:
            return recipe
        return recipe.with_kernel(**{k: v for k, v in asdict(self.kernel).items()
                                     if k not in ("window", "rank", "format", "iters")})


def _method(trial, model: ModelShape, space: Space) -> dict:
    ranks = tuple(r for r in space.rank if r <= min(model.K, model.V))
    if not ranks:
        raise InputError(f"space.rank {list(space.rank)} has no rank <= min(K, V) = {min(model.K, model.V)}")
    m = {"window": trial.suggest_categorical("window", space.window),
         "format": trial.suggest_categorical("format", space.format)}
    m["rank"] = 0 if m["format"] == "bf16" else trial.suggest_categorical("rank", ranks)
    m["iters"] = trial.suggest_categorical("iters", space.iters) if m["rank"] else 2
    return m


def suggest(trial, model: ModelShape, arch: str, space: Space = Space(), speed=None) -> Point:
    """The point `trial` (an Optuna trial) picks for `model` on `arch`: the method's parameters, then one of the
    kernel configurations the registry lists for it on `arch` (parameter `kernel[<method>]`) — those whose speed
    `speed` (tuner.speed) can give, where it can give any."""
    m = _method(trial, model, space)
    if model.family not in KERNEL_FAMILIES:
        return Point(_simulation_pipeline(m), None, f"no decode kernel runs family {model.family!r}")
    if m["format"] not in KERNEL_FORMATS:
        return Point(_simulation_pipeline(m), None, f"no decode kernel stores format {m['format']!r}")
    problem = KernelConfig(family=model.family, H=model.H, HV=model.HV, K=model.K, V=model.V, **m)
    choices = registry.search_space(problem, arch)
    if not choices:
        return Point(_simulation_pipeline(m), None, f"no kernel program fits {arch} for {problem.tag}")
    if speed is not None:
        choices = [c for c in choices if speed.why_not(c) is None] or choices
    tags = [c.tag for c in choices]
    cfg = choices[tags.index(trial.suggest_categorical(f"kernel[{_name(m)}]", tags))]
    return Point(pipeline_of(cfg), cfg)


def _name(m: dict) -> str:
    return f"{m['format']}-w{m['window']}-r{m['rank']}-it{m['iters']}"


def _simulation_pipeline(m: dict) -> Pipeline:
    if m["format"] == "bf16":
        return Pipeline(format="bf16", window=m["window"], rank=0, smoother="none")
    fo = {"granularity": "channel"} if m["format"] == "fp8-e4m3" else {}
    return Pipeline(format=m["format"], format_options=fo, window=m["window"], rank=m["rank"],
                    fitter_options={"iters": m["iters"]} if m["rank"] else {})
