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
# (scripts/results-bounds.py), docs/results-gcan.md and docs/results-gcan-*.svg
# from results/gcan/ (scripts/results-gcan.py). Only kept files are read: no
# dataset is needed. Skipped (77) without python3.
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

# docs/results-gcan.md and its figures, one per tuned dataset: no figure
# missing, none left over.
if [ -d results/gcan ]; then
  mkdir "$tmp/gcan"
  if ! python3 scripts/results-gcan.py results/gcan --svg-dir "$tmp/gcan" >"$tmp/gcan/page" \
    2>"$tmp/err"; then
    echo "FAILED: scripts/results-gcan.py results/gcan: $(tail -n 1 "$tmp/err")"; fails=$((fails + 1))
  else
    bad=0
    cmp -s "$tmp/gcan/page" docs/results-gcan.md ||
      { echo "FAILED: docs/results-gcan.md differs from its records (make results-gcan)"
        diff docs/results-gcan.md "$tmp/gcan/page" | head -n 10; bad=1; }
    for b in $(cd "$tmp/gcan" && ls -- *.svg 2>/dev/null) $(cd docs && ls -- results-gcan-*.svg 2>/dev/null); do
      echo "$b"
    done | sort -u >"$tmp/gcan/names"
    while read -r b; do
      cmp -s "$tmp/gcan/$b" "docs/$b" ||
        { echo "FAILED: docs/$b differs from its records or has none (make results-gcan)"; bad=1; }
    done <"$tmp/gcan/names"
    if [ "$bad" -eq 0 ]; then
      echo "ok: docs/results-gcan.md and its figures are what scripts/results-gcan.py makes of results/gcan"
    else
      fails=$((fails + 1))
    fi
  fi
  # two test accuracies of one record, edited: the page and that figure change
  first=$(ls results/gcan/tune/*.json 2>/dev/null | head -n 1)
  if [ -n "$first" ]; then
    cp -r results/gcan "$tmp/gcan-edit"
    mkdir "$tmp/gcan-edit-svg"
    f="$tmp/gcan-edit/tune/$(basename "$first")"
    # the first method's mean test accuracy (the table) and the first
    # trajectory point's test-side accuracy (the figure)
    sed -i 's/"test_acc_mean": *0\.[0-9]*/"test_acc_mean":0.999999/' "$f"
    sed -i 's/"test_acc": *0\.[0-9]*}/"test_acc":0.999999}/' "$f"
    python3 scripts/results-gcan.py "$tmp/gcan-edit" --svg-dir "$tmp/gcan-edit-svg" >"$tmp/gcan-edit/page" 2>/dev/null
    if cmp -s "$tmp/gcan-edit/page" docs/results-gcan.md; then
      echo "FAILED: an edited GCAN record gives the same page"; fails=$((fails + 1))
    fi
    b="results-gcan-$(basename "$first" .json).svg"
    if cmp -s "$tmp/gcan-edit-svg/$b" "docs/$b"; then
      echo "FAILED: an edited GCAN record gives the same $b"; fails=$((fails + 1))
    fi
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
