#!/usr/bin/env bash
# `make reproduce-bounds`: the measurements that docs/results-bounds.md sets
# beside the paper's bounds (docs/bounds.md). Writes to results/bounds/:
#   gap-vs-m-n.jsonl  the label-propagation gap against m for n = 30, 100, 300
#                     (Cora, delta with c = 99/100, the sampler and labeled
#                     fraction of `make reproduce-label`): per n one test set
#                     (seed 2; 300 instances for n = 30 and 100, 100 for
#                     n = 300), analyzed once into a profile; per m in
#                     10, 30, 100, 300 three training draws (seed 100 rep + m),
#                     exact ERM (`certune tune --grid 0 --json`) scored on it.
#   datasets.jsonl    per dataset the quantities the bounds need: nodes,
#                     feature dimension d, classes, degrees, the largest
#                     feature-row norm after row normalization (bench/x-datastats),
#                     for the datasets of both experiments.
#   gnn-sgc.jsonl, gnn-gcan.jsonl
#                     `certune gnn tune --tuner grid --runs 3 --grid-runs 3
#                     --json` for SGC (beta) and GCAN (eta), 20 + 20 subgraphs
#                     of 100 nodes, the settings of `make reproduce-gcan`.
# Then the page (scripts/results-bounds.py). Absent datasets are skipped.
# Usage: scripts/reproduce-bounds.sh CERTUNE DATA_ROOT
#   PARTS="gap stats gnn" (the default: all three), STATS=x-datastats binary
#   (default: beside CERTUNE, bench/x-datastats), GCAN_DATASETS, SGC_DATASETS
#   override the lists.
set -u
C=$(realpath "${1:?usage: reproduce-bounds.sh CERTUNE DATA_ROOT}")
D=${2:?usage: reproduce-bounds.sh CERTUNE DATA_ROOT}
root=$(cd "$(dirname "$0")/.." && pwd)
out=$root/results/bounds
STATS=${STATS:-$(dirname "$C")/bench/x-datastats}
PARTS=${PARTS:-"gap stats gnn"}
SGC_DATASETS=${SGC_DATASETS:-"cora citeseer cornell wisconsin actor amazon-photo coauthor-cs"}
GCAN_DATASETS=${GCAN_DATASETS:-"cora citeseer cornell wisconsin actor amazon-photo coauthor-cs"}
LABELED=0.2
[ -d "$D" ] || { echo "reproduce-bounds: no data root $D" >&2; exit 2; }
command -v jq >/dev/null || { echo "reproduce-bounds: needs jq" >&2; exit 2; }
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
part() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }

# gap_n N TESTCOUNT: the gap records of one n
gap_n() {
  local n=$1 tc=$2 t0 t1 rc seed
  "$C" sample --dataset "$D/cora" --nodes "$n" --count "$tc" --labeled $LABELED --sampler bfs \
    --seed 2 --out "$tmp/test$n" >/dev/null || return 1
  t0=$(now)
  "$C" analyze --family delta --c 99/100 --ties smallest --save-profile "$tmp/test$n.ctp" \
    "$tmp/test$n" >/dev/null || return 1
  t1=$(now)
  echo "reproduce-bounds: n = $n, test profile in $(secs "$t0" "$t1") s" >&2
  for m in 10 30 100 300; do
    for rep in 1 2 3; do
      seed=$((100 * rep + m))
      "$C" sample --dataset "$D/cora" --nodes "$n" --count $m --labeled $LABELED --sampler bfs \
        --seed $seed --out "$tmp/m$n-$m-$rep" >/dev/null || return 1
      t0=$(now)
      "$C" tune --family delta --c 99/100 --grid 0 --train "$tmp/m$n-$m-$rep" \
        --test "$tmp/test$n.ctp" --json >"$tmp/res" 2>"$tmp/err"
      rc=$?
      t1=$(now)
      jq -c -n --argjson n "$n" --argjson m $m --argjson rep $rep --argjson seed $seed \
        --argjson tc "$tc" --argjson rc $rc --argjson s "$(secs "$t0" "$t1")" \
        --slurpfile r <(if [ $rc -eq 0 ]; then cat "$tmp/res"; else echo null; fi) \
        '{kind: "gap", dataset: "cora", family: "delta", c: "99/100", nodes: $n, labeled: "0.2",
          sampler: "bfs", m: $m, rep: $rep, train_seed: $seed, test_seed: 2, test_count: $tc,
          exit: $rc, seconds: $s, result: $r[0]}'
      [ $rc -eq 0 ] || { echo "reproduce-bounds: n = $n m = $m rep $rep failed (exit $rc)" >&2; tail -n 2 "$tmp/err" >&2; }
      rm -rf "$tmp/m$n-$m-$rep"
    done
  done
}

if part gap; then
  if [ -d "$D/cora" ]; then
    : >"$tmp/gap.jsonl"
    for nt in 30:300 100:300 300:100; do
      echo "reproduce-bounds: the gap against m, n = ${nt%%:*}" >&2
      gap_n "${nt%%:*}" "${nt#*:}" >>"$tmp/gap.jsonl" || { echo "reproduce-bounds: n = ${nt%%:*} failed" >&2; exit 1; }
    done
    mv "$tmp/gap.jsonl" "$out/gap-vs-m-n.jsonl"
  else
    echo "reproduce-bounds: cora absent under $D, the gap against m skipped" >&2
  fi
fi

# gnn_tune MODEL DATASET: one gnn record line (the paper's rate and epoch cap)
gnn_tune() {
  local model=$1 ds=$2 lr=0.01 epochs=1000 t0 t1 rc
  case $model:$ds in gcan:cora | gcan:citeseer) lr=0.007 ;; gcan:amazon-photo) epochs=400 ;; esac
  set -- --model "$model" --tuner grid --runs 3 --grid-runs 3 --json --dataset "$D/$ds"
  [ "$model" = gcan ] && set -- "$@" --lr $lr --epochs $epochs
  t0=$(now)
  "$C" gnn tune "$@" >"$tmp/res" 2>"$tmp/err"
  rc=$?
  t1=$(now)
  jq -c -n --arg ds "$ds" --arg model "$model" --argjson rc $rc --argjson s "$(secs "$t0" "$t1")" \
    --slurpfile r <(if [ $rc -eq 0 ]; then cat "$tmp/res"; else echo null; fi) \
    '{kind: "gnn", dataset: $ds, model: $model, exit: $rc, seconds: $s, result: $r[0]}'
  [ $rc -eq 0 ] || { echo "reproduce-bounds: gnn $model $ds failed (exit $rc)" >&2; tail -n 2 "$tmp/err" >&2; }
}

# The datasets of results/label-propagation (their class counts) and of the GNN runs.
if part stats; then
  [ -x "$STATS" ] || { echo "reproduce-bounds: no $STATS (make $STATS)" >&2; exit 2; }
  : >"$tmp/datasets.jsonl"
  for ds in $(echo cora citeseer pubmed amazon-photo actor coauthor-cs $SGC_DATASETS $GCAN_DATASETS |
    tr ' ' '\n' | awk '!s[$0]++'); do
    [ -d "$D/$ds" ] || { echo "reproduce-bounds: $ds absent under $D, skipped" >&2; continue; }
    "$STATS" "$D/$ds" >>"$tmp/datasets.jsonl" || exit 1
  done
  mv "$tmp/datasets.jsonl" "$out/datasets.jsonl"
fi

if part gnn; then
  for model in sgc gcan; do
    if [ $model = sgc ]; then list=$SGC_DATASETS; else list=$GCAN_DATASETS; fi
    : >"$tmp/gnn.jsonl"
    for ds in $list; do
      [ -d "$D/$ds" ] || continue
      echo "reproduce-bounds: gnn tune $model $ds" >&2
      gnn_tune $model "$ds" >>"$tmp/gnn.jsonl"
    done
    mv "$tmp/gnn.jsonl" "$out/gnn-$model.jsonl"
  done
fi

python3 "$root/scripts/results-bounds.py" "$out" "$root/results/label-propagation" >"$tmp/page.md" || exit 1
mv "$tmp/page.md" "$root/docs/results-bounds.md"
echo "reproduce-bounds: wrote docs/results-bounds.md from $out" >&2
