"""Tables whose rows align set beside or over one another, each with its own title and the same
header (issue 25, class 5), built with PyMuPDF at known coordinates: they come out as one table
each (``structure.repeats``), explain names the cut, ``tables.repeated_headers`` off reads them
as one block; a table grouping its columns under two spanning heads (its sub-heads repeated,
its row labels on the left only) stays one table."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 9.0
PITCH = 14.0  # pt from one row's baseline to the next
HEAD = ("Item", "Qty", "Price")
XS = (0.0, 110.0, 170.0)  # each column's x from its table's left side (pt)
FRUIT = (("Apples", "12", "3.40"), ("Pears", "7", "2.10"), ("Plums", "30", "5.75"), ("Grapes", "4", "8.20"))
VEG = (("Carrots", "25", "1.15"), ("Leeks", "9", "2.60"), ("Onions", "40", "0.95"), ("Beans", "16", "3.30"))
HERBS = (("Basil", "3", "1.20"), ("Thyme", "5", "0.80"), ("Mint", "8", "0.60"), ("Sage", "2", "1.10"))
NUTS = (("Almonds", "6", "7.50"), ("Pecans", "2", "9.90"), ("Walnuts", "11", "6.40"), ("Hazels", "5", "8.00"))


def detect(pdf: bytes, params: Params | None = None) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, params or Params())


def _table(page: pymupdf.Page, x: float, top: float, title: str, rows: Sequence[Sequence[str]]) -> float:
    """A title at baseline ``top``, the header under it and ``rows``, from x ``x``; the baseline
    of its last row."""
    page.insert_text((x, top), title, fontsize=SIZE + 1)
    y = top + PITCH + 4
    for cells in (HEAD, *rows):
        for dx, text in zip(XS, cells, strict=True):
            page.insert_text((x + dx, y), text, fontsize=SIZE)
        y += PITCH
    return y - PITCH


def beside() -> bytes:
    """Two borderless tables side by side, rows on one baseline, a 70 pt gutter."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _table(page, 50, 100, "Table 1. Fruit", FRUIT)
    _table(page, 330, 100, "Table 2. Vegetables", VEG)
    return doc.tobytes()


def cells(res: PageResult) -> list[list[list[str]]]:
    """Each table's text, row by row (a spanning cell at its top-left slot)."""
    out = []
    for t in res.tables:
        grid = [[""] * t.n_cols for _ in range(t.n_rows)]
        for c in t.cells:
            grid[c.r][c.c] = c.text
        out.append(grid)
    return out


def expected(rows: Sequence[Sequence[str]]) -> list[list[str]]:
    return [list(HEAD), *[list(r) for r in rows]]


def test_two_tables_side_by_side_with_one_header_are_two() -> None:
    res = detect(beside())
    assert cells(res) == [expected(FRUIT), expected(VEG)]


def test_switched_off_they_read_as_one_block() -> None:
    off = Params()
    off = replace(off, tables=replace(off.tables, repeated_headers=False))
    res = detect(beside(), off)
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(6, 6)]  # the two titles too, as a row


def _ruled_pair(page: pymupdf.Page, top: float, titles: tuple[str, str], rows: tuple[Sequence[Sequence[str]], ...]) -> float:
    """Two tables side by side from baseline ``top``, each ruled above its title, under its
    header and nowhere between the two: the rules run the page's full width. The y of the
    last rule drawn (under the header)."""
    page.draw_line((50, top - 14), (560, top - 14), width=0.5)
    for x, title, body in zip((50, 310), titles, rows, strict=True):
        page.insert_text((x, top), title, fontsize=SIZE + 1)
        for n, cells in enumerate((HEAD, *body)):
            for dx, text in zip(XS, cells, strict=True):
                page.insert_text((x + dx, top + PITCH + 4 + n * PITCH), text, fontsize=SIZE)
    page.draw_line((50, top + PITCH + 8), (560, top + PITCH + 8), width=0.5)
    return top + PITCH + 8


def two_by_two() -> bytes:
    """Four tables set two by two under full-width rules, their rows on one baseline across."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _ruled_pair(page, 100, ("Table 1. Fruit", "Table 2. Vegetables"), (FRUIT, VEG))
    _ruled_pair(page, 200, ("Table 3. Herbs", "Table 4. Nuts"), (HERBS, NUTS))
    page.draw_line((50, 275), (560, 275), width=0.5)
    return doc.tobytes()


def test_four_tables_two_by_two_under_full_width_rules_are_four() -> None:
    res = detect(two_by_two())
    got = sorted(((round(t.bbox.y0), round(t.bbox.x0)), g) for t, g in zip(res.tables, cells(res), strict=True))
    # Ruled above its title, each table leaves the title out, as one table alone does (its caption):
    # the lines each in one piece over its first line of columns are no rows (``repeats.untitled``).
    assert [g for _, g in got] == [expected(rows) for rows in (FRUIT, VEG, HERBS, NUTS)]
    assert [(round(t.bbox.y0), round(t.bbox.x0)) for t in sorted(res.tables, key=lambda t: (t.bbox.y0, t.bbox.x0))] \
        == [(103, 50), (103, 275), (203, 50), (203, 275)]


def test_explain_names_the_cut() -> None:
    res = detect(two_by_two())
    whys = explain_page(res, Params())
    assert len(whys) == 4
    sides = [w for t in whys for w in (*t.cols, *t.rows) if "repeated_header" in {e.kind for e in w.evidence}]
    # Each table has one side on the cut between left and right (x 260 to 310, the gutter) and one
    # on the cut between top and bottom (under the first pair's last row, over the second's rule).
    cols = [round(w.pos) for w in sides if w.axis == "col"]
    rows = [round(w.pos) for w in sides if w.axis == "row"]
    assert len(cols) == 4 and len(set(cols)) == 1 and 260 < cols[0] < 310
    # The two upper tables end on the cut between top and bottom (under their last row, over the
    # second pair's rule); the lower two start under their titles, which the cut left out.
    assert len(rows) == 2 and len(set(rows)) == 1 and 175 < rows[0] <= 186
    assert all("tables.repeated_headers" in w.params and "repeated header" in w.decision for w in sides)
    tops = [t.rows[0] for t in whys]
    assert [round(w.pos) for w in tops] == [103, 103, 203, 203]
    assert all([round(e.value, 1) for e in w.evidence if e.kind == "title_over"] == [17.0] for w in tops)
    assert all("a title over one of the tables" in w.decision and "tables.repeated_headers" in w.params for w in tops)


def grouped() -> bytes:
    """One table grouping its columns under two spanning heads, the sub-heads repeated in each
    group, the row labels on the left only."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((200, 100), "2019", fontsize=SIZE)
    page.insert_text((400, 100), "2020", fontsize=SIZE)
    for dx, text in ((0, "Region"), (150, "Men"), (200, "Women"), (250, "Total"), (350, "Men"), (400, "Women"),
                     (450, "Total")):
        page.insert_text((50 + dx, 114), text, fontsize=SIZE)
    for n, label in enumerate(("North", "South", "East", "West")):
        page.insert_text((50, 128 + n * PITCH), label, fontsize=SIZE)
        for k, dx in enumerate((150, 200, 250, 350, 400, 450)):
            page.insert_text((50 + dx, 128 + n * PITCH), str(10 * n + k + 11), fontsize=SIZE)
    return doc.tobytes()


def test_a_table_grouping_its_columns_stays_one() -> None:
    res = detect(grouped())
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(6, 7)]
    assert not [r for r in res.regions if r.param == "tables.repeated_headers"]


def schedules() -> bytes:
    """Two tax schedules side by side under rules drawn across both (an instructions booklet's
    rate schedules): each titled over two lines under the top rule, no "Table" label, then the
    header, a head rule, the body and a closing rule."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.draw_line((50, 86), (560, 86), width=0.5)
    for x, (name, note), body in zip((50, 310), (("Schedule X", "Filers who checked box 1 or 2 on the form"),
                                                 ("Schedule Y", "Filers who checked box 3 or 4 on the form")),
                                     (FRUIT, VEG), strict=True):
        page.insert_text((x, 100), name, fontsize=SIZE + 1)
        page.insert_text((x, 100 + PITCH), note, fontsize=SIZE)
        for n, row in enumerate((HEAD, *body)):
            for dx, text in zip(XS, row, strict=True):
                page.insert_text((x + dx, 100 + 2 * PITCH + 4 + n * PITCH), text, fontsize=SIZE)
    page.draw_line((50, 100 + 2 * PITCH + 8), (560, 100 + 2 * PITCH + 8), width=0.5)
    page.draw_line((50, 200), (560, 200), width=0.5)
    return doc.tobytes()


def test_titles_over_two_lines_under_a_rule_across_both_tables_are_no_rows() -> None:
    res = detect(schedules())
    assert cells(res) == [expected(FRUIT), expected(VEG)]
    assert [r.bbox.y1 - r.bbox.y0 for r in res.regions if r.reason.startswith("a title over one of the tables")] \
        == [pytest.approx(2 * PITCH + 3, abs=0.5)] * 2


def test_switched_off_the_schedules_keep_their_titles() -> None:
    off = Params()
    res = detect(schedules(), replace(off, tables=replace(off.tables, repeated_headers=False)))
    # One block under the rules, the titles' lines in its first row's cells.
    assert [t.bbox.y0 for t in res.tables] == [86.0]
    assert [c.text.split("\n")[:2] for c in res.tables[0].cells if c.r == 0 and "Schedule" in c.text] == [
        ["Schedule X", "Filers who checked box 1 or 2 on the form"], ["Schedule Y", "Filers who checked box 3 or 4"]]
