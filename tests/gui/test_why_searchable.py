"""A searchable scan in the window (issue 25): the Why tab's page notes say the words are someone
else's invisible OCR layer over the page's picture and name the setting that reads the picture
with this tool's OCR instead. Real keys and clicks on a page built here: a ruled table rendered to
a 150 dpi picture, level, with its words drawn over it invisible (render mode 3)."""

from __future__ import annotations

import pymupdf
from conftest import wait_result
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest

ROWS = (("Item", "Count"), ("Apples", "120"), ("Pears", "80"), ("Total", "200"))


def _pdf() -> bytes:
    src = pymupdf.open()
    page = src.new_page(width=400, height=300)
    for r, row in enumerate(ROWS):
        for c, text in enumerate(row):
            page.insert_text((60 + 140 * c, 80 + 25 * r), text, fontsize=11)
    for y in (62, 87, 112, 137, 162):
        page.draw_line((50, y), (330, y), width=0.8)
    picture = page.get_pixmap(dpi=150).tobytes("png")
    out = pymupdf.open()
    scan = out.new_page(width=400, height=300)
    scan.insert_image(scan.rect, stream=picture)
    for r, row in enumerate(ROWS):
        for c, text in enumerate(row):
            scan.insert_text((60 + 140 * c, 80 + 25 * r), text, fontsize=11, render_mode=3)
    return out.tobytes()


def test_why_says_the_words_are_an_ocr_layer_and_names_the_setting(qtbot, window, tmp_path) -> None:
    pdf = tmp_path / "searchable.pdf"
    pdf.write_bytes(_pdf())
    assert window.open_file(pdf)
    wait_result(qtbot, window)
    assert window.session.result.words_source == "text"  # the layer's words are read
    window.view.set_zoom(2.0)
    window.view.centerOn(150, 110)
    window.activateWindow()
    QTest.keyClick(window.view, Qt.Key.Key_Y)  # Table > Why…
    assert window.why.active
    QTest.qWait(300)  # a person finds the spot
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=window.view.mapFromScene(QPointF(130, 100)))
    panel = window.why.panel
    assert panel is not None
    qtbot.waitUntil(lambda: panel.page_notes.isVisible(), timeout=20000)
    (note,) = panel.page_notes.text().splitlines()
    assert note.startswith("ℹ the words are an invisible OCR text layer over the page's picture (a searchable scan)")
    assert note.endswith("ocr.mode=always reads the picture with this tool's OCR instead of the layer")
