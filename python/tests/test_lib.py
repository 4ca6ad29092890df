"""Finding libcertune: CERTUNE_LIB first, a clear error when it is missing."""

import os
import subprocess
import sys
import unittest

from common import REPO

CODE = "import certune; print(certune.library_version())"


def run(env_lib):
    env = dict(os.environ, PYTHONPATH=os.path.join(REPO, "python"))
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
