#!/usr/bin/env bash
# Runs every test program, every CLI test script and a bounded fuzz run of the
# parser; the last line is "N passed, N failed". Usage: tests/run.sh BUILD_DIR
B=${1:-build}
passed=0 failed=0
run() { # name, command...
  local name=$1; shift
  if "$@" >"$B/tests/$name.log" 2>&1; then
    passed=$((passed + 1)); echo "PASS $name"
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
if [ -x "$B/fuzz/fuzz-dataset" ]; then
  mkdir -p "$B/fuzz/corpus-dataset"
  run fuzz-dataset "$B/fuzz/fuzz-dataset" -max_total_time="${FUZZ_DATASET_SECONDS:-10}" \
    -rss_limit_mb=4096 "$B/fuzz/corpus-dataset" fuzz/corpus-dataset
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
