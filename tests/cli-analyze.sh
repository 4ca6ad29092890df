#!/usr/bin/env bash
# End-to-end tests of `certune analyze` on hand-derived cases. Usage: cli-analyze.sh CERTUNE
# Expected values are derived by hand in docs/lambda.md (the gadget: node 3 is
# class 0 for lambda <= x/(x-2), class 1 above; with --score all, node 4 of the
# x = 4 gadget is class 0 for lambda <= 2/3, the root of 3 lambda^2 + 10 lambda - 8).
set -u
C=${1:?usage: cli-analyze.sh CERTUNE}
I=instances
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { # description, condition exit status
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi
}
json() { # jq-filter, files... -> checks the filter prints true
  local filter=$1; shift
  local out
  out=$("$C" analyze --family lambda --json "$@" 2>"$tmp/err") || { echo "exit $?"; cat "$tmp/err"; return 1; }
  [ "$(printf '%s' "$out" | jq -c "$filter")" = true ] || { echo "$out" | jq -c "$filter"; return 1; }
}

json '.breakpoints | length == 1' $I/lambda-gadget-x4.gssl; ok "x=4: one breakpoint" $?
json '.breakpoints[0] | .exact == "x - 2" and .lo == "2" and .hi == "2" and .kind == "jump" and .changes == 1' \
  $I/lambda-gadget-x4.gssl; ok "x=4: breakpoint is exactly 2" $?
json '[.pieces[].loss] == ["1", "0"] and .point_losses == ["1"] and .loss_pieces == 2' \
  $I/lambda-gadget-x4.gssl; ok "x=4: losses 1 | 1 | 0 (tie at 2 goes to class 0)" $?
json '.minimum == {"loss": "0", "loss_float": 0, "accuracy": "1", "accuracy_float": 1, "pieces": [1], "points": [], "best_piece": 1, "representative": "3", "representative_float": 3}' \
  $I/lambda-gadget-x4.gssl; ok "x=4: minimum 0 on (2, inf), representative 3" $?
json '.breakpoints[0].exact == "x - 3" and .breakpoints[0].lo == "3"' $I/lambda-gadget-x3.gssl
ok "x=3: breakpoint 3" $?
json '.breakpoints[0].exact == "2*x - 3" and (.breakpoints[0].approx | startswith("1.5"))' \
  $I/lambda-gadget-x6.gssl; ok "x=6: breakpoint 3/2" $?
json '.breakpoints[0].exact == "x - 5"' $I/lambda-gadget-x5_2.gssl; ok "x=5/2: breakpoint 5" $?
for x in 1 2; do
  json '.breakpoints == [] and .pieces == [{"lo": null, "hi": null, "lo_approx": "0", "hi_approx": "inf", "lo_float": 0, "hi_float": null, "loss": "1", "loss_float": 1}] and .loss_pieces == 1 and .minimum.representative == "1"' \
    $I/lambda-gadget-x$x.gssl; ok "x=$x: no breakpoint" $?
done
json '[.breakpoints[].exact] == ["4*x - 5", "2*x - 3", "x - 2", "x - 3", "x - 5"]' \
  $I/lambda-gadget-oscillating.gssl; ok "oscillating: thresholds 5/4 3/2 2 3 5 in order" $?
json '[.pieces[].loss] == ["3/5", "2/5", "3/5", "2/5", "3/5", "2/5"] and .loss_pieces == 6' \
  $I/lambda-gadget-oscillating.gssl; ok "oscillating: losses alternate" $?
json '.minimum.loss == "2/5" and .minimum.pieces == [1, 3, 5] and .minimum.points == [1, 3]' \
  $I/lambda-gadget-oscillating.gssl; ok "oscillating: minimum on three pieces and at 3/2 and 3 (ties go to class 0)" $?
json '[.pieces[].loss] == ["1", "1/2", "0"] and ([.breakpoints[].exact] == ["x - 2", "x - 3"])' \
  $I/lambda-gadget-x4.gssl $I/lambda-gadget-x3.gssl; ok "two instances: mean loss" $?
json '.breakpoints | length == 1 and .[0].changes == 2' $I/lambda-gadget-x4.gssl $I/lambda-gadget-x4.gssl
ok "equal thresholds of two instances merge exactly" $?

out=$("$C" analyze --family lambda --score all --json $I/lambda-gadget-x4.gssl)
printf '%s' "$out" | jq -e '[.breakpoints[].exact] == ["3*x - 2", "x - 2"] and [.pieces[].loss] == ["1/2", "1/4", "0"] and .point_losses == ["1/2", "1/4"] and .scored_nodes == 4' >/dev/null
ok "--score all: node 4 flips at 2/3" $?

text=$("$C" analyze --family lambda $I/lambda-gadget-x4.gssl); ok "text report exits 0" $?
printf '%s' "$text" | grep -q "minimum loss: 0"; ok "text report gives the minimum" $?
printf '%s' "$text" | grep -q "root of x - 2 in \[2, 2\]"; ok "text report gives the certificate" $?

# A component without labels: a warning, ties (class 0), no crash.
printf 'p gssl 6 2\ne 1 2 1\nl 1 0\nt 2 0\ne 3 4 1\nt 3 1\nt 5 0\n' >"$tmp/nolabel.gssl"
out=$("$C" analyze --family lambda --json "$tmp/nolabel.gssl" 2>"$tmp/err"); ok "unlabeled component: exit 0" $?
grep -q "warning: .*nolabel.gssl.*no labeled node" "$tmp/err"; ok "unlabeled component: warning" $?
printf '%s' "$out" | jq -e '[.pieces[].loss] == ["1/3"]' >/dev/null; ok "unlabeled component: ties give class 0" $?

# Errors: status, message naming file and line, nothing on stdout.
printf 'p gssl 3 2\ne 1 2 1\ne 2 3 -1\nl 1 0\nt 3 1\n' >"$tmp/bad.gssl"
"$C" analyze --family lambda "$tmp/bad.gssl" >"$tmp/out" 2>"$tmp/err"; ok "bad weight: exit 2" $(($? != 2))
grep -q "bad.gssl:3:" "$tmp/err"; ok "bad weight: file and line named" $?
[ ! -s "$tmp/out" ]; ok "bad weight: no output" $?
"$C" analyze --family lambda $I/lambda-gadget-x4.gssl "$tmp/bad.gssl" >"$tmp/out" 2>/dev/null
ok "one bad file among good: exit 2" $(($? != 2))
[ ! -s "$tmp/out" ]; ok "one bad file among good: no partial output" $?
"$C" analyze --family lambda "$tmp/missing.gssl" >"$tmp/out" 2>"$tmp/err"; ok "missing file: exit 2" $(($? != 2))
grep -q "missing.gssl" "$tmp/err"; ok "missing file named" $?
printf 'p gssl 2 2\ne 1 2 1\nl 1 0\nl 2 1\n' >"$tmp/unscored.gssl"
"$C" analyze --family lambda "$tmp/unscored.gssl" >"$tmp/out" 2>"$tmp/err"; ok "no scored node: exit 2" $(($? != 2))
grep -q "unscored.gssl" "$tmp/err"; ok "no scored node: file named" $?
"$C" analyze --family lambda --score all "$tmp/unscored.gssl" >/dev/null 2>&1; ok "--score all scores labeled nodes" $?

# Usage errors: status 1.
for args in "" "analyze" "analyze $I/lambda-gadget-x4.gssl" "analyze --family beta $I/lambda-gadget-x4.gssl" \
  "analyze --family lambda --score some $I/lambda-gadget-x4.gssl" "analyze --family lambda --bogus $I/lambda-gadget-x4.gssl" \
  "analyze --family lambda --c 1/2 $I/lambda-gadget-x4.gssl" "frobnicate"; do
  "$C" $args >/dev/null 2>&1; ok "usage error: certune $args" $(($? != 1))
done
"$C" --help | grep -q "usage: certune analyze"; ok "--help" $?

echo "cli-analyze: $checks checks, $fails failed"
[ "$fails" -eq 0 ]
