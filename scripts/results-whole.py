#!/usr/bin/env python3
"""Writes docs/results-whole-graph.md (to stdout) from the run records that
`make reproduce-whole` (scripts/reproduce-whole.sh) keeps in
results/whole-graph/: one JSON record per dataset and family, and per dataset
the project's GCN on the same split. Every number on the page comes from those
records or from the published baseline below; nothing is typed in by hand.

Usage: python3 scripts/results-whole.py results/whole-graph > docs/results-whole-graph.md
"""
import glob
import json
import os
import sys
from fractions import Fraction

# Kipf and Welling (ICLR 2017), Table 2: label propagation (LP) test accuracy
# in percent on the Planetoid public split.
PUBLISHED_LP = {"cora": 68.0, "citeseer": 45.3, "pubmed": 63.0}
ORDER = ["cornell", "texas", "wisconsin", "cora", "citeseer", "pubmed", "actor",
         "amazon-photo", "coauthor-cs"]
FAMILIES = ["lambda", "alpha", "delta"]


def load(folder):
    runs = {}
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        name = os.path.basename(path)[:-5]
        ds, _, what = name.rpartition("-")
        with open(path) as f:
            runs[(ds, what)] = json.load(f)
    return runs


def pct(x):
    return "%.1f" % (100 * float(x))


def frac(s):
    return Fraction(s)


def short(q, digits=4):
    x = float(Fraction(q))
    return "%.*g" % (digits, x)


def row(ds, fam, rec):
    lim = rec.get("limit_seconds")
    if rec["status"] != "ok":
        what = {"timeout": "over the %s s limit" % lim,
                "out-of-memory": "out of memory (%d MB limit)" % (rec["limit_kb"] // 1000)}
        return "| %s | %s | %s | | | | | | | | | %.0f | %s |" % (
            ds, fam, what.get(rec["status"], rec["status"]), rec["seconds"],
            "%d" % (rec["peak_kb"] // 1000) if rec.get("peak_kb") else "")
    r = rec["result"]
    fr = r["families"][0]
    grid = fr.get("grid") or {}
    miss = "%s" % short(grid["miss"]) if grid else ""
    tied = "%d / %d" % (fr["tied_train"], fr["tied_test"])
    unr = "%d / %d" % (r["unreached"]["val_nodes"], r["unreached"]["test_nodes"])
    value = short(r["chosen"], 6)
    if fam == "delta":
        value += " (c = %s)" % fr["c"]
    return "| %s | %s | %s | %s | %s | %s | %d | %d | %s | %s | %s | %.1f | %d |" % (
        ds, fam, value, pct(frac(r["val_acc"])), pct(frac(r["test_acc"])),
        pct(1 - frac(r["test_optimal_loss"])), fr["train_loss_pieces"],
        fr["train_breakpoints"], tied, unr, miss, rec["seconds"], rec["peak_kb"] // 1000)


def best_family(runs, ds):
    ok = [(frac(runs[(ds, f)]["result"]["val_acc"]), -i, f) for i, f in enumerate(FAMILIES)
          if (ds, f) in runs and runs[(ds, f)]["status"] == "ok"]
    return max(ok)[2] if ok else None


def summary_rows(runs, datasets):
    out = ["| dataset | split | nodes | edges | exact LP, best on validation: family, test accuracy | "
           "LP (Kipf & Welling 2017) | GCN here, 10 seeds |",
           "|---|---|---|---|---|---|---|"]
    for ds in datasets:
        recs = [runs[(ds, f)] for f in FAMILIES if (ds, f) in runs]
        ok = [r for r in recs if r["status"] == "ok"]
        split = ok[0]["result"]["split"] if ok else ""
        nodes = ok[0]["result"]["nodes"] if ok else ""
        edges = ok[0]["result"]["edges"] if ok else ""
        b = best_family(runs, ds)
        exact = "%s, %s" % (b, pct(frac(runs[(ds, b)]["result"]["test_acc"]))) if b else \
            "no family finished"
        lp = "%.1f" % PUBLISHED_LP[ds] if ds in PUBLISHED_LP else ""
        g = runs.get((ds, "gcn"))
        gcn = ""
        if g and g["status"] == "ok":
            gcn = "%s +- %s (%s)" % (pct(g["result"]["test_acc_mean"]),
                                     pct(g["result"]["test_acc_sd"]), g["result"]["split"])
        elif g and g.get("message"):
            gcn = "%s: %s" % (g["status"], g["message"].replace("|", "/"))
        elif g:
            gcn = g["status"]
        out.append("| %s | %s | %s | %s | %s | %s | %s |" % (ds, split, nodes, edges, exact,
                                                             lp, gcn))
    return out


def findings(runs, datasets):
    lines = []
    for ds in datasets:
        b = best_family(runs, ds)
        if b is None:
            continue
        r = runs[(ds, b)]["result"]
        acc = 100 * float(frac(r["test_acc"]))
        if ds in PUBLISHED_LP:
            d = acc - PUBLISHED_LP[ds]
            lines.append("- %s: the family chosen on the validation nodes (%s) reaches %.1f%% "
                         "test accuracy, %.1f points %s the published LP baseline (%.1f%%)." %
                         (ds, b, acc, abs(d), "above" if d >= 0 else "below", PUBLISHED_LP[ds]))
        misses = [(f, runs[(ds, f)]["result"]["families"][0]["grid"]["miss"]) for f in FAMILIES
                  if (ds, f) in runs and runs[(ds, f)]["status"] == "ok"
                  and runs[(ds, f)]["result"]["families"][0].get("grid")]
        pos = [(f, m) for f, m in misses if Fraction(m) > 0]
        if pos:
            lines.append("- %s: a 100-point grid misses the exact validation optimum for %s." %
                         (ds, ", ".join("%s by %s" % (f, short(m)) for f, m in pos)))
    over = ["%s %s (%s)" % (ds, f, runs[(ds, f)]["status"]) for ds in datasets for f in FAMILIES
            if (ds, f) in runs and runs[(ds, f)]["status"] != "ok"]
    if over:
        lines.append("- Not finished within the limits: %s." % ", ".join(over))
    return lines


def main():
    runs = load(sys.argv[1])
    datasets = [d for d in ORDER if any((d, f) in runs for f in FAMILIES)]
    limits = {(r["limit_seconds"], r["limit_kb"]) for r in runs.values()}
    out = ["# Results: whole graphs with their standard split", "",
           "Generated by `python3 scripts/results-whole.py results/whole-graph` from the run "
           "records that `make reproduce-whole` writes to `results/whole-graph/` (one JSON "
           "record per dataset and family: the `certune tune --dataset D --split S --json` "
           "output, its wall time and peak memory); do not edit by hand. Rerun: `make "
           "reproduce-whole` (needs the datasets; `DATA=` names their root, `LIMIT=` the "
           "seconds per run, `FAMILIES=` the runs to redo, e.g. `lambda`, the other records "
           "kept). `tests/cli-results.sh` checks that this page is what the "
           "records give.", "",
           "Each family is tuned exactly on the validation nodes of the split (the leftmost "
           "piece of least validation loss, docs/tuning.md, \"One graph with its split\") and "
           "judged on the test nodes; the whole graph is one instance, training nodes "
           "labeled, ties to the smallest class. Runs: %s." %
           "; ".join("limit %d s and %d MB" % (s, k // 1000) for s, k in sorted(limits)), "",
           "## Summary", ""]
    out += summary_rows(runs, datasets)
    out += ["", "## Every run", "",
            "Accuracies in percent. *pieces*, *breakpoints*: of the validation loss; *tied*: "
            "validation / test nodes tied at the chosen value; *unreached*: validation / test "
            "nodes in components without a labeled node (F = 0, predicted class 0); *grid "
            "miss*: how much validation loss a 100-point grid gives away; time and peak "
            "memory of the whole run (both instances, two threads).", "",
            "| dataset | family | chosen | val | test | test-optimal | pieces | breakpoints | "
            "tied | unreached | grid miss | time (s) | peak (MB) |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for ds in datasets:
        for f in FAMILIES:
            if (ds, f) in runs:
                out.append(row(ds, f, runs[(ds, f)]))
    out += ["", "## What the records show", ""] + findings(runs, datasets)
    print("\n".join(out))


if __name__ == "__main__":
    main()
