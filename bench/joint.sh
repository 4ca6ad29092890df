#!/usr/bin/env bash
# What `analyze --family delta --joint c` costs on Cora samples (docs/joint.md,
# "Cost"): for each (count, nodes) the samples are drawn with `certune sample`
# (seed 1, 20% labeled) and analyzed with bench/x-joint twice, in the same
# run: the kinetic sweep (what analyze uses) and its peer, the all-pairs
# search, each once with a time limit. A row: CPU seconds (user + sys) and
# peak memory of the sweep, curves, pairs searched, boxes, events, slabs,
# the peer's CPU seconds, pairs and boxes, the ratio peer / sweep of CPU
# time, and whether both give the same minimum. The load average is printed
# first: on a shared machine the wall-clock time is not the cost.
# Usage: bench/joint.sh CERTUNE X_JOINT DATA_ROOT [LIMIT_SECONDS [SPECS [PEER_LIMIT]]]
#   SPECS: "count nodes" pairs, default "1 10,10 10,1 30,3 30,10 30,30 30,100 30";
#   PEER_LIMIT: the all-pairs runs' limit (default LIMIT)
set -u
C=${1:?usage: joint.sh CERTUNE X_JOINT DATA_ROOT [LIMIT [SPECS]]}
X=${2:?usage: joint.sh CERTUNE X_JOINT DATA_ROOT [LIMIT [SPECS]]}
D=${3:?usage: joint.sh CERTUNE X_JOINT DATA_ROOT [LIMIT [SPECS]]}
LIMIT=${4:-600}
SPECS=${5:-"1 10,10 10,1 30,3 30,10 30,30 30,100 30"}
PEER_LIMIT=${6:-$LIMIT}
[ -d "$D/cora" ] || { echo "no Cora under $D: skipped"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-6s %-5s %8s %7s %6s %6s %8s %6s %5s | %8s %6s %8s %6s %4s\n' count nodes cpu_s peak_MB \
  curves pairs boxes events slabs peer_s pairs boxes ratio same
# one run: "cpu_s peak_MB fields..." or "over LIMIT" / "exit N"
one() { # method dir limit
  /usr/bin/time -f "%U %S %M" -o "$tmp/time" timeout "$3" "$X" "$1" "$2" >"$tmp/out" 2>/dev/null
  local rc=$? u s mem
  read -r u s mem <"$tmp/time" 2>/dev/null || true
  if [ $rc = 0 ]; then
    echo "$(echo "$u + $s" | bc) $((mem / 1024)) $(cat "$tmp/out")"
  elif [ $rc = 124 ]; then
    echo ">${3}s"
  else
    echo "exit$rc"
  fi
}
IFS=, read -ra list <<<"$SPECS"
for spec in "${list[@]}"; do
  set -- $spec
  out=$tmp/s$1-$2
  "$C" sample --dataset cora --data-root "$D" --nodes "$2" --count "$1" --labeled 0.2 \
    --seed 1 --out "$out" --force >/dev/null || exit 1
  read -r cpu mem curves pairs pruned boxes events slabs minimum <<<"$(one sweep "$out" "$LIMIT")"
  read -r pcpu pmem pcurves ppairs ppruned pboxes pevents pslabs pminimum <<<"$(one all "$out" "$PEER_LIMIT")"
  ratio=- same=-
  if [ -n "${minimum:-}" ] && [ -n "${pminimum:-}" ]; then
    ratio=$(awk -v a="$pcpu" -v b="$cpu" 'BEGIN { if (b > 0) printf "%.1f", a / b; else printf "-" }')
    [ "$minimum" = "$pminimum" ] && [ "$events" = "$pevents" ] && [ "$slabs" = "$pslabs" ] &&
      same=yes || same=NO
  fi
  printf '%-6s %-5s %8s %7s %6s %6s %8s %6s %5s | %8s %6s %8s %6s %4s\n' "$1" "$2" "$cpu" \
    "${mem:--}" "${curves:--}" "${pairs:--}" "${boxes:--}" "${events:--}" "${slabs:--}" \
    "$pcpu" "${ppairs:--}" "${pboxes:--}" "$ratio" "$same"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
