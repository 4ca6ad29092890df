#!/usr/bin/env bash
# What `analyze --family delta --joint c` costs on Cora samples (docs/joint.md,
# "Cost"): for each (count, nodes, classes kept) the samples are drawn with
# `certune sample` (seed 1, 20% labeled), analyzed once with a time limit, and
# a table row printed: CPU seconds, peak memory, curves, pairs, pruned pairs,
# boxes, events and slabs (or the limit reached).
# Usage: bench/joint.sh CERTUNE DATA_ROOT [LIMIT_SECONDS]
set -u
C=${1:?usage: joint.sh CERTUNE DATA_ROOT [LIMIT]}
D=${2:?usage: joint.sh CERTUNE DATA_ROOT [LIMIT]}
LIMIT=${3:-600}
[ -d "$D/cora" ] || { echo "no Cora under $D: skipped"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '%-8s %-6s %8s %8s %7s %8s %7s %9s %7s %6s\n' count nodes cpu_s peak_MB curves pairs pruned boxes events slabs
for spec in "1 10" "10 10" "1 20" "1 30" "10 30" "30 30" "100 30"; do
  set -- $spec
  out=$tmp/s$1-$2
  "$C" sample --dataset cora --data-root "$D" --nodes "$2" --count "$1" --labeled 0.2 \
    --seed 1 --out "$out" --force >/dev/null || exit 1
  /usr/bin/time -f "%U %S %M" -o "$tmp/time" timeout "$LIMIT" \
    "$C" analyze --family delta --joint c --json "$out" >"$tmp/j.json" 2>/dev/null
  rc=$?
  read -r u s mem <"$tmp/time" || true
  if [ $rc = 0 ]; then
    printf '%-8s %-6s %8.1f %8d %7s %8s %7s %9s %7s %6s\n' "$1" "$2" \
      "$(echo "$u + $s" | bc)" $((mem / 1024)) \
      $(jq -r '[.curves, .events.pairs, .events.pruned, .events.boxes, .events.total, (.slabs | length)] | map(tostring) | join(" ")' "$tmp/j.json")
  elif [ $rc = 124 ]; then
    printf '%-8s %-6s %8s\n' "$1" "$2" "over ${LIMIT}s"
  else
    printf '%-8s %-6s %8s\n' "$1" "$2" "exit $rc"
  fi
done
