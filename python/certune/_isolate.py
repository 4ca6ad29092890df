"""Library calls that can allocate without bound, run in a forked process.

libcertune's answer to running out of memory is its discipline everywhere:
one message on stderr and the end of the process (exit status 5; FLINT's own
allocator would abort with its message on stdout). In a Python interpreter
that would end the user's session. So the calls whose memory grows with the
problem (an analysis, the exact evaluation at a value, the loss at a point
given by a long exact string) run by default in a child made with os.fork: the
child inherits the C objects it needs (the instances, the profile), runs the
call under the library's discipline, and sends the result back as data
through a pipe; its stdout and stderr are captured. Its end decides what the
caller sees:

- a result: returned;
- exit status 5 (out of memory, or a size past FLINT's or GMP's limits):
  MemoryError with the library's message;
- killed by SIGKILL (the kernel's out-of-memory killer, most often):
  MemoryError saying so;
- any other signal or status: IsolatedProcessError (a RuntimeError) with the
  signal and what the child printed.

The interpreter and every object in it are untouched either way (the child
never writes to the parent's memory), so the next call works. The parent's
own C state never sees a half-done allocation: nothing is recovered, the
whole process that failed is gone.

set_isolation(False), or CERTUNE_ISOLATION=0 in the environment, runs the
calls in the interpreter's own process instead (faster for many tiny calls;
an out of memory then ends the interpreter, exit 5). docs/python.md, "Out of
memory", has the measured overhead.
"""

import gc
import os
import pickle
import selectors
import signal
import sys

from . import _lib

_EXIT_MEMORY = 5  # CERTUNE_EXIT_MEMORY (include/certune/base.h)

# Profile.loss_at(x) runs isolated only when x's exact string is longer than
# this: its memory is the size of x times that of the profile's functions,
# already in memory, so a short x (a piece point, a grid value) cannot run
# away, and a fork per call would cost more than the call (docs/python.md).
SHORT_EXACT = 100


def _from_environment():
    value = os.environ.get("CERTUNE_ISOLATION", "1").strip().lower()
    return value not in ("0", "no", "off", "false")


_enabled = _from_environment() and hasattr(os, "fork")


class IsolatedProcessError(RuntimeError):
    """The process that ran a library call ended abnormally (a signal other
    than SIGKILL, an unexpected exit status): the message says how, and what
    it printed. The interpreter is unaffected."""


def isolation():
    """Whether unbounded library calls run in a forked process (the default)."""
    return _enabled


def set_isolation(enabled):
    """Runs unbounded library calls (analyze, evaluate, Profile.loss_at)
    in a forked process when enabled is true (the default; an out of memory
    there is a MemoryError), in this process when false (an out of memory then
    ends the interpreter with exit status 5). Returns the previous setting.
    enabled must be a bool; True needs os.fork (POSIX)."""
    global _enabled
    if not isinstance(enabled, bool):
        raise TypeError(f"enabled: expected a bool, got {type(enabled).__name__}")
    if enabled and not hasattr(os, "fork"):
        raise ValueError("enabled: isolation needs os.fork, which this platform lacks")
    previous, _enabled = _enabled, enabled
    return previous


def _child(task, what, out_fd, err_fd):
    """In the forked child: run task under the library's discipline, write the
    pickled (ok, value) to out_fd, and leave without running any of the
    parent's cleanup (os._exit)."""
    status = 0
    try:
        gc.disable()  # (finalizers of the parent's objects must not run here)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.dup2(err_fd, 1)  # (FLINT prints to stdout: captured, never the user's)
        os.dup2(err_fd, 2)
        _lib.lib().ct_capi_memory_discipline(1, what.encode())
        try:
            payload = pickle.dumps((True, task()), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as e:  # (raised again in the parent)
            try:
                payload = pickle.dumps((False, e), protocol=pickle.HIGHEST_PROTOCOL)
            except Exception:
                payload = pickle.dumps((False, IsolatedProcessError(repr(e))))
        view = memoryview(payload)
        while view:
            view = view[os.write(out_fd, view):]
    except BaseException:
        status = 70
    finally:
        os._exit(status)


def _read_all(fds):
    """Reads the fds to their ends at once (a child writing much to one while
    the parent waits on the other must not block); returns their bytes."""
    chunks = {fd: [] for fd in fds}
    with selectors.DefaultSelector() as sel:
        for fd in fds:
            sel.register(fd, selectors.EVENT_READ)
        open_fds = len(fds)
        while open_fds:
            for key, _ in sel.select():
                data = os.read(key.fd, 1 << 16)
                if data:
                    chunks[key.fd].append(data)
                else:
                    sel.unregister(key.fd)
                    open_fds -= 1
    return [b"".join(chunks[fd]) for fd in fds]


def _failure(status, printed, what):
    """The exception for a child that ended without a result."""
    text = printed.decode("utf-8", "replace").strip()
    said = f": {text}" if text else ""
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) == _EXIT_MEMORY:
        return MemoryError(text or f"certune: out of memory while {what}")
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        name = signal.Signals(sig).name if sig in signal.Signals._value2member_map_ else sig
        if sig == signal.SIGKILL:
            return MemoryError(f"certune: the process {what} was killed by SIGKILL (most "
                               f"often the kernel's out-of-memory killer){said}")
        return IsolatedProcessError(f"certune: the process {what} died of signal "
                                    f"{name}{said}")
    code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else status
    return IsolatedProcessError(f"certune: the process {what} ended with status "
                                f"{code} and no result{said}")


def run(task, what):
    """task() (a function of no argument returning picklable data) run in a
    forked child under the library's out-of-memory discipline when isolation
    is on, else here. what: what it does, for messages ("analyzing 3
    instances"). Returns task's value; raises what task raised, MemoryError
    when the child ran out of memory, IsolatedProcessError when it died
    otherwise."""
    if not _enabled:
        return task()
    _lib.lib()  # (loaded before the fork, once)
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    try:
        sys.stdout.flush(), sys.stderr.flush()  # (no buffered text written twice)
    except (AttributeError, ValueError):
        pass
    pid = os.fork()
    if pid == 0:
        os.close(out_r), os.close(err_r)
        _child(task, what, out_w, err_w)
    os.close(out_w), os.close(err_w)
    try:
        payload, printed = _read_all([out_r, err_r])
        _, status = os.waitpid(pid, 0)
    except BaseException:  # (KeyboardInterrupt: the child goes too)
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except OSError:
            pass
        raise
    finally:
        os.close(out_r), os.close(err_r)
    if not (os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0 and payload):
        raise _failure(status, printed, what)
    if printed:
        sys.stderr.write(printed.decode("utf-8", "replace"))
    ok, value = pickle.loads(payload)
    if not ok:
        raise value
    return value
