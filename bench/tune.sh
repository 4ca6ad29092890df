#!/usr/bin/env bash
# `make bench-tune`: certune tune on 300 + 300 30-node Cora samples per family
# (--grid 100 --rademacher 1000) against a 100-point scikit-learn
# LabelSpreading grid on the same .gssl files (bench/sklearn_grid.py, Debian's
# python3-sklearn, installed by scripts/install-deps.sh). A timing table, not
# a test. Usage: bench/tune.sh [CERTUNE] [DATASETS]
set -u
C=${1:-./certune}
D=${2:-../shared/datasets}
if [ ! -d "$D/cora" ]; then
  echo "bench-tune: $D/cora is absent; skipped"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$C" sample --dataset "$D/cora" --nodes 30 --count 300 --seed 1 --out "$tmp/train" >/dev/null
"$C" sample --dataset "$D/cora" --nodes 30 --count 300 --seed 2 --out "$tmp/test" >/dev/null
echo "| run | wall s | cpu s | result |"
echo "|---|---|---|---|"
for fam in lambda alpha delta; do
  /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$C" tune --family $fam --train "$tmp/train" \
    --test "$tmp/test" --grid 100 --rademacher 1000 >"$tmp/out"
  read -r wall user sys <"$tmp/time"
  echo "| certune tune --family $fam | $wall | $(awk "BEGIN { print $user + $sys }") | $(sed -n 2p "$tmp/out") |"
done
PY=/usr/bin/python3 # Debian's python, where python3-sklearn lives
[ -x "$PY" ] || PY=python3
/usr/bin/time -f "%e %U %S" -o "$tmp/time" "$PY" bench/sklearn_grid.py "$tmp/train" "$tmp/test" 100 >"$tmp/out"
read -r wall user sys <"$tmp/time"
echo "| sklearn LabelSpreading, 100-point alpha grid | $wall | $(awk "BEGIN { print $user + $sys }") | $(cat "$tmp/out") |"
