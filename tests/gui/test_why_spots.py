"""Why on an empty spot and on another page (issue 26, item 9, in part), with real keys and
clicks: a question far from every boundary says what is there (table, row, column, cell
text) instead of explaining the nearest unrelated boundary; the Why tab clears when the
page changes. The table PDF has rows 24 pt high at y = 200 ... 296, columns 120 pt wide."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

from inspector.gui.main_window import MainWindow


def _ask(win: MainWindow, x: float, y: float) -> str:
    QTest.keyClick(win.view, Qt.Key.Key_Y)  # Table > Why…
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, pos=win.view.mapFromScene(QPointF(x, y)))
    assert win.why.panel is not None
    return win.why.panel.text.text()


def test_why_on_an_empty_spot_and_after_a_page_change(editor: MainWindow, qtbot, wait) -> None:
    editor.view.set_zoom(3.0)  # a question reaches 20 px: under 7 pt here
    editor.view.centerOn(200, 236)
    editor.activateWindow()
    answer = _ask(editor, 200, 236)  # the middle of "Apple"'s cell row, 60 pt from a column line
    assert answer.startswith("Inside table 1 (4 x 3), row 2, column 1, cell text 'Apple'")
    assert "nearest boundary" in answer and "Parameters involved" not in answer
    answer = _ask(editor, 219, 236)  # one point from the column boundary at x = 220: that one is explained
    assert "Parameters involved" in answer
    QTest.keyClick(editor.view, Qt.Key.Key_PageDown)
    wait(editor)
    assert editor.why.panel.text.text().startswith("Page 2: ") and editor.why.answer is None


def test_why_inside_a_table_says_why_it_is_one_and_what_rejects_it(editor: MainWindow, qtbot, wait) -> None:
    """Why on a table's body (a false positive is asked about this way): what made it a table
    and the one value that rejects it; Apply sets that value, and the table goes."""
    editor.view.set_zoom(3.0)
    editor.view.centerOn(200, 236)
    editor.activateWindow()
    answer = _ask(editor, 200, 236)
    assert "Taken as a table from rules meeting: 4 rows (tables.min_rows = 2) and 3 columns" in answer
    assert "Setting tables.min_rows to 5 would reject it" in answer
    assert editor.why.flip == ("tables.min_rows", 5.0) and editor.why.panel.apply_button.isEnabled()
    QTest.mouseClick(editor.why.panel.apply_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: editor.session.params.tables.min_rows == 5, timeout=5000)
    qtbot.waitUntil(lambda: editor.session.result is not None and editor.session.result.tables == (), timeout=20000)
