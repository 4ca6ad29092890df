#!/usr/bin/env bash
# certune-mpi under `mpirun --oversubscribe -np 3` (docs/scale.md): for every
# family, on the shipped instances and on instances sampled from the tinyweb
# fixture, the report (text and JSON) is byte-identical to `certune analyze
# --threads 1`; an unreadable instance fails the run with exit 2 naming it and
# nothing on stdout, or with --keep-going is named as missing while the others
# are reported; a worker killed mid-run fails the run, rank 0 naming the
# instances in flight. Skipped (77) when certune-mpi or mpirun is absent.
# Usage: cli-mpi.sh CERTUNE
set -u
C=${1:?usage: cli-mpi.sh CERTUNE}
M="$(dirname "$C")/certune-mpi"
if [ ! -x "$M" ] || ! command -v mpirun >/dev/null; then
  echo "certune-mpi or mpirun absent (OpenMPI: scripts/install-deps.sh)"
  exit 77
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" # OpenMPI's own
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { checks=$((checks + 1)); if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi; }
run() { mpirun --oversubscribe -np 3 "$M" analyze "$@"; }

"$C" sample --dataset tests/fixtures/tinyweb --nodes 8 --count 12 --seed 5 \
  --out "$tmp/web" >/dev/null 2>&1
for set in instances "$tmp/web"; do
  for f in lambda alpha delta; do
    "$C" analyze --family $f --threads 1 $set >"$tmp/one.txt" 2>/dev/null
    run --family $f $set 2>/dev/null | cmp -s - "$tmp/one.txt"
    ok "$f on $set: mpirun -np 3 prints the bytes of one run" $?
    "$C" analyze --family $f --threads 1 --json $set >"$tmp/one.json" 2>/dev/null
    run --family $f --json $set 2>/dev/null | cmp -s - "$tmp/one.json"
    ok "$f on $set: the same JSON" $?
  done
done
mpirun -np 1 "$M" analyze --family lambda instances 2>/dev/null |
  cmp -s - <("$C" analyze --family lambda --threads 1 instances)
ok "mpirun -np 1 (rank 0 alone) prints the same" $?

mkdir "$tmp/bad" && cp instances/random-*.gssl "$tmp/bad/"
printf 'p gssl 3 2\ne 1 2 x\n' >"$tmp/bad/broken.gssl"
out=$(run --family lambda "$tmp/bad" 2>"$tmp/err"); rc=$?
[ $rc -ne 0 ] && [ -z "$out" ] && grep -q 'broken.gssl:2: malformed weight' "$tmp/err"
ok "an unreadable instance: the run fails naming it, nothing on stdout" $?
run --family lambda --keep-going "$tmp/bad" 2>"$tmp/err" | grep -q '3 instances'
[ $? -eq 0 ] && grep -q 'missing: .*broken.gssl' "$tmp/err"
ok "--keep-going: the others reported, the broken one named as missing" $?
# A worker killed (SIGKILL) in the middle of the run: mpirun stops the job,
# nothing is printed on stdout, the exit status is non-zero, and rank 0 names
# the instances in flight, the killed rank's among them; --keep-going cannot
# turn that into a report either. mpirun may end rank 0 before it prints (a
# race, seen about once in six runs on a loaded machine): then mpirun's own
# notice names the killed rank, and that is accepted instead. The instances
# (120 of 70 nodes, alpha: about 0.05 s of CPU each, 6 s in all) keep both
# workers busy for seconds; the kill comes 0.5 s after the worker process
# appears (it then holds an instance). With 24 of them (0.2 s each when
# written, 0.05 s since) the whole run could end before the kill: a CI run
# failed so, once in seven.
"$C" sample --dataset tests/fixtures/tinyweb --nodes 70 --count 120 --seed 1 \
  --out "$tmp/slow" >/dev/null 2>&1
worker_pid() { # mpirun's pid, rank -> the pid of that rank's process, or nothing
  local p
  for p in $(pgrep -P "$1"); do
    tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$2" &&
      { echo "$p"; return; }
  done
}
for opt in "" --keep-going; do
  mpirun --oversubscribe -np 3 "$M" analyze --family alpha $opt "$tmp/slow" \
    >"$tmp/kout" 2>"$tmp/kerr" &
  mp=$!
  w=
  for _ in $(seq 200); do
    w=$(worker_pid $mp 2)
    [ -n "$w" ] && break
    sleep 0.05
  done
  [ -n "$w" ] && sleep 0.5 && kill -9 "$w"
  wait $mp
  rc=$?
  named=1
  if grep -q 'certune-mpi: stopped; no report' "$tmp/kerr"; then
    grep -q "^  rank 2: $tmp/slow/sample-0[0-9]*\.gssl" "$tmp/kerr"
    named=$?
  else
    grep -q 'process rank 2 .*exited on signal 9' "$tmp/kerr"
    named=$?
  fi
  [ -n "$w" ] && [ $rc -ne 0 ] && [ ! -s "$tmp/kout" ] && [ $named -eq 0 ]
  ok "a killed worker${opt:+ ($opt)}: exit $rc, no report, the rank or its instance in flight named" $?
done
echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ]
