"""Numbers in e-notation are numbers (issue 25, matplotlib reports): a column of rate
constants printed "8.24e-04" beside a column of counts, both under a group label centred over
them (no text gap runs down every line), is two columns by the number stacks
(``structure.stacks``), which only see numbers ``numbers.parse_number`` reads."""

from __future__ import annotations

import io

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

ROWS = (("Sample", "T (C)", "k (1/s)", "n"), ("S-01", "31.0", "8.24e-04", "3,535"), ("S-07", "20.9", "1.01e-02", "605"),
        ("S-10", "-9.9", "1.37e-03", "2,937"), ("S-02", "3.4", "-5.18e-04", "2,756"), ("S-09", "26.5", "1.94e-04", "1,471"))
GROUPS = (("Conditions", 1, 2), ("Kinetics", 2, 4))


def _pymupdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    xs = (150.0, 200.0, 245.0, 295.0, 330.0)
    y = 120.0
    page.draw_line((xs[0], y - 12), (xs[-1], y - 12), width=1.0)
    for label, a, b in GROUPS:
        page.insert_text(((xs[a] + xs[b] - pymupdf.get_text_length(label, "helv", 9)) / 2, y), label, fontsize=9,
                         fontname="helv")
        page.draw_line((xs[a] + 3, y + 4), (xs[b] - 3, y + 4), width=0.5)
    y += 16
    for k, row in enumerate(ROWS):
        for c, text in enumerate(row):
            x = xs[0] + 4 if c == 0 else xs[c + 1] - 6 - pymupdf.get_text_length(text, "helv", 9)
            page.insert_text((x, y), text, fontsize=9, fontname="helv")
        if k == 0:
            page.draw_line((xs[0], y + 4), (xs[-1], y + 4), width=0.6)
        y += 16
    page.draw_line((xs[0], y - 10), (xs[-1], y - 10), width=1.0)
    return doc.tobytes()


def _reportlab() -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

    table = Table([["", "Conditions", "Kinetics", ""], *[list(r) for r in ROWS]], colWidths=[50, 45, 50, 35])
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), "Helvetica", 9), ("ALIGN", (1, 1), (-1, -1), "RIGHT"),
                               ("SPAN", (2, 0), (3, 0)), ("ALIGN", (1, 0), (-1, 0), "CENTER"),
                               ("LINEABOVE", (0, 0), (-1, 0), 1.0, "black"), ("LINEBELOW", (2, 0), (3, 0), 0.5, "black"),
                               ("LINEBELOW", (0, 1), (-1, 1), 0.6, "black"), ("LINEBELOW", (0, -1), (-1, -1), 1.0, "black")]))
    buf = io.BytesIO()
    SimpleDocTemplate(buf, pagesize=A4).build([table])
    return buf.getvalue()


@pytest.mark.parametrize("make", [_pymupdf, _reportlab], ids=["pymupdf", "reportlab"])
def test_a_column_of_exponents_beside_counts_is_its_own(make) -> None:
    (table,) = Pipeline(open_document(make())).run(0).tables
    assert [[" ".join(c.split()) for c in row] for row in table.rows_text()[-len(ROWS):]] == [list(r) for r in ROWS]
