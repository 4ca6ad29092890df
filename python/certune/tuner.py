"""ExactTuner: the hyperparameter of a family chosen exactly, with scikit-learn's
estimator conventions (constructor parameters only, fit returns self, fitted
attributes end in an underscore, score is higher-is-better)."""

import os
from fractions import Fraction

from . import _check
from .errors import NotFittedError
from .instance import Instance
from .profile import analyze


def _check_instances(X):
    """A TypeError that points at ExactSearchCV for X in scikit-learn's shapes
    (an array, or a list of rows), where instances are expected."""
    instance = (Instance, str, bytes, os.PathLike)
    if hasattr(X, "shape"):
        what = f"a {type(X).__name__} of shape {tuple(X.shape)}"
    elif isinstance(X, (list, tuple)) and not all(isinstance(x, instance) for x in X):
        bad = next(x for x in X if not isinstance(x, instance))
        what = f"a {type(X).__name__} holding a {type(bad).__name__}"
    else:
        return
    raise TypeError(
        f"ExactTuner.fit: X is {what}; ExactTuner takes training instances (certune.Instance "
        "objects or .gssl paths, their labels and held-out nodes inside). For one graph (an "
        "adjacency matrix, or samples with a kernel) and labels y with -1 for unlabeled "
        "nodes, use certune.ExactSearchCV(cv=...) or ExactSearchCV(validation=...), which "
        "holds out labeled nodes fold by fold")


class ExactTuner:
    """Chooses family's hyperparameter on training instances.

    family: 'lambda', 'alpha' or 'delta'; c: delta's constant (None: 99/100);
    score_all: also score labeled nodes.

    After fit(train_instances): profile_ (the Profile), best_param_ (a
    Fraction: the representative, a short rational inside the first open piece
    of least loss, or a closed end when only an end attains the minimum),
    best_loss_ (the exact training loss at best_param_), min_loss_ (the least
    loss anywhere, which may be attained only at an irrational breakpoint)."""

    def __init__(self, family="alpha", c=None, score_all=False):
        self.family = family
        self.c = c
        self.score_all = score_all

    def get_params(self, deep=True):
        """The constructor parameters (scikit-learn convention)."""
        return {"family": self.family, "c": self.c, "score_all": self.score_all}

    def set_params(self, **params):
        """Sets constructor parameters; returns self (scikit-learn convention)."""
        valid = self.get_params()
        for key, value in params.items():
            if key not in valid:
                raise ValueError(f"invalid parameter {key!r} for ExactTuner; "
                                 f"valid parameters: {sorted(valid)}")
            setattr(self, key, value)
        return self

    def _analyze(self, instances):
        return analyze(instances, family=self.family, c=self.c, score_all=self.score_all)

    def fit(self, X, y=None):
        """Analyzes the training instances X (Instance objects or .gssl paths;
        y is ignored: the labels are in the instances). Returns self. An
        array X (an adjacency matrix or samples, labels in y) is a TypeError
        that points at ExactSearchCV, which splits one graph's labels."""
        _check_instances(X)
        self.profile_ = self._analyze(X)
        self.best_param_ = self.profile_.representative
        self.best_loss_ = self.profile_.loss_at(self.best_param_)
        self.min_loss_ = self.profile_.min_loss
        return self

    def _check_fitted(self):
        if not hasattr(self, "best_param_"):
            raise NotFittedError("this ExactTuner is not fitted yet; call fit first")

    def loss(self, X, y=None):
        """The exact mean loss (a Fraction) of best_param_ on the instances X."""
        self._check_fitted()
        return self._analyze(X).loss_at(self.best_param_)

    def score(self, X, y=None):
        """The exact accuracy 1 - loss (a Fraction) of best_param_ on X."""
        return Fraction(1) - self.loss(X)

    def __repr__(self):
        args = ", ".join(f"{k}={_check.show(v, None)}" for k, v in self.get_params().items())
        return f"ExactTuner({args})"
