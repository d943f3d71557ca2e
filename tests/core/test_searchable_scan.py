"""A searchable scan (a tilted page picture with its words laid over it invisible, as copiers,
ABBYY and OCRmyPDF write them) is straightened before its picture's rules meet its words."""

from __future__ import annotations

import dataclasses
import math

import cv2
import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.ocrlayer import ocr_layer
from tests.core._scan_pdfs import A4, grey_render

ROWS = (("Item", "Count", "Share"), ("Apples", "120", "30"), ("Pears", "80", "20"), ("Plums", "160", "40"),
        ("Figs", "40", "10"), ("Total", "400", "100"))
X = (40.0, 300.0, 420.0, 555.0)  # column rules (pt): a 515 pt table, its ends 13 pt apart tilted
TOP, PITCH = 200.0, 14.0  # the first rule and the row pitch (pt): 2 pt of padding above and below a line
SKEW = 1.5  # degrees the scanner tilted the page


def _table(page: pymupdf.Page) -> list[tuple[float, float, str]]:
    """Draw the ruled table on ``page``; its words' baseline starts (x, y pt) and texts."""
    ys = [TOP + i * PITCH for i in range(len(ROWS) + 1)]
    for y in ys:
        page.draw_line((X[0], y), (X[-1], y), width=0.8)
    for x in X:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.8)
    out = [(X[0], 100.0 + i * 12.0, f"Prose line {i} above the table, set across the page as a report is.")
           for i in range(6)]  # the text lines the scan's tilt is measured on
    for x, y, text in out:
        page.insert_text((x, y), text, fontsize=10)
    for r, row in enumerate(ROWS):
        for c, text in enumerate(row):
            at = (X[c] + 4, ys[r] + 13)
            page.insert_text(at, text, fontsize=10)
            out.append((*at, text))
    return out


def _tilted(x: float, y: float) -> tuple[float, float]:
    """Where page point (x, y) lands on the picture turned SKEW degrees about the page centre
    (OpenCV's ``getRotationMatrix2D``: counter-clockwise on the picture)."""
    a = math.radians(SKEW)
    dx, dy = x - A4[0] / 2, y - A4[1] / 2
    return A4[0] / 2 + math.cos(a) * dx + math.sin(a) * dy, A4[1] / 2 - math.sin(a) * dx + math.cos(a) * dy


def _searchable(layer: bool = True) -> bytes:
    """The table's page rendered at 150 dpi, tilted SKEW degrees, as the page's picture; over it
    (``layer``) each word drawn invisible (render mode 3) where the tilted picture shows it."""
    src = pymupdf.open()
    words = _table(src.new_page(width=A4[0], height=A4[1]))
    img = grey_render(src[0], 150)
    h, w = img.shape
    m = cv2.getRotationMatrix2D((w / 2, h / 2), SKEW, 1.0)
    img = cv2.warpAffine(img, m, (w, h), flags=cv2.INTER_LINEAR, borderValue=255)
    out = pymupdf.open()
    page = out.new_page(width=A4[0], height=A4[1])
    page.insert_image(page.rect, stream=cv2.imencode(".png", img)[1].tobytes())
    for x, y, text in words if layer else ():
        page.insert_text(_tilted(x, y), text, fontsize=10, render_mode=3)
    return out.tobytes()


def _cells(params: Params | None = None) -> tuple[tuple[str, ...], ...]:
    res = Pipeline(open_document(_searchable())).run(0, params)
    assert len(res.tables) == 1
    return tuple(tuple(" ".join(c.split()) for c in row) for row in res.tables[0].rows_text())


def test_an_invisible_layer_over_a_page_picture_is_a_searchable_scan() -> None:
    assert ocr_layer(open_document(_searchable()).page(0))
    assert not ocr_layer(open_document(_searchable(layer=False)).page(0))  # a picture and no text


def test_a_searchable_scan_is_straightened_and_its_ruled_rows_stay_apart() -> None:
    res = Pipeline(open_document(_searchable())).run(0)
    assert res.words_source == "text"  # the layer's words, not OCR's
    assert abs(res.skew + SKEW) < 0.1  # straightened back by the tilt
    assert any("invisible OCR text layer" in n and "ocr.deskew" in n and "ocr.mode=always" in n for n in res.notes)
    assert _cells() == ROWS


def test_unstraightened_the_tilted_rules_run_through_the_rows() -> None:
    # ocr.deskew off: the rules found tilted on the picture cut across the level words.
    p = Params()
    # The picture's left end lies about 7 pt lower than its middle: each label falls in the row below.
    assert _cells(dataclasses.replace(p, ocr=dataclasses.replace(p.ocr, deskew=False))) == (
        ("", "Count", "Share"), ("Item", "120", "30"), ("Apples", "80", "20"), ("Pears", "160", "40"),
        ("Plums", "40", "10"), ("Figs", "400", "100"), ("Total", "", ""))


def test_the_notes_lever_reads_the_picture_with_this_tools_ocr() -> None:
    # The note offers ocr.mode=always: set, the picture is OCR read and the layer left.
    p = Params()
    p = dataclasses.replace(p, ocr=dataclasses.replace(p.ocr, mode="always"))
    res = Pipeline(open_document(_searchable())).run(0, p)
    assert res.words_source == "ocr"
    assert not any("invisible OCR text layer" in n for n in res.notes)
    assert {"Item", "Count", "Pears", "Total"} <= {w.text for w in res.words}  # Tesseract read the picture
