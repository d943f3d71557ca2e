"""``explain`` on a boundary made by drawn rules: the pale rule's lever (issue 17).

A user raised "Min contrast" to remove pale rules and the grid stayed the same; explain must
name the value that really removes a rule's boundary, or say why removing it would not help.
"""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

XS = (72.0, 200.0, 330.0, 460.0)  # the three columns' black rules
PALE_X = 150.0  # a pale grey rule inside the first column, right of its short labels
PALE = 0.8  # its grey (0-1): contrast 255 - 204 = 51 grey levels
TOP, ROW, ROWS = 100.0, 20.0, 6
CELLS = (("Item", "Units", "Price"), ("Bolts", "12", "0.40"), ("Nuts", "30", "0.10"), ("Pins", "8", "0.25"),
         ("Rods", "17", "3.10"), ("Caps", "5", "0.90"))


def ruled_with_pale_rule(text_right_of_pale: bool = False) -> bytes:
    """A fully ruled 6 x 3 table with one more vertical rule, pale grey, at PALE_X inside the
    first column; with ``text_right_of_pale`` each first-column cell has a second word right of
    it (so the text leaves a wide gap there on every line)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    bottom = TOP + ROWS * ROW
    for r in range(ROWS + 1):
        page.draw_line((XS[0], TOP + r * ROW), (XS[-1], TOP + r * ROW), width=0.6)
    for x in XS:
        page.draw_line((x, TOP), (x, bottom), width=0.6)
    page.draw_line((PALE_X, TOP), (PALE_X, bottom), width=0.6, color=(PALE, PALE, PALE))
    for r, row in enumerate(CELLS):
        base = TOP + 14 + r * ROW
        for x, text in zip(XS, row, strict=False):
            page.insert_text((x + 4, base), text, fontname="helv", fontsize=10)
        if text_right_of_pale:
            page.insert_text((PALE_X + 6, base), "ea", fontname="helv", fontsize=10)
    return doc.tobytes()


def _cols(data: bytes, params: Params) -> tuple[list[float], object]:
    res = Pipeline(open_document(data)).run(0, params)
    (t,) = explain_page(res, params)
    return list(res.tables[0].grid.xs), t


def test_a_pale_rules_boundary_names_the_contrast_that_removes_it_and_that_value_does() -> None:
    data = ruled_with_pale_rule()
    xs, t = _cols(data, Params())
    assert len(xs) == 5  # the pale rule makes a fourth column
    (pale,) = [w for w in t.cols if abs(w.pos - PALE_X) < 1]
    assert pale.evidence[0].kind == "rule" and "vector.min_contrast" in pale.params
    assert pale.flip == ("vector.min_contrast", 52.0)  # 255 - 204 + 1
    black = [w for w in t.cols if any(abs(w.pos - x) < 1 for x in XS[1:-1])]
    assert black and all(w.flip is None for w in black)  # black rules: no contrast removes them in range
    after, _ = _cols(data, Params().with_value(*pale.flip))
    assert after == xs[:1] + xs[2:]  # exactly the pale boundary went; the drawn ones stayed


def test_a_pale_rule_over_a_text_gap_says_removing_it_would_not_help() -> None:
    data = ruled_with_pale_rule(text_right_of_pale=True)
    _xs, t = _cols(data, Params())
    (pale,) = [w for w in t.cols if abs(w.pos - PALE_X) < 1]
    assert pale.flip is None
    assert "without them a boundary stays here" in pale.decision and "columns.min_gap" in pale.decision
    after, _ = _cols(data, Params().with_value("vector.min_contrast", 52))
    assert len(after) == 5  # indeed: still four columns, split in the text's gap left of "ea"
    assert any(XS[0] + 40 < x < PALE_X + 6 for x in after[1:-1])
