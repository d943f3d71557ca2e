"""A ruled table of text cells (a dosing table: weight, dose, form) whose rows are drawn one by
one, one of them six lines deep (more than ``tables.row_band_lines``) because its cells wrap:
that band is one row, since nothing inside it is evidence of a row boundary, and ``explain``
says why. The same band of six lines that do not wrap (each one a short entry of its own) is
split line by line as before, and so is a band of labels beside amounts that wraps a label."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

XS = (50.0, 190.0, 330.0, 470.0)  # pt: column rules
LEAD = 11.0  # pt: the lines' leading
PAD = 4.0  # pt: a band's padding above its first line and under its last
HEADER = ("Weight band", "Dose", "Form")
SHORT = ((">26 kg", "400/60 mg od", "(film-coated tablets)"),
         (">30 kg", "400/100 mg od", "(FDC tablet)"),
         (">45 kg", "300/120 mg od", "(FDC tablet)"))
WRAPPED = (("14-25 kg", "17-29 kg", "30-<45 kg"),
           ("200 mg/30 mg", "200/50 mg od", "250/100 mg od"),
           ("(as single tablets,", "(FDC tablet or", "(5 packets of"),
           ("sofosbuvir preferred", "granules)", "oral pellets)"),
           ("as smaller 100 mg", "", ""),
           ("tablet)", "", ""))
ENTRIES = (("14-25 kg", "200/50 mg od", "Tablet"),
           ("11-13 kg", "150/40 mg od", "Granules"),
           ("8-10 kg", "100/30 mg od", "Granules"),
           ("6-7 kg", "75/20 mg od", "Syrup"),
           ("4-5 kg", "50/15 mg od", "Syrup"),
           ("3 kg", "25/10 mg od", "Drops"))
LAST = (("", "<17 kg", "<20 kg"), ("", "150/37.5 mg od", "150/60 mg od"))  # the first column's cell spans it


def _table(deep: tuple[tuple[str, str, str], ...]) -> bytes:
    """Header, three one-line bands, ``deep`` and ``LAST`` as body bands: every band ruled
    across but ``deep``'s bottom, ruled under the second and third columns only (the first
    column's cell goes on into ``LAST``), the header shaded; the table's lines set at ``LEAD``."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    bands = [(HEADER,), *((row,) for row in SHORT), deep, LAST]
    y = 80.0
    # a shaded header (its edges a fill's, no rules) with white column rules: no band is closed
    page.draw_rect(pymupdf.Rect(XS[0], y, XS[-1], y + 2 * PAD + LEAD), color=None, fill=(0.75, 0.75, 0.75))
    for x in XS[1:-1]:
        page.draw_line((x, y), (x, y + 2 * PAD + LEAD), width=0.5, color=(1, 1, 1))
    for band in bands:
        for k, row in enumerate(band):
            for c, text in enumerate(row):
                if text:
                    page.insert_text((XS[c] + 4, y + PAD + 8 + k * LEAD), text, fontsize=9, fontname="helv")
        y += 2 * PAD + len(band) * LEAD
        if band is not bands[0]:
            page.draw_line((XS[0] if band is not deep else XS[1], y), (XS[-1], y), width=0.5)
    return doc.tobytes()


def _run(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, Params())


def test_a_deep_band_of_wrapped_cells_is_one_row() -> None:
    """Before: 9 rows, the band cut after each of its first two lines (lines that fill every
    column, one under the other)."""
    (t,) = _run(_table(WRAPPED)).tables
    assert (t.n_rows, t.n_cols) == (6, 3)
    cells = {(c.r, c.c): c.text for c in t.cells if c.r >= 4}
    assert cells[(4, 0)] == "\n".join(r[0] for r in WRAPPED)
    assert cells[(4, 1)] == "\n".join(r[1] for r in WRAPPED[:4])
    assert cells[(5, 1)] == "<17 kg\n150/37.5 mg od"


def test_explain_names_the_wrapped_text() -> None:
    res = _run(_table(WRAPPED))
    (t,) = explain(res, Params()).tables
    grid = res.tables[0].grid
    assert grid is not None
    top, bottom = grid.ys[4:6]
    inside = [w for w in t.dropped if w.axis == "row" and top < w.pos < bottom]
    assert len(inside) == len(WRAPPED) - 1
    assert all(w.decision.endswith("this band holds more lines than a row band (tables.row_band_lines = 4), but "
                                   "its text wraps (a line goes on with the text above it in some column, in lower "
                                   "case or after a joiner): a row's wrapped cells, no rows under one rule")
               for w in inside)
    assert all("tables.row_band_lines" in w.params for w in inside)


def test_a_deep_band_of_entries_each_a_line_is_split_line_by_line() -> None:
    """Six lines that each fill the row and wrap nothing: six rows, as before."""
    (t,) = _run(_table(ENTRIES)).tables
    assert (t.n_rows, t.n_cols) == (12, 3)
    assert [c.text for c in sorted(t.cells, key=lambda c: c.r) if c.c == 2][4:10] == [r[2] for r in ENTRIES]
