"""Recorded layer inputs (simulator traces) in safetensors files.

A trace holds, for each recorded layer L, the recurrence inputs of one family in FLA's layout
([B, T, H, D], any float dtype) as tensors named `layer{L}.{input}` (e.g. `layer0.q`,
`layer0.g`); inputs that do not depend on the token (RWKV6's u, Mamba2's A) keep their own shape.
The metadata records the format version, the family, its spec options and call options (scale).
`TraceSource` streams it a chunk of tokens at a time without loading the whole file.
"""
from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

import torch
from safetensors import safe_open
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


@dataclass
class TraceSource:
    """Streams a trace as Steps of [layers, B, H, chunk, ·]."""

    path: str | os.PathLike
    tokens: int | None = None   # replay only the first `tokens` tokens
    meta: dict = field(init=False)

    def __post_init__(self) -> None:
        p = Path(self.path)
        if not p.is_file():
            raise InputError(f"trace {str(p)!r} does not exist")
        with safe_open(p, "pt") as f:
            meta = f.metadata() or {}
            keys = list(f.keys())
        if meta.get("leapquant_trace") != TRACE_VERSION:
            raise InputError(f"trace {str(p)!r} is not a leapquant trace of version {TRACE_VERSION}")
        self.meta = meta
        self.family = meta["family"]
        self.num_layers = int(meta["layers"])
        self.spec = recurrences.get(self.family, **json.loads(meta.get("spec_options", "{}")))
        self.call_options = json.loads(meta.get("call_options", "{}"))
        self.names = sorted({k.split(".", 1)[1] for k in keys if k.startswith("layer0.")})
        with safe_open(p, "pt") as f:
            q = f.get_slice("layer0.q")
            self.total_tokens = q.get_shape()[1]
        if self.tokens is not None:
            check_positive_int("tokens", self.tokens)
            if self.tokens > self.total_tokens:
                raise InputError(f"tokens must be at most the trace's {self.total_tokens} tokens, got {self.tokens}")
        else:
            self.tokens = self.total_tokens

    def _read(self, f, layer: int, name: str, t0: int, t1: int) -> torch.Tensor:
        s = f.get_slice(f"layer{layer}.{name}")
        shape = s.get_shape()
        per_token = len(shape) >= 2 and shape[1] % self.total_tokens == 0 and name not in self.spec.static_inputs()
        if not per_token:
            return s[:]
        n = shape[1] // self.total_tokens   # sub-step rows per token (DeltaProduct's k, v, beta)
        return s[:, t0 * n:t1 * n]

    def chunks(self, chunk: int) -> Iterator[Steps]:
        check_positive_int("chunk", chunk)
        with safe_open(self.path, "pt") as f:
            for t0 in range(0, self.tokens, chunk):
                t1 = min(t0 + chunk, self.tokens)
                per_layer = []
                for layer in range(self.num_layers):
                    x = {n: self._read(f, layer, n, t0, t1).to(torch.float32) for n in self.names}
                    per_layer.append(self.spec.steps(**x, **self.call_options))
                yield stack_layers(per_layer)


def stack_layers(steps: list[Steps]) -> Steps:
    """Stack per-layer Steps [B, H, ...] into [layers, B, H, ...]."""
    def s(attr: str) -> torch.Tensor | None:
        xs = [getattr(x, attr) for x in steps]
        return None if xs[0] is None else torch.stack(xs)

    return replace(steps[0], log_alpha=s("log_alpha"), k=s("k"), b=s("b"), beta=s("beta"), v=s("v"),
                   q=s("q"), out_extra=s("out_extra"))
