"""Sideways tables through detection, hand edits and both renderers (issue 14.6).

A table printed sideways (text running up or down the unrotated page) or sitting on a page
with a /Rotate key is read in its upright frame. Every later step that reads cell text or
draws cell boxes must use the same turn: after a boundary edit the multi-word cells used to
come back reversed, one word per line ("EU Institutions" -> "Institutions\\nEU").
"""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.annotation import edits as E
from inspector.annotation.model import annotation_table_from_detected, to_core_table
from inspector.annotation.text import text_source
from inspector.core.geometry import cell_boxes
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from resources.make_samples import draw_table, finish, new_document

ROWS = (("Body", "Staff count", "Budget share"),
        ("EU Institutions", "41 000", "6.4 %"),
        ("Member States", "2 300", "1.1 %"),
        ("Other bodies", "7 500", "0.9 %"))
MULTI = {"Staff count", "Budget share", "EU Institutions", "41 000", "6.4 %", "Member States", "2 300", "1.1 %",
         "Other bodies", "7 500", "0.9 %"}


def _sideways_pdf() -> bytes:
    """Page 1..4: the table placed turned 90/270 on a portrait page, pages 3-4 also carry a
    /Rotate so a viewer shows them upright; page 5: text written with insert_text(rotate=90)."""
    src = new_document()
    draw_table(src.new_page(width=842, height=595), 80, 80, ROWS)
    landscape = pymupdf.open(stream=finish(src))
    doc = new_document()
    for turn, page_rotation in ((90, 0), (270, 0), (90, 270), (270, 90)):
        page = doc.new_page(width=595, height=842)
        page.show_pdf_page(page.rect, landscape, 0, rotate=turn)
        if page_rotation:
            page.set_rotation(page_rotation)
    _draw_rotated_text_table(doc.new_page(width=595, height=842))
    return finish(doc)


def _draw_rotated_text_table(page: pymupdf.Page) -> None:
    """The same table drawn directly with text running up the page (insert_text rotate=90):
    upright column c is page band x, upright row r is page band y counted from the bottom."""
    widths, height = (150.0, 110.0, 110.0), 24.0
    x0, y_bottom = 100.0, 700.0
    ys = [y_bottom - sum(widths[:k]) for k in range(len(widths) + 1)]  # columns go up the page
    xs = [x0 + k * height for k in range(len(ROWS) + 1)]  # rows go right
    shape = page.new_shape()
    for x in xs:
        shape.draw_line((x, ys[-1]), (x, ys[0]))
    for y in ys:
        shape.draw_line((xs[0], y), (xs[-1], y))
    shape.finish(color=(0, 0, 0), width=0.6)
    shape.commit()
    for r, row in enumerate(ROWS):
        for c, text in enumerate(row):
            page.insert_text((xs[r] + 16, ys[c] - 4), text, fontsize=10, rotate=90)


@pytest.fixture(scope="module")
def detected() -> tuple[bytes, list]:
    data = _sideways_pdf()
    doc = open_document(data)
    pipe = Pipeline(doc)
    return data, [pipe.run(i) for i in range(doc.page_count)]


def _texts(region) -> set[str]:
    return {c.text for c in region.cells}


@pytest.mark.parametrize("page", range(5))
def test_detection_reads_sideways_cells_upright(detected, page: int) -> None:
    _, results = detected
    result = results[page]
    assert len(result.tables) == 1
    table = result.tables[0]
    assert table.grid is not None and table.grid.turn in (90, 270)
    assert [list(r) for r in table.rows_text()] == [list(r) for r in ROWS]


@pytest.mark.parametrize("page", range(5))
@pytest.mark.parametrize("axis", ["row", "col"])
def test_boundary_edit_keeps_sideways_cell_text(detected, page: int, axis: str) -> None:
    _, results = detected
    result = results[page]
    ann = annotation_table_from_detected(result.tables[0], "t1", result.words, page_size=(result.width, result.height))
    region = ann.regions[0]
    assert MULTI <= _texts(region)
    src = text_source({page + 1: result.words})
    bounds = region.ys if axis == "row" else region.xs
    nudged = E.MoveBoundary(0, axis, 1, bounds[1] + 0.5).apply(ann, src)
    assert MULTI <= _texts(nudged.regions[0])
    # A boundary added inside the last row/column and removed again gives the cells back.
    last = (bounds[-2] + bounds[-1]) / 2
    added = E.AddBoundary(0, axis, last).apply(nudged, src)
    removed = E.RemoveBoundary(0, axis, len(bounds) - 1).apply(added, src)
    assert MULTI <= _texts(removed.regions[0])
    assert to_core_table(removed).rows_text() == [list(r) for r in ROWS]


@pytest.mark.parametrize("page", range(5))
def test_cell_boxes_hold_their_words(detected, page: int) -> None:
    """Every renderer draws ``geometry.cell_boxes``: the cells' page-space boxes, which hold their words."""
    _, results = detected
    result = results[page]
    table = result.tables[0]
    boxes = cell_boxes(table.grid)
    cells = sorted(table.cells, key=lambda x: (x.r, x.c))
    assert [slot for slot, _ in boxes] == [(c.r, c.c, c.rs, c.cs) for c in cells]
    for (_, box), cell in zip(boxes, cells, strict=True):
        assert box.as_tuple() == pytest.approx(cell.bbox.as_tuple(), abs=0.01)
        assert table.bbox.contains_point(box.cx, box.cy, tol=0.01)
        for i in cell.word_ids:
            w = result.words[i].bbox
            assert box.x0 <= w.cx <= box.x1 and box.y0 <= w.cy <= box.y1


def test_render_grid_layer_draws_over_the_turned_table(detected) -> None:
    """``render --layers grid`` of a sideways page: the grid's ink lies over the table."""
    import numpy as np

    from inspector.render.layers import BY_NAME
    from inspector.render.overlay import render_overlay
    data, results = detected
    for page in (0, 1):
        result = results[page]
        base = open_document(data).page(page).render_rgb(72)
        img = render_overlay(base, 72, result, ["grid"])
        ink = np.all(img == np.array(BY_NAME["grids"].colour, np.uint8), axis=2)
        box = result.tables[0].bbox
        inside = ink[int(box.y0) - 2:int(box.y1) + 3, int(box.x0) - 2:int(box.x1) + 3].sum()
        assert inside > 0.9 * ink.sum() and inside > 300  # the legend's swatch is the rest


@pytest.mark.corpus
@pytest.mark.slow
def test_corpus_sideways_tables_survive_boundary_edits(corpus: Path) -> None:
    """Every multi-word cell of the corpus's sideways tables reads the same after a boundary
    edit next to it (before the fix: 212 of 462 came back reversed, one word per line)."""
    import json
    recs = [json.loads(line) for line in (corpus / "tables.jsonl").read_text().splitlines() if line.strip()]
    pages = sorted({(r["pdf"], r["page"]) for r in recs if r.get("rotation")})
    assert pages
    checked = 0
    for pdf, number in pages:
        result = Pipeline(open_document((corpus / pdf).read_bytes())).run(number - 1)
        src = text_source({number: result.words})
        for t in (t for t in result.tables if t.grid is not None and t.grid.turn):
            ann = annotation_table_from_detected(t, "t1", result.words, page_size=(result.width, result.height))
            reg = ann.regions[0]
            before = {(c.r, c.c): c.text for c in reg.cells if " " in c.text or "\n" in c.text}
            out = ann
            for axis, bounds in (("row", reg.ys), ("col", reg.xs)):
                if len(bounds) > 2:
                    out = E.MoveBoundary(0, axis, 1, bounds[1] + 0.01).apply(out, src)
            after = {(c.r, c.c): c.text for c in out.regions[0].cells}
            assert {k: after[k] for k in before} == before
            checked += len(before)
    assert checked > 100
