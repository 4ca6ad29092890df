#!/usr/bin/env bash
# The hostile cases (issue 32): each input in tests/hostile/ (the file says what
# it tests and derives its expected values by hand) with the expected status,
# message and output of every command that reads it. A wrong answer, a silent
# acceptance, a crash or a hang fails here. Every run is under `timeout`.
# Usage: bash tests/cli-hostile.sh CERTUNE (from the repo root).
set -u
C=$(realpath "${1:?usage: cli-hostile.sh CERTUNE}")
H=$(realpath tests/hostile)
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SLOW=1
grep -q __asan_init "$C" && SLOW=3

ok() { # description, status of the check
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi
}
run() { # SECONDS args...: stdout in $tmp/out, stderr in $tmp/err, status in $rc
  local secs=$(($1 * SLOW)); shift
  timeout "$secs" "$C" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
}
want() { # status description
  [ "$rc" -eq "$1" ] || { echo "exit $rc, wanted $1: $2"; head -c 600 "$tmp/err"; return 1; }
}
clean_fail() { # status pattern description: that status, nothing on stdout, pattern on stderr
  want "$1" "$3" && [ ! -s "$tmp/out" ] && grep -q -- "$2" "$tmp/err"
}
json_is() { # jq-path value: the JSON on stdout has that value there
  local got
  got=$(jq -r "$1" "$tmp/out" 2>/dev/null)
  [ "$got" = "$2" ] || { echo "$1 = '$got', wanted '$2'"; return 1; }
}

# 1. --ties expected where F = 0: every declared class ties, in every command.
#    FILE LOSS-EXPECTED LOSS-SMALLEST (derived in each file's comments)
while read -r name lexp lsmall; do
  f="$H/$name.gssl"
  for fam in lambda alpha delta; do
    d="$name $fam"
    run 30 analyze --family "$fam" --json "$f"
    want 0 "$d" && json_is .minimum.loss "$lsmall"
    ok "$d: analyze, smallest rule: $lsmall" $?
    run 30 analyze --family "$fam" --ties expected --json --save-profile "$tmp/p.ctp" "$f"
    want 0 "$d" && json_is .minimum.loss "$lexp"
    ok "$d: analyze --ties expected: $lexp" $?
    at=$(jq -r .minimum.representative "$tmp/out")
    run 30 eval --family "$fam" --ties expected --at "$at" --json "$f"
    want 0 "$d" && json_is .loss "$lexp"
    ok "$d: eval --ties expected at $at: $lexp" $?
    run 30 eval --family "$fam" --ties expected --at "$at" --json "$tmp/p.ctp"
    want 0 "$d" && json_is .loss "$lexp"
    ok "$d: eval from the profile: $lexp" $?
    run 30 merge --json "$tmp/p.ctp"
    want 0 "$d" && json_is .minimum.loss "$lexp"
    ok "$d: merge of the profile: $lexp" $?
    run 60 tune --family "$fam" --ties expected --json --train "$f" --test "$f"
    want 0 "$d" && json_is .train_loss "$lexp" && json_is .test_loss "$lexp"
    ok "$d: tune from instances: train and test $lexp" $?
    run 60 tune --family "$fam" --ties expected --json --train "$tmp/p.ctp" --test "$f"
    want 0 "$d" && json_is .train_loss "$lexp" && json_is .test_loss "$lexp"
    ok "$d: tune from the profile: train and test $lexp" $?
  done
done <<'EOF'
ties-isolated-4classes 3/8 0
ties-unlabeled-comp-5classes 8/15 2/3
EOF

echo "$((checks - fails)) of $checks checks passed"
[ "$fails" -eq 0 ]
