"""The parts of a recipe file (`leapquant.recipe.Recipe`): the model's shapes, overrides, target, figures with how
they were obtained, memory, provenance and artifacts — each a strict, frozen pydantic model whose validation names
the field it refuses."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import PurePosixPath
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from leapquant import gpus
from leapquant.errors import InputError
from leapquant.pipeline import Pipeline

PositiveInt = Field(gt=0)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class ModelShape(_Strict):
    """The states a model keeps: `layers` linear-attention layers of `HV` value heads, each state [K, V]."""

    name: str = Field(min_length=1, pattern=r"^[A-Za-z0-9._-]+$")
    family: str
    layers: int = PositiveInt
    H: int = PositiveInt
    HV: int = PositiveInt
    K: int = PositiveInt
    V: int = PositiveInt

    @field_validator("family")
    @classmethod
    def _known_family(cls, v: str) -> str:
        from leapquant import recurrences

        if v not in recurrences.names():
            raise ValueError(f"must be one of {recurrences.names()}")
        return v

    @model_validator(mode="after")
    def _groups(self) -> "ModelShape":
        if self.HV % self.H:
            raise ValueError(f"HV ({self.HV}) must be a multiple of H ({self.H})")
        return self


MODELS: dict[str, ModelShape] = {
    # the project's trained byte-level hybrids (models/README.md): 3 linear-attention blocks of 2 heads, 128 x 128
    "gdn": ModelShape(name="gdn", family="gdn", layers=3, H=2, HV=2, K=128, V=128),
    "kda": ModelShape(name="kda", family="kda", layers=3, H=2, HV=2, K=128, V=128),
    # Qwen3-Next-80B-A3B's config.json: 48 layers, every 4th full attention; 16 key and 32 value heads of 128
    "qwen3-next-80b-a3b": ModelShape(name="qwen3-next-80b-a3b", family="gdn", layers=36, H=16, HV=32, K=128, V=128),
    # Kimi-Linear-48B-A3B's config: 27 layers, KDA and MLA 3 : 1 (20 KDA layers), 32 heads of 128
    "kimi-linear-48b-a3b": ModelShape(name="kimi-linear-48b-a3b", family="kda", layers=20, H=32, HV=32, K=128, V=128),
}
"""Models by name: `Recipe.from_preset(..., model=NAME)`."""


class Override(_Strict):
    """Pipeline fields that differ on some layers (and, optionally, a half-open range [start, stop) of value heads)."""

    layers: list[int] = Field(min_length=1)
    heads: tuple[int, int] | None = None
    pipeline: dict[str, Any] = Field(min_length=1)
    kernel: dict[str, Any] | None = None    # the KernelConfig that runs these layers, where the recipe has a kernel

    @field_validator("layers")
    @classmethod
    def _layers(cls, v: list[int]) -> list[int]:
        if min(v) < 0 or len(set(v)) != len(v):
            raise ValueError(f"must be distinct layer indices >= 0, got {v}")
        return v

    @field_validator("heads")
    @classmethod
    def _heads(cls, v: tuple[int, int] | None) -> tuple[int, int] | None:
        if v is not None and not 0 <= v[0] < v[1]:
            raise ValueError(f"must be [start, stop) with 0 <= start < stop, got {list(v)}")
        return v

    @field_validator("pipeline")
    @classmethod
    def _fields(cls, v: dict[str, Any]) -> dict[str, Any]:
        from dataclasses import fields

        known = {f.name for f in fields(Pipeline)}
        unknown = sorted(set(v) - known)
        if unknown:
            raise ValueError(f"unknown pipeline field(s) {unknown}; expected some of {sorted(known)}")
        return v


class Target(_Strict):
    """The GPU a recipe's kernel is for, and its kernel architecture (``h200`` / ``sm_90``)."""

    gpu: str
    arch: str

    @model_validator(mode="after")
    def _consistent(self) -> "Target":
        arch = gpus.arch_of(self.gpu)
        if self.arch != arch:
            raise ValueError(f"arch of gpu {self.gpu!r} is {arch!r}, got {self.arch!r}")
        return self


class Accuracy(_Strict):
    """One accuracy figure: `metric` of the recipe's method on `data` (a trace or a text), with the FP32 baseline."""

    metric: Literal["bits_per_byte", "state_error", "output_error"]
    value: float = Field(ge=0, allow_inf_nan=False)
    data: str = Field(min_length=1)
    baseline: float | None = Field(default=None, ge=0, allow_inf_nan=False)
    command: str = Field(min_length=1)


class Speed(_Strict):
    """One speed figure: µs per decode step of one layer at `batch` requests, measured (with the baseline timed in the
    same run) or predicted (by a named cost model)."""

    us_per_step: float = Field(gt=0, allow_inf_nan=False)
    batch: int = PositiveInt
    how: Literal["measured", "predicted"]
    gpu: str
    baseline: str | None = None            # what the ratio is against, e.g. "fla-fp32-v-first"
    baseline_us: float | None = Field(default=None, gt=0, allow_inf_nan=False)
    cost_model: str | None = None
    shape: dict[str, int] | None = None   # the problem timed where it is not the model's: {"H": 32, "HV": 32, ...}
    command: str = Field(min_length=1)

    @model_validator(mode="after")
    def _how(self) -> "Speed":
        if self.how == "measured" and (self.baseline is None or self.baseline_us is None):
            raise ValueError("a measured speed names its baseline and baseline_us (timed in the same run)")
        if self.how == "predicted" and not self.cost_model:
            raise ValueError("a predicted speed names its cost_model")
        gpus.arch_of(self.gpu)
        return self

    @property
    def speedup(self) -> float | None:
        return None if self.baseline_us is None else self.baseline_us / self.us_per_step


class Memory(_Strict):
    """Bytes of the method's states: per element of a boundary state, and per request over every layer and head."""

    bytes_per_element: float = Field(gt=0, allow_inf_nan=False)
    bytes_per_request: int = PositiveInt


class Figures(_Strict):
    accuracy: list[Accuracy] = []
    speed: list[Speed] = []


class Provenance(_Strict):
    leapquant: str
    torch: str
    tilelang: str | None = None
    created: datetime
    command: str | None = None

    @classmethod
    def here(cls, command: str | None = None) -> "Provenance":
        """This installation's versions, now."""
        from importlib.metadata import PackageNotFoundError, version

        import torch

        def ver(pkg: str) -> str | None:
            try:
                return version(pkg)
            except PackageNotFoundError:
                return None

        return cls(leapquant=ver("leapquant") or "unknown", torch=torch.__version__, tilelang=ver("tilelang"),
                   created=datetime.now(timezone.utc).replace(microsecond=0), command=command)


class Artifact(_Strict):
    """A file beside the recipe, by its name in the recipe's folder: a kernel's TileLang source, CUDA, cubin or launch
    description (`kernel` and `step` say which launch of which configuration: leapquant.kernels.artifact)."""

    name: str = Field(min_length=1)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    role: Literal["tilelang-source", "cuda-source", "cubin", "launch", "fatbin", "other"]
    kernel: str | None = None      # the KernelConfig tag whose launch the file holds (kernel files)
    step: Literal["decode", "boundary", "small_boundary"] | None = None

    @field_validator("name")
    @classmethod
    def _inside(cls, v: str) -> str:
        p = PurePosixPath(v)
        if p.is_absolute() or ".." in p.parts or "\\" in v or v.startswith("~"):
            raise ValueError(f"must be a file name inside the recipe's folder, got {v!r}")
        return v


class Part(_Strict):
    """Cells of (layer, value head) that one pipeline keeps: `layers` × heads [start, stop)."""

    layers: tuple[int, ...]
    heads: tuple[int, int]
    pipeline: dict[str, Any]


def model_shape(model: str | ModelShape) -> ModelShape:
    """`model` itself, or the known model of that name (MODELS); InputError naming the known ones otherwise."""
    if isinstance(model, ModelShape):
        return model
    if not isinstance(model, str) or model not in MODELS:
        raise InputError(f"model must be one of {list(MODELS)} or a ModelShape, got {model!r}")
    return MODELS[model]
