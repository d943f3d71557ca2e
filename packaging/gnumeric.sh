#!/usr/bin/env bash
# Gnumeric (Debian's gnumeric, command line printing `ssconvert --export-type=Gnumeric_pdf:pdf_assistant`,
# drawing through cairo) for building corpus/gnumeric only (`make corpus-gnumeric`): about 25 MB
# with its libraries; never part of `make setup`, the app and its tests need none of it.
# fonts-wqy-microhei (already in system-deps) gives the Korean and Chinese cells their glyphs;
# openpyxl (the `corpus` extra) writes the workbooks. Idempotent: does nothing when every
# package is already installed.
set -euo pipefail
EXTRA_PKGS="gnumeric ${EXTRA_PKGS:-}" exec bash "$(dirname "$0")/system-deps.sh"
