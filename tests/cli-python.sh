#!/usr/bin/env bash
# The Python package (python/certune) against the freshly built library beside
# CERTUNE: runs python/tests with unittest (hand-derived gadgets, the binary's
# JSON on every shipped instance, scikit-learn's LabelSpreading). Exit 77 (a
# skip) only when no python3 with numpy and scipy exists (scripts/install-deps.sh
# installs them). Usage: cli-python.sh CERTUNE
set -u
C=${1:?usage: cli-python.sh CERTUNE}
B=$(dirname "$C")
lib=$(ls "$B"/libcertune.so.* 2>/dev/null | head -n 1)
[ -n "$lib" ] || { echo "no libcertune.so.* in $B (make $B/libcertune.so.VERSION)"; exit 1; }
py=""
# A pyenv or venv python3 may come first on PATH without Debian's modules.
for p in ${PYTHON:-} python3 /usr/bin/python3; do
  if command -v "$p" >/dev/null && "$p" -c "import numpy, scipy" 2>/dev/null; then py=$p; break; fi
done
[ -n "$py" ] || { echo "SKIP: no python3 with numpy and scipy (bash scripts/install-deps.sh)"; exit 77; }
# A sanitizer build (make check-asan) needs its runtime loaded before python.
if nm -D "$lib" 2>/dev/null | grep -q " U __asan_init"; then
  rt=$(${CC:-clang} -print-file-name=libclang_rt.asan-x86_64.so)
  [ -f "$rt" ] || { echo "cannot find the ASan runtime ($rt) for $lib"; exit 1; }
  export LD_PRELOAD="$rt" ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
fi
echo "python: $("$py" --version 2>&1) ($py), library: $lib"
CERTUNE_LIB="$lib" CERTUNE_BIN="$C" PYTHONPATH=python "$py" -m unittest discover -s python/tests -v 2>&1
