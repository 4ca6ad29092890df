#!/usr/bin/env bash
# fetch-datasets.sh: downloads the public originals of the benchmark datasets,
# checks each file's sha256 and places it under the data root, where
# `certune gnn train --dataset NAME` and `certune sample --dataset NAME` find it
# (docs/gnn-data.md, "Datasets by name").
#
# usage: scripts/fetch-datasets.sh [--root DIR] [--mirror URL] [--table FILE]
#                                  [--allow-unverified] [--force] NAME...
#        scripts/fetch-datasets.sh --list
#
#   --root DIR          the data root (default: $CERTUNE_DATA, else
#                       $XDG_DATA_HOME/certune/datasets, else
#                       ~/.local/share/certune/datasets, as certune resolves it)
#   --mirror URL        replaces the base URL https://raw.githubusercontent.com
#                       (also $CERTUNE_FETCH_MIRROR), e.g. file:///srv/mirror
#   --table FILE        reads the table from FILE instead of the one below
#   --allow-unverified  fetches files whose sha256 is not known (UNKNOWN in the
#                       table) and prints the sha256 received; without it such
#                       a dataset is refused
#   --force             replaces a dataset that is already present
#   --list              prints the names this script knows, one a line
#
# A dataset is placed only when every file of it was downloaded and matched
# its sha256: files go to ROOT/.fetch-NAME first, then move into place.
# Exit status: 0 success, 1 usage error, 2 a download or check failed.
set -u

# name  destination-under-root  sha256-or-UNKNOWN  path-under-the-base-URL
#
# The sha256 values were computed from copies known to be byte-identical to the
# pinned upstream files (same git blob ids; ../shared/datasets/*/README.md).
# The gnn-benchmark .npz originals were not available to hash: UNKNOWN.
read -r -d '' FETCH_TABLE <<'EOF'
cora       cora/cora.content                   b8ebed0fd45e53995abafd1b70cf6a9fcc8f86abc5826d69b97fe6ca46e9c8ee tkipf/pygcn/1600b5b748b3976413d1e307540ccc62605b4d6d/data/cora/cora.content
cora       cora/cora.cites                     ec1a372391b7f0f60a6aff0084e8abd8f19f0faa7e1f2441a41c492042d5945e tkipf/pygcn/1600b5b748b3976413d1e307540ccc62605b4d6d/data/cora/cora.cites
cornell    cornell/out1_node_feature_label.txt cf5a3ca346cdd1210b8342e22517fcbbdae658065b7a3145f59350e50e6236a3 graphdml-uiuc-jlu/geom-gcn/f1fc0d14b3b019c562737240d06ec83b07d16a8f/new_data/cornell/out1_node_feature_label.txt
cornell    cornell/out1_graph_edges.txt        c4522a00cc40873c8a04a3a07c49e24a48a507eb284ac9c9f2d3e0590351bbb7 graphdml-uiuc-jlu/geom-gcn/f1fc0d14b3b019c562737240d06ec83b07d16a8f/new_data/cornell/out1_graph_edges.txt
texas      texas/out1_node_feature_label.txt   cf5a3ca346cdd1210b8342e22517fcbbdae658065b7a3145f59350e50e6236a3 graphdml-uiuc-jlu/geom-gcn/f1fc0d14b3b019c562737240d06ec83b07d16a8f/new_data/texas/out1_node_feature_label.txt
texas      texas/out1_graph_edges.txt          0fe85183243a78cbee9b85a684f8240963d04d1020d10e9cd2b8cfb25e33b476 graphdml-uiuc-jlu/geom-gcn/f1fc0d14b3b019c562737240d06ec83b07d16a8f/new_data/texas/out1_graph_edges.txt
wisconsin  wisconsin/out1_node_feature_label.txt a32b0aa38d42f0d36841e8a8cb646d197f0ff33a182ac75a2b4476aeed3c7e4b graphdml-uiuc-jlu/geom-gcn/f1fc0d14b3b019c562737240d06ec83b07d16a8f/new_data/wisconsin/out1_node_feature_label.txt
wisconsin  wisconsin/out1_graph_edges.txt      ebd213511c88fce1eda450c2f920600c4b8cbb38f02384856bcc47c6ec1807ae graphdml-uiuc-jlu/geom-gcn/f1fc0d14b3b019c562737240d06ec83b07d16a8f/new_data/wisconsin/out1_graph_edges.txt
actor      actor/out1_node_feature_label.txt   1d5cdd094f8b91e770f6decfca85b35cf42f75d1efb51055fd6af16e11820ff8 graphdml-uiuc-jlu/geom-gcn/f1fc0d14b3b019c562737240d06ec83b07d16a8f/new_data/film/out1_node_feature_label.txt
actor      actor/out1_graph_edges.txt          997cdce67ea9c29257d3ffe796328391931901cf823830affa453178b60e2c3e graphdml-uiuc-jlu/geom-gcn/f1fc0d14b3b019c562737240d06ec83b07d16a8f/new_data/film/out1_graph_edges.txt
citeseer   citeseer.npz                        UNKNOWN shchur/gnn-benchmark/99356931fd6158a05de41632669d5ab69e6e105e/data/npz/citeseer.npz
pubmed     pubmed.npz                          UNKNOWN shchur/gnn-benchmark/99356931fd6158a05de41632669d5ab69e6e105e/data/npz/pubmed.npz
amazon-photo amazon-photo.npz                  UNKNOWN shchur/gnn-benchmark/99356931fd6158a05de41632669d5ab69e6e105e/data/npz/amazon_electronics_photo.npz
coauthor-cs  coauthor-cs.npz                   UNKNOWN shchur/gnn-benchmark/99356931fd6158a05de41632669d5ab69e6e105e/data/npz/ms_academic_cs.npz
EOF

BASE_URL=https://raw.githubusercontent.com

fail_usage() {
  echo "fetch-datasets: $*" >&2
  echo "Try 'scripts/fetch-datasets.sh --help'." >&2
  exit 1
}

default_root() {
  if [ -n "${CERTUNE_DATA:-}" ]; then echo "$CERTUNE_DATA"
  elif [ "${XDG_DATA_HOME:0:1}" = / ]; then echo "$XDG_DATA_HOME/certune/datasets"
  else echo "${HOME:-.}/.local/share/certune/datasets"; fi
}

known_names() { printf '%s\n' "$FETCH_TABLE" | awk 'NF { print $1 }' | sort -u; }

root="" mirror="${CERTUNE_FETCH_MIRROR:-}" unverified=0 force=0 names=()
while [ $# -gt 0 ]; do
  case $1 in
    --root) [ $# -ge 2 ] || fail_usage "--root needs a folder"; root=$2; shift ;;
    --root=*) root=${1#--root=} ;;
    --mirror) [ $# -ge 2 ] || fail_usage "--mirror needs a URL"; mirror=$2; shift ;;
    --mirror=*) mirror=${1#--mirror=} ;;
    --table) [ $# -ge 2 ] && [ -r "$2" ] || fail_usage "--table needs a readable file"
      FETCH_TABLE=$(cat "$2"); shift ;;
    --allow-unverified) unverified=1 ;;
    --force) force=1 ;;
    --list) known_names; exit 0 ;;
    --help|-h) sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) fail_usage "unknown option '$1'" ;;
    *) names+=("$1") ;;
  esac
  shift
done
[ ${#names[@]} -gt 0 ] || fail_usage "no dataset named (known: $(known_names | tr '\n' ' '))"
[ -n "$root" ] || root=$(default_root)
[ -n "$mirror" ] && BASE_URL=${mirror%/}

# Downloads and checks every file of dataset $1 into the staging folder $2.
fetch_one() {
  local name=$1 stage=$2 dest sum path got url
  while read -r _ dest sum path; do
    url="$BASE_URL/$path"
    mkdir -p "$stage/$(dirname "$dest")"
    if ! curl -fsSL --retry 2 -o "$stage/$dest" "$url"; then
      echo "fetch-datasets: $name: cannot download $url" >&2
      return 2
    fi
    got=$(sha256sum "$stage/$dest" | cut -d' ' -f1)
    if [ "$sum" = UNKNOWN ]; then
      echo "fetch-datasets: warning: $name: $dest is unverified (no known sha256); received sha256 $got" >&2
    elif [ "$got" != "$sum" ]; then
      echo "fetch-datasets: $name: $url: sha256 mismatch: expected $sum, received $got" >&2
      return 2
    fi
  done < <(printf '%s\n' "$FETCH_TABLE" | awk -v n="$name" '$1 == n')
}

# Moves the staged files of $1 into the root (the dataset's folder or file).
place_one() {
  local stage=$1 entry
  for entry in "$stage"/* "$stage"/.[!.]*; do
    [ -e "$entry" ] || continue
    rm -rf "${root:?}/$(basename "$entry")"
    mv "$entry" "$root/"
  done
}

status=0
mkdir -p "$root" || { echo "fetch-datasets: $root: cannot create" >&2; exit 2; }
for name in "${names[@]}"; do
  rows=$(printf '%s\n' "$FETCH_TABLE" | awk -v n="$name" '$1 == n')
  if [ -z "$rows" ]; then
    echo "fetch-datasets: unknown dataset '$name' (known: $(known_names | tr '\n' ' '))" >&2
    status=2; continue
  fi
  if [ $unverified -eq 0 ] && printf '%s\n' "$rows" | awk '$3 == "UNKNOWN" { f = 1 } END { exit !f }'; then
    echo "fetch-datasets: $name: refused: its sha256 is not known (UNKNOWN in the table); rerun with --allow-unverified to fetch it anyway" >&2
    status=2; continue
  fi
  first=$(printf '%s\n' "$rows" | awk 'NR == 1 { print $2 }')
  top=${first%%/*}
  if [ -e "$root/$top" ] && [ $force -eq 0 ]; then
    echo "fetch-datasets: $name: $root/$top already present (--force replaces it)"
    continue
  fi
  stage="$root/.fetch-$name"
  rm -rf "$stage"
  if fetch_one "$name" "$stage"; then
    place_one "$stage"
    echo "fetch-datasets: $name: placed $root/$top"
  else
    status=2
  fi
  rm -rf "$stage"
done
exit $status
