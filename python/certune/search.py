"""ExactSearchCV: scikit-learn's GridSearchCV(LabelSpreading(...), {'alpha': grid},
cv=...) made exact, on one graph whose labels y mark unlabeled nodes with -1.

The folds split the labeled nodes only (a fold's labeled nodes are held out and
scored, the other labeled nodes keep their labels, unlabeled nodes stay in the
graph; GridSearchCV itself cannot do this: scikit-learn issue #2593). Each fold
is one certune.Instance; the certified profile over the fold instances gives
every fold's exact loss on every piece of the hyperparameter's domain, so the
search is over all values, not a grid. ExactSpreading is the fitted predictor
at one value (exact argmax for every node, float class distributions).
"""

import math
import numbers
from collections import namedtuple
from fractions import Fraction

from . import _check
from .errors import NotFittedError
from .evaluate import evaluate
from .instance import Instance, _matrix_edges, exact_string
from .profile import families, analyze, check_ties

AGGREGATES = ("pooled", "mean_of_folds")
KERNELS = ("precomputed", "rbf", "knn")


def _numpy():
    try:
        import numpy
    except ImportError as e:
        raise ImportError("certune.ExactSearchCV and ExactSpreading need numpy "
                          "(Debian: python3-numpy)") from e
    return numpy


class _Estimator:
    """scikit-learn's estimator conventions without scikit-learn: parameters
    only in the constructor, stored as given (sklearn.base.clone works),
    get_params / set_params, fitted attributes ending in an underscore."""

    _PARAMS = ()

    def get_params(self, deep=True):
        """The constructor parameters (scikit-learn convention)."""
        return {k: getattr(self, k) for k in self._PARAMS}

    def set_params(self, **params):
        """Sets constructor parameters; returns self (scikit-learn convention)."""
        for key, value in params.items():
            if key not in self._PARAMS:
                raise ValueError(f"invalid parameter {key!r} for {type(self).__name__}; "
                                 f"valid parameters: {sorted(self._PARAMS)}")
            setattr(self, key, value)
        return self

    def __repr__(self):
        args = ", ".join(f"{k}={_check.show(getattr(self, k), None)}" for k in self._PARAMS)
        return f"{type(self).__name__}({args})"


# ---- the graph and the labels ----

def _graph(X, kernel, gamma, n_neighbors):
    """(n, edges (u, v, w) with u < v) of X: a symmetric adjacency matrix for
    kernel 'precomputed', else samples whose affinity matrix
    certune.spreading_graph builds as LabelSpreading does."""
    if kernel == "precomputed":
        shape = getattr(X, "shape", None)
        if shape is None:
            try:
                rows = [list(r) for r in X]
            except TypeError:
                raise TypeError(f"X: expected an adjacency matrix (scipy.sparse, a 2-D "
                                f"array or nested lists), not {type(X).__name__}") from None
            shape = (len(rows), len(rows[0]) if rows else 0)
            if any(len(r) != shape[1] for r in rows):
                raise ValueError("X: the rows of the adjacency matrix differ in length")
            X = rows
        if len(shape) != 2 or shape[0] != shape[1] or shape[0] == 0:
            raise ValueError(f"X: kernel='precomputed' takes a square adjacency matrix, not "
                             f"one of shape {tuple(shape)} (for samples x features, pass "
                             "kernel='rbf', 'knn' or a callable)")
        n = int(shape[0])
        W = X
    elif kernel in ("rbf", "knn") or callable(kernel):
        from .spreading import spreading_graph
        W = spreading_graph(X, kernel, gamma, n_neighbors)
        n = W.shape[0]
    else:
        raise ValueError(f"kernel: {_check.show(kernel)} is not one of "
                         f"{', '.join(KERNELS)} or a callable")
    try:
        edges = _matrix_edges(W)
    except ValueError as e:
        raise ValueError(f"X: {e}") from None
    return n, edges


def _is_unlabeled(v):
    return isinstance(v, numbers.Number) and not isinstance(v, bool) and v == -1


def _labels(y, n):
    """(classes, encoded) of y: classes the sorted labeled values (as
    scikit-learn's classes_), encoded[i] the index of y[i] in classes or -1."""
    np = _numpy()
    # (a list as objects: np.asarray(["a", -1]) would turn -1 into the class "-1")
    y = y if isinstance(y, np.ndarray) else np.asarray(y, dtype=object)
    if y.ndim != 1:
        raise ValueError(f"y: expected one label per node (1-D), got shape {y.shape}")
    if len(y) != n:
        raise ValueError(f"y: {len(y)} labels for a graph of {n} nodes")
    values = y.tolist()
    try:
        classes = sorted({v for v in values if not _is_unlabeled(v)})
    except TypeError:
        raise ValueError("y: the classes cannot be sorted (mixed types?)") from None
    if not classes:
        raise ValueError("y: no labeled node (-1 marks unlabeled nodes)")
    index = {c: k for k, c in enumerate(classes)}
    return classes, np.array([-1 if _is_unlabeled(v) else index[v] for v in values])


def _node_array(nodes, n, field, unique=True):
    """Node ids from indices or a boolean mask of n entries: sorted and each
    once when unique (a repeat is a ValueError), else in the order given."""
    np = _numpy()
    a = np.asarray(nodes)
    if a.ndim != 1:
        raise ValueError(f"{field}: expected node indices or a boolean mask, got shape "
                         f"{a.shape}")
    if a.dtype == bool:
        if len(a) != n:
            raise ValueError(f"{field}: a boolean mask of {len(a)} entries for {n} nodes")
        return np.flatnonzero(a)
    ids = [_check.integer_in(v, f"{field}: node", 0, n - 1) for v in a.tolist()]
    if unique:
        seen = set()
        for v in ids:
            if v in seen:
                raise ValueError(f"{field}: node {v} given twice")
            seen.add(v)
        ids.sort()
    return np.array(ids, dtype=int)


def _fraction_of(w):
    return _check.fraction(exact_string(w))


# ---- the float class distributions ----

def _distributions(n, edges, labels, classes, family, value, c):
    """F of the family at value in floats, rows normalized to sum 1; a zero
    row (a component without a labeled node, an isolated unlabeled node)
    becomes uniform. Only the argmax of F is exact (transduction_)."""
    np = _numpy()
    from scipy.sparse import coo_matrix, diags, identity
    from scipy.sparse.csgraph import connected_components
    from scipy.sparse.linalg import spsolve
    u = np.array([e[0] for e in edges], dtype=int)
    v = np.array([e[1] for e in edges], dtype=int)
    w = np.array([float(_fraction_of(e[2])) for e in edges])
    W = coo_matrix((np.r_[w, w], (np.r_[u, v], np.r_[v, u])), shape=(n, n)).tocsr()
    d = np.asarray(W.sum(axis=1)).ravel()
    Y = np.zeros((n, classes))
    labels = np.asarray(labels)
    Y[labels >= 0, labels[labels >= 0]] = 1
    x = float(value)
    if family == "lambda":
        M = diags(d) - W + x * diags((labels >= 0).astype(float))
    else:
        inv = np.where(d > 0, 1 / np.where(d > 0, d, 1), 0)
        if family == "alpha":
            S = diags(np.sqrt(inv)) @ W @ diags(np.sqrt(inv))
            M = identity(n) - x * S
        else:  # delta: S = D^-delta W D^(delta-1)
            cc = float(Fraction(99, 100) if c is None else _fraction_of(c))
            S = diags(np.where(d > 0, inv ** x, 0)) @ W @ diags(np.where(d > 0, inv ** (1 - x), 0))
            M = identity(n) - cc * S
    F = np.zeros((n, classes))
    _, comp = connected_components(W, directed=False)
    reached = np.isin(comp, np.unique(comp[labels >= 0]))
    if reached.any():
        idx = np.flatnonzero(reached)
        sub = M.tocsr()[idx][:, idx].tocsc()
        F[idx] = np.asarray(spsolve(sub, Y[idx])).reshape(len(idx), classes)
    F = np.maximum(F, 0)  # (F >= 0 exactly; rounding may leave -1e-17)
    total = F.sum(axis=1, keepdims=True)
    return np.where(total > 0, F / np.where(total > 0, total, 1), 1 / classes)


# ---- the predictor at one value ----

class ExactSpreading(_Estimator):
    """The label-spreading predictor of family at one value, exactly:
    scikit-learn's LabelSpreading(alpha=value) for family='alpha' (its
    transduction_, exactly), or the lambda or delta family's predictor.

    family: 'alpha' (F = (I - value S)^-1 Y, S = D^-1/2 W D^-1/2), 'lambda'
    or 'delta' (docs/lambda.md, docs/delta.md); value: the hyperparameter,
    an exact rational (int, Fraction, Decimal, str, or float taken exactly)
    in the family's domain; c: delta's constant (None: 99/100); kernel,
    gamma, n_neighbors: the graph, as for ExactSearchCV.

    fit(X, y) sets classes_ (the sorted labeled values of y), transduction_
    (every node's class: the exact argmax of F, ties to the smallest class,
    as LabelSpreading), ties_ (per node the number of classes attaining the
    maximum: 1 for none, all of them for a node no label reaches),
    label_distributions_ (F in floats, rows normalized to sum 1; a zero row
    is uniform, never NaN; only its argmax is approximate) and n_nodes_.
    The predictor is transductive: predict, predict_proba and score take
    nodes of the fitted graph (indices or a boolean mask; None: all)."""

    _PARAMS = ("family", "value", "c", "kernel", "gamma", "n_neighbors")

    def __init__(self, family="alpha", value=None, c=None, kernel="precomputed", gamma=20,
                 n_neighbors=7):
        self.family = family
        self.value = value
        self.c = c
        self.kernel = kernel
        self.gamma = gamma
        self.n_neighbors = n_neighbors

    def fit(self, X, y):
        """Fits on the graph X (as ExactSearchCV.fit) with labels y (-1:
        unlabeled). Returns self."""
        if self.value is None:
            raise ValueError("value: the hyperparameter value is not set (ExactSpreading("
                             "value=...), or ExactSearchCV chooses it)")
        n, edges = _graph(X, self.kernel, self.gamma, self.n_neighbors)
        classes, encoded = _labels(y, n)
        return self._fit_graph(n, edges, classes, encoded)

    def _fit_graph(self, n, edges, classes, encoded):
        np = _numpy()
        labels = encoded.tolist()
        # Every unlabeled node gets a placeholder truth, so that every node is
        # scored and its prediction reported (its loss is not used).
        truth = [0 if k < 0 else -1 for k in labels]
        inst = Instance(edges, labels, truth, classes=len(classes), name="graph")
        ev = evaluate([inst], self.family, self.value, c=self.c, score_all=True)
        pred = np.empty(n, dtype=int)
        tied = np.empty(n, dtype=int)
        for p in ev.nodes:
            pred[p.node], tied[p.node] = p.pred, p.n_tied
        self.classes_ = np.array(classes)
        self.transduction_ = self.classes_[pred]
        self.ties_ = tied
        self.label_distributions_ = _distributions(n, edges, labels, len(classes), self.family,
                                                   ev.at, self.c)
        self.value_ = ev.at
        self.n_nodes_ = n
        return self

    def _nodes(self, nodes):
        if not hasattr(self, "transduction_"):
            raise NotFittedError(f"this {type(self).__name__} is not fitted yet; call fit first")
        np = _numpy()
        return np.arange(self.n_nodes_) if nodes is None else \
            _node_array(nodes, self.n_nodes_, "nodes", unique=False)

    def predict(self, nodes=None):
        """The classes of nodes (exact argmax, ties to the smallest class)."""
        idx = self._nodes(nodes)
        return self.transduction_[idx]

    def predict_proba(self, nodes=None):
        """The rows of label_distributions_ of nodes (floats)."""
        idx = self._nodes(nodes)
        return self.label_distributions_[idx]

    def score(self, nodes, y_true):
        """The exact accuracy (a Fraction) of predict(nodes) against y_true."""
        np = _numpy()
        idx = self._nodes(nodes)
        y_true = np.asarray(y_true)
        if y_true.shape != (len(idx),):
            raise ValueError(f"y_true: {y_true.shape[0] if y_true.ndim else 0} values for "
                             f"{len(idx)} nodes")
        if len(idx) == 0:
            raise ValueError("nodes: no node to score")
        right = sum(bool(a == b) for a, b in zip(self.transduction_[idx].tolist(),
                                                 y_true.tolist()))
        return Fraction(right, len(idx))


# ---- the search ----

Row = namedtuple("Row", "kind first last left right losses")


def _decimal(q):
    """The exact decimal text of a Fraction whose denominator divides a power of
    10 (the profile's certified bounds), else p/q."""
    d, k = q.denominator, 0
    while d % 10 == 0:
        d //= 10
        k += 1
    while d % 2 == 0 or d % 5 == 0:
        d = d // 2 if d % 2 == 0 else d // 5
        k += 1
    if d != 1:
        return str(q)
    digits = _check.int_string(abs(q.numerator) * 10**k // q.denominator).rjust(k + 1, "0")
    text = digits if k == 0 else (digits[:-k] + "." + digits[-k:]).rstrip("0").rstrip(".")
    return ("-" if q < 0 else "") + text


def _end_text(b, end):
    """A row's end: a domain end (Fraction, or inf for lambda's +inf), a
    rational breakpoint (its Fraction), or the text of an irrational one."""
    if b is None:
        return end
    if b.lo == b.hi:
        return b.lo
    return f"root of {b.exact} in [{_decimal(b.lo)}, {_decimal(b.hi)}]"


class ExactSearchCV(_Estimator):
    """GridSearchCV(LabelSpreading(kernel=...), {'alpha': grid}, cv=...) made
    exact: every value of the hyperparameter is searched, through the
    certified loss profile over the folds.

    family: 'alpha' (scikit-learn's LabelSpreading), 'lambda' or 'delta'.
    c: delta's constant (None: 99/100; None for the others).
    ties: 'smallest' (a tied node predicts its smallest tied class, as
      LabelSpreading) or 'expected' (it scores 1/t when its class is among the
      t tied ones), docs/tuning.md.
    cv: None (5 folds), an int k >= 2 (scikit-learn's StratifiedKFold over the
      labeled nodes, shuffled with random_state when that is given; needs
      scikit-learn), a scikit-learn splitter (its split() gets the labeled
      nodes in node order, their classes and groups, and returns positions
      among them), or an iterable of (train, test) pairs of node ids (or
      boolean masks over all nodes): the test nodes are held out and scored,
      the train nodes keep their labels, other labeled nodes lose theirs.
    validation: node ids or a boolean mask of the labeled nodes to hold out, a
      single fixed split, instead of cv (give one of them).
    refit: fit best_estimator_ (an ExactSpreading on all labels) at the chosen
      value.
    aggregate: 'pooled' (total right / total scored nodes over the folds) or
      'mean_of_folds' (the mean of the fold accuracies; GridSearchCV's
      mean_test_score with its default scoring).
    random_state: the shuffle of an integer cv (None: not shuffled).
    kernel: 'precomputed' (X is the adjacency matrix), 'rbf', 'knn' or a
      callable kernel(X, X), as LabelSpreading builds its graph from samples
      (certune.spreading_graph); gamma, n_neighbors: their parameters.

    fit(X, y, groups=None) sets: best_params_ ({family: Fraction}),
    best_score_ (Fraction), best_index_, best_interval_ (the chosen row's
    ends: certune.Breakpoint objects with their exact function and certified
    bounds, or Fractions at the domain's ends, None for +inf), cv_results_,
    n_pieces_, n_splits_, folds_ ((train, test) node arrays), n_test_
    (scored nodes per fold), classes_, profile_ (the certified Profile over
    the fold instances), max_score_ (the best score anywhere, isolated
    breakpoints included, which may be irrational and not chosen), and with
    refit, best_estimator_."""

    _PARAMS = ("family", "c", "ties", "cv", "validation", "refit", "aggregate",
               "random_state", "kernel", "gamma", "n_neighbors")

    def __init__(self, family="alpha", c=None, ties="smallest", cv=None, validation=None,
                 refit=True, aggregate="pooled", random_state=None, kernel="precomputed",
                 gamma=20, n_neighbors=7):
        self.family = family
        self.c = c
        self.ties = ties
        self.cv = cv
        self.validation = validation
        self.refit = refit
        self.aggregate = aggregate
        self.random_state = random_state
        self.kernel = kernel
        self.gamma = gamma
        self.n_neighbors = n_neighbors

    # -- the folds --

    def _splits(self, n, encoded, groups):
        """The (train, test) node-id arrays of every fold."""
        np = _numpy()
        labeled = np.flatnonzero(encoded >= 0)
        if self.validation is not None:
            if self.cv is not None:
                raise ValueError("cv and validation: give one of them (validation is a single "
                                 "fixed split of the labeled nodes)")
            test = _node_array(self.validation, n, "validation")
            return [(np.setdiff1d(labeled, test), test)], "validation"
        cv = 5 if self.cv is None else self.cv
        if isinstance(cv, numbers.Integral) and not isinstance(cv, bool):
            if cv < 2:
                raise ValueError(f"cv: {_check.show(cv)} folds; an integer cv is at least 2")
            try:
                from sklearn.model_selection import StratifiedKFold
            except ImportError as e:
                raise ImportError("cv: an integer cv uses scikit-learn's StratifiedKFold "
                                  "(Debian: python3-sklearn); pass (train, test) node "
                                  "arrays or validation= instead") from e
            cv = StratifiedKFold(n_splits=int(cv), shuffle=self.random_state is not None,
                                 random_state=self.random_state)
        if isinstance(cv, (str, bytes)) or not hasattr(cv, "__iter__") and \
                not hasattr(cv, "split"):
            raise TypeError(f"cv: expected None, an int, a scikit-learn splitter or an "
                            f"iterable of (train, test) node arrays, not {_check.show(cv)}")
        if hasattr(cv, "split"):
            g = None if groups is None else np.asarray(groups)
            if g is not None and len(g) != n:
                raise ValueError(f"groups: {len(g)} entries for {n} nodes")
            try:
                pairs = list(cv.split(np.zeros((len(labeled), 1)), encoded[labeled],
                                      None if g is None else g[labeled]))
            except ValueError as e:
                raise ValueError(f"cv: {e} ({len(labeled)} labeled nodes)") from None
            return [(labeled[np.asarray(tr, dtype=int)], labeled[np.asarray(te, dtype=int)])
                    for tr, te in pairs], "cv"
        folds = []
        for k, pair in enumerate(cv):
            try:
                tr, te = pair
            except (TypeError, ValueError):
                raise ValueError(f"cv: fold {k}: expected a (train, test) pair") from None
            folds.append((_node_array(tr, n, f"cv: fold {k}: train"),
                          _node_array(te, n, f"cv: fold {k}: test")))
        return folds, "cv"

    def _check_folds(self, folds, field, encoded):
        np = _numpy()
        if not folds:
            raise ValueError(f"{field}: no fold")
        for k, (tr, te) in enumerate(folds):
            where = field if field == "validation" else f"{field}: fold {k}"
            if len(te) == 0:
                raise ValueError(f"{where}: no node to hold out")
            for side, nodes in (("test", te), ("train", tr)):
                bad = nodes[encoded[nodes] < 0]
                if len(bad):
                    raise ValueError(f"{where}: {side} node {bad[0]} is unlabeled (y = -1); "
                                     "folds split the labeled nodes")
            both = np.intersect1d(tr, te)
            if len(both):
                raise ValueError(f"{where}: node {both[0]} is in train and test")
            if len(tr) == 0:
                raise ValueError(f"{where}: no labeled node left to train on")

    # -- fit --

    def _check_params(self):
        if self.family not in families():
            raise ValueError(f"family: {_check.show(self.family)} is not one of "
                             f"{', '.join(families())}")
        check_ties(self.ties)
        if self.aggregate not in AGGREGATES:
            raise ValueError(f"aggregate: {_check.show(self.aggregate)} is not one of "
                             f"{', '.join(AGGREGATES)}")
        if not isinstance(self.refit, bool):
            raise TypeError(f"refit: {_check.show(self.refit)} is not True or False")
        if self.c is not None:
            exact_string(self.c, "c:")

    def fit(self, X, y, groups=None):
        """Searches the family's whole domain on the graph X with labels y
        (-1: unlabeled): X is a symmetric adjacency matrix (scipy.sparse, a
        2-D array or nested lists, exact weights as certune.Instance takes
        them; kernel='precomputed') or samples for the kernel. groups: for a
        group splitter. Returns self."""
        np = _numpy()
        self._check_params()
        n, edges = _graph(X, self.kernel, self.gamma, self.n_neighbors)
        classes, encoded = _labels(y, n)
        folds, field = self._splits(n, encoded, groups)
        self._check_folds(folds, field, encoded)
        instances = self._fold_instances(n, edges, len(classes), encoded, folds)
        profile = analyze(instances, self.family, c=self.c, ties=self.ties)
        self.profile_ = profile
        self.folds_ = folds
        self.n_splits_ = len(folds)
        self.n_test_ = list(profile.instance_scored)
        self.classes_ = np.array(classes)
        self._results(profile)
        if self.refit:
            self.best_estimator_ = ExactSpreading(
                self.family, self.best_params_[self.family], self.c, self.kernel, self.gamma,
                self.n_neighbors)._fit_graph(n, edges, classes, encoded)
        elif hasattr(self, "best_estimator_"):
            del self.best_estimator_
        return self

    def _fold_instances(self, n, edges, classes, encoded, folds):
        """One Instance per fold; the edges are checked once and shared."""
        insts = []
        for k, (tr, te) in enumerate(folds):
            labels, truth = [-1] * n, [-1] * n
            for i in tr.tolist():
                labels[i] = int(encoded[i])
            for i in te.tolist():
                truth[i] = int(encoded[i])
            if insts:
                inst = Instance([], labels, truth, classes=classes, name=f"fold {k}")
                inst.edges = insts[0].edges
            else:
                inst = Instance(edges, labels, truth, classes=classes, name=f"fold {k}")
            insts.append(inst)
        return insts

    def _score(self, losses):
        """(pooled, mean of folds) accuracy of the per-fold losses."""
        sizes = self.n_test_
        pooled = 1 - sum(l * s for l, s in zip(losses, sizes)) / sum(sizes)
        return Fraction(pooled), 1 - sum(losses, Fraction(0)) / len(losses)

    def _rows(self, p):
        """Maximal open intervals on which every fold's loss is constant (the
        profile's pieces merged across breakpoints where no fold's loss
        changes, the point included), and the closed ends."""
        pieces, points = p.instance_losses("piece"), p.instance_losses("point")
        rows = []
        first = 0
        for i in range(len(pieces)):
            last = i == len(pieces) - 1
            if last or not (pieces[i] == points[i] == pieces[i + 1]):
                rows.append(Row("piece", first, i, p.pieces[first].left, p.pieces[i].right,
                                pieces[i]))
                first = i + 1
        if p.closed:
            ends = p.instance_losses("end")
            rows = [Row("end", None, None, None, None, ends[0])] + rows + \
                   [Row("end", None, None, None, None, ends[1])]
        return rows

    def _results(self, p):
        np = _numpy()
        rows = self._rows(p)
        top = None if p.domain[1] is None else p.domain[1]
        pick = 0 if self.aggregate == "pooled" else 1
        values, los, his, lof, hif, kinds, spans = [], [], [], [], [], [], []
        for r in rows:
            if r.kind == "end":
                e = Fraction(0) if r is rows[0] else top
                values.append(e)
                los.append(e)
                his.append(e)
                lof.append(float(e))
                hif.append(float(e))
                spans.append(None)
            else:
                values.append(p.piece_point(r.first))
                los.append(_end_text(r.left, Fraction(0)))
                his.append(_end_text(r.right, math.inf if top is None else top))
                lof.append(r.left.approx if r.left else 0.0)
                hif.append(r.right.approx if r.right else (math.inf if top is None
                                                           else float(top)))
                spans.append((r.first, r.last))
            kinds.append(r.kind)
        scores = [self._score(r.losses) for r in rows]
        mean = [s[pick] for s in scores]
        folds = [[1 - l for l in r.losses] for r in rows]
        ranks = [1 + sum(m > x for m in mean) for x in mean]
        name = self.family
        res = {"kind": kinds, "pieces": spans, "lo": los, "hi": his, "lo_float": lof,
               "hi_float": hif, f"param_{name}": values,
               "params": [{name: v} for v in values]}
        for k in range(len(self.n_test_)):
            res[f"split{k}_test_score"] = [f[k] for f in folds]
        res["mean_test_score"] = mean
        res["mean_test_score_float"] = [float(x) for x in mean]
        res["std_test_score"] = [float(np.std([float(x) for x in f])) for f in folds]
        res["pooled_test_score"] = [s[0] for s in scores]
        res["mean_of_folds_test_score"] = [s[1] for s in scores]
        res["rank_test_score"] = ranks
        self.cv_results_ = res
        # The choice: the leftmost open piece of best score; a closed end only
        # when strictly better than every piece (0 before 1), docs/tuning.md.
        piece_rows = [i for i, r in enumerate(rows) if r.kind == "piece"]
        best_piece = max(mean[i] for i in piece_rows)
        best = next(i for i in piece_rows if mean[i] == best_piece)
        ends = [i for i, r in enumerate(rows) if r.kind == "end" and mean[i] > best_piece]
        if ends:
            best = max(ends, key=lambda i: (mean[i], -i))
        r = rows[best]
        self.best_index_ = best
        self.best_params_ = {name: values[best]}
        self.best_score_ = mean[best]
        self.best_interval_ = (values[best], values[best]) if r.kind == "end" else \
            (r.left if r.left else Fraction(0), r.right if r.right else top)
        self.n_pieces_ = len(piece_rows)
        point_scores = [self._score(l)[pick] for l in p.instance_losses("point")]
        self.max_score_ = max(mean + point_scores)

    # -- delegation to best_estimator_ --

    def _estimator(self):
        if not hasattr(self, "best_params_"):
            raise NotFittedError("this ExactSearchCV is not fitted yet; call fit first")
        if not hasattr(self, "best_estimator_"):
            raise AttributeError("refit=False: no best_estimator_ to predict with; fit "
                                 "with refit=True, or ExactSpreading(value=best_params_[...])")
        return self.best_estimator_

    def predict(self, nodes=None):
        """best_estimator_.predict(nodes): the exact classes at the chosen value."""
        return self._estimator().predict(nodes)

    def predict_proba(self, nodes=None):
        """best_estimator_.predict_proba(nodes)."""
        return self._estimator().predict_proba(nodes)

    def score(self, nodes, y_true):
        """best_estimator_.score(nodes, y_true): the exact accuracy (a Fraction)."""
        return self._estimator().score(nodes, y_true)

    @property
    def transduction_(self):
        """best_estimator_.transduction_."""
        return self._estimator().transduction_
