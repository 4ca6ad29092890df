#!/usr/bin/env bash
# Table (OUT/results.md) and grouped bar chart with 90% CI whiskers
# (OUT/gcan.svg) from the OUT/NAME.json files of scripts/reproduce-gcan.sh.
# Usage: bash scripts/gcan-report.sh OUT
set -u
OUT=${1:?usage: gcan-report.sh OUT}
order="cora citeseer cornell wisconsin actor amazon-photo coauthor-cs"
rows=$OUT/rows.tsv
: >"$rows"
for d in $order; do
  [ -f "$OUT/$d.json" ] || continue
  # dataset, then mean and ci90 (percent) of gcn gat backprop bo grid, then the three etas
  jq -r '[.dataset] + ([.tuners.gcn, .tuners.gat, .tuners.backprop, .tuners.bo, .tuners.grid]
         | map(.test_acc_mean * 100, (.test_acc_ci90 // 0) * 100) ) +
         [.tuners.backprop.eta, .tuners.bo.eta, .tuners.grid.eta, (.tuners.gcn.test_acc | length),
          .tuners.backprop.forward_passes, .seconds] | @tsv' "$OUT/$d.json" >>"$rows"
done
{
  echo "| dataset | GCN | GAT | GCAN-backprop | GCAN-BO | GCAN-grid | eta: backprop / BO / grid | runs | passes (backprop = BO) | seconds |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  awk -F'\t' '{
    printf "| %s |", $1
    best = 0; for (k = 0; k < 5; k++) if ($(2 + 2 * k) > best) best = $(2 + 2 * k)
    for (k = 0; k < 5; k++) {
      m = $(2 + 2 * k); c = $(3 + 2 * k)
      s = sprintf("%.1f +- %.1f", m, c)
      if (m == best) s = "**" s "**"
      printf " %s |", s
    }
    printf " %.2f / %.2f / %.1f | %d | %d | %.0f |\n", $12, $13, $14, $15, $16, $17
  }' "$rows"
} >"$OUT/results.md"
awk -F'\t' -v n="$(wc -l <"$rows")" 'BEGIN {
  W = 110 + 150 * n; H = 360; top = 30; bot = 300; lo = 0; hi = 100
  split("GCN,GAT,GCAN-backprop,GCAN-BO,GCAN-grid", name, ",")
  split("#8c8c8c,#4d7fb8,#d9822b,#5aa05a,#b5495b", col, ",")
  printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H + 40
  printf "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
  for (t = 0; t <= 100; t += 20) {
    y = bot - (t - lo) / (hi - lo) * (bot - top)
    printf "<line x1=\"60\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", W - 20, y, y
    printf "<text x=\"52\" y=\"%.1f\" text-anchor=\"end\">%d</text>\n", y + 4, t
  }
  printf "<text x=\"16\" y=\"%d\" transform=\"rotate(-90 16 %d)\" text-anchor=\"middle\">test accuracy %% (mean, 90%% CI)</text>\n", (top + bot) / 2, (top + bot) / 2
  for (k = 1; k <= 5; k++) {
    printf "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>", 70 + (k - 1) * 130, H + 14, col[k]
    printf "<text x=\"%d\" y=\"%d\">%s</text>\n", 86 + (k - 1) * 130, H + 24, name[k]
  }
}
{
  x0 = 80 + 150 * (NR - 1)
  for (k = 0; k < 5; k++) {
    m = $(2 + 2 * k); c = $(3 + 2 * k); x = x0 + k * 24
    y = bot - (m - lo) / (hi - lo) * (bot - top)
    printf "<rect x=\"%d\" y=\"%.1f\" width=\"20\" height=\"%.1f\" fill=\"%s\"><title>%s %s: %.1f +- %.1f</title></rect>\n", x, y, bot - y, col[k + 1], $1, name[k + 1], m, c
    y1 = bot - (m + c - lo) / (hi - lo) * (bot - top); y2 = bot - (m - c - lo) / (hi - lo) * (bot - top)
    printf "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>\n", x + 10, x + 10, y1, y2
  }
  printf "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x0 + 58, bot + 18, $1
}
END { printf "<line x1=\"60\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"black\"/>\n</svg>\n", W - 20, bot, bot }' "$rows" >"$OUT/gcan.svg"
rm -f "$rows"
echo "gcan-report: $OUT/results.md, $OUT/gcan.svg" >&2
