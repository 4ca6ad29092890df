#!/usr/bin/env bash
# GCAN at fixed eta = 0, 0.1, ..., 1 with 20% of the labeled nodes as training
# set (random split drawn anew for each seed; half the rest validation, half
# test), GAT's sizes and settings. One JSON per (dataset, eta) in OUT, then a
# markdown table of mean and 90% CI on stdout.
# Usage: bench/gnn/eta_table.sh CERTUNE OUT [DATASETS_DIR]
# Per-dataset runs and epoch caps: EPOCHS_<name>, RUNS_<name> env overrides;
# TABLE_ONLY=1 prints the table of the JSONs already in OUT without training;
# EXTRA="--hidden 1 --heads 3 ..." adds training options to every run.
set -u
C=${1:?usage: eta_table.sh CERTUNE OUT [DATASETS_DIR]}
OUT=${2:?usage: eta_table.sh CERTUNE OUT [DATASETS_DIR]}
DATA=${3:-../shared/datasets}
mkdir -p "$OUT"
datasets=${DATASETS:-"cornell wisconsin cora citeseer actor coauthor-cs"}
etas="0 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1"
for d in $datasets; do
  v=${d//-/_}
  runs_var="RUNS_$v" epochs_var="EPOCHS_$v"
  runs=${!runs_var:-10} epochs=${!epochs_var:-300}
  for e in $etas; do
    f="$OUT/$d-eta$e.json"
    [ -s "$f" ] || [ -n "${TABLE_ONLY:-}" ] && continue  # delete a file to redo it
    "$C" gnn train --model gcan --eta "$e" --dataset "$DATA/$d" --split random:0.2 \
      --seeds "$runs" --epochs "$epochs" ${EXTRA:-} --json >"$f.tmp" 2>"$OUT/$d-eta$e.err" &&
      mv "$f.tmp" "$f"
  done
done
printf '| eta |'; for d in $datasets; do printf ' %s |' "$d"; done; echo
printf '|---|'; for d in $datasets; do printf -- '---|'; done; echo
for e in $etas; do
  printf '| %s |' "$e"
  for d in $datasets; do
    f="$OUT/$d-eta$e.json"
    if [ -s "$f" ]; then
      jq -r '" \(.test_acc_mean * 1000 | round / 10) +- \(.test_acc_ci90 * 1000 | round / 10) |"' "$f" |
        tr -d '\n'
    else
      printf ' - |'
    fi
  done
  echo
done
