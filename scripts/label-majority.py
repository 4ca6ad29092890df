#!/usr/bin/env python3
"""The majority-class share of a set of sampled instances (`certune sample`
output), as JSON on stdout: for each instance, the share of its scored nodes
that belong to its most common class among them; the set's share is the mean
over instances (each instance weighs the same, as in `tune`'s loss). Two
scorings: "unlabeled" (the held-out `t` nodes, `tune --score unlabeled`) and
"all" (the labeled `l` nodes too, `tune --score all`). Exact fractions ("p/q")
with decimal twins, and the number of scored nodes of each kind. The runners of results/label-propagation/ and
results/label-protocols/ keep this beside the tune records.

Usage: python3 scripts/label-majority.py DIR   (the *.gssl files of DIR)
"""
import glob
import json
import os
import sys
from collections import Counter
from fractions import Fraction


def instance_counts(path):
    held, everyone = Counter(), Counter()
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) == 3 and w[0] in ("l", "t"):
                everyone[w[2]] += 1
                if w[0] == "t":
                    held[w[2]] += 1
    return held, everyone


def share(counts):
    total = sum(counts.values())
    return Fraction(max(counts.values()), total) if total else None


def main():
    files = sorted(glob.glob(os.path.join(sys.argv[1], "*.gssl")))
    if not files:
        sys.exit("label-majority: no .gssl files in %s" % sys.argv[1])
    sums = {"unlabeled": Fraction(0), "all": Fraction(0)}
    counted = {"unlabeled": 0, "all": 0}
    nodes = {"unlabeled": 0, "all": 0}
    for path in files:
        held, everyone = instance_counts(path)
        for mode, c in (("unlabeled", held), ("all", everyone)):
            s = share(c)
            nodes[mode] += sum(c.values())
            if s is not None:
                sums[mode] += s
                counted[mode] += 1
    out = {"instances": len(files)}
    for mode in ("unlabeled", "all"):
        m = sums[mode] / counted[mode] if counted[mode] else None
        out["majority_share_" + mode] = str(m) if m is not None else None
        out["majority_share_%s_decimal" % mode] = round(float(m), 6) if m is not None else None
        out["scored_nodes_" + mode] = nodes[mode]
    print(json.dumps(out))


if __name__ == "__main__":
    main()
