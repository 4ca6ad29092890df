#!/usr/bin/env bash
# Only the family modules name a family (scripts/check-family.sh): the tree
# passes, and the check can fail: copies of the tree with a family id in a
# tool, a switch on the family in the command line and an `==` test in the
# analysis core are each rejected, naming the planted line.
# Usage: tests/cli-family-table.sh path/to/certune
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
fail=0
bash "$root/scripts/check-family.sh" "$root" || fail=1

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
plant() { # name file line-to-append expected-in-message
  local t="$tmp/$1"
  mkdir -p "$t" && cp -r "$root/src" "$root/include" "$root/mpi" "$root/scripts" "$t/"
  printf '%s\n' "$3" >>"$t/$2"
  if bash "$t/scripts/check-family.sh" "$t" 2>"$t.err" >/dev/null; then
    echo "cli-family-table: $1 was not caught" >&2
    fail=1
  fi
  grep -qF "$2:" "$t.err" || { cat "$t.err" >&2; fail=1; }
}
plant id src/report/report.c 'static int x = CT_FAMILY_DELTA;'
plant switch src/cli/cli_eval.c 'static int f(int family) { switch (family) { default: return 0; } }'
plant test src/analysis/analysis_result.c 'static int g(const ct_analysis_t A) { return A->family == 0; }'
plant capi src/capi/capi_loss.c 'static int h(int family) { return family != CT_CAPI_ALPHA; }'
exit $fail
