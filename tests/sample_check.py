#!/usr/bin/env python3
"""An independent check of `certune sample` (tests/cli-whole.sh): reads the
fixture dataset with tests/whole_check.py's own reader and a sampled .gssl
file, and checks that the file holds the induced subgraph of the dataset on
the nodes its header names (unit weights), every node with its dataset class
(as `l` or `t`), the labeled count round(FRAC * nodes) (at least 1), and the
sampler's promise: bfs connected, class one class, balanced class counts
that differ by at most one; uniform only the above.

Usage: sample_check.py DATASET_DIR SAMPLER FRAC FILE.gssl   (exit 0: it holds)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from whole_check import fail, read_dataset, read_gssl  # noqa: E402


def header_ids(path):
    ids = []
    for ln in open(path):
        if ln.startswith("% dataset ids (0-based) of nodes"):
            ids += [int(x) for x in ln.split(":", 1)[1].split()]
    return ids


def connected(n, edges):
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for u, v in edges:
        parent[find(u)] = find(v)
    return len({find(i) for i in range(n)}) == 1


def main():
    d, sampler, frac, path = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
    _, label, edges, _ = read_dataset(d)
    ids = header_ids(path)
    n, _, gedges, lab, held = read_gssl(path)
    if len(ids) != n or len(set(ids)) != n:
        fail("header names %d ids for %d nodes" % (len(ids), n))
    pos = {v: a for a, v in enumerate(ids)}
    want = {(min(pos[u], pos[v]), max(pos[u], pos[v])) for u, v in edges
            if u != v and u in pos and v in pos}
    if set(gedges) != want or any(w != "1" for w in gedges.values()):
        fail("not the induced subgraph: %d edges vs %d" % (len(gedges), len(want)))
    for a in range(n):
        k = lab.get(a, held.get(a))
        if k is None or k != label[ids[a]]:
            fail("node %d: class %s, dataset %d" % (a + 1, k, label[ids[a]]))
    if len(lab) != max(1, int(frac * n + 0.5)):
        fail("%d labeled of %d" % (len(lab), n))
    classes = [label[i] for i in ids]
    counts = {k: classes.count(k) for k in set(classes)}
    if sampler == "bfs" and not connected(n, gedges):
        fail("bfs sample not connected")
    if sampler == "class" and len(counts) != 1:
        fail("class sample of %d classes" % len(counts))
    if sampler == "balanced" and max(counts.values()) - min(counts.values()) > 1:
        fail("unbalanced: %s" % counts)


if __name__ == "__main__":
    main()
