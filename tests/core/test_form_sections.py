"""A form's stacked ruled sections, sharing one full-width rule but each with its own column
rules, are separate tables; a ruled table whose spanning header stands over sub-columns stays
one (issue 25: "a whole form page read as one ruled region")."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

LEFT, RIGHT = 60.0, 540.0
ROW = 16.0


def _grid(page: pymupdf.Page, top: float, xs: tuple[float, ...], rows: list[list[str]],
          skip_top: frozenset[float] = frozenset()) -> float:
    """Draw a ruled block of ``rows`` from ``top``: its horizontals across the whole width, its
    inner verticals at ``xs`` (the frame's sides are drawn by the caller). Its bottom, pt."""
    edges = (LEFT, *xs, RIGHT)
    for r, cells in enumerate(rows):
        y = top + r * ROW
        for k, text in enumerate(cells):
            page.insert_text((edges[k] + 4, y + 11.5), text, fontsize=9, fontname="helv")
    bottom = top + len(rows) * ROW
    for r in range(len(rows) + 1):
        page.draw_line((LEFT, top + r * ROW), (RIGHT, top + r * ROW), width=0.5)
    for x in xs:
        page.draw_line((x, top if x not in skip_top else top + ROW), (x, bottom), width=0.5)
    return bottom


def _sections() -> bytes:
    """Two ruled sections in one frame: 3 rows x 3 columns (rules at 220, 380), then, under the
    shared full-width rule, 4 rows x 4 columns (rules at 150, 300, 450)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    top = 100.0
    mid = _grid(page, top, (220.0, 380.0), [["Shipper", "Phone", "Account"],
                                             ["Acme Ltd", "555 0101", "A-100"],
                                             ["Boxco", "555 0199", "B-220"]])
    bottom = _grid(page, mid, (150.0, 300.0, 450.0), [["Item", "Pieces", "Weight", "Value"],
                                                      ["Crates", "4", "120 kg", "900"],
                                                      ["Drums", "2", "80 kg", "450"],
                                                      ["Pallets", "1", "300 kg", "1200"]])
    for x in (LEFT, RIGHT):
        page.draw_line((x, top), (x, bottom), width=0.5)
    return doc.tobytes()


def _spanning_header() -> bytes:
    """One ruled table: a header row "Item | 2019 | 2020" whose year cells span two sub-columns
    each, the sub-column rules (at 270 and 450) starting under the header row."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    top = 100.0
    xs = (180.0, 270.0, 360.0, 450.0)
    rows = [["Item", "2019", "", "2020", ""], ["", "Units", "Value", "Units", "Value"],
            ["Crates", "4", "900", "5", "1000"], ["Drums", "2", "450", "3", "700"],
            ["Pallets", "1", "1200", "2", "2500"]]
    bottom = _grid(page, top, xs, rows, skip_top=frozenset({270.0, 450.0}))
    for x in (LEFT, RIGHT):
        page.draw_line((x, top), (x, bottom), width=0.5)
    return doc.tobytes()


def _shapes(pdf: bytes) -> list[tuple[int, int]]:
    res = Pipeline(open_document(pdf)).run(0)
    return [(t.grid.n_rows, t.grid.n_cols) for t in res.tables if t.grid is not None]


def test_stacked_sections_with_their_own_columns_are_two_tables() -> None:
    assert _shapes(_sections()) == [(3, 3), (4, 4)]


def test_a_spanning_header_over_sub_columns_stays_one_table() -> None:
    assert _shapes(_spanning_header()) == [(5, 5)]
