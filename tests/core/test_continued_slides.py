"""Slides: one table a slide, the same title over consecutive slides (read as a running
header), and when the next slide's table is a new table: a header row of its own set apart
by its shade, or another type size; a continuation with its header repeated still links."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from inspector.core.multipage.continuation import Continuation, find_continuations, proposed
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

W, H = 720.0, 540.0  # a 4:3 slide, points
X = (60.0, 220.0, 360.0, 500.0, 660.0)  # column boundaries, the same on every slide
TOP, ROW_H = 150.0, 32.0
DARK, BAND = (0.31, 0.51, 0.74), (0.82, 0.85, 0.91)


def _slide(doc: pymupdf.Document, head: list[str], rows: int, size: float, shade: bool, seed: int) -> None:
    """A slide titled "Quarterly results" with a ruled table: ``head`` over ``rows`` rows of
    amounts, set in ``size`` pt; ``shade``: the header row on a dark band, the body banded."""
    page = doc.new_page(width=W, height=H)
    page.insert_text((230, 80), "Quarterly results", fontsize=36)
    n = rows + 1
    for r in range(n):
        y0 = TOP + r * ROW_H
        fill = DARK if r == 0 else BAND if r % 2 == 0 else None
        if shade and fill is not None:
            page.draw_rect(pymupdf.Rect(X[0], y0, X[-1], y0 + ROW_H), color=None, fill=fill, width=0)
        for c in range(len(X) - 1):
            text = head[c] if r == 0 else ("East", "West", "North", "South", "Parts", "Rent", "Travel")[(r + seed) % 7] \
                if c == 0 else f"{(r * 7919 + c * 104729 + seed * 31) % 90000:,}"
            colour = (1, 1, 1) if shade and r == 0 else (0, 0, 0)
            page.insert_text((X[c] + 6, y0 + ROW_H / 2 + size / 3), text, fontsize=size, color=colour)
    for r in range(n + 1):
        page.draw_line((X[0], TOP + r * ROW_H), (X[-1], TOP + r * ROW_H), color=DARK, width=0.75)
    for x in X:
        page.draw_line((x, TOP), (x, TOP + n * ROW_H), color=DARK, width=0.75)


def _detect(doc: pymupdf.Document, tmp_path: Path) -> list[PageResult]:
    path = tmp_path / "deck.pdf"
    path.write_bytes(doc.tobytes())
    d = open_document(path)
    pipe = Pipeline(d)
    return [pipe.run(i) for i in range(d.page_count)]


def _pair(conts: tuple[Continuation, ...]) -> Continuation:
    return next(c for c in conts if (c.prev_page, c.next_page) == (1, 2))


def test_a_header_row_set_apart_by_its_shade_opens_a_new_table(tmp_path: Path) -> None:
    doc = pymupdf.open()
    _slide(doc, ["Item", "Q1", "Q2", "Q3"], 10, 14, True, 0)
    _slide(doc, ["Region", "H1", "H2", "FY24"], 10, 14, True, 3)
    c = _pair(find_continuations(_detect(doc, tmp_path)))
    assert not c.proposed
    assert c.reason.startswith("starts with a header row of its own, set apart by its shade")
    assert "Region | H1 | H2 | FY24" in c.reason


def test_a_shaded_header_repeated_is_a_continuation(tmp_path: Path) -> None:
    doc = pymupdf.open()
    _slide(doc, ["Item", "Q1", "Q2", "Q3"], 10, 14, True, 0)
    _slide(doc, ["Item", "Q1", "Q2", "Q3"], 10, 14, True, 3)
    conts = find_continuations(_detect(doc, tmp_path))
    assert [(c.prev_page, c.next_page, c.repeated_header) for c in proposed(conts)] == [(1, 2, 1)]


def test_a_banded_body_going_on_is_no_header_band(tmp_path: Path) -> None:
    """The next slide opens with body rows, the first on a band the body has again below."""
    doc = pymupdf.open()
    _slide(doc, ["Item", "Q1", "Q2", "Q3"], 10, 14, True, 0)
    page = doc.new_page(width=W, height=H)
    page.insert_text((230, 80), "Quarterly results", fontsize=36)
    for r in range(8):
        y0 = TOP + r * ROW_H
        if r % 2 == 0:
            page.draw_rect(pymupdf.Rect(X[0], y0, X[-1], y0 + ROW_H), color=None, fill=BAND, width=0)
        for c in range(4):
            text = ("Rent", "Parts")[r % 2] if c == 0 else f"{(r * 611 + c * 97) % 9000:,}"
            page.insert_text((X[c] + 6, y0 + ROW_H / 2 + 14 / 3), text, fontsize=14)
    for r in range(9):
        page.draw_line((X[0], TOP + r * ROW_H), (X[-1], TOP + r * ROW_H), color=DARK, width=0.75)
    for x in X:
        page.draw_line((x, TOP), (x, TOP + 8 * ROW_H), color=DARK, width=0.75)
    conts = find_continuations(_detect(doc, tmp_path))
    assert [(c.prev_page, c.next_page) for c in proposed(conts)] == [(1, 2)]


def test_another_type_size_is_another_table(tmp_path: Path) -> None:
    """No shade, no bold: the next slide's table is set larger, as a new slide's may be."""
    doc = pymupdf.open()
    _slide(doc, ["Item", "Q1", "Q2", "Q3"], 10, 14, False, 0)
    _slide(doc, ["Region", "H1", "H2", "FY24"], 10, 18, False, 3)
    c = _pair(find_continuations(_detect(doc, tmp_path)))
    assert not c.proposed
    assert c.reason == "set in another type size: 14.0 pt on page 1, 18.0 pt on page 2 (a table keeps its type over its pages)"
    assert [e.kind for e in c.evidence if e.veto] == ["type"]
