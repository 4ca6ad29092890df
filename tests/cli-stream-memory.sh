#!/usr/bin/env bash
# The memory bound of a streamed analysis (docs/scale.md): under a `ulimit -v`
# in which the streamed lambda analysis of 600 30-node instances completes
# (the smallest in steps of 8 MiB, and it prints what it prints without the
# limit), the one-chunk analysis of the same set (CERTUNE_ANALYSIS_CHUNK=all:
# every sign function of the set kept until one sweep) must run out of memory
# (exit 5) even with 8 MiB more. (lambda: alpha now hands its functions over
# one node at a time even in one chunk, so its one-chunk run is nearly as
# small.) Skipped (exit 77) when the binary cannot run
# under a 512 MiB address-space limit at all (AddressSanitizer's shadow).
# Usage: cli-stream-memory.sh CERTUNE
set -u
C=${1:?usage: cli-stream-memory.sh CERTUNE}
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { checks=$((checks + 1)); if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi; }
if ! (ulimit -v 524288 && "$C" --version >/dev/null 2>&1); then
  echo "skipped: $C does not start under ulimit -v 524288 (a sanitizer build?)"
  exit 77
fi

# The smallest limit (in steps of 8 MiB) under which the
# streamed run of 600 30-node lambda instances completes; under that limit
# plus 8 MiB the one-run analysis, which keeps every sign function of the set
# until its sweep, must run out of memory.
"$C" sample --dataset tests/fixtures/tinyweb --nodes 30 --count 600 --seed 5 \
  --out "$tmp/big" >/dev/null 2>&1
"$C" analyze --family lambda --threads 1 "$tmp/big" >"$tmp/big.txt" 2>/dev/null
ok "the 600-instance lambda set is analyzed" $?
lim=
for kib in $(seq 16384 8192 524288); do
  (ulimit -v $kib && timeout 120 "$C" analyze --family lambda --threads 1 "$tmp/big" \
    >"$tmp/lim.txt" 2>/dev/null) && { lim=$kib; break; }
done
[ -n "$lim" ] && cmp -s "$tmp/lim.txt" "$tmp/big.txt"
ok "the streamed run fits in a limit (${lim:-none} KiB) and prints the same" $?
if [ -n "$lim" ]; then
  (ulimit -v $((lim + 8192)) && CERTUNE_ANALYSIS_CHUNK=all timeout 120 "$C" analyze \
    --family lambda --threads 1 "$tmp/big" >"$tmp/all.txt" 2>"$tmp/all.err")
  rc=$?
  [ $rc -eq 5 ] && [ ! -s "$tmp/all.txt" ]
  ok "the one-run analysis exceeds $((lim + 8192)) KiB: out of memory, exit 5 (got $rc)" $?
fi
echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
