"""Small charts whose curves a writer traced in steps a fraction of a point long (no segment
slanted alone) and whose axes carry ticks too short to count are figures: their tick labels,
aligned from chart to chart, are no table (they read as one grid of 14 x 32 before)."""

from __future__ import annotations

import dataclasses

import pymupdf

from inspector.core.evidence.figures import find_figures
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

STEP = 0.24  # pt: the tracing's step along x or y
CHART_W, CHART_H = 90.0, 40.0  # pt: one chart's plot area
PITCH_X, PITCH_Y = 110.0, 90.0  # pt between charts
LEFT, TOP = 60.0, 100.0


def _traced_curve(page: pymupdf.Page, x0: float, y0: float) -> None:
    """A saturating curve over the plot area at (x0, y0) (its bottom-left corner), traced as
    alternate steps of ``STEP`` pt along x and y: one stroked open path."""
    shape = page.new_shape()
    x, y = x0, y0
    pts = [(x, y)]
    while x < x0 + CHART_W:
        target = y0 - CHART_H * (1 - 2.718 ** (-(x - x0) / 8.0))
        if y - target > STEP:
            y -= STEP
            pts.append((x, y))
        x += STEP
        pts.append((x, y))
    shape.draw_polyline(pts)
    shape.finish(color=(0.8, 0.1, 0.6), width=0.5, closePath=False)
    shape.commit()


def _chart(page: pymupdf.Page, x0: float, y0: float, title: str) -> None:
    """One chart whose plot area's bottom-left corner is (x0, y0): axes, ticks 1.2 pt long
    (shorter than a tick mark counts), tick labels 0..8 and 0..4, a title over it."""
    page.draw_line((x0, y0), (x0 + CHART_W, y0), width=0.3)
    page.draw_line((x0, y0), (x0, y0 - CHART_H), width=0.3)
    for k in range(9):
        x = x0 + k * CHART_W / 8
        page.draw_line((x, y0), (x, y0 + 1.2), width=0.12)
        page.insert_text((x - 1.2, y0 + 7), str(k), fontsize=4, fontname="helv")
    for k in range(5):
        y = y0 - k * CHART_H / 4
        page.draw_line((x0 - 1.2, y), (x0, y), width=0.12)
        page.insert_text((x0 - 5, y + 1.4), str(k), fontsize=4, fontname="helv")
    page.insert_text((x0 + 30, y0 - CHART_H - 5), title, fontsize=4, fontname="helv")
    _traced_curve(page, x0, y0)


def charts_page() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for r in range(2):
        for c in range(4):
            _chart(page, LEFT + c * PITCH_X, TOP + 60 + r * PITCH_Y, f"12:{15 + 4 * r + c}:45")
    page.draw_rect(pymupdf.Rect(LEFT - 15, TOP, LEFT + 4 * PITCH_X, TOP + 60 + 2 * PITCH_Y), width=0.5)
    return doc.tobytes()


def _params(on: bool = True) -> Params:
    p = Params()
    return dataclasses.replace(p, vector=dataclasses.replace(p.vector, traced_curves=on))


def _detect(pdf: bytes, on: bool = True) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, _params(on))


def test_a_curve_traced_in_tiny_steps_is_a_line_series() -> None:
    page = open_document(charts_page()).page(0)
    figures = find_figures(page.painted(), page.width, page.height)
    assert len(figures) == 8
    assert all(f.marks == "1 line series" for f in figures)
    assert find_figures(page.painted(), page.width, page.height, fine=False) == ()


def test_the_tick_labels_of_traced_charts_are_no_table() -> None:
    pdf = charts_page()
    off = _detect(pdf, on=False)
    assert [(t.n_rows, t.n_cols) for t in off.tables] == [(14, 32)]
    assert _detect(pdf).tables == ()
