#!/usr/bin/env bash
# The bounds experiment (docs/experiments.md), run by `make experiment`:
#  1. random instances for every graph model and n (bench/x-geninstances.c:
#     3 classes, 25% labeled, every other node held out);
#  2. `certune bounds --family lambda --json --plot` once per model over all its
#     instances; the JSON is aggregated per (model, n) with jq into a table,
#     and the most sign changes of one node per instance are plotted against n
#     (bench/x-plotcounts.c);
#  3. `certune shatter` for M = 1..5, each checked by `certune verify-shatter`.
# Writes $OUT/bounds.md (the report), $OUT/bounds-MODEL.{json,svg,png},
# $OUT/nodes-MODEL.{svg,png}, $OUT/instances/ and $OUT/shatter-M/. Exits 1 if a bound is violated, a
# command fails or a shattering does not verify, 0 otherwise.
# Environment: B (build dir, default build), OUT (default out/experiment),
# SEEDS (instances per model and n, default 20), NS (default "8 16 32 64 128"),
# MODELS (default "er sbm knn"), MS (default "1 2 3 4 5"), JOBS (default 2).
set -u
cd "$(dirname "$0")/.." || exit 1
B=${B:-build}
OUT=${OUT:-out/experiment}
SEEDS=${SEEDS:-20}
NS=${NS:-8 16 32 64 128}
MODELS=${MODELS:-er sbm knn}
MS=${MS:-1 2 3 4 5}
JOBS=${JOBS:-2}
CERTUNE=./certune
GEN=$B/bench/x-geninstances
PLOT=$B/bench/x-plotcounts
status=0
fail() {
  echo "experiment: $*" >&2
  status=1
}

command -v jq >/dev/null || { echo "experiment: jq is required" >&2; exit 1; }
make -s "B=$B" certune "$GEN" "$PLOT" || exit 1
start=$SECONDS
rm -rf "$OUT"
mkdir -p "$OUT/instances" || exit 1

# 1. instances
for model in $MODELS; do
  for n in $NS; do
    "$GEN" "$model" "$n" "$SEEDS" "$OUT/instances" || fail "cannot generate $model n=$n"
  done
done

# 2. bounds, one run per model (JOBS at a time); files in the order (n, seed)
bounds_model() { # model
  local model=$1 files=() n k t0=$SECONDS
  for n in $NS; do
    for ((k = 1; k <= SEEDS; k++)); do files+=("$OUT/instances/$model-n$n-$k.gssl"); done
  done
  "$CERTUNE" bounds --family lambda --json --plot "$OUT/bounds-$model.svg" "${files[@]}" \
    >"$OUT/bounds-$model.json" 2>"$OUT/bounds-$model.err"
  echo "$? $((SECONDS - t0))" >"$OUT/bounds-$model.rc"
}
running=0
for model in $MODELS; do
  if ((running >= JOBS)); then
    wait -n
    running=$((running - 1))
  fi
  bounds_model "$model" &
  running=$((running + 1))
done
wait

# One table row per (model, n), from the JSON of a model's run. Per instance:
# the most sign changes of one node and class pair (max_changes_pair), of one
# node over all its pairs (max_changes_node), and over its rows the largest
# bounds (n_comp - 1, labeled - 1, distinct eigenvalues of K - 1); `at Kron`
# counts the rows whose changes reach a Kron bound >= 1; `viol` the rows over
# any bound, recounted here independently of certune's own check.
# shellcheck disable=SC2016 # a jq program: $r, $per, $model are jq's
AGG='
  . as $r
  | ($r.rows | group_by(.instance) | map({
      key: (.[0].instance | tostring),
      value: {paper: (map(.bound_paper) | max), lab: (map(.bound_labeled) | max),
              kron: (map(.bound_kron) | max),
              at_kron: (map(select(.bound_kron >= 1 and .changes == .bound_kron)) | length),
              viol: (map(select(.changes > .bound_kron or .changes > .bound_labeled
                                or .changes > .bound_paper)) | length)}})
     | from_entries) as $per
  | [$r.instances | to_entries[] | .value + ($per[(.key + 1) | tostring] // {})]
  | group_by(.n)[]
  | [$model, .[0].n, length,
     (map(.max_changes_pair) | max), (map(.max_changes_node) | max),
     ((map(.max_changes_node) | add) / length * 100 | round / 100),
     ((map(.breakpoints) | add) / length * 10 | round / 10),
     (map(.paper) | max), (map(.lab) | max), (map(.kron) | max),
     (map(.at_kron) | add), (map(.viol) | add)]
  | "| " + (map(tostring) | join(" | ")) + " |"'
{
  echo "# certune bounds experiment (lambda family)"
  echo
  echo "Instances: $SEEDS per model and n, 3 classes, 25% labeled, every other node"
  echo "held out (bench/x-geninstances.c). Counts are certified sign changes in"
  echo "(0, +inf) of F[i][k] - F[i][l] for every node i and class pair k < l."
  echo "Columns: pair, node = most sign changes of one node and class pair / of one"
  echo "node over its pairs (max over the instances); mean node = mean over the"
  echo "instances of the latter; bps = mean breakpoints of the loss per instance;"
  echo "n-1, lab-1, eig-1 = largest bound of a row (component nodes - 1, component"
  echo "labeled nodes - 1, distinct eigenvalues of the Kron-reduced Laplacian - 1);"
  echo "at Kron = rows whose count equals a Kron bound >= 1; viol = rows over a bound."
  echo
  echo "| model | n | instances | pair | node | mean node | bps | n-1 | lab-1 | eig-1 | at Kron | viol |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
} >"$OUT/bounds.md"
for model in $MODELS; do
  read -r rc secs <"$OUT/bounds-$model.rc"
  if [ "$rc" != 0 ]; then
    fail "bounds on model $model exited $rc (see $OUT/bounds-$model.err)"
    [ "$rc" = 4 ] || continue
  fi
  jq -r --arg model "$model" "$AGG" "$OUT/bounds-$model.json" >>"$OUT/bounds.md" ||
    fail "cannot aggregate $OUT/bounds-$model.json"
  nviol=$(jq '[.rows[] | select(.changes > .bound_kron or .changes > .bound_labeled
                 or .changes > .bound_paper)] | length + 0' "$OUT/bounds-$model.json")
  nmsg=$(jq '.violations | length' "$OUT/bounds-$model.json")
  if [ "$nviol" != 0 ] || [ "$nmsg" != 0 ]; then
    fail "model $model: $nviol rows over a bound, $nmsg violations reported"
  fi
  jq -r '.instances[] | "\(.n) \(.max_changes_node)"' "$OUT/bounds-$model.json" |
    "$PLOT" "$model: most sign changes of one node (over its 3 class pairs)" \
      "n (nodes)" "sign changes" "$OUT/nodes-$model.svg" ||
    fail "cannot plot $OUT/nodes-$model.svg"
  echo "$model: bounds on $(jq '.instances | length' "$OUT/bounds-$model.json") instances in ${secs} s, exit $rc" >>"$OUT/bounds.times"
done
{
  echo
  echo "bounds runs (one per model, $JOBS at a time):"
  echo
  sed 's/^/    /' "$OUT/bounds.times"
  echo
  echo "Plots: $OUT/bounds-MODEL.svg (most sign changes of one node and class pair"
  echo "against n, with the line n - 1; from certune bounds --plot) and"
  echo "$OUT/nodes-MODEL.svg (most sign changes of one node, over its pairs, per"
  echo "instance against n)."
} >>"$OUT/bounds.md"
rm -f "$OUT/bounds.times"

# 3. shattering
{
  echo
  echo "## Shattering (certune shatter / verify-shatter)"
  echo
  echo "| M | instance sizes n (k = 1..M) | loss breakpoints (k = 1..M) | patterns realized | verified | seconds |"
  echo "|---|---|---|---|---|---|"
} >>"$OUT/bounds.md"
for M in $MS; do
  dir=$OUT/shatter-$M t0=$SECONDS
  if ! "$CERTUNE" shatter --family lambda --m "$M" --out "$dir" --force >"$dir.log" 2>&1; then
    fail "shatter M=$M failed (see $dir.log)"
    echo "| $M | - | - | - | shatter failed | - |" >>"$OUT/bounds.md"
    continue
  fi
  "$CERTUNE" verify-shatter --family lambda "$dir" >>"$dir.log" 2>&1
  rc=$?
  sizes=$(for ((k = 1; k <= M; k++)); do
    awk '$1 == "p" { print $3; exit }' "$dir/instance-$k.gssl"
  done | paste -sd, - | sed 's/,/, /g')
  files=()
  for ((k = 1; k <= M; k++)); do files+=("$dir/instance-$k.gssl"); done
  bps=$("$CERTUNE" bounds --family lambda --json "${files[@]}" 2>>"$dir.log" |
    jq -r '[.instances[].breakpoints | tostring] | join(", ")') || bps=
  [ -n "$bps" ] || fail "bounds on the M=$M instances failed (see $dir.log)"
  realized=$(sed -n 's/^\([0-9]* of [0-9]*\) patterns realized.*/\1/p' "$dir.log")
  if [ "$rc" = 0 ] && grep -q '^pseudo-shattered: yes' "$dir.log"; then
    verified="yes"
  else
    verified="NO (exit $rc)"
    fail "verify-shatter M=$M exited $rc (see $dir.log)"
  fi
  echo "| $M | $sizes | ${bps:-?} | ${realized:-?} | $verified | $((SECONDS - t0)) |" >>"$OUT/bounds.md"
done

# PNG renderings of the plots, when rsvg-convert is there
if command -v rsvg-convert >/dev/null; then
  for model in $MODELS; do
    for kind in bounds nodes; do
      [ -s "$OUT/$kind-$model.svg" ] &&
        rsvg-convert -o "$OUT/$kind-$model.png" "$OUT/$kind-$model.svg"
    done
  done
fi

{
  echo
  echo "Total: $((SECONDS - start)) s; status: $([ $status = 0 ] && echo ok || echo FAILED)"
} >>"$OUT/bounds.md"
cat "$OUT/bounds.md"
exit $status
