"""What vLLM needs to know of a leapquant recipe before it builds a model: where the recipe is (vLLM's
`--additional-config '{"leapquant": {"recipe": FILE}}'`, else the `LEAPQUANT_RECIPE` environment variable), whether
it fits the served model (family, layers, heads and head sizes per tensor-parallel rank — refused at engine
start-up, naming the recipe field), and the state tensors each linear-attention layer declares in its MambaSpec:
vLLM's convolution state, then the LeapQuant state's fields (boundary residual, scales, compensator pairs, records,
window position), one [slot, ...] tensor each. No vLLM import: the engine's plugin (`leapquant.integrations.vllm`)
calls these with its config objects."""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import torch

from leapquant.errors import InputError
from leapquant.kernels import naive as nv
from leapquant.kernels.config import KernelConfig

ENV = "LEAPQUANT_RECIPE"
"""The environment variable naming the recipe when vLLM's additional config has no "leapquant" entry."""

ORDER = ("c", "B", "rg", "window_pos", "Kc", "Uc", "rk", "ru", "Z")
"""The state's fields in the page, widest dtype first: vLLM slices a page by byte offsets and views each slice as
its dtype, so every FP32 and INT32 field starts 4-byte aligned after the BF16 convolution state."""


@dataclass(frozen=True)
class Plan:
    """A recipe checked against the served model: its file, the recipe, every linear-attention layer's kernel
    configuration (in the order of the model's linear-attention layers) and the state tensors one layer declares
    after vLLM's convolution state: (field, per-slot shape, dtype) each."""
    path: str
    recipe: object
    configs: tuple[KernelConfig, ...]
    tensors: tuple[tuple[str, tuple[int, ...], torch.dtype], ...]

    @property
    def shapes(self) -> tuple[tuple[int, ...], ...]:
        return tuple(shape for _, shape, _ in self.tensors)

    @property
    def dtypes(self) -> tuple[torch.dtype, ...]:
        return tuple(dtype for _, _, dtype in self.tensors)


def recipe_path(additional_config) -> str | None:
    """The recipe file vLLM was asked to serve with, or None (the plugin then leaves vLLM as it is).
    `additional_config`: vLLM's `--additional-config` dict (or None)."""
    entry = (additional_config or {}).get("leapquant") if isinstance(additional_config, dict) else None
    if entry is None:
        return os.environ.get(ENV) or None
    if not isinstance(entry, dict) or set(entry) != {"recipe"} or not isinstance(entry["recipe"], str):
        raise InputError(f'additional_config["leapquant"] must be {{"recipe": "<recipe.json>"}}, got {entry!r}')
    return entry["recipe"]


def plan(path: str, family: str, layer_types, H: int, HV: int, K: int, V: int, tp: int = 1) -> Plan:
    """Load the recipe at `path` and check it against the served model: `family` of its linear-attention layers,
    `layer_types` (the config's list, "linear_attention" marking them), key/value heads of the whole model (`H`,
    `HV`, split over `tp` ranks) and head sizes `K`, `V`. InputError naming the recipe field otherwise."""
    return _plan(str(Path(path).resolve()), _mtime(path), family, tuple(layer_types), H, HV, K, V, tp)


def _mtime(path: str) -> float:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return -1.0


@lru_cache(maxsize=8)
def _plan(path, mtime, family, layer_types, H, HV, K, V, tp) -> Plan:
    from leapquant.recipe import Recipe
    recipe = Recipe.load(path)
    m, where = recipe.model, f"leapquant recipe {path!r}"
    if recipe.kernel is None:
        raise InputError(f"{where}: kernel is null (a simulation-only recipe); vLLM needs the kernels' state layout")
    linear = sum(t == "linear_attention" for t in layer_types)
    for name, have, want, what in (
            ("family", m.family, family, "the served model's linear-attention layers"),
            ("layers", m.layers, linear, "the served model's linear-attention layers (layer_types)"),
            ("H", m.H, _split(H, tp, "key heads"), f"key heads per rank ({H} / tensor parallel {tp})"),
            ("HV", m.HV, _split(HV, tp, "value heads"), f"value heads per rank ({HV} / tensor parallel {tp})"),
            ("K", m.K, K, "the key head size"), ("V", m.V, V, "the value head size")):
        if have != want:
            raise InputError(f"{where}: model.{name} is {have!r}, {what} is {want!r}")
    configs = tuple(recipe.to_kernel_config(layer) for layer in range(m.layers))
    layouts = {state_tensors(c) for c in configs}
    if len(layouts) != 1:
        raise InputError(f"{where}: its overrides give the layers different state layouts (window, rank, format or "
                         f"layout); vLLM sizes one state page for every linear-attention layer")
    return Plan(path, recipe, configs, layouts.pop())


def _split(heads: int, tp: int, what: str) -> int:
    if heads % tp:
        raise InputError(f"the served model's {heads} {what} do not split over tensor parallel {tp}")
    return heads // tp


def linear_index(layer_types, layer_idx: int) -> int:
    """The recipe's layer of model layer `layer_idx`: how many linear-attention layers come before it."""
    if not 0 <= layer_idx < len(layer_types) or layer_types[layer_idx] != "linear_attention":
        raise InputError(f"layer {layer_idx} is not a linear-attention layer of the served model")
    return sum(t == "linear_attention" for t in layer_types[:layer_idx])


def state_tensors(cfg: KernelConfig) -> tuple[tuple[str, tuple[int, ...], torch.dtype], ...]:
    """(field, per-slot shape, dtype) of one layer's LeapQuant state in ORDER; the window position is a (1,) INT32
    per slot, and a rank-0 recipe declares no compensator tensors (a zero-size page slice cannot be viewed)."""
    pool = nv.empty_state(1, cfg.HV, cfg.K, cfg.V, **cfg.reference_options)
    out = []
    for f in ORDER:
        t = getattr(pool, f)
        if t.numel() == 0:
            continue
        out.append((f, tuple(t.shape[1:]) or (1,), t.dtype))
    return tuple(out)


def pool_view(tensors, cfg: KernelConfig) -> nv.LeapState:
    """The LeapState over an engine's state tensors (each [slots, *shape] as `state_tensors` declares them; views,
    nothing copied): the pool a `StateCache.over` steps in place."""
    spec = state_tensors(cfg)
    if len(tensors) != len(spec):
        raise InputError(f"expected {len(spec)} state tensors ({[f for f, _, _ in spec]}), got {len(tensors)}")
    fields = {}
    for (f, shape, dtype), t in zip(spec, tensors):
        if tuple(t.shape[1:]) != shape or t.dtype != dtype:
            raise InputError(f"state tensor {f} must be {dtype} [slots, {', '.join(map(str, shape))}], got "
                             f"{t.dtype} {list(t.shape)}")
        fields[f] = t
    slots, dev = tensors[0].shape[0], tensors[0].device
    fields["window_pos"] = fields["window_pos"][:, 0]
    for f in ("Kc", "Uc"):
        if f not in fields:
            fields[f] = torch.zeros(slots, cfg.HV, 0, cfg.K if f == "Kc" else cfg.V, dtype=torch.float16, device=dev)
    return nv.LeapState(**fields, **cfg.reference_options)
