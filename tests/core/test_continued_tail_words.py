"""A rate table's tail at the top of page 2, a heading and the next table under it (as dompdf sets
two rate sheets of one document): ``multipage.tails`` reads the tail and links it when

- its rows' labels hold a continuation marker word ("Executive suite": French "suite") -- a row
  standing in two or more of the table's columns is a row, not a "continued" line;
- the heading under it repeats, at the same place, a heading of page 1 (two tables under one
  title) -- under a tail's rows no running header stands: that line is a heading, and parts
  the tail from the table under it.

Built with PyMuPDF at known coordinates (borderless tables, 9 pt Helvetica, 20 pt rows)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import find_continuations, proposed
from inspector.core.multipage.tails import adopt_tails, tail_index
from tests.core.continued_pdfs import detect

W, H = 595.0, 842.0
XS = (60.0, 200.0, 290.0, 380.0, 470.0, 535.0)
ROW_H = 20.0
HEAD = ("Room type", "Low", "Mid", "High", "Peak")
FOOT = 790.0  # the first table runs to here
TITLE = "Rates 2026 (per night)"


def _rate(k: int) -> tuple[str, ...]:
    return tuple(f"{(k * 37 + c * 53) % 800 + 60}.00" for c in range(4))


def _rows(n: int, suite: bool, first: int = 0) -> list[tuple[str, ...]]:
    names = ("Executive suite", "Family suite", "Junior suite") if suite else ("Deluxe double", "Family room", "Twin room")
    return [(f"{names[k % 3]} {k + 1}", *_rate(k)) for k in range(first, first + n)]


def _table(page: pymupdf.Page, y: float, rows: list[tuple[str, ...]], header: bool) -> float:
    """A borderless table at ``y`` (a bold header row when ``header``); its foot (pt)."""
    data = ([HEAD] if header else []) + rows
    for r, row in enumerate(data):
        for c, text in enumerate(row):
            page.insert_text((XS[c] + 3, y + ROW_H * r + 12.5), text, fontsize=9,
                             fontname="hebo" if header and r == 0 else "helv")
    return y + ROW_H * len(data)


def build(suite: bool, repeated: bool) -> tuple[bytes, list[tuple[str, ...]]]:
    """Page 1: a letterhead, the title, a rate table to the foot; page 2: its last two rows, a
    heading (the same title at the same place when ``repeated``, else another) and a second
    table. Also the tail's rows."""
    doc = pymupdf.open()
    p1 = doc.new_page(width=W, height=H)
    p1.insert_text((60, 42), "Northwind Hotels tariff book", fontsize=13, fontname="hebo")
    p1.insert_text((60, 90), TITLE, fontsize=11, fontname="hebo")
    n = int((FOOT - 98) // ROW_H) - 1
    body = _rows(n + 2, suite)
    _table(p1, 98, body[:n], True)
    p2 = doc.new_page(width=W, height=H)
    _table(p2, 30, body[n:], False)
    p2.insert_text((60, 90), TITLE if repeated else "Extras 2026", fontsize=11, fontname="hebo")
    _table(p2, 98, [(f"Extra {k}", *_rate(k + 50)) for k in range(8)], True)
    return bytes(doc.tobytes()), body[n:]


@pytest.mark.parametrize(("suite", "repeated"), [(True, False), (False, True), (True, True), (False, False)])
def test_tail_over_a_heading_and_a_table_is_read_and_linked(suite: bool, repeated: bool, tmp_path: Path) -> None:
    pdf, tail_rows = build(suite, repeated)
    raw = detect(pdf, tmp_path)
    assert len(raw[0].tables) == 1
    assert not any(t.bbox.y0 < 80 for t in raw[1].tables)  # detection alone finds no tail
    results = adopt_tails(raw)
    page2 = results[1]
    assert tail_index(page2) == {len(page2.tables) - 1}
    tail = page2.tables[-1]
    assert tail.rows_text() == [list(r) for r in tail_rows]
    conts = proposed(find_continuations(results))
    assert [(c.prev_page, c.next_page, c.next_index) for c in conts] == [(1, 2, len(page2.tables) - 1)]

