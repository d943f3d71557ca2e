"""Text turned 90 degrees in some cells of an upright table (issue 25, class 6): column headers
set bottom to top, each centred in its cell (so each starts at another height), one over two
turned lines. They are their cells' text, read along their own direction, and the table stays
one table of one header row, whatever drew it and however it is ruled."""

from __future__ import annotations

import pymupdf
import pytest
from producer_pdfs import VERTICAL

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_text

ROWS = (("Region", "Revenue", "Net\nmargin", "Staff", "Open roles", "Sites", "Growth (%)"),
        ("North", "1,204", "224", "41", "2", "7", "5.1"),
        ("South", "987", "175", "37", "1", "5", "3.2"),
        ("East", "1,530", "429", "52", "3", "9", "7.9"),
        ("West", "642", "-59", "23", "0", "4", "-1.2"))


@pytest.mark.parametrize("rules", ["all", "booktabs", "none"])
@pytest.mark.parametrize("producer", sorted(VERTICAL))
def test_turned_column_headers_are_their_cells_text(producer: str, rules: str) -> None:
    res = Pipeline(open_document(VERTICAL[producer](ROWS, rules))).run(0)
    assert res.turn == 0  # the page stays upright
    (table,) = res.tables
    assert table.rows_text() == [list(r) for r in ROWS]


def test_turned_words_know_their_turn_and_share_their_band_baseline() -> None:
    words, turn = extract_text(open_document(VERTICAL["pymupdf"](ROWS, "all")).page(0))
    assert turn == 0
    turned = [w for w in words if w.turn]
    assert {w.turn for w in turned} == {270} and len(turned) == 9  # 8 header words, "Net" and "margin" apart
    assert len({w.baseline for w in turned}) == 1  # one header band, one baseline
    assert all(w.turn == 0 for w in words if w.text in ("Region", "North", "1,204"))


def test_a_turned_header_read_along_its_direction_in_a_hand_edit() -> None:
    from inspector.core.structure.celltext import cell_text
    from inspector.core.types import Rect

    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((100, 200), "Open roles", fontsize=9, rotate=90)
    page.insert_text((112, 200), "(count)", fontsize=9, rotate=90)
    words, _ = extract_text(open_document(doc.tobytes()).page(0))
    assert cell_text(words, Rect(80, 100, 130, 210)) == "Open roles\n(count)"
