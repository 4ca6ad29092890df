#!/usr/bin/env bash
# End-to-end tests of scale-out (docs/scale.md): `analyze --threads N` prints
# the same bytes for N = 1, 2, 3; `analyze --shard i/k --save-profile` then
# `merge` prints the same bytes (text and JSON) as one run over the whole set,
# for every family and k = 1, 2, 7 (contiguous-free: every k-th instance), on
# the shipped instances and on instances sampled from the tinyweb fixture; a
# missing or repeated shard and corrupted profiles fail with exit 2 and a
# message naming the shard, or the file and line. The reference is always the
# one-process, one-thread run over the whole set.
# Usage: cli-scale.sh CERTUNE
set -u
C=${1:?usage: cli-scale.sh CERTUNE}
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { checks=$((checks + 1)); if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi; }

"$C" sample --dataset tests/fixtures/tinyweb --nodes 8 --count 20 --seed 3 \
  --out "$tmp/web" >/dev/null 2>&1
ok "sample 20 instances from the tinyweb fixture" $?
sets="instances $tmp/web"

for set in $sets; do
  for f in lambda alpha delta; do
    "$C" analyze --family $f --threads 1 $set >"$tmp/one.txt" 2>/dev/null
    "$C" analyze --family $f --threads 1 --json $set >"$tmp/one.json" 2>/dev/null
    [ -s "$tmp/one.txt" ]; ok "$f on $set: one run prints a report" $?
    for n in 2 3; do
      "$C" analyze --family $f --threads $n $set 2>/dev/null | cmp -s - "$tmp/one.txt"
      ok "$f on $set: --threads $n prints the bytes of --threads 1" $?
    done
    for k in 1 2 7; do
      rm -f "$tmp"/s*.ctp
      for ((i = 0; i < k; i++)); do
        "$C" analyze --family $f --threads 2 --shard $i/$k --save-profile "$tmp/s$i.ctp" \
          $set >/dev/null 2>&1
      done
      "$C" merge "$tmp"/s*.ctp 2>/dev/null | cmp -s - "$tmp/one.txt"
      ok "$f on $set: $k shards merged print the text of one run" $?
      "$C" merge --json --save-profile "$tmp/all.ctp" "$tmp"/s*.ctp 2>/dev/null |
        cmp -s - "$tmp/one.json"
      ok "$f on $set: $k shards merged print the JSON of one run" $?
      "$C" merge "$tmp/all.ctp" 2>/dev/null | cmp -s - "$tmp/one.txt"
      ok "$f on $set: the merged profile, reloaded, prints the same" $?
    done
  done
done

# One instance is one chunk: the spare threads may work inside it (alpha's
# modular solve split by primes, its Chinese remaindering by values; lambda's
# and delta's primes in rounds); the bytes stay those of one thread.
for f in alpha lambda delta; do
  for one in instances/random-2.gssl instances/random-3.gssl \
    instances/$f-gadget-oscillating.gssl; do
    "$C" analyze --family $f --threads 1 "$one" >"$tmp/one.txt" 2>/dev/null
    [ -s "$tmp/one.txt" ]; ok "$f on $one: one thread prints a report" $?
    for n in 2 3; do
      "$C" analyze --family $f --threads $n "$one" 2>/dev/null | cmp -s - "$tmp/one.txt"
      ok "$f on $one alone: --threads $n prints the bytes of --threads 1" $?
    done
  done
done

# bounds: per-instance rows on the pool, same bytes for any thread count
for f in lambda alpha delta; do
  "$C" bounds --family $f --threads 1 instances/*.gssl "$tmp"/web/*.gssl >"$tmp/b1.txt" 2>&1
  for n in 2 3; do
    "$C" bounds --family $f --threads $n instances/*.gssl "$tmp"/web/*.gssl 2>&1 |
      cmp -s - "$tmp/b1.txt"
    ok "bounds $f --threads $n prints the bytes of --threads 1" $?
  done
done

# tune: both analyses on the pool, same bytes for any thread count
"$C" tune --family all --threads 1 --train "$tmp/web" --test instances/random-1.gssl \
  --rademacher 20 --json >"$tmp/t1.json" 2>/dev/null
[ -s "$tmp/t1.json" ]; ok "tune --threads 1 prints a report" $?
for n in 2 3; do
  "$C" tune --family all --threads $n --train "$tmp/web" --test instances/random-1.gssl \
    --rademacher 20 --json 2>/dev/null | cmp -s - "$tmp/t1.json"
  ok "tune --threads $n prints the bytes of --threads 1" $?
done

# incomplete, repeated, and mismatched shards
for ((i = 0; i < 3; i++)); do
  "$C" analyze --family lambda --shard $i/3 --save-profile "$tmp/l$i.ctp" instances >/dev/null
done
out=$("$C" merge "$tmp/l0.ctp" "$tmp/l2.ctp" 2>"$tmp/err"); rc=$?
[ $rc -eq 2 ] && [ -z "$out" ] && grep -q 'missing shards 1/3' "$tmp/err"
ok "merge without shard 1/3: exit 2, nothing on stdout, the shard named" $?
"$C" merge --keep-going "$tmp/l0.ctp" "$tmp/l2.ctp" 2>"$tmp/err" | grep -q '^minimum loss'
[ $? -eq 0 ] && grep -q 'partial report.*missing shards 1/3' "$tmp/err"
ok "merge --keep-going: a report, and the missing shard named on stderr" $?
"$C" merge "$tmp/l0.ctp" "$tmp/l0.ctp" "$tmp/l1.ctp" "$tmp/l2.ctp" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'l0.ctp and .*l0.ctp: both hold shard 0/3' "$tmp/err"
ok "merge with a shard twice: exit 2, the files named" $?
"$C" analyze --family delta --shard 1/3 --save-profile "$tmp/d1.ctp" instances >/dev/null
"$C" merge "$tmp/l0.ctp" "$tmp/d1.ctp" "$tmp/l2.ctp" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'different families' "$tmp/err"
ok "merge of lambda and delta shards: exit 2" $?

# corrupted profiles: each must fail with exit 2 and "file:line:"
P="$tmp/r.ctp"
"$C" analyze --family lambda --save-profile "$P" instances/random-*.gssl >/dev/null
bpline=$(grep -n '^b ' "$P" | head -1 | cut -d: -f1)
evline=$(grep -n '^e ' "$P" | head -1 | cut -d: -f1)
# reseal FILE: its `end` line recomputed, so that the checks behind the digest
# (which refuses any change first: tests/cli-hostile.sh) are reached too.
reseal() {
  local body
  body=$(head -n -1 "$1"; printf x)
  { printf '%s' "${body%x}"; echo "end $(printf '%s' "${body%x}" | sha256sum | cut -c1-64)"; } >"$1.sealed"
  mv "$1.sealed" "$1"
}
corrupt() { # name, line number expected in the message, sed program
  sed "$3" "$P" >"$tmp/bad.ctp"
  case $1 in truncated | "text after end") ;; *) reseal "$tmp/bad.ctp" ;; esac
  out=$("$C" merge "$tmp/bad.ctp" 2>"$tmp/err"); rc=$?
  [ $rc -eq 2 ] && [ -z "$out" ] && grep -q "bad.ctp:$2:" "$tmp/err"
  ok "corrupted profile ($1): exit 2, bad.ctp:$2 named" $?
}
corrupt "version 4" 1 '1s/3$/4/'
corrupt "unknown family" 2 '2s/lambda/gamma/'
corrupt "truncated" $(wc -l <"$P") '$d'
corrupt "text after end" $(($(wc -l <"$P") + 1)) '$a extra'
corrupt "certificate without a sign change" $bpline "${bpline}s/ -1\$/ 1/"
corrupt "non-canonical fraction" $bpline "${bpline}s|\\([0-9]\\)/\\([0-9]\\)| 2*\\1/2*\\2|"
corrupt "event out of range" $evline "${evline}s/^e [0-9]* [0-9]* /e 99999 0 /"
corrupt "an instance without scored nodes" 13 '13s/^i [0-9]* /i 0 /'
# costs that leave their range: the error names the file
sed "${evline}s/ -\\?[0-9]*\$/ 99/" "$P" >"$tmp/bad.ctp"
reseal "$tmp/bad.ctp"
"$C" merge "$tmp/bad.ctp" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "bad.ctp: instance .* cost leaves its range" "$tmp/err"
ok "corrupted profile (a cost out of range): exit 2, the file named" $?
# breakpoints swapped: out of order
awk -v b=$bpline 'NR==b{hold=$0; next} NR==b+1{print; print hold; next} {print}' "$P" \
  >"$tmp/bad.ctp"
reseal "$tmp/bad.ctp"
"$C" merge "$tmp/bad.ctp" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "not in increasing order" "$tmp/err"
ok "corrupted profile (breakpoints swapped): exit 2" $?

for args in "merge" "merge --bogus x.ctp" "analyze --family lambda --shard 3/3 instances" \
  "analyze --family lambda --shard 1 instances" "analyze --family lambda --threads 0 instances"; do
  "$C" $args >/dev/null 2>&1; ok "usage error: certune $args" $(($? != 1))
done
out=$("$C" analyze --family lambda --shard 7/8 instances/random-1.gssl 2>"$tmp/err")
[ $? -eq 0 ] && [ -z "$out" ] && grep -q 'shard 7/8 of 1 instance is empty: no report' "$tmp/err"
ok "an empty shard: exit 0, nothing on stdout, said on stderr" $?
echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
