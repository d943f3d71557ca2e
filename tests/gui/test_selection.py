"""Selection syncing: page -> lists and preview, lists -> page, preview -> page."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtWidgets import QApplication

from inspector.gui.main_window import MainWindow
from inspector.gui.session import Selection


def _word(win: MainWindow, text: str) -> tuple[int, object]:
    return next((i, w) for i, w in enumerate(win.session.result.words) if w.text == text)


def test_click_on_page_selects_word_in_list(opened: MainWindow, qtbot) -> None:
    i, w = _word(opened, "Kent")
    view = opened.view
    pos = view.mapFromScene(QPointF(w.bbox.cx, w.bbox.cy))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert opened.session.selection == Selection("word", i)
    insp = opened.inspector
    assert insp.currentIndex() == 0 and insp.selected_row() == (0, i)
    hl = view.page_scene.highlight.path().boundingRect()
    assert hl == QRectF(w.bbox.x0, w.bbox.y0, w.bbox.width, w.bbox.height)


def test_list_row_selects_on_page(opened: MainWindow) -> None:
    i, w = _word(opened, "Anjou")
    view = opened.inspector.views[0]
    view.selectRow(i)
    assert opened.session.selection == Selection("word", i)
    assert opened.view.page_scene.highlight.path().boundingRect().center() == QPointF(w.bbox.cx, w.bbox.cy)
    opened.session.select(None)
    assert opened.view.page_scene.highlight.path().isEmpty()
    assert opened.inspector.views[0].selectionModel().selectedRows() == []


def test_rules_tab_lists_kept_then_rejected_and_selects_rule(opened: MainWindow) -> None:
    res = opened.session.result
    model = opened.inspector.models[1]
    assert model.rowCount() == len(res.rules) + len(res.rejected)
    assert model.data(model.index(0, 0)) == "kept"
    opened.inspector.views[1].selectRow(0)
    assert opened.session.selection == Selection("rule", 0)
    box = res.rules[0].bbox
    assert opened.view.page_scene.highlight.path().boundingRect().contains(QPointF(box.cx, box.cy))


def test_table_selection_drives_preview_and_markdown(opened: MainWindow) -> None:
    prev = opened.preview
    assert prev.table_index == 0  # the first table is previewed even with nothing selected
    assert (prev.model.rowCount(), prev.model.columnCount()) == (4, 3)
    assert prev.model.text(1, 0) == "Apple"
    md = prev.markdown.toPlainText()
    assert "Apple" in md and md.count("\n") >= 5 and "|" in md
    prev.copy_markdown()
    assert QApplication.clipboard().text() == md
    opened.inspector.views[2].selectRow(0)
    assert opened.session.selection == Selection("table", 0)


def test_preview_cell_and_page_cell_sync(opened: MainWindow) -> None:
    table = opened.session.result.tables[0]
    prev = opened.preview
    prev.select_slot(2, 1)  # preview -> model -> page
    sel = opened.session.selection
    cell = table.cells[sel.sub]
    assert sel.kind == "cell" and (cell.r, cell.c, cell.text) == (2, 1, "Anjou")
    assert opened.view.page_scene.highlight.path().boundingRect().center() == QPointF(cell.bbox.cx, cell.bbox.cy)
    assert opened.inspector.currentIndex() == 2 and opened.inspector.selected_row() == (2, 0)
    # page -> preview: select another cell on the page (words hidden so the cell is innermost)
    opened.layers.set_visible_layers({"grids"})
    other = table.cell_at(3, 2)
    opened.view.select_at(QPointF(other.bbox.cx, other.bbox.cy))
    assert opened.session.selection == Selection("cell", 0, table.cells.index(other))
    assert prev.current_slot() == (3, 2)


def test_click_on_empty_paper_clears_selection(opened: MainWindow) -> None:
    opened.session.select(Selection("word", 0))
    opened.view.select_at(QPointF(20, 20))
    assert opened.session.selection is None
