#!/usr/bin/env bash
# The bounds of docs/bounds.md as scripts/results-bounds.py evaluates them,
# against values derived by hand and recomputed here in awk: the label-
# propagation count, pseudo-dimension and bound (LP); the SGC and GCAN
# constants P, K and weight norm on one-node settings whose algebra is short
# (written out below); Dudley's bound (R) at one alpha. And bench/x-datastats
# (the datasets' quantities the GNN bounds take) against the fixture's files
# read by awk. Skipped (77) without python3.
# Usage: cli-bounds-numbers.sh CERTUNE (run from the repo root).
set -u
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
B=$(dirname "${1:-build/certune}")
G=scripts/results-bounds.py
fails=0
ok() { if [ "$2" -eq 0 ]; then echo "ok: $1"; else echo "FAILED: $1"; fails=$((fails + 1)); fi; }
# val KIND ARGS... KEY: one value of --eval
val() { local key=${!#}; python3 $G --eval "${@:1:$#-1}" | awk -v k="$key" '$1 == k { print $2 }'; }
# near A B: |A - B| <= 1e-7 (1 + |B|)
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; s = b < 0 ? -b : b; exit !(a != "" && d <= 1e-7 * (1 + s)) }'; }

# (LP), n = 30, m = 300, c = 7: N = 300 * 30 * 29 * 7 * 6 + 3 = 10962003;
# Pdim: 2^19 = 524288 <= 19 * 36540 + 3 = 694263, 2^20 = 1048576 > 730803.
[ "$(val lp 30 300 7 N)" = 10962003 ]; ok "LP count N(300) for n = 30, c = 7" $?
[ "$(val lp 30 300 7 pdim)" = 19 ]; ok "LP pseudo-dimension bound 19 for n = 30, c = 7" $?
want=$(awk 'BEGIN { m = 300; printf "%.12g", 2 * sqrt(2 * log(10962003) / m) + 3 * sqrt(log(40) / (2 * m)) }')
near "$(val lp 30 300 7 bound)" "$want"; ok "LP bound for n = 30, m = 300, c = 7 ($want)" $?
# n = 2, c = 2: N(D) = 4 D + 3; 2^3 = 8 <= 15, 2^4 = 16 <= 19, 2^5 = 32 > 23.
[ "$(val lp 2 1 2 N)" = 7 ]; ok "LP count N(1) = 1 * 2 * 1 * 2 * 1 + 3 for n = 2, c = 2" $?
[ "$(val lp 2 1 2 pdim)" = 4 ]; ok "LP pseudo-dimension bound 4 for n = 2, c = 2" $?

# SGC, d = 1, L = 1, C_dl = C_dh = 1, C_z = 1: rho = 1, kappa = 1 + 1 = 2,
# C_theta = ln 3 (output bound rho C_z C_theta = ln 3), A_beta = 2 ln 3,
# A_theta = 1; c_beta = 2 ln 3, c_theta = 1 (gamma = 1/2);
# K = 2 max(c_beta / 2, 2 C_theta c_theta) = 2 max(ln 3, 2 ln 3) = 4 ln 3.
[ "$(val sgc 1 4 1 1 1 1 P)" = 2 ]; ok "SGC P = d + 1 = 2" $?
near "$(val sgc 1 4 1 1 1 1 K)" "$(awk 'BEGIN { printf "%.12g", 4 * log(3) }')"; ok "SGC K = 4 ln 3" $?
near "$(val sgc 1 4 1 1 1 1 weight_norm)" "$(awk 'BEGIN { printf "%.12g", log(3) }')"
ok "SGC C_theta = ln 3" $?
# C_dh = 4 (rho = 2), L = 2, C_z = 1/2: kappa = 4 + 1 = 5, C_theta = ln 3 / (4 / 2)
# = ln 3 / 2; A_beta = 2 * 2 * 5 * (1/2) * (ln 3 / 2) = 5 ln 3, A_theta = 2;
# K = 2 max(5 ln 3 / 2, 2 (ln 3 / 2) 2) = 5 ln 3.
near "$(val sgc 1 4 2 1 4 0.5 K)" "$(awk 'BEGIN { printf "%.12g", 5 * log(3) }')"
ok "SGC K = 5 ln 3 (C_dh = 4, L = 2, C_z = 1/2)" $?

# GCAN, d = 1, L = 1, C_dl = r = 1, C_z = 1, C_V = 1: s = 1, C_U = ln 3, H_0 = 1;
# p = C_U (1 + r) = 2 ln 3, q = s + 2 sqrt2 C_U, v = 2 sqrt2 C_U^2 (G_1 = 1);
# c_eta = p, c_U = q, c_V = v (gamma = 1/2); 3 groups:
# K = 3 max(ln 3, 2 ln 3 (1 + 2 sqrt2 ln 3), 4 sqrt2 (ln 3)^2); P = 1 + 1 + 2.
[ "$(val gcan 1 4 1 1 1 1 P)" = 4 ]; ok "GCAN P = 1 + d^2 + 2dL = 4" $?
want=$(awk 'BEGIN { l = log(3); r = 2 * sqrt(2); a = l; b = 2 * l * (1 + r * l); c = 2 * r * l * l;
  m = a; if (b > m) m = b; if (c > m) m = c; printf "%.12g", 3 * m }')
near "$(val gcan 1 4 1 1 1 1 K)" "$want"; ok "GCAN K ($want)" $?

# L = 2 (the same graph): u = C_U = sqrt(ln 3), H_0 = 1, H_1 = u; layer 1:
# g1 = u + 2 sqrt2 u^2, p1 = 2u, q1 = 1 + 2 sqrt2 u, v1 = 2 sqrt2 u^2; layer 2:
# g2 = u + 2 sqrt2 u^3, p2 = 2u^2, q2 = u + 2 sqrt2 u^3, v2 = 2 sqrt2 u^4;
# c_eta = g2 p1 + p2, c_U = g2 q1 + q2, c_V1 = g2 v1, c_V2 = v2; 4 groups.
[ "$(val gcan 1 4 2 1 1 1 P)" = 6 ]; ok "GCAN P = 1 + 1 + 4 = 6 (L = 2)" $?
want=$(awk 'BEGIN { u = sqrt(log(3)); r = 2 * sqrt(2); g2 = u + r * u^3;
  ce = g2 * 2 * u + 2 * u^2; cu = g2 * (1 + r * u) + u + r * u^3; v1 = g2 * r * u^2; v2 = r * u^4;
  m = ce / 2; if (2 * u * cu > m) m = 2 * u * cu; if (2 * v1 > m) m = 2 * v1; if (2 * v2 > m) m = 2 * v2;
  printf "%.12g", 4 * m }')
near "$(val gcan 1 4 2 1 1 1 K)" "$want"; ok "GCAN K, L = 2 ($want)" $?

# L = 1, r = 2 (s = 2): u = C_U = ln 3 / 2; p = 3u, q = 2 + 2 sqrt2 u, v = 2 sqrt2 u^2.
want=$(awk 'BEGIN { u = log(3) / 2; r = 2 * sqrt(2); a = 3 * u / 2; b = 2 * u * (2 + r * u); c = 2 * r * u * u;
  m = a; if (b > m) m = b; if (c > m) m = c; printf "%.12g", 3 * m }')
near "$(val gcan 1 4 1 1 2 1 K)" "$want"; ok "GCAN K, r = 2 ($want)" $?

# (R) at alpha = 1/2, P = 2, K = 4, m = 4: 4 (1/2) / 2 + 12 (2 - 1/2) sqrt(2 ln 17) / 4.
want=$(awk 'BEGIN { printf "%.12g", 1 + 4.5 * sqrt(2 * log(17)) }')
near "$(val dudley 2 4 4 0.5 value)" "$want"; ok "Dudley's bound at alpha = 1/2 ($want)" $?
# The bound is monotone in K: a larger K gives a larger SGC bound.
b1=$(val sgc 1433 20 2 1 168 1 bound) b2=$(val sgc 1433 20 2 1 1000 1 bound)
awk -v a="$b1" -v b="$b2" 'BEGIN { exit !(a > 1 && b >= a) }'; ok "SGC bound on Cora's d at m = 20 is above 1 ($b1)" $?
python3 $G --eval lp 30 2>/dev/null; [ $? -ne 0 ]; ok "--eval with missing arguments fails" $?

# bench/x-datastats on tests/fixtures/tinynpz against awk on its files.
X=$B/bench/x-datastats
if [ -x "$X" ]; then
  F=tests/fixtures/tinynpz
  got=$("$X" $F)
  want=$(awk 'NR > 1 && $1 != $2 { a = $1 < $2 ? $1 : $2; b = $1 < $2 ? $2 : $1;
      if (!((a, b) in e)) { e[a, b] = 1; d[a]++; d[b]++; ne++ } }
    END { mn = 1e9; mx = 0; for (i = 0; i < 300; i++) { if (d[i] < mn) mn = d[i]; if (d[i] > mx) mx = d[i] }
      printf "%d %d %d", ne, mn, mx }' $F/edges.txt)
  norm=$(awk 'NR > 1 { s[$1] += $3; q[$1] += $3 * $3 }
    END { for (i in s) if (s[i] != 0 && sqrt(q[i]) / s[i] > m) m = sqrt(q[i]) / s[i]; printf "%.12g", m }' $F/features.txt)
  echo "$got" | python3 -c 'import json, sys; r = json.load(sys.stdin)
print(r["nodes"], r["features"], r["classes"], r["edges"], r["min_degree"], r["max_degree"], r["max_feature_norm"])' >"${TMPDIR:-/tmp}/xds.$$"
  read -r nn nf nc ne mn mx nv <"${TMPDIR:-/tmp}/xds.$$"
  rm -f "${TMPDIR:-/tmp}/xds.$$"
  [ "$nn $nf $nc" = "$(head -n 1 $F/features.txt | cut -d' ' -f1,2) $(wc -l <$F/classes.txt)" ]
  ok "x-datastats: nodes, features, classes of $F" $?
  [ "$ne $mn $mx" = "$want" ]; ok "x-datastats: edges and degrees of $F ($want)" $?
  near "$nv" "$norm"; ok "x-datastats: largest row-normalized feature norm ($norm)" $?
  "$X" tests/fixtures/no-such-dataset >/dev/null 2>&1; [ $? -eq 2 ]; ok "x-datastats: a missing dataset is exit 2" $?
else
  echo "note: no $X; x-datastats not checked"
fi
echo "bounds numbers: $fails failed"
[ "$fails" -eq 0 ]
