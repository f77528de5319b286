"""`Recipe`: one versioned file that says how a model's states are quantized, which kernel runs them, and what is known.

A recipe names the model (recurrence family and shapes), the method (a default :class:`~leapquant.pipeline.Pipeline`
and per-layer or per-head-group overrides), the kernel (a :class:`~leapquant.kernels.config.KernelConfig` for the
target GPU, or none: a simulation-only recipe), the target, the figures measured or predicted for it (each with how it
was obtained) and its provenance, with the artifacts beside it tied by sha256. It is plain data: a pydantic model,
strict (no unknown fields, no coercion of types), frozen; loading it parses JSON and never executes anything.

    recipe = Recipe.from_preset("leapquant", model="kda", gpu="h200").override(layers=[0], rank=8)
    recipe.save("recipes/kda-h200.json")
    Recipe.load("recipes/kda-h200.json").to_pipeline(layer=0).rank    # 8
"""
from __future__ import annotations

import hashlib
import json
import math
import os
from dataclasses import asdict
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import PrivateAttr, ValidationError, field_validator, model_validator

from leapquant import gpus
from leapquant.errors import InputError
from leapquant.files import write_text_atomic
from leapquant.pipeline import PRESETS, Pipeline, preset
from leapquant.recipe_fields import (
    MODELS,
    Accuracy,
    Artifact,
    Figures,
    Memory,
    ModelShape,
    Override,
    Part,
    Provenance,
    Speed,
    Target,
    _Strict,
    model_shape,
)

SCHEMA_VERSION = 1


class Recipe(_Strict):
    """How a model's states are quantized and run (see the module docstring; `recipes/README.md`, field by field)."""

    schema_version: int
    model: ModelShape
    pipeline: dict[str, Any]
    overrides: list[Override] = []
    target: Target | None = None
    kernel: dict[str, Any] | None = None
    memory: Memory | None = None
    figures: Figures = Figures()
    provenance: Provenance
    artifacts: list[Artifact] = []
    _folder: Path | None = PrivateAttr(default=None)     # where a loaded recipe's artifacts lie

    def __eq__(self, other: object) -> bool:
        """Recipes are equal when their contents are (where a loaded one lies does not count)."""
        return isinstance(other, Recipe) and self.model_dump() == other.model_dump()

    __hash__ = _Strict.__hash__

    @field_validator("schema_version")
    @classmethod
    def _version(cls, v: int) -> int:
        if v > SCHEMA_VERSION:
            raise ValueError(f"is {v}, made by a newer leapquant: this one reads recipes of schema {SCHEMA_VERSION}")
        if v != SCHEMA_VERSION:
            raise ValueError(f"must be {SCHEMA_VERSION}, got {v}")
        return v

    @field_validator("pipeline")
    @classmethod
    def _pipeline(cls, v: dict[str, Any]) -> dict[str, Any]:
        return Pipeline.from_dict(v).to_dict()      # normalised: every field, the schema version

    @model_validator(mode="after")
    def _consistent(self) -> "Recipe":
        m = self.model
        for i, o in enumerate(self.overrides):
            if max(o.layers) >= m.layers:
                raise ValueError(f"overrides[{i}].layers: the model has {m.layers} layers, got {o.layers}")
            if o.heads is not None and o.heads[1] > m.HV:
                raise ValueError(f"overrides[{i}].heads: the model has {m.HV} value heads, got {list(o.heads)}")
        for part in self.parts():
            rank = part.pipeline["rank"]
            if rank > min(m.K, m.V):
                raise ValueError(f"pipeline.rank of layers {list(part.layers)} must be at most min(K, V) = "
                                 f"{min(m.K, m.V)}, got {rank}")
        if self.kernel is not None:
            self._check_kernel()
        want = self.memory_needed()
        if self.memory is not None and (self.memory.bytes_per_request != want.bytes_per_request
                                        or not math.isclose(self.memory.bytes_per_element, want.bytes_per_element,
                                                            rel_tol=1e-9)):
            raise ValueError(f"memory must be what the method keeps, {want.model_dump()}, got "
                             f"{self.memory.model_dump()}")
        return self

    # ---- the method per layer ----------------------------------------------------------------
    def cell_pipeline(self, layer: int, head: int = 0) -> dict[str, Any]:
        """The pipeline dict of `layer`'s value head `head`: the default, then every override covering it, in order."""
        d = dict(self.pipeline)
        for o in self.overrides:
            if layer in o.layers and (o.heads is None or o.heads[0] <= head < o.heads[1]):
                d.update(o.pipeline)
        return Pipeline.from_dict(d).to_dict()

    def parts(self) -> list[Part]:
        """The model's (layer, head) cells grouped by the pipeline that keeps them, in layer order."""
        runs: dict[tuple[tuple[int, int], str], tuple[list[int], dict]] = {}
        for layer in range(self.model.layers):
            start = 0
            cells = [self.cell_pipeline(layer, h) for h in range(self.model.HV)]
            for h in range(1, self.model.HV + 1):
                if h == self.model.HV or cells[h] != cells[start]:
                    key = ((start, h), json.dumps(cells[start], sort_keys=True))
                    runs.setdefault(key, ([], cells[start]))[0].append(layer)
                    start = h
        return [Part(layers=tuple(ls), heads=heads, pipeline=p) for (heads, _), (ls, p) in runs.items()]

    def to_pipeline(self, layer: int = 0, head: int = 0) -> Pipeline:
        """The :class:`Pipeline` that keeps `layer`'s value head `head`."""
        self._check_cell(layer, head)
        return Pipeline.from_dict(self.cell_pipeline(layer, head))

    def to_kernel_config(self, layer: int = 0):
        """The resolved :class:`KernelConfig` that runs `layer` on the target: the recipe's kernel, or an
        override's (InputError for a simulation-only recipe)."""
        if self.kernel is None:
            raise InputError(f"recipe {self.model.name!r} has no kernel (a simulation-only recipe); attach one with "
                             f"with_kernel()")
        self._check_cell(layer, 0)
        return self._layer_kernel(layer)

    def decoders(self, rebuild: bool = False, kernels=None) -> list:
        """One :class:`~leapquant.kernels.decoder.LeapDecoder` per layer, running the recipe's kernels. On a GPU of
        another architecture than the target's it is refused unless `rebuild` (then each layer's kernel is resolved
        again for the local GPU, from the recipe's method). `kernels`: launches in place of compiled ones (tests, the
        CPU emulation)."""
        from leapquant.kernels.decoder import LeapDecoder, local_arch

        configs = [self.to_kernel_config(layer) for layer in range(self.model.layers)]
        target = self.target.arch
        prebuilt = [None] * len(configs)
        if kernels is None:
            import torch

            here = local_arch() if torch.cuda.is_available() else None
            if here is not None and here != target:
                if not rebuild:
                    raise InputError(f"recipe {self.model.name!r} runs kernels built for {self.target.gpu} ({target}); "
                                     f"this GPU is {here}: pass rebuild=True to resolve them for it")
                configs = [self._rebuilt(layer, here) for layer in range(self.model.layers)]
                target = here
            elif here is not None and not rebuild:
                prebuilt = self.prebuilt_kernels(configs)
        return [LeapDecoder(cfg, target=target, kernels=kernels or pre) for cfg, pre in zip(configs, prebuilt)]

    def prebuilt_kernels(self, configs: list) -> list:
        """Each config's launches from the kernel files the recipe ships (cubins for its target; None for a config
        without them, compiled instead), read from the loaded recipe's folder and checked against their sha256 as
        read."""
        from leapquant.kernels import artifact

        if not any(a.role == "cubin" for a in self.artifacts):
            return [None] * len(configs)
        if self._folder is None:
            raise InputError("the recipe's kernel files are read from its folder: load it with Recipe.load(path)")
        built = {}
        for cfg in configs:
            if cfg not in built:
                built[cfg] = artifact.step_kernels(self._folder, self.artifacts, cfg, self.target.arch)
        return [built[cfg] for cfg in configs]

    def _rebuilt(self, layer: int, arch: str):
        """`layer`'s kernel resolved afresh for `arch`: the recipe's method, layout and output dtype; programs and
        tiles chosen there."""
        from leapquant.kernels.from_pipeline import decode_config

        fields, _ = self._kernel_of(layer)
        keep = {k: fields[k] for k in ("family", "H", "HV", "K", "V", "layout", "out_dtype", "small_batch")}
        return decode_config(Pipeline.from_dict(self.cell_pipeline(layer)), arch, **keep)

    def _check_cell(self, layer: int, head: int) -> None:
        for name, value, n in (("layer", layer, self.model.layers), ("head", head, self.model.HV)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
                raise InputError(f"{name} must be an integer in [0, {n}), got {value!r}")

    # ---- the kernel ----------------------------------------------------------------------------
    def _kernel_of(self, layer: int) -> tuple[dict[str, Any], str]:
        """The kernel fields that run `layer` (the last override covering it that has a kernel, else the recipe's)
        and where they are in the file."""
        for i in range(len(self.overrides) - 1, -1, -1):
            o = self.overrides[i]
            if layer in o.layers and o.kernel is not None:
                return o.kernel, f"overrides[{i}].kernel"
        return self.kernel, "kernel"

    def _layer_kernel(self, layer: int):
        """`layer`'s KernelConfig, checked to fit the target and to compute the layer's pipeline."""
        from leapquant.kernels.config import KernelConfig
        from leapquant.kernels.from_pipeline import FROM_PIPELINE, decode_config

        fields, where = self._kernel_of(layer)
        try:
            cfg = KernelConfig(**fields)
        except TypeError as e:
            raise InputError(f"{where}: {e}") from None
        except InputError as e:
            raise InputError(f"{where}: {e}") from None
        m = self.model
        for name in ("family", "H", "HV", "K", "V"):
            if getattr(cfg, name) != getattr(m, name):
                raise InputError(f"{where}.{name} must be the model's {getattr(m, name)!r}, got {getattr(cfg, name)!r}")
        options = {k: v for k, v in fields.items() if k not in FROM_PIPELINE}
        try:
            want = decode_config(Pipeline.from_dict(self.cell_pipeline(layer)), self.target.arch, **options)
        except InputError as e:
            raise InputError(f"{where} (layer {layer}): {e}") from None
        for name in FROM_PIPELINE:
            if getattr(want, name) != getattr(cfg, name):
                raise InputError(f"{where}.{name} must be {getattr(want, name)!r} to compute layer {layer}'s pipeline, "
                                 f"got {getattr(cfg, name)!r}")
        return want

    def _check_kernel(self) -> None:
        if self.target is None:
            raise ValueError("kernel: a recipe with a kernel names its target (gpu and arch)")
        for i, o in enumerate(self.overrides):
            if o.heads is not None and o.heads != (0, self.model.HV):
                raise ValueError(f"overrides[{i}].heads: a decode kernel runs every head of a layer with one method; "
                                 f"a per-head-group recipe is simulation-only (kernel: null)")
        for layer in range(self.model.layers):
            self._layer_kernel(layer)

    def _fill_kernels(self, data: dict[str, Any]) -> dict[str, Any]:
        """`data` with a resolved kernel on every override that lacks one (the recipe's programs and tiles where they
        fit the override's method, else the fastest that do)."""
        from leapquant.kernels.from_pipeline import FROM_PIPELINE, decode_config

        base = {k: v for k, v in data["kernel"].items() if k not in FROM_PIPELINE}
        keep = {k: base[k] for k in ("family", "H", "HV", "K", "V", "layout", "out_dtype", "small_batch")}
        draft = _build(type(self), {**data, "kernel": None, "memory": None}, "recipe")   # the method, checked
        overrides = []
        for o in data["overrides"]:
            if o.get("kernel") is None:
                p = Pipeline.from_dict(draft.cell_pipeline(o["layers"][0]))
                try:
                    cfg = decode_config(p, draft.target.arch, **base)
                except InputError:
                    cfg = decode_config(p, draft.target.arch, **keep)
                o = {**o, "kernel": asdict(cfg)}
            overrides.append(o)
        return {**data, "overrides": overrides}

    # ---- memory --------------------------------------------------------------------------------
    @cached_property
    def _decay_dim(self) -> int:
        from leapquant import recurrences
        from leapquant.recurrences import Dims

        spec = recurrences.get(self.model.family)
        d = Dims(B=1, T=1, H=1, HV=1, K=self.model.K, V=self.model.V)
        return spec.steps(**spec.random_inputs(d)).log_alpha.shape[-1]

    def memory_needed(self) -> Memory:
        """Bytes per boundary-state element (the weighted mean over layers and heads) and per request (boundary
        states and record buffers of every layer and head)."""
        m = self.model
        state = buffer = 0
        for part in self.parts():
            p = Pipeline.from_dict(part.pipeline)
            cells = len(part.layers) * (part.heads[1] - part.heads[0])
            state += cells * p.boundary_bytes(m.K, m.V)
            buffer += cells * p.buffer_bytes(m.K, m.V, self._decay_dim)
        return Memory(bytes_per_element=state / (m.layers * m.HV * m.K * m.V), bytes_per_request=state + buffer)

    # ---- composing -----------------------------------------------------------------------------
    @classmethod
    def from_pipeline(cls, pipeline: Pipeline, model: str | ModelShape, gpu: str | None = None,
                      command: str | None = None) -> "Recipe":
        """A recipe keeping every state of `model` (a name in MODELS, or a ModelShape) with `pipeline`."""
        if not isinstance(pipeline, Pipeline):
            raise InputError(f"pipeline must be a leapquant Pipeline, got {type(pipeline).__name__}")
        shape = model_shape(model)
        target = None if gpu is None else {"gpu": gpu, "arch": gpus.arch_of(gpu)}
        return _build(cls, {"schema_version": SCHEMA_VERSION, "model": shape.model_dump(mode="json"),
                            "pipeline": pipeline.to_dict(), "target": target,
                            "provenance": Provenance.here(command).model_dump(mode="json")}, "recipe")._with()

    @classmethod
    def from_preset(cls, name: str, model: str | ModelShape, gpu: str | None = None,
                    command: str | None = None) -> "Recipe":
        """A recipe from a named pipeline (`leapquant.pipeline.PRESETS`: fp32, int8, leapquant, ...)."""
        return cls.from_pipeline(preset(name), model, gpu, command)

    @classmethod
    def from_kernel(cls, model: str | ModelShape, gpu: str, command: str | None = None, **kernel: Any) -> "Recipe":
        """A recipe whose method is the decode kernels' arithmetic (`from_pipeline.pipeline_of`) and whose kernel
        is the resolved configuration for `gpu`; `kernel`: KernelConfig fields beyond the model's shapes (window,
        rank, format, iters, layout, programs, tiles)."""
        from leapquant.kernels import registry
        from leapquant.kernels.config import KernelConfig
        from leapquant.kernels.from_pipeline import FROM_PIPELINE, pipeline_of

        shape = model_shape(model)
        method = {k: kernel.pop(k) for k in FROM_PIPELINE if k in kernel}
        problem = dict(family=shape.family, H=shape.H, HV=shape.HV, K=shape.K, V=shape.V)
        pipeline = pipeline_of(registry.resolve(KernelConfig(**problem, **method, **kernel), gpus.arch_of(gpu)))
        return cls.from_pipeline(pipeline, shape, gpu, command).with_kernel(**problem, **kernel)

    def _with(self, **changes: Any) -> "Recipe":
        data = self.model_dump(mode="json")
        data.update(changes)
        data["memory"] = None        # recomputed below: it follows the method
        if data.get("kernel") is not None:
            data = self._fill_kernels(data)
        new = _build(type(self), data, "recipe")
        out = _build(type(self), {**data, "memory": new.memory_needed().model_dump(mode="json")}, "recipe")
        out._folder = self._folder
        return out

    def override(self, layers: list[int], heads: tuple[int, int] | None = None, **fields: Any) -> "Recipe":
        """A new recipe whose `layers` (and value heads [start, stop)) change the pipeline's `fields`."""
        o = {"layers": list(layers), "heads": None if heads is None else list(heads), "pipeline": fields}
        return self._with(overrides=[*self.model_dump(mode="json")["overrides"], o])

    def with_kernel(self, **options: Any) -> "Recipe":
        """A new recipe with the resolved decode kernel that computes its method on the target; `options`: the
        KernelConfig's own choices (layout, decode, boundary, tiles). Refused, naming the field, where no kernel
        computes a layer's pipeline."""
        from leapquant.kernels.from_pipeline import decode_config

        if self.target is None:
            raise InputError("the recipe has no target: build it with gpu=... before attaching a kernel")
        m = self.model
        problem = dict(family=m.family, H=m.H, HV=m.HV, K=m.K, V=m.V)
        cfg = decode_config(Pipeline.from_dict(self.pipeline), self.target.arch, **{**problem, **options})
        overrides = [{**o, "kernel": None} for o in self.model_dump(mode="json")["overrides"]]
        return self._with(kernel=asdict(cfg), overrides=overrides)

    def with_figures(self, accuracy: list[dict] | None = None, speed: list[dict] | None = None) -> "Recipe":
        """A new recipe with these figures added (each with how it was obtained: see Accuracy and Speed)."""
        f = self.figures.model_dump(mode="json")
        return self._with(figures={"accuracy": f["accuracy"] + list(accuracy or []),
                                   "speed": f["speed"] + list(speed or [])})

    def with_artifacts(self, folder: str | os.PathLike, files: dict[str, str | dict]) -> "Recipe":
        """A new recipe naming `files` ({name in `folder`: role, or {role, kernel, step}}) with their sha256."""
        arts = [{**({"role": v} if isinstance(v, str) else v), "name": n, "sha256": _sha256(_inside(Path(folder), n))}
                for n, v in files.items()]
        out = self._with(artifacts=[*self.model_dump(mode="json")["artifacts"], *arts])
        out._folder = Path(folder)
        return out

    def with_kernel_files(self, folder: str | os.PathLike) -> "Recipe":
        """A new recipe shipping its kernels for its target: each layer's configuration built here (TileLang and
        nvcc, no GPU) into `folder` — TileLang source, CUDA, cubin and launch description per launch — and named
        with their sha256, so that the recipe runs on its GPU with no compilation (`decoders`)."""
        from leapquant.kernels import artifact

        if self.kernel is None:
            raise InputError(f"recipe {self.model.name!r} has no kernel (a simulation-only recipe) to build")
        files = {}
        for cfg in dict.fromkeys(self.to_kernel_config(layer) for layer in range(self.model.layers)):
            files.update(artifact.write(artifact.build(cfg, self.target.arch), self.target.arch, folder))
        return self.with_artifacts(folder, files)

    # ---- files ---------------------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps(self.model_dump(mode="json"), indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str, source: str = "recipe") -> "Recipe":
        """Parse and validate; InputError naming `source` and the field for anything wrong."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise InputError(f"{source}: not valid JSON ({e})") from None
        if not isinstance(data, dict):
            raise InputError(f"{source}: a recipe is a JSON object, got {type(data).__name__}")
        return _build(cls, data, source)

    def save(self, path: str | os.PathLike) -> Path:
        """Write atomically (complete with its memory figures); artifacts must already lie beside it."""
        path = Path(path)
        full = self if self.memory is not None else self._with()
        for a in full.artifacts:
            _check_artifact(path.parent, a, str(path))
        write_text_atomic(path, full.to_json())
        return path

    @classmethod
    def load(cls, path: str | os.PathLike, verify_artifacts: bool = True) -> "Recipe":
        """Read a recipe file; its artifacts must lie beside it with their recorded sha256."""
        path = Path(path)
        if not path.is_file():
            raise InputError(f"recipe {str(path)!r} " + ("is a directory" if path.is_dir() else "does not exist"))
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"recipe {str(path)!r} cannot be read: {e}") from None
        recipe = cls.from_json(text, f"recipe {str(path)!r}")
        if verify_artifacts:
            for a in recipe.artifacts:
                _check_artifact(path.parent, a, f"recipe {str(path)!r}")
        recipe._folder = path.parent
        return recipe


def json_schema() -> dict[str, Any]:
    """The recipe file's JSON schema (`recipes/schema.json`)."""
    return Recipe.model_json_schema()


def _build(cls: type[Recipe], data: Any, source: str) -> Recipe:
    """Validate JSON-able `data` by the JSON rules (the file's): ISO datetimes, arrays for tuples, no coercion."""
    try:
        return cls.model_validate_json(json.dumps(data, allow_nan=False))
    except ValidationError as e:
        raise InputError(f"{source}: " + "; ".join(_error_line(err) for err in e.errors())) from None
    except InputError as e:
        raise InputError(str(e) if str(e).startswith(f"{source}: ") else f"{source}: {e}") from None
    except ValueError as e:          # NaN or Inf: not JSON
        raise InputError(f"{source}: {e}") from None


def _error_line(err: dict[str, Any]) -> str:
    loc = ".".join(str(x) for x in err["loc"])
    msg = err["msg"].removeprefix("Value error, ")
    if err["type"] == "extra_forbidden":
        msg = "unknown field"
    elif err["type"] == "missing":
        msg = "missing field"
    return f"{loc}: {msg}" if loc else msg


def _inside(folder: Path, name: str) -> Path:
    path = (folder / name).resolve()
    if not path.is_relative_to(folder.resolve()):
        raise InputError(f"artifact {name!r} lies outside the recipe's folder {str(folder)!r}")
    return path


def _sha256(path: Path) -> str:
    if not path.is_file():
        raise InputError(f"artifact {str(path)!r} does not exist")
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _check_artifact(folder: Path, a: Artifact, source: str) -> None:
    path = _inside(folder, a.name)
    if not path.is_file():
        raise InputError(f"{source}: artifacts: {a.name!r} is missing beside the recipe")
    if _sha256(path) != a.sha256:
        raise InputError(f"{source}: artifacts: {a.name!r} does not match its sha256 (the file changed after the "
                         f"recipe was written)")


__all__ = ["Recipe", "ModelShape", "Override", "Target", "Accuracy", "Speed", "Memory", "Figures", "Provenance",
           "Artifact", "Part", "MODELS", "SCHEMA_VERSION", "json_schema", "PRESETS"]
