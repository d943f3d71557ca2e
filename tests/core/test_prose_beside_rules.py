"""A rule no more than two thirds as long as the one above it, with running text beside it
inside the wider rule's extent (a page of columns: a wide table closed by its rule, then prose
in two columns, then a small table in one of them under its own rules), starts a table of its
own (``between.prose_beside``): the wider rule is the other table's edge. Pages built with
PyMuPDF at known coordinates, as Acrobat Distiller sets the IRS's three-column instructions."""

from __future__ import annotations

from dataclasses import replace

import pymupdf

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Table

MID, RIGHT, END = 222.0, 400.0, 570.0  # the middle column's left edge, the right column's, the page's text end
NARROW_END = 390.0  # the small table's rules end at the middle column's right edge
WIDE = (30.0, 46.0, 110.0)  # the wide table's rules (top, under the header, bottom)
SMALL = (300.0, 316.0, 380.0)  # the small table's rules
PROSE = ("the amounts above are adjusted for inflation each year after",
         "the year of the change, as the chart shows for later years",
         "and the rules that apply to you are those of the year")


def _text(page: pymupdf.Page, x_right: float, y: float, text: str, font: str = "helv") -> None:
    page.insert_text((x_right - pymupdf.get_text_length(text, font, 8), y), text, fontsize=8, fontname=font)


def _page(small_rules_end: float = NARROW_END) -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for y in WIDE:
        page.draw_line((MID, y), (END, y), width=0.5)
    page.insert_text((MID + 2, 42), "Year", fontsize=8, fontname="hebo")
    _text(page, 440, 42, "Income tax", "hebo")
    _text(page, END - 2, 42, "Net worth", "hebo")
    for k, (year, tax, worth) in enumerate((("1997", "106,000", "528,000"), ("1998", "109,000", "543,000"),
                                            ("1999", "110,000", "552,000"), ("2000", "112,000", "562,000"))):
        y = 58 + 12 * k
        page.insert_text((MID + 2, y), year, fontsize=8, fontname="helv")
        _text(page, 440, y, tax)
        _text(page, END - 2, y, worth)
    for k in range(17):  # prose in the middle column down to just over the small table, in the right one on past it
        y = 124 + 10 * k
        page.insert_text((MID, y), PROSE[k % 3][:38], fontsize=8, fontname="helv")
    for k in range(28):
        page.insert_text((RIGHT, 124 + 10 * k), PROSE[k % 3][:40], fontsize=8, fontname="helv")
    for y in SMALL:
        page.draw_line((MID, y), (small_rules_end, y), width=0.5)
    page.insert_text((MID + 2, 312), "Year", fontsize=8, fontname="hebo")
    _text(page, NARROW_END - 4, 312, "Amount", "hebo")
    for k, (year, amount) in enumerate((("2005", "127,000"), ("2006", "131,000"), ("2007", "136,000"),
                                        ("2008", "139,000"))):
        y = 328 + 12 * k
        page.insert_text((MID + 2, y), year, fontsize=8, fontname="helv")
        _text(page, NARROW_END - 4, y, amount)
    return doc.tobytes()


def _tables(pdf: bytes, params: Params | None = None) -> list[Table]:
    return Pipeline(open_document(pdf)).run(0, params or Params()).tables


def _small(tables: list[Table]) -> Table:
    return next(t for t in tables if t.bbox.y1 > SMALL[0])


def test_the_small_table_stands_under_its_own_rules() -> None:
    small = _small(_tables(_page()))
    assert small.bbox.y0 >= SMALL[0] - 2 and small.bbox.x1 <= NARROW_END + 2
    rows = [[c.text for c in small.cells if c.r == r] for r in range(small.grid.n_rows)] if small.grid else []
    assert ["2006", "131,000"] in rows


def test_the_switch_turns_it_off() -> None:
    params = Params()
    params = replace(params, tables=replace(params.tables, prose_beside_rules=False))
    small = _small(_tables(_page(), params))
    assert small.bbox.y0 < SMALL[0] - 2 or small.bbox.x1 > NARROW_END + 2


def test_rules_as_wide_keep_their_reading() -> None:
    # The lower rules as long as the upper ones: no room beside them, nothing decided here.
    on = _tables(_page(END))
    params = Params()
    off = _tables(_page(END), replace(params, tables=replace(params.tables, prose_beside_rules=False)))
    assert [t.bbox for t in on] == [t.bbox for t in off]


def test_why_names_the_prose_beside_the_rule() -> None:
    res = Pipeline(open_document(_page())).run(0, Params())
    told = [r for r in res.regions if r.param == "tables.prose_beside_rules"]
    assert told and all(r.reason.startswith("running text beside a rule") for r in told)
    assert any(f"y={SMALL[0]:.1f} pt" in r.reason and f"y={WIDE[-1]:.1f} pt" in r.reason for r in told)
