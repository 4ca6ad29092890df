"""certune's exceptions."""

from . import _lib


class InputError(ValueError):
    """An invalid instance: the message names it and the edge, node or file line."""


class UndecidedError(RuntimeError):
    """Part of the analysis could not be certified; no loss is reported.

    intervals: list of (lo, hi, what) strings, one per undecided interval."""

    def __init__(self, message, intervals):
        super().__init__(message)
        self.intervals = intervals


class NotFittedError(ValueError, AttributeError):
    """An ExactTuner was used before fit (as scikit-learn's NotFittedError)."""


def raise_for(rc, err):
    """Raises the exception of a C status code with the message in err (an
    error buffer, or the message as a str)."""
    if rc == _lib.OK:
        return
    msg = err if isinstance(err, str) else _lib.error_text(err)
    if rc == _lib.INPUT:
        raise InputError(msg)
    raise ValueError(msg)
