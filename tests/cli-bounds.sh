#!/usr/bin/env bash
# End-to-end tests of `certune bounds`, `shatter`, `verify-shatter` and `--plot`.
# Usage: cli-bounds.sh CERTUNE. Expected values are derived in docs/lambda.md
# and docs/shatter.md.
set -u
C=${1:?usage: cli-bounds.sh CERTUNE}
I=instances
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { checks=$((checks + 1)); if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi; }

out=$("$C" bounds --family lambda --json $I/lambda-gadget-x4.gssl); ok "bounds: exit 0" $?
printf '%s' "$out" | jq -e '(.rows | length) == 4 and ([.rows[] | select(.node == 3)][0] | .changes == 1 and .roots == 1 and .bound_paper == 3 and .bound_labeled == 2 and .bound_kron == 2)' >/dev/null
ok "bounds: gadget node 3 changes once; bounds 3, 2, 2 (K has eigenvalues 0, 1, 2)" $?
printf '%s' "$out" | jq -e '[.rows[] | select(.node <= 2) | .changes] == [0, 0] and .violations == []' >/dev/null
ok "bounds: labeled nodes 1, 2 never change; no violation" $?
out=$("$C" bounds --family lambda --json $I/lambda-gadget-oscillating.gssl $I/random-1.gssl)
printf '%s' "$out" | jq -e '.instances[0].breakpoints == 5 and .instances[0].loss_pieces == 6 and .instances[0].max_changes_pair == 1' >/dev/null
ok "bounds: oscillating union has 5 breakpoints, 6 pieces" $?
"$C" bounds --family lambda $I/random-2.gssl | grep -q "violations: none"; ok "bounds: text report" $?

"$C" shatter --family lambda --m 3 --out "$tmp/s3" >/dev/null; ok "shatter: exit 0" $?
[ -f "$tmp/s3/witness.txt" ] && [ -f "$tmp/s3/instance-3.gssl" ]; ok "shatter: files written" $?
grep -c '^t ' "$tmp/s3/instance-1.gssl" | grep -qx 7; ok "shatter: instance 1 of M = 3 has 7 gadgets" $?
out=$("$C" verify-shatter --family lambda "$tmp/s3"); ok "verify-shatter: exit 0" $?
printf '%s' "$out" | grep -q "8 of 8 patterns realized"; ok "verify-shatter: 8 patterns" $?
printf '%s' "$out" | grep -q "pseudo-shattered: yes"; ok "verify-shatter: verdict" $?
# Perturb: x = 1 in the first gadget of instance 1 removes its threshold.
sed -i '0,/^e 3 4 /s/^e 3 4 .*/e 3 4 1/' "$tmp/s3/instance-1.gssl"
out=$("$C" verify-shatter --family lambda "$tmp/s3"); rc=$?
ok "verify-shatter on a perturbed set: exit 4" $((rc != 4))
printf '%s' "$out" | grep -q "NOT realized"; ok "verify-shatter names the missing patterns" $?
printf '%s' "$out" | grep -q "pseudo-shattered: NO"; ok "verify-shatter: negative verdict" $?
printf '%s' "$out" | grep -q "claim wrong"; ok "verify-shatter: wrong claimed parameters reported" $?

printf 'family lambda\nm 1\ninstance 1 instance-1.gssl 1/2\npattern 2 1\n' >"$tmp/s3/witness.txt"
"$C" verify-shatter --family lambda "$tmp/s3" >/dev/null 2>"$tmp/err"; ok "malformed witness: exit 2" $(($? != 2))
grep -q "witness.txt:4:" "$tmp/err"; ok "malformed witness: file and line named" $?
"$C" verify-shatter --family lambda "$tmp/none" >/dev/null 2>&1; ok "missing dir: exit 2" $(($? != 2))
for args in "shatter --family lambda --m 0 --out $tmp/x" "shatter --family lambda --m 21 --out $tmp/x" \
  "shatter --family lambda --m 2" "verify-shatter" "bounds --family lambda" "bounds $I/random-1.gssl"; do
  "$C" $args >/dev/null 2>&1; ok "usage error: certune $args" $(($? != 1))
done

# delta: the same counter with the delta gadget, thresholds placed between the
# claimed parameters (docs/shatter.md); c is recorded in witness.txt.
"$C" shatter --family delta --m 3 --out "$tmp/d3" >/dev/null; ok "shatter delta: exit 0" $?
grep -qx 'c 99/100' "$tmp/d3/witness.txt"; ok "shatter delta: default c recorded" $?
grep -c '^t ' "$tmp/d3/instance-1.gssl" | grep -qx 7; ok "shatter delta: instance 1 of M = 3 has 7 gadgets" $?
out=$("$C" verify-shatter --family delta "$tmp/d3"); ok "verify-shatter delta: exit 0" $?
printf '%s' "$out" | grep -q "8 of 8 patterns realized; 0 claimed"; ok "verify-shatter delta: 8 patterns" $?
printf '%s' "$out" | grep -q "pseudo-shattered: yes"; ok "verify-shatter delta: verdict" $?
printf '%s' "$out" | grep -q "containing delta = "; ok "verify-shatter delta: names delta" $?
"$C" shatter --family delta --c 3/4 --m 2 --out "$tmp/d2" >/dev/null; ok "shatter delta --c 3/4: exit 0" $?
out=$("$C" verify-shatter --family delta "$tmp/d2"); ok "verify-shatter delta c = 3/4: exit 0" $?
printf '%s' "$out" | grep -q "c = 3/4 (from witness.txt)"; ok "verify-shatter delta: c read from witness" $?
printf '%s' "$out" | grep -q "pseudo-shattered: yes"; ok "verify-shatter delta c = 3/4: verdict" $?
"$C" verify-shatter --family lambda "$tmp/d2" >/dev/null 2>"$tmp/err"; ok "verify-shatter: family mismatch: exit 2" $(($? != 2))
grep -q "witness.txt:3: the set is for family delta" "$tmp/err"; ok "family mismatch: line named" $?
# Perturb: node 2 of instance 1 labeled class 0: its first gadget never switches.
sed -i 's/^l 2 1$/l 2 0/' "$tmp/d3/instance-1.gssl"
out=$("$C" verify-shatter --family delta "$tmp/d3"); rc=$?
ok "verify-shatter delta on a perturbed set: exit 4" $((rc != 4))
printf '%s' "$out" | grep -q "pattern 000: NOT realized"; ok "verify-shatter delta: pattern 000 missing" $?
printf '%s' "$out" | grep -q "pseudo-shattered: NO"; ok "verify-shatter delta: negative verdict" $?
for cq in 1/2 0.3; do
  "$C" shatter --family delta --c $cq --m 2 --out "$tmp/dx" >/dev/null 2>"$tmp/err"
  ok "shatter delta --c $cq: exit 1" $(($? != 1))
  grep -q "needs --c above 1/2" "$tmp/err" && [ ! -e "$tmp/dx" ]; ok "shatter delta --c $cq: message, nothing written" $?
done
"$C" shatter --family lambda --c 3/4 --m 2 --out "$tmp/dx" >/dev/null 2>&1; ok "shatter lambda --c: exit 1" $(($? != 1))
sed -i 's/^c .*/c 3\/2/' "$tmp/d2/witness.txt"
"$C" verify-shatter --family delta "$tmp/d2" >"$tmp/out" 2>"$tmp/err"; ok "bad c record: exit 2" $(($? != 2))
grep -q "witness.txt:4: \`c\` takes an exact rational in (0, 1)" "$tmp/err"; ok "bad c record: file and line named" $?
[ ! -s "$tmp/out" ]; ok "bad c record: nothing on stdout" $?
sed -i '/^c /d' "$tmp/d2/witness.txt"
"$C" verify-shatter --family delta "$tmp/d2" >/dev/null 2>"$tmp/err"; ok "no c record: exit 2" $(($? != 2))
grep -q "no \`c\` record" "$tmp/err"; ok "no c record: named" $?

# alpha: the same counter with the alpha gadget, thresholds at the rationals
# t_j = (3N + j)/(4N) in (3/4, 1) (docs/shatter.md); no `c` record.
"$C" shatter --family alpha --m 3 --out "$tmp/a3" >/dev/null; ok "shatter alpha: exit 0" $?
grep -qx 'family alpha' "$tmp/a3/witness.txt" && ! grep -q '^c ' "$tmp/a3/witness.txt"
ok "shatter alpha: family recorded, no c record" $?
grep -qx 'pattern 000 49/64' "$tmp/a3/witness.txt" && grep -qx 'pattern 111 63/64' "$tmp/a3/witness.txt"
ok "shatter alpha: parameters (6N + 2j + 1)/(8N)" $?
grep -c '^t ' "$tmp/a3/instance-1.gssl" | grep -qx 7; ok "shatter alpha: instance 1 of M = 3 has 7 gadgets" $?
grep -qx 'e 1 4 113/256' "$tmp/a3/instance-1.gssl"; ok "shatter alpha: x_1 = 4 (25/32)^2 - 2 = 113/256" $?
out=$("$C" verify-shatter --family alpha "$tmp/a3"); ok "verify-shatter alpha: exit 0" $?
printf '%s\n' "$out" | head -1 | grep -qx 'family alpha on the open interval (0, 1)'; ok "verify-shatter alpha: domain line" $?
printf '%s' "$out" | grep -q "8 of 8 patterns realized; 0 claimed"; ok "verify-shatter alpha: 8 patterns" $?
printf '%s' "$out" | grep -q "pseudo-shattered: yes"; ok "verify-shatter alpha: verdict" $?
printf '%s' "$out" | grep -q "containing alpha = "; ok "verify-shatter alpha: names alpha" $?
"$C" shatter --family alpha --m 5 --out "$tmp/a5" >/dev/null; ok "shatter alpha M = 5: exit 0" $?
"$C" verify-shatter --family alpha "$tmp/a5" | grep -q "32 of 32 patterns realized; 0 claimed"; ok "verify-shatter alpha M = 5: 32 patterns" $?
for f in lambda delta; do
  "$C" verify-shatter --family $f "$tmp/a3" >/dev/null 2>"$tmp/err"; ok "verify-shatter --family $f on an alpha set: exit 2" $(($? != 2))
  grep -q "witness.txt:3: the set is for family alpha, not --family $f" "$tmp/err"; ok "alpha set, --family $f: line named" $?
done
"$C" verify-shatter --family alpha "$tmp/d3" >/dev/null 2>"$tmp/err"; ok "verify-shatter --family alpha on a delta set: exit 2" $(($? != 2))
grep -q "witness.txt:3: the set is for family delta, not --family alpha" "$tmp/err"; ok "delta set, --family alpha: line named" $?
cp -r "$tmp/a3" "$tmp/a3c"
sed -i 's/^family alpha$/family alpha\nc 3\/4/' "$tmp/a3c/witness.txt"
"$C" verify-shatter --family alpha "$tmp/a3c" >"$tmp/out" 2>"$tmp/err"; ok "alpha with a c record: exit 2" $(($? != 2))
grep -q "witness.txt:4: a \`c\` record applies only to family delta" "$tmp/err"; ok "alpha with a c record: line named" $?
[ ! -s "$tmp/out" ]; ok "alpha with a c record: nothing on stdout" $?
sed -i '/^c /d; s/^pattern 111 .*/pattern 111 1/' "$tmp/a3c/witness.txt"
"$C" verify-shatter --family alpha "$tmp/a3c" >/dev/null 2>"$tmp/err"; ok "alpha parameter 1 (open domain): exit 2" $(($? != 2))
grep -q "witness.txt:15: malformed" "$tmp/err"; ok "alpha parameter 1: line named" $?
"$C" shatter --family alpha --c 3/4 --m 2 --out "$tmp/ax" >/dev/null 2>"$tmp/err"; ok "shatter alpha --c: exit 1" $(($? != 1))
grep -q -- "--c applies only to --family delta" "$tmp/err" && [ ! -e "$tmp/ax" ]; ok "shatter alpha --c: message, nothing written" $?
# Perturb: x = 2 in the first gadget of instance 1 moves its threshold to 1,
# outside the open domain: instance 1 never rises above its witness.
sed -i '0,/^e 1 4 /s/^e 1 4 .*/e 1 4 2/' "$tmp/a3/instance-1.gssl"
out=$("$C" verify-shatter --family alpha "$tmp/a3"); rc=$?
ok "verify-shatter alpha on a perturbed set: exit 4" $((rc != 4))
printf '%s' "$out" | grep -q "4 of 8 patterns realized"; ok "verify-shatter alpha: half the patterns lost" $?
printf '%s' "$out" | grep -q "pattern 100: NOT realized"; ok "verify-shatter alpha: pattern 100 missing" $?
printf '%s' "$out" | grep -q "pseudo-shattered: NO"; ok "verify-shatter alpha: negative verdict" $?
printf '%s' "$out" | grep -q "claim wrong"; ok "verify-shatter alpha: wrong claims reported" $?

"$C" analyze --family lambda --plot "$tmp/loss.svg" $I/lambda-gadget-oscillating.gssl >/dev/null
ok "analyze --plot: exit 0" $?
head -c 200 "$tmp/loss.svg" | grep -q "<svg"; ok "analyze --plot writes SVG" $?
tail -c 20 "$tmp/loss.svg" | grep -q "</svg>"; ok "analyze --plot: complete file" $?
"$C" bounds --family lambda --plot "$tmp/b.svg" $I/random-*.gssl >/dev/null; ok "bounds --plot: exit 0" $?
grep -q "</svg>" "$tmp/b.svg"; ok "bounds --plot writes SVG" $?
"$C" analyze --family lambda --plot /nonexistent/dir/x.svg $I/lambda-gadget-x4.gssl >"$tmp/out" 2>/dev/null
ok "unwritable plot: exit 2" $(($? != 2))
[ ! -s "$tmp/out" ]; ok "unwritable plot: no report printed" $?

# sample: instances cut out of the Geom-GCN fixture (300 nodes), then analyzed.
D=tests/fixtures/tinyweb
if [ -d "$D" ]; then
  "$C" sample --dataset "$D" --nodes 12 --count 4 --labeled 0.25 --seed 3 --out "$tmp/smp" >/dev/null
  ok "sample: exit 0" $?
  [ "$(ls "$tmp/smp" | wc -l)" -eq 4 ]; ok "sample: 4 files" $?
  [ "$(grep -c '^l ' "$tmp/smp/sample-001.gssl")" -eq 3 ]; ok "sample: 3 of 12 labeled" $?
  "$C" analyze --family lambda "$tmp"/smp/*.gssl >/dev/null 2>&1; ok "sample: analyzable" $?
  "$C" sample --dataset "$D" --nodes 12 --count 4 --labeled 0.25 --seed 3 --out "$tmp/smp2" >/dev/null
  cmp -s "$tmp/smp/sample-002.gssl" "$tmp/smp2/sample-002.gssl"; ok "sample: reproducible" $?
fi
"$C" sample --dataset "$tmp/none" --nodes 5 --count 1 --out "$tmp/smp3" >/dev/null 2>&1
ok "sample: missing dataset: exit 2" $(($? != 2))
"$C" sample --dataset "$D" --nodes 5 --out "$tmp/smp3" >/dev/null 2>&1
ok "sample: usage error" $(($? != 1))

echo "cli-bounds: $checks checks, $fails failed"
[ "$fails" -eq 0 ]
