#!/usr/bin/env bash
# GNU enscript, GNU a2ps and Ghostscript (ps2pdf) from Debian, for building corpus/mono only
# (`make corpus-mono`): a few MB; never part of `make setup`, the app and its tests need none of
# it. Idempotent: does nothing when every package is already installed.
set -euo pipefail
EXTRA_PKGS="enscript a2ps ghostscript ${EXTRA_PKGS:-}" exec bash "$(dirname "$0")/system-deps.sh"
