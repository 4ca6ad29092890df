"""The exact alpha profile of scikit-learn's LabelSpreading on one graph.

scikit-learn's LabelSpreading iterates F <- alpha S F + (1 - alpha) Y with
S = D^{-1/2} W D^{-1/2} (W's diagonal ignored: scipy's normalized Laplacian
drops it from the degrees and LabelSpreading zeroes it in S), and normalizes
the rows of its limit (1 - alpha) (I - alpha S)^{-1} Y to sum 1. Scaling a
row by a positive number keeps its argmax, so its predictions are those of
certune's alpha family, F = (I - alpha S)^{-1} Y, with the same tie rule
(the first class).
"""

try:
    import numpy as np
except ImportError:  # the rest of the package works without numpy
    np = None

from . import _check
from .instance import Instance
from .profile import analyze


def _sqdist(X):
    """Squared euclidean distances from coordinate differences: symmetric
    exactly (scikit-learn's |x|^2 - 2 x.y + |y|^2 is symmetric only up to
    rounding, and a graph must be symmetric)."""
    diff = X[:, np.newaxis, :] - X[np.newaxis, :, :]
    return np.einsum("ijk,ijk->ij", diff, diff)


def _rbf(X, gamma):
    """exp(-gamma |x_i - x_j|^2): scikit-learn's rbf_kernel up to rounding
    (within a few units in the last place)."""
    return np.exp(-gamma * _sqdist(X))


def _knn(X, n_neighbors):
    """The union of the n_neighbors nearest neighbours (the node itself
    included, as in scikit-learn's kneighbors_graph) made symmetric: W_ij = 1
    when j is among i's neighbours or i among j's. Equal distances are broken
    by index, which may differ from scikit-learn's choice."""
    d = _sqdist(X)
    order = np.argsort(d, axis=1, kind="stable")[:, :n_neighbors]
    W = np.zeros(d.shape)
    rows = np.repeat(np.arange(len(X)), order.shape[1])
    W[rows, order.ravel()] = 1
    return np.maximum(W, W.T)


def spreading_graph(X, kernel="rbf", gamma=20, n_neighbors=7):
    """The affinity matrix of LabelSpreading's kernel on X (n x d floats),
    diagonal zeroed: 'rbf' (exp(-gamma |x_i - x_j|^2), as scikit-learn), 'knn'
    (symmetrized, see _knn: scikit-learn's own knn matrix is not symmetric, so
    its LabelSpreading is not a graph of this family), or a callable
    kernel(X, X) -> matrix, as scikit-learn accepts (made dense). n_neighbors
    is an integer in 1..len(X), as scikit-learn requires."""
    if np is None:
        raise ImportError("certune.spreading_graph needs numpy (Debian: python3-numpy)")
    X = np.asarray(X, dtype=float)
    if callable(kernel):
        W = kernel(X, X)
        W = np.array(W.toarray() if hasattr(W, "toarray") else W, dtype=float)
    elif kernel == "rbf":
        W = _rbf(X, gamma)
    elif kernel == "knn":  # (a slice bound: -3 would silently take all but 3)
        W = _knn(X, _check.integer_in(n_neighbors, "n_neighbors:", 1, len(X)))
    else:
        raise ValueError(f"kernel must be 'rbf', 'knn' or a callable, not {kernel!r}")
    np.fill_diagonal(W, 0)
    return W


def spreading_instance(X, y, kernel="rbf", gamma=20, n_neighbors=7, y_true=None):
    """The Instance of LabelSpreading's problem and the class list.

    y: per sample its class, or -1 for unlabeled (scikit-learn's convention);
    y_true: optional true classes (-1: unknown), used for the unlabeled
    samples: those with a known class become held-out nodes. Classes are numbered as scikit-learn's classes_ (the
    sorted labeled classes), then any class that occurs only in y_true. Each
    float weight of the kernel matrix enters exactly (Fraction(w))."""
    W = spreading_graph(X, kernel, gamma, n_neighbors)
    y = np.asarray(y)
    labeled = sorted(set(y[y != -1].tolist()))
    extra = [] if y_true is None else \
        sorted(set(np.asarray(y_true).tolist()) - set(labeled) - {-1})
    classes = labeled + extra
    index = {k: i for i, k in enumerate(classes)}
    labels = [index[k] if k != -1 else -1 for k in y.tolist()]
    truth = None
    if y_true is not None:
        truth = [index[t] if l == -1 and t != -1 else -1
                 for t, l in zip(np.asarray(y_true).tolist(), labels)]
    return Instance(W, labels, truth, classes=len(classes), name="LabelSpreading graph"), classes


def spreading_profile(X, y, kernel="rbf", gamma=20, n_neighbors=7, y_true=None,
                      score_all=False):
    """The exact alpha profile of LabelSpreading(kernel, gamma, n_neighbors) on
    (X, y): the loss on the unlabeled samples against y_true (or, with
    score_all, on every sample) as a function of alpha in (0, 1)."""
    inst, _ = spreading_instance(X, y, kernel, gamma, n_neighbors, y_true)
    return analyze([inst], family="alpha", score_all=score_all)
