"""Scans nobody here made: a fax's or a copier's stray specks, and hairline rules broken into
steps by a black-and-white scanner. Pages built here (numpy / OpenCV), exact expectations;
the real Tesseract where OCR is part of what is tested."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pymupdf
import pytest

from inspector.core.evidence.rules_raster import find_raster_rules
from inspector.core.params import Params, RasterParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.skew import remove_specks
from resources.make_samples import TableStyle, draw_table, finish, new_document
from tests.core.test_ocr import needs_tesseract

PAPER = 250


def speckled_page() -> tuple[np.ndarray, list[tuple[int, int]]]:
    """A 200 dpi page: one letter-sized blob, a full stop of small print (2 x 2 px), a speck
    touching the letter, and lone specks of one and two pixels; with the lone specks' pixels."""
    img = np.full((120, 160), PAPER, np.uint8)
    img[40:54, 20:30] = 20  # a letter
    img[54, 30] = 0  # a speck touching it: part of the letter
    img[52:54, 40:42] = 30  # a full stop
    lone = [(10, 100), (80, 60), (80, 61), (100, 150)]  # (row, col); the middle two are one speck
    for y, x in lone:
        img[y, x] = 0
    return img, lone


def test_lone_specks_take_the_paper_and_letters_and_full_stops_stay() -> None:
    img, lone = speckled_page()
    out = remove_specks(img, 200, 0.5)
    want = img.copy()
    for y, x in lone:
        want[y, x] = PAPER
    assert np.array_equal(out, want)


def test_a_page_without_specks_is_left_alone_and_the_limit_follows_the_resolution() -> None:
    img, lone = speckled_page()
    clean = img.copy()
    for y, x in lone:
        clean[y, x] = PAPER
    assert remove_specks(clean, 200, 0.5) is clean
    # At 100 dpi a pixel is 0.72 pt: the full stop's 4 pixels are above the limit of 1.
    assert np.array_equal(remove_specks(img, 100, 0.5)[52:54, 40:42], img[52:54, 40:42])


def test_a_lone_pixel_barely_darker_than_the_threshold_stays() -> None:
    # A heavy JPEG's ringing leaves such pixels in and around letters: they are not dust.
    img, _ = speckled_page()
    level = int(cv2.threshold(img, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)[0])
    img[20, 120] = level - 1
    assert int(cv2.threshold(img, 0, 255, cv2.THRESH_BINARY_INV + cv2.THRESH_OTSU)[0]) == level
    assert remove_specks(img, 200, 0.5)[20, 120] == level - 1


ROWS = (("Region", "Units", "Share"),
        ("North", "1,204", "31.5"),
        ("South", "987", "25.8"),
        ("East", "1,130", "29.6"),
        ("West", "511", "13.1"))


def noisy_scan(share: float, seed: int = 3) -> bytes:
    """An image-only page: a ruled table in 9 pt type rendered at 200 dpi grey, with ``share``
    of its pixels turned black at random (a fax's stray pixels)."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    draw_table(page, 90.0, 150.0, ROWS, TableStyle(font_size=9.0, line_width=0.8, bold_header=False))
    src = pymupdf.open(stream=finish(doc), filetype="pdf")
    pix = src[0].get_pixmap(dpi=200, colorspace=pymupdf.csGRAY)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width].copy()
    rng = np.random.default_rng(seed)
    img[rng.random(img.shape) < share] = 0
    out = pymupdf.open()
    new = out.new_page(width=595, height=842)
    new.insert_image(new.rect, stream=cv2.imencode(".png", img)[1].tobytes())
    return out.tobytes()


@needs_tesseract
def test_a_speckled_scan_reads_its_table_without_the_specks() -> None:
    pdf = noisy_scan(0.004)
    res = Pipeline(open_document(pdf)).run(0)
    assert res.words_source == "ocr"
    ruled = [t for t in res.tables if t.source == "ruled"]
    assert len(ruled) == 1 and ruled[0].rows_text() == [list(r) for r in ROWS]
    raw = Pipeline(open_document(pdf)).run(0, Params().with_value("ocr.specks", 0.0))
    assert [t.rows_text() for t in raw.tables if t.source == "ruled"] != [[list(r) for r in ROWS]]


RDPI = 150  # the raster rules' render resolution
PT = 72.0 / RDPI


def broken_rules_page() -> np.ndarray:
    """A 150 dpi black-and-white page (A4) with hairlines drawn in pieces, as a bilevel scanner
    leaves a slightly skewed one once straightened: pieces of 36 px (17.3 pt, each under the
    20 pt a rule needs), 1 px thick, alternating between two rows (or columns). Row 300 and
    column 600: gaps of 8 px (3.8 pt); row 700: gaps of 14 px (6.7 pt, too far apart)."""
    img = np.full((1754, 1240), 255, np.uint8)
    for row, gap in ((300, 8), (700, 14)):
        for k, x in enumerate(range(200, 1000 - 36, 36 + gap)):
            img[row + k % 2, x:x + 36] = 0
    for k, y in enumerate(range(400, 800 - 36, 36 + 8)):  # a vertical: x = 600
        img[y:y + 36, 600 + k % 2] = 0
    return img


def test_a_rule_broken_into_short_pieces_is_one_rule() -> None:
    img = broken_rules_page()
    steps = dataclasses.replace(RasterParams(), hairline_gap=0.0)  # the steps' bridge alone
    res = find_raster_rules(img, RDPI, steps)
    hs = sorted((r for r in res.rules if r.orient == "h"), key=lambda r: r.pos)
    vs = [r for r in res.rules if r.orient == "v"]
    assert len(hs) == 1 and len(vs) == 1, res.rules
    last = 948 + 36  # the last piece of range(200, 964, 44) ends here (px)
    assert hs[0].pos == pytest.approx(300.5 * PT, abs=0.5)
    assert (hs[0].start, hs[0].end) == pytest.approx((200 * PT, last * PT), abs=0.5)
    assert vs[0].pos == pytest.approx(601 * PT, abs=0.5)
    assert vs[0].start == pytest.approx(400 * PT, abs=0.5)
    # Without bridging every piece is too short: no rule at all.
    off = find_raster_rules(img, RDPI, dataclasses.replace(steps, bridge_gap=0.0))
    assert off.rules == ()
    assert sum(r.reason.startswith("too short") for r in off.rejected) > 40
    # Row 700's pieces are a pixel thick: as a hairline's dashes they bridge its wider gaps.
    both = sorted((r for r in find_raster_rules(img, RDPI, RasterParams()).rules if r.orient == "h"),
                  key=lambda r: r.pos)
    assert [round(r.pos) for r in both] == [round(300.5 * PT), round(700.5 * PT)]
    assert both[1].pieces == len(range(200, 964, 50))


def test_pieces_under_a_line_of_glyphs_are_not_bridged() -> None:
    # The same pieces with glyph stems standing on each (a text line's serifs and bottoms).
    img = np.full((600, 1240), 255, np.uint8)
    for x in range(200, 964, 44):
        img[300, x:x + 36] = 0
        for s in range(x + 2, x + 34, 6):
            img[288:300, s:s + 2] = 0  # stems 12 px tall, 2 px wide, every 6 px
    res = find_raster_rules(img, RDPI, RasterParams())
    assert [r for r in res.rules if r.orient == "h"] == []


def fax_of_small_print() -> bytes:
    """An image-only page: the ruled table in 7 pt type rendered at 150 dpi and thresholded to
    black and white (at 110 of 255, a light fax), so its decimal points are lone pixels."""
    doc = new_document()
    page = doc.new_page(width=595, height=842)
    draw_table(page, 100.0, 150.0, ROWS, TableStyle(font_size=7.0, line_width=0.8, bold_header=False))
    src = pymupdf.open(stream=finish(doc), filetype="pdf")
    pix = src[0].get_pixmap(dpi=150, colorspace=pymupdf.csGRAY)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width]
    img = np.where(img > 110, 255, 0).astype(np.uint8)
    out = pymupdf.open()
    out.new_page(width=595, height=842).insert_image(pymupdf.Rect(0, 0, 595, 842),
                                                     stream=cv2.imencode(".png", img)[1].tobytes())
    return out.tobytes()


def test_a_decimal_point_of_one_pixel_is_no_speck() -> None:
    # Three of the points are a lone pixel each on the digits' baseline, between two digits.
    img = np.full((120, 80), PAPER, np.uint8)
    img[20:30, 10:16] = 0
    img[20:30, 20:26] = 0  # two digits 10 px high, a gap of 4 px
    img[29, 18] = 0  # a point on their baseline between them
    img[10, 18] = 0  # dust above the line
    img[50, 60] = 0  # dust on paper
    kept = remove_specks(img, 150, 0.5, points=True)
    assert kept[29, 18] == 0 and kept[10, 18] == PAPER and kept[50, 60] == PAPER
    assert remove_specks(img, 150, 0.5)[29, 18] == PAPER  # without: painted out with the dust


@needs_tesseract
def test_a_fax_keeps_its_decimal_points() -> None:
    pdf = fax_of_small_print()
    own = Params().with_value("ocr.upscale_bilevel", 0.0)  # read at the fax's own pixels: the points alone
    res = Pipeline(open_document(pdf)).run(0, own)
    assert res.words_source == "ocr" and len(res.tables) == 1
    share = [row[2] for row in res.tables[0].rows_text()]
    assert share[2:] == ["25.8", "29.6", "13.1"]
    assert any("ocr.speck_points" in n for n in res.notes)
    off = Pipeline(open_document(pdf)).run(0, own.with_value("ocr.speck_points", False))
    assert not any("." in row[2] for row in off.tables[0].rows_text()[2:])


@needs_tesseract
def test_one_pipeline_reads_the_fax_again_when_its_points_setting_changes() -> None:
    # The OCR stage's cache key holds ocr.speck_points: a window that turns it off re-reads the page.
    pipe = Pipeline(open_document(fax_of_small_print()))
    own = Params().with_value("ocr.upscale_bilevel", 0.0)
    kept = pipe.run(0, own)
    assert [row[2] for row in kept.tables[0].rows_text()][2:] == ["25.8", "29.6", "13.1"]
    off = pipe.run(0, own.with_value("ocr.speck_points", False))
    assert not any("." in row[2] for row in off.tables[0].rows_text()[2:])
