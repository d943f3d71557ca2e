"""The page view: picture aligned with overlays (also rotated), zoom, sharp re-render, laziness."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QColor, QMouseEvent
from PySide6.QtWidgets import QApplication

from inspector.core.reading.document import open_document
from inspector.gui.main_window import MainWindow
from inspector.gui.scene.pixmaps import MAX_PIXELS, RenderCache, pick_dpi, to_qimage
from tests.core import pdfs


def _dark(c: QColor) -> bool:
    return c.lightness() < 110


def _picture_pixel(win: MainWindow, x: float, y: float) -> QColor:
    """Darkest colour of the page picture within a pixel of point (x, y) (unrotated page space)."""
    scene = win.view.page_scene
    img = scene.picture.pixmap().toImage()
    k = scene.picture_dpi / 72.0
    near = [img.pixelColor(int(x * k) + dx, int(y * k) + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
    return min(near, key=lambda c: c.lightness())


def test_picture_covers_page_in_unrotated_space(opened: MainWindow) -> None:
    scene = opened.view.page_scene
    rect = scene.picture.mapRectToScene(scene.picture.boundingRect())
    assert abs(rect.width() - 595) < 1 and abs(rect.height() - 842) < 1 and rect.topLeft() == QPointF(0, 0)
    # the table's top rule at y=200 from x=100 to 460: ink exactly where the overlay draws it
    assert _dark(_picture_pixel(opened, 300, 200))
    assert not _dark(_picture_pixel(opened, 300, 212))


def test_rotated_page_rotates_view_and_keeps_overlays_aligned(window: MainWindow, rotated_pdf, wait, qtbot) -> None:
    assert window.open_file(rotated_pdf.path)
    wait(window)
    view = window.view
    assert view.rotation == 90 and window.session.result.rotation == 90
    page = view.mapFromScene(view.page_scene.page_rect).boundingRect()
    assert page.width() > page.height()  # shown landscape
    # word boxes and rules are in unrotated space, and so is the picture under them
    view.set_zoom(1.5)
    view.render_picture()
    qtbot.waitUntil(lambda: not view.picture_pending, timeout=30000)  # pictures come from the picture worker
    assert _dark(_picture_pixel(window, 300, 200))
    window.layers.set_visible_layers(set())
    shot = view.viewport().grab().toImage()
    for x, y in ((300, 200), (100, 250), (220, 296)):  # points on the table's rules
        p = view.mapFromScene(QPointF(x, y))
        near = [shot.pixelColor(p.x() + dx, p.y() + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        assert any(_dark(c) for c in near), (x, y)
    p = view.mapFromScene(QPointF(300, 212))
    assert not _dark(shot.pixelColor(p.x(), p.y()))


def test_fit_and_zoom_rerender_sharper(opened: MainWindow, qtbot) -> None:
    view = opened.view
    view.fit_width()
    width_px = view.mapFromScene(view.page_scene.page_rect).boundingRect().width()
    # 24 px across, or less above 100 %: the page's scene margins (12 pt a side) must fit too,
    # else a horizontal scroll bar shows under a page fitted to the width
    vw = view.viewport().width()
    assert abs(width_px - min(vw - 24, (vw - 2) * 595 / (595 + 24))) <= 2
    assert not view.horizontalScrollBar().isVisible()
    dpi0 = view.page_scene.picture_dpi
    with qtbot.waitSignal(view.pictureRendered, timeout=5000) as sig:
        view.set_zoom(view.zoom * 3)
    assert sig.args[0] > dpi0 and view.page_scene.picture_dpi == sig.args[0]
    assert sig.args[0] >= 72 * view.zoom or sig.args[0] == pick_dpi(1e9, 595, 842)
    view.fit_page()
    shown = view.mapFromScene(view.page_scene.page_rect).boundingRect()
    assert shown.height() <= view.viewport().height() and shown.width() <= view.viewport().width()


def test_dpi_choice_and_cache_bound(table_pdf) -> None:
    assert pick_dpi(80, 595, 842) == 86
    assert pick_dpi(106, 595, 842) == 120  # a page fit to a usual window: not 144
    assert pick_dpi(30, 595, 842) == 36
    big = pick_dpi(5000, 595, 842)
    assert (big / 72) ** 2 * 595 * 842 <= MAX_PIXELS
    doc = open_document(table_pdf.path)
    cache = RenderCache(max_bytes=3 * 1024 * 1024)
    first = cache.get(1, doc.page(0), 100)
    assert cache.get(1, doc.page(0), 100) is first  # cached
    for dpi in (72, 144):
        cache.get(1, doc.page(1), dpi)
    assert cache.bytes <= cache.max_bytes or len(cache) == 1
    assert len(cache) < 3
    doc.close()


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_page_picture_is_the_unrotated_render_pixel_for_pixel(rotation: int) -> None:
    page = open_document(pdfs.rotated(rotation)[0]).page(0)
    expected = page.render_rgb(50)
    img = to_qimage(page.pixels(50))
    assert (img.height(), img.width()) == expected.shape[:2]
    h, w = expected.shape[:2]
    for y, x in [(0, 0), (h // 3, w // 2), (h - 1, w - 1), *((y, x) for y in range(0, h, 17) for x in range(0, w, 13))]:
        c = img.pixelColor(x, y)
        assert (c.red(), c.green(), c.blue()) == tuple(int(v) for v in expected[y, x]), (x, y)
    shown = to_qimage(page.pixels(50), displayed=True)
    assert (shown.width(), shown.height()) == ((w, h) if rotation in (0, 180) else (h, w))
    grey = page.render(50)
    g = to_qimage(page.pixels(50, grey=True))
    assert all(g.pixelColor(x, y).red() == grey[y, x] for y in range(0, h, 11) for x in range(0, w, 7))


def test_thumbnails_render_lazily(window: MainWindow, tmp_path: Path, qtbot, wait) -> None:
    path = tmp_path / "many.pdf"
    doc = pymupdf.open()
    for i in range(120):
        doc.new_page(width=300, height=400).insert_text((50, 50), f"page {i + 1}")
    doc.save(path)
    assert window.open_file(path)
    wait(window)
    model = window.thumbnails.thumbs
    assert model.rowCount() == 120
    qtbot.waitUntil(lambda: model.rendered() > 0, timeout=20000)
    qtbot.wait(200)
    assert model.rendered() < 30  # only what the strip has shown
    window.session.set_page(100)
    qtbot.waitUntil(lambda: model._thumbs.get(100) is not None, timeout=20000)


def test_cursor_position_in_points(opened: MainWindow, qtbot) -> None:
    view = opened.view
    pos = QPointF(view.mapFromScene(QPointF(250, 300)))
    move = QMouseEvent(QEvent.Type.MouseMove, pos, view.viewport().mapToGlobal(pos), Qt.MouseButton.NoButton,
                       Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(view.viewport(), move)
    text = opened.cursor_label.text()
    x, y = (float(t) for t in text.replace("x ", "").replace(" y ", "").replace(" pt", "").split(","))
    tol = 1.5 / view.zoom
    assert abs(x - 250) <= tol and abs(y - 300) <= tol


def test_ctrl_wheel_and_keys_zoom(opened: MainWindow) -> None:
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QWheelEvent
    view = opened.view
    z0 = view.zoom
    pos = QPointF(100, 100)
    wheel = QWheelEvent(pos, view.viewport().mapToGlobal(pos), QPoint(0, 0), QPoint(0, 120),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.ControlModifier, Qt.ScrollPhase.NoScrollPhase,
                        False)
    QApplication.sendEvent(view.viewport(), wheel)
    assert abs(view.zoom - z0 * 1.25) < 1e-6 and view.fit == ""
    plain = QWheelEvent(pos, view.viewport().mapToGlobal(pos), QPoint(0, 0), QPoint(0, -120),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), plain)
    assert abs(view.zoom - z0 * 1.25) < 1e-6  # a plain wheel scrolls, it does not zoom
    from PySide6.QtTest import QTest
    QTest.keyClick(view, Qt.Key.Key_Minus)
    assert abs(view.zoom - z0) < 1e-6


def test_open_and_goto_dialogs(window: MainWindow, table_pdf, monkeypatch, wait) -> None:
    from PySide6.QtWidgets import QFileDialog, QInputDialog
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(table_pdf.path), ""))
    window.open_dialog()
    assert window.session.path == str(table_pdf.path)
    wait(window)
    monkeypatch.setattr(QInputDialog, "getInt", lambda *a, **k: (2, True))
    window.goto_dialog()
    assert window.session.page_index == 1 and window.page_label.text() == "Page 2 / 2"


def test_a_landscape_thumbnail_is_centred_in_its_item(window: MainWindow, tmp_path: Path, qtbot, wait) -> None:
    """A landscape page's thumbnail fills its item's size with the picture in the middle (it
    was drawn at the item's top, the selection colour filling the rest like a second page)."""
    from PySide6.QtGui import QColor

    from inspector.gui.widgets.thumbnails import THUMB_H, THUMB_W

    path = tmp_path / "mixed.pdf"
    doc = pymupdf.open()
    doc.new_page(width=595, height=842)
    doc.new_page(width=842, height=595).draw_rect((0, 0, 842, 595), color=(0, 0, 0), fill=(0, 0, 0))
    doc.save(path)
    assert window.open_file(path)
    wait(window)
    window.session.set_page(1)
    model = window.thumbnails.thumbs
    qtbot.waitUntil(lambda: model._thumbs.get(1) is not None, timeout=20000)
    image = model._thumbs[1].toImage()
    assert (image.width(), image.height()) == (THUMB_W, THUMB_H)
    assert image.pixelColor(THUMB_W // 2, 2).alpha() == 0  # clear above the picture
    assert image.pixelColor(THUMB_W // 2, THUMB_H // 2) == QColor(0, 0, 0)  # the black page in the middle
    assert image.pixelColor(THUMB_W // 2, THUMB_H - 3).alpha() == 0  # and below it
