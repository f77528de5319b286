"""Smoothers (docs/math.md §5, eq. 16): reshape the residual before quantizing so that a few rows don't set the scale.

`fit` computes the smoothing parameters from the residual R, `apply` maps R to what is quantized,
`invert` maps the dequantized payload back. Parameters are FP32 (counted in `bytes_for`).
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass

import torch

from leapquant.errors import InputError
from leapquant.fitters import unit_scale
from leapquant.formats._rotation import rotation
from leapquant.registry import Registry

_FP32_MAX = torch.finfo(torch.float32).max


def _is_number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


class Smoother(ABC):
    name: str = ""

    @abstractmethod
    def fit(self, R: torch.Tensor) -> torch.Tensor | None:
        """Smoothing parameters for residual R [..., dk, dv] (None if there are none)."""

    @abstractmethod
    def apply(self, R: torch.Tensor, params: torch.Tensor | None) -> torch.Tensor: ...

    @abstractmethod
    def invert(self, Y: torch.Tensor, params: torch.Tensor | None) -> torch.Tensor: ...

    def bytes_for(self, dk: int, dv: int) -> int:
        return 0

    def options(self) -> dict:
        return asdict(self)  # type: ignore[call-overload]


@dataclass
class NoSmoothing(Smoother):
    name = "none"

    def fit(self, R):
        return None

    def apply(self, R, params):
        return R

    def invert(self, Y, params):
        return Y


@dataclass
class KeyRowScales(Smoother):
    """Divide key row i by c_i; store c (FP32). Subclasses say how c is computed."""

    floor: float = 1e-8

    def __post_init__(self) -> None:
        if not _is_number(self.floor) or not 0 < self.floor <= _FP32_MAX:
            raise InputError(f"smoother_options.floor must be a positive finite number, got {self.floor!r}")

    def _stored(self, c: torch.Tensor, R: torch.Tensor) -> torch.Tensor:
        """c >= floor, stored in FP32 (saturated to its range: apply and invert use the same c, so any c works)."""
        return c.clamp(self.floor, _FP32_MAX).to(torch.float32).to(R.dtype)

    def apply(self, R, params):
        return R / params[..., :, None]

    def invert(self, Y, params):
        return Y * params[..., :, None]

    def bytes_for(self, dk, dv):
        return 4 * dk


@dataclass
class SqrtMeanAbs(KeyRowScales):
    """The paper's c_i = sqrt(mean_j |R_ij|): halves each row's dynamic range in log space."""

    name = "sqrt-mean-abs"

    def fit(self, R):
        a = R.abs()
        scale = unit_scale(a, (-1,))   # a power of two per row: the same mean, bit for bit, without overflow
        return self._stored(torch.sqrt((a * scale).mean(-1) / scale[..., 0]), R)


@dataclass
class SmoothQuantRows(KeyRowScales):
    """SmoothQuant-style c_i = (max_j |R_ij|)^alpha: alpha = 1 equalises row maxima, 0 does nothing."""

    alpha: float = 0.5
    name = "smoothquant"

    def __post_init__(self) -> None:
        super().__post_init__()
        if not _is_number(self.alpha) or not 0 <= self.alpha <= 1:
            raise InputError(f"smoother_options.alpha must be a number in [0, 1], got {self.alpha!r}")

    def fit(self, R):
        return self._stored(R.abs().amax(-1).pow(self.alpha), R)


@dataclass
class HadamardRotation(Smoother):
    """Random-sign Hadamard rotation along the key axis (QuaRot's idea): spreads outlier rows out.

    The rotation is fixed by `seed` (nothing stored per state); dk must be a power of two.
    """

    seed: int = 0
    name = "hadamard"

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise InputError(f"smoother_options.seed must be an integer >= 0, got {self.seed!r}")

    def _matrix(self, dk: int, like: torch.Tensor) -> torch.Tensor:
        if dk & (dk - 1):
            raise InputError(f"the hadamard smoother needs a power-of-two key dimension, got dk = {dk}")
        # QuaRot's rotation, made once per device and dtype (a host copy per window cannot be captured
        # in a CUDA graph; the H200 test caught it)
        return rotation(dk, self.seed, like.dtype, like.device)

    def fit(self, R):
        return self._matrix(R.shape[-2], R)

    def apply(self, R, params):
        return params @ R

    def invert(self, Y, params):
        return params.transpose(-1, -2) @ Y


_REGISTRY: Registry[Smoother] = Registry("smoother", "smoother_options", {
    "none": NoSmoothing, "sqrt-mean-abs": SqrtMeanAbs, "smoothquant": SmoothQuantRows, "hadamard": HadamardRotation,
})
names = _REGISTRY.names
get = _REGISTRY.get
