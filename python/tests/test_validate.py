"""Hostile inputs: values the package must refuse with a message naming the
field, instead of letting ctypes wrap them (a c_long keeps the low 64 bits of
an int), cut them short (a c_char_p ends at a NUL byte) or CPython refuse to
write them (its limit on int -> str conversion)."""

import os
import pathlib
import random
import re
import sys
import unittest
from decimal import Decimal
from fractions import Fraction

import certune
from common import instance

try:
    import numpy as np
except ImportError:  # (the numpy cases are skipped)
    np = None

BIG = 2**64 + 2  # 2 after a c_long's wrap
# CPython 3.11 (and security releases of 3.7-3.10) limit int <-> str conversion.
no_limit = unittest.skipUnless(hasattr(sys, "set_int_max_str_digits"),
                               "this Python has no int <-> str conversion limit")


def gadget(edges=None, labels=None, **kw):
    """The lambda gadget with edge (3,4) of weight 4 (docs/lambda.md)."""
    return certune.Instance([(0, 2, 1), (1, 2, 1), (2, 3, 4)] if edges is None else edges,
                            [0, 0, -1, 1] if labels is None else labels,
                            kw.pop("truth", [-1, -1, 1, -1]), **kw)


class Integers(unittest.TestCase):
    """Nodes, labels, truths and the class count: ints (Python or NumPy
    integers), in range; bools, floats and strings are refused."""

    def check(self, error, message, **kw):
        with self.assertRaises(error) as cm:
            gadget(**kw)
        self.assertEqual(str(cm.exception), message)

    def test_node_out_of_range(self):
        self.check(ValueError, "edge 1: node 18446744073709551618 out of range 0..3",
                   edges=[(0, 2), (1, BIG), (2, 3)])
        self.check(ValueError, "edge 0: node -1 out of range 0..3", edges=[(-1, 2)])
        self.check(ValueError, "edge 2: node 4 out of range 0..3", edges=[(0, 2), (1, 2), (4, 3)])

    def test_node_not_an_integer(self):
        self.check(ValueError, "edge 0: node 0.5 is not an integer", edges=[(0.5, 2)])
        self.check(ValueError, "edge 0: node nan is not an integer", edges=[(0, float("nan"))])
        self.check(TypeError, "edge 0: node 2.0 is a float, not an integer", edges=[(0, 2.0)])
        self.check(TypeError, "edge 0: node True is a bool, not an integer", edges=[(True, 2)])
        self.check(TypeError, "edge 0: node '2' is a str, not an integer", edges=[(0, "2")])

    def test_edge_fields(self):
        self.check(ValueError, "edge 2: expected (u, v) or (u, v, w), got 4 fields",
                   edges=[(0, 2), (1, 2), (2, 3, 4, 5)])
        self.check(ValueError, "edge 1: expected (u, v) or (u, v, w), got 1 field",
                   edges=[(0, 2), (1,)])
        self.check(ValueError, "edge 0: expected (u, v) or (u, v, w), got 0 fields",
                   edges=[()])
        self.check(TypeError, "edge 0: expected (u, v) or (u, v, w), got int", edges=[5])

    def test_labels(self):
        self.check(ValueError, "labels[1]: 18446744073709551617 out of range -1..1",
                   labels=[0, 2**64 + 1, -1, 1], classes=2)
        # Without classes, a label up to the library's 999999 may set the count.
        self.check(ValueError, "labels[1]: 18446744073709551617 out of range -1..999999",
                   labels=[0, 2**64 + 1, -1, 1])
        self.check(ValueError, "labels[1]: -2 out of range -1..1", labels=[0, -2, -1, 1],
                   classes=2)
        self.check(ValueError, "labels[3]: 1.7 is not an integer", labels=[0, 0, -1, 1.7])
        self.check(TypeError, "labels[3]: 1.0 is a float, not an integer", labels=[0, 0, -1, 1.0])
        self.check(TypeError, "labels[0]: False is a bool, not an integer",
                   labels=[False, 0, -1, 1])
        self.check(TypeError, "labels[0]: None is a NoneType, not an integer",
                   labels=[None, 0, -1, 1])

    def test_truth(self):
        self.check(ValueError, "truth[2]: 18446744073709551618 out of range -1..1",
                   truth=[-1, -1, BIG, -1], classes=2)
        self.check(ValueError, "truth[2]: 0.5 is not an integer", truth=[-1, -1, 0.5, -1])

    def test_node_count(self):
        self.check(ValueError, "labels: 0 nodes, out of range 1..1000000", labels=[], truth=[],
                   edges=[])
        self.check(ValueError, "labels: 1000001 nodes, out of range 1..1000000",
                   labels=[-1] * 1000001, truth=None, edges=[])

    def test_classes(self):
        self.check(ValueError, "classes: 18446744073709551618 out of range 1..1000000",
                   classes=BIG)
        self.check(ValueError, "classes: 1000001 out of range 1..1000000", classes=1000001)
        self.check(ValueError, "classes: 0 out of range 1..1000000", classes=0)
        self.check(ValueError, "classes: 2.5 is not an integer", classes=2.5)
        self.check(TypeError, "classes: 2.0 is a float, not an integer", classes=2.0)
        self.check(TypeError, "classes: True is a bool, not an integer", classes=True)
        self.assertEqual(gadget(classes=5).classes, 5)
        self.assertIn("p gssl 4 1000000\n", gadget(classes=1000000).to_gssl())

    def test_changed_after_construction(self):
        # The checks run again when the instance reaches the library.
        for field, value, message in (
                ("classes", BIG, "classes: 18446744073709551618 out of range 1..1000000"),
                ("labels", [0, 2**64 + 1, -1, 1],
                 "labels[1]: 18446744073709551617 out of range -1..1"),
                ("edges", [(0, 2, 1), (1, BIG, 1)],
                 "edge 1: node 18446744073709551618 out of range 0..3")):
            with self.subTest(field=field):
                g = gadget()
                setattr(g, field, value)
                with self.assertRaises(ValueError) as cm:
                    certune.analyze(g, family="lambda")
                self.assertEqual(str(cm.exception), message)

    @unittest.skipIf(np is None, "numpy not installed")
    def test_numpy(self):
        want = gadget().to_gssl()
        # (A 2-D array is an adjacency matrix; its rows are an edge list.)
        g = certune.Instance(list(np.array([[0, 2, 1], [1, 2, 1], [2, 3, 4]], dtype=np.int32)),
                             np.array([0, 0, -1, 1]), np.array([-1, -1, 1, -1], dtype=np.int8),
                             classes=np.int64(2))
        self.assertEqual(g.to_gssl(), want)
        self.assertEqual(type(g.classes), int)
        self.assertEqual({type(x) for x in g.labels + g.truth}, {int})
        self.check(ValueError, "edge 0: node 18446744073709551615 out of range 0..3",
                   edges=[(np.uint64(2**64 - 1), 2)])
        self.check(TypeError, "labels[0]: 0.0 is a float64, not an integer",
                   labels=np.array([0.0, 0, -1, 1]))
        self.check(TypeError, "edge 0: node 0.0 is a float64, not an integer",
                   edges=list(np.array([[0, 2, 0.5]])))
        self.check(TypeError, "labels[0]: True is a bool_, not an integer",
                   labels=np.array([True, False, False, True]))


class PiecePoint(unittest.TestCase):
    def test_index(self):
        p = certune.analyze(instance("lambda-gadget-x4.gssl"), family="lambda")
        self.assertGreater(p.piece_point(1), 2)
        if np is not None:
            self.assertGreater(p.piece_point(np.int64(1)), 2)
        with self.assertRaisesRegex(ValueError, r"^piece: 0\.5 is not an integer$"):
            p.piece_point(0.5)
        with self.assertRaisesRegex(TypeError, "^piece: True is a bool, not an integer$"):
            p.piece_point(True)
        with self.assertRaisesRegex(IndexError, "^piece 18446744073709551616 of 2$"):
            p.piece_point(2**64)
        with self.assertRaisesRegex(IndexError, "^piece -1 of 2$"):
            p.piece_point(-1)
        with self.assertRaisesRegex(IndexError, "^piece <int too long to show> of 2$"):
            p.piece_point(10**5000)


class NulBytes(unittest.TestCase):
    """A NUL byte would end the C string early: refused, the field named."""

    def test_paths(self):
        x4 = instance("lambda-gadget-x4.gssl")
        for path in (x4 + "\0.junk", os.fsencode(x4) + b"\0.junk", pathlib.Path(x4 + "\0.junk")):
            with self.subTest(path=path):
                with self.assertRaisesRegex(ValueError,
                                            r"^instance 1: path .* contains a NUL byte$"):
                    certune.analyze([x4, path], family="lambda")
        with self.assertRaisesRegex(ValueError, "path .* contains a NUL byte"):
            certune.ExactTuner(family="lambda").fit(x4 + "\0")

    def test_strings(self):
        x4 = instance("lambda-gadget-x4.gssl")
        with self.assertRaisesRegex(ValueError, r"^family: 'lambda\\x00x' is not one of"):
            certune.analyze(x4, family="lambda\0x")
        with self.assertRaisesRegex(ValueError, r"^c: '1/2\\x00x' contains a NUL byte$"):
            certune.analyze(x4, family="delta", c="1/2\0x")
        p = certune.analyze(x4, family="lambda")
        with self.assertRaisesRegex(ValueError, r"^x: '3\\x00x' contains a NUL byte$"):
            p.loss_at("3\0x")
        g = gadget(edges=[(0, 2, 1), (1, 2, "1\0junk"), (2, 3, 4)])
        with self.assertRaisesRegex(ValueError,
                                    r"^edge 1: weight '1\\x00junk' contains a NUL byte$"):
            g.to_gssl()
        with self.assertRaisesRegex(ValueError, r"^name: 'g\\x00h' contains a NUL byte$"):
            gadget(name="g\0h")
        with self.assertRaisesRegex(TypeError, r"^name: 3 is not a str$"):
            gadget(name=3)


class ExactNumbers(unittest.TestCase):
    """Weights, c and loss_at's x: messages name the parameter."""

    def test_not_finite(self):
        x4 = instance("lambda-gadget-x4.gssl")
        for c in (float("nan"), float("inf"), Decimal("NaN"), Decimal("-Infinity")):
            with self.subTest(c=c):
                want = rf"^c: {re.escape(repr(c))} is not a finite number$"
                with self.assertRaisesRegex(ValueError, want):
                    certune.analyze(x4, family="delta", c=c)
                with self.assertRaisesRegex(ValueError, want):
                    certune.ExactTuner(family="delta", c=c).fit(x4)
        p = certune.analyze(x4, family="lambda")
        with self.assertRaisesRegex(ValueError, r"^x: nan is not a finite number$"):
            p.loss_at(float("nan"))
        g = gadget(edges=[(0, 2, 1), (1, 2, 1), (2, 3, float("inf"))])
        with self.assertRaisesRegex(ValueError, r"^edge 2: weight inf is not a finite number$"):
            certune.analyze(g, family="lambda")
        with self.assertRaisesRegex(TypeError, r"^c: \[1\] is a list, not an int, Fraction"):
            certune.analyze(x4, family="delta", c=[1])
        self.assertEqual(certune.exact_string(Fraction(3, 4)), "3/4")
        with self.assertRaisesRegex(ValueError, r"^weight nan is not a finite number$"):
            certune.exact_string(float("nan"))

    @unittest.skipIf(np is None, "numpy not installed")
    def test_matrix(self):
        W = np.zeros((4, 4))
        W[0, 2] = W[2, 0] = W[1, 2] = W[2, 1] = 1
        W[2, 3] = W[3, 2] = np.nan
        with self.assertRaisesRegex(
                ValueError, r"^adjacency matrix at \(2, 3\): weight nan is not a finite number$"):
            certune.Instance(W, [0, 0, -1, 1])


class BigNumbers(unittest.TestCase):
    """Exact numbers beyond CPython's 4300-digit int <-> str limit travel
    whole; beyond the library's weight size they are refused by name."""

    def test_big_weight(self):
        x = 10**5000 + 1
        text = gadget(edges=[(0, 2, 1), (1, 2, 1), (2, 3, x)]).to_gssl()
        self.assertIn("e 3 4 1" + "0" * 4999 + "1\n", text)
        q = Fraction(3, 10**6000)
        text = gadget(edges=[(0, 2, 1), (1, 2, 1), (2, 3, q)]).to_gssl()
        self.assertIn("e 3 4 3/1" + "0" * 6000 + "\n", text)
        text = gadget(edges=[(0, 2, 1), (1, 2, 1), (2, 3, Decimal("2e5000"))]).to_gssl()
        self.assertIn("e 3 4 2" + "0" * 5000 + "\n", text)

    def test_big_weight_analysis(self):
        # Threshold x/(x - 2) = 1 + 1/(5 10^4999 - 1): an exact rational
        # breakpoint, read back whole.
        x = 10**5000
        p = certune.analyze(gadget(edges=[(0, 2, 1), (1, 2, 1), (2, 3, x)]), family="lambda")
        b, = p.breakpoints
        self.assertEqual((b.lo, b.hi), (Fraction(x, x - 2),) * 2)
        self.assertEqual(p.loss_at(Fraction(x + 1, x - 2)), 0)
        self.assertEqual(p.loss_at(Fraction(x - 1, x - 2)), 1)

    def test_big_c(self):
        c = Fraction(10**5000 - 1, 10**5000)
        p = certune.analyze(instance("lambda-gadget-x4.gssl"), family="delta", c=c)
        self.assertEqual(p.c, c)
        t = certune.ExactTuner(family="delta", c=c).fit(instance("lambda-gadget-x4.gssl"))
        self.assertEqual(t.profile_.c, c)
        self.assertEqual(repr(t), "ExactTuner(family='delta', c=<Fraction too long to show>, "
                         "score_all=False)")

    @no_limit
    def test_lower_limit(self):
        # The conversion does not depend on the limit's value.
        old = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(640)
        try:
            x = 10**700 + 7
            text = gadget(edges=[(0, 2, 1), (1, 2, 1), (2, 3, x)]).to_gssl()
            self.assertIn("e 3 4 1" + "0" * 699 + "7\n", text)
        finally:
            sys.set_int_max_str_digits(old)

    def test_over_the_library_limit(self):
        # 1048513 digits: refused by name, before any conversion.
        for w, shown in ((10**1048512, "<int too long to show>"),
                         (Fraction(1, 10**1048512), "<Fraction too long to show>"),
                         (Decimal("1e-1048600"), "Decimal('1E-1048600')"),
                         (Decimal("3e1048512"), "Decimal('3E+1048512')")):
            with self.subTest(w=shown):
                g = gadget(edges=[(0, 2, 1), (1, 2, 1), (2, 3, w)])
                with self.assertRaises(ValueError) as cm:
                    g.to_gssl()
                self.assertEqual(str(cm.exception), f"edge 2: weight {shown} has over 1048512 "
                                 "digits as a reduced fraction")
        with self.assertRaisesRegex(ValueError, r"^c: <Fraction too long to show> has over"):
            certune.analyze(instance("lambda-gadget-x4.gssl"), family="delta",
                            c=Fraction(1, 10**1048512))

    @no_limit
    def test_conversions(self):
        # The package's own int -> str and str -> Fraction, against CPython's
        # with its limit lifted.
        from certune import _check
        rng = random.Random(5)
        old = sys.get_int_max_str_digits()
        try:
            for digits in (1, 4300, 4301, 9000, 60001):
                n = rng.randrange(10**(digits - 1), 10**digits) * rng.choice((1, -1))
                d = rng.randrange(1, 10**digits)
                sys.set_int_max_str_digits(0)
                s, body = str(n), str(abs(n))
                cases = [(s, Fraction(n)), (str(Fraction(n, d)), Fraction(n, d)),
                         (f"{s[:-1]}.{s[-1:]}", Fraction(n, 10)),
                         (f"{s}e-5", Fraction(n, 10**5)),
                         (f"-{body[0]}.{body[1:]}e7",
                          -abs(n) * Fraction(10)**(8 - len(body)))]
                sys.set_int_max_str_digits(old)
                self.assertEqual(_check.int_string(n), s)
                for text, value in cases:
                    self.assertEqual(_check.fraction(text), value, text[:50])
        finally:
            sys.set_int_max_str_digits(old)

    @unittest.skipIf(np is None or np.finfo(np.longdouble).nmant <= 52,
                     "no numpy longdouble wider than a double")
    def test_longdouble_is_exact(self):
        w = np.longdouble(1) / 3
        p, q = w.as_integer_ratio()
        text = gadget(edges=[(0, 2, 1), (1, 2, 1), (2, 3, w)]).to_gssl()
        self.assertIn(f"e 3 4 {p}/{q}\n", text)


@unittest.skipIf(np is None, "numpy not installed")
class Spreading(unittest.TestCase):
    def test_n_neighbors(self):
        # A slice bound: -3 took all but the last 3 neighbours, True one, 2**64 all.
        X = np.random.default_rng(0).normal(size=(6, 2))
        self.assertEqual(certune.spreading_graph(X, "knn", n_neighbors=np.int64(6)).sum(), 30)
        for k, error, message in ((-3, ValueError, "n_neighbors: -3 out of range 1..6"),
                                  (0, ValueError, "n_neighbors: 0 out of range 1..6"),
                                  (7, ValueError, "n_neighbors: 7 out of range 1..6"),
                                  (BIG, ValueError,
                                   "n_neighbors: 18446744073709551618 out of range 1..6"),
                                  (True, TypeError, "n_neighbors: True is a bool, not an integer"),
                                  (2.5, ValueError, "n_neighbors: 2.5 is not an integer")):
            with self.subTest(k=k):
                with self.assertRaises(error) as cm:
                    certune.spreading_graph(X, "knn", n_neighbors=k)
                self.assertEqual(str(cm.exception), message)


if __name__ == "__main__":
    unittest.main()
