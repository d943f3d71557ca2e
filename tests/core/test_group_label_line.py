"""A tender's merged header cells centred in their rows (fpdf2's and reportlab's ``VALIGN``
middle, a rule under the group label and one under the header): the group label "예정가격" sits in a row of its own over
"단가 | 금액", while 번호, 품명, 수량 and 비고 span both header rows and are centred between them.
The label's line is one piece over the header's first line: it is no title, it is the header's
first line, centred over the group of columns it heads. A caption's indented second line over
a table is still no header."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from tests.core.continued_pdfs import CJK_FONT

FONT, SIZE = "cjk", 7.5  # WenQuanYi Micro Hei, as fpdf2 embeds it
LEFT, RIGHT, TOP, ROW = 50.0, 460.0, 79.0, 13.13
BASE = 8.8  # pt from a row's top to the baseline of its text
# column: (left x, right x) of each cell's text box; 단가 and 금액 right-aligned
COLS = ((54.0, 80.0), (90.0, 170.0), (180.0, 220.0), (240.0, 310.0), (320.0, 400.0), (412.0, 456.0))
SPANNING = (("번호", 0), ("품명", 1), ("수량", 2), ("비고", 5))
BODY = (("1", "노트북", "22", "1,530", "33,660", "관급"), ("2", "복사용지", "26", "242,000", "6,292,000", "납품설치"),
        ("3", "모니터", "107", "9,900", "1,059,300", "별도"), ("4", "책상", "70", "3,220", "225,400", ""))


def _width(text: str) -> float:
    return pymupdf.Font(fontfile=str(CJK_FONT)).text_length(text, fontsize=SIZE)


def _put(page: pymupdf.Page, c: int, y: float, text: str, right: bool = False) -> None:
    width = _width(text)
    x = COLS[c][1] - width if right else COLS[c][0]
    page.insert_text((x, y), text, fontname=FONT, fontsize=SIZE)


def _tender(caption: str = "", group_size: float = SIZE) -> bytes:
    if CJK_FONT is None:
        pytest.skip("fonts-wqy-microhei is not installed")
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_font(fontname=FONT, fontfile=str(CJK_FONT))
    if caption:
        page.insert_text((LEFT, TOP - 30), caption[:20], fontname=FONT, fontsize=SIZE)
        page.insert_text((LEFT + 30, TOP - 30 + 11), caption[20:], fontname=FONT, fontsize=SIZE)
    unit = "(단위: 원)"  # the unit line right over the table
    page.insert_text((RIGHT - _width(unit), TOP - 3), unit,
                     fontname=FONT, fontsize=SIZE)
    group = "예정가격"
    mid = (COLS[3][0] + COLS[4][1]) / 2 - _width(group) * group_size / SIZE / 2
    page.insert_text((mid, TOP + BASE), group, fontname=FONT, fontsize=group_size)  # row 1's middle
    for text, c in SPANNING:  # centred over both header rows: half a row lower
        _put(page, c, TOP + BASE + ROW / 2, text)
    _put(page, 3, TOP + BASE + ROW, "단가", right=True)
    _put(page, 4, TOP + BASE + ROW, "금액", right=True)
    page.draw_line((COLS[3][0] - 4, TOP + ROW), (COLS[4][1] + 4, TOP + ROW), width=0.6)  # under the group
    page.draw_line((LEFT, TOP + 2 * ROW), (RIGHT, TOP + 2 * ROW), width=0.6)
    for r, row in enumerate(BODY):
        y = TOP + (r + 2) * ROW + 9
        for c, text in enumerate(row):
            if text:
                _put(page, c, y, text, right=c in (2, 3, 4))
        page.draw_line((LEFT, y + 4), (RIGHT, y + 4), width=0.3)
    return doc.tobytes()


def test_the_group_label_line_is_the_headers_first_line() -> None:
    (table,) = Pipeline(open_document(_tender())).run(0).tables
    (group,) = [c for c in table.cells if c.text == "예정가격"]
    assert (group.r, group.c, group.cs) == (0, 3, 2)
    assert [c.text for c in table.cells if c.r == 1 and c.text] == ["단가", "금액"]
    assert table.rows_text()[-4:] == [list(r) for r in BODY]


def test_a_captions_indented_second_line_is_no_group_label() -> None:
    """The caption's second line is one piece set in from the left, centred by chance over the
    stub's header and the next one: a caption, not a group label (no group heads the stub)."""
    caption = "표 3. 구매 물품 내역 및 예정가격 산출 근거 2026"
    (table,) = Pipeline(open_document(_tender(caption))).run(0).tables
    assert not any("근거" in c.text for c in table.cells)


def test_a_title_set_larger_is_no_group_label() -> None:
    """The same line set in a larger type than the header under it (a spreadsheet's title
    centred over its table, fpdf2's sheets: 11 pt over a 9 pt header) is a title: the table
    starts under it."""
    (table,) = Pipeline(open_document(_tender(group_size=SIZE * 1.4))).run(0).tables
    assert not any("예정가격" in c.text for c in table.cells)
    assert table.rows_text()[-4:] == [list(r) for r in BODY]


def test_explain_names_the_group_label_line() -> None:
    res = Pipeline(open_document(_tender())).run(0)
    (why,) = explain_page(res, Params())
    top = why.rows[0]
    assert [e.kind for e in top.evidence if e.kind == "group_label_line"] == ["group_label_line"]
    assert "예정가격" in top.decision
