#!/usr/bin/env bash
# Progress inside one large instance (docs/scale.md, "Progress"): with
# --progress, analyze and tune print on stderr the phases the analysis
# reports, with counts. The instance is built here from known parts: the
# shipped connected instances random-1, random-2, random-3 side by side (one
# component each, their scored nodes known from their `t` records) and one
# isolated scored node without a label (a component of its own). For every
# family the phases must say: "components solved k/N" for k = 0..N, N the
# components built, in order; "component rows 0/R" then "R/R" for each
# labeled component, R its scored nodes, in order; "nodes swept S/S", S the
# scored nodes; "breakpoints certified B/B", B the count stdout reports. The
# interval is 0 (CERTUNE_PROGRESS_INTERVAL) so that every phase is printed;
# with a long interval none is (the throttle). stdout is byte-identical with
# and without progress, on 1 and 2 threads, and without --progress (stderr
# a file) no phase is printed. On 2 threads with several instances, the
# instances' phase lines must come out whole (the hook's lock).
# Usage: cli-progress.sh CERTUNE
set -u
C=${1:?usage: cli-progress.sh CERTUNE}
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { checks=$((checks + 1)); if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi; }

parts="instances/random-1.gssl instances/random-2.gssl instances/random-3.gssl"
# the parts side by side (node ids shifted), then one isolated scored node
awk 'FNR == 1 { base += n; n = 0 }
     /^p gssl/ { n = $3; c = $4; next }
     /^%/ { next }
     /^e/ { out[++k] = sprintf("e %d %d %s", $2 + base, $3 + base, $4); next }
     /^[lt]/ { out[++k] = sprintf("%s %d %s", $1, $2 + base, $3) }
     END { total = base + n + 1
           print "% " ARGC - 1 " connected parts and an isolated scored node"
           print "p gssl " total " " c
           for (i = 1; i <= k; i++) print out[i]
           print "t " total " 0" }' $parts >"$tmp/big.gssl"
ncomp=4
rows=""
for f in $parts; do rows="$rows $(grep -c '^t' "$f")"; done
nscored=$(grep -c '^t' "$tmp/big.gssl")
ok "the instance has the scored nodes of its parts plus one ($nscored)" \
  $([ "$nscored" -eq $(($(cat $parts | grep -c '^t') + 1)) ]; echo $?)

for f in lambda alpha delta; do
  "$C" analyze --family "$f" "$tmp/big.gssl" >"$tmp/$f.plain" 2>"$tmp/$f.plain.err"
  ok "$f: analyze without --progress" $?
  CERTUNE_PROGRESS_INTERVAL=0 "$C" analyze --family "$f" --progress "$tmp/big.gssl" \
    >"$tmp/$f.out" 2>"$tmp/$f.err"
  ok "$f: analyze --progress" $?
  cmp -s "$tmp/$f.plain" "$tmp/$f.out"
  ok "$f: stdout identical with --progress" $?
  CERTUNE_PROGRESS_INTERVAL=0 "$C" analyze --family "$f" --progress --threads 2 \
    "$tmp/big.gssl" >"$tmp/$f.out2" 2>"$tmp/$f.err2"
  cmp -s "$tmp/$f.plain" "$tmp/$f.out2"
  ok "$f: stdout identical with --progress --threads 2" $?
  ! grep -q 'components solved\|nodes swept' "$tmp/$f.plain.err"
  ok "$f: no phase on stderr without --progress" $?
  # every line is the progress line's form (or the unlabeled component's warning)
  ! grep -v '^certune: analyze: [0-9]*/1 instances, [0-9.]* s, \|^certune: warning: ' \
    "$tmp/$f.err" | grep -q .
  ok "$f: every stderr line is a progress line" $?
  sed -n 's/^certune: analyze: 0\/1 instances, [0-9.]* s, //p' "$tmp/$f.err" >"$tmp/$f.ph"
  # components solved 0/N .. N/N, in order
  want=$(for k in $(seq 0 $ncomp); do echo "components solved $k/$ncomp"; done)
  got=$(grep '^components solved ' "$tmp/$f.ph")
  [ "$got" = "$want" ]
  ok "$f: components solved 0/$ncomp .. $ncomp/$ncomp (got: $(echo $got | tr '\n' ' '))" $?
  # each labeled component's rows: 0/R first, R/R last, in the parts' order
  want=$(for r in $rows; do echo "component rows 0/$r"; echo "component rows $r/$r"; done)
  got=$(grep '^component rows ' "$tmp/$f.ph" | awk '{ split($3, a, "/") }
        a[1] == 0 || a[1] == a[2]')
  [ "$got" = "$want" ]
  ok "$f: component rows 0/R and R/R for R in$rows" $?
  # the rows counted up one at a time
  n=$(grep -c '^component rows ' "$tmp/$f.ph")
  sum=0
  for r in $rows; do sum=$((sum + r + 1)); done
  [ "$n" -eq "$sum" ]
  ok "$f: $sum row reports ($n)" $?
  grep -qx "nodes swept $nscored/$nscored" "$tmp/$f.ph"
  ok "$f: nodes swept $nscored/$nscored" $?
  nbp=$(sed -n 's/^breakpoints: //p' "$tmp/$f.out")
  grep -qx "breakpoints certified $nbp/$nbp" "$tmp/$f.ph"
  ok "$f: breakpoints certified $nbp/$nbp (stdout: $nbp breakpoints)" $?
  # phases in order: components before the sweep, the sweep before the certificates
  order=$(sed 's/ [0-9]*\/[0-9]*$//' "$tmp/$f.ph" | uniq | grep -n 'components solved\|nodes swept\|breakpoints certified' | cut -d: -f2 | uniq | tr '\n' ,)
  [ "$order" = "components solved,nodes swept,breakpoints certified," ]
  ok "$f: phases in order ($order)" $?
  # a long interval: no phase line, only the two instance lines
  CERTUNE_PROGRESS_INTERVAL=1000 "$C" analyze --family "$f" --progress "$tmp/big.gssl" \
    >"$tmp/$f.out3" 2>"$tmp/$f.err3"
  cmp -s "$tmp/$f.plain" "$tmp/$f.out3"
  ok "$f: stdout identical with a long interval" $?
  [ "$(grep -c 'instances' "$tmp/$f.err3")" -eq 2 ] && ! grep -q 'solved' "$tmp/$f.err3"
  ok "$f: a long interval throttles every phase line" $?
done

# several instances on 2 threads: each instance's components reported whole
mkdir "$tmp/set"
for i in 1 2 3; do cp "$tmp/big.gssl" "$tmp/set/big-$i.gssl"; done
for f in lambda delta; do
  "$C" analyze --family "$f" "$tmp/set" >"$tmp/set-$f.plain" 2>/dev/null
  CERTUNE_PROGRESS_INTERVAL=0 CERTUNE_ANALYSIS_CHUNK=1 "$C" analyze --family "$f" \
    --progress --threads 2 "$tmp/set" >"$tmp/set-$f.out" 2>"$tmp/set-$f.err"
  ok "$f: three instances on 2 threads" $?
  cmp -s "$tmp/set-$f.plain" "$tmp/set-$f.out"
  ok "$f: stdout identical (three instances, 2 threads, --progress)" $?
  n=$(grep -c "^certune: analyze: [0-3]/3 instances, [0-9.]* s, components solved $ncomp/$ncomp\$" "$tmp/set-$f.err")
  [ "$n" -eq 3 ]
  ok "$f: components solved $ncomp/$ncomp once per instance ($n)" $?
  ! grep -v '^certune: analyze: [0-3]/3 instances, [0-9.]* s\(, .*\)\?$\|^certune: warning: \|^certune: CERTUNE_ANALYSIS_CHUNK: ' \
    "$tmp/set-$f.err" | grep -q .
  ok "$f: every stderr line whole (2 threads)" $?
done

# tune: the training analysis reports its phases under "tune FAMILY"
CERTUNE_PROGRESS_INTERVAL=0 "$C" tune --family delta --train "$tmp/big.gssl" \
  --test instances/random-1.gssl --progress >"$tmp/tune.out" 2>"$tmp/tune.err"
ok "tune --progress" $?
"$C" tune --family delta --train "$tmp/big.gssl" --test instances/random-1.gssl \
  >"$tmp/tune.plain" 2>/dev/null
cmp -s "$tmp/tune.plain" "$tmp/tune.out"
ok "tune: stdout identical with --progress" $?
grep -q "^certune: tune delta: 0/1 instances, [0-9.]* s, components solved $ncomp/$ncomp\$" \
  "$tmp/tune.err"
ok "tune: the training set's components solved $ncomp/$ncomp" $?
# the test set (random-1: one component) is analyzed beside it without the hook
! grep -q 'components solved [01]/1$' "$tmp/tune.err"
ok "tune: no phase of the test set's analysis" $?
CERTUNE_PROGRESS_INTERVAL=0 "$C" tune --family delta --train "$tmp/big.gssl" \
  --test instances/random-1.gssl --progress --threads 2 >"$tmp/tune2.out" 2>"$tmp/tune2.err"
cmp -s "$tmp/tune.plain" "$tmp/tune2.out" &&
  grep -q "components solved $ncomp/$ncomp\$" "$tmp/tune2.err" &&
  ! grep -q 'components solved [01]/1$' "$tmp/tune2.err"
ok "tune --threads 2: same stdout, the training set's phases only" $?

echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
