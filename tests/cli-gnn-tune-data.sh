#!/usr/bin/env bash
# `certune gnn tune` on real datasets from the data root $CERTUNE_DATA
# (default ../shared/datasets; GNN_DATASETS overrides both): Cora's and Cornell's subgraphs, a few epochs. Exits 77 (skipped)
# when the datasets are absent. Usage: bash tests/cli-gnn-tune-data.sh CERTUNE
set -u
C=${1:?usage: cli-gnn-tune-data.sh CERTUNE}
DATA=${GNN_DATASETS:-${CERTUNE_DATA:-../shared/datasets}}
if [ ! -d "$DATA/cora" ] || [ ! -d "$DATA/cornell" ]; then
  echo "SKIP cli-gnn-tune-data: $DATA/cora or $DATA/cornell not found (set CERTUNE_DATA to a data root)"
  exit 77
fi
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { checks=$((checks + 1)); if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi; }
jtrue() { [ "$(jq -c "$1" "$2")" = true ] || { echo "jq: $1"; return 1; }; }

for d in cora cornell; do
  "$C" gnn tune --model gcan --tuner all --runs 2 --subgraphs 4 --epochs 20 --grid 3 \
    --bo-evals 2 --json --dataset "$DATA/$d" >"$tmp/$d.json" 2>"$tmp/err"
  ok "$d: tune all runs" $?
  jtrue '.subgraph_nodes == 100 and (.tuners | length) == 5 and
         .tuners.bo.forward_passes == .tuners.backprop.forward_passes and
         [.tuners[] | .test_acc_mean > 0 and .test_acc_mean <= 1] == [true, true, true, true, true]' \
    "$tmp/$d.json"
  ok "$d: five methods, equal passes for bo and backprop" $?
done
# The PubMed copy has no features: refused with exit 2.
if [ -d "$DATA/pubmed" ]; then
  "$C" gnn tune --model gcan --tuner grid --dataset "$DATA/pubmed" >/dev/null 2>"$tmp/err"
  [ $? -eq 2 ] && grep -q "no node features" "$tmp/err"; ok "pubmed refused" $?
fi
echo "cli-gnn-tune-data: $checks checks, $fails failed"
[ "$fails" -eq 0 ]
