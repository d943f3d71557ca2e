"""Labelled paragraphs under one rule (a definitions box): a ruled table whose last band holds
several paragraphs, each led by a bold label in the first column beside its first line ("Late
Charge:" | "If we do not receive ..."), the paragraphs wrapping in the cell that spans the other
columns and set apart by more white than their own leading, no rule between them (a loan's
truth-in-lending box, seen on a real loan file printed through PDFsam). Each label is a row:
``ruledrows.paragraph_cuts``. Lines stepping at the leading throughout, or a label wrapped
over two lines, stay one row's multi-line cells. Built with PyMuPDF at known coordinates, and by
reportlab (one table row per term under one box, its cell padding the white)."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE, LEAD, PARA = 10.0, 12.0, 19.2  # type size, a paragraph's leading, a paragraph's step (pt)
XS = (62.0, 188.0, 296.0, 404.0, 566.0)
HEAD = ("Annual Percentage Rate", "Finance Charge", "Amount Financed", "Total of Payments")
BODY = (("Rate: 10.00%", "Charge: $2,204.98", "Financed: $10,000.00", "Total: $12,204.98"),
        ("Payments: 48", "Amount: $254.20", "Due: Monthly", "First: June 25th"))
TERMS = (("Late Charge:", ("If we do not receive the full amount of any monthly payment by its due date,",
                          "we will charge you a Late Fee of $39.00")),
         ("Prepayment:", ("If you pay off early, you will not have to pay a penalty and will not be",
                          "entitled to any refund of any paid finance charge.")),
         ("Further Terms:", ("See the enclosed Loan Agreement for any additional information about",
                             "nonpayment, default, any required repayment in full before the scheduled",
                             "date, and prepayment refunds and penalties.")))


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


def disclosure_box(para: float = PARA, wrapped_label: bool = False) -> bytes:
    """The box: a header and two body rows ruled one by one (a grid), then one band ruled
    above and below only, holding ``TERMS``: each label (bold, first column) beside the first
    line of its paragraph (spanning the other three columns), lines ``LEAD`` apart inside a
    paragraph and ``para`` apart from one paragraph to the next. ``wrapped_label`` sets the
    first label over two lines ("Late" / "Charge:")."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 154.0
    rows_y = [y]
    for row in (HEAD, *BODY):
        for x, text in zip(XS, row, strict=False):
            page.insert_text((x + 3, y + 10), text, fontsize=SIZE * 0.9, fontname="helv")
        y += 18.0
        rows_y.append(y)
    base = y + 13.0
    for k, (label, lines) in enumerate(TERMS):
        parts = ("Late", "Charge:") if wrapped_label and k == 0 else (label,)
        for j, part in enumerate(parts):
            page.insert_text((XS[0] + 3, base + j * LEAD), part, fontsize=SIZE, fontname="hebo")
        for j, line in enumerate(lines):
            page.insert_text((XS[1] + 3, base + j * LEAD), line, fontsize=SIZE, fontname="helv")
        base += (len(lines) - 1) * LEAD + para
    bottom = base - para + 8.0
    for ry in (*rows_y, bottom):
        page.draw_line((XS[0], ry), (XS[-1], ry), width=0.75)
    for x in XS:
        page.draw_line((x, rows_y[0]), (x, bottom if x in (XS[0], XS[-1]) else rows_y[-1]), width=0.75)
    return doc.tobytes()


def _rows(data: bytes) -> list[list[str]]:
    (table,) = Pipeline(open_document(data)).run(0).tables
    return [[_norm(c) for c in row] for row in table.rows_text()]


def _terms_rows(data: bytes) -> list[list[str]]:
    return [r for r in _rows(data) if r[0] not in {*HEAD[:1], *(b[0] for b in BODY)}]


def test_each_labelled_paragraph_is_a_row() -> None:
    rows = _terms_rows(disclosure_box())
    assert [r[0] for r in rows] == [label for label, _ in TERMS]
    assert [" ".join(r[1:]).strip() for r in rows] == [_norm(" ".join(lines)) for _, lines in TERMS]


def test_the_grid_rows_above_stay_as_they_are() -> None:
    rows = _rows(disclosure_box())
    assert rows[:3] == [list(HEAD), *(list(r) for r in BODY)]


def test_paragraphs_at_the_leading_stay_one_row() -> None:
    """No white between the paragraphs beyond their leading: no evidence, one row's cells."""
    rows = _terms_rows(disclosure_box(para=LEAD))
    assert len(rows) == 1
    assert rows[0][0] == _norm(" ".join(label for label, _ in TERMS))


def test_a_label_alone_on_its_line_keeps_the_band_whole() -> None:
    """A label wrapped over two lines ("Late" / "Charge:") is no evidence either way: the band
    stays one row, as before."""
    assert len(_terms_rows(disclosure_box(wrapped_label=True))) == 1


def test_explain_names_the_labelled_paragraph() -> None:
    data = disclosure_box()
    (exp,) = explain_page(Pipeline(open_document(data)).run(0), Params())
    named = [w for w in exp.rows if any(e.kind == "labelled_paragraph" for e in w.evidence)]
    assert len(named) == len(TERMS) - 1
    steps: Sequence[float] = [e.value for w in named for e in w.evidence if e.kind == "labelled_paragraph"]
    assert all(abs(s - PARA) < 0.5 for s in steps)
    assert all("labelled paragraphs" in w.decision for w in named)


def reportlab_box() -> bytes:
    """The same box by reportlab's platypus: a GRID over the header and body rows, then one
    table row per term (a bold label, its paragraph spanning the other columns, wrapped by
    reportlab at its leading), a BOX around the terms and no rule between them: the cell
    padding above and below each row is the white that sets the paragraphs apart."""
    import io

    from reportlab.lib import colors
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    plain = ParagraphStyle("cell", fontName="Helvetica", fontSize=SIZE * 0.9, leading=LEAD)
    bold = ParagraphStyle("label", fontName="Helvetica-Bold", fontSize=SIZE, leading=LEAD)
    data: list[list[object]] = [[Paragraph(t, plain) for t in row] for row in (HEAD, *BODY)]
    data += [[Paragraph(label, bold), Paragraph(" ".join(lines), ParagraphStyle("p", parent=plain, fontSize=SIZE)),
              "", ""] for label, lines in TERMS]
    first = 1 + len(BODY)  # the grid rows: header and body
    table = Table(data, colWidths=[b - a for a, b in zip(XS, XS[1:], strict=False)], hAlign="LEFT")
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, first - 1), 0.5, colors.black),
                               ("BOX", (0, first), (-1, -1), 0.5, colors.black),
                               *(("SPAN", (1, k), (-1, k)) for k in range(first, len(data))),
                               ("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("TOPPADDING", (0, first), (-1, -1), 4), ("BOTTOMPADDING", (0, first), (-1, -1), 4)]))
    out = io.BytesIO()
    SimpleDocTemplate(out, pagesize=(612, 792), leftMargin=XS[0], topMargin=150).build([table])
    return out.getvalue()


def test_reportlab_terms_under_one_box_are_rows() -> None:
    rows = _terms_rows(reportlab_box())
    assert [r[0] for r in rows] == [label for label, _ in TERMS]
    assert [" ".join(r[1:]).strip() for r in rows] == [_norm(" ".join(lines)) for _, lines in TERMS]
