#!/usr/bin/env bash
# End-to-end tests of lambda's ball path (docs/lambda.md, "The ball path") on
# the shipped 200-node instance, taken into balls with --ball 100 (the default
# threshold is 400 nodes): the report equals the exact path's (--ball off)
# but for the breakpoints' defining forms and the width of their decimal
# bounds, which still hold the exact path's approximation; the saved profile
# (lk certificates, re-checked when read) gives the same tune and eval, and a
# tampered one is rejected. A component the ball path declines (a weight of
# 2^41: its doubles would not be exact) is counted in "ball_fallbacks" (JSON,
# the profile, --progress), which is 0 where nothing declined, for every family.
# Usage: cli-lambda-ball.sh CERTUNE
set -u
C=${1:?usage: cli-lambda-ball.sh CERTUNE}
S=instances/alpha-single-200.gssl
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() {
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then
    fails=$((fails + 1))
    echo "FAIL: $1"
  fi
}
strip='del(.breakpoints[].exact, .breakpoints[].lo, .breakpoints[].hi)'

"$C" analyze --family lambda --json --ball 100 $S >"$tmp/ball.json"
ok "lambda on alpha-single-200 in balls: exit 0" $?
"$C" analyze --family lambda --json --ball off $S >"$tmp/exact.json"
ok "lambda on alpha-single-200 exactly: exit 0" $?
cmp -s <(jq -S "$strip" "$tmp/ball.json") <(jq -S "$strip" "$tmp/exact.json")
ok "balls and the exact path agree (breakpoints, approximations, losses)" $?
jq -e '.breakpoints | length > 20' "$tmp/ball.json" >/dev/null
ok "the instance has breakpoints to compare" $?
jq -e '[.breakpoints[].exact | test("^F\\[[0-9]+\\]\\[[0-9]\\] - F\\[[0-9]+\\]\\[[0-9]\\] \\(lambda; zero certified by Taylor models in balls\\)$")] | all' \
  "$tmp/ball.json" >/dev/null
ok "every ball-path breakpoint names its function F[i][k] - F[i][l] (lambda)" $?
# The decimal bounds of the ball path hold the exact path's approximation.
jq -r --slurpfile e "$tmp/exact.json" \
  '[.breakpoints, $e[0].breakpoints] | transpose[] | "\(.[0].lo) \(.[1].approx) \(.[0].hi)"' \
  "$tmp/ball.json" | awk '{ if (!($1 <= $2 && $2 <= $3)) bad++ } END { exit bad > 0 }'
ok "each ball-path interval holds the exact approximation" $?

"$C" analyze --family lambda --ball 100 --save-profile "$tmp/s.ctp" $S >/dev/null
ok "--save-profile with lk breakpoints" $?
grep -q ' lk ' "$tmp/s.ctp"; ok "the profile holds lk certificates" $?
a=$("$C" tune --family lambda --train $S --test $S --ball 100) &&
  b=$("$C" tune --train "$tmp/s.ctp" --test $S)
[ "$a" = "$b" ]; ok "tune from the ball-path profile = tune from the instance" $?
c=$("$C" tune --family lambda --train $S --test $S --ball off)
[ "$a" = "$c" ]; ok "tune --ball off = tune in balls" $?
a=$("$C" eval --family lambda --at 9/4 $S) && b=$("$C" eval --at 9/4 "$tmp/s.ctp")
[ "$a" = "$b" ]; ok "eval from the ball-path profile = eval from the instance" $?
sed 's/^\(b .* lk .*\) 1$/\1 -1/' "$tmp/s.ctp" >"$tmp/bad.ctp"
if ! cmp -s "$tmp/s.ctp" "$tmp/bad.ctp"; then
  out=$("$C" eval --at 9/4 "$tmp/bad.ctp" 2>&1)
  ok "a profile with a flipped lk sign is rejected" $(($? == 0))
  printf '%s' "$out" | grep -q "bad.ctp:[0-9]*:"
  ok "the rejection names the file and line" $?
else
  ok "the profile has lk breakpoints to tamper with" 1
fi
jq -e '.ball_fallbacks == {"components": 0, "rows": 0}' "$tmp/ball.json" >/dev/null
ok "nothing declined: ball_fallbacks 0 0" $?
# The README's gadget with x = 2^41 on a 4-node component in balls (--ball 2).
printf 'p gssl 4 2\ne 1 3 1\ne 2 3 1\ne 3 4 2199023255552\nl 1 0\nl 2 0\nl 4 1\nt 3 1\n' >"$tmp/big.gssl"
CERTUNE_PROGRESS_INTERVAL=0 "$C" analyze --family lambda --json --progress --ball 2 \
  --save-profile "$tmp/big.ctp" "$tmp/big.gssl" >"$tmp/big.json" 2>"$tmp/big.err"
ok "lambda on the gadget with a 2^41 weight: exit 0" $?
jq -e '.ball_fallbacks == {"components": 1, "rows": 1}' "$tmp/big.json" >/dev/null
ok "the declined component is counted: ball_fallbacks 1 1" $?
grep -q 'components declined by the ball path 1/1' "$tmp/big.err"
ok "--progress reports the declined component" $?
grep -qx 'fallbacks 1 1' "$tmp/big.ctp"; ok "the profile records it" $?
"$C" merge --json "$tmp/big.ctp" | cmp -s - "$tmp/big.json"
ok "merge of the profile prints the same JSON" $?
"$C" analyze --family lambda --json --ball off "$tmp/big.gssl" >"$tmp/big-exact.json"
jq -e '.ball_fallbacks.components == 0' "$tmp/big-exact.json" >/dev/null
ok "--ball off: nothing tried, nothing declined" $?
sed 's/^fallbacks 1 1$/fallbacks 1 2/' "$tmp/big.ctp" >"$tmp/big-bad.ctp"
"$C" merge --json "$tmp/big-bad.ctp" 2>&1 >/dev/null | grep -q 'big-bad.ctp:9: bad fallback counts'
ok "a profile with more fallback rows than scored nodes is rejected at its line" $?
"$C" analyze --family alpha --json --ball 2 "$tmp/big.gssl" |
  jq -e '.ball_fallbacks == {"components": 1, "rows": 1}' >/dev/null
ok "alpha counts its declined component too" $?
"$C" analyze --family delta --json --ball 2 "$tmp/big.gssl" |
  jq -e '.ball_fallbacks == {"components": 1, "rows": 1}' >/dev/null
ok "delta counts its declined component too (an entry of 41 bits)" $?
for f in alpha delta; do
  "$C" analyze --family $f --json "$tmp/big.gssl" | jq -e '.ball_fallbacks.components == 0' >/dev/null
  ok "$f: ball_fallbacks present (0 on the exact path)" $?
done
"$C" analyze --family lambda --ball 1 $S >/dev/null 2>&1
ok "--ball 1: usage error" $(($? != 1))
echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
