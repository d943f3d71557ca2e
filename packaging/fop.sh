#!/usr/bin/env bash
# Apache FOP (Debian's fop, with its Java runtime) and the fonts the FOP corpus names (DejaVu,
# WenQuanYi Micro Hei), for building corpus/fop only (`make corpus-fop`): about 150 MB with the
# runtime; never part of `make setup`, the app and its tests need none of it. Idempotent: does
# nothing when every package is already installed.
set -euo pipefail
EXTRA_PKGS="fop default-jre-headless fonts-dejavu-core ${EXTRA_PKGS:-}" exec bash "$(dirname "$0")/system-deps.sh"
