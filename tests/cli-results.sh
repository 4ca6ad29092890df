#!/usr/bin/env bash
# The results pages are what their generators make of the records kept in
# results/ (nothing typed by hand): docs/results-whole-graph.md from
# results/whole-graph/ (scripts/results-whole.py). Skipped (77) without
# python3. Usage: cli-results.sh CERTUNE (unused; run from the repo root).
set -u
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
fails=0
if [ -d results/whole-graph ]; then
  python3 scripts/results-whole.py results/whole-graph | cmp -s - docs/results-whole-graph.md ||
    { echo "FAILED: docs/results-whole-graph.md differs from its records (make results-whole)"; fails=1; }
else
  [ ! -e docs/results-whole-graph.md ] ||
    { echo "FAILED: docs/results-whole-graph.md without results/whole-graph/"; fails=1; }
fi
echo "results pages: $fails failed"
[ "$fails" -eq 0 ]
