#!/usr/bin/env bash
# cli-plot: `certune analyze --plot` end to end on a real-sized set: 300
# instances sampled by `certune sample` from the fixture graph tests/data/sbm-csv,
# the plot rendered to PNG by rsvg-convert, and the --x option. Usage:
# cli-plot.sh path/to/certune (from the repository root).
set -u
C=${1:-./certune}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

$C sample --dataset tests/data/sbm-csv --nodes 30 --count 300 --seed 3 --out "$T/s" \
  >/dev/null || fail "sample"
[ "$(ls "$T/s" | wc -l)" -eq 300 ] || fail "not 300 instances"
$C analyze --family lambda --plot "$T/l.svg" "$T"/s/*.gssl >"$T/out" || fail "analyze"
nbp=$(sed -n 's/^breakpoints: \([0-9]*\)$/\1/p' "$T/out")
[ -n "$nbp" ] && [ "$nbp" -gt 40 ] || fail "expected more than 40 breakpoints, got '$nbp'"
[ "$(grep -c 'class="bp"' "$T/l.svg")" -eq "$nbp" ] || fail "not one tick per breakpoint"
grep -q 'stroke-dasharray="2,3"' "$T/l.svg" && fail "dotted breakpoint lines with $nbp breakpoints"
$C analyze --family alpha --x logit --plot "$T/a.svg" "$T"/s/*.gssl >/dev/null || fail "alpha --x logit"
grep -q "(logit scale)</text>" "$T/a.svg" || fail "no logit axis"
[ "$(grep -c 'class="axisbreak"' "$T/a.svg")" -eq 2 ] || fail "axis breaks"
$C analyze --family lambda --x logit --plot "$T/x.svg" "$T"/s/sample-1*.gssl >/dev/null 2>&1
[ $? -eq 1 ] || fail "lambda --x logit: not a usage error"
$C analyze --family delta --x cubic --plot "$T/x.svg" "$T"/s/sample-1*.gssl >/dev/null 2>&1
[ $? -eq 1 ] || fail "--x cubic: not a usage error"

if ! command -v rsvg-convert >/dev/null; then
  echo "cli-plot: rsvg-convert missing (scripts/install-deps.sh installs librsvg2-bin)"
  exit 77
fi
for f in l a; do
  rsvg-convert -o "$T/$f.png" "$T/$f.svg" || fail "rsvg-convert $f.svg"
  [ "$(head -c 8 "$T/$f.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] \
    || fail "$f.png is not a PNG"
  [ "$(stat -c %s "$T/$f.png")" -gt 20000 ] || fail "$f.png is trivially small"
done
echo "cli-plot: ok ($nbp breakpoints)"
