#!/usr/bin/env bash
# tests/run.sh itself: a passing, a failing and a skipping (exit 77) test
# program in a scratch build folder give "1 passed, 1 failed, 1 skipped", the
# skipped one named with its reason, and a non-zero exit; without the failing
# one the exit is 0. Usage: bash tests/cli-runner.sh CERTUNE (CERTUNE unused).
set -u
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { # description, condition exit status
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi
}
runner=$(pwd)/tests/run.sh
mkdir -p "$tmp/repo/tests" "$tmp/repo/b/tests"
printf '#!/bin/sh\necho fine\n' >"$tmp/repo/b/tests/t-pass"
printf '#!/bin/sh\necho broken\nexit 1\n' >"$tmp/repo/b/tests/t-fail"
printf '#!/bin/sh\necho working\necho "skipped: no data here"\nexit 77\n' >"$tmp/repo/b/tests/t-skip"
chmod +x "$tmp"/repo/b/tests/t-*
(cd "$tmp/repo" && bash "$runner" b) >"$tmp/out"
ok "a failure: non-zero exit" $(($? == 0))
[ "$(tail -n 1 "$tmp/out")" = "1 passed, 1 failed, 1 skipped" ]; ok "summary line" $?
grep -qx "SKIP t-skip: skipped: no data here" "$tmp/out"; ok "skip named with its reason" $?
grep -qx "FAIL t-fail" "$tmp/out" && grep -qx "PASS t-pass" "$tmp/out"; ok "pass, fail named" $?
rm "$tmp/repo/b/tests/t-fail"
(cd "$tmp/repo" && bash "$runner" b) >"$tmp/out"
ok "skips only: exit 0" $?
[ "$(tail -n 1 "$tmp/out")" = "1 passed, 0 failed, 1 skipped" ]; ok "summary without failure" $?
echo "cli-runner: $checks checks, $fails failed"
[ "$fails" -eq 0 ]
