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
# InDesign's address list: two columns, one rule after the stub column, none at the sides; the
# tall cell's note runs in long lines across the second column (prose across the rules' width).
NOTE = ("Novitas Solutions, Inc.", "P.O. Box 3398", "Mechanicsburg, PA 17055-1868.",
        "(Address to send claims by Priority mail or through a commercial courier (UPS, FedEx)",
        "for which a PO Box cannot be used, please use the following street address instead.",
        "Novitas Solutions, Inc. Attention: Claims Department.", "2020 Technology Parkway, Suite 100.",
        "Mechanicsburg, PA 17050.)")
XS2 = (36.0, 140.0, 576.0)
ROWS2 = tuple((r[0], r[1]) for r in ROWS[:2]) + (("Pennsylvania", "\n".join(NOTE)),) + tuple((r[0], r[1]) for r in ROWS[3:])
Line = tuple[float, float, float, float]
Text = tuple[float, float, str]  # x, baseline y (top-left origin), text


PROSE = ("Claims for the states below go to the contractor named in the second column of the table.",
         "Send the form, the itemized bill and the supporting documents together, in one envelope.",
         "Claims sent to the wrong contractor are returned to the sender without being processed.",
         "Keep a copy of everything you send; the contractor may ask for it again later in the year.")


def layout(column_rules: tuple[float, ...], through: bool = True, xs: tuple[float, ...] = XS,
           rows: tuple[tuple[str, ...], ...] = ROWS) -> tuple[list[Line], list[Text], list[float]]:
    """The table's rules and texts (top-left origin, pt) and its row boundaries. Horizontal
    rules across the width; ``column_rules`` (x) from the top rule to the bottom one, or, when
    not ``through``, stopping at the tall band, which then holds a paragraph of prose across
    the page (between two tables) instead of the tall row."""
    ys, texts, y = [TOP], list[Text](), TOP
    for n, row in enumerate(rows):
        lines = [c.split("\n") for c in row]
        if n == 2 and not through:
            lines = [list(PROSE)] + [[] for _ in row[1:]]
        for c, cell in enumerate(lines):
            texts += [(xs[c] + 4, y + 14 + LEAD * k, t) for k, t in enumerate(cell)]
        y += ROW if max(map(len, lines)) == 1 else LEAD * max(map(len, lines)) + 24
        ys.append(y)
    rules: list[Line] = [(xs[0], yy, xs[-1], yy) for yy in ys]
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
def test_a_note_in_long_lines_inside_the_column_rule_keeps_one_table(maker: str) -> None:
    """The address list: the 8-line note's long lines cross most of the rules' width, as running
    prose between two tables would, but they stand right of the column rule that runs through."""
    rules, texts, ys = layout((XS2[1],), xs=XS2, rows=ROWS2)
    res = Pipeline(open_document(MAKERS[maker](rules, texts))).run(0)
    (table,) = res.tables
    assert (table.n_rows, table.bbox.y0, table.bbox.y1) == (len(ROWS2), pytest.approx(ys[0], abs=1),
                                                             pytest.approx(ys[-1], abs=1))
    got = table.rows_text()
    assert [r[0] for r in got] == [r[0] for r in ROWS2]
    assert " ".join(got[2][-1].split()).endswith("Mechanicsburg, PA 17050.)")


@pytest.mark.parametrize("maker", sorted(MAKERS))
def test_prose_outside_the_column_rules_still_parts_two_tables(maker: str) -> None:
    """The column rule stops above a paragraph of prose across the page and starts again under
    it: the paragraph stands between two tables."""
    rules, texts, ys = layout((XS[1],), through=False)
    res = Pipeline(open_document(MAKERS[maker](rules, texts))).run(0)
    assert len(res.tables) == 2
    assert not any("contractor" in " ".join(" ".join(r) for r in t.rows_text()) for t in res.tables)
