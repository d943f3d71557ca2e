"""A form's digit-box fields (a routing number, an account number: adjoining boxes one character
wide after a label) are one field each, no table columns (issue 25: Form 1040's page 2, no
table by its tags, came out as a 34 x 26 grid, its columns the boxes' sides)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

import pymupdf
import pytest

from inspector.core.evidence.checkboxes import DIGIT_BOXES
from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

LEFT, MID, RIGHT = 40.0, 460.0, 560.0  # the form's frame and its amount column, pt
TOP, ROW = 100.0, 14.0
FIELD_X, PITCH, BOX_H = 125.0, 14.4, 10.5  # the digit boxes: first side, pitch, height
ROUTING, ACCOUNT = 9, 17  # boxes per field
LINES = ("Refund amount", "Amount of line 34 refunded to you", "Routing number", "Account number",
         "Amount applied to next year")


def _params(on: bool, blank_form: bool = True) -> Params:
    """Digit boxes set aside or not; off, the ruled-box form test is off too (it would take a grid
    cut by the boxes' sides for a form: the grid those sides make is what is looked at)."""
    p = Params()
    return dataclasses.replace(p, tables=dataclasses.replace(p.tables, check_boxes=on, blank_form=blank_form,
                                                             form_mosaic=on))


def _form(glyphs: Sequence[str] = (), pitch: float = PITCH) -> bytes:
    """A ruled form block: five lines, each a label on the left and an amount box on the right
    (full-width row rules, a column rule at ``MID``); lines 3 and 4, one ruled row, hold a
    routing and an account number field: open-topped boxes ``pitch`` wide standing on a rule as
    wide as the run, their shared sides drawn as one stroke through both fields as Designer
    draws them. ``glyphs`` are typed into the routing field's boxes, a word per box."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    ys = [TOP + k * ROW for k in range(len(LINES) + 1)]
    for k, y in enumerate(ys):
        if k != 3:  # lines 3 and 4 (the two fields) share one ruled row, as on Form 1040
            page.draw_line((LEFT, y), (RIGHT, y), width=0.5)
    for x in (LEFT, MID, RIGHT):
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    for k, label in enumerate(LINES):
        page.insert_text((LEFT + 4, ys[k] + 10), f"{k + 1}", fontsize=8, fontname="hebo")
        page.insert_text((LEFT + 20, ys[k] + 10), label, fontsize=8, fontname="helv")
        if k in (0, 1, 4):
            page.insert_text((RIGHT - 40, ys[k] + 10), f"{(k + 1) * 111:,}", fontsize=8, fontname="helv")
    tops = (ys[2] + 1, ys[2] + 1 + BOX_H + 1.5)
    bases = (tops[0] + BOX_H, tops[1] + BOX_H)
    for n in range(ACCOUNT + 1):
        x = FIELD_X + n * pitch
        page.draw_line((x, tops[0] if n <= ROUTING else tops[1]), (x, bases[1]), width=0.5)
    page.draw_line((FIELD_X, bases[0]), (FIELD_X + ROUTING * pitch, bases[0]), width=0.5)
    page.draw_line((FIELD_X, bases[1]), (FIELD_X + ACCOUNT * pitch, bases[1]), width=0.5)
    for n, word in enumerate(glyphs):
        page.insert_text((FIELD_X + n * pitch + 3, bases[0] - 2), word, fontsize=8, fontname="helv")
    return doc.tobytes()


def test_digit_box_fields_make_no_columns_of_a_form() -> None:
    doc = open_document(_form())
    before = Pipeline(doc).run(0, _params(False))
    res = Pipeline(doc).run(0, _params(True))
    (old,) = before.tables
    assert old.n_cols > 10  # the boxes' sides were its columns
    (table,) = res.tables
    # Lines 3 and 4 share one ruled band but each is a numbered line at the form's row pitch:
    # two rows of their own (ruledrows.full_rows_at_pitch), no longer one row of two lines.
    assert table.rows_text() == [["1", "Refund amount", "111"], ["2", "Amount of line 34 refunded to you", "222"],
                                 ["3", "Routing number", ""], ["4", "Account number", ""],
                                 ["5", "Amount applied to next year", "555"]]
    sides = sorted(round(g.rule.pos, 1) for g in res.rejected if g.reason == DIGIT_BOXES)
    assert sides == [round(FIELD_X + n * PITCH, 1) for n in range(ACCOUNT + 1)]
    assert all(g.rule.orient == "v" for g in res.rejected if g.reason == DIGIT_BOXES)
    assert any(DIGIT_BOXES in n for n in res.notes)
    (why,) = explain_page(res, _params(True))
    said = sorted(round(w.pos, 1) for w in why.dropped if DIGIT_BOXES in w.decision and w.axis == "col")
    assert said == sides


def test_a_field_holds_one_glyph_per_box() -> None:
    doc = open_document(_form(list("123456789")))
    res = Pipeline(doc).run(0, _params(True))
    assert sum(g.reason == DIGIT_BOXES for g in res.rejected) == ACCOUNT + 1


def test_text_in_the_boxes_or_boxes_too_wide_are_no_digit_field() -> None:
    # Words of two characters in boxes one character wide: a narrow table's cells, no digits.
    crowded = Pipeline(open_document(_form(["12"] * ROUTING))).run(0, _params(True))
    sides = sorted(round(g.rule.pos, 1) for g in crowded.rejected if g.reason == DIGIT_BOXES)
    assert sides == [round(FIELD_X + n * PITCH, 1) for n in range(ROUTING + 1, ACCOUNT + 1)]  # the account's own
    # Boxes twice a text line wide hold words, not one character each.
    wide = Pipeline(open_document(_form(pitch=2 * PITCH))).run(0, _params(True))
    assert not any(g.reason == DIGIT_BOXES for g in wide.rejected)


FORM_1040 = Path(__file__).resolve().parents[2] / "corpus" / "tagged_real" / "pdfs" / "designer65-form.pdf"


@pytest.mark.skipif(not FORM_1040.exists(), reason="make corpus-tagged-real fetches the Designer form")
def test_form_1040_routing_and_account_number_make_no_columns() -> None:
    doc = open_document(str(FORM_1040))
    # The page is a blank form's answer column (no table by its tags, ``tables.blank_form``):
    # the grid the boxes would cut is looked at with that test off.
    off, on = Pipeline(doc).run(1, _params(False, False)), Pipeline(doc).run(1, _params(True, False))
    (grid,) = [g for g in off.grids if g.region.y0 < 100]
    # The routing number's 9 boxes and the account number's 17 (14.4 pt each, their shared sides
    # one stroke) are set aside, but for the side at 410.4 pt that runs on into line 36's box.
    sides = sorted(round(g.rule.pos, 1) for g in on.rejected if g.reason == DIGIT_BOXES)
    assert sides == [round(180 + n * 14.4, 1) for n in range(18) if n != 16]
    assert all(any(abs(x - s) < 1 for x in grid.xs) for s in sides)  # each was a column's rule
    (table,) = [g for g in on.grids if g.region.y0 < 100]
    # Only drawn sides and real text gaps: 35.8, 87.2, 110.5, 388.8, 410.4, 482.4, 504.0, 576.2 pt.
    # (Before leader dots counted as blank space, the gaps between the dots Designer sets 12 pt
    # apart (x = 408 .. 468) in lines 11b-33 made 4 more columns, at 427.4, 439.4, 451.4, 463.4.)
    assert table.n_cols == 7
    assert not [x for x in table.xs if any(abs(x - s) < 1 for s in sides)]
