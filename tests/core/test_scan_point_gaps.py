"""A decimal point or thousands comma a coarse scan lost, read from the room it left: tables set
their digits one advance apart, and the mark adds half an advance where its ink is gone
("193 5" read "1935" is 193.5, "39 385" read "39385" is 39,385). Glyph boxes built here with
exact expectations; a page built with PyMuPDF, scanned at 150 dpi black and white, read by the
real Tesseract."""

from __future__ import annotations

import numpy as np
import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.ocr_gaps import gap_mark, page_marks
from inspector.core.reading.ocr_glyphs import Glyph
from inspector.core.types import Rect, Word
from tests.core._scan_pdfs import scanned
from tests.core.test_ocr import needs_tesseract

ADVANCE = 16  # px: a digit's advance in the glyphs below; a lost point or comma adds half of it


def glyphs(text: str, lost_after: int = -1, start: int = 100) -> list[Glyph]:
    """``text``'s characters as Tesseract boxes them: digits 10 px wide, 22 px tall, one
    ADVANCE apart; half an ADVANCE more after character ``lost_after`` (a mark whose ink is gone)."""
    out, x = [], start
    for i, ch in enumerate(text):
        width = 10 if ch.isdigit() else 5
        out.append(Glyph(ch, (x, 50, x + width, 72)))
        x += (ADVANCE if ch.isdigit() else ADVANCE // 2) + (ADVANCE // 2 if i == lost_after else 0)
    return out


def test_one_wide_step_is_a_point_before_one_or_two_digits_and_a_comma_before_three() -> None:
    assert gap_mark("1935", glyphs("1935", lost_after=2), 1.3) == "193.5"
    assert gap_mark("2954", glyphs("2954", lost_after=1), 1.3) == "29.54"
    assert gap_mark("297", glyphs("297", lost_after=1), 1.3) == "29.7"
    assert gap_mark("39385", glyphs("39385", lost_after=1), 1.3) == "39,385"
    assert gap_mark("(1822", glyphs("(1822", lost_after=3), 1.3) == "(182.2"
    assert gap_mark("5651)", glyphs("5651)", lost_after=2), 1.3) == "565.1)"
    assert gap_mark("123456", glyphs("123456", lost_after=2), 1.3) == "123,456"
    # A thousands comma has at most three digits before it: "1234,567" is no number, kept as read.
    assert gap_mark("1234567", glyphs("1234567", lost_after=3), 1.3) == "1234567"


def test_evenly_set_digits_two_wide_steps_a_space_and_other_words_keep_their_text() -> None:
    assert gap_mark("1935", glyphs("1935"), 1.3) == "1935"  # printed so: no room for a mark
    assert gap_mark("1935", glyphs("1935", lost_after=2), 0.0) == "1935"  # off
    assert gap_mark("1935", glyphs("1935", lost_after=2), 1.6) == "1935"  # half an advance is not 0.6
    assert gap_mark("12", glyphs("12", lost_after=0), 1.3) == "12"  # one step: nothing to compare
    assert gap_mark("1234", glyphs("1234", lost_after=0), 1.3) == "1,234"  # three digits after: a comma
    assert gap_mark("123456", glyphs("123456", lost_after=0), 1.3) == "123456"  # five after: neither
    two = glyphs("1234567", lost_after=0)
    two[4:] = [Glyph(g.text, (g.box[0] + 8, g.box[1], g.box[2] + 8, g.box[3])) for g in two[4:]]
    assert gap_mark("1234567", two, 1.3) == "1234567"  # two marks lost: no single point
    spaced = glyphs("1935")
    spaced[3:] = [Glyph(g.text, (g.box[0] + 20, g.box[1], g.box[2] + 20, g.box[3])) for g in spaced[3:]]
    assert gap_mark("1935", spaced, 1.3) == "1935"  # over twice the advance: a space Tesseract missed
    assert gap_mark("19.35", glyphs("19.35"), 1.3) == "19.35"  # a point read: nothing lost
    assert gap_mark("193a", glyphs("193a", lost_after=2), 1.3) == "193a"  # a word, not a number
    assert gap_mark("1935", glyphs("193", lost_after=2), 1.3) == "1935"  # glyphs that do not spell it
    merged = glyphs("1935", lost_after=2)
    merged[1] = Glyph("9", (merged[1].box[0], 50, merged[1].box[0] + 24, 72))
    assert gap_mark("1935", merged, 1.3) == "1935"  # a box over two glyphs: its place says nothing


def page(*texts: str) -> list[Word]:
    return [Word(t, Rect(100.0, 20.0 * i, 130.0, 20.0 * i + 10.0), 10.0) for i, t in enumerate(texts)]


def test_a_mark_is_kept_only_where_the_page_writes_it_so() -> None:
    # Words 0 and 1 were given a mark by the room their digits left; the others were read as they are.
    words = page("193.5", "39,385", "160.1", "6,930")
    assert [w.text for w in page_marks(words, [0, 1])[0]] == ["193.5", "39,385", "160.1", "6,930"]
    assert page_marks(words, [0, 1])[1] == 2
    no_points = page("193.5", "39,385", "1601", "6,930")  # no number read with a point: a year's gap
    assert [w.text for w in page_marks(no_points, [0, 1])[0]] == ["1935", "39,385", "1601", "6,930"]
    stops = page("193.5", "39,385", "20.922", "6,930")  # a point before three digits: a thin space read "."
    assert [w.text for w in page_marks(stops, [0, 1])[0]] == ["1935", "39,385", "20.922", "6,930"]
    thin_spaces = page("193.5", "60,152", "160.1", "951")  # thousands apart by a thin space, no comma
    assert [w.text for w in page_marks(thin_spaces, [0, 1])[0]] == ["193.5", "60152", "160.1", "951"]
    comma_decimals = page("193.5", "39,385", "160.1", "6,930", "0,1")  # a comma is the decimal mark
    assert [w.text for w in page_marks(comma_decimals, [0, 1])[0]] == ["1935", "39385", "160.1", "6,930", "0,1"]
    assert page_marks(comma_decimals, [0, 1])[1] == 0


RATES = ("193.5", "181.2", "177.4", "167.8", "162.4", "160.1", "158.7")
YEARS = ("1935", "1812", "1774", "1678", "1624", "1601", "1587")  # printed without a point
SIZE = 11  # pt
MEAN = "170.1"  # under the rates, its point printed and kept


def lost_points_scan() -> bytes:
    """An image-only page scanned at 150 dpi black and white (11 pt type): a column of rates whose
    points left no ink (their room kept: the digit after each is set where it would stand) over
    a mean whose point the scan kept (the page writes decimal points), and beside it the same
    digits printed without a point."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    font = pymupdf.Font("helv")
    for i, (rate, year) in enumerate(zip(RATES, YEARS, strict=True)):
        y = 150.0 + 22.0 * i
        for text, right in ((rate, 250.0), (year, 350.0)):
            x = right - font.text_length(text, SIZE)
            for ch in text:  # glyph by glyph, the point left out: the scan lost its ink
                if ch != ".":
                    page.insert_text((x, y), ch, fontsize=SIZE, fontname="helv")
                x += font.text_length(ch, SIZE)
    page.insert_text((250.0 - font.text_length(MEAN, SIZE), 150.0 + 22.0 * len(RATES)), MEAN, fontsize=SIZE,
                     fontname="helv")
    return scanned(page, 150, degrade=lambda img: np.where(img < 128, 0, 255).astype(np.uint8))


@needs_tesseract
def test_a_fax_whose_column_lost_every_point_reads_them_from_their_room() -> None:
    pdf = lost_points_scan()
    off = Pipeline(open_document(pdf)).run(0, Params().with_value("ocr.point_gaps", 0))
    assert off.words_source == "ocr"
    assert [w.text for w in off.words] == [d for pair in zip(YEARS, YEARS, strict=True) for d in pair] + [MEAN]
    assert not any("ocr.point_gaps" in n for n in off.notes)  # no column holds a point to restore from
    res = Pipeline(open_document(pdf)).run(0)
    rates, years = ([w.text for w in res.words if x0 <= w.bbox.cx < x0 + 100] for x0 in (150.0, 250.0))
    assert years == list(YEARS)  # evenly set: no room for a point
    # Each rate read with its point, or (where a "1"'s ink stands off its advance's centre and the
    # step does not stand out) as the scan's digits; never another reading.
    assert all(got in (rate, rate.replace(".", "")) for got, rate in zip(rates, RATES + (MEAN,), strict=True)), rates
    restored = sum(got == rate for got, rate in zip(rates, RATES, strict=False))  # the mean is no lost point
    assert restored >= 5, rates
    assert any("ocr.point_gaps" in n and f"{restored} number(s)" in n for n in res.notes), res.notes
