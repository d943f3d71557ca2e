"""A table flowing on into the next column of its page, then onto the next page: the link
within the page is drawn at both its ends on that page (the first piece's foot, the second
piece's top), each end says which way it goes, a click on either selects it, the thumbnail
outlines both pieces, and accepting it joins the two columns' pieces."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import wait_result
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from inspector.gui.main_window import MainWindow
from tests.core.column_flow_pdfs import W, column_flow_pdf

FLOW_OUT = "continued in table 2 of this page (0.94)"
FLOW_IN = "continues table 1 of this page (0.94, header repeated)"


@pytest.fixture
def flow_window(qtbot, window: MainWindow, tmp_path: Path) -> MainWindow:
    path = tmp_path / "columns.pdf"
    path.write_bytes(column_flow_pdf())
    assert window.open_file(path)
    window.editing.ask_save = lambda: "discard"  # type: ignore[method-assign]  # closing after the test
    wait_result(qtbot, window)
    qtbot.waitUntil(lambda: window.links.scan is not None and len(window.links.shown()) == 2, timeout=60000)
    window.view.fit_page()
    qtbot.waitUntil(lambda: len(window.links.layer.labels()) == 3)
    return window


def _label(win: MainWindow, text: str):
    return next(lb for lb in win.links.layer.labels() if lb.text.startswith(text))


def _click(qtbot, win: MainWindow, text: str) -> None:
    label = _label(win, text)
    at = win.view.mapFromScene(label.scenePos()) + QPoint(int(label.rect.left()) + 12, int(label.rect.center().y()))
    QTest.mouseMove(win.view.viewport(), at)
    qtbot.wait(120)  # a person's pause before pressing
    QTest.mouseClick(win.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at, 90)


def test_both_ends_of_a_link_within_the_page(qtbot, flow_window: MainWindow) -> None:
    win, links = flow_window, flow_window.links
    flow = next(c for c in links.shown() if c.prev_page == c.next_page == 1)
    left, right = links.scan.pieces(flow)
    assert left.bbox.x1 < W / 2 < right.bbox.x0
    assert sorted(lb.text for lb in links.layer.labels()) == [
        "continued in table 2 of this page (0.94)", "continued on page 2 table 1 (0.94)", FLOW_IN]
    # The outgoing end hangs under the left piece's foot, the incoming one stands over the right piece's top.
    out, inc = _label(win, FLOW_OUT), _label(win, FLOW_IN)
    assert (out.scenePos().x(), out.scenePos().y()) == pytest.approx((left.bbox.x0, left.bbox.y1 + 3), abs=0.5)
    assert not out.above and inc.above
    assert (inc.scenePos().x(), inc.scenePos().y()) == pytest.approx((right.bbox.x0, right.bbox.y0 - 3), abs=0.5)
    lines = [i.line() for i in links.layer.items if i not in links.layer.labels()]
    assert any(ln.y1() == pytest.approx(left.bbox.y1) and ln.x1() == pytest.approx(left.bbox.x0) for ln in lines)
    assert any(ln.y1() == pytest.approx(right.bbox.y0) and ln.x1() == pytest.approx(right.bbox.x0) for ln in lines)
    # Either end selects the link.
    _click(qtbot, win, FLOW_OUT)
    assert links.selected == flow
    assert "Link page 1 table 1 -> table 2" in win.statusBar().currentMessage()
    links.select(None)
    _click(qtbot, win, FLOW_IN)
    assert links.selected == flow
    assert _label(win, FLOW_IN).selected and _label(win, FLOW_OUT).selected
    # Accepting it joins the two columns' pieces into one table; both ends say so.
    qtbot.keyClick(win.view, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier)
    tables = win.editing.ann.doc.tables
    assert [[(r.page, round(r.bbox.x0)) for r in t.regions] for t in tables] == [[(1, 40), (1, 442)]]
    assert _label(win, FLOW_OUT).text.endswith("(accepted)") and _label(win, FLOW_IN).text.endswith("(accepted)")
    assert win.editing.ann.stack.undoText() == "Accept the link page 1 table 1 -> table 2"


def test_thumbnail_outlines_both_pieces_of_a_link_within_the_page(qtbot, flow_window: MainWindow,
                                                                  tmp_path: Path) -> None:
    win, strip = flow_window, flow_window.thumbnails
    qtbot.waitUntil(lambda: strip.thumbs.rendered() >= 2, timeout=20000)
    pix = strip.viewport().grab().toImage()
    rect = strip.visualRect(strip.thumbs.index(0))
    mid = rect.left() + rect.width() // 2

    def orange(x0: int, x1: int) -> int:
        return sum(1 for x in range(x0, x1) for y in range(rect.top(), rect.bottom())
                   if pix.pixelColor(x, y).red() > 230 and 100 < pix.pixelColor(x, y).green() < 140
                   and pix.pixelColor(x, y).blue() < 30)

    # The left column's piece is outlined only by the link within the page (the page break
    # to page 2 starts from the right column's piece).
    assert orange(rect.left() + 8, mid) > 40
    assert orange(mid, rect.right()) > 40
    win.grab().save(str(tmp_path / "column-links.png"))


def _shown_x(win: MainWindow, label) -> tuple[int, int]:
    """A label's left and right edges in view pixels."""
    at = win.view.mapFromScene(label.scenePos()).x()
    return at + int(label.rect.left()), at + int(label.rect.right())


def test_labels_stay_inside_the_page_at_fit_zoom(qtbot, flow_window: MainWindow) -> None:
    win = flow_window
    win.resize(900, 700)
    win.view.fit_page()  # small: the right piece's label is wider than the room beside it
    qtbot.wait(50)
    page = win.view.mapFromScene(win.view.page_scene.page_rect).boundingRect()
    inc = _label(win, FLOW_IN)
    anchor = win.view.mapFromScene(inc.scenePos()).x()
    assert anchor + inc.rect.width() > page.right() + 10  # drawn from its anchor, it would run past
    for label in win.links.layer.labels():
        x0, x1 = _shown_x(win, label)
        assert page.left() <= x0 and x1 <= page.right() + 1, label.text
    assert inc.rect.left() < 0  # drawn leftwards from the right piece's corner
    # The two feet's labels (side by side pieces) do not cover each other either.
    shown = [label.rect.translated(QPointF(win.view.mapFromScene(label.scenePos()))) for label in win.links.layer.labels()]
    assert not any(a.intersects(b) for i, a in enumerate(shown) for b in shown[i + 1:])
    # Zoomed in, there is room again: the label starts at the piece's corner, and a click on it
    # (a real one, at its left end) still selects the link.
    win.view.set_zoom(3.0)
    assert _label(win, FLOW_IN).rect.left() == 0
    win.view.fit_page()
    _click(qtbot, win, FLOW_IN)
    assert win.links.selected is not None and win.links.selected.prev_page == win.links.selected.next_page == 1
