"""A column whose cells wrap in two lines, set middle-aligned beside one-line cells (a browser's
default ``vertical-align: middle``), shares no text line with the column left of it: the gap
between them is a column however its width reads in glyphs (inspector/core/structure/glyphgaps.py
``gap_in_glyphs``: no line with text on both sides is no evidence of spaces inside a cell)."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

SIZE = 9.0
PITCH = 30.0
ROWS = (("Monitor", "25", "10,350,000", ("Installation", "included")),
        ("Laser printer", "3", "4,239,000", ("Maintenance", "one year")),
        ("Server rack", "31", "78,864,000", ("Installation", "included")),
        ("Office desk", "12", "14,496,000", ("Supplied by", "the buyer")),
        ("Projector", "2", "8,714,000", ("Maintenance", "one year")))


def _right(page: pymupdf.Page, x1: float, y: float, text: str) -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, "helv", SIZE), y), text, fontsize=SIZE)


def _pdf() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 80), "Items delivered, with their quantities and amounts in won.", fontsize=SIZE)
    top = 110.0
    for k, (label, qty, amount, note) in enumerate(ROWS):
        y0 = top + k * PITCH
        page.draw_line((66, y0), (480, y0), width=0.75)
        mid = y0 + PITCH / 2 + 3
        page.insert_text((72, mid), label, fontsize=SIZE)
        _right(page, 250, mid, qty)
        _right(page, 350, mid, amount)
        page.insert_text((372, mid - 5.5), note[0], fontsize=SIZE)  # the note's two lines straddle the row's line
        page.insert_text((372, mid + 5.5), note[1], fontsize=SIZE)
    page.draw_line((66, top + len(ROWS) * PITCH), (480, top + len(ROWS) * PITCH), width=0.75)
    return doc.tobytes()


def test_a_wrapped_middle_column_stays_a_column() -> None:
    tables = Pipeline(open_document(_pdf())).run(0).tables
    assert len(tables) == 1
    rows = [[" ".join(c.split()) for c in r] for r in tables[0].rows_text()]
    body = [r for r in rows if r and r[0] in {row[0] for row in ROWS}]
    assert body == [[label, qty, amount, " ".join(note)] for label, qty, amount, note in ROWS]


def test_explain_names_the_straddled_boundary() -> None:
    result = Pipeline(open_document(_pdf())).run(0)
    (why,) = explain_page(result, Params())
    straddled = [round(w.pos) for w in why.cols if any(e.kind == "straddled" for e in w.evidence)]
    assert len(straddled) == 1 and 350 < straddled[0] < 372  # between the amounts' right edge and the notes


def test_one_column_aligned_two_ways_stays_one() -> None:
    """"n/a" at a column's left on some rows, amounts at its right on others, each row one line:
    no line overlaps another, the two parts are one column (``merge_complementary``)."""
    doc = pymupdf.open()
    page = doc.new_page()
    top = 110.0
    for k, (label, qty, amount, _) in enumerate(ROWS):
        y0 = top + k * PITCH
        page.draw_line((66, y0), (480, y0), width=0.75)
        mid = y0 + PITCH / 2 + 3
        page.insert_text((72, mid), label, fontsize=SIZE)
        _right(page, 250, mid, qty)
        if k % 2:
            page.insert_text((300, mid), "n/a", fontsize=SIZE)
        else:
            _right(page, 420, mid, amount)
    page.draw_line((66, top + len(ROWS) * PITCH), (480, top + len(ROWS) * PITCH), width=0.75)
    (table,) = Pipeline(open_document(doc.tobytes())).run(0).tables
    assert table.n_cols == 3
