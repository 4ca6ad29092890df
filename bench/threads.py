#!/usr/bin/env python3
"""`make bench-threads`: the --threads 2 speedup of `certune analyze` per
family on 300 30-node Cora samples (certune sample, seed 1), measured in
alternating runs: one 1-thread run and one 2-thread run in turn (the order
swapped every pair), wall time of each process, medians of RUNS of each.
Alternation cancels the host's drift between sittings, which moved separate
means by up to 20% here (docs/scale.md). A timing table, not a test.
Usage: bench/threads.py CERTUNE DATASETS [RUNS]"""
import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time


def wall(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def main():
    exe, data = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    if not os.path.isdir(os.path.join(data, "cora")):
        print(f"bench-threads: {data}/cora is absent; skipped")
        return
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([exe, "sample", "--dataset", os.path.join(data, "cora"), "--nodes",
                        "30", "--count", "300", "--seed", "1", "--out", tmp],
                       stdout=subprocess.DEVNULL, check=True)
        files = sorted(glob.glob(os.path.join(tmp, "*.gssl")))
        print(f"| family | 1 thread ms | 2 threads ms | speedup (medians of {runs}) |")
        print("|---|---|---|---|")
        for fam in ("lambda", "delta", "alpha"):
            times = {1: [], 2: []}
            for i in range(runs):
                for t in ((1, 2) if i % 2 == 0 else (2, 1)):
                    cmd = [exe, "analyze", "--family", fam, "--threads", str(t)] + files
                    times[t].append(wall(cmd))
            one, two = statistics.median(times[1]), statistics.median(times[2])
            print(f"| {fam} | {one * 1000:.1f} | {two * 1000:.1f} | {one / two:.2f} |")


main()
