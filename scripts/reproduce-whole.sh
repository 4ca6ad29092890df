#!/usr/bin/env bash
# `make reproduce-whole`: every family tuned exactly on whole graphs with their
# standard split (`certune tune --dataset D --split S --json`), each run under
# a time limit and a memory limit, with its wall time and peak memory; the
# project's own GCN on the same split beside it. Writes one JSON record per
# run to results/whole-graph/ (kept in the repository) and regenerates
# docs/results-whole-graph.md from them (scripts/results-whole.py).
# Usage: scripts/reproduce-whole.sh CERTUNE DATA_ROOT [DATASET...]
#   LIMIT=seconds per run (default 600), MEM=KiB of address space (default
#   12000000), THREADS (default 2), FAMILIES (default "lambda alpha delta
#   gcn": the runs to redo, the others' records kept); DATASET... restricts
#   the datasets.
set -u
C=$(realpath "${1:?usage: reproduce-whole.sh CERTUNE DATA_ROOT [DATASET...]}")
DATA=${2:?usage: reproduce-whole.sh CERTUNE DATA_ROOT [DATASET...]}
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/results/whole-graph
LIMIT=${LIMIT:-600} MEM=${MEM:-12000000} THREADS=${THREADS:-2}
FAMILIES=${FAMILIES:-lambda alpha delta gcn}
[ -d "$DATA" ] || { echo "reproduce-whole: no data root $DATA" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# dataset, split, the GCN's name for that split ("-": no GCN run)
plan() {
  cat <<'EOF'
cornell geom-gcn:0 geom:0
texas geom-gcn:0 geom:0
wisconsin geom-gcn:0 geom:0
cora public public
citeseer public public
pubmed public public
actor geom-gcn:0 geom:0
amazon-photo random:0 -
coauthor-cs random:0 -
EOF
}

# wanted DATASET [CHOSEN...]: true when CHOSEN is empty or names DATASET
wanted() { local d=$1; shift; [ $# -eq 0 ] && return 0; for w in "$@"; do [ "$w" = "$d" ] && return 0; done; return 1; }

# record FILE STATUS SECONDS PEAK_KB RESULT_FILE: one JSON record; a failed
# run's last line of stderr (its message, without the "certune...: " prefix)
# is kept as "message"
record() {
  local file=$1 status=$2 secs=$3 kb=$4 res=$5 msg=""
  [ "$status" != ok ] && [ -s "$tmp/err" ] &&
    msg=$(tail -n 1 "$tmp/err" | sed 's/^certune[a-z ]*: //' | python3 -c 'import json, sys; print(", \"message\": " + json.dumps(sys.stdin.read().strip()), end="")')
  { printf '{"status": "%s", "seconds": %s, "peak_kb": %s, "limit_seconds": %s, "limit_kb": %s%s, "result": ' \
      "$status" "$secs" "${kb:-null}" "$LIMIT" "$MEM" "$msg"
    if [ "$status" = ok ] && [ -s "$res" ]; then cat "$res"; else echo null; fi
    echo '}'; } >"$file"
}

# run_one ARGS...: certune ARGS under the limits; sets status, secs, kb
run_one() {
  local t0 t1
  t0=$(date +%s.%N)
  (ulimit -v "$MEM"; exec /usr/bin/time -f "%M" -o "$tmp/kb" timeout "$LIMIT" "$C" "$@") \
    >"$tmp/res" 2>"$tmp/err"
  local rc=$?
  t1=$(date +%s.%N)
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
  kb=$(tail -n 1 "$tmp/kb" 2>/dev/null | grep -E '^[0-9]+$' || echo null)
  case $rc in
  0) status=ok ;;
  124) status=timeout ;;
  5) status=out-of-memory ;;
  3) status=undecided ;;
  *) status="error-$rc" ;;
  esac
}

plan | while read -r ds split gsplit; do
  wanted "$ds" "$@" || continue
  [ -e "$DATA/$ds" ] || { echo "reproduce-whole: $ds absent under $DATA, skipped" >&2; continue; }
  for fam in lambda alpha delta; do
    wanted "$fam" $FAMILIES || continue
    echo "reproduce-whole: $ds $split $fam (limit ${LIMIT} s)" >&2
    run_one tune --family "$fam" --dataset "$ds" --data-root "$DATA" --split "$split" \
      --threads "$THREADS" --json
    record "$out/$ds-$fam.json" "$status" "$secs" "$kb" "$tmp/res"
    [ "$status" = ok ] || tail -n 2 "$tmp/err" >&2
  done
  if [ "$gsplit" != - ] && wanted gcn $FAMILIES; then
    echo "reproduce-whole: $ds GCN, split $gsplit, 10 seeds" >&2
    run_one gnn train --model gcn --dataset "$ds" --data-root "$DATA" --split "$gsplit" \
      --seeds 10 --json
    record "$out/$ds-gcn.json" "$status" "$secs" "$kb" "$tmp/res"
  fi
done
python3 "$root/scripts/results-whole.py" "$out" >"$root/docs/results-whole-graph.md"
echo "reproduce-whole: wrote docs/results-whole-graph.md from $out" >&2
