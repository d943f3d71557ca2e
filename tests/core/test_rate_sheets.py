"""Rate sheets (a bank's deposit rates, a brochure's price table) drawn by PyMuPDF at known
coordinates: a dark header band with white text, rows parted by thin rules or by zebra
shading, cells over several lines (a label typed over two lines, a rate with a note under it
running on toward the next column). The drawn rows are the rows: a row's lines stay one row,
its last row's second line stays in the table, the heading under it does not."""

from __future__ import annotations

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Table

DARK = (0.05, 0.18, 0.36)
ZEBRA = (0.90, 0.93, 0.97)
FS = 8.5  # type size, pt
LEAD = FS * 1.25  # a cell's line step, pt
PAD = 4.0  # cell padding, pt
HEAD = ("Account", "Minimum", "Rate", "APY")
ROWS = (("Premier Savings\nbalances over $10,000", "$10,000", "1.25%", "1.26%"),
        ("Everyday Savings", "$100", "0.50%", "0.50%"),
        ("Easy Access Saver", "$1", "2.80%\n3.05% over £10k", "2.84%"),
        ("Notice Saver", "$1,000", "3.10%", "3.14%"),
        ("Online Saver", "$1", "2.90%", "2.94%"),
        ("Loyalty Saver\nafter 3 years", "$500", "3.00%", "3.04%"),
        ("Regular Saver", "$25", "4.50%", "4.59%"),
        ("Bonus Saver", "$100", "3.30%", "3.35%"),
        ("Youth Savings\n(under 18)", "$25", "0.75%", "0.75%"))  # an odd count: the last row unshaded
COLS = (50.0, 230.0, 320.0, 400.0, 470.0)  # column edges, pt


def _row(page: pymupdf.Page, y: float, cells: tuple[str, ...], head: bool) -> float:
    """Draw one row's text from ``y`` (its top), left-aligned in each column; its bottom, pt."""
    h = max(c.count("\n") + 1 for c in cells) * LEAD + 2 * PAD
    if head:
        page.draw_rect(pymupdf.Rect(COLS[0], y, COLS[-1], y + h), fill=DARK, color=None)
    for x, text in zip(COLS, cells, strict=False):
        for j, line in enumerate(text.split("\n")):
            page.insert_text((x + PAD, y + PAD + FS - 1.5 + j * LEAD), line, fontname="hebo" if head else "helv",
                             fontsize=FS, color=(1, 1, 1) if head else (0, 0, 0))
    return y + h


def rate_sheet(style: str, heading_under: bool = False) -> bytes:
    """A rate table under a title: rows ruled (``style`` "rules") or every other row shaded
    ("zebra": the last row unshaded); with ``heading_under``, a heading and a second table
    follow it."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((50, 60), "Personal Deposit Rates", fontname="hebo", fontsize=16)
    y = _row(page, 80, HEAD, True)
    for k, cells in enumerate(ROWS):
        top, y = y, _row(page, y, cells, False)
        if style == "zebra" and k % 2:
            page.draw_rect(pymupdf.Rect(COLS[0], top, COLS[-1], y), fill=ZEBRA, color=None, overlay=False)
        if style == "rules":
            page.draw_line((COLS[0], y), (COLS[-1], y), color=(0.6, 0.6, 0.6), width=0.5)
    if heading_under:
        page.insert_text((50, y + 28), "Certificates of deposit", fontname="hebo", fontsize=12)
        y = _row(page, y + 40, HEAD, True)
        for k, cells in enumerate((("6-month CD", "$500", "3.10%", "3.14%"), ("12-month CD", "$500", "3.60%", "3.66%"),
                                   ("24-month CD", "$1,000", "3.40%", "3.45%"))):
            top, y = y, _row(page, y, cells, False)
            if style == "zebra" and k % 2:
                page.draw_rect(pymupdf.Rect(COLS[0], top, COLS[-1], y), fill=ZEBRA, color=None, overlay=False)
    page.insert_text((50, y + 16), "* Rates effective 1 March 2026 and subject to change.", fontsize=7)
    return doc.tobytes()


def _tables(data: bytes) -> list[Table]:
    return list(Pipeline(open_document(data)).run(0, Params()).tables)


def _grid(t: Table) -> list[list[str]]:
    out = [[""] * t.n_cols for _ in range(t.n_rows)]
    for c in t.cells:
        out[c.r][c.c] = c.text
    return out


EXPECTED = [list(HEAD), *[list(r) for r in ROWS]]


def test_ruled_rows_keep_a_rate_note_running_toward_the_next_column():
    """"3.05% over £10k" under "2.80%" reaches into the white before the APY column: the
    row's rules keep it in its row, and the column boundary goes through the white right
    of it, not through its text (the APY "2.84%" stays a cell of its own)."""
    tables = _tables(rate_sheet("rules"))
    assert len(tables) == 1
    assert _grid(tables[0]) == EXPECTED
    assert all(c.rs == 1 and c.cs == 1 for c in tables[0].cells)


def test_zebra_rows_keep_the_last_rows_second_line():
    """The last row, unshaded under a shaded one, holds a label typed over two lines
    ("Youth Savings" / "(under 18)", a break of its own: the second line would have fitted
    after the first). It steps at the leading of the table's other multi-line cells, in the
    label's column and type: the row's, not a note under the table (the footnote, in smaller
    type, stays out)."""
    tables = _tables(rate_sheet("zebra"))
    assert len(tables) == 1
    assert _grid(tables[0]) == EXPECTED


def test_zebra_last_row_kept_over_a_heading_and_the_next_table():
    """A heading between two zebra tables still parts them; the first table's last row keeps
    its second line, the heading belongs to neither."""
    tables = _tables(rate_sheet("zebra", heading_under=True))
    assert [(t.n_rows, t.n_cols) for t in tables] == [(10, 4), (4, 4)]
    assert _grid(tables[0]) == EXPECTED
    assert _grid(tables[1])[0] == list(HEAD)
    assert not any("Certificates" in c.text for t in tables for c in t.cells)
