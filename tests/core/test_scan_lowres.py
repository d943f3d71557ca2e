"""Low-resolution scans: a picture of fewer dpi than OCR reads best enlarged before OCR (word
boxes still in page points), and hairlines a black-and-white scan broke into steps erased from
the picture Tesseract reads as the one rule the raster stage joined them into. Pages built
here (PyMuPDF, numpy), exact expectations."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pymupdf
import pytest

from inspector.core.evidence.raster_groups import bridge
from inspector.core.evidence.rules_raster import find_raster_rules
from inspector.core.explain import explain
from inspector.core.params import OcrParams, Params, RasterParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.skew import letter_height
from inspector.core.scan import ocr_picture
from inspector.core.scan_clean import _erase_rules
from tests.core.test_ocr import needs_tesseract
from tests.core.test_scan_noise import RDPI, broken_rules_page

WORDS = (("Region", 72.0, 200.0), ("Units", 250.0, 200.0), ("Share", 400.0, 200.0),
         ("North", 72.0, 240.0), ("1204", 250.0, 240.0), ("31.5", 400.0, 240.0))
SCAN_DPI = 150


def low_res_scan(dpi: int = SCAN_DPI, black_white: bool = True) -> bytes:
    """An A4 image-only page: WORDS in 10 pt Helvetica (baselines at the given points) rendered
    black and white (grey unless ``black_white``) at ``dpi`` and placed as the page's only content."""
    src = pymupdf.open()
    page = src.new_page(width=595, height=842)
    for text, x, y in WORDS:
        page.insert_text((x, y), text, fontsize=10, fontname="helv")
    pix = page.get_pixmap(dpi=dpi, colorspace=pymupdf.csGRAY)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width]
    if black_white:
        img = np.where(img > 150, 255, 0).astype(np.uint8)
    out = pymupdf.open()
    new = out.new_page(width=595, height=842)
    new.insert_image(new.rect, stream=cv2.imencode(".png", img)[1].tobytes())
    return out.tobytes()


def test_a_low_res_scan_is_read_enlarged_until_its_letters_are_high_enough() -> None:
    page = open_document(low_res_scan()).page(0)
    own = ocr_picture(page, OcrParams(upscale_letters=0.0, upscale_bilevel=0.0), 0.0)
    assert (own.dpi, own.enlarged_from) == (SCAN_DPI, 0)
    letters = letter_height(own.grey)
    assert 10 <= letters <= 16  # 10 pt type at 150 dpi (capitals and digits mostly)
    pic = ocr_picture(page, OcrParams(upscale_letters=32.0), 0.0)
    assert (pic.dpi, pic.enlarged_from) == (round(SCAN_DPI * 32.0 / letters), SCAN_DPI)
    assert pic.grey.shape == pytest.approx((own.grey.shape[0] * pic.dpi / SCAN_DPI, own.grey.shape[1] * pic.dpi / SCAN_DPI),
                                           abs=1)
    assert letter_height(pic.grey) == pytest.approx(32, abs=2)
    # Letters high enough already, a scan finer than the OCR resolution, or one asked to be
    # read coarser than it: not enlarged.
    assert ocr_picture(page, OcrParams(upscale_letters=float(letters), upscale_bilevel=0.0), 0.0).dpi == SCAN_DPI
    fine = open_document(low_res_scan(300)).page(0)
    assert ocr_picture(fine, OcrParams(upscale_letters=32.0), 0.0).dpi == 200
    assert ocr_picture(page, OcrParams(dpi=100, upscale_letters=32.0), 0.0).dpi == 100


def test_a_black_and_white_scan_is_enlarged_by_default_and_a_grey_one_is_not() -> None:
    bw = open_document(low_res_scan()).page(0)
    pic = ocr_picture(bw, OcrParams(), 0.0)
    assert pic.enlarged_from == SCAN_DPI
    assert letter_height(pic.grey) == pytest.approx(OcrParams().upscale_bilevel, abs=2)
    assert ocr_picture(bw, OcrParams(upscale_bilevel=0.0), 0.0).enlarged_from == 0
    # The same page scanned in grey keeps its letters' grey edges: read at its own resolution.
    grey = open_document(low_res_scan(black_white=False)).page(0)
    assert ocr_picture(grey, OcrParams(), 0.0).enlarged_from == 0


@needs_tesseract
def test_a_black_and_white_scan_is_read_enlarged_and_explain_names_the_lever() -> None:
    res = Pipeline(open_document(low_res_scan())).run(0)
    assert res.words_source == "ocr"
    assert any("enlarged" in n and "ocr.upscale_bilevel" in n for n in res.notes), res.notes
    got = {w.text: w for w in res.words}
    for text, x, _y in WORDS:
        assert abs(got[text].bbox.x0 - x) <= 1.5, text


@needs_tesseract
def test_words_read_on_the_enlarged_picture_come_back_in_page_points() -> None:
    res = Pipeline(open_document(low_res_scan())).run(0, Params().with_value("ocr.upscale_letters", 32.0))
    assert res.words_source == "ocr"
    assert any("150 dpi picture was enlarged" in n and "ocr.upscale_letters" in n for n in res.notes), res.notes
    got = {w.text: w for w in res.words}
    for text, x, y in WORDS:
        w = got[text]
        assert abs(w.bbox.x0 - x) <= 1.5 and w.bbox.y0 < y < w.bbox.y1 + 1.0, (text, w.bbox)


def test_a_rule_broken_into_steps_is_erased_whole_from_the_ocr_picture() -> None:
    img = broken_rules_page()
    steps = dataclasses.replace(RasterParams(), hairline_gap=0.0)  # the steps' bridge alone
    out, notes = _erase_rules(img, RDPI, steps)
    assert not (out[298:304, 200:984] < 128).any()  # row 300: its pieces joined, all erased
    assert not (out[398:698, 598:604] < 128).any() and not (out[702:790, 598:604] < 128).any()  # x = 600
    assert (out[700:702, 200:1000] < 128).sum() > 500  # row 700: too far apart, no rule, kept
    assert notes and "raster.bridge_gap" in notes[0] and notes[0].startswith("2 rule(s)")
    # The runs' opening alone leaves the pieces (each shorter than a rule), as does bridging off.
    alone, none = _erase_rules(img, RDPI, None)
    assert (alone[300:302, 200:984] < 128).sum() > 500 and none == ()
    off, _ = _erase_rules(img, RDPI, dataclasses.replace(steps, bridge_gap=0.0))
    assert np.array_equal(off, alone)
    # As a hairline's dashes (a pixel thick), row 700's pieces are one rule too, erased whole.
    dashes, notes = _erase_rules(img, RDPI, RasterParams())
    assert not (dashes[698:704, 200:1000] < 128).any() and notes[0].startswith("3 rule(s)")


def test_a_joined_rule_counts_its_pieces() -> None:
    res = find_raster_rules(broken_rules_page(), RDPI, dataclasses.replace(RasterParams(), hairline_gap=0.0))
    assert sorted(r.pieces for r in res.rules) == [9, 18]
    assert all(r.pieces == 1 for r, _ in bridge([], 20.0, 5.0, 0.5))
    assert Params().raster.bridge_gap > 0


CELLS = (("Item", "Count", "Cost"), ("Pens", "12", "3.40"), ("Ink", "4", "9.10"), ("Paper", "30", "6.25"))
COLS_PT = (60.0, 180.0, 300.0, 420.0)  # the vertical rules' x
ROWS_PT = (100.0, 130.0, 160.0, 190.0, 220.0)  # the horizontal rules' y


def stepped_table_scan() -> bytes:
    """An image-only A4 page at 150 dpi, black and white: CELLS in 10 pt Helvetica inside a grid
    whose every rule is drawn as a scanner leaves a slightly skewed hairline once straightened,
    pieces of 36 px (17 pt, each shorter than a rule) stepping between two pixel rows, 8 px apart."""
    src = pymupdf.open()
    page = src.new_page(width=595, height=842)
    for r, row in enumerate(CELLS):
        for c, text in enumerate(row):
            page.insert_text((COLS_PT[c] + 8.0, ROWS_PT[r] + 20.0), text, fontsize=10, fontname="helv")
    pix = page.get_pixmap(dpi=RDPI, colorspace=pymupdf.csGRAY)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width]
    img = np.where(img > 150, 255, 0).astype(np.uint8)
    px = RDPI / 72.0
    x0, x1, y0, y1 = (int(v * px) for v in (COLS_PT[0], COLS_PT[-1], ROWS_PT[0], ROWS_PT[-1]))
    for y in ROWS_PT:
        for k, x in enumerate(range(x0, x1 - 36, 44)):
            img[int(y * px) + k % 2, x:x + 36] = 0
    for x in COLS_PT:
        for k, y in enumerate(range(y0, y1 - 36, 44)):
            img[y:y + 36, int(x * px) + k % 2] = 0
    out = pymupdf.open()
    new = out.new_page(width=595, height=842)
    new.insert_image(new.rect, stream=cv2.imencode(".png", img)[1].tobytes())
    return out.tobytes()


@needs_tesseract
def test_explain_names_the_bridge_gap_on_a_boundary_drawn_by_a_joined_rule() -> None:
    res = Pipeline(open_document(stepped_table_scan())).run(0)
    assert any(r.pieces > 1 for r in res.raster_rules)
    ruled = [t for t in res.tables if t.source == "ruled"]
    assert len(ruled) == 1 and ruled[0].rows_text() == [list(r) for r in CELLS]
    why = explain(res, Params()).tables[0]
    inner = [w for w in (*why.cols, *why.rows) if w.kept and "raster.bridge_gap" in w.params]
    assert len(inner) >= 4 and all("joined from" in w.decision for w in inner)
    # Without bridging no rule stands: no ruled table, nothing to name.
    no_bridge = Params().with_value("raster.bridge_gap", 0.0).with_value("raster.hairline_gap", 0.0)
    off = Pipeline(open_document(stepped_table_scan())).run(0, no_bridge)
    assert not any(t.source == "ruled" for t in off.tables)
