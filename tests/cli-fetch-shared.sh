#!/usr/bin/env bash
# cli-fetch-shared: scripts/fetch-datasets.sh with its own table of URLs and
# sha256 against a file:// mirror built from the project's copies in the data
# root $CERTUNE_DATA (default ../shared/datasets; the copies are
# byte-identical to the pinned upstream files), so a wrong sha256 or path in
# the table fails here. Exits 77 (skipped) when they are absent. Usage: cli-fetch-shared.sh path/to/certune (from the repo root).
set -u
C=${1:-./certune}
F=scripts/fetch-datasets.sh
S=${CERTUNE_DATA:-../shared/datasets}
if [ ! -d "$S/cora" ]; then
  echo "SKIP cli-fetch-shared: $S/cora absent (set CERTUNE_DATA to a data root)"
  exit 77
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

M="$T/real"
while read -r name dest _ path; do
  src="$S/$dest"
  [ -f "$src" ] || continue # the .npz originals are not in ../shared
  mkdir -p "$M/$(dirname "$path")"
  ln -s "$(cd "$(dirname "$src")" && pwd)/$(basename "$src")" "$M/$path"
done < <(sed -n '/^read -r -d/,/^EOF$/p' $F | sed '1d;$d')
R2="$T/root2"
bash $F --mirror "file://$M" --root "$R2" cora cornell texas wisconsin actor >"$T/out" 2>&1 \
  || fail "real table: $(cat "$T/out")"
for d in cora cornell texas wisconsin actor; do
  grep -q "$d: placed" "$T/out" || fail "$d not placed: $(cat "$T/out")"
done
$C sample --dataset cornell --data-root "$R2" --nodes 8 --count 2 --out "$T/s" >"$T/out" 2>&1 \
  || fail "sample by name: $(cat "$T/out")"
grep -q "wrote 2 instances" "$T/out" || fail "$(cat "$T/out")"
echo "cli-fetch-shared: ok"
