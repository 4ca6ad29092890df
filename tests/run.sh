#!/usr/bin/env bash
# Runs every test program, every CLI test script and a bounded fuzz run of the
# parser; the last line is "N passed, N failed". Usage: tests/run.sh BUILD_DIR
B=${1:-build}
passed=0 failed=0 skipped=0
run() { # name, command... (exit 77: skipped, counted and named)
  local name=$1; shift
  "$@" >"$B/tests/$name.log" 2>&1
  local rc=$?
  if [ "$rc" -eq 0 ]; then
    passed=$((passed + 1)); echo "PASS $name"
  elif [ "$rc" -eq 77 ]; then
    skipped=$((skipped + 1)); echo "SKIP $name: $(tail -n 1 "$B/tests/$name.log")"
  else
    failed=$((failed + 1)); echo "FAIL $name"; tail -n 30 "$B/tests/$name.log"
  fi
}
mkdir -p "$B/tests"
for t in "$B"/tests/t-*; do
  [ -x "$t" ] && [ -f "$t" ] || continue
  run "$(basename "$t")" "$t"
done
for s in tests/cli-*.sh; do
  [ -f "$s" ] || continue
  run "$(basename "$s" .sh)" bash "$s" "$B/certune"
done
if [ -x "$B/fuzz/fuzz-instance" ]; then
  mkdir -p "$B/fuzz/corpus"
  run fuzz-instance "$B/fuzz/fuzz-instance" -max_total_time="${FUZZ_SECONDS:-20}" \
    "$B/fuzz/corpus" fuzz/corpus
fi
[ "$skipped" -eq 0 ] || echo "$skipped skipped"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
