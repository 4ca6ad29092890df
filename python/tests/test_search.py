"""ExactSearchCV and ExactSpreading: hand-derived pieces on alpha's and lambda's
gadgets (docs/alpha.md: the held-out node of the alpha gadget with edge x
switches from class 0 to class 1 above sqrt(x + 2)/2, a tie at the point;
docs/lambda.md: lambda's switches to class 1 above x/(x - 2)), every fold's
score against the fold analyzed alone, scikit-learn's LabelSpreading at the
chosen value and on a 200-point grid over the same folds, pickling, and bad
inputs refused with the parameter named."""

import math
import os
import pickle
import subprocess
import sys
import unittest
from fractions import Fraction

import certune
from common import REPO, instance, read_gssl

try:
    import numpy as np
except ImportError:  # reported as skips by the test runner
    np = None
try:
    from sklearn.semi_supervised import LabelSpreading
except ImportError:
    LabelSpreading = None


def alpha_gadgets(xs_truths):
    """Disjoint copies of alpha's gadget: per (x, truth) four nodes: 4g labeled
    0, 4g + 1 and 4g + 2 labeled 1, 4g + 3 (joined to 4g by weight x) labeled
    truth (the node the folds hold out). Returns (A, y) with exact weights."""
    n = 4 * len(xs_truths)
    A = np.zeros((n, n), dtype=object)
    y = np.zeros(n, dtype=int)
    for g, (x, truth) in enumerate(xs_truths):
        for v, w in ((1, 1), (2, 1), (3, x)):
            A[4 * g, 4 * g + v] = A[4 * g + v, 4 * g] = w
        y[4 * g: 4 * g + 4] = (0, 1, 1, truth)
    return A, y


def split(y, tests):
    """(train, test) pairs: the test nodes, and every other labeled node."""
    labeled = np.flatnonzero(y >= 0)
    return [(np.setdiff1d(labeled, t), np.array(t)) for t in tests]


def spread(W, labels, alpha):
    """scikit-learn's LabelSpreading on the affinity matrix W (iterated to
    convergence)."""
    model = LabelSpreading(kernel=lambda a, b: W, alpha=alpha, max_iter=1000000, tol=1e-13)
    model.fit(np.arange(len(labels)).reshape(-1, 1), np.asarray(labels))
    return model


def random_graph(seed, n=30, c=3, labeled=0.6):
    """A connected weighted graph (weights exact in binary), c classes, about
    labeled of the nodes labeled (nodes 0..c-1 one per class): (W, y, truth)."""
    rng = np.random.default_rng(seed)
    W = np.triu(rng.integers(1, 9, (n, n)) * (rng.random((n, n)) < 0.15), 1) / 4.0
    for i in range(n - 1):  # a path keeps it connected
        W[i, i + 1] = W[i, i + 1] or 0.5
    W = W + W.T
    truth = rng.integers(0, c, n)
    y = np.where(rng.random(n) < labeled, truth, -1)
    y[:c] = np.arange(c)
    return W, y, truth


TAU_C = "-sqrt(21) + 2*sqrt(10)*x"  # x = 1/10: sqrt(210)/20 = 0.72457
TAU_A = "4*x - 3"  # x = 1/4: 3/4
TAU_B = "-sqrt(3) + 2*x"  # x = 1: sqrt(3)/2 = 0.86603


@unittest.skipIf(np is None, "numpy not installed")
class HandDerived(unittest.TestCase):
    # Gadgets A (x = 1/4, node 3 true 0), B (x = 1, node 7 true 1), C (x = 1/10,
    # node 11 true 1). Fold 0 holds out nodes 3 and 11, fold 1 node 7. Node 3 is
    # right up to 3/4 (the tie at 3/4 predicts class 0), node 11 right above
    # tau_C = 0.72457, node 7 above tau_B = 0.86603. Per piece, fold 0 / fold 1
    # right: (0, tau_C) 1/0, (tau_C, 3/4) 2/0, (3/4, tau_B) 1/0, (tau_B, 1) 1/1:
    # pooled 1/3, 2/3, 1/3, 2/3; mean of folds 1/4, 1/2, 1/4, 3/4.
    def setUp(self):
        self.A, self.y = alpha_gadgets([(Fraction(1, 4), 0), (1, 1), (Fraction(1, 10), 1)])
        self.cv = split(self.y, [[3, 11], [7]])

    def test_pooled(self):
        s = certune.ExactSearchCV(cv=self.cv).fit(self.A, self.y)
        r = s.cv_results_
        self.assertEqual(s.n_pieces_, 4)
        self.assertEqual(r["kind"], ["piece"] * 4)
        self.assertEqual(r["pooled_test_score"], [Fraction(1, 3), Fraction(2, 3),
                                                  Fraction(1, 3), Fraction(2, 3)])
        self.assertEqual(r["mean_test_score"], r["pooled_test_score"])
        self.assertEqual(r["mean_of_folds_test_score"], [Fraction(1, 4), Fraction(1, 2),
                                                         Fraction(1, 4), Fraction(3, 4)])
        self.assertEqual(r["split0_test_score"], [Fraction(1, 2), 1, Fraction(1, 2),
                                                  Fraction(1, 2)])
        self.assertEqual(r["split1_test_score"], [0, 0, 0, 1])
        self.assertEqual(r["rank_test_score"], [3, 1, 3, 1])
        # The leftmost best piece, (tau_C, 3/4), and the simplest rational in it.
        self.assertEqual(s.best_index_, 1)
        self.assertEqual(s.best_params_, {"alpha": Fraction(8, 11)})
        self.assertIsInstance(s.best_params_["alpha"], Fraction)
        self.assertEqual(s.best_score_, Fraction(2, 3))
        self.assertIsInstance(s.best_score_, Fraction)
        left, right = s.best_interval_
        self.assertEqual((left.exact, right.exact), (TAU_C, TAU_A))
        self.assertTrue(left.lo < Fraction(72457, 100000) < left.hi + Fraction(1, 10**5))
        self.assertLess(left.hi - left.lo, Fraction(1, 10**15))
        self.assertEqual((right.lo, right.hi), (Fraction(3, 4), Fraction(3, 4)))
        # Ends: exact where rational, else the certified interval in words.
        self.assertEqual(r["lo"][0], 0)
        self.assertEqual(r["lo"][2], Fraction(3, 4))
        self.assertEqual(r["hi"][3], 1)
        self.assertTrue(r["hi"][0].startswith("root of " + TAU_C + " in [0.72456883730947"))
        self.assertEqual(r["lo"][3], r["hi"][2])
        self.assertAlmostEqual(r["lo_float"][1], math.sqrt(210) / 20, places=15)
        self.assertAlmostEqual(r["hi_float"][2], math.sqrt(3) / 2, places=15)
        self.assertEqual(r["param_alpha"], [p["alpha"] for p in r["params"]])
        for k, x in enumerate(r["param_alpha"]):
            self.assertTrue(r["lo_float"][k] < x < r["hi_float"][k])
        self.assertEqual((s.n_splits_, s.n_test_), (2, [2, 1]))
        self.assertEqual(s.max_score_, Fraction(2, 3))
        self.assertEqual(list(s.classes_), [0, 1])

    def test_mean_of_folds(self):
        s = certune.ExactSearchCV(cv=self.cv, aggregate="mean_of_folds").fit(self.A, self.y)
        self.assertEqual((s.best_index_, s.best_score_), (3, Fraction(3, 4)))
        self.assertEqual(s.best_params_, {"alpha": Fraction(7, 8)})  # in (tau_B, 1)
        self.assertEqual(s.best_interval_[0].exact, TAU_B)
        self.assertEqual(s.best_interval_[1], 1)
        # The library's own mean over instances is the same aggregate.
        self.assertEqual(s.profile_.min_loss, 1 - s.best_score_)
        self.assertEqual(s.profile_.representative, Fraction(7, 8))

    def test_validation(self):
        # One fixed split: nodes 3 and 11 held out, node 7 a training label (no
        # breakpoint at tau_B). Pieces: 1/2, 1 on (tau_C, 3/4), 1/2.
        for v in ([11, 3], np.isin(np.arange(12), [3, 11])):
            s = certune.ExactSearchCV(validation=v).fit(self.A, self.y)
            self.assertEqual(s.cv_results_["mean_test_score"], [Fraction(1, 2), 1,
                                                                Fraction(1, 2)])
            self.assertEqual((s.best_params_["alpha"], s.best_score_), (Fraction(8, 11), 1))
            self.assertEqual([list(f) for f in s.folds_[0]], [[0, 1, 2, 4, 5, 6, 7, 8, 9, 10],
                                                              [3, 11]])

    def test_merged_pieces(self):
        # A fourth gadget D (x = 1, node 15 true 0) held out with B: fold 1 then
        # has one node right on each side of tau_B and at it (the tie predicts
        # 0: D right, B wrong), so no fold's score changes there: the profile's
        # pieces 2 and 3 make one row (3/4, 1).
        A, y = alpha_gadgets([(Fraction(1, 4), 0), (1, 1), (Fraction(1, 10), 1), (1, 0)])
        s = certune.ExactSearchCV(cv=split(y, [[3, 11], [7, 15]])).fit(A, y)
        self.assertEqual(len(s.profile_.pieces), 4)
        self.assertEqual(s.n_pieces_, 3)
        r = s.cv_results_
        self.assertEqual(r["pieces"], [(0, 0), (1, 1), (2, 3)])
        self.assertEqual((r["lo"][2], r["hi"][2]), (Fraction(3, 4), 1))
        self.assertEqual(r["split1_test_score"], [Fraction(1, 2)] * 3)
        self.assertEqual(r["mean_test_score"], [Fraction(1, 2), Fraction(3, 4), Fraction(1, 2)])
        self.assertEqual(s.best_params_["alpha"], Fraction(8, 11))

    def test_refit_predictions(self):
        s = certune.ExactSearchCV(cv=self.cv).fit(self.A, self.y)
        e = s.best_estimator_
        self.assertIsInstance(e, certune.ExactSpreading)
        self.assertEqual((e.family, e.value), ("alpha", Fraction(8, 11)))
        # Refit on all labels, nodes 3, 7, 11 included (scikit-learn's
        # transduction_ gives the labeled nodes' argmax too: AgainstScikitLearn).
        self.assertEqual(list(s.transduction_), list(e.transduction_))
        self.assertEqual(list(s.predict([3, 7, 11])), list(e.transduction_[[3, 7, 11]]))
        self.assertEqual(e.ties_.tolist(), [1] * 12)
        # With nodes 3, 7 and 11 unlabeled, at 8/11: node 3 is below 3/4, class
        # 0; node 7 below tau_B, class 0; node 11 above tau_C, class 1.
        y = self.y.copy()
        y[[3, 7, 11]] = -1
        f = certune.ExactSpreading(value=Fraction(8, 11)).fit(self.A, y)
        self.assertEqual(list(f.predict([3, 7, 11])), [0, 0, 1])
        self.assertEqual(list(f.predict(np.isin(np.arange(12), [3, 7, 11]))), [0, 0, 1])
        self.assertEqual(list(f.predict([11, 3, 11])), [1, 0, 1])
        self.assertEqual(f.score([3, 7, 11], [0, 1, 1]), Fraction(2, 3))
        P = s.predict_proba()
        self.assertEqual(P.shape, (12, 2))
        self.assertTrue(np.allclose(P.sum(axis=1), 1))
        self.assertTrue((P.argmax(axis=1) == e.transduction_).all())
        # At 3/4 exactly node 3 ties: class 0, two classes tied.
        at = certune.ExactSpreading(value="3/4").fit(self.A, y)
        self.assertEqual((at.transduction_[3], at.ties_[3]), (0, 2))
        # Node 3, a leaf of node 0, has F_3 = alpha S_30 F_0: node 0 ties too.
        self.assertEqual(np.flatnonzero(at.ties_ > 1).tolist(), [0, 3])

    def test_class_names(self):
        names = np.array(["no", "yes"], dtype=object)
        y = np.where(self.y >= 0, names[np.maximum(self.y, 0)], -1)
        s = certune.ExactSearchCV(cv=self.cv).fit(self.A, y)
        self.assertEqual(list(s.classes_), ["no", "yes"])
        self.assertEqual(s.best_score_, Fraction(2, 3))
        t = certune.ExactSearchCV(cv=self.cv).fit(self.A, y.tolist())  # (-1 stays a number)
        self.assertEqual(t.cv_results_, s.cv_results_)
        y[[3, 7, 11]] = -1
        f = certune.ExactSpreading(value=s.best_params_["alpha"]).fit(self.A, y)
        self.assertEqual(list(f.predict([3, 7, 11])), ["no", "no", "yes"])
        self.assertEqual(f.score([3, 7, 11], ["no", "yes", "yes"]), Fraction(2, 3))

    def test_lambda(self):
        # Lambda's gadget (nodes 4g, 4g + 1 class 0, 4g + 3 class 1, 4g + 2 held
        # out between them with edge x to 4g + 3) for x = 4 (true 1: right above
        # 2) and x = 3 (true 0: right up to 3, the tie at 3 predicting 0).
        n = 8
        A = np.zeros((n, n))
        y = np.zeros(n, dtype=int)
        for g, (x, truth) in enumerate(((4, 1), (3, 0))):
            for u, v, w in ((0, 2, 1), (1, 2, 1), (2, 3, x)):
                A[4 * g + u, 4 * g + v] = A[4 * g + v, 4 * g + u] = w
            y[4 * g: 4 * g + 4] = (0, 0, truth, 1)
        s = certune.ExactSearchCV(family="lambda", validation=[2, 6]).fit(A, y)
        r = s.cv_results_
        self.assertEqual(r["mean_test_score"], [Fraction(1, 2), 1, Fraction(1, 2)])
        self.assertEqual((r["lo"], r["hi"]), ([0, 2, 3], [2, 3, math.inf]))
        self.assertEqual(r["hi_float"][2], math.inf)
        self.assertEqual(s.best_params_, {"lambda": Fraction(5, 2)})
        self.assertEqual([b.lo for b in s.best_interval_], [2, 3])
        self.assertEqual(list(s.predict([2, 6])), [1, 0])
        self.assertTrue(np.allclose(s.predict_proba().sum(axis=1), 1))

    def test_delta_ends(self):
        # delta's closed domain: one row per end, before and after the pieces;
        # each row's scores are the fold's losses there.
        A, y = alpha_gadgets([(1, 0), (2, 1), (Fraction(1, 2), 0)])
        s = certune.ExactSearchCV(family="delta", c="3/4", cv=split(y, [[3, 7], [11]]))
        s.fit(A, y)
        r = s.cv_results_
        self.assertEqual((r["kind"][0], r["kind"][-1]), ("end", "end"))
        self.assertEqual((r["lo"][0], r["hi"][-1], r["param_delta"][-1]), (0, 1, 1))
        p = s.profile_
        self.assertEqual(1 - r["mean_of_folds_test_score"][0], p.end_losses[0])
        self.assertEqual(1 - r["mean_of_folds_test_score"][-1], p.end_losses[1])
        self.assertIn(s.best_params_["delta"], r["param_delta"])


@unittest.skipIf(np is None, "numpy not installed")
class Consistency(unittest.TestCase):
    def test_folds_alone(self):
        # Every row's fold scores are those of the fold's instance analyzed
        # alone (loss_at the row's value), pooled = weighted by fold sizes.
        W, y, _ = random_graph(1)
        for ties in ("smallest", "expected"):
            s = certune.ExactSearchCV(cv=[(tr, te) for tr, te in split(y, [
                np.flatnonzero(y >= 0)[k::3] for k in range(3)])], ties=ties).fit(W, y)
            r = s.cv_results_
            for k, (tr, te) in enumerate(s.folds_):
                labels = [-1] * len(y)
                truth = [-1] * len(y)
                for i in tr:
                    labels[i] = int(y[i])
                for i in te:
                    truth[i] = int(y[i])
                p = certune.analyze(certune.Instance(W, labels, truth, classes=3), "alpha",
                                    ties=ties)
                for row, x in enumerate(r["param_alpha"]):
                    self.assertEqual(r[f"split{k}_test_score"][row], 1 - p.loss_at(x))
            for row in range(len(r["kind"])):
                folds = [r[f"split{k}_test_score"][row] for k in range(3)]
                self.assertEqual(r["mean_of_folds_test_score"][row], sum(folds) / 3)
                self.assertEqual(r["pooled_test_score"][row],
                                 sum(f * m for f, m in zip(folds, s.n_test_)) / sum(s.n_test_))
                self.assertEqual(1 - r["mean_of_folds_test_score"][row],
                                 s.profile_.loss_at(r["param_alpha"][row]))

    def test_instance_losses(self):
        # Profile.instance_losses: the mean over instances is the profile's loss
        # on every piece, breakpoint and end.
        files = [instance(f"random-{k}.gssl") for k in (1, 2, 3)]
        for family in ("lambda", "alpha", "delta"):
            p = certune.analyze(files, family)
            self.assertEqual(p.instance_scored,
                             [sum(t >= 0 for t in read_gssl(f)[4]) for f in files])
            for kind, losses in (("piece", [q.loss for q in p.pieces]),
                                 ("point", [b.loss for b in p.breakpoints]),
                                 ("end", list(p.end_losses or ()))):
                got = p.instance_losses(kind)
                self.assertEqual([sum(g) / len(g) for g in got], losses, (family, kind))
        with self.assertRaisesRegex(ValueError, "kind"):
            p.instance_losses("pieces")

    def test_evaluate(self):
        W, y, truth = random_graph(2)
        held = [int(t) if l < 0 else -1 for t, l in zip(truth, y)]
        inst = certune.Instance(W, list(y), held, classes=3)
        p = certune.analyze(inst, "alpha")
        for q in p.pieces:
            x = p.piece_point(q.index)
            ev = certune.evaluate(inst, "alpha", x)
            self.assertEqual((ev.loss, ev.instance_losses, ev.at), (q.loss, [q.loss], x))
            self.assertEqual(len(ev.nodes), sum(t >= 0 for t in held))
            wrong = sum(v.pred != v.truth for v in ev.nodes)
            self.assertEqual(Fraction(wrong, len(ev.nodes)), q.loss)
        with self.assertRaisesRegex(ValueError, "at: 1 is outside alpha's domain"):
            certune.evaluate(inst, "alpha", 1)
        with self.assertRaisesRegex(ValueError, "ties"):
            certune.evaluate(inst, "alpha", "1/2", ties="random")


@unittest.skipIf(LabelSpreading is None, "numpy or scikit-learn not installed")
class AgainstScikitLearn(unittest.TestCase):
    def run_search(self, seed, aggregate):
        W, y, _ = random_graph(seed, n=36)
        s = certune.ExactSearchCV(cv=3, aggregate=aggregate).fit(W, y)
        return W, y, s

    def fold_labels(self, y, tr):
        labels = np.full(len(y), -1)
        labels[tr] = y[tr]
        return labels

    def test_best_params_predictions(self):
        # At best_params_, LabelSpreading predicts the exact classes on every
        # fold's held-out nodes, exact ties excepted (counted), and its
        # accuracies aggregate to best_score_ when there is no tie.
        ties = compared = 0
        for seed in (3, 4, 5):
            for aggregate in ("pooled", "mean_of_folds"):
                W, y, s = self.run_search(seed, aggregate)
                a = s.best_params_["alpha"]
                right, sizes = [], []
                for tr, te in s.folds_:
                    labels = self.fold_labels(y, tr)
                    exact = certune.ExactSpreading(value=a).fit(W, labels)
                    pred = spread(W, labels, float(a)).transduction_
                    tied = exact.ties_[te] > 1
                    ties += int(tied.sum())
                    compared += int((~tied).sum())
                    self.assertTrue((pred[te][~tied] == exact.transduction_[te][~tied]).all(),
                                    f"seed {seed} at alpha = {a}")
                    right.append(Fraction(int((exact.transduction_[te] == y[te]).sum())))
                    sizes.append(len(te))
                want = sum(right) / sum(sizes) if aggregate == "pooled" else \
                    sum(r / m for r, m in zip(right, sizes)) / len(sizes)
                self.assertEqual(want, s.best_score_)
                # The refit estimator is LabelSpreading on all labels.
                model = spread(W, y, float(a))
                e = s.best_estimator_
                free = e.ties_ == 1
                self.assertTrue((model.transduction_[free] == e.transduction_[free]).all())
                self.assertTrue(np.allclose(model.label_distributions_, e.label_distributions_,
                                            atol=1e-9))
        print(f"\nExactSearchCV vs LabelSpreading at best_params_: {compared} held-out "
              f"predictions equal, {ties} exact ties excepted", file=sys.stderr)
        self.assertGreater(compared, 50)

    def test_grid_never_better(self):
        # best_score_ is at least the best of a 200-point grid i/201 scored with
        # LabelSpreading over the same folds (both aggregates).
        for seed in (3, 6):
            W, y, s = self.run_search(seed, "pooled")
            means = certune.ExactSearchCV(cv=[(tr, te) for tr, te in s.folds_],
                                          aggregate="mean_of_folds").fit(W, y)
            best_pooled = best_mean = Fraction(0)
            for i in range(1, 201):
                right = [int((spread(W, self.fold_labels(y, tr), i / 201).transduction_[te]
                              == y[te]).sum()) for tr, te in s.folds_]
                sizes = [len(te) for _, te in s.folds_]
                best_pooled = max(best_pooled, Fraction(sum(right), sum(sizes)))
                best_mean = max(best_mean, sum(Fraction(r, m) for r, m in zip(right, sizes))
                                / len(sizes))
            self.assertGreaterEqual(s.best_score_, best_pooled)
            self.assertGreaterEqual(means.best_score_, best_mean)
            print(f"\nseed {seed}: exact pooled {s.best_score_} at {s.best_params_['alpha']} "
                  f"(grid {best_pooled}), mean of folds {means.best_score_} (grid {best_mean})",
                  file=sys.stderr)

    def test_kernels(self):
        # kernel='knn' and 'rbf' build the graph from samples as certune.spreading_graph
        # does: the same search as on that matrix given precomputed.
        rng = np.random.default_rng(8)
        X = rng.normal(size=(14, 2))
        y = np.where(rng.random(14) < 0.6, (X[:, 0] > 0).astype(int), -1)
        y[:2] = [0, 1]
        for kernel, extra in (("knn", {"n_neighbors": 4}), ("rbf", {"gamma": 2})):
            s = certune.ExactSearchCV(kernel=kernel, cv=2, **extra).fit(X, y)
            W = certune.spreading_graph(X, kernel, **extra)
            t = certune.ExactSearchCV(cv=2).fit(W, y)
            self.assertEqual(s.cv_results_["mean_test_score"], t.cv_results_["mean_test_score"])
            self.assertEqual(s.best_params_, t.best_params_)


@unittest.skipIf(np is None, "numpy not installed")
class Pickling(unittest.TestCase):
    def test_search(self):
        A, y = alpha_gadgets([(Fraction(1, 4), 0), (1, 1), (Fraction(1, 10), 1)])
        s = certune.ExactSearchCV(cv=split(y, [[3, 11], [7]])).fit(A, y)
        t = pickle.loads(pickle.dumps(s))
        self.assertEqual(t.cv_results_, s.cv_results_)
        self.assertEqual((t.best_params_, t.best_score_, t.best_index_),
                         (s.best_params_, s.best_score_, s.best_index_))
        self.assertEqual(list(t.predict()), list(s.predict()))
        self.assertTrue((t.predict_proba() == s.predict_proba()).all())
        self.assertEqual(t.score([3, 7, 11], [0, 1, 1]), s.score([3, 7, 11], [0, 1, 1]))
        # The profile's C handle is rebuilt on first use, from the fold instances.
        self.assertIsNone(t.profile_._h)
        self.assertEqual(t.profile_.loss_at("3/4"), s.profile_.loss_at("3/4"))
        self.assertEqual(t.profile_.piece_point(1), Fraction(8, 11))
        self.assertEqual(t.profile_.instance_losses("point"), s.profile_.instance_losses("point"))

    def test_tuner(self):
        t = certune.ExactTuner(family="lambda").fit(
            [instance("random-1.gssl"), instance("random-2.gssl")])
        u = pickle.loads(pickle.dumps(t))
        self.assertEqual((u.best_param_, u.best_loss_, u.min_loss_),
                         (t.best_param_, t.best_loss_, t.min_loss_))
        self.assertEqual(u.score(instance("random-3.gssl")), t.score(instance("random-3.gssl")))
        self.assertEqual(u.profile_.loss_at(u.best_param_), t.best_loss_)
        self.assertEqual([b.exact for b in u.profile_.breakpoints],
                         [b.exact for b in t.profile_.breakpoints])

    def test_closed_profile(self):
        p = certune.analyze(instance("lambda-gadget-x4.gssl"), "lambda")
        p.close()
        with self.assertRaisesRegex(ValueError, "closed"):
            p.loss_at(3)
        q = certune.analyze(certune.Instance([(0, 2), (1, 2), (2, 3, 4)], [0, 0, -1, 1],
                                             [-1, -1, 1, -1]), "lambda")
        r = pickle.loads(pickle.dumps(q))
        r._recipe[0][0].edges[2] = (2, 3, 6)  # the instance changed: refused
        with self.assertRaisesRegex(ValueError, "no longer give"):
            r.loss_at(3)


@unittest.skipIf(np is None, "numpy not installed")
class Conventions(unittest.TestCase):
    def test_params_clone(self):
        s = certune.ExactSearchCV(family="delta", c="1/2", cv=4)
        self.assertEqual(s.get_params()["cv"], 4)
        self.assertIs(s.set_params(aggregate="mean_of_folds"), s)
        with self.assertRaisesRegex(ValueError, "invalid parameter 'alpha'"):
            s.set_params(alpha=0.5)
        self.assertIn("ExactSearchCV(family='delta', c='1/2'", repr(s))
        try:
            from sklearn.base import clone
        except ImportError:
            self.skipTest("scikit-learn not installed (python3-sklearn)")
        self.assertEqual(clone(s).get_params(), s.get_params())
        e = clone(certune.ExactSpreading(value=Fraction(1, 2)))
        self.assertEqual(e.value, Fraction(1, 2))

    def test_tuner_arrays(self):
        with self.assertRaisesRegex(TypeError, "ExactSearchCV"):
            certune.ExactTuner().fit(np.zeros((3, 3)), np.array([0, 1, -1]))
        with self.assertRaisesRegex(TypeError, "ExactSearchCV"):
            certune.ExactTuner().fit([[0, 1], [1, 0]], [0, 1])

    def test_not_fitted(self):
        with self.assertRaises(certune.NotFittedError):
            certune.ExactSearchCV().predict([0])
        with self.assertRaises(certune.NotFittedError):
            certune.ExactSpreading(value=1).predict()
        A, y = alpha_gadgets([(Fraction(1, 4), 0), (1, 1)])
        s = certune.ExactSearchCV(validation=[3], refit=False).fit(A, y)
        self.assertFalse(hasattr(s, "best_estimator_"))
        with self.assertRaisesRegex(AttributeError, "refit=False"):
            s.predict()


@unittest.skipIf(np is None, "numpy not installed")
class BadInputs(unittest.TestCase):
    def setUp(self):
        self.A, self.y = alpha_gadgets([(Fraction(1, 4), 0), (1, 1), (Fraction(1, 10), 1)])

    def refused(self, exc, pattern, X=None, y=None, **params):
        if "cv" not in params and "validation" not in params:
            params["validation"] = [3]
        with self.assertRaisesRegex(exc, pattern):
            certune.ExactSearchCV(**params).fit(self.A if X is None else X,
                                                self.y if y is None else y)

    def test_parameters(self):
        self.refused(ValueError, "^family: 'beta' is not one of", family="beta")
        self.refused(ValueError, "^ties: 'random' is not one of smallest, expected",
                     ties="random")
        self.refused(ValueError, "^aggregate: 'sum' is not one of pooled, mean_of_folds",
                     aggregate="sum")
        self.refused(TypeError, "^refit: 'yes'", refit="yes")
        self.refused(ValueError, "c applies only to the delta family", c="1/2")
        self.refused(ValueError, "^c: nan is not a finite number", family="delta",
                     c=float("nan"))
        self.refused(ValueError, "^kernel: 'linear' is not one of", kernel="linear")

    def test_cv(self):
        self.refused(ValueError, "^cv: 1 folds; an integer cv is at least 2", cv=1)
        self.refused(TypeError, "^cv: expected None, an int", cv="five")
        self.refused(ValueError, "^cv: n_splits=9 cannot be greater .*\\(12 labeled nodes\\)",
                     cv=9)
        self.refused(ValueError, "^cv and validation: give one", cv=3, validation=[3])
        self.refused(ValueError, "^cv: no fold", cv=[])
        self.refused(ValueError, "^cv: fold 0: expected a \\(train, test\\) pair", cv=[[1]])
        self.refused(ValueError, "^cv: fold 0: test: node 12 out of range 0..11",
                     cv=[([0, 1], [12])])
        self.refused(ValueError, "^cv: fold 0: node 1 is in train and test",
                     cv=[([0, 1], [1, 3])])
        self.refused(ValueError, "^cv: fold 0: train: node 2 given twice",
                     cv=[([2, 2], [3])])
        y = self.y.copy()
        y[5] = -1
        self.refused(ValueError, "^cv: fold 1: test node 5 is unlabeled", y=y,
                     cv=[([0], [3]), ([0], [5])])

    def test_validation(self):
        y = self.y.copy()
        y[3] = -1
        self.refused(ValueError, "^validation: test node 3 is unlabeled", y=y, validation=[3])
        self.refused(ValueError, "^validation: no node to hold out", validation=[])
        self.refused(ValueError, "^validation: no labeled node left to train on",
                     validation=np.arange(12))
        self.refused(ValueError, "^validation: a boolean mask of 3 entries for 12 nodes",
                     validation=[True, False, True])
        self.refused(ValueError, "^validation: node 1.5 is not an integer", validation=[1.5])

    def test_data(self):
        self.refused(ValueError, "^y: 11 labels for a graph of 12 nodes", y=self.y[:11],
                     validation=[3])
        self.refused(ValueError, "^y: no labeled node", y=-np.ones(12, dtype=int),
                     validation=[3])
        self.refused(ValueError, "^X: kernel='precomputed' takes a square", X=np.zeros((4, 2)),
                     validation=[3])
        B = self.A.copy()
        B[0, 1] = 2
        self.refused(ValueError, "^X: adjacency matrix is not symmetric at \\(0, 1\\)", X=B,
                     validation=[3])
        with self.assertRaisesRegex(ValueError, "^value: the hyperparameter value is not set"):
            certune.ExactSpreading().fit(self.A, self.y)
        with self.assertRaisesRegex(ValueError, "^at: 1 is outside alpha's domain"):
            certune.ExactSpreading(value=1).fit(self.A, self.y)
        e = certune.ExactSpreading(value="1/2").fit(self.A, self.y)
        with self.assertRaisesRegex(ValueError, "^nodes: node 12 out of range 0..11"):
            e.predict([12])
        with self.assertRaisesRegex(ValueError, "^y_true: 1 values for 2 nodes"):
            e.score([0, 1], [0])


@unittest.skipIf(LabelSpreading is None, "numpy or scikit-learn not installed")
class Example(unittest.TestCase):
    def test_docs_output(self):
        # docs/python.md shows python/example_search.py's output: it is the real one.
        try:
            import pandas  # noqa: F401
        except ImportError:
            self.skipTest("pandas not installed (python3-pandas)")
        command = "$ PYTHONPATH=python python3 python/example_search.py"
        with open(os.path.join(REPO, "docs", "python.md"), encoding="utf-8") as f:
            text = f.read()
        shown = text[text.index(command) + len(command) + 1:]
        shown = shown[:shown.index("```")]
        env = dict(os.environ, PYTHONPATH=os.path.join(REPO, "python"))
        r = subprocess.run([sys.executable, os.path.join(REPO, "python", "example_search.py")],
                           capture_output=True, text=True, env=env, cwd=REPO)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, shown)


if __name__ == "__main__":
    unittest.main()
