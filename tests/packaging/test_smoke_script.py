"""packaging/smoke_bundle.sh passes a working bundle and catches broken ones.

The real bundle takes minutes to build (``make bundle && make smoke-bundle``); here the script
runs against fake bundles whose ``table-inspector`` is a shell script with known behaviour.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pymupdf
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "smoke_bundle.sh"

FAKE_EXE = """#!/usr/bin/env bash
case "$1" in
  --version) echo "table-inspector 9.9.9" ;;
  detect) echo "$2: $DETECT_COUNT table(s) on 3 page(s)" ;;
  gui) [ "$2" = --screenshot ] && cp "$SHOT_SOURCE" "$3" ;;
esac
"""


def _png(path: Path, width: int, height: int, noisy: bool) -> Path:
    rng = np.random.default_rng(7)
    pixels = rng.integers(0, 256, (height, width, 3), np.uint8) if noisy else np.full((height, width, 3), 255,
                                                                                          np.uint8)
    pymupdf.Pixmap(pymupdf.csRGB, width, height, pixels.tobytes(), False).save(str(path))
    return path


def _fake_bundle(tmp_path: Path) -> Path:
    bundle = tmp_path / "bundle"
    samples = bundle / "_internal" / "inspector" / "resources" / "samples"
    samples.mkdir(parents=True)
    (samples / "sample.pdf").write_bytes(b"%PDF-1.7 fake")
    exe = bundle / "table-inspector"
    exe.write_text(FAKE_EXE)
    exe.chmod(0o755)
    return bundle


def _smoke(bundle: Path, shot: Path, tables: int = 2) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "SHOT_SOURCE": str(shot), "DETECT_COUNT": str(tables)}
    return subprocess.run(["bash", str(SCRIPT), str(bundle)], capture_output=True, text=True, env=env, timeout=60)


def test_working_bundle_passes(tmp_path: Path) -> None:
    r = _smoke(_fake_bundle(tmp_path), _png(tmp_path / "good.png", 1400, 900, noisy=True))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "table-inspector 9.9.9" in r.stdout
    assert "screenshot 1400x900" in r.stdout and "OK" in r.stdout


@pytest.mark.parametrize("case, reason", [
    ("blank", "looks blank"),
    ("tiny", "expected about 1400x900"),
    ("text", "is not a PNG"),
    ("no tables", "found no table"),
])
def test_broken_bundle_fails_with_the_reason(tmp_path: Path, case: str, reason: str) -> None:
    shot = {
        "blank": lambda: _png(tmp_path / "blank.png", 1400, 900, noisy=False),
        "tiny": lambda: _png(tmp_path / "tiny.png", 300, 200, noisy=True),
        "text": lambda: (tmp_path / "shot.txt").write_text("x" * 50_000) and tmp_path / "shot.txt",
        "no tables": lambda: _png(tmp_path / "good.png", 1400, 900, noisy=True),
    }[case]()
    r = _smoke(_fake_bundle(tmp_path), shot, tables=0 if case == "no tables" else 2)
    assert r.returncode == 1
    assert "FAIL" in r.stdout and reason in r.stdout, r.stdout


def test_missing_bundle_is_one_line(tmp_path: Path) -> None:
    r = _smoke(tmp_path / "nowhere", tmp_path / "none.png")
    assert r.returncode == 1
    assert r.stdout.strip().splitlines() == [f"smoke-bundle: FAIL: no bundle at {tmp_path / 'nowhere'} (run make bundle)"]
