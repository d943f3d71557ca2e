"""Light text on dark bands on a scan: the band is reversed on the picture Tesseract reads
(``reading.darkbands``, ``ocr.reverse_bands``), so a header row in white on navy is read.
Pictures built with numpy, and a page drawn with PyMuPDF and rendered image-only."""

from __future__ import annotations

import numpy as np
import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.darkbands import reverse_dark_bands
from inspector.core.reading.document import open_document
from resources.make_samples import TableStyle, draw_table, finish, new_document
from tests.core.test_ocr import needs_tesseract

PAPER = 250


def banded_page() -> np.ndarray:
    """Paper with dark letters (40), a dark band (60) holding light letters (235), a black bar
    (20) with nothing in it and a noisy picture (grey spread 0-255) holding light specks."""
    rng = np.random.default_rng(3)
    img = np.full((400, 500), PAPER, np.uint8)
    for x in range(20, 120, 8):
        img[20:36, x:x + 3] = 40  # letters on paper, 16 px high
    img[80:160, 40:460] = 60  # the dark band
    for x in range(60, 400, 8):
        img[110:126, x:x + 3] = 235
    img[190:230, 40:460] = 20  # a black bar
    img[260:380, 40:460] = rng.integers(0, 256, (120, 420), dtype=np.uint8)  # a photograph
    return img


def test_a_dark_band_of_light_letters_is_reversed_to_dark_letters_on_paper() -> None:
    img = banded_page()
    got = reverse_dark_bands(img, 16)
    assert got.share > 0
    out = got.grey
    assert abs(int(out[95, 200]) - PAPER) <= 2  # the band's shade is paper
    assert int(out[118, 61]) <= 20  # its light letters are dark
    # Paper and its letters, the empty black bar and the picture are as they were.
    assert np.array_equal(out[:70], img[:70])
    assert np.array_equal(out[180:], img[180:])


def test_a_page_without_a_dark_band_of_text_is_returned_as_it_is() -> None:
    img = banded_page()
    img[80:160, 40:460] = PAPER
    got = reverse_dark_bands(img, 16)
    assert got.share == 0 and got.grey is img


def navy_header_scan() -> bytes:
    """An image-only A4 page: a ruled table whose header row is white 10 pt type on a dark fill,
    rendered at 200 dpi grey and saved as JPEG (as ``make_image_corpus`` scans a page)."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    rows = (("Region", "Units", "Share"), ("North", "1,204", "31.5"), ("South", "987", "25.8"),
            ("East", "1,130", "29.6"), ("West", "511", "13.1"))
    draw_table(page, 150.0, 150.0, rows, TableStyle(font_size=10.0, line_width=0.8, header_fill=50,
                                                     header_text=255))
    src = pymupdf.open(stream=finish(doc), filetype="pdf")
    pix = src[0].get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    out = pymupdf.open()
    out.new_page(width=595, height=842).insert_image(pymupdf.Rect(0, 0, 595, 842), stream=pix.tobytes("jpg", 90))
    return out.tobytes()


@needs_tesseract
def test_a_scanned_header_row_in_white_on_a_dark_fill_is_read() -> None:
    res = Pipeline(open_document(navy_header_scan())).run(0, Params())
    assert res.words_source == "ocr"
    rows = [t.rows_text() for t in res.tables]
    assert len(rows) == 1 and rows[0][0][1:] == ["Units", "Share"]
    assert "Region" in rows[0][0][0]  # the band's unreversed rim may stand before it
    assert rows[0][1:] == [["North", "1,204", "31.5"], ["South", "987", "25.8"], ["East", "1,130", "29.6"],
                           ["West", "511", "13.1"]]  # the body under the band is read as before
    assert any("(ocr.reverse_bands)" in n for n in res.notes)
    off = Pipeline(open_document(navy_header_scan())).run(0, Params().with_value("ocr.reverse_bands", False))
    assert not {"Region", "Units", "Share"} & {w.text for w in off.words}


def test_a_mid_grey_band_is_reversed_by_its_letters_polarity() -> None:
    # White letters on a band of half the paper's grey are reversed; dark letters on the same
    # grey are not (shading lifts that band to paper, ocr.shading).
    img = np.full((300, 500), PAPER, np.uint8)
    img[40:120, 40:460] = 125
    for x in range(60, 400, 8):
        img[70:86, x:x + 3] = 245
    img[180:260, 40:460] = 125
    for x in range(60, 400, 8):
        img[210:226, x:x + 3] = 20
    out = reverse_dark_bands(img, 16).grey
    assert abs(int(out[55, 200]) - PAPER) <= 2 and int(out[78, 61]) <= 20
    assert np.array_equal(out[150:], img[150:])
