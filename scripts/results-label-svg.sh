#!/usr/bin/env bash
# docs/results-label-gap.svg from the kept records: the gap against m that
# scripts/results-label.py --plot-data reads from results/label-propagation/
# (gap-vs-m.jsonl), drawn by bench/x-plotcounts (ct_plot_counts_svg).
# Usage: scripts/results-label-svg.sh X_PLOTCOUNTS RECORDS_DIR OUT.svg
set -eu -o pipefail
plot=${1:?usage: results-label-svg.sh X_PLOTCOUNTS RECORDS_DIR OUT.svg}
dir=${2:?usage: results-label-svg.sh X_PLOTCOUNTS RECORDS_DIR OUT.svg}
svg=${3:?usage: results-label-svg.sh X_PLOTCOUNTS RECORDS_DIR OUT.svg}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$root/scripts/results-label.py" --plot-data "$dir" >"$tmp/data"
"$plot" "Cora, delta (c = 99/100): generalization gap against m" \
  "training instances m" "mean |train - test| accuracy" "$tmp/plot.svg" <"$tmp/data"
mv -f "$tmp/plot.svg" "$svg"
