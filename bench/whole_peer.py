#!/usr/bin/env python3
"""The numpy/scipy peer of `make bench-whole` (bench/whole.py): what a careful
engineer would do instead of the exact analysis on one whole-graph .gssl
instance (`certune instance --dataset ...`): read it with an independent
reader, build the family's system once, evaluate the predictions on a grid of
hyperparameter values and keep the grid's least validation loss. Floating
point throughout; no certificate.

Usage: whole_peer.py --family lambda|alpha|delta FILE.gssl
Prints one JSON line: family, n, scored, points, method, seconds (wall, from
reading the file to the end: not the interpreter's start or the imports),
peak_kb (resource.getrusage ru_maxrss: the process's peak RSS, imports
included), min_errors, min_loss ("E/S"), argmin (the first grid point of
least loss). A line {"skip": REASON} when numpy/scipy are missing.

The definitions are certune's (docs/lambda.md, docs/alpha.md, docs/delta.md,
docs/tuning.md "Losses and the tie rules"). W is the symmetric weight matrix,
d_i = sum_j W_ij, D = diag(d), L = D - W, Y the n x c one-hot matrix of the
given (`l`) labels, Delta the diagonal indicator of labeled nodes. Node i is
predicted argmax_k F[i][k], ties to the smallest class; the loss is the
fraction of scored (`t`) nodes predicted wrongly.

Components do not interact (every matrix below is block diagonal by
component). A component without a labeled node has F = 0 there (every class
ties, class 0 is predicted): the peer finds the components
(scipy.sparse.csgraph) and predicts class 0 on them without solving, and
solves the rest ("active" nodes) only. A node of degree 0 has zero rows in
the normalized matrices (F_i = Y_i); an unlabeled one is a component of its
own without a label.

alpha, alpha in (0, 1):  F = (I - alpha S)^{-1} Y,  S = D^{-1/2} W D^{-1/2}.
  S is symmetric: S = U diag(mu) U^T (one dense eigendecomposition), so
      F(alpha) = U diag(1 / (1 - alpha mu)) U^T Y,
  and the scored rows are U_s (diag(.) (U^T Y)): O(s n c) per point after
  one O(n^3) eigh. Used when n <= 4000 (active nodes); above, a sparse LU of
  I - alpha S per grid point (scipy.sparse.linalg.splu) and a solve for Y.
  Grid alpha_i = i / (G + 1), i = 1..G (as bench/sklearn_single.py).

lambda, lambda in (0, +inf):  F = (L + lambda Delta)^{-1} Y.
  Kron reduction (docs/lambda.md): order the active nodes labeled (l, m of
  them) then unlabeled (u). L_uu is positive definite (every active unlabeled
  node reaches a label), and eliminating u gives
      F_u = H F_l,  H = -L_uu^{-1} L_ul,
      (lambda I + K) F_l = Y_l,  K = L_ll - L_lu L_uu^{-1} L_ul = L_ll + L_lu H,
  K symmetric positive semidefinite (the Kron-reduced Laplacian, m x m):
  K = V diag(theta) V^T (one dense eigh), so for the scored (unlabeled) rows
      F_s(lambda) = (H_s V) diag(1 / (lambda + theta)) (V^T Y_l):
  one sparse LU of L_uu solved for the m columns of L_ul, then O(s m c) per
  point. (The reduction is onto the labeled nodes: the unlabeled ones are
  eliminated.) Used when m <= 4000 and H (u x m doubles) fits in 2 GB; else a
  sparse LU of L + lambda Delta per point. Grid: G points geometrically spaced
  from theta_min / 100 to theta_max * 100, theta_min the least eigenvalue of K
  above 1e-9 theta_max (the zero eigenvalues are one per component); the
  sparse grid takes 1e-4 to 200 d_max (theta_max <= 2 d_max).

delta, delta in [0, 1], c = 99/100:  F = (I - c S)^{-1} Y,
  S = D^{-delta} W D^{delta - 1} (not symmetric for delta != 1/2).
  Since D^{-delta} (D - c W) D^{delta - 1} = I - c S,
      (I - c S)^{-1} = D^{1 - delta} G D^{delta},  G = (D - c W)^{-1}
  (D - c W is symmetric positive definite for c < 1 on the nodes of positive
  degree), so F[i][k] = d_i^{1 - delta} sum_{j labeled k} G_ij d_j^delta. The
  factor d_i^{1 - delta} > 0 changes no prediction and no tie (ties are
  relative to the row's maximum), so the peer factors D - c W once (sparse
  LU), solves for the m labeled columns, keeps the scored rows A (s x m),
  and per point computes A (d_l^delta Y_l): O(s m c). Grid delta_i = i / (G -
  1), i = 0..G-1 (the closed domain). A labeled node of degree 0 influences
  no other node and is left out of the solve.

G = 1000 points when the dense path is feasible (alpha, lambda; always for
delta), else 100.

Ties: certune's ties are exact. In floating point an exact tie (two classes
with the same F, e.g. symmetric positions) shows up as a difference of
rounding size, so a class within 1e-9 of the row's maximum (relative) counts
as tied and the smallest tied class is predicted. The grid's loss at a point
is then the exact loss there unless rounding flips a near tie: the grid
minimum is >= the exact minimum whenever the floating predictions are right.
"""
import json
import resource
import sys
import time
from fractions import Fraction

TIE_REL = 1e-9
# Every matrix factored is structurally symmetric: a minimum degree order on
# A^T + A fills far less than SuperLU's default COLAMD (pubmed, I - S/2:
# 2.4 M against 9.5 M nonzeros in L + U, 1.6 s against 12 s).
ORDER = "MMD_AT_PLUS_A"
DENSE_N = 4000

try:
    import numpy as np
    import scipy.sparse as sp
    import scipy.sparse.linalg as spla
    from scipy.sparse.csgraph import connected_components
except ImportError as e:
    print(json.dumps({"skip": f"numpy/scipy missing ({e})"}))
    sys.exit(0)


def read_gssl(path):
    """(n, c, W as CSR, label (-1: none), held (-1: not scored)): an independent
    reader of the .gssl records p, e, l, t (docs/formats.md); comments % and #."""
    n = c = None
    us, vs, ws = [], [], []
    lab_items, held_items = [], []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            tok = line.split()
            if not tok or tok[0][0] in "%#":
                continue
            r = tok[0]
            if r == "p":
                if tok[1] != "gssl" or n is not None:
                    sys.exit(f"{path}:{lineno}: bad 'p' line")
                n, c = int(tok[2]), int(tok[3])
            elif n is None:
                sys.exit(f"{path}:{lineno}: a record before the 'p' line")
            elif r == "e":
                w = tok[3]
                w = float(w) if w.isdigit() else float(Fraction(w))
                if w != 0:
                    us.append(int(tok[1]) - 1)
                    vs.append(int(tok[2]) - 1)
                    ws.append(w)
            elif r == "l":
                lab_items.append((int(tok[1]) - 1, int(tok[2])))
            elif r == "t":
                held_items.append((int(tok[1]) - 1, int(tok[2])))
            elif r == "f":
                pass
            else:
                sys.exit(f"{path}:{lineno}: unknown record '{r}'")
    if n is None:
        sys.exit(f"{path}: no 'p' line")
    u, v, w = np.array(us, dtype=np.int64), np.array(vs, dtype=np.int64), np.array(ws)
    W = sp.coo_matrix((np.concatenate([w, w]), (np.concatenate([u, v]), np.concatenate([v, u]))),
                      shape=(n, n)).tocsr()
    lab = -np.ones(n, dtype=np.int64)
    held = -np.ones(n, dtype=np.int64)
    for i, k in lab_items:
        lab[i] = k
    for i, k in held_items:
        held[i] = k
    return n, c, W, lab, held


def predict(F):
    """argmax per row, ties (within TIE_REL of the row's maximum) to the smallest class."""
    mx = F.max(axis=1, keepdims=True)
    tol = TIE_REL * np.abs(mx)
    return np.argmax(F >= mx - tol, axis=1)  # first True: the smallest tied class


class Problem:
    def __init__(self, path):
        self.n, self.c, W, lab, held = read_gssl(path)
        _, comp = connected_components(W, directed=False)
        has_label = np.zeros(comp.max() + 1, dtype=bool)
        has_label[comp[lab >= 0]] = True
        act = np.flatnonzero(has_label[comp])  # nodes of components with a label
        self.scored = np.flatnonzero(held >= 0)
        self.truth = held[self.scored]
        pos = -np.ones(self.n, dtype=np.int64)
        pos[act] = np.arange(len(act))
        sa = pos[self.scored]
        self.sa_mask = sa >= 0  # scored nodes that are active
        self.sa = sa[self.sa_mask]  # their positions among the active nodes
        self.W = W[act][:, act].tocsc()
        self.d = np.asarray(self.W.sum(axis=1)).ravel()
        self.lab = lab[act]
        self.na = len(act)
        self.Y = np.zeros((self.na, max(self.c, 1)))
        li = np.flatnonzero(self.lab >= 0)
        self.Y[li, self.lab[li]] = 1.0

    def errors(self, Fs):
        """Wrong scored nodes given F on the active scored rows (others: class 0)."""
        pred = np.zeros(len(self.scored), dtype=np.int64)
        if len(self.sa):
            pred[self.sa_mask] = predict(Fs)
        return int(np.sum(pred != self.truth))


def run_alpha(P):
    n = P.na
    dm = np.where(P.d > 0, 1.0 / np.sqrt(np.where(P.d > 0, P.d, 1.0)), 0.0)
    S = sp.diags(dm) @ P.W @ sp.diags(dm)
    if n <= DENSE_N:
        G = 1000
        mu, U = np.linalg.eigh(S.toarray())
        UtY = U.T @ P.Y
        Us = U[P.sa]
        grid = [(i + 1) / (G + 1) for i in range(G)]
        errs = [P.errors(Us @ (UtY / (1.0 - a * mu)[:, None])) for a in grid]
        return grid, errs, "dense eigh of S"
    G = 100
    grid = [(i + 1) / (G + 1) for i in range(G)]
    I = sp.identity(n, format="csc")
    errs = []
    for a in grid:
        F = spla.splu((I - a * S).tocsc(), permc_spec=ORDER).solve(P.Y)
        errs.append(P.errors(F[P.sa]))
    return grid, errs, "sparse LU per point"


def run_lambda(P):
    n = P.na
    L = (sp.diags(P.d) - P.W).tocsc()
    li = np.flatnonzero(P.lab >= 0)
    ui = np.flatnonzero(P.lab < 0)
    m, u = len(li), len(ui)
    if m <= DENSE_N and u * m * 8 <= 2 << 30:
        G = 1000
        upos = -np.ones(n, dtype=np.int64)
        upos[ui] = np.arange(u)
        if u:
            Luu = L[ui][:, ui].tocsc()
            Lul = L[ui][:, li].toarray()
            H = -spla.splu(Luu, permc_spec=ORDER).solve(Lul)  # u x m
            K = L[li][:, li].toarray() + (L[li][:, ui] @ H)
        else:
            H = np.zeros((0, m))
            K = L[li][:, li].toarray()
        K = (K + K.T) / 2
        theta, V = np.linalg.eigh(K)
        VtY = V.T @ P.Y[li]
        # scored rows are unlabeled (t records): F_s = H_s V diag(1/(lambda + theta)) V^T Y_l
        if np.any(P.lab[P.sa] >= 0):
            sys.exit("a scored node is labeled")
        HsV = H[upos[P.sa]] @ V
        tmax = max(theta.max(), 1e-300)
        pos_t = theta[theta > 1e-9 * tmax]
        tmin = pos_t.min() if len(pos_t) else tmax
        grid = list(np.geomspace(tmin / 100, tmax * 100, G))
        errs = [P.errors(HsV @ (VtY / (lam + theta)[:, None])) for lam in grid]
        return grid, errs, "Kron + dense eigh of K"
    G = 100
    grid = list(np.geomspace(1e-4, 200 * max(P.d.max(), 1.0), G))
    Delta = sp.diags((P.lab >= 0).astype(float))
    errs = []
    for lam in grid:
        F = spla.splu((L + lam * Delta).tocsc(), permc_spec=ORDER).solve(P.Y)
        errs.append(P.errors(F[P.sa]))
    return grid, errs, "sparse LU per point"


def run_delta(P, c=0.99):
    G = 1000
    grid = [i / (G - 1) for i in range(G)]
    pos = np.flatnonzero(P.d > 0)
    ppos = -np.ones(P.na, dtype=np.int64)
    ppos[pos] = np.arange(len(pos))
    li = np.flatnonzero((P.lab >= 0) & (P.d > 0))
    if np.any(ppos[P.sa] < 0):
        sys.exit("a scored node of an active component has degree 0")
    A = sp.diags(P.d[pos]) - c * P.W[pos][:, pos]
    E = np.zeros((len(pos), len(li)))
    E[ppos[li], np.arange(len(li))] = 1.0
    As = spla.splu(A.tocsc(), permc_spec=ORDER).solve(E)[ppos[P.sa]]  # s x m
    Yl, logd = P.Y[li], np.log(P.d[li])
    errs = [P.errors(As @ (np.exp(dl * logd)[:, None] * Yl)) for dl in grid]
    return grid, errs, "one sparse LU of D - cW, m columns"


def main():
    args = sys.argv[1:]
    if len(args) != 3 or args[0] != "--family" or args[1] not in ("lambda", "alpha", "delta"):
        sys.exit("usage: whole_peer.py --family lambda|alpha|delta FILE.gssl")
    fam, path = args[1], args[2]
    t0 = time.perf_counter()
    P = Problem(path)
    grid, errs, method = {"alpha": run_alpha, "lambda": run_lambda, "delta": run_delta}[fam](P)
    secs = time.perf_counter() - t0
    best = int(np.argmin(errs))
    s = len(P.scored)
    print(json.dumps({
        "family": fam, "n": P.n, "scored": s, "points": len(grid), "method": method,
        "seconds": round(secs, 3),
        "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "min_errors": errs[best], "min_loss": f"{errs[best]}/{s}",
        "argmin": float(grid[best])}))


if __name__ == "__main__":
    main()
