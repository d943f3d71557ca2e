#!/usr/bin/env bash
# iText 5.5.13 and iText 2.1.7 (Debian's libitext5-java, libitext-java) and a JDK to compile the
# writer against them, for building corpus/itext only (`make corpus-itext`): about 300 MB with the
# JDK; never part of `make setup`, the app and its tests need none of it. Idempotent: does nothing
# when every package is already installed.
set -euo pipefail
EXTRA_PKGS="libitext5-java libitext-java default-jdk-headless ${EXTRA_PKGS:-}" exec bash "$(dirname "$0")/system-deps.sh"
