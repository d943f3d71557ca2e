"""Editing without traps (issue 14, items 5, 7, 8): cropping by shrinking, Delete row /
column, Crop to selection, no silent run-together of a caption row, spanning cells drawn,
a visible one-shot add-boundary mode, and correction from the keyboard alone.

The table PDF (gui_pdfs) has a ruled 4 x 3 table: columns at x = 100, 220, 340, 460 and
rows at y = 200, 224, 248, 272, 296 (points): Fruit/Origin/Price, Apple/Kent/..., Pear/Anjou, Plum.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest

from inspector.gui.main_window import MainWindow


@pytest.fixture
def editor(opened: MainWindow) -> MainWindow:
    asked: list[str] = []
    opened.editing.ask = lambda title, _text: asked.append(title) or opened.answer  # type: ignore[method-assign]
    opened.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]
    opened.answer = False  # type: ignore[attr-defined]
    opened.asked = asked  # type: ignore[attr-defined]
    opened.view.set_zoom(1.5)
    opened.view.centerOn(280, 250)
    assert opened.editing.actions.accept(only_selected=False) == 1
    opened.activateWindow()
    opened.view.setFocus()
    return opened


def at(win: MainWindow, x: float, y: float) -> QPoint:
    return win.view.mapFromScene(QPointF(x, y))


def click(win: MainWindow, x: float, y: float, shift: bool = False) -> None:
    mod = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, mod, at(win, x, y))


def key(win: MainWindow, k: Qt.Key, mods: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
    QTest.keyClick(win.view, k, mods)


def region(win: MainWindow):
    return win.editing.ann.doc.tables[0].regions[0]


def cells_of(win: MainWindow) -> tuple[int, int, int, int]:
    s = win.editing.ann.selection
    return s.r0, s.c0, s.r1, s.c1


def test_shrinking_past_inner_boundaries_crops_in_one_command(editor: MainWindow) -> None:
    ann = editor.editing.ann
    click(editor, 150, 236)  # the table's handles show
    before = region(editor)
    vp = editor.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(editor, 280, 296))
    for y in (280, 262):  # the bottom handle, dragged above the last row boundary (272)
        QTest.mouseMove(vp, at(editor, 280, y))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(editor, 280, 262))
    reg = region(editor)
    assert reg.n_rows == 3 and abs(reg.ys[-1] - 262) < 1 and reg.ys[:3] == before.ys[:3]
    assert "Plum" not in " ".join(c.text for c in reg.cells)
    assert ann.stack.undoText() == "Resize table region" and ann.stack.count() == 2
    ann.stack.undo()
    assert region(editor) == before


def test_delete_rows_columns_and_crop_from_the_keyboard(editor: MainWindow) -> None:
    ann = editor.editing.ann
    click(editor, 150, 285)  # the last row ("Plum")
    key(editor, Qt.Key.Key_Delete, Qt.KeyboardModifier.ShiftModifier)  # Delete rows
    assert region(editor).n_rows == 3 and ann.stack.undoText() == "Delete row 4"
    click(editor, 400, 236)
    key(editor, Qt.Key.Key_Delete, Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.AltModifier)
    assert region(editor).n_cols == 2 and ann.stack.undoText() == "Delete column 3"
    click(editor, 150, 236)  # a middle row: refused, with a message saying what to do
    before = region(editor)
    key(editor, Qt.Key.Key_Delete, Qt.KeyboardModifier.ShiftModifier)
    assert region(editor) == before and "delete the boundary" in editor.statusBar().currentMessage()
    click(editor, 260, 236)
    click(editor, 260, 260, shift=True)  # Kent..Anjou
    key(editor, Qt.Key.Key_X, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    reg = region(editor)
    assert (reg.n_rows, reg.n_cols) == (2, 1) and [c.text for c in reg.cells] == ["Kent", "Anjou"]
    assert ann.stack.undoText() == "Crop to selection"
    for _ in range(3):
        ann.stack.undo()
    assert (region(editor).n_rows, region(editor).n_cols) == (4, 3)


def test_deleting_the_boundary_under_a_caption_row_asks_first(editor: MainWindow) -> None:
    ann = editor.editing.ann
    click(editor, 150, 212)
    click(editor, 400, 212, shift=True)
    key(editor, Qt.Key.Key_M)  # the first row becomes one cell over three columns
    assert region(editor).cell_at(0, 2).cs == 3
    # the selection (its top-left slot) is highlighted as the whole spanning cell
    assert editor.editing.controller.layer.cells[2] == region(editor).cell_box(region(editor).cell_at(0, 0))
    click(editor, 300, 224)  # the row boundary under it
    assert ann.boundary is not None and (ann.boundary.axis, ann.boundary.index) == ("row", 1)
    before = region(editor)
    key(editor, Qt.Key.Key_Delete)
    assert editor.asked == ["Run cells together?"]  # type: ignore[attr-defined]
    assert region(editor) == before and "boundary kept" in editor.statusBar().currentMessage()
    editor.answer = True  # type: ignore[attr-defined]
    key(editor, Qt.Key.Key_Delete)
    assert region(editor).n_rows == 3 and region(editor).cell_at(0, 0).cs == 3


def _green_pixels(win: MainWindow, box) -> int:
    """Pixels of the accepted layer's green inside the page box ``box`` (points), on screen."""
    img = win.view.viewport().grab().toImage()
    tl, br = at(win, box.x0 + 3, box.y0 + 3), at(win, box.x1 - 3, box.y1 - 3)
    n = 0
    for y in range(tl.y(), br.y()):
        for x in range(tl.x(), br.x()):
            c = QColor(img.pixel(x, y))
            n += c.green() > c.red() + 40 and c.green() > c.blue() + 40
    return n


def test_spanning_cells_are_drawn_on_the_page(editor: MainWindow, qtbot) -> None:
    box = region(editor).slot_box(3, 1, 1, 2)  # Plum's empty neighbours: no text inside
    qtbot.wait(50)
    plain = _green_pixels(editor, box)
    click(editor, 260, 285)
    click(editor, 400, 285, shift=True)
    key(editor, Qt.Key.Key_M)
    click(editor, 150, 212)  # move the selection away: only the span's own marking remains
    qtbot.wait(50)
    assert _green_pixels(editor, box) > plain + 20


def test_add_boundary_mode_is_visible_and_one_shot(editor: MainWindow) -> None:
    c = editor.editing.controller
    label = editor.editing.mode_label
    key(editor, Qt.Key.Key_K)
    assert c.tool == "col" and "column boundary" in label.text() and label.isVisibleTo(editor)
    assert editor.view.viewport().cursor().shape() == Qt.CursorShape.CrossCursor
    click(editor, 400, 260)
    assert region(editor).n_cols == 4 and c.tool == "" and label.text() == ""
    assert editor.view.viewport().cursor().shape() != Qt.CursorShape.CrossCursor
    click(editor, 300, 260)  # the next click selects again, it adds nothing
    assert region(editor).n_cols == 4
    key(editor, Qt.Key.Key_K, Qt.KeyboardModifier.ShiftModifier)
    assert c.tool == "row" and "row boundary" in label.text()
    key(editor, Qt.Key.Key_Escape)
    assert c.tool == "" and label.text() == "" and region(editor).n_rows == 4


def test_keyboard_only_correction(editor: MainWindow) -> None:
    ann = editor.editing.ann
    editor.editing.ann.select(None)
    key(editor, Qt.Key.Key_Tab)  # nothing selected: the first cell of the page's table
    assert cells_of(editor) == (0, 0, 0, 0)
    key(editor, Qt.Key.Key_Down)
    key(editor, Qt.Key.Key_Right)
    assert cells_of(editor) == (1, 1, 1, 1)
    key(editor, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    assert cells_of(editor) == (1, 1, 2, 1)
    key(editor, Qt.Key.Key_M)  # merge Kent + Anjou
    assert region(editor).cell_at(2, 1).rs == 2
    key(editor, Qt.Key.Key_S)  # and split again
    assert region(editor).cell_at(2, 1).rs == 1
    key(editor, Qt.Key.Key_H)  # header rows down to the selected row
    assert ann.doc.tables[0].header_rows == 2  # rows 0 and 1
    key(editor, Qt.Key.Key_Tab)  # boundaries: row 1, 2, 3, then column 1, 2
    assert (ann.boundary.axis, ann.boundary.index) == ("row", 1)
    for _ in range(3):
        key(editor, Qt.Key.Key_Tab)
    assert (ann.boundary.axis, ann.boundary.index) == ("col", 1)
    key(editor, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    assert (ann.boundary.axis, ann.boundary.index) == ("row", 3)
    x = region(editor).ys[3]
    key(editor, Qt.Key.Key_Down)  # along its axis: a nudge
    assert abs(region(editor).ys[3] - (x + 1)) < 1e-6
    key(editor, Qt.Key.Key_Delete)
    assert region(editor).n_rows == 3 and ann.stack.undoText() == "Delete row boundary"
    key(editor, Qt.Key.Key_Tab)  # the boundary went with its row: Tab starts again at the first cell
    key(editor, Qt.Key.Key_Tab)
    assert ann.boundary is not None and not ann.selection.has_cells  # a boundary alone, as a click selects it
    key(editor, Qt.Key.Key_Escape)  # back to the cells
    assert ann.boundary is None and cells_of(editor) == (0, 0, 0, 0)
    assert editor.view.hasFocus()  # Tab never moved the focus away from the page
