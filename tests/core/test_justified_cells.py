"""A cell's paragraph set justified (Word's "Justify", fpdf2's and reportlab's justified
cells): the stretched word spaces of its wrapped lines are as wide as a column gap in a
narrow cell, yet they are one cell's text. A table row of equal-width cells in equal columns
(equal gaps too, but no paragraph going on below) keeps its columns."""

from __future__ import annotations

import io
from collections.abc import Callable

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import ColumnParams, Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE = 10.0
LABEL = (72.0, 170.0)  # the label column's text edges (pt)
XS = (200.0, 260.0, 330.0)  # left edges of the other columns' text
HEAD = ("Item", "Qty", "Price", "Total")
BODY = [(("Steel brackets",), "12", "4.10", "49.20"),
        (("Zinc plated wing nuts", "assorted sizes"), "40", "0.35", "14.00"),
        (("Hex bolts",), "25", "0.80", "20.00"),
        (("Brass hinges for light", "cabinet doors"), "6", "2.25", "13.50"),
        (("Rubber feet",), "16", "0.15", "2.40")]


def _justify(page: pymupdf.Page, text: str, y: float) -> None:
    """``text`` spread over ``LABEL`` with equal word spaces, as a justified line is set."""
    words = text.split()
    widths = [pymupdf.get_text_length(w, fontsize=SIZE) for w in words]
    space = (LABEL[1] - LABEL[0] - sum(widths)) / (len(words) - 1)
    x = LABEL[0]
    for w, width in zip(words, widths, strict=True):
        page.insert_text((x, y), w, fontsize=SIZE)
        x += width + space


def borderless(justified: bool = True) -> bytes:
    """A borderless table whose two wrapped labels' first lines are justified (when
    ``justified``; else set with plain spaces); values on the label's first line."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 90), "Hardware order for the spring maintenance of the site.", fontsize=SIZE)
    y = 130.0
    for text, x in zip(HEAD, (LABEL[0], *XS), strict=True):
        page.insert_text((x, y), text, fontsize=SIZE)
    for label, *values in BODY:
        y += 16.0
        for k, line in enumerate(label):
            at = y + 12.0 * k
            if k < len(label) - 1 and justified:
                _justify(page, line, at)
            else:
                page.insert_text((LABEL[0], at), line, fontsize=SIZE)
        for value, x in zip(values, XS, strict=True):
            page.insert_text((x, y), value, fontsize=SIZE)
        y += 12.0 * (len(label) - 1)
    page.insert_text((72, y + 40), "All prices are per unit and exclude delivery.", fontsize=SIZE)
    return doc.tobytes()


def reportlab_justified(width: float = 100) -> bytes:
    """reportlab's Table with justified Paragraphs in a first column ``width`` pt wide, a rule
    under the header only: at 80 pt the labels wrap over three lines, two of them justified
    with one stretched space each; at 60 pt over up to five lines beside one-line amounts."""
    from reportlab.lib.enums import TA_JUSTIFY
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle
    style = ParagraphStyle("cell", fontName="Helvetica", fontSize=SIZE, leading=12, alignment=TA_JUSTIFY)
    data: list[list[object]] = [list(HEAD)]
    for label, *values in BODY:
        data.append([Paragraph(" ".join(label), style), *values])
    table = Table(data, colWidths=[width, 60, 70, 70])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, 0), 0.5, "black")]))
    buf = io.BytesIO()
    SimpleDocTemplate(buf).build([table])
    return buf.getvalue()


def equal_cells() -> bytes:
    """A yes/no matrix: equal-width words in equal columns on every row (equal gaps on each
    line, each row starting at the first column's edge): columns, not justified text."""
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [("Site", "Gas", "Water", "Power"), ("North", "Yes", "Yes", "Yes"), ("South", "No", "No", "No"),
            ("East", "Yes", "Yes", "Yes"), ("West", "No", "No", "No")]
    for i, row in enumerate(rows):
        for text, x in zip(row, (72.0, 140.0, 180.0, 220.0), strict=True):
            page.insert_text((x, 120.0 + 14.0 * i), text, fontsize=SIZE)
    return doc.tobytes()


def label_number_pairs() -> bytes:
    """A rate sheet: a name, then "Weekday 120" and "Weekend 150" pairs in two left-aligned
    columns; each name and its "Weekday" span the same x on two lines (one word repeated in a
    column), with no paragraph between them."""
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 90), "Tariffs", fontsize=12)
    for i, (name, a, b) in enumerate([("Court hire", "120", "150"), ("Coaching", "40", "55"),
                                      ("Ball machine", "15", "20")]):
        y = 110.0 + 14.0 * i
        page.insert_text((72, y), name, fontsize=SIZE)
        page.insert_text((180, y), "Weekday " + a, fontsize=SIZE)
        page.insert_text((280, y), "Weekend " + b, fontsize=SIZE)
    return doc.tobytes()


NOTES = [("S-101", "Staging", "680.65", "backup hosting manager migration monthly staging"),
         ("S-102", "Support weekly", "721.78", "phone"),
         ("S-103", "Hosting manager", "233.01", "daily manager manager email support weekly slot"),
         ("S-104", "Email", "96.40", "monthly backup"),
         ("S-105", "Phone support", "12.50", "weekly staging backup phone migration daily")]


def reportlab_notes() -> bytes:
    """reportlab, no cell padding, a justified notes column 110 pt wide: its two-word lines
    ("backup    hosting" over "manager    migration") span the cell edge to edge, their
    spaces centred alike, and the rows are set at the line pitch."""
    from reportlab.lib.enums import TA_JUSTIFY
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle
    style = ParagraphStyle("note", fontName="Helvetica", fontSize=9, leading=11, alignment=TA_JUSTIFY)
    data: list[list[object]] = [["Code", "Service", "Price", "Notes"]]
    data += [[*row[:3], Paragraph(row[3], style)] for row in NOTES]
    table = Table(data, colWidths=[60, 150, 60, 110])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("FONT", (0, 0), (-1, -1), "Helvetica", 9),
                               ("LINEBELOW", (0, 0), (-1, 0), 0.5, "black"), ("TOPPADDING", (0, 0), (-1, -1), 0),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    buf = io.BytesIO()
    SimpleDocTemplate(buf).build([table])
    return buf.getvalue()


def _tables(pdf: bytes, params: Params | None = None) -> list[list[list[str]]]:
    res = Pipeline(open_document(pdf)).run(0, params)
    return [[[" ".join(c.split()) for c in row] for row in t.rows_text()] for t in res.tables]


def _expected() -> list[list[str]]:
    return [list(HEAD)] + [[" ".join(label), *values] for label, *values in BODY]


@pytest.mark.parametrize("make", [borderless, reportlab_justified, lambda: reportlab_justified(80),
                                  lambda: reportlab_justified(60)],
                         ids=["pymupdf-borderless", "reportlab", "reportlab-two-word-lines", "reportlab-five-lines"])
def test_justified_labels_stay_one_cell(make: Callable[[], bytes]) -> None:
    assert _tables(make()) == [_expected()]


def test_justified_labels_hold_without_the_mechanism_too() -> None:
    """With ``columns.justified`` off the stretched spaces still cut no label here: the cuts
    they find leave empty thin columns, and each drops the cut more lines cross
    (``thincols._more_crossed``), so the labels' own gaps go and the body's stay."""
    off = Params(columns=ColumnParams(justified=False))
    assert _tables(borderless(), off) == [_expected()]
    assert _tables(borderless(justified=False), off) == [_expected()]


def test_equal_gaps_of_a_table_row_stay_columns() -> None:
    assert _tables(equal_cells()) == [[["Site", "Gas", "Water", "Power"], ["North", "Yes", "Yes", "Yes"],
                                       ["South", "No", "No", "No"], ["East", "Yes", "Yes", "Yes"],
                                       ["West", "No", "No", "No"]]]


def test_explain_names_the_justified_spaces() -> None:
    res = Pipeline(open_document(borderless())).run(0)
    (why,) = explain_page(res, Params())
    stretched = [w for w in why.dropped if w.axis == "col" and any(e.kind == "justified" for e in w.evidence)]
    assert stretched, [w.decision for w in why.dropped]
    assert all("stretched by justification" in w.decision for w in stretched)
    assert stretched[0].as_json()["evidence"][-1] == {"kind": "justified", "count": 2}


def test_one_word_repeated_in_a_column_is_no_justified_line() -> None:
    """"Coaching    Weekday" spans the x of "Ball machine  Weekday" under it: a column's word
    repeated, not two justified lines of one cell; the three rows stay a table."""
    assert _tables(label_number_pairs()) == [[["Court hire", "Weekday 120", "Weekend 150"],
                                              ["Coaching", "Weekday 40", "Weekend 55"],
                                              ["Ball machine", "Weekday 15", "Weekend 20"]]]


def test_two_word_justified_lines_centred_alike_stay_one_table() -> None:
    assert _tables(reportlab_notes()) == [[["Code", "Service", "Price", "Notes"], *[list(r) for r in NOTES]]]
