"""Underlined words (links in a browser's print, emphasis) are the text's decoration: their
strokes are no table rules (issue 25: an infobox printed by Chrome, a guideline's links)."""

from __future__ import annotations

import pymupdf
import pytest
from small_pdfs import PRODUCERS, Line, Op, Text, width

from inspector.core.aside import UNDERLINE
from inspector.core.evidence.underlines import underlines
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Rect, Rule, Word

ROWS = (("Reign", "959 to 975"), ("Predecessor", "Eadwig"), ("Successor", "Edward the Martyr"),
        ("Born", "943"), ("House", "Wessex"), ("Father", "Edmund I"), ("Mother", "Aelfgifu of Shaftesbury"))
LINKS = {"Eadwig", "Edward the Martyr", "Wessex", "Edmund I", "Aelfgifu of Shaftesbury"}


def _infobox() -> bytes:
    """A key-value table, one line a row, its linked values underlined (0.75 pt grey strokes
    from the word's left to its right edge, just under the baseline) and the label column
    ruled off by nothing."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 120.0
    for label, value in ROWS:
        page.insert_text((80, y), label, fontsize=10, fontname="hebo")
        page.insert_text((180, y), value, fontsize=10, fontname="helv")
        if value in LINKS:
            width = pymupdf.get_text_length(value, "helv", 10)
            page.draw_line((180, y + 1.5), (180 + width, y + 1.5), color=(0.6, 0.6, 0.6), width=0.75)
        y += 19.0
    return doc.tobytes()


def test_underlined_values_are_no_rules_and_the_rows_stay_one_line_each() -> None:
    res = Pipeline(open_document(_infobox())).run(0)
    assert not [r for r in res.rules if r.orient == "h"]
    assert sum(1 for rej in res.rejected if rej.reason == UNDERLINE) == len(LINKS)
    (table,) = res.tables
    assert table.rows_text() == [list(row) for row in ROWS]


def _word(text: str, x0: float, x1: float) -> Word:
    return Word(text, Rect(x0, 100, x1, 112), 10.0, baseline=109.5)


def test_rules_under_text_versus_table_rules() -> None:
    words = [_word("Item", 60, 80), _word("Quantity", 200, 240), _word("Price", 380, 405)]
    under_item = Rule("h", 110.5, 60, 80, 0.75)
    header_rule = Rule("h", 110.5, 60, 405, 0.75)  # across the column gaps: the header's rule
    padded = Rule("h", 110.5, 54, 86, 0.75)  # into the cell's padding on both sides
    below = Rule("h", 115.0, 60, 80, 0.75)  # under the descenders: a rule, not an underline
    assert underlines(words, [under_item, header_rule, padded, below]) == [under_item]


def test_a_stroke_may_leave_out_the_punctuation_glued_to_its_words() -> None:
    """A link stops before the full stop after it, an emphasis inside its brackets: the end
    lies short of the word's box by the marks' width, never more, and never past it."""
    url = _word("https://example.org/docs.", 60, 180)  # the full stop: 2.8 pt at 10 pt
    link = Rule("h", 110.5, 60, 177.2, 0.75)
    cut_short = Rule("h", 110.5, 60, 160.0, 0.75)  # 20 pt short: half the word, no mark's width
    past = Rule("h", 110.5, 60, 185.0, 0.75)  # 5 pt past the full stop: into the padding
    assert underlines([url], [link, cut_short, past]) == [link]
    quoted = _word("(Census)", 60, 100)  # brackets 3.3 pt each
    inside = Rule("h", 110.5, 63.3, 96.7, 0.75)
    assert underlines([quoted], [inside]) == [inside]
    plain = _word("Census", 60, 93.4)  # no marks: the stroke must reach its edges
    assert underlines([plain], [Rule("h", 110.5, 63.3, 90.1, 0.75)]) == []


LINKED = (("Manual", "https://example.org/manual/index.html.", "https://example.org/manual/index.html"),
          ("Source", "(Census Bureau)", "Census Bureau"),
          ("Contact", "Press office: https://example.org/press.", "https://example.org/press"),
          ("Year", "2024", ""),
          ("Licence", "CC BY 4.0 (https://example.org/licence).", "https://example.org/licence"))


def _linked_ops() -> list[Op]:
    """A key-value list whose values hold links underlined the way a word processor does it:
    from the link's first to its last character, the brackets and the full stop around it
    left out (0.5 pt, 1.5 pt under the baseline, 9 pt Helvetica)."""
    ops: list[Op] = []
    for k, (label, value, link) in enumerate(LINKED):
        y = 120.0 + 16.0 * k
        ops += [Text(80, y, label), Text(180, y, value)]
        if link:
            start = 180 + width(value[:value.index(link)])
            ops.append(Line(start, y + 1.5, start + width(link), y + 1.5))
    return ops


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_links_stopping_before_their_punctuation_are_no_table_rules(producer: str) -> None:
    res = Pipeline(open_document(PRODUCERS[producer](_linked_ops()))).run(0)
    assert [r for r in res.rules if r.orient == "h"] == []
    assert sum(1 for rej in res.rejected if rej.reason == UNDERLINE) == sum(1 for *_, link in LINKED if link)
    (table,) = res.tables
    assert table.rows_text() == [[label, value] for label, value, _ in LINKED]
