"""ExactSearchCV: GridSearchCV(LabelSpreading(...), {'alpha': grid}, cv=...) made
exact (docs/python.md, "ExactSearchCV"; its output is shown there and checked
by python/tests/test_search.py). Run: PYTHONPATH=python python3 python/example_search.py"""

from fractions import Fraction

import numpy as np
import pandas as pd

import certune

# Three copies of alpha's gadget (docs/alpha.md) with edge weight x = 1/4, 1,
# 1/10: node 4g is class 0, nodes 4g+1 and 4g+2 class 1, node 4g+3 (joined to
# 4g by x) is labeled too. Held out, it is class 0 up to sqrt(x + 2)/2 and
# class 1 above: 3/4, 0.866 and 0.7246.
A = np.zeros((12, 12), dtype=object)
y = np.zeros(12, dtype=int)
for g, (x, t) in enumerate([(Fraction(1, 4), 0), (1, 1), (Fraction(1, 10), 1)]):
    for v, w in ((1, 1), (2, 1), (3, x)):
        A[4 * g, 4 * g + v] = A[4 * g + v, 4 * g] = w
    y[4 * g: 4 * g + 4] = (0, 1, 1, t)

# Two folds over the labeled nodes: nodes 3 and 11 held out, then node 7.
labeled = np.flatnonzero(y >= 0)
cv = [(np.setdiff1d(labeled, test), np.array(test)) for test in ([3, 11], [7])]
search = certune.ExactSearchCV(family="alpha", cv=cv).fit(A, y)
print(search.best_params_, search.best_score_, search.n_pieces_)
left, right = search.best_interval_
print(f"chosen piece: ({left.exact} = 0 at {left.approx:.6f}, "
      f"{right.exact} = 0 at {right.approx:.6f})")
columns = ["lo_float", "hi_float", "param_alpha", "split0_test_score", "split1_test_score",
           "mean_test_score", "rank_test_score"]
print(pd.DataFrame(search.cv_results_)[columns].to_string())
# The mean of the two fold accuracies instead (GridSearchCV's mean_test_score):
print(certune.ExactSearchCV(cv=cv, aggregate="mean_of_folds").fit(A, y).best_params_)
# Refit on all labels at 8/11: LabelSpreading's transduction_, exactly.
print(search.predict([0, 4, 8]), search.predict_proba([0, 4, 8]).round(4).tolist())

# Samples, the graph built as LabelSpreading(kernel="knn") builds it (made
# symmetric), 5 stratified folds over the 24 labeled samples of 80.
rng = np.random.default_rng(0)
X = rng.normal(size=(80, 2))
y_true = (X[:, 0] * X[:, 1] > 0).astype(int)
y = np.where(np.arange(80) < 24, y_true, -1)
search = certune.ExactSearchCV(kernel="knn", n_neighbors=6, cv=5).fit(X, y)
print(search.best_params_, search.best_score_, f"({float(search.best_score_):.4f})",
      search.n_pieces_, "pieces")
print("accuracy on the unlabeled samples:", search.score(np.arange(24, 80), y_true[24:]))
