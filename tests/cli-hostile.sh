#!/usr/bin/env bash
# The hostile cases (issue 32): each input in tests/hostile/ (the file says what
# it tests and derives its expected values by hand) with the expected status,
# message and output of every command that reads it. A wrong answer, a silent
# acceptance, a crash or a hang fails here. Every run is under `timeout`.
# Usage: bash tests/cli-hostile.sh CERTUNE (from the repo root).
set -u
C=$(realpath "${1:?usage: cli-hostile.sh CERTUNE}")
H=$(realpath tests/hostile)
ROOT=$(pwd)
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SLOW=1
grep -q __asan_init "$C" && SLOW=3

ok() { # description, status of the check
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi
}
run() { # SECONDS args...: stdout in $tmp/out, stderr in $tmp/err, status in $rc
  local secs=$(($1 * SLOW)); shift
  timeout "$secs" "$C" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
}
want() { # status description
  [ "$rc" -eq "$1" ] || { echo "exit $rc, wanted $1: $2"; head -c 600 "$tmp/err"; return 1; }
}
clean_fail() { # status pattern description: that status, nothing on stdout, pattern on stderr
  want "$1" "$3" && [ ! -s "$tmp/out" ] && grep -q -- "$2" "$tmp/err"
}
json_is() { # jq-path value: the JSON on stdout has that value there
  local got
  got=$(jq -r "$1" "$tmp/out" 2>/dev/null)
  [ "$got" = "$2" ] || { echo "$1 = '$got', wanted '$2'"; return 1; }
}

# 1. --ties expected where F = 0: every declared class ties, in every command.
#    FILE LOSS-EXPECTED LOSS-SMALLEST (derived in each file's comments)
while read -r name lexp lsmall; do
  f="$H/$name.gssl"
  for fam in lambda alpha delta; do
    d="$name $fam"
    run 30 analyze --family "$fam" --json "$f"
    want 0 "$d" && json_is .minimum.loss "$lsmall"
    ok "$d: analyze, smallest rule: $lsmall" $?
    run 30 analyze --family "$fam" --ties expected --json --save-profile "$tmp/p.ctp" "$f"
    want 0 "$d" && json_is .minimum.loss "$lexp"
    ok "$d: analyze --ties expected: $lexp" $?
    at=$(jq -r .minimum.representative "$tmp/out")
    run 30 eval --family "$fam" --ties expected --at "$at" --json "$f"
    want 0 "$d" && json_is .loss "$lexp"
    ok "$d: eval --ties expected at $at: $lexp" $?
    run 30 eval --family "$fam" --ties expected --at "$at" --json "$tmp/p.ctp"
    want 0 "$d" && json_is .loss "$lexp"
    ok "$d: eval from the profile: $lexp" $?
    run 30 merge --json "$tmp/p.ctp"
    want 0 "$d" && json_is .minimum.loss "$lexp"
    ok "$d: merge of the profile: $lexp" $?
    run 60 tune --family "$fam" --ties expected --json --train "$f" --test "$f"
    want 0 "$d" && json_is .train_loss "$lexp" && json_is .test_loss "$lexp"
    ok "$d: tune from instances: train and test $lexp" $?
    run 60 tune --family "$fam" --ties expected --json --train "$tmp/p.ctp" --test "$f"
    want 0 "$d" && json_is .train_loss "$lexp" && json_is .test_loss "$lexp"
    ok "$d: tune from the profile: train and test $lexp" $?
  done
done <<'EOF'
ties-isolated-4classes 3/8 0
ties-unlabeled-comp-5classes 8/15 2/3
EOF

# 2. Profiles are checked, not trusted: a changed digit anywhere (a cost, an
#    event, a coefficient, a printed bound) is refused with the file and the
#    `end` line, by merge, eval and tune alike; the untouched file is taken.
I=$(realpath instances)
run 30 analyze --family lambda --save-profile "$tmp/r.ctp" "$I"/random-1.gssl "$I"/random-2.gssl
want 0 "profile" && [ "$(tail -n 1 "$tmp/r.ctp" | cut -c5-)" = "$(head -n -1 "$tmp/r.ctp" | sha256sum | cut -c1-64)" ]
ok "the last line is the SHA-256 of the lines above it" $?
last=$(wc -l <"$tmp/r.ctp")
n=0
for key in i b e t; do
  line=$(grep -n "^$key " "$tmp/r.ctp" | head -n 1 | cut -d: -f1)
  for pos in 3 5 9; do # flip the digit after the pos-th byte of the line
    awk -v L="$line" -v P="$pos" 'NR == L { for (k = P + 1; k <= length($0); k++) {
        c = substr($0, k, 1); if (c ~ /[0-9]/) { $0 = substr($0, 1, k - 1) (c == 9 ? 0 : c + 1) substr($0, k + 1); break } } }
      { print }' "$tmp/r.ctp" >"$tmp/f.ctp"
    cmp -s "$tmp/r.ctp" "$tmp/f.ctp" && continue
    n=$((n + 1))
    for cmd in "merge" "eval --at 1/2" "tune --test $I/random-3.gssl --train"; do
      run 30 $cmd "$tmp/f.ctp"
      clean_fail 2 "f.ctp:\($line: \|$last: the digest does not match\)" "$key line, byte $pos: $cmd"
      ok "a digit flipped in the first $key line (after byte $pos): $cmd refuses it (its line or the digest)" $?
    done
  done
done
[ "$n" -ge 8 ]; ok "digit flips tried: $n" $?
run 30 merge "$tmp/r.ctp"; want 0 "untouched"; ok "the untouched profile is taken" $?
head -n -1 "$tmp/r.ctp" >"$tmp/f.ctp"
run 30 merge "$tmp/f.ctp"; clean_fail 2 "f.ctp:$last: unexpected end of file" "truncated"
ok "a profile without its end line is refused" $?

# 3. Shards of different sets are not merged; the same set spelled otherwise is.
cd "$tmp" && cp "$I"/random-1.gssl a.gssl && cp "$I"/random-2.gssl b.gssl && cp "$I"/random-3.gssl c.gssl
run 30 analyze --family lambda --save-profile one.ctp a.gssl b.gssl c.gssl
run 30 merge one.ctp && cp out one.txt
run 30 analyze --family lambda --shard 0/2 --save-profile s0.ctp ./a.gssl b.gssl ./c.gssl
run 30 analyze --family lambda --shard 1/2 --save-profile s1.ctp a.gssl ./b.gssl c.gssl
run 30 merge s1.ctp s0.ctp; want 0 "respelled" && cmp -s out one.txt
ok "one set spelled ./a.gssl and a.gssl: merged, the one run's report" $?
run 30 analyze --family lambda --shard 1/2 --save-profile x1.ctp b.gssl a.gssl c.gssl
run 30 merge s0.ctp x1.ctp
clean_fail 2 "cannot merge s0.ctp and x1.ctp: shards of different instance sets" "reordered"
ok "shards of a reordered list (a.gssl would count twice): refused, both files named" $?
cp a.gssl a2.gssl && echo "% one more byte" >>a2.gssl
run 30 analyze --family lambda --shard 1/2 --save-profile y1.ctp a2.gssl b.gssl c.gssl
run 30 merge s0.ctp y1.ctp
clean_fail 2 "shards of different instance sets" "changed file"
ok "a file changed between the shard runs: refused" $?
run 30 analyze --family alpha --shard 1/2 --save-profile z1.ctp a.gssl b.gssl c.gssl
run 30 merge s0.ctp z1.ctp
clean_fail 2 "cannot merge s0.ctp and z1.ctp: different families: lambda and alpha" "families"
ok "merge of two families names both files and both families" $?
run 30 merge s0.ctp s0.ctp s1.ctp
clean_fail 2 "cannot merge s0.ctp and s0.ctp: both hold shard 0/2" "twice"
ok "a shard given twice names the files" $?

# 8, 9. Empty shards are parts like any other; a huge split is summarized.
bad=0
for i in 0 1 2 3 4; do
  run 30 analyze --family lambda --shard $i/5 --save-profile e$i.ctp a.gssl b.gssl c.gssl
  want 0 "shard $i/5" && { [ $i -lt 3 ] || [ ! -s out ]; } || bad=1
done
ok "analyze of 3 files in 5 shards: every shard exits 0, the empty ones print nothing" $bad
grep -q "shard 4/5 of 3 instances is empty" err && grep -q "^instances 0$" e4.ctp
ok "an empty shard says so and writes a profile with no instance" $?
run 30 merge e4.ctp e2.ctp e0.ctp e3.ctp e1.ctp; want 0 "empties" && cmp -s out one.txt
ok "merge with the empty shards: the one run's report" $?
run 30 merge e0.ctp e1.ctp e2.ctp; want 0 "needed" && cmp -s out one.txt
ok "merge without the empty shards (they hold nothing by construction)" $?
run 30 eval --at 1/2 e0.ctp e1.ctp e2.ctp e3.ctp; want 0 "eval empties"; ok "eval takes empty shards" $?
run 30 tune --train e0.ctp e1.ctp e2.ctp e4.ctp --test c.gssl; want 0 "tune empties"; ok "tune takes empty shards" $?
run 30 merge --keep-going e3.ctp e4.ctp
clean_fail 2 "0 of 3 instances; missing shards 0/5 1/5 2/5 (the shards present hold no instance)" "none"
ok "only empty shards: no report even with --keep-going" $?
run 30 analyze --family lambda --shard 0/1000000000 --save-profile h.ctp a.gssl b.gssl c.gssl
run 30 merge h.ctp
clean_fail 2 "1 of 3 instances; missing shards 1/1000000000 2/1000000000 (rerun" "huge"
ok "--shard 0/10^9 of 3: merge needs shards 1 and 2 only" $?
for i in $(seq 0 29); do
  run 30 analyze --family lambda --shard $i/30 --save-profile q$i.ctp $(for k in $(seq 30); do echo a.gssl; done)
done
run 30 merge q0.ctp q7.ctp
clean_fail 2 "missing shards 1/30 .* 21/30 and 8 more (rerun" "summary" && [ "$(wc -c <err)" -lt 400 ]
ok "28 missing shards: 20 named, the rest counted" $?

# 7. An undecided instance: exit 3 whatever the threads or the shards.
R=$ROOT/tests/robust
cd "$ROOT"
for t in 1 2; do
  run 60 analyze --family delta --threads $t "$R"/delta-undecided.gssl "$I"/delta-gadget-x2-c1_2.gssl "$I"/random-1.gssl
  clean_fail 3 "undecided" "threads $t"
  ok "analyze --threads $t with an undecided instance: exit 3" $?
done
for i in 0 1 2; do
  run 60 analyze --family delta --shard $i/3 --save-profile "$tmp/u$i.ctp" "$R"/delta-undecided.gssl "$I"/delta-gadget-x2-c1_2.gssl "$I"/random-1.gssl
done
run 60 merge "$tmp"/u0.ctp "$tmp"/u1.ctp "$tmp"/u2.ctp
clean_fail 3 "undecided" "merge"
ok "merge of shards, one undecided: exit 3" $?
run 60 merge "$tmp"/u1.ctp "$tmp"/u2.ctp "$tmp"/u0.ctp
clean_fail 3 "undecided" "merge in another order"
ok "merge of shards in another order: exit 3" $?

# 6. Inputs readable once (a FIFO, a process substitution, stdin): read once.
mkfifo "$tmp/fifo"
(cat "$I"/random-1.gssl >"$tmp/fifo" &)
run 20 analyze --family lambda "$tmp/fifo"; want 0 "fifo" && grep -q "1 instance, 8 scored" "$tmp/out"
ok "analyze on a FIFO" $?
(cat "$I"/random-1.gssl >"$tmp/fifo" &)
run 20 eval --family alpha --at 1/2 "$tmp/fifo"; want 0 "fifo eval"; ok "eval on a FIFO" $?
(cat "$tmp/r.ctp" >"$tmp/fifo" &)
run 20 eval --at 1/2 "$tmp/fifo"; want 0 "fifo profile" && grep -q "2 instances" "$tmp/out"
ok "eval on a profile from a FIFO" $?
run 20 tune --family delta --train <(cat "$I"/random-1.gssl) --test <(cat "$I"/random-2.gssl)
want 0 "process substitution"; ok "tune on process substitutions" $?
run 20 tune --train <(cat "$tmp/r.ctp") --test <(cat "$I"/random-3.gssl)
want 0 "profile substitution"; ok "tune on a profile from a process substitution" $?
run 20 eval --family lambda --at 2 - <"$I"/random-1.gssl; want 0 "stdin"; ok "eval on stdin" $?

# 10. Two writers of one profile path: each file is whole, never a mix.
for k in $(seq 1 12); do
  "$C" analyze --family lambda --save-profile "$tmp/w.ctp" "$I"/random-1.gssl >/dev/null 2>&1 &
  "$C" analyze --family lambda --save-profile "$tmp/w.ctp" "$I"/random-2.gssl >/dev/null 2>&1 &
  wait
  "$C" merge "$tmp/w.ctp" >/dev/null 2>"$tmp/err" || { cat "$tmp/err"; break; }
done
ok "12 races of two writers: every resulting profile reads back" $?
[ -z "$(ls "$tmp" | grep 'w.ctp.tmp')" ]; ok "no temporary file left behind" $?
run 10 analyze --family lambda --save-profile /nonexistent/dir/p.ctp "$I"/random-1.gssl
clean_fail 2 "/nonexistent/dir/p.ctp.*No such file or directory" "unwritable"
ok "an unwritable profile path: the reason, before the analysis" $?

# 12. eval on instances declaring many classes: the classes present are solved
#     for, as in analyze (a node's c(c-1)/2 class pairs needed terabytes at
#     c = 10^6); predictions and tie counts stay in the declared classes.
R=$ROOT/tests/robust
for fam in lambda alpha delta; do
  run 10 eval --family "$fam" --at 1/2 --predictions --json "$R"/classes-1e6-4nodes.gssl
  want 0 "1e6 $fam" && json_is .loss 1 && json_is '.predictions[0].predicted' 0 &&
    json_is '.predictions[0].true' 5 && json_is '.predictions[0].tied' 1
  ok "eval $fam on 10^6 declared classes: node 2 predicts 0 (true 5), untied" $?
done
run 10 eval --family lambda --ties expected --at 1 "$R"/classes-1e6-4nodes.gssl
clean_fail 2 "classes-1e6-4nodes.gssl: --ties expected supports at most 40 classes" "1e6 expected"
ok "eval --ties expected on 10^6 classes: refused before any solve" $?
# 20000 classes: node 2 ties 7 with 19999 (the middle of a path), the
# unlabeled component ties among all 20000 declared classes, class 0 predicted.
printf '%s\n' "p gssl 6 20000" "e 1 2 1" "e 2 3 1" "e 4 5 1" "l 1 19999" "l 3 7" \
  "t 2 7" "t 4 3" "t 5 19998" "t 6 0" >"$tmp/c20k.gssl"
for fam in lambda alpha delta; do
  run 10 eval --family "$fam" --at 1/2 --predictions "$tmp/c20k.gssl"
  want 0 "20k $fam" && grep -q "node 2  predicted 7  true 7  tied 2$" "$tmp/out" &&
    grep -q "node 5  predicted 0  true 19998  tied 20000$" "$tmp/out" &&
    grep -q "node 6  predicted 0  true 0  tied 20000$" "$tmp/out" &&
    grep -q "^loss 1/2 (0.5), accuracy 1/2 (0.5)$" "$tmp/out"
  ok "eval $fam on 20000 declared classes: ties counted in declared classes" $?
done

# 11. eval's cliffs. A 1500-node path (edges i-(i+1) of weight 1, node 1
#     class 0, node 1500 class 1, every 7th node from 2 held out: class 0 below
#     the middle, 1 above): the solution decays to 1e-49 in the middle (delta,
#     c = 99/100) and to 1e-430 (alpha at 1/2), where one error bound per
#     component sent everything to a dense exact solve (minutes, while analyze
#     takes seconds). Loss 0 by the path's symmetry: each held-out node is on
#     its class's side. lambda at 10^99999 on 16 nodes: every entry of the
#     system carried x (past 60 s); the loss agrees with the analyzer's profile.
awk 'BEGIN { n = 1500; print "p gssl " n " 2"; for (i = 1; i < n; i++) print "e " i " " i + 1 " 1";
  print "l 1 0"; print "l " n " 1"; for (i = 2; i < n; i += 7) print "t " i " " (i < n / 2 ? 0 : 1) }' >"$tmp/path.gssl"
for case in "delta 1/2" "delta 0" "delta 1" "alpha 1/2" "alpha 1/1000000" "lambda 1" "lambda 1/1000"; do
  set -- $case
  run 10 eval --family "$1" --at "$2" --json "$tmp/path.gssl"
  want 0 "path $case" && json_is .loss 0 && json_is .scored_nodes 214
  ok "eval $case on the 1500-node path: loss 0 in seconds" $?
done
# 14. analyze alpha on the same path (past 60 s and 1.1 GB before: 41 Taylor
#     disks of dense LUs for its tiny gap, then the exact fallback): the
#     ball path in seconds, values of 1e-430 certified by monotone brackets.
#     Expected by symmetry: loss 0 on the one piece (0, 1), no breakpoint,
#     undecided nothing; eval at rationals across (0, 1) agrees.
run 120 analyze --family alpha --threads 1 --json "$tmp/path.gssl"
want 0 "path analyze alpha" && json_is .scored_nodes 214 && json_is '.breakpoints | length' 0 &&
  json_is '.pieces | length' 1 && json_is '.pieces[0].loss' 0 && json_is .minimum.loss 0 &&
  json_is '.undecided | length' 0
ok "analyze alpha on the 1500-node path: loss 0 on (0, 1), no breakpoint" $?
for q in 1/1000 1/3 7/10 99/100 9999/10000; do
  run 10 eval --family alpha --at "$q" --json "$tmp/path.gssl"
  want 0 "path eval alpha $q" && json_is .loss 0
  ok "eval alpha at $q on the path: the analysis's loss 0" $?
done
run 10 eval --family delta --c 1/2 --at 1/2 --json "$tmp/path.gssl"
want 0 "path c 1/2" && json_is .loss 0
ok "eval delta (c = 1/2) on the path: values down to 1e-860, still loss 0" $?
run 30 analyze --family lambda --save-profile "$tmp/r2.ctp" "$I"/random-2.gssl
for x in 1e99999 1e-99999; do
  run 10 eval --family lambda --at "$x" --json "$I"/random-2.gssl && cp "$tmp/out" "$tmp/direct.json"
  run 10 eval --at "$x" --json "$tmp/r2.ctp"
  want 0 "profile $x" && json_is .loss "$(jq -r .loss "$tmp/direct.json")" &&
    [ "$(jq -r .loss "$tmp/direct.json")" = "$([ $x = 1e99999 ] && echo 8/11 || echo 6/11)" ]
  ok "eval lambda at $x on 16 nodes: in seconds, the profile's loss" $?
done
run 10 eval --family lambda --at 1e99999 "$I"/random-2.gssl
want 0 "brief x" && head -n 1 "$tmp/out" | grep -q "^family lambda at lambda = ~1e99999 \[exact: 100000 digits\]: 1 instance"
ok "eval's header summarizes a point of 100000 digits" $?

# 13. Huge numbers: delta's c = 1e-100000 on 12 nodes (entries of 3.6 million
#     bits; 20 to 40 s before) in seconds, the same report; the text header
#     summarizes c, JSON keeps it exactly.
run 20 analyze --family delta --c 1e-100000 --json "$I"/random-1.gssl
want 0 "huge c json" && [ "$(jq -r '.c | length' "$tmp/out")" = 100003 ] &&
  json_is .minimum.loss 1/2
ok "analyze delta at c = 1e-100000: loss 1/2, c exact in JSON" $?
run 20 analyze --family delta --c 1e-100000 "$I"/random-1.gssl
want 0 "huge c text" && head -n 1 "$tmp/out" | grep -q "^family delta (c = ~1e-100000 \[exact: 100002 digits\]) on \[0, 1\]: 1 instance, 8 scored nodes$"
ok "analyze delta at c = 1e-100000: the header summarizes c" $?

# 13b. alpha with one weight of 10^6 digits (the digit limit allows it; past
#     400 s before: 10^5 primes for coefficients of 6.6 million bits; now its
#     pencil, docs/alpha.md "Huge weights"). random-1's edge (2, 5) made
#     10^(10^6 - 1): the same loss, breakpoint and decimal interval as with
#     10^149, which the multimodular path solves (below the pencil's 512 bits;
#     the breakpoint moves by about H^(-1/2), far below its 22 digits). The
#     gadget of docs/alpha.md with x = 10^(10^6 - 1) on the held-out leaf
#     (node 4's degree x = 10 (10^499999)^2: a q of a million bits):
#     threshold sqrt(x + 2) / 2 > 1, so node 4 is class 0 on all of (0, 1):
#     loss 0 for truth 0, 1 for truth 1, no breakpoint.
python3 -c "
import sys
src = open(sys.argv[1]).read()
for k in (150, 1000000):
    open(sys.argv[2] + '/huge-%d.gssl' % k, 'w').write(src.replace('e 2 5 457/50', 'e 2 5 1' + '0' * (k - 1)))
for t in (0, 1):
    open(sys.argv[2] + '/gadget-%d.gssl' % t, 'w').write('p gssl 4 2\ne 1 2 1\ne 1 3 1\ne 1 4 1' + '0' * 999999 + '\nl 1 0\nl 2 1\nl 3 1\nt 4 %d\n' % t)
" "$I"/random-1.gssl "$tmp"
run 60 analyze --family alpha --json "$tmp"/huge-150.gssl && cp "$tmp/out" "$tmp/h150.json"
run 60 analyze --family alpha --json "$tmp"/huge-1000000.gssl
want 0 "alpha 10^6 digits" && json_is .minimum.loss 5/8 &&
  [ "$(jq -c '[.breakpoints[] | del(.exact)], .pieces' "$tmp/out")" = \
    "$(jq -c '[.breakpoints[] | del(.exact)], .pieces' "$tmp/h150.json")" ] &&
  json_is '.breakpoints | length' 1
ok "analyze alpha with a weight of 10^6 digits: loss 5/8, the breakpoint of 10^149's" $?
for t in 0 1; do
  run 60 analyze --family alpha --json "$tmp/gadget-$t.gssl"
  want 0 "gadget 10^6 digits, truth $t" && json_is .minimum.loss $t &&
    json_is '.breakpoints | length' 0
  ok "alpha gadget with x of 10^6 digits on the leaf, truth $t: loss $t on (0, 1)" $?
done

# 13c. lambda with one weight of 10^6 digits (37 s of CPU before: the same
#     multimodular solve; now its pencil, docs/lambda.md "Huge weights"):
#     random-1's edge (2, 5) as in 13b gives 10^149's analysis (loss 5/8, no
#     breakpoint); the lambda gadget of README.md with x = 10^(10^6 - 1)
#     switches node 3 from class 0 to 1 at lambda = x / (x - 2) =
#     5 10^999998 / (5 10^999998 - 1), exactly, a tie there (class 0): loss 0
#     on (0, b1) and at b1, 1 above.
python3 -c "
import sys
open(sys.argv[1] + '/lgadget.gssl', 'w').write('p gssl 4 2\ne 1 3 1\ne 2 3 1\ne 3 4 1' + '0' * 999999 + '\nl 1 0\nl 2 0\nl 4 1\nt 3 0\n')
open(sys.argv[1] + '/lthreshold', 'w').write('5' + '0' * 999998 + '/4' + '9' * 999998 + '\n')
" "$tmp"
run 60 analyze --family lambda --json "$tmp"/huge-150.gssl && cp "$tmp/out" "$tmp/l150.json"
run 60 analyze --family lambda --json "$tmp"/huge-1000000.gssl
want 0 "lambda 10^6 digits" && json_is .minimum.loss 5/8 &&
  [ "$(jq -c '[.breakpoints[] | del(.exact)], .pieces' "$tmp/out")" = \
    "$(jq -c '[.breakpoints[] | del(.exact)], .pieces' "$tmp/l150.json")" ]
ok "analyze lambda with a weight of 10^6 digits: loss 5/8, as with 10^149" $?
run 60 analyze --family lambda --json "$tmp"/lgadget.gssl
want 0 "lambda gadget 10^6 digits" && json_is '.breakpoints | length' 1 &&
  [ "$(jq -r '.breakpoints[0].lo' "$tmp/out")" = "$(cat "$tmp/lthreshold")" ] &&
  [ "$(jq -r '.breakpoints[0].hi' "$tmp/out")" = "$(cat "$tmp/lthreshold")" ] &&
  [ "$(jq -c '[.pieces[].loss], .point_losses' "$tmp/out")" = '["0","1"]
["0"]' ]
ok "lambda gadget with x of 10^6 digits: breakpoint x / (x - 2) exactly, loss 0 then 1" $?

# 13d. delta with one weight of 10^5 digits (its pencil, docs/delta.md "Huge
#     weights"; 10^6 digits takes tens of seconds in the exponential sums'
#     isolation, see there): random-1's edge (2, 5) as in 13b gives the
#     analysis of 10^149 (the multimodular path).
python3 -c "
import sys
src = open(sys.argv[1]).read()
open(sys.argv[2] + '/huge-100000.gssl', 'w').write(src.replace('e 2 5 457/50', 'e 2 5 1' + '0' * 99999))
" "$I"/random-1.gssl "$tmp"
run 60 analyze --family delta --json "$tmp"/huge-150.gssl && cp "$tmp/out" "$tmp/d150.json"
run 60 analyze --family delta --json "$tmp"/huge-100000.gssl
want 0 "delta 10^5 digits" && json_is .minimum.loss "$(jq -r .minimum.loss "$tmp/d150.json")" &&
  [ "$(jq -c '[.breakpoints[] | del(.exact)], .pieces' "$tmp/out")" = \
    "$(jq -c '[.breakpoints[] | del(.exact)], .pieces' "$tmp/d150.json")" ]
ok "analyze delta with a weight of 10^5 digits: the analysis of 10^149" $?

# 15. Breakpoints next to 1 on a logit axis: 1 - x is no double there, yet the
#     plot places them (x = 1 - 1.25e-91: logit 90.9, inside the frame) or,
#     past 10^-300, clamps them to the axis's end and says so; every number in
#     the SVG is finite and inside the picture, on every scale.
svg_check() { # SVG OFFSCALE(0|1): the numbers finite and in the picture, the bp inside the frame
  python3 - "$1" "$2" <<'PY'
import math, re, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
bad, bps = [], []
for el in root.iter():
    for key, val in el.attrib.items():
        if key in ("x", "y", "x1", "x2", "y1", "y2", "cx", "cy", "r", "width", "height", "d", "points", "dy"):
            for num in re.findall(r"[-+]?(?:nan|inf|[0-9.]+(?:e[-+]?[0-9]+)?)", val, re.I):
                v = float(num)
                absolute = key not in ("d", "points", "dy")  # (paths hold relative steps)
                if not math.isfinite(v) or (absolute and not -1 <= v <= 961):
                    bad.append(f"{el.tag} {key}={val}")
    if el.attrib.get("class") == "bp":
        bps.append(float(el.attrib["x1"]))
off = any(el.attrib.get("class") == "offscale" for el in root.iter())
ok = not bad and bps and all(80 <= x <= 690 for x in bps) and off == (sys.argv[2] == "1")
print("bad numbers:", bad[:5], "bp x:", bps, "offscale:", off) if not ok else None
sys.exit(0 if ok else 1)
PY
}
python3 -c "print('p gssl 4 2\ne 1 2 1\ne 1 3 1\ne 1 4 1.' + '9' * 800 + '\nl 1 0\nl 2 1\nl 3 1\nt 4 0')" >"$tmp/far.gssl"
for x in logit log linear; do
  run 30 analyze --family alpha --plot "$tmp/n.svg" --x $x "$R"/alpha-near-one.gssl
  want 0 "near one, $x" && svg_check "$tmp/n.svg" 0
  ok "alpha at 1 - 1.25e-91, --x $x: every SVG number finite, the breakpoint in the frame" $?
  run 30 analyze --family alpha --plot "$tmp/f.svg" --x $x "$tmp/far.gssl"
  want 0 "at 1 - 2.5e-801, $x" && svg_check "$tmp/f.svg" $([ $x = logit ] && echo 1 || echo 0)
  ok "alpha at 1 - 2.5e-801, --x $x: finite, clamped (and said so) only on the logit axis" $?
done
run 30 analyze --family alpha --plot "$tmp/n.svg" --x logit "$R"/alpha-near-one.gssl
bpx=$(grep -o 'class="bp" x1="[0-9.]*"' "$tmp/n.svg" | grep -o '[0-9.]*"$' | tr -d '"')
awk -v x="$bpx" 'BEGIN { exit !(x > 600 && x < 690) }'
ok "the breakpoint at logit 90.9 lies right of the tick 1-10^-84 and left of the end ($bpx)" $?

# 16. File and dataset names are any bytes: a newline, \x01, a quote and a
#     backslash, a byte that is no UTF-8. Every JSON output that names them
#     (analyze --per-instance, merge, eval, tune, bounds, gnn train and tune)
#     stays valid JSON (json.tool reads it) and gives the names back.
J="$tmp/json16"
mkdir -p "$J"
nl=$'a\nb.gssl' ctl=$'c\x01d"\\.gssl' bin=$'e\xfff.gssl'
cp "$I"/random-1.gssl "$J/$nl"; cp "$I"/random-2.gssl "$J/$ctl"; cp "$I"/random-3.gssl "$J/$bin"
cd "$J"
json_valid() { # description names...: stdout is valid JSON holding the names
  local d=$1; shift   # (names as Python literals; a byte that is no UTF-8 reads as U+FFFD)
  want 0 "$d" && python3 -c '
import ast, json, sys
def strings(v):
    if isinstance(v, str):
        yield v
    for w in (v.values() if isinstance(v, dict) else v if isinstance(v, list) else []):
        yield from strings(w)
text = open(sys.argv[1], "rb").read().decode("utf-8")  # (JSON is UTF-8 text)
found = list(strings(json.loads(text)))
for want in map(ast.literal_eval, sys.argv[2:]):
    if not any(want in s for s in found):
        sys.exit("missing " + repr(want))' "$tmp/out" "$@"
}
names=('"a\nb.gssl"' "'c\\x01d\"\\\\.gssl'" '"e\ufffdf.gssl"')
run 30 analyze --family lambda --json --per-instance --save-profile p.ctp "$nl" "$ctl" "$bin"
json_valid "analyze" "${names[@]}"; ok "analyze --json --per-instance: valid JSON with every name" $?
run 30 analyze --family alpha --json --per-instance --shard 0/2 --save-profile s0.ctp "$nl" "$ctl" "$bin"
run 30 analyze --family alpha --json --per-instance --shard 1/2 --save-profile s1.ctp "$nl" "$ctl" "$bin"
run 30 merge --json s1.ctp s0.ctp
json_valid "merge"; ok "merge --json of their shards: valid JSON" $?
run 30 eval --family delta --at 1/2 --json "$nl" "$ctl" "$bin"
json_valid "eval" "${names[@]}"; ok "eval --json: valid JSON with every name" $?
run 30 eval --at 1/2 --json p.ctp
json_valid "eval of a profile" "${names[@]}"; ok "eval --json of a profile: valid JSON with every name" $?
run 60 tune --family lambda --json --train "$nl" "$ctl" --test "$bin"
json_valid "tune"; ok "tune --json: valid JSON" $?
run 60 bounds --family lambda --json "$nl" "$ctl" "$bin"
json_valid "bounds"; ok "bounds --json: valid JSON" $?
ds=$'tiny\n"csv\x01\xff'
cp -r "$ROOT"/tests/data/tiny-csv "$J/$ds"
run 60 gnn train --model gcn --epochs 3 --seeds 1 --json --dataset "$J/$ds"
json_valid "gnn train" "'tiny\\n\"csv\\x01\\ufffd'"; ok "gnn train --json on a folder so named: valid JSON with the name" $?
cp -r "$ROOT"/tests/fixtures/tinyweb "$J/$ds-web"
run 120 gnn tune --model sgc --tuner grid --grid 2 --runs 1 --subgraphs 1 --subgraph-nodes 10 --epochs 3 --json --dataset "$J/$ds-web"
json_valid "gnn tune" "'tiny\\n\"csv\\x01\\ufffd'"; ok "gnn tune --json on a folder so named: valid JSON with the name" $?
cd "$ROOT"

# 17. Messages that name the cause, and hostile counts that cost nothing.
run 10 tune --rademacher 999999999 --train "$I"/random-1.gssl --test "$I"/random-2.gssl
clean_fail 1 "rademacher takes a count from 1 to 100000000, not '999999999'" "rademacher"
ok "tune --rademacher 999999999: the real limit named" $?
run 10 tune --grid 100000001 --train "$I"/random-1.gssl --test "$I"/random-2.gssl
clean_fail 1 "grid takes a count from 0 to 100000000, not '100000001'" "grid"
ok "tune --grid 100000001: the real limit named" $?
printf 'p gssl 2 2\ne 1 2 1e100001\nl 1 0\nt 2 1\n' >"$tmp/exp.gssl"
run 10 analyze --family lambda "$tmp/exp.gssl"
clean_fail 2 "exp.gssl:2: weight '1e100001' has an exponent beyond +-100000" "exponent"
ok "a weight 1e100001: the exponent limit named, not 'malformed'" $?
printf 'p gssl 2 2\ne 1 2 1e100000x\nl 1 0\nt 2 1\n' >"$tmp/exp.gssl"
run 10 analyze --family lambda "$tmp/exp.gssl"
clean_fail 2 "exp.gssl:2: malformed weight '1e100000x'" "malformed"
ok "a weight 1e100000x: still malformed" $?
run 30 gnn train --model gcn --epochs 5 --dataset "$ROOT"/tests/data/tiny-csv --split random:0.99
clean_fail 2 "the validation split of seed 0 is empty" "empty validation"
ok "gnn train with an empty validation split: refused (not 'val 0.0000' and 'still rising')" $?
run 30 gnn tune --model sgc --tuner grid --grid 2 --runs 1 --subgraphs 1 --subgraph-nodes 10 --epochs 3 --val 0 --dataset "$ROOT"/tests/fixtures/tinyweb
clean_fail 2 "split 0.2/0 leave no training, no validation or no test node" "gnn tune --val 0"
ok "gnn tune with no validation node in its subgraphs: refused" $?
cp -r "$ROOT"/tests/fixtures/tinycite/planetoid "$tmp/bighead"
sed -i '1s/^[0-9]* /268435456 /' "$tmp/bighead/labels.txt"
sed 's/^instances 2$/instances 999999999/' "$tmp/r.ctp" >"$tmp/count.ctp"
for lim in 300000 unlimited; do # (ASan needs its terabytes: there, no limit)
  [ "$SLOW" -eq 1 ] || [ $lim = unlimited ] || continue
  rc=0
  (ulimit -v $lim; exec timeout 30 "$C" gnn train --model gcn --epochs 2 --dataset "$tmp/bighead") >"$tmp/out" 2>"$tmp/err" || rc=$?
  clean_fail 2 "labels.txt:1: header says 268435456 nodes, the file has 300" "big header"
  ok "labels.txt header of 2^28 nodes over 300 lines, memory $lim: the count named, nothing allocated for it" $?
  rc=0
  (ulimit -v $lim; exec timeout 30 "$C" merge "$tmp/count.ctp") >"$tmp/out" 2>"$tmp/err" || rc=$?
  clean_fail 2 "count.ctp:15: expected a \`i\` line" "instances count"
  ok "a profile's 'instances 999999999' over 2 lines, memory $lim: its line named, nothing allocated for it" $?
done

echo "$((checks - fails)) of $checks checks passed"
[ "$fails" -eq 0 ]
