#!/usr/bin/env bash
# PHP (command line only), dompdf (Debian's php-dompdf 2.0 with its mbstring/gd/xml needs) and the
# TrueType fonts its pages name (DejaVu, Lato, Nanum for Korean, AR PL SungtiL GB for Chinese) for
# building corpus/php only (`make corpus-php`): about 60 MB; never part of `make setup`, the app
# and its tests need none of it. Idempotent: does nothing when every package is already installed.
# (mPDF is on Packagist only, which this project's machines cannot reach: the corpus is dompdf's.)
set -euo pipefail
EXTRA_PKGS="php-cli php-dompdf php-mbstring php-gd php-xml fonts-dejavu-core fonts-lato fonts-nanum fonts-arphic-gbsn00lp ${EXTRA_PKGS:-}" \
  exec bash "$(dirname "$0")/system-deps.sh"
