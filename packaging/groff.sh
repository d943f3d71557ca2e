#!/usr/bin/env bash
# groff (tbl, gropdf, grops, the -ms macros) and Ghostscript (ps2pdf) from Debian, for building
# corpus/groff only (`make corpus-groff`): about 40 MB; never part of `make setup`, the app and
# its tests need none of it. Idempotent: does nothing when every package is already installed.
set -euo pipefail
EXTRA_PKGS="groff ghostscript ${EXTRA_PKGS:-}" exec bash "$(dirname "$0")/system-deps.sh"
