#!/usr/bin/env bash
# `make bench-cliff`: is there a cliff? certune analyze, one family at a time,
# on DRAWS random b-single instances per n (the generator of bench-scale's
# instance, bench/x-gensingle.c, draws 0..DRAWS-1; draw 0 is bench-scale's
# instance), `--threads 1`, delta with c = 99/100 as in bench-scale. Prints
# per n and family the median and the largest CPU time (user + sys) over the
# draws, their ratio (the target of issue #28: at most 3), the slowest draw and
# the largest peak RSS. CPU times are the child's own (bench/cputime.py:
# wait4's microseconds; /usr/bin/time's hundredths cannot rank runs of a few
# tens of milliseconds). A run stopped at TIMEOUT wall seconds counts with the
# CPU time it had used and is marked ">": a median or maximum with ">" is a
# lower bound. A timing table, not a
# test: it fails only when a tool is missing or an instance cannot be written.
# Usage: bench/cliff.sh [CERTUNE] [X-GENSINGLE]
# Environment: NS (default "400 800 1600"), DRAWS (default 10), REPEAT (runs
# per draw, the fastest counted: one run's noise moves a 0.1 s time by a
# fifth; default 3), FAMILIES
# (default "lambda delta alpha"), TIMEOUT (wall seconds per run, default 300),
# OUT (a file for one line per run: n draw family status cpu_s rss_kib).
set -u
C=${1:-./certune}
GEN=${2:-build/bench/x-gensingle}
NS=${NS:-400 800 1600}
DRAWS=${DRAWS:-10}
REPEAT=${REPEAT:-3}
FAMILIES=${FAMILIES:-lambda delta alpha}
TIMEOUT=${TIMEOUT:-300}
OUT=${OUT:-}
HERE=$(dirname "$0")
for tool in "$C" "$GEN" python3; do
  command -v "$tool" >/dev/null || { echo "bench-cliff: $tool is missing" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[ -n "$OUT" ] && : >"$OUT"

# run FAMILY FILE: prints "STATUS CPU RSS_KIB" (STATUS ok, timeout or exitN;
# for a timeout the CPU time used until then).
run() {
  local fam=$1 file=$2 rc user sys kb extra=()
  [ "$fam" = delta ] && extra=(--c 99/100)
  python3 "$HERE/cputime.py" "$tmp/time" "$TIMEOUT" \
    "$C" analyze --family "$fam" --threads 1 "${extra[@]}" "$file" 2>"$tmp/err"
  rc=$?
  read -r user sys kb < <(tail -n 1 "$tmp/time")
  case $rc in
  0) awk -v u="$user" -v s="$sys" -v k="$kb" 'BEGIN { printf "ok %.3f %d\n", u + s, k }' ;;
  124) awk -v u="$user" -v s="$sys" -v k="$kb" 'BEGIN { printf "timeout %.3f %d\n", u + s, k }' ;;
  *) echo "exit$rc 0 ${kb:-0}" ;;
  esac
}

# summary: reads "draw status cpu rss" lines, prints the table's cells. A run
# that failed (exit status other than 0 or timeout) is counted, not timed.
summary() {
  sort -g -k3 | awk '
    { if ($4 > rss) rss = $4
      if ($2 != "ok" && $2 != "timeout") { bad++; next }
      n++; d[n] = $1; st[n] = $2; c[n] = $3 }
    END {
      if (n == 0) { printf "- | - | - | - | %d | %d", rss / 1024, bad; exit }
      lo = int((n + 1) / 2); hi = int(n / 2) + 1
      med = (c[lo] + c[hi]) / 2
      # a stopped run used more than its figure: the maximum is then a lower
      # bound, and so is the median if such a run sorts at or below it
      mm = mx = ""
      for (t = 1; t <= n; t++)
        if (st[t] == "timeout") { mx = ">"; if (t <= hi) mm = ">" }
      ratio = mm != "" ? "unknown" : sprintf("%s%.2f", mx, med > 0 ? c[n] / med : 0)
      printf "%s%.3f | %s%.3f | %s | %d | %d | %d", mm, med, mx, c[n], ratio, d[n], rss / 1024, bad
    }'
}

echo "| n | family | median cpu s | max cpu s | max / median | slowest draw | max RSS MiB | failed runs |"
echo "|---|---|---|---|---|---|---|---|"
for n in $NS; do
  for ((k = 0; k < DRAWS; k++)); do
    "$GEN" "$n" "$tmp/n$n-$k.gssl" "$k" || exit 1
  done
  for fam in $FAMILIES; do
    : >"$tmp/rows"
    for ((k = 0; k < DRAWS; k++)); do
      best=""
      for ((r = 0; r < REPEAT; r++)); do # the fastest of REPEAT runs
        read -r st cpu kb < <(run "$fam" "$tmp/n$n-$k.gssl")
        if [ -z "$best" ] || [ "$st" != ok ] ||
          awk -v a="$cpu" -v b="${best#* }" 'BEGIN { exit !(a < b) }'; then
          best="$st $cpu"
          bkb=$kb
        fi
        [ "$st" = ok ] || break # a failure or a timeout is not repeated
      done
      read -r st cpu <<<"$best"
      kb=$bkb
      echo "$k $st $cpu $kb" >>"$tmp/rows"
      [ -n "$OUT" ] && echo "$n $k $fam $st $cpu $kb" >>"$OUT"
    done
    echo "| $n | $fam | $(summary <"$tmp/rows") |"
  done
done
