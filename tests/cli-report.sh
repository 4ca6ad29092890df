#!/usr/bin/env bash
# The reports: the text summary block, the JSON's piece ends and numeric
# twins, --per-instance, and --progress on stderr. Expected values by hand:
# instances/lambda-gadget-oscillating.gssl has thresholds 5/4, 3/2, 2, 3, 5 and
# losses 3/5, 2/5 alternating (README). Usage: bash tests/cli-report.sh CERTUNE
set -u
C=${1:?usage: cli-report.sh CERTUNE}
I=instances
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { # description, condition exit status
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi
}
jqtrue() { # filter, file
  [ "$(jq -c "$1" "$2")" = true ] || { jq -c "$1" "$2" | head -c 300; echo; return 1; }
}

# The summary: simplest rational of (5/4, 3/2) is 4/3; minimum 2/5 on the
# 2nd, 4th, 6th pieces and at the 2nd and 4th thresholds.
"$C" analyze --family lambda $I/lambda-gadget-oscillating.gssl >"$tmp/out"
head -n 6 "$tmp/out" >"$tmp/head"
cat >"$tmp/want" <<'WANT'
family lambda on (0, +inf): 1 instance, 5 scored nodes
summary:
  best lambda = 4/3, inside (b1, b2) ~ (1.25, 1.5)
  minimum loss 2/5 = 0.4, accuracy 3/5 = 0.6
  attained on 3 of 6 open pieces, 2 of 5 breakpoints
  5 breakpoints, 6 loss pieces
WANT
diff "$tmp/want" "$tmp/head"; ok "text summary block" $?
# A loss that is no finite decimal: x = 4 and x = 3 gadgets with x = 6:
# thresholds 3/2, 2, 3; losses 1, 2/3, 1/3, 0 on the pieces: minimum 0.
"$C" analyze --family lambda $I/lambda-gadget-x6.gssl $I/lambda-gadget-x4.gssl $I/lambda-gadget-x3.gssl >"$tmp/out"
sed -n 3p "$tmp/out" | grep -qx "  best lambda = 4, inside (b3, +inf) ~ (3, +inf)"; ok "summary: last piece to +inf" $?
"$C" analyze --family lambda --score all $I/lambda-gadget-x4.gssl | sed -n 4p | grep -qx "  minimum loss 0, accuracy 1"
ok "summary: integer loss without decimal" $?
"$C" analyze --family lambda $I/random-1.gssl $I/random-2.gssl $I/random-3.gssl | sed -n 4p >"$tmp/line"
grep -qx "  minimum loss 49/88 ~ 0.556818, accuracy 39/88 ~ 0.443182" "$tmp/line"; ok "summary: rounded decimals marked ~" $?

# JSON: piece ends and numeric twins.
"$C" analyze --family lambda --json $I/lambda-gadget-oscillating.gssl >"$tmp/j"
jqtrue '.pieces[1] == {"lo": 0, "hi": 1, "lo_approx": "1.25", "hi_approx": "1.5", "lo_float": 1.25, "hi_float": 1.5, "loss": "2/5", "loss_float": 0.4}' "$tmp/j"
ok "json: piece 1 between breakpoints 0 and 1" $?
jqtrue '.pieces[0].lo == null and .pieces[5].hi == null and .pieces[5].hi_approx == "inf" and .pieces[5].hi_float == null' "$tmp/j"
ok "json: the domain's ends" $?
jqtrue '[.breakpoints[].approx_float] == [1.25, 1.5, 2, 3, 5] and .point_losses_float == [0.6, 0.4, 0.6, 0.4, 0.6]' "$tmp/j"
ok "json: approx_float and point_losses_float" $?
jqtrue '.minimum.loss_float == 0.4 and .minimum.accuracy == "3/5" and .minimum.best_piece == 1 and .minimum.representative_float == (4/3)' "$tmp/j"
ok "json: minimum twins" $?
frac='def f: split("/") | (.[0] | tonumber) / ((.[1] // "1") | tonumber);'
"$C" analyze --family delta --json $I/delta-gadget-oscillating.gssl >"$tmp/jd"
jqtrue "$frac"' all(.pieces[]; .loss_float == (.loss | f)) and ([.point_losses[] | f] == .point_losses_float) and .end_losses.lo_float == (.end_losses.lo | f)' "$tmp/jd"
ok "json: every twin is its string's value (delta)" $?
jqtrue 'has("per_instance") | not' "$tmp/j"; ok "json: no per_instance unless asked" $?

# --per-instance: the set's loss is the mean of the instances' (an identity
# the two computations need not share), and a hand case.
"$C" analyze --family lambda --json --per-instance $I/random-1.gssl $I/random-2.gssl $I/random-3.gssl >"$tmp/p"
ok "--per-instance: exit 0" $?
jqtrue "$frac"' (.per_instance | length) == 3 and
  ([range(0; .pieces | length) as $i | ([.per_instance[].pieces[$i] | f] | add / 3) - (.pieces[$i].loss | f) | fabs < 1e-12] | all) and
  ([range(0; .point_losses | length) as $i | ([.per_instance[].points[$i] | f] | add / 3) - (.point_losses[$i] | f) | fabs < 1e-12] | all)' "$tmp/p"
ok "--per-instance: the mean of the instances is the set's loss" $?
"$C" analyze --family lambda --json --per-instance $I/lambda-gadget-x4.gssl $I/lambda-gadget-x6.gssl >"$tmp/p2"
jqtrue '[.per_instance[] | [.file, .pieces, .points]] == [["instances/lambda-gadget-x4.gssl", ["1", "1", "0"], ["1", "1"]], ["instances/lambda-gadget-x6.gssl", ["1", "0", "0"], ["1", "0"]]]' "$tmp/p2"
ok "--per-instance: x = 4 and x = 6 by hand" $?
"$C" analyze --family delta --json --per-instance $I/delta-gadget-x7-c99_100.gssl $I/delta-gadget-oscillating.gssl >"$tmp/p3"
jqtrue '.per_instance[0].ends == ["1", "0"] and (.per_instance[0].pieces | length) == 7' "$tmp/p3"
ok "--per-instance: delta ends" $?
"$C" analyze --family lambda --per-instance $I/lambda-gadget-x4.gssl >/dev/null 2>"$tmp/err"
ok "--per-instance without --json: exit 1" $(($? != 1))

# --progress: a closing line on stderr; nothing on stderr without it (not a terminal).
"$C" analyze --family lambda --progress $I/random-1.gssl $I/random-2.gssl $I/random-3.gssl >/dev/null 2>"$tmp/err"
tail -n 1 "$tmp/err" | grep -Eqx "certune: analyze: 3/3 instances, [0-9]+\.[0-9] s, done"; ok "analyze --progress" $?
grep -Eqx "certune: analyze: 3/3 instances, [0-9]+\.[0-9] s, certifying and ordering breakpoints" "$tmp/err"
ok "analyze --progress: the end of the per-instance stage" $?
printf 'p gssl 2 1\ne 1 2 1\nl 1 0\n' >"$tmp/noscore.gssl"
"$C" analyze --family lambda --progress "$tmp/noscore.gssl" >/dev/null 2>"$tmp/err"
head -n 1 "$tmp/err" | grep -Eqx "certune: analyze: 0/1 instances, [0-9]+\.[0-9] s, stopped" &&
  grep -q "no scored node" "$tmp/err"; ok "analyze --progress on an error: stopped, then the error" $?
"$C" analyze --family alpha $I/alpha-gadget-x2.gssl >/dev/null 2>"$tmp/err"
[ ! -s "$tmp/err" ]; ok "no progress when stderr is not a terminal" $?
"$C" bounds --family delta --progress $I/delta-gadget-x7-c99_100.gssl $I/delta-gadget-oscillating.gssl >/dev/null 2>"$tmp/err"
tail -n 1 "$tmp/err" | grep -Eqx "certune: bounds: 2/2 instances, [0-9]+\.[0-9] s, done"; ok "bounds --progress" $?
# tune: the training set's 2 instances, then the test set's 1.
"$C" tune --family lambda --progress --train $I/random-1.gssl $I/random-2.gssl \
  --test $I/random-3.gssl >/dev/null 2>"$tmp/err"
grep -Eqx "certune: tune lambda: 2/2 instances, [0-9]+\.[0-9] s, certifying and ordering breakpoints" "$tmp/err" &&
  tail -n 1 "$tmp/err" | grep -Eqx "certune: tune lambda: 1/1 instances, [0-9]+\.[0-9] s, done"
ok "tune --progress: training then test" $?
"$C" tune --family lambda --train $I/random-1.gssl --test $I/random-3.gssl >/dev/null 2>"$tmp/err"
[ ! -s "$tmp/err" ]; ok "tune: no progress when stderr is not a terminal" $?

echo "cli-report: $checks checks, $fails failed"
[ "$fails" -eq 0 ]
