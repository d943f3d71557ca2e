"""Where one table ends (issue 25, class 2): a tall ruled row holding a multi-paragraph cell
(an address with a note, sentences ending in full stops) is one of the table's rows when the
table's column rule runs through it; prose between two tables does not sit between their
column rules. Built with PyMuPDF and with reportlab at exact coordinates."""

from __future__ import annotations

import io
from collections.abc import Callable

import pymupdf
import pytest
from reportlab.pdfgen import canvas

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

W, H = 612.0, 792.0
XS = (36.0, 140.0, 400.0, 576.0)  # the table's sides and its two column boundaries
TOP, ROW, SIZE, LEAD = 80.0, 39.5, 10.0, 12.0
PARAGRAPHS = ("Novitas Solutions, Inc.", "P.O. Box 3398", "Mechanicsburg, PA 17055-1868.",
              "Send claims by Priority mail or by a courier.", "If a courier such as UPS or FedEx is used, use this.",
              "Novitas Solutions, Attention: Claims Department.", "2020 Technology Parkway, Suite 100.",
              "Mechanicsburg, PA 17050.")
ROWS = (("State", "Mail your claim to", "Form"), ("Maryland", "Novitas Solutions", "CMS-1490S"),
        ("Massachusetts", "\n".join(PARAGRAPHS), "CMS-1490S"), ("Michigan", "Wisconsin Physicians", "CMS-1500"),
        ("Minnesota", "National Government", "CMS-1490S"), ("Missouri", "Noridian Healthcare", "CMS-1500"))
Line = tuple[float, float, float, float]
Text = tuple[float, float, str]  # x, baseline y (top-left origin), text


def layout(column_rules: tuple[float, ...], through: bool = True) -> tuple[list[Line], list[Text], list[float]]:
    """The table's rules and texts (top-left origin, pt) and its row boundaries. Horizontal
    rules across the width; ``column_rules`` (x) from the top rule to the bottom one, or, when
    not ``through``, stopping at the tall row (then the tall row is prose between two tables)."""
    ys, texts, y = [TOP], list[Text](), TOP
    for row in ROWS:
        lines = [c.split("\n") for c in row]
        for c, cell in enumerate(lines):
            texts += [(XS[c] + 4, y + 14 + LEAD * k, t) for k, t in enumerate(cell)]
        y += ROW if max(map(len, lines)) == 1 else LEAD * len(PARAGRAPHS) + 24
        ys.append(y)
    rules: list[Line] = [(XS[0], yy, XS[-1], yy) for yy in ys]
    spans = [(ys[0], ys[-1])] if through else [(ys[0], ys[2]), (ys[3], ys[-1])]
    rules += [(x, a, x, b) for x in column_rules for a, b in spans]
    return rules, texts, ys


def with_pymupdf(rules: list[Line], texts: list[Text]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=W, height=H)
    for x0, y0, x1, y1 in rules:
        page.draw_line((x0, y0), (x1, y1), width=0.25)
    for x, y, t in texts:
        page.insert_text((x, y), t, fontsize=SIZE)
    return bytes(doc.tobytes())


def with_reportlab(rules: list[Line], texts: list[Text]) -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(W, H))
    c.setLineWidth(0.25)
    for x0, y0, x1, y1 in rules:  # reportlab's origin is the bottom left
        c.line(x0, H - y0, x1, H - y1)
    c.setFont("Helvetica", SIZE)
    for x, y, t in texts:
        c.drawString(x, H - y, t)
    c.showPage()
    c.save()
    return buf.getvalue()


MAKERS: dict[str, Callable[[list[Line], list[Text]], bytes]] = {"pymupdf": with_pymupdf, "reportlab": with_reportlab}


@pytest.mark.parametrize("maker", sorted(MAKERS))
@pytest.mark.parametrize("column_rules", [(XS[1],), (XS[1], XS[2])], ids=["stub-rule", "both-rules"])
def test_column_rules_through_a_tall_row_keep_one_table(maker: str, column_rules: tuple[float, ...]) -> None:
    """The 8-line cell of sentences is the third row of one 6 x 3 table, whole."""
    rules, texts, ys = layout(column_rules)
    res = Pipeline(open_document(MAKERS[maker](rules, texts))).run(0)
    (table,) = res.tables
    assert (table.n_rows, table.n_cols) == (len(ROWS), 3)
    assert table.bbox.y0 == pytest.approx(ys[0], abs=1) and table.bbox.y1 == pytest.approx(ys[-1], abs=1)
    got = table.rows_text()
    assert [r[0] for r in got] == [r[0] for r in ROWS]
    assert " ".join(got[2][1].split()) == " ".join(PARAGRAPHS)


@pytest.mark.parametrize("maker", sorted(MAKERS))
def test_prose_outside_the_column_rules_still_parts_two_tables(maker: str) -> None:
    """The same page with the column rule stopping above the paragraph and starting again under
    it: the paragraph stands between two tables, as before."""
    rules, texts, ys = layout((XS[1],), through=False)
    res = Pipeline(open_document(MAKERS[maker](rules, texts))).run(0)
    assert len(res.tables) == 2
    assert not any("Mechanicsburg" in " ".join(" ".join(r) for r in t.rows_text()) for t in res.tables)
