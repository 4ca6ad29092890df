#!/usr/bin/env bash
# The docs against the program: no reference to a file outside the repository,
# and every `$ ./certune ...` example of README.md and docs/*.md runs and prints
# what is shown (tests/docs_check.py). Usage: bash tests/cli-docs.sh CERTUNE
set -u
C=${1:?usage: cli-docs.sh CERTUNE}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 tests/docs_check.py "$(cd "$(dirname "$C")" && pwd)/$(basename "$C")" "$tmp"
