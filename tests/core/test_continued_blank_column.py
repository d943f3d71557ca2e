"""A continued table whose notes column (a Chinese balance sheet's 附注) is blank on the next
page, the labels there long enough to run into it: detection finds 4 columns on page 1 and 3
on page 2. The labels' column runs on over the blank notes column, the amounts stand in the
first piece's amount columns: the pieces link (no "4 columns against 3" veto), and the
stacked table keeps the notes column, blank in the second page's rows, the amounts under
their own years. Built with PyMuPDF (its own CJK font), borderless and with a rule under
every row, in Chinese and in English."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.multipage.continuation import find_continuations, proposed
from inspector.core.multipage.logical import logical_tables
from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.types import PageResult

XS = (56.0, 230.0, 290.0, 400.0, 510.0)  # label | notes | this year | last year
SIZE, PITCH = 9.0, 20.0
TEXT = {
    "zh": (("项目", "附注", "2023年12月31日", "2022年12月31日"),
           ("货币资金", "交易性金融资产", "应收票据", "应收账款", "预付款项", "其他应收款", "存货", "合同资产",
            "其他流动资产", "流动资产合计"),
           ("一年内到期的非流动资产及其他长期应收款项", "长期股权投资及其他权益工具投资项目",
            "其他非流动金融资产及衍生金融工具", "投资性房地产及固定资产清理项目合计", "在建工程及工程物资",
            "使用权资产及租赁相关资产", "无形资产及开发支出项目", "商誉及长期待摊费用项目", "递延所得税资产及其他",
            "非流动资产合计"), "七、"),
    "en": (("Item", "Note", "31 Dec 2023", "31 Dec 2022"),
           ("Cash", "Deposits", "Bills", "Receivables", "Prepayments", "Other receivables", "Inventories",
            "Contract assets", "Other assets", "Current assets"),
           ("Non-current assets due within one year and other", "Equity investments and other equity",
            "Other non-current financial assets and derivatives", "Investment property and fixed assets",
            "Construction in progress and materials", "Right-of-use and other lease assets",
            "Intangible assets and development costs", "Goodwill and long-term prepaid expenses",
            "Deferred tax assets and other assets", "Total non-current assets"), "N"),
}
NOTES = (1, 2, 3, 4, 0, 6, 7, 8, 0, 0)  # 0: no note


def _width(text: str) -> float:
    return pymupdf.get_text_length(text, fontname="helv", fontsize=SIZE) if text.isascii() else SIZE * len(text)


def _put(page: pymupdf.Page, c: int, y: float, text: str) -> None:
    x = XS[c + 1] - 6 - _width(text) if c >= 2 else XS[c] + 4
    page.insert_text((x, y), text, fontsize=SIZE, fontname="helv" if text.isascii() else "china-s")


def _amounts(k: int) -> tuple[str, str]:
    return f"{(k + 3) ** 5 * 7:,}.{k}2", f"{(k + 5) ** 4 * 3:,}.{k}5"


def _pdf(lang: str, rules: bool) -> bytes:
    head, first, second, mark = TEXT[lang]
    doc = pymupdf.open()
    for p, labels in enumerate((first, second)):
        page = doc.new_page(width=595, height=842)
        top = 140.0 if p == 0 else 90.0
        rows = [head] if p == 0 else []
        rows += [(lab, f"{mark}{NOTES[k]}" if p == 0 and NOTES[k] else "", *_amounts(k)) for k, lab in enumerate(labels)]
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                if text:
                    _put(page, c, top + r * PITCH + 13, text)
        if rules:
            for r in range(len(rows) + 1):
                page.draw_line((XS[0], top + r * PITCH), (XS[-1], top + r * PITCH), width=0.5)
        page.insert_text((290, 800), str(p + 1), fontsize=SIZE, fontname="helv")
    return doc.tobytes()


def _detect(pdf: bytes) -> list[PageResult]:
    pipe = Pipeline(open_document(pdf))
    return [pipe.run(k) for k in range(2)]


@pytest.mark.parametrize("rules", [False, True], ids=["borderless", "row-rules"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_notes_column_blank_on_the_next_page_links_and_comes_back(lang: str, rules: bool) -> None:
    results = _detect(_pdf(lang, rules))
    assert [[t.n_cols for t in r.tables] for r in results] == [[4], [3]]
    conts = proposed(find_continuations(results))
    assert [(c.prev_page, c.next_page, c.columns) for c in conts] == [(1, 2, (0, 2, 3))]
    assert any("running on over the next column" in e.detail for e in conts[0].evidence)
    (table,) = logical_tables(results, conts)
    head, first, second, _ = TEXT[lang]
    rows = table.rows_text()
    assert table.n_cols == 4 and len(rows) == 1 + len(first) + len(second)
    assert rows[len(first) + 1:] == [[lab, "", *_amounts(k)] for k, lab in enumerate(second)]
