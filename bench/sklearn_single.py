#!/usr/bin/env python3
"""Reference for `make bench-scale` (bench/scale-n.sh): a G-point uniform grid
over LabelSpreading's alpha in (0, 1), alpha_i = i / (G + 1), on one .gssl
instance, with scikit-learn as a user runs it: the instance's weight matrix W
as a precomputed kernel (a callable returning W: scikit-learn 1.2 accepts
'knn', 'rbf' or a callable), max_iter 10000, tol 1e-10. The loss is the
fraction of held-out (`t`) nodes misclassified, as `certune analyze` scores by
default; argmax ties go to the smallest class in both. Floating point and
iterative: near alpha = 1 the iteration may stop at max_iter.
Prints one line, the grid's CPU seconds (time.process_time: user + sys of every
thread of this process, the grid only, not the import or the reading) last:
  sklearn grid of G: loss E/S at alpha = A, W wall s, C cpu s
or a line starting with SKIP when scikit-learn is absent.
Usage: sklearn_single.py FILE.gssl [G]   (G = 1000 by default)"""
import sys
import time
import warnings
from fractions import Fraction

try:
    import numpy as np
    from sklearn.semi_supervised import LabelSpreading
except ImportError:
    print("SKIP: python3-sklearn is not installed (bash scripts/install-deps.sh)")
    sys.exit(0)


def read_gssl(path):
    """(W dense, labels with -1 for none, held-out classes with -1 for none)."""
    W = lab = held = None
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            tok = line.split()
            if not tok or tok[0][0] in "%#":
                continue
            if tok[0] == "p":
                n = int(tok[2])
                W = np.zeros((n, n))
                lab = -np.ones(n, dtype=int)
                held = -np.ones(n, dtype=int)
            elif W is None:
                sys.exit(f"{path}:{lineno}: a line before the 'p' line")
            elif tok[0] == "e":
                u, v, w = int(tok[1]) - 1, int(tok[2]) - 1, float(Fraction(tok[3]))
                W[u, v] = W[v, u] = w
            elif tok[0] == "l":
                lab[int(tok[1]) - 1] = int(tok[2])
            elif tok[0] == "t":
                held[int(tok[1]) - 1] = int(tok[2])
    if W is None:
        sys.exit(f"{path}: no 'p' line")
    return W, lab, held


def errors_at(W, lab, held, alpha):
    """Misclassified held-out nodes of LabelSpreading(alpha) on W."""
    model = LabelSpreading(kernel=lambda a, b: W, alpha=alpha, max_iter=10000, tol=1e-10)
    model.fit(np.zeros((len(lab), 1)), lab)  # X is unused: the kernel returns W
    scored = held >= 0
    return int(np.sum(model.transduction_[scored] != held[scored]))


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: sklearn_single.py FILE.gssl [G]")
    W, lab, held = read_gssl(sys.argv[1])
    G = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    nscored = int(np.sum(held >= 0))
    warnings.filterwarnings("ignore")  # ConvergenceWarning near alpha = 1
    cpu0, wall0 = time.process_time(), time.perf_counter()
    grid = [(i + 1) / (G + 1) for i in range(G)]
    errors = [errors_at(W, lab, held, a) for a in grid]
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    best = int(np.argmin(errors))  # the first (smallest alpha) of the best
    print(f"sklearn grid of {G}: loss {Fraction(errors[best], max(nscored, 1))} "
          f"at alpha = {grid[best]:.6g}, {wall:.2f} wall s, {cpu:.2f} cpu s")


if __name__ == "__main__":
    main()
