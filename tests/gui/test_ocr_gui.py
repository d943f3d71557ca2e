"""A scan in the window: OCR runs off the GUI thread with progress in the status bar, OCR
words are drawn and explained like other words, and the OCR settings are in the panel."""

from __future__ import annotations

from pathlib import Path

from inspector.core.types import Rect, Word
from inspector.gui.main_window import MainWindow
from inspector.gui.scene.hits import word_tip
from tests.core.test_ocr import ROWS, needs_tesseract, picture_of, text_table_pdf


@needs_tesseract
def test_scan_is_read_by_ocr_with_progress_in_the_status_bar(qtbot, window: MainWindow, wait,
                                                               tmp_path: Path) -> None:
    path = tmp_path / "scan.pdf"
    path.write_bytes(picture_of(text_table_pdf())[0])
    shown: list[str] = []
    window.session.progress.connect(lambda msg: shown.append(window.busy_label.text()))
    assert window.open_file(path)
    wait(window)
    res = window.session.result
    assert res.words_source == "ocr"
    assert any("OCR" in s for s in shown), shown  # the label said so while OCR ran
    assert window.busy_label.text() == ""
    assert [list(r) for r in ROWS] == res.tables[0].rows_text()
    window.grab().save(str(tmp_path / "scan.png"))


def test_ocr_parameters_have_drop_downs(opened: MainWindow) -> None:
    eds = opened.params.editors
    mode, lang = eds["ocr.mode"].combo, eds["ocr.lang"].combo
    assert [mode.itemText(i) for i in range(mode.count())] == ["auto", "always", "never"]
    mode.setCurrentText("never")
    assert opened.session.params.ocr.mode == "never" and eds["ocr.mode"].reset.isEnabled()
    lang.setEditText("eng+")
    lang.lineEdit().editingFinished.emit()
    assert opened.session.params.ocr.lang == "eng" and "not valid" in opened.params.status.text()
    opened.session.reset_all()
    assert mode.currentText() == "auto"


def test_word_tip_gives_the_ocr_confidence_and_the_reason() -> None:
    w = Word("Apple", Rect(10, 20, 50, 32), 12.0, ocr_confidence=41.0)
    assert "read by OCR (41% sure)" in word_tip(w, False)
    assert "LOW CONFIDENCE (OCR confidence 41% is below ocr.min_confidence)" in word_tip(w, True, True)
    assert "near a column boundary" in word_tip(Word("x", Rect(0, 0, 1, 1)), True)
