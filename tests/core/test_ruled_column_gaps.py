"""A gap the text leaves inside a drawn column: a word space of a full-width or monospaced
font (Hangul, Chinese, Courier) and letters spread over a cell (distributed alignment) keep
the column whole; two text columns that a table leaves undivided by a rule are still split."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import Table

ROW_H = 20.0
LEFT = 60.0


def _ruled(rows: list[list[str]], widths: list[float], font: str, size: float) -> bytes:
    """A table with a rule under every row and at every column edge, text 4 pt from each
    cell's left."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    edges = [LEFT]
    for w in widths:
        edges.append(edges[-1] + w)
    top, bottom = 80.0, 80.0 + ROW_H * len(rows)
    for r, row in enumerate(rows):
        y = top + r * ROW_H
        for c, text in enumerate(row):
            page.insert_text((edges[c] + 4, y + (ROW_H + size) / 2 - 1), text, fontname=font, fontsize=size)
    for r in range(len(rows) + 1):
        page.draw_line((edges[0], top + r * ROW_H), (edges[-1], top + r * ROW_H), width=0.6)
    for x in edges:
        page.draw_line((x, top), (x, bottom), width=0.6)
    return doc.tobytes()


def _table(data: bytes) -> Table:
    res = Pipeline(open_document(data)).run(0)
    assert len(res.tables) == 1, [(t.n_rows, t.n_cols, t.bbox) for t in res.tables]
    return res.tables[0]


def test_a_hangul_word_space_keeps_the_drawn_column_whole() -> None:
    """MuPDF's Korean font sets every glyph, the space too, one em wide: "품목 1호" leaves a
    9 pt gap at the same x on every line, one glyph wide."""
    rows = [["번호", "품목", "단가"]] + [[str(i), f"품목 {i}호", f"{i * 1375:,}"] for i in range(1, 13)]
    table = _table(_ruled(rows, [120, 160, 120], "korea", 9.0))
    assert (table.n_rows, table.n_cols) == (13, 3)
    assert table.rows_text() == rows


@pytest.mark.parametrize(("font", "item", "amount"), [("china-s", "项目", "金额"), ("china-t", "項目", "金額"),
                                                     ("japan", "項目", "金額")])
def test_a_cjk_word_space_keeps_the_drawn_column_whole(font: str, item: str, amount: str) -> None:
    """Chinese and Japanese annual reports: a label, a space and a numeral in one drawn cell."""
    rows = [["序号", item, amount]] + [[str(i), f"{item} {n}", f"{i * 731:,}"]
                                      for i, n in enumerate(("一", "二", "三", "四", "五", "六", "七", "八"), 1)]
    table = _table(_ruled(rows, [80, 150, 120], font, 10.0))
    assert table.rows_text() == rows


def test_a_courier_word_space_keeps_the_drawn_column_whole() -> None:
    """Courier's space is a glyph (7.8 pt at 13 pt): wider than twice columns.min_gap."""
    rows = [["NO", "ITEM", "PRICE"]] + [[str(i), f"LOT {i}", f"{i * 12}.50"] for i in range(1, 10)]
    table = _table(_ruled(rows, [60, 160, 110], "cour", 13.0))
    assert table.rows_text() == rows


def test_letters_spread_over_their_cell_stay_one_cell() -> None:
    """Distributed alignment (a Hangul word processor's form labels): the two letters of
    every label stand at the cell's two sides, a wide gap at the same x on every line."""
    labels = ["성명", "주소", "직위", "부서", "전화", "비고"]
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    x0, x1, x2, top = LEFT, LEFT + 90, LEFT + 330, 80.0
    for r, label in enumerate(labels):
        base = top + r * ROW_H + 14
        page.insert_text((x0 + 8, base), label[0], fontname="korea", fontsize=10)
        page.insert_text((x1 - 8 - 10, base), label[1], fontname="korea", fontsize=10)
        page.insert_text((x1 + 6, base), f"값 {r + 1}", fontname="korea", fontsize=10)
    bottom = top + ROW_H * len(labels)
    for r in range(len(labels) + 1):
        page.draw_line((x0, top + r * ROW_H), (x2, top + r * ROW_H), width=0.6)
    for x in (x0, x1, x2):
        page.draw_line((x, top), (x, bottom), width=0.6)
    table = _table(doc.tobytes())
    assert table.n_cols == 2
    assert [row[0].replace(" ", "") for row in table.rows_text()] == labels


def test_two_text_columns_under_one_drawn_column_are_still_split() -> None:
    """A ruled table without the rule between its two number columns: the gap (16 pt, under 2 em)
    is over three glyphs of the text beside it, so the drawn column holds two columns."""
    rows = [["Group", "Male", "Female"]] + [[g, f"{m:.1f}", f"{f:.1f}"] for g, m, f in
                                            (("18-24", 12.5, 13.1), ("25-34", 22.4, 21.0), ("35-44", 18.3, 19.7),
                                             ("45-54", 15.2, 16.8), ("55-64", 11.9, 12.6), ("65+", 9.4, 11.2))]
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    x0, x1, x2, top = LEFT, LEFT + 100, LEFT + 260, 80.0
    for r, (group, male, female) in enumerate(rows):
        base = top + r * ROW_H + 14
        page.insert_text((x0 + 4, base), group, fontsize=9)
        page.insert_text((x1 + 4, base), male, fontsize=9)
        page.insert_text((x1 + 40, base), female, fontsize=9)  # 21 pt after "12.5", 16 after "Male"
    bottom = top + ROW_H * len(rows)
    for r in range(len(rows) + 1):
        page.draw_line((x0, top + r * ROW_H), (x2, top + r * ROW_H), width=0.6)
    for x in (x0, x1, x2):
        page.draw_line((x, top), (x, bottom), width=0.6)
    table = _table(doc.tobytes())
    assert table.rows_text() == rows


def test_courier_columns_several_glyphs_apart_are_still_split() -> None:
    """Monospaced type does not stop a real split: two codes three glyphs apart in one drawn column."""
    rows = [["NO", "CODE", "ALT"]] + [[str(i), f"A{i:02d}", f"B{i:02d}"] for i in range(1, 9)]
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    x0, x1, x2, top = LEFT, LEFT + 60, LEFT + 200, 80.0
    for r, (no, code, alt) in enumerate(rows):
        base = top + r * ROW_H + 14
        page.insert_text((x0 + 4, base), no, fontname="cour", fontsize=10)
        page.insert_text((x1 + 4, base), code, fontname="cour", fontsize=10)
        page.insert_text((x1 + 4 + 6 * 6.0, base), alt, fontname="cour", fontsize=10)  # 3 glyphs after the code
    bottom = top + ROW_H * len(rows)
    for r in range(len(rows) + 1):
        page.draw_line((x0, top + r * ROW_H), (x2, top + r * ROW_H), width=0.6)
    for x in (x0, x1, x2):
        page.draw_line((x, top), (x, bottom), width=0.6)
    table = _table(doc.tobytes())
    assert table.rows_text() == rows
