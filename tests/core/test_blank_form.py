"""A blank form's answer column (labels ending in leader dots beside ruled entry boxes left
empty) is a form, not a table; a ruled table whose leaders lead to filled amounts stays one
(issue 25: Form 1040's income and payment lines read as 24 x 10 and 40 x 11 tables)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pymupdf
import pytest

from inspector.core.explain import explain, explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.leaders import leader_dots

LEFT, STRIP, BOX, RIGHT = 36.0, 482.0, 504.0, 576.0
ROW = 12.0
LABELS = ["Wages from Form W-2", "Household employee wages", "Tip income not reported", "Taxable interest",
          "Ordinary dividends", "IRA distributions", "Pensions and annuities", "Social security benefits"]


def _form(amounts: tuple[str, ...] = ()) -> bytes:
    """Lines 1-8 of a form, 12 pt each from y 100: a label at x 60 then leader dots every 12 pt
    up to 470, the line number in the ruled strip 482-504 and the entry box 504-576 (``amounts``
    written into the boxes, none: a blank form). Row rules run across the strip and the box,
    full-width rules close the section, verticals at 36, 482, 504 and 576."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    top, n = 100.0, len(LABELS)
    for k, label in enumerate(LABELS):
        y = top + k * ROW + 9.0
        page.insert_text((60.0, y), label, fontsize=8, fontname="helv")
        end = 60.0 + pymupdf.get_text_length(label, fontname="helv", fontsize=8) + 12.0
        for x in range(int(end // 12 + 1) * 12, 470, 12):
            page.insert_text((float(x), y), ".", fontsize=8, fontname="helv")
        page.insert_text((STRIP + 4.0, y), str(k + 1), fontsize=8, fontname="helv")
        if k < len(amounts):
            page.insert_text((BOX + 20.0, y), amounts[k], fontsize=8, fontname="helv")
    bottom = top + n * ROW
    for y in (top, bottom):
        page.draw_line((LEFT, y), (RIGHT, y), width=0.5)
    for k in range(1, n):
        page.draw_line((STRIP, top + k * ROW), (RIGHT, top + k * ROW), width=0.5)
    for x in (LEFT, STRIP, BOX, RIGHT):
        page.draw_line((x, top), (x, bottom), width=0.5)
    return doc.tobytes()


def _params(on: bool) -> Params:
    p = Params()
    return dataclasses.replace(p, tables=dataclasses.replace(p.tables, blank_form=on))


def test_leader_dots_are_words_made_only_of_dots() -> None:
    assert [leader_dots(t) for t in (".", "....", "…", "·····", "1.5", "etc.", "")] == [1, 4, 3, 5, 0, 0, 0]


def test_a_blank_forms_answer_column_is_no_table_and_explain_names_it() -> None:
    doc = open_document(_form())
    off = Pipeline(doc).run(0, _params(False))
    assert [(t.n_rows, round(t.bbox.x0), round(t.bbox.x1)) for t in off.tables] == [(8, LEFT, RIGHT)]  # the false one
    on = Pipeline(doc).run(0, _params(True))
    assert on.tables == ()
    (form,) = [r for r in on.regions if r.param == "tables.blank_form"]
    assert form.reason.startswith("blank form: 8 of 8 rows end in leader dots")
    assert "left empty in 0 of 8 rows" in form.reason
    assert explain_page(on, _params(True)) == ()  # no table to explain; the region says why
    (said,) = [r for r in explain(on, _params(True)).rejected if r.params == ("tables.blank_form",)]
    assert said.flip == ("tables.blank_form", 0)  # the switch that makes it a table (tried as 0, not 0.0)


def test_leaders_toward_filled_amounts_stay_a_table() -> None:
    filled = _form(tuple(f"{1000 + 111 * k:,}" for k in range(len(LABELS))))
    res = Pipeline(open_document(filled)).run(0, _params(True))
    assert [t.n_rows for t in res.tables] == [8]
    assert not any(r.param == "tables.blank_form" for r in res.regions)


FORM_1040 = Path(__file__).resolve().parents[2] / "corpus" / "tagged_real" / "pdfs" / "designer65-form.pdf"


@pytest.mark.skipif(not FORM_1040.exists(), reason="make corpus-tagged-real fetches the Designer form")
def test_form_1040_income_and_payment_lines_are_no_tables() -> None:
    """Its tags mark one table (the dependents, page 1); the income lines (page 1) and the tax,
    payment and refund lines (page 2) are a blank form's answer column."""
    doc = open_document(str(FORM_1040))
    one, two = (Pipeline(doc).run(k) for k in (0, 1))
    dependents = [t for t in one.tables if (round(t.bbox.x0), t.n_rows, t.n_cols) == (93, 8, 5)]
    assert len(dependents) == 1
    assert all(t.bbox.y1 < 440 for t in one.tables)  # the income lines (y 450-763) are no table
    assert not [t for t in two.tables if t.n_rows > 20]  # nor lines 11b-38 (40 rows, y 36-576)
    assert len([r for r in one.regions if r.param == "tables.blank_form"]) == 1
    assert len([r for r in two.regions if r.param == "tables.blank_form"]) == 1


def _numbered(amounts: tuple[str, ...] = (), leaders: bool = False) -> bytes:
    """A tax form's numbered lines without leader dots (Form 1040EZ's habit), under a block of
    name and address boxes whose captions reach the answer column: each line a number at x 110,
    its label, the number again at 540 and the entry box 550-576 (``amounts`` written into the
    boxes); a section label in the margin (36-100) beside the first lines. One drawing: the
    frame, the margin rule at 100 and the answer column's rules run through both blocks."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    top, head = 100.0, 3
    ys = [top + 24.0 * k for k in range(head + 1)] + [top + 24.0 * head + ROW * k for k in range(1, len(LABELS) + 1)]
    for k, caption in enumerate(("Your first name and initial", "Home address", "City, town or post office")):
        page.insert_text((104.0, ys[k] + 8), caption, fontsize=7, fontname="helv")
        page.insert_text((552.0, ys[k] + 8), "SSN" if k == 0 else "Apt.", fontsize=7, fontname="helv")
    page.insert_text((40.0, ys[head] + 9), "Income", fontsize=9, fontname="hebo")
    for k, label in enumerate(LABELS):
        y = ys[head + k] + 9.0
        page.insert_text((110.0, y), str(k + 1), fontsize=8, fontname="hebo")
        page.insert_text((124.0, y), label + (" . . . . . ." if leaders else ""), fontsize=8, fontname="helv")
        page.insert_text((540.0, y), str(k + 1), fontsize=8, fontname="hebo")
        if k < len(amounts):
            page.insert_text((556.0, y), amounts[k], fontsize=8, fontname="helv")
    for y in ys:
        page.draw_line((LEFT, y) if y in (ys[0], ys[head], ys[-1]) else (100.0, y), (RIGHT, y), width=0.5)
    for x in (LEFT, 100.0, 550.0, RIGHT):
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    return doc.tobytes()


def test_numbered_form_lines_repeating_their_number_at_an_empty_box_are_a_form() -> None:
    res = Pipeline(open_document(_numbered())).run(0, _params(True))
    assert not [t for t in res.tables if t.source == "ruled"]
    assert any("rows (of 11) hold a line number and repeat it" in r.reason for r in res.regions)
    # Off, the drawing is one ruled table over both blocks.
    off = Pipeline(open_document(_numbered())).run(0, _params(False))
    assert [t for t in off.tables if t.source == "ruled"]


def test_numbered_lines_whose_boxes_hold_amounts_stay_a_table() -> None:
    amounts = tuple(f"{(k + 1) * 1111:,}" for k in range(len(LABELS)))
    res = Pipeline(open_document(_numbered(amounts))).run(0, _params(True))
    assert [t for t in res.tables if t.source == "ruled"]


def _rate_grid(headed: bool) -> bytes:
    """Numbered lines whose number is repeated before three amount columns left empty, headed
    (``headed``) by a caption each on one line ("(a) Withheld | (b) 10% | (c) 15%"): a table of
    amounts to fill in, its numbered lines the row labels (Form 1040NR's income by rate)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    cols = (LEFT, 330.0, 410.0, 490.0, RIGHT)
    top = 100.0
    ys = [top, top + 20.0, *(top + 20.0 + ROW * k for k in range(1, len(LABELS) + 1))]
    if headed:
        for x, caption in zip(cols[1:], ("(a) Withheld", "(b) 10%", "(c) 15%"), strict=False):
            page.insert_text((x + 6.0, top + 13.0), caption, fontsize=8, fontname="helv")
    for k, label in enumerate(LABELS):
        y = ys[1 + k] + 9.0
        page.insert_text((40.0, y), str(k + 1), fontsize=8, fontname="hebo")
        page.insert_text((56.0, y), label, fontsize=8, fontname="helv")
        page.insert_text((312.0, y), str(k + 1), fontsize=8, fontname="hebo")
    for y in ys:
        page.draw_line((LEFT, y), (RIGHT, y), width=0.5)
    for x in cols:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    return doc.tobytes()


def test_numbered_lines_under_captioned_amount_columns_stay_a_table() -> None:
    res = Pipeline(open_document(_rate_grid(True))).run(0, _params(True))
    assert [t.n_rows for t in res.tables if t.source == "ruled"] == [1 + len(LABELS)]
    bare = Pipeline(open_document(_rate_grid(False))).run(0, _params(True))
    assert not bare.tables
    assert any("hold a line number and repeat it" in r.reason for r in bare.regions)
