#!/usr/bin/env python3
"""bench/cputime.py OUT SECONDS CMD...: runs CMD (its stdout discarded, its
stderr ours), stops it with SIGTERM after SECONDS of wall time, and writes
"USER SYS MAXRSS_KIB" to OUT from the child's own resource usage (wait4:
microseconds, where /usr/bin/time prints hundredths, too coarse for runs of a
few tens of milliseconds). Exits with CMD's status, 124 when it was stopped
(as timeout(1) does)."""
import os
import signal
import subprocess
import sys


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: cputime.py OUT SECONDS CMD...")
    out, limit, cmd = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    stopped = []

    def on_alarm(sig, frame):
        stopped.append(sig)
        os.kill(child.pid, signal.SIGTERM)

    signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, limit)
    _, status, usage = os.wait4(child.pid, 0)  # retried after the alarm
    signal.setitimer(signal.ITIMER_REAL, 0)
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here
    with open(out, "w") as f:
        f.write(f"{usage.ru_utime:.6f} {usage.ru_stime:.6f} {usage.ru_maxrss}\n")
    if stopped:
        sys.exit(124)
    sys.exit(child.returncode & 0xFF)


if __name__ == "__main__":
    main()
