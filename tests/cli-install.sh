#!/usr/bin/env bash
# `make install` into a temporary prefix, then a small C program built against
# the installed copy with `pkg-config --cflags --libs certune` (the shared
# library) analyzes the lambda gadget x = 4 (threshold 2, derived in
# docs/lambda.md). Usage: cli-install.sh CERTUNE (the build folder is its folder).
set -u
C=${1:?usage: cli-install.sh CERTUNE}
B=$(dirname "$C")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s install B="$B" PREFIX="$tmp/p" OPT="${OPT:--O2 -g}" CC="${CC:-cc}" >"$tmp/log" 2>&1 ||
  { echo "make install failed"; cat "$tmp/log"; exit 1; }
for f in include/certune.h include/certune/analysis.h lib/libcertune.a lib/libcertune.so \
  lib/pkgconfig/certune.pc bin/certune; do
  [ -e "$tmp/p/$f" ] || { echo "not installed: $f"; exit 1; }
done
soname=$(objdump -p "$tmp/p/lib/libcertune.so" | awk '/SONAME/ {print $2}')
[ "$soname" = libcertune.so.0 ] || { echo "soname: '$soname'"; exit 1; }
cat >"$tmp/prog.c" <<'PROG'
#include <stdio.h>
#include <certune.h>
int main(int argc, char **argv)
{
    ct_instance_t inst;
    char err[CERTUNE_ERRLEN];
    if (argc != 2 || ct_instance_load(inst, argv[1], err, sizeof(err)) != 0) {
        fprintf(stderr, "load: %s\n", err);
        return 1;
    }
    ct_analysis_t A;
    int r = ct_family_analyze(A, CT_FAMILY_LAMBDA, NULL, inst, 1, 0, stderr, err, sizeof(err));
    if (r == 0 && A->nbp == 1) {
        char *loss = fmpq_get_str(NULL, 10, A->min_loss);
        printf("%s %s\n", A->lo_str[0], loss);
        flint_free(loss);
    }
    ct_analysis_clear(A);
    ct_instance_clear(inst);
    return r;
}
PROG
export PKG_CONFIG_PATH="$tmp/p/lib/pkgconfig"
flags=$(pkg-config --cflags --libs certune) || { echo "pkg-config failed"; exit 1; }
# shellcheck disable=SC2086
${CC:-cc} ${OPT:-} -o "$tmp/prog" "$tmp/prog.c" $flags || { echo "cannot build against $flags"; exit 1; }
out=$(LD_LIBRARY_PATH="$tmp/p/lib" "$tmp/prog" instances/lambda-gadget-x4.gssl) || { echo "program failed"; exit 1; }
[ "$out" = "2 0" ] || { echo "got '$out', want '2 0'"; exit 1; }
ldd "$tmp/prog" | grep -q "$tmp/p/lib/libcertune.so.0" 2>/dev/null ||
  LD_LIBRARY_PATH="$tmp/p/lib" ldd "$tmp/prog" | grep -q "$tmp/p/lib/libcertune.so.0" ||
  { echo "not linked against the installed shared library"; exit 1; }
echo "installed library OK"
