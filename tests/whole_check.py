#!/usr/bin/env python3
"""An independent reader for `certune instance` (tests/cli-whole.sh): reads a
fixture dataset's own files (Planetoid text, Geom-GCN, converted npz text) and
checks that the .gssl file holds exactly its graph with unit weights, the
split's training nodes labeled with their classes and the chosen nodes held
out with theirs. For random splits (whose order is the library's seeded
shuffle) it checks the split's shape instead: PER_CLASS training nodes per
class (all of a smaller class), then VAL validation and TEST test nodes,
disjoint, all with known classes.

Usage: whole_check.py DATASET_DIR SPLIT SCORE FILE.gssl   (exit 0: it matches)
       whole_check.py --unreached FILE.gssl   (prints "NODES COMPONENTS": the
       held-out nodes in components without a labeled node, found by a
       union-find of its own)
"""
import glob
import os
import sys


def read_planetoid(d):
    p = os.path.join(d, "planetoid")
    lines = open(os.path.join(p, "labels.txt")).read().split("\n")
    n, _ = map(int, lines[0].split())
    label = [-1] * n
    for ln in lines[1:]:
        if ln.strip():
            i, c = map(int, ln.split())
            label[i] = c
    edges = [tuple(map(int, ln.split())) for ln in
             open(os.path.join(p, "edges.txt")).read().split("\n")[1:] if ln.strip()]
    split = {"public": [-1] * n}
    for code, name in enumerate(["train", "val", "test"]):
        for ln in open(os.path.join(p, name + ".txt")):
            if ln.strip():
                split["public"][int(ln)] = code
    return n, label, edges, split


def read_geom(d):
    rows = [ln.rstrip("\n").split("\t") for ln in
            open(os.path.join(d, "out1_node_feature_label.txt"))][1:]
    n = len(rows)
    label = [-1] * n
    for r in rows:
        label[int(r[0])] = int(r[2])
    edges = [tuple(map(int, ln.split("\t"))) for ln in
             open(os.path.join(d, "out1_graph_edges.txt")).read().split("\n")[1:] if ln.strip()]
    split = {}
    for f in glob.glob(os.path.join(d, "splits", "*_split_*.txt")):
        k = int(f.rsplit("_", 1)[1].split(".")[0])
        split["geom-gcn:%d" % k] = [int(ln) for ln in open(f) if ln.strip()]
    return n, label, edges, split


def read_npz_text(d):
    lines = open(os.path.join(d, "labels.txt")).read().split("\n")
    n, _ = map(int, lines[0].split())
    label = [-1] * n
    for ln in lines[1:]:
        if ln.strip():
            i, c = map(int, ln.split())
            label[i] = c
    edges = [tuple(map(int, ln.split())) for ln in
             open(os.path.join(d, "edges.txt")).read().split("\n")[1:] if ln.strip()]
    return n, label, edges, {}


def read_dataset(d):
    if os.path.isdir(os.path.join(d, "planetoid")):
        return read_planetoid(d)
    if os.path.exists(os.path.join(d, "out1_node_feature_label.txt")):
        return read_geom(d)
    return read_npz_text(d)


def read_gssl(path):
    n = c = None
    edges, lab, held = {}, {}, {}
    for ln in open(path):
        t = ln.split()
        if not t or t[0].startswith("%"):
            continue
        if t[0] == "p":
            n, c = int(t[2]), int(t[3])
        elif t[0] == "e":
            u, v = int(t[1]) - 1, int(t[2]) - 1
            edges[(min(u, v), max(u, v))] = t[3]
        elif t[0] == "l":
            lab[int(t[1]) - 1] = int(t[2])
        elif t[0] == "t":
            held[int(t[1]) - 1] = int(t[2])
    return n, c, edges, lab, held


def fail(msg):
    print("whole_check: " + msg)
    sys.exit(1)


def check_random(spec, label, lab, held_ok, held):
    parts = spec.split(":")[1:] + [None] * 4
    per_class = int(parts[1] or 20)
    nval = int(parts[2] or 500)
    ntest = int(parts[3] or 1000)
    classes = sorted(set(x for x in label if x >= 0))
    for k in classes:
        have = sum(1 for i in lab if label[i] == k)
        want = min(per_class, sum(1 for x in label if x == k))
        if have != want:
            fail("class %d: %d training nodes, want %d" % (k, have, want))
    rest = sum(1 for x in label if x >= 0) - len(lab)
    if held_ok(nval, ntest, rest, len(held)) is False:
        fail("%d held-out nodes for VAL %d, TEST %d of %d" % (len(held), nval, ntest, rest))


def unreached(path):
    n, _, edges, lab, held = read_gssl(path)
    parent = list(range(n))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for u, v in edges:
        parent[find(u)] = find(v)
    labeled = {find(i) for i in lab}
    roots = [find(i) for i in held if find(i) not in labeled]
    print(len(roots), len(set(roots)))


def main():
    if sys.argv[1] == "--unreached":
        unreached(sys.argv[2])
        return
    d, spec, score, path = sys.argv[1:5]
    n, label, edges, splits = read_dataset(d)
    gn, gc, gedges, lab, held = read_gssl(path)
    if gn != n or gc != 1 + max(label):
        fail("header %s %s, want %d %d" % (gn, gc, n, 1 + max(label)))
    want_edges = {(min(u, v), max(u, v)) for u, v in edges if u != v}
    if set(gedges) != want_edges or any(w != "1" for w in gedges.values()):
        fail("edges differ: %d vs %d" % (len(gedges), len(want_edges)))
    for i, k in list(lab.items()) + list(held.items()):
        if label[i] != k:
            fail("node %d: class %d in the file, %d in the dataset" % (i + 1, k, label[i]))
    if set(lab) & set(held):
        fail("a node both labeled and held out")
    if spec.startswith("random:"):
        def held_ok(nval, ntest, rest, h):
            want = {"val": min(nval, rest), "test": min(ntest, max(rest - nval, 0)),
                    "all": rest}[score]
            return h == want
        check_random(spec, label, lab, held_ok, held)
        return
    code = splits[spec]
    want_lab = {i for i in range(n) if code[i] == 0 and label[i] >= 0}
    scored = {"val": lambda x: x == 1, "test": lambda x: x == 2, "all": lambda x: x != 0}[score]
    want_held = {i for i in range(n) if scored(code[i]) and label[i] >= 0}
    if set(lab) != want_lab:
        fail("labeled nodes differ: %d vs %d" % (len(lab), len(want_lab)))
    if set(held) != want_held:
        fail("held-out nodes differ: %d vs %d" % (len(held), len(want_held)))


if __name__ == "__main__":
    main()
