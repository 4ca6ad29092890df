#!/usr/bin/env bash
# The dependency rule of docs/architecture.md holds (scripts/check-layers.sh:
# no upward include between modules, no include cycle, private headers stay
# private, no call cycle between the files of a module), and the check itself
# can fail: a copy of the tree with an upward include and one with a file
# cycle are both rejected. Usage: tests/cli-layers.sh path/to/certune
set -u
bin=$1
root=$(cd "$(dirname "$0")/.." && pwd)
B=$(cd "$(dirname "$bin")" && pwd)
fail=0
bash "$root/scripts/check-layers.sh" "$root" "$B" || fail=1

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/t" && cp -r "$root/src" "$root/include" "$root/scripts" "$tmp/t/"
# rational (the lowest layer) including the analysis: upward.
sed -i '1a #include "certune/analysis.h"' "$tmp/t/src/rational/rational.c"
if bash "$tmp/t/scripts/check-layers.sh" "$tmp/t" "$tmp/none" 2>"$tmp/err"; then
  echo "cli-layers: an upward include was not caught" >&2
  fail=1
fi
grep -q 'upward include: rational' "$tmp/err" || { cat "$tmp/err" >&2; fail=1; }
# Two objects of one module that call each other: a file cycle.
mkdir -p "$tmp/b/obj/m"
printf 'int g(void);\nint f(void) { return g(); }\nint h(void) { return 1; }\n' >"$tmp/a.c"
printf 'int h(void);\nint g(void) { return h(); }\n' >"$tmp/b.c"
cc -c -o "$tmp/b/obj/m/a.o" "$tmp/a.c" && cc -c -o "$tmp/b/obj/m/b.o" "$tmp/b.c" || fail=1
if bash "$root/scripts/check-layers.sh" "$root" "$tmp/b" 2>"$tmp/err2"; then
  echo "cli-layers: a file cycle was not caught" >&2
  fail=1
fi
grep -q 'file cycle in module m' "$tmp/err2" || { cat "$tmp/err2" >&2; fail=1; }
exit $fail
