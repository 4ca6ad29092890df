#!/usr/bin/env bash
# One graph with its split (docs/tuning.md, "One graph with its split"):
# `certune instance` on the fixture datasets of every split kind, checked by an
# independent reader of the fixtures' own files (tests/whole_check.py);
# `tune --dataset` against `analyze` and `eval` on the written instances; the
# ten Geom-GCN splits' mean; the errors (exit status, message, nothing on
# stdout). Usage: bash tests/cli-whole.sh CERTUNE (from the repo root).
set -u
C=$(realpath "${1:?usage: cli-whole.sh CERTUNE}")
F=$(realpath tests/fixtures)
CHECK=$(realpath tests/whole_check.py)
fails=0 checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
py=""
for p in ${PYTHON:-} python3 /usr/bin/python3; do
  command -v "$p" >/dev/null && { py=$p; break; }
done
[ -n "$py" ] || { echo "SKIP: no python3 (bash scripts/install-deps.sh)"; exit 77; }

ok() {
  checks=$((checks + 1))
  if [ "$2" -ne 0 ]; then fails=$((fails + 1)); echo "FAILED: $1"; fi
}
run() { # args...: stdout $tmp/out, stderr $tmp/err, status $rc
  timeout 300 "$C" "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
}
clean_fail() { # status pattern
  [ "$rc" -eq "$1" ] && [ ! -s "$tmp/out" ] && grep -q -- "$2" "$tmp/err" ||
    { echo "exit $rc, stdout $(wc -c <"$tmp/out") bytes:"; head -c 400 "$tmp/err"; return 1; }
}
# q EXPR: an exact rational expression over Fractions, printed as p/q
q() { "$py" -c "from fractions import Fraction as F; import sys; x = $1; print(x)"; }

# 1. The instance writer, every split kind, read back independently.
while read -r ds split score; do
  run instance --dataset "$F/$ds" --split "$split" --score "$score" --out "$tmp/i.gssl" --force
  [ "$rc" -eq 0 ] && grep -q "^wrote $tmp/i.gssl: 300 nodes" "$tmp/out" &&
    "$py" "$CHECK" "$F/$ds" "$split" "$score" "$tmp/i.gssl"
  ok "instance $ds --split $split --score $score: the dataset's graph and split" $?
done <<'EOF'
tinycite public val
tinycite public test
tinycite public all
tinyweb geom-gcn:0 val
tinyweb geom-gcn:7 test
tinyweb geom-gcn:9 all
tinynpz random:5 val
tinynpz random:5:10:40:50 test
tinynpz random:11:3:7 all
EOF
run instance --dataset "$F/tinynpz" --split random:5:10:40:50 --out "$tmp/a.gssl"
run instance --dataset "$F/tinynpz" --split random:5:10:40:50 --out "$tmp/b.gssl"
run instance --dataset "$F/tinynpz" --split random:6:10:40:50 --out "$tmp/c.gssl"
cmp -s "$tmp/a.gssl" "$tmp/b.gssl" && ! cmp -s "$tmp/a.gssl" "$tmp/c.gssl"
ok "random splits: the same seed gives the same instance, another seed another" $?
"$C" analyze --family lambda "$tmp/a.gssl" >/dev/null 2>&1
ok "a written instance is read back by analyze" $?

# Scored nodes no label reaches: the fixture cut into pieces (edges at nodes
# 0..39 removed), counted by the summary, the JSON and an independent count.
mkdir -p "$tmp/cut" && cp "$F/tinynpz/labels.txt" "$tmp/cut/"
awk 'NR > 1 && $1 >= 40 && $2 >= 40' "$F/tinynpz/edges.txt" >"$tmp/cut/e"
{ echo "300 $(wc -l <"$tmp/cut/e")"; cat "$tmp/cut/e"; } >"$tmp/cut/edges.txt"
run instance --dataset "$tmp/cut" --split random:2:5:60:60 --out "$tmp/u.gssl"
read -r un uc <<<"$("$py" "$CHECK" --unreached "$tmp/u.gssl")"
[ "$rc" -eq 0 ] && [ "$un" -gt 0 ] &&
  grep -q "^unreached: $un scored nodes in $uc components without a labeled node" "$tmp/out"
ok "instance: $un scored nodes in $uc components without a label, counted" $?
run tune --family lambda --dataset "$tmp/cut" --split random:2:5:60:60 --json
[ "$(jq .unreached.val_nodes "$tmp/out")" = "$un" ] &&
  [ "$(jq .unreached.val_components "$tmp/out")" = "$uc" ]
ok "tune --json counts them too" $?

# 2. tune --dataset = analyze + eval on the two written instances.
while read -r fam ds split; do
  d="$fam $ds $split"
  run instance --dataset "$F/$ds" --split "$split" --score val --out "$tmp/v.gssl" --force &&
    run instance --dataset "$F/$ds" --split "$split" --score test --out "$tmp/t.gssl" --force
  run tune --family "$fam" --dataset "$F/$ds" --split "$split" --json
  [ "$rc" -eq 0 ] || { ok "$d: tune --dataset ran" 1; continue; }
  cp "$tmp/out" "$tmp/tune.json"
  get() { jq -r "$1" "$tmp/tune.json"; }
  "$C" analyze --family "$fam" --json "$tmp/v.gssl" >"$tmp/av.json" 2>/dev/null
  "$C" analyze --family "$fam" --json "$tmp/t.gssl" >"$tmp/at.json" 2>/dev/null
  [ "$(get .val_acc)" = "$(q "1 - F('$(jq -r .minimum.loss "$tmp/av.json")')")" ]
  ok "$d: val_acc = 1 - analyze's minimum on the validation instance" $?
  x=$(get .chosen)
  "$C" eval --family "$fam" --at "$x" --json "$tmp/t.gssl" >"$tmp/et.json" 2>/dev/null
  "$C" eval --family "$fam" --at "$x" --json "$tmp/v.gssl" >"$tmp/ev.json" 2>/dev/null
  [ "$(get .test_acc)" = "$(q "1 - F('$(jq -r .loss "$tmp/et.json")')")" ] &&
    [ "$(get .val_acc)" = "$(q "1 - F('$(jq -r .loss "$tmp/ev.json")')")" ]
  ok "$d: at the chosen $x, eval on the two instances gives val_acc and test_acc" $?
  [ "$(get .test_optimal_loss)" = "$(jq -r .minimum.loss "$tmp/at.json")" ]
  ok "$d: the test-optimal loss is analyze's minimum on the test instance" $?
  y=$(get .test_optimal_value)
  "$C" eval --family "$fam" --at "$y" --json "$tmp/t.gssl" >"$tmp/eo.json" 2>/dev/null
  [ "$(jq -r .loss "$tmp/eo.json")" = "$(jq -r .minimum.loss "$tmp/at.json")" ]
  ok "$d: eval at the test-optimal value $y attains it" $?
  [ "$(get .val_nodes)" = "$(grep -c '^t ' "$tmp/v.gssl")" ] &&
    [ "$(get .test_nodes)" = "$(grep -c '^t ' "$tmp/t.gssl")" ] &&
    [ "$(get .train_nodes)" = "$(grep -c '^l ' "$tmp/v.gssl")" ]
  ok "$d: the node counts are the instances'" $?
done <<'EOF'
lambda tinycite public
delta tinycite public
lambda tinyweb geom-gcn:4
delta tinynpz random:3:10:60:100
EOF

# 3. All ten Geom-GCN splits: each split's run, their mean and deviation.
run tune --family lambda --dataset "$F/tinyweb" --split geom-gcn --json
[ "$rc" -eq 0 ] && [ "$(jq '.splits | length' "$tmp/out")" = 10 ] &&
  [ "$(jq -r '[.splits[].split] | join(" ")' "$tmp/out")" = \
    "$(echo geom-gcn:{0..9})" ] &&
  "$py" -c "
import json, math, sys
d = json.load(open('$tmp/out'))
a = [s['test_acc_float'] for s in d['splits']]
m = sum(a) / len(a)
sd = math.sqrt(sum((x - m) ** 2 for x in a) / len(a))
sys.exit(abs(m - d['test_acc_mean']) > 1e-12 or abs(sd - d['test_acc_std']) > 1e-12)"
ok "geom-gcn: ten splits, the mean and population deviation of their test accuracies" $?
run tune --family lambda --dataset "$F/tinyweb" --split geom-gcn:6 --json
cp "$tmp/out" "$tmp/one.json"
run tune --family lambda --dataset "$F/tinyweb" --split geom-gcn --json
[ "$(jq -c .splits[6] "$tmp/out")" = "$(jq -c . "$tmp/one.json")" ]
ok "geom-gcn: split 6 of the ten is the geom-gcn:6 run" $?
run tune --family lambda --dataset "$F/tinycite" --split public
[ "$rc" -eq 0 ] && grep -q "^dataset tinycite, split public: 300 nodes" "$tmp/out" &&
  grep -q "validation accuracy" "$tmp/out"
ok "tune --dataset text report" $?

run tune --family lambda --dataset "$F/tinycite" --split public --plot "$tmp/wp.svg"
[ "$rc" -eq 0 ] && [ "$(grep -c 'class="panel"' "$tmp/wp.svg")" = 2 ] &&
  grep -q ">validation nodes: the value is chosen here (lambda = " "$tmp/wp.svg"
ok "tune --dataset --plot: the validation profile above the test profile" $?
run tune --family lambda --dataset "$F/tinyweb" --split geom-gcn --plot "$tmp/wp.svg"
clean_fail 1 "--plot draws one split"
ok "--plot with all ten splits: a usage error" $?

# 4. Errors: exit status, message, nothing on stdout.
run instance --dataset "$F/tinynpz" --split public --out "$tmp/x.gssl"
clean_fail 2 "tinynpz: no public split (it has no shipped split" && [ ! -e "$tmp/x.gssl" ]
ok "a missing public split: exit 2, said, nothing written" $?
run tune --family lambda --dataset "$F/tinycite" --split geom-gcn:2
clean_fail 2 "tinycite: no Geom-GCN split files (it has the public split"
ok "tune with a missing Geom-GCN split: exit 2" $?
run instance --dataset "$F/tinyweb" --split geom-gcn:10 --out "$tmp/x.gssl"
clean_fail 1 "unknown split 'geom-gcn:10'"
ok "geom-gcn:10: a usage error naming the accepted forms" $?
run tune --family lambda --dataset "$F/tinyweb" --split random:x
clean_fail 1 "unknown split 'random:x'"
ok "random:x: a usage error" $?
run instance --dataset "$F/tinyweb" --split geom-gcn --out "$tmp/x.gssl"
clean_fail 1 "instance writes one split"
ok "instance --split geom-gcn without K: a usage error" $?
run instance --dataset "$F/nothere" --split public --out "$tmp/x.gssl"
clean_fail 2 "nothere"
ok "an unknown dataset: exit 2" $?
run instance --dataset "$F/tinycite" --split public --out "$tmp/i.gssl"
clean_fail 2 "exists (--force replaces it)"
ok "an existing --out without --force: exit 2" $?
run instance --dataset "$F/tinycite" --split public --out "$tmp/i.gssl" --force
[ "$rc" -eq 0 ]; ok "--force replaces it" $?
run tune --family lambda --dataset "$F/tinycite" --split public --train "$tmp/i.gssl"
clean_fail 1 "replaces --train"
ok "--dataset with --train: a usage error" $?
mkdir -p "$tmp/bad" && cp -r "$F/tinyweb/"* "$tmp/bad/" && sed -i '5s/.*/7/' "$tmp/bad/splits/tinyweb_split_0.6_0.2_3.txt"
run instance --dataset "$tmp/bad" --split geom-gcn:3 --out "$tmp/x.gssl"
clean_fail 2 "tinyweb_split_0.6_0.2_3.txt:5"
ok "a bad code in a split file: exit 2, file and line named" $?

echo "$((checks - fails)) of $checks checks passed"
[ "$fails" -eq 0 ]
