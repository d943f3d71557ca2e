"""Table > Detect inside this region (issue 26, item 6): a region drawn with D over a table the
page-wide run got wrong (it took the body text beside it into one wide table) becomes the
table the detector finds on the region's words and lines alone, as one undoable edit."""

from __future__ import annotations

from pathlib import Path

import pymupdf
from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from inspector.gui.main_window import MainWindow


def _no_questions(win: MainWindow) -> None:
    if win.editing_if_made is not None:
        win.editing_if_made.ask_save = lambda: "discard"  # type: ignore[method-assign]


NONE, CTRL, ALT = Qt.KeyboardModifier.NoModifier, Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.AltModifier
ROWS = (("Region", "2022", "2023"), ("North", "12", "14"), ("South", "9", "11"), ("East", "7", "8"))
TOP = 200.0  # baseline of the table's first row; rows 13 pt apart, columns at x 72, 122, 172


def _beside_body_text(path: Path) -> Path:
    """A small borderless table with a column of notes beside it, line for line."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for r, row in enumerate(ROWS):
        for c, text in enumerate(row):
            page.insert_text((72 + c * 50, TOP + r * 13), text, fontsize=10)
    # Each line a note of its own (a capital, a full stop), not a paragraph running on from line
    # to line: prose beside a table that runs on is cut off by the page-wide run (beside._runs_on).
    body = "Gathered from the regional offices and checked twice by the audit team before release"
    for i in range(-4, 9):
        page.insert_text((250, TOP + i * 13), body[: 60 + (i * 7) % 20].rstrip() + ".", fontsize=10)
    doc.save(path)
    return path


def test_detect_inside_a_drawn_region(qtbot, tmp_path: Path) -> None:
    win = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win, before_close_func=_no_questions)
    win.resize(1200, 800)
    win.show()
    assert win.open_file(_beside_body_text(tmp_path / "beside.pdf"))
    qtbot.waitUntil(lambda: not win.session.busy and win.session.result is not None and win.editing_if_made is not None,
                    timeout=60000)
    res = win.session.result
    assert all(t.bbox.x1 > 400 for t in res.tables), "the page-wide run joins the body text (the premise)"
    win.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]
    win.view.set_zoom(1.5)
    win.view.centerOn(200, 220)
    win.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=5000)
    vp, at = win.view.viewport(), lambda x, y: win.view.mapFromScene(QPointF(x, y))
    QTest.keyClick(win.view, Qt.Key.Key_D)  # draw a region
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, NONE, at(66, 186))
    QTest.mouseMove(vp, at(130, 220))
    QTest.mouseMove(vp, at(205, 246))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, NONE, at(205, 246))
    ann = win.editing.ann
    drawn = ann.doc.tables[0].regions[0]
    assert (drawn.n_rows, drawn.n_cols) == (1, 1)
    QTest.keyClick(win.view, Qt.Key.Key_R, CTRL | Qt.KeyboardModifier.ShiftModifier)  # re-detect: nothing to take
    assert "Detect inside this region" in win.statusBar().currentMessage()
    QTest.keyClick(win.view, Qt.Key.Key_R, CTRL | ALT)  # Table > Detect inside this region
    region = ann.doc.tables[0].regions[0]
    assert (region.n_rows, region.n_cols) == (4, 3) and region.bbox.x1 < 200
    assert [region.cell_at(r, 0).text for r in range(4)] == ["Region", "North", "South", "East"]
    assert ann.stack.text(ann.stack.index() - 1) == "Detect inside the region of t1"
    QTest.keyClick(win.view, Qt.Key.Key_Z, CTRL)  # one undoable edit
    assert ann.doc.tables[0].regions[0] == drawn
    win.session.close()


def test_metrics_call_a_missed_one_cell_region_missed_not_perfect(editor: MainWindow, qtbot) -> None:
    """A region drawn where nothing is detected: "missed", and adjacency "n/a", never F1 1.000."""
    editor.view.centerOn(150, 780)
    vp, at = editor.view.viewport(), lambda x, y: editor.view.mapFromScene(QPointF(x, y))
    editor.activateWindow()
    QTest.keyClick(editor.view, Qt.Key.Key_D)
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, NONE, at(92, 786))
    QTest.mouseMove(vp, at(130, 800))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, NONE, at(165, 808))
    assert len(editor.editing.ann.doc.tables) == 1
    panel = editor.scores.metrics
    qtbot.waitUntil(lambda: panel.score is not None and panel.table.rowCount() == 1, timeout=20000)
    row = [panel.table.item(0, j).text() for j in range(4)]
    assert row == ["t1 (missed)", "n/a", "n/a", "n/a"]
    assert "1.000" not in panel.summary.text()
