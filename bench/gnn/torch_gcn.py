#!/usr/bin/env python3
"""PyTorch reference for the certune GNN speed comparison (bench/gnn/run.sh).

GCN (Kipf & Welling) and GAT (Velickovic et al.) on a Planetoid text folder
(../shared/datasets/cora/planetoid), full batch, with the same settings and the
same per-epoch work as `certune gnn train`: one training step, then one
evaluation pass on all nodes to pick the epoch with the best validation
accuracy. Sparse features and sparse adjacency (torch.sparse.mm), edge-list
attention for GAT. Prints one JSON object like certune's --json.

Needs Debian's python3-torch (apt-get install -y python3-torch); exits with
status 3 and a clear message when torch is absent.
"""
import argparse
import json
import math
import os
import resource
import sys
import time

try:
    import torch
    import torch.nn.functional as F
except ImportError:
    sys.stderr.write("torch_gcn.py: PyTorch is not installed (apt-get install -y "
                     "python3-torch); no reference timing\n")
    sys.exit(3)


def read_planetoid(d):
    if os.path.isdir(os.path.join(d, "planetoid")):
        d = os.path.join(d, "planetoid")
    with open(os.path.join(d, "features.txt")) as f:
        n, nf, nnz = map(int, f.readline().split())
        rows, cols, vals = [], [], []
        for line in f:
            i, j, v = line.split()
            rows.append(int(i)); cols.append(int(j)); vals.append(float(v))
    with open(os.path.join(d, "labels.txt")) as f:
        n2, nc = map(int, f.readline().split())
        labels = [0] * n
        for line in f:
            i, c = line.split()
            labels[int(i)] = int(c)
    with open(os.path.join(d, "edges.txt")) as f:
        f.readline()
        eu, ev = [], []
        for line in f:
            u, v = line.split()
            eu.append(int(u)); ev.append(int(v))
    idx = {}
    for name in ("train", "val", "test"):
        with open(os.path.join(d, name + ".txt")) as f:
            idx[name] = [int(x) for x in f.read().split()]
    return n, nf, nc, (rows, cols, vals), labels, (eu, ev), idx


def build(d, dtype):
    n, nf, nc, (r, c, v), labels, (eu, ev), idx = read_planetoid(d)
    r = torch.tensor(r); c = torch.tensor(c); v = torch.tensor(v, dtype=dtype)
    rowsum = torch.zeros(n, dtype=dtype).index_add_(0, r, v)
    v = v / rowsum[r].clamp(min=1e-300)  # row-normalized, as the references do
    X = torch.sparse_coo_tensor(torch.stack([r, c]), v, (n, nf)).coalesce()
    eu = torch.tensor(eu); ev = torch.tensor(ev); loop = torch.arange(n)
    row = torch.cat([loop, eu, ev]); col = torch.cat([loop, ev, eu])
    deg = torch.zeros(n, dtype=dtype).index_add_(0, row, torch.ones(len(row), dtype=dtype))
    w = deg[row].rsqrt() * deg[col].rsqrt()
    A = torch.sparse_coo_tensor(torch.stack([row, col]), w, (n, n)).coalesce()
    y = torch.tensor(labels)
    return X, A, row, col, y, nc, {k: torch.tensor(x) for k, x in idx.items()}


def edge_softmax(e, row, n):
    """Softmax of the edge scores e (edges x heads) over each row's edges."""
    h = e.shape[1]
    idx = row.unsqueeze(1).expand(-1, h)
    emax = torch.full((n, h), -1e300, dtype=e.dtype).scatter_reduce(
        0, idx, e, "amax", include_self=True)
    w = (e - emax[row]).exp()
    den = torch.zeros(n, h, dtype=e.dtype).index_add_(0, row, w)
    return w / den[row]


def glorot(fi, fo, dtype):
    a = math.sqrt(6.0 / (fi + fo))
    return torch.nn.Parameter(torch.empty(fi, fo, dtype=dtype).uniform_(-a, a))


def sparse_dropout(X, p, training):
    if not training or p == 0:
        return X
    return torch.sparse_coo_tensor(X.indices(), F.dropout(X.values(), p, True), X.shape)


class GCN(torch.nn.Module):
    def __init__(self, nf, nc, dtype, hidden=16, p=0.5):
        super().__init__()
        self.W1 = glorot(nf, hidden, dtype); self.b1 = torch.nn.Parameter(torch.zeros(hidden, dtype=dtype))
        self.W2 = glorot(hidden, nc, dtype); self.b2 = torch.nn.Parameter(torch.zeros(nc, dtype=dtype))
        self.p = p

    def forward(self, X, A):
        h = torch.sparse.mm(sparse_dropout(X, self.p, self.training), self.W1)
        h = F.relu(torch.sparse.mm(A, h) + self.b1)
        h = F.dropout(h, self.p, self.training) @ self.W2
        return torch.sparse.mm(A, h) + self.b2

    def groups(self, wd):
        return [dict(params=[self.W1, self.b1], weight_decay=wd),
                dict(params=[self.W2, self.b2], weight_decay=0.0)]


class GATLayer(torch.nn.Module):
    def __init__(self, fi, fo, heads, concat, dtype, p):
        super().__init__()
        self.W = glorot(fi, heads * fo, dtype)
        a = math.sqrt(6.0 / (heads + fo))
        self.a_src = torch.nn.Parameter(torch.empty(heads, fo, dtype=dtype).uniform_(-a, a))
        self.a_dst = torch.nn.Parameter(torch.empty(heads, fo, dtype=dtype).uniform_(-a, a))
        self.b = torch.nn.Parameter(torch.zeros(heads * fo if concat else fo, dtype=dtype))
        self.h, self.fo, self.concat, self.p = heads, fo, concat, p

    def forward(self, x, row, col, n):
        z = (torch.sparse.mm(x, self.W) if x.is_sparse else x @ self.W).view(n, self.h, self.fo)
        s = (z * self.a_src).sum(-1); t = (z * self.a_dst).sum(-1)
        e = F.leaky_relu(s[row] + t[col], 0.2)
        alpha = F.dropout(edge_softmax(e, row, n), self.p, self.training)
        out = torch.zeros(n, self.h, self.fo, dtype=e.dtype).index_add_(
            0, row, alpha.unsqueeze(-1) * z[col])
        out = out.reshape(n, -1) if self.concat else out.mean(1)
        return out + self.b


class GAT(torch.nn.Module):
    def __init__(self, nf, nc, dtype, hidden=8, heads=8, p=0.6):
        super().__init__()
        self.l1 = GATLayer(nf, hidden, heads, True, dtype, p)
        self.l2 = GATLayer(hidden * heads, nc, 1, False, dtype, p)
        self.p = p

    def forward(self, X, A, row, col):
        n = X.shape[0]
        h = F.elu(self.l1(sparse_dropout(X, self.p, self.training), row, col, n))
        return self.l2(F.dropout(h, self.p, self.training), row, col, n)

    def groups(self, wd):
        return [dict(params=self.parameters(), weight_decay=wd)]


def run(args, data, seed):
    X, A, row, col, y, nc, idx = data
    torch.manual_seed(seed)
    dtype = X.dtype
    if args.model == "gcn":
        model, lr, wd = GCN(X.shape[1], nc, dtype), 0.01, 5e-4
        fwd = lambda: model(X, A)
    else:
        model, lr, wd = GAT(X.shape[1], nc, dtype), 0.005, 5e-4
        fwd = lambda: model(X, A, row, col)
    opt = torch.optim.Adam(model.groups(wd), lr=lr)
    best_val, best_loss, test = -1.0, float("inf"), 0.0
    t0 = time.perf_counter(); c0 = time.process_time()
    for epoch in range(args.epochs):
        model.train(); opt.zero_grad()
        out = fwd()
        loss = F.cross_entropy(out[idx["train"]], y[idx["train"]])
        loss.backward(); opt.step()
        model.eval()
        with torch.no_grad():
            out = fwd()
            vloss = F.cross_entropy(out[idx["val"]], y[idx["val"]]).item()
            pred = out.argmax(1)
            vacc = (pred[idx["val"]] == y[idx["val"]]).double().mean().item()
            if vacc > best_val or (vacc == best_val and vloss < best_loss):
                best_val, best_loss = vacc, vloss
                test = (pred[idx["test"]] == y[idx["test"]]).double().mean().item()
    return test, time.perf_counter() - t0, time.process_time() - c0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", choices=["gcn", "gat"], default="gcn")
    ap.add_argument("--dataset", default="../shared/datasets/cora")
    ap.add_argument("--epochs", type=int, default=200)
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--dtype", choices=["float64", "float32"], default="float64")
    ap.add_argument("--threads", type=int, default=0, help="torch threads (0: torch's default)")
    args = ap.parse_args()
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    data = build(args.dataset, getattr(torch, args.dtype))
    accs, wall, cpu = [], 0.0, 0.0
    for s in range(args.seeds):
        a, w, c = run(args, data, s)
        accs.append(a); wall += w; cpu += c
    m = sum(accs) / len(accs)
    sd = math.sqrt(sum((a - m) ** 2 for a in accs) / (len(accs) - 1)) if len(accs) > 1 else 0.0
    print(json.dumps(dict(
        impl="pytorch", torch=torch.__version__, threads=torch.get_num_threads(),
        dtype=args.dtype, model=args.model, epochs=args.epochs, seeds=args.seeds,
        test_acc=accs, test_acc_mean=m, test_acc_sd=sd,
        seconds_per_epoch=wall / (args.seeds * args.epochs),
        cpu_seconds_per_epoch=cpu / (args.seeds * args.epochs),
        peak_rss_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0)))


if __name__ == "__main__":
    main()
