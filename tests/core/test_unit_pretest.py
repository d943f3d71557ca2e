"""``units.may_state_unit``, the pre-test that lets ``find_unit_line`` skip the words beside a
table when none of them can state a unit: it must let every unit line through (several
languages, written on a PyMuPDF page and read back), and skip the plain text around a table."""

from __future__ import annotations

import random

import pymupdf
import pytest

from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_words
from inspector.core.structure import unitlines
from inspector.core.structure.unitlines import find_unit_line
from inspector.core.types import Rect, Word
from inspector.core.units import CURRENCIES, RATIOS, SCALES, may_state_unit, unit_line

BOX = Rect(50, 200, 450, 300)  # the table's box, points, top-left origin
FONTS = {"zh": "china-s", "ko": "korea", "ja": "japan", "en": "helv"}
# Unit lines as reports write them, in unitlines' vocabulary of several languages.
LINES = [("zh", "单位：人民币万元"), ("zh", "单位万元"), ("zh", "金额单位：百万元 币种：人民币"), ("zh", "（万元）"),
         ("ko", "(단위: 백만원)"), ("ko", "(단위 : 천원)"), ("ja", "（単位：千円）"), ("ja", "(百万円)"),
         ("en", "(in thousands of US$, except per share data)"), ("en", "Amounts in EUR million"),
         ("en", "(per cent)"), ("en", "(basis points)"), ("en", "Unit: %"), ("en", "(EURm)"), ("en", "($000)"),
         ("en", "(£ million)"), ("en", "UNITS: USD")]


def _page_words(lang: str, line: str, above: bool) -> tuple[Word, ...]:
    """The words of a page holding body text around ``BOX`` and ``line`` just above or below
    it (9 pt), read back as the detector reads them."""
    doc = pymupdf.open()
    page = doc.new_page(width=500, height=500)
    body = "Share of the center population in 2000 (see column 3, common summary)"
    page.insert_text((50, 150), body, fontsize=9, fontname="helv")
    page.insert_text((50, 320 + 14), body, fontsize=9, fontname="helv")
    font = "helv" if line.isascii() else FONTS[lang]
    page.insert_text((50, 190 if above else 312), line, fontsize=9, fontname=font)
    return extract_words(open_document(doc.tobytes()).page(0))


@pytest.mark.parametrize("above", [True, False])
@pytest.mark.parametrize(("lang", "line"), LINES)
def test_every_languages_unit_line_is_let_through_and_found(lang: str, line: str, above: bool) -> None:
    words = _page_words(lang, line, above)
    assert unit_line(line) is not None
    found = find_unit_line(words, BOX)
    assert unit_line(found) is not None and "".join(found.split()) == "".join(line.split())
    shuffled = [w.text for w in words]
    random.Random(3).shuffle(shuffled)  # the words in reach in any order, as the pre-test reads them
    assert may_state_unit(" ".join(shuffled))


def test_every_word_of_the_vocabulary_is_let_through() -> None:
    """Each scale, currency and ratio word in the three places a unit line puts it: where
    ``unit_line`` reads a unit, the pre-test passes, on the line and on its words reordered."""
    checked = 0
    for word in (*SCALES, *CURRENCIES, *RATIOS):
        for line in (f"({word})", f"单位：{word}", f"(in {word})", f"Amounts in USD {word}", f"단위{word}",
                     f"Figures in {word.upper()}", f"(Unit: {word.title()})"):
            if unit_line(line) is None:
                continue
            checked += 1
            assert may_state_unit(line), line
            assert may_state_unit(" ".join(reversed(line.split()))), line
    assert checked > 200


def test_text_without_a_unit_word_in_a_unit_run_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cue words inside longer words ("percentages", "center", "2000", "common") state nothing:
    the lookup stops before it groups the words beside the table into lines."""
    assert not may_state_unit("Share of the center population in 2000 (see column 3, common summary)")
    assert may_state_unit("Share of the population (%)") and not may_state_unit("percentages-of")

    def no_lines(*_: object) -> list[list[object]]:
        raise AssertionError("the words were grouped into lines")

    words = _page_words("en", "Table 2: results by region in 2000 (continued)", True)
    monkeypatch.setattr(unitlines, "_lines", no_lines)
    assert find_unit_line(words, BOX) == ""
