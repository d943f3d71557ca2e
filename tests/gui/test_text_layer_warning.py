"""A page whose text layer looks wrong (a ToUnicode map off by a constant) in the window: the table
preview's heading says so before anyone copies the table, the copy is the text as it reads (never
guessed), and a page with an ordinary text layer has no such warning. Real clicks on Copy."""

from __future__ import annotations

from conftest import wait_result
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from inspector.gui.widgets.table_view import TEXT_LAYER_WARNING
from tests.core.test_garbled_text import _page


def _open(qtbot, window, tmp_path, shift: int) -> str:
    pdf = tmp_path / f"shift{shift}.pdf"
    pdf.write_bytes(_page(shift))
    assert window.open_file(pdf)
    wait_result(qtbot, window)
    qtbot.waitUntil(lambda: window.preview.title.text().startswith("Detected table 1 of 1"), timeout=10000)
    return window.preview.title.text()


def test_the_preview_warns_before_the_copy_and_copies_the_text_as_it_reads(qtbot, window, tmp_path) -> None:
    title = _open(qtbot, window, tmp_path, 3)
    assert title == f"Detected table 1 of 1 (not corrected): 5 x 3, ruled. {TEXT_LAYER_WARNING}"
    QTest.qWait(300)  # a person reads the heading
    QTest.mouseClick(window.preview.copy_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "| Qruwk |" in QGuiApplication.clipboard().text(), timeout=5000)


def test_an_ordinary_page_has_no_warning(qtbot, window, tmp_path) -> None:
    title = _open(qtbot, window, tmp_path, 0)
    assert title == "Detected table 1 of 1 (not corrected): 5 x 3, ruled"
    assert TEXT_LAYER_WARNING not in title
