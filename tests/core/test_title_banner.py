"""A page's title banner (one fill holding one line in larger type, white on a dark band)
over a table of another width standing in one of the page's columns starts no table with
that table's rules (``rulegaps.title_banner``): the table is its own header band and rows, not
the banner, the heading and the prose over it. A dark title row as wide as the table under
it is still read with it, as before. Pages built with PyMuPDF at known coordinates, as
Scribus sets a brochure's first page, the prose over the table in two columns (corpus/scribus)."""

from __future__ import annotations

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.rulegaps import BANNER
from inspector.core.types import PageResult

DARK, TINT = (0.12, 0.22, 0.39), (0.95, 0.92, 0.86)
X0, MID, X1 = 42.0, 289.0, 553.0  # the page's text edges and its left column's right edge (pt)
TOP, ROW = 170.0, 16.0  # the table's top and row pitch (pt)
MODELS = (("Model", "Weight", "Price"), ("Model A200", "25 kg", "€814"), ("Model B150", "5 kg", "€2,108"),
          ("Model X1", "31 kg", "€1,253"), ("Model C90", "12 kg", "€640"))
PROSE = ("Segment results are reported before group eliminations.",
         "Segment results are reported before group eliminations. The",
         "board reviews these indicators every quarter. The figures",
         "below are unaudited and rounded to the nearest unit. The")  # the left column; one more line right


def _table(page: pymupdf.Page, x1: float) -> None:
    """A header band in white bold, tinted alternate rows, no rules."""
    xs = (X0 + 4, X0 + 0.5 * (x1 - X0), x1 - 50)
    page.draw_rect(pymupdf.Rect(X0, TOP, x1, TOP + ROW), color=None, fill=DARK)
    for r, row in enumerate(MODELS):
        y = TOP + ROW * r
        if r % 2 == 0 and r:
            page.draw_rect(pymupdf.Rect(X0, y, x1, y + ROW), color=None, fill=TINT)
        for x, text in zip(xs, row, strict=True):
            page.insert_text((x, y + 11), text, fontsize=8, fontname="hebo" if r == 0 else "helv",
                             color=(1, 1, 1) if r == 0 else (0, 0, 0))


def _run(x1: float, prose: bool = True) -> PageResult:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.draw_rect(pymupdf.Rect(X0, 52, X1, 86), color=None, fill=DARK)
    page.insert_text((X0 + 10, 74), "Rates and services 2026", fontsize=15, fontname="hebo", color=(1, 1, 1))
    page.insert_text((X0, 112), "Technical data", fontsize=12, fontname="hebo", color=DARK)
    for k, line in enumerate(PROSE if prose else ()):
        page.insert_text((X0, 133 + 10 * k), line, fontsize=8, fontname="helv")
    if prose:
        page.insert_text((303.5, 133), "board reviews these indicators every quarter.", fontsize=8, fontname="helv")
    _table(page, x1)
    return Pipeline(open_document(doc.tobytes())).run(0, Params())


def _boxes(result: PageResult) -> list[tuple[int, int, int, int, int, int]]:
    return [(round(t.bbox.x0), round(t.bbox.y0), round(t.bbox.x1), round(t.bbox.y1), t.n_rows, t.n_cols)
            for t in result.tables]


def test_a_banner_over_a_table_in_one_column_is_no_row_of_it() -> None:
    result = _run(MID)
    assert _boxes(result) == [(42, 170, 289, 250, 5, 3)]
    assert [(round(r.bbox.y0), round(r.bbox.y1)) for r in result.regions if r.reason == BANNER] == [(52, 86)]


def test_a_banner_as_wide_as_the_table_is_left_to_the_other_tests() -> None:
    result = _run(X1, prose=False)
    assert not any(r.reason == BANNER for r in result.regions)
