"""Checks of the values that cross into the library, made before ctypes sees
them: a c_long keeps only the low 64 bits of an int (2**64 + 2 becomes 2)
and int() truncates a float (0.5 becomes 0), so integers are checked for
type and range here; a c_char_p ends at the first NUL byte, so strings and
paths holding one are refused.

Messages name the field and the value: field is the words that come before
the value ("labels[3]:", "edge 5: node", "classes:"), so a message reads
"labels[3]: 1.7 is not an integer".
"""

import math
import numbers
import os

# The library's bounds on a .gssl header (include/certune/instance.h,
# CT_INSTANCE_MAX_NODES and CT_INSTANCE_MAX_CLASSES; docs/formats.md).
MAX_NODES = 1000000
MAX_CLASSES = 1000000

_SHOW = 40  # characters of a value shown in a message (as the C reader)


def show(x, width=_SHOW):
    """x's repr for a message, cut to width characters (then '...')."""
    try:
        s = repr(x)
    except ValueError:  # an int too long for CPython's int -> str limit
        return f"<{type(x).__name__} too long to show>"
    return s if len(s) <= width else s[:width] + "..."


def _is_whole(x):
    """Whether the real number x is finite and integral."""
    try:
        return math.floor(x) == x
    except (ValueError, OverflowError):  # nan, inf
        return False


def integer(x, field):
    """x as a Python int: a Python or NumPy integer. A bool is refused
    (TypeError), a real number with a fractional part or not finite is a
    ValueError, an integral float (2.0) or anything else a TypeError."""
    if type(x) is int:  # (the common case, first)
        return x
    if isinstance(x, bool):
        raise TypeError(f"{field} {show(x)} is a bool, not an integer")
    if isinstance(x, numbers.Integral):
        return int(x)
    if isinstance(x, numbers.Real) and not _is_whole(x):
        raise ValueError(f"{field} {show(x)} is not an integer")
    raise TypeError(f"{field} {show(x)} is a {type(x).__name__}, not an integer")


def integer_in(x, field, lo, hi):
    """integer(x, field), which must lie in lo..hi (else ValueError)."""
    k = integer(x, field)
    if not lo <= k <= hi:
        raise ValueError(f"{field} {show(k)} out of range {lo}..{hi}")
    return k


def c_string(s, field):
    """The str s as UTF-8 bytes for a char * argument (ValueError when it
    holds a NUL byte, where C would see it end)."""
    if not isinstance(s, str):
        raise TypeError(f"{field} {show(s)} is not a str")
    if "\0" in s:
        raise ValueError(f"{field} {show(s)} contains a NUL byte")
    return s.encode()


def c_path(path, field):
    """The str, bytes or os.PathLike path as bytes for a char * argument
    (os.fsencode; ValueError when it holds a NUL byte)."""
    b = os.fsencode(path)
    if b"\0" in b:
        raise ValueError(f"{field} {show(path, 200)} contains a NUL byte")
    return b
