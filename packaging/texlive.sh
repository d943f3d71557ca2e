#!/usr/bin/env bash
# TeX Live 2022 from Debian, for building corpus/latex only (`make corpus-latex`): pdfLaTeX and
# the table packages TeX documents use (booktabs, array, tabularx, longtable, multirow,
# colortbl/xcolor, threeparttable in -latex-extra; siunitx in -science), LuaLaTeX (-luatex), Latin Modern and the
# URW fonts (Palatino). About 400 MB; never part of `make setup`: the app and its tests need none of it.
# Idempotent: does nothing when every package is already installed.
set -euo pipefail
PKGS="texlive-latex-base texlive-latex-recommended texlive-latex-extra texlive-fonts-recommended
texlive-science texlive-luatex lmodern"
# The same idempotent apt step as the app's own packages (system-deps.sh), with these added.
EXTRA_PKGS="$PKGS ${EXTRA_PKGS:-}" exec bash "$(dirname "$0")/system-deps.sh"
