#!/usr/bin/env bash
# Smoke-test a built bundle (make bundle): it must report its version, detect tables in the
# bundled sample headless, and render the window offscreen to a real PNG screenshot.
#
#   packaging/smoke_bundle.sh [BUNDLE_DIR]      (default dist/table-inspector)
#
# Runs from an empty temporary folder with PYTHONPATH cleared, so nothing is borrowed from the
# source tree. Exit 0 when every check passes, 1 on the first failure (with the reason).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
BUNDLE="$(cd "${1:-$HERE/../dist/table-inspector}" 2>/dev/null && pwd)" \
  || { echo "smoke-bundle: FAIL: no bundle at ${1:-dist/table-inspector} (run make bundle)"; exit 1; }
EXE="$BUNDLE/table-inspector"
MIN_PNG_BYTES=20000  # a blank 1400x900 window compresses to a few KB; a page with overlays is ~200 KB
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
unset PYTHONPATH PYTHONHOME
export QT_QPA_PLATFORM=offscreen

fail() { echo "smoke-bundle: FAIL: $*"; exit 1; }
[ -x "$EXE" ] || fail "$EXE is missing or not executable"

version="$(timeout 60 "$EXE" --version)" || fail "--version exited with $?"
case "$version" in "table-inspector "[0-9]*) ;; *) fail "--version printed '$version'" ;; esac
echo "smoke-bundle: $version"

sample="$(find "$BUNDLE" -path '*inspector/resources/samples/sample.pdf' -print -quit)"
[ -n "$sample" ] || fail "the bundled sample PDF is missing"
timeout 120 "$EXE" detect "$sample" > detect.txt 2> detect.err || fail "detect exited with $? ($(head -c 300 detect.err))"
grep -Eq '[1-9][0-9]* table\(s\)' detect.txt || fail "detect found no table in the sample: $(head -n 1 detect.txt)"
echo "smoke-bundle: detect: $(head -n 1 detect.txt | sed 's|.*/||')"

# No FILE: the window opens the bundled sample, found through the bundle's own resources.
timeout 180 "$EXE" gui --screenshot shot.png --size 1400x900 2> gui.err \
  || fail "gui --screenshot exited with $? ($(head -c 300 gui.err))"
[ -f shot.png ] || fail "gui --screenshot wrote no file"
[ "$(head -c 8 shot.png | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "shot.png is not a PNG"
bytes="$(stat -c %s shot.png)"
[ "$bytes" -ge "$MIN_PNG_BYTES" ] || fail "shot.png is only $bytes bytes: the window looks blank"
# PNG header: width and height are the big-endian words at bytes 16-23.
width=$((16#$(od -An -tx1 -j16 -N4 shot.png | tr -d ' \n')))
height=$((16#$(od -An -tx1 -j20 -N4 shot.png | tr -d ' \n')))
[ "$width" -ge 1000 ] && [ "$height" -ge 600 ] || fail "shot.png is ${width}x${height}, expected about 1400x900"
if [ -n "${SMOKE_KEEP:-}" ]; then cp shot.png "$SMOKE_KEEP"; fi
echo "smoke-bundle: screenshot ${width}x${height}, $bytes bytes"
echo "smoke-bundle: OK ($BUNDLE, $(du -sh "$BUNDLE" | cut -f1))"
