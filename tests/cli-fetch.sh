#!/usr/bin/env bash
# cli-fetch: scripts/fetch-datasets.sh against local mirrors (file:// URLs;
# CI has no network), and datasets by name in the CLI. Usage: cli-fetch.sh
# path/to/certune (from the repository root).
# A mirror of the fixtures in tests/data with a test table: placement, loading
# by name, sha256 mismatch, UNKNOWN refused / --allow-unverified, unknown
# names, --force. The script's own table is checked by cli-fetch-shared.sh.
set -u
C=${1:-./certune}
F=scripts/fetch-datasets.sh
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# ---- 1. fixtures
mkdir -p "$T/mirror/fix/csv" "$T/mirror/fix/npz"
cp tests/data/tiny-csv/*.csv "$T/mirror/fix/csv/"
cp tests/data/tiny.npz "$T/mirror/fix/npz/"
sum() { sha256sum "$1" | cut -d' ' -f1; }
{
  for f in labels edges features; do
    echo "tiny tiny/$f.csv $(sum tests/data/tiny-csv/$f.csv) fix/csv/$f.csv"
  done
  echo "tinynpz tinynpz.npz UNKNOWN fix/npz/tiny.npz"
  echo "broken broken/labels.csv $(sum tests/data/tiny-csv/labels.csv) fix/csv/labels.csv"
  echo "broken broken/edges.csv 0000000000000000000000000000000000000000000000000000000000000000 fix/csv/edges.csv"
  echo "gone gone/labels.csv UNKNOWN fix/csv/no-such-file.csv"
} >"$T/table"
R="$T/root"
run() { bash $F --table "$T/table" --mirror "file://$T/mirror" --root "$R" "$@"; }

run tiny >"$T/out" 2>"$T/err" || fail "tiny: $(cat "$T/err")"
grep -q "tiny: placed $R/tiny" "$T/out" || fail "tiny: $(cat "$T/out")"
cmp -s "$R/tiny/edges.csv" tests/data/tiny-csv/edges.csv || fail "tiny: edges.csv differs"
[ ! -e "$R/.fetch-tiny" ] || fail "staging folder left behind"
# loaded by name through --data-root, then through $CERTUNE_DATA
$C gnn train --model sgc --epochs 1 --dataset tiny --data-root "$R" >"$T/out" 2>&1 \
  || fail "load by --data-root: $(cat "$T/out")"
grep -q "sgc on tiny " "$T/out" || fail "not the tiny dataset: $(cat "$T/out")"
CERTUNE_DATA="$R" $C gnn train --model sgc --epochs 1 --dataset tiny >"$T/out" 2>&1 \
  || fail "load by \$CERTUNE_DATA: $(cat "$T/out")"
# already present: skipped, unless --force
run tiny >"$T/out" 2>&1 && grep -q "already present" "$T/out" || fail "no skip: $(cat "$T/out")"
echo changed >"$R/tiny/labels.csv"
run --force tiny >/dev/null 2>&1 && cmp -s "$R/tiny/labels.csv" tests/data/tiny-csv/labels.csv \
  || fail "--force did not replace"

# UNKNOWN: refused (nothing placed), then fetched with a warning giving the hash
run tinynpz >"$T/out" 2>&1 && fail "UNKNOWN sha256 accepted without --allow-unverified"
grep -q "tinynpz: refused: its sha256 is not known" "$T/out" || fail "$(cat "$T/out")"
[ ! -e "$R/tinynpz.npz" ] || fail "refused dataset placed"
run --allow-unverified tinynpz >"$T/out" 2>&1 || fail "--allow-unverified: $(cat "$T/out")"
grep -q "unverified (no known sha256); received sha256 $(sum tests/data/tiny.npz)" "$T/out" \
  || fail "no warning with the received sha256: $(cat "$T/out")"
$C gnn train --model sgc --epochs 1 --dataset tinynpz --data-root "$R" >"$T/out" 2>&1 \
  || fail "tinynpz by name: $(cat "$T/out")"

# a mismatch: exit 2, message with both hashes, nothing placed
run broken >"$T/out" 2>&1; [ $? -eq 2 ] || fail "mismatch: exit status"
grep -q "broken: file://$T/mirror/fix/csv/edges.csv: sha256 mismatch: expected 0000" "$T/out" \
  || fail "mismatch message: $(cat "$T/out")"
[ ! -e "$R/broken" ] && [ ! -e "$R/.fetch-broken" ] || fail "mismatched dataset placed"
run --allow-unverified gone >"$T/out" 2>&1; [ $? -eq 2 ] || fail "missing file: exit status"
grep -q "gone: cannot download file://" "$T/out" || fail "missing file: $(cat "$T/out")"
run nonesuch >"$T/out" 2>&1; [ $? -eq 2 ] || fail "unknown name: exit status"
grep -q "unknown dataset 'nonesuch' (known: broken gone tiny tinynpz" "$T/out" || fail "$(cat "$T/out")"
bash $F >/dev/null 2>&1; [ $? -eq 1 ] || fail "no name: not a usage error"

# the names certune lists in its "not found" message are the script's names
want=$(bash $F --list | paste -sd, | sed 's/,/, /g')
$C gnn train --model gcn --dataset nonesuch --data-root "$R" >"$T/out" 2>&1
[ $? -eq 2 ] || fail "missing name: exit status"
grep -q "fetches: $want\$" "$T/out" || fail "name lists differ: script '$want', certune $(cat "$T/out")"
grep -q "present there: tiny, tinynpz" "$T/out" || fail "present list: $(cat "$T/out")"

echo "cli-fetch: ok"
