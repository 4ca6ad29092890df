#!/usr/bin/env bash
# Runs every test program, every CLI test script and a bounded fuzz run of the
# parser; the last line is "N passed, M failed, K skipped" and the exit status
# is non-zero iff a test failed. A test that exits 77 is skipped (it needs
# something absent, e.g. ../shared/datasets): it is named with the last line it
# printed as the reason, and counted apart. Usage: tests/run.sh BUILD_DIR
B=${1:-build}
passed=0 failed=0 skipped=0
run() { # name, command...
  local name=$1 rc; shift
  "$@" >"$B/tests/$name.log" 2>&1
  rc=$?
  if [ "$rc" -eq 0 ]; then
    passed=$((passed + 1)); echo "PASS $name"
  elif [ "$rc" -eq 77 ]; then
    skipped=$((skipped + 1)); echo "SKIP $name: $(grep -v '^$' "$B/tests/$name.log" | tail -n 1)"
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
if [ -x "$B/fuzz/fuzz-graphin" ]; then
  mkdir -p "$B/fuzz/corpus-graphin"
  run fuzz-graphin "$B/fuzz/fuzz-graphin" -max_total_time="${FUZZ_GRAPHIN_SECONDS:-10}" \
    -rss_limit_mb=4096 "$B/fuzz/corpus-graphin" fuzz/corpus-graphin
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
