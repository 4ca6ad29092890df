#!/usr/bin/env bash
# Checks that a change is behaviour-preserving: builds REV (default HEAD) in a
# temporary worktree and the working tree, runs the same commands with both
# binaries (every shipped example, text and JSON, bounds, shatter and
# verify-shatter for every family, the plots, the bad inputs' messages and exit
# statuses) and compares stdout, stderr and exit status byte for byte, then
# checks that no test fails and no fewer pass than at REV.
# Usage: scripts/same-output.sh [REV]   (exit 0: identical)
set -u
rev=${1:-HEAD}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
# The old tree goes beside this one, so that tests which look for ../shared see the same.
old=$(dirname "$root")/same-output-old.$$
trap 'git -C "$root" worktree remove --force "$old" >/dev/null 2>&1; rm -rf "$tmp"' EXIT
git -C "$root" worktree add --detach "$old" "$rev" >/dev/null 2>&1 || {
  echo "same-output: cannot check out $rev" >&2
  exit 1
}

cases() { # the commands, one per line, run from the tree's root with $C the binary
  cat <<'EOF'
$C analyze --family lambda instances/lambda-gadget-oscillating.gssl
$C analyze --family lambda instances/random-1.gssl instances/random-2.gssl instances/random-3.gssl
$C analyze --family delta instances/delta-gadget-oscillating.gssl
$C analyze --family alpha instances/alpha-gadget-oscillating.gssl
$C analyze --family lambda --json --score all instances/random-1.gssl instances/random-2.gssl
$C analyze --family alpha --json instances/random-1.gssl instances/random-2.gssl instances/random-3.gssl
$C analyze --family delta --json --c 1/2 instances/random-1.gssl instances/random-3.gssl
$C analyze --family delta --c 3/4 instances/delta-gadget-x2-c3_4.gssl
$C analyze --family lambda --plot $T/plot-lambda.svg instances/lambda-gadget-oscillating.gssl
$C analyze --family alpha --plot $T/plot-alpha.svg instances/alpha-gadget-oscillating.gssl
$C bounds --family lambda instances/random-1.gssl instances/random-2.gssl
$C bounds --family alpha --json instances/random-1.gssl
$C bounds --family delta --plot $T/counts.svg instances/random-2.gssl instances/random-3.gssl
$C shatter --family lambda --m 3 --out $T/sl
$C verify-shatter --family lambda $T/sl
$C shatter --family alpha --m 2 --out $T/sa
$C verify-shatter --family alpha $T/sa
$C shatter --family delta --m 2 --out $T/sd
$C verify-shatter --family delta $T/sd
$C analyze
$C analyze --family beta instances/random-1.gssl
$C --help
$C gnn --help
EOF
  for f in tests/bad/*.gssl; do echo "\$C analyze --family lambda $f"; done
}

run_all() { # tree out-dir
  local tree=$1 out=$2 i=0
  mkdir -p "$out"
  while IFS= read -r line; do
    i=$((i + 1))
    (cd "$tree" && C=./build/certune T=$out eval "$line" >"$out/$i.out" 2>"$out/$i.err"
     echo $? >"$out/$i.rc")
    echo "$line" >"$out/$i.cmd"
  done < <(cases)
  for d in "$out"/s?; do # shatter output folders, compared as files
    [ -d "$d" ] && (cd "$d" && cat -- * >"$out/$(basename "$d").files")
    rm -rf "$d"
  done
}

echo "same-output: building $rev and the working tree" >&2
(cd "$old" && make -s -j2 >/dev/null 2>&1) || { echo "same-output: $rev does not build" >&2; exit 1; }
(cd "$root" && make -s -j2 >/dev/null 2>&1) || { echo "same-output: the working tree does not build" >&2; exit 1; }
run_all "$old" "$tmp/a"
run_all "$root" "$tmp/b"
# Paths of the temporary folders appear in some messages: compare without them.
for f in "$tmp"/a/* "$tmp"/b/*; do sed -i "s#$tmp/[ab]#T#g" "$f"; done
status=0
if ! diff -r "$tmp/a" "$tmp/b" >"$tmp/diff"; then
  echo "same-output: outputs differ:" >&2
  head -n 60 "$tmp/diff" >&2
  status=1
fi
# Test programs follow the modules, so their names may change, and a change may
# add tests: none may fail, and no fewer may pass.
(cd "$old" && make -s check 2>/dev/null | grep -E '^(PASS|FAIL|SKIP) |passed' >"$tmp/suite-a")
(cd "$root" && make -s check 2>/dev/null | grep -E '^(PASS|FAIL|SKIP) |passed' >"$tmp/suite-b")
pa=$(tail -n 1 "$tmp/suite-a" | awk '{print $1}')
pb=$(tail -n 1 "$tmp/suite-b" | awk '{print $1}')
if grep -q '^FAIL' "$tmp/suite-b" || [ "${pb:-0}" -lt "${pa:-0}" ]; then
  echo "same-output: test suite: $rev: $(tail -n 1 "$tmp/suite-a"); now: $(tail -n 1 "$tmp/suite-b")" >&2
  grep '^FAIL' "$tmp/suite-b" >&2
  status=1
fi
[ $status -eq 0 ] && echo "same-output: $(ls "$tmp/a" | grep -c '\.cmd$') commands and the test suite identical to $rev"
exit $status
