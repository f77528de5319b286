"""leapquant: quantize the recurrent state of linear-attention models (LeapQuant)."""
from leapquant.errors import InputError

__version__ = "0.1.0"
__all__ = ["InputError", "__version__"]
