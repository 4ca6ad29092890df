#!/usr/bin/env bash
# `make bench-scale` (also run by `make bench`): certune analyze, one family at
# a time, on the b-single instance of bench/b-analyze.c (one connected random
# graph, 3 classes, 20% labeled, integer weights 1..9) at each n, against a
# 1000-point scikit-learn LabelSpreading alpha grid on the same file
# (bench/sklearn_single.py, Debian's python3-sklearn). Prints a markdown table:
# CPU seconds (user + sys, all threads) and peak RSS of each certune run
# (`--threads 1`, delta with c = 99/100 as in b-analyze), the grid's CPU
# seconds, and sklearn cpu / certune cpu per family (> 1: certune is faster);
# then the wall times, and the CPU seconds of the whole Python process (with
# its start and imports, which the grid's figure leaves out). A timing table, not a test: it fails only when a tool
# is missing or the instance cannot be written.
# Usage: bench/scale-n.sh [CERTUNE] [X-GENSINGLE]
# Environment: NS (the n, default "25 50 100 200 400 800"), ALPHA_MAX_N (alpha
# is skipped above it, default 1600; components of 120 nodes or more go
# through balls, docs/alpha.md), TIMEOUT (wall seconds per certune run,
# default 600), MEM_KB (ulimit -v of each
# certune run, default 20000000; lower caps end a run that needs more with
# exit 5, and below about 300000 delta's lifting solve declines, OpenBLAS
# having no room, docs/scale.md), GRID (default 1000).
set -u
C=${1:-./certune}
GEN=${2:-build/bench/x-gensingle}
NS=${NS:-25 50 100 200 400 800}
ALPHA_MAX_N=${ALPHA_MAX_N:-1600}
TIMEOUT=${TIMEOUT:-600}
MEM_KB=${MEM_KB:-20000000}
GRID=${GRID:-1000}
HERE=$(dirname "$0")
PY=/usr/bin/python3 # Debian's python, where python3-sklearn lives
[ -x "$PY" ] || PY=python3
for tool in "$C" "$GEN" /usr/bin/time timeout; do
  command -v "$tool" >/dev/null || { echo "bench-scale: $tool is missing" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run_certune FAMILY FILE: sets cell ("cpu / MiB" or why not), cpu ("" unless
# it succeeded), wall and loss (the exact minimum loss).
run_certune() {
  local fam=$1 file=$2 rc user sys kb
  local extra=()
  [ "$fam" = delta ] && extra=(--c 99/100)
  cpu="" wall="-" loss="-"
  (
    ulimit -v "$MEM_KB"
    exec /usr/bin/time -f "%U %S %M %e" -o "$tmp/time" \
      timeout "$TIMEOUT" "$C" analyze --family "$fam" --threads 1 "${extra[@]}" "$file"
  ) >"$tmp/out" 2>"$tmp/err"
  rc=$?
  read -r user sys kb wall < <(tail -n 1 "$tmp/time")
  if [ "$rc" = 124 ]; then
    cell="timeout (${TIMEOUT} s)"
  elif [ "$rc" != 0 ]; then
    cell="failed (exit $rc, ulimit -v $MEM_KB KB)"
  else
    cpu=$(awk "BEGIN { printf \"%.2f\", $user + $sys }")
    cell="$([ "$cpu" = 0.00 ] && echo "< 0.01" || echo "$cpu") / $(awk "BEGIN { printf \"%.0f\", $kb / 1024 }")"
    loss=$(sed -n 's/^  minimum loss \([^ ]*\).*/\1/p' "$tmp/out")
  fi
}

# ratio SKLEARN_CPU CERTUNE_CPU: "12.3x", or "-" when either is missing.
ratio() {
  if [ -z "$1" ] || [ -z "$2" ]; then
    echo "-"
  else # /usr/bin/time counts in 0.01 s: a run under that is counted as 0.01 s
    awk "BEGIN { c = $2 < 0.01 ? 0.01 : $2; r = $1 / c
      printf (r >= 10 ? \"%s%.0fx\" : \"%s%.2gx\"), ($2 < 0.01 ? \">= \" : \"\"), r }"
  fi
}

echo "| n | lambda cpu s / MiB | delta cpu s / MiB | alpha cpu s / MiB | sklearn ${GRID}-grid cpu s | sklearn / lambda | sklearn / delta | sklearn / alpha | alpha min loss: exact vs grid |"
echo "|---|---|---|---|---|---|---|---|---|"
walls=""
for n in $NS; do
  file="$tmp/single-n$n.gssl"
  "$GEN" "$n" "$file" || exit 1
  run_certune lambda "$file"
  lcell=$cell lcpu=$cpu lwall=$wall
  run_certune delta "$file"
  dcell=$cell dcpu=$cpu dwall=$wall
  if [ "$n" -le "$ALPHA_MAX_N" ]; then
    run_certune alpha "$file"
    acell=$cell acpu=$cpu awall=$wall aloss=$loss
  else
    acell="skipped (n > ALPHA_MAX_N = $ALPHA_MAX_N)" acpu="" awall="-" aloss="not run"
  fi
  /usr/bin/time -f "%U %S" -o "$tmp/sktime" \
    "$PY" "$HERE/sklearn_single.py" "$file" "$GRID" >"$tmp/sk" 2>"$tmp/skerr"
  skline=$(tail -n 1 "$tmp/sk")
  scpu="" swall="-" sloss="-" sproc="-"
  case "$skline" in
  "sklearn grid of"*)
    scpu=$(sed -E 's/.*, ([0-9.]+) cpu s$/\1/' <<<"$skline")
    swall=$(sed -E 's/.*, ([0-9.]+) wall s, .*/\1/' <<<"$skline")
    sloss=$(sed -E 's/.*: loss ([^ ]+) at .*/\1/' <<<"$skline")
    scell=$scpu
    sproc=$(tail -n 1 "$tmp/sktime" | awk '{ printf "%.2f", $1 + $2 }')
    ;;
  SKIP*) scell="skipped (no python3-sklearn)" ;;
  *) scell="failed: $(head -c 200 "$tmp/skerr" | tr '\n|' '  ')" ;;
  esac
  echo "| $n | $lcell | $dcell | $acell | $scell | $(ratio "$scpu" "$lcpu") | $(ratio "$scpu" "$dcpu") | $(ratio "$scpu" "$acpu") | $aloss vs $sloss |"
  walls+="| $n | $lwall | $dwall | $awall | $swall | $sproc |"$'\n'
done
echo
echo "| n | lambda wall s | delta wall s | alpha wall s | sklearn ${GRID}-grid wall s | sklearn process cpu s |"
echo "|---|---|---|---|---|---|"
printf "%s" "$walls"
