"""certune from Python: run from the source tree with PYTHONPATH=python."""
from fractions import Fraction

import numpy as np

import certune

# The alpha profile of the shipped oscillating gadget, exactly.
p = certune.analyze(["instances/alpha-gadget-oscillating.gssl"], family="alpha")
print(p)
for b in p.breakpoints[:2]:
    print(f"  {b.exact:26} ~ {b.approx:.6f}, interval width {float(b.hi - b.lo):.0e}, loss {b.loss}")
print("losses:", [str(q.loss) for q in p.pieces], "at 3/4:", p.loss_at("3/4"))

# A graph built in Python: the lambda gadget with edge (3, 4) of weight 4.
g = certune.Instance([(0, 2, 1), (1, 2, 1), (2, 3, Fraction(4))],
                     labels=[0, 0, -1, 1], truth=[-1, -1, 1, -1])
print(certune.analyze(g, family="lambda").breakpoints[0].exact)

# Tune lambda on two instances, score the choice on a third.
tuner = certune.ExactTuner(family="lambda")
tuner.fit(["instances/random-1.gssl", "instances/random-2.gssl"])
print(tuner, tuner.best_param_, tuner.best_loss_, tuner.score(["instances/random-3.gssl"]))

# scikit-learn's LabelSpreading(kernel="rbf", gamma=0.5) on 40 points: exact alpha profile.
rng = np.random.default_rng(0)
X = rng.normal(size=(40, 2))
y_true = (X[:, 0] + X[:, 1] > 0).astype(int)
y = np.full(40, -1)
y[:6] = y_true[:6]
s = certune.spreading_profile(X, y, kernel="rbf", gamma=0.5, y_true=y_true)
print(s)
print(s.to_pandas()[["kind", "index", "lo", "hi", "loss"]].head(5).to_string())
