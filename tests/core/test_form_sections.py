"""A form's stacked ruled sections, sharing one full-width rule but each with its own column
rules, are separate tables; a ruled table whose spanning header stands over sub-columns stays
one (issue 25: "a whole form page read as one ruled region")."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

LEFT, RIGHT = 60.0, 540.0
ROW = 16.0


def _grid(page: pymupdf.Page, top: float, xs: tuple[float, ...], rows: list[list[str]],
          skip_top: frozenset[float] = frozenset()) -> float:
    """Draw a ruled block of ``rows`` from ``top``: its horizontals across the whole width, its
    inner verticals at ``xs`` (the frame's sides are drawn by the caller). Its bottom, pt."""
    edges = (LEFT, *xs, RIGHT)
    for r, cells in enumerate(rows):
        y = top + r * ROW
        for k, text in enumerate(cells):
            page.insert_text((edges[k] + 4, y + 11.5), text, fontsize=9, fontname="helv")
    bottom = top + len(rows) * ROW
    for r in range(len(rows) + 1):
        page.draw_line((LEFT, top + r * ROW), (RIGHT, top + r * ROW), width=0.5)
    for x in xs:
        page.draw_line((x, top if x not in skip_top else top + ROW), (x, bottom), width=0.5)
    return bottom


def _sections() -> bytes:
    """Two ruled sections in one frame: 3 rows x 3 columns (rules at 220, 380), then, under the
    shared full-width rule, 4 rows x 4 columns (rules at 150, 300, 450)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    top = 100.0
    mid = _grid(page, top, (220.0, 380.0), [["Shipper", "Phone", "Account"],
                                             ["Acme Ltd", "555 0101", "A-100"],
                                             ["Boxco", "555 0199", "B-220"]])
    bottom = _grid(page, mid, (150.0, 300.0, 450.0), [["Item", "Pieces", "Weight", "Value"],
                                                      ["Crates", "4", "120 kg", "900"],
                                                      ["Drums", "2", "80 kg", "450"],
                                                      ["Pallets", "1", "300 kg", "1200"]])
    for x in (LEFT, RIGHT):
        page.draw_line((x, top), (x, bottom), width=0.5)
    return doc.tobytes()


def _spanning_header() -> bytes:
    """One ruled table: a header row "Item | 2019 | 2020" whose year cells span two sub-columns
    each, the sub-column rules (at 270 and 450) starting under the header row."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    top = 100.0
    xs = (180.0, 270.0, 360.0, 450.0)
    rows = [["Item", "2019", "", "2020", ""], ["", "Units", "Value", "Units", "Value"],
            ["Crates", "4", "900", "5", "1000"], ["Drums", "2", "450", "3", "700"],
            ["Pallets", "1", "1200", "2", "2500"]]
    bottom = _grid(page, top, xs, rows, skip_top=frozenset({270.0, 450.0}))
    for x in (LEFT, RIGHT):
        page.draw_line((x, top), (x, bottom), width=0.5)
    return doc.tobytes()


def _shapes(pdf: bytes) -> list[tuple[int, int]]:
    res = Pipeline(open_document(pdf)).run(0)
    return [(t.grid.n_rows, t.grid.n_cols) for t in res.tables if t.grid is not None]


def test_stacked_sections_with_their_own_columns_are_two_tables() -> None:
    assert _shapes(_sections()) == [(3, 3), (4, 4)]


def test_a_spanning_header_over_sub_columns_stays_one_table() -> None:
    assert _shapes(_spanning_header()) == [(5, 5)]


def _form_fields() -> bytes:
    """A form's two boxes of fields sharing one full-width rule: above, a name row split at 300
    over a 2-row address box split at 420 (dividers each as tall as their own fields); below, 3
    rows of fields split at 200, 3 rows split at 360 by a divider only one row tall."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    ys = [100.0 + k * ROW for k in range(7)]
    for y in ys:
        page.draw_line((LEFT, y), (RIGHT, y), width=0.5)
    for x, y0, y1 in ((300.0, ys[0], ys[1]), (420.0, ys[1], ys[3]), (200.0, ys[3], ys[6]), (360.0, ys[3], ys[4])):
        page.draw_line((x, y0), (x, y1), width=0.5)
    for x in (LEFT, RIGHT):
        page.draw_line((x, ys[0]), (x, ys[-1]), width=0.5)
    for r, (a, b) in enumerate((("Name Acme", "Date 2024"), ("Street 1", "Zip 100"), ("City Oslo", "Box 12"),
                                ("Item crates", "Pieces 4"), ("Item drums", "Pieces 2"), ("Item pallets", "Pieces 1"))):
        page.insert_text((LEFT + 4, ys[r] + 11.5), a, fontsize=9, fontname="helv")
        page.insert_text((440.0, ys[r] + 11.5), b, fontsize=9, fontname="helv")
    return doc.tobytes()


def test_form_fields_with_dividers_of_their_own_heights_are_not_cut() -> None:
    res = Pipeline(open_document(_form_fields())).run(0)
    assert not any(r.param == "tables.section_cut" for r in res.regions)
    assert len(res.tables) == 1


def test_explain_names_the_cut_and_turning_it_off_joins_the_sections() -> None:
    doc = open_document(_sections())
    res = Pipeline(doc).run(0)
    (upper, lower) = explain_page(res, Params())
    assert "tables.section_cut" in upper.rows[-1].params and "sections with their own columns" in upper.rows[-1].decision
    assert "tables.section_cut" in lower.rows[0].params
    assert "tables.section_cut" not in upper.rows[0].params + lower.rows[-1].params
    off = Pipeline(doc).run(0, _params(False))
    assert [(t.grid.n_rows, t.grid.n_cols) for t in off.tables if t.grid is not None] == [(7, 6)]


def _params(on: bool) -> Params:
    p = Params()
    return dataclasses.replace(p, tables=dataclasses.replace(p.tables, section_cut=on))


TAGGED = Path(__file__).resolve().parents[2] / "corpus" / "tagged_real" / "pdfs"


@pytest.mark.skipif(not (TAGGED / "word2013-shipping-form.pdf").exists() or not (TAGGED / "designer65-form.pdf").exists(),
                    reason="make corpus-tagged-real fetches the forms")
def test_real_forms_are_not_cut_where_a_rule_runs_on_or_fields_have_their_own_dividers() -> None:
    """Word's shipping form is one table by its tags (a layout table over the whole page): its
    label column's rule runs down through the rule where the right-hand columns change, so no
    cut. Form 1040's boxes of fields (name, filing status, signature) have dividers each as
    tall as its own field: no ruled table of their own, no cut."""
    ship = Pipeline(open_document(TAGGED / "word2013-shipping-form.pdf")).run(0)
    assert len(ship.tables) == 1 and ship.tables[0].bbox.height > 700
    doc = open_document(TAGGED / "designer65-form.pdf")
    for res in (Pipeline(doc).run(k) for k in range(len(doc.raw))):
        assert not any(r.param == "tables.section_cut" for r in res.regions)
