#!/usr/bin/env python3
"""Whether two `certune analyze --json` reports agree on everything but the
breakpoints' exact forms and the widths of their certified decimal bounds:
the same breakpoints (20-digit approximations, kinds, changes; bounds that
meet), the same exact losses on every piece and point, the same minimum,
nothing undecided. A report of the ball path against the exact path's
(docs/delta.md, "What the report keeps").
Usage: report_same.py A.json B.json (exit 0 when they agree, else 1)."""
import json
import sys
from fractions import Fraction


def meets(a, b):
    return Fraction(a["lo"]) <= Fraction(b["hi"]) and Fraction(b["lo"]) <= Fraction(a["hi"])


def same(a, b):
    if a["undecided"] or b["undecided"] or len(a["breakpoints"]) != len(b["breakpoints"]):
        return "breakpoints or undecided differ"
    for x, y in zip(a["breakpoints"], b["breakpoints"]):
        if (x["approx"], x["kind"], x["changes"]) != (y["approx"], y["kind"], y["changes"]):
            return "breakpoint %s against %s" % (x["approx"], y["approx"])
        if not meets(x, y):
            return "bounds of %s do not meet" % x["approx"]
    if [p["loss"] for p in a["pieces"]] != [p["loss"] for p in b["pieces"]]:
        return "piece losses differ"
    if a["point_losses"] != b["point_losses"] or a["minimum"] != b["minimum"]:
        return "point losses or minimum differ"
    return None


def main():
    a, b = (json.load(open(f)) for f in sys.argv[1:3])
    why = same(a, b)
    if why:
        print("report_same: " + why)
    return 1 if why else 0


if __name__ == "__main__":
    sys.exit(main())
