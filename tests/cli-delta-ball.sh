#!/usr/bin/env bash
# End-to-end tests of delta's ball path (docs/delta.md, "The ball path") on
# the shipped 200-node instance: with --ball 2 (every component in balls), the
# default (its 200-node component at the threshold) and --ball off (the exact
# path), the reports agree (tests/report_same.py: the same breakpoints and
# exact losses; only the exact forms of zeros certified in balls and the
# widths of decimal bounds differ), with CHOLMOD's sparse factor and with
# LAPACK's dense one (CERTUNE_CHOLMOD naming a missing library); the zeros in
# balls are named as such; a profile saved in balls reads back to the same
# losses; --ball 1 is a usage error.
# Usage: cli-delta-ball.sh CERTUNE
set -u
C=${1:?usage: cli-delta-ball.sh CERTUNE}
S=instances/alpha-single-200.gssl
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() {
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then
    fails=$((fails + 1))
    echo "FAIL: $1"
  fi
}

same() { python3 tests/report_same.py "$1" "$2"; }
"$C" analyze --family delta --json --ball off $S >"$tmp/exact.json"
ok "delta on alpha-single-200 exactly: exit 0" $?
grep -q '"approx"' "$tmp/exact.json"
ok "the instance has breakpoints to compare" $?
for b in 2 default; do
  opt=(--ball "$b")
  [ "$b" = default ] && opt=()
  "$C" analyze --family delta --json "${opt[@]}" $S >"$tmp/ball-$b.json"
  ok "in balls (--ball $b): exit 0" $?
  same "$tmp/exact.json" "$tmp/ball-$b.json"
  ok "in balls (--ball $b): the exact path's breakpoints and losses" $?
done
grep -q '(delta; zero certified by Taylor models in balls)' "$tmp/ball-2.json"
ok "zeros certified in balls are named as such" $?
CERTUNE_CHOLMOD=/nonexistent/libcholmod.so "$C" analyze --family delta --json --ball 2 $S >"$tmp/dense.json"
ok "dense factor: exit 0" $?
same "$tmp/exact.json" "$tmp/dense.json"
ok "dense factor: the exact path's breakpoints and losses" $?
"$C" analyze --family delta --json --ball 2 --c 3/4 $S instances/delta-gadget-oscillating.gssl >"$tmp/b.json"
ok "json in balls: exit 0" $?
"$C" analyze --family delta --json --ball off --c 3/4 $S instances/delta-gadget-oscillating.gssl >"$tmp/e.json"
same "$tmp/e.json" "$tmp/b.json"
ok "json, c = 3/4, two instances: the same breakpoints and losses" $?
"$C" analyze --family delta --ball 2 --save-profile "$tmp/p.ctp" $S >/dev/null
ok "a profile in balls: exit 0" $?
"$C" eval --at 1/3 "$tmp/p.ctp" >"$tmp/pe.txt"
ok "the profile reads back (its ld zeros re-certified)" $?
"$C" eval --family delta --at 1/3 $S >"$tmp/de.txt"
[ "$(grep -m1 -i loss "$tmp/pe.txt")" = "$(grep -m1 -i loss "$tmp/de.txt")" ]
ok "the profile's loss at 1/3 is the direct solve's" $?
"$C" analyze --family delta --ball 1 $S >/dev/null 2>&1
ok "--ball 1: usage error" $(($? != 1))
echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
