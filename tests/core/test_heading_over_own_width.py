"""A heading set with no white under one table's bottom rule, over a table of another width
(issue 25, class 2; AbiWord sets a heading paragraph right under the table before it).

A word processor sizes each table to its columns: the upper table's bottom rule and the next
table's top edge (a rule, or its head band's fill) start at one left edge and end apart, and
the next table's header row lies within its own top edge (``between.own_width``). A table's
section label sits between rules of the table's one width, and a spanning label's underline
is narrower than the header row under it: neither parts a table.
"""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

LEFT = 64.0  # pt: both tables' left edge (the text column's)
UPPER = (("Item", "Size", "Qty", "Price"), ("Projector", "WUXGA", "34", "2,450,000"),
         ("Switch", "48 ports", "35", "2,916,000"), ("Chair", "Mesh", "15", "3,480,000"),
         ("Total", "", "", "8,846,000"))
UPPER_X = (66.0, 180.0, 300.0, 400.0)  # the upper table's columns' text starts, pt
LOWER = (("Region", "Q1", "Q2", "Q3"), ("Interest", "(4,117)", "5.3%", "23"), ("Headcount", "857", "-14.5%", "527"),
         ("Alps", "9", "28.1%", "218"), ("Nordics", "8,321", "36.8%", "(36)"))
LOWER_X = (66.0, 170.0, 240.0, 310.0)
TITLE = "Segment overview"
PITCH = 14.0  # pt between rows


def _ruled_rows(page: pymupdf.Page, y: float, right: float) -> float:
    """The upper table: a rule over and under every row, none between columns; returns the
    bottom rule's y (pt)."""
    for r, row in enumerate(UPPER):
        page.draw_line((LEFT, y), (right, y), width=1.0)
        for x, text in zip(UPPER_X, row, strict=True):
            page.insert_text((x, y + 10.5), text, fontsize=9, fontname="hebo" if r == 0 else "helv")
        y += PITCH
    page.draw_line((LEFT, y), (right, y), width=1.0)
    return y


def _band(page: pymupdf.Page, y: float, right: float) -> None:
    """The lower table: no rules, its head a dark band in white bold, zebra fills."""
    for r, row in enumerate(LOWER):
        fill = (0.25, 0.25, 0.25) if r == 0 else ((0.87, 0.92, 0.96) if r % 2 == 0 else None)
        if fill:
            page.draw_rect(pymupdf.Rect(LEFT - 0.5, y, right, y + PITCH), color=None, fill=fill)
        for x, text in zip(LOWER_X, row, strict=True):
            page.insert_text((x, y + 10.5), text, fontsize=9, fontname="hebo" if r == 0 else "helv",
                             color=(1, 1, 1) if r == 0 else (0, 0, 0))
        y += PITCH


def _page(lower_right: float) -> bytes:
    """The ruled table (to 511 pt), the bold 13 pt heading right under its bottom rule (no white
    over its capitals), the band table (to ``lower_right``) right under the heading."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = _ruled_rows(page, 100.0, 511.0)
    page.insert_text((LEFT, y + 11.0), TITLE, fontsize=13, fontname="hebo")
    _band(page, y + 17.0, lower_right)
    return doc.tobytes()


def test_a_heading_over_a_table_of_its_own_width_parts_them() -> None:
    res = Pipeline(open_document(_page(380.0))).run(0, Params())
    assert [t.rows_text() for t in res.tables] == [[list(r) for r in UPPER], [list(r) for r in LOWER]]
    (said,) = [r.reason for r in explain(res, Params()).rejected if TITLE in r.reason]
    assert said.startswith(f'heading between tables: a heading in larger type ("{TITLE}") set close under the rule')
    assert "the next table is of its own width" in said


def _spanner() -> bytes:
    """One table: a top rule, a bold spanning label flush left ("Reported") over its columns 1
    to 3, underlined by a rule from the left edge to 380 pt, then the header row reaching to
    the table's right end (its last label past the underline), rows, a bottom rule."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = 100.0
    page.draw_line((LEFT, y), (511.0, y), width=1.0)
    page.insert_text((LEFT + 2, y + 12.0), "Reported", fontsize=11, fontname="hebo")
    y += 15.0
    page.draw_line((LEFT, y), (380.0, y), width=0.5)
    xs = (66.0, 180.0, 300.0, 440.0)
    for r, row in enumerate((("Region", "Units", "Price", "Restated"), ("North", "12", "3.50", "42.00"),
                             ("South", "8", "2.25", "18.00"), ("East", "5", "4.00", "20.00"))):
        for x, text in zip(xs, row, strict=True):
            page.insert_text((x, y + 10.5), text, fontsize=9, fontname="hebo" if r == 0 else "helv")
        y += PITCH
    page.draw_line((LEFT, y), (511.0, y), width=1.0)
    return doc.tobytes()


def test_a_spanning_labels_underline_narrower_than_the_header_parts_nothing() -> None:
    """The header row under the short rule reaches past its end: the rule underlines a label of
    the table's head, no table of its own width starts there."""
    res = Pipeline(open_document(_spanner())).run(0, Params())
    assert len(res.tables) == 1
    assert not [r for r in explain(res, Params()).rejected if "own width" in r.reason]


def test_a_table_of_the_same_width_needs_other_evidence() -> None:
    """Both tables to one right end: nothing of its own width; the close bold line is read as
    before (the rules alone do not part them)."""
    res = Pipeline(open_document(_page(511.0))).run(0, Params())
    assert not [r for r in explain(res, Params()).rejected if "own width" in r.reason]
