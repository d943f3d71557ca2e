"""Two blank slots across a column boundary no rule draws anywhere are not one cell.

A PowerPoint table (a journal supplement's antibody list) draws no rule between its
"Vendor" and "Catalog number" columns: they are one drawn column, split by the white
between its texts. Its two-row header puts "Dilution" over the last two columns in the
first header row and every other head bottom-aligned in the second, so the first row's
slots over "Vendor" and "Catalog number" are blank. Those two blank slots were joined
across the undrawn boundary, each to the head under it, and the four slots became one cell
"Catalog Vendor number". Nothing drawn or written says two blank slots are one cell: each
head is its own cell down the two header rows. Built with PyMuPDF and with reportlab at
known coordinates; a blank body row between rules chains nothing and joins as before.
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Table

# Column edges (pt): the drawn columns are 0 | 1+2 | 3 | 4; between 1 and 2 no rule.
XS = (60.0, 160.0, 250.0, 340.0, 420.0, 500.0)
DRAWN = (0, 1, 3, 4, 5)  # indices into XS of the drawn column rules
TOP, HEAD, HEAD2, PITCH, SIZE = 100.0, 16.0, 26.0, 16.0, 9.0  # pt: header rows' and body rows' depths
BODY = (
    ("CHK2", "Cell Signaling", "2197", "1:1000", ""),
    ("pCHK2", "Cell Signaling", "2662", "1:1000", "1:200"),
    ("ATR", "Cell Signaling", "2790", "1:1000", ""),
    ("", "", "", "", ""),
    ("GAPDH", "Proteintech", "60004", "1:10000", ""),
    ("CCNE1", "Sigma", "HPA018169", "1:2000", "1:100-500"),
    ("a-tubulin", "Sigma", "T6199", "", "1:2000"),
)
HEADS = ("Antibodies", "Vendor", "number", "Western", "IF/IHC")  # the second header row's bottom line
BLANK_ROW = 2 + 3  # the blank body row's index in the table (two header rows first)


def _layout() -> tuple[list[tuple[float, float, float, float, float]], list[tuple[str, float, float]]]:
    """The strokes (x0, y0, x1, y1, width) and the words (text, x, baseline) of the table."""
    bottom = TOP + HEAD + HEAD2 + len(BODY) * PITCH
    lines = [(XS[0], TOP, XS[-1], TOP, 1.0), (XS[0], bottom, XS[-1], bottom, 1.0),
             (XS[3], TOP + HEAD, XS[-1], TOP + HEAD, 0.5)]  # the rule under "Dilution" only
    body = TOP + HEAD + HEAD2
    lines += [(XS[0], body + r * PITCH, XS[-1], body + r * PITCH, 0.5) for r in range(len(BODY))]
    lines += [(XS[i], TOP, XS[i], bottom, 0.5) for i in DRAWN if i != 4]
    lines.append((XS[4], TOP + HEAD, XS[4], bottom, 0.5))  # under "Dilution" the two columns part
    words = [("Dilution", XS[3] + 58, TOP + 12), ("Catalog", XS[2] + 4, TOP + HEAD + 12)]
    words += [(t, XS[c] + 4, body - 4) for c, t in enumerate(HEADS)]
    for r, row in enumerate(BODY):
        words += [(t, XS[c] + 4, body + r * PITCH + 12) for c, t in enumerate(row) if t]
    return lines, words


def pymupdf_page() -> bytes:
    """The table stroked line by line, its text at known places (PyMuPDF)."""
    lines, words = _layout()
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for x0, y0, x1, y1, w in lines:
        page.draw_line((x0, y0), (x1, y1), color=(0, 0, 0), width=w)
    for text, x, y in words:
        page.insert_text((x, y), text, fontsize=SIZE)
    return bytes(doc.tobytes())


def reportlab_page() -> bytes:
    """The same table drawn by reportlab's canvas (its own path and text operators)."""
    canvas = pytest.importorskip("reportlab.pdfgen.canvas")
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595, 842))
    lines, words = _layout()
    for x0, y0, x1, y1, w in lines:
        c.setLineWidth(w)
        c.line(x0, 842 - y0, x1, 842 - y1)
    c.setFont("Helvetica", SIZE)
    for text, x, y in words:
        c.drawString(x, 842 - y, text)
    c.showPage()
    c.save()
    return buf.getvalue()


PAGES: list[Callable[[], bytes]] = [pymupdf_page, reportlab_page]


def _table(data: bytes) -> Table:
    tables = Pipeline(open_document(data)).run(0, Params()).tables
    assert len(tables) == 1
    return tables[0]


def _cell(t: Table, text: str) -> tuple[int, int, int, int]:
    cell = next(c for c in t.cells if c.text.replace("\n", " ").strip() == text)
    return cell.r, cell.c, cell.rs, cell.cs


@pytest.mark.parametrize("build", PAGES, ids=lambda f: f.__name__)
def test_each_head_under_a_blank_slot_is_its_own_cell(build: Callable[[], bytes]) -> None:
    t = _table(build())
    assert (t.n_rows, t.n_cols) == (2 + len(BODY), 5)
    assert _cell(t, "Antibodies") == (0, 0, 2, 1)
    assert _cell(t, "Vendor") == (0, 1, 2, 1)
    assert _cell(t, "Catalog number") == (0, 2, 2, 1)
    assert _cell(t, "Dilution") == (0, 3, 1, 2)
    assert _cell(t, "Western") == (1, 3, 1, 1)
    assert _cell(t, "Cell Signaling") == (2, 1, 1, 1)
    assert _cell(t, "2197") == (2, 2, 1, 1)


@pytest.mark.parametrize("build", PAGES, ids=lambda f: f.__name__)
def test_a_blank_ruled_row_joins_as_before(build: Callable[[], bytes]) -> None:
    """Rules drawn over and under a blank body row join nothing down the columns: its two blank
    slots chain no texts, and join across the undrawn boundary as they always did (one blank cell
    of the drawn column; a form's blank entry rows the same)."""
    t = _table(build())
    assert [(c.c, c.rs, c.cs) for c in t.cells if c.r == BLANK_ROW] == [(0, 1, 1), (1, 1, 2), (3, 1, 1), (4, 1, 1)]


def test_explain_says_why_the_blank_slots_stay_apart() -> None:
    result = Pipeline(open_document(pymupdf_page())).run(0)
    (why,) = explain_page(result, Params())
    (gap,) = [w for w in why.cols if XS[1] + 20 < w.pos < XS[2] + 4]  # the text-gap boundary
    apart = [e for e in gap.evidence if e.kind == "blank_apart"]
    assert apart and apart[0].value == 1  # the first header row only: the blank body row is ruled
    assert "in row(s) 1 the slots on both sides are blank" in gap.decision
