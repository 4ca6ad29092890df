#!/usr/bin/env bash
# `make reproduce-label`: the paper's label-propagation generalization table,
# exactly. For every dataset of the data root that can supply them: 300
# training and 300 test instances of 30 nodes (`certune sample`, seeds 1 and
# 2, 20% labeled, breadth-first sampler), their majority-class shares
# (scripts/label-majority.py), and `certune tune --json` for lambda, alpha,
# delta (c = 99/100) and delta (c = 1/2) with its wall time; on Cora the gap
# against m (delta, c = 99/100, three training draws per m). Writes the
# records to results/label-propagation/ (one JSON Lines file per dataset and
# gap-vs-m.jsonl; kept in the repository), then the page
# docs/results-label-propagation.md and the plot docs/results-label-gap.svg
# from them (scripts/results-label.py, scripts/results-label-svg.sh).
# Datasets that are absent are skipped (and the script says so).
# Usage: scripts/reproduce-label.sh CERTUNE DATA_ROOT [DATASET...]
#   PLOT=x-plotcounts binary (default: beside CERTUNE, bench/x-plotcounts)
set -u
C=$(realpath "${1:?usage: reproduce-label.sh CERTUNE DATA_ROOT [DATASET...]}")
D=${2:?usage: reproduce-label.sh CERTUNE DATA_ROOT [DATASET...]}
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/results/label-propagation
PLOT=${PLOT:-$(dirname "$C")/bench/x-plotcounts}
M=300 N=30 LABELED=0.2
[ -d "$D" ] || { echo "reproduce-label: no data root $D" >&2; exit 2; }
command -v jq >/dev/null || { echo "reproduce-label: needs jq" >&2; exit 2; }
command -v python3 >/dev/null || { echo "reproduce-label: needs python3" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# wanted DATASET [CHOSEN...]: true when CHOSEN is empty or names DATASET
wanted() { local d=$1; shift; [ $# -eq 0 ] && return 0; for w in "$@"; do [ "$w" = "$d" ] && return 0; done; return 1; }
now() { date +%s.%N; }

# samples DATASET SET SEED COUNT DIR: sample, then one "samples" record line
samples() {
  local ds=$1 set=$2 seed=$3 count=$4 dir=$5
  "$C" sample --dataset "$D/$ds" --nodes $N --count "$count" --labeled $LABELED --sampler bfs \
    --seed "$seed" --out "$dir" >/dev/null 2>"$tmp/err" || return 1
  python3 "$root/scripts/label-majority.py" "$dir" |
    jq -c --arg ds "$ds" --arg set "$set" --argjson seed "$seed" --argjson n $N \
      --arg lab $LABELED '{kind: "samples", dataset: $ds, set: $set, seed: $seed, nodes: $n,
        labeled: $lab, sampler: "bfs"} + .'
}

# tune_record DATASET FAMILY C ARGS...: one "tune" record line (empty c: none)
tune_record() {
  local ds=$1 fam=$2 c=$3 t0 t1 rc
  shift 3
  t0=$(now)
  "$C" tune --family "$fam" ${c:+--c "$c"} "$@" --json >"$tmp/res" 2>"$tmp/err"
  rc=$?
  t1=$(now)
  jq -c -n --arg ds "$ds" --arg fam "$fam" --arg c "$c" --argjson rc $rc \
    --argjson s "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')" \
    --slurpfile r <(if [ $rc -eq 0 ]; then cat "$tmp/res"; else echo null; fi) \
    '{kind: "tune", dataset: $ds, family: $fam, c: (if $c == "" then null else $c end),
      exit: $rc, seconds: $s, result: $r[0]}'
  [ $rc -eq 0 ] || { echo "reproduce-label: $ds $fam ${c:+c = $c }failed (exit $rc):" >&2; tail -n 2 "$tmp/err" >&2; }
}

for ds in cora citeseer pubmed amazon-photo actor coauthor-cs; do
  wanted "$ds" "$@" || continue
  [ -d "$D/$ds" ] || { echo "reproduce-label: $ds absent under $D, skipped" >&2; continue; }
  echo "reproduce-label: $ds" >&2
  rec=$tmp/$ds.jsonl
  mkdir -p "$tmp/$ds"
  if ! { samples "$ds" train 1 $M "$tmp/$ds/train" && samples "$ds" test 2 $M "$tmp/$ds/test"; } >"$rec"; then
    echo "reproduce-label: $ds cannot supply $N-node samples, skipped: $(head -c 200 "$tmp/err")" >&2
    continue
  fi
  for fc in lambda: alpha: delta:99/100 delta:1/2; do
    tune_record "$ds" "${fc%%:*}" "${fc#*:}" --train "$tmp/$ds/train" --test "$tmp/$ds/test" \
      --grid 100 --rademacher 1000 >>"$rec"
  done
  mv "$rec" "$out/$ds.jsonl"
done

# The gap against m on Cora (delta, c = 99/100): the test set above, three
# training draws per m (seeds 100 rep + m).
if wanted cora "$@" && [ -d "$tmp/cora/test" ]; then
  echo "reproduce-label: cora, the gap against m" >&2
  : >"$tmp/gap.jsonl"
  for m in 10 30 100 300 1000; do
    for rep in 1 2 3; do
      seed=$((100 * rep + m))
      "$C" sample --dataset "$D/cora" --nodes $N --count $m --labeled $LABELED --sampler bfs \
        --seed $seed --out "$tmp/m$m-$rep" >/dev/null
      tune_record cora delta 99/100 --grid 0 --train "$tmp/m$m-$rep" --test "$tmp/cora/test" |
        jq -c --argjson m $m --argjson rep $rep --argjson seed $seed --argjson n $N \
          '{kind: "gap", m: $m, rep: $rep, nodes: $n, train_seed: $seed, test_seed: 2} + (. | del(.kind))'
    done
  done >"$tmp/gap.jsonl"
  mv "$tmp/gap.jsonl" "$out/gap-vs-m.jsonl"
fi

python3 "$root/scripts/results-label.py" "$out" >"$tmp/page.md" || exit 1
mv "$tmp/page.md" "$root/docs/results-label-propagation.md"
echo "reproduce-label: wrote docs/results-label-propagation.md from $out" >&2
if [ -x "$PLOT" ]; then
  bash "$root/scripts/results-label-svg.sh" "$PLOT" "$out" "$root/docs/results-label-gap.svg" &&
    echo "reproduce-label: wrote docs/results-label-gap.svg" >&2
else
  echo "reproduce-label: no $PLOT; docs/results-label-gap.svg not rewritten" >&2
fi
