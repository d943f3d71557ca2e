"""Tables as Ruby's Prawn with prawn-table sets them, drawn with known coordinates
(corpus/prawn holds the same styles as prawn-table draws them): two tables side by side in
bounding boxes under a banded table, and a key-value block sized to its content."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pymupdf
import pytest

from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

SIZE = 8.0
LEFT = (36.0, 104.0, 147.0, 190.0)  # the banded table's column edges
SMALL = (36.0, 85.0, 117.0, 155.0)  # the small table's, under the heading
BESIDE = (286.0, 356.0, 393.0, 425.0)  # the table beside it, ruled
BODY = [("Net debt", "4.2", "3.7"), ("Administration", "(119.5)", "12.5"), ("Net result", "8,825.6", "21.6"),
        ("Depreciation", "264.8", "(20.5)"), ("Research", "0.9", "(1,712.0)"), ("Marketing", "672.9", "(2.6)"),
        ("Total", "(2.4)", "18,936.5")]
SMALL_BODY = [("Item", "2017", "2018"), ("Depreciation", "8,058.6", "77,653.8"), ("Marketing", "0.2", "325.6"),
              ("Revenue", "1.6", "2.4"), ("Total", "(0.9)", "(1,822.2)")]


def run(build: Callable[[pymupdf.Page], None], params: Params | None = None) -> PageResult:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    build(page)
    return Pipeline(open_document(doc.tobytes())).run(0, params or Params())


def row(page: pymupdf.Page, edges: tuple[float, ...], baseline: float, texts: tuple[str, ...],
        font: str = "tiro", colour: tuple[float, float, float] = (0, 0, 0)) -> None:
    """One row: the label 4 pt into the first cell, the amounts right-aligned 4 pt inside theirs."""
    for c, text in enumerate(texts):
        x = edges[0] + 4 if c == 0 else edges[c + 1] - 4 - pymupdf.get_text_length(text, font, SIZE)
        page.insert_text((x, baseline), text, fontsize=SIZE, fontname=font, color=colour)


def banded(page: pymupdf.Page) -> None:
    """``row_colors`` zebra under a dark head band (white bold text), 16 pt rows, no lines."""
    x0, x1 = LEFT[0], LEFT[-1]
    page.draw_rect(pymupdf.Rect(x0, 56.7, x1, 73.1), color=None, fill=(0.12, 0.22, 0.39))
    row(page, LEFT, 69.0, ("Account", "2019", "2020"), "tibo", (1, 1, 1))
    for r, texts in enumerate(BODY):
        top = 73.1 + 16 * r
        page.draw_rect(pymupdf.Rect(x0, top, x1, top + 16), color=None, fill=(0.96,) * 3 if r % 2 else (1, 1, 1))
        row(page, LEFT, top + 12.0, texts)


def side_by_side(page: pymupdf.Page, beside: bool) -> None:
    """A heading, then a small table ruled under each row (``borders: [:bottom]``) and, when
    ``beside``, a boxed table in a bounding box to its right, its header on the same line."""
    page.insert_text((36, 212), "Comparison", fontsize=14, fontname="tibo")
    for r, texts in enumerate(SMALL_BODY):
        row(page, SMALL, 232.0 + 13 * r, texts, "tibo" if r == 0 else "tiro")
        page.draw_line((SMALL[0], 234.6 + 13 * r), (SMALL[-1], 234.6 + 13 * r), width=1.0)
    if beside:
        for r, texts in enumerate([("Account", "2020", "2021"), ("Research", "1", "2"), ("Depreciation", "(3)", "6"),
                                   ("Total", "84,426", "4,906")]):
            row(page, BESIDE, 232.0 + 18 * r, texts, "tibo" if r == 0 else "tiro")
        for y in [220.0 + 18 * r for r in range(5)]:
            page.draw_line((BESIDE[0], y), (BESIDE[-1], y), width=1.0)
        for x in BESIDE:
            page.draw_line((x, 220.0), (x, 292.0), width=1.0)


@pytest.mark.parametrize("beside", [True, False], ids=["table-beside", "alone"])
def test_a_heading_parts_a_banded_table_from_one_whose_header_shares_a_line_with_a_table_beside(
        beside: bool) -> None:
    """A zebra table's head band and the rules of the small table under "Comparison" stack
    into one group of rules; the heading parts them, though the small table's header shares
    its page line with the header of a table set beside it (two bounding boxes): the line
    reaches past the rules' end only as that other table's row, across a wide gutter."""
    def build(page: pymupdf.Page) -> None:
        banded(page)
        side_by_side(page, beside)

    res = run(build)
    shapes = sorted((t.bbox.x0, t.bbox.y0, t.n_rows, t.n_cols) for t in res.tables)
    assert [(n, c) for *_, n, c in shapes] == [(8, 3), (5, 3), *([(4, 3)] if beside else [])]
    upper = min(res.tables, key=lambda t: t.bbox.y0)
    assert upper.rows_text()[-1] == ["Total", "(2.4)", "18,936.5"]
    assert upper.bbox.y1 < 200  # the heading is no row of it


def keyvalue(page: pymupdf.Page, first_gap: float) -> None:
    """``cell_style: {borders: []}``, ``column(0).font_style = :bold``, set to the right at its
    natural width: the widest label ("Invoice no.") ``first_gap`` pt from the values."""
    label_w = pymupdf.get_text_length("Invoice no.", "hebo", SIZE)
    x0 = 475.0
    vx = x0 + label_w + first_gap
    page.insert_text((36, 380), "Tax invoice", fontsize=11, fontname="hebo")
    for r, (k, v) in enumerate([("Invoice no.", "INV-22577"), ("Date", "25.03.2025"), ("Due date", "01.04.2025")]):
        page.insert_text((x0, 414.0 + 19.2 * r), k, fontsize=SIZE, fontname="hebo")
        page.insert_text((vx, 414.0 + 19.2 * r), v, fontsize=SIZE, fontname="helv")


@pytest.mark.parametrize("narrow_gaps_meet", [True, False], ids=["narrow-gaps-meet", "lever-off"])
def test_a_key_value_block_sized_to_its_content_keeps_its_first_row(narrow_gaps_meet: bool) -> None:
    """The widest label stands only the cells' padding (8 pt, one em) from its value: narrower
    than a body column gap, though it lies in the gap of the rows under it, at their pitch.
    It is the block's first row, not a title over it (with ``tables.narrow_gaps_meet`` off,
    the block starts at "Date")."""
    params = Params()
    params = replace(params, tables=replace(params.tables, narrow_gaps_meet=narrow_gaps_meet))
    res = run(lambda page: keyvalue(page, 8.0), params)
    assert len(res.tables) == 1
    labels = [r[0] for r in res.tables[0].rows_text()]
    assert labels == (["Invoice no.", "Date", "Due date"] if narrow_gaps_meet else ["Date", "Due date"])
