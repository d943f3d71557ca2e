"""Tables drawn as InDesign draws rate sheets: cell tiles a gutter apart, bands, no strokes.

Every cell a filled rectangle of its own, a 1.5 pt gutter of paper between (the gutters are
the rules), a dark header band with white text drawn as one rectangle, full-width section
bands, body rows tiled in alternating rows only (the rows between show the paper). Each run
of tiles is a ruled block of its own; the gutters line up over and under the unfilled rows,
whose text keeps the tiles' columns, so the blocks, the bands over them and the rows between
are one table (``stacked_grids._tiled_row``, ``bands_over_row``). The same table set in a
column of a brochure page beside prose shares text lines with the prose: its rows still hold
their own pieces (``sheetmargins``). A heading between two tiled tables keeps them apart.
"""

from __future__ import annotations

from collections.abc import Sequence

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.drawnparts import TILED
from inspector.core.types import PageResult, Table

DARK, SECTION, TILE = (0.1, 0.2, 0.4), (0.3, 0.45, 0.65), (0.85, 0.9, 0.95)
GAP, PAD, LEAD, SIZE = 1.5, 4.0, 11.5, 8.5
HEADER = ("Term", "1 mo", "3 mo", "6 mo", "12 mo")
BODY = (("Term deposits",), ("$1,000", "1.95", "3.18", "2.48", "3.42"), ("$5,000", "4.35", "2.04", "1.94", "4.98"),
        ("$10,000", "3.56", "1.60", "3.54", "4.47"), ("$50,000", "1.26", "4.03", "3.36", "2.21"),
        ("Business deposits",), ("$1,000", "3.88", "4.52", "3.86", "4.68"), ("$5,000", "4.74", "4.51", "1.39", "1.54"),
        ("$10,000", "3.51", "2.20", "3.03", "2.54"), ("Retirement accounts",),
        ("$1,000", "4.62", "3.73", "4.72", "4.43"), ("$5,000", "4.44", "4.86", "4.62", "3.28"))
ROWS = (HEADER, *BODY)
SECTIONS = {1, 6, 10}  # rows set on a full-width section band, one cell across
EXPECTED = [[*r, *[""] * (len(HEADER) - len(r))] for r in ROWS]
PROSE = ("The fund invests in a broad range of assets and aims to deliver steady income over the medium term "
         "while keeping costs low for members of every age group").split()


def _cell_text(page: pymupdf.Page, x0: float, x1: float, y: float, text: str, right: bool, white: bool) -> None:
    for k, line in enumerate(text.split("\n")):  # a wrapped cell's lines at the table's leading
        x = x1 - GAP - PAD - pymupdf.get_text_length(line, fontsize=SIZE) if right else x0 + PAD
        page.insert_text((x, y + PAD + SIZE + k * LEAD), line, fontsize=SIZE, color=(1, 1, 1) if white else (0, 0, 0))


def _table(page: pymupdf.Page, x0: float, y0: float, widths: Sequence[float], rows: Sequence[Sequence[str]],
           sections: set[int], tiled: str, head: int = 1) -> float:
    """Draw ``rows`` from (``x0``, ``y0``): the first ``head`` rows on a dark band (one piece), ``sections`` on section bands,
    the other rows tiled cell by cell (``tiled``: "all" rows or "odd" rows only; "rules": no
    tiles nor section bands, a thin filled rectangle under every row instead). Returns the
    table's bottom (pt)."""
    xs = [x0]
    for w in widths:
        xs.append(xs[-1] + w)
    y = y0
    for r, row in enumerate(rows):
        h = max(t.count("\n") + 1 for t in row) * LEAD + 2 * PAD + 1
        band = r < head or (r in sections and tiled != "rules")
        if tiled == "rules":
            page.draw_rect(pymupdf.Rect(xs[0], y + h - 0.25, xs[-1], y + h + 0.25), color=None, fill=(0.4, 0.4, 0.4))
        if band:
            last = r == head - 1 or r >= head  # the header's rows on one band, no gutter between
            page.draw_rect(pymupdf.Rect(xs[0], y, xs[-1], y + h - GAP * last), color=None, fill=DARK if r < head else SECTION)
        elif tiled == "all" or (tiled == "odd" and r % 2):
            for a, b in zip(xs, xs[1:], strict=False):
                page.draw_rect(pymupdf.Rect(a, y, b - GAP, y + h - GAP), color=None, fill=TILE)
        for k, text in enumerate(row):
            _cell_text(page, xs[k], xs[k + 1], y, text, right=k > 0 and r >= head, white=band)
        y += h
    return y


def _prose(page: pymupdf.Page, x: float, y: float, width: float, n: int, lead: float = 12.0) -> None:
    i = 0
    for k in range(n):
        line: list[str] = []
        while pymupdf.get_text_length(" ".join([*line, PROSE[i % len(PROSE)]]), fontsize=9) < width:
            line.append(PROSE[i % len(PROSE)])
            i += 1
        page.insert_text((x, y + k * lead), " ".join(line), fontsize=9)


def rate_sheet(tiled: str = "odd", beside_prose: bool = False) -> bytes:
    """The rate sheet alone under a paragraph, or in the right column beside prose."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    if beside_prose:
        _prose(page, 40, 90, 250, 30)
        _table(page, 316, 90, (70, 42, 42, 42, 42), ROWS, SECTIONS, tiled)
    else:
        _prose(page, 40, 80, 530, 2)
        bottom = _table(page, 40, 110, (120, 70, 70, 70, 70), ROWS, SECTIONS, tiled)
        _prose(page, 40, bottom + 24, 530, 2)
    return bytes(doc.tobytes())


def _run(pdf: bytes) -> PageResult:
    return Pipeline(open_document(pdf)).run(0)


def texts(table: Table) -> list[list[str]]:
    out = [[""] * table.n_cols for _ in range(table.n_rows)]
    for c in table.cells:
        out[c.r][c.c] = c.text.strip()
    return out


def test_alternating_tiled_rows_under_bands_are_one_table() -> None:
    res = _run(rate_sheet("odd"))
    (table,) = res.tables
    assert texts(table) == EXPECTED


def test_explain_names_the_unfilled_rows_joined_by_the_tiles_columns() -> None:
    res = _run(rate_sheet("odd"))
    joined = sorted((r.bbox.y0, r.bbox.y1) for r in res.regions if r.reason == TILED)
    # Tiles in rows 3, 5, 7, 9 and 11; the section bands of rows 6 and 10 join rows 5-7 and 9-11 into
    # blocks. Told: unfilled row 2 under the bands of rows 0-1, and unfilled row 8 between the two
    # blocks (row 4 lies beside row 3's lone tiles: a zebra's row, as before).
    pitch = LEAD + 2 * PAD + 1
    # each from the fill's edge over the row to the next tiles' top (edges read to 0.1 pt)
    assert joined == [(pytest.approx(110 + 2 * pitch - GAP, abs=0.11), pytest.approx(110 + 3 * pitch, abs=0.11)),
                      (pytest.approx(110 + 8 * pitch - GAP, abs=0.11), pytest.approx(110 + 9 * pitch, abs=0.11))]


def test_tiled_table_beside_prose_keeps_its_rows() -> None:
    # the prose's lines share baselines with the table's rows: counted by their pieces inside it
    res = _run(rate_sheet("all", beside_prose=True))
    tables = [t for t in res.tables if t.bbox.x0 > 300]
    assert [texts(t) for t in tables] == [EXPECTED]


def test_a_table_ruled_across_beside_prose_takes_no_prose_as_its_row_labels() -> None:
    # Rules under every row, none between the columns, the first column's labels amounts: the
    # prose beside runs at its own pitch, not on the rows' baselines, and is no column of labels.
    res = _run(rate_sheet("rules", beside_prose=True))
    assert [texts(t) for t in res.tables] == [EXPECTED]


def test_a_heading_between_two_tiled_tables_keeps_them_apart() -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    first = [HEADER, *BODY[1:5]]
    second = [HEADER, *BODY[6:9], *BODY[10:12]]
    bottom = _table(page, 40, 100, (120, 70, 70, 70, 70), first, set(), "odd")
    page.insert_text((44, bottom + 14), "Business rates", fontsize=SIZE)  # one piece: no row of the columns
    _table(page, 40, bottom + 20, (120, 70, 70, 70, 70), second, set(), "odd")
    res = _run(bytes(doc.tobytes()))
    assert [texts(t) for t in res.tables] == [[list(r) for r in first], [list(r) for r in second]]


def test_explain_gives_the_joined_rows_boundaries_the_tiled_row_evidence() -> None:
    res = _run(rate_sheet("odd"))
    (why,) = explain_page(res, Params())
    tiled = [round(w.pos) for w in why.rows if any(e.kind == "tiled_row" for e in w.evidence)]
    pitch = LEAD + 2 * PAD + 1
    # over and under rows 2 and 8: the band's edge, the next tiles' top
    assert tiled == [round(110 + y) for y in (2 * pitch - GAP, 3 * pitch, 8 * pitch - GAP, 9 * pitch)]


FEES = (("Service", "Description", "Fee"), ("Standard account", "Everyday banking with a debit\ncard and online access", "$5.00"),
        ("Premium account", "Travel insurance and\nlounge access", "$25.00"), ("Student account", "No monthly fee", "$0.00"),
        ("Offset account\nfor home loans", "Interest offset", "$10.00"))


def test_a_last_unfilled_row_keeps_its_wrapped_lines() -> None:
    # Rows 1 and 3 tiled, 2 and 4 on paper: the last row, under the last tiles, wraps its label
    # and description at the leading the tiled rows' cells wrap at: its second line is its own.
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    bottom = _table(page, 40, 100, (120, 200, 80), FEES, set(), "odd")
    page.insert_text((44, bottom + 30), "Fees are charged monthly to the account they apply to.", fontsize=SIZE)
    (table,) = _run(bytes(doc.tobytes())).tables
    assert texts(table) == [list(r) for r in FEES]


def test_a_note_under_a_grid_that_wraps_no_cell_is_no_row() -> None:
    rows = (FEES[0], *[(r[0].split("\n")[0], r[1].split("\n")[0], r[2]) for r in FEES[1:4]])
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    bottom = _table(page, 40, 100, (120, 200, 80), (*rows, ("Offset account", "Interest offset", "$10.00")), set(), "odd")
    page.insert_text((44, bottom + LEAD - 2 * PAD - 1), "* Conditions apply", fontsize=SIZE)  # at a line's step
    (table,) = _run(bytes(doc.tobytes())).tables
    assert texts(table)[-1] == ["Offset account", "Interest offset", "$10.00"] and table.n_rows == len(rows) + 1
