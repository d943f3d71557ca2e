"""A running header or footer laid out as a table (a form's header box: form number, revision,
"Page n of N"; a footer box with the document number) drawn at the same place on every page
of a continued table. Page detection reads the box as a small table; to continuations it is
page furniture (``multipage.runningtables``): not "another table" between the pieces, not the
text area's edge. Ruled, horizontal rules only and borderless tables, the header repeated or
not; controls: a first piece ending short of the page's foot, another small table (its own
words) over the continuation, a heading between."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import find_continuations, proposed
from inspector.core.multipage.runningtables import running_tables
from inspector.core.types import PageResult
from tests.core.continued_pdfs import detect, pairs

W, H = 595.0, 842.0
XS = (60.0, 110.0, 300.0, 360.0, 445.0, 535.0)
HEAD = ("No.", "Description", "Qty", "Unit price", "Amount")
ROW_H = 18.0
TOP, FOOT = 80.0, 770.0  # the body's frame: the header box above it, the footer (box) below
THINGS = ("Steel beam", "Concrete mix C30", "Timber formwork", "Rebar D13", "Anchor bolts", "Sealant")
PAGES = 3
LAST_ROWS = 10  # body rows on the last page


def _row(k: int) -> tuple[str, ...]:
    price, qty = (k * 37) % 900 + 100, 3 + (k * 7) % 40
    return f"{k:02d}", THINGS[k % 6], str(qty), f"{price:,}.00", f"{price * qty:,}.00"


def _box(page: pymupdf.Page, y0: float, xs: tuple[float, ...], cells: tuple[tuple[str, ...], ...]) -> None:
    """A ruled box of 14 pt rows at ``y0``, columns at ``xs``, 7 pt type."""
    ys = [y0 + 14 * k for k in range(len(cells) + 1)]
    for y in ys:
        page.draw_line((xs[0], y), (xs[-1], y), width=0.5)
    for x in xs:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    for r, row in enumerate(cells):
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 3, ys[r] + 11), text, fontsize=7)


def _table(page: pymupdf.Page, y: float, rows: list[tuple[str, ...]], style: str, header: bool) -> float:
    """The continued table's piece at ``y``; its foot (pt)."""
    data = ([HEAD] if header else []) + rows
    ys = [y + ROW_H * k for k in range(len(data) + 1)]
    for r, row in enumerate(data):
        for c, text in enumerate(row):
            page.insert_text((XS[c] + 3, ys[r] + 12.5), text, fontsize=9, fontname="hebo" if header and r == 0 else "helv")
    if style == "grid":
        for yy in ys:
            page.draw_line((XS[0], yy), (XS[-1], yy), width=0.5)
        for x in XS:
            page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    elif style == "rules":
        for yy, w in ((ys[0], 1.0), (ys[1] if header else ys[0], 0.5), (ys[-1], 1.0)):
            page.draw_line((XS[0], yy), (XS[-1], yy), width=w)
    return ys[-1]


def build(style: str = "grid", repeat: bool = True, box: str = "head", short: bool = False, other: bool = False,
          heading: bool = False) -> bytes:
    """``PAGES`` pages of one table under (``box`` "head") or over ("foot") a ruled box drawn at
    the same place on every page, "Page n of N" in it. ``short``: page 1's piece ends 8 rows
    short of the foot; ``other``: page 2 opens with a small table of its own words (a box
    not on the other pages) over the piece; ``heading``: a 13 pt heading over page 2's piece."""
    doc = pymupdf.open()
    k = 1
    for p in range(1, PAGES + 1):
        page = doc.new_page(width=W, height=H)
        if box == "head":
            _box(page, 20, (60, 250, 400, 535), (("Form TD-7", "Revision", "Page"),
                                                 ("Tender documents", "03/2025", f"{p} of {PAGES}")))
        else:
            page.insert_text((60, 40), "Northwind Construction Ltd. - Tender documents 2025", fontsize=8)
            page.draw_line((60, 46), (535, 46), width=0.5)
            _box(page, 790, (60, 300, 535), (("Document TD-7-2025", "Confidential"), ("Issued 03/2025", f"Page {p} of {PAGES}")))
        y = TOP
        if p == 1:
            page.insert_text((60, y + 12), "Schedule 1. Materials supplied", fontsize=13, fontname="hebo")
            y += 30
        elif p == 2 and other:
            _box(page, y, (60, 200, 535), (("Lot", "2 - Structural steel"), ("Bidder", "Northwind Construction Ltd.")))
            y += 40
        elif p == 2 and heading:
            page.insert_text((60, y + 12), "2. Labour rates", fontsize=13, fontname="hebo")
            y += 30
        head = p == 1 or repeat
        n = int((FOOT - (8 * ROW_H if short and p == 1 else 0) - y) // ROW_H) - head
        n = LAST_ROWS if p == PAGES else n
        _table(page, y, [_row(k + i) for i in range(n)], style, head)
        k += n
    return bytes(doc.tobytes())



def _box_index(res: PageResult, box: str) -> int:
    """The index of the page's header (footer) box among its tables."""
    ys = [t.bbox.y0 for t in res.tables]
    return ys.index(min(ys) if box == "head" else max(ys))


@pytest.mark.parametrize("box", ["head", "foot"])
@pytest.mark.parametrize("repeat", [True, False])
@pytest.mark.parametrize("style", ["grid", "rules", "plain"])
def test_table_under_a_header_box_links_over_every_page(style: str, repeat: bool, box: str, tmp_path: Path) -> None:
    pages = detect(build(style, repeat, box), tmp_path)
    assert [len(r.tables) for r in pages] == [2, 2, 2]  # the box is read as a table on every page
    assert running_tables({r.page: r for r in pages}) == {r.page: (_box_index(r, box),) for r in pages}
    conts = find_continuations(pages)
    assert pairs(conts) == [(1, 2), (2, 3)]
    where = "precedes" if box == "head" else "follows"
    for c in proposed(conts):
        named = [e for e in c.evidence if e.kind == "margin" and "laid out as a table" in e.detail]
        assert len(named) == 1 and where in named[0].detail
        assert c.repeated_header == (1 if repeat else 0)
    # The boxes are no pieces: no candidate pair holds one.
    assert all((c.prev_index, c.next_index) == (1 - _box_index(pages[0], box),) * 2 for c in conts)


def test_pieces_at_the_same_place_are_no_running_table(tmp_path: Path) -> None:
    """Pages 2 and 3 of a longer table hold full pieces of the same box: taller than the page's
    band, they stay pieces (only the header box is running)."""
    pages = detect(build("grid", True, "head"), tmp_path)
    body = [r.tables[1 - _box_index(r, "head")] for r in pages]
    assert body[0].bbox.y1 > 0.7 * H and body[1].bbox.y1 > 0.7 * H
    assert all(len(v) == 1 for v in running_tables({r.page: r for r in pages}).values())


@pytest.mark.parametrize("style", ["grid", "plain"])
def test_first_piece_ending_short_is_still_no_continuation(style: str, tmp_path: Path) -> None:
    """Control: the header box sets no text area's top; page 1's piece ending 8 rows short of
    the foot still ends the table there."""
    conts = find_continuations(detect(build(style, True, "head", short=True), tmp_path))
    assert pairs(conts) == [(2, 3)]
    first = next(c for c in conts if c.prev_page == 1 and c.next_page == 2)
    assert first.reason.startswith("does not end at the bottom of the text area")


def test_another_small_table_over_the_continuation_still_parts_them(tmp_path: Path) -> None:
    """Control: a box of its own words over page 2's piece repeats on no other page: a table
    between."""
    pages = detect(build("grid", True, "head", other=True), tmp_path)
    conts = find_continuations(pages)
    assert (1, 2) not in pairs(conts)
    page2 = pages[1]
    lot = next(k for k, t in enumerate(page2.tables) if "Lot" in " ".join(x for r in t.rows_text() for x in r))
    assert lot not in running_tables({r.page: r for r in pages}).get(2, ())
    body = max(range(len(page2.tables)), key=lambda k: page2.tables[k].n_rows)
    pair = next(c for c in conts if c.prev_page == 1 and c.next_page == 2 and c.next_index == body)
    assert [e.detail for e in pair.evidence if e.kind == "between"] == ["another table precedes it on its page"]
    assert not any("laid out as a table" in e.detail for e in pair.evidence)


@pytest.mark.parametrize("style", ["grid", "plain"])
def test_heading_under_the_header_box_parts_the_pieces(style: str, tmp_path: Path) -> None:
    conts = find_continuations(detect(build(style, True, "head", heading=True), tmp_path))
    assert (1, 2) not in pairs(conts)
    assert any(c.prev_page == 1 and c.reason.startswith("text between the pieces on page 2") for c in conts)
