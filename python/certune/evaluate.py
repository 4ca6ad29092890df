"""The exact evaluation at one rational value (`certune eval`): losses and the
prediction of every scored node, every sign decided exactly (docs/tuning.md)."""

import ctypes
from collections import namedtuple

from . import _check, _isolate, _lib
from .errors import raise_for
from .instance import InstanceSet, as_list, exact_string
from .profile import families, _fraction, check_ties

Evaluation = namedtuple("Evaluation", "family at c ties loss instance_losses n_tied nodes")
Evaluation.__doc__ = """The exact evaluation of a family at one value.

at: the value (a Fraction); c: delta's constant as given (None: 99/100);
loss: the mean of instance_losses (Fractions); n_tied: scored nodes tied
among two or more classes; nodes: one NodePrediction per scored node,
instance by instance, nodes increasing."""

NodePrediction = namedtuple("NodePrediction", "instance node truth pred n_tied")
NodePrediction.__doc__ = """A scored node at the evaluated value: its instance and
0-based node, its true class (a labeled node's label when labeled nodes are
scored), the predicted class (the exact argmax, ties to the smallest class)
and the number of classes attaining the maximum (1: no tie; a node whose
component has no labeled node ties among all classes)."""


def evaluate(instances, family, at, c=None, score_all=False, ties="smallest"):
    """Evaluates family at the rational value at (int, Fraction, Decimal,
    exact string, or float taken exactly) of its domain on instances (as for
    analyze), scoring held-out nodes (and labeled ones with score_all) under
    the tie rule ties. Raises ValueError for a bad argument (at outside the
    domain: lambda (0, +inf), alpha (0, 1), delta [0, 1]), InputError for an
    invalid instance or one without a scored node. Returns an Evaluation."""
    L = _lib.lib()
    if family not in families():
        raise ValueError(f"family: {_check.show(family)} is not one of {', '.join(families())}")
    fid = L.ct_capi_family_id(str(family).encode())
    tid = check_ties(ties)
    cs = None if c is None else exact_string(c, "c:").encode()
    xs = exact_string(at, "at:")
    with InstanceSet(as_list(instances)) as s:
        m = L.ct_capi_instances_count(s.handle)
        rc, msg, data = _isolate.run(
            lambda: _evaluate_here(s.handle, m, fid, cs, xs, score_all, tid),
            f"evaluating {family} at a value on {m} instance{'' if m == 1 else 's'}")
    if rc == _lib.USAGE and "domain" in msg:
        raise ValueError(f"at: {_check.show(at)} is outside {family}'s domain")
    raise_for(rc, msg)
    nodes, loss, losses, n_tied = data
    return Evaluation(family, _fraction(xs), c, ties, _fraction(loss),
                      [_fraction(x) for x in losses], n_tied,
                      [NodePrediction(*node) for node in nodes])


def _evaluate_here(S, m, fid, cs, xs, score_all, tid):
    """ct_capi_evaluate on the instance set S (m instances) in this process,
    its results as plain data (what a forked worker sends back, _isolate.py):
    (status, message, (nodes as tuples, loss, instance losses, n_tied) or
    None)."""
    L = _lib.lib()
    handle = ctypes.c_void_p()
    err = _lib.error_buffer()
    rc = L.ct_capi_evaluate(ctypes.byref(handle), S, fid, cs, xs.encode(),
                            int(bool(score_all)), tid, err, len(err))
    if rc != _lib.OK:
        return rc, _lib.error_text(err), None
    try:
        n = L.ct_capi_eval_nnodes(handle)
        arrays = [(ctypes.c_long * max(n, 1))() for _ in range(5)]
        L.ct_capi_eval_nodes(handle, *arrays)
        nodes = [tuple(a[k] for a in arrays) for k in range(n)]
        loss = _lib.take_string(L.ct_capi_eval_loss(handle))
        losses = [_lib.take_string(L.ct_capi_eval_inst_loss(handle, k)) for k in range(m)]
        return rc, "", (nodes, loss, losses, L.ct_capi_eval_ntied(handle))
    finally:
        L.ct_capi_eval_destroy(handle)
