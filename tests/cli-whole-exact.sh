#!/usr/bin/env bash
# cli-whole-exact: lambda's ball path against its exact path on whole graphs
# (docs/lambda.md, "The exact path on whole graphs"): the largest components
# of Citeseer and Cora with the public split, scored on the validation nodes,
# analyzed in balls (the default) and with --ball off (L_uu sparse per
# prime), must give the same report (tests/report_same.py: breakpoints,
# 20-digit approximations, losses, minimum; bounds that meet). Needs the
# data root $CERTUNE_DATA (default ../shared/datasets); exits 77 (skipped)
# without it. Usage: cli-whole-exact.sh path/to/certune (from the repo root).
set -u
C=$(realpath "${1:?usage: cli-whole-exact.sh CERTUNE}")
S=${CERTUNE_DATA:-../shared/datasets}
if [ ! -d "$S/citeseer" ] || [ ! -d "$S/cora" ]; then
  echo "SKIP cli-whole-exact: $S/citeseer or $S/cora absent (set CERTUNE_DATA to a data root)"
  exit 77
fi
py=""
for p in ${PYTHON:-} python3 /usr/bin/python3; do
  command -v "$p" >/dev/null && { py=$p; break; }
done
[ -n "$py" ] || { echo "SKIP: no python3 (bash scripts/install-deps.sh)"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fails=0 checks=0
ok() {
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi
}
for ds in citeseer cora; do
  "$C" instance --dataset "$ds" --data-root "$S" --split public --score val \
    --out "$T/$ds.gssl" >/dev/null
  ok "$ds: the whole-graph instance" $?
  "$C" analyze --family lambda --json "$T/$ds.gssl" >"$T/ball.json" 2>/dev/null
  ok "$ds: lambda in balls" $?
  "$C" analyze --family lambda --json --ball off "$T/$ds.gssl" >"$T/exact.json" 2>/dev/null
  ok "$ds: lambda exactly (--ball off)" $?
  "$py" tests/report_same.py "$T/ball.json" "$T/exact.json"
  ok "$ds: the ball path's report is the exact path's" $?
  "$py" -c 'import json, sys; a = json.load(open(sys.argv[1])); sys.exit(len(a["breakpoints"]) < 100)' \
    "$T/exact.json"
  ok "$ds: more than 100 breakpoints compared" $?
done
echo "cli-whole-exact: $checks checks, $fails failed"
[ "$fails" -eq 0 ]
