#!/usr/bin/env bash
# `make reproduce-label-protocols`: the paper's label-propagation table (delta
# in the normalized-adjacency family) under a grid of protocols, since the
# paper does not state its own. For every dataset of the data root, every
# sampler (bfs, uniform) and labeled fraction (0.2, 0.5, 0.9): 300 training
# and 300 test instances of 30 nodes (`certune sample`, seeds 1 and 2) and
# their majority-class shares (scripts/label-majority.py); then for every
# scoring (unlabeled, all), c (99/100, 1/2) and tie rule (smallest, expected)
# `certune tune --family delta --json` with its wall time. Writes one JSON
# Lines file per dataset to results/label-protocols/ (kept in the
# repository), then docs/results-label-protocols.md from them
# (scripts/results-label-protocols.py).
# Usage: scripts/reproduce-label-protocols.sh CERTUNE DATA_ROOT [DATASET...]
#   SAMPLERS, FRACTIONS, SCORES, CS, TIES override the grid (space-separated).
set -u
C=$(realpath "${1:?usage: reproduce-label-protocols.sh CERTUNE DATA_ROOT [DATASET...]}")
D=${2:?usage: reproduce-label-protocols.sh CERTUNE DATA_ROOT [DATASET...]}
shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/results/label-protocols
M=300 N=30
SAMPLERS=${SAMPLERS:-bfs uniform} FRACTIONS=${FRACTIONS:-0.2 0.5 0.9}
SCORES=${SCORES:-unlabeled all} CS=${CS:-99/100 1/2} TIES=${TIES:-smallest expected}
[ -d "$D" ] || { echo "reproduce-label-protocols: no data root $D" >&2; exit 2; }
command -v jq >/dev/null || { echo "reproduce-label-protocols: needs jq" >&2; exit 2; }
command -v python3 >/dev/null || { echo "reproduce-label-protocols: needs python3" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# wanted DATASET [CHOSEN...]: true when CHOSEN is empty or names DATASET
wanted() { local d=$1; shift; [ $# -eq 0 ] && return 0; for w in "$@"; do [ "$w" = "$d" ] && return 0; done; return 1; }
now() { date +%s.%N; }

for ds in cora citeseer pubmed amazon-photo actor; do
  wanted "$ds" "$@" || continue
  [ -d "$D/$ds" ] || { echo "reproduce-label-protocols: $ds absent under $D, skipped" >&2; continue; }
  rec=$tmp/$ds.jsonl
  : >"$rec"
  start=$(now)
  for sampler in $SAMPLERS; do
    for lab in $FRACTIONS; do
      dir=$tmp/$ds/$sampler-$lab
      mkdir -p "$dir"
      ok=1
      for set in train:1 test:2; do
        "$C" sample --dataset "$D/$ds" --nodes $N --count $M --labeled "$lab" --sampler "$sampler" \
          --seed "${set#*:}" --out "$dir/${set%%:*}" >/dev/null 2>"$tmp/err" || { ok=0; break; }
        python3 "$root/scripts/label-majority.py" "$dir/${set%%:*}" |
          jq -c --arg ds "$ds" --arg set "${set%%:*}" --argjson seed "${set#*:}" --argjson n $N \
            --arg lab "$lab" --arg sampler "$sampler" '{kind: "samples", dataset: $ds, set: $set,
              seed: $seed, nodes: $n, labeled: $lab, sampler: $sampler} + .' >>"$rec"
      done
      if [ $ok -eq 0 ]; then
        echo "reproduce-label-protocols: $ds $sampler $lab: cannot sample: $(head -c 200 "$tmp/err")" >&2
        continue
      fi
      for score in $SCORES; do
        for c in $CS; do
          for ties in $TIES; do
            t0=$(now)
            "$C" tune --family delta --c "$c" --score "$score" --ties "$ties" --grid 100 \
              --train "$dir/train" --test "$dir/test" --json >"$tmp/res" 2>"$tmp/err"
            rc=$?
            t1=$(now)
            jq -c -n --arg ds "$ds" --arg sampler "$sampler" --arg lab "$lab" --arg score "$score" \
              --arg c "$c" --arg ties "$ties" --argjson rc $rc \
              --argjson s "$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')" \
              --slurpfile r <(if [ $rc -eq 0 ]; then cat "$tmp/res"; else echo null; fi) \
              '{kind: "tune", dataset: $ds, sampler: $sampler, labeled: $lab, score: $score,
                family: "delta", c: $c, ties: $ties, exit: $rc, seconds: $s, result: $r[0]}' >>"$rec"
            [ $rc -eq 0 ] || { echo "reproduce-label-protocols: $ds $sampler $lab $score $c $ties: exit $rc" >&2
              tail -n 2 "$tmp/err" >&2; }
          done
        done
      done
      echo "reproduce-label-protocols: $ds $sampler $lab done" >&2
    done
  done
  end=$(now)
  echo "reproduce-label-protocols: $ds took $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.0f", b - a }') s" >&2
  mv "$rec" "$out/$ds.jsonl"
done

python3 "$root/scripts/results-label-protocols.py" "$out" >"$tmp/page.md" || exit 1
mv "$tmp/page.md" "$root/docs/results-label-protocols.md"
echo "reproduce-label-protocols: wrote docs/results-label-protocols.md from $out" >&2
