#!/usr/bin/env python3
"""Reference for the tune benchmark: a G-point grid search over LabelSpreading's
alpha (the alpha family, F = (I - alpha S)^{-1} Y) with scikit-learn, on the
same .gssl files `certune tune --family alpha` reads. Floating point, iterative
(scikit-learn's defaults), ties broken by numpy's argmax.
Usage: sklearn_grid.py TRAIN_DIR TEST_DIR [G]   (prints one line, or SKIP)"""
import os
import sys
import time

try:
    import numpy as np
    from sklearn.semi_supervised import LabelSpreading
except ImportError:
    print("SKIP: python3-sklearn is not installed (bash scripts/install-deps.sh)")
    sys.exit(0)

from sklearn_single import read_gssl  # the .gssl reader of bench/sklearn_single.py


def load_dir(d):
    return [read_gssl(os.path.join(d, f)) for f in sorted(os.listdir(d)) if f.endswith(".gssl")]


def loss(inst, alpha):
    W, lab, held = inst
    model = LabelSpreading(kernel=lambda a, b: W[a[:, 0].astype(int)][:, b[:, 0].astype(int)],
                           alpha=alpha)
    idx = np.arange(len(lab)).reshape(-1, 1).astype(float)
    model.fit(idx, lab)
    scored = held >= 0
    return np.mean(model.transduction_[scored] != held[scored])


def main():
    train, test = load_dir(sys.argv[1]), load_dir(sys.argv[2])
    G = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    start = time.perf_counter()
    grid = [(i + 1) / (G + 1) for i in range(G)]
    train_loss = [np.mean([loss(x, a) for x in train]) for a in grid]
    best = int(np.argmin(train_loss))
    test_loss = np.mean([loss(x, grid[best]) for x in test])
    sec = time.perf_counter() - start
    print(f"sklearn LabelSpreading grid of {G}: alpha = {grid[best]:.6g}, "
          f"train accuracy {1 - train_loss[best]:.6g}, test accuracy {1 - test_loss:.6g}, "
          f"{sec:.2f} s")


if __name__ == "__main__":
    import warnings
    warnings.filterwarnings("ignore")
    main()
