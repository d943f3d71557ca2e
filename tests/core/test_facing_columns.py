"""Two columns facing each other across a narrow gap in a table of horizontal rules only: a
Korean tender's amounts set right, then its notes (비고) set left 12 pt further on. In
full-width Hangul that gap is 1.3 glyphs of the notes beside it, under the 1.5 glyphs a
space inside a cell may take; but one cell's text keeps one alignment, and these lines end
at one x on the left and start at one x on the right, each ragged on its other side: two
cells' edges (here the header does not say so: 금액 stands on the header's second line, under
a group label 예정가격 over 단가 and 금액). A unit set after right-aligned amounts in their own cells ("원", the same on
every line, ending at one x) keeps the cell whole."""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain_page
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

FONT, SIZE = "korea", 9.0
LEFT, TOP, ROW = 60.0, 80.0, 16.0
LABEL_X, PRICE_END, AMOUNT_END, NOTE_X = 100.0, 255.0, 380.0, 392.0  # the notes start 12 pt after the amounts end
GROUP = "예정가격"  # the header's first line: 번호, 품명, this over 단가 and 금액, 비고
ROWS = (("", "", "단가", "금액", ""), ("1", "노트북", "15,300", "1,530,000", "관급"),
        ("2", "복사용지", "242,000", "242,000", "납품설치"), ("3", "모니터", "9,900", "9,900", ""),
        ("4", "회의용 테이블", "384,000", "32,256,000", "관급"), ("5", "외장하드", "2,830", "283,000", "별도구매"),
        ("6", "책상", "3,220", "3,220", "관급"))


def _width(text: str) -> float:
    return pymupdf.get_text_length(text, fontname=FONT, fontsize=SIZE)


def _three_lines(rows: tuple[tuple[str, ...], ...], unit: str = "") -> bytes:
    """A 三线表 / tender table: rules over it, under its header and under it, no verticals;
    amounts right-aligned to ``AMOUNT_END`` (``unit`` after them, a space apart, in their cell)."""
    doc = pymupdf.open()
    page = doc.new_page(width=595, height=842)
    group = PRICE_END - 4 - _width(GROUP) / 2  # centred over the two columns as reportlab centres a SPAN
    for x, text in ((LEFT + 2, "번호"), (LABEL_X, "품명"), (group, GROUP), (NOTE_X, "비고")):
        page.insert_text((x, TOP + 12), text, fontname=FONT, fontsize=SIZE)
    for r, row in enumerate(rows, start=1):
        y = TOP + r * ROW + 12
        amount = f"{row[3]} {unit}" if unit and r > 1 else row[3]
        for x, text in ((LEFT + 2, row[0]), (LABEL_X, row[1]), (PRICE_END - _width(row[2]), row[2]),
                        (AMOUNT_END - _width(amount), amount), (NOTE_X, row[4])):
            if text:
                page.insert_text((x, y), text, fontname=FONT, fontsize=SIZE)
    for y, w in ((TOP, 1.2), (TOP + 2 * ROW, 0.6), (TOP + (len(rows) + 1) * ROW, 1.2)):
        page.draw_line((LEFT, y), (460, y), width=w)
    return doc.tobytes()


def test_notes_set_left_after_amounts_set_right_are_a_column() -> None:
    (table,) = Pipeline(open_document(_three_lines(ROWS))).run(0).tables
    assert table.n_cols == 5
    assert table.rows_text()[-6:] == [list(r) for r in ROWS[1:]]


def test_explain_names_the_facing_columns() -> None:
    res = Pipeline(open_document(_three_lines(ROWS))).run(0)
    (why,) = explain_page(res, Params())
    facing = [w for w in why.cols if any(e.kind == "facing_columns" for e in w.evidence)]
    assert len(facing) == 1 and AMOUNT_END < facing[0].pos < NOTE_X
    assert [e.value for e in facing[0].evidence if e.kind == "facing_columns"] == [5]
    assert "set right" in facing[0].decision and "set left" in facing[0].decision


def test_a_unit_after_right_aligned_amounts_stays_in_their_cell() -> None:
    """"1,530,000 원": the unit ends at one x like the amounts, it is set right with them."""
    rows = tuple((*r[:4], "") for r in ROWS)
    (table,) = Pipeline(open_document(_three_lines(rows, unit="원"))).run(0).tables
    assert table.n_cols == 4  # the header's 비고 alone is no column
    assert [row[3] for row in table.rows_text()[-6:]] == [f"{r[3]} 원" for r in ROWS[1:]]
