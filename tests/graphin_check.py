#!/usr/bin/env python3
"""An independent reader of the user's own graph files (docs/formats.md, "Your
own graph: certune instance --edges"), written from the documented rules and
sharing no code with src/graphin: it builds the instance the rules give and
compares it with the .gssl file certune wrote (nodes in order, ids, edges in
order with exact weights, classes and their names, labels, held-out truths).
Python's standard library only (the .npz is read with zipfile and a small .npy
parser). Usage:
  graphin_check.py GSSL --edges F --labels F [--truth F] [--score F]
                   [--directed error|sum|max] [--self-loops error|drop]
Exit 0 when they agree, 1 with the differences."""
import argparse
import ast
import gzip
import re
import struct
import sys
import zipfile
from fractions import Fraction

NUMBER = re.compile(r"^[+-]?(\d+/\d+|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)$")


def exact(tok):
    if not NUMBER.match(tok) or tok.endswith("/0"):
        raise ValueError(f"malformed weight {tok!r}")
    return Fraction(tok)


def text_lines(path):
    """(line number, text) of the lines that are not blank or # comments."""
    with open(path, "rb") as f:
        raw = f.read()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    out = []
    for k, line in enumerate(raw.decode("utf-8", "surrogateescape").split("\n"), 1):
        if line.endswith("\r"):
            line = line[:-1]
        s = line.strip(" \t")
        if s and not s.startswith("#"):
            out.append((k, line))
    return out


def fields(line, sep):
    if sep == " ":
        return line.split()
    return [f.strip(" \t") for f in line.split(sep)]


def table(path, names):
    """The rows of a delimited file after its header (if its first line is
    one: field k among names[k], at least two fields)."""
    lines = text_lines(path)
    if not lines:
        return []
    first = lines[0][1]
    sep = "," if "," in first else "\t" if "\t" in first else " "
    rows = [(k, fields(t, sep)) for k, t in lines]
    f0 = rows[0][1]
    if 2 <= len(f0) <= len(names) and all(f.lower() in names[i] for i, f in enumerate(f0)):
        rows = rows[1:]
    return rows


class Graph:
    def __init__(self, directed, loops):
        self.ids, self.index = [], {}
        self.pairs, self.order = {}, []
        self.directed, self.loops = directed, loops
        self.fixed = None  # (n, base) for a matrix

    def node(self, s, create=True):
        if self.fixed:
            n, base = self.fixed
            if not re.fullmatch(r"0|[1-9]\d*", s) or not base <= int(s) < base + n:
                raise ValueError(f"unknown id {s!r}")
            return int(s) - base
        if s not in self.index:
            if not create:
                return None
            self.index[s] = len(self.ids)
            self.ids.append(s)
        return self.index[s]

    def edge(self, u, v, w):
        if u == v:
            if self.loops == "drop":
                return
            raise ValueError("self-loop")
        if w == 0:
            return
        key = (min(u, v), max(u, v))
        if key in self.pairs:
            if self.directed == "error":
                raise ValueError("repeated pair")
            old = self.pairs[key]
            self.pairs[key] = old + w if self.directed == "sum" else max(old, w)
        else:
            self.pairs[key] = w
            self.order.append(key)


def read_text(g, path):
    for _, f in table(path, [("source", "src", "from"), ("target", "dst", "to"), ("weight",)]):
        assert len(f) in (2, 3), f
        u, v = g.node(f[0]), g.node(f[1])
        g.edge(u, v, exact(f[2]) if len(f) == 3 and f[2] != "" else Fraction(1))


def read_mtx(g, path):
    lines = [l.strip() for l in open(path) if l.strip()]
    banner = lines[0].lower().split()
    field, sym = banner[3], banner[4]
    body = [l for l in lines[1:] if not l.startswith("%")]
    n, n2, nnz = map(int, body[0].split())
    assert n == n2 and len(body) - 1 == nnz
    g.fixed = (n, 1)
    for l in body[1:]:
        f = l.split()
        w = Fraction(1) if field == "pattern" else exact(f[2])
        g.edge(g.node(f[0]), g.node(f[1]), w)
    del sym  # either triangle: each entry is the undirected edge


def npy(data):
    assert data[:6] == b"\x93NUMPY"
    if data[6] == 1:
        hlen, off = struct.unpack("<H", data[8:10])[0], 10
    else:
        hlen, off = struct.unpack("<I", data[8:12])[0], 12
    head = ast.literal_eval(data[off:off + hlen].decode("latin1"))
    body = data[off + hlen:]
    d = head["descr"]
    count = 1
    for s in head["shape"]:
        count *= s
    order, kind, size = d[0], d[1], int(d[2:])
    if kind in "SU":
        raw = body[: size * (4 if kind == "U" else 1)]
        return raw.decode("utf-32-le" if kind == "U" else "ascii").rstrip("\0")
    end = ">" if order == ">" else "<"
    code = {("f", 4): "f", ("f", 8): "d", ("i", 1): "b", ("i", 2): "h", ("i", 4): "i",
            ("i", 8): "q", ("u", 1): "B", ("u", 2): "H", ("u", 4): "I", ("u", 8): "Q",
            ("b", 1): "?"}[(kind, size)]
    vals = list(struct.unpack(end + code * count, body[: size * count]))
    if kind == "f":  # the shortest decimal that gives the same float back
        single = size == 4
        out = []
        for x in vals:
            for p in range(1, 18):
                s = "%.*e" % (p - 1, x)
                if (struct.unpack("f", struct.pack("f", float(s)))[0] == x) if single \
                        else float(s) == x:
                    break
            out.append(Fraction(s))
        return out
    return [Fraction(int(x)) for x in vals]


def read_npz(g, path):
    z = zipfile.ZipFile(path)
    a = {name[:-4]: npy(z.read(name)) for name in z.namelist()}
    n = int(a["shape"][0])
    g.fixed = (n, 0)
    fmt = a["format"]
    if fmt == "coo":
        entries = zip(a["row"], a["col"], a["data"])
    else:
        ptr, ind = a["indptr"], a["indices"]
        entries = []
        for i in range(n):
            for k in range(int(ptr[i]), int(ptr[i + 1])):
                j = int(ind[k])
                entries.append((i, j, a["data"][k]) if fmt == "csr" else (j, i, a["data"][k]))
    for i, j, w in entries:
        g.edge(int(i), int(j), w)


def values(g, path):
    """{node: value string} of a labels or truth file (creating nodes)."""
    out = {}
    for _, f in table(path, [("id", "node"), ("label", "class")]):
        node = g.node(f[0])
        assert node not in out, f"{f[0]} twice"
        v = f[1] if len(f) > 1 else ""
        out[node] = None if v in ("", "-1") else v
    return out


def expected(a):
    g = Graph(a.directed, a.self_loops)
    if a.edges.endswith(".npz"):
        read_npz(g, a.edges)
    elif a.edges.endswith(".mtx") or open(a.edges, "rb").read(14) == b"%%MatrixMarket":
        read_mtx(g, a.edges)
    else:
        read_text(g, a.edges)
    nedge_nodes = len(g.ids)
    lab = values(g, a.labels)
    tru = values(g, a.truth) if a.truth else {}
    n = g.fixed[0] if g.fixed else len(g.ids)
    vals = {v for v in list(lab.values()) + list(tru.values()) if v is not None}
    if all(re.fullmatch(r"\d+", v) for v in vals):
        cls = {v: int(v) for v in vals}
        c, names = max(list(cls.values()) + [0]) + 1, None
    else:
        names = sorted(vals, key=lambda s: s.encode("utf-8", "surrogateescape"))
        cls = {v: k for k, v in enumerate(names)}
        c = len(names)
    if a.score:
        scored = [g.node(l.strip(" \t"), create=False) for _, l in text_lines(a.score)]
        if scored and scored[0] is None and text_lines(a.score)[0][1].strip().lower() in ("id", "node"):
            scored = scored[1:]
        scored = set(scored)
    else:
        scored = {i for i, v in tru.items() if v is not None and lab.get(i) is None}
    ids = [str(i + g.fixed[1]) for i in range(n)] if g.fixed else g.ids
    return {
        "n": n, "c": c, "names": names, "ids": ids,
        "edges": [(u, v, g.pairs[(u, v)]) for u, v in g.order],
        "l": {i: cls[v] for i, v in lab.items() if v is not None},
        "t": {i: cls[v] for i, v in tru.items() if v is not None and i in scored},
        "named_only": 0 if g.fixed else len(g.ids) - nedge_nodes,
    }


def unescape(s):
    return re.sub(b"%([0-9A-F]{2})", lambda m: bytes([int(m.group(1), 16)]),
                  s.encode("utf-8", "surrogateescape")).decode("utf-8", "surrogateescape")


def written(path):
    got = {"edges": [], "l": {}, "t": {}, "ids": {}, "names": {}}
    for line in open(path, encoding="utf-8", errors="surrogateescape"):
        f = line.rstrip("\n").split(" ")
        if f[:2] == ["%", "id"]:
            got["ids"][int(f[2]) - 1] = unescape(f[3])
        elif f[:2] == ["%", "class"]:
            got["names"][int(f[2])] = unescape(f[3])
        elif f[0] == "p":
            got["n"], got["c"] = int(f[2]), int(f[3])
        elif f[0] == "e":
            got["edges"].append((int(f[1]) - 1, int(f[2]) - 1, Fraction(f[3])))
        elif f[0] in "lt" and f[0] != "":
            got[f[0]][int(f[1]) - 1] = int(f[2])
    got["ids"] = [got["ids"].get(i) for i in range(got["n"])]
    got["names"] = [got["names"][k] for k in range(got["c"])] if got["names"] else None
    return got


def main():
    p = argparse.ArgumentParser()
    p.add_argument("gssl")
    p.add_argument("--edges", required=True)
    p.add_argument("--labels", required=True)
    p.add_argument("--truth")
    p.add_argument("--score")
    p.add_argument("--directed", default="error")
    p.add_argument("--self-loops", default="error")
    a = p.parse_args()
    want, got = expected(a), written(a.gssl)
    bad = 0
    for key in ("n", "c", "names", "ids", "l", "t"):
        if want[key] != got[key]:
            print(f"{key}: expected {want[key]!r}, written {got[key]!r}")
            bad += 1
    # the writer orients each pair as u < v
    we = [(min(u, v), max(u, v), w) for u, v, w in want["edges"]]
    if we != got["edges"]:
        print(f"edges: expected {we!r}, written {got['edges']!r}")
        bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
