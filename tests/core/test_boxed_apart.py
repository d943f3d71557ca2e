"""Cells drawn as boxes of their own, a little apart (a web page's ``border-collapse:
separate``, ``<table border=1>``): the pair of rules at each row and column edge is one
boundary, no empty row or column between them (inspector/core/structure/thinbands.py
``one_per_pair``)."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

ROWS = (("Region", "2023", "2024"), ("Exports", "1,403", "(25)"), ("Services", "83", "30.8"),
        ("Licences", "59,246", "5.2"), ("Total", "8,317", "-0.9"))
WIDTHS = (120.0, 80.0, 80.0)
HEIGHT = 20.0  # pt a cell's box
SPACING = 3.0  # pt between two cells' boxes (border-spacing: 4px; over merge.snap, 2 pt)


def _pdf(spacing: float) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Results by region, restated after the change of accounting policy.", fontsize=9)
    x0, y0 = 72.0, 100.0
    page.draw_rect(pymupdf.Rect(x0, y0, x0 + sum(WIDTHS) + spacing * 4, y0 + len(ROWS) * (HEIGHT + spacing) + spacing),
                   color=(0.5, 0.5, 0.5), width=0.75)  # the table's own border, outside the cells' boxes
    y = y0 + spacing
    for row in ROWS:
        x = x0 + spacing
        for w, text in zip(WIDTHS, row, strict=True):
            page.draw_rect(pymupdf.Rect(x, y, x + w, y + HEIGHT), color=(0.5, 0.5, 0.5), width=0.75)
            page.insert_text((x + 4, y + 14), text, fontsize=9)
            x += w + spacing
        y += HEIGHT + spacing
    return doc.tobytes()


def test_cells_boxed_apart_make_one_boundary_per_rule_pair() -> None:
    tables = Pipeline(open_document(_pdf(SPACING))).run(0).tables
    assert len(tables) == 1
    assert [[c.strip() for c in r] for r in tables[0].rows_text()] == [list(r) for r in ROWS]


def test_explain_names_the_rule_pairs() -> None:
    """Each row edge inside the table is a pair: the second rule of each, the next cell box's top,
    is dropped, ``rule_pair`` (the pairs at the top and bottom are ``thin_band``: the table's own
    border past the first and last row)."""
    result = Pipeline(open_document(_pdf(SPACING))).run(0)
    (why,) = explain_page(result, Params())
    pairs = sorted({round(w.pos) for w in why.dropped if w.axis == "row" and any(e.kind == "rule_pair" for e in w.evidence)})
    tops = [100.0 + SPACING + k * (HEIGHT + SPACING) for k in range(len(ROWS))]
    assert pairs == [round(y) for y in tops[1:]]
    thin = sorted(round(w.pos) for w in why.dropped if any(e.kind == "thin_band" for e in w.evidence))
    assert thin == [100, round(tops[-1] + HEIGHT + SPACING)]


def test_cells_boxed_edge_to_edge_unchanged() -> None:
    """No spacing: one rule per boundary already, the same grid."""
    tables = Pipeline(open_document(_pdf(0.0))).run(0).tables
    assert len(tables) == 1
    assert [[c.strip() for c in r] for r in tables[0].rows_text()] == [list(r) for r in ROWS]
