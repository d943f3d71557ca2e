"""A justified paragraph between two tables' rules parts them, though its stretched word spaces
cut it into as many pieces as it has words (``between.LineFacts.justified``): fpdf2 justifies
text by default. A page built with PyMuPDF at known coordinates: an upper table ruled only under
its header, a heading and a justified paragraph, a lower table ruled only under its header."""

from __future__ import annotations

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE = 9.0
UPPER = (("Metric", "2018", "2019", "2020"), ("Iberia", "13.9%", "0.47", "47,596"), ("Customers", "-13.3%", "0.05", "10"),
         ("Orders", "29.4%", "(0.15)", "6,715"), ("Gross margin", "-1.7%", "0.81", "99,160"), ("Total", "39.9%", "0.08", "14"))
LOWER = (("Metric", "Q1", "Q2", "Q3", "Q4"), ("Alps", "9.5%", "29.8%", "-1.2%", "638"), ("Tax", "39.2%", "4.8%", "0.6%", "108"),
         ("South", "3.9%", "25.8%", "12.0%", "7"), ("Total", "17.3%", "14.6%", "8.7%", "1"))
PARAGRAPH = "Segment results are reported before group eliminations and the figures of last year are restated"


def _rows(page: pymupdf.Page, rows: tuple[tuple[str, ...], ...], top: float, x0: float, x1: float) -> float:
    """``rows`` from baseline ``top``, 15 pt apart, the label at ``x0``, the rest right-aligned in
    equal columns up to ``x1``, a rule under the header; the last baseline."""
    step = (x1 - x0 - 90) / (len(rows[0]) - 1)
    for k, row in enumerate(rows):
        y = top + 15 * k
        page.insert_text((x0, y), row[0], fontsize=SIZE, fontname="hebo" if k == 0 else "helv")
        for c, text in enumerate(row[1:], start=1):
            right = x0 + 90 + c * step
            page.insert_text((right - pymupdf.get_text_length(text, "helv", SIZE), y), text, fontsize=SIZE,
                             fontname="hebo" if k == 0 else "helv")
        if k == 0:
            page.draw_line((x0 - 3, y + 4), (x1 + 3, y + 4), width=0.7)
    return top + 15 * (len(rows) - 1)


def _justified(page: pymupdf.Page, y: float, x0: float, x1: float) -> None:
    """The paragraph's first line set justified from ``x0`` to ``x1`` (equal stretched spaces), its last line plain."""
    words = PARAGRAPH.split()
    widths = [pymupdf.get_text_length(w, "helv", SIZE) for w in words]
    space = (x1 - x0 - sum(widths)) / (len(words) - 1)
    x = x0
    for w, width in zip(words, widths, strict=True):
        page.insert_text((x, y), w, fontsize=SIZE, fontname="helv")
        x += width + space
    page.insert_text((x0, y + 11), "in the notes.", fontsize=SIZE, fontname="helv")


def _pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    last = _rows(page, UPPER, 100, 120, 480)
    page.insert_text((60, last + 24), "Cost breakdown", fontsize=12, fontname="hebo")
    _justified(page, last + 40, 60, 535)
    _rows(page, LOWER, last + 70, 60, 535)
    return doc.tobytes()


def test_a_justified_paragraph_between_two_tables_rules_parts_them() -> None:
    tables = Pipeline(open_document(_pdf())).run(0, Params()).tables
    shapes = sorted((t.grid.n_rows, t.grid.n_cols) for t in tables if t.grid is not None)
    assert shapes == [(len(LOWER), len(LOWER[0])), (len(UPPER), len(UPPER[0]))]
    texts = [c.text for t in tables for c in t.cells]
    assert not any("eliminations" in t or "breakdown" in t for t in texts)
