#!/usr/bin/env bash
# JasperReports 6.20.6 and its dependencies (OpenPDF 1.3.30, jackson, commons, the JDT compiler
# for report expressions) for building corpus/java only (`make corpus-java`), never part of
# `make setup`: the app and its tests need none of it. The jars come from the pyreportjasper 2.1.4
# wheel on PyPI (it ships the engine's jars; ~110 MB, nothing of it is imported), unpacked into
# build/java/libs; ReportMaker.java is compiled into build/java/classes with a JDK from Debian.
# Idempotent: does nothing when both are there.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/build/java"
PY="${PY:-$ROOT/.venv/bin/python}"
command -v javac >/dev/null || EXTRA_PKGS="default-jdk-headless fonts-wqy-microhei" bash "$ROOT/packaging/system-deps.sh"
if ! ls "$OUT"/libs/jasperreports-6.20.6.jar >/dev/null 2>&1; then
    tmp="$(mktemp -d)"
    "$PY" -m pip download -q --no-deps -d "$tmp" pyreportjasper==2.1.4
    mkdir -p "$OUT/libs"
    "$PY" - "$tmp"/pyreportjasper-2.1.4-py3-none-any.whl "$OUT/libs" <<'PYEOF'
import sys, zipfile, pathlib
out = pathlib.Path(sys.argv[2])
with zipfile.ZipFile(sys.argv[1]) as z:
    for name in z.namelist():
        if name.startswith("pyreportjasper/libs/") and name.endswith(".jar"):
            (out / pathlib.Path(name).name).write_bytes(z.read(name))
PYEOF
    rm -rf "$tmp"
fi
if [ ! -f "$OUT/classes/ReportMaker.class" ] || [ "$ROOT/corpus/java/ReportMaker.java" -nt "$OUT/classes/ReportMaker.class" ]; then
    mkdir -p "$OUT/classes"
    javac -nowarn -proc:none -d "$OUT/classes" -cp "$OUT/libs/*" "$ROOT/corpus/java/ReportMaker.java"
fi
