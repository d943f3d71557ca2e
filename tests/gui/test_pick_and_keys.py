"""Traps a new user met (issue 26, items 3 to 5), with real mouse and key events: a footnote
dragged from the visible edge of its marker keeps the marker and is shown before it is
stored; Ctrl+Return after clicking a word accepts that word's table only; Ctrl+Y redoes."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from gui_pdfs import ROWS, ruled_table_page
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QInputDialog

from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_words
from inspector.gui.main_window import MainWindow


def _no_questions(win: MainWindow) -> None:
    """Closing at the end of a test (failed or not) asks nothing: the edits are dropped."""
    if win.editing_if_made is not None:
        win.editing_if_made.ask_save = lambda: "discard"  # type: ignore[method-assign]


NONE = Qt.KeyboardModifier.NoModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier
FOOTNOTE_AT = (100.0, 330.0)  # baseline origin of "† Not applicable." below the table (y 200-296)
SECOND_Y0 = 450.0  # top of the second table of the two-table page


def _footnote_pdf(path: Path) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    ruled_table_page(page)
    page.insert_font(fontname="F0", fontbuffer=pymupdf.Font("cjk").buffer)  # has "†" (base-14 helv maps it to "·")
    page.insert_text(FOOTNOTE_AT, "† Not applicable.", fontsize=9, fontname="F0")
    doc.save(path)
    return path


def _two_tables_pdf(path: Path) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    ruled_table_page(page)
    rows = (("Plan", "Actual", "Gap"), ("10", "12", "2"), ("20", "17", "3"), ("30", "31", "1"))
    for r in range(len(rows) + 1):
        page.draw_line((100, SECOND_Y0 + r * 24), (460, SECOND_Y0 + r * 24), width=1)
    for c in range(4):
        page.draw_line((100 + c * 120, SECOND_Y0), (100 + c * 120, SECOND_Y0 + 96), width=1)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((106 + c * 120, SECOND_Y0 + r * 24 + 16), text, fontsize=11)
    doc.save(path)
    return path


@pytest.fixture
def win(qtbot, tmp_path: Path):
    w = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w, before_close_func=_no_questions)
    w.resize(1200, 800)
    w.show()
    yield w
    w.session.close()


def _open(qtbot, w: MainWindow, pdf: Path, centre: tuple[float, float] = (280, 250)) -> None:
    assert w.open_file(pdf)
    qtbot.waitUntil(lambda: not w.session.busy and w.session.result is not None and w.editing_if_made is not None,
                    timeout=60000)
    w.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]
    w.view.set_zoom(1.5)
    w.view.centerOn(*centre)
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=5000)


def _at(w: MainWindow, x: float, y: float) -> QPoint:
    return w.view.mapFromScene(QPointF(x, y))


def _key(w: MainWindow, k: Qt.Key, mod: Qt.KeyboardModifier = NONE) -> None:
    QTest.keyClick(w.view, k, mod)


def test_dragged_footnote_keeps_its_marker_and_is_shown_first(qtbot, tmp_path: Path, win: MainWindow) -> None:
    pdf = _footnote_pdf(tmp_path / "note.pdf")
    dagger = next(w for w in extract_words(open_document(pdf).page(0)) if w.text == "†")
    _open(qtbot, win, pdf, (280, 290))
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, NONE, _at(win, 160, 236))
    _key(win, Qt.Key.Key_Return, CTRL)
    table = lambda: win.editing.ann.doc.tables[0]  # noqa: E731
    _key(win, Qt.Key.Key_F, SHIFT)  # Shift+F: pick the footnote
    # A narrow marker: a drag started at its ink by a hand (here half a point right of its
    # box's centre, under one screen pixel) dropped it under the old centre rule.
    start = (dagger.bbox.cx + 0.5, dagger.bbox.y0 + 3)
    shown: list[tuple[str, str]] = []

    def confirm() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QInputDialog):
            QTimer.singleShot(50, confirm)
            return
        shown.append((dialog.textValue(), table().footnote))  # seen before anything is stored
        ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
        QTest.mouseClick(ok, Qt.MouseButton.LeftButton)

    QTimer.singleShot(50, confirm)
    vp = win.view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, NONE, _at(win, *start))
    QTest.mouseMove(vp, _at(win, 130, dagger.bbox.y1 - 3))
    QTest.mouseMove(vp, _at(win, 180, dagger.bbox.y1 - 3))
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, NONE, _at(win, 180, dagger.bbox.y1 - 3))
    qtbot.waitUntil(lambda: bool(shown), timeout=5000)
    assert shown == [("† Not applicable.", "")]
    assert table().footnote == "† Not applicable."


def test_accept_after_clicking_a_word_takes_that_table_only(qtbot, tmp_path: Path, win: MainWindow) -> None:
    _open(qtbot, win, _two_tables_pdf(tmp_path / "two.pdf"), (280, 400))
    assert len(win.session.result.tables) == 2
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, NONE, _at(win, 240, SECOND_Y0 + 12))  # "Actual"
    assert win.session.selection is not None and win.session.selection.kind == "word"
    _key(win, Qt.Key.Key_Return, CTRL)
    tables = win.editing.ann.doc.tables
    assert len(tables) == 1 and tables[0].regions[0].bbox.y0 == pytest.approx(SECOND_Y0, abs=2)
    assert win.editing.ann.stack.text(0) == "Accept detected table"
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, NONE, _at(win, 530, 380))  # empty paper
    _key(win, Qt.Key.Key_Return, CTRL)  # no table under the click: nothing, and why
    assert len(win.editing.ann.doc.tables) == 1
    assert "click a table first" in win.statusBar().currentMessage()
    _key(win, Qt.Key.Key_Return, CTRL | SHIFT)  # the explicit "all"
    assert len(win.editing.ann.doc.tables) == 2


def test_ctrl_y_redoes(qtbot, tmp_path: Path, win: MainWindow, table_pdf) -> None:
    _open(qtbot, win, table_pdf.path)
    ann = win.editing.ann
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, NONE, _at(win, 160, 236))
    _key(win, Qt.Key.Key_Return, CTRL)
    _key(win, Qt.Key.Key_Z, CTRL)
    assert ann.doc.tables == ()
    _key(win, Qt.Key.Key_Y, CTRL)
    assert len(ann.doc.tables) == 1 and ann.doc.tables[0].regions[0].n_rows == len(ROWS)
    _key(win, Qt.Key.Key_Z, CTRL)
    _key(win, Qt.Key.Key_Z, CTRL | SHIFT)  # the other binding still redoes
    assert len(ann.doc.tables) == 1
    keys = [k.toString() for k in win.action("edit.redo").shortcuts()]
    assert "Ctrl+Y" in keys and "Ctrl+Shift+Z" in keys and len(keys) == len(set(keys))
