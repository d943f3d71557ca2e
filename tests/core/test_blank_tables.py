"""A blank table to fill in inside a form (a tax return's dependents grid): captions in one header
row over ruled rows left empty, the header's column rules drawn on down through them. It is a
table (the form's tags call it one), not "mostly empty"; its columns are the header's (a comb of
digit boxes or a check box drawn in the empty rows is no column); a line number of the form's
margin set in its first caption is no text of it; and a form whose frame or background panel
joins all its rules into one drawing gives up the blank table drawn inside it (Form 1040A of
2012, wild set: the whole page was one 41 x 17 grid, the dependents grid merged into it).
Drawn with several habits: rules as lines, cells as rectangles, rules as thin filled
rectangles (PyMuPDF), and lines with reportlab."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable, Sequence

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.blankform import BLANK_TABLE
from inspector.core.structure.tables import AROUND_BLANK
from inspector.core.types import PageResult

X0, X1 = 110.0, 480.0  # the blank table's sides, pt
COLS = (X0, 230.0, 330.0, 410.0, X1)  # its column rules
HEAD = ("Dependents: (1) First name", "(2) Social security number", "(3) Relationship", "(4) Child credit")
TOP, HEAD_H, ROW_H, ROWS = 300.0, 24.0, 12.0, 4
COMB = (260.0, 280.0)  # digit-group dividers drawn in the empty rows of column (2) only
CHECK = 440.0  # a check box in column (4) of each empty row
FRAME = (40.0, 60.0, 555.0, 700.0)  # a form's frame around everything
MARGIN = 110.0  # the form's label column rule, the whole frame's height

Rule = tuple[float, float, float, float]  # x0, y0, x1, y1 (one of them a line: x0 == x1 or y0 == y1)


def _params(**tables: object) -> Params:
    p = Params()
    return dataclasses.replace(p, tables=dataclasses.replace(p.tables, **tables))


def _ys() -> list[float]:
    return [TOP, TOP + HEAD_H, *(TOP + HEAD_H + ROW_H * k for k in range(1, ROWS + 1))]


def _blank_rules(comb: bool, check: bool) -> list[Rule]:
    ys = _ys()
    out: list[Rule] = [(X0, y, X1, y) for y in ys]
    out += [(x, ys[0], x, ys[-1]) for x in COLS[1:-1]]
    for a, b in zip(ys[1:], ys[2:], strict=False):
        if comb:
            out += [(x, a + 2, x, b - 2) for x in COMB]
        if check:  # an 8 pt square
            y = (a + b) / 2 - 4
            out += [(CHECK, y, CHECK + 8, y), (CHECK, y + 8, CHECK + 8, y + 8), (CHECK, y, CHECK, y + 8),
                    (CHECK + 8, y, CHECK + 8, y + 8)]
    return out


def _form_rules() -> list[Rule]:
    """A frame, the margin's label column rule down its whole height and section rules across it:
    one drawing joined to the blank table's row rules (which start on the margin rule)."""
    x0, y0, x1, y1 = FRAME
    out: list[Rule] = [(x0, y0, x1, y0), (x0, y1, x1, y1), (x0, y0, x0, y1), (x1, y0, x1, y1), (MARGIN, y0, MARGIN, y1)]
    out += [(x0, y, x1, y) for y in (120.0, 200.0, 280.0, 400.0, 520.0)]
    out += [(500.0, 400.0, 500.0, 520.0)] + [(500.0, y, x1, y) for y in (430.0, 460.0, 490.0)]  # amount boxes
    return out


def _texts(form: bool, number: bool) -> list[tuple[float, float, str, float]]:
    """(x, baseline, text, size) of the header's captions and, for a form, its other lines."""
    out = [(x + 4, TOP + 10, t, 7.0) for x, t in zip(COLS, HEAD, strict=False)]
    if number:  # the form's line numbers: "c" in the grid's first caption, "b" over it, "d" under it
        out = [(X0 + 4, TOP + 10, "c", 8.0), (X0 + 16, TOP + 10, HEAD[0], 7.0), *out[1:]]
        out += [(X0 + 4, TOP - 10, "b", 8.0), (X0 + 16, TOP - 10, "Spouse", 8.0),
                (X0 + 4, _ys()[-1] + 12, "d", 8.0), (X0 + 16, _ys()[-1] + 12, "Total number of exemptions", 8.0)]
    if form:
        out += [(46.0, 100.0, "Name", 9.0), (120.0, 100.0, "Your first name and initial", 7.0),
                (46.0, 160.0, "Filing", 9.0), (120.0, 160.0, "Single", 8.0), (120.0, 180.0, "Married filing jointly", 8.0),
                (46.0, 300.0, "Exemptions", 9.0), (46.0, 420.0, "Income", 9.0),
                (120.0, 420.0, "7 Wages, salaries, tips", 8.0), (120.0, 450.0, "8a Taxable interest", 8.0),
                (120.0, 480.0, "9a Ordinary dividends", 8.0), (46.0, 560.0, "Sign here", 9.0)]
    return out


def _pymupdf(rules: Sequence[Rule], texts: Sequence[tuple[float, float, str, float]], habit: str) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for x0, y0, x1, y1 in rules:
        if habit == "fill":  # a rule as a thin filled rectangle
            r = pymupdf.Rect(x0 - 0.3, y0 - 0.3, x1 + 0.3, y1 + 0.3)
            page.draw_rect(r, color=None, fill=(0, 0, 0), width=0)
        else:
            page.draw_line((x0, y0), (x1, y1), width=0.5)
    for x, y, t, size in texts:
        page.insert_text((x, y), t, fontsize=size, fontname="helv")
    return doc.tobytes()


def _cells_as_rects(texts: Sequence[tuple[float, float, str, float]]) -> bytes:
    """The blank table drawn as one rectangle per cell (header cells and each empty row's cells)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    ys = _ys()
    for a, b in zip(ys, ys[1:], strict=False):
        for lo, hi in zip(COLS, COLS[1:], strict=False):
            page.draw_rect(pymupdf.Rect(lo, a, hi, b), color=(0, 0, 0), width=0.5)
    for x, y, t, size in texts:
        page.insert_text((x, y), t, fontsize=size, fontname="helv")
    return doc.tobytes()


def _reportlab(rules: Sequence[Rule], texts: Sequence[tuple[float, float, str, float]]) -> bytes:
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595, 842))
    c.setLineWidth(0.5)
    for x0, y0, x1, y1 in rules:
        c.line(x0, 842 - y0, x1, 842 - y1)
    for x, y, t, size in texts:
        c.setFont("Helvetica", size)
        c.drawString(x, 842 - y, t)
    c.save()
    return buf.getvalue()


def _run(pdf: bytes, params: Params | None = None) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, params or Params())


MAKERS: dict[str, Callable[[Sequence[Rule], Sequence[tuple[float, float, str, float]]], bytes]] = {
    "pymupdf lines": lambda r, t: _pymupdf(r, t, "line"),
    "pymupdf filled rules": lambda r, t: _pymupdf(r, t, "fill"),
    "reportlab lines": _reportlab,
}


@pytest.mark.parametrize("maker", sorted(MAKERS))
def test_a_blank_table_to_fill_in_is_a_table(maker: str) -> None:
    pdf = MAKERS[maker](_blank_rules(False, False), _texts(False, False))
    res = _run(pdf)
    (table,) = res.tables
    assert (table.n_rows, table.n_cols) == (1 + ROWS, 4)
    assert [c.replace("\n", " ") for c in table.rows_text()[0]] == list(HEAD)
    assert all(c == "" for row in table.rows_text()[1:] for c in row)
    assert any(r.reason.startswith(BLANK_TABLE[:30]) for r in res.regions)
    # Without the blank-table reading it is "mostly empty", as a chart's banded plot area is.
    off = _run(pdf, _params(blank_tables=False))
    assert not off.tables
    assert any(r.reason.startswith("mostly empty") for r in off.regions)


def test_a_blank_table_drawn_as_one_rectangle_per_cell() -> None:
    res = _run(_cells_as_rects(_texts(False, False)))
    (table,) = res.tables
    assert (table.n_rows, table.n_cols) == (1 + ROWS, 4)
    assert [round(x) for x in table.grid.xs] == [round(x) for x in COLS]


@pytest.mark.parametrize("maker", sorted(MAKERS))
def test_comb_teeth_and_check_boxes_in_the_empty_rows_are_no_columns(maker: str) -> None:
    res = _run(MAKERS[maker](_blank_rules(True, True), _texts(False, False)))
    (table,) = res.tables
    assert [round(x) for x in table.grid.xs] == [round(x) for x in COLS]
    assert (table.n_rows, table.n_cols) == (1 + ROWS, 4)


@pytest.mark.parametrize("maker", sorted(MAKERS))
def test_a_form_line_number_in_the_first_caption_is_left_out(maker: str) -> None:
    res = _run(MAKERS[maker](_blank_rules(False, False), _texts(False, True)))
    (table,) = (t for t in res.tables if t.source == "ruled")
    assert table.rows_text()[0][0].replace("\n", " ") == HEAD[0]
    assert table.grid.xs[0] > X0 + 4  # the table starts after the line number
    (why,) = [w for w in explain_page(res, Params()) if w.bbox.y0 >= TOP - 1]
    assert [e.kind for e in why.cols[0].evidence] == ["line_number"]


@pytest.mark.parametrize("maker", sorted(MAKERS))
def test_the_blank_table_inside_a_forms_one_drawing_is_found(maker: str) -> None:
    res = _run(MAKERS[maker]([*_form_rules(), *_blank_rules(True, False)], _texts(True, False)))
    ruled = [t for t in res.tables if t.source == "ruled"]
    assert [(t.n_rows, t.n_cols) for t in ruled] == [(1 + ROWS, 4)]
    assert [c.replace("\n", " ") for c in ruled[0].rows_text()[0]] == list(HEAD)
    assert any(r.reason == AROUND_BLANK for r in res.regions)
    # The test can fail: without it the form's one drawing is read as one table over the page.
    off = _run(MAKERS[maker]([*_form_rules(), *_blank_rules(True, False)], _texts(True, False)),
               _params(blank_tables=False))
    assert [(t.n_rows, t.n_cols) for t in off.tables] != [(1 + ROWS, 4)]
    assert any(t.bbox.height > FRAME[3] - FRAME[1] - 10 for t in off.tables)  # the whole frame, one grid


def test_a_banded_area_with_labels_down_its_side_stays_mostly_empty() -> None:
    """A chart's plot area: gridlines and column rules, its labels in the first column of many
    rows (no header of captions over empty rows): no blank table, "mostly empty" as before."""
    ys = [100.0 + 20 * k for k in range(8)]
    rules: list[Rule] = [(100.0, y, 400.0, y) for y in ys] + [(x, ys[0], x, ys[-1]) for x in (100.0, 200.0, 300.0, 400.0)]
    texts = [(104.0, ys[0] + 12, "100", 7.0), (104.0, ys[4] + 12, "50", 7.0)]
    res = _run(_pymupdf(rules, texts, "line"))
    assert not res.tables
    assert any(r.reason.startswith("mostly empty") for r in res.regions)


def test_a_header_with_an_empty_cell_is_no_blank_table() -> None:
    texts = [t for t in _texts(False, False) if not t[2].startswith("(3)")]
    res = _run(_pymupdf(_blank_rules(False, False), texts, "line"))
    assert not res.tables


def test_dotted_dividers_set_as_text_in_the_empty_rows_are_no_entries() -> None:
    """A comb's dividers printed as text (":" between digit groups, as amgraf sets Form 1040NR's)
    in the empty rows, and a mark in a caption ("*", as a check mark is): still a blank table, the marks left out of
    its cells, the caption's mark kept."""
    ys = _ys()
    texts = [(t[0], t[1], t[2].replace("(4)", "(4) *") if t[2].startswith("(4)") else t[2], t[3])
             for t in _texts(False, False)]
    texts += [(x, (a + b) / 2 + 3, ":", 8.0) for a, b in zip(ys[1:], ys[2:], strict=False) for x in COMB]
    res = _run(_pymupdf(_blank_rules(False, False), texts, "line"))
    (table,) = res.tables
    assert (table.n_rows, table.n_cols) == (1 + ROWS, 4)
    assert all(c == "" for row in table.rows_text()[1:] for c in row)
    assert table.rows_text()[0][3] == "(4) * Child credit"


def test_the_blank_table_on_a_forms_background_panel_is_found() -> None:
    """Form 1040A's habit: a light panel filled behind the form's entry area, its edges (read as
    rules) meeting the blank table's row rules and the form's section rules; no frame drawn."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.draw_rect(pymupdf.Rect(MARGIN - 1.2, FRAME[1], FRAME[2], FRAME[3]), color=None, fill=(1.0, 0.93, 0.93), width=0)
    rules = [r for r in _form_rules() if r[0] != FRAME[0] or r[2] != FRAME[0]]  # no frame side at the left
    for x0, y0, x1, y1 in [*rules, *_blank_rules(True, True)]:
        page.draw_line((x0, y0), (x1, y1), width=0.5)
    for x, y, t, size in _texts(True, True):
        page.insert_text((x, y), t, fontsize=size, fontname="helv")
    res = _run(doc.tobytes())
    ruled = [t for t in res.tables if t.source == "ruled"]
    assert [(t.n_rows, t.n_cols) for t in ruled] == [(1 + ROWS, 4)]
    assert ruled[0].rows_text()[0][0].replace("\n", " ") == HEAD[0]
