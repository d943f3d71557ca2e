"""Hand correction with real mouse and keyboard events: draw, drag, add/delete boundaries,
merge/split, undo/redo of each, Esc cancel, nudges merged into one command.

The table PDF (gui_pdfs) has a ruled 4 x 3 table: columns at x = 100, 220, 340, 460 and rows
at y = 200, 224, 248, 272, 296 (points); "Kent" starts at x = 226 in row 1.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from inspector.gui.main_window import MainWindow


def at(win: MainWindow, x: float, y: float) -> QPoint:
    return win.view.mapFromScene(QPointF(x, y))


def drag(win: MainWindow, start: tuple[float, float], end: tuple[float, float], release: bool = True) -> None:
    vp = win.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(win, *start))
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    for p in (mid, end):
        QTest.mouseMove(vp, at(win, *p))
    if release:
        QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(win, *end))


def click(win: MainWindow, x: float, y: float, shift: bool = False) -> None:
    mod = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, mod, at(win, x, y))


def accepted(win: MainWindow) -> MainWindow:
    assert win.editing.actions.accept(only_selected=False) == 1
    return win


def region(win: MainWindow, i: int = 0):
    return win.editing.ann.doc.tables[i].regions[0]


def test_accept_copies_detection_and_undo_removes_it(editor: MainWindow) -> None:
    ann = editor.editing.ann
    accepted(editor)
    reg = region(editor)
    assert (reg.n_rows, reg.n_cols) == (4, 3) and reg.cell_at(1, 1).text == "Kent"
    assert editor.isWindowModified() and ann.stack.count() == 1
    assert editor.editing.actions.accept(only_selected=False) == 0  # the same place is not accepted twice
    ann.stack.undo()
    assert ann.doc.tables == () and not editor.isWindowModified()
    ann.stack.redo()
    assert region(editor) == reg


def test_draw_region_by_dragging(editor: MainWindow) -> None:
    ann = editor.editing.ann
    editor.editing.controller.set_tool("draw")
    drag(editor, (90, 190), (470, 300))
    assert len(ann.doc.tables) == 1
    table = ann.doc.tables[0]
    b = table.regions[0].bbox
    assert table.source == "manual" and abs(b.x0 - 90) < 1.5 and abs(b.y1 - 300) < 1.5
    assert "Kent" in table.regions[0].cells[0].text and "Harvest" not in table.regions[0].cells[0].text
    assert editor.editing.controller.tool == ""  # back to the select tool
    ann.stack.undo()
    assert ann.doc.tables == ()
    ann.stack.redo()
    assert ann.doc.tables == (table,)


def test_drag_boundary_reassembles_text_undo_redo(editor: MainWindow) -> None:
    ann = accepted(editor).editing.ann
    x = region(editor).xs[1]
    drag(editor, (x, 260), (x + 30, 260))
    reg = region(editor)
    assert abs(reg.xs[1] - (x + 30)) < 1.0
    assert reg.cell_at(1, 0).text == "Apple Kent"  # "Kent" now falls in the first column
    assert ann.stack.count() == 2 and ann.stack.undoText() == "Move column boundary"
    ann.stack.undo()
    assert region(editor).xs[1] == x and region(editor).cell_at(1, 1).text == "Kent"
    ann.stack.redo()
    assert region(editor) == reg


def test_esc_cancels_a_drag(editor: MainWindow, qtbot) -> None:
    ann = accepted(editor).editing.ann
    before = ann.doc
    y = region(editor).ys[2]
    drag(editor, (300, y), (300, y + 15), release=False)
    assert not editor.editing.controller.layer.boundingRect().isEmpty()  # the preview is drawn
    qtbot.keyClick(editor.view, Qt.Key.Key_Escape)
    QTest.mouseRelease(editor.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       at(editor, 300, y + 15))
    assert ann.doc == before and ann.stack.count() == 1
    assert editor.editing.controller.layer.draft_line is None


def test_add_boundaries_by_double_click_and_delete_one(editor: MainWindow, qtbot) -> None:
    ann = accepted(editor).editing.ann
    vp = editor.view.viewport()
    QTest.mouseDClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(editor, 160, 285))
    assert region(editor).n_cols == 4 and any(abs(x - 160) < 1 for x in region(editor).xs)
    QTest.mouseDClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, at(editor, 400, 236))
    assert region(editor).n_rows == 5 and any(abs(y - 236) < 1 for y in region(editor).ys)
    # select the new row boundary by clicking on it, then delete it with the keyboard
    click(editor, 300, 236)
    assert ann.boundary is not None and ann.boundary.axis == "row"
    qtbot.keyClick(editor.view, Qt.Key.Key_Delete)
    assert region(editor).n_rows == 4 and ann.stack.undoText() == "Delete row boundary"
    ann.stack.undo()
    assert region(editor).n_rows == 5
    ann.stack.undo()
    ann.stack.undo()
    assert (region(editor).n_rows, region(editor).n_cols) == (4, 3)
    ann.stack.redo()
    assert region(editor).n_cols == 4


def test_column_tool_adds_a_boundary_on_click(editor: MainWindow) -> None:
    accepted(editor)
    editor.editing.controller.set_tool("col")
    click(editor, 400, 260)
    assert region(editor).n_cols == 4
    editor.editing.controller.set_tool("")


def test_merge_and_split_selected_cells(editor: MainWindow, qtbot) -> None:
    ann = accepted(editor).editing.ann
    click(editor, 150, 236)  # slot (1, 0)
    click(editor, 260, 260, shift=True)  # extends to slot (2, 1)
    sel = ann.selection
    assert (sel.r0, sel.c0, sel.r1, sel.c1) == (1, 0, 2, 1)
    assert editor.editing.panel.grid.selectionModel().selectedIndexes()  # the panel follows
    editor.activateWindow()
    qtbot.keyClick(editor.view, Qt.Key.Key_M)
    cell = region(editor).cell_at(2, 1)
    assert (cell.r, cell.c, cell.rs, cell.cs) == (1, 0, 2, 2)
    assert cell.text == "Apple Kent\nPear Anjou"
    assert editor.editing.panel.grid.rowSpan(1, 0) == 2
    ann.stack.undo()
    assert region(editor).cell_at(2, 1).rs == 1
    ann.stack.redo()
    click(editor, 150, 236)
    qtbot.keyClick(editor.view, Qt.Key.Key_S)
    assert all(c.rs == 1 and c.cs == 1 for c in region(editor).cells)
    assert region(editor).cell_at(2, 1).text == "Anjou"
    ann.stack.undo()
    assert region(editor).cell_at(2, 1).rs == 2


def test_keyboard_nudges_merge_into_one_command(editor: MainWindow, qtbot) -> None:
    ann = accepted(editor).editing.ann
    x = region(editor).xs[2]
    click(editor, x, 285)
    assert ann.boundary is not None and ann.boundary.axis == "col"
    for _ in range(3):
        qtbot.keyClick(editor.view, Qt.Key.Key_Right)
    qtbot.keyClick(editor.view, Qt.Key.Key_Right, Qt.KeyboardModifier.ShiftModifier)
    assert abs(region(editor).xs[2] - (x + 8)) < 1e-6
    assert ann.stack.count() == 2  # accept + one nudge command
    ann.stack.undo()
    assert region(editor).xs[2] == x


def test_cell_text_override_shows_in_preview(editor: MainWindow) -> None:
    ann = accepted(editor).editing.ann
    panel = editor.editing.panel
    click(editor, 260, 236)
    model = panel.model
    assert model.setData(model.index(1, 1), "Kent (UK)")
    cell = region(editor).cell_at(1, 1)
    assert cell.override == "Kent (UK)" and cell.text == "Kent"
    assert model.data(model.index(1, 1), Qt.ItemDataRole.FontRole).italic()
    assert "Kent (UK)" in panel.markdown.toPlainText()
    ann.stack.undo()
    assert region(editor).cell_at(1, 1).override is None


def test_headers_verified_delete_table(editor: MainWindow) -> None:
    ann = accepted(editor).editing.ann
    acts = editor.editing.actions
    click(editor, 150, 236)
    assert acts.headers_through_selection() and ann.doc.tables[0].header_rows == 2
    assert editor.editing.panel.header_rows.value() == 2
    editor.editing.panel.header_cols.setValue(1)
    assert ann.doc.tables[0].header_cols == 1
    assert acts.set_verified(True) and ann.doc.tables[0].verified
    assert acts.delete_current() and ann.doc.tables == ()
    ann.stack.undo()
    assert ann.doc.tables[0].verified and ann.doc.tables[0].header_cols == 1


def test_resize_and_move_region_with_handles(editor: MainWindow) -> None:
    ann = accepted(editor).editing.ann
    click(editor, 150, 236)  # makes t1 the current table: its handles show
    b, xs = region(editor).bbox, region(editor).xs
    drag(editor, (b.x1, b.y1), (b.x1 + 20, b.y1 + 24))  # bottom-right handle
    r = region(editor)
    assert abs(r.bbox.x1 - (b.x1 + 20)) < 1 and abs(r.bbox.y1 - (b.y1 + 24)) < 1
    assert r.xs[1:-1] == xs[1:-1] and r.n_rows == 4  # inner boundaries stay
    ann.stack.undo()
    assert region(editor).bbox == b
    c = ((b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2)
    drag(editor, c, (c[0], c[1] - 24))  # centre handle: the whole grid moves up one row
    r = region(editor)
    assert abs(r.bbox.y0 - (b.y0 - 24)) < 1 and abs(r.ys[1] - (b.y0 - 24 + 24.5)) < 1.5
    assert r.cell_at(0, 0).text == "" and r.cell_at(1, 0).text == "Fruit"  # text read at the new place
    assert ann.stack.undoText() == "Move table region"
    ann.stack.undo()
    assert region(editor).bbox == b and region(editor).cell_at(0, 0).text == "Fruit"


def test_shortcuts_are_unambiguous_and_draw_tool_by_key(editor: MainWindow, qtbot) -> None:
    from PySide6.QtGui import QAction
    owner: dict[str, str] = {}
    for action in editor.findChildren(QAction):
        for seq in {s.toString() for s in action.shortcuts() if not s.isEmpty()}:
            assert owner.setdefault(seq, action.text()) == action.text(), f"{seq} is taken twice"
    editor.activateWindow()
    qtbot.keyClick(editor.view, Qt.Key.Key_D)
    assert editor.editing.controller.tool == "draw"
    qtbot.keyClick(editor.view, Qt.Key.Key_Escape)
    assert editor.editing.controller.tool == ""


def test_panel_selection_selects_on_page(editor: MainWindow) -> None:
    ann = accepted(editor).editing.ann
    panel = editor.editing.panel
    panel.grid.setCurrentIndex(panel.model.index(2, 1))  # like a click on "Anjou" in the panel
    sel = ann.selection
    assert (sel.r0, sel.c0, sel.r1, sel.c1) == (2, 1, 2, 1)
    box = editor.editing.controller.layer.cells[2]
    assert box == region(editor).slot_box(2, 1)
    word = next(w for w in editor.session.result.words if w.text == "Anjou")
    assert box.x0 <= word.bbox.cx <= box.x1 and box.y0 <= word.bbox.cy <= box.y1


def test_hover_cursor_tells_what_a_press_does(editor: MainWindow) -> None:
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication
    accepted(editor)
    vp = editor.view.viewport()

    def hover(x: float, y: float) -> Qt.CursorShape:
        # sent directly: QTest.mouseMove is dropped when the platform thinks the pointer is already there
        p = QPointF(at(editor, x, y))
        QApplication.sendEvent(vp, QMouseEvent(QEvent.Type.MouseMove, p, vp.mapToGlobal(p), Qt.MouseButton.NoButton,
                                               Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier))
        return vp.cursor().shape()

    assert hover(region(editor).xs[1], 285) == Qt.CursorShape.SplitHCursor  # a column boundary
    assert hover(300, region(editor).ys[2]) == Qt.CursorShape.SplitVCursor  # a row boundary
    assert hover(280, 340) not in (Qt.CursorShape.SplitHCursor, Qt.CursorShape.SplitVCursor)  # paper


def test_right_press_points_the_table_menu_at_a_boundary(editor: MainWindow) -> None:
    ann = accepted(editor).editing.ann
    vp = editor.view.viewport()
    y = region(editor).ys[3]
    QTest.mousePress(vp, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, at(editor, 300, y))
    QTest.mouseRelease(vp, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, at(editor, 300, y))
    assert ann.boundary is not None and (ann.boundary.axis, ann.boundary.index) == ("row", 3)
    assert vp.contextMenuPolicy() == Qt.ContextMenuPolicy.CustomContextMenu  # the Table menu opens there
    editor.action("table.delete_boundary").trigger()
    assert region(editor).n_rows == 3 and region(editor).cell_at(2, 0).text == "Pear\nPlum"
