"""A form's check boxes and digit combs are no table rules; a chart's square markers and its
legend's swatches stay out of that rule (issue 25: Form 1040's dependents table, 5 columns
by its tags, came out with 42)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pymupdf
import pytest

from inspector.core.evidence.checkboxes import CHECK_BOX, COMB, STACKED, form_marks
from inspector.core.explain import explain, explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.tables import CHOICES
from inspector.core.types import Rect, Rule, Word

X = (60.0, 200.0, 340.0, 480.0)  # the form table's column rules, pt
TOP, ROW = 100.0, 14.0
BOX = 8.0


def _params(on: bool) -> Params:
    """Check boxes set aside or not; off, the ruled-box form test is off too (it would take a grid
    cut by check-box columns for a form: the grid those columns make is what is looked at)."""
    p = Params()
    return dataclasses.replace(p, tables=dataclasses.replace(p.tables, check_boxes=on, form_mosaic=on))


def _form() -> bytes:
    """A ruled 4-row x 3-column table: a header row, two rows whose cells hold "(a) [ ] Yes" and
    "(b) [ ] Full-time student" (8 pt boxes set 2 pt under the row's top rule, as Designer sets
    them) and an SSN row whose cells hold a comb (ticks 12 pt tall standing on the row's
    bottom rule, 2 pt short of its top rule)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    ys = [TOP + k * ROW for k in range(5)]
    for y in ys:
        page.draw_line((X[0], y), (X[-1], y), width=0.5)
    for x in X:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    for k, head in enumerate(("Dependent 1", "Dependent 2", "Dependent 3")):
        page.insert_text((X[k] + 6, ys[0] + 10), head, fontsize=9, fontname="hebo")
    for r, label in ((1, "Yes"), (2, "Full-time student")):
        for k in range(3):
            x0, y0 = X[k] + 22, ys[r] + 2
            page.insert_text((X[k] + 4, y0 + 7.5), "(a)" if r == 1 else "(b)", fontsize=9, fontname="hebo")
            page.draw_rect(pymupdf.Rect(x0, y0, x0 + BOX, y0 + BOX), width=0.5)
            page.insert_text((x0 + BOX + 4, y0 + 7.5), label, fontsize=9, fontname="helv")
    for k in range(3):
        for dx in (40.0, 60.0):  # the 3-2-4 digit groups' dividers
            page.draw_line((X[k] + dx, ys[3] + 2), (X[k] + dx, ys[4]), width=0.5)
    page.insert_text((X[0] - 40, ys[4] - 3), "SSN", fontsize=9, fontname="helv")
    return doc.tobytes()


def test_check_boxes_and_a_comb_make_no_columns_of_a_form_table() -> None:
    doc = open_document(_form())
    before = Pipeline(doc).run(0, _params(False))
    res = Pipeline(doc).run(0, _params(True))
    # This grid already drops the boxes' columns (empty sub-columns); the real 1040 below does
    # not: what is tested here is that the marks never reach the grid, and the table holds.
    short = [r for r in before.rules if r.orient == "v" and r.length < 14]
    assert len(short) == 2 * 2 * 3 + 2 * 3 and not [r for r in res.rules if r.orient == "v" and r.length < 14]
    (table,) = res.tables
    assert (table.n_rows, table.n_cols) == (4, 3)
    assert table.rows_text()[0] == ["Dependent 1", "Dependent 2", "Dependent 3"]
    assert table.rows_text()[1] == ["(a) Yes"] * 3
    assert table.rows_text()[2] == ["(b) Full-time student"] * 3
    reasons = [r.reason for r in res.rejected]
    assert reasons.count(CHECK_BOX) == 6 * 3  # two verticals and the bottom side each (the top is the row rule's)
    assert reasons.count(COMB) == 6
    assert any(CHECK_BOX in n for n in res.notes)
    (why,) = explain_page(res, _params(True))
    said = [w for w in why.dropped if not w.kept and "tables.check_boxes" in w.params]
    assert sorted({round(w.pos) for w in said if CHECK_BOX in w.decision and w.axis == "col"}) == sorted(
        round(X[k] + 22 + dx) for k in range(3) for dx in (0, BOX))
    assert sorted(round(w.pos) for w in said if COMB in w.decision) == sorted(
        round(X[k] + dx) for k in range(3) for dx in (40.0, 60.0))


def _scatter() -> bytes:
    """A chart: a frame with gridlines, tick marks on both axes, tick labels, 12 filled and 6
    stroked 6 pt square markers at scattered heights (a data label beside some), a legend of
    swatches with labels."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    x0, y0, x1, y1 = 100.0, 100.0, 400.0, 300.0
    page.draw_rect(pymupdf.Rect(x0, y0, x1, y1), width=0.5)
    for k in range(6):
        x = x0 + k * 60
        page.draw_line((x, y1), (x, y1 + 4), width=0.5)
        page.insert_text((x - 4, y1 + 14), str(k * 10), fontsize=8, fontname="helv")
        y = y1 - k * 40
        page.draw_line((x0 - 4, y), (x0, y), width=0.5)
        page.draw_line((x0, y), (x1, y), width=0.3, color=(0.8, 0.8, 0.8))
        page.insert_text((x0 - 18, y + 3), str(k * 5), fontsize=8, fontname="helv")
    heights = (37, 81, 140, 62, 171, 118, 95, 23, 156, 49, 133, 77, 110, 66, 149, 88, 128, 41)
    for k, h in enumerate(heights):
        cx, cy = x0 + 12 + k * 15.5, y1 - h
        rect = pymupdf.Rect(cx - 3, cy - 3, cx + 3, cy + 3)
        page.draw_rect(rect, width=0.5, fill=(0.1, 0.3, 0.7) if k % 3 else None)
        if k % 4 == 0:
            page.insert_text((cx + 6, cy + 3), f"{h / 8:.1f}", fontsize=7, fontname="helv")
    for k, name in enumerate(("Control", "Treated")):
        y = 110 + k * 14
        page.draw_rect(pymupdf.Rect(420, y, 428, y + 8), width=0.5, fill=(0.1, 0.3, 0.7) if k else (0, 0, 0))
        page.insert_text((432, y + 7), name, fontsize=8, fontname="helv")
    return doc.tobytes()


def test_a_charts_square_markers_and_legend_are_no_check_boxes() -> None:
    doc = open_document(_scatter())
    on, off = Pipeline(doc).run(0, _params(True)), Pipeline(doc).run(0, _params(False))
    assert not [r for r in on.rejected if r.reason in (CHECK_BOX, COMB)]
    assert on.rules == off.rules
    assert [t.bbox for t in on.tables] == [t.bbox for t in off.tables]


def _w(text: str, x0: float, y0: float, x1: float, y1: float) -> Word:
    return Word(text, Rect(x0, y0, x1, y1), 9.0, baseline=y1 - 2)


def test_a_box_needs_a_label_on_its_line_and_a_comb_a_field_around_it() -> None:
    box = [Rule("v", 100, 200, 208), Rule("v", 108, 200, 208), Rule("h", 208, 100, 108)]
    label = _w("Yes", 112, 199, 128, 209)
    far = _w("Yes", 150, 199, 166, 209)  # 42 pt off: more than 3 box heights
    assert set(form_marks([label], box, ())) == set(box)
    assert form_marks([far], box, ()) == {}
    assert form_marks([_w("X", 102, 200, 106, 208), label], box, ()) == {}  # a word inside: a cell
    ticks = [Rule("v", 140, 302, 312), Rule("v", 160, 302, 312)]
    field = [Rule("h", 300, 100, 250), Rule("h", 312, 100, 250)]
    assert form_marks([], ticks + field, ()) == dict.fromkeys(ticks, COMB)
    reaching = [Rule("v", 140, 300.5, 312), Rule("v", 160, 300.5, 312)]  # up to the top rule: column rules
    assert form_marks([], reaching + field, ()) == {}
    bars = [Rule("h", 300, 138, 162), Rule("h", 312, 100, 250)]  # the rule over them is only as wide: stacked bars
    assert form_marks([], ticks + bars, ()) == {}


FORM_1040 = Path(__file__).resolve().parents[2] / "corpus" / "tagged_real" / "pdfs" / "designer65-form.pdf"


@pytest.mark.skipif(not FORM_1040.exists(), reason="make corpus-tagged-real fetches the Designer form")
def test_form_1040_dependents_table_loses_its_check_box_columns() -> None:
    doc = open_document(str(FORM_1040))
    off, on = Pipeline(doc).run(0, _params(False)), Pipeline(doc).run(0, _params(True))
    cols = [t.n_cols for t in on.tables if t.bbox.y0 > 280 and t.bbox.y1 < 440]  # the dependents table
    assert [t.n_cols for t in off.tables if t.bbox.y0 > 280 and t.bbox.y1 < 440] == [42]
    # Its stacked "(a) Yes" / "(b) And in the U.S." boxes (joined verticals) cut no column either,
    # nor the rules between rows 6-7's options ("Full-time" / "Disabled", ``structure.options``):
    # a label column and one per dependent, as its tags have it.
    assert cols == [5]
    stacked = [r.rule for r in on.rejected if r.reason == STACKED and r.rule.orient == "v"]
    assert len([r for r in stacked if 355 < r.start < r.end < 385]) == 8


def _stacked_form() -> bytes:
    """A ruled 3-row x 3-column table whose middle row's cells each hold two 8 pt check boxes one
    over the other, 4 pt apart ("(a) [ ] Yes" over "(b) [ ] And in the U.S.", as Designer sets
    Form 1040's dependents), the lower box's bottom 2 pt over the row's rule."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    ys = [TOP, TOP + 12, TOP + 36, TOP + 48]
    for y in ys:
        page.draw_line((X[0], y), (X[-1], y), width=0.5)
    for x in X:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    for k in range(3):
        page.insert_text((X[k] + 6, ys[0] + 9), f"Dependent {k + 1}", fontsize=8, fontname="hebo")
        page.insert_text((X[k] + 6, ys[2] + 9), f"Name {k + 1}", fontsize=8, fontname="helv")
        for n, (mark, label) in enumerate((("(a)", "Yes"), ("(b)", "And in the U.S."))):
            y0 = ys[1] + 2 + n * 12
            page.insert_text((X[k] + 6, y0 + 7), mark, fontsize=8, fontname="helv")
            page.draw_rect(pymupdf.Rect(X[k] + 26, y0, X[k] + 26 + BOX, y0 + BOX), width=0.5, color=(0, 0, 0),
                           fill=(1, 1, 1))
            page.insert_text((X[k] + 26 + BOX + 4, y0 + 7), label, fontsize=8, fontname="helv")
    return doc.tobytes()


def test_check_boxes_stacked_in_a_ruled_cell_make_no_columns_or_rows() -> None:
    res = Pipeline(open_document(_stacked_form())).run(0, _params(True))
    (table,) = res.tables
    # The boxes' sides cut no row or column; the two lines, each filling every column, are two
    # rows by the band's own rule (bandrows), as any two such lines under one rule would be.
    assert (table.n_rows, table.n_cols) == (4, 3)
    assert table.rows_text()[1:3] == [["(a) Yes"] * 3, ["(b) And in the U.S."] * 3]
    stacked = sorted({round(r.rule.pos, 1) for r in res.rejected if r.reason == STACKED and r.rule.orient == "v"})
    assert stacked == sorted(round(X[k] + 26 + dx, 1) for k in range(3) for dx in (0, BOX))
    (why,) = explain_page(res, _params(True))
    assert {round(w.pos) for w in why.dropped if STACKED in w.decision and w.axis == "col"} == {
        round(X[k] + 26 + dx) for k in range(3) for dx in (0, BOX)}


def test_squares_stacked_without_labels_stay_rules() -> None:
    """Two 8 pt squares one over another with no word beside either: a drawing, no check boxes."""
    pair = [Rule("v", 100, 200, 220), Rule("v", 108, 200, 220)]
    sides = [Rule("h", 200, 100, 108), Rule("h", 208, 100, 108), Rule("h", 212, 100, 108), Rule("h", 220, 100, 108)]
    labels = [_w("Yes", 112, 199.5, 126, 208.5), _w("No", 112, 211.5, 124, 220.5)]
    assert set(form_marks(labels, pair + sides, ())) == set(pair + sides)
    assert form_marks(labels[:1], pair + sides, ()) == {}  # the lower box has no label
    tall = [Rule("v", 100, 200, 240), Rule("v", 108, 200, 240)]  # a 20 pt piece: no box, no gap
    assert form_marks(labels, tall + sides, ()) == {}


def _choices() -> bytes:
    """A form's filing status: a bold label over "Check only / one box." on the left and three
    options on the right, each after an 8 pt box, the boxes stacked 4 pt apart (Form 1040)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((36, 215), "Filing Status", fontsize=10, fontname="hebo")
    page.insert_text((36, 228.5), "Check only", fontsize=7.5, fontname="helv")
    page.insert_text((36, 236.5), "one box.", fontsize=7.5, fontname="helv")
    for k, option in enumerate(("Single", "Married filing jointly", "Married filing separately (MFS)")):
        y = 206 + 12 * k
        page.draw_rect(pymupdf.Rect(97.6, y, 105.6, y + 8), width=0.5, color=(0, 0, 0), fill=(1, 1, 1))
        page.insert_text((110, y + 7.5), option, fontsize=9, fontname="helv")
    return doc.tobytes()


def test_a_label_beside_options_ticked_in_check_boxes_is_no_table() -> None:
    res = Pipeline(open_document(_choices())).run(0, _params(True))
    assert res.tables == ()
    (why,) = [r for r in explain(res, _params(True)).rejected if r.reason.startswith(CHOICES)]
    assert (round(why.bbox.x0), round(why.bbox.y0), round(why.bbox.y1)) == (36, 204, 240)


def test_a_checklist_table_with_a_header_over_its_boxes_stays_a_table() -> None:
    """A borderless checklist: "Task | Done | Owner" over rows whose second column is a check
    box; the header row has no box, so it is a table, not a form's choices."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for x, head in ((36, "Task"), (150, "Done"), (260, "Owner")):
        page.insert_text((x, 112), head, fontsize=9, fontname="hebo")
    for k, (task, owner) in enumerate((("Order parts", "Ann"), ("Check stock", "Bob"), ("Ship boxes", "Cy"))):
        y = 120 + 14 * k
        page.draw_rect(pymupdf.Rect(150, y, 158, y + 8), width=0.5)
        page.insert_text((36, y + 7.5), task, fontsize=9, fontname="helv")
        page.insert_text((162, y + 7.5), "done", fontsize=9, fontname="helv")
        page.insert_text((260, y + 7.5), owner, fontsize=9, fontname="helv")
    res = Pipeline(open_document(doc.tobytes())).run(0, _params(True))
    assert [r.reason for r in res.rejected].count(CHECK_BOX) == 3 * 4  # each box's four sides
    (table,) = res.tables
    assert table.rows_text() == [["Task", "Done", "Owner"], ["Order parts", "done", "Ann"],
                                 ["Check stock", "done", "Bob"], ["Ship boxes", "done", "Cy"]]


def _numbered_choices() -> bytes:
    """The filing status with the form's line numbers between label and boxes ("Filing Status
    1 [ ] Single"), options in two columns, and a section label beside a brace and a side
    caption under them, no box on its line (Form 1040 of 2012)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((36, 215), "Filing Status", fontsize=10, fontname="hebo")
    page.insert_text((36, 228.5), "Check only one", fontsize=7.5, fontname="helv")
    options = (("1", "Single", "4", "Head of household"), ("2", "Married filing jointly", "5", "Qualifying widow(er)"),
               ("3", "Married filing separately", "6", "Nonresident alien"))
    for k, (n1, o1, n2, o2) in enumerate(options):
        y = 206 + 12 * k
        for x, n, o in ((118.0, n1, o1), (348.0, n2, o2)):
            page.insert_text((x, y + 7.5), n, fontsize=9, fontname="hebo")
            page.draw_rect(pymupdf.Rect(x + 14, y, x + 22, y + 8), width=0.5, color=(0, 0, 0), fill=(1, 1, 1))
            page.insert_text((x + 26, y + 7.5), o, fontsize=9, fontname="helv")
    page.insert_text((36, 256), "Exemptions", fontsize=10, fontname="hebo")
    page.insert_text((470, 256), "}", fontsize=14, fontname="helv")
    page.insert_text((490, 256), "Boxes checked", fontsize=7.5, fontname="hebo")
    return doc.tobytes()


def test_options_after_the_forms_line_numbers_are_no_table() -> None:
    res = Pipeline(open_document(_numbered_choices())).run(0, _params(True))
    assert res.tables == ()
    assert any(r.reason.startswith(CHOICES) for r in res.regions)
