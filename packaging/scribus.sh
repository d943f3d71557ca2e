#!/usr/bin/env bash
# Scribus 1.5.8 (Debian's scribus) with Xvfb and xauth (xvfb-run: Scribus needs a display even
# when it runs a script with no window), for building corpus/scribus only (`make
# corpus-scribus`): about 150 MB; never part of `make setup`, the app and its tests need none of
# it. DejaVu fonts come with the base packages. Idempotent: does nothing when every package is
# already installed.
set -euo pipefail
EXTRA_PKGS="scribus xvfb xauth ${EXTRA_PKGS:-}" exec bash "$(dirname "$0")/system-deps.sh"
