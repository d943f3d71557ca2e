#!/usr/bin/env bash
# The documentation's screenshots, made by the app on the bundled sample (`make docs-screenshots`).
# Look at every picture after running it: a screenshot is only proof once someone has seen it.
set -euo pipefail
TI=${1:-.venv/bin/table-inspector}
cd "$(dirname "$0")/.."
SAMPLE=resources/samples/sample.pdf
IMG=docs/img
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$IMG"
export QT_QPA_PLATFORM=offscreen
"$TI" gui "$SAMPLE" --screenshot "$IMG/window.png"
"$TI" gui "$SAMPLE" --page 2 --table 1 --layers words,vector_rules,bins,rows,regions,grids \
    --screenshot "$IMG/debug-layers.png"
# An annotation of the sample (its detection accepted as is): accepted tables in green, Metrics tab.
cp "$SAMPLE" "$TMP/report.pdf"
"$TI" golden init "$TMP/report.pdf"
"$TI" gui "$TMP/report.pdf" --page 2 --table 1 --layers grids --screenshot "$IMG/metrics.png"
# A picture of page 2 opened directly: its words come from OCR.
"$(dirname "$TI")/python" -c "import pymupdf, sys; d = pymupdf.open(sys.argv[1]); \
d[1].get_pixmap(dpi=200, colorspace=pymupdf.csGRAY).save(sys.argv[2])" "$SAMPLE" "$TMP/scan.png"
"$TI" gui "$TMP/scan.png" --table 2 --layers words,vector_rules,raster_rules,grids --screenshot "$IMG/ocr.png"
