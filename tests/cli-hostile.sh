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

echo "$((checks - fails)) of $checks checks passed"
[ "$fails" -eq 0 ]
