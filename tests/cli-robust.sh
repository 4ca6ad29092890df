#!/usr/bin/env bash
# The robustness suite (issue 14): hostile and extreme inputs end with a clean
# status and a message on stderr, never a hang, an abort or a partial stdout.
# Every command runs under `timeout` and, where memory matters, `ulimit -v`,
# so a regression fails here instead of hanging the suite. Files are in
# tests/robust/ (each says what it tests); the large ones are generated.
# Usage: bash tests/cli-robust.sh CERTUNE (from the repo root).
set -u
C=$(realpath "${1:?usage: cli-robust.sh CERTUNE}")
R=$(realpath tests/robust)
fails=0 checks=0 skipped=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
MEM=4000000 # KiB of address space for the valid extreme files (the issue's target)
SLOW=1
# AddressSanitizer reserves terabytes of address space, so `ulimit -v` cannot
# apply to its builds (make check-asan): there huge requests must return NULL
# (to reach certune's out-of-memory path) and time limits are tripled.
if grep -q __asan_init "$C"; then
  export ASAN_OPTIONS=allocator_may_return_null=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}
  SLOW=3
fi

ok() { # description, condition exit status
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi
}
# run SECONDS KIB args...: certune under a time and memory limit; stdout in
# $tmp/out, stderr in $tmp/err, the exit status in $rc.
run() {
  local secs=$(($1 * SLOW)) kib=$2; shift 2
  [ "$SLOW" -eq 1 ] || kib=unlimited
  (ulimit -v "$kib"; exec timeout "$secs" "$C" "$@") >"$tmp/out" 2>"$tmp/err"
  rc=$?
}
want() { # status description: checks $rc, shows stderr when it differs
  [ "$rc" -eq "$1" ] || { echo "exit $rc, wanted $1: $2"; head -c 600 "$tmp/err"; return 1; }
}
clean_fail() { # status pattern description: that status, nothing on stdout, pattern on stderr
  want "$1" "$3" && [ ! -s "$tmp/out" ] && grep -q -- "$2" "$tmp/err"
}

# 1. Out of memory: a message naming the file, exit 5, nothing on stdout.
#    bounds lists every class pair of every node: 10^6 declared classes need
#    terabytes (analyze compacts the classes; bounds does not).
run 20 1000000 bounds --family lambda "$R/classes-1e6-4nodes.gssl"
clean_fail 5 "certune: out of memory while analyzing .*classes-1e6-4nodes.gssl (about [0-9]* MB requested)" \
  "bounds on c = 10^6: exit 5"
ok "out of memory: exit 5, message on stderr, nothing on stdout" $?

# 2. Classes: only those present cost anything; losses by hand (files' comments).
for f in lambda alpha delta; do
  run 30 $MEM analyze --family $f --json "$R/classes-1e6-4nodes.gssl"
  want 0 "$f c=10^6" && [ "$(jq -r .minimum.loss "$tmp/out")" = 1 ]
  ok "$f: 4 nodes, 10^6 classes: loss 1 (node 2 predicted class 0, held out 5)" $?
  run 30 $MEM analyze --family $f --json "$R/classes-gap.gssl"
  want 0 "$f gap" && [ "$(jq -c '[.pieces[].loss]' "$tmp/out")" = '["0"]' ]
  ok "$f: an unlabeled node's tie goes to class 0 though no node has it: loss 0" $?
  run 30 $MEM analyze --family $f --json "$R/classes-absent-truth.gssl"
  want 0 "$f absent" && [ "$(jq -c '[.pieces[].loss]' "$tmp/out")" = '["1/2"]' ]
  ok "$f: held-out class given to no node: loss 1/2" $?
done

# 3. Many components: 10^5 (isolated held-out nodes around one gadget), near
#    linear time, and one summary line instead of 10^5 warnings.
awk 'BEGIN { n = 100000; print "p gssl", n, 2; print "e 1 3 1"; print "e 2 3 1";
  print "e 3 4 3"; print "l 1 0"; print "l 2 0"; print "l 4 1"; print "t 3 1";
  for (i = 5; i <= n; i++) print "t", i, i % 2 }' >"$tmp/iso.gssl"
for f in lambda alpha delta; do
  run 20 $MEM analyze --family $f "$tmp/iso.gssl"
  want 0 "$f 10^5 components" && [ "$(wc -l <"$tmp/err")" -eq 4 ] &&
    grep -q "\.\.\. and 99993 more components without a labeled node" "$tmp/err"
  ok "$f: 10^5 components within 20 s, 3 warnings and one summary" $?
done

# 4. Square classes by a coprime basis: a weight p q of two 41-digit primes.
#    Run in an empty folder: FLINT's quadratic sieve would leave *siqs.dat.
mkdir "$tmp/cwd"
for f in lambda alpha delta; do
  (cd "$tmp/cwd" && run 10 $MEM analyze --family $f "$R/semiprime-weight.gssl" && want 0 "$f semiprime")
  ok "$f: semiprime weight within 10 s" $?
done
[ -z "$(ls -A "$tmp/cwd")" ]; ok "no files left in the working directory" $?

# 5. The 1 + 10^-100 gadget: lambda and alpha decide it, delta cannot order two
#    thresholds 10^-101 apart (exit 3, for analyze and bounds alike).
run 30 $MEM analyze --family lambda "$R/delta-undecided.gssl"; want 0 lambda; ok "lambda: 1 + 10^-100" $?
run 30 $MEM analyze --family alpha "$R/delta-undecided.gssl"; want 0 alpha; ok "alpha: 1 + 10^-100" $?
run 30 $MEM analyze --family delta --json "$R/delta-undecided.gssl"
want 3 "delta undecided" && [ "$(jq -c '.domain | [.lo_closed, .hi_closed]' "$tmp/out")" = '[true,true]' ]
ok "delta: undecided, exit 3, the JSON keeps the closed domain [0, 1]" $?
run 30 $MEM bounds --family delta "$R/delta-undecided.gssl"
clean_fail 3 "undecided" "bounds delta undecided" && ! grep -q "no scored node" "$tmp/err"
ok "bounds --family delta: undecided is exit 3, no counts" $?

# 6. Extreme exponents, made smaller than the issue's 1e100000 to keep the
#    suite short (docs/formats.md has the figures for 1e100000).
awk 'BEGIN { print "p gssl 6 2"; print "e 1 2 1e5000"; print "e 2 3 1e-5000";
  print "e 3 4 1"; print "e 4 5 1e5000"; print "e 5 6 1e-5000"; print "l 1 0";
  print "l 6 1"; print "t 3 0"; print "t 4 1" }' >"$tmp/exp.gssl"
for f in lambda alpha delta; do
  run 20 $MEM analyze --family $f "$tmp/exp.gssl"; want 0 "$f exponents"
  ok "$f: weights 1e5000 next to 1e-5000 within 20 s" $?
done

# 6b. Six times the exponent: the reduction of the huge entries and the Chinese
#     remaindering are quasi-linear in the number of primes (docs/formats.md,
#     resource bounds), so every family runs in seconds under 1 GB. Before, the
#     np^2 Garner tables of delta and alpha needed 1.8 GB here (exit 5) and
#     alpha's root isolation bisected once per bit (tens of seconds). Expected:
#     the breakpoint counts and the minimum loss of the code before the change
#     (identical output at 1e20000 and 1e30000 without the memory limit).
awk 'BEGIN { print "p gssl 6 2"; print "e 1 2 1e30000"; print "e 2 3 1e-30000";
  print "e 3 4 1"; print "e 4 5 1e30000"; print "e 5 6 1e-30000"; print "l 1 0";
  print "l 6 1"; print "t 3 0"; print "t 4 1" }' >"$tmp/exp30k.gssl"
for fb in lambda:0 delta:2 alpha:1; do
  f=${fb%:*}
  run 20 1000000 analyze --family $f --json "$tmp/exp30k.gssl"
  want 0 "$f 1e30000" &&
    [ "$(jq -c '[(.breakpoints | length), .minimum.loss]' "$tmp/out")" = "[${fb#*:},\"0\"]" ]
  ok "$f: weights 1e30000 next to 1e-30000 within 20 s and 1 GB" $?
  cp "$tmp/out" "$tmp/exp30k-$f.json"
done
[ "$(jq -r '.breakpoints[0].approx[0:12]' "$tmp/exp30k-delta.json")" = 0.4999999272 ]
ok "delta: 1e30000, first breakpoint 0.4999999272..." $?

# 7. alpha's decimals tell a breakpoint at 1 - 1.25e-91 from the end 1.
run 10 $MEM analyze --family alpha --json "$R/alpha-near-one.gssl"
want 0 near-one && jq -r '.breakpoints[0].approx' "$tmp/out" | grep -q '^0\.9\{90\}875$'
ok "alpha: breakpoint near 1 printed as 0.(90 nines)875, not 1" $?

# 8. Streaming parse: errors at their line without reading the rest.
(ulimit -v "$([ "$SLOW" -eq 1 ] && echo 400000 || echo unlimited)"; yes 'e 1 2 1' | timeout 5 "$C" analyze --family lambda - >"$tmp/out" 2>"$tmp/err")
rc=$?
clean_fail 2 "(stdin):1: 'e' record before the header" "endless pipe"
ok "an endless pipe of edges: the line-1 error at once" $?
run 5 400000 analyze --family lambda /dev/zero
clean_fail 2 "/dev/zero:1: line longer than" "/dev/zero"; ok "/dev/zero: line 1 too long, at once" $?
timeout 5 "$C" analyze --family lambda --json - <"$R/classes-gap.gssl" >"$tmp/out" 2>/dev/null &&
  [ "$(jq -c '[.pieces[].loss]' "$tmp/out")" = '["0"]' ]
ok "'-' reads the instance from stdin" $?

# 9. shatter --m stays within what the loader accepts.
run 5 $MEM shatter --family lambda --m 18 --out "$tmp/sh18"
clean_fail 1 "1 to 17" "shatter m 18" && [ ! -e "$tmp/sh18" ]; ok "shatter --m 18 refused" $?

# 10. Write errors: exit 2 with the reason, for every subcommand.
"$C" shatter --family lambda --m 2 --out "$tmp/sh2" >/dev/null 2>&1
mkdir -p "$tmp/ds" && (cd "$tmp/ds" && printf '6 2\n0 0\n1 1\n2 0\n3 1\n4 0\n5 1\n' >labels.txt &&
  printf '6 5\n0 1\n1 2\n2 3\n3 4\n4 5\n' >edges.txt && printf '6 2 6\n0 0 1\n1 1 1\n2 0 1\n3 1 1\n4 0 1\n5 1 1\n' >features.txt &&
  printf '0\n1\n' >train.txt && printf '2\n3\n' >val.txt && printf '4\n5\n' >test.txt)
G=$(realpath instances/lambda-gadget-x4.gssl)
for cmd in "analyze --family lambda $G" "bounds --family lambda $G" \
  "verify-shatter --family lambda $tmp/sh2" "shatter --family lambda --m 1 --out $tmp/sh1" \
  "sample --dataset $tmp/ds --nodes 3 --count 1 --out $tmp/smp" "gnn train --model gcn --dataset $tmp/ds --epochs 2" \
  "help"; do
  (ulimit -v "$([ "$SLOW" -eq 1 ] && echo $MEM || echo unlimited)"; timeout $((30 * SLOW)) "$C" $cmd >/dev/full 2>"$tmp/err"); rc=$?
  want 2 "$cmd > /dev/full" && grep -q "No space left on device" "$tmp/err"
  ok "$cmd > /dev/full: exit 2 with the reason" $?
done
run 5 $MEM analyze --family lambda --plot "$tmp" "$tmp/exp.gssl"
clean_fail 2 "cannot write the plot: Is a directory" "plot dir"; ok "--plot to a folder: exit 2 before the analysis" $?
run 5 $MEM bounds --family lambda --plot /dev/full "$G"
want 2 "plot full" && grep -q "cannot write the plot: No space left on device" "$tmp/err"
ok "--plot to a full disk: exit 2 with the reason" $?

# 11. The GNN half: sizes that overflow or exceed memory end with exit 5.
cp -r "$tmp/ds" "$tmp/dsbig" && printf '6 1000000000 2\n0 5 1.0\n3 999999999 2.0\n' >"$tmp/dsbig/features.txt"
run 20 $MEM gnn train --model gcn --dataset "$tmp/dsbig" --epochs 2
clean_fail 5 "out of memory while training on the dataset" "10^9 feature columns"
ok "gnn: 10^9 feature columns: exit 5, no segfault" $?
mkdir "$tmp/geom" && printf 'node_id\tfeature(feature_amount:2000000000)\tlabel\n0\t1,5\t0\n1\t2\t1\n2\t3\t0\n3\t4\t1\n' \
  >"$tmp/geom/out1_node_feature_label.txt" && printf 'node_id\tnode_id\n0\t1\n1\t2\n2\t3\n' >"$tmp/geom/out1_graph_edges.txt"
run 20 $MEM gnn train --model gcn --dataset "$tmp/geom" --epochs 2 --split random:0.5
clean_fail 5 "out of memory while training" "geom feature_amount"
ok "gnn: Geom-GCN header feature_amount:2000000000: exit 5" $?
if [ "$SLOW" -eq 1 ]; then
  run 20 $MEM gnn train --model gat --dataset "$tmp/ds" --epochs 2 --hidden 100000 --heads 1000
  clean_fail 5 "out of memory" "hidden 100000 heads 1000"; ok "gnn: --hidden 100000 --heads 1000: exit 5" $?
else # each buffer is under the 16 GiB cap: only a memory limit stops it
  skipped=$((skipped + 1)); echo "SKIPPED (no ulimit -v under ASan): gnn --hidden 100000 --heads 1000"
fi
cp -r "$tmp/ds" "$tmp/dsnotest" && : >"$tmp/dsnotest/test.txt"
run 20 $MEM gnn train --model gcn --dataset "$tmp/dsnotest" --epochs 2 --json
want 0 "empty test" && [ "$(jq -c '[.test_acc, .test_acc_mean]' "$tmp/out")" = '[[null],null]' ] &&
  grep -q "test split is empty" "$tmp/err"
ok "gnn: empty test split: null accuracy and a warning, not 0" $?
cp -r "$tmp/ds" "$tmp/dsnotrain" && : >"$tmp/dsnotrain/train.txt"
run 20 $MEM gnn train --model gcn --dataset "$tmp/dsnotrain" --epochs 2
clean_fail 2 "training split of seed 0 is empty" "empty train"; ok "gnn: empty train.txt: exit 2" $?
printf '6 3\n0 0\n1 1\n2 0\n3 1\n4 0\n' >"$tmp/ds/labels.txt"
run 20 $MEM gnn train --model gcn --dataset "$tmp/ds" --epochs 2
clean_fail 2 "labels.txt" "short labels"; ok "gnn: a labels.txt shorter than its header: exit 2 naming it" $?

# 12. Without ulimit -v certune limits its own address space (the machine's
#     memory, or CERTUNE_MAX_MEMORY MiB), so an analysis too large ends with
#     exit 5 and the message instead of the kernel's kill; a user's limit
#     stands. alpha's exact path on 200 nodes takes about 160 MB.
big="analyze --family alpha --ball off $(realpath instances/alpha-single-200.gssl)"
lim() { # MIB KIB args...: under CERTUNE_MAX_MEMORY=MIB and ulimit -v KIB
  local mib=$1 kib=$2; shift 2
  (ulimit -v "$kib"; CERTUNE_MAX_MEMORY=$mib exec timeout $((60 * SLOW)) "$C" "$@") \
    >"$tmp/out" 2>"$tmp/err"
  rc=$?
}
if [ "$SLOW" -eq 1 ]; then
  lim 100 unlimited $big
  clean_fail 5 "certune: out of memory while analyzing .*alpha-single-200.gssl" "own limit"
  ok "no ulimit -v, CERTUNE_MAX_MEMORY=100: exit 5 with the message, nothing on stdout" $?
  lim 100 4000000 $big
  want 0 "user's limit" && [ -s "$tmp/out" ]
  ok "ulimit -v 4000000 stands over CERTUNE_MAX_MEMORY=100: exit 0" $?
else
  skipped=$((skipped + 2))
  echo "SKIPPED (a sanitizer's shadow: no own limit, no ulimit -v): CERTUNE_MAX_MEMORY, a user's limit"
fi
lim 0 unlimited --version
clean_fail 1 "CERTUNE_MAX_MEMORY: expected a whole number of MiB" "zero MiB"
ok "CERTUNE_MAX_MEMORY=0: a usage error (exit 1)" $?
lim 12x unlimited --version
clean_fail 1 "CERTUNE_MAX_MEMORY: expected a whole number of MiB" "12x"
ok "CERTUNE_MAX_MEMORY=12x: a usage error (exit 1)" $?

echo "cli-robust: $checks checks, $fails failed, $skipped skipped"
[ "$fails" -eq 0 ]
