"""Bold section rows with no fill of their own ("Continuing operations" alone in the first
column, in bold over regular row labels): a table library's section cell spanning every
column. Evidence: the row is a band of its own (a zebra's fill edges over and under it) or
sits at the padded rows' own pitch. Not a section cell: the same label between rows set at
their type's leading (a statistics table's "Actual" over its years), or over labels indented
under it (a stub's hierarchy), or a regular label with its values left blank."""

from __future__ import annotations

import io

import pymupdf
import pytest
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Table as Found

XS = (60.0, 200.0, 280.0, 360.0, 440.0, 520.0)  # label, four amount columns
SIZE = 9.0
HEAD = ("Item", "2018", "2019", "2020", "2021")
BODY = (("Continuing operations",), ("Africa", "8.6%", "643", "153", "9"),
        ("Incidents", "-2.7%", "233", "10", "8,811"), ("South", "19.8%", "865", "(1)", "87"),
        ("Americas",), ("Middle East", "11.1%", "63", "139", "62,502"),
        ("Support", "24.7%", "9", "5", "30"), ("Total", "24.3%", "70", "(18,869)", "72"))
SECTIONS = (1, 5)  # their rows, the header row 0


def _put(page: pymupdf.Page, c: int, y: float, text: str, bold: bool, indent: float) -> None:
    font = "hebo" if bold else "helv"
    if c == 0:
        x = XS[0] + indent
    else:
        x = XS[c + 1] - 6 - pymupdf.get_text_length(text, fontname=font, fontsize=SIZE)
    page.insert_text((x, y), text, fontsize=SIZE, fontname=font)


def _pymupdf_page(pitch: float, indent: float = 0.0, rules: bool = False) -> bytes:
    """The table drawn with no fill, rows ``pitch`` pt apart; the rows' labels under a section
    row start ``indent`` pt right of it; with ``rules``, rules over and under the header and
    under the table (a statistics table's), else none."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    top = 120.0
    if rules:
        for y in (top - SIZE - 3, top + 4, top + len(BODY) * pitch + 4):
            page.draw_line((XS[0], y), (XS[-1], y), width=0.5)
    for r, row in enumerate((HEAD, *BODY)):
        y = top + r * pitch
        section = r in SECTIONS
        for c, text in enumerate(row):
            ind = indent if c == 0 and r and not section and row[0] != "Total" else 0.0
            _put(page, c, y, text, bold=r == 0 or section or row[0] == "Total", indent=ind)
    return doc.tobytes()


def _reportlab_zebra() -> bytes:
    """reportlab's Table: a header band, body rows banded white and grey, the section rows on
    white in bold, the totals row bold; no grid lines."""
    data = [list(HEAD)] + [list(row) + [""] * (5 - len(row)) for row in BODY]
    style = [("FONT", (0, 0), (-1, 0), "Helvetica-Bold", SIZE), ("FONT", (0, 1), (-1, -1), "Helvetica", SIZE),
             ("BACKGROUND", (0, 0), (-1, 0), colors.Color(0.16, 0.5, 0.73)),
             ("TEXTCOLOR", (0, 0), (-1, 0), colors.white), ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
             ("FONT", (0, len(data) - 1), (-1, len(data) - 1), "Helvetica-Bold", SIZE),
             ("TOPPADDING", (0, 0), (-1, -1), 5), ("BOTTOMPADDING", (0, 0), (-1, -1), 5)]
    for r in range(1, len(data)):
        if r in SECTIONS:
            style.append(("FONT", (0, r), (-1, r), "Helvetica-Bold", SIZE))
        else:
            shade = colors.Color(0.9, 0.9, 0.9) if r % 2 == 0 else colors.white
            style.append(("BACKGROUND", (0, r), (-1, r), shade))
    buf = io.BytesIO()
    table = Table(data, colWidths=[150, 80, 80, 80, 80])
    table.setStyle(TableStyle(style))
    SimpleDocTemplate(buf, pagesize=A4).build([table])
    return buf.getvalue()


def _table(pdf: bytes) -> Found:
    table, _ = _found(pdf)
    return table


def _found(pdf: bytes) -> tuple[Found, list[int]]:
    """The one table and the grid rows whose boundary over them explain calls a section row's."""
    res = Pipeline(open_document(pdf)).run(0)
    assert len(res.tables) == 1
    table = res.tables[0]
    why = explain_page(res, Params())[0]
    said = [k for k, w in enumerate(why.rows) if any(e.kind == "section_row" for e in w.evidence)]
    assert (table.n_rows, table.n_cols) == (1 + len(BODY), 5)
    assert [row[0] for row in table.rows_text()] == [HEAD[0], *(row[0] for row in BODY)]
    return table, said


def _spanning(table: Found) -> list[tuple[int, int, int, int, str]]:
    return sorted((c.r, c.c, c.rs, c.cs, c.text) for c in table.cells if c.cs > 1 or c.rs > 1)


@pytest.mark.parametrize("pdf", [lambda: _pymupdf_page(pitch=18.0), _reportlab_zebra],
                         ids=["pymupdf-padded", "reportlab-zebra"])
def test_bold_section_rows_span_the_table(pdf) -> None:
    table, said = _found(pdf())
    assert _spanning(table) == [(1, 0, 1, 5, "Continuing operations"), (5, 0, 1, 5, "Americas")]
    assert said == list(SECTIONS)  # explain: the boundary over each says it is a section row
    assert table.rows_text()[2] == list(BODY[1])


@pytest.mark.parametrize("pitch, indent", [(11.0, 0.0), (18.0, 8.0)], ids=["leading", "indented-under"])
def test_bold_labels_not_at_a_padded_pitch_or_over_indented_labels_stay_in_the_first_column(
        pitch: float, indent: float) -> None:
    table = _table(_pymupdf_page(pitch, indent, rules=True))
    assert _spanning(table) == []
    assert table.rows_text()[1] == ["Continuing operations", "", "", "", ""]
