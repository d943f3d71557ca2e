"""A continued table's short tail under a running header box, or a table ending over a running
footer box, each box laid out as a table on every page (``multipage.runningtables``). The tail
reader (``multipage.tails``) knows the boxes as furniture, as continuations do: the box is no
table's last piece, no table under the tail, and its rows are no tail rows, also when its cells
stand in the table's columns and hold numbers where the table's body does. Built with PyMuPDF at
known coordinates (a ruled box, a borderless table whose last one or two rows fall on page 2)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import find_continuations, proposed
from inspector.core.multipage.runningtables import running_tables
from inspector.core.multipage.tails import adopt_tails, tail_index
from tests.core.continued_pdfs import detect
from tests.core.test_continued_running_tables import FOOT, ROW_H, TOP, XS, H, W, _box, _row, _table

PAGES = 3


def _running(page: pymupdf.Page, where: str, p: int, aligned: bool) -> None:
    """The running box: in the page's top or bottom band; ``aligned``: one row whose cells stand
    in the table's five columns, numbers under its number columns ("7", "3.00", "2 of 3")."""
    y = 20 if where == "head" else 790
    if aligned:
        _box(page, y, XS, (("TD", "Tender documents 2025", "7", "3.00", f"{p} of {PAGES}"),))
    elif where == "head":
        _box(page, y, (60, 250, 400, 535), (("Form TD-7", "Revision", "Page"), ("Tender documents", "03/2025", f"{p} of 3")))
    else:
        _box(page, y, (60, 300, 535), (("Document TD-7-2025", "Confidential"), ("Issued 03/2025", f"Page {p} of 3")))


def build(where: str, tail_rows: int, aligned: bool = False, box_pages: tuple[int, ...] = (1, 2, 3)) -> bytes:
    """Page 1: a heading and a borderless table to the foot of the page; page 2: its last
    ``tail_rows`` rows, prose and a heading; page 3: a heading and prose. The running box on the
    pages ``box_pages``."""
    doc = pymupdf.open()
    for p in range(1, PAGES + 1):
        page = doc.new_page(width=W, height=H)
        if p in box_pages:
            _running(page, where, p, aligned)
        if p == 1:
            page.insert_text((60, TOP + 12), "Schedule 1. Materials supplied", fontsize=13, fontname="hebo")
            n = int((FOOT - TOP - 30) // ROW_H) - 1
            _table(page, TOP + 30, [_row(1 + i) for i in range(n)], "plain", True)
        elif p == 2:
            bottom = _table(page, TOP, [_row(n + 1 + i) for i in range(tail_rows)], "plain", False)
            page.insert_text((60, bottom + 30), "All prices include delivery to site and are valid for ninety days.",
                             fontsize=10)
            page.insert_text((60, bottom + 70), "2. Payment schedule", fontsize=13, fontname="hebo")
        else:
            page.insert_text((60, TOP + 12), "3. Terms", fontsize=13, fontname="hebo")
            page.insert_text((60, TOP + 40), "The terms of the tender documents apply to every lot.", fontsize=10)
    return bytes(doc.tobytes())


def _body(n: int) -> list[list[str]]:
    """Rows ``n`` on of the table, as page detection reads them."""
    return [list(_row(k)) for k in range(n, n + 2)]


@pytest.mark.parametrize("tail_rows", [1, 2])
@pytest.mark.parametrize(("where", "aligned"), [("head", False), ("head", True), ("foot", False), ("foot", True)])
def test_tail_under_a_running_box_is_the_tables_rows_only(where: str, aligned: bool, tail_rows: int,
                                                          tmp_path: Path) -> None:
    """The box is read as a table on every page and is running; page 2's tail is adopted (the box
    over it sets no table under the tail and no text area's top; the footer box is no last
    piece), holds the table's rows and none of the box's, and links to page 1's table."""
    raw = detect(build(where, tail_rows, aligned), tmp_path)
    running = running_tables({r.page: r for r in raw})
    assert sorted(running) == [1, 2, 3]
    results = adopt_tails(raw)
    page2 = results[1]
    assert tail_index(page2) == {len(page2.tables) - 1}
    tail = page2.tables[-1]
    first = next(t for k, t in enumerate(raw[0].tables) if k not in running[1])
    n = int(first.rows_text()[-1][0]) + 1
    assert tail.rows_text() == _body(n)[:tail_rows]
    assert not any("Tender" in x or "Document" in x for row in tail.rows_text() for x in row)
    conts = proposed(find_continuations(results))
    assert [(c.prev_page, c.next_page, c.next_index) for c in conts] == [(1, 2, len(page2.tables) - 1)]
    assert conts[0].prev_index not in running[1]


def test_a_box_on_page_two_only_is_a_table_over_the_rows(tmp_path: Path) -> None:
    """Control: the same box drawn on page 2 alone repeats nowhere: it is no running table but a
    table of its own, and the lines under it are no tail of page 1's table (a table between)."""
    raw = detect(build("head", 1, True, box_pages=(2,)), tmp_path)
    assert running_tables({r.page: r for r in raw}) == {}
    page2 = adopt_tails(raw)[1]
    assert tail_index(page2) == set()
