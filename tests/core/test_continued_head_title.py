"""A table's header alone at a page's foot, its body overleaf without it (the first body row had
no room), as reportlab and dompdf leave it: the head's own title block over it (a unit line
flush right over the amounts, a caption in body type) is no row of the head, and a two-row
header whose labels stand in the middle of both rows ("Item" level with neither "USD" over its
two columns nor the two columns' names) is one row (``multipage.heads``). The mirror at a page's top:
the unit line set again over a last row alone is no row of that tail (``multipage.tails``)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from inspector.core.multipage.continuation import proposed
from inspector.core.multipage.heads import head_index
from inspector.core.multipage.linking import link_pages
from inspector.core.multipage.tails import tail_index
from tests.core.continued_pdfs import detect
from tests.core.test_continued_heads import HEADER, SIZE, XS, Page, _room, body, build, full


def _right(page: pymupdf.Page, text: str, baseline: float, size: float = SIZE - 0.5, font: str = "helv") -> None:
    """``text`` flush right in the last column, in body type a little smaller (a unit line)."""
    width = pymupdf.Font(font).text_length(text, fontsize=size)
    page.insert_text((XS[-1] - 4 - width, baseline), text, fontsize=size, fontname=font)


def lone_head(over: list[tuple[str, float, str]], unit: str = "") -> bytes:
    """Page 1: prose, ``over`` lines, then the header alone at the foot (``unit`` flush right
    right over it); page 2: the body from the top, no header."""
    pdf = build([Page(full(0, 0), _room(1), over, ruled=False, prose=300), Page(full(0, 30, False), 70.0)])
    if not unit:
        return pdf
    doc = pymupdf.open("pdf", pdf)
    _right(doc[0], unit, _room(1) - 4)
    return bytes(doc.tobytes())


def _links(raw: list) -> list[tuple[int, int, int, int]]:
    return [(c.prev_page, c.prev_index, c.next_page, c.next_index) for c in proposed(link_pages(raw).continuations)]


@pytest.mark.parametrize(("over", "unit"), [
    ([("Schedule 2 - Works", 12, "hebo"), (" ", SIZE, "helv")], "(in USD)"),
    ([("Schedule 2 - Works", 12, "hebo"), (" ", SIZE, "helv")], "(in thousands of USD)"),
    ([("Table 4. Works priced", SIZE, "helv")], ""),
], ids=["unit", "unit-long", "caption"])
def test_the_heads_title_block_is_no_row_of_it(over: list[tuple[str, float, str]], unit: str, tmp_path: Path) -> None:
    raw = detect(lone_head(over, unit), tmp_path)
    assert not any(t.bbox.y0 > 600 for t in raw[0].tables)  # detection alone finds no head
    results = link_pages(raw).results
    k = len(results[0].tables) - 1
    assert head_index(results[0]) == {k}
    assert [[" ".join(x.split()) for x in r] for r in results[0].tables[k].rows_text()] == [list(HEADER)]
    assert _links(raw) == [(1, k, 2, 0)]
    c = proposed(link_pages(raw).continuations)[0]
    assert any(e.kind == "head" and "a head of 1 row" in e.detail for e in c.evidence)


def two_row_head(gap: float) -> bytes:
    """Page 1: prose and a heading, then a two-row header at the foot: "USD" centred over the
    last two columns, "Item" and "Qty" ``gap`` pt lower (the middle of both rows), "Unit price"
    and "Amount" ``gap`` pt lower again; page 2: the body from the top, no header."""
    pdf = build([Page([], None, ruled=False, prose=300), Page(full(0, 30, False), 70.0)])
    doc = pymupdf.open("pdf", pdf)
    page = doc[0]
    base = _room(2) + 10
    page.insert_text((XS[0], base - 20), "Schedule 2 - Works", fontsize=12, fontname="hebo")
    mid = (XS[2] + XS[4]) / 2 - pymupdf.get_text_length("USD", fontsize=SIZE) / 2
    page.insert_text((mid, base), "USD", fontsize=SIZE)
    page.insert_text((XS[0] + 4, base + gap), "Item", fontsize=SIZE)
    page.insert_text((XS[2] - 4 - pymupdf.get_text_length("Qty", fontsize=SIZE), base + gap), "Qty", fontsize=SIZE)
    for c, text in ((2, "Unit price"), (3, "Amount")):
        page.insert_text((XS[c + 1] - 4 - pymupdf.get_text_length(text, fontsize=SIZE), base + 2 * gap), text,
                         fontsize=SIZE)
    page.draw_line((XS[0], base + 2 * gap + 4), (XS[-1], base + 2 * gap + 4), width=0.6)
    return bytes(doc.tobytes())


@pytest.mark.parametrize("gap", [9.5, 5.0])
def test_a_two_row_header_with_labels_between_its_rows_is_a_head(gap: float, tmp_path: Path) -> None:
    """9.5 pt apart, "Item" overlaps "USD" by less than a third of a line (no row of it by
    overlap alone) yet the three lines chain into one row; 5 pt apart they overlap well."""
    raw = detect(two_row_head(gap), tmp_path)
    results = link_pages(raw).results
    k = len(results[0].tables) - 1
    assert head_index(results[0]) == {k}
    rows = results[0].tables[k].rows_text()
    assert len(rows) == 1 and [" ".join(x.split()) for x in rows[0]] == ["Item", "Qty", "USD Unit price", "Amount"]
    assert _links(raw) == [(1, k, 2, 0)]


def test_a_line_of_prose_over_a_lone_header_is_still_no_head(tmp_path: Path) -> None:
    """Control: body-size prose crossing the columns right over the header parts nothing: it is
    no row (``row_columns``), the header alone is the head, linked as before."""
    raw = detect(lone_head([("The works are priced on the quantities below.", SIZE, "helv")]), tmp_path)
    results = link_pages(raw).results
    k = len(results[0].tables) - 1
    assert head_index(results[0]) == {k}
    assert _links(raw) == [(1, k, 2, 0)]


def unit_tail(unit: str, font: str) -> bytes:
    """Page 1: the table from its header down to the foot under its unit line; page 2: ``unit``
    flush right (the unit line set again), one last body row, then prose."""
    prose = [("The works are priced on the quantities above and include delivery to site.", SIZE, "helv")]
    top = _room(36)
    pdf = build([Page(full(0, 35), top), Page([body(35)], 84.0, under=prose)])
    doc = pymupdf.open("pdf", pdf)
    _right(doc[0], unit, top - 4, font=font)
    _right(doc[1], unit, 80.0, font=font)
    return bytes(doc.tobytes())


@pytest.mark.parametrize(("unit", "font"), [("(in USD)", "helv"), ("(단위: 천원)", "korea"), ("单位：万元", "china-s")])
def test_a_unit_line_over_a_short_tail_is_no_row_of_it(unit: str, font: str, tmp_path: Path) -> None:
    """The last row alone at page 2's top, under the table's unit line set again: the tail is
    that row (the unit line no row of it), linked, and Explain names the unit line."""
    raw = detect(unit_tail(unit, font), tmp_path)
    assert len(raw[1].tables) == 0  # detection alone finds no table on page 2
    results = link_pages(raw).results
    assert tail_index(results[1]) == {0}
    assert [[" ".join(x.split()) for x in r] for r in results[1].tables[0].rows_text()] == [list(body(35))]
    assert _links(raw) == [(1, 0, 2, 0)]
    c = proposed(link_pages(raw).continuations)[0]
    assert any(unit in e.detail and not e.veto for e in c.evidence)
