#!/usr/bin/env bash
# The family table is the one place that knows the families
# (docs/architecture.md, "The family table"): outside the family modules (src/family,
# src/lambda, src/alpha, src/delta and their headers, where the ids are
# defined) no C source or header of src/, include/ or mpi/ names a family id
# (CT_FAMILY_LAMBDA, _ALPHA, _DELTA, or the C API's CT_CAPI_ twins outside
# capi.h, which defines them) or switches or tests on a ct_family_t
# (`switch (...family...)`, `family == / != ID`). Prints each violation as
# file:line: text and exits 1 when there is one. Usage:
#   scripts/check-family.sh [ROOT]
set -u
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 2
allowed='^(src/(family|lambda|alpha|delta)/|include/certune/(family|lambda|alpha|delta)\.h:)'
ids='CT_FAMILY_(LAMBDA|ALPHA|DELTA)\b|CT_CAPI_(LAMBDA|ALPHA|DELTA)\b'
tests='switch *\([^)]*family|family *[!=]= *(CT_[A-Z_]+|[0-9]+)\b'
out=$(grep -rnE --include='*.c' --include='*.h' "$ids|$tests" src include mpi 2>/dev/null |
  grep -vE "$allowed" | grep -vE '^include/certune/capi\.h:[0-9]+:#define CT_CAPI_')
if [ -n "$out" ]; then
  echo "check-family: a family named outside the family modules (ask the table, family.h):" >&2
  echo "$out" >&2
  exit 1
fi
echo "check-family: no family named outside the family modules"
