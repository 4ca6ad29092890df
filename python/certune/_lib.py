"""Loading libcertune and declaring the C entry layer (include/certune/capi.h).

The library is looked for, in order (docs/python.md, "Loading the library"):
1. the file or folder named by the CERTUNE_LIB environment variable (alone:
   when it is set and does not load, nothing else is tried);
2. run from a checkout (python/certune in the source tree): the tree's build
   folder, what `make` just built;
3. the libdir of the pkg-config file that `make install` writes (certune.pc:
   `pkg-config --variable=libdir certune`, or the file itself read from
   PKG_CONFIG_PATH and the usual folders when pkg-config is absent);
4. installed with pip: the build folder of the checkout it was installed from
   (recorded at install time, _where.py);
5. the system loader (libcertune.so.0 on the loader's path).
A library that loads but lacks a function this package declares (an older
build) is skipped and named in the error.
"""

import ctypes
import ctypes.util
import glob
import os
import shutil
import subprocess

_ERRLEN = 512
_lib = None

# C status codes (capi.h).
OK, USAGE, INPUT, UNDECIDED = 0, 1, 2, 3


class LibraryNotFoundError(ImportError):
    """libcertune could not be loaded; the message lists where it was looked for."""


_SONAME = "libcertune.so.0"
# Where pkg-config looks after PKG_CONFIG_PATH unless PKG_CONFIG_LIBDIR replaces
# them (Debian's `pkg-config --variable pc_path pkg-config`): read when the
# pkg-config program is absent.
_PC_DIRS = ("/usr/local/lib/x86_64-linux-gnu/pkgconfig", "/usr/local/lib/pkgconfig",
            "/usr/local/share/pkgconfig", "/usr/lib/x86_64-linux-gnu/pkgconfig",
            "/usr/lib/pkgconfig", "/usr/share/pkgconfig")


def _in_folder(folder):
    """The libcertune.so* files of folder, the most specific name first."""
    return sorted(glob.glob(os.path.join(folder, "libcertune.so*")), reverse=True)


def _checkout_build():
    """The build folder of the source tree this package sits in (python/certune
    beside a Makefile), or None when it is not run from a checkout."""
    here = os.path.dirname(os.path.abspath(__file__))
    tree = os.path.normpath(os.path.join(here, "..", ".."))
    if os.path.basename(os.path.dirname(here)) != "python" or \
            not os.path.isfile(os.path.join(tree, "Makefile")):
        return None
    return os.path.join(tree, "build")


def _pc_libdir(text):
    """libdir of a .pc file's text (its variables expanded), or None."""
    variables = {}
    for line in text.splitlines():
        name, eq, value = line.partition("=")
        if eq and name.strip().isidentifier() and ":" not in name:
            for k, v in variables.items():
                value = value.replace("${%s}" % k, v)
            variables[name.strip()] = value.strip()
    return variables.get("libdir")


def _pkg_config_libdir():
    """(libdir, how) from certune.pc, or (None, why not)."""
    if shutil.which("pkg-config"):
        try:
            r = subprocess.run(["pkg-config", "--variable=libdir", "certune"],
                               capture_output=True, text=True, timeout=20)
        except (OSError, subprocess.SubprocessError) as e:
            return None, f"pkg-config failed: {e}"
        if r.returncode == 0 and r.stdout.strip():
            return r.stdout.strip(), "pkg-config --variable=libdir certune"
        return None, "pkg-config finds no certune.pc (set PKG_CONFIG_PATH to its folder)"
    env = lambda name: [d for d in os.environ.get(name, "").split(":") if d]
    dirs = env("PKG_CONFIG_PATH") + (env("PKG_CONFIG_LIBDIR") or list(_PC_DIRS))
    for d in dirs:
        pc = os.path.join(d, "certune.pc")
        if os.path.isfile(pc):
            try:
                with open(pc) as f:
                    libdir = _pc_libdir(f.read())
            except OSError:
                continue
            if libdir:
                return libdir, pc
    return None, "no pkg-config program, and no certune.pc in " + ":".join(dirs)


def _recorded_build():
    """The build folder of the checkout this installed package came from, or None."""
    try:
        from . import _where
    except ImportError:
        return None
    return getattr(_where, "SOURCE_BUILD", None)


def _candidates():
    """(path, where) pairs in the order they are tried; where says which rule
    found them (for the error). A path None only notes a rule that found nothing."""
    env = os.environ.get("CERTUNE_LIB")
    if env:
        if os.path.isdir(env):
            found = _in_folder(env)
            yield from ((p, "CERTUNE_LIB") for p in found)
            if not found:
                yield None, f"CERTUNE_LIB={env}: no libcertune.so* in that folder"
        else:
            yield env, "CERTUNE_LIB"
        return
    yield None, "CERTUNE_LIB: not set"
    checkout = _checkout_build()
    if checkout is None:
        yield None, "not run from a checkout"
    else:
        found = _in_folder(checkout)
        yield from ((p, "the checkout's build folder") for p in found)
        if not found:
            yield None, f"the checkout's build folder {checkout}: no libcertune.so* (run make)"
    libdir, how = _pkg_config_libdir()
    if libdir:
        yield os.path.join(libdir, _SONAME), how
    else:
        yield None, how
    recorded = _recorded_build()
    if recorded and recorded != checkout:
        found = _in_folder(recorded)
        yield from ((p, "the build folder of the checkout installed from") for p in found)
        if not found:
            yield None, f"the build folder of the checkout installed from, {recorded}: " \
                        "no libcertune.so*"
    yield _SONAME, "the system loader"
    found = ctypes.util.find_library("certune")
    if found and found != _SONAME:
        yield found, "the system loader (ldconfig)"


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


# capi_isolate.c: the library's out-of-memory discipline, profiles as text
# (a forked worker's result, _isolate.py).
_ISOLATE_PROTOTYPES = {
    "ct_capi_memory_discipline": (None, [_INT, _CSTR]),
    "ct_capi_profile_text": (_STR, [_P]),
    "ct_capi_profile_from_text": (_INT, [ctypes.POINTER(_P), _CSTR, _SIZE, _CSTR, _CSTR,
                                         _SIZE]),
}

# capi_search.c: the tie rules, per-instance costs, the exact evaluation.
_SEARCH_PROTOTYPES = {
    "ct_capi_analyze_ties": (_INT, [ctypes.POINTER(_P), _P, _INT, _CSTR, _INT, _INT, _CSTR,
                                    _SIZE]),
    "ct_capi_analyze_with": (_INT, [ctypes.POINTER(_P), _P, _INT, _CSTR, _INT, _INT, _LONG,
                                    _LONG, _CSTR, _SIZE]),
    "ct_capi_profile_ties": (_INT, [_P]),
    "ct_capi_profile_nplaces": (_LONG, [_P]),
    "ct_capi_profile_tie_unit": (_LONG, [_P]),
    "ct_capi_profile_inst_nscored": (_LONG, [_P, _LONG]),
    "ct_capi_profile_costs": (_INT, [_P, _LONGP]),
    "ct_capi_evaluate": (_INT, [ctypes.POINTER(_P), _P, _INT, _CSTR, _CSTR, _INT, _INT, _CSTR,
                                _SIZE]),
    "ct_capi_eval_destroy": (None, [_P]),
    "ct_capi_eval_loss": (_STR, [_P]),
    "ct_capi_eval_inst_loss": (_STR, [_P, _LONG]),
    "ct_capi_eval_nnodes": (_LONG, [_P]),
    "ct_capi_eval_ntied": (_LONG, [_P]),
    "ct_capi_eval_nodes": (None, [_P, _LONGP, _LONGP, _LONGP, _LONGP, _LONGP]),
}
# Tie rules (capi.h's CT_CAPI_TIES_*).
TIES = {"smallest": 0, "expected": 1}


def _declare(lib):
    for name, (res, args) in list(_PROTOTYPES.items()) + list(_SEARCH_PROTOTYPES.items()) + \
            list(_ISOLATE_PROTOTYPES.items()):
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
    for path, where in _candidates():
        if path is None:
            tried.append(where)
            continue
        try:
            handle = ctypes.CDLL(path)
        except OSError as e:
            tried.append(f"{where}: {path} ({e})")
            continue
        try:
            _declare(handle)
        except AttributeError as e:  # (an older library without a newer function)
            tried.append(f"{where}: {path} (too old for this package: {e})")
            continue
        # FLINT's allocations under the library's discipline in this process too:
        # out of memory here (reading an instance, a getter) is certune's message
        # on stderr and exit 5, not FLINT's on stdout and an abort (_isolate.py).
        handle.ct_capi_memory_discipline(0, None)
        _lib = handle
        return _lib
    raise LibraryNotFoundError(
        "certune: cannot load libcertune. Tried, in order: " + "; ".join(tried) + ". (Where "
        "it is looked for: 1. $CERTUNE_LIB, the library file or its folder, alone when set; "
        "2. run from a checkout, its build folder (`make`); 3. the libdir of certune.pc, the "
        "pkg-config file of `make install` (PKG_CONFIG_PATH for a PREFIX of your own); "
        "4. installed with pip, the build folder of the checkout it came from; 5. the "
        "system loader (libcertune.so.0: ldconfig, LD_LIBRARY_PATH).)")


def take_string(ptr):
    """The Python str of a char * returned by the library, freed; None for NULL."""
    if not ptr:
        return None
    try:
        return ctypes.string_at(ptr).decode("utf-8")
    finally:
        lib().ct_capi_free_string(ptr)


def take_bytes(ptr):
    """The bytes of a char * returned by the library, freed; None for NULL."""
    if not ptr:
        return None
    try:
        return ctypes.string_at(ptr)
    finally:
        lib().ct_capi_free_string(ptr)


def error_buffer():
    return ctypes.create_string_buffer(_ERRLEN)


def error_text(buf):
    return buf.value.decode("utf-8", "replace")
