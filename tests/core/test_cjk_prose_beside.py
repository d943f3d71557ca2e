"""A column of Chinese prose beside a borderless table is no column of it (issue 25, class 5).

A two-column page (AbiWord's two-column section): a heading and a borderless table in the left
column, a paragraph of Chinese running on in the right one. Chinese sets no spaces, so a line of
its prose is one or two "words", and the word count that tells running text beside a table
(``flow.running_text``) read none: the paragraph became the table's last column and the
heading its first row. Measured in characters (``flow.prose_piece``, ``text.ideograph_prose``: twelve ideographs or more
with a sentence's punctuation inside), the column is cut off; the heading sharing its page line
with the column's first line (one piece in larger type) is the table's title, no row.
"""

from __future__ import annotations

import pymupdf

from inspector.core.explain import explain
from inspector.core.params import Params
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document

ROWS = (("项目", "附注", "本期金额"), ("研发费用", "", "6,483,761.10"), ("财务费用", "七、45", "954,809.62"),
        ("利息收入", "", "44,313.92"), ("加：其他收益", "七、2", "(1,428.04)"), ("投资收益", "", "93,131,167.89"),
        ("合计", "", "339,452,898.93"))
PROSE = ("本公司按照企业会计准则编制财务报表。报告期内公", "司主营业务未发生重大变化。以下金额除特别注明外",
         "均以人民币元列示。报告期内公司主营业务未发生重", "大变化。本期合并范围与上期相比未发生变化。")
X = (56.0, 160.0, 236.0)  # the columns' left edges, pt (amounts right-aligned to 297 pt)
RIGHT_EDGE = 297.0
TITLE = "合并现金流量表"


def _font(text: str) -> str:
    """Helvetica for amounts (the CJK font's digits are an em wide), the CJK font for the rest."""
    return "helv" if text.isascii() else "china-s"


def _text(page: pymupdf.Page, x: float, y: float, text: str, size: float = 10.0) -> None:
    page.insert_text((x, y), text, fontsize=size, fontname=_font(text))


def _page(prose_x: float = 320.0, long_labels: bool = False) -> bytes:
    """The left column: the 14 pt title on the page's first line, the table under it at a 14 pt
    pitch; the right column (from ``prose_x``): the paragraph at its own 12 pt leading, its
    first line on the title's line. With ``long_labels`` the right column instead holds a long
    remark on each table row's own baseline (the table's own text column)."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _text(page, 54.0, 96.0, TITLE, 14.0)
    for r, row in enumerate(ROWS):
        y = 116.0 + 14.0 * r
        for k, (x, cell) in enumerate(zip(X, row, strict=True)):
            if cell:
                width = pymupdf.get_text_length(cell, fontname=_font(cell), fontsize=10)
                _text(page, RIGHT_EDGE - width if k == 2 and r else x, y, cell)
        if long_labels and r:
            _text(page, prose_x, y, "按照企业会计准则编制，未发生重大变化")
    if not long_labels:
        for k, line in enumerate(PROSE):
            _text(page, prose_x, 96.0 + 12.0 * k, line)
    return doc.tobytes()


def test_chinese_prose_beside_a_borderless_table_is_cut_off() -> None:
    res = Pipeline(open_document(_page())).run(0, Params())
    assert [t.rows_text() for t in res.tables] == [[list(r) for r in ROWS]]
    (said,) = [r.reason for r in explain(res, Params()).rejected if r.reason.startswith("prose beside the table")]
    assert "told in characters" in said and "the heading on its first line" in said


def test_a_long_remark_on_each_rows_baseline_stays_the_tables_column() -> None:
    """Remarks of twelve ideographs and a comma, one on each row's baseline: the table's own
    last column (its lines share the rows' baselines, no paragraph's own leading)."""
    res = Pipeline(open_document(_page(long_labels=True))).run(0, Params())
    assert len(res.tables) == 1
    table = res.tables[0]
    assert table.n_cols == 4
    assert [row[-1] for row in table.rows_text()][-1] == "按照企业会计准则编制，未发生重大变化"
