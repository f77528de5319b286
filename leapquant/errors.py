"""One exception type for bad input, so callers (and the CLI's exit code 2) can tell it from failures."""


class InputError(ValueError):
    """Raised when an argument has the wrong shape, dtype, range or value; the message names it."""
