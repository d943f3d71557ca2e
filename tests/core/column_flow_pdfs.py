"""A table flowing on into the next column of its own page, then onto the next page (a
two-column report, an InDesign spread), built with PyMuPDF at known coordinates. Shared by
tests/core/test_column_flow.py and the window's link tests."""

from __future__ import annotations

import pymupdf

W, H = 842.0, 595.0  # A4 landscape
COLUMNS = ((40.0, 400.0), (442.0, 802.0))  # two text columns, points
TOP, BOTTOM = 80.0, 540.0
ROW = 20.0
WIDTHS = (200.0, 60.0, 100.0)
HEADER = ("Item", "Qty", "Amount")


Colour = tuple[float, float, float]


def _table(page: pymupdf.Page, x0: float, y0: float, rows: list[tuple[str, ...]], band: Colour | None = None) -> float:
    """Header (on a fill of ``band``, if any) and ``rows`` with a rule under each row from
    (x0, y0); returns the bottom."""
    if band is not None:
        page.draw_rect(pymupdf.Rect(x0, y0, x0 + sum(WIDTHS), y0 + ROW), color=None, fill=band)
    y = y0
    for k, row in enumerate([HEADER, *rows]):
        x = x0
        for text, w in zip(row, WIDTHS, strict=True):
            right = k > 0 and w != WIDTHS[0]
            tx = x + w - 4 - pymupdf.get_text_length(text, fontsize=9) if right else x + 4
            page.insert_text((tx, y + 14), text, fontsize=9, fontname="hebo" if k == 0 else "helv")
            x += w
        y += ROW
        page.draw_line((x0, y), (x0 + sum(WIDTHS), y), width=0.5 if k else 1.0)
    page.draw_line((x0, y0), (x0 + sum(WIDTHS), y0), width=1.0)
    return y


def flow_rows(start: int, n: int) -> list[tuple[str, ...]]:
    names = ("Steel beam", "Concrete mix", "Timber formwork", "Rebar bundle", "Anchor bolts", "Sealant")
    return [(f"{names[k % 6]} lot {k}", str(3 + (k * 7) % 40), f"{(k * 37) % 900 + 100:,}.00")
            for k in range(start, start + n)]


def column_flow_pdf(heading: str = "", short: tuple[int, int] = (0, 0), closing: str = "",
                    under: tuple[str, float] = ("", 0.0), bands: tuple[Colour | None, Colour | None] = (None, None)
                    ) -> bytes:
    """Page 1: the table fills the left column and goes on at the top of the right one (header
    repeated); page 2: it ends in the left column. ``heading``: a line set over the right
    column's table (then it is another table). ``short``: rows fewer in page 1's left and
    right columns (the page's columns end that many rows over ``BOTTOM``); ``closing``: a line
    set at ``BOTTOM`` on page 2, under its table (the lowest text of the document); ``under``:
    a line (text, font size) set at ``BOTTOM`` in page 1's right column, under its piece; ``bands``:
    the header's fill in page 1's left and right column (None: none; page 2 takes the left's)."""
    doc = pymupdf.open()
    per_column = int((BOTTOM - TOP) // ROW) - 1
    start = 1
    for n_page, counts in ((1, (per_column - short[0], per_column - short[1])), (2, (8,))):
        page = doc.new_page(width=W, height=H)
        page.insert_text((40, 50), "Northwind annual report 2025", fontsize=9)
        page.insert_text((W / 2 - 4, 570), str(n_page), fontsize=9)
        for (x0, _), n, band in zip(COLUMNS, counts, bands if n_page == 1 else bands[:1], strict=False):
            y0 = TOP
            if heading and n_page == 1 and x0 > W / 2:
                page.insert_text((x0, TOP + 12), heading, fontsize=12, fontname="hebo")
                y0 = TOP + 24
                n -= 1
            _table(page, x0, y0, flow_rows(start, n), band)
            start += n
        if under[0] and n_page == 1:
            page.insert_text((COLUMNS[1][0], BOTTOM - 2), under[0], fontsize=under[1])
        if closing and n_page == 2:
            page.insert_text((COLUMNS[0][0], BOTTOM - 2), closing, fontsize=9)
    return doc.tobytes()


__all__ = ["W", "H", "COLUMNS", "TOP", "BOTTOM", "ROW", "column_flow_pdf", "flow_rows"]
