"""The table preview shows the clicked cell's number with its unit and where the unit came
from: a Chinese table under "单位：万元" (built with PyMuPDF's china-s font), real mouse clicks
on the preview's cells."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDockWidget

from inspector.gui.main_window import MainWindow
from tests.export.unit_pdfs import table_pdf

ROWS = [["项目", "2023年", "占比(%)"], ["营业收入", "1,250.30", "62.5"], ["净利润", "320.5", "37.5"]]


def _click_slot(win: MainWindow, r: int, c: int) -> None:
    grid = win.preview.grid
    rect = grid.visualRect(win.preview.model.index(r, c))
    QTest.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center(),
                     delay=120)  # a person's pace between press and release


def test_preview_shows_value_unit_and_source(window: MainWindow, qtbot, tmp_path: Path) -> None:
    from tests.gui.conftest import wait_result

    pdf = tmp_path / "units.pdf"
    pdf.write_bytes(table_pdf(ROWS, "zh", [(-1, 132, "单位：万元")]))
    assert window.open_file(pdf)
    wait_result(qtbot, window)
    window.findChild(QDockWidget, "Table preview").raise_()
    line = window.preview.value_line
    assert line.text() == ""
    _click_slot(window, 1, 1)
    qtbot.waitUntil(lambda: line.text() != "", timeout=5000)
    assert line.text() == "1,250.30 = 12,503,000 元 (CNY, scale 万) — unit line “单位:万元”"
    _click_slot(window, 2, 2)
    qtbot.waitUntil(lambda: line.text().startswith("37.5"), timeout=5000)
    assert line.text() == "37.5 = 37.5 % — column header “%”"
    _click_slot(window, 1, 0)  # a row label: no number, no line
    qtbot.waitUntil(lambda: line.text() == "", timeout=5000)
    _click_slot(window, 1, 1)
    qtbot.waitUntil(lambda: line.text() != "", timeout=5000)
    shot = tmp_path / "preview.png"
    assert window.preview.grab().save(str(shot)) and shot.stat().st_size > 0
