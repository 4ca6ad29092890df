#!/usr/bin/env bash
# `certune gnn train` on the real datasets of the data root $CERTUNE_DATA
# (default ../shared/datasets; GNN_DATASETS overrides both). Usage: bash tests/cli-gnn-real.sh CERTUNE (from the repo root).
# Exits 77 (counted as skipped by tests/run.sh) when the folder is absent; the
# same commands run on the fixtures in cli-gnn.sh.
set -u
C=${1:?usage: cli-gnn-real.sh CERTUNE}
DATA=${GNN_DATASETS:-${CERTUNE_DATA:-../shared/datasets}}
if [ ! -d "$DATA/cornell" ]; then
  echo "SKIP cli-gnn-real: $DATA/cornell not found (set CERTUNE_DATA to a data root holding cornell, cora, ...)"
  exit 77
fi
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { # description, condition exit status
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi
}

"$C" gnn train --json --model gcn --seeds 3 --epochs 15 --dataset "$DATA/cornell" >"$tmp/json"
ok "cornell: exit 0" $?
[ "$(jq -c '.dataset == "cornell" and (.test_acc | length) == 3 and .split == "geom"' "$tmp/json")" = true ]
ok "cornell: json" $?
mkdir -p "$tmp/bad"
awk 'NR == 5 { $0 = "4\tnot,numbers\t1" } { print }' \
  "$DATA/cornell/out1_node_feature_label.txt" >"$tmp/bad/out1_node_feature_label.txt"
cp "$DATA/cornell/out1_graph_edges.txt" "$tmp/bad/"
"$C" gnn train --model gcn --dataset "$tmp/bad" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "out1_node_feature_label.txt:5" "$tmp/err"
ok "malformed cornell line: file:line in the error" $?
if [ -d "$DATA/pubmed" ]; then
  "$C" gnn train --model gcn --dataset "$DATA/pubmed" >/dev/null 2>"$tmp/err"
  [ $? -eq 2 ] && grep -q "no node features" "$tmp/err"
  ok "pubmed has no features: exit 2" $?
fi

echo "cli-gnn-real: $checks checks, $fails failed"
[ "$fails" -eq 0 ]
