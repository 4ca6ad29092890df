"""Shared by the tests: where the source tree, the instances and the binary are."""

import os

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
INSTANCES = os.path.join(REPO, "instances")
# The certune binary (tests/cli-python.sh passes the freshly built one).
CLI = os.environ.get("CERTUNE_BIN", os.path.join(REPO, "build", "certune"))
DATASETS = os.environ.get("CERTUNE_DATASETS") or next(
    (d for d in (os.path.join(REPO, "..", "shared", "datasets"), "/work/shared/datasets")
     if os.path.isdir(d)), "/work/shared/datasets")


def instance(name):
    return os.path.join(INSTANCES, name)


def read_gssl(path):
    """An independent reader of the .gssl records the tests need: n, c, edges
    (0-based u, v, weight as a string), labels and truths (-1: none)."""
    n = c = 0
    edges, labels, truth = [], None, None
    with open(path) as f:
        for line in f:
            t = line.split()
            if not t or t[0].startswith("%"):
                continue
            if t[0] == "p":
                n, c = int(t[2]), int(t[3])
                labels, truth = [-1] * n, [-1] * n
            elif t[0] == "e":
                edges.append((int(t[1]) - 1, int(t[2]) - 1, t[3]))
            elif t[0] == "l":
                labels[int(t[1]) - 1] = int(t[2])
            elif t[0] == "t":
                truth[int(t[1]) - 1] = int(t[2])
    return n, c, edges, labels, truth


def cli_env():
    """The environment for running the certune binary: without the LD_PRELOAD
    that tests/cli-python.sh sets for a sanitizer build of the library (the
    binary carries its own runtime)."""
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)
    return env
