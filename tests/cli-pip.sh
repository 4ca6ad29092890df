#!/usr/bin/env bash
# `pip install ./python` offline into a temporary venv (python3 -m venv
# --system-site-packages, so that Debian's numpy, scipy and scikit-learn are
# seen; pip --no-build-isolation --no-index: nothing is downloaded), then the
# installed package, run outside the checkout: it finds libcertune by each
# rule of python/certune/_lib.py in turn ($CERTUNE_LIB; the pkg-config file of
# `make install` into a temporary prefix, through pkg-config and through its
# own reader of certune.pc; the build folder of the checkout it was installed
# from), names every rule when none loads, and runs a small ExactSearchCV
# (docs/python.md's hand-derived gadgets: 8/11, score 2/3). The checkout is
# copied first, so that pip's build folder and egg-info land in the copy.
# Exit 77 (a skip) only when no python3 has venv and pip.
# Usage: cli-pip.sh CERTUNE
set -u
C=${1:?usage: cli-pip.sh CERTUNE}
B=$(cd "$(dirname "$C")" && pwd)
lib=$(ls "$B"/libcertune.so.* 2>/dev/null | head -n 1)
[ -n "$lib" ] || { echo "no libcertune.so.* in $B (make $B/libcertune.so.VERSION)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# Debian's python3 first: a pyenv or conda python3 on PATH lacks Debian's modules.
py=""
for p in ${PYTHON:-} /usr/bin/python3 python3; do
  if command -v "$p" >/dev/null && "$p" -c "import numpy, scipy" 2>/dev/null; then py=$p; break; fi
done
[ -n "$py" ] || { echo "SKIP: no python3 with numpy and scipy (bash scripts/install-deps.sh)"; exit 77; }
"$py" -m venv --system-site-packages "$tmp/venv" >"$tmp/venv.log" 2>&1 ||
  { cat "$tmp/venv.log"; echo "SKIP: $py -m venv fails (Debian: python3-venv)"; exit 77; }
vpy=$tmp/venv/bin/python
"$vpy" -m pip --version >/dev/null 2>&1 || { echo "SKIP: no pip in a venv of $py (Debian: python3-pip)"; exit 77; }
"$vpy" -c "import setuptools, wheel" 2>/dev/null ||
  fail "setuptools or wheel missing: bash scripts/install-deps.sh (python3-setuptools, python3-wheel)"
echo "python: $("$vpy" --version 2>&1) (a venv of $py), library: $lib"

# A sanitizer build (make check-asan) needs its runtime loaded before python.
if nm -D "$lib" 2>/dev/null | grep -q " U __asan_init"; then
  rt=$(${CC:-clang} -print-file-name=libclang_rt.asan-x86_64.so)
  [ -f "$rt" ] || fail "cannot find the ASan runtime ($rt) for $lib"
  export LD_PRELOAD="$rt" ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
fi

# The version pip installs is the library's.
want=$(sed -n 's/^VERSION = //p' Makefile)
got=$(sed -n 's/^version = "\(.*\)"/\1/p' python/pyproject.toml)
[ "$got" = "$want" ] || fail "python/pyproject.toml has version '$got', the Makefile $want"

# A copy of the checkout: python/, a Makefile, and build/ (the real build folder).
mkdir -p "$tmp/tree/python"
cp -r python/pyproject.toml python/setup.py python/certune "$tmp/tree/python/"
rm -rf "$tmp/tree/python/certune/__pycache__"
cp Makefile "$tmp/tree/"
ln -s "$B" "$tmp/tree/build"
(cd "$tmp" && "$vpy" -m pip install --no-build-isolation --no-index "$tmp/tree/python") \
  >"$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; fail "pip install --no-build-isolation --no-index failed"; }
grep -q "Successfully installed certune-$want" "$tmp/pip.log" || { cat "$tmp/pip.log"; fail "no 'Successfully installed certune-$want'"; }

# Runs python code in the venv from a neutral folder, without the caller's
# CERTUNE_LIB, PYTHONPATH or pkg-config search path: env settings come as args.
run() { # NAME=VALUE... -- CODE
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  (cd "$tmp" && env -u CERTUNE_LIB -u PYTHONPATH -u PKG_CONFIG_PATH PKG_CONFIG_LIBDIR="$tmp/none" \
    "${envs[@]}" "$vpy" -c "$1")
}
LOADED='import certune, certune._lib as L; certune.library_version(); print(L._lib._name)'

where=$(run -- 'import certune; print(certune.__file__)') || fail "import certune in the venv"
case $where in "$tmp/venv/"*) ;; *) fail "certune imported from $where, not the venv" ;; esac

# 4. The build folder of the checkout it was installed from (recorded).
got=$(run -- "$LOADED") || fail "the recorded build folder: no library loaded"
case $got in "$tmp/tree/build/libcertune.so"*) ;; *) fail "recorded build folder: loaded $got" ;; esac
echo "recorded build folder: $got"

# 3. The pkg-config file of `make install` comes before it: through pkg-config,
# and through the package's own reader of certune.pc when pkg-config is absent.
make -s install B="$B" PREFIX="$tmp/prefix" OPT="${OPT:--O2 -g}" CC="${CC:-cc}" >"$tmp/install.log" 2>&1 ||
  { cat "$tmp/install.log"; fail "make install"; }
pc=$tmp/prefix/lib/pkgconfig
if command -v pkg-config >/dev/null; then
  got=$(run PKG_CONFIG_PATH="$pc" -- "$LOADED") || fail "pkg-config: no library loaded"
  [ "$got" = "$tmp/prefix/lib/libcertune.so.0" ] || fail "pkg-config: loaded $got"
  echo "pkg-config: $got"
fi
mkdir -p "$tmp/bin"
ln -s "$(command -v env)" "$tmp/bin/env"
got=$(run PATH="$tmp/bin" PKG_CONFIG_PATH="$pc" -- "$LOADED") || fail "certune.pc read: no library loaded"
[ "$got" = "$tmp/prefix/lib/libcertune.so.0" ] || fail "certune.pc read without pkg-config: loaded $got"
echo "certune.pc without pkg-config: $got"

# 1. CERTUNE_LIB before both.
got=$(run CERTUNE_LIB="$lib" PKG_CONFIG_PATH="$pc" -- "$LOADED") || fail "CERTUNE_LIB: no library loaded"
[ "$got" = "$lib" ] || fail "CERTUNE_LIB=$lib: loaded $got"
echo "CERTUNE_LIB: $got"

# None: the error names every rule (unless the system loader has a libcertune).
rm "$tmp/tree/build"
if ldconfig -p 2>/dev/null | grep -q libcertune.so.0; then
  echo "(a libcertune.so.0 is installed system-wide: the no-library error is not checked)"
else
  run LD_LIBRARY_PATH="$tmp/none" -- 'import certune; certune.library_version()' >"$tmp/err" 2>&1 &&
    fail "loaded a library with none to find"
  for w in LibraryNotFoundError CERTUNE_LIB "pkg-config finds no certune.pc" \
    "the build folder of the checkout installed from, $tmp/tree/build" "the system loader: libcertune.so.0"; do
    grep -qF "$w" "$tmp/err" || { cat "$tmp/err"; fail "the error does not say '$w'"; }
  done
  echo "no library: $(tail -n 1 "$tmp/err" | cut -c 1-160)..."
fi

# A small analysis with the installed package: alpha's gadgets x = 1/4, 1,
# 1/10, node 3 | 7 held out (docs/python.md, "ExactSearchCV").
out=$(run CERTUNE_LIB="$lib" -- '
from fractions import Fraction
import numpy as np, certune
A = np.zeros((12, 12), dtype=object)
y = np.zeros(12, dtype=int)
for g, (x, t) in enumerate([(Fraction(1, 4), 0), (1, 1), (Fraction(1, 10), 1)]):
    for v, w in ((1, 1), (2, 1), (3, x)):
        A[4 * g, 4 * g + v] = A[4 * g + v, 4 * g] = w
    y[4 * g: 4 * g + 4] = (0, 1, 1, t)
lab = np.flatnonzero(y >= 0)
cv = [(np.setdiff1d(lab, t), np.array(t)) for t in ([3, 11], [7])]
s = certune.ExactSearchCV(cv=cv).fit(A, y)
print(s.best_params_["alpha"], s.best_score_, s.n_pieces_)
') || fail "ExactSearchCV in the venv"
[ "$out" = "8/11 2/3 4" ] || fail "ExactSearchCV in the venv printed '$out', want '8/11 2/3 4'"
echo "ExactSearchCV in the venv: $out"
echo "pip install OK"
