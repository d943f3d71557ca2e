"""An outlined panel around a ruled table that also holds the table's heading and a note
under it is no table's border (``regions._unframed``): the table is the grid inside, the
heading and the note stay out of it. A frame drawn close around a grid with no text of its
own (a double border) still takes the grid in. Pages built with PyMuPDF at known coordinates,
as a brochure's boxed rate sheet is set in Scribus or InDesign (corpus/scribus)."""

from __future__ import annotations

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.regions import PANEL
from inspector.core.types import PageResult

XS = (60.0, 220.0, 380.0, 535.0)  # the grid's column rules (pt)
TOP, ROW, ROWS = 140.0, 16.0, 5  # the grid's top rule, row pitch and rows (a header and four)
ROOMS = (("Room type", "Weekday", "Weekend"), ("Twin room", "€88", "€79"), ("Family room", "€155", "€139"),
         ("Junior suite", "€227", "€204"), ("Penthouse", "€301", "€268"))


def _grid(page: pymupdf.Page) -> float:
    bottom = TOP + ROW * ROWS
    for k in range(ROWS + 1):
        page.draw_line((XS[0], TOP + ROW * k), (XS[-1], TOP + ROW * k), width=0.5)
    for x in XS:
        page.draw_line((x, TOP), (x, bottom), width=0.5)
    for r, row in enumerate(ROOMS):
        for c, text in enumerate(row):
            page.insert_text((XS[c] + 4, TOP + ROW * r + 11), text, fontsize=8, fontname="hebo" if r == 0 else "helv")
    return bottom


def _run(panel: bool) -> PageResult:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    bottom = _grid(page)
    if panel:
        page.draw_rect(pymupdf.Rect(42, 100, 553, bottom + 34), color=(0.1, 0.2, 0.4), fill=(0.9, 0.93, 0.97),
                       width=0.75, overlay=False)
        page.insert_text((XS[0], 124), "Tariffs per night", fontsize=12, fontname="hebo")
        page.insert_text((XS[0], bottom + 18), "Rates per room and night, breakfast included.", fontsize=7.5,
                         fontname="helv")
    else:
        page.draw_rect(pymupdf.Rect(XS[0] - 2, TOP - 2, XS[-1] + 2, bottom + 2), width=0.5)
    return Pipeline(open_document(doc.tobytes())).run(0, Params())


def test_the_table_is_the_grid_inside_the_panel() -> None:
    result = _run(panel=True)
    assert [(round(t.bbox.x0), round(t.bbox.y0), round(t.bbox.x1), round(t.bbox.y1), t.n_rows, t.n_cols)
            for t in result.tables] == [(60, 140, 535, 220, 5, 3)]
    texts = {c.text for c in result.tables[0].cells}
    assert "Penthouse" in texts and not any("Tariffs" in t or "breakfast" in t for t in texts)
    assert [(round(r.bbox.x0), round(r.bbox.y0)) for r in result.regions if r.reason == PANEL] == [(42, 100)]


def test_a_close_frame_with_no_text_of_its_own_takes_the_grid_in() -> None:
    result = _run(panel=False)
    assert [(round(t.bbox.x0), round(t.bbox.y0), round(t.bbox.x1), round(t.bbox.y1), t.n_rows, t.n_cols)
            for t in result.tables] == [(58, 138, 537, 222, 5, 3)]
    assert not any(r.reason == PANEL for r in result.regions)
