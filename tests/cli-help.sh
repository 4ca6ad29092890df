#!/usr/bin/env bash
# The command line's conventions: help per subcommand, --version, "--",
# family lists, verify-shatter reading family and c from the witness, and the
# output folders of shatter and sample (refused when not empty unless --force;
# zero-padded names; provenance comments checked against the fixture's
# structure). Usage: bash tests/cli-help.sh CERTUNE (from the repo root).
set -u
C=${1:?usage: cli-help.sh CERTUNE}
C=$(cd "$(dirname "$C")" && pwd)/$(basename "$C")
I=instances
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { # description, condition exit status
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi
}

# Help: each subcommand its own page, with its options and an example.
for sub in analyze bounds shatter verify-shatter sample eval tune merge; do
  "$C" $sub --help >"$tmp/out" 2>&1; ok "$sub --help: exit 0" $?
  [ "$(head -n 1 "$tmp/out" | cut -c1-$((15 + ${#sub})))" = "usage: certune $sub" ]
  ok "$sub --help: its own usage line" $?
  grep -q "^example:" "$tmp/out" && grep -q "^  certune $sub " "$tmp/out"; ok "$sub --help: an example" $?
  "$C" help $sub | cmp -s - "$tmp/out"; ok "help $sub = $sub --help" $?
done
"$C" analyze --help | grep -q -- "--score S"; ok "analyze --help lists --score" $?
"$C" tune --help | grep -q -- "--rademacher K"; ok "tune --help lists --rademacher" $?
"$C" analyze --help | grep -q -- "--shard I/K" && "$C" analyze --help | grep -q -- "--threads N"; ok "analyze --help lists --threads and --shard" $?
"$C" eval --help | grep -q -- "--at X"; ok "eval --help lists --at" $?
"$C" sample --help | grep -q -- "--dataset NAME|DIR"; ok "sample --help lists --dataset" $?
"$C" sample --help | grep -q -- "--data-root R"; ok "sample --help lists --data-root" $?
for sub in analyze bounds shatter verify-shatter; do
  "$C" $sub --help | grep -A2 -- "--family F" | tr '\n' ' ' | grep -q "lambda (.*alpha (.*delta ("
  ok "$sub --help: --family lists lambda, alpha, delta" $?
done
"$C" --help | grep -A2 -- "--family F" | tr '\n' ' ' | grep -q "lambda (.*alpha (.*delta ("
ok "--help: --family lists all three" $?
"$C" gnn --help | grep -q "usage: certune gnn"; ok "gnn keeps its own help" $?

# --version: "certune X.Y.Z", the CERTUNE_VERSION of include/certune/base.h.
want=$(sed -n 's/^#define CERTUNE_VERSION "\(.*\)"$/\1/p' include/certune/base.h)
[ "$("$C" --version)" = "certune $want" ] && [ -n "$want" ]; ok "--version" $?

# Usage errors name all three families and point to the subcommand's help.
"$C" analyze $I/lambda-gadget-x4.gssl >/dev/null 2>"$tmp/err"; ok "analyze without --family: exit 1" $(($? != 1))
[ "$(cat "$tmp/err")" = "certune: analyze needs --family lambda, alpha or delta
Try 'certune analyze --help'." ]; ok "analyze without --family: message" $?
"$C" bounds --family x $I/lambda-gadget-x4.gssl 2>&1 >/dev/null | grep -qx "certune: unknown family 'x' (expected lambda, alpha or delta)"
ok "unknown family: the three named" $?

# "--" ends the options: a FILE named like an option.
cp $I/lambda-gadget-x4.gssl "$tmp/--json"
"$C" analyze --family lambda -- "$tmp/--json" >"$tmp/a"; ok "analyze -- FILE: exit 0" $?
(cd "$tmp" && "$C" analyze --family lambda -- --json) >"$tmp/b"; ok "analyze -- --json: a file" $?
"$C" analyze --family lambda $I/lambda-gadget-x4.gssl >"$tmp/c"
cmp -s "$tmp/a" "$tmp/b" && ! grep -q '^{' "$tmp/b"; ok "-- --json is read as a FILE, not the option" $?
(cd "$tmp" && "$C" bounds --family lambda -- --json) >/dev/null; ok "bounds -- FILE" $?
"$C" analyze --family lambda -- --help >/dev/null 2>"$tmp/err"
ok "-- --help is a (missing) FILE: exit 2" $(($? != 2))

# verify-shatter: family and c from the witness; --family/--c only checked.
"$C" shatter --family delta --c 3/4 --m 2 --out "$tmp/d2" >/dev/null
"$C" verify-shatter "$tmp/d2" >"$tmp/out"; ok "verify-shatter without --family: exit 0" $?
head -n 1 "$tmp/out" | grep -qx "family delta on \[0, 1\], c = 3/4 (from witness.txt)"; ok "family and c from the file" $?
"$C" verify-shatter --family delta --c 0.75 "$tmp/d2" >/dev/null; ok "matching --c 0.75: exit 0" $?
"$C" verify-shatter --c 99/100 "$tmp/d2" >"$tmp/out" 2>"$tmp/err"; ok "different --c: exit 2" $(($? != 2))
grep -qx "certune: $tmp/d2/witness.txt: the set has c = 3/4, not --c 99/100" "$tmp/err" && [ ! -s "$tmp/out" ]
ok "different --c: both named, nothing on stdout" $?
"$C" verify-shatter --family alpha "$tmp/d2" 2>&1 >/dev/null | grep -q "witness.txt:3: the set is for family delta, not --family alpha"
ok "different --family: both named" $?
"$C" shatter --family lambda --m 2 --out "$tmp/l2" >/dev/null
"$C" verify-shatter --c 3/4 "$tmp/l2" 2>&1 >/dev/null | grep -q "applies only to family delta; the set is for family lambda"
ok "--c on a lambda set" $?
"$C" verify-shatter --family lambda -- "$tmp/l2" | tail -n 1 | grep -qx "pseudo-shattered: yes"; ok "verify-shatter -- DIR" $?

# shatter and sample refuse a non-empty --out unless --force.
"$C" shatter --family lambda --m 2 --out "$tmp/l2" >/dev/null 2>"$tmp/err"; ok "shatter into a non-empty dir: exit 1" $(($? != 1))
grep -q "is not empty (add --force" "$tmp/err"; ok "shatter: says --force" $?
"$C" shatter --family lambda --m 3 --out "$tmp/l2" --force >/dev/null && grep -qx "m 3" "$tmp/l2/witness.txt"
ok "shatter --force overwrites" $?
D=tests/fixtures/tinyweb
"$C" sample --dataset $D --nodes 25 --count 12 --labeled 0.2 --seed 5 --out "$tmp/s" >/dev/null; ok "sample: exit 0" $?
[ "$(ls "$tmp/s" | head -n 1)" = sample-001.gssl ] && [ "$(ls "$tmp/s" | tail -n 1)" = sample-012.gssl ] &&
  [ "$(ls "$tmp/s" | wc -l)" -eq 12 ]; ok "sample: names sample-001 .. sample-012" $?
"$C" sample --dataset $D --nodes 25 --count 12 --out "$tmp/s" >/dev/null 2>"$tmp/err"; ok "sample into a non-empty dir: exit 1" $(($? != 1))
grep -q "is not empty (add --force" "$tmp/err"; ok "sample: says --force" $?
"$C" sample --dataset $D --nodes 25 --count 2 --seed 6 --out "$tmp/s" --force >/dev/null; ok "sample --force: exit 0" $?
grep -q "seed 6" "$tmp/s/sample-001.gssl" && grep -q "seed 5" "$tmp/s/sample-003.gssl"; ok "sample --force rewrote 001, 002 only" $?
f=$tmp/s/sample-003.gssl
head -n 2 "$f" | tr '\n' '|' | grep -qx "% certune sample: dataset $D (tinyweb), instance 3 of 12, seed 5|% sampler: connected breadth-first sample of 25 labeled nodes, fraction labeled 0.2, unit weights|"
ok "sample: dataset, instance, seed and sampler comments" $?
# The fixture's structure (scripts/make-fixtures.py): class of dataset node i
# is i mod 3; {i, j} is an edge iff j - i = +-1 mod 300 or j - i = +-3 mod 300
# from an even end. Each sampled node's class and each edge must agree with
# the ids in the comments.
awk '/^% dataset ids/ { sub(/^[^:]*:/, ""); for (k = 1; k <= NF; k++) id[++n] = $k }
     /^[lt] / { if ($3 != id[$2] % 3) bad++; seen++ }
     /^e / { u = id[$2]; v = id[$3]; d = (v - u + 300) % 300
             if (!(d == 1 || d == 299 || (d == 3 && u % 2 == 0) || (d == 297 && v % 2 == 0))) bad++; edges++ }
     END { exit !(n == 25 && seen == 25 && edges >= 24 && bad == 0) }' "$f"
ok "sample: ids agree with the fixture's classes and edges" $?
"$C" analyze --family lambda "$f" >/dev/null; ok "sample with comments: analyzable" $?

echo "cli-help: $checks checks, $fails failed"
[ "$fails" -eq 0 ]
