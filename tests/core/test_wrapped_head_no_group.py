"""A column head wrapped over two lines at the top of a ruled header ("Change" over "(%)"), the
other heads set once, centred between the two lines: the head's first line is one piece over
one piece, no group label, though the first body row's amounts under it ("4,363" and "5.9")
stand centred on it. Sub-headers are header words (``grow.heads_group``), so explain does not
call "Change" a group label in a row of its own, and the cells stay as drawn. The bundled
sample's page 2 table 2 is laid out so; built here with PyMuPDF and reportlab."""

from __future__ import annotations

import io
from collections.abc import Callable

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE, PITCH = 9.0, 17.25  # pt: type size, body row step
RULES = ((260.2, 1.0), (288.8, 0.5), (357.8, 1.0))  # y, width (pt): over the header, under it, under the body
BODY = (("Net sales", "4,120", "4,363", "5.9"), ("Other income", "210", "96", "(54.3)"),
        ("Operating result", "702", "769", "9.5"), ("Exchange result", "55", "(1,234)", "n/a"))
RIGHTS = (262.0, 332.0, 402.0)  # right edges (pt) of the amount columns

Text = Callable[[float, float, str, bool], None]  # x, baseline, text, bold
Line = Callable[[float, float, float, float], None]  # x0, y, x1, width


def _table(text: Text, line: Line) -> None:
    bold = pymupdf.Font("hebo")
    for y, w in RULES:
        line(56.0, y, 406.0, w)
    text(56.0, 240.0, "Table 3. Year on year", True)
    for t, right in (("Item", 0.0), ("2024", RIGHTS[0]), ("2025", RIGHTS[1])):
        text(right - bold.text_length(t, SIZE) if right else 60.0, 278.1, t, True)
    text(340.0, 272.4, "Change", True)  # the wrapped head: set left in its column
    text(340.0, 283.7, "(%)", True)
    regular = pymupdf.Font("helv")
    for r, row in enumerate(BODY):
        y = 300.9 + r * PITCH
        text(60.0, y, row[0], False)
        for t, right in zip(row[1:], RIGHTS, strict=True):
            text(right - regular.text_length(t, SIZE), y, t, False)


def _mupdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    _table(lambda x, y, t, b: page.insert_text((x, y), t, fontsize=SIZE, fontname="hebo" if b else "helv"),
           lambda x0, y, x1, w: page.draw_line((x0, y), (x1, y), width=w))
    return bytes(doc.tobytes())


def _reportlab() -> bytes:
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(595, 842))

    def text(x: float, y: float, t: str, b: bool) -> None:
        c.setFont("Helvetica-Bold" if b else "Helvetica", SIZE)
        c.drawString(x, 842 - y, t)

    def line(x0: float, y: float, x1: float, w: float) -> None:
        c.setLineWidth(w)
        c.line(x0, 842 - y, x1, 842 - y)

    _table(text, line)
    c.save()
    return out.getvalue()


@pytest.mark.parametrize("build", [_mupdf, _reportlab], ids=["pymupdf", "reportlab"])
def test_a_wrapped_heads_first_line_is_no_group_label(build: Callable[[], bytes]) -> None:
    res = Pipeline(open_document(build())).run(0)
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(5, 4)]
    assert res.tables[0].rows_text()[0] == ["Item", "2024", "2025", "Change\n(%)"]
    assert res.tables[0].rows_text()[4] == ["Exchange result", "55", "(1,234)", "n/a"]
    top = explain_page(res, Params())[0].rows[0]
    assert "group_label_line" not in [e.kind for e in top.evidence]
    assert "group label" not in top.decision
    assert [e.kind for e in top.evidence][0] == "rule"
