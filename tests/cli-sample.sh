#!/usr/bin/env bash
# `certune sample` with every sampler on the fixture datasets, each instance
# checked by an independent reader (tests/sample_check.py: the induced
# subgraph on the nodes the header names, their classes, the labeled count,
# the sampler's promise), and the errors. Usage: bash tests/cli-sample.sh CERTUNE
set -u
C=$(realpath "${1:?usage: cli-sample.sh CERTUNE}")
F=$(realpath tests/fixtures)
CHECK=$(realpath tests/sample_check.py)
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() {
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi
}
for ds in tinycite tinyweb; do
  for s in bfs uniform class balanced; do
    "$C" sample --dataset "$F/$ds" --nodes 15 --count 5 --labeled 0.3 --sampler "$s" \
      --seed 9 --out "$tmp/$ds-$s" >/dev/null
    bad=$?
    for f in "$tmp/$ds-$s"/*.gssl; do
      python3 "$CHECK" "$F/$ds" "$s" 0.3 "$f" || bad=1
    done
    grep -q "^% sampler: " "$tmp/$ds-$s/sample-001.gssl" || bad=1
    ok "$ds --sampler $s: 5 instances, each what the sampler promises" $bad
  done
done
! python3 "$CHECK" "$F/tinycite" class 0.3 "$tmp/tinycite-balanced/sample-001.gssl" >/dev/null
ok "the checker refuses a balanced sample as a one-class one" $?
"$C" sample --dataset "$F/tinycite" --nodes 15 --count 1 --sampler all --out "$tmp/x" \
  >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && grep -q "sampler takes bfs, uniform, class or balanced" "$tmp/err"
ok "--sampler all: a usage error" $?
"$C" sample --dataset "$F/tinycite" --nodes 150 --count 1 --sampler class --out "$tmp/y" \
  >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && grep -q "no one-class set of 150 labeled nodes" "$tmp/err"
ok "--sampler class beyond every class's size: exit 2, said" $?
"$C" sample --dataset "$F/tinycite" --nodes 12 --count 2 --seed 3 --out "$tmp/b1" >/dev/null
"$C" sample --dataset "$F/tinycite" --nodes 12 --count 2 --seed 3 --sampler bfs --out "$tmp/b2" >/dev/null
diff -r "$tmp/b1" "$tmp/b2" >/dev/null
ok "--sampler bfs is the default, byte for byte" $?
echo "$((checks - fails)) of $checks checks passed"
[ "$fails" -eq 0 ]
