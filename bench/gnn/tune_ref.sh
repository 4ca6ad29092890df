#!/usr/bin/env bash
# Times `certune gnn tune --model gcan --tuner all --runs 3` on a dataset's
# 20 + 20 subgraphs (default 2 threads, then 1 thread) against the same
# protocol in PyTorch (bench/gnn/torch_tune.py, one thread, float64), back to
# back, and prints a markdown table (docs/gnn.md, "Speed: gnn tune ...").
# PyTorch takes about 10 minutes on Cora.
# Usage: bash bench/gnn/tune_ref.sh [CERTUNE] [DATASET_DIR]     (from the repo root)
# EPOCHS=N caps every run at N epochs (a quick smoke test); RUNS=R as --runs;
# KEEP=DIR keeps each side's JSON, stderr and /usr/bin/time line there.
set -u
C=${1:-build/certune}
DATA=${2:-../shared/datasets/cora}
RUNS=${RUNS:-3}
EXTRA=()
[ -n "${EPOCHS:-}" ] && EXTRA=(--epochs "$EPOCHS")
# Single-threaded BLAS on both sides (certune sets it per run anyway; idle
# OpenBLAS threads would otherwise spin on the cores being measured).
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
if [ -n "${KEEP:-}" ]; then
  mkdir -p "$KEEP" && tmp=$KEEP
else
  tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
fi
HERE=$(dirname "$0")

timed() { # name, command... -> $tmp/name.json, $tmp/name.time ("wall user sys KB")
  local name=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$tmp/$name.time" "$@" >"$tmp/$name.json" 2>"$tmp/$name.err" ||
    { echo "tune_ref: failed: $*" >&2; tail -5 "$tmp/$name.err" >&2; exit 1; }
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
timed certune2 "$C" gnn tune --model gcan --tuner all --dataset "$DATA" --runs "$RUNS" \
  "${EXTRA[@]}" --json
timed certune1 "$C" gnn tune --model gcan --tuner all --dataset "$DATA" --runs "$RUNS" \
  "${EXTRA[@]}" --threads 1 --json
PY=/usr/bin/python3
have_torch=0
if "$PY" -c 'import torch, sklearn' 2>/dev/null; then
  have_torch=1
  timed torch "$PY" "$HERE/torch_tune.py" --dataset "$DATA" --runs "$RUNS" "${EXTRA[@]}" \
    --threads 1 --dtype float64
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# Per implementation: wall, cpu, epochs, test accuracies; certune's epochs are
# half its forward passes (tuning and test runs), PyTorch counts them.
summary() { # name -> "wall cpu epochs acc..." via jq
  local t; t=$(cat "$tmp/$1.time")
  jq -r --arg t "$t" '
    ($t | split(" ") | map(tonumber)) as [$w, $u, $s, $kb] |
    (if .epochs then .epochs
     else ([.tuners[] | (.forward_passes // 0) + .test_forward_passes] | add / 2) end) as $ep |
    [$w, $u + $s, $ep, ($kb / 1024 | round), (.tuners | [.grid, .backprop, .bo, .gcn, .gat]
       | map(.test_acc_mean * 1000 | round / 10) | join(" / ")),
     (.tuners | [.grid, .backprop, .bo] | map(.eta * 100 | round / 100) | join(" / "))]
    | map(tostring) | join("|")' "$tmp/$1.json"
}
row() { # label, name, reference name or "" -> markdown row
  local label=$1 refname=$3 ref ratio="" wall cpu ep rss acc eta
  IFS='|' read -r wall cpu ep rss acc eta <<<"$(summary "$2")"
  if [ -n "$refname" ] && [ -f "$tmp/$refname.time" ]; then
    ref=$(summary "$refname")
    ratio=$(awk -F'|' -v w="$wall" -v c="$cpu" '{printf "%.1fx, %.1fx", $1 / w, $2 / c}' <<<"$ref")
  fi
  awk -v l="$label" -v w="$wall" -v c="$cpu" -v e="$ep" -v m="$rss" -v a="$acc" -v t="$eta" \
    -v r="$ratio" 'BEGIN {printf "| %s | %.1f | %.1f | %d | %.2f | %d | %s | %s | %s |\n",
                          l, w, c, e, 1000 * c / e, m, a, t, r}'
}

echo "| implementation | wall s | CPU s | epochs | CPU ms/epoch | peak RSS MiB | test acc % (grid / backprop / BO / GCN / GAT) | eta (grid / backprop / BO) | PyTorch / this (wall, CPU) |"
echo "|---|---|---|---|---|---|---|---|---|"
row "certune, 2 threads" certune2 torch
row "certune, 1 thread" certune1 torch
if [ "$have_torch" = 1 ]; then
  v=$(jq -r '"PyTorch \(.torch), 1 thread, \(.dtype)"' "$tmp/torch.json")
  row "$v" torch ""
else
  echo "PyTorch or scikit-learn is absent for $PY (apt-get install -y python3-torch): no reference row" >&2
fi
