"""A heading set close under one table's bottom rule, over the next table (issue 25, class 2).

The white over a heading's capitals (``between._apart``) tells a heading from a table's
section label in a ruled band; a heading only a few points under the rule had none and the
two tables came out as one. The next table opening as the upper one did, its header row
ruled off under it while the upper table's rows are not each ruled, is the evidence then
(``between.opens_again``). Built by PyMuPDF's drawing calls and by reportlab's platypus
(its tables centred on the page, the heading flush with the page's text left of them).
"""

from __future__ import annotations

import io

import pymupdf
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

X = (72.0, 200.0, 290.0, 380.0)  # the columns' left edges, pt
RULE = (66.0, 440.0)  # the rules' ends, pt
UPPER = (("Region", "Units", "Price", "Total"), ("North", "12", "3.50", "42.00"),
         ("South", "8", "2.25", "18.00"), ("East", "5", "4.00", "20.00"))
LOWER = (("Store", "Visits", "Sales", "Share"), ("Alpha", "120", "1,400", "0.31"), ("Beta", "95", "980", "0.22"))
TITLE = "Second quarter"


def _booktabs(page: pymupdf.Page, y: float, rows: tuple[tuple[str, ...], ...], head_rule: bool = True) -> float:
    """A table under a 1 pt top rule, its bold header ruled off by a 0.5 pt rule (``head_rule``),
    rows at a 14 pt pitch, a 1 pt bottom rule; returns the bottom rule's y (pt)."""
    page.draw_line((RULE[0], y), (RULE[1], y), width=1.0)
    y += 13
    for x, text in zip(X, rows[0], strict=True):
        page.insert_text((x, y), text, fontsize=10, fontname="hebo")
    y += 5
    if head_rule:
        page.draw_line((RULE[0], y), (RULE[1], y), width=0.5)
    y += 13
    for row in rows[1:]:
        for x, text in zip(X, row, strict=True):
            page.insert_text((x, y), text, fontsize=10, fontname="helv")
        y += 14
    y -= 9
    page.draw_line((RULE[0], y), (RULE[1], y), width=1.0)
    return y


def _drawn(white: float, head_rule: bool = True) -> bytes:
    """The two tables, the bold 11 pt heading's capitals ``white`` pt under the upper table's
    bottom rule, the next table's top rule 8 pt under the heading's baseline."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = _booktabs(page, 100.0, UPPER) + white + 0.72 * 11
    page.insert_text((RULE[0], y), TITLE, fontsize=11, fontname="hebo")
    _booktabs(page, y + 8, LOWER, head_rule)
    return doc.tobytes()


def _heading_reason(res: object) -> str:
    (said,) = [r.reason for r in explain(res, Params()).rejected if TITLE in r.reason]  # type: ignore[arg-type]
    return said


def test_a_heading_close_under_the_rule_parts_the_tables() -> None:
    res = Pipeline(open_document(_drawn(4.0))).run(0, Params())
    assert [t.rows_text() for t in res.tables] == [[list(r) for r in UPPER], [list(r) for r in LOWER]]
    said = _heading_reason(res)
    assert said.startswith('heading between tables: a heading in larger type ("Second quarter") set close under the rule')
    assert "its header row ruled off under it" in said


def test_a_heading_set_apart_is_told_by_its_white() -> None:
    """With a line's white over its capitals the heading parts them as before, and explain says so."""
    res = Pipeline(open_document(_drawn(9.0))).run(0, Params())
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(4, 4), (3, 4)]
    assert "set close" not in _heading_reason(res)


def test_without_the_next_tables_head_rule_a_close_line_stays_a_row() -> None:
    """No head rule under the next header: nothing but the close bold line tells it apart, and a
    bold line that close under a rule reads as a section label of one table."""
    res = Pipeline(open_document(_drawn(4.0, head_rule=False))).run(0, Params())
    assert len(res.tables) == 1
    assert [TITLE] in [[c for c in row if c] for row in res.tables[0].rows_text()]


def _sections() -> bytes:
    """One table ruled row by row: bold section labels ("Engineering", "Sales") each in a band
    of its own, 3 pt of white over their capitals, over rows of words."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 100.0
    page.draw_line((RULE[0], y), (RULE[1], y), width=1.0)
    y += 13
    for x, text in zip(X, ("Name", "Role", "Site", "Team"), strict=True):
        page.insert_text((x, y), text, fontsize=10, fontname="hebo")
    y += 5
    page.draw_line((RULE[0], y), (RULE[1], y), width=0.5)
    for label, rows in (("Engineering", (("Ann", "Lead", "Oslo", "Core"), ("Bob", "Dev", "Rome", "Web"))),
                        ("Sales", (("Cy", "Rep", "Kyiv", "East"), ("Di", "Rep", "Lima", "West")))):
        for cells in ((label,), *rows):
            y += 12
            for x, text in zip(X, cells, strict=False):
                page.insert_text((x, y), text, fontsize=10, fontname="hebo" if len(cells) == 1 else "helv")
            y += 5
            page.draw_line((RULE[0], y), (RULE[1], y), width=0.5)
    return doc.tobytes()


def test_a_section_label_in_a_table_ruled_row_by_row_keeps_it_whole() -> None:
    res = Pipeline(open_document(_sections())).run(0, Params())
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(7, 4)]
    assert not [r for r in explain(res, Params()).rejected if "set close" in r.reason]


def _reportlab(space_before: float) -> bytes:
    """reportlab's platypus: two tables centred on the page (1 pt rules over and under, 0.5 pt
    under the header), between them a bold 11 pt paragraph flush with the page's left margin,
    ``space_before`` pt over it."""
    def table(rows: tuple[tuple[str, ...], ...]) -> Table:
        t = Table([list(r) for r in rows], colWidths=[110, 80, 80, 80])
        t.setStyle(TableStyle([("FONT", (0, 0), (-1, 0), "Helvetica-Bold", 10),
                               ("FONT", (0, 1), (-1, -1), "Helvetica", 10),
                               ("LINEABOVE", (0, 0), (-1, 0), 1, "black"),
                               ("LINEBELOW", (0, 0), (-1, 0), 0.5, "black"),
                               ("LINEBELOW", (0, -1), (-1, -1), 1, "black"), ("ALIGN", (1, 1), (-1, -1), "RIGHT")]))
        return t
    buf = io.BytesIO()
    style = ParagraphStyle("h", fontName="Helvetica-Bold", fontSize=11, leading=13, spaceBefore=space_before,
                           spaceAfter=6)
    SimpleDocTemplate(buf, pagesize=A4).build([table(UPPER), Paragraph(TITLE, style), table(LOWER)])
    return buf.getvalue()


def test_reportlab_heading_close_under_a_centred_table() -> None:
    """The heading stands left of the rules (the page's text, no cell of the table): a heading's
    place. Close under the rule (3 pt of white over its capitals) the next table's head rule
    parts them; 6 pt further down its white does."""
    for space, close in ((0.0, True), (6.0, False)):
        res = Pipeline(open_document(_reportlab(space))).run(0, Params())
        assert [t.rows_text() for t in res.tables] == [[list(r) for r in UPPER], [list(r) for r in LOWER]]
        assert ("set close under the rule" in _heading_reason(res)) is close
