#!/usr/bin/env python3
"""Writes docs/results-gcan.md (to stdout) and, with --svg-dir DIR, its
figures DIR/results-gcan-NAME.svg from the records that `make reproduce-gcan`
keeps in results/gcan/:

  tune/NAME.json   `certune gnn tune --model gcan --tuner all --json` on one
                   dataset (trajectories rounded to 4 decimals)
  eta/NAME-etaE.json  `certune gnn train --model gcan --eta E --split
                   random:0.2 --json` (one cell of the fixed-eta table)
  paper.json       the paper's fixed-eta table and its claim on backprop
                   against BO, as printed

Every number on the page comes from those files; nothing is typed by hand.
Standard library only (no numpy), so the check in make check runs anywhere.

Usage: python3 scripts/results-gcan.py results/gcan [--svg-dir docs] > docs/results-gcan.md
"""
import glob
import json
import math
import os
import sys

ORDER = ["cora", "citeseer", "cornell", "wisconsin", "actor", "amazon-photo",
         "coauthor-cs"]
TITLE = {"cora": "Cora", "citeseer": "Citeseer", "cornell": "Cornell",
         "wisconsin": "Wisconsin", "actor": "Actor", "amazon-photo": "Amazon Photo",
         "coauthor-cs": "Coauthor CS", "pubmed": "PubMed", "cifar10": "CIFAR10",
         "wikics": "WikiCS"}
METHODS = ["gcn", "gat", "backprop", "bo", "grid"]
MNAME = {"gcn": "GCN", "gat": "GAT", "backprop": "GCAN-backprop", "bo": "GCAN-BO",
         "grid": "GCAN-grid"}
COLOUR = {"backprop": "#d9822b", "bo": "#3d8c40", "grid": "#b5495b",
          "gcn": "#6e6e6e", "gat": "#4d7fb8"}
ETAS = ["0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"]


def load(folder):
    tune = {}
    for path in sorted(glob.glob(os.path.join(folder, "tune", "*.json"))):
        with open(path) as f:
            tune[os.path.basename(path)[:-5]] = json.load(f)
    eta = {}
    for path in sorted(glob.glob(os.path.join(folder, "eta", "*.json"))):
        name = os.path.basename(path)[:-5]
        ds, _, e = name.rpartition("-eta")
        with open(path) as f:
            eta.setdefault(ds, {})[e] = json.load(f)
    with open(os.path.join(folder, "paper.json")) as f:
        paper = json.load(f)
    return tune, eta, paper


def pct(x, digits=1):
    return "%.*f" % (digits, 100 * x)


def pm(mean, ci):
    return "%s +- %s" % (pct(mean), pct(ci)) if ci is not None else pct(mean)


# --- the tuning experiment -------------------------------------------------

def disjoint(a, b):
    """The two methods' 90% intervals do not overlap."""
    ca, cb = a["test_acc_ci90"] or 0, b["test_acc_ci90"] or 0
    return abs(a["test_acc_mean"] - b["test_acc_mean"]) > ca + cb


def backprop_curve(t):
    """Backprop: per epoch checkpoint e, the passes all runs spent up to e and
    the mean over runs of the current network's test-side accuracy (a run
    that stopped earlier counts with its last network)."""
    runs = {}
    for s in t["trajectory"]:
        runs.setdefault(s["run"], []).append((s["epoch"], s["test_acc"]))
    epochs = sorted({e for r in runs.values() for e, _ in r})
    pts = []
    for e in epochs:
        passes, acc = 0, 0.0
        for r in runs.values():
            last = [a for a in r if a[0] <= e][-1]
            passes += 2 * last[0]
            acc += last[1]
        pts.append((passes, acc / len(runs)))
    return pts


def choice_curve(t):
    """Grid and BO: after each step, the passes spent and the test-side
    accuracy of the step with the best validation accuracy so far (ties to
    the earlier step), and every step's own point."""
    best, line, dots = None, [], []
    for s in t["trajectory"]:
        if best is None or s["val_acc"] > best["val_acc"]:
            best = s
        line.append((s["passes"], best["test_acc"]))
        dots.append((s["passes"], s["test_acc"]))
    return line, dots


def endpoints(g):
    """The grid's eta = 0 and eta = 1 points (GCAN at 0 and 1: GCN and GAT
    trained on the training side), their test-side accuracy."""
    tr = g["trajectory"]
    return tr[0]["test_acc"], tr[-1]["test_acc"]


def svg(ds, rec):
    T = rec["tuners"]
    bp = backprop_curve(T["backprop"])
    bo_line, bo_dots = choice_curve(T["bo"])
    gr_line, gr_dots = choice_curve(T["grid"])
    gcn, gat = endpoints(T["grid"])
    # the range of the evaluations, the baselines and backprop's end; backprop's
    # early epochs, far below, are cut at the bottom edge
    ys = [y for _, y in bo_dots + gr_dots] + [gcn, gat, bp[-1][1]]
    lo = math.floor((100 * min(ys) - 2) / 5) * 5
    hi = math.ceil((100 * max(ys) + 0.5) / 5) * 5
    xs = [x for x, _ in bp + bo_dots + gr_dots]
    d0, d1 = math.floor(math.log10(min(xs))), math.ceil(math.log10(max(xs)))
    W, H, L, R, TOP, BOT = 680, 380, 60, 190, 34, 320

    def X(p):
        return L + (math.log10(p) - d0) / (d1 - d0) * (W - L - R)

    def Y(a):
        return BOT - (100 * a - lo) / (hi - lo) * (BOT - TOP)

    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
         'font-family="sans-serif" font-size="12">' % (W, H),
         '<rect width="100%" height="100%" fill="white"/>',
         '<text x="%d" y="18" font-size="14">%s: test-side accuracy of the tuners\' '
         'networks</text>' % (L, TITLE.get(ds, ds))]
    step = 1 if hi - lo <= 6 else (2 if hi - lo <= 20 else 5)
    for t in range(lo, hi + 1, step):
        o.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>'
                 % (L, W - R, Y(t / 100), Y(t / 100)))
        o.append('<text x="%d" y="%.1f" text-anchor="end">%d</text>' % (L - 6, Y(t / 100) + 4, t))
    for d in range(d0, d1 + 1):
        x = L + (d - d0) / (d1 - d0) * (W - L - R)
        o.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#ddd"/>' % (x, x, TOP, BOT))
        o.append('<text x="%.1f" y="%d" text-anchor="middle">1e%d</text>' % (x, BOT + 16, d))
    o.append('<text x="%d" y="%d" text-anchor="middle">forward passes spent tuning '
             '(log scale)</text>' % ((L + W - R) // 2, BOT + 34))
    o.append('<text x="14" y="%d" transform="rotate(-90 14 %d)" text-anchor="middle">'
             'test accuracy %%</text>' % ((TOP + BOT) // 2, (TOP + BOT) // 2))
    o.append('<clipPath id="plot"><rect x="%d" y="%d" width="%d" height="%d"/></clipPath>'
             % (L, TOP, W - L - R, BOT - TOP))
    for key, acc in (("gcn", gcn), ("gat", gat)):
        o.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="%s" '
                 'stroke-dasharray="6 4"/>' % (L, W - R, Y(acc), Y(acc), COLOUR[key]))

    def path(pts, colour, width=2):
        d = " ".join("%s%.1f,%.1f" % ("M" if i == 0 else "L", X(x), Y(y))
                     for i, (x, y) in enumerate(pts))
        o.append('<path d="%s" fill="none" stroke="%s" stroke-width="%d" '
                 'clip-path="url(#plot)"/>' % (d, colour, width))

    def stairs(pts):
        out = [pts[0]]
        for x, y in pts[1:]:
            out += [(x, out[-1][1]), (x, y)]
        return out

    path(bp, COLOUR["backprop"])
    for key, line, dots in (("bo", bo_line, bo_dots), ("grid", gr_line, gr_dots)):
        path(stairs(line), COLOUR[key])
        for x, y in dots:
            o.append('<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>' % (X(x), Y(y), COLOUR[key]))
    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="black"/>'
             % (L, TOP, W - L - R, BOT - TOP))
    legend = [("backprop", "backprop (mean of runs)", ""),
              ("bo", "BO (best val. so far)", ""), ("grid", "grid (best val. so far)", ""),
              ("gcn", "GCN (eta 0)", "6 4"), ("gat", "GAT (eta 1)", "6 4")]
    for i, (key, label, dash) in enumerate(legend):
        y = TOP + 10 + 20 * i
        o.append('<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="2"%s/>'
                 % (W - R + 10, W - R + 30, y, y, COLOUR[key],
                    ' stroke-dasharray="%s"' % dash if dash else ""))
        o.append('<text x="%d" y="%d">%s</text>' % (W - R + 34, y + 4, label))
    o.append("</svg>")
    return "\n".join(o) + "\n"


def tune_table(tune, names):
    out = ["| dataset | GCN | GAT | GCAN-backprop | GCAN-BO | GCAN-grid | "
           "eta: backprop / BO / grid | runs: backprop = test / grid | max epochs | "
           "passes (backprop = BO) | seconds |",
           "|---|---|---|---|---|---|---|---|---|---|---|"]
    for ds in names:
        T = tune[ds]["tuners"]
        best = max(T[m]["test_acc_mean"] for m in METHODS)
        cells = []
        for m in METHODS:
            s = pm(T[m]["test_acc_mean"], T[m]["test_acc_ci90"])
            cells.append("**%s**" % s if T[m]["test_acc_mean"] == best else s)
        st = tune[ds]["settings"]
        out.append("| %s | %s | %.2f / %.2f / %.1f | %d / %d | %d | %d | %.0f |" % (
            TITLE[ds], " | ".join(cells), T["backprop"]["eta"], T["bo"]["eta"],
            T["grid"]["eta"], len(T["gcn"]["test_acc"]), st["grid_runs"], st["max_epochs"],
            T["backprop"]["forward_passes"], tune[ds]["seconds"]))
    return out


def gcan_section(tune, names):
    """Each tuned GCAN against the better of GCN and GAT, and GCN against GAT
    (retrained test accuracies, points)."""
    out = ["| dataset | GCN - GAT | better baseline | backprop - it | BO - it | grid - it |",
           "|---|---|---|---|---|---|"]
    for ds in names:
        T = tune[ds]["tuners"]
        base = "gcn" if T["gcn"]["test_acc_mean"] >= T["gat"]["test_acc_mean"] else "gat"

        def diff(m, ref):
            d = T[m]["test_acc_mean"] - T[ref]["test_acc_mean"]
            return "%+.1f (%s)" % (100 * d, "disjoint" if disjoint(T[m], T[ref]) else "overlap")
        out.append("| %s | %s | %s | %s | %s | %s |" % (
            TITLE[ds], diff("gcn", "gat"), MNAME[base], diff("backprop", base),
            diff("bo", base), diff("grid", base)))
    return out


def bo_lengths(rec):
    """BO's evaluations as counts of equal lengths in epochs, e.g. 15 x 667."""
    tr = rec["tuners"]["bo"]["trajectory"]
    prev, lengths = 0, []
    for s in tr:
        lengths.append((s["passes"] - prev) // 2)
        prev = s["passes"]
    groups = []
    for n in sorted(set(lengths), reverse=True):
        groups.append("%d x %d" % (lengths.count(n), n))
    return " + ".join(groups)


def unconverged(rec):
    return sum(rec["tuners"][m]["unconverged_runs"] for m in METHODS)


def trained(rec):
    s = rec["settings"]
    return s["grid"] * s["grid_runs"] + s["runs"] + len(METHODS) * s["runs"]


def verdict(a, b, na, nb):
    """One comparison of two methods' retrained test accuracies."""
    d = a["test_acc_mean"] - b["test_acc_mean"]
    if d == 0:
        return "tie (%s each)" % pct(a["test_acc_mean"])
    win, lose = (na, nb) if d > 0 else (nb, na)
    sep = "intervals disjoint" if disjoint(a, b) else "intervals overlap"
    return "%s by %s points (%s)" % (win, pct(abs(d)), sep)


def tuner_section(tune, names, paper):
    claim = paper["tuner_claim"]
    out = ["| dataset | backprop | BO | who wins (retrained, test side) | "
           "inductive, end of tuning: backprop / BO | paper |", "|---|---|---|---|---|---|"]
    agree = disagree = iagree = idisagree = 0
    for ds in names:
        T = tune[ds]["tuners"]
        bp, bo = T["backprop"], T["bo"]
        ours = "backprop" if bp["test_acc_mean"] > bo["test_acc_mean"] else (
            "BO" if bo["test_acc_mean"] > bp["test_acc_mean"] else "tie")
        said = ("backprop" if ds in claim["backprop"] else
                "BO" if ds in claim["bo"] else "")
        if said:
            agree += said == ours
            disagree += said != ours
        bpc = backprop_curve(bp)[-1][1]
        boc = choice_curve(bo)[0][-1][1]
        if said and bpc != boc:
            iagree += said == ("backprop" if bpc > boc else "BO")
            idisagree += said != ("backprop" if bpc > boc else "BO")
        out.append("| %s | %s | %s | %s | %s / %s | %s |" % (
            TITLE[ds], pm(bp["test_acc_mean"], bp["test_acc_ci90"]),
            pm(bo["test_acc_mean"], bo["test_acc_ci90"]),
            verdict(bp, bo, "backprop", "BO"), pct(bpc), pct(boc),
            ("%s better" % said) if said else "-"))
    return out, (agree, disagree, iagree, idisagree)


# --- the fixed-eta table ---------------------------------------------------

def rel(err_ref, err_best):
    return 100 * (err_ref - err_best) / err_ref if err_ref > 0 else 0.0


def eta_rows(eta):
    out = []
    for ds in [d for d in ORDER if d in eta]:
        cells = eta[ds]
        if sorted(cells, key=float) != ETAS:
            continue  # an incomplete row is not printed
        means = [cells[e]["test_acc_mean"] for e in ETAS]
        best = highest(means)
        eb = 1 - means[best]
        runs = sorted({cells[e]["seeds"] for e in ETAS})
        epochs = sorted({cells[e]["max_epochs"] for e in ETAS})
        out.append({"ds": ds, "means": means, "ci": [cells[e]["test_acc_ci90"] for e in ETAS],
                    "best": best, "rel_gcn": rel(1 - means[0], eb),
                    "rel_gat": rel(1 - means[10], eb), "runs": runs, "epochs": epochs,
                    "lr": sorted({cells[e]["settings"]["lr"] for e in ETAS}),
                    "capped": sum(cells[e]["epochs_run"].count(cells[e]["max_epochs"])
                                  for e in ETAS),
                    "total": sum(len(cells[e]["epochs_run"]) for e in ETAS)})
    return out


def paper_rel(row, best):
    """The paper's Rel. columns recomputed from its own cells, with cell
    best as "best"."""
    m = [float(x) for x in row["acc"]]
    eb = 1 - m[best]
    return rel(1 - m[0], eb), rel(1 - m[10], eb)


def highest(m):
    return max(range(11), key=lambda k: (m[k], -k))


def paper_check(paper):
    """On how many of the paper's rows the formula with best = its bold cell
    gives the printed columns (to 0.01 point), and the rows whose bold cell
    is not the highest mean."""
    ok, off = 0, []
    for row in paper["rows"]:
        g, a = paper_rel(row, row["bold"])
        ok += (abs(g - float(row["rel_gcn"][:-1])) < 0.011 and
               abs(a - float(row["rel_gat"][:-1])) < 0.011)
        m = [float(x) for x in row["acc"]]
        if m[row["bold"]] < max(m):
            off.append("%s (bold eta %s at %s, highest eta %s at %s)" % (
                TITLE.get(row["dataset"], row["dataset"]), ETAS[row["bold"]],
                pct(m[row["bold"]], 2), ETAS[highest(m)], pct(max(m), 2)))
    return ok, len(paper["rows"]), off


def eta_section(rows, paper):
    out = ["| dataset | runs | " + " | ".join("eta %s" % e for e in ETAS) +
           " | Rel. GCN | Rel. GAT | best's interval against GCN's / GAT's |",
           "|---|---|" + "---|" * 14]
    for r in rows:
        cells = []
        for k in range(11):
            s = pm(r["means"][k], r["ci"][k])
            cells.append("**%s**" % s if k == r["best"] else s)
        b = r["best"]

        def sep(k):
            if k == b:
                return "same cell"
            gap = abs(r["means"][b] - r["means"][k])
            return "disjoint" if gap > r["ci"][b] + r["ci"][k] else "overlap"
        out.append("| %s | %s | %s | %.2f%% | %.2f%% | %s / %s |" % (
            TITLE[r["ds"]], "/".join(str(x) for x in r["runs"]), " | ".join(cells),
            r["rel_gcn"], r["rel_gat"], sep(0), sep(10)))
    pr = {row["dataset"]: row for row in paper["rows"]}
    out += ["", "The paper's rows for the same datasets (%d runs per cell): its bold eta, "
            "the eta of its highest mean, and its printed Rel. columns beside the formula "
            "applied to its own cells (best = its bold cell):" % paper["runs"], "",
            "| dataset | bold eta | highest eta | eta 0 (GCN) | eta 1 (GAT) | best | "
            "Rel. GCN printed | formula | Rel. GAT printed | formula |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if r["ds"] not in pr:
            continue
        row = pr[r["ds"]]
        m = [float(x) for x in row["acc"]]
        g, a = paper_rel(row, row["bold"])
        out.append("| %s | %s | %s | %s | %s | %s | %s | %.2f%% | %s | %.2f%% |" % (
            TITLE[r["ds"]], ETAS[row["bold"]], ETAS[highest(m)], pct(m[0]), pct(m[10]),
            pct(m[row["bold"]]), row["rel_gcn"], g, row["rel_gat"], a))
    return out


# --- the page --------------------------------------------------------------

def rel_reading(paper):
    ok, n, off = paper_check(paper)
    text = ("Read this way, with best = the cell the paper prints in bold, the formula "
            "gives the paper's printed Rel. columns (to 0.01 point) on %d of its %d rows"
            % (ok, n))
    if off:
        text += ("; its bold cell is not its highest mean on %s, where the highest mean "
                 "would give larger values" % "; ".join(off))
    return text + "."


def record_commands(tune, eta):
    """The make lines that remake the kept records, grouped by run counts."""
    groups = {}
    for ds in [d for d in ORDER if d in tune]:
        st = tune[ds]["settings"]
        groups.setdefault((st["runs"], st["grid_runs"]), []).append(ds)
    out = ['DATASETS="%s" RUNS=%d GRID_RUNS=%d ETA_DATASETS= make reproduce-gcan'
           % (" ".join(v), k[0], k[1]) for k, v in groups.items()]
    rows = eta_rows(eta)
    egroups = {}
    for r in rows:
        egroups.setdefault(r["runs"][0], []).append(r["ds"])
    out += ['DATASETS= ETA_DATASETS="%s" ETA_RUNS=%d make reproduce-gcan'
            % (" ".join(v), k) for k, v in egroups.items()]
    return out


def settings_text(rec):
    s = rec["settings"]
    return ("%d + %d subgraphs of %d connected labeled nodes (sample seed %d), in each "
            "%s%% training, %s%% validation and the rest test nodes; %d layers, %d heads of "
            "width %d, %d output head, %s, dropout %g, weight decay %g; early stopping after %d epochs without a new best validation loss; "
            "grid of %d values; BO with at most %d evaluations and backprop's forward "
            "passes" % (
                rec["subgraphs"], rec["subgraphs"], rec["subgraph_nodes"], rec["sample_seed"],
                "%g" % (100 * rec["labeled"]), "%g" % (100 * rec["val"]), s["layers"],
                s["heads"], s["hidden"], s["out_heads"], s["activation"].upper(),
                s["dropout"], s["weight_decay"], s["patience"],
                s["grid"], s["bo_evals"]))


def page(tune, eta, paper):
    names = [d for d in ORDER if d in tune]
    L = ["# The paper's GCAN experiment, reproduced", "",
         "Generated by `python3 scripts/results-gcan.py results/gcan --svg-dir docs` "
         "(`make results-gcan`) from the records in results/gcan/; `make check` "
         "(tests/cli-results.sh) checks that this page and its figures are what that "
         "command makes of them.", "",
         "The seed paper tunes GCAN's eta (eta = 0 is GCN, eta = 1 is GAT) on 20 sampled "
         "subgraphs of 100 nodes by backpropagation and by Bayesian optimization (BO) with "
         "the same number of forward passes, tests the choice on 20 other subgraphs, and "
         "plots test accuracy against tuning iterations with GCN and GAT as references "
         "(its figure \"gcan_multi\"). Its appendix has a second experiment: GCAN at fixed "
         "eta = 0, 0.1, ..., 1 on whole graphs with 20% of the labeled nodes for training, "
         "with two columns Rel. GCN and Rel. GAT. Both are below, on the datasets whose "
         "records are kept (docs/gnn-data.md for the data); the protocol, and every point where the paper "
         "is silent and what we chose, are in docs/gnn.md (\"Tuning eta and beta\").", "",
         "## How to rerun", "", "```",
         "make reproduce-gcan    # runs both experiments (DATASETS, RUNS, GRID_RUNS, ETA_RUNS),",
         "                       # keeps their JSON in results/gcan/, regenerates this page",
         "make results-gcan      # this page and its figures again from results/gcan/ only",
         "```", "",
         "`RUNS=30 GRID_RUNS=30 ETA_RUNS=30 make reproduce-gcan` runs 30 everywhere (the "
         "paper's count for its fixed-eta table; it gives none for the tuning figure). The "
         "records below were made by:", "", "```"] + record_commands(tune, eta) + ["```", ""]
    if names:
        rec0 = tune[names[0]]
        L += ["## Tuning eta: backprop, BO and grid", "",
              "Setup (from the records): %s. The learning rate is the paper's per dataset "
              "(%s), and so is the epoch cap (the table). Backprop trains R runs, the grid the table's "
              "number of runs per value, and each method's value is then trained R times "
              "(seeds 0 to R - 1) on the test subgraphs; the table gives the mean test "
              "accuracy (%%) over those R runs and the half-width of its 90%% t interval." % (
                  settings_text(rec0), ", ".join("%s %g" % (TITLE[d], tune[d]["settings"]["lr"])
                                                 for d in names)), ""]
        L += tune_table(tune, names)
        L += ["", "Bold: the best mean of the row. \"passes\": the forward passes backprop "
              "spent over its runs, which is what BO spent; \"seconds\": wall time of the "
              "whole `gnn tune` (2 threads, on a shared machine).", "",
              "Training runs that stopped at the epoch cap while their validation accuracy "
              "was still rising (`unconverged_runs`, over the grid's, backprop's and the five "
              "methods' test runs; BO's evaluations are cut to the budget by design): " +
              ", ".join("%s %d of %d" % (TITLE[d], unconverged(tune[d]), trained(tune[d]))
                        for d in names) + ".", ""]
        rows, (agree, disagree, iagree, idisagree) = tuner_section(tune, names, paper)
        claim = paper["tuner_claim"]
        L += ["### Backprop against BO", "",
              "The paper: \"%s\"." % claim["text"], ""] + rows + [
              "", "On the datasets the paper names, our winner by the retrained test "
              "accuracy agrees with the paper's on %d and disagrees on %d; by the inductive "
              "score at the end of tuning it agrees on %d and disagrees on %d. \"Inductive, "
              "end of tuning\" is the last point of each curve in the figures below: the "
              "networks trained while tuning, scored on the test subgraphs without "
              "retraining (backprop: the mean over its runs' last networks; BO: the "
              "evaluation with the best validation accuracy)." % (
                  agree, disagree, iagree, idisagree),
              "", "Under the equal-pass rule BO's budget is split into evaluations of a fixed "
              "length without early stopping: " + ", ".join(
                  "%s %s" % (TITLE[d], bo_lengths(tune[d])) for d in names) +
              " (evaluations x epochs). Evaluations much shorter than the epoch cap score "
              "undertrained networks.", ""]
        L += ["### Tuned GCAN against GCN and GAT", "",
              "Differences of the retrained test accuracies in points; \"disjoint\": the "
              "two 90% intervals do not overlap. The paper: \"GCAN consistently achieves "
              "higher or comparable accuracy compared to both GAT and GCN across all "
              "datasets\"; \"GCN outperforms GAT on some datasets (e.g. CORA, CoAuthorCS)\".", ""]
        L += gcan_section(tune, names) + [""]
        L += ["### The figures: accuracy against tuning effort", "",
              "For each dataset, the networks the tuners train on the training subgraphs are "
              "scored on the test nodes of the test subgraphs as they are (the same weights "
              "and eta on the other 20 subgraphs: inductively, not retrained), against the "
              "forward passes spent (log scale; the grid's passes over backprop's: %s). Backprop: the mean over its runs of the current network (every 10 "
              "epochs); BO and grid: each evaluation (dots; the grid's are means over its "
              "runs) and, as a step line, the one with the best validation accuracy so far. "
              "Dashed: GCN and GAT, the grid's eta = 0 and eta = 1 points (GCAN at 0 and 1, "
              "trained on the training side). The table above retrains each choice on the "
              "test side instead, so its numbers differ from the curves' ends." % (
                  ", ".join("%s %.1f" % (TITLE[d], tune[d]["tuners"]["grid"]["forward_passes"] /
                                         tune[d]["tuners"]["backprop"]["forward_passes"])
                            for d in names)), ""]
        for ds in names:
            L.append("![%s](results-gcan-%s.svg)" % (TITLE[ds], ds))
            L.append("")
    rows = eta_rows(eta)
    if rows:
        L += ["## GCAN at fixed eta, with Rel. GCN and Rel. GAT", "",
              "`certune gnn train --model gcan --eta E --split random:0.2 --hidden 1 --heads 3 "
              "--dropout 0.4 --lr LR --epochs N --seeds RUNS` (bench/gnn/eta_table.sh): "
              "whole graphs, each run with its own random split (20%% of the labeled nodes "
              "training, half of the rest validation, half test), the paper's sizes, "
              "learning rate (%s) and epoch cap (%s), patience 100. Test accuracy %%, mean "
              "+- 90%% half-width; bold: the best mean of the row." % (
                  ", ".join("%s %g" % (TITLE[r["ds"]], r["lr"][0]) for r in rows),
                  ", ".join("%s %d" % (TITLE[r["ds"]], r["epochs"][0]) for r in rows)), "",
              "Rel. GCN and Rel. GAT are the paper's \"percentage of prediction error "
              "reduction relative to GCN and GAT\": with e = 1 - accuracy, (e(GCN) - "
              "e(best)) / e(GCN) and (e(GAT) - e(best)) / e(GAT), where GCN is eta = 0, GAT "
              "is eta = 1 and best is the eta with the highest mean (ties to the smaller "
              "eta). %s" % rel_reading(paper), ""]
        L += eta_section(rows, paper)
        L += ["", "Runs that used every epoch of the cap: " + ", ".join(
            "%s %d of %d" % (TITLE[r["ds"]], r["capped"], r["total"]) for r in rows) + ".", ""]
    return "\n".join(L).rstrip("\n") + "\n"


def main(argv):
    if len(argv) < 2:
        sys.exit("usage: results-gcan.py RESULTS_DIR [--svg-dir DIR]")
    tune, eta, paper = load(argv[1])
    sys.stdout.write(page(tune, eta, paper))
    if len(argv) == 4 and argv[2] == "--svg-dir":
        for ds in [d for d in ORDER if d in tune]:
            with open(os.path.join(argv[3], "results-gcan-%s.svg" % ds), "w") as f:
                f.write(svg(ds, tune[ds]))


if __name__ == "__main__":
    main(sys.argv)
