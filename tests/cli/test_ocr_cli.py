"""OCR from the command line: installed languages, a scan's words and tables, a missing Tesseract."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inspector.cli import main
from inspector.core.reading.tessdata import ENV_TESSDATA
from tests.core.test_ocr import ROWS, needs_tesseract, picture_of, text_table_pdf


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def scan_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ocr") / "scan.pdf"
    path.write_bytes(picture_of(text_table_pdf(), skew=0.9)[0])
    return path


@needs_tesseract
def test_ocr_langs_lists_the_installed_packs(capsys) -> None:
    code, out, _ = run(capsys, "ocr-langs")
    assert code == 0 and "  eng" in out.splitlines() and "  osd" not in out.splitlines()
    code, out, _ = run(capsys, "params")
    assert "ocr.lang = eng" in out and "Installed OCR languages (ocr.lang): eng" in out


def test_ocr_langs_without_tesseract_says_how_to_install(capsys, monkeypatch) -> None:
    monkeypatch.setenv(ENV_TESSDATA, "/nonexistent")
    code, out, _ = run(capsys, "ocr-langs")
    assert code == 0 and "apt-get install tesseract-ocr tesseract-ocr-eng" in out


@needs_tesseract
def test_detect_and_words_on_a_scan(capsys, scan_pdf: Path) -> None:
    code, out, _ = run(capsys, "detect", str(scan_pdf), "--json")
    page = json.loads(out)["pages"][0]
    assert code == 0 and page["words_source"] == "ocr" and page["skew"] == pytest.approx(-0.9, abs=0.15)
    rows = [[c["text"] for c in page["tables"][0]["cells"]][i * 3:(i + 1) * 3] for i in range(len(ROWS))]
    assert rows == [list(r) for r in ROWS]
    code, out, _ = run(capsys, "words", str(scan_pdf), "--json")
    words = json.loads(out)["words"]
    assert code == 0 and all(0 <= w["ocr_confidence"] <= 100 for w in words)
    code, out, _ = run(capsys, "detect", str(scan_pdf), "--set", "ocr.lang=zzz")
    assert code == 0 and "apt-get install tesseract-ocr-zzz" in out
    code, _, err = run(capsys, "detect", str(scan_pdf), "--set", "ocr.mode=sometimes")
    assert code == 2 and "auto, always, never" in err
