"""A zebra table shaded cell by cell, white between the cells (issue #25, documents nobody here
made: Qt's QTextDocument tables with ``cellspacing`` and ``bgcolor`` rows): the fills' edges and
gutters make a ruled grid that ends where the shading does, so the last row, left unshaded, fell
out of the table. ``grow.rows_under_fills`` grows a grid drawn by shading alone down over the
lines under it whose pieces each stand in one of its columns; explain names it (evidence
``rows_under_fills``, lever ``tables.rows_under_fills``). Guard: the note under the table,
one run across the columns, stays out. Built with PyMuPDF."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

XS = (60.0, 160.0, 240.0, 320.0)  # the column edges of three columns (a 2 pt white gutter inside each edge)
ROWS = (("Baseline", "0.582", "340.1"), ("k-NN", "0.987", "275.3"), ("PID", "0.877", "248.5"),
        ("Ridge", "0.529", "347.6"), ("SVM", "0.563", "195.2"), ("CNN", "0.772", "645.5"))
STEP, TOP = 19.0, 120.0  # each row's height; the first body row's top


def _pdf() -> bytes:
    """The header line, six rows (the first, third and fifth shaded cell by cell), a note."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((60, 90), "Table 1: results on the test set.", fontsize=10)
    for c, head in enumerate(("Method", "F1", "Time (s)")):
        page.insert_text((XS[c] + 4, TOP - 6), head, fontsize=10)
    for r, row in enumerate(ROWS):
        y = TOP + r * STEP
        if r % 2 == 0:
            for c in range(3):
                page.draw_rect(pymupdf.Rect(XS[c] + 1, y + 1, XS[c + 1] - 1, y + STEP - 1), color=None,
                               fill=(0.9, 0.9, 0.95))
        for c, text in enumerate(row):
            page.insert_text((XS[c] + 4, y + 13), text, fontsize=10)
    page.insert_text((60, TOP + 6 * STEP + 14), "Note: amounts are rounded to the nearest unit of the report.",
                     fontsize=8)
    return doc.tobytes()


def _detect(pdf: bytes, params: Params | None = None) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, params)


def test_the_unshaded_last_row_is_the_tables() -> None:
    """Six body rows under the header, CNN's last; the note stays out; explain names the growth
    and its lever, which takes the last row off."""
    res = _detect(_pdf())
    assert len(res.tables) == 1
    rows = res.tables[0].rows_text()
    assert [r[0] for r in rows] == ["Method", "Baseline", "k-NN", "PID", "Ridge", "SVM", "CNN"]
    assert rows[-1] == ["CNN", "0.772", "645.5"]
    why = explain_page(res, Params())[0]
    bottom = why.rows[-1]
    assert [e.kind for e in bottom.evidence] == ["region_edge", "rows_under_fills"]
    assert bottom.flip == ("tables.rows_under_fills", 0)
    off = _detect(_pdf(), Params().with_value("tables.rows_under_fills", 0))
    assert [r[0] for r in off.tables[0].rows_text()][-1] == "SVM"
