"""Recorded layer inputs (simulator traces) in safetensors files.

A trace holds, for each recorded layer L, the recurrence inputs of one family in FLA's layout
([B, T, H, D], any float dtype) as tensors named `layer{L}.{input}` (e.g. `layer0.q`,
`layer0.g`); inputs that do not depend on the token (RWKV6's u, Mamba2's A) keep their own shape.
The metadata records the format version, the family, its spec options and call options (scale).
`TraceSource` streams it a chunk of tokens at a time without loading the whole file.
"""
from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import torch
from safetensors import SafetensorError, safe_open
from safetensors.torch import save_file

from leapquant import recurrences
from leapquant.errors import InputError
from leapquant.files import atomic_path
from leapquant.recurrences import Steps
from leapquant.validation import check_positive_int

TRACE_VERSION = "1"


def has_default_trace() -> bool:
    return (Path(__file__).parent / "data" / "default_trace.safetensors").is_file()


def default_trace_path() -> Path:
    """The small recorded trace shipped with the package (the simulator's embedded default)."""
    path = Path(__file__).parent / "data" / "default_trace.safetensors"
    if not path.is_file():
        raise InputError(f"the embedded default trace {str(path)!r} is missing from this installation")
    return path


def save_trace(path: str | os.PathLike, family: str, layers: list[dict[str, torch.Tensor]],
               spec_options: dict | None = None, call_options: dict | None = None,
               note: str = "") -> Path:
    """Write layer inputs atomically (temporary file, then rename)."""
    recurrences.get(family, **(spec_options or {}))
    if not layers:
        raise InputError("layers must hold at least one layer's inputs")
    tensors = {f"layer{i}.{k}": v.detach().contiguous().cpu() for i, x in enumerate(layers) for k, v in x.items()}
    meta = {"leapquant_trace": TRACE_VERSION, "family": family, "layers": str(len(layers)),
            "spec_options": json.dumps(spec_options or {}), "call_options": json.dumps(call_options or {}),
            "note": note}
    with atomic_path(path) as tmp:
        save_file(tensors, tmp, metadata=meta)
    return Path(path)


_DTYPES = {"F16": torch.float16, "BF16": torch.bfloat16, "F32": torch.float32, "F64": torch.float64}
"""The tensor dtypes a trace may hold (safetensors' names)."""
_KEY = re.compile(r"layer(0|[1-9][0-9]*)\.([A-Za-z_][A-Za-z0-9_]*)")
_CALL_OPTIONS = ("scale", "use_qk_l2norm")


def _open(path: Path):
    """safe_open, with what a broken file raises (truncated, empty, a corrupted header) as an InputError."""
    try:
        return safe_open(path, "pt")
    except SafetensorError as e:
        raise InputError(f"trace {str(path)!r} is not a readable safetensors file ({e})") from None
    except OSError as e:
        raise InputError(f"trace {str(path)!r} cannot be read ({e.strerror or e})") from None


def _json_option(path: Path, meta: dict, name: str) -> dict:
    try:
        value = json.loads(meta.get(name, "{}"))
    except json.JSONDecodeError as e:
        raise InputError(f"trace {str(path)!r}: metadata {name} is not valid JSON ({e})") from None
    if not isinstance(value, dict):
        raise InputError(f"trace {str(path)!r}: metadata {name} must be a JSON object, got {type(value).__name__}")
    return value


@dataclass
class TraceSource:
    """Streams a trace as Steps of [layers, B, H, chunk, ·].

    The whole file's structure is checked when it opens, before any work, and every problem is an InputError
    naming the file: not a safetensors file (truncated, empty, a corrupted header), not a leapquant trace, its
    metadata (family, spec_options, call_options, layers), tensor names, dtypes, empty sizes, the same shapes in
    every layer, a token axis that agrees with q's, and each layer's first token through the family's spec (the
    inputs it needs, their shapes, its rules). Values further on (NaN, a positive log decay) are the spec's checks
    on each chunk as it is read; their InputError names the file, layer and tokens.
    """

    path: str | os.PathLike
    tokens: int | None = None   # replay only the first `tokens` tokens
    meta: dict = field(init=False)

    def __post_init__(self) -> None:
        p = Path(self.path)
        if p.is_dir():
            raise InputError(f"trace {str(p)!r} is a folder; expected a safetensors file")
        if not p.is_file():
            raise InputError(f"trace {str(p)!r} does not exist")
        with _open(p) as f:
            meta = f.metadata() or {}
            tensors = {k: (list(f.get_slice(k).get_shape()), f.get_slice(k).get_dtype()) for k in f.keys()}
            self.meta = meta
            self._check_metadata(p, meta)
            layers = self._layer_tensors(p, tensors)
            self.names = sorted(layers[0])
            self._rows = self._token_rows(p, layers[0])
            self.total_tokens = layers[0]["q"][1]
            self._check_layer(p, f, 0)
            for i, shapes in enumerate(layers[1:], 1):
                diff = [f"{n} is {shapes.get(n, 'missing')}, layer 0's {layers[0].get(n, 'missing')}"
                        for n in sorted(layers[0].keys() | shapes.keys()) if shapes.get(n) != layers[0].get(n)]
                if diff:
                    raise InputError(f"trace {str(p)!r}: every layer must hold the same inputs and shapes; layer "
                                     f"{i}'s " + "; ".join(diff))
                self._check_layer(p, f, i)
        if self.tokens is not None:
            check_positive_int("tokens", self.tokens)
            if self.tokens > self.total_tokens:
                raise InputError(f"tokens must be at most the {self.total_tokens} tokens of trace {str(p)!r}, "
                                 f"got {self.tokens}")
        else:
            self.tokens = self.total_tokens

    def _check_metadata(self, p: Path, meta: dict) -> None:
        if meta.get("leapquant_trace") != TRACE_VERSION:
            found = meta.get("leapquant_trace")
            raise InputError(f"trace {str(p)!r} is not a leapquant trace of version {TRACE_VERSION} (metadata "
                             + ("has no leapquant_trace" if found is None else f"leapquant_trace is {found!r}") + ")")
        for key in ("family", "layers"):
            if key not in meta:
                raise InputError(f"trace {str(p)!r}: metadata has no {key!r}")
        self.family = meta["family"]
        spec_options = _json_option(p, meta, "spec_options")
        try:
            self.spec = recurrences.get(self.family, **spec_options)
        except InputError as e:
            raise InputError(f"trace {str(p)!r}: {e}") from None
        self.call_options = _json_option(p, meta, "call_options")
        unknown = sorted(set(self.call_options) - set(_CALL_OPTIONS))
        scale = self.call_options.get("scale", 1.0)
        if unknown:
            raise InputError(f"trace {str(p)!r}: unknown call_options {unknown}; expected some of "
                             f"{list(_CALL_OPTIONS)}")
        if isinstance(scale, bool) or not isinstance(scale, (int, float)) or not 0 < scale < math.inf:
            raise InputError(f"trace {str(p)!r}: call_options scale must be a positive number, got {scale!r}")
        if not isinstance(self.call_options.get("use_qk_l2norm", False), bool):
            raise InputError(f"trace {str(p)!r}: call_options use_qk_l2norm must be true or false, got "
                             f"{self.call_options['use_qk_l2norm']!r}")
        try:
            self.num_layers = int(meta["layers"])
        except ValueError:
            raise InputError(f"trace {str(p)!r}: metadata layers must be an integer, got {meta['layers']!r}") from None
        if self.num_layers < 1:
            raise InputError(f"trace {str(p)!r}: metadata layers must be >= 1, got {self.num_layers}")

    def _layer_tensors(self, p: Path, tensors: dict) -> list[dict[str, list[int]]]:
        """The shapes of each layer's tensors, {name: shape} per layer, with names, layers and dtypes checked."""
        layers: list[dict[str, list[int]]] = [{} for _ in range(self.num_layers)]
        for key, (shape, dtype) in sorted(tensors.items()):
            m = _KEY.fullmatch(key)
            if m is None:
                raise InputError(f"trace {str(p)!r}: tensor {key!r} is not named layer<L>.<input>")
            layer = int(m.group(1))
            if layer >= self.num_layers:
                raise InputError(f"trace {str(p)!r}: holds tensor {key!r} but its metadata says {self.num_layers} "
                                 "layer(s)")
            if dtype not in _DTYPES:
                raise InputError(f"trace {str(p)!r}: tensor {key!r} has dtype {dtype}; expected one of "
                                 f"{', '.join(_DTYPES)}")
            if 0 in shape:
                raise InputError(f"trace {str(p)!r}: tensor {key!r} has shape {shape}; every size must be >= 1")
            layers[layer][m.group(2)] = shape
        empty = [i for i, x in enumerate(layers) if not x]
        if empty:
            raise InputError(f"trace {str(p)!r}: its metadata says {self.num_layers} layer(s) but it holds no tensors "
                             f"for layer(s) {empty}")
        return layers

    def _token_rows(self, p: Path, shapes: dict[str, list[int]]) -> dict[str, int | None]:
        """Records per token of each input (None: not per token, a spec's static input), from q's token count."""
        static = self.spec.static_inputs()
        if "q" not in shapes:
            raise InputError(f"trace {str(p)!r}: layer 0: missing input 'q'")
        if len(shapes["q"]) != 4:
            raise InputError(f"trace {str(p)!r}: layer 0: q must have shape [B, T, H, K], got {shapes['q']}")
        T = shapes["q"][1]
        for n, s in shapes.items():
            if n not in static and len(s) >= 2 and s[1] % T:
                raise InputError(f"trace {str(p)!r}: layer 0: {n} has shape {s}; its axis 1 must hold the tokens, "
                                 f"as many as q's {T} (or a multiple: sub-steps)")
        # fewer than two dims and not static: read whole, for the spec to refuse it by name
        return {n: None if n in static or len(s) < 2 else s[1] // T for n, s in shapes.items()}

    def _check_layer(self, p: Path, f, layer: int) -> None:
        """One layer's inputs checked by the family's spec itself, on their first token: the inputs it needs, their
        shapes and its rules, with the call options (the whole file is only read chunk by chunk, later)."""
        try:
            x = {n: self._read(f, layer, n, 0, 1).to(torch.float32) for n in self.names}
            self.spec.steps(**x, **self.call_options)
        except InputError as e:
            raise InputError(f"trace {str(p)!r}: layer {layer} (checked on its first token): {e}") from None

    def _read(self, f, layer: int, name: str, t0: int, t1: int) -> torch.Tensor:
        s = f.get_slice(f"layer{layer}.{name}")
        n = self._rows[name]   # records per token (DeltaProduct's k, v, beta: its sub-steps); None: not per token
        return s[:] if n is None else s[:, t0 * n:t1 * n]

    def chunks(self, chunk: int) -> Iterator[Steps]:
        check_positive_int("chunk", chunk)
        p = Path(self.path)
        with _open(p) as f:
            for t0 in range(0, self.tokens, chunk):
                t1 = min(t0 + chunk, self.tokens)
                per_layer = []
                for layer in range(self.num_layers):
                    x = {n: self._read(f, layer, n, t0, t1).to(torch.float32) for n in self.names}
                    try:
                        per_layer.append(self.spec.steps(**x, **self.call_options))
                    except InputError as e:
                        raise InputError(f"trace {str(p)!r}: layer {layer}, tokens {t0}-{t1}: {e}") from None
                yield stack_layers(per_layer)


def stack_layers(steps: list[Steps]) -> Steps:
    """Stack per-layer Steps [B, H, ...] into [layers, B, H, ...]."""
    def s(attr: str) -> torch.Tensor | None:
        xs = [getattr(x, attr) for x in steps]
        return None if xs[0] is None else torch.stack(xs)

    return replace(steps[0], log_alpha=s("log_alpha"), k=s("k"), b=s("b"), beta=s("beta"), v=s("v"),
                   q=s("q"), out_extra=s("out_extra"))
