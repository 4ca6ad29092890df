"""Problem instances: a weighted graph, labels and the true classes of held-out nodes.

Weights are exact. Each weight may be an int, a fractions.Fraction, a
decimal.Decimal, a string in certune's exact syntax ("3", "3/4", "0.125",
"2.5e-1"; checked by the library) or a float. A float is converted exactly
to the rational number it stores, Fraction(w): 0.1 becomes
3602879701896397/36028797018963968, not 1/10. Pass the string "0.1" or
Fraction(1, 10) to mean one tenth. numpy scalars behave like the Python
number they hold.
"""

import decimal
import fractions
import math
import numbers
import os

from . import _lib


def exact_string(w):
    """The exact rational w as a string the library reads (see the module doc)."""
    if isinstance(w, str):
        return w.strip()
    if isinstance(w, bool):
        return "1" if w else "0"
    if isinstance(w, numbers.Integral):
        return str(int(w))
    if isinstance(w, fractions.Fraction):
        return f"{w.numerator}/{w.denominator}"
    if isinstance(w, (decimal.Decimal, numbers.Real)):
        x = w if isinstance(w, decimal.Decimal) else float(w)
        if not x.is_finite() if isinstance(x, decimal.Decimal) else not math.isfinite(x):
            raise ValueError(f"weight {w!r} is not a finite number")
        q = fractions.Fraction(x)
        return f"{q.numerator}/{q.denominator}"
    raise TypeError(f"weight {w!r}: expected an int, Fraction, Decimal, str or float")


def _is_sparse(m):
    return hasattr(m, "tocoo") and hasattr(m, "shape")


def _matrix_edges(m):
    """Edges (u, v, w), u < v, of a symmetric adjacency matrix (scipy.sparse,
    numpy array or nested lists); the matrix must be symmetric exactly and
    have a zero diagonal."""
    if _is_sparse(m):
        coo = m.tocoo()
        entries = zip(coo.row.tolist(), coo.col.tolist(), coo.data.tolist())
    else:
        rows = [list(r) for r in m]
        entries = ((i, j, w) for i, r in enumerate(rows) for j, w in enumerate(r))
    upper, lower = {}, {}
    for i, j, w in entries:
        if w == 0:
            continue
        if i == j:
            raise ValueError(f"adjacency matrix: nonzero diagonal entry at node {i} "
                             "(self-loops are not part of the model)")
        side = upper if i < j else lower
        key = (min(i, j), max(i, j))
        side[key] = side[key] + w if key in side else w  # (COO duplicates add up)
    keys = sorted(set(upper) | set(lower))
    for key in keys:
        a, b = upper.get(key, 0), lower.get(key, 0)
        if fractions.Fraction(exact_string(a)) != fractions.Fraction(exact_string(b)):
            raise ValueError(f"adjacency matrix is not symmetric at {key}: {a!r} != {b!r}")
    return [(u, v, upper[(u, v)] if (u, v) in upper else lower[(u, v)]) for (u, v) in keys]


class Instance:
    """One problem instance (the in-memory form of a .gssl file).

    graph: a symmetric adjacency matrix (scipy.sparse matrix or 2-D numpy
      array; zero diagonal) or an edge list (any other iterable) of (u, v, w)
      or (u, v) (weight 1) with 0-based nodes, each undirected edge once.
    labels: per node, its given class (0..classes-1) or -1 for unlabeled;
      len(labels) is the number of nodes.
    truth: per node, the true class of a held-out node or -1 (optional). The
      entry of a labeled node must be -1 or its label (then it is ignored), so
      a full ground-truth vector may be passed.
    classes: number of classes (default: 1 + the largest class given).
    name: used in error messages.
    """

    def __init__(self, graph, labels, truth=None, classes=None, name=None):
        self.labels = [int(x) for x in labels]
        self.n = len(self.labels)
        truth = [-1] * self.n if truth is None else [int(x) for x in truth]
        if len(truth) != self.n:
            raise ValueError(f"truth has {len(truth)} entries, labels {self.n}")
        for i, (l, t) in enumerate(zip(self.labels, truth)):
            if l >= 0 and t >= 0 and t != l:
                raise ValueError(f"node {i}: labeled {l} but true class {t}")
        self.truth = [t if l < 0 else -1 for l, t in zip(self.labels, truth)]
        self.classes = int(classes) if classes is not None else \
            1 + max(self.labels + self.truth + [0])
        self.name = name
        if _is_sparse(graph) or (hasattr(graph, "shape") and len(graph.shape) == 2):
            if tuple(graph.shape) != (self.n, self.n):
                raise ValueError(f"adjacency matrix of shape {graph.shape} for {self.n} labels")
            self.edges = _matrix_edges(graph)
        else:
            self.edges = [(int(e[0]), int(e[1]), e[2] if len(e) > 2 else 1) for e in graph]

    def _add_to(self, handle, index):
        """Adds this instance to a ct_capi_instances handle (raises InputError)."""
        from .errors import raise_for
        L = _lib.lib()
        m = len(self.edges)
        LongArr = _lib.ctypes.c_long * max(m, 1)
        u = LongArr(*[e[0] for e in self.edges])
        v = LongArr(*[e[1] for e in self.edges])
        w = (_lib.ctypes.c_char_p * max(m, 1))(*[exact_string(e[2]).encode() for e in self.edges])
        NodeArr = _lib.ctypes.c_long * self.n
        name = self.name if self.name is not None else f"instance {index}"
        err = _lib.error_buffer()
        rc = L.ct_capi_instances_add_graph(handle, name.encode(), self.n, self.classes, m, u, v, w,
                                           NodeArr(*self.labels), NodeArr(*self.truth), err,
                                           len(err))
        raise_for(rc, err)

    def to_gssl(self):
        """This instance as .gssl text (exact weights as reduced fractions)."""
        with InstanceSet([self]) as s:
            return _lib.take_string(_lib.lib().ct_capi_instances_gssl(s.handle, 0))

    def __repr__(self):
        return (f"Instance(n={self.n}, classes={self.classes}, edges={len(self.edges)}, "
                f"labeled={sum(l >= 0 for l in self.labels)}, "
                f"held_out={sum(t >= 0 for t in self.truth)})")


class InstanceSet:
    """A C-side set of instances (a context manager that frees it)."""

    def __init__(self, instances):
        from .errors import raise_for
        L = _lib.lib()
        self.handle = L.ct_capi_instances_new()
        try:
            for k, inst in enumerate(instances):
                if isinstance(inst, Instance):
                    inst._add_to(self.handle, k)
                elif isinstance(inst, (str, bytes, os.PathLike)):
                    err = _lib.error_buffer()
                    rc = L.ct_capi_instances_add_file(self.handle, os.fsencode(inst), err,
                                                      len(err))
                    raise_for(rc, err)
                else:
                    raise TypeError(f"instance {k}: expected a certune.Instance or a .gssl "
                                    f"path, not {type(inst).__name__}")
        except BaseException:
            self.close()
            raise

    def close(self):
        if self.handle:
            _lib.lib().ct_capi_instances_destroy(self.handle)
            self.handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:  # interpreter shutdown may have torn down the module
            pass


def as_list(instances):
    """A single instance or path, or an iterable of them, as a list."""
    if isinstance(instances, (Instance, str, bytes, os.PathLike)):
        return [instances]
    return list(instances)
