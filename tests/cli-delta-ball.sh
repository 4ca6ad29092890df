#!/usr/bin/env bash
# End-to-end tests of delta's ball path (docs/delta.md, "The ball path") on
# the shipped 200-node instance: with --ball 2 (every component in balls), the
# default (its 200-node component at the threshold) and --ball off (the exact
# path), text and JSON reports are byte-identical, with CHOLMOD's sparse
# factor and with LAPACK's dense one (CERTUNE_CHOLMOD naming a missing
# library); --progress names the exact rows; --ball 1 is a usage error.
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

"$C" analyze --family delta --ball off $S >"$tmp/exact.txt"
ok "delta on alpha-single-200 exactly: exit 0" $?
grep -q "^breakpoints: [1-9]" "$tmp/exact.txt"
ok "the instance has breakpoints to compare" $?
for b in 2 default; do
  opt=(--ball "$b")
  [ "$b" = default ] && opt=()
  "$C" analyze --family delta "${opt[@]}" $S >"$tmp/ball-$b.txt"
  ok "in balls (--ball $b): exit 0" $?
  cmp -s "$tmp/exact.txt" "$tmp/ball-$b.txt"
  ok "in balls (--ball $b): the exact path's report, byte for byte" $?
done
CERTUNE_CHOLMOD=/nonexistent/libcholmod.so "$C" analyze --family delta --ball 2 $S >"$tmp/dense.txt"
ok "dense factor: exit 0" $?
cmp -s "$tmp/exact.txt" "$tmp/dense.txt"
ok "dense factor: the exact path's report, byte for byte" $?
"$C" analyze --family delta --json --ball 2 --c 3/4 $S instances/delta-gadget-oscillating.gssl >"$tmp/b.json"
ok "json in balls: exit 0" $?
"$C" analyze --family delta --json --ball off --c 3/4 $S instances/delta-gadget-oscillating.gssl >"$tmp/e.json"
cmp -s "$tmp/b.json" "$tmp/e.json"
ok "json, c = 3/4, two instances: identical" $?
CERTUNE_PROGRESS_INTERVAL=0 "$C" analyze --family delta --ball 2 --progress $S 2>"$tmp/p.err" >/dev/null
grep -q "component rows (exact rows) 0/[0-9]" "$tmp/p.err"
ok "--progress names the exact rows" $?
"$C" analyze --family delta --ball 1 $S >/dev/null 2>&1
ok "--ball 1: usage error" $(($? != 1))
echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
