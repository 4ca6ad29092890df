#!/usr/bin/env bash
# End-to-end tests of `certune gnn train`. Usage: bash tests/cli-gnn.sh CERTUNE
# (from the repo root). Trains a few epochs on the 300-node Geom-GCN fixture
# tests/fixtures/tinyweb (scripts/make-fixtures.py); GNN_DATASETS overrides the
# fixture folder. Real datasets: cli-gnn-real.sh.
set -u
C=${1:?usage: cli-gnn.sh CERTUNE}
DATA=${GNN_DATASETS:-tests/fixtures}
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { # description, condition exit status
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi
}
status() { # expected-status, args... -> 0 when certune exits with it
  local want=$1; shift
  "$C" gnn "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  [ "$got" -eq "$want" ] || { echo "exit $got, wanted $want: $*"; cat "$tmp/err"; return 1; }
}
json() { # jq-filter, args... -> checks the filter prints true on --json output
  local filter=$1; shift
  "$C" gnn train --json "$@" >"$tmp/json" 2>"$tmp/err" || { echo "exit $?"; cat "$tmp/err"; return 1; }
  [ "$(jq -c "$filter" "$tmp/json")" = true ] || { jq -c "$filter" "$tmp/json"; return 1; }
}

# Usage errors: exit 1 and a message.
status 0 --help && grep -q "usage: certune gnn train" "$tmp/out"; ok "--help prints usage" $?
status 0 train --help && grep -q -- "--split" "$tmp/out"; ok "train --help" $?
status 1; ok "no command: exit 1" $?
status 1 fit --model gcn; ok "unknown command: exit 1" $?
status 1 train --dataset "$DATA/tinyweb"; ok "missing --model: exit 1" $?
status 1 train --model gcm --dataset x && grep -q "unknown model 'gcm'" "$tmp/err"
ok "unknown model named" $?
status 1 train --model gcn; ok "missing --dataset: exit 1" $?
status 1 train --model gcn --eta 0.5 --dataset x && grep -q "only to --model gcan" "$tmp/err"
ok "--eta needs gcan" $?
status 1 train --model gcan --eta 1.5 --dataset x; ok "--eta out of [0, 1]" $?
status 1 train --model sgc --beta -0.1 --dataset x; ok "--beta out of [0, 1]" $?
status 1 train --model gcn --split random:0 --dataset x; ok "random:0 refused" $?
status 1 train --model gcn --split geom:10 --dataset x; ok "geom:10 refused" $?
status 1 train --model gcn --seeds 0 --dataset x; ok "--seeds 0 refused" $?
status 1 train --model gcn --bogus --dataset x; ok "unknown option" $?

# Missing or malformed dataset files: exit 2 naming the file (and line).
status 2 train --model gcn --dataset "$tmp/nowhere" && grep -q "$tmp/nowhere" "$tmp/err"
ok "missing dataset dir named" $?

if [ ! -d "$DATA/tinyweb" ]; then
  echo "FAILED: $DATA/tinyweb not found"; fails=$((fails + 1))
else
  mkdir -p "$tmp/bad"
  cp "$DATA/tinyweb/out1_graph_edges.txt" "$tmp/bad/"
  awk 'NR == 5 { $0 = "4\tnot,numbers\t1" } { print }' \
    "$DATA/tinyweb/out1_node_feature_label.txt" >"$tmp/bad/out1_node_feature_label.txt"
  status 2 train --model gcn --dataset "$tmp/bad" &&
    grep -q "out1_node_feature_label.txt:5" "$tmp/err"
  ok "malformed feature line: file:line in the error" $?
  rm "$tmp/bad/out1_graph_edges.txt"
  status 2 train --model gcn --dataset "$tmp/bad"; ok "half a dataset: exit 2" $?
  mkdir -p "$tmp/nofeat"
  cp "$DATA/tinynpz/labels.txt" "$DATA/tinynpz/edges.txt" "$tmp/nofeat/"
  status 2 train --model gcn --dataset "$tmp/nofeat" && grep -q "no node features" "$tmp/err"
  ok "a dataset without features: exit 2" $?
  status 2 train --model gcn --split public --dataset "$DATA/tinyweb" && [ -s "$tmp/err" ]
  ok "geom fixture has no public split" $?

  # Training runs and their JSON.
  CO=(--dataset "$DATA/tinyweb" --epochs 15)
  json '(.test_acc | length) == 3 and (.test_acc_mean | type) == "number" and
        .test_acc_ci90 >= 0 and .seconds_per_epoch > 0 and .peak_rss_mb > 0 and
        .model == "gcn" and .dataset == "tinyweb" and .split == "geom"' \
    --model gcn --seeds 3 "${CO[@]}"
  ok "gcn json fields" $?
  json '(.test_acc_mean - (.test_acc | add / length) | fabs) < 1e-6 and
        all(.test_acc[]; . >= 0 and . <= 1)' --model gcn --seeds 3 "${CO[@]}"
  ok "mean of test_acc" $?
  cp "$tmp/json" "$tmp/first.json"
  json '.seeds == 3' --model gcn --seeds 3 "${CO[@]}"
  cmp -s <(jq -c .test_acc "$tmp/first.json") <(jq -c .test_acc "$tmp/json")
  ok "same seeds, same accuracies" $?
  json '.eta == 0.3 and .model == "gcan"' --model gcan --eta 0.3 --heads 2 "${CO[@]}"
  ok "gcan eta in json" $?
  json '.model == "gat" and (.test_acc | length) == 1' --model gat --heads 2 "${CO[@]}"
  ok "gat runs" $?
  json '.beta == 0.5 and .k == 2' --model sgc --beta 0.5 "${CO[@]}"
  ok "sgc beta in json" $?
  json '.split == "random:0.3"' --model gcn --split random:0.3 "${CO[@]}"
  ok "random split" $?
  json '.split == "geom:4"' --model gcn --split geom:4 "${CO[@]}"
  ok "geom:K split" $?
  "$C" gnn train --model gcn "${CO[@]}" >"$tmp/out" 2>"$tmp/err"
  [ $? -eq 0 ] && ! grep -v "stopped at the epoch cap" "$tmp/err" | grep -q . &&
    grep -q "test accuracy" "$tmp/out"
  ok "text report, quiet stderr when not a terminal (but the convergence warning)" $?
  "$C" gnn train --model gcn --progress "${CO[@]}" >"$tmp/out" 2>"$tmp/err"
  [ $? -eq 0 ] && grep -q "epoch 10 loss" "$tmp/err"
  ok "--progress writes epochs to stderr" $?
fi

# Each seed's line is out (flushed) as soon as it is done, and SIGINT reports
# the seeds completed so far: stdout redirected to a file, as a batch job.
if [ -d "$DATA/tinyweb" ]; then
  "$C" gnn train --model gcn --dataset "$DATA/tinyweb" --seeds 100000 --epochs 1000 \
    >"$tmp/live" 2>"$tmp/live.err" &
  pid=$!
  for _ in $(seq 1 300); do
    [ "$(grep -c '^  seed ' "$tmp/live" 2>/dev/null)" -ge 3 ] && break
    sleep 0.1
  done
  [ "$(grep -c '^  seed ' "$tmp/live")" -ge 3 ]; ok "seed lines appear while training runs" $?
  kill -INT "$pid"
  wait "$pid"
  ok "SIGINT: exit 130" $(($? != 130))
  k=$(grep -c '^  seed ' "$tmp/live")
  [ "$(grep '^  seed ' "$tmp/live" | sed 's/^  seed \([0-9]*\):.*/\1/' | tr '\n' ' ')" = "$(seq -s ' ' 0 $((k - 1))) " ]
  ok "SIGINT: seeds 0..K-1 listed in order" $?
  grep -qx "interrupted: $k of 100000 seeds completed" "$tmp/live" && grep -q "^test accuracy " "$tmp/live"
  ok "SIGINT: the completed seeds summarized" $?
  grep -qx "certune gnn: interrupted: $k of 100000 seeds completed" "$tmp/live.err"; ok "SIGINT: said on stderr" $?
  "$C" gnn train --json --progress --model gcn --dataset "$DATA/tinyweb" --seeds 100000 \
    --epochs 1000 >"$tmp/live.json" 2>"$tmp/live.jerr" &
  pid=$!
  for _ in $(seq 1 300); do
    grep -q '^  seed 0: test' "$tmp/live.jerr" 2>/dev/null && break
    sleep 0.1
  done
  kill -INT "$pid"
  wait "$pid"
  [ "$(jq -c '.interrupted == true and .seeds_asked == 100000 and .seeds == (.test_acc | length) and .seeds >= 1' "$tmp/live.json")" = true ]
  ok "SIGINT with --json: a complete object of the seeds done" $?
fi

echo "cli-gnn: $checks checks, $fails failed"
[ "$fails" -eq 0 ]
