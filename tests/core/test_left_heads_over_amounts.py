"""Heads set left in their cells over amounts set right ("Planned  Spent" over "737  920"), as
Qt's QTextDocument and most table engines lay them out: the head of the second amount column
stands in the white between the two columns' amounts, the one line in ten a text gap lets
cross it. Two mechanisms each give the head its own column:

- amounts mostly of one width are flush on both sides, yet fewer of them stand off their right
  edge than off their left ("56" and "3,898" among "737"s): they are set right, and the cut goes
  between them and the head (``gapcuts._set_flush``);
- amounts all of one width tell nothing, but row rules stroked cell by cell meet at the cells'
  edges: the boundary the text gap cut through the head moves onto the joint, the head whole
  on its right (``rulejoints._between``).

Built with PyMuPDF and reportlab at known coordinates."""

from __future__ import annotations

import io
from collections.abc import Callable

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE, TOP, PITCH = 11.0, 262.0, 19.2  # pt
EDGES = (60.0, 240.0, 320.0, 400.0, 480.0, 556.0)  # the cells' edges (pt)
HEAD = ("Category", "Planned", "Spent", "Remaining", "Used")
LABELS = ("Equipment", "Dissemination", "Contingency", "Overheads", "Consumables", "Travel", "Licences",
          "Personnel", "Subcontracting")

Text = Callable[[float, float, str, bool], None]  # x, baseline, text, bold
Line = Callable[[float, float, float], None]  # x0, y, x1


def _rows(one_width: bool) -> list[tuple[str, ...]]:
    """Nine rows and a total; ``one_width``: every amount three digits, else one two-digit and
    a total of four with a comma in each amount column."""
    rows = [(lab, str(437 + 31 * k), str(512 + 47 * k), str(101 + 13 * k), f"{110 + k}%")
            for k, lab in enumerate(LABELS)]
    if one_width:
        return [*rows, ("Total", "999", "998", "997", "103%")]
    rows[2] = (LABELS[2], "56", "38", "18", "68%")
    return [*rows, ("Total", "3,898", "4,004", "1,106", "103%")]


def _table(text: Text, line: Line, one_width: bool, cellwise: bool) -> None:
    regular, bold = pymupdf.Font("helv"), pymupdf.Font("hebo")
    text(EDGES[0], TOP - 20, "Table 1: use of resources.", False)
    for r, row in enumerate([HEAD, *_rows(one_width)]):
        y = TOP + r * PITCH + 14
        for c, t in enumerate(row):
            font = bold if r == 0 else regular
            x = EDGES[c] + 3 if c == 0 or r == 0 else EDGES[c + 1] - 3 - font.text_length(t, SIZE)
            text(x, y, t, r == 0)
    for k in (0, 1, 11):
        y = TOP + k * PITCH + (2 if k else 0)
        for a, b in zip(EDGES, EDGES[1:], strict=False) if cellwise else [(EDGES[0], EDGES[-1])]:
            line(a, y, b)


def _mupdf(one_width: bool, cellwise: bool) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _table(lambda x, y, t, b: page.insert_text((x, y), t, fontsize=SIZE, fontname="hebo" if b else "helv"),
           lambda x0, y, x1: page.draw_line((x0, y), (x1, y), width=0.8), one_width, cellwise)
    return bytes(doc.tobytes())


def _reportlab(one_width: bool, cellwise: bool) -> bytes:
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(612, 792))
    c.setLineWidth(0.8)

    def text(x: float, y: float, t: str, b: bool) -> None:
        c.setFont("Helvetica-Bold" if b else "Helvetica", SIZE)
        c.drawString(x, 792 - y, t)

    _table(text, lambda x0, y, x1: c.line(x0, 792 - y, x1, 792 - y), one_width, cellwise)
    c.save()
    return out.getvalue()


PRODUCERS = {"pymupdf": _mupdf, "reportlab": _reportlab}


@pytest.mark.parametrize("producer", list(PRODUCERS))
@pytest.mark.parametrize(("one_width", "cellwise"), [(False, False), (False, True), (True, True)],
                         ids=["mixed-widths", "mixed-widths-cellwise", "one-width-cellwise"])
def test_each_head_set_left_heads_its_own_column(producer: str, one_width: bool, cellwise: bool) -> None:
    res = Pipeline(open_document(PRODUCERS[producer](one_width, cellwise))).run(0)
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(11, 5)]
    rows = res.tables[0].rows_text()
    assert rows[0] == list(HEAD)
    assert rows[1] == ["Equipment", "437", "512", "101", "110%"]
    assert rows[-1][0] == "Total"

