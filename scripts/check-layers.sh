#!/usr/bin/env bash
# Checks the dependency rule of docs/architecture.md on the include graph
# between modules, derived from the #include lines of src/<module>/* and
# include/certune/<module>.h: every module has a layer; a module includes only
# modules of a lower layer or of its own (never upward); the graph has no
# cycle; a module's private headers (src/<module>/*.h) are included by that
# module's files only; the GNN companion includes only itself and the shared
# modules listed below. With built objects (build/obj), also checks that the
# files of each module call each other one way only (no file cycle).
# Usage: scripts/check-layers.sh [ROOT [BUILD_DIR]]   (exit 0: the rule holds)
set -u
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
B=${2:-$root/build}
cd "$root" || exit 2

# Layers, lowest first (docs/architecture.md, "Dependency rule").
layers=(
  "base dd mem text qparse rational decimal crt polyset opt pool dynlib blas ozaki spchol spldl zlift zadj digest"
  "instance component dataset gen graphin"
  "rroot expsum pexpsum mqpoly mqroot lsroot lsalpha lskron lsdelta root bpoint"
  "signfn"
  "sweep analysis"
  "lambda alpha delta"
  "family"
  "bounds shatter sample whole report plot evaluate tune profile joint"
  "cli capi"
)
# What the GNN companion (gnn_*) may include besides itself: the dataset layer,
# the option helpers, and (for gnn tune) the one subgraph sampler of `certune
# sample`, the counts chart of plot and the thread pool.
gnn_shared=" base mem text dataset opt sample plot pool dynlib blas "
# Modules whose files still call each other both ways: reported, not failed,
# until someone untangles them (a ratchet: do not add to this list; empty now).
known_file_cycles=" "

declare -A layer
for i in "${!layers[@]}"; do
  for m in ${layers[$i]}; do layer[$m]=$i; done
done
status=0
fail() { echo "check-layers: $*" >&2; status=1; }

modules=$( (ls src; ls include/certune | sed 's/\.h$//') | grep -v '^main\.c$' | sort -u)
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
for m in $modules; do
  files=$(ls src/"$m"/*.[ch] include/certune/"$m".h 2>/dev/null)
  [ -n "$files" ] || continue
  if [[ $m != gnn_* ]] && [ -z "${layer[$m]:-}" ]; then
    fail "module $m has no layer (add it to scripts/check-layers.sh and docs/architecture.md)"
    continue
  fi
  for f in $files; do
    grep -n '^#include "' "$f" | while IFS= read -r line; do
      n=${line%%:*}
      inc=$(sed 's/.*#include "\(.*\)".*/\1/' <<<"${line#*:}")
      case $inc in
      certune/*.h) echo "$f $n $m $(basename "$inc" .h)" >>"$edges" ;;
      */*) echo "PRIVATE $f:$n: includes $inc (only certune/<module>.h or a header of its own folder)" >>"$edges" ;;
      *)
        [[ $f == src/$m/* ]] && [ -f "src/$m/$inc" ] ||
          echo "PRIVATE $f:$n: includes $inc, not a header of src/$m/" >>"$edges" ;;
      esac
    done
  done
done
while read -r a b c d; do
  if [ "$a" = PRIVATE ]; then
    fail "$b $c $d"
    continue
  fi
  f=$a n=$b m=$c x=$d
  [ "$m" = "$x" ] && continue
  if [[ $m == gnn_* ]]; then
    [[ $x == gnn_* || $gnn_shared == *" $x "* ]] ||
      fail "$f:$n: the GNN companion ($m) includes $x (allowed: gnn_*,$gnn_shared)"
  elif [[ $x == gnn_* ]]; then
    fail "$f:$n: $m includes the GNN companion's $x"
  elif [ -z "${layer[$x]:-}" ]; then
    fail "$f:$n: $m includes $x, which has no layer"
  elif [ "${layer[$x]}" -gt "${layer[$m]}" ]; then
    fail "$f:$n: upward include: $m (layer ${layer[$m]}) includes $x (layer ${layer[$x]})"
  fi
done <"$edges"

# Cycles between modules (tsort names the loop).
if ! grep -v '^PRIVATE' "$edges" | awk '$3 != $4 {print $3, $4}' | sort -u | tsort >/dev/null 2>"$edges.tsort"; then
  fail "include cycle between modules: $(tr '\n' ' ' <"$edges.tsort")"
fi
rm -f "$edges.tsort"

# Calls between the files of one module, from the objects' symbol tables: file
# a -> file b when a uses a symbol b defines. Must be acyclic.
if [ -d "$B/obj" ] && command -v nm >/dev/null; then
  for d in "$B"/obj/*/; do
    set -- "$d"*.o
    [ $# -gt 1 ] && [ -f "$1" ] || continue
    pairs=$( (nm -A --defined-only -g "$@" | sed 's/^/D /'; nm -A -u "$@" | sed 's/^/U /') |
      awk '{ split($2, a, ":"); f = a[1]; sub(/.*\//, "", f); sub(/\.o$/, "", f); s = $NF }
           $1 == "D" { def[s] = f } $1 == "U" { use[s] = use[s] " " f }
           END { for (s in use) if (s in def) { n = split(use[s], u, " ");
                   for (i = 1; i <= n; i++) if (u[i] != def[s]) print u[i], def[s] } }' | sort -u)
    [ -n "$pairs" ] || continue
    if ! loop=$(tsort <<<"$pairs" 2>&1 >/dev/null) || [ -n "$loop" ]; then
      if [[ $known_file_cycles == *" $(basename "$d") "* ]]; then
        echo "check-layers: known file cycle (to untangle) in module $(basename "$d"): $(tr '\n' ' ' <<<"$loop")" >&2
      else
        fail "file cycle in module $(basename "$d"): $(tr '\n' ' ' <<<"$loop")"
      fi
    fi
  done
fi
[ $status -eq 0 ] && echo "check-layers: $(echo "$modules" | wc -w) modules, ${#layers[@]} layers, no upward include, no cycle"
exit $status
