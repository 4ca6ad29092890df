#!/usr/bin/env bash
# The GNN benchmark: accuracies on the public splits (10 seeds) and the speed
# of GCN and GAT on Cora against the PyTorch reference bench/gnn/torch_gcn.py.
# Prints markdown tables (the ones in docs/gnn.md). Takes a few minutes.
# Usage: bash bench/gnn/run.sh [CERTUNE] [DATASETS_DIR]     (from the repo root)
set -u
C=${1:-build/certune}
DATA=${2:-../shared/datasets}
SEEDS=${SEEDS:-10}
# Both sides single-threaded BLAS: the dense products are tiny, and OpenBLAS's
# idle threads otherwise spin on the cores being measured.
export OPENBLAS_NUM_THREADS=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() { # name, certune gnn train args... -> $tmp/name.json
  local name=$1; shift
  "$C" gnn train --json "$@" >"$tmp/$name.json" 2>"$tmp/$name.err" ||
    { echo "b-gnn: certune failed: $*" >&2; cat "$tmp/$name.err" >&2; exit 1; }
}
row() { # label, json -> markdown row: acc mean +- sd (ci90), epochs, ms/epoch, RSS
  jq -r --arg l "$1" '"| \($l) | \(.test_acc_mean * 1000 | round / 10) +- \(.test_acc_sd * 1000 | round / 10) | \(.test_acc_ci90 * 1000 | round / 10) | \(.epochs_run | add / length | round) | \(.seconds_per_epoch * 1e5 | round / 100) | \(.cpu_seconds_per_epoch * 1e5 | round / 100) | \(.peak_rss_mb) |"' "$2"
}

echo "## Accuracy, public split, $SEEDS seeds (test accuracy at the best validation epoch)"
echo
echo "| model / dataset | test acc % (mean +- sd) | 90% CI +- | epochs | ms/epoch | CPU ms/epoch | peak RSS MiB |"
echo "|---|---|---|---|---|---|---|"
run gcn-cora --model gcn --dataset "$DATA/cora" --seeds "$SEEDS"
row "GCN Cora" "$tmp/gcn-cora.json"
run gcn-citeseer --model gcn --dataset "$DATA/citeseer" --seeds "$SEEDS"
row "GCN Citeseer" "$tmp/gcn-citeseer.json"
run gat-cora --model gat --dataset "$DATA/cora" --seeds "$SEEDS"
row "GAT Cora" "$tmp/gat-cora.json"
run gat-citeseer --model gat --dataset "$DATA/citeseer" --seeds "$SEEDS"
row "GAT Citeseer" "$tmp/gat-citeseer.json"
run sgc-cora --model sgc --dataset "$DATA/cora" --seeds "$SEEDS"
row "SGC (K=2) Cora" "$tmp/sgc-cora.json"
run sgc-citeseer --model sgc --dataset "$DATA/citeseer" --seeds "$SEEDS"
row "SGC (K=2) Citeseer" "$tmp/sgc-citeseer.json"
echo

PY=""
for p in /usr/bin/python3 python3; do
  if command -v "$p" >/dev/null && "$p" -c 'import torch' 2>/dev/null; then PY=$p; break; fi
done
echo "## Speed on Cora, 200 epochs (train step + evaluation pass per epoch)"
echo
if [ -z "$PY" ]; then
  echo "**PyTorch is absent** (apt-get install -y python3-torch): no reference timing;"
  echo "certune alone:"
  echo
fi
echo "| implementation | test acc % | ms/epoch | CPU ms/epoch | peak RSS MiB | speed-up (wall, CPU) |"
echo "|---|---|---|---|---|---|"
speed() { # label, certune json, torch json or ""
  local c=$2 t=$3
  jq -r --arg l "$1" '"| certune \($l) float64 | \(.test_acc_mean * 1000 | round / 10) | \(.seconds_per_epoch * 1e5 | round / 100) | \(.cpu_seconds_per_epoch * 1e5 | round / 100) | \(.peak_rss_mb) | |"' "$c"
  [ -n "$t" ] || return 0
  for f in $t; do
    jq -r --arg l "$1" --slurpfile c "$c" '"| PyTorch \(.torch) \($l) \(.dtype) | \(.test_acc_mean * 1000 | round / 10) | \(.seconds_per_epoch * 1e5 | round / 100) | \(.cpu_seconds_per_epoch * 1e5 | round / 100) | \(.peak_rss_mb * 10 | round / 10) | \(.seconds_per_epoch / $c[0].seconds_per_epoch * 10 | round / 10)x, \(.cpu_seconds_per_epoch / $c[0].cpu_seconds_per_epoch * 10 | round / 10)x |"' "$f"
  done
}
GAT_SEEDS=${GAT_SEEDS:-3}
run speed-gcn --model gcn --dataset "$DATA/cora" --seeds "$SEEDS" --epochs 200
run speed-gat --model gat --dataset "$DATA/cora" --seeds "$GAT_SEEDS" --epochs 200 --patience 0
tg="" ta=""
if [ -n "$PY" ]; then
  for dt in float64 float32; do
    "$PY" bench/gnn/torch_gcn.py --model gcn --dataset "$DATA/cora" --seeds "$SEEDS" \
      --epochs 200 --dtype $dt >"$tmp/torch-gcn-$dt.json" || exit 1
    tg="$tg $tmp/torch-gcn-$dt.json"
  done
  "$PY" bench/gnn/torch_gcn.py --model gat --dataset "$DATA/cora" --seeds "$GAT_SEEDS" \
    --epochs 200 --dtype float64 >"$tmp/torch-gat-float64.json" || exit 1
  ta="$tmp/torch-gat-float64.json"
fi
speed GCN "$tmp/speed-gcn.json" "$tg"
speed GAT "$tmp/speed-gat.json" "$ta"
