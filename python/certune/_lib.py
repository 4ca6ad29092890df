"""Loading libcertune and declaring the C entry layer (include/certune/capi.h).

The library is looked for, in order: the file or folder named by the
CERTUNE_LIB environment variable, the build folder of the source tree this
package sits in (python/../build), then the system loader (libcertune.so.0,
as installed by `make install`).
"""

import ctypes
import ctypes.util
import glob
import os

_ERRLEN = 512
_lib = None

# C status codes (capi.h).
OK, USAGE, INPUT, UNDECIDED = 0, 1, 2, 3


class LibraryNotFoundError(ImportError):
    """libcertune could not be loaded; the message lists where it was looked for."""


def _candidates():
    env = os.environ.get("CERTUNE_LIB")
    if env:
        if os.path.isdir(env):
            yield from sorted(glob.glob(os.path.join(env, "libcertune.so*")), reverse=True)
        else:
            yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    build = os.path.normpath(os.path.join(here, "..", "..", "build"))
    yield from sorted(glob.glob(os.path.join(build, "libcertune.so*")), reverse=True)
    yield "libcertune.so.0"
    found = ctypes.util.find_library("certune")
    if found:
        yield found


_STR = ctypes.c_void_p  # a char * the caller frees with ct_capi_free_string
_P = ctypes.c_void_p  # an opaque handle
_LONG = ctypes.c_long
_INT = ctypes.c_int
_CSTR = ctypes.c_char_p
_SIZE = ctypes.c_size_t
_LONGP = ctypes.POINTER(ctypes.c_long)

_PROTOTYPES = {
    "ct_capi_version": (_CSTR, []),
    "ct_capi_family_id": (_INT, [_CSTR]),
    "ct_capi_family_count": (_INT, []),
    "ct_capi_family_listed": (_INT, [_INT]),
    "ct_capi_family_name": (_CSTR, [_INT]),
    "ct_capi_family_symbol": (_CSTR, [_INT]),
    "ct_capi_family_domain": (_CSTR, [_INT]),
    "ct_capi_family_hi": (_CSTR, [_INT]),
    "ct_capi_family_closed": (_INT, [_INT]),
    "ct_capi_family_has_c": (_INT, [_INT]),
    "ct_capi_free_string": (None, [_STR]),
    "ct_capi_instances_new": (_P, []),
    "ct_capi_instances_destroy": (None, [_P]),
    "ct_capi_instances_count": (_LONG, [_P]),
    "ct_capi_instances_add_file": (_INT, [_P, _CSTR, _CSTR, _SIZE]),
    "ct_capi_instances_add_graph": (
        _INT,
        [_P, _CSTR, _LONG, _LONG, _LONG, _LONGP, _LONGP, ctypes.POINTER(_CSTR), _LONGP,
         _LONGP, _CSTR, _SIZE],
    ),
    "ct_capi_instances_gssl": (_STR, [_P, _LONG]),
    "ct_capi_analyze": (_INT, [ctypes.POINTER(_P), _P, _INT, _CSTR, _INT, _CSTR, _SIZE]),
    "ct_capi_profile_destroy": (None, [_P]),
    "ct_capi_profile_loss_at": (_STR, [_P, _CSTR, _CSTR, _SIZE]),
}
# Getters of a profile: (name, return kind, takes an index).
_GETTERS = [
    ("family", _INT, False), ("ninstances", _LONG, False), ("nscored", _LONG, False),
    ("nbreakpoints", _LONG, False), ("nundecided", _LONG, False), ("closed", _INT, False),
    ("loss_pieces", _LONG, False), ("c", _STR, False), ("warnings", _STR, False),
    ("bp_exact", _STR, True), ("bp_approx", _STR, True), ("bp_lo", _STR, True),
    ("bp_hi", _STR, True), ("bp_changes", _LONG, True), ("bp_jump", _INT, True),
    ("piece_loss", _STR, True), ("point_loss", _STR, True), ("end_loss", _STR, "int"),
    ("min_loss", _STR, False), ("min_npieces", _LONG, False), ("min_piece", _LONG, True),
    ("min_npoints", _LONG, False), ("min_point", _LONG, True), ("min_ends", _INT, False),
    ("best_piece", _LONG, False), ("representative", _STR, False),
    ("piece_point", _STR, True), ("undecided_lo", _STR, True),
    ("undecided_hi", _STR, True), ("undecided_what", _STR, True),
]


def _declare(lib):
    for name, (res, args) in _PROTOTYPES.items():
        fn = getattr(lib, name)
        fn.restype, fn.argtypes = res, args
    for name, res, indexed in _GETTERS:
        fn = getattr(lib, "ct_capi_profile_" + name)
        fn.restype = res
        fn.argtypes = [_P] + ([_INT] if indexed == "int" else [_LONG] if indexed else [])


def lib():
    """The loaded library (loaded and declared on first use)."""
    global _lib
    if _lib is not None:
        return _lib
    tried = []
    for path in _candidates():
        try:
            handle = ctypes.CDLL(path)
        except OSError as e:
            tried.append(f"{path} ({e})")
            continue
        _declare(handle)
        _lib = handle
        return _lib
    raise LibraryNotFoundError(
        "certune: cannot load libcertune (build it with `make` in the source tree, "
        "install it with `make install`, or set CERTUNE_LIB to the library file); tried: "
        + "; ".join(tried))


def take_string(ptr):
    """The Python str of a char * returned by the library, freed; None for NULL."""
    if not ptr:
        return None
    try:
        return ctypes.string_at(ptr).decode("utf-8")
    finally:
        lib().ct_capi_free_string(ptr)


def error_buffer():
    return ctypes.create_string_buffer(_ERRLEN)


def error_text(buf):
    return buf.value.decode("utf-8", "replace")
