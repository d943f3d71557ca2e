"""An unruled table whose cells wrap over several lines, its rows set as tight as the lines
(no cell padding, as Word's and reportlab's zero-padded tables are): a line that only goes on
the cells above (first column empty, each of its cells starting with a word that did not fit
on the line above) is that row's, not a row of its own. A grouped table whose rows leave the
first column empty under a group label keeps its rows: their short cells would have fitted."""

from __future__ import annotations

import io

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE = 9.0
PITCH = 11.0  # pt: every line, in a row or between rows
XS = (72.0, 140.0, 300.0, 360.0)  # left edges of the columns' text
MEASURE = 150.0  # pt: the wrapped columns' text width
ROWS = [("Plan", "Included services", "Monthly", "Notes"),
        ("Basic", "Email support and one shared hosting slot", "9.90", "Billed yearly, no refunds after thirty days"),
        ("Standard", "Phone support and backups", "19.90", "Most popular"),
        ("Premium", "Dedicated manager, unlimited slots, hourly backups and staging", "49.00",
         "Includes migration of existing sites at no cost"),
        ("Enterprise", "Custom", "on request", "Contact sales")]


def _wrap(text: str, width: float) -> list[str]:
    """Greedy line breaking of ``text`` into lines at most ``width`` pt wide."""
    lines: list[str] = []
    for word in text.split():
        if lines and pymupdf.get_text_length(lines[-1] + " " + word, fontsize=SIZE) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def tight_rows() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 90), "Hosting plans and prices for the coming year.", fontsize=SIZE)
    y = 120.0
    for row in ROWS:
        cells = [_wrap(c, MEASURE) if k in (1, 3) else [c] for k, c in enumerate(row)]
        for x, cell in zip(XS, cells, strict=True):
            for n, text in enumerate(cell):
                page.insert_text((x, y + PITCH * n), text, fontsize=SIZE)
        y += PITCH * max(len(c) for c in cells)
    page.insert_text((72, y + 20), "All prices exclude VAT and may change without notice.", fontsize=SIZE)
    return doc.tobytes()


def reportlab_tight() -> bytes:
    """The same table from reportlab: Paragraph cells, no padding, top-aligned."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle
    style = ParagraphStyle("cell", fontName="Helvetica", fontSize=SIZE, leading=PITCH)
    data = [[Paragraph(c, style) if len(c) > 12 else c for c in row] for row in ROWS]
    table = Table(data, colWidths=[70, 160, 60, 160])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("FONT", (0, 0), (-1, -1), "Helvetica", SIZE),
                               ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    buf = io.BytesIO()
    SimpleDocTemplate(buf).build([table])
    return buf.getvalue()


def grouped_rows() -> bytes:
    """A group label in the first column over rows of short prose cells, all at one pitch."""
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [("Group", "Item", "Colour"), ("Fruit", "Apples", "Red"), ("", "Pears", "Green"), ("", "Plums", "Blue"),
            ("Vegetables", "Leeks", "White"), ("", "Carrots", "Orange")]
    for i, row in enumerate(rows):
        for x, text in zip((72.0, 160.0, 240.0), row, strict=True):
            if text:
                page.insert_text((x, 120.0 + PITCH * i), text, fontsize=SIZE)
    return doc.tobytes()


def centred_cell() -> bytes:
    """A row whose second cell holds two lines centred on the row's one line (fpdf2 centres a
    row's cells vertically): the first of them stands farther under the row above than a
    line step, and is that row's, not the row above's."""
    doc = pymupdf.open()
    page = doc.new_page()
    rows = [("Item", "Spec", "Qty", "Notes"), ("Monitor", "27 inch display", "37", "Tax included"),
            ("Printer", ("Laser toner", "duplex unit"), "38", "Leased"), ("Scanner", "Flatbed", "6", "Spare part")]
    y = 120.0
    for label, spec, qty, note in rows:
        y += 20.0
        for x, text in ((72.0, label), (250.0, qty), (300.0, note)):
            if text:
                page.insert_text((x, y), text, fontsize=SIZE)
        specs = spec if isinstance(spec, tuple) else (spec,)
        for n, text in enumerate(specs):
            page.insert_text((160.0, y + (n - (len(specs) - 1) / 2) * PITCH), text, fontsize=SIZE)
    return doc.tobytes()


def _tables(pdf: bytes) -> list[list[list[str]]]:
    res = Pipeline(open_document(pdf)).run(0)
    return [[[" ".join(c.split()) for c in row] for row in t.rows_text()] for t in res.tables]


@pytest.mark.parametrize("make", [tight_rows, reportlab_tight], ids=["pymupdf", "reportlab"])
def test_wrapped_cells_of_tight_rows_stay_in_their_row(make) -> None:  # type: ignore[no-untyped-def]
    assert _tables(make()) == [[list(r) for r in ROWS]]


def test_short_cells_under_a_group_label_are_rows() -> None:
    assert _tables(grouped_rows()) == [[["Group", "Item", "Colour"], ["Fruit", "Apples", "Red"], ["", "Pears", "Green"],
                                        ["", "Plums", "Blue"], ["Vegetables", "Leeks", "White"],
                                        ["", "Carrots", "Orange"]]]


def test_explain_names_where_the_text_broke() -> None:
    res = Pipeline(open_document(tight_rows())).run(0)
    (why,) = explain_page(res, Params())
    broke = [w for w in why.dropped if w.axis == "row" and any(e.kind == "line_break" for e in w.evidence)]
    assert len(broke) >= 2, [w.decision for w in why.dropped]
    assert all("text broke before the next line" in w.decision for w in broke)


def test_a_centred_two_line_cell_stays_in_its_row() -> None:
    assert _tables(centred_cell()) == [[["Item", "Spec", "Qty", "Notes"],
                                        ["Monitor", "27 inch display", "37", "Tax included"],
                                        ["Printer", "Laser toner duplex unit", "38", "Leased"],
                                        ["Scanner", "Flatbed", "6", "Spare part"]]]
