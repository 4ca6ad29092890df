"""The certified loss profile of a family over a set of instances."""

import ctypes
import warnings
from collections import namedtuple
from fractions import Fraction

from . import _check, _isolate, _lib
from .errors import UndecidedError, raise_for
from .instance import InstanceSet, as_list, exact_string


def _count(n, noun):
    """'1 instance', '2 instances'."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def families():
    """The families' names in the order they are listed, from the library's
    family table (the single place that knows them)."""
    L = _lib.lib()
    ids = (L.ct_capi_family_listed(i) for i in range(L.ct_capi_family_count()))
    return tuple(L.ct_capi_family_name(f).decode() for f in ids)


def _family_domain(fid, closed):
    """(lo, hi, closed) of family id fid: hi None for +inf."""
    hi = _lib.lib().ct_capi_family_hi(fid).decode()
    return (Fraction(0), None if hi == "inf" else Fraction(hi), closed)

Breakpoint = namedtuple("Breakpoint", "index exact approx lo hi loss changes jump")
Breakpoint.__doc__ = """A certified breakpoint.

exact: the defining exact function in x (the breakpoint is its unique zero in
[lo, hi]); approx: a float approximation; lo, hi: the certified isolating
interval as Fractions (lo == hi: the breakpoint is that rational); loss: the
exact loss at the point; changes: scored predictions that change there; jump:
True when the losses on its two sides differ (False: only the point differs)."""

Piece = namedtuple("Piece", "index left right loss")
Piece.__doc__ = """An open piece of constant loss between two breakpoints.

left, right: the Breakpoint objects bounding it, or None at a domain end;
loss: the exact loss (a Fraction)."""



def _piece_repr(self):
    name = lambda b: "None" if b is None else f"b{b.index}"
    return (f"Piece(index={self.index}, left={name(self.left)}, right={name(self.right)}, "
            f"loss={self.loss})")


Piece.__repr__ = _piece_repr

Minimum = namedtuple("Minimum", "loss pieces points ends representative")
Minimum.__doc__ = """Where the minimum loss is attained: piece and breakpoint
indices, the ends ('lo', 'hi') of a closed domain, and the representative."""


def _fraction(s):
    """The Fraction of a rational the library wrote (None for None), of any
    length (CPython's Fraction(str) stops at 4300 digits)."""
    return _check.fraction(s)


class Profile:
    """The exact piecewise-constant empirical loss (use certune.analyze).

    Attributes: family, c (delta's constant, else None), ties ('smallest' or
    'expected'), n_instances, n_scored, instance_scored (scored nodes per
    instance), domain ((lo, hi, closed) with hi None for +inf), breakpoints,
    pieces, end_losses ((lo, hi) for delta's closed domain, else None),
    loss_pieces (maximal constant-loss intervals), min_loss, minimum,
    representative, warnings (list of str).

    A Profile pickles: its attributes travel, the C profile does not; the
    first loss_at, piece_point or instance_losses after loading analyzes the
    same instances again (kept with the profile: Instance objects, or paths
    read again) and checks that the breakpoints and losses are the same."""

    def __init__(self, handle, recipe=None):
        self._h = handle
        self._closed = False
        self._recipe = recipe  # (instances, family, c, score_all, ties, ball) to rebuild _h
        self._text = None  # (or the profile's text, read into _h when first needed)
        self._costs = None
        L = _lib.lib()
        get = lambda name, *a: getattr(L, "ct_capi_profile_" + name)(handle, *a)
        sget = lambda name, *a: _lib.take_string(get(name, *a))
        fid = get("family")
        self.family = L.ct_capi_family_name(fid).decode()
        self.c = _fraction(sget("c"))
        self.n_instances, self.n_scored = get("ninstances"), get("nscored")
        self.instance_scored = [get("inst_nscored", k) for k in range(self.n_instances)]
        self.ties = {v: k for k, v in _lib.TIES.items()}[get("ties")]
        self.closed = bool(get("closed"))
        self.domain = _family_domain(fid, self.closed)
        self.warnings = [w for w in sget("warnings").splitlines() if w]
        nbp = get("nbreakpoints")
        self.breakpoints = [
            Breakpoint(b, sget("bp_exact", b), float(sget("bp_approx", b)),
                       _fraction(sget("bp_lo", b)), _fraction(sget("bp_hi", b)),
                       _fraction(sget("point_loss", b)), get("bp_changes", b),
                       bool(get("bp_jump", b)))
            for b in range(nbp)]
        bps = self.breakpoints
        self.pieces = [Piece(i, bps[i - 1] if i > 0 else None, bps[i] if i < nbp else None,
                             _fraction(sget("piece_loss", i))) for i in range(nbp + 1)]
        self.end_losses = (_fraction(sget("end_loss", 0)), _fraction(sget("end_loss", 1))) \
            if self.closed else None
        self.loss_pieces = get("loss_pieces")
        self.min_loss = _fraction(sget("min_loss"))
        self.representative = _fraction(sget("representative"))
        ends = get("min_ends")
        self.minimum = Minimum(
            self.min_loss, [get("min_piece", k) for k in range(get("min_npieces"))],
            [get("min_point", k) for k in range(get("min_npoints"))],
            tuple(e for bit, e in ((1, "lo"), (2, "hi")) if ends & bit), self.representative)
        self.best_piece = get("best_piece")

    def _handle(self):
        """The C profile: rebuilt after unpickling (by analyzing the same
        instances again, which must give the same profile)."""
        if self._closed:
            raise ValueError("this Profile was closed: its C profile is freed")
        if self._h is None and getattr(self, "_text", None) is not None:
            self._h = _from_text(self._text)  # (sent back by an isolated analysis)
            self._text = None
        if self._h is None:
            if self._recipe is None:
                raise ValueError("this Profile has no C profile and no instances to rebuild "
                                 "it from")
            instances, family, c, score_all, ties, ball = self._recipe
            again = analyze(instances, family, c, score_all, ties, ball=ball, _warn=False)
            if _signature(again) != _signature(self):
                again.close()
                raise ValueError("the instances of this unpickled Profile no longer give "
                                 "its breakpoints and losses (a .gssl file changed?)")
            self._h, again._h = again._handle(), None
        return self._h

    def __getstate__(self):
        state = dict(self.__dict__)
        state["_h"] = state["_text"] = None
        return state

    def __setstate__(self, state):
        self.__dict__.update(state)

    def loss_at(self, x):
        """The exact loss (a Fraction) at the rational x of the domain: an int,
        Fraction, Decimal, exact string or float (taken exactly). Raises
        ValueError for x outside the domain."""
        xs, h = exact_string(x, "x:").encode(), self._handle()

        def task():
            err = _lib.error_buffer()
            s = _lib.take_string(_lib.lib().ct_capi_profile_loss_at(h, xs, err, len(err)))
            return s, _lib.error_text(err)
        # The exact sign tests at x take memory of the size of x times that of
        # the profile's functions: a long x runs isolated, a short one here.
        s, msg = _isolate.run(task, "computing the loss at a point") \
            if len(xs) > _isolate.SHORT_EXACT else task()
        if s is None:
            raise ValueError(msg)
        return _fraction(s)

    def piece_point(self, i):
        """A short rational strictly inside open piece i (a Fraction); i is an
        int (IndexError out of range)."""
        i = _check.integer(i, "piece:")
        if not 0 <= i < len(self.pieces):
            raise IndexError(f"piece {_check.show(i)} of {len(self.pieces)}")
        return _fraction(_lib.take_string(  # (in this process: it only refines the
            _lib.lib().ct_capi_profile_piece_point(self._handle(), i)))  # profile's own)

    def instance_losses(self, kind="piece"):
        """Every instance's exact loss (a Fraction) on every piece ('piece'),
        breakpoint ('point') or closed end ('end', delta): a list with one
        list of n_instances losses per piece, breakpoint or end, in order.
        The profile's loss there is their mean; an instance's loss is its
        wrong scored nodes (under the tie rule) over instance_scored."""
        if kind not in ("piece", "point", "end"):
            raise ValueError(f"kind: {_check.show(kind)} is not one of piece, point, end")
        if self._costs is None:
            L, h = _lib.lib(), self._handle()
            m, places = self.n_instances, L.ct_capi_profile_nplaces(h)
            cost = (ctypes.c_long * max(places * m, 1))()
            if places < 0 or L.ct_capi_profile_costs(h, cost) != 0:
                raise ValueError("the profile has no losses")
            self._costs = (L.ct_capi_profile_tie_unit(h), places, list(cost)[:places * m])
        unit, places, cost = self._costs
        first = 1 if self.closed else 0  # (place of piece 0)
        if kind == "piece":
            at = [first + 2 * i for i in range(len(self.pieces))]
        elif kind == "point":
            at = [first + 2 * b + 1 for b in range(len(self.breakpoints))]
        else:
            at = [0, places - 1] if self.closed else []
        m = self.n_instances
        return [[Fraction(cost[p * m + k], self.instance_scored[k] * unit) for k in range(m)]
                for p in at]

    def to_pandas(self):
        """The profile as a pandas DataFrame, one row per domain end (delta),
        open piece and breakpoint in increasing order: kind ('end', 'piece',
        'point'), index, lo and hi (floats: the piece's or point's bounds),
        exact (a breakpoint's function), loss (Fraction), loss_float."""
        try:
            import pandas
        except ImportError as e:
            raise ImportError("Profile.to_pandas needs pandas (Debian: python3-pandas)") from e
        return pandas.DataFrame(self._rows(), columns=["kind", "index", "lo", "hi", "exact",
                                                       "loss", "loss_float"])

    def _rows(self):
        top = float("inf") if self.domain[1] is None else 1.0
        rows = []
        if self.closed:
            rows.append(("end", 0, 0.0, 0.0, None, self.end_losses[0]))
        for p in self.pieces:
            rows.append(("piece", p.index, p.left.approx if p.left else 0.0,
                         p.right.approx if p.right else top, None, p.loss))
            if p.right is not None:
                b = p.right
                rows.append(("point", b.index, b.approx, b.approx, b.exact, b.loss))
        if self.closed:
            rows.append(("end", 1, 1.0, 1.0, None, self.end_losses[1]))
        return [r + (float(r[5]),) for r in rows]

    def __repr__(self):
        return (f"<certune.Profile {self.family}: {_count(self.n_instances, 'instance')}, "
                f"{_count(self.n_scored, 'scored node')}, "
                f"{_count(len(self.breakpoints), 'breakpoint')}, "
                f"min loss {self.min_loss} at {self.family} = {self.representative}>")

    def close(self):
        """Frees the C profile (loss_at, piece_point and instance_losses then
        stop working)."""
        self._closed = True
        self._free()

    def _free(self):
        if getattr(self, "_h", None):
            _lib.lib().ct_capi_profile_destroy(self._h)
            self._h = None

    def __del__(self):
        try:
            self._free()
        except Exception:  # interpreter shutdown may have torn down the module
            pass


def _from_text(text):
    """A C profile from the text of a profile file the library wrote."""
    handle = ctypes.c_void_p()
    err = _lib.error_buffer()
    if _lib.lib().ct_capi_profile_from_text(ctypes.byref(handle), text, len(text), None, err,
                                            len(err)) != _lib.OK:  # (never)
        raise _isolate.IsolatedProcessError(
            "certune: the analysis process sent back a profile that does not read: "
            + _lib.error_text(err))
    return handle


def _signature(p):
    """What a rebuilt profile must reproduce."""
    return (p.family, p.c, p.ties, p.n_instances, p.n_scored,
            [(b.exact, b.lo, b.hi, b.loss) for b in p.breakpoints],
            [q.loss for q in p.pieces], p.end_losses)


def _undecided(handle):
    L = _lib.lib()
    get = lambda name, k: _lib.take_string(getattr(L, "ct_capi_profile_" + name)(handle, k))
    return [(get("undecided_lo", k), get("undecided_hi", k), get("undecided_what", k))
            for k in range(L.ct_capi_profile_nundecided(handle))]


def check_ties(ties):
    """The C id of the tie rule ties ('smallest' or 'expected'; ValueError else)."""
    if not isinstance(ties, str) or ties not in _lib.TIES:
        raise ValueError(f"ties: {_check.show(ties)} is not one of {', '.join(_lib.TIES)}")
    return _lib.TIES[ties]


# ball=None: each family's default; "off": exact paths only (ct_capi_analyze_with).
_BALL_DEFAULT, _BALL_OFF = 0, 2**63 - 1


def check_ball(ball):
    """The C value of ball: None, 'off' or a node count >= 2 (ValueError else)."""
    if ball is None:
        return _BALL_DEFAULT
    if isinstance(ball, str) and ball == "off":
        return _BALL_OFF
    if isinstance(ball, str):
        raise ValueError(f"ball: {_check.show(ball)} is not None, 'off' or a node count >= 2")
    return _check.integer_in(ball, "ball", 2, _BALL_OFF)


def _analyze_here(S, fid, cs, score_all, tid, settings=(_BALL_DEFAULT, 1)):
    """ct_capi_analyze_with in this process: (status, handle, message);
    settings: (ball_min_nodes, threads) as C takes them."""
    handle = ctypes.c_void_p()
    err = _lib.error_buffer()
    rc = _lib.lib().ct_capi_analyze_with(ctypes.byref(handle), S, fid, cs, score_all, tid,
                                         settings[0], settings[1], err, len(err))
    return rc, handle, _lib.error_text(err)


def _analyze_call(S, fid, cs, score_all, tid, what, recipe, settings=(_BALL_DEFAULT, 1)):
    """The analysis of the instance set S: (status, message, Profile or None,
    undecided intervals or None). With isolation (_isolate.py) it runs in a
    forked process (a MemoryError when it runs out of memory), which sends
    back what the Profile shows and the profile as the text of a profile
    file, read into a C profile only when loss_at, piece_point or
    instance_losses first needs one (reading certificates back can cost more
    than the analysis: docs/python.md)."""
    def task():
        rc, handle, msg = _analyze_here(S, fid, cs, score_all, tid, settings)
        if rc not in (_lib.OK, _lib.UNDECIDED):
            return rc, msg, None, None
        if rc == _lib.UNDECIDED:
            intervals = _undecided(handle)
            _lib.lib().ct_capi_profile_destroy(handle)
            return rc, msg, None, intervals
        if not _isolate.isolation():
            return rc, msg, Profile(handle, recipe), None
        p = Profile(handle)  # (no recipe: the parent has the instances; p owns handle)
        return rc, msg, (p.__getstate__(),
                         _lib.take_bytes(_lib.lib().ct_capi_profile_text(p._h))), None
    if not _isolate.isolation():
        return task()
    rc, msg, sent, intervals = _isolate.run(task, what)
    if sent is None:
        return rc, msg, None, intervals
    profile = Profile.__new__(Profile)
    profile.__setstate__(sent[0])
    profile._recipe, profile._text = recipe, sent[1]
    return rc, msg, profile, None


def analyze(instances, family, c=None, score_all=False, ties="smallest", ball=None,
            threads=1, _warn=True):
    """The certified loss profile of family ('lambda', 'alpha' or 'delta') over
    instances: a certune.Instance, a .gssl path, or a list of them (mixed).
    c: delta's constant, an exact rational in (0, 1) (int, Fraction, str,
    float taken exactly; None: 99/100); must be None for the other families.
    score_all also scores labeled nodes. ties: 'smallest' (a tied node
    predicts its smallest tied class) or 'expected' (it costs 1 - 1/t when
    its truth is among the t tied classes; at most 40 classes), docs/tuning.md.
    ball and threads say how the analysis runs, never what it finds: ball
    (None: each family's default; 'off': exact paths only; N >= 2:
    components of N nodes or more) is the certified floating path's
    threshold (alpha, lambda, delta; analyze --ball), threads (1..4096) the threads
    it may use. Raises InputError for an invalid instance, ValueError for a bad argument,
    UndecidedError when a breakpoint could not be certified. Warnings of the
    analysis (components without a labeled node) are issued with
    warnings.warn and kept in Profile.warnings."""
    instances, tid = as_list(instances), check_ties(ties)  # (instances: kept by the Profile)
    settings = (check_ball(ball), _check.integer_in(threads, "threads", 1, 4096))
    L = _lib.lib()
    fams = families()
    if family not in fams:
        raise ValueError(f"family: {_check.show(family)} is not one of {', '.join(fams)}")
    fid = L.ct_capi_family_id(str(family).encode())
    cs = None if c is None else exact_string(c, "c:").encode()
    recipe = (instances, family, c, bool(score_all), ties, ball)
    with InstanceSet(as_list(instances)) as s:
        rc, err, profile, intervals = _analyze_call(
            s.handle, fid, cs, int(bool(score_all)), tid,
            f"analyzing {_count(L.ct_capi_instances_count(s.handle), 'instance')} for {family}",
            recipe, settings)
    if rc == _lib.UNDECIDED:
        raise UndecidedError(
            f"certune: {len(intervals)} part(s) of the analysis could not be certified; "
            "no loss is reported: " + "; ".join(f"[{a}, {b}]: {w}" for a, b, w in intervals),
            intervals)
    raise_for(rc, err)
    for w in profile.warnings if _warn else ():
        warnings.warn(w, stacklevel=2)
    return profile
