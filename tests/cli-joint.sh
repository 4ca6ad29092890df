#!/usr/bin/env bash
# End-to-end tests of `certune analyze --family delta --joint c` (docs/joint.md)
# against `certune eval` (an independent direct solve at one point): the
# witness's loss equals the reported minimum, and no point of a 30 x 30 grid
# of the square goes below it, on the thin-cell gadget (hand-derived: minimum
# 0 in a cell at most 0.0046 wide that the grid misses; every grid point 1/2)
# and on a random set; an edge tangency is undecided (exit 3, no loss); a
# vertical tangent at c = 1/2 is decided, two at one irrational c are not;
# usage errors.
# Usage: cli-joint.sh CERTUNE
set -u
C=${1:?usage: cli-joint.sh CERTUNE}
I=instances
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { checks=$((checks + 1)); if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi; }
py=$(command -v python3) || { echo "SKIP: no python3 (fractions for the grid)"; exit 77; }

# The loss of `eval` at (c, delta) for the files given.
eval_loss() { # c delta files...
  local c=$1 d=$2
  shift 2
  "$C" eval --family delta --c "$c" --at "$d" --json "$@" | jq -r .loss
}

# The 30 x 30 grid: c = 1/100 + (98/100) i / 29, delta = j / 29 (eval's text
# reports, read at once); prints the points read, the least loss met, how
# many points reach the minimum M, and 1 when none is below M.
grid() { # M files...
  local M=$1
  shift
  for i in $(seq 0 29); do
    for j in $(seq 0 29); do
      "$C" eval --family delta --c "$((29 + 98 * i))/2900" --at "$j/29" "$@"
    done
  done >"$tmp/grid"
  "$py" - "$M" "$tmp/grid" <<'EOF'
import sys
from fractions import Fraction as F
M = F(sys.argv[1])
v = [F(l.split()[1].rstrip(",")) for l in open(sys.argv[2]) if l.startswith("loss ")]
print(len(v), min(v), sum(1 for x in v if x == M), int(min(v) >= M))
EOF
}

# --- the thin-cell gadget (instances/delta-joint-thin.gssl) ---
T=$I/delta-joint-thin.gssl
"$C" analyze --family delta --joint c --json $T >"$tmp/thin.json" 2>"$tmp/err"
ok "thin gadget: exit 0" $?
[ "$(jq -r .minimum.loss "$tmp/thin.json")" = 0 ]; ok "thin gadget: minimum 0 (the cell between the curves)" $?
[ "$(jq -c '[.slabs[] | [.lo, .hi, .loss]]' "$tmp/thin.json")" = '[["1/100","1/2","1/2"],["1/2","99/100","0"]]' ]
ok "thin gadget: slabs (1/100, 1/2) loss 1/2 and (1/2, 99/100) loss 0 (every event at c = 1/2)" $?
[ "$(jq -c '[.events.edge, .events.crossing, .events.vertical_tangent]' "$tmp/thin.json")" = '[2,1,0]' ]
ok "thin gadget: two edge events and one crossing, at the corner (1/2, 0)" $?
# the vertex (1/2, 0): both nodes tied, ties to class 0: node 4 right, node 8 wrong
[ "$(jq -c '.vertex_minimum | [.loss, .vertices, .exact, .c_lo, .delta_lo]' "$tmp/thin.json")" = '["1/2",1,true,"1/2","0"]' ]
ok "thin gadget: one vertex, exactly (1/2, 0), loss 1/2 (both nodes tied)" $?
[ "$(eval_loss 1/2 0 $T)" = 1/2 ]; ok "thin gadget: eval at the vertex (1/2, 0) gives 1/2" $?
wc=$(jq -r .minimum.witness.c "$tmp/thin.json") wd=$(jq -r .minimum.witness.delta "$tmp/thin.json")
[ "$(eval_loss "$wc" "$wd" $T)" = 0 ]; ok "thin gadget: eval at the witness ($wc, $wd) gives 0" $?
read -r n least atmin good <<<"$(grid 0 $T)"
[ "$n" = 900 ] && [ "$good" = 1 ]; ok "thin gadget: 900 grid points, none below 0" $?
[ "$least" = 1/2 ] && [ "$atmin" = 0 ]; ok "thin gadget: the grid misses the cell (least grid loss $least)" $?
"$C" analyze --family delta --joint c $T >"$tmp/thin.txt" 2>&1
grep -q "minimum loss over the open cells 0" "$tmp/thin.txt" && grep -q "^slabs: 2" "$tmp/thin.txt"
ok "thin gadget: the text report" $?

"$C" analyze --family delta --joint c --plot "$tmp/thin.svg" $T >/dev/null 2>&1 &&
  "$py" - "$tmp/thin.svg" <<'EOF'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
ns = "{http://www.w3.org/2000/svg}"
w = [c for c in root.iter(ns + "circle") if c.get("id") == "witness"]
rects = list(root.iter(ns + "rect"))
# 96 columns: the 48 left of c = 1/2 one piece each, the 48 right three each; the frame
sys.exit(0 if len(w) == 1 and len(rects) == 48 + 3 * 48 + 1 else 1)
EOF
ok "thin gadget: --plot writes the heatmap (96 columns of exact pieces, the witness)" $?

# --- a random set: 3 instances of 7 nodes, 2 classes ---
"$py" - "$tmp" <<'EOF'
import random, sys
r = random.Random(31)
for k in range(3):
    n = 7
    edges = {(r.randint(1, v - 1), v) for v in range(2, n + 1)}
    for _ in range(3):
        a, b = r.sample(range(1, n + 1), 2)
        edges.add((min(a, b), max(a, b)))
    nodes = list(range(1, n + 1)); r.shuffle(nodes)
    with open("%s/r%d.gssl" % (sys.argv[1], k), "w") as f:
        f.write("p gssl %d 2\n" % n)
        for a, b in sorted(edges):
            f.write("e %d %d %d\n" % (a, b, r.randint(1, 9)))
        f.write("l %d 0\nl %d 1\nl %d %d\n" % (nodes[0], nodes[1], nodes[2], r.randint(0, 1)))
        for v in nodes[3:]:
            f.write("t %d %d\n" % (v, r.randint(0, 1)))
EOF
R="$tmp/r0.gssl $tmp/r1.gssl $tmp/r2.gssl"
"$C" analyze --family delta --joint c --json $R >"$tmp/r.json" 2>"$tmp/err"
ok "random set: exit 0" $?
M=$(jq -r .minimum.loss "$tmp/r.json")
wc=$(jq -r .minimum.witness.c "$tmp/r.json") wd=$(jq -r .minimum.witness.delta "$tmp/r.json")
[ "$(eval_loss "$wc" "$wd" $R)" = "$M" ]; ok "random set: eval at the witness ($wc, $wd) gives the minimum $M" $?
[ "$(jq -r '[.slabs[].loss] | length' "$tmp/r.json")" = "$(jq -r '.slabs | length' "$tmp/r.json")" ] &&
  [ "$(jq -r '.events.total + 1' "$tmp/r.json")" -ge "$(jq -r '.slabs | length' "$tmp/r.json")" ]
ok "random set: at most one more slab than events" $?
read -r n least atmin good <<<"$(grid "$M" $R)"
[ "$n" = 900 ] && [ "$good" = 1 ]; ok "random set: 900 grid points, none below $M (least $least)" $?

# --- undecided: a curve tangent to the edge delta = 0 at c = 2/3 ---
U=$I/delta-joint-edge-tangent.gssl
"$C" analyze --family delta --joint c --json $U >"$tmp/u.json" 2>"$tmp/err"
[ $? = 3 ]; ok "edge tangency: exit 3" $?
grep -q "undecided:.*edge" "$tmp/err" && [ "$(jq -r 'has("minimum")' "$tmp/u.json")" = false ] &&
  [ "$(jq -r '.undecided | length' "$tmp/u.json")" = 1 ]
ok "edge tangency: the reason, no minimum in the JSON" $?
"$C" analyze --family delta --joint c $U >"$tmp/u.txt" 2>/dev/null
[ $? = 3 ] && [ ! -s "$tmp/u.txt" ]; ok "edge tangency: no text report" $?
"$C" analyze --family delta --joint c --plot "$tmp/u.svg" $U >/dev/null 2>&1
[ $? = 3 ] && [ ! -s "$tmp/u.svg" ]; ok "edge tangency: no plot drawn" $?
"$C" analyze --family delta --joint c --c-range 7/10:99/100 $U >/dev/null 2>&1
ok "edge tangency outside --c-range 7/10:99/100: decided" $?

# --- a vertical tangent at the rational c = 1/2, shared with an edge point ---
V=$I/delta-joint-tangent.gssl
"$C" analyze --family delta --joint c --json $V >"$tmp/v.json" 2>"$tmp/err"
ok "tangent at c = 1/2: decided (exit 0)" $?
[ "$(jq -c '[.events.vertical_tangent, .slabs[2].hi, .slabs[3].lo]' "$tmp/v.json")" = '[1,"1/2","1/2"]' ]
ok "tangent at c = 1/2: one tangent, a slab ends and one begins at 1/2 exactly" $?
wc=$(jq -r .minimum.witness.c "$tmp/v.json") wd=$(jq -r .minimum.witness.delta "$tmp/v.json")
[ "$(eval_loss "$wc" "$wd" $V)" = "$(jq -r .minimum.loss "$tmp/v.json")" ]
ok "tangent at c = 1/2: eval at the witness gives the minimum" $?
"$C" analyze --family delta --joint c --c-range 1/2:99/100 $I/delta-joint-tangent-irrational.gssl \
  >/dev/null 2>"$tmp/err"
[ $? = 3 ] && grep -q "undecided:.*vertical tangent" "$tmp/err"
ok "two tangents at one irrational c: undecided (exit 3)" $?

# --- usage ---
"$C" analyze --family lambda --joint c $T >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q "joint applies only to --family delta" "$tmp/err"; ok "--joint with lambda: usage error" $?
"$C" analyze --family delta --joint c --c 1/2 $T >/dev/null 2>&1
[ $? = 1 ]; ok "--joint with --c: usage error" $?
"$C" analyze --family delta --joint alpha $T >/dev/null 2>&1
[ $? = 1 ]; ok "--joint alpha: usage error" $?
for bad in 1/2 0:1/2 1/2:1 3/4:1/2 a:b; do
  "$C" analyze --family delta --joint c --c-range "$bad" $T >/dev/null 2>&1
  [ $? = 1 ]; ok "--c-range $bad: usage error" $?
done
"$C" analyze --family delta --c-range 1/4:3/4 $T >/dev/null 2>&1
[ $? = 1 ]; ok "--c-range without --joint: usage error" $?
"$C" analyze --family delta --joint c "$tmp/missing.gssl" >/dev/null 2>"$tmp/err"
[ $? = 2 ] && grep -q "missing.gssl" "$tmp/err"; ok "a missing file: exit 2 naming it" $?
echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
