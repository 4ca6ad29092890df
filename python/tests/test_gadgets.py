"""The package on hand-derived gadgets (docs/lambda.md, docs/alpha.md,
docs/delta.md): the lambda gadget with edge (3,4) = x switches its held-out
node 3 from class 0 to class 1 above x/(x - 2) (ties to class 0); the star
gadget switches node 4 (truth 0) to class 1 above alpha = sqrt(x + 2)/2, and
for delta from class 1 to class 0 at ln(2c)/ln(x + 2)."""

import math
import pickle
import unittest
import warnings
from fractions import Fraction

import certune
from common import instance


def lambda_gadget(x):
    return certune.Instance([(0, 2, 1), (1, 2, 1), (2, 3, x)], labels=[0, 0, -1, 1],
                            truth=[-1, -1, 1, -1])


def star_gadget(x):
    return certune.Instance([(0, 1), (0, 2), (0, 3, x)], labels=[0, 1, 1, -1],
                            truth=[-1, -1, -1, 0])


class LambdaGadget(unittest.TestCase):
    def check_x4(self, p):
        self.assertEqual(p.family, "lambda")
        self.assertEqual((p.n_instances, p.n_scored), (1, 1))
        self.assertEqual(len(p.breakpoints), 1)
        b = p.breakpoints[0]
        self.assertEqual((b.exact, b.lo, b.hi, b.approx), ("x - 2", 2, 2, 2.0))
        self.assertEqual((b.loss, b.changes, b.jump), (1, 1, True))
        self.assertEqual([q.loss for q in p.pieces], [1, 0])
        self.assertIsInstance(p.min_loss, Fraction)
        self.assertEqual(p.min_loss, 0)
        self.assertEqual(p.minimum.pieces, [1])
        self.assertEqual(p.minimum.points, [])
        self.assertEqual(p.representative, 3)
        self.assertEqual(p.loss_at(2), 1)
        self.assertEqual(p.loss_at("2.000001"), 0)
        self.assertEqual(p.loss_at(Fraction(3999999, 2000000)), 1)
        self.assertEqual(p.loss_at(1.5), 1)
        self.assertLess(p.piece_point(0), 2)
        self.assertGreater(p.piece_point(1), 2)
        with self.assertRaisesRegex(ValueError, "outside the domain"):
            p.loss_at(0)
        with self.assertRaisesRegex(ValueError, "outside the domain"):
            p.loss_at("-1/2")

    def test_file(self):
        self.check_x4(certune.analyze(instance("lambda-gadget-x4.gssl"), family="lambda"))

    def test_weight_spellings(self):
        for x in (4, "4", "8/2", "0.4e1", Fraction(4), 4.0):
            with self.subTest(x=x):
                self.check_x4(certune.analyze([lambda_gadget(x)], family="lambda"))

    def test_float_weight_is_exact(self):
        # 0.1 is stored as 3602879701896397 / 2^55: the instance holds exactly that.
        text = lambda_gadget(0.1).to_gssl()
        self.assertIn("e 3 4 3602879701896397/36028797018963968\n", text)
        self.assertIn("e 3 4 1/10\n", lambda_gadget("0.1").to_gssl())
        # x = 2.5 (exact in binary): threshold x/(x - 2) = 5.
        p = certune.analyze([lambda_gadget(2.5)], family="lambda")
        self.assertEqual(p.breakpoints[0].exact, "x - 5")
        # x = 6 + 2^-50: the threshold (6 + e)/(4 + e) is not 3/2, but just below.
        e = Fraction(1, 2**50)
        p = certune.analyze([lambda_gadget(6 + 2.0**-50)], family="lambda")
        b = p.breakpoints[0]
        self.assertTrue(b.lo <= (6 + e) / (4 + e) <= b.hi)
        self.assertEqual(p.loss_at(Fraction(3, 2)), 0)

    def test_oscillating(self):
        p = certune.analyze(instance("lambda-gadget-oscillating.gssl"), family="lambda")
        self.assertEqual([b.exact for b in p.breakpoints],
                         ["4*x - 5", "2*x - 3", "x - 2", "x - 3", "x - 5"])
        self.assertEqual([q.loss for q in p.pieces], [Fraction(k, 5) for k in (3, 2, 3, 2, 3, 2)])
        self.assertEqual(p.min_loss, Fraction(2, 5))
        self.assertEqual(p.minimum.pieces, [1, 3, 5])
        self.assertEqual(p.minimum.points, [1, 3])
        self.assertEqual(p.representative, Fraction(4, 3))
        self.assertEqual(p.loss_pieces, 6)

    def test_two_instances_mean(self):
        p = certune.analyze([instance("lambda-gadget-x4.gssl"), lambda_gadget(3)],
                            family="lambda")
        self.assertEqual([b.exact for b in p.breakpoints], ["x - 2", "x - 3"])
        self.assertEqual([q.loss for q in p.pieces], [1, Fraction(1, 2), 0])

    def test_score_all(self):
        p = certune.analyze([lambda_gadget(4)], family="lambda", score_all=True)
        self.assertEqual(p.n_scored, 4)
        self.assertEqual([b.exact for b in p.breakpoints], ["3*x - 2", "x - 2"])
        self.assertEqual([q.loss for q in p.pieces], [Fraction(1, 2), Fraction(1, 4), 0])


class Matrices(unittest.TestCase):
    """A matrix gives the same instance as its edge list (compared as the
    library's .gssl text of the x = 4 gadget)."""

    def setUp(self):
        try:
            import numpy
            import scipy.sparse
        except ImportError:
            self.skipTest("numpy or scipy not installed")
        self.np, self.sparse = numpy, scipy.sparse
        W = numpy.zeros((4, 4))
        W[0, 2] = W[2, 0] = W[1, 2] = W[2, 1] = 1
        W[2, 3] = W[3, 2] = 4
        self.W = W
        self.want = lambda_gadget(4).to_gssl()

    def inst(self, W):
        return certune.Instance(W, labels=[0, 0, -1, 1], truth=[-1, -1, 1, -1])

    def test_dense_sparse_object(self):
        self.assertEqual(self.inst(self.W).to_gssl(), self.want)
        for fmt in ("csr", "coo", "lil"):
            self.assertEqual(self.inst(self.sparse.csr_matrix(self.W).asformat(fmt)).to_gssl(),
                             self.want)
        F = self.np.array([[Fraction(int(x)) for x in row] for row in self.W], dtype=object)
        self.assertEqual(self.inst(F).to_gssl(), self.want)

    def test_not_a_graph(self):
        A = self.W.copy()
        A[2, 3] = 4.000000000000001
        with self.assertRaisesRegex(ValueError, r"not symmetric at \(2, 3\)"):
            self.inst(A)
        A = self.W.copy()
        A[1, 1] = 1
        with self.assertRaisesRegex(ValueError, "diagonal"):
            self.inst(A)
        with self.assertRaisesRegex(ValueError, "shape"):
            certune.Instance(self.W, labels=[0, 1, -1])
        for bad in (float("nan"), float("inf")):
            with self.assertRaisesRegex(ValueError, "finite"):
                lambda_gadget(bad).to_gssl()


class AlphaDeltaGadget(unittest.TestCase):
    def test_alpha(self):
        p = certune.analyze([star_gadget(1)], family="alpha")
        self.assertEqual(p.domain, (0, 1, False))
        b, = p.breakpoints
        self.assertEqual(b.exact, "-sqrt(3) + 2*x")
        self.assertAlmostEqual(b.approx, math.sqrt(3) / 2, places=15)
        self.assertTrue(b.lo ** 2 <= Fraction(3, 4) <= b.hi ** 2)
        self.assertEqual([q.loss for q in p.pieces], [0, 1])
        self.assertEqual(b.loss, 0)
        self.assertEqual(p.loss_at("0.866"), 0)
        self.assertEqual(p.loss_at("0.8661"), 1)
        with self.assertRaisesRegex(ValueError, r"\(0, 1\)"):
            p.loss_at(1)

    def test_alpha_rational_threshold(self):
        # x = 1/4: sqrt(9/4)/2 = 3/4 exactly.
        p = certune.analyze([star_gadget(Fraction(1, 4))], family="alpha")
        self.assertEqual((p.breakpoints[0].lo, p.breakpoints[0].hi), (Fraction(3, 4),) * 2)

    def test_delta(self):
        p = certune.analyze([star_gadget(2)], family="delta")
        self.assertEqual(p.c, Fraction(99, 100))
        self.assertEqual(p.domain, (0, 1, True))
        b, = p.breakpoints
        self.assertAlmostEqual(b.approx, math.log(1.98) / math.log(4), places=14)
        self.assertEqual(p.end_losses, (1, 0))
        self.assertEqual([q.loss for q in p.pieces], [1, 0])
        self.assertEqual(b.loss, 0)
        self.assertEqual(p.loss_at(0), 1)
        self.assertEqual(p.loss_at(1), 0)
        self.assertEqual(p.minimum.ends, ("hi",))
        q = certune.analyze([star_gadget(2)], family="delta", c="1/2")
        self.assertEqual((q.c, q.breakpoints, q.end_losses), (Fraction(1, 2), [], (0, 0)))


class Errors(unittest.TestCase):
    def test_bad_instances(self):
        cases = [
            ([(0, 1), (1, 0)], "edge 1: repeated edge 0-1 (first as edge 0)"),
            ([(0, 1), (2, 2)], "edge 1: self-loop on node 2"),
            ([(0, 1), (1, 2, "1/0")], "edge 1: malformed weight '1/0'"),
            ([(0, 1), (1, 2, "1e100001")],
             "edge 1: weight '1e100001' has an exponent beyond +-100000"),
            ([(0, 1), (1, 2, -0.5)], "edge 1: negative weight '-1/2'"),
        ]
        for edges, msg in cases:
            with self.subTest(msg=msg):
                inst = certune.Instance(edges, [0, -1, -1, 1], [-1, 0, 1, -1], name="g")
                with self.assertRaises(certune.InputError) as cm:
                    certune.analyze([inst], family="lambda")
                self.assertIn("g: " + msg, str(cm.exception))
        with self.assertRaises(ValueError):
            certune.Instance([(0, 1)], [0, 1], [1, -1])  # labeled 0, true class 1
        with self.assertRaisesRegex(ValueError, r"^edge 1: node 4 out of range 0\.\.3$"):
            certune.Instance([(0, 1), (1, 4)], [0, -1, -1, 1])  # (checked before the library)
        with self.assertRaisesRegex(TypeError, "weight"):
            certune.analyze([certune.Instance([(0, 1, None)], [0, -1], [-1, 0])], "lambda")
        with self.assertRaisesRegex(certune.InputError, "lambda-gadget-none.gssl"):
            certune.analyze(instance("lambda-gadget-none.gssl"), family="lambda")

    def test_bad_arguments(self):
        x4 = instance("lambda-gadget-x4.gssl")
        with self.assertRaisesRegex(ValueError, "family"):
            certune.analyze(x4, family="beta")
        with self.assertRaisesRegex(ValueError, "delta"):
            certune.analyze(x4, family="lambda", c="1/2")
        with self.assertRaisesRegex(ValueError, r"\(0, 1\)"):
            certune.analyze(x4, family="delta", c=1)
        with self.assertRaisesRegex(certune.InputError, "no scored"):
            certune.analyze([certune.Instance([(0, 1)], [0, 1])], family="lambda")
        for ball in (1, -3, "on", 2.5):
            with self.assertRaisesRegex(ValueError, "ball"):
                certune.analyze(x4, family="lambda", ball=ball)
        for threads in (0, 4097):
            with self.assertRaisesRegex(ValueError, "threads"):
                certune.analyze(x4, family="lambda", threads=threads)

    def test_settings_change_no_result(self):
        """ball and threads say how, never what: alpha on random-3 (20 nodes,
        one component) with its ball path from 6 nodes on 2 threads, and with
        exact paths only, give the same breakpoints (to 20 digits: a zero
        certified in balls and an exact one are not compared exactly) and the
        same exact losses; a pickled profile rebuilds with its own ball."""
        r3 = instance("random-3.gssl")
        a = certune.analyze(r3, family="alpha", ball=6, threads=2)
        b = certune.analyze(r3, family="alpha", ball="off")
        self.assertGreater(len(a.breakpoints), 0)
        self.assertEqual([(p.approx, p.loss, p.changes) for p in a.breakpoints],
                         [(p.approx, p.loss, p.changes) for p in b.breakpoints])
        self.assertEqual([q.loss for q in a.pieces], [q.loss for q in b.pieces])
        self.assertNotEqual([p.exact for p in a.breakpoints],
                            [p.exact for p in b.breakpoints])  # two kinds of certificate
        c = pickle.loads(pickle.dumps(a))
        self.assertEqual(c.loss_at("1/3"), a.loss_at("1/3"))

    def test_warning(self):
        inst = certune.Instance([(0, 1), (2, 3)], [0, -1, -1, -1], [-1, 0, 1, -1], name="split")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            p = certune.analyze([inst], family="lambda")
        self.assertTrue(any("no labeled node" in str(w.message) for w in caught))
        self.assertTrue(p.warnings and "split" in p.warnings[0])
        self.assertEqual(p.min_loss, Fraction(1, 2))  # the unlabeled pair ties to class 0


if __name__ == "__main__":
    unittest.main()
