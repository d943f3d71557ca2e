#!/usr/bin/env bash
# Install the Debian packages Qt 6 needs on a machine with no display (see README), and
# Tesseract with its English data for OCR of scanned pages (other languages: tesseract-ocr-LANG).
# fonts-wqy-microhei (5 MB): Chinese, Japanese and Korean glyphs, so HWPX originals and CJK
# tables are not empty boxes in the window (Qt finds no CJK font in DejaVu).
# Idempotent: does nothing when every package is already installed.
set -euo pipefail
PKGS="libegl1 libgl1 libfontconfig1 fontconfig fonts-dejavu-core libglib2.0-0 libdbus-1-3
libxkbcommon0 libxkbcommon-x11-0 libx11-xcb1 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1
libxcb-image0 libxcb-render-util0 libxcb-randr0 libxcb-shape0 libxcb-xkb1 libxcb-xfixes0
libxcb-sync1 libxcb-shm0 libxcb-util1 fonts-wqy-microhei tesseract-ocr tesseract-ocr-eng ${EXTRA_PKGS:-}"
# WITH_BUNDLE=1 (make bundle): PyInstaller reads shared-library headers with objdump (binutils);
# the desktop entry and AppStream file are checked with desktop-file-validate and appstreamcli.
BUNDLE_PKGS="binutils desktop-file-utils appstream"
[ "${WITH_BUNDLE:-0}" = 1 ] && PKGS="$PKGS $BUNDLE_PKGS"
command -v dpkg-query >/dev/null 2>&1 || { echo "system-deps: not a Debian system, skipping"; exit 0; }
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "system-deps: installing$missing"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends $missing
