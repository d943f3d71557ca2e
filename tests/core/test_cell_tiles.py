"""A table shaded cell by cell, one rectangle per cell touching the next (Word's and
LibreOffice's "Dark List", "Colorful Shading" styles): no rule between the cells of a row but
a white one after the first column. Where two cells' rectangles meet side by side on several
lines lies a column boundary (``structure.seams``), named "cell tiles" by explain. The
actions are set flush right and the owners flush left, 4 pt apart across their seam: closer
than a ruled column's text split needs, so only the tiles part them. Built by PyMuPDF and
reportlab's canvas, every tile and word at known coordinates."""

from __future__ import annotations

import io
from collections.abc import Callable

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

ROWS = (("Ref", "Action", "Owner", "Status"), ("1.", "Review the contract", "J. Smith", "Open"),
        ("2.", "Update the register", "A. Novak", "Closed"), ("3.", "Train new staff", "L. Chen", ""),
        ("4.", "Replace the servers", "K. Owusu", "Open"))
XS = (60.0, 90.0, 260.0, 340.0, 420.0)  # the cells' edges: the tiles meet here
TOP, ROW, SIZE, PAD = 100.0, 22.0, 9.0, 2.0
HEAD, DARK, PALE = (0.0, 0.0, 0.0), (0.37, 0.29, 0.48), (0.5, 0.39, 0.64)

Tile = tuple[tuple[float, float, float, float], tuple[float, float, float]]


def _tiles(single_row: bool = False) -> list[Tile]:
    """One rectangle per cell, touching its neighbours: the header black, the body rows
    banded in two purples; ``single_row``: the header row alone is tiled, the body one rectangle per row."""
    out: list[Tile] = []
    for r in range(len(ROWS)):
        colour = HEAD if r == 0 else DARK if r % 2 else PALE
        y0, y1 = TOP + r * ROW, TOP + (r + 1) * ROW
        if single_row and r:
            out.append(((XS[0], y0, XS[-1], y1), colour))
            continue
        out += [((XS[c], y0, XS[c + 1], y1), colour) for c in range(len(XS) - 1)]
    return out


def pymupdf_table(single_row: bool = False) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for rect, colour in _tiles(single_row):
        page.draw_rect(pymupdf.Rect(*rect), color=None, fill=colour)
    bottom = TOP + len(ROWS) * ROW
    page.draw_line((XS[1], TOP), (XS[1], bottom), color=(1, 1, 1), width=2)
    page.draw_line((XS[0], TOP + ROW), (XS[-1], TOP + ROW), color=(1, 1, 1), width=2)
    for x, y, text in _words(lambda t: pymupdf.get_text_length(t, "helv", SIZE)):
        page.insert_text((x, y), text, fontname="helv", fontsize=SIZE, color=(1, 1, 1))
    return doc.tobytes()


def _words(width: Callable[[str], float]) -> list[tuple[float, float, str]]:
    """(x, baseline from the top, text) of every cell: the actions flush right at their seam
    less ``PAD``, the rest flush left ``PAD`` (the first column 5 pt) after theirs."""
    out = []
    for r, row in enumerate(ROWS):
        for c, text in enumerate(row):
            x = XS[c + 1] - PAD - width(text) if c == 1 else XS[c] + (5 if c == 0 else PAD)
            out.append((x, TOP + r * ROW + 15, text))
    return out


def reportlab_table() -> bytes:
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(595, 842))
    for (x0, y0, x1, y1), colour in _tiles():
        canvas.setFillColorRGB(*colour)
        canvas.rect(x0, 842 - y1, x1 - x0, y1 - y0, stroke=0, fill=1)
    canvas.setStrokeColorRGB(1, 1, 1)
    canvas.setLineWidth(2)
    bottom = TOP + len(ROWS) * ROW
    canvas.line(XS[1], 842 - TOP, XS[1], 842 - bottom)
    canvas.line(XS[0], 842 - TOP - ROW, XS[-1], 842 - TOP - ROW)
    canvas.setFont("Helvetica", SIZE)
    canvas.setFillColorRGB(1, 1, 1)
    for x, y, text in _words(lambda t: canvas.stringWidth(t, "Helvetica", SIZE)):
        canvas.drawString(x, 842 - y, text)
    canvas.save()
    return out.getvalue()


@pytest.mark.parametrize("build", [pymupdf_table, reportlab_table], ids=["pymupdf", "reportlab"])
def test_cells_shaded_tile_by_tile_part_at_their_seams(build: Callable[[], bytes]) -> None:
    res = Pipeline(open_document(build())).run(0)
    (table,) = res.tables
    assert [[" ".join(c.split()) for c in row] for row in table.rows_text()] == [list(r) for r in ROWS]
    assert any(abs(x - XS[2]) < 1 for x in table.grid.xs)


def test_explain_names_the_cell_tiles() -> None:
    params = Params()
    res = Pipeline(open_document(pymupdf_table())).run(0, params)
    (t,) = explain_page(res, params)
    (tiled,) = [w for w in t.cols if abs(w.pos - XS[2]) < 1]
    assert tiled.evidence[0].kind == "cell_tiles" and tiled.evidence[0].ids and tiled.kept


def test_a_seam_in_one_line_only_is_no_column() -> None:
    """Only the header row tiled (its seams beside one text line): the body rows' text alone
    decides, and the wide gaps it leaves still part the columns, so nothing is lost; but no
    boundary is said to come from cell tiles."""
    params = Params()
    res = Pipeline(open_document(pymupdf_table(single_row=True))).run(0, params)
    (t,) = explain_page(res, params)
    assert not any(e.kind == "cell_tiles" for w in t.cols for e in w.evidence)
