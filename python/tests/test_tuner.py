"""ExactTuner on hand-derived gadgets (thresholds x/(x - 2) of the lambda
gadget, docs/lambda.md) and its scikit-learn estimator conventions."""

import unittest
from fractions import Fraction

import certune
from common import instance


class Tuner(unittest.TestCase):
    def test_fit_score(self):
        t = certune.ExactTuner(family="lambda")
        self.assertIs(t.fit([instance("lambda-gadget-x4.gssl")]), t)
        self.assertEqual((t.best_param_, t.best_loss_, t.min_loss_), (3, 0, 0))
        self.assertIsInstance(t.best_param_, Fraction)
        self.assertIsInstance(t.best_loss_, Fraction)
        # At lambda = 3: the x = 3 gadget ties (class 0, wrong), x = 6 (threshold 3/2)
        # predicts class 1 (right); both: accuracy 1/2.
        self.assertEqual(t.score([instance("lambda-gadget-x3.gssl")]), 0)
        self.assertEqual(t.score(instance("lambda-gadget-x6.gssl")), 1)
        self.assertEqual(t.score([instance("lambda-gadget-x3.gssl"),
                                  instance("lambda-gadget-x6.gssl")]), Fraction(1, 2))

    def test_oscillating(self):
        t = certune.ExactTuner(family="lambda").fit(instance("lambda-gadget-oscillating.gssl"))
        self.assertEqual((t.best_param_, t.best_loss_), (Fraction(4, 3), Fraction(2, 5)))
        self.assertEqual(t.score(instance("lambda-gadget-oscillating.gssl")), Fraction(3, 5))

    def test_delta_c(self):
        t = certune.ExactTuner(family="delta", c="1/2").fit([instance("delta-gadget-x2-c1_2.gssl")])
        self.assertEqual(t.best_loss_, 0)
        self.assertEqual(t.profile_.c, Fraction(1, 2))

    def test_params(self):
        t = certune.ExactTuner()
        self.assertEqual(t.get_params(), {"family": "alpha", "c": None, "score_all": False})
        self.assertIs(t.set_params(family="delta", c="3/4"), t)
        self.assertEqual((t.family, t.c), ("delta", "3/4"))
        with self.assertRaisesRegex(ValueError, "invalid parameter"):
            t.set_params(gamma=2)
        with self.assertRaises(certune.NotFittedError):
            t.score([instance("lambda-gadget-x4.gssl")])

    def test_sklearn_clone(self):
        try:
            from sklearn.base import clone
        except ImportError:
            self.skipTest("scikit-learn not installed (python3-sklearn)")
        t = certune.ExactTuner(family="delta", c="3/4").fit([instance("delta-gadget-x2-c3_4.gssl")])
        u = clone(t)
        self.assertEqual(u.get_params(), t.get_params())
        self.assertFalse(hasattr(u, "best_param_"))


class Pandas(unittest.TestCase):
    def test_to_pandas(self):
        try:
            import pandas  # noqa: F401
        except ImportError:
            self.skipTest("pandas not installed (python3-pandas)")
        p = certune.analyze(instance("delta-gadget-oscillating.gssl"), family="delta")
        df = p.to_pandas()
        # end, then piece/point alternating, then end: 2 + 6 + 5 rows.
        self.assertEqual(list(df["kind"]), ["end"] + ["piece", "point"] * 5 + ["piece", "end"])
        self.assertEqual(list(df["loss"]), [p.end_losses[0]] + [x for q in p.pieces for x in
                         ([q.loss, q.right.loss] if q.right else [q.loss])] + [p.end_losses[1]])
        self.assertTrue((df["lo"].diff().dropna() >= 0).all())


if __name__ == "__main__":
    unittest.main()
