"""A three-line tender table whose merged header cells are set at the top of their cells
(reportlab's ``VALIGN`` top): the header band between the top rule and the header rule holds
two lines, "번호 품명 수량 예정가격 비고" and, under 예정가격 only, "단가 금액" (every header
cell centred, reportlab's ``ALIGN`` center). The second line is
no wrapped header cell: its pieces stand together centred under the group label, a header row
of their own. Two header cells each wrapped onto a second line stay one header row."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

FONT, SIZE = "korea", 8.0
LEFT, RIGHT, TOP, ROW = 50.0, 470.0, 80.0, 16.0
COLS = ((54.0, 80.0), (90.0, 170.0), (180.0, 220.0), (240.0, 310.0), (320.0, 400.0), (412.0, 466.0))
BODY = (("1", "노트북", "22", "1,530", "33,660", "관급"), ("2", "복사용지", "26", "242,000", "6,292,000", "납품설치"),
        ("3", "모니터", "107", "9,900", "1,059,300", "별도"), ("4", "책상", "70", "3,220", "225,400", ""))


def _put(page: pymupdf.Page, c: int, y: float, text: str, how: str = "left") -> None:
    width = pymupdf.get_text_length(text, fontname=FONT, fontsize=SIZE)
    x = {"left": COLS[c][0], "right": COLS[c][1] - width, "centre": (COLS[c][0] + COLS[c][1] - width) / 2}[how]
    page.insert_text((x, y), text, fontname=FONT, fontsize=SIZE)


def _table(head: list[tuple[int, str, str]], sub: list[tuple[int, str, str]], group: str = "") -> bytes:
    """Header lines ``head`` and ``sub`` as (column, text, alignment); ``group`` centred over
    columns 3 and 4 on the first line; the body under the header rule; three rules."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    for c, text, how in head:
        _put(page, c, TOP + 11, text, how)
    if group:
        width = pymupdf.get_text_length(group, fontname=FONT, fontsize=SIZE)
        page.insert_text(((COLS[3][0] + COLS[4][1] - width) / 2, TOP + 11), group, fontname=FONT, fontsize=SIZE)
    for c, text, how in sub:
        _put(page, c, TOP + 11 + ROW, text, how)
    for r, row in enumerate(BODY):
        for c, text in enumerate(row):
            if text:
                _put(page, c, TOP + (r + 2) * ROW + 11, text, "right" if c in (2, 3, 4) else "left")
    for y, w in ((TOP, 1.5), (TOP + 2 * ROW, 0.75), (TOP + (len(BODY) + 2) * ROW, 1.5)):
        page.draw_line((LEFT, y), (RIGHT, y), width=w)
    return doc.tobytes()


GROUPED = ([(0, "번호", "centre"), (1, "품명", "centre"), (2, "수량", "centre"), (5, "비고", "centre")],
           [(3, "단가", "centre"), (4, "금액", "centre")], "예정가격")


def test_sub_headers_under_a_group_label_are_a_header_row() -> None:
    (table,) = Pipeline(open_document(_table(*GROUPED))).run(0).tables
    rows = table.rows_text()
    assert table.n_rows == 2 + len(BODY)
    assert [c for c in rows[1] if c] == ["단가", "금액"]
    assert "예정가격" in rows[0] and "단가" not in " ".join(rows[0])
    assert rows[2:] == [list(r) for r in BODY]


def test_explain_names_the_sub_headers() -> None:
    res = Pipeline(open_document(_table(*GROUPED))).run(0)
    (why,) = explain_page(res, Params())
    assert [e.kind for e in why.rows[1].evidence] == ["sub_headers", "head_rowspan"]
    assert "예정가격" in why.rows[1].decision


def test_wrapped_header_cells_stay_one_header_row() -> None:
    """"단가" over "(원)" and "금액" over "(원)": each under its own header, no group above them."""
    head = [(0, "번호", "centre"), (1, "품명", "centre"), (2, "수량", "centre"), (3, "단가", "right"),
            (4, "금액", "right"), (5, "비고", "centre")]
    (table,) = Pipeline(open_document(_table(head, [(3, "(원)", "right"), (4, "(원)", "right")]))).run(0).tables
    assert table.n_rows == 1 + len(BODY)
    assert table.rows_text()[0][3:5] == ["단가\n(원)", "금액\n(원)"]


def _banded() -> bytes:
    """The header cells centred in their rows (reportlab's ``VALIGN`` middle) on a shaded header
    band, body rows shaded every other one: 예정가격 in the middle of the first header row, the
    labels spanning both rows half a row lower, 단가 and 금액 in the middle of the second."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.draw_rect(pymupdf.Rect(LEFT, TOP, RIGHT, TOP + 2 * ROW), color=None, fill=(0.8, 0.85, 0.9))
    for r in range(1, len(BODY), 2):
        y = TOP + (r + 2) * ROW
        page.draw_rect(pymupdf.Rect(LEFT, y, RIGHT, y + ROW), color=None, fill=(0.9, 0.92, 0.95))
    middle = ROW / 2 + SIZE / 2 - 1  # a baseline centring the text in a row
    width = pymupdf.get_text_length("예정가격", fontname=FONT, fontsize=SIZE)
    page.insert_text(((COLS[3][0] + COLS[4][1] - width) / 2, TOP + middle), "예정가격", fontname=FONT, fontsize=SIZE)
    for c, text, how in GROUPED[0]:
        _put(page, c, TOP + ROW / 2 + middle, text, how)
    for c, text, how in GROUPED[1]:
        _put(page, c, TOP + ROW + middle, text, how)
    for r, row in enumerate(BODY):
        for c, text in enumerate(row):
            if text:
                _put(page, c, TOP + (r + 2) * ROW + middle, text, "right" if c in (2, 3, 4) else "left")
    return doc.tobytes()


def test_sub_headers_under_a_group_label_centred_in_a_shaded_band() -> None:
    (table,) = Pipeline(open_document(_banded())).run(0).tables
    rows = table.rows_text()
    assert [c for c in rows[1] if c] == ["단가", "금액"]
    assert "예정가격" in rows[0] and "번호" in rows[0]
    assert rows[2:] == [list(r) for r in BODY]
    (why,) = explain_page(Pipeline(open_document(_banded())).run(0), Params())
    assert [e.kind for e in why.rows[1].evidence] == ["sub_headers", "head_rowspan"]
