"""Row labels centred down the rows they span, no rule round them (issue 25: groff tbl's ``^``,
a merged cell aligned to the middle): a label over two rows stands between their lines, one
over three on the middle row's (``structure/centredstub.py``, ``tables.centred_stubs``).
Built with PyMuPDF's drawing calls and with reportlab's platypus (SPAN, VALIGN MIDDLE)."""

from __future__ import annotations

import io

import pymupdf
from reportlab.lib.pagesizes import A4
from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

X = (72.0, 170.0, 300.0, 380.0)  # the columns' left edges, pt
PITCH = 13.0  # pt between the rows' baselines
BODY = (("Research", "188.63", "52.13"), ("Capital", "773.91", "33.86"), ("Finance", "27.23", "6.69"),
        ("Income", "299.34", "16.17"), ("Total", "96.64", "94.34"))


def _drawn(labels: tuple[tuple[str, float], ...], wrapped: str = "") -> bytes:
    """A head "Region | Account | 2018 | 2019" ruled off over five body rows, a rule over and
    under; each stub label at (text, place in rows from the first body row: 1.5 is halfway
    between the second and the third); the last row's account goes on over a second line
    ``wrapped`` when given."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    top = 100.0
    page.draw_line((66, top), (440, top), width=0.5)
    for x, text in zip(X, ("Region", "Account", "2018", "2019"), strict=True):
        page.insert_text((x, top + 12), text, fontsize=10, fontname="hebo")
    page.draw_line((66, top + 16), (440, top + 16), width=0.5)
    first = top + 16 + 12
    for k, cells in enumerate(BODY):
        for x, text in zip(X[1:], cells, strict=True):
            page.insert_text((x, first + k * PITCH), text, fontsize=10, fontname="helv")
    for text, place in labels:
        page.insert_text((X[0], first + place * PITCH), text, fontsize=10, fontname="helv")
    bottom = first + (len(BODY) - 1) * PITCH + 5
    if wrapped:  # the last row's account wrapped onto a second line, 11 pt under its first
        page.insert_text((X[1], bottom + 6), wrapped, fontsize=10, fontname="helv")
        bottom += 11
    page.draw_line((66, bottom), (440, bottom), width=0.5)
    return doc.tobytes()


def _stub(data: bytes, params: Params | None = None) -> list[tuple[int, int, str]]:
    (table,) = Pipeline(open_document(data)).run(0, params or Params()).tables
    assert (table.n_rows, table.n_cols) == (6, 4)
    return [(c.r, c.rs, c.text) for c in table.cells if c.c == 0]


def test_labels_centred_over_two_and_three_rows_span_them() -> None:
    """"Iberia" halfway between the first two body rows, "Nordics" on the fourth's line, centred
    on the last three."""
    assert _stub(_drawn((("Iberia", 0.5), ("Nordics", 3.0)))) == [(0, 1, "Region"), (1, 2, "Iberia"), (3, 3, "Nordics")]


def test_a_label_on_the_middle_row_under_a_blank_first_row_spans_three() -> None:
    """"Benelux" on the second body row's line, the first body row's stub blank: centred on the
    first three; "Alps" and "Total" then one row each."""
    assert _stub(_drawn((("Benelux", 1.0), ("Alps", 3.0), ("Other", 4.0)))) == [
        (0, 1, "Region"), (1, 3, "Benelux"), (4, 1, "Alps"), (5, 1, "Other")]


def test_groups_that_do_not_fit_the_rows_are_not_read() -> None:
    """"Benelux" centred on the first three rows leaves two, "East" on the last: no group is
    centred on it, so no label spans."""
    assert _stub(_drawn((("Benelux", 1.0), ("East", 4.0)))) == [
        (0, 1, "Region"), (1, 1, ""), (2, 1, "Benelux"), (3, 1, ""), (4, 1, ""), (5, 1, "East")]


def test_top_aligned_labels_stay_one_row_each() -> None:
    """Labels on their groups' first rows, the first body row labelled: nothing says centred."""
    assert _stub(_drawn((("Iberia", 0.0), ("Nordics", 2.0)))) == [
        (0, 1, "Region"), (1, 1, "Iberia"), (2, 1, ""), (3, 1, "Nordics"), (4, 1, ""), (5, 1, "")]


def test_the_lever_turns_it_off() -> None:
    off = Params().with_value("tables.centred_stubs", False)
    assert _stub(_drawn((("Iberia", 0.5), ("Nordics", 3.0))), off)[1:3] == [(1, 1, "Iberia"), (2, 1, "")]


def test_reportlab_middle_aligned_spans() -> None:
    """reportlab's SPAN with VALIGN MIDDLE: "Iberia" over two rows, "Nordics" over three."""
    rows = [["Region", "Account", "2018", "2019"], ["Iberia", *BODY[0]], ["", *BODY[1]], ["Nordics", *BODY[2]],
            ["", *BODY[3]], ["", *BODY[4]]]
    t = Table(rows, colWidths=[100, 130, 80, 80], hAlign="LEFT")
    t.setStyle(TableStyle([("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 10), ("FONT", (0, 1), (-1, -1), "Helvetica", 10),
                           ("LINEABOVE", (0, 0), (-1, 0), 0.5, "black"), ("LINEBELOW", (0, 0), (-1, 0), 0.5, "black"),
                           ("LINEBELOW", (0, -1), (-1, -1), 0.5, "black"), ("SPAN", (0, 1), (0, 2)),
                           ("SPAN", (0, 3), (0, 5)), ("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
    buf = io.BytesIO()
    SimpleDocTemplate(buf, pagesize=A4).build([t])
    assert _stub(buf.getvalue()) == [(0, 1, "Region"), (1, 2, "Iberia"), (3, 3, "Nordics")]


def test_explain_names_the_centred_label() -> None:
    from inspector.core.explain import explain

    res = Pipeline(open_document(_drawn((("Iberia", 0.5), ("Nordics", 3.0))))).run(0, Params())
    (table,) = explain(res, Params()).tables
    named = [(k, b.decision.split("; ")[-1]) for k, b in enumerate(table.rows) if any(e.kind == "centred_stub" for e in b.evidence)]
    assert named == [(2, 'the row labels stand centred down the rows they span (one off the rows\' lines, or the first '
                         'body row\'s blank), so the stub is read as groups: "Iberia" is one cell over rows 2-3 '
                         '(tables.centred_stubs)'),
                     (4, 'the row labels stand centred down the rows they span (one off the rows\' lines, or the first '
                         'body row\'s blank), so the stub is read as groups: "Nordics" is one cell over rows 4-6 '
                         '(tables.centred_stubs)'),
                     (5, 'the row labels stand centred down the rows they span (one off the rows\' lines, or the first '
                         'body row\'s blank), so the stub is read as groups: "Nordics" is one cell over rows 4-6 '
                         '(tables.centred_stubs)')]


def test_a_row_over_two_lines_leaves_the_labels_as_they_stand() -> None:
    """A wrapped cell in the body: a row's lines give no one line to place a label against (a
    top-aligned label on a wrapped row's first line stands off its middle), so the stub is not
    read as centred, though here it is: "Iberia" stays the first row's label, nothing spans
    (the conservative reading, kept where the evidence is a single line a row)."""
    assert _stub(_drawn((("Iberia", 0.5), ("Nordics", 3.0)), wrapped="(restated)")) == [
        (0, 1, "Region"), (1, 1, "Iberia"), (2, 1, ""), (3, 1, ""), (4, 1, "Nordics"), (5, 1, "")]
