#!/usr/bin/env bash
# The single source of truth for what certune needs from Debian 12.
# Installs only what is missing; used by the README, the Makefile and CI.
set -eu
pkgs="gcc make clang libflint-dev libflint-arb-dev libcalcium-dev libmpfr-dev
libgmp-dev libclang-rt-14-dev valgrind clang-format jq
libopenblas-dev zlib1g-dev nettle-dev pkg-config
python3 python3-numpy python3-scipy python3-sklearn python3-pandas
python3-pip python3-setuptools python3-wheel python3-venv
libzip-dev librsvg2-bin curl libsuitesparse-dev
libopenmpi-dev openmpi-bin"
missing=""
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "install-deps: installing$missing" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
