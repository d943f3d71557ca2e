"""Units reach the cell records of detected tables: built PDFs in Chinese, Korean and English
with the unit in each place it can sit (a line above, the caption, beside the title, the
footnote, a column header, a row header, a unit row), a table continued over two pages, and a
table that states no unit (nothing invented)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from inspector import api
from inspector.cli import main
from tests.export.unit_pdfs import continued_pdf, table_pdf

Record = dict[str, Any]


def _records(pdf: bytes) -> list[Record]:
    """Cell records of every table of page 1, through the API (detection, then ``export``)."""
    doc = api.open_pdf(pdf)
    try:
        result = api.detect(doc, 1)
    finally:
        doc.close()
    assert len(result.tables) == 1
    return [json.loads(line) for line in api.export(result.tables[0], "cells").splitlines()]


def _by_text(records: list[Record]) -> dict[str, tuple[Any, ...]]:
    return {r["text"]: (r["value"], r["currency_code"], r["scale"], r["unit"], r["unit_source"]) for r in records}


ZH = [["项目", "2023年", "2022年"], ["营业收入", "1,250.30", "1,100.00"], ["净利润", "320.5", "-28.1"]]


@pytest.mark.parametrize("lines", [
    [(-1, 132, "单位：万元")],  # small, right-aligned above the table
    [(50, 118, "表1 主要会计数据"), (-1, 132, "单位：万元")],  # under the title
    [(50, 132, "表1 主要会计数据（单位：万元）")],  # in the caption
    [(50, 132, "表1 主要会计数据"), (-1, 132, "单位：万元")],  # beside the title, on its line
    [(50, 212, "注：单位：万元")],  # in the footnote under the table
], ids=["above", "under-title", "caption", "beside-title", "footnote"])
def test_chinese_unit_line_scales_every_number(lines: list[tuple[float, float, str]]) -> None:
    got = _by_text(_records(table_pdf(ZH, "zh", lines)))
    assert got["1,250.30"] == (12503000, "CNY", "万", "", "unit line")
    assert got["-28.1"] == (-281000, "CNY", "万", "", "unit line")
    assert set(got) == {"1,250.30", "1,100.00", "320.5", "-28.1"}  # labels and years make no number record


def test_chinese_headers_beat_the_unit_line() -> None:
    rows = [["项目", "2023年", "占比(%)", "营业收入（元）"],
            ["主营业务", "1,250.30", "62.5", "12,503,000.00"],
            ["每股收益（元/股）", "0.52", "", ""],
            ["成立年份", "2001", "", ""]]
    recs = _records(table_pdf(rows, "zh", [(-1, 132, "单位：万元")]))
    got = _by_text(recs)
    assert got["1,250.30"] == (12503000, "CNY", "万", "", "unit line")
    assert got["62.5"] == (62.5, "", "", "%", "column header")  # a percent header: never scaled
    assert got["12,503,000.00"] == (12503000, "CNY", "", "", "column header")  # 元: units of one
    assert got["0.52"] == (0.52, "CNY", "", "", "row header")
    assert got["2001"] == (2001, "", "", "", "")  # a year is not scaled
    assert all(r["text"] in ("1,250.30", "62.5", "12,503,000.00", "0.52", "2001") for r in recs if r["value"])


def test_chinese_in_cell_unit_wins() -> None:
    rows = [["项目", "金额"], ["收入", "1,250.30万元"], ["成立", "2023年"]]
    got = _by_text(_records(table_pdf(rows, "zh", [(-1, 132, "单位：元")])))
    assert got["1,250.30万元"] == (12503000, "CNY", "万", "", "cell")
    assert got["2023年"] == (None, "", "", "", "")  # a year with 年 is text, never scaled


KO = [["구분", "금액(백만원)", "비율(%)", "수량"], ["매출액", "1,234", "12.5", "300"], ["영업이익", "(56)", "4.5", "20"]]


def test_korean_unit_line_and_headers() -> None:
    got = _by_text(_records(table_pdf(KO, "ko", [(-1, 132, "(단위: 천원)")])))
    assert got["1,234"] == (1234000000, "KRW", "백만", "", "column header")
    assert got["(56)"] == (-56000000, "KRW", "백만", "", "column header")
    assert got["12.5"] == (12.5, "", "", "%", "column header")
    assert got["300"] == (300000, "KRW", "천", "", "unit line")


def test_korean_unit_line_in_the_footnote() -> None:
    rows = [["구분", "2023년", "2022년"], ["매출액", "1,234", "1,100"]]
    got = _by_text(_records(table_pdf(rows, "ko", [(50, 192, "※ 단위: 억원")])))
    assert got["1,234"] == (123400000000, "KRW", "억", "", "unit line")


EN = [["Segment", "Revenue ($000)", "Margin (%)", "Price, EUR", "Units"],
      ["Retail", "1,250", "12.5", "3.20", "400"],
      ["Wholesale", "(310)", "-4.0", "2.10", "1,200"]]


def test_english_headers_and_unit_line() -> None:
    got = _by_text(_records(table_pdf(EN, "en", [(-1, 132, "(in millions of USD)")])))
    assert got["1,250"] == (1250000, "USD", "000", "", "column header")
    assert got["(310)"] == (-310000, "USD", "000", "", "column header")
    assert got["-4.0"] == (-4, "", "", "%", "column header")
    # "Price, EUR" says another currency than the line's: the line's millions of USD do not apply.
    assert got["3.20"] == (3.2, "EUR", "", "", "column header")
    assert got["400"] == (400000000, "USD", "millions", "", "unit line")


def test_english_unit_row_under_the_header() -> None:
    rows = [["Segment", "Revenue", "Share", "Staff"], ["", "EUR million", "%", ""],
            ["Retail", "1,250", "62.5", "40"], ["Online", "310", "37.5", "12"]]
    recs = _records(table_pdf(rows, "en"))
    got = _by_text(recs)
    assert got["1,250"] == (1250000000, "EUR", "million", "", "column header")
    assert got["62.5"] == (62.5, "", "", "%", "column header")
    assert got["40"] == (40, "", "", "", "")
    assert "EUR million" not in got  # the unit row labels the columns: no record of its own


def test_no_unit_anywhere_invents_none() -> None:
    rows = [["Item", "2023", "2022"], ["Revenue", "1,250", "1,100"], ["Costs", "(310)", "(290)"]]
    recs = _records(table_pdf(rows, "en", [(50, 120, "Table 2 Results by year")]))
    assert recs and all((r["currency"], r["currency_code"], r["scale"], r["unit"], r["unit_source"])
                        == ("", "", "", "", "") for r in recs)
    assert _by_text(recs)["1,250"][0] == 1250


def test_continued_table_carries_the_first_pieces_unit_line(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    body = [[f"项目{i}", f"{i},000.50", f"{i}.5"] for i in range(1, 9)]
    pdf = tmp_path / "continued.pdf"
    pdf.write_bytes(continued_pdf(["项目", "2023年", "增长率(%)"], body, "zh", "单位：人民币万元", first_rows=4))
    assert main(["export", str(pdf), "-f", "cells", "--from", "detection"]) == 0
    recs = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(recs) == 16 and {r["table"] for r in recs} == {1}
    first = next(r for r in recs if r["text"] == "1,000.50")
    last = next(r for r in recs if r["text"] == "8,000.50")
    assert (first["value"], first["page"], first["unit_source"]) == (10005000, 1, "unit line")
    assert (last["value"], last["page"], last["unit_source"]) == (80005000, 2, "continued from page 1")
    assert last["currency_code"] == "CNY" and last["text"] == "8,000.50"
    assert next(r for r in recs if r["text"] == "8.5")["unit"] == "%"


def test_cli_cells_keep_the_raw_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "zh.pdf"
    pdf.write_bytes(table_pdf(ZH, "zh", [(-1, 132, "单位：万元")]))
    assert main(["export", str(pdf), "-f", "cells", "--from", "detection"]) == 0
    recs = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    rec = next(r for r in recs if r["text"] == "1,250.30")
    assert (rec["value"], rec["currency"], rec["scale"], rec["unit_statement"]) == (12503000, "元", "万", "单位:万元")


def _table(pdf: bytes) -> api.Table:
    doc = api.open_pdf(pdf)
    try:
        return api.detect(doc, 1).tables[0]
    finally:
        doc.close()


def test_markdown_and_html_state_the_unit_in_the_caption() -> None:
    table = _table(table_pdf(ZH, "zh", [(-1, 132, "单位：万元")]))
    md = api.export(table, "md").splitlines()
    assert md[:3] == ["单位：万元", "", "| 项目 | 2023年 | 2022年 |"]
    assert "| 营业收入 | 1,250.30 | 1,100.00 |" in md  # cell texts as written
    html = api.export(table, "html")
    assert '<caption><span class="unit">单位：万元</span></caption>' in html
    assert "<td>1,250.30</td>" in html


def test_no_unit_line_no_caption() -> None:
    table = _table(table_pdf([["Item", "2023"], ["Revenue", "1,250"], ["Costs", "310"]], "en"))
    assert table.unit_line == ""
    assert api.export(table, "md").startswith("| Item | 2023 |")
    assert "<caption>" not in api.export(table, "html")


def test_annotated_tables_find_their_unit_line_on_the_page(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from inspector.annotation.io import annotation_path_for

    pdf = tmp_path / "annotated.pdf"
    pdf.write_bytes(table_pdf(ZH, "zh", [(-1, 132, "单位：万元")]))
    doc = api.open_pdf(str(pdf))
    try:
        api.save_annotation(api.annotate(doc, [api.detect(doc, 1)]), annotation_path_for(pdf))
    finally:
        doc.close()
    assert main(["export", str(pdf), "-f", "cells", "--from", "annotation"]) == 0
    got = _by_text([json.loads(line) for line in capsys.readouterr().out.splitlines()])
    assert got["1,250.30"] == (12503000, "CNY", "万", "", "unit line")


def test_korean_amounts_with_their_own_won() -> None:
    rows = [["구분", "금액"], ["매출액", "1,000원"], ["영업이익", "5천원"], ["순이익", "3억원"]]
    got = _by_text(_records(table_pdf(rows, "ko", [(-1, 132, "(단위: 백만원)")])))
    assert got["1,000원"] == (1000, "KRW", "", "", "cell")  # 원 alone: units of one, the line does not scale
    assert got["5천원"] == (5000, "KRW", "천", "", "cell")
    assert got["3억원"] == (300000000, "KRW", "억", "", "cell")


def test_a_unit_column_gives_each_row_its_unit() -> None:
    rows = [["指标", "单位", "2023年", "2022年"], ["营业收入", "亿元", "12.5", "11.0"],
            ["毛利率", "%", "31.2", "30.8"], ["员工人数", "人", "1,200", "1,150"]]
    got = _by_text(_records(table_pdf(rows, "zh", [(-1, 132, "单位：万元")])))
    assert got["12.5"] == (1250000000, "CNY", "亿", "", "row header")
    assert got["31.2"] == (31.2, "", "", "%", "row header")
    assert got["1,200"] == (1200, "", "", "人", "row header")  # persons: not scaled by the 万元 line
    assert "亿元" not in got or got["亿元"][0] is None  # the unit column's cells stay text


def test_a_unit_over_numbered_sub_headers_measures_them_not_the_cells() -> None:
    rows = [["Statistic", "Lead time (years)", ""], ["", "1", "2"], ["Enrollment", "0.3", "0.6"]]
    got = _by_text(_records(table_pdf(rows, "en")))
    assert got["0.3"] == (0.3, "", "", "", "")
    rows = [["Item", "Revenue (USD m)", ""], ["", "2023", "2022"], ["Retail", "1,250", "1,100"]]
    got = _by_text(_records(table_pdf(rows, "en")))
    assert got["1,250"] == (1250000000, "USD", "m", "", "column header")


@pytest.mark.parametrize(("rows", "lang", "lines", "code", "value"), [
    # A Chinese report writes the yuan's sign: the unit line's scale applies to it.
    ([["项目", "2023年"], ["营业收入", "¥1,250.30"], ["净利润", "¥320.50"]], "zh", [(-1, 132, "单位：万元")], "CNY", 12503000),
    # Kana (or 円) beside it: the same sign is the yen's.
    ([["項目", "2023年"], ["売上高", "¥1,250"], ["利益", "¥320"]], "ja", [(50, 132, "単位：千円（けた）")], "JPY", 1250000),
    # No Chinese or Japanese anywhere: yen, as written alone.
    ([["Item", "2023"], ["Sales", "¥1,250"], ["Profit", "¥320"]], "en", [], "JPY", 1250),
], ids=["chinese", "japanese", "english"])
def test_the_yen_sign_reads_as_the_tables_own_currency(rows: list[list[str]], lang: str,
                                                      lines: list[tuple[float, float, str]], code: str,
                                                      value: int) -> None:
    got = _by_text(_records(table_pdf(rows, lang, lines)))
    first = rows[1][1]
    assert got[first][0] == value and got[first][1] == code
