#!/usr/bin/env bash
# Your own graph (docs/formats.md, "Your own graph: certune instance --edges"):
# the files of tests/graphin/ (CSV with a header, TSV without, blank-separated
# with comments, string ids with blanks, fractions and decimals, a weight 0,
# both directions under each --directed mode, a self-loop, an id only in the
# labels, a duplicate label line, Matrix Market symmetric and general) and
# .npz files written by scipy in the test (that part skipped, and counted,
# without python3 and scipy; the same layout written by the standard library
# is read either way), each checked against hand-derived .gssl lines or the
# independent reader tests/graphin_check.py; then analyze and eval
# --predictions on a converted graph showing the ids, and the errors: exit
# status, file and line named, nothing on stdout, nothing written.
# Usage: bash tests/cli-graphin.sh CERTUNE (from the repo root).
set -u
C=$(realpath "${1:?usage: cli-graphin.sh CERTUNE}")
G=$(realpath tests/graphin)
CHECK=$(realpath tests/graphin_check.py)
fails=0 checks=0 skipped=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
py=$(command -v python3) || { echo "SKIP: no python3 (bash scripts/install-deps.sh)"; exit 77; }
scipy_py=""
for p in ${PYTHON:-} python3 /usr/bin/python3; do
  command -v "$p" >/dev/null && "$p" -c "import scipy.sparse" 2>/dev/null && { scipy_py=$p; break; }
done

ok() {
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi
}
run() { # args...: stdout $tmp/out, stderr $tmp/err, status $rc
  timeout 120 "$C" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
}
clean_fail() { # status pattern: that exit status, the message, nothing on stdout
  [ "$rc" -eq "$1" ] && [ ! -s "$tmp/out" ] && grep -q -- "$2" "$tmp/err" ||
    { echo "exit $rc, stdout $(wc -c <"$tmp/out") bytes:"; head -c 400 "$tmp/err"; return 1; }
}
body() { grep -v '^%' "$1"; } # the records, without the comment lines
# convert OUT ARGS...: certune instance ARGS --out OUT, then the independent
# reader on the same files (only the files' options are passed on to it)
convert() {
  local out=$1; shift
  run instance "$@" --out "$out" --force
  [ "$rc" -eq 0 ] && "$py" "$CHECK" "$out" "$@"
}

# 1. The formats, each against hand-derived lines and the independent reader.
convert "$tmp/p.gssl" --edges "$G/papers.csv" --labels "$G/papers-labels.csv" \
  --truth "$G/papers-truth.csv"
ok "CSV with a header, string ids with a blank, class names: the independent reader agrees" $?
cat >"$tmp/want" <<'EOF'
p gssl 7 2
e 1 2 1/2
e 2 3 1/4
e 1 3 1
e 3 4 3
e 4 5 1/4
e 5 6 1/10
l 1 1
l 5 0
l 7 0
t 2 1
t 3 1
t 4 0
t 6 0
EOF
body "$tmp/p.gssl" | cmp -s - "$tmp/want"; ok "papers.csv: the hand-derived records" $?
grep -qx '% id 4 draft%207' "$tmp/p.gssl" && grep -qx '% id 7 paper-99' "$tmp/p.gssl" &&
  grep -qx '% class 0 systems' "$tmp/p.gssl" && grep -qx '% class 1 theory' "$tmp/p.gssl"
ok "papers.csv: ids (a blank as %20) and class names kept as comments" $?
grep -q "^edges .*papers.csv: an edge list, comma-separated, header on line 1; 6 lines" "$tmp/out" &&
  grep -q "^isolated: 1 node without an edge (1 named only in the labels or truth file)" "$tmp/out" &&
  grep -q "^wrote $tmp/p.gssl: 7 nodes, 6 edges, 2 classes; 3 labeled, 4 scored" "$tmp/out"
ok "papers.csv: the summary names the header, the isolated node of the labels file" $?

convert "$tmp/n.gssl" --edges "$G/net.tsv" --labels "$G/net-labels.tsv" --truth "$G/net-truth.tsv"
ok "TSV without a header, class numbers, a weight 0: the independent reader agrees" $?
printf 'p gssl 6 2\ne 1 2 1\ne 2 3 2/3\ne 3 4 1\ne 1 4 1/2\nl 1 0\nl 3 1\nt 2 0\nt 4 1\nt 5 1\n' >"$tmp/want"
body "$tmp/n.gssl" | cmp -s - "$tmp/want" && grep -q "1 entry of weight 0 (no edge)" "$tmp/out"
ok "net.tsv: hand-derived (5-6 of weight 0 names both nodes, adds no edge)" $?

convert "$tmp/w.gssl" --edges "$G/ws.txt" --labels "$G/ws-labels.txt"
ok "blank-separated with # comments and blank lines: the independent reader agrees" $?
printf 'p gssl 4 3\ne 1 2 1\ne 2 3 2\ne 3 4 1\nl 1 0\nl 4 2\n' >"$tmp/want"
body "$tmp/w.gssl" | cmp -s - "$tmp/want"; ok "ws.txt: hand-derived (classes 0..2)" $?

convert "$tmp/s.gssl" --edges "$G/sym.mtx" --labels "$G/sym-labels.txt" --truth "$G/sym-truth.txt"
ok "Matrix Market real symmetric: the independent reader agrees" $?
printf 'p gssl 5 2\ne 1 2 1/2\ne 2 3 1/4\ne 3 4 1\ne 4 5 2\nl 1 0\nl 5 1\nt 2 0\nt 3 1\nt 4 1\n' >"$tmp/want"
body "$tmp/s.gssl" | cmp -s - "$tmp/want" && grep -qx '% id 3 3' "$tmp/s.gssl"
ok "sym.mtx: hand-derived, ids 1..n as written" $?
convert "$tmp/g.gssl" --edges "$G/gen.mtx" --labels "$G/gen-labels.csv"
ok "Matrix Market integer general: the independent reader agrees" $?
printf 'p gssl 4 2\ne 1 2 3\ne 2 3 1\ne 1 4 2\nl 1 0\nl 3 1\n' >"$tmp/want"
body "$tmp/g.gssl" | cmp -s - "$tmp/want"; ok "gen.mtx: hand-derived" $?
"$py" "$CHECK" "$tmp/n.gssl" --edges "$G/papers.csv" --labels "$G/papers-labels.csv" >/dev/null
ok "the independent reader fails on a file it does not describe" $(($? == 0))

# CRLF, a byte-order mark and gzip read like the plain file.
{ printf '\xef\xbb\xbf'; sed 's/$/\r/' "$G/papers.csv"; } | gzip >"$tmp/crlf.csv.gz"
run instance --edges "$tmp/crlf.csv.gz" --labels "$G/papers-labels.csv" \
  --truth "$G/papers-truth.csv" --out "$tmp/c.gssl"
[ "$rc" -eq 0 ] && cmp -s <(body "$tmp/c.gssl") <(body "$tmp/p.gssl") &&
  cmp -s <(grep '^% id' "$tmp/c.gssl") <(grep '^% id' "$tmp/p.gssl")
ok "gzip, CRLF and a byte-order mark: the same instance" $?

# 2. --directed: an edge in both directions, and twice.
run instance --edges "$G/bidir.txt" --labels "$G/bidir-labels.txt" --out "$tmp/b.gssl"
clean_fail 2 "bidir.txt:3: edge 'x'-'y' appears in both directions (first on line 1)" &&
  [ ! -e "$tmp/b.gssl" ]
ok "--directed error (default): both lines named, exit 2, nothing written" $?
run instance --edges "$G/twice.txt" --labels "$G/bidir-labels.txt" --out "$tmp/b.gssl"
clean_fail 2 "twice.txt:2: edge 'x'-'y' appears twice (first on line 1)"
ok "the same direction twice: named so" $?
for mode in sum:9/2 max:3; do
  convert "$tmp/b.gssl" --edges "$G/bidir.txt" --labels "$G/bidir-labels.txt" --directed "${mode%:*}" &&
    [ "$(grep '^e 1 2 ' "$tmp/b.gssl")" = "e 1 2 ${mode#*:}" ] &&
    grep -q "2 entries merged (--directed ${mode%:*})" "$tmp/out"
  ok "--directed ${mode%:*}: x-y weighs ${mode#*:} (1, 3, 1/2), the reader agrees" $?
done

# 3. Self-loops.
run instance --edges "$G/loop.csv" --labels "$G/dup-labels.csv" --out "$tmp/l.gssl"
clean_fail 2 "loop.csv:2: self-loop on node 'b'"; ok "a self-loop: file and line named" $?
printf 'id,label\na,0\n' >"$tmp/la.csv"
run instance --edges "$G/loop.csv" --labels "$tmp/la.csv" --self-loops drop --out "$tmp/l.gssl"
[ "$rc" -eq 0 ] && grep -q "1 self-loop dropped" "$tmp/out" && [ "$(body "$tmp/l.gssl" | grep -c '^e')" = 1 ]
ok "--self-loops drop: dropped and counted" $?

# 4. Labels: a duplicate line, an unknown id of a matrix, a score file.
run instance --edges "$G/papers.csv" --labels "$G/dup-labels.csv" --out "$tmp/d.gssl"
clean_fail 2 "dup-labels.csv:4: id 'a' is listed twice (first on line 2)" && [ ! -e "$tmp/d.gssl" ]
ok "a duplicate label line: both lines named, nothing written" $?
printf '1 0\n9 1\n' >"$tmp/l9.txt"
run instance --edges "$G/gen.mtx" --labels "$tmp/l9.txt" --out "$tmp/d.gssl"
clean_fail 2 "l9.txt:2: unknown id '9' (the nodes of .*gen.mtx are 1..4)"
ok "an id outside a matrix's nodes: an error naming file and line" $?
printf 'id\npaper-31\ndraft 7\n' >"$tmp/score.txt"
convert "$tmp/sc.gssl" --edges "$G/papers.csv" --labels "$G/papers-labels.csv" \
  --truth "$G/papers-truth.csv" --score "$tmp/score.txt" &&
  [ "$(body "$tmp/sc.gssl" | grep '^t' | tr '\n' ' ')" = "t 3 1 t 4 0 " ]
ok "--score FILE (one id per line, blanks inside): only those scored" $?
printf 'paper-117\n' >"$tmp/s2.txt"
run instance --edges "$G/papers.csv" --labels "$G/papers-labels.csv" --truth "$G/papers-truth.csv" \
  --score "$tmp/s2.txt" --out "$tmp/x.gssl"
clean_fail 2 "s2.txt:1: id 'paper-117' has no truth"; ok "a scored id without a truth: an error" $?

# 5. .npz: scipy.sparse.save_npz's csr, csc (stored), coo, float32 and int,
# each against the independent reader; and the layout written without scipy.
printf '0,0\n3,1\n' >"$tmp/zl.csv"
printf '1,0\n2,1\n4,1\n' >"$tmp/zt.csv"
if [ -n "$scipy_py" ]; then
  (cd "$tmp" && "$scipy_py" - <<'EOF'
import numpy as np, scipy.sparse as sp
A = sp.coo_matrix((np.array([0.1, 2, 0.5]), ([0, 1, 2], [1, 2, 3])), shape=(5, 5))
sp.save_npz("coo.npz", A)
sp.save_npz("csr.npz", A.tocsr())
sp.save_npz("csc.npz", A.tocsc(), compressed=False)
sp.save_npz("f32.npz", A.astype(np.float32).tocsr())
sp.save_npz("int.npz", sp.csr_matrix((np.array([3, 1, 2]), ([0, 1, 3], [1, 2, 0])), shape=(5, 5)))
sp.save_npz("sym.npz", (A + A.T).tocsr())
EOF
  )
  for f in coo csr csc f32; do
    convert "$tmp/z.gssl" --edges "$tmp/$f.npz" --labels "$tmp/zl.csv" --truth "$tmp/zt.csv" &&
      [ "$(body "$tmp/z.gssl" | grep '^e' | tr '\n' ' ')" = "e 1 2 1/10 e 2 3 2 e 3 4 1/2 " ]
    ok "scipy $f .npz: 0.1 read as 1/10, ids 0..n-1, the independent reader agrees" $?
  done
  convert "$tmp/z.gssl" --edges "$tmp/int.npz" --labels "$tmp/zl.csv"
  ok "scipy integer .npz: the independent reader agrees" $?
  run instance --edges "$tmp/sym.npz" --labels "$tmp/zl.csv" --out "$tmp/z.gssl" --force
  clean_fail 2 "sym.npz: entry 1: edge 0-1 appears in both directions (first as entry 0)"
  ok "a symmetric matrix stored whole needs --directed: the entries named" $?
  convert "$tmp/z.gssl" --edges "$tmp/sym.npz" --labels "$tmp/zl.csv" --directed max
  ok "... --directed max reads it as its triangle" $?
else
  skipped=$((skipped + 1))
  echo "SKIPPED: .npz files written by scipy (no python3 with scipy.sparse)"
fi
"$py" - "$tmp/lib.npz" <<'EOF'
# scipy.sparse.save_npz's layout, written with the standard library only:
# csr of the 4-node path 0-1-2-3 with float64 weights 1.5, 0.25, 3
import struct, sys, zipfile
def npy(descr, shape, payload):
    head = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape)
    head += " " * (63 - (len(head) + 10) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(head)) + head.encode() + payload
with zipfile.ZipFile(sys.argv[1], "w") as z:
    z.writestr("format.npy", npy("|S3", "()", b"csr"))
    z.writestr("shape.npy", npy("<i8", "(2,)", struct.pack("<2q", 4, 4)))
    z.writestr("indptr.npy", npy("<i4", "(5,)", struct.pack("<5i", 0, 1, 2, 3, 3)))
    z.writestr("indices.npy", npy("<i4", "(3,)", struct.pack("<3i", 1, 2, 3)))
    z.writestr("data.npy", npy("<f8", "(3,)", struct.pack("<3d", 1.5, 0.25, 3)))
EOF
printf '0,a\n3,b\n' >"$tmp/ll.csv"
convert "$tmp/y.gssl" --edges "$tmp/lib.npz" --labels "$tmp/ll.csv" &&
  [ "$(body "$tmp/y.gssl" | tr '\n' ' ')" = "p gssl 4 2 e 1 2 3/2 e 2 3 1/4 e 3 4 3 l 1 0 l 4 1 " ]
ok ".npz in scipy's layout (written without scipy): hand-derived and the reader agree" $?
printf 'not a zip' >"$tmp/bad.npz"
run instance --edges "$tmp/bad.npz" --labels "$tmp/ll.csv" --out "$tmp/x.gssl"
clean_fail 2 "bad.npz: cannot open as a zip"; ok "a .npz that is no zip: exit 2" $?

# 6. analyze and eval --predictions on a converted graph: the ids shown.
run analyze --family lambda "$tmp/p.gssl"
[ "$rc" -eq 0 ] && grep -q "^  minimum loss" "$tmp/out"; ok "analyze reads the converted graph" $?
run eval --family lambda --at 1 --predictions "$tmp/p.gssl"
[ "$rc" -eq 0 ] && grep -q "  node 2 (id paper-12)  predicted " "$tmp/out" &&
  grep -q "  node 4 (id draft%207)  predicted " "$tmp/out" && [ "$(grep -c ' (id ' "$tmp/out")" = 4 ]
ok "eval --predictions: every scored node with its id" $?
run eval --family lambda --at 1 --predictions --json "$tmp/p.gssl"
[ "$rc" -eq 0 ] && "$py" -c '
import json, sys
p = json.load(open(sys.argv[1]))["predictions"]
assert [(x["node"], x["id"]) for x in p] == [(2, "paper-12"), (3, "paper-31"), (4, "draft 7"), (6, "paper-41")], p' "$tmp/out"
ok "eval --predictions --json: an \"id\" member, unescaped" $?
"$C" eval --family lambda --at 1 --predictions - <"$tmp/p.gssl" | grep -q "  (stdin)  node 2 (id paper-12)"
ok "eval --predictions on stdin: the ids of the spooled copy" $?
run eval --family lambda --at 1 --predictions instances/lambda-gadget-x4.gssl
[ "$rc" -eq 0 ] && ! grep -q "(id " "$tmp/out"; ok "a .gssl without ids: predictions as before" $?

# 7. Errors: file and line, exit 2, nothing on stdout, nothing written; an
# existing output kept whole.
bad() { # file-content expected-message [extra options]
  printf "$1" >"$tmp/bad.csv"
  run instance --edges "$tmp/bad.csv" --labels "$G/papers-labels.csv" --out "$tmp/x.gssl" "${@:3}"
  clean_fail 2 "$2" && [ ! -e "$tmp/x.gssl" ]
  ok "bad edges: $2" $?
}
bad 'a,b\nc,d,-1\n' "bad.csv:2: negative weight '-1'"
bad 'a,b\nc,d,1.5.2\n' "bad.csv:2: malformed weight '1.5.2'"
bad 'a,b\n"c",d\n' "bad.csv:2: field 1 is quoted"
bad 'a,b,1,2\n' "bad.csv:1: expected 2 or 3 comma-separated fields"
bad 'a\tb\nc d\n' "bad.csv:2: expected 2 or 3 tab-separated fields (u v \[w\]), found 1"
bad 'a,b\n,d\n' "bad.csv:2: empty id"
bad 'a,b\nc\0d\n' "bad.csv:2: NUL byte in line"
bad '# only a comment\n' "bad.csv: no edge line"
printf '%%%%MatrixMarket matrix coordinate real general\n3 3 5\n1 2 1\n' >"$tmp/few.mtx"
run instance --edges "$tmp/few.mtx" --labels "$G/gen-labels.csv" --out "$tmp/x.gssl"
clean_fail 2 "few.mtx: 1 entries, but the size line (line 2) says 5"; ok "bad mtx: too few entries" $?
printf '%%%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n' >"$tmp/arr.mtx"
run instance --edges "$tmp/arr.mtx" --labels "$G/gen-labels.csv" --out "$tmp/x.gssl"
clean_fail 2 "arr.mtx:1: a dense (array) matrix"; ok "bad mtx: an array file" $?
printf '%%%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 2 1.5\n' >"$tmp/int.mtx"
run instance --edges "$tmp/int.mtx" --labels "$G/gen-labels.csv" --out "$tmp/x.gssl"
clean_fail 2 "int.mtx:3: value '1.5' is not an integer"; ok "bad mtx: a fraction in an integer file" $?
printf '%%%%MatrixMarket matrix coordinate pattern general\n3 3 99999999999999\n1 2\n' >"$tmp/big.mtx"
if (ulimit -v 400000 && "$C" --version >/dev/null 2>&1); then
  (ulimit -v 400000; run instance --edges "$tmp/big.mtx" --labels "$G/gen-labels.csv" --out "$tmp/x.gssl"
   clean_fail 2 "big.mtx: 1 entries, but the size line (line 2) says 99999999999999")
  ok "an entry count claimed in the size line allocates nothing (400 MB limit)" $?
else
  echo "SKIPPED (certune does not start under ulimit -v, a sanitizer build?): a huge entry count under 400 MB"
  skipped=$((skipped + 1))
fi
cp "$tmp/p.gssl" "$tmp/keep.gssl"
printf 'a,b\nb,b\n' >"$tmp/bad.csv"
run instance --edges "$tmp/bad.csv" --labels "$G/papers-labels.csv" --out "$tmp/keep.gssl" --force
[ "$rc" -eq 2 ] && cmp -s "$tmp/p.gssl" "$tmp/keep.gssl" && [ -z "$(ls "$tmp" | grep '\.tmp-')" ]
ok "a failed --force run leaves the old file whole, no temporary file" $?
run instance --edges "$G/papers.csv" --labels "$G/papers-labels.csv" --out "$tmp/p.gssl"
clean_fail 2 "exists (--force replaces it)"; ok "an existing --out without --force: exit 2" $?
run instance --edges "$G/papers.csv" --out "$tmp/x.gssl"
clean_fail 1 "needs --labels"; ok "--edges without --labels: a usage error" $?
run instance --edges "$G/papers.csv" --labels "$G/papers-labels.csv" --split public --out "$tmp/x.gssl"
clean_fail 1 "go with --dataset"; ok "--split with --edges: a usage error" $?
run instance --dataset tests/fixtures/tinycite --split public --labels "$G/papers-labels.csv" --out "$tmp/x.gssl"
clean_fail 1 "goes with --edges"; ok "--labels with --dataset: a usage error" $?
run instance --edges "$G/papers.csv" --labels "$G/papers-labels.csv" --directed both --out "$tmp/x.gssl"
clean_fail 1 "--directed takes error, sum or max"; ok "--directed both: a usage error" $?
run instance --edges "$G/papers.csv" --labels "$G/papers-labels.csv" --score "$tmp/score.txt" --out "$tmp/x.gssl"
clean_fail 1 "needs --truth"; ok "--score FILE without --truth: a usage error" $?

echo "$((checks - fails)) of $checks checks passed, $skipped part(s) skipped"
[ "$fails" -eq 0 ]
