#!/usr/bin/env bash
# AbiWord (Debian's abiword, command line conversion `abiword --to=pdf`, drawing through cairo)
# for building corpus/abiword only (`make corpus-abiword`): about 60 MB with its libraries; never
# part of `make setup`, the app and its tests need none of it. fonts-wqy-microhei (already in
# system-deps) gives the Korean and Chinese cells their glyphs. Idempotent: does nothing when
# every package is already installed.
set -euo pipefail
EXTRA_PKGS="abiword ${EXTRA_PKGS:-}" exec bash "$(dirname "$0")/system-deps.sh"
