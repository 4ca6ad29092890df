#!/usr/bin/env bash
# Every symbol libcertune.so exports starts with ct_ (public) or _ct_ (shared
# between a module's files), so the library cannot clash with its users'
# names (docs/architecture.md). Usage: cli-exports.sh CERTUNE (the library is
# the libcertune.so.* beside it).
set -u
B=$(dirname "${1:?usage: cli-exports.sh CERTUNE}")
lib=$(ls "$B"/libcertune.so.* 2>/dev/null | head -n 1)
[ -n "$lib" ] || { echo "no libcertune.so.* in $B"; exit 1; }
all=$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVW]$/ { print $3 }')
n=$(echo "$all" | grep -c .)
bad=$(echo "$all" | grep -v '^_\?ct_' | grep -v '^_\(init\|fini\|edata\|end\|_bss_start\)$')
echo "$n exported symbols in $lib"
[ "$n" -gt 100 ] || { echo "too few symbols read: nm failed?"; exit 1; }
if [ -n "$bad" ]; then
  echo "exported without the ct_ or _ct_ prefix:"
  echo "$bad"
  exit 1
fi
echo "all prefixed"
