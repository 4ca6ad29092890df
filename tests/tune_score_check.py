#!/usr/bin/env python3
"""An independent check of `certune tune --score all` and `eval --score all`
for the lambda family, in exact rational arithmetic (fractions.Fraction),
sharing no code with certune: F = (L + lambda Delta)^{-1} Y per connected
component (docs/lambda.md; a component without a labeled node has F = 0),
every node predicted argmax_k F[i][k] with ties to the smallest class, a
labeled node from the same solution as the others. An instance's loss is the
fraction of its scored nodes predicted wrong (scored: the `t` nodes; with
--score all the labeled nodes too, against their given class), a set's loss
the mean of its instances' (docs/formats.md, "Scoring").

For each (training set, test set) it runs `tune --family lambda --json` with
and without --score all and checks: the training and test losses reported at
the chosen value are the ones computed here, the choice is an exact ERM (no
point of a fine rational grid, nor any rational breakpoint candidate, has a
smaller training loss), the tied counts; and `eval --score all|unlabeled`
at several points gives the loss computed here.
Usage: tune_score_check.py CERTUNE TRAIN_GSSL... -- TEST_GSSL...
Exit 0 when everything agrees, 1 with the differences."""
import json
import subprocess
import sys
from fractions import Fraction

failures = []


def read_gssl(path):
    n = c = None
    edges, label, held = [], {}, {}
    for line in open(path, encoding="utf-8"):
        f = line.split()
        if not f or f[0][0] in "%#":
            continue
        if f[0] == "p":
            n, c = int(f[2]), int(f[3])
        elif f[0] == "e":
            edges.append((int(f[1]) - 1, int(f[2]) - 1, Fraction(f[3])))
        elif f[0] == "l":
            label[int(f[1]) - 1] = int(f[2])
        elif f[0] == "t":
            held[int(f[1]) - 1] = int(f[2])
    return {"n": n, "c": c, "edges": edges, "label": label, "held": held}


def solve(A, B):
    """A^{-1} B by Gauss-Jordan elimination over the rationals (A nonsingular)."""
    m = len(A)
    M = [list(A[i]) + list(B[i]) for i in range(m)]
    for col in range(m):
        piv = next(r for r in range(col, m) if M[r][col] != 0)
        M[col], M[piv] = M[piv], M[col]
        p = M[col][col]
        M[col] = [x / p for x in M[col]]
        for r in range(m):
            if r != col and M[r][col] != 0:
                q = M[r][col]
                M[r] = [x - q * y for x, y in zip(M[r], M[col])]
    return [row[m:] for row in M]


def predictions(inst, lam):
    """(predicted class, number of classes tied at the maximum) per node."""
    n, c = inst["n"], inst["c"]
    adj = [dict() for _ in range(n)]
    for u, v, w in inst["edges"]:
        adj[u][v] = adj[u].get(v, 0) + w
        adj[v][u] = adj[v].get(u, 0) + w
    comp, out = [-1] * n, [None] * n
    for s in range(n):
        if comp[s] >= 0:
            continue
        nodes, stack = [], [s]
        comp[s] = s
        while stack:
            u = stack.pop()
            nodes.append(u)
            for v in adj[u]:
                if comp[v] < 0:
                    comp[v] = s
                    stack.append(v)
        nodes.sort()
        if not any(u in inst["label"] for u in nodes):
            for u in nodes:
                out[u] = (0, c)  # F = 0: every class ties
            continue
        idx = {u: k for k, u in enumerate(nodes)}
        A = [[Fraction(0)] * len(nodes) for _ in nodes]
        Y = [[Fraction(0)] * c for _ in nodes]
        for u in nodes:
            for v, w in adj[u].items():
                A[idx[u]][idx[u]] += w
                A[idx[u]][idx[v]] -= w
            if u in inst["label"]:
                A[idx[u]][idx[u]] += lam
                Y[idx[u]][inst["label"][u]] = Fraction(1)
        F = solve(A, Y)
        for u in nodes:
            row = F[idx[u]]
            top = max(row)
            out[u] = (row.index(top), sum(1 for x in row if x == top))
    return out


def instance_loss(inst, lam, score_all):
    pred = predictions(inst, lam)
    truth = dict(inst["held"])
    if score_all:
        truth.update(inst["label"])
    wrong = sum(1 for u, k in truth.items() if pred[u][0] != k)
    tied = sum(1 for u in truth if pred[u][1] > 1)
    return Fraction(wrong, len(truth)), tied


def set_loss(insts, lam, score_all):
    r = [instance_loss(i, lam, score_all) for i in insts]
    return sum(x for x, _ in r) / len(r), sum(t for _, t in r)


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        failures.append(f"{' '.join(cmd)}: exit {p.returncode}: {p.stderr.strip()}")
        return None
    return json.loads(p.stdout)


def check(label, got, want):
    if got != want:
        failures.append(f"{label}: certune {got}, exact computation here {want}")


def main():
    C = sys.argv[1]
    k = sys.argv.index("--")
    train_files, test_files = sys.argv[2:k], sys.argv[k + 1:]
    train = [read_gssl(p) for p in train_files]
    test = [read_gssl(p) for p in test_files]
    # candidates: the fractions p/q (q <= 6) up to 8, powers 1/2^j and the
    # integers up to 64: an ERM beaten by one of them would be caught
    grid = sorted({Fraction(p, q) for q in range(1, 7) for p in range(1, 8 * q + 1)}
                  | {Fraction(1, 2 ** j) for j in range(1, 12)}
                  | {Fraction(m) for m in range(1, 65)})
    for score_all in (0, 1):
        mode = ["--score", "all"] if score_all else []
        name = "all" if score_all else "unlabeled"
        T = run([C, "tune", "--family", "lambda", *mode, "--json", "--train",
                 *train_files, "--test", *test_files])
        if T is None:
            continue
        check(f"tune --score {name}: the JSON records the score mode",
              T.get("score"), "all" if score_all else None)
        x = Fraction(T["chosen"])
        tr, tr_tied = set_loss(train, x, score_all)
        te, te_tied = set_loss(test, x, score_all)
        check(f"tune --score {name}: train loss at {x}", Fraction(T["train_loss"]), tr)
        check(f"tune --score {name}: test loss at {x}", Fraction(T["test_loss"]), te)
        row = T["families"][0]
        check(f"tune --score {name}: tied training nodes at {x}", row["tied_train"], tr_tied)
        check(f"tune --score {name}: tied test nodes at {x}", row["tied_test"], te_tied)
        best = min(set_loss(train, g, score_all)[0] for g in grid)
        if best < tr:
            failures.append(f"tune --score {name}: the grid here reaches training loss "
                            f"{best} < {tr} at the chosen {x}: not an ERM")
        for at in (Fraction(1, 3), Fraction(1), Fraction(3, 2), Fraction(2), x):
            E = run([C, "eval", "--family", "lambda", "--at", str(at), *mode, "--json",
                     *test_files])
            if E is not None:
                want, tied = set_loss(test, at, score_all)
                check(f"eval --score {name} at {at}: loss", Fraction(E["loss"]), want)
                check(f"eval --score {name} at {at}: tied", E["tied_nodes"], tied)
        print(f"--score {name}: chosen {x}, train loss {tr}, test loss {te}")
    for f in failures:
        print("FAILED:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
