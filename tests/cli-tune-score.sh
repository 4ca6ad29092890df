#!/usr/bin/env bash
# `certune tune --score all`: the labeled nodes scored too, on a 4-node
# instance where that changes the losses and the chosen value, derived by
# hand; the default unchanged; profiles; an independent exact computation.
#
# S (written below): the lambda gadget with edges (1,3) = (2,3) = a = 2,
# (3,4) = b = 12; nodes 1, 2 labeled class 0, node 4 labeled class 1, node 3
# held out with class 0. F = (L + lambda Delta)^{-1} Y (docs/lambda.md).
# Eliminating node 3 (F_3 = (a F_1 + a F_2 + b F_4) / (2a + b)) leaves the
# Kron-reduced triangle on {1, 2, 4}: (1,2) = a^2 / s, (1,4) = (2,4) = ab / s,
# s = 2a + b = 16, i.e. 1/4, 3/2, 3/2. With F_1 = F_2 = u (symmetry) and
# mu = lambda (the labeled diagonal):
#   class 0 (Y_1 = Y_2 = 1): (mu + 3/2) u0 - 3/2 v0 = 1, (mu + 3) v0 = 3 u0
#     -> u0 = (mu + 3) / (mu (mu + 9/2)), v0 = 3 / (mu (mu + 9/2));
#   class 1 (Y_4 = 1):       (mu + 3/2) u1 = 3/2 v1, (mu + 3) v1 - 3 u1 = 1
#     -> v1 = (mu + 3/2) / (mu (mu + 9/2)), u1 = (3/2) / (mu (mu + 9/2)).
# Labeled node 4 (class 1): v1 > v0 iff lambda > 3/2; at 3/2 a tie, given to
#   class 0: wrong for lambda <= 3/2 (= ab / (b + 2a)).
# Labeled nodes 1, 2 (class 0): u0 > u1 always (mu + 3 > 3/2): always right.
# Held-out node 3 (class 0): F_3 is proportional to 2 u + 6 v (a = 2, b = 12),
#   class 0: 2(mu + 3) + 18 = 2 mu + 24, class 1: 3 + 6 mu + 9 = 6 mu + 12;
#   class 1 iff 4 mu > 12 iff lambda > 3 (= ab / (b - 2a)); at 3 a tie,
#   given to class 0: right for lambda <= 3.
# Training losses on S:
#   --score unlabeled (node 3 only): (0, 3) 0, at 3 0, (3, +inf) 1:
#     the leftmost piece of least loss is (0, 3), its representative 1;
#   --score all (4 nodes): (0, 3/2) 1/4, at 3/2 1/4, (3/2, 3) 0, at 3 0,
#     (3, +inf) 1/4: the piece (3/2, 3), representative 2. At the unlabeled
#     choice 1 the all-node loss is 1/4 (node 4 wrong).
# Tested on instances/lambda-gadget-x4.gssl (the same shape with a = 1, b = 4:
# node 4 right above 2/3, held-out node 3, class 1, right above 2, tied at 2):
#   unlabeled at 1: node 3 predicted 0, loss 1;
#   all at 2: node 3 tied and wrong, node 4 and nodes 1, 2 right: loss 1/4,
#     one tied node; with --ties expected the tie costs 1/2: loss 1/8.
# Rademacher (m = 1, exact): R = (max loss - min loss) / 2: 1/2 unlabeled, 1/8
# all.
# Usage: cli-tune-score.sh CERTUNE
set -u
C=${1:?usage: cli-tune-score.sh CERTUNE}
I=instances
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { checks=$((checks + 1)); if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi; }
jtrue() { # jq-filter, command arguments... -> the filter prints true
  local filter=$1; shift
  local out
  out=$("$C" "$@" --json 2>"$tmp/err") || { echo "exit $?"; cat "$tmp/err"; return 1; }
  [ "$(printf '%s' "$out" | jq -c "$filter")" = true ] || { echo "$out" | jq -c "$filter"; return 1; }
}
fails_with() { # description, expected exit, stderr pattern, command...
  local d=$1 want=$2 pat=$3 out rc
  shift 3
  out=$("$@" 2>"$tmp/err"); rc=$?
  [ $rc -eq "$want" ] && [ -z "$out" ] && grep -q -- "$pat" "$tmp/err"
  local r=$?
  [ $r -eq 0 ] || { echo "  exit $rc, stderr:"; cat "$tmp/err"; }
  ok "$d" $r
}
S=$tmp/s.gssl L4=$I/lambda-gadget-x4.gssl
cat >"$S" <<'EOF'
% the lambda gadget with (1,3) = (2,3) = 2, (3,4) = 12 (tests/cli-tune-score.sh)
p gssl 4 2
e 1 3 2
e 2 3 2
e 3 4 12
l 1 0
l 2 0
l 4 1
t 3 0
EOF

# the profiles the derivation gives
jtrue '[.breakpoints[].lo] == ["3"] and [.pieces[].loss] == ["0", "1"]' analyze --family lambda $S
ok "analyze S: node 3 right up to 3" $?
jtrue '[.breakpoints[].lo] == ["1.5", "3"] and .point_losses == ["1/4", "0"] and [.pieces[].loss] == ["1/4", "0", "1/4"]' \
  analyze --family lambda --score all $S
ok "analyze --score all S: node 4 wrong up to 3/2, node 3 from 3 on" $?

# tune: the default is the held-out nodes only, unchanged
jtrue '.chosen == "1" and .train_loss == "0" and .test_loss == "1" and has("score") == false and (.families[0] | has("score")) == false' \
  tune --family lambda --train $S --test $L4
ok "tune S -> x4: chooses 1 (the piece (0, 3)), test loss 1, no score key" $?
"$C" tune --family lambda --train $S --test $L4 | head -n 2 | tail -n 1 >"$tmp/h"
[ "$(cat "$tmp/h")" = "train accuracy 1, test accuracy 0, gap 1 (ties: smallest)" ]
ok "tune default: the header names no score mode" $?
"$C" tune --family lambda --score unlabeled --train $S --test $L4 >"$tmp/u1"
"$C" tune --family lambda --train $S --test $L4 | cmp -s - "$tmp/u1"
ok "tune --score unlabeled = the default, byte for byte" $?

# tune --score all: the labeled nodes move the choice
jtrue '.score == "all" and .chosen == "2" and .train_loss == "0" and .test_loss == "1/4" and .gap == "1/4" and .test_optimal_loss == "0"' \
  tune --family lambda --score all --train $S --test $L4
ok "tune --score all S -> x4: chooses 2 in (3/2, 3), test loss 1/4" $?
jtrue '.families[0] | .score == "all" and .chosen_kind == "piece" and .chosen_index == 1 and .train_breakpoints == 2 and .tied_train == 0 and .tied_test == 1' \
  tune --family lambda --score all --train $S --test $L4
ok "tune --score all: the row's score, place, breakpoints and ties" $?
jtrue '.loss == "1/4" and .tied_nodes == 0' eval --family lambda --score all --at 1 $S
ok "eval --score all at the unlabeled choice 1: node 4 wrong, 1/4" $?
jtrue '.loss == "1/4" and .tied_nodes == 1' eval --family lambda --score all --at 2 $L4
ok "eval --score all at 2 on x4 = tune's test loss" $?
jtrue '.chosen == "2" and .test_loss == "1/8"' tune --family lambda --score all --ties expected --train $S --test $L4
ok "tune --score all --ties expected: the tie at 2 costs 1/2 of 1/4" $?
"$C" tune --family lambda --score all --rademacher 10 --train $S --test $L4 >"$tmp/a1"
head -n 2 "$tmp/a1" | tail -n 1 | grep -qx 'train accuracy 1, test accuracy 0.75, gap 0.25, bound 4.324 (ties: smallest; score: all, labeled nodes too)'
ok "tune --score all: the header names the score mode" $?
grep -q '^  train: 1 instance, 4 scored nodes, 2 breakpoints' "$tmp/a1" &&
  grep -q '^  Rademacher complexity R = 1/8 (0.125), exact' "$tmp/a1"
ok "tune --score all: 4 scored nodes, R = 1/8" $?
"$C" tune --family lambda --rademacher 10 --train $S --test $L4 | grep -q '^  Rademacher complexity R = 1/2 (0.5), exact'
ok "tune default: R = 1/2" $?
jtrue '[.families[] | .score] == ["all", "all", "all"] and .score == "all"' \
  tune --family all --score all --train $S --test $L4
ok "tune --family all --score all: every row scored so" $?

# alpha and delta: the choice's losses are those of analyze and eval --score all
for spec in "alpha $I/alpha-gadget-oscillating.gssl $I/alpha-gadget-x2.gssl" \
  "delta $I/delta-gadget-oscillating.gssl $I/delta-gadget-x1-c99_100.gssl"; do
  set -- $spec
  f=$1 tr=$2 te=$3
  out=$("$C" tune --family $f --score all --json --train $tr --test $te) &&
    x=$(printf '%s' "$out" | jq -r .chosen) &&
    tl=$(printf '%s' "$out" | jq -r .train_loss) &&
    el=$(printf '%s' "$out" | jq -r .test_loss) &&
    [ "$("$C" eval --family $f --score all --at "$x" --json $te | jq -r .loss)" = "$el" ] &&
    [ "$("$C" eval --family $f --score all --at "$x" --json $tr | jq -r .loss)" = "$tl" ] &&
    [ "$("$C" analyze --family $f --score all --json $tr | jq -r .minimum.loss)" = "$tl" ]
  ok "tune --family $f --score all: train and test losses at the choice = eval --score all" $?
done

# profiles: the score mode is the profile's, checked against --score
"$C" analyze --family lambda --score all --save-profile "$tmp/sa.ctp" $S >/dev/null
"$C" analyze --family lambda --score all --save-profile "$tmp/x4a.ctp" $L4 >/dev/null
"$C" analyze --family lambda --save-profile "$tmp/x4u.ctp" $L4 >/dev/null
"$C" tune --family lambda --score all --json --train $S --test $L4 >"$tmp/a1.json"
for args in "--train $tmp/sa.ctp --test $tmp/x4a.ctp" "--score all --train $tmp/sa.ctp --test $tmp/x4a.ctp" \
  "--train $tmp/sa.ctp --test $L4" "--score all --train $S --test $tmp/x4a.ctp"; do
  "$C" tune --rademacher 10 $args | cmp -s - "$tmp/a1" && "$C" tune --json $args | cmp -s - "$tmp/a1.json"
  ok "tune $args: the bytes of the instances' run (text, JSON)" $?
done
fails_with "tune: an all-node training profile, a held-out test profile" 2 "x4u.ctp: a profile made with --score unlabeled, not --score all" \
  "$C" tune --train "$tmp/sa.ctp" --test "$tmp/x4u.ctp"
fails_with "tune --score unlabeled on an all-node profile" 2 "sa.ctp: a profile made with --score all, not --score unlabeled" \
  "$C" tune --score unlabeled --train "$tmp/sa.ctp" --test "$tmp/x4a.ctp"
fails_with "tune --score all on a held-out profile" 2 "x4u.ctp: a profile made with --score unlabeled, not --score all" \
  "$C" tune --score all --train $S --test "$tmp/x4u.ctp"

# usage
fails_with "tune --score: a bad mode" 1 "--score takes unlabeled or all, not 'val'" \
  "$C" tune --family lambda --score val --train $S --test $L4
fails_with "tune --dataset --score all: refused" 1 "--score all would score the training nodes" \
  "$C" tune --family lambda --score all --dataset tests/fixtures/tinycite --split public
"$C" tune --help | grep -q -- "--score S"; ok "tune --help lists --score" $?

# an independent exact computation (Python fractions): S, and the random sets
if command -v python3 >/dev/null; then
  python3 tests/tune_score_check.py "$C" $S -- $L4; ok "tune_score_check.py: S -> x4" $?
  python3 tests/tune_score_check.py "$C" $I/random-1.gssl $I/random-2.gssl -- $I/random-3.gssl
  ok "tune_score_check.py: random-1, random-2 -> random-3" $?
else
  echo "no python3: the independent check skipped"
fi
echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
