"""A word printed across a column rule's place in a row where a form leaves the rule out, inside
one stroked box, spans the slots (issue 25: Word's shipping form, its "Shipper" box merged over
the columns its lower rows draw, came out cut into three cells, "FAX:0754-88572709" in the
middle one). Built with PyMuPDF and reportlab; a box padded wider than its glyphs crosses none."""

from __future__ import annotations

import io
from collections.abc import Callable

import pymupdf
import pytest

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Table

H = 842.0
X = (60.0, 200.0, 340.0, 480.0)
YS = (100.0, 160.0, 180.0, 200.0)
# (x, baseline, text) in the top box: a label left, its translation far right (a wide gap),
# and two lines whose words cross the column rules' places (x 200 and 340).
BOX_TEXT = ((64.0, 112.0, "Shipper"), (420.0, 112.0, "Consignor"), (170.0, 126.0, "FAX:0754-88572709"),
            (300.0, 140.0, "MANSION,211ZHONGSHAN"))
BODY = (("Freight", "Prepaid", "Collect"), ("USD 100", "yes", "no"))
Op = tuple[str, float, float, float, float, str]  # ("line", x0, y0, x1, y1, "") | ("text", x, y, 0, 0, text)


def _layout(box_text: tuple[tuple[float, float, str], ...] = BOX_TEXT) -> list[Op]:
    ops: list[Op] = [("line", X[0], y, X[-1], y, "") for y in YS]
    ops += [("line", x, YS[0], x, YS[-1], "") for x in (X[0], X[-1])]
    ops += [("line", x, YS[1], x, YS[-1], "") for x in X[1:-1]]  # drawn under the top box only
    ops += [("text", x, y, 0.0, 0.0, t) for x, y, t in box_text]
    for r, row in enumerate(BODY):
        ops += [("text", X[c] + 4, YS[r + 1] + 13, 0.0, 0.0, t) for c, t in enumerate(row)]
    return ops


def _pymupdf(ops: list[Op]) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=H)
    for kind, a, b, c, d, text in ops:
        if kind == "line":
            page.draw_line((a, b), (c, d), width=0.5)
        else:
            page.insert_text((a, b), text, fontsize=10, fontname="helv")
    return doc.tobytes()


def _reportlab(ops: list[Op]) -> bytes:
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    cv = canvas.Canvas(buf, pagesize=(595, H))
    cv.setLineWidth(0.5)
    cv.setFont("Helvetica", 10)
    for kind, a, b, c, d, text in ops:
        if kind == "line":
            cv.line(a, H - b, c, H - d)
        else:
            cv.drawString(a, H - b, text)
    cv.showPage()
    cv.save()
    return buf.getvalue()


def _table(pdf: bytes) -> Table:
    (table,) = Pipeline(open_document(pdf)).run(0, Params()).tables
    return table


@pytest.mark.parametrize("make", [_pymupdf, _reportlab], ids=["pymupdf", "reportlab"])
def test_words_across_left_out_rules_make_one_box_one_cell(make: Callable[[list[Op]], bytes]) -> None:
    table = _table(make(_layout()))
    assert (table.n_rows, table.n_cols) == (3, 3)
    top = [c for c in table.cells if c.r == 0]
    assert [(c.c, c.cs, c.text) for c in top] == [
        (0, 3, "Shipper Consignor\nFAX:0754-88572709\nMANSION,211ZHONGSHAN")]
    assert table.rows_text()[1:] == [list(row) for row in BODY]


@pytest.mark.parametrize("make", [_pymupdf, _reportlab], ids=["pymupdf", "reportlab"])
def test_words_clear_of_the_rules_places_keep_the_slots(make: Callable[[list[Op]], bytes]) -> None:
    """The same box whose words all sit inside one slot each: three cells, as before."""
    clear = ((64.0, 112.0, "Shipper"), (420.0, 112.0, "Consignor"), (230.0, 126.0, "FAX:0754"),
             (250.0, 140.0, "MANSION"))
    table = _table(make(_layout(clear)))
    assert [(c.c, c.cs) for c in table.cells if c.r == 0 and c.text] == [(0, 1), (1, 1), (2, 1)]
