"""Out of memory in the library is a MemoryError, not the end of the
interpreter (certune/_isolate.py, docs/python.md "Out of memory"): analyses
and evaluations too big for a 4 GB address space raise it, nothing reaches
stdout, and the next small analysis works; the isolation's own cases (exit
status 5, signals, exceptions, captured output, the switch); and the
profiles it sends back are the ones computed in process."""

import os
import resource
import signal
import subprocess
import sys
import tempfile
import textwrap
import unittest
from fractions import Fraction

import certune
from certune import _isolate

from common import INSTANCES, REPO as ROOT

UNDER_ASAN = "asan" in os.environ.get("LD_PRELOAD", "")


def _star(path, leaves):
    """A star: the center labeled nowhere, two labeled leaves, the rest held out."""
    with open(path, "w") as f:
        f.write(f"p gssl {leaves + 1} 2\n")
        f.writelines(f"e 1 {i} 1\n" for i in range(2, leaves + 2))
        f.write("l 2 0\nl 3 1\n")
        f.writelines(f"t {i} {i % 2}\n" for i in range(4, leaves + 2))


def _path(path, n):
    """A path labeled at both ends, every inner node held out."""
    with open(path, "w") as f:
        f.write(f"p gssl {n} 2\n")
        f.writelines(f"e {i} {i + 1} 1\n" for i in range(1, n))
        f.write(f"l 1 0\nl {n} 1\n")
        f.writelines(f"t {i} {int(i >= n // 2)}\n" for i in range(2, n))


SCRIPT = textwrap.dedent("""
    import sys
    import certune
    star, path, gadget = sys.argv[1:4]
    for what, call in [
            ("analyze alpha star", lambda: certune.analyze(star, "alpha")),
            ("analyze lambda path", lambda: certune.analyze(path, "lambda")),
            ("evaluate alpha star", lambda: certune.evaluate(star, "alpha", "1/2")),
            ("ExactTuner lambda path", lambda: certune.ExactTuner("lambda").fit(path))]:
        try:
            call()
            print(what, "returned")
        except MemoryError as e:
            print(what, "MemoryError", e)
    p = certune.analyze(gadget, "lambda")
    print("after", p.min_loss, p.representative, p.loss_at("5/2"))
""")


@unittest.skipIf(UNDER_ASAN, "ASan reserves terabytes of address space: no RLIMIT_AS")
class OutOfMemory(unittest.TestCase):
    """The hostile-testing round's cases, in an interpreter limited to 4 GB."""

    def test_memory_error_and_the_interpreter_goes_on(self):
        with tempfile.TemporaryDirectory() as tmp:
            star, path = os.path.join(tmp, "star.gssl"), os.path.join(tmp, "path.gssl")
            _star(star, 50000)
            _path(path, 200000)
            limit = 4 << 30
            r = subprocess.run(
                [sys.executable, "-c", SCRIPT, star, path,
                 os.path.join(INSTANCES, "lambda-gadget-x4.gssl")],
                capture_output=True, text=True, timeout=600,
                preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)))
        self.assertEqual(r.returncode, 0, r.stderr[-2000:])
        lines = r.stdout.splitlines()
        self.assertEqual(len(lines), 5, r.stdout)  # (nothing else: no FLINT message)
        for line, what in zip(lines, ["analyze alpha star", "analyze lambda path",
                                      "evaluate alpha star", "ExactTuner lambda path"]):
            self.assertTrue(line.startswith(what + " MemoryError certune: out of memory while "),
                            line)
            self.assertIn("MB requested)", line)
        self.assertIn("analyzing 1 instance for alpha", lines[0])
        self.assertIn("evaluating alpha at a value on 1 instance", lines[2])
        self.assertEqual(lines[4], "after 0 3 0")
        self.assertNotIn("Exception", r.stdout + r.stderr)


class Isolation(unittest.TestCase):
    """The forked process's ends, as the caller sees them."""

    def setUp(self):
        self.was = certune.set_isolation(True)

    def tearDown(self):
        certune.set_isolation(self.was)

    def test_exit_5_is_a_memory_error_with_the_message(self):
        def task():
            os.write(2, b"certune: out of memory while testing (about 7 MB requested)\n")
            os._exit(5)
        with self.assertRaises(MemoryError) as cm:
            _isolate.run(task, "testing")
        self.assertEqual(str(cm.exception),
                         "certune: out of memory while testing (about 7 MB requested)")

    def test_sigkill_is_a_memory_error_saying_so(self):
        with self.assertRaisesRegex(MemoryError, "killed by SIGKILL .*out-of-memory killer"):
            _isolate.run(lambda: os.kill(os.getpid(), signal.SIGKILL), "testing")

    def test_a_crash_is_a_runtime_error_naming_the_signal(self):
        def task():  # (SIGUSR1: a sanitizer would catch SIGSEGV and exit 1 itself)
            os.write(1, b"some last words")
            os.kill(os.getpid(), signal.SIGUSR1)
        with self.assertRaisesRegex(certune.IsolatedProcessError,
                                    "testing died of signal SIGUSR1: some last words"):
            _isolate.run(task, "testing")
        self.assertTrue(issubclass(certune.IsolatedProcessError, RuntimeError))

    def test_other_ends(self):
        with self.assertRaisesRegex(certune.IsolatedProcessError, "status 3 and no result"):
            _isolate.run(lambda: os._exit(3), "testing")

        def fail():
            raise KeyError("from the child")
        with self.assertRaisesRegex(KeyError, "from the child"):
            _isolate.run(fail, "testing")

    def test_runs_elsewhere_and_returns_data(self):
        pid, big = _isolate.run(lambda: (os.getpid(), "x" * 300000), "testing")
        self.assertNotEqual(pid, os.getpid())
        self.assertEqual(big, "x" * 300000)  # (more than a pipe holds: read while it runs)
        certune.set_isolation(False)
        self.assertEqual(_isolate.run(os.getpid, "testing"), os.getpid())

    def test_stdout_of_the_child_is_captured(self):
        # FLINT prints to stdout; a child's printing must not reach the user's
        # stdout (here: a file in place of fd 1).
        with tempfile.TemporaryFile() as f:
            saved = os.dup(1)
            try:
                os.dup2(f.fileno(), 1)
                with self.assertRaises(MemoryError) as cm:
                    _isolate.run(lambda: (os.write(1, b"Exception (FLINT)\n"), os._exit(5)),
                                 "testing")
            finally:
                os.dup2(saved, 1)
                os.close(saved)
            f.seek(0)
            self.assertEqual(f.read(), b"")
        self.assertIn("Exception (FLINT)", str(cm.exception))

    def test_switch(self):
        self.assertIs(certune.isolation(), True)
        self.assertIs(certune.set_isolation(False), True)
        self.assertIs(certune.isolation(), False)
        with self.assertRaisesRegex(TypeError, "enabled: expected a bool, got str"):
            certune.set_isolation("no")
        env = dict(os.environ, CERTUNE_ISOLATION="0")
        r = subprocess.run([sys.executable, "-c", "import certune; print(certune.isolation())"],
                           env=env, capture_output=True, text=True, timeout=60)
        self.assertEqual(r.stdout.strip(), "False", r.stderr)


def _caught(exc, call):
    """The exception of type exc that call() raises (AssertionError if none)."""
    try:
        call()
    except exc as e:
        return e
    raise AssertionError(f"{exc.__name__} not raised")


def _state(p):
    """Everything a Profile shows."""
    return (p.family, p.c, p.n_instances, p.n_scored, p.domain, p.breakpoints,
            [(q.index, q.loss) for q in p.pieces], p.end_losses, p.loss_pieces, p.min_loss,
            p.minimum, p.representative, p.best_piece, p.warnings, p.ties,
            [p.piece_point(i) for i in range(len(p.pieces))])


class SameProfiles(unittest.TestCase):
    """A profile sent back as text equals the one computed in process."""

    def both(self, call):
        was = certune.set_isolation(False)
        try:
            here = call()
            certune.set_isolation(True)
            there = call()
        finally:
            certune.set_isolation(was)
        return here, there

    def test_every_family_on_shipped_instances(self):
        files = [os.path.join(INSTANCES, f) for f in sorted(os.listdir(INSTANCES))
                 if f.endswith(".gssl")][:6]
        for family in certune.profile.families():
            for ties in ("smallest", "expected"):
                with self.subTest(family=family, ties=ties):
                    here, there = self.both(
                        lambda: certune.analyze(files, family, ties=ties, _warn=False))
                    self.assertEqual(_state(here), _state(there))
                    for x in ("1/3", "1/2", Fraction(10**150 + 1, 10**150 * 3)):
                        self.assertEqual(here.loss_at(x), there.loss_at(x))

    def test_undecided_and_warnings(self):
        und = os.path.join(ROOT, "tests", "robust", "delta-undecided.gssl")
        here, there = self.both(lambda: _caught(
            certune.UndecidedError, lambda: certune.analyze(und, "delta")).intervals)
        self.assertEqual(here, there)
        self.assertTrue(here)
        g = certune.Instance([(0, 1), (2, 3)], [0, -1, -1, -1], truth=[-1, 0, 1, -1],
                             classes=2)
        here, there = self.both(lambda: certune.analyze(g, "lambda", _warn=False))
        self.assertEqual(_state(here), _state(there))
        self.assertTrue(there.warnings)

    def test_errors_come_back_as_in_process(self):
        g = certune.Instance([(0, 1)], [0, -1], truth=[-1, 0])
        for call in (lambda: certune.analyze(g, "delta", c="3/2"),
                     lambda: certune.evaluate(g, "alpha", "3/2")):
            here, there = self.both(lambda: _caught(ValueError, call))
            self.assertEqual((type(here), str(here)), (type(there), str(there)))


if __name__ == "__main__":
    unittest.main()
