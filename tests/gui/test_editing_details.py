"""The small things a new user tripped over (issue 14, item 10): tooltips of the corrected
table, one selection at a time, "Verified" cleared by a later edit, the tables count, a
rule once in a tooltip, off-page words, a new file fitted, export folder and confirmation,
a window that fits the screen."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from gui_pdfs import build_pdf
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from inspector.gui.main_window import MainWindow
from inspector.gui.session import Selection


def at(win: MainWindow, x: float, y: float) -> QPoint:
    return win.view.mapFromScene(QPointF(x, y))


def click(win: MainWindow, x: float, y: float) -> None:
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(win, x, y))


def test_tooltip_over_an_accepted_table_describes_the_corrected_cell(editor: MainWindow) -> None:
    ed = editor.editing
    assert "Kent" in editor.view.tooltip_at(QPointF(260, 236))  # detection only: its word
    assert ed.actions.accept(False) == 1 and ed.actions.override(0, 1, 1, "Kent (UK)")
    tip = editor.view.tooltip_at(QPointF(260, 236))
    assert tip.startswith("Accepted table t1 (corrected), row 2, column 2")
    assert "Kent (UK)" in tip and "the page says: Kent" in tip
    ed.controller.layer.setVisible(False)  # the annotation hidden: detection tooltips again
    assert "Accepted" not in editor.view.tooltip_at(QPointF(260, 236))


def test_one_selection_at_a_time(editor: MainWindow) -> None:
    ed = editor.editing
    editor.session.select(Selection("table", 0))
    assert ed.actions.accept(True) == 1  # accepting selects the new table...
    assert editor.session.selection is None  # ...and the detected highlight goes
    editor.session.select(Selection("word", 0))
    assert ed.ann.selection is None and ed.controller.layer.cells is None
    click(editor, 260, 236)
    assert ed.ann.selection is not None and editor.session.selection is None


def test_verified_is_cleared_by_a_later_edit_in_the_same_command(editor: MainWindow) -> None:
    ed, ann = editor.editing, editor.editing.ann
    ed.actions.accept(False)
    ed.actions.set_verified(True)
    click(editor, 260, 236)
    QTest.keyClick(editor.view, Qt.Key.Key_M)  # nothing to merge: refused, still verified
    assert ann.doc.tables[0].verified
    ed.actions.override(0, 1, 1, "Kent (UK)")
    assert not ann.doc.tables[0].verified and "no longer marked verified" in editor.statusBar().currentMessage()
    assert not ed.panel.verified.isChecked()
    ann.stack.undo()  # one step back: the text and the flag
    assert ann.doc.tables[0].verified and ann.doc.tables[0].regions[0].cell_at(1, 1).override is None


def test_tables_tab_counts_tables(opened: MainWindow) -> None:
    res = opened.session.result
    assert len(res.tables) == 1 and len(res.tables) + len(res.regions) == 2
    assert opened.inspector.tabText(2) == "Tables (1)"


def test_a_rule_is_listed_once_in_a_tooltip(opened: MainWindow) -> None:
    rule = opened.session.result.rules[0]
    p = QPointF((rule.start + rule.end) / 2, rule.pos) if rule.orient == "h" else \
        QPointF(rule.pos, (rule.start + rule.end) / 2)
    lines = opened.view.tooltip_at(p).split("\n")
    assert lines and len(lines) == len(set(lines))


def test_words_off_the_page_are_not_drawn(window: MainWindow, tmp_path: Path, wait) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=300, height=300)
    page.insert_text((40, 100), "Inside", fontsize=12)
    page.insert_text((250, 100), "Straddling", fontsize=12)  # runs past the page's right edge
    path = tmp_path / "off.pdf"
    doc.save(path)
    doc.close()
    assert window.open_file(path)
    wait(window)
    item = window.view.page_scene.layers["words"].items[0]
    box = item.path().boundingRect()
    assert box.right() <= 300 and box.height() > 0  # the page draws it only up to the edge
    word = next(w for w in window.session.result.words if w.text == "Straddling")
    assert word.bbox.x0 < 300 and word.bbox.x1 == 300  # detection keeps its text, its box cut to the page


def test_a_new_file_is_fitted_whatever_the_last_zoom(opened: MainWindow, tmp_path: Path, wait) -> None:
    opened.view.set_zoom(3.0)
    assert opened.view.fit == ""
    other = build_pdf(tmp_path / "other.pdf")
    assert opened.open_file(other.path)
    wait(opened)
    assert opened.view.fit == "width" and opened.view.zoom < 3.0


def test_export_starts_in_the_pdf_folder_and_confirms(editor: MainWindow, monkeypatch, tmp_path: Path) -> None:
    from inspector.gui.editing import export_dialog
    ed = editor.editing
    ed.actions.accept(False)
    started: list[str] = []
    target = tmp_path / "elsewhere.csv"

    def save_name(_parent, _title, start, _filter):
        started.append(start)
        return str(target), ""

    monkeypatch.setattr(export_dialog.QFileDialog, "getSaveFileName", save_name)
    monkeypatch.setattr(export_dialog.ExportDialog, "exec", lambda self: self.run())
    ed.export_dialog()
    pdf = Path(editor.session.path)
    assert Path(started[0]).parent == pdf.parent and Path(started[0]).name.startswith(pdf.stem)
    assert target.exists() and f"exported table t1 to {target}" in editor.statusBar().currentMessage()


def test_the_window_fits_the_screen(qtbot, tmp_path: Path) -> None:
    win = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    free = (win.screen() or QGuiApplication.primaryScreen()).availableGeometry()
    assert win.width() <= free.width() and win.height() <= free.height()
    win.show()
    win.editing  # noqa: B018 - its docks too
    qtbot.wait(20)
    need = win.minimumSizeHint()
    # A 1600 x 1000 screen at QT_SCALE_FACTOR=2 has 800 x 500 logical pixels, less the title bar.
    assert need.width() <= 780 and need.height() <= 460, need
    win.session.close()


def test_bottom_lists_show_more_than_a_few_rows(qtbot, tmp_path: Path) -> None:
    win = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.resize(1400, 900)  # the default size (QT_QPA offscreen lets it exceed its small screen)
    win.show()
    qtbot.waitExposed(win)
    qtbot.wait(50)
    rows = win.inspector.views[0].viewport().height() // win.inspector.views[0].verticalHeader().defaultSectionSize()
    assert rows >= 7, f"the stage inspector shows {rows} rows"
    win.session.close()


def test_a_click_on_the_paper_drops_the_cell_selection(editor: MainWindow) -> None:
    ed = editor.editing
    ed.actions.accept(False)
    click(editor, 260, 236)
    assert ed.ann.selection is not None and ed.controller.layer.cells is not None
    click(editor, 280, 340)  # empty paper under the table
    assert ed.ann.selection is None and ed.controller.layer.cells is None
