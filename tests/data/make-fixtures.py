#!/usr/bin/env python3
"""Writes the dataset-reader fixtures kept in tests/data (python3 standard
library only; run from the repository root: python3 tests/data/make-fixtures.py).

tiny.npz     the gnn-benchmark layout (zip of .npy arrays, deflated): 6 nodes,
             the adjacency as CSR with a repeated pair and a self-loop, the
             attributes as CSR with an unsorted row, a repeated index and an
             explicit zero, int64 labels, unicode class names.
tiny-csv/    the same graph in the CSV layout (docs/gnn-data.md), with string
             ids and class names and one unlabeled node.
sbm-csv/     a 300-node planted-partition graph (3 classes, no features) in
             the CSV layout, for `certune sample` in the plot tests.

The facts the tests assert are listed in tests/data/README.md.
"""
import random
import struct
import zipfile


def npy(descr, shape, values):
    """A .npy file (format version 1.0) of the given little/big-endian dtype."""
    header = "{'descr': '%s', 'fortran_order': False, 'shape': (%s), }" % (
        descr, ", ".join("%d" % d for d in shape) if len(shape) != 1 else "%d," % shape[0])
    pad = 64 - (10 + len(header) + 1) % 64
    header = header + " " * pad + "\n"
    order = "<" if descr[0] in "<|" else ">"
    kind, size = descr[1], int(descr[2:])
    if kind == "U":
        body = b"".join(s.ljust(size, "\0").encode("utf-32-le" if order == "<" else "utf-32-be")
                        for s in values)
    else:
        code = {("f", 4): "f", ("f", 8): "d", ("i", 4): "i", ("i", 8): "q",
                ("u", 1): "B"}[(kind, size)]
        body = struct.pack(order + code * len(values), *values)
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + body


def write_tiny_npz(path):
    # rows: 0 -> 1, 2; 1 -> 0 (repeat of 0-1), 2; 3 -> 4; 4 -> 5; 5 -> 5 (loop)
    adj_indptr = [0, 2, 4, 4, 5, 6, 7]
    adj_indices = [1, 2, 0, 2, 4, 5, 5]
    # row 0 unsorted (3, 1); row 3 repeats index 2; row 5 stores an explicit 0
    attr_indptr = [0, 2, 3, 3, 5, 9, 10]
    attr_indices = [3, 1, 0, 2, 2, 0, 1, 2, 3, 1]
    attr_data = [2.5, 1, 1, 1, 1, 1, 1, 1, 1, 0]
    arrays = {
        "adj_data": npy("<f4", [7], [1.0] * 7),
        "adj_indices": npy("<i4", [7], adj_indices),
        "adj_indptr": npy("<i4", [7], adj_indptr),
        "adj_shape": npy("<i8", [2], [6, 6]),
        "attr_data": npy("<f4", [10], attr_data),
        "attr_indices": npy("<i4", [10], attr_indices),
        "attr_indptr": npy(">i8", [7], attr_indptr),
        "attr_shape": npy("<i8", [2], [6, 4]),
        "labels": npy("<i8", [6], [0, 0, 1, 1, 2, 2]),
        "class_names": npy("<U6", [3], ["alpha", "beta", "g\u00e4mma"]),
    }
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for key in sorted(arrays):
            info = zipfile.ZipInfo(key + ".npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, arrays[key])


def write_csv(folder, labels, edges, features=None):
    import os
    os.makedirs(folder, exist_ok=True)
    with open(folder + "/labels.csv", "w") as f:
        f.write("node,label\n" + "".join("%s,%s\n" % nl for nl in labels))
    with open(folder + "/edges.csv", "w") as f:
        f.write("source,target\n" + "".join("%s,%s\n" % e for e in edges))
    if features is not None:
        names, rows = features
        with open(folder + "/features.csv", "w") as f:
            f.write("node," + ",".join(names) + "\n")
            f.write("".join(n + "," + ",".join(v) + "\n" for n, v in rows))


def write_tiny_csv(folder):
    ids = ["p0", "p1", "p2", "p3", "p4", "p5"]
    labels = list(zip(ids, ["beta", "beta", "alpha", "alpha", "gamma", ""]))
    edges = [("p0", "p1"), ("p1", "p2"), ("p2", "p0"), ("p1", "p0"),
             ("p3", "p4"), ("p4", "p5"), ("p5", "p5")]
    names = ["w0", "w1", "w2", "w3"]
    rows = [("p4", ["1", "1", "1", "1"]), ("p0", ["0", "1", "0", "2.5"]),
            ("p1", ["1", "0", "0", "0"]), ("p3", ["0", "0", "2", "0"])]
    write_csv(folder, labels, edges, (names, rows))


def write_sbm_csv(folder, n=300, classes=3, p_in=0.06, p_out=0.004, seed=13):
    rng = random.Random(seed)
    labels = [("n%03d" % i, str(i % classes)) for i in range(n)]
    edges = []
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < (p_in if i % classes == j % classes else p_out):
                edges.append(("n%03d" % i, "n%03d" % j))
    write_csv(folder, labels, edges)


if __name__ == "__main__":
    write_tiny_npz("tests/data/tiny.npz")
    write_tiny_csv("tests/data/tiny-csv")
    write_sbm_csv("tests/data/sbm-csv")
