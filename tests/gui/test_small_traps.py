"""Small things that cost time (issue 26, item 10), with real keys and clicks: the worklist's
reviewed counter follows R; Enter scrolls to the table once its page is shown; Copy as
Markdown says it copied; Ctrl+Shift+V with nothing selected says what to select."""

from __future__ import annotations

import sys
from pathlib import Path

from conftest import wait_result
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from inspector.cli import main
from inspector.gui.main_window import MainWindow

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "evaluation"))
from eval_builders import ruled_pdf

ROWS = [["Item", "2023", "2024"], ["Apples", "1.5", "2.5"], ["Pears", "12.3 45.6", "7.0"], ["Plums", "4.4", ""]]


def _scan_low_table(tmp_path: Path) -> tuple[Path, Path]:
    """Scan results of one PDF whose flagged table sits low on the page (y 640 pt)."""
    root = tmp_path / "pdfs"
    root.mkdir()
    pdf = root / "low.pdf"
    pdf.write_bytes(ruled_pdf(ROWS, y0=640))
    db = tmp_path / "r.sqlite"
    assert main(["scan", str(root), "-o", str(db), "--quiet"]) == 0
    return db, pdf


def test_worklist_counts_reviewed_and_enter_scrolls_to_the_table(qtbot, window: MainWindow, tmp_path) -> None:
    db, pdf = _scan_low_table(tmp_path)
    assert window.scan_results.open_results(str(db))
    worklist = window.scan_results.worklist
    assert "0 reviewed" in worklist.status.text()
    worklist.table.setFocus()
    QTest.keyClick(worklist.table, Qt.Key.Key_R)
    assert "1 reviewed" in worklist.status.text()
    QTest.keyClick(worklist.table, Qt.Key.Key_R)
    assert "0 reviewed" in worklist.status.text()
    QTest.keyClick(worklist.table, Qt.Key.Key_Return)
    wait_result(qtbot, window)
    window.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: window.session.selection is not None, timeout=10000)
    table = window.session.result.tables[window.session.selection.index]
    qtbot.wait(300)  # the picture is painted and fitted
    view = window.view
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(QPointF(table.bbox.x0, table.bbox.y0)) and shown.contains(QPointF(table.bbox.x1, table.bbox.y1))


def test_copy_as_markdown_confirms_and_verify_needs_a_table(qtbot, editor: MainWindow) -> None:
    button = editor.preview.copy_button
    editor.activateWindow()
    QTest.mouseClick(editor.view.viewport(), Qt.MouseButton.LeftButton, pos=editor.view.mapFromScene(QPointF(160, 236)))
    qtbot.waitUntil(lambda: not editor.preview.pending, timeout=5000)
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert button.text().startswith("Copied ✓")
    assert QGuiApplication.clipboard().text().startswith("| Fruit")
    qtbot.waitUntil(lambda: button.text() == "Copy as Markdown", timeout=5000)
    QTest.mouseClick(editor.view.viewport(), Qt.MouseButton.LeftButton, pos=editor.view.mapFromScene(QPointF(540, 700)))
    QTest.keyClick(editor.view, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert "select an accepted table first" in editor.statusBar().currentMessage()


def test_a_small_screen_shows_the_table_not_the_blank_top_of_the_page(qtbot, tmp_path) -> None:
    """At 1280 x 720 the page fitted to the width showed its empty top; the table lower down
    was off-screen. The first table found on a newly shown page is scrolled into view."""
    from PySide6.QtCore import QSettings

    pdf = tmp_path / "low.pdf"
    pdf.write_bytes(ruled_pdf([["A", "B", "C"], ["1", "2", "3"], ["4", "5", "6"]], y0=520))
    win = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.resize(1280, 720)
    win.show()
    assert win.open_file(pdf)
    wait_result(qtbot, win)
    qtbot.wait(300)
    table = win.session.result.tables[0].bbox
    view = win.view
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert shown.contains(QPointF(table.x0, table.y0)) and shown.contains(QPointF(table.x1, table.y1))
    win.session.close()
