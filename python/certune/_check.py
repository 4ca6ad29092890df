"""Checks of the values that cross into the library, made before ctypes sees
them: a c_long keeps only the low 64 bits of an int (2**64 + 2 becomes 2)
and int() truncates a float (0.5 becomes 0), so integers are checked for
type and range here; a c_char_p ends at the first NUL byte, so strings and
paths holding one are refused. Exact numbers travel as decimal text, which
CPython refuses to write or read beyond sys.get_int_max_str_digits() digits
(4300 by default): int_string and fraction convert any size, in pieces.

Messages name the field and the value: field is the words that come before
the value ("labels[3]:", "edge 5: node", "classes:"), so a message reads
"labels[3]: 1.7 is not an integer".
"""

import decimal
import fractions
import math
import numbers
import os
import re
import sys

# The library's bounds on a .gssl header (include/certune/instance.h,
# CT_INSTANCE_MAX_NODES and CT_INSTANCE_MAX_CLASSES; docs/formats.md).
MAX_NODES = 1000000
MAX_CLASSES = 1000000

# A weight whose reduced numerator and denominator have more digits together
# is refused by the reader (CT_INSTANCE_MAX_WEIGHT_DIGITS; docs/formats.md).
MAX_WEIGHT_DIGITS = 1048512

_SHOW = 40  # characters of a value shown in a message (as the C reader)


def show(x, width=_SHOW):
    """x's repr for a message, cut to width characters (then '...'; None:
    whole)."""
    try:
        s = repr(x)
    except ValueError:  # an int too long for CPython's int -> str limit
        return f"<{type(x).__name__} too long to show>"
    return s if width is None or len(s) <= width else s[:width] + "..."


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


def _safe_digits():
    """Digits CPython converts between int and str (0: no limit)."""
    get = getattr(sys, "get_int_max_str_digits", None)
    return get() if get else 0


def _digits_at_least(n):
    """A lower bound on the decimal digits of the int n (exact up to one)."""
    bits = abs(n).bit_length()
    return (bits - 1) * 30102999566 // 10**11 + 1 if bits else 1  # (< log10 2)


def int_string(n):
    """str(n) for an int of any size: under CPython's limit str itself, else
    halves of n's bits joined in exact decimal arithmetic (as CPython 3.12's
    own _pylong), which also takes a second, not minutes, for a million
    digits."""
    limit = _safe_digits()
    if limit == 0 or n.bit_length() <= 3 * limit:  # (3 bits < 1 digit)
        return str(n)
    if n < 0:
        return "-" + int_string(-n)
    ctx = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX,
                          Emin=decimal.MIN_EMIN, traps=[decimal.Inexact])
    powers = {}

    def join(m, bits):  # m < 2**bits, as a Decimal
        if bits <= 2000:
            return decimal.Decimal(m)
        half = bits // 2
        if half not in powers:
            powers[half] = ctx.power(decimal.Decimal(2), half)
        hi = m >> half
        return ctx.add(ctx.multiply(join(hi, bits - half), powers[half]),
                       join(m - (hi << half), half))

    return str(join(n, n.bit_length()))


def _digits_int(digits):
    """int(digits) for a string of decimal digits of any length (halves)."""
    if len(digits) <= 2000:
        return int(digits)
    k = len(digits) // 2
    return _digits_int(digits[:-k]) * 10**k + _digits_int(digits[-k:])


_RATIONAL = re.compile(r"([+-]?)(\d+)/(\d+)|([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?")


def fraction(s):
    """The Fraction of a rational the library wrote ("p/q", "p", "0.125",
    "1.5e-30"), of any length (None for None)."""
    if s is None:
        return None
    limit = _safe_digits()
    if limit == 0 or len(s) <= limit:
        return fractions.Fraction(s)
    m = _RATIONAL.fullmatch(s)
    if m is None:
        raise ValueError(f"not a rational: {show(s)}")
    sign = -1 if (m.group(1) or m.group(4)) == "-" else 1
    if m.group(2) is not None:
        return sign * fractions.Fraction(_digits_int(m.group(2)), _digits_int(m.group(3)))
    whole, frac, exp = m.group(5), m.group(6) or "", int(m.group(7) or 0)
    q = fractions.Fraction(_digits_int(whole + frac or "0"))
    scale = exp - len(frac)
    return sign * (q * 10**scale if scale >= 0 else q / 10**-scale)


def rational_string(p, q, value, field):
    """The text "p" or "p/q" of the reduced fraction p/q (value, its number,
    named in messages): ValueError when it has more digits than the library
    reads in a weight (1048512), found before any conversion."""
    if _digits_at_least(p) + _digits_at_least(q) > MAX_WEIGHT_DIGITS:
        raise too_many_digits(value, field)
    return int_string(p) if q == 1 else f"{int_string(p)}/{int_string(q)}"


def too_many_digits(value, field):
    """The ValueError of a number over the library's weight size, in the
    reader's words."""
    return ValueError(f"{field} {show(value)} has over {MAX_WEIGHT_DIGITS} digits as a "
                      "reduced fraction")


def decimal_digits_at_least(d):
    """A lower bound on the digits of the finite Decimal d as a reduced
    fraction, from its coefficient and exponent (without computing it)."""
    _, coefficient, exp = d.as_tuple()
    if not any(coefficient):
        return 1
    nd = len(coefficient)  # (no leading zeros)
    return nd + exp if exp >= 0 else -exp - nd + 1  # (numerator; or 10^-exp / coefficient)
