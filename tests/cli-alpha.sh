#!/usr/bin/env bash
# End-to-end tests of `certune analyze` and `bounds` for the alpha family on the
# paper's gadget, derived by hand in docs/alpha.md: node 4's sign function is a
# positive multiple of sqrt(x + 2) - 2 alpha, so node 4 (held out as class 0) is
# class 0 up to alpha = sqrt(x + 2)/2 (the tie there too) and class 1 above.
# Usage: cli-alpha.sh CERTUNE
set -u
C=${1:?usage: cli-alpha.sh CERTUNE}
I=instances
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { checks=$((checks + 1)); if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi; }
json() { # jq-filter, analyze arguments... -> checks the filter prints true
  local filter=$1; shift
  local out
  out=$("$C" analyze --family alpha --json "$@" 2>"$tmp/err") || { echo "exit $?"; cat "$tmp/err"; return 1; }
  [ "$(printf '%s' "$out" | jq -c "$filter")" = true ] || { echo "$out" | jq -c "$filter"; return 1; }
}
# x = 1: degrees 3 and 1, 1: two square classes; the threshold is sqrt(3)/2.
json '(.breakpoints | length) == 1 and .breakpoints[0].exact == "-sqrt(3) + 2*x" and (.breakpoints[0].approx | startswith("0.866025403784438646"))' \
  $I/alpha-gadget-x1.gssl; ok "x=1: one breakpoint sqrt(3)/2, defined by sqrt(3) - 2x" $?
json '.c == null and .domain == {"lo": "0", "hi": "1", "lo_closed": false, "hi_closed": false}' \
  $I/alpha-gadget-x1.gssl; ok "the open domain (0, 1)" $?
json '[.pieces[].loss] == ["0", "1"] and .point_losses == ["0"] and .loss_pieces == 2 and (has("end_losses") | not)' \
  $I/alpha-gadget-x1.gssl; ok "x=1: loss 0 up to and at the threshold, 1 above" $?
json '.minimum.loss == "0" and .minimum.pieces == [0] and .minimum.points == [0] and .minimum.representative == "1/2"' \
  $I/alpha-gadget-x1.gssl; ok "x=1: minimum on (0, b1) and b1, representative 1/2" $?
# x = 1/4: x + 2 = 9/4, one square class after scaling: the rational fast path.
json '.breakpoints[0] | .exact == "4*x - 3" and .lo == "0.75" and .hi == "0.75"' \
  $I/alpha-gadget-x1_4.gssl; ok "x=1/4: breakpoint exactly 3/4" $?
json '.breakpoints == [] and [.pieces[].loss] == ["0"]' $I/alpha-gadget-x2.gssl
ok "x=2: threshold 1 is outside (0, 1): no breakpoint" $?
json '[.pieces[].loss] == ["3/5", "2/5", "3/5", "2/5", "3/5", "2/5"] and .loss_pieces == 6' \
  $I/alpha-gadget-oscillating.gssl; ok "oscillating union: loss 3/5, 2/5, ..." $?
json '[.breakpoints[].approx[0:8]] == ["0.724568", "0.75", "0.790569", "0.866025", "0.935414"]' \
  $I/alpha-gadget-oscillating.gssl; ok "oscillating union: thresholds sqrt(x + 2)/2" $?
"$C" analyze --family alpha $I/alpha-gadget-x1.gssl | grep -q "family alpha on (0, 1): 1 instance"
ok "text report names the domain" $?

out=$("$C" bounds --family alpha --json $I/alpha-gadget-oscillating.gssl); ok "bounds --family alpha: exit 0" $?
printf '%s' "$out" | jq -e '.family == "alpha" and .violations == [] and ([.rows[] | select(.node % 4 == 0) | .changes] == [1, 1, 1, 1, 1])' >/dev/null
ok "bounds: every held-out gadget node changes once" $?
"$C" bounds --family alpha $I/random-2.gssl | grep -q "violations: none"; ok "bounds --family alpha text" $?
"$C" analyze --family alpha --c 1/2 $I/random-1.gssl >/dev/null 2>&1; ok "--c with alpha: usage error" $(($? != 1))
"$C" analyze --family alpha --plot "$tmp/a.svg" $I/alpha-gadget-oscillating.gssl >/dev/null
tail -c 20 "$tmp/a.svg" | grep -q "</svg>"; ok "analyze --family alpha --plot writes a complete SVG" $?

# The 200-node component is certified in balls (lsroot): the report equals the
# exact path's (--ball off) but for the breakpoints' defining forms; the saved
# profile (ls certificates, re-checked when read) gives the same tune and eval.
S=$I/alpha-single-200.gssl
"$C" analyze --family alpha --json $S | jq -S 'del(.breakpoints[].exact)' >"$tmp/ball.json"
ok "alpha-single-200 in balls: exit 0" $?
"$C" analyze --family alpha --json --ball off $S | jq -S 'del(.breakpoints[].exact)' >"$tmp/exact.json"
ok "alpha-single-200 exactly: exit 0" $?
cmp -s "$tmp/ball.json" "$tmp/exact.json"; ok "balls and the exact path agree on alpha-single-200" $?
jq -e '(.breakpoints | length) == 107 and .minimum.loss == "19/32"' "$tmp/ball.json" >/dev/null
ok "alpha-single-200: 107 breakpoints, minimum loss 19/32" $?
"$C" analyze --family alpha --json $S | jq -e '.breakpoints[0].exact | startswith("F[")' >/dev/null
ok "a ball-path breakpoint names its function F[i][k] - F[i][l]" $?
"$C" analyze --family alpha --save-profile "$tmp/s.ctp" $S >/dev/null; ok "--save-profile with ls breakpoints" $?
a=$("$C" tune --family alpha --train $S --test $S) && b=$("$C" tune --train "$tmp/s.ctp" --test $S)
[ "$a" = "$b" ]; ok "tune from the ball-path profile = tune from the instance" $?
c=$("$C" tune --family alpha --train $S --test $S --ball off)
[ "$a" = "$c" ]; ok "tune --ball off = tune in balls" $?
a=$("$C" eval --family alpha --at 3/7 $S) && b=$("$C" eval --at 3/7 "$tmp/s.ctp")
[ "$a" = "$b" ]; ok "eval from the ball-path profile = eval from the instance" $?
sed 's/^\(b .* ls .*\) 1$/\1 -1/' "$tmp/s.ctp" >"$tmp/bad.ctp"
if ! cmp -s "$tmp/s.ctp" "$tmp/bad.ctp"; then
  "$C" eval --at 3/7 "$tmp/bad.ctp" >/dev/null 2>&1; ok "a profile with a flipped ls sign is rejected" $(($? == 0))
else
  ok "the profile has ls breakpoints to tamper with" 1
fi
"$C" analyze --family alpha --ball 1 $S >/dev/null 2>&1; ok "--ball 1: usage error" $(($? != 1))
"$C" analyze --family delta --ball 50 $S >/dev/null 2>&1; ok "--ball with delta: accepted (its ball path, tests/cli-delta-ball.sh)" $?
echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
