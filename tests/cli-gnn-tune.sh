#!/usr/bin/env bash
# End-to-end tests of `certune gnn tune` on a synthetic planted-partition
# dataset written here (converted npz text format), so they need no
# ../shared/datasets. Usage: bash tests/cli-gnn-tune.sh CERTUNE
set -u
C=${1:?usage: cli-gnn-tune.sh CERTUNE}
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
jtrue() { # jq-filter, file -> 0 when the filter prints true
  [ "$(jq -c "$1" "$2")" = true ] || { echo "jq: $1"; jq -c "$1" "$2" | head -c 300; echo; return 1; }
}

# 300 nodes in 3 classes (edges 0.04 inside, 0.004 across), 30 binary words
# of which the node's class's 10 are likelier.
D=$tmp/planted
mkdir -p "$D"
awk -v dir="$D" 'BEGIN {
  srand(7); n = 300; f = 30; nnz = 0; m = 0
  for (i = 0; i < n; i++) for (k = 0; k < f; k++)
    if (rand() < (int(k / 10) == i % 3 ? 0.3 : 0.1)) { fi[nnz] = i; fk[nnz] = k; nnz++ }
  for (u = 0; u < n; u++) for (v = u + 1; v < n; v++)
    if (rand() < (u % 3 == v % 3 ? 0.04 : 0.004)) { eu[m] = u; ev[m] = v; m++ }
  print n, f, nnz > dir "/features.txt"
  for (q = 0; q < nnz; q++) print fi[q], fk[q], 1 > dir "/features.txt"
  print n, 3 > dir "/labels.txt"
  for (i = 0; i < n; i++) print i, i % 3 > dir "/labels.txt"
  print n, m > dir "/edges.txt"
  for (e = 0; e < m; e++) print eu[e], ev[e] > dir "/edges.txt"
}'
SMALL=(--dataset "$D" --subgraphs 3 --subgraph-nodes 40 --epochs 30 --patience 10
       --grid 3 --bo-evals 3)

# Usage errors: exit 1, nothing on stdout.
status 0 tune --help && grep -q "usage: certune gnn tune" "$tmp/out"; ok "tune --help" $?
status 1 tune --model gcn --tuner grid --dataset "$D" && grep -q "gcan or sgc" "$tmp/err" &&
  [ ! -s "$tmp/out" ]
ok "tune --model gcn refused" $?
status 1 tune --model gcan --dataset "$D" && grep -q -- "--tuner" "$tmp/err"
ok "missing --tuner" $?
status 1 tune --model gcan --tuner newton --dataset "$D" && grep -q "unknown tuner 'newton'" "$tmp/err"
ok "unknown tuner named" $?
status 1 tune --model gcan --tuner grid; ok "missing --dataset" $?
status 1 tune --model gcan --tuner grid --grid 1 --dataset "$D"; ok "--grid 1 refused" $?
status 1 tune --model gcan --tuner grid --runs 0 --dataset "$D"; ok "--runs 0 refused" $?
status 2 tune --model gcan --tuner grid --dataset "$tmp/nowhere" && grep -q "$tmp/nowhere" "$tmp/err"
ok "missing dataset: exit 2" $?
status 2 tune --model gcan --tuner grid --dataset "$D" --subgraph-nodes 400 &&
  grep -q "no connected set of 400" "$tmp/err" && [ ! -s "$tmp/out" ]
ok "subgraphs larger than the graph: exit 2" $?

# --tuner all: every method's keys; BO spends backprop's forward passes.
"$C" gnn tune --model gcan --tuner all --runs 2 --json "${SMALL[@]}" >"$tmp/all.json" 2>"$tmp/err"
ok "tune all runs" $?
jtrue '(.tuners | keys) == ["backprop", "bo", "gat", "gcn", "grid"]' "$tmp/all.json"
ok "tuners: grid, backprop, bo, gcn, gat" $?
jtrue '[.tuners[] | (.test_acc_mean | type) == "number" and (.test_acc_ci90 | type) == "number"
        and (.test_acc | length) == 2] | all' "$tmp/all.json"
ok "test_acc_mean and ci90 for every method" $?
# 2 runs of at most 30 epochs (SMALL), 2 passes per epoch, at least one epoch each
jtrue '[.tuners[] | .test_forward_passes % 2 == 0 and .test_forward_passes >= 4
        and .test_forward_passes <= 2 * 30 * 2] | all' "$tmp/all.json"
ok "test_forward_passes for every method" $?
jtrue '[.tuners.grid, .tuners.backprop, .tuners.bo | .eta >= 0 and .eta <= 1 and
        .forward_passes > 0 and (.trajectory | length) > 0] | all' "$tmp/all.json"
ok "eta, forward_passes, trajectory for the tuners" $?
jtrue '.tuners.bo.forward_passes == .tuners.backprop.forward_passes' "$tmp/all.json"
ok "bo and backprop: equal forward passes" $?
jtrue '.tuners.gcn.eta == 0 and .tuners.gat.eta == 1 and (.tuners.gcn | has("forward_passes") | not)' "$tmp/all.json"
ok "baselines at eta 0 and 1" $?
jtrue '.tuners.grid.forward_passes <= 3 * 2 * 30 * 2 and .tuners.grid.forward_passes % 2 == 0' "$tmp/all.json"
ok "grid passes: at most 3 values x 2 runs x 30 epochs x 2 passes" $?
jtrue '[.tuners.grid.trajectory[].eta] == [0, 0.5, 1]' "$tmp/all.json"
ok "grid trajectory values" $?
# passes spent up to each step: rising, ending at the tuner's total
jtrue '[.tuners.grid, .tuners.bo | [.trajectory[].passes] as $p | ($p | last) == .forward_passes
        and ([range(1; $p | length) | $p[.] > $p[. - 1]] | all)] | all' "$tmp/all.json"
ok "grid and bo trajectories: passes rising to forward_passes" $?
# inductive scores on the test side's test nodes: 3 subgraphs x (40 - 8 - 8) =
# 72 nodes, so a BO evaluation scores k / 72 and a grid point (2 runs) k / 144
jtrue '[(.tuners.bo.trajectory[] | .test_acc * 72), (.tuners.grid.trajectory[] | .test_acc * 144)
        | (. - round | fabs) < 1e-3] | all' "$tmp/all.json"
ok "trajectory test_acc: fractions of the test side's 72 test nodes" $?
jtrue '[.tuners.backprop.trajectory[] | .test_acc >= 0 and .test_acc <= 1 and
        ((.test_acc * 72) - (.test_acc * 72 | round) | fabs) < 1e-3] | all' "$tmp/all.json"
ok "backprop trajectory: test_acc at every step" $?
jtrue '(.tuners.grid.test_acc_mean - (.tuners.grid.test_acc | add / length) | fabs) < 1e-6' "$tmp/all.json"
ok "test_acc_mean is the mean" $?
jtrue '.settings.lr == 0.007 and .settings.heads == 3 and .settings.hidden == 1 and
       .settings.dropout == 0.4 and .settings.max_epochs == 30 and .settings.patience == 10 and
       .subgraphs == 3 and .subgraph_nodes == 40 and .labeled == 0.2' "$tmp/all.json"
ok "settings recorded" $?
grep -q '"labeled": 0.2,' "$tmp/all.json"; ok "0.2 printed as given" $?

# --plot: one point per grid value, BO evaluation and backprop run (3 + 3 + 2).
"$C" gnn tune --model gcan --tuner all --runs 2 "${SMALL[@]}" --plot "$tmp/p.svg" >/dev/null 2>&1
[ "$(grep -c '<circle' "$tmp/p.svg")" -ge 8 ] && grep -q "validation accuracy" "$tmp/p.svg"
ok "--plot writes the points" $?
"$C" gnn tune --model gcan --tuner all --runs 2 "${SMALL[@]}" --json >"$tmp/pj.json" 2>/dev/null
# one series and one dashed line per tuner, at the value its JSON reports,
# and one legend entry each naming it; 3 grid means, 3 BO points, 2 runs
[ "$(grep -c 'class="series"' "$tmp/p.svg")" = 3 ] &&
  [ "$(grep -c 'class="chosen"' "$tmp/p.svg")" = 3 ] &&
  [ "$(sed -n '/id="series-0"/,/<\/g>/p' "$tmp/p.svg" | grep -c '<circle')" = 3 ] &&
  [ "$(sed -n '/id="series-1"/,/<\/g>/p' "$tmp/p.svg" | grep -c '<circle')" = 2 ] &&
  [ "$(sed -n '/id="series-2"/,/<\/g>/p' "$tmp/p.svg" | grep -c '<circle')" = 3 ] &&
  (for m in grid backprop bo; do
    v=$(jq -r ".tuners.$m.eta" "$tmp/pj.json")
    grep -q ">$m (chose $(printf '%.4g' "$v"))<" "$tmp/p.svg" || exit 1
  done)
ok "--plot: one legend entry per tuner naming its chosen value, marked by a line" $?
"$C" gnn tune --model gcan --tuner all --runs 2 "${SMALL[@]}" >"$tmp/pt.txt" 2>/dev/null
grep -q "^\* each tuner's own validation figure at its choice, not comparable" "$tmp/pt.txt"
ok "the text says which accuracy each column is" $?
status 2 tune --model gcan --tuner grid "${SMALL[@]}" --plot "$tmp/no/dir/p.svg" &&
  grep -q "cannot write the plot" "$tmp/err" && [ ! -s "$tmp/out" ]
ok "--plot to an unwritable path: exit 2, nothing on stdout" $?

# One run: ci90 is null. Eleven grid values print as 0.1, 0.3, ... exactly.
"$C" gnn tune --model gcan --tuner grid --runs 1 --json --dataset "$D" --subgraphs 2 \
  --subgraph-nodes 30 --epochs 5 >"$tmp/one.json" 2>/dev/null
jtrue '.tuners.grid.test_acc_ci90 == null and (.tuners.grid.trajectory | length) == 11' "$tmp/one.json"
ok "single run: ci90 null" $?
grep -q '"eta": 0.3,' "$tmp/one.json" && ! grep -q '0.30000000000000004\|0.29999' "$tmp/one.json"
ok "eta 0.3 printed as given" $?

# The thread count does not change the results.
"$C" gnn tune --model gcan --tuner grid --runs 2 --json --threads 1 "${SMALL[@]}" >"$tmp/t1.json" 2>/dev/null
"$C" gnn tune --model gcan --tuner grid --runs 2 --json --threads 3 "${SMALL[@]}" >"$tmp/t3.json" 2>/dev/null
cmp -s <(jq -c '.tuners.grid | del(.seconds)' "$tmp/t1.json") <(jq -c '.tuners.grid | del(.seconds)' "$tmp/t3.json")
ok "threads 1 and 3 agree" $?

# SGC's beta, and the text report with progress on stderr.
"$C" gnn tune --model sgc --tuner all --runs 2 --json "${SMALL[@]}" >"$tmp/sgc.json" 2>/dev/null
jtrue '.hyperparameter == "beta" and (.tuners | keys) == ["backprop", "beta0", "beta1", "bo", "grid"]
       and .tuners.backprop.beta > 0 and .tuners.backprop.beta < 1' "$tmp/sgc.json"
ok "sgc: beta tuned, baselines beta0 and beta1" $?
jtrue '[.tuners.grid, .tuners.backprop, .tuners.bo | .trajectory[].test_acc == null] | all' "$tmp/sgc.json"
ok "sgc: not scored on the test side (test_acc null)" $?
"$C" gnn tune --model gcan --tuner backprop --progress "${SMALL[@]}" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && grep -q "^  backprop " "$tmp/out" && grep -q "tune backprop run 1/3 epoch" "$tmp/err"
ok "text report and progress" $?

# `gnn train` fixes: per-class split, settings, converged flag, eta as given.
"$C" gnn train --model gcan --eta 0.3 --heads 2 --json --dataset "$D" --split per-class:5 \
  --epochs 8 >"$tmp/tr.json" 2>"$tmp/err"
jtrue '.split == "per-class:5" and .test_acc_ci90 == null and .converged == false and
       .settings.lr == 0.005 and .settings.heads == 2 and .settings.max_epochs == 8 and
       .settings.patience == 100 and (.converged_runs | length) == 1' "$tmp/tr.json"
ok "train json: split, ci90 null, settings, converged false" $?
grep -q '"eta": 0.3,' "$tmp/tr.json"; ok "train: eta 0.3 printed as given" $?
grep -q "still rising" "$tmp/err"; ok "train: warning at the epoch cap" $?
"$C" gnn train --model gcn --seeds 2 --json --dataset "$D" >"$tmp/tr.json" 2>"$tmp/err"
jtrue '.converged == true and (.test_acc_ci90 | type) == "number" and
       .settings.patience_on == "val_loss" and all(.epochs_run[]; . < 3000)' "$tmp/tr.json" &&
  [ ! -s "$tmp/err" ]
ok "train gcn default: stops by patience on validation loss, no warning" $?
status 1 train --model gcn --split per-class:0 --dataset "$D"; ok "per-class:0 refused" $?
# --first-seed: seeds 1..2 give exactly runs 1 and 2 of seeds 0..2 (splits and
# weights depend on the seed alone), so split runs can be pooled.
"$C" gnn train --model gcan --eta 0.4 --split random:0.3 --seeds 3 --epochs 20 --json \
  --dataset "$D" >"$tmp/s3.json" 2>/dev/null &&
  "$C" gnn train --model gcan --eta 0.4 --split random:0.3 --seeds 2 --first-seed 1 \
    --epochs 20 --json --dataset "$D" >"$tmp/s12.json" 2>/dev/null &&
  [ "$(jq -c '[.test_acc[1:], .val_acc[1:], .epochs_run[1:]]' "$tmp/s3.json")" = \
    "$(jq -c '[.test_acc, .val_acc, .epochs_run]' "$tmp/s12.json")" ] &&
  jtrue '.first_seed == 1 and .seeds == 2' "$tmp/s12.json" &&
  jtrue '.first_seed == 0' "$tmp/s3.json"
ok "train --first-seed 1 --seeds 2 = runs 1, 2 of --seeds 3" $?
status 1 train --model gcn --first-seed -1 --dataset "$D"; ok "--first-seed -1 refused" $?

echo "cli-gnn-tune: $checks checks, $fails failed"
[ "$fails" -eq 0 ]
