#!/usr/bin/env bash
# PHP (command line only) and TCPDF (Debian's php-tcpdf, with its CJK core fonts cid0kr, cid0cs,
# hysmyeongjostdmedium and stsongstdlight) for building corpus/tcpdf only (`make corpus-tcpdf`):
# about 40 MB; never part of `make setup`, the app and its tests need none of it. Idempotent: does
# nothing when every package is already installed.
set -euo pipefail
EXTRA_PKGS="php-cli php-tcpdf ${EXTRA_PKGS:-}" exec bash "$(dirname "$0")/system-deps.sh"
