"""A scan's lost decimal points: a blurred or coarse scan leaves a point a faint speck and
Tesseract reads "162.4" as "1624". A number of a column whose numbers above and below write
their points in one place, as wide as they are (the point's room is there), is read with them.
Pages built here (PyMuPDF, numpy), exact expectations; the real Tesseract where OCR is part of
what is tested."""

from __future__ import annotations

import cv2
import numpy as np
import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.ocr_points import restore_points, shape
from inspector.core.types import Rect, Word
from tests.core._scan_pdfs import scanned
from tests.core.test_ocr import needs_tesseract

DIGIT = 5.0  # pt: a digit's advance in the words below (10 pt type); a point is half of it


def num(text: str, y: float, right: float = 200.0, lost: int = 0) -> Word:
    """A number of 10 pt type ending at ``right``: as wide as its characters and points, and
    the room of ``lost`` points the scan lost; its top at ``y``."""
    pts = text.count(".")
    width = DIGIT * (len(text) - pts) + DIGIT / 2 * (pts + lost)
    return Word(text, Rect(right - width, y, right, y + 10.0), 10.0)


def fixed(ws: list[Word], min_like: int = 2) -> list[str]:
    return [w.text for w in restore_points(ws, [w.bbox for w in ws], min_like)[0]]


def test_shape_keeps_its_points_places_and_reads_dashes_alike() -> None:
    assert shape("(164.6\u2013171.0)") == ("(dddd-dddd)", frozenset({4, 9}))
    assert shape("1,144") == ("d,ddd", frozenset())
    assert shape("53.3.") == ("ddd.", frozenset({2}))  # a trailing full stop is no decimal point


def test_a_number_between_pointed_numbers_of_its_column_gets_its_point() -> None:
    col = [num("167.8", 100), num("1624", 112, lost=1), num("160.1", 124), num("158.7", 136)]
    assert fixed(col) == ["167.8", "162.4", "160.1", "158.7"]
    assert restore_points(col, [w.bbox for w in col], 2)[1] == 1
    assert fixed(col, 0) == ["167.8", "1624", "160.1", "158.7"]  # off
    assert fixed(col, 4) == ["167.8", "1624", "160.1", "158.7"]  # three alike are not four
    ranges = [num("(164.6-171.0)", 100), num("(1555-1693)", 112, lost=2), num("(142.4-151.1)", 124),
              num("(1424-151.1)", 136, lost=1), num("(155.7\u2013164.5)", 148)]
    assert fixed(ranges) == ["(164.6-171.0)", "(155.5-169.3)", "(142.4-151.1)", "(142.4-151.1)",
                             "(155.7\u2013164.5)"]


def test_printed_integers_a_head_a_foot_and_a_far_column_keep_their_text() -> None:
    # Narrower by the point's room: printed without one (a count among rates).
    narrow = [num("167.8", 100), num("1624", 112), num("160.1", 124)]
    assert fixed(narrow) == ["167.8", "1624", "160.1"]
    # A year over amounts, a total under them: a column's head and foot are written their own way.
    head = [num("2019", 88), num("20.17", 100), num("69.75", 112), num("22.09", 124)]
    assert fixed(head) == ["2019", "20.17", "69.75", "22.09"]
    foot = [num("0.07", 100), num("0.96", 112), num("0.67", 124), num("352", 136)]
    assert fixed(foot) == ["0.07", "0.96", "0.67", "352"]
    far = [num("167.8", 100), num("1624", 300, lost=1), num("160.1", 500)]
    assert fixed(far) == ["167.8", "1624", "160.1"]


def test_a_column_pointing_one_shape_two_ways_or_full_of_printed_integers_is_left_alone() -> None:
    two_ways = [num("16.78", 100), num("1624", 112, lost=1), num("160.1", 124), num("1.601", 136)]
    assert fixed(two_ways) == ["16.78", "1624", "160.1", "1.601"]
    counts = [num("1678", 88), num("167.8", 100), num("1624", 112, lost=1), num("160.1", 124),
              num("1587", 136)]
    assert fixed(counts) == ["1678", "167.8", "1624", "160.1", "1587"]  # two printed so for two pointed


ROWS = (("State", "Rate"), ("Ohio", "167.8"), ("Iowa", "162.4"), ("Utah", "160.1"), ("Maine", "158.7"),
        ("Idaho", "157.3"))
FAINT = 0.85  # the grey of the lost point: with the blur, a speck Tesseract drops
BLUR = 1.0  # px: the scan's blur (sigma) at 200 dpi


def faint_points_scan() -> bytes:
    """An image-only page, 200 dpi grey, blurred: a column of rates whose third row's decimal
    point the scan left a faint speck (its room kept)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    font = pymupdf.Font("tiro")
    for i, (label, value) in enumerate(ROWS):
        y = 150.0 + 20.0 * i
        page.insert_text((100, y), label, fontsize=11, fontname="tiro")
        x = 260.0 - font.text_length(value, 11)
        grey = FAINT if value == "162.4" else 0.0
        for ch in value:  # glyph by glyph: the point can be faint on its own
            page.insert_text((x, y), ch, fontsize=11, fontname="tiro", color=(grey,) * 3 if ch == "." else (0, 0, 0))
            x += font.text_length(ch, 11)
    return scanned(doc[0], degrade=lambda img: cv2.GaussianBlur(img, (0, 0), BLUR))


@needs_tesseract
def test_a_scanned_column_reads_its_lost_point_and_explain_says_so() -> None:
    pdf = faint_points_scan()
    column = Params().with_value("ocr.point_gaps", 0)  # the column's evidence alone (the point's room: below)
    off = Pipeline(open_document(pdf)).run(0, column.with_value("ocr.decimal_points", 0))
    assert off.words_source == "ocr"
    assert "1624" in [w.text for w in off.words]  # the scan lost the point
    assert not any("ocr.decimal_points" in n for n in off.notes)
    res = Pipeline(open_document(pdf)).run(0, column)
    got = [w.text for w in res.words if w.bbox.x0 > 200]
    assert got == ["Rate", "167.8", "162.4", "160.1", "158.7", "157.3"]
    assert any("ocr.decimal_points" in n and "1 number(s)" in n for n in res.notes), res.notes
    # The room the point left between the digits (ocr.point_gaps) is read on black-and-white
    # scans only: this grey scan keeps the point's ink, and its column says it by default.
    both = Pipeline(open_document(pdf)).run(0)
    assert [w.text for w in both.words if w.bbox.x0 > 200] == got
    assert not any("ocr.point_gaps" in n for n in both.notes), both.notes


# --- thousands commas the scan lost -----------------------------------------------------------

def comma_num(text: str, y: float, lost: int = 0) -> Word:
    """A number of 10 pt type ending at x 200 whose commas take half a digit's room each, and
    the room of ``lost`` commas the scan lost."""
    commas = text.count(",")
    width = DIGIT * (len(text) - commas) + DIGIT / 2 * (commas + lost)
    return Word(text, Rect(200.0 - width, y, 200.0, y + 10.0), 10.0)


def commas_fixed(ws: list[Word], min_like: int = 2) -> list[str]:
    return [w.text for w in restore_points(ws, [w.bbox for w in ws], min_like, ",")[0]]


def test_shape_by_commas_keeps_the_points_as_they_are() -> None:
    assert shape("1,234.5", ",") == ("dddd.d", frozenset({1}))
    assert shape("12,345,678", ",") == ("dddddddd", frozenset({2, 5}))
    assert shape("3,", ",") == ("d,", frozenset())  # a trailing comma separates no digit group


def test_a_number_between_comma_grouped_numbers_of_its_column_gets_its_commas() -> None:
    col = [comma_num("4,085", 100), comma_num("4179", 112, lost=1), comma_num("4,229", 124),
           comma_num("4,300", 136)]
    assert commas_fixed(col) == ["4,085", "4,179", "4,229", "4,300"]
    assert commas_fixed(col, 0) == ["4,085", "4179", "4,229", "4,300"]  # off
    big = [comma_num("12,345,678", 100), comma_num("12345678", 112, lost=2), comma_num("11,000,001", 124)]
    assert commas_fixed(big) == ["12,345,678", "12,345,678", "11,000,001"]
    # The decimal-point rule leaves a comma-grouped column alone: its numbers hold no point.
    assert fixed(col) == ["4,085", "4179", "4,229", "4,300"]


def test_a_printed_year_or_count_keeps_its_digits() -> None:
    # As narrow as four digits: printed without a comma (a year among amounts, a count).
    narrow = [comma_num("4,085", 100), comma_num("2011", 112), comma_num("4,229", 124)]
    assert commas_fixed(narrow) == ["4,085", "2011", "4,229"]
    head = [comma_num("2011", 88), comma_num("4,085", 100), comma_num("4,229", 112)]
    assert commas_fixed(head) == ["2011", "4,085", "4,229"]
    # A column that writes its four-digit numbers both ways as often: no rule to restore.
    mixed = [comma_num("1678", 88), comma_num("4,085", 100), comma_num("4179", 112, lost=1),
             comma_num("4,229", 124), comma_num("1587", 136)]
    assert commas_fixed(mixed) == ["1678", "4,085", "4179", "4,229", "1587"]


AMOUNTS = (("Region", "Cost"), ("North", "4,085"), ("South", "4,179"), ("East", "4,229"), ("West", "4,300"),
           ("Coast", "4,512"))


def lost_comma_scan() -> bytes:
    """An image-only page, 150 dpi black and white (a fax): a column of amounts whose third
    row's comma the scan left no ink of (its room kept)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    font = pymupdf.Font("helv")
    for i, (label, value) in enumerate(AMOUNTS):
        y = 150.0 + 20.0 * i
        page.insert_text((100, y), label, fontsize=11, fontname="helv")
        x = 260.0 - font.text_length(value, 11)
        for ch in value:  # glyph by glyph: the lost comma is drawn white, keeping its room
            white = value == "4,179" and ch == ","
            page.insert_text((x, y), ch, fontsize=11, fontname="helv", color=(1, 1, 1) if white else (0, 0, 0))
            x += font.text_length(ch, 11)
    pix = doc[0].get_pixmap(dpi=150, colorspace=pymupdf.csGRAY)
    img = np.frombuffer(pix.samples, np.uint8).reshape(pix.height, pix.stride)[:, : pix.width]
    img = np.where(img < 160, 0, 255).astype(np.uint8)
    out = pymupdf.open()
    out.new_page(width=595, height=842).insert_image(pymupdf.Rect(0, 0, 595, 842),
                                                     stream=cv2.imencode(".png", img)[1].tobytes())
    return out.tobytes()


@needs_tesseract
def test_a_scanned_column_reads_its_lost_comma_and_explain_says_so() -> None:
    pdf = lost_comma_scan()
    column = Params().with_value("ocr.point_gaps", 0)  # the column's evidence alone (the comma's room: below)
    off = Pipeline(open_document(pdf)).run(0, column.with_value("ocr.lost_commas", 0))
    assert off.words_source == "ocr"
    assert "4179" in [w.text for w in off.words]  # the scan lost the comma
    assert not any("ocr.lost_commas" in n for n in off.notes)
    res = Pipeline(open_document(pdf)).run(0, column)
    got = [w.text for w in res.words if w.bbox.x0 > 200]
    assert got == ["Cost", "4,085", "4,179", "4,229", "4,300", "4,512"]
    assert any("ocr.lost_commas" in n and "1 number(s)" in n for n in res.notes), res.notes
    # By default the room the comma left between the digits says it first (test_scan_point_gaps).
    both = Pipeline(open_document(pdf)).run(0)
    assert [w.text for w in both.words if w.bbox.x0 > 200] == got
    assert any("ocr.point_gaps" in n and "1 number(s)" in n for n in both.notes), both.notes
