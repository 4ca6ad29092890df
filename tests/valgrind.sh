#!/usr/bin/env bash
# Runs the analyzer's unit tests and main commands under valgrind (errors and
# leaks of every kind are failures). Usage: tests/valgrind.sh BUILD_DIR
B=${1:-build}
vg="valgrind -q --leak-check=full --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=9 --suppressions=$(dirname "$0")/valgrind.supp"
passed=0 failed=0
run() {
  if $vg "$@" >/dev/null 2>"$B/valgrind.log"; then passed=$((passed + 1)); echo "PASS $*"
  else failed=$((failed + 1)); echo "FAIL $*"; head -40 "$B/valgrind.log"; fi
}
for t in t-qparse t-instance t-component t-signfn t-polyset t-sweep t-lambda t-rroot \
  t-rational t-bounds t-shatter t-plot t-analysis t-report t-sample t-expsum t-delta \
  t-bpoint t-alpha t-mqpoly t-mqroot t-decimal t-capi t-crt t-root t-evaluate t-tune \
  t-merge t-dataset t-gnn-gp t-mqroot-ball t-stream t-dynlib t-lsroot t-lsalpha t-zlift t-lskron \
  t-capi-search t-digest t-family t-graphin t-text t-gen t-spchol t-joint t-delta-ball t-lsdelta \
  t-gnn-csr t-gnn-grad; do
  run "$B/tests/$t"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run "$B/certune" analyze --family lambda --json instances/random-1.gssl instances/random-2.gssl
run "$B/certune" analyze --family lambda --plot "$tmp/p.svg" instances/lambda-gadget-oscillating.gssl
run "$B/certune" bounds --family lambda instances/random-3.gssl
run "$B/certune" analyze --family delta --json instances/delta-gadget-oscillating.gssl instances/random-1.gssl
run "$B/certune" analyze --family delta --c 3/4 --plot "$tmp/d.svg" instances/delta-gadget-x1_4-c3_4.gssl
run "$B/certune" bounds --family delta instances/random-3.gssl
run "$B/certune" analyze --family delta --ball off instances/alpha-single-200.gssl # the lifting solve
run "$B/certune" analyze --family delta instances/alpha-single-200.gssl # the ball path
run "$B/certune" analyze --family delta --ball 2 --threads 2 --save-profile "$tmp/d.ctp" instances/alpha-single-200.gssl
run "$B/certune" eval --at 1/3 "$tmp/d.ctp" # zeros certified in balls read back
run "$B/certune" analyze --family alpha --json instances/alpha-gadget-oscillating.gssl instances/random-2.gssl
run "$B/certune" bounds --family alpha instances/random-3.gssl
sed "s|^e 2 5 457/50|e 2 5 1$(printf '0%.0s' $(seq 300))|" instances/random-1.gssl >"$tmp/huge.gssl"
run "$B/certune" analyze --family alpha "$tmp/huge.gssl" # a weight of 301 digits: the pencils
run "$B/certune" analyze --family lambda "$tmp/huge.gssl"
run "$B/certune" analyze --family delta "$tmp/huge.gssl"
run "$B/certune" analyze --family alpha --ball 6 --threads 2 --save-profile "$tmp/l.ctp" instances/random-2.gssl instances/random-3.gssl
run "$B/certune" eval --at 1/2 "$tmp/l.ctp"
run "$B/certune" analyze --family lambda --ball 100 --threads 2 --save-profile "$tmp/k.ctp" instances/alpha-single-200.gssl
run "$B/certune" eval --family delta --at 1/2 --predictions instances/random-1.gssl instances/random-2.gssl
CERTUNE_PROGRESS_INTERVAL=0 run "$B/certune" analyze --family lambda --progress instances/random-1.gssl instances/random-3.gssl
run "$B/certune" tune --family alpha --score all --train instances/random-1.gssl --test instances/random-2.gssl
run "$B/certune" eval --at 9/4 "$tmp/k.ctp"
run "$B/certune" eval --family alpha --at 3/4 instances/alpha-gadget-oscillating.gssl
run "$B/certune" tune --family all --train instances/random-1.gssl --test instances/random-2.gssl
run "$B/certune" analyze --family lambda --threads 2 instances/random-1.gssl instances/random-2.gssl
run "$B/certune" analyze --family delta --shard 0/2 --save-profile "$tmp/a.ctp" instances/random-1.gssl instances/random-2.gssl
run "$B/certune" analyze --family delta --shard 1/2 --save-profile "$tmp/b.ctp" instances/random-1.gssl instances/random-2.gssl
run "$B/certune" merge "$tmp/a.ctp" "$tmp/b.ctp"
run "$B/certune" eval --at 1/2 "$tmp/a.ctp" "$tmp/b.ctp"
run "$B/certune" shatter --family lambda --m 3 --out "$tmp/s"
run "$B/certune" verify-shatter --family lambda "$tmp/s"
printf 'p gssl 2 2\ne 1 2 -1\n' >"$tmp/bad.gssl"
if $vg "$B/certune" analyze --family lambda "$tmp/bad.gssl" >/dev/null 2>&1; [ $? -eq 2 ]; then
  passed=$((passed + 1)); echo "PASS invalid input"; else failed=$((failed + 1)); echo "FAIL invalid input"; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
