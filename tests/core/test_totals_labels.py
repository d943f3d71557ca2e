"""A tender's totals under a rule of their own: 계, 부가가치세액 and 합계, each with its amount,
between the totals rule and the table's bottom rule. Each label starts in the narrow first
column (번호) and runs on over the next (its cell spans them), so the middle of the long one
lies past the first column: it is still a row label beside its amount, and the band holds
three rows of amounts, not one row's multi-line cells."""

from __future__ import annotations

import pymupdf

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

FONT, SIZE = "korea", 8.0
LEFT, RIGHT, TOP, ROW = 50.0, 400.0, 80.0, 16.0
NAME_X, QTY_END, AMOUNT_END = 78.0, 250.0, 380.0
BODY = tuple((str(k), name, str(q), f"{q * 1_250:,}") for k, (name, q) in enumerate(
    (("노트북", 22), ("복사용지", 26), ("모니터", 107), ("책상", 70), ("의자", 31), ("토너", 12), ("외장하드", 9),
     ("키보드", 40)), 1))
TOTALS = (("계", "293,750"), ("부가가치세액", "29,375"), ("합계", "323,125"))


def _right(page: pymupdf.Page, x1: float, y: float, text: str) -> None:
    page.insert_text((x1 - pymupdf.get_text_length(text, fontname=FONT, fontsize=SIZE), y), text,
                     fontname=FONT, fontsize=SIZE)


def _tender() -> bytes:
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    page.insert_text((LEFT + 4, TOP + 11), "No", fontname=FONT, fontsize=SIZE)
    page.insert_text((NAME_X, TOP + 11), "품명", fontname=FONT, fontsize=SIZE)
    _right(page, QTY_END, TOP + 11, "수량")
    _right(page, AMOUNT_END, TOP + 11, "금액")
    for r, (n, name, q, amount) in enumerate(BODY, start=1):
        y = TOP + r * ROW + 11
        page.insert_text((LEFT + 4, y), n, fontname=FONT, fontsize=SIZE)
        page.insert_text((NAME_X, y), name, fontname=FONT, fontsize=SIZE)
        _right(page, QTY_END, y, q)
        _right(page, AMOUNT_END, y, amount)
    first = TOP + (len(BODY) + 1) * ROW
    for k, (label, amount) in enumerate(TOTALS):
        page.insert_text((LEFT + 4, first + k * ROW + 11), label, fontname=FONT, fontsize=SIZE)
        _right(page, AMOUNT_END, first + k * ROW + 11, amount)
    bottom = first + len(TOTALS) * ROW
    for y, w in ((TOP, 1.5), (TOP + ROW, 0.75), (first, 1.2), (bottom, 1.5)):
        page.draw_line((LEFT, y), (RIGHT, y), width=w)
    return doc.tobytes()


def test_totals_labels_running_past_the_first_column_are_rows() -> None:
    (table,) = Pipeline(open_document(_tender())).run(0).tables
    rows = table.rows_text()
    assert len(rows) == 1 + len(BODY) + len(TOTALS)
    assert [[c for c in row if c] for row in rows[-3:]] == [list(t) for t in TOTALS]
