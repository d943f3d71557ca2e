#!/usr/bin/env bash
# wkhtmltopdf 0.12.6 (Debian's `wkhtmltopdf`, Qt 5.15 WebKit built without the wkhtmltopdf
# patches: no repeated thead, no header/footer pages) for building corpus/wkhtml only
# (`make corpus-wkhtml`): about 80 MB with its Qt libraries; never part of `make setup`, the
# app and its tests need none of it. fonts-wqy-microhei (already in system-deps) gives the
# Korean and Chinese cells their glyphs. Idempotent: does nothing when every package is
# already installed.
set -euo pipefail
EXTRA_PKGS="wkhtmltopdf ${EXTRA_PKGS:-}" exec bash "$(dirname "$0")/system-deps.sh"
