#!/usr/bin/env python3
"""`make bench-whole`: certune analyze against a numpy/scipy grid on whole
graphs with their standard split. A timing table, not a test (docs/scale.md,
"Whole graphs: make bench-whole").

For each dataset: the whole-graph instance is written once (`certune instance
--dataset D --split S --score val`: public for cora, citeseer, pubmed;
geom-gcn:0 for actor, cornell, texas, wisconsin; random:0 for amazon-photo and
coauthor-cs); then for each family `certune analyze --family F --json
--threads 2 INSTANCE` runs under `timeout LIMIT` and `/usr/bin/time -f '%e %M'`
(wall seconds, peak RSS), and bench/whole_peer.py (same family, same file,
under the same timeout) under a python with numpy and scipy.

Usage: whole.py CERTUNE DATA_ROOT   (standard library only)
  LIMIT=seconds per run (default 120); DATASETS="cora citeseer" (default:
  cora citeseer pubmed amazon-photo coauthor-cs actor); FAMILIES (default
  lambda alpha delta); OUT=FILE: the rows as JSON lines; THREADS (default 2);
  PYTHON=a python with numpy/scipy (default: the first of python3,
  /usr/bin/python3 that imports them; none: the peer is SKIPPED).

certune's status: ok, timeout (over LIMIT), out-of-memory (exit 5),
undecided (exit 3), or failed (exit N); a run that did not finish shows the
last phase its --progress reported (stderr to a file), where the time went.
fallbacks: the components a ball path declined (the exact path solved them)
and their scored rows, from the JSON's ball_fallbacks (or, for a run that did
not finish, the count --progress reported). Both minima are compared when both
finish: the grid's minimum loss is >= certune's exact minimum (equal when a
grid point falls on a minimizing piece); a grid minimum below the exact one
is a floating-point error of the grid (a flipped near-tie) and is flagged."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

SPLITS = {"cora": "public", "citeseer": "public", "pubmed": "public",
          "actor": "geom-gcn:0", "cornell": "geom-gcn:0", "texas": "geom-gcn:0",
          "wisconsin": "geom-gcn:0", "amazon-photo": "random:0", "coauthor-cs": "random:0"}
DEFAULT = "cora citeseer pubmed amazon-photo coauthor-cs actor"
HERE = os.path.dirname(os.path.abspath(__file__))


def find_python():
    for p in [os.environ.get("PYTHON"), "python3", "/usr/bin/python3"]:
        if not p or not shutil.which(p):
            continue
        r = subprocess.run([p, "-c", "import numpy, scipy.sparse.linalg"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if r.returncode == 0:
            return p
    return None


def run_certune(certune, fam, inst, limit, threads, tmp):
    tfile = os.path.join(tmp, "time")
    out = os.path.join(tmp, "out.json")
    if os.path.exists(tfile):
        os.remove(tfile)
    with open(out, "w") as fo, open(os.path.join(tmp, "err"), "w") as fe:
        rc = subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", tfile, "timeout", str(limit),
                             certune, "analyze", "--family", fam, "--json", "--progress",
                             "--threads", str(threads), inst], stdout=fo, stderr=fe).returncode
    secs = kb = None
    try:
        last = open(tfile).read().split("\n")
        last = [x for x in last if x.strip() and x.split()[0][0].isdigit()][-1].split()
        secs, kb = float(last[0]), int(last[1])
    except (OSError, IndexError, ValueError):
        pass
    status = {0: "ok", 124: "timeout", 5: "out-of-memory", 3: "undecided"}.get(rc, f"failed (exit {rc})")
    # the last phase --progress reported (docs/scale.md): where a run over the limit was
    # and the components the ball path declined (the phase, for a run that stops later)
    phase = declined = None
    for line in open(os.path.join(tmp, "err"), errors="replace"):
        if line.startswith("certune: analyze: ") and " s, " in line:
            phase = line.rstrip("\n").split(" s, ", 1)[1]
            if phase.startswith("components declined by the ball path "):
                declined = int(phase.rsplit(" ", 1)[1].split("/")[0])
    res = {"status": status, "seconds": secs, "peak_kb": kb, "breakpoints": None, "min_loss": None,
           "last_phase": phase, "fallbacks": declined, "fallback_rows": None}
    if rc == 0:
        d = json.load(open(out))
        res["breakpoints"] = len(d["breakpoints"])
        res["min_loss"] = d["minimum"]["loss"]
        res["representative"] = d["minimum"]["representative"]
        res["fallbacks"] = d["ball_fallbacks"]["components"]
        res["fallback_rows"] = d["ball_fallbacks"]["rows"]
    return res


def run_peer(py, fam, inst, limit):
    if py is None:
        return {"status": "SKIPPED (no python with numpy and scipy)"}
    t0 = time.perf_counter()
    r = subprocess.run(["timeout", str(limit), py, os.path.join(HERE, "whole_peer.py"),
                        "--family", fam, inst], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - t0
    if r.returncode == 124:
        return {"status": "timeout", "seconds": float(limit)}
    if r.returncode != 0:
        return {"status": f"failed (exit {r.returncode})", "stderr": r.stderr[-300:]}
    d = json.loads(r.stdout.strip().splitlines()[-1])
    if "skip" in d:
        return {"status": "SKIPPED: " + d["skip"]}
    d["status"] = "ok"
    d["process_seconds"] = round(wall, 3)
    return d


def agreement(c, p):
    if c.get("status") != "ok" or p.get("status") != "ok":
        return "-"
    exact, grid = Fraction(c["min_loss"]), Fraction(p["min_loss"])
    if grid == exact:
        return "agree (grid hits a minimizing piece)"
    if grid > exact:
        return f"agree (grid {grid - exact} above the exact minimum)"
    return f"DISAGREE: grid {grid} below the exact minimum {exact} (floating error)"


def fallbacks(c):
    """Components the ball path declined (and their rows), '-' when unknown."""
    if c["fallbacks"] is None:
        return "-"
    rows = c["fallback_rows"]
    return str(c["fallbacks"]) + ("" if rows is None else f" ({rows} rows)")


def fmt(x, f="{:.1f}"):
    return "-" if x is None else f.format(x)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: whole.py CERTUNE DATA_ROOT")
    certune, root = os.path.abspath(sys.argv[1]), sys.argv[2]
    limit = int(os.environ.get("LIMIT") or 120)
    threads = int(os.environ.get("THREADS") or 2)
    datasets = (os.environ.get("DATASETS") or DEFAULT).split()
    families = (os.environ.get("FAMILIES") or "lambda alpha delta").split()
    outpath = os.environ.get("OUT") or None
    if not os.path.isdir(root):
        print(f"bench-whole: no data root {root} (DATA=); skipped")
        return
    py = find_python()
    if py is None:
        print("bench-whole: SKIP the peer: no python with numpy and scipy (PYTHON=, or "
              "bash scripts/install-deps.sh); certune runs alone")
    with open("/proc/loadavg") as f:
        load = " ".join(f.read().split()[:3])
    print(f"bench-whole: {time.strftime('%Y-%m-%d %H:%M %Z')}, {os.cpu_count()} cores, load {load}, "
          f"limit {limit} s per run, certune --threads {threads}, peer python {py}")
    print("(wall times: on a machine shared with other jobs they vary from run to run)")
    print()
    print("| dataset | n | family | certune s | certune MB | status | fallbacks | breakpoints "
          "| exact min loss | peer s | peer MB | points | peer method | grid min loss "
          "| certune / peer | minima |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    sys.stdout.flush()
    outf = open(outpath, "a") if outpath else None
    tmp = tempfile.mkdtemp(prefix="bench-whole.")
    try:
        for ds in datasets:
            split = SPLITS.get(ds)
            if split is None:
                print(f"| {ds} | unknown dataset (known: {' '.join(SPLITS)}) |")
                continue
            if not os.path.isdir(os.path.join(root, ds)):
                print(f"| {ds} | SKIPPED: {root}/{ds} is absent |")
                continue
            inst = os.path.join(tmp, f"{ds}.gssl")
            t0 = time.perf_counter()
            r = subprocess.run([certune, "instance", "--dataset", ds, "--data-root", root,
                                "--split", split, "--score", "val", "--out", inst],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            if r.returncode != 0:
                print(f"| {ds} | instance failed: {r.stderr.strip()[:200]} |")
                continue
            build = time.perf_counter() - t0
            n = None
            for line in open(inst):
                if line.startswith("p "):
                    n = int(line.split()[2])
                    break
            for fam in families:
                c = run_certune(certune, fam, inst, limit, threads, tmp)
                p = run_peer(py, fam, inst, limit)
                ratio = None
                if c["status"] == "ok" and p.get("status") == "ok" and p["seconds"] > 0:
                    ratio = c["seconds"] / p["seconds"]
                agree = agreement(c, p)
                ratio_s = fmt(ratio, "{:.3g}")
                if ratio is None and c["status"] == "timeout" and p.get("status") == "ok":
                    ratio_s = f"> {limit / p['seconds']:.3g}"
                st = c["status"] if c["status"] == "ok" else f"{c['status']} ({c['last_phase']})"
                print(f"| {ds} | {n} | {fam} | {fmt(c['seconds'])} | {fmt(c['peak_kb'] and c['peak_kb'] / 1024, '{:.0f}')} "
                      f"| {st} | {fallbacks(c)} | {fmt(c['breakpoints'], '{}')} | {c['min_loss'] or '-'} "
                      f"| {fmt(p.get('seconds'), '{:.2f}')} | {fmt(p.get('peak_kb') and p['peak_kb'] / 1024, '{:.0f}')} "
                      f"| {p.get('points', '-')} | {p.get('method', p.get('status'))} | {Fraction(p['min_loss']) if 'min_loss' in p else '-'} "
                      f"| {ratio_s} | {agree} |")
                sys.stdout.flush()
                if outf:
                    outf.write(json.dumps({"dataset": ds, "split": split, "n": n, "family": fam,
                                           "limit_seconds": limit, "threads": threads,
                                           "instance_seconds": round(build, 3), "load": load,
                                           "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                                           "certune": c, "peer": p, "ratio": ratio,
                                           "minima": agree}) + "\n")
                    outf.flush()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if outf:
            outf.close()


if __name__ == "__main__":
    main()
