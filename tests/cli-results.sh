#!/usr/bin/env bash
# The results pages are what their generators make of the records kept in
# results/ (nothing typed by hand): docs/results-whole-graph.md from
# results/whole-graph/ (scripts/results-whole.py),
# docs/results-label-propagation.md and docs/results-label-gap.svg from
# results/label-propagation/ (scripts/results-label.py,
# scripts/results-label-svg.sh; the plot is compared when bench/x-plotcounts
# is built beside CERTUNE), docs/results-label-protocols.md from
# results/label-protocols/ (scripts/results-label-protocols.py),
# docs/results-bounds.md from results/bounds/ and results/label-propagation/
# (scripts/results-bounds.py). Only kept
# files are read: no dataset is needed. Skipped (77) without python3.
# Usage: cli-results.sh CERTUNE (run from the repo root).
set -u
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
B=$(dirname "${1:-build/certune}")
fails=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# page RECORDS GENERATOR PAGE MAKE_TARGET
page() {
  local rec=$1 gen=$2 doc=$3 target=$4
  if [ -d "$rec" ]; then
    if ! python3 "$gen" "$rec" >"$tmp/page" 2>"$tmp/err"; then
      echo "FAILED: $gen $rec: $(tail -n 1 "$tmp/err")"; fails=$((fails + 1))
    elif ! cmp -s "$tmp/page" "$doc"; then
      echo "FAILED: $doc differs from its records (make $target)"
      diff "$doc" "$tmp/page" | head -n 10
      fails=$((fails + 1))
    else
      echo "ok: $doc is what $gen makes of $rec"
    fi
  else
    [ ! -e "$doc" ] || { echo "FAILED: $doc without $rec/"; fails=$((fails + 1)); }
  fi
}

page results/whole-graph scripts/results-whole.py docs/results-whole-graph.md results-whole
page results/label-propagation scripts/results-label.py docs/results-label-propagation.md results-label
page results/label-protocols scripts/results-label-protocols.py docs/results-label-protocols.md \
  results-label-protocols
page results/bounds scripts/results-bounds.py docs/results-bounds.md results-bounds

if [ -d results/label-propagation ]; then
  if [ -x "$B/bench/x-plotcounts" ]; then
    if ! bash scripts/results-label-svg.sh "$B/bench/x-plotcounts" results/label-propagation \
      "$tmp/gap.svg" 2>"$tmp/err"; then
      echo "FAILED: scripts/results-label-svg.sh: $(tail -n 1 "$tmp/err")"; fails=$((fails + 1))
    elif ! cmp -s "$tmp/gap.svg" docs/results-label-gap.svg; then
      echo "FAILED: docs/results-label-gap.svg differs from its records (make results-label)"
      fails=$((fails + 1))
    else
      echo "ok: docs/results-label-gap.svg is what the records give"
    fi
  else
    echo "note: no $B/bench/x-plotcounts; docs/results-label-gap.svg not compared"
  fi
fi

# A record changed by hand changes the page: the check can fail.
if [ -f results/label-propagation/cora.jsonl ]; then
  cp -r results/label-propagation "$tmp/lp"
  # the first tune record's training accuracy, everywhere in it
  sed -i '3s/"train_accuracy":"[0-9]*\/[0-9]*"/"train_accuracy":"1"/g' "$tmp/lp/cora.jsonl"
  if python3 scripts/results-label.py "$tmp/lp" 2>/dev/null | cmp -s - docs/results-label-propagation.md; then
    echo "FAILED: an edited record gives the same page"; fails=$((fails + 1))
  fi
fi
# The same for the bounds page: one gap record of n = 300 changed.
if [ -f results/bounds/gap-vs-m-n.jsonl ]; then
  mkdir -p "$tmp/res"
  cp -r results/bounds results/label-propagation "$tmp/res/"
  awk '!done && /"nodes":300,/ { sub(/"gap":"[0-9]*\/[0-9]*"/, "\"gap\":\"1/2\""); done = 1 } { print }' \
    results/bounds/gap-vs-m-n.jsonl >"$tmp/res/bounds/gap-vs-m-n.jsonl"
  if cmp -s results/bounds/gap-vs-m-n.jsonl "$tmp/res/bounds/gap-vs-m-n.jsonl"; then
    echo "FAILED: the edit of a gap record did not apply"; fails=$((fails + 1))
  elif python3 scripts/results-bounds.py "$tmp/res/bounds" 2>/dev/null | cmp -s - docs/results-bounds.md; then
    echo "FAILED: an edited bounds record gives the same page"; fails=$((fails + 1))
  fi
fi
echo "results pages: $fails failed"
[ "$fails" -eq 0 ]
