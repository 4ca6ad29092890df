#!/usr/bin/env bash
# Streamed analyses (docs/scale.md): `analyze` reads and analyzes a set chunk
# by chunk and merges the chunks exactly, so what it prints does not depend on
# the chunk size. The reference is the whole set in one run (environment
# CERTUNE_ANALYSIS_CHUNK=all: one chunk, no merge, the families' one-run
# sweep); it is compared with chunks of 1, 2 and 5 instances and the default,
# on 1 and 2 threads, for every family, in text, --json --per-instance,
# --ties expected and --score all. Each forced run must report the chunk count
# it was forced to (so a variable that were ignored would fail). A bad file in
# a late chunk fails with exit 2 naming file and line, with nothing on stdout.
# The memory bound is tested by cli-stream-memory.sh.
# Usage: cli-stream.sh CERTUNE
set -u
C=${1:?usage: cli-stream.sh CERTUNE}
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { checks=$((checks + 1)); if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi; }

"$C" sample --dataset tests/fixtures/tinyweb --nodes 9 --count 12 --seed 11 \
  --out "$tmp/web" >/dev/null 2>&1
ok "sample 12 instances from the tinyweb fixture" $?
# a repeated instance: equal breakpoints in different chunks
cp "$tmp/web/sample-003.gssl" "$tmp/web/sample-013.gssl"
mkdir "$tmp/mix"
cp instances/lambda-gadget-x4.gssl instances/random-1.gssl "$tmp/web"/*.gssl "$tmp/mix"
sets="instances $tmp/mix"

# run NAME CHUNK THREADS ARGS...: stdout to $tmp/NAME, forced count checked
run() {
  local name=$1 chunk=$2 th=$3
  shift 3
  CERTUNE_ANALYSIS_CHUNK=$chunk "$C" analyze --threads "$th" "$@" >"$tmp/$name" 2>"$tmp/$name.err"
}
nfiles() { ls "$1"/*.gssl | wc -l; }

for set in $sets; do
  m=$(nfiles "$set")
  for f in lambda alpha delta; do
    for form in "" "--json --per-instance" "--ties expected" "--score all --json"; do
      [ "$f" = lambda ] || [ "$form" != "--score all --json" ] || continue
      run ref all 1 --family $f $form "$set"
      grep -q "CERTUNE_ANALYSIS_CHUNK: $m instances in 1 chunks" "$tmp/ref.err"
      ok "$f $form on $set: the reference is one chunk" $?
      [ -s "$tmp/ref" ]; ok "$f $form on $set: the reference prints a report" $?
      for chunk in 1 2 5; do
        for th in 1 2; do
          run out $chunk $th --family $f $form "$set"
          cmp -s "$tmp/out" "$tmp/ref"
          ok "$f $form on $set: chunks of $chunk on $th threads print the bytes of one run" $?
          want=$(((m + chunk - 1) / chunk))
          grep -q "CERTUNE_ANALYSIS_CHUNK: $m instances in $want chunks" "$tmp/out.err"
          ok "$f $form on $set: $want chunks of $chunk were run" $?
        done
      done
      "$C" analyze --threads 1 --family $f $form "$set" 2>/dev/null | cmp -s - "$tmp/ref"
      ok "$f $form on $set: the default chunks print the bytes of one run" $?
    done
  done
done

# a bad file in the last chunk: exit 2, file and line named, stdout empty
cp -r "$tmp/mix" "$tmp/bad"
printf 'p gssl 3 2\ne 1 2 1\ne 2 9 1\n' >"$tmp/bad/zz-bad.gssl"
for th in 1 2; do
  CERTUNE_ANALYSIS_CHUNK=2 "$C" analyze --family lambda --threads $th "$tmp/bad" \
    >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "zz-bad.gssl:3:" "$tmp/err"
  ok "a bad file in the last chunk on $th threads: exit 2 (got $rc), named with its line, no report" $?
done
# a set whose only bad part is an instance without a scored node (no `t`)
printf 'p gssl 2 2\ne 1 2 1\nl 1 1\n' >"$tmp/mix/zz-none.gssl"
CERTUNE_ANALYSIS_CHUNK=3 "$C" analyze --family delta "$tmp/mix" >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "zz-none.gssl: no scored node" "$tmp/err"
ok "an instance without a scored node in the last chunk: exit 2, no report" $?

echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
