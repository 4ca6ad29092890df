#!/usr/bin/env python3
"""Writes the small dataset fixtures of tests/fixtures/ (docs/gnn-data.md,
"Fixtures"): one 300-node graph in each format the loaders read, so that the
test suite needs no real dataset. Deterministic (no randomness, no
timestamps): running it again must reproduce the committed files, which
tests/cli-fixtures.sh checks.

Usage: python3 scripts/make-fixtures.py [OUT_DIR]   (default tests/fixtures)

The graph (every fact below is checked by tests/t-dataset.c):
  nodes 0..299; class of node i is i mod 3; class names 0 Zeta, 1 Alpha, 2 Mid
  edges {i, i+1 mod 300} for every i (a ring, 300 edges) and {i, i+3 mod 300}
        for even i (150 edges): 450 distinct undirected edges
  features: 13 columns; node i has 1 at column i mod 10 and V at column
        10 + (i mod 3), V = 2.5 in the converted text, 1 elsewhere: nnz 2 per node

  tinycite/planetoid/  converted Planetoid text; nodes 295..299 unlabeled (-1),
        so classes count 99/98/98; edges.txt adds a self-loop line "5 5" and a
        repeat "1 0" (452 lines: 450 edges, 1 loop, 1 repeat); public split
        train 0..29, val 30..79, test 200..279
  tinycite/tinycite.content/.cites  LINQS: content lines for nodes 294 down to 0
        (LINQS node k is node 294 - k, paper id "p<i>"), the unlabeled nodes
        have no content line; classes numbered in sorted name order (Alpha 0,
        Mid 1, Zeta 2: counts 98/98/99); cites: the 450 edges as "p<u> p<v>"
        (10 touch nodes 295..299 and are dropped as unknown) and "p5 p5"
  tinyweb/  Geom-GCN, rows written in decreasing id order, all labeled
        (100/100/100), edge file: each edge once plus the reverse of the 30
        ring edges {i, i+1} with i mod 10 = 0 (480 lines); splits/ K = 0..9:
        node i has code 0 (train) when (i + K) mod 5 < 3, 1 (val) when 3,
        2 (test) when 4: 180/60/60
  tinynpz/  converted npz text, all labeled, the 450 edges, classes.txt
"""
import os
import sys

N, NFEAT = 300, 13
NAMES = ["Zeta", "Alpha", "Mid"]
UNLABELED = range(295, 300)


def edges():
    out = [(i, (i + 1) % N) for i in range(N)]
    out += [(i, (i + 3) % N) for i in range(0, N, 2)]
    return out


def feats(i):
    return [(i % 10, 1.0), (10 + i % 3, 1.0)]


def write(path, lines):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", newline="\n") as f:
        f.write("".join(line + "\n" for line in lines))


def text_features(i):
    # converted text: the label column carries 2.5, to test value parsing
    return [(c, 2.5 if c >= 10 else 1.0) for c, _ in sorted(feats(i))]


def converted(folder, labels, extra_edges):
    ed = edges() + extra_edges
    write(f"{folder}/labels.txt", [f"{N} 3"] + [f"{i} {labels[i]}" for i in range(N)])
    write(f"{folder}/edges.txt", [f"{N} {len(ed)}"] + [f"{u} {v}" for u, v in ed])
    rows = [(i, c, v) for i in range(N) for c, v in text_features(i)]
    write(f"{folder}/features.txt",
          [f"{N} {NFEAT} {len(rows)}"] + [f"{i} {c} {v:g}" for i, c, v in rows])
    write(f"{folder}/classes.txt", [f"{k} {name}" for k, name in enumerate(NAMES)])


def planetoid(out):
    labels = [-1 if i in UNLABELED else i % 3 for i in range(N)]
    folder = f"{out}/tinycite/planetoid"
    converted(folder, labels, [(5, 5), (1, 0)])
    write(f"{folder}/train.txt", [str(i) for i in range(0, 30)])
    write(f"{folder}/val.txt", [str(i) for i in range(30, 80)])
    write(f"{folder}/test.txt", [str(i) for i in range(200, 280)])


def linqs(out):
    lines = []
    for i in range(294, -1, -1):
        dense = ["0"] * NFEAT
        for c, _ in feats(i):
            dense[c] = "1"
        lines.append("\t".join([f"p{i}"] + dense + [NAMES[i % 3]]))
    write(f"{out}/tinycite/tinycite.content", lines)
    cites = [f"p{u}\tp{v}" for u, v in edges()] + ["p5\tp5"]
    write(f"{out}/tinycite/tinycite.cites", cites)


def geom(out):
    folder = f"{out}/tinyweb"
    rows = ["node_id\tfeature\tlabel"]
    for i in range(N - 1, -1, -1):
        dense = ["0"] * NFEAT
        for c, _ in feats(i):
            dense[c] = "1"
        rows.append(f"{i}\t{','.join(dense)}\t{i % 3}")
    write(f"{folder}/out1_node_feature_label.txt", rows)
    ed = edges() + [((i + 1) % N, i) for i in range(0, N, 10)]
    write(f"{folder}/out1_graph_edges.txt",
          ["node_id\tnode_id"] + [f"{u}\t{v}" for u, v in ed])
    for k in range(10):
        codes = [{3: 1, 4: 2}.get((i + k) % 5, 0) for i in range(N)]
        write(f"{folder}/splits/tinyweb_split_0.6_0.2_{k}.txt", [str(c) for c in codes])


def npz_text(out):
    converted(f"{out}/tinynpz", [i % 3 for i in range(N)], [])


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "tests/fixtures"
    planetoid(out)
    linqs(out)
    geom(out)
    npz_text(out)


if __name__ == "__main__":
    main()
