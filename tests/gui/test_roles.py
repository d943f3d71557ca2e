"""Table roles in the window with real mouse and key events: copy of the corrected table,
row roles and header columns from the keyboard and the Table menu (tinted on the page),
title and footnote picked from the page, all saved and exported.

The table PDF (gui_pdfs) has a ruled 4 x 3 table: columns at x = 100, 220, 340, 460 and rows
at y = 200, 224, 248, 272, 296 (points); the word "Harvest" (14 pt) sits on y = 150 above
it and "page 1" (9 pt) on y = 800.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDockWidget, QMenu

from inspector.annotation.io import annotation_path_for, load_annotation
from inspector.gui.editing.export_dialog import export_text
from inspector.gui.help import shortcut_rows
from inspector.gui.main_window import MainWindow

NONE = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def editor(opened: MainWindow) -> MainWindow:
    opened.editing.ask = lambda *_a: False  # type: ignore[method-assign]
    opened.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]
    opened.editing.confirm_pick = lambda _field, text: text  # type: ignore[method-assign]
    opened.view.set_zoom(1.5)
    opened.view.centerOn(280, 250)
    opened.activateWindow()
    return opened


def at(win: MainWindow, x: float, y: float) -> QPoint:
    return win.view.mapFromScene(QPointF(x, y))


def click(win: MainWindow, x: float, y: float, mod: Qt.KeyboardModifier = NONE) -> None:
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, mod, at(win, x, y))


def key(win: MainWindow, k: Qt.Key, mod: Qt.KeyboardModifier = NONE) -> None:
    QTest.keyClick(win.view, k, mod)


def accept(win: MainWindow) -> None:
    key(win, Qt.Key.Key_Return, CTRL)  # Table > Accept detected table
    assert len(win.editing.ann.doc.tables) == 1


def table(win: MainWindow):
    return win.editing.ann.doc.tables[0]


def type_into_panel_cell(win: MainWindow, qtbot, r: int, c: int, text: str) -> None:
    """Double-click a cell of the Annotation tab's grid, type ``text``, press Return."""
    win.findChild(QDockWidget, "Annotation").raise_()
    grid = win.editing.panel.grid
    qtbot.waitUntil(grid.isVisible, timeout=3000)
    rect = grid.visualRect(grid.model().index(r, c))
    QTest.mouseClick(grid.viewport(), Qt.MouseButton.LeftButton, NONE, rect.center())
    QTest.mouseDClick(grid.viewport(), Qt.MouseButton.LeftButton, NONE, rect.center())
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None and QApplication.focusWidget() is not grid,
                    timeout=3000)
    line = QApplication.focusWidget()
    line.selectAll()
    QTest.keyClicks(line, text)
    QTest.keyClick(line, Qt.Key.Key_Return)
    # The delegate commits on a queued call.
    qtbot.waitUntil(lambda: grid.state() != grid.State.EditingState, timeout=3000)


def test_copy_gives_the_corrected_table_and_says_so(editor: MainWindow, qtbot) -> None:
    prev = editor.preview
    assert prev.title.text().startswith("Detected table 1 of 1 (not corrected)")
    accept(editor)
    type_into_panel_cell(editor, qtbot, 3, 2, "thirty")
    assert table(editor).regions[0].cell_at(3, 2).override == "thirty"
    editor.findChild(QDockWidget, "Table preview").raise_()
    qtbot.waitUntil(lambda: prev.copy_button.isVisible() and not prev.pending, timeout=3000)
    assert prev.title.text().startswith("Corrected table t1 (your annotation)")
    QTest.mouseClick(prev.copy_button, Qt.MouseButton.LeftButton)
    data = QApplication.clipboard().mimeData()
    assert data.hasText() and data.hasHtml()
    assert "| Plum | Agen | thirty |" in data.text() and "| 30 |" not in data.text()
    assert "<td>thirty</td>" in data.html() and "<thead>" in data.html()
    # Undo both edits: the preview goes back to the detection and says so.
    key(editor, Qt.Key.Key_Z, CTRL)
    key(editor, Qt.Key.Key_Z, CTRL)
    qtbot.waitUntil(lambda: not prev.pending, timeout=3000)
    assert prev.title.text().startswith("Detected table")
    QTest.mouseClick(prev.copy_button, Qt.MouseButton.LeftButton)
    assert "| Plum | Agen | 30 |" in QApplication.clipboard().text()


def test_annotation_tab_copies_with_title_and_footnote(editor: MainWindow, qtbot) -> None:
    accept(editor)
    panel = editor.editing.panel
    editor.findChild(QDockWidget, "Annotation").raise_()
    qtbot.waitUntil(panel.title_edit.isVisible, timeout=3000)
    QTest.mouseClick(panel.title_edit, Qt.MouseButton.LeftButton)
    QTest.keyClicks(panel.title_edit, "Table 1: Fruit")
    QTest.keyClick(panel.title_edit, Qt.Key.Key_Return)
    assert table(editor).title == "Table 1: Fruit"
    QTest.mouseClick(panel.copy_button, Qt.MouseButton.LeftButton)
    data = QApplication.clipboard().mimeData()
    assert data.text().startswith("Table 1: Fruit\n\n| Fruit | Origin | Qty |")
    assert "<caption>Table 1: Fruit</caption>" in data.html()


def _tint_at(win: MainWindow, x: float, y: float) -> QColor:
    win.view.viewport().repaint()
    return win.view.viewport().grab().toImage().pixelColor(at(win, x, y))


def test_row_roles_and_header_columns_from_keys_tinted_saved_exported(editor: MainWindow, qtbot,
                                                                     table_pdf) -> None:
    accept(editor)
    ann = editor.editing.ann
    white = _tint_at(editor, 200, 284)  # an empty spot of the "Plum" row
    assert min(white.red(), white.green(), white.blue()) > 235
    click(editor, 150, 284)  # a cell of the last row
    key(editor, Qt.Key.Key_T, SHIFT)  # Shift+T: total
    assert table(editor).regions[0].row_roles == ("header", "data", "data", "total")
    red = _tint_at(editor, 200, 284)
    assert red.red() > red.green() + 30 and red.red() > red.blue() + 30  # tinted red, still light
    assert red.red() > 200
    key(editor, Qt.Key.Key_T, SHIFT)  # again: back to data
    assert table(editor).regions[0].row_roles[3] == "data"
    click(editor, 150, 236)
    click(editor, 380, 260, SHIFT)  # rows 1-2
    key(editor, Qt.Key.Key_S, SHIFT)  # Shift+S: section
    assert table(editor).regions[0].row_roles == ("header", "section", "section", "data")
    key(editor, Qt.Key.Key_H, SHIFT)  # Shift+H: header columns through the selection (column 2)
    assert table(editor).header_cols == 3
    click(editor, 150, 236)
    key(editor, Qt.Key.Key_H, SHIFT)
    assert table(editor).header_cols == 1
    assert editor.editing.panel.model.headerData(1, Qt.Orientation.Vertical) == "2 Section"
    # The same from the Table menu.
    menu = next(a.menu() for a in editor.menuBar().actions() if a.text() == "&Table")
    roles = next(a.menu() for a in menu.actions() if isinstance(a.menu(), QMenu) and "role" in a.text())
    click(editor, 150, 284)
    next(a for a in roles.actions() if "Subtotal" in a.text().replace("&", "")).trigger()
    assert table(editor).regions[0].row_roles[3] == "subtotal"
    assert ann.stack.undoText() == "Subtotal role: row 4"
    key(editor, Qt.Key.Key_S, CTRL)  # Ctrl+S saves the roles
    saved = load_annotation(annotation_path_for(table_pdf.path)).tables[0]
    assert saved.regions[0].row_roles == ("header", "section", "section", "subtotal") and saved.header_cols == 1
    out = export_text(ann.doc, "html", "t1")
    assert '<tr class="subtotal"><th scope="row">Plum</th>' in out and 'scope="rowgroup">Apple</th>' in out
    assert ann.stack.count() == 7  # accept and six role edits, one undo step each
    for _ in range(6):
        key(editor, Qt.Key.Key_Z, CTRL)
    assert table(editor).regions[0].row_roles == ("header", "data", "data", "data")
    assert table(editor).header_cols == 0


def test_pick_title_by_click_footnote_by_drag_and_by_a_selected_word(editor: MainWindow, qtbot) -> None:
    accept(editor)
    key(editor, Qt.Key.Key_C, SHIFT)  # Shift+C: pick the title
    assert editor.editing.controller.tool == "title"
    click(editor, 130, 146)  # on "Harvest"
    assert table(editor).title == "Harvest" and editor.editing.controller.tool == ""
    key(editor, Qt.Key.Key_F, SHIFT)  # Shift+F: pick the footnote ...
    key(editor, Qt.Key.Key_Escape)  # ... no: Esc leaves the pick
    assert editor.editing.controller.tool == "" and table(editor).footnote == ""
    editor.view.centerOn(150, 780)
    key(editor, Qt.Key.Key_F, SHIFT)
    vp = editor.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, NONE, at(editor, 92, 788))
    QTest.mouseMove(vp, at(editor, 120, 796))
    QTest.mouseMove(vp, at(editor, 150, 806))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, NONE, at(editor, 150, 806))
    assert table(editor).footnote == "page 1"
    # A selected word: its line is taken at once.
    editor.view.centerOn(280, 250)
    click(editor, 130, 146)  # selects the word (the words layer is on)
    assert editor.session.selection is not None and editor.session.selection.kind == "word"
    key(editor, Qt.Key.Key_F, SHIFT)
    assert table(editor).footnote == "Harvest" and editor.editing.controller.tool == ""
    md = export_text(editor.editing.ann.doc, "md", "t1")
    assert md.startswith("Harvest\n\n| Fruit") and md.endswith("\n\nHarvest\n")
    assert editor.editing.panel.title_edit.text() == "Harvest"


def test_role_keys_are_bound_once_and_listed_in_help(editor: MainWindow) -> None:
    rows = shortcut_rows(editor)
    mine = {"Shift+T", "Shift+U", "Shift+S", "Shift+N", "Shift+R", "Shift+H", "Shift+C", "Shift+F"}
    listed = {k for r in rows for k in r.keys.split(", ")}
    assert mine <= listed
    assert [r for r in rows if r.clashes] == []
    guide = editor.colours.guide_html()
    assert "Total rows (annotation)" in guide and "Section rows (annotation)" in guide
    assert "Header columns (annotation)" in guide


def test_title_guess_is_shown_as_a_guess_and_taken_on_request(window: MainWindow, qtbot, tmp_path, wait) -> None:
    import pymupdf
    from gui_pdfs import ruled_table_page
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    ruled_table_page(page)
    page.insert_text((100, 190), "Table 9. Fruit by origin", fontsize=10)  # right above the table
    doc.save(tmp_path / "captioned.pdf")
    window.editing.ask = lambda *_a: False  # type: ignore[method-assign]
    window.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]
    assert window.open_file(tmp_path / "captioned.pdf")
    wait(window)
    window.activateWindow()
    accept(window)
    panel = window.editing.panel
    assert table(window).title == ""  # detection never writes a title
    assert panel.title_edit.text() == "" and panel.title_edit.placeholderText().startswith(
        "guess: Table 9. Fruit by origin")
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Table")
    next(a for a in menu.actions() if "lines above" in a.text().replace("&", "")).trigger()
    assert table(window).title == "Table 9. Fruit by origin"
    assert "guessed" in window.statusBar().currentMessage()
    key(window, Qt.Key.Key_Z, CTRL)
    assert table(window).title == ""


def test_quitting_after_a_copy_does_not_crash(tmp_path) -> None:
    """The clipboard outlives the interpreter: a Python-made QMimeData crashed the exit."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    script = tmp_path / "copy_then_quit.py"
    script.write_text(
        "from PySide6.QtWidgets import QApplication\n"
        "from inspector.gui.widgets.table_view import copy_table\n"
        "from tests.export.builders import table_from_rows\n"
        "app = QApplication.instance() or QApplication([])\n"
        "copy_table(table_from_rows([['a', 'b'], ['1', '2']], header_rows=1))\n"
        "print(sorted(app.clipboard().mimeData().formats()))\n", encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, str(script)], env=env, cwd=root, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.strip() == "['text/html', 'text/plain']"
