"""Problem instances: a weighted graph, labels and the true classes of held-out nodes.

Weights are exact. Each weight may be an int, a fractions.Fraction, a
decimal.Decimal, a string in certune's exact syntax ("3", "3/4", "0.125",
"2.5e-1"; checked by the library) or a float. A float is converted exactly
to the rational number it stores, Fraction(w): 0.1 becomes
3602879701896397/36028797018963968, not 1/10. Pass the string "0.1" or
Fraction(1, 10) to mean one tenth. numpy scalars behave like the Python
number they hold (a longdouble keeps its extra bits). Numbers of any size
are written whole (past CPython's int -> str limit, _check.int_string); one
with over 1048512 digits as a reduced fraction, the library's bound on a
weight, is a ValueError.
"""

import decimal
import numbers
import os

from . import _check, _lib


def exact_string(w, field="weight"):
    """The exact rational w as a string the library reads (see the module doc).
    field: the words before the value in error messages ("c:", "edge 3:
    weight"): "c: nan is not a finite number"."""
    if isinstance(w, str):
        _check.c_string(w, field)  # (a NUL byte would cut it short)
        return w.strip()
    if isinstance(w, bool):
        return "1" if w else "0"
    if isinstance(w, numbers.Rational):  # (ints, NumPy integers, Fractions)
        return _check.rational_string(int(w.numerator), int(w.denominator), w, field)
    if isinstance(w, decimal.Decimal):
        if not w.is_finite():
            raise ValueError(f"{field} {_check.show(w)} is not a finite number")
        if _check.decimal_digits_at_least(w) > _check.MAX_WEIGHT_DIGITS:  # (before 10**exp)
            raise _check.too_many_digits(w, field)
        return _check.rational_string(*w.as_integer_ratio(), w, field)
    if isinstance(w, numbers.Real):
        return _check.rational_string(*_float_ratio(w, field), w, field)
    raise TypeError(f"{field} {_check.show(w)} is a {type(w).__name__}, not an int, "
                    "Fraction, Decimal, str or float")


def _float_ratio(x, field):
    """The exact (p, q) of a float (any NumPy float too: a longdouble keeps
    its extra bits, where float(x) would round them away)."""
    try:
        return x.as_integer_ratio() if hasattr(x, "as_integer_ratio") \
            else float(x).as_integer_ratio()
    except (ValueError, OverflowError):  # nan, inf
        raise ValueError(f"{field} {_check.show(x)} is not a finite number") from None


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
        field = f"adjacency matrix at {key}: weight"
        if _check.fraction(exact_string(a, field)) != _check.fraction(exact_string(b, field)):
            raise ValueError(f"adjacency matrix is not symmetric at {key}: "
                             f"{_check.show(a)} != {_check.show(b)}")
    return [(u, v, upper[(u, v)] if (u, v) in upper else lower[(u, v)]) for (u, v) in keys]


def _check_classes(labels, truth, top):
    """Each label and truth lies in -1..top (ValueError naming the entry)."""
    for field, values in (("labels", labels), ("truth", truth)):
        for i, x in enumerate(values):
            _check.integer_in(x, f"{field}[{i}]:", -1, top)


def _check_nodes(labels, truth, classes):
    """(labels, truth, classes) checked: classes in 1..1000000 (the library's
    bound), labels and truths in -1..classes-1, no node labeled with one class
    and true in another; a labeled node's truth becomes -1."""
    if not 1 <= len(labels) <= _check.MAX_NODES:
        raise ValueError(f"labels: {len(labels)} nodes, out of range 1..{_check.MAX_NODES}")
    classes = _check.integer_in(classes, "classes:", 1, _check.MAX_CLASSES)
    labels = [_check.integer(x, f"labels[{i}]:") for i, x in enumerate(labels)]
    truth = [_check.integer(x, f"truth[{i}]:") for i, x in enumerate(truth)]
    if len(truth) != len(labels):
        raise ValueError(f"truth has {len(truth)} entries, labels {len(labels)}")
    _check_classes(labels, truth, classes - 1)
    for i, (l, t) in enumerate(zip(labels, truth)):
        if l >= 0 and t >= 0 and t != l:
            raise ValueError(f"node {i}: labeled {l} but true class {t}")
    return labels, [t if l < 0 else -1 for l, t in zip(labels, truth)], classes


def _edge(e, k, n):
    """Edge k of an edge list as (u, v, w): u and v ints in 0..n-1, w as given
    (1 when absent)."""
    form = "expected (u, v) or (u, v, w)"
    try:
        size = len(e)
    except TypeError:
        raise TypeError(f"edge {k}: {form}, got {type(e).__name__}") from None
    if size not in (2, 3):
        raise ValueError(f"edge {k}: {form}, got {size} field{'' if size == 1 else 's'}")
    u, v = (_check.integer_in(x, f"edge {k}: node", 0, n - 1) for x in (e[0], e[1]))
    return (u, v, e[2] if size == 3 else 1)


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

    Nodes, labels, truths and classes are Python or NumPy integers (not
    bools, not floats such as 2.0), in range: nodes 0..n-1, labels and truths
    -1..classes-1, classes and n in 1..1000000 (the library's bounds).
    Anything else is a TypeError or ValueError naming the field and value
    ("labels[3]: 1.7 is not an integer"), raised here and again when the
    instance is passed to the library.
    """

    def __init__(self, graph, labels, truth=None, classes=None, name=None):
        labels = [_check.integer(x, f"labels[{i}]:") for i, x in enumerate(labels)]
        truth = [-1] * len(labels) if truth is None else \
            [_check.integer(x, f"truth[{i}]:") for i, x in enumerate(truth)]
        if classes is None:  # 1 + the largest class, which must be one the library takes
            _check_classes(labels, truth, _check.MAX_CLASSES - 1)
            classes = 1 + max(labels + truth + [0])
        self.labels, self.truth, self.classes = _check_nodes(labels, truth, classes)
        self.n = len(self.labels)
        if name is not None:
            _check.c_string(name, "name:")
        self.name = name
        if _is_sparse(graph) or (hasattr(graph, "shape") and len(graph.shape) == 2):
            if tuple(graph.shape) != (self.n, self.n):
                raise ValueError(f"adjacency matrix of shape {graph.shape} for {self.n} labels")
            self.edges = _matrix_edges(graph)
        else:
            self.edges = [_edge(e, k, self.n) for k, e in enumerate(graph)]

    def _checked(self):
        """(n, classes, edges, labels, truth) as checked ints, checked again
        here in case an attribute was changed after construction."""
        labels, truth, classes = _check_nodes(self.labels, self.truth, self.classes)
        n = len(labels)
        return n, classes, [_edge(e, k, n) for k, e in enumerate(self.edges)], labels, truth

    def _add_to(self, handle, index):
        """Adds this instance to a ct_capi_instances handle (raises InputError)."""
        from .errors import raise_for
        L = _lib.lib()
        n, classes, edges, labels, truth = self._checked()
        m = len(edges)
        LongArr = _lib.ctypes.c_long * max(m, 1)
        u = LongArr(*[e[0] for e in edges])
        v = LongArr(*[e[1] for e in edges])
        w = (_lib.ctypes.c_char_p * max(m, 1))(
            *[exact_string(e[2], f"edge {k}: weight").encode() for k, e in enumerate(edges)])
        NodeArr = _lib.ctypes.c_long * n
        name = _check.c_string(self.name if self.name is not None else f"instance {index}",
                               "name:")
        err = _lib.error_buffer()
        rc = L.ct_capi_instances_add_graph(handle, name, n, classes, m, u, v, w,
                                           NodeArr(*labels), NodeArr(*truth), err, len(err))
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
                    path = _check.c_path(inst, f"instance {k}: path")
                    rc = L.ct_capi_instances_add_file(self.handle, path, err, len(err))
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
