#!/usr/bin/env bash
# TeX Live 2022 from Debian, for building corpus/latex only (`make corpus-latex`): pdfLaTeX and
# the table packages TeX documents use (booktabs, array, tabularx, longtable, multirow,
# colortbl/xcolor, threeparttable in -latex-extra; siunitx in -science), LuaLaTeX (-luatex), Latin Modern and the
# URW fonts (Palatino). About 400 MB; never part of `make setup`: the app and its tests need none of it.
# Idempotent: does nothing when every package is already installed.
set -euo pipefail
PKGS="texlive-latex-base texlive-latex-recommended texlive-latex-extra texlive-fonts-recommended
texlive-science texlive-luatex lmodern"
command -v dpkg-query >/dev/null 2>&1 || { echo "texlive: not a Debian system: install TeX Live by hand"; exit 1; }
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "texlive: installing$missing"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends $missing
