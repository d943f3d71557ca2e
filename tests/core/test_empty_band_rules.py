"""Two rules with a stretch of over ``rulegaps.EMPTY_BAND`` usual line heights and no text at
all between them, under the narrower one's whole width, are two tables' (``rulegaps._empty_band``):
a brochure's two tables in its two columns over a page-wide running footer rule, the
shorter table's last rule no longer joins the footer's (which took the table with it into one
candidate over both columns, dropped as overlapping the other); two tables stacked in one
column with only white between them stay two. A blank spacer row of two line heights inside
one table keeps it whole. Pages built with PyMuPDF at known coordinates, as Scribus sets a
brochure's rate sheets (corpus/scribus)."""

from __future__ import annotations

from collections.abc import Callable

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult, Table

LEFT, RIGHT = (42.0, 288.0), (306.0, 553.0)  # the page's two columns (pt)
ROW = 14.0  # row pitch under the header (pt)
HEAD = ("Model", "Weight", "Price")


def _table(page: pymupdf.Page, cols: tuple[float, float], top: float, rows: int, gap_after: int = -1,
           gap: float = 0.0) -> float:
    """A table of three columns under horizontal rules from ``top`` (a header then ``rows``
    rows; a blank band ``gap`` pt tall after row ``gap_after``); its bottom rule's y."""
    x0, x1 = cols
    xs = (x0 + 4, x0 + 0.55 * (x1 - x0), x1 - 40)
    page.draw_line((x0, top), (x1, top), width=1.2)
    for x, h in zip(xs, HEAD, strict=True):
        page.insert_text((x, top + 11), h, fontsize=8, fontname="hebo")
    y = top + 16
    page.draw_line((x0, y), (x1, y), width=0.6)
    for r in range(rows):
        for x, t in zip(xs, (f"Model {chr(65 + r)}{r + 2}0", f"{12 + 3 * r} kg", f"€{140 + 17 * r}"), strict=True):
            page.insert_text((x, y + 10), t, fontsize=8, fontname="helv")
        y += ROW
        if r == gap_after:
            y += gap
        page.draw_line((x0, y), (x1, y), width=0.3 if r < rows - 1 else 1.0)
    return y


def _running(page: pymupdf.Page) -> None:
    """A running header over a page-wide rule, a footer under one."""
    page.insert_text((LEFT[0], 30), "Harbour View Resort", fontsize=7, fontname="hebo")
    page.draw_line((LEFT[0], 38), (RIGHT[1], 38), width=0.5)
    page.draw_line((LEFT[0], 804), (RIGHT[1], 804), width=0.5)
    page.insert_text((LEFT[0], 816), "Prices include VAT and may change", fontsize=7, fontname="helv")


def _run(build: Callable[[pymupdf.Page], object]) -> PageResult:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    _running(page)
    build(page)
    return Pipeline(open_document(doc.tobytes())).run(0, Params())


def _boxes(tables: tuple[Table, ...]) -> list[tuple[int, int, int, int, int]]:
    return sorted((round(t.bbox.x0), round(t.bbox.y0), round(t.bbox.x1), round(t.bbox.y1), t.n_rows) for t in tables)


def test_two_column_tables_over_a_running_footer_rule() -> None:
    bottoms: list[float] = []
    result = _run(lambda page: bottoms.extend((_table(page, LEFT, 100, 7), _table(page, RIGHT, 100, 4))))
    assert bottoms == [214.0, 172.0]
    assert _boxes(result.tables) == [(42, 100, 288, 214, 8), (306, 100, 553, 172, 5)]
    told = [r for r in result.regions if r.reason.startswith("empty band")]
    assert any(round(r.bbox.x0) == 306 and round(r.bbox.y0) == 172 and round(r.bbox.y1) == 804 for r in told)


def test_two_tables_stacked_in_a_column_with_white_between() -> None:
    def build(page: pymupdf.Page) -> None:
        _table(page, LEFT, 100, 6)
        bottom = _table(page, RIGHT, 100, 4)
        page.insert_text((LEFT[0], 250), "Product range", fontsize=12, fontname="hebo")  # the other column's heading
        _table(page, RIGHT, bottom + 36, 3)

    assert _boxes(_run(build).tables) == [(42, 100, 288, 200, 7), (306, 100, 553, 172, 5), (306, 208, 553, 266, 4)]


def test_a_blank_spacer_row_inside_one_table_keeps_it_whole() -> None:
    result = _run(lambda page: _table(page, RIGHT, 100, 6, gap_after=2, gap=14.0))
    assert _boxes(result.tables) == [(306, 100, 553, 214, 7)]
