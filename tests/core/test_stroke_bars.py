"""A butt-capped stroke wider than it is long paints a bar across it: Distiller draws a
form's column rules as stacks of half-point "horizontal" strokes of many widths."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.evidence.rules_vector import find_vector_rules
from inspector.core.params import Params, VectorParams
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Rule

WIDTHS = (30.0, 24.7, 14.0, 2.0, 0.4, 9.9, 2.8)  # one column rule's strokes, top to bottom


def stack(page: pymupdf.Page, x: float, top: float, cap: int = 0) -> float:
    """Half-point strokes at ``x`` whose widths tile the height from ``top`` down; the bottom."""
    y = top
    for w in WIDTHS:
        page.draw_line((x, y + w / 2), (x + 0.5, y + w / 2), width=w, lineCap=cap)
        y += w
    return y


def rules_of(doc: pymupdf.Document) -> list[Rule]:
    return list(find_vector_rules(open_document(doc.tobytes()).page(0).drawings(), VectorParams()).rules)


def test_a_stack_of_short_wide_strokes_is_one_vertical_rule() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=400)
    bottom = stack(page, 100, 50)
    rules = rules_of(doc)
    assert [(r.orient, r.pos, r.start, r.end) for r in rules] == [
        ("v", pytest.approx(100.25), pytest.approx(50), pytest.approx(bottom))]
    assert rules[0].thickness == pytest.approx(0.5)


def test_round_capped_short_strokes_are_no_rule() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=400)
    stack(page, 100, 50, cap=1)  # each paints a blob as wide as it is tall
    assert [r for r in rules_of(doc) if r.orient == "v"] == []


def test_a_dotted_line_of_short_thin_strokes_stays_horizontal() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=400)
    for k in range(30):
        page.draw_line((50 + 3 * k, 200), (51 + 3 * k, 200), width=0.5)
    rules = rules_of(doc)
    assert [(r.orient, r.start, r.end) for r in rules] == [("h", pytest.approx(50), pytest.approx(138))]


def test_a_table_whose_column_rules_are_stroke_stacks_has_those_columns() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=400)
    xs, top = (60.0, 150.0, 240.0, 330.0), 60.0
    bottom = 0.0
    for x in xs:
        bottom = stack(page, x, top)
    for y in (top, top + 28, top + 56, bottom):
        page.draw_line((xs[0], y), (xs[-1] + 0.5, y), width=0.5)
    for r, y in enumerate((top + 18, top + 46, top + 74)):
        for c, x in enumerate(xs[:-1]):
            page.insert_text((x + 10, y), f"{['Name', 'Ann', 'Bob'][r]}{c}" if c == 0 else str(10 * r + c), fontsize=9)
    res = Pipeline(open_document(doc.tobytes())).run(0, Params())
    assert len(res.tables) == 1
    grid = res.tables[0].grid
    assert grid is not None and grid.source == "ruled"
    assert [round(x, 1) for x in grid.xs] == [60.0, 150.2, 240.2, 330.5]  # sides: the row rules
    assert [e.kind for e in grid.col_evidence[1:-1]] == ["rule", "rule"]
