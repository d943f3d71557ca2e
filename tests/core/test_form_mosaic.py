"""A form page drawn as bands of ruled boxes, each band divided its own way (a caption in each
box's corner, a value under it), is a form, not one whole-page ruled table whose columns are
the union of every band's division. A ruled table of as many columns stays a table. Rows holding
the same column rules are one band: a record of bands repeated down the page, its widest band cut
into rows by entry lines drawn inside one of its boxes, is still a form."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pymupdf

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

LEFT, RIGHT, TOP = 40.0, 560.0, 60.0
BAND = 24.0  # pt: a band's height: a 5 pt caption over a 9 pt value
# Each band: its boxes' shares of the width (no two bands share an inner edge) and its values.
BANDS = [([0.3, 0.45, 0.25], ["2019-0457", "Bath Township", "02"]),
         ([0.18, 0.5, 0.32], ["309", "North Thayer Road", "40.731165"]),
         ([0.4, 0.22, 0.38], ["01/03/2019", "05:24", "Ohio State Patrol"]),
         ([0.1, 0.25, 0.35, 0.3], ["4", "1", "Straight", "-84.01312"]),
         ([0.55, 0.45], ["Schreiber, Brandon", "Boes, Nicholas"])]


def _params(on: bool = True) -> Params:
    p = Params()
    return dataclasses.replace(p, tables=dataclasses.replace(p.tables, form_mosaic=on))


def _detect(pdf: bytes, on: bool = True) -> PageResult:
    return Pipeline(open_document(pdf)).run(0, _params(on))


def _edges(shares: Sequence[float]) -> list[float]:
    xs = [LEFT]
    for s in shares:
        xs.append(xs[-1] + s * (RIGHT - LEFT))
    return xs


def form_page() -> bytes:
    """Five bands of boxes, each box's edges stroked, a caption at its top-left corner and a
    value under it: 10 distinct inner column edges, a band holding 1 to 3 of them."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = TOP
    for k, (shares, values) in enumerate(BANDS):
        xs = _edges(shares)
        for i, value in enumerate(values):
            page.insert_text((xs[i] + 2, y + 6.5), f"FIELD {k + 1}.{i + 1}", fontsize=5, fontname="helv")
            page.insert_text((xs[i] + 4, y + 19), value, fontsize=9, fontname="helv")
        for x in xs:
            page.draw_line((x, y), (x, y + BAND), width=0.5)
        page.draw_line((LEFT, y), (RIGHT, y), width=0.5)
        y += BAND
    page.draw_line((LEFT, y), (RIGHT, y), width=0.5)
    return doc.tobytes()


def table_page(n_cols: int = 10, n_rows: int = 6) -> bytes:
    """A ruled table of ``n_cols`` columns: every column rule drawn down every row."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    xs = [LEFT + k * (RIGHT - LEFT) / n_cols for k in range(n_cols + 1)]
    ys = [TOP + k * 18.0 for k in range(n_rows + 1)]
    for r in range(n_rows):
        for c in range(n_cols):
            text = f"H{c + 1}" if r == 0 else f"{(r * 7 + c * 13) % 97}.{c}"
            page.insert_text((xs[c] + 3, ys[r] + 12.5), text, fontsize=8, fontname="helv")
    for yy in ys:
        page.draw_line((xs[0], yy), (xs[-1], yy), width=0.5)
    for x in xs:
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    return doc.tobytes()


def test_bands_of_boxes_divided_each_their_own_way_are_a_form() -> None:
    pdf = form_page()
    off = _detect(pdf, on=False)
    assert [(t.n_rows, t.n_cols) for t in off.tables] == [(5, 11)]  # the false whole-form table
    on = _detect(pdf)
    assert on.tables == ()
    (form,) = [r for r in on.regions if r.param == "tables.form_mosaic"]
    assert form.reason.startswith("form of ruled boxes: its 10 drawn column rules do not run down its rows "
                                  "(a band of rows holds 20% of them on average")


def test_explain_names_the_form_mosaic_and_its_switch() -> None:
    res = _detect(form_page())
    why = explain(res, _params())
    (form,) = [r for r in why.rejected if "tables.form_mosaic" in r.params]
    assert "each band of boxes is divided its own way, not a table's columns" in form.reason
    assert form.flip == ("tables.form_mosaic", 0.0)


def test_a_ruled_table_of_as_many_columns_stays_a_table() -> None:
    res = _detect(table_page())
    assert [(t.n_rows, t.n_cols) for t in res.tables] == [(6, 10)]
    assert not [r for r in res.regions if r.param == "tables.form_mosaic"]


# A record's bands (shares of the width): a name band, an address band, a wide band of many
# boxes (an injuries line) and a contact band; every band's inner edges are its own.
RECORD = [[0.35, 0.45, 0.2], [0.55, 0.45], [0.12, 0.14, 0.2, 0.15, 0.17, 0.22], [0.2, 0.32, 0.18, 0.3]]
CUTS = 4  # rows the wide band is cut into by short entry lines drawn inside its first box


def _band(page: pymupdf.Page, y: float, shares: Sequence[float], height: float, tag: str) -> None:
    xs = _edges(shares)
    for i in range(len(shares)):
        page.insert_text((xs[i] + 2, y + 6.5), f"{tag} {i + 1}", fontsize=5, fontname="helv")
        page.insert_text((xs[i] + 4, y + height - 5), f"V{i + 1}", fontsize=8, fontname="helv")
    for x in xs:
        page.draw_line((x, y), (x, y + height), width=0.5)
    page.draw_line((LEFT, y), (RIGHT, y), width=0.5)


def record_page(records: int = 4) -> bytes:
    """``records`` blocks of the four ``RECORD`` bands (11 distinct inner column edges, a band
    holding 1 to 5); in each block's wide band, short rules across its first box only (entry
    lines) cut it into ``CUTS`` rows. Per grid row the block's rows hold 2, 1, 5 x CUTS and 3
    edges (26 / 7 / 11 = 34%); per band 2, 1, 5 and 3 (25%)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    y = TOP
    for k in range(records):
        for j, shares in enumerate(RECORD):
            height = 36.0 if j == 2 else BAND
            _band(page, y, shares, height, f"FIELD {k + 1}.{j + 1}")
            if j == 2:
                x1 = _edges(shares)[1]
                for c in range(1, CUTS):
                    page.draw_line((LEFT, y + c * height / CUTS), (x1, y + c * height / CUTS), width=0.5)
            y += height
    page.draw_line((LEFT, y), (RIGHT, y), width=0.5)
    return doc.tobytes()


def test_a_record_repeated_with_its_wide_band_cut_by_entry_lines_is_a_form() -> None:
    pdf = record_page()
    off = _detect(pdf, on=False)
    assert len(off.tables) == 1 and off.tables[0].n_cols == 12  # the false whole-form table
    on = _detect(pdf)
    assert on.tables == ()
    (form,) = [r for r in on.regions if r.param == "tables.form_mosaic"]
    assert form.reason.startswith("form of ruled boxes: its 11 drawn column rules do not run down its rows "
                                  "(a band of rows holds 25% of them on average")
