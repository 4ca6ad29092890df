"""Finding libcertune: CERTUNE_LIB first, a clear error when it is missing."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from common import REPO

CODE = "import certune; print(certune.library_version())"


def run(env_lib, pythonpath=os.path.join(REPO, "python"), **extra):
    env = dict(os.environ, PYTHONPATH=pythonpath, **extra)
    env.pop("CERTUNE_LIB", None)
    if env_lib is not None:
        env["CERTUNE_LIB"] = env_lib
    return subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, env=env)


class Loading(unittest.TestCase):
    def test_missing_library_is_a_clear_error(self):
        r = run("/nonexistent/libcertune.so.0")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("LibraryNotFoundError", r.stderr)
        self.assertIn("/nonexistent/libcertune.so.0", r.stderr)
        self.assertIn("CERTUNE_LIB", r.stderr)

    def test_env_names_the_library(self):
        lib = os.environ.get("CERTUNE_LIB")
        if not lib:
            self.skipTest("CERTUNE_LIB not set (tests/cli-python.sh sets it)")
        r = run(lib)
        self.assertEqual((r.returncode, r.stdout.strip()), (0, "0.5.0"), r.stderr)
        r = run(os.path.dirname(lib))  # a folder holding libcertune.so*
        self.assertEqual((r.returncode, r.stdout.strip()), (0, "0.5.0"), r.stderr)

    def test_system_loader(self):
        # A copy of the package outside the source tree (no ../build) finds
        # libcertune.so.0 through the loader's path, as after `make install`.
        lib = os.environ.get("CERTUNE_LIB")
        if not lib or os.path.isdir(lib):
            self.skipTest("CERTUNE_LIB not set to the library file (tests/cli-python.sh sets it)")
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copytree(os.path.join(REPO, "python", "certune"),
                            os.path.join(tmp, "pkg", "certune"))
            os.mkdir(os.path.join(tmp, "lib"))
            os.symlink(os.path.abspath(lib), os.path.join(tmp, "lib", "libcertune.so.0"))
            r = run(None, os.path.join(tmp, "pkg"), LD_LIBRARY_PATH=os.path.join(tmp, "lib"))
            self.assertEqual((r.returncode, r.stdout.strip()), (0, "0.5.0"), r.stderr)
            import ctypes.util
            if ctypes.util.find_library("certune") is None:  # (none installed system-wide)
                r = run(None, os.path.join(tmp, "pkg"), LD_LIBRARY_PATH=os.path.join(tmp, "no"))
                self.assertIn("LibraryNotFoundError", r.stderr)

    def test_not_certune(self):
        # A library that loads but lacks the package's functions (an older
        # libcertune, here libm) is named as too old, not used.
        import ctypes.util
        libm = ctypes.util.find_library("m")
        if libm is None:
            self.skipTest("no libm to stand for an older library")
        r = run(libm)
        self.assertIn("LibraryNotFoundError", r.stderr)
        self.assertIn("too old for this package", r.stderr)

    def test_pc_file(self):
        # certune.pc as `make install` writes it (scripts/certune.pc.in), read
        # without pkg-config: libdir with ${prefix} expanded.
        import certune._lib as L
        with open(os.path.join(REPO, "scripts", "certune.pc.in")) as f:
            text = f.read().replace("@PREFIX@", "/opt/ct").replace("@VERSION@", "0.5.0")
        self.assertEqual(L._pc_libdir(text), "/opt/ct/lib")
        self.assertEqual(L._pc_libdir("Name: x\nDescription: a=b\n"), None)
