"""A worksheet's side heading beside its lettered lines (issue 25, forms nobody here made: the
IRS 1040EZ's "Worksheet for Line 5", set by LiveCycle).

The heading is a paragraph in the first column set at its own leading (14 pt), the lettered
lines beside it at theirs (12 pt), no rules. A heading line falls between two lettered lines
("Boxes" between "B." and "C."): placed so, it looks like a one-line cell centred beside a
two-line cell (``bandlines.centred_triples``), which held B and C in one row. It is the sixth
line of the heading, stepping from the heading's lines above at their leading
(``bandlines.run_step``): the last line of a cell begun rows above, so B and C stay rows.
"""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.bandlines import centred_triples, run_step
from inspector.core.structure.columns import Line
from inspector.core.structure.items import next_item
from inspector.core.types import PageResult, Rect, Table, Word

HEADING = ("Worksheet", "for Line 5", "Dependents", "Who Checked", "One or Both", "Boxes")
INTRO = ("Use this worksheet to figure the amount to enter on line 5 if someone can claim you",
         "as a dependent, even if that person chooses not to do so. To find out if someone can",
         "claim you as a dependent, see Pub. 501.")
ITEMS = ((115, "A. Amount, if any, from line 1 on front", ""),
         (353, "+ 300.00 Enter total", "A ."),
         (115, "B. Minimum standard deduction", "B ."),
         (115, "C. Enter the larger of line A or line B here", "C ."),
         (115, "D. Maximum standard deduction", "D ."),
         (115, "E. Enter the smaller of line C or line D here", "E ."),
         (115, "F. Exemption amount.", ""),
         (130, "\u2022 If single, enter -0-.", ""),
         (130, "\u2022 If married filing jointly, enter $3,800.", "F ."),
         (115, "G. Add lines E and F", "G ."))
HEAD, INTRO_AT, ITEMS_AT = 424.2, 420.8, 465.1  # pt: the 1040EZ's baselines of each block's first line


def _worksheet() -> bytes:
    """PyMuPDF, at the 1040EZ's baselines: the heading in 11.3 pt (the 1040EZ's demi face, which MuPDF flags no bold) at 14 pt a line, the
    intro in 10 pt at 10 pt a line, the items in 9 pt at 12 pt a line."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k, text in enumerate(HEADING):
        page.insert_text((36, HEAD + 14 * k), text, fontsize=11.3, fontname="helv")
    for k, text in enumerate(INTRO):
        page.insert_text((115, INTRO_AT + 10 * k), text, fontsize=10, fontname="tiro")
    for k, (x, text, box) in enumerate(ITEMS):
        page.insert_text((x, ITEMS_AT + 12 * k), text, fontsize=9, fontname="tiro")
        if x == 115 and box:  # leader dots from the text to the line's box, 12 pt apart (the 1040EZ's)
            end = 115 + pymupdf.get_text_length(text, "tiro", 9)
            for dot in range(int(end // 12) + 1, 41):
                page.insert_text((12 * dot, ITEMS_AT + 12 * k), ".", fontsize=9, fontname="tiro")
        page.insert_text((491, ITEMS_AT + 12 * k), box, fontsize=9, fontname="tibo")
    page.insert_text((545, ITEMS_AT + 24), "950.00", fontsize=9, fontname="tiro")
    return doc.tobytes()


def _result() -> PageResult:
    return Pipeline(open_document(_worksheet(), name="worksheet.pdf")).run(0)


def _rows(t: Table) -> list[list[str]]:
    return [[c.text.replace("\n", " ") for c in sorted((c for c in t.cells if c.r == r), key=lambda c: c.c)] for r in range(t.n_rows)]


def test_each_lettered_line_is_a_row() -> None:
    (t,) = _result().tables
    assert (t.n_rows, t.n_cols) == (10, 3)
    rows = _rows(t)
    assert rows[4][0] == "Boxes" and rows[4][1].startswith("B. Minimum standard deduction") \
        and rows[4][2] == "B . 950.00"
    assert rows[5][0] == "" and rows[5][1].startswith("C. Enter the larger") and rows[5][2] == "C ."
    assert [r[1][:2] for r in rows[2:]] == ["A.", "+ ", "B.", "C.", "D.", "E.", "F.", "G."]


def test_the_next_item_starts_a_row_and_keeps_its_list() -> None:
    """"F." alone in its column under the row "E." begins is the next item: a row of its own;
    its two bullets under it, the second beside its box, stay its row."""
    rows = _rows(_result().tables[0])
    assert rows[7][1].startswith("E. Enter the smaller") and rows[7][1].endswith(".") and rows[7][2] == "E ."
    assert rows[8] == ["", "F. Exemption amount. \u00b7 If single, enter -0-. \u00b7 If married filing jointly, "
                           "enter $3,800.", "F ."]


def _line(x: float, top: float, text: str) -> tuple[Word, Line]:
    box = Rect(x, top, x + 40, top + 10)
    return Word(text, box, 9.0), Line(box, top + 8, ())


def _step(heading_top: float) -> float | None:
    """``run_step`` for "Boxes" (top 483) between "B." and "C." (12 pt apart), under a heading
    line whose top is ``heading_top``."""
    made = [_line(36, heading_top, "One"), _line(115, 480.6, "B."), _line(36, 483.0, "Boxes"), _line(115, 492.6, "C.")]
    words = [w for w, _ in made]
    lines = [Line(ln.bbox, ln.baseline, (i,)) for i, (_, ln) in enumerate(made)]
    return run_step(lines, [{0}, {1}, {0}, {1}], 2, (words, (36.0, 113.0, 470.0)))


def test_the_heading_line_runs_on_its_column() -> None:
    """14 pt from "One or Both" (the heading's leading) is under 1.25 x the 12 pt from B to C;
    a value centred between B and C steps at least 18 pt (a row and half a line) from the
    row above: a centred cell, as before."""
    assert _step(469.0) == 14.0
    assert _step(468.0) == 15.0  # 1.25 x 12 pt: the bound itself
    assert _step(465.0) is None
    assert _step(483.0) is None  # no step down: nothing runs on


def test_explain_names_the_step() -> None:
    (why,) = explain_page(_result(), Params())
    (row,) = [w for w in why.rows if 492 < w.pos < 497]  # between "Boxes" and "C."
    assert [e.kind for e in row.evidence] == ["runs_on"] and row.evidence[0].value == pytest.approx(14.0)
    assert row.evidence[0].as_json() == {"kind": "runs_on", "width": 14.0}
    assert '("Boxes")' in row.decision and "14.0 pt from its column's text two lines away" in row.decision


def test_explain_names_the_next_item() -> None:
    (why,) = explain_page(_result(), Params())
    (row,) = [w for w in why.rows if 524 < w.pos < 532]  # between "E." and "F."
    assert [e.kind for e in row.evidence] == ["next_item"]
    assert '("E." then "F.")' in row.decision
    (plain,) = [w for w in why.rows if 512 < w.pos < 520]  # "E." under "D.", both filling two columns
    assert [e.kind for e in plain.evidence] == ["line_gap"]


@pytest.mark.parametrize(("above", "below", "after"), [
    ("E.", "F.", True), ("4)", "5)", True), ("(b)", "(c)", True), ("9.", "10.", True), ("a.", "b.", True),
    ("E.", "G.", False), ("E.", "f.", False), ("4.", "5)", False), ("(b", "(c", False), ("F.", "E.", False),
    ("2023.", "2024.", False)])
def test_item_markers(above: str, below: str, after: bool) -> None:
    words = [Word(above, Rect(115, 500, 125, 510), 9.0), Word(below, Rect(115.5, 512, 125, 522), 9.0)]
    lines = [Line(w.bbox, w.bbox.y1 - 2, (i,)) for i, w in enumerate(words)]
    assert (next_item(lines[0], lines[1], words, (36.0, 113.0, 470.0)) is not None) is after


def test_a_cell_going_on_under_is_no_centred_cell() -> None:
    """A form's notes list beside "Person in Charge 经办" over "人：" (Word's shipping form):
    the middle line goes on 13 pt under it, less than 1.25 x the 15 pt between the list's
    lines around it: the first line of a cell of two, no one-line cell centred between them."""
    made = [_line(36, 117.8, "2."), _line(450, 123.8, "Person"), _line(36, 132.8, "3."), _line(450, 136.8, "人：")]
    words = [w for w, _ in made]
    lines = [Line(ln.bbox, ln.baseline, (i,)) for i, (_, ln) in enumerate(made)]
    cols = [{0}, {1}, {0}, {1}]
    page = (words, (34.7, 440.1, 575.6))
    assert run_step(lines, cols, 1, page) is None  # k - 1 = 0 is the first line: no line above a
    padded = [Line(Rect(36, 100, 76, 110), 108, (4,)), *lines]
    words.append(Word("1.", Rect(36, 100, 76, 110), 9.0))
    assert run_step(padded, [{0}, *cols], 2, page) == pytest.approx(13.0)
    assert centred_triples(padded, [{0}, *cols], page=page) == []
    assert centred_triples(padded, [{0}, *cols]) == [1, 2]
