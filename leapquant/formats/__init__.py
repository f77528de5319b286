"""State quantization formats behind one interface (see ``base.Format``).

``get(name, **options)`` builds a format; ``names()`` lists them. Every
format maps ``x`` of shape [..., dk, dv] (float32/float64; axis -2 = key,
axis -1 = value) to a :class:`Quantized` and back, and counts its storage
exactly with ``bytes_for(shape)``. Bad input raises ``leapquant.errors.InputError``
or is declared behaviour: the shared rules in ``base``, each format's in its
module's "Bad input" paragraph.
"""
from __future__ import annotations

from typing import Any

from .base import Format, Quantized
from .floats import BF16, FP16, FP32, Identity
from .fp8 import FP8E4M3, FP8E5M2
from .integer import INT4, INT6, INT8
from .kvquant import KVQuant
from .mx import MXFP4, MXFP6E2M3, MXFP6E3M2, MXFP8
from .nv import NVFP4, NVFP6
from .quarot import QuaRot
from .turboquant import TurboQuant

__all__ = ["Format", "Quantized", "get", "names", "UnknownFormatError"]

_REGISTRY: dict[str, type[Format]] = {
    cls.name: cls
    for cls in (Identity, FP32, BF16, FP16, FP8E4M3, FP8E5M2, MXFP8, MXFP6E2M3, MXFP6E3M2, MXFP4,
                NVFP4, NVFP6, INT8, INT6, INT4, KVQuant, QuaRot, TurboQuant)
}


class UnknownFormatError(KeyError):
    """Raised by :func:`get` for a name not in :func:`names`."""

    def __str__(self) -> str:  # KeyError's default repr-quotes the message
        return str(self.args[0])


def names() -> list[str]:
    """Registered format names, in a stable order."""
    return list(_REGISTRY)


def get(name: str, **options: Any) -> Format:
    """Build the format ``name`` with keyword ``options`` (validated)."""
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, got {type(name).__name__}")
    try:
        cls = _REGISTRY[name]
    except KeyError:
        raise UnknownFormatError(f"unknown format {name!r}; known formats: {names()}") from None
    return cls(**options)
