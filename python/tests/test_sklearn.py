"""The alpha profile against scikit-learn's LabelSpreading, an independent
float implementation (F <- alpha S F + (1 - alpha) Y iterated to convergence;
its row normalization keeps the argmax, python/certune/spreading.py). At a
rational point inside every piece of the exact profile, LabelSpreading's
predictions of the held-out nodes are those certune certifies: an instance
whose held-out truths are LabelSpreading's predictions has exact loss 0 there,
and LabelSpreading's error rate against the real truths is the piece's loss.
A node whose two best classes are within 1e-9 (relative) in a float solve is
too close to a tie for floats to decide; such a piece point is counted and
skipped, never passed."""

import glob
import os
import subprocess
import sys
import tempfile
import unittest
from fractions import Fraction

import certune
from common import CLI, DATASETS, cli_env, read_gssl

try:
    import numpy as np
    from sklearn.semi_supervised import LabelSpreading
except ImportError:  # reported as skips by the test runner
    np = LabelSpreading = None

NEAR_TIE = 1e-9
skipped_points = []


def dense(n, edges):
    W = np.zeros((n, n))
    for u, v, w in edges:
        W[u, v] = W[v, u] = float(Fraction(w))
    return W


def float_margins(W, labels, alpha, classes):
    """The gap between the two best classes (relative to the best) of every
    node, from a dense float solve of (I - alpha S) F = Y."""
    d = W.sum(axis=1)
    s = np.where(d > 0, 1 / np.sqrt(np.where(d > 0, d, 1)), 0)
    S = W * s[:, None] * s[None, :]
    Y = np.zeros((len(labels), classes))
    for i, k in enumerate(labels):
        if k >= 0:
            Y[i, k] = 1
    F = np.linalg.solve(np.eye(len(labels)) - alpha * S, Y)
    top = np.sort(F, axis=1)
    return (top[:, -1] - top[:, -2]) / np.maximum(np.abs(top[:, -1]), 1e-300)


def spread(W, labels, alpha, kernel=None, X=None, gamma=20):
    model = LabelSpreading(kernel=kernel or (lambda A, B: W), alpha=alpha, gamma=gamma,
                           max_iter=1000000, tol=1e-13)
    model.fit(np.arange(len(labels)).reshape(-1, 1) if X is None else X, np.array(labels))
    return model.transduction_


@unittest.skipIf(LabelSpreading is None, "numpy or scikit-learn not installed")
class AgainstLabelSpreading(unittest.TestCase):
    def check_graph(self, W, labels, truth, classes, name, kernel=None, X=None, inst=None,
                    gamma=20):
        """Compares at a point of every piece; returns the number of pieces checked."""
        held = [i for i, t in enumerate(truth) if t >= 0]
        if inst is None:
            inst = certune.Instance(W, labels, truth, classes=classes, name=name)
        p = certune.analyze([inst], family="alpha")
        checked = 0
        for q in p.pieces:
            a = p.piece_point(q.index)
            margins = float_margins(W, labels, float(a), classes)
            if min(margins[i] for i in held) < NEAR_TIE:
                skipped_points.append((name, a))
                continue
            pred = spread(W, labels, float(a), kernel, X, gamma)
            wrong = sum(pred[i] != truth[i] for i in held)
            self.assertEqual(Fraction(wrong, len(held)), q.loss, f"{name} at alpha = {a}")
            as_truth = [int(pred[i]) if truth[i] >= 0 else -1 for i in range(len(labels))]
            mine = certune.Instance(W, labels, as_truth, classes=classes, name=name)
            self.assertEqual(certune.analyze([mine], family="alpha").loss_at(a), 0,
                             f"{name}: LabelSpreading's predictions at alpha = {a}")
            checked += 1
        print(f"{name}: {len(p.pieces)} pieces, {checked} compared", file=sys.stderr)
        return checked

    def test_small_graphs(self):
        # Weighted graphs with 2 and 3 classes, weights exact in binary.
        rng = np.random.default_rng(7)
        total = 0
        for g in range(4):
            n, c = 12 + 2 * g, 2 + g % 2
            W = np.triu(rng.integers(1, 9, (n, n)) * (rng.random((n, n)) < 0.35), 1) / 4.0
            for i in range(n - 1):  # a path keeps it connected
                W[i, i + 1] = W[i, i + 1] or 0.5
            W = W + W.T
            labels = [-1] * n
            truth = list(rng.integers(0, c, n))
            for i in range(c):
                labels[i], truth[i] = i, -1
            labels[n - 1], truth[n - 1] = 0, -1
            total += self.check_graph(W, labels, [int(t) for t in truth], c, f"graph {g}")
        self.assertGreaterEqual(total, 8)

    def test_rbf_kernel(self):
        # The helper's rbf graph (float weights taken exactly) against LabelSpreading's
        # own kernel="rbf" (scikit-learn's rounding of the same weights).
        rng = np.random.default_rng(3)
        X = rng.normal(size=(16, 2))
        y_true = np.digitize(X[:, 0], [-0.4, 0.4])
        y = -np.ones(16, dtype=int)
        for k in range(3):
            y[np.flatnonzero(y_true == k)[:2]] = k
        inst, classes = certune.spreading_instance(X, y, kernel="rbf", gamma=0.5, y_true=y_true)
        self.assertEqual(classes, [0, 1, 2])
        W = certune.spreading_graph(X, kernel="rbf", gamma=0.5)
        from sklearn.metrics.pairwise import rbf_kernel
        K = rbf_kernel(X, X, gamma=0.5)
        np.fill_diagonal(K, 0)
        self.assertLess(np.abs(W - K).max(), 1e-14)
        truth = [int(t) if l < 0 else -1 for t, l in zip(y_true, y)]
        n = self.check_graph(W, list(y), truth, 3, "rbf", kernel="rbf", X=X, inst=inst,
                             gamma=0.5)
        self.assertGreaterEqual(n, 3)
        p = certune.spreading_profile(X, y, kernel="rbf", gamma=0.5, y_true=y_true)
        self.assertEqual(len(p.breakpoints) + 1, len(p.pieces))
        # Classes named as in scikit-learn (any labels), a truth unknown (-1) and a
        # class that only the truths know (numbered last: never predicted).
        names = np.array(["a", "b", "c"])
        y_named = np.where(y >= 0, names[np.maximum(y, 0)], "-1").astype(object)
        y_named[y < 0] = -1
        t_named = names[y_true].astype(object)
        t_named[15], t_named[14] = -1, "z"
        inst, classes = certune.spreading_instance(X, y_named, "rbf", 0.5, y_true=t_named)
        self.assertEqual(classes, ["a", "b", "c", "z"])
        self.assertEqual((y[14], y[15], y_true[13]), (-1, -1, 2))  # both unlabeled
        self.assertEqual(inst.truth[13:], [2, 3, -1])
        self.assertEqual(inst.labels[:4], [2, 2, 0, 0])

    def test_knn_graph(self):
        # The helper's knn graph: scikit-learn's kneighbors_graph (the node itself
        # included) made symmetric by union, diagonal dropped.
        from sklearn.neighbors import kneighbors_graph
        rng = np.random.default_rng(11)
        X = rng.normal(size=(25, 3))
        A = kneighbors_graph(X, 5, mode="connectivity", include_self=True).toarray()
        want = np.maximum(A, A.T)
        np.fill_diagonal(want, 0)
        self.assertTrue(np.array_equal(certune.spreading_graph(X, "knn", n_neighbors=5), want))
        y = -np.ones(25, dtype=int)
        y[:4] = [0, 1, 0, 1]
        p = certune.spreading_profile(X, y, kernel="knn", n_neighbors=5, score_all=True)
        self.assertEqual(p.n_scored, 4)  # the labeled nodes (no truth given)

    def test_cora_samples(self):
        cora = os.path.join(DATASETS, "cora")
        if not os.path.isdir(cora):
            self.skipTest(f"no Cora dataset at {cora} (3 samples not compared)")
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([CLI, "sample", "--dataset", cora, "--nodes", "30", "--count", "3",
                            "--seed", "5", "--out", tmp], check=True, capture_output=True,
                           env=cli_env())
            files = sorted(glob.glob(os.path.join(tmp, "*.gssl")))
            self.assertEqual(len(files), 3)
            total = 0
            for f in files:
                n, c, edges, labels, truth = read_gssl(f)
                W = dense(n, edges)
                total += self.check_graph(W, labels, truth, c, os.path.basename(f), inst=f)
            self.assertGreaterEqual(total, 3)

    @classmethod
    def tearDownClass(cls):
        if skipped_points:
            print(f"\nskipped {len(skipped_points)} piece point(s) too close to a float tie: "
                  f"{skipped_points}")


if __name__ == "__main__":
    unittest.main()
