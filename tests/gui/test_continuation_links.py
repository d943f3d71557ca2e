"""Continuation links in the window: drawn, selected with the mouse, accepted and rejected
with the keyboard as undoable edits, shown in the thumbnails; linking to any table."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from conftest import wait_result
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from inspector.annotation.model import stacked_core_table
from inspector.core.types import Rect
from inspector.gui.links import Links
from inspector.gui.main_window import MainWindow
from resources.make_samples import draw_table
from tests.core.split_pdfs import item_rows, typeset


def _open(qtbot, window: MainWindow, path: Path, links: int) -> Links:
    assert window.open_file(path)
    window.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]  # closing after the test
    wait_result(qtbot, window)
    qtbot.waitUntil(lambda: window.links.scan is not None and len(window.links.shown()) == links, timeout=60000)
    return window.links


def _to_page(qtbot, win: MainWindow, index: int) -> None:
    win.session.set_page(index)
    wait_result(qtbot, win)
    win.view.fit_page()
    qtbot.waitUntil(lambda: len(win.links.layer.labels()) > 0)


def _click_label(win: MainWindow, text: str) -> None:
    label = next(lb for lb in win.links.layer.labels() if lb.text.startswith(text))
    at = win.view.mapFromScene(label.scenePos()) + QPoint(12, int(label.rect.center().y()))
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)


@pytest.fixture
def long_pdf(tmp_path: Path) -> Path:
    path = tmp_path / "long.pdf"
    path.write_bytes(typeset(item_rows(90), repeat_header=False).pdf)
    return path


def test_accept_and_reject_links_with_mouse_and_keys(qtbot, window: MainWindow, long_pdf: Path) -> None:
    links = _open(qtbot, window, long_pdf, 2)
    _to_page(qtbot, window, 1)
    texts = sorted(lb.text for lb in links.layer.labels())
    assert texts == ["continued on page 3 table 1 (0.80)", "continues page 1 table 1 (0.80)"]
    _click_label(window, "continues page 1")
    assert (links.selected.prev_page, links.selected.next_page) == (1, 2)
    assert "Link page 1 -> 2" in window.statusBar().currentMessage()
    qtbot.keyClick(window.view, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
    ann = window.editing.ann
    assert [[r.page for r in t.regions] for t in ann.doc.tables] == [[1, 2]]
    assert any(lb.text.endswith("(accepted)") for lb in links.layer.labels())
    _click_label(window, "continued on page 3")
    qtbot.keyClick(window.view, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
    assert len(ann.doc.not_continued) == 1 and links.state(links.selected) == "rejected"
    ann.stack.undo()
    assert ann.doc.not_continued == () and links.state(links.selected) == "proposed"
    qtbot.keyClick(window.view, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
    table = ann.doc.tables[0]
    assert [r.page for r in table.regions] == [1, 2, 3]
    assert stacked_core_table(table).n_rows == 91  # no repeated header: every row kept
    ann.stack.undo()
    ann.stack.undo()
    assert ann.doc.tables == ()


def test_links_in_thumbnails_and_screenshots(qtbot, window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "turned.pdf"
    path.write_bytes(typeset(item_rows(90), sideways=[3]).pdf)
    links = _open(qtbot, window, path, 2)
    _to_page(qtbot, window, 2)
    label = links.layer.labels()[0]
    assert label.text == "continues page 2 table 1 (0.95, header repeated)"
    # On the sideways page the edge runs along the table's reading top: a vertical line in page space.
    line = next(i for i in links.layer.items if i not in links.layer.labels()).line()
    assert line.x1() == pytest.approx(line.x2()) and line.y1() != pytest.approx(line.y2())
    window.grab().save(str(tmp_path / "links.png"))
    strip = window.thumbnails
    qtbot.waitUntil(lambda: strip.thumbs.rendered() >= 3, timeout=20000)
    pix = strip.viewport().grab().toImage()
    rect = strip.visualRect(strip.thumbs.index(0))
    orange = [(x, y) for x in range(rect.left(), rect.right()) for y in range(rect.top(), rect.bottom())
              if pix.pixelColor(x, y).red() > 230 and 100 < pix.pixelColor(x, y).green() < 140
              and pix.pixelColor(x, y).blue() < 30]
    assert len(orange) > 50  # the linked table outlined on page 1's thumbnail
    window.links.toggle_action.setChecked(False)
    assert links.layer.labels() == []


def test_link_to_any_table_on_the_next_page(qtbot, window: MainWindow, tmp_path: Path) -> None:
    doc = pymupdf.open("pdf", typeset(item_rows(38)).pdf)
    page = doc.new_page(width=595, height=842)
    draw_table(page, 72, 72, [("Code", "Name"), ("A1", "Alpha"), ("B2", "Beta")])
    draw_table(page, 72, 200, [("Code", "Name"), ("C3", "Gamma"), ("D4", "Delta")])
    path = tmp_path / "two.pdf"
    doc.save(path)
    _open(qtbot, window, path, 0)
    ed = window.editing
    ed.actions.accept(False)
    window.session.set_page(1)
    wait_result(qtbot, window)
    ed.actions.accept(False)
    assert [t.page for t in ed.ann.doc.tables] == [1, 2, 2]
    from inspector.gui.editing.document import CellSelection
    ed.ann.select(CellSelection("t1", 0))
    window.links.link_menu.aboutToShow.emit()
    names = [a.text() for a in window.links.link_menu.actions()]
    assert names == ["Table t2: 3 x 2, top at 72 pt", "Table t3: 3 x 2, top at 200 pt"]
    window.links.link_menu.actions()[1].trigger()  # the second table of page 2, not the first
    assert [[r.page for r in t.regions] for t in ed.ann.doc.tables] == [[1, 2], [2]]
    assert ed.ann.doc.tables[0].regions[1].bbox.y0 == pytest.approx(200, abs=1)
    ed.ann.stack.undo()
    assert len(ed.ann.doc.tables) == 3


def _dark_pixels(qtbot, win: MainWindow, box: Rect) -> int:
    """Near-black pixels of the page view inside ``box`` (page points): the page's own text
    seen through the overlays (the current table's white handles once painted every table
    after it opaque white)."""
    win.view.set_zoom(3.0)
    win.view.centerOn(QPointF((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2))
    qtbot.wait(500)  # the page is rendered again for the zoom
    image = win.view.viewport().grab().toImage()
    top_left = win.view.mapFromScene(QPointF(box.x0, box.y0))
    bottom_right = win.view.mapFromScene(QPointF(box.x1, box.y1))
    return sum(1 for x in range(top_left.x(), bottom_right.x()) for y in range(top_left.y(), bottom_right.y())
               if max(image.pixelColor(x, y).red(), image.pixelColor(x, y).green(), image.pixelColor(x, y).blue()) < 90)


def test_link_a_table_to_the_next_column_of_its_page_by_hand(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """Two ruled tables side by side on page 1 and one on page 2: the link menu of the left
    table offers the right-hand one first ("of this page"), then page 2's; the right-hand
    table offers only page 2's (the left one is no later column). Linking the columns makes
    them regions of one table on the same page, and undo restores both."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    draw_table(page, 50, 72, [("Code", "Name"), ("A1", "Alpha"), ("B2", "Beta")], col_widths=(90, 140))
    draw_table(page, 320, 72, [("Code", "Name"), ("C3", "Gamma"), ("D4", "Delta")], col_widths=(90, 140))
    page = doc.new_page(width=595, height=842)
    draw_table(page, 50, 72, [("Code", "Name"), ("E5", "Epsilon"), ("F6", "Phi")], col_widths=(90, 140))
    path = tmp_path / "columns.pdf"
    doc.save(path)
    assert window.open_file(path)
    window.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]  # closing after the test
    wait_result(qtbot, window)
    ed = window.editing
    ed.actions.accept(False)
    window.session.set_page(1)
    wait_result(qtbot, window)
    ed.actions.accept(False)
    assert [(t.page, round(t.regions[0].bbox.x0)) for t in ed.ann.doc.tables] == [(1, 50), (1, 320), (2, 50)]
    from inspector.gui.editing.document import CellSelection
    window.session.set_page(0)
    wait_result(qtbot, window)
    ed.ann.select(CellSelection("t1", 0))
    assert _dark_pixels(qtbot, window, Rect(414, 92, 446, 104)) > 20  # "Gamma" shows through t2's box
    ed.ann.select(CellSelection("t2", 0))
    window.links.link_menu.aboutToShow.emit()
    assert [a.text() for a in window.links.link_menu.actions()] == ["Table t3: 3 x 2, top at 72 pt"]
    ed.ann.select(CellSelection("t1", 0))
    window.links.link_menu.aboutToShow.emit()
    names = [a.text() for a in window.links.link_menu.actions()]
    assert names == ["Table t2 of this page (next column): 3 x 2, top at 72 pt", "Table t3: 3 x 2, top at 72 pt"]
    window.links.link_menu.actions()[0].trigger()
    joined = ed.ann.doc.tables[0]
    assert [(r.page, round(r.bbox.x0)) for r in joined.regions] == [(1, 50), (1, 320)]
    assert [t.id for t in ed.ann.doc.tables] == ["t1", "t3"]
    window.links.link_menu.aboutToShow.emit()  # the joined table's last piece is the right column now
    assert [a.text() for a in window.links.link_menu.actions()] == ["Table t3: 3 x 2, top at 72 pt"]
    ed.ann.stack.undo()
    assert [t.id for t in ed.ann.doc.tables] == ["t1", "t2", "t3"]


def test_a_hostile_page_stops_in_the_link_scan_and_the_window_closes_at_once(qtbot, window, tmp_path) -> None:
    """Page 1 a table, page 2 a paint bomb: the link scan detects page 2 in its own budgeted
    process, which is stopped after ``budget.seconds``; the scan still reports page 1, and
    closing the window does not wait for MuPDF (it used to run in a thread of the window)."""
    import time

    from gui_pdfs import build_pdf

    from inspector.core.params import Params
    from tests.fuzz.hostile import xobject_bomb

    doc = pymupdf.open(build_pdf(tmp_path / "table.pdf", pages=1).path)
    doc.insert_pdf(pymupdf.open(stream=xobject_bomb(), filetype="pdf"))
    path = tmp_path / "table_then_bomb.pdf"
    doc.save(path)
    window.session.set_params(Params().with_value("budget.seconds", 1))
    assert window.open_file(path)
    window.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]
    wait_result(qtbot, window)
    qtbot.waitUntil(lambda: window.links.scan is not None, timeout=30000)
    assert set(window.links.scan.tables) == {1}  # page 2 was stopped: no tables, no links, no hang
    t0 = time.monotonic()
    window.close()
    assert time.monotonic() - t0 < 5


def test_link_label_names_the_closing_marker(qtbot, window: MainWindow, tmp_path: Path) -> None:
    """The first piece ends in its "continued" line: its label says the line is left out."""
    from tests.core.test_continued_marker_rows import UNDER, under_doc

    path = tmp_path / "under.pdf"
    path.write_bytes(under_doc(*UNDER[0]))
    links = _open(qtbot, window, path, 1)
    _to_page(qtbot, window, 0)
    assert [lb.text for lb in links.layer.labels()] == [
        "continued on page 2 table 1 (0.90, \"continued\" line left out)"]
