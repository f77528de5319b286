"""One exception type for bad input, so callers (and the CLI's exit code 2) can tell it from failures."""


class InputError(ValueError):
    """Raised when an argument has the wrong shape, dtype, range or value; the message names it."""


class OutOfRangeError(InputError):
    """A value is NaN, ±Inf or beyond what its storage holds (a format's scales, FP16 records): the state a
    configuration keeps has left its range. Callers that record a blown-up configuration (the accuracy study)
    catch this type."""
