#!/usr/bin/env bash
# The committed fixtures of tests/fixtures are what scripts/make-fixtures.py
# writes (so the counts its header derives are the files' counts).
# Usage: bash tests/cli-fixtures.sh CERTUNE (from the repo root; CERTUNE unused).
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 scripts/make-fixtures.py "$tmp" || { echo "FAILED: make-fixtures.py"; exit 1; }
diff -r "$tmp" tests/fixtures || { echo "FAILED: tests/fixtures differ from the script's output"; exit 1; }
echo "cli-fixtures: 1 check, 0 failed"
