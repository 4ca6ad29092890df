#!/usr/bin/env bash
# GCN on Cora (public split, 10 seeds x 200 epochs, the speed section's
# command) with two certune builds and PyTorch, in alternating rounds, so that
# all three see the same load. Prints one row per implementation: ms/epoch
# (wall and CPU, from each run's own per-epoch figures) as min / median over
# the rounds, the speed-ups, the test accuracies (identical in every round
# for certune) and the load average before and after. docs/gnn.md.
# Usage: bash bench/gnn/speed_ab.sh OLD_CERTUNE NEW_CERTUNE [CORA_DIR] [ROUNDS]
# (SEEDS=N for fewer seeds per run: a quick look.)
set -u
OLD=${1:?usage: speed_ab.sh OLD_CERTUNE NEW_CERTUNE [CORA_DIR] [ROUNDS]}
NEW=${2:?usage: speed_ab.sh OLD_CERTUNE NEW_CERTUNE [CORA_DIR] [ROUNDS]}
DATA=${3:-../shared/datasets/cora}
ROUNDS=${4:-5}
SEEDS=${SEEDS:-10}
export OPENBLAS_NUM_THREADS=1
if [ ! -d "$DATA" ]; then
  echo "SKIP speed_ab: $DATA not found"
  exit 0
fi
PY=""
for p in /usr/bin/python3 python3; do
  if command -v "$p" >/dev/null && "$p" -c 'import torch' 2>/dev/null; then PY=$p; break; fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "load before: $(uptime)"
for r in $(seq "$ROUNDS"); do
  for side in old new; do
    bin=$OLD; [ $side = new ] && bin=$NEW
    "$bin" gnn train --model gcn --dataset "$DATA" --split public --seeds "$SEEDS" --epochs 200 \
      --json 2>/dev/null >"$tmp/$side.$r.json" || { echo "speed_ab: $bin failed" >&2; exit 1; }
  done
  if [ -n "$PY" ]; then
    "$PY" bench/gnn/torch_gcn.py --model gcn --dataset "$DATA" --seeds "$SEEDS" --epochs 200 \
      --dtype float64 >"$tmp/torch.$r.json" || exit 1
  fi
done
echo "load after: $(uptime)"
echo
# name, files -> "min median" of wall and CPU ms/epoch
stats() {
  jq -s '[map(.seconds_per_epoch * 1e3), map(.cpu_seconds_per_epoch * 1e3)]
         | map(sort | [.[0], .[(length - 1) / 2 | floor]])' "$@"
}
row() { # label, reference stats json (or ""), files...
  local label=$1 ref=$2
  shift 2
  local s
  s=$(stats "$@")
  jq -rn --arg l "$label" --argjson s "$s" --argjson t "${ref:-null}" --slurpfile f "$1" '
    def r2: . * 1000 | round / 1000;
    "| \($l) | \($s[0][0] | r2) / \($s[0][1] | r2) | \($s[1][0] | r2) / \($s[1][1] | r2) | " +
    (if $t == null then "" else "\($t[0][0] / $s[0][0] * 10 | round / 10)x / \($t[1][0] / $s[1][0] * 10 | round / 10)x" end) +
    " | \($f[0].test_acc | map(. * 1000 | round / 10) | join(", ")) |"'
}
echo "| implementation | ms/epoch wall, min / median | CPU ms/epoch, min / median | PyTorch / this (min wall, min CPU) | test acc % per seed (first round) |"
echo "|---|---|---|---|---|"
tref=""
[ -n "$PY" ] && tref=$(stats "$tmp"/torch.*.json)
row "certune, old build" "$tref" "$tmp"/old.*.json
row "certune, new build" "$tref" "$tmp"/new.*.json
if [ -n "$PY" ]; then
  row "PyTorch $("$PY" -c 'import torch; print(torch.__version__)') float64" "" "$tmp"/torch.*.json
else
  echo "(PyTorch absent: apt-get install -y python3-torch for its row)"
fi
s_old=$(stats "$tmp"/old.*.json)
s_new=$(stats "$tmp"/new.*.json)
jq -rn --argjson o "$s_old" --argjson n "$s_new" \
  '"\nnew / old: wall \($n[0][0] / $o[0][0] * 100 | round / 100) (min), CPU \($n[1][0] / $o[1][0] * 100 | round / 100) (min)"'
for r in $(seq "$ROUNDS"); do
  cmp -s <(jq -c .test_acc "$tmp/old.$r.json") <(jq -c .test_acc "$tmp/new.$r.json") ||
    echo "round $r: the two builds' test accuracies differ"
done
