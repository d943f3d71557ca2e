"""The unit parser: unit lines, header units and bare unit expressions, in Chinese, Korean,
Japanese and English; and what is not a unit (nothing is guessed)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from inspector.core.units import header_unit, unit_expression, unit_line

# text -> (scale as written, factor, currency as written, ISO code, ratio unit)
LINES = {
    "单位：万元": ("万", 10**4, "元", "CNY", ""),
    "单位：人民币元": ("", 1, "人民币元", "CNY", ""),
    "金额单位：人民币万元": ("万", 10**4, "人民币", "CNY", ""),
    "单位:亿元": ("亿", 10**8, "元", "CNY", ""),
    "单位：元 币种：人民币": ("", 1, "元", "CNY", ""),
    "单位：千元": ("千", 10**3, "元", "CNY", ""),
    "表1 主要会计数据（单位：百万元）": ("百万", 10**6, "元", "CNY", ""),
    "(단위: 천원)": ("천", 10**3, "원", "KRW", ""),
    "(단위: 백만원)": ("백만", 10**6, "원", "KRW", ""),
    "(단위 : 억원)": ("억", 10**8, "원", "KRW", ""),
    "(단위: 조원)": ("조", 10**12, "원", "KRW", ""),
    "（単位：百万円）": ("百万", 10**6, "円", "JPY", ""),
    "(in thousands of USD)": ("thousands", 10**3, "USD", "USD", ""),
    "Amounts in EUR million": ("million", 10**6, "EUR", "EUR", ""),
    "(in millions, except per share data)": ("millions", 10**6, "", "", ""),
    "(Dollars in thousands)": ("thousands", 10**3, "", "", ""),
    "Table 3 Revenue by segment (€ million)": ("million", 10**6, "€", "EUR", ""),
    "(£bn)": ("bn", 10**9, "£", "GBP", ""),
    "Unit: %": ("", 1, "", "", "%"),
    "单位：%": ("", 1, "", "", "%"),
}


@pytest.mark.parametrize("text", LINES)
def test_unit_lines(text: str) -> None:
    spec = unit_line(text)
    assert spec is not None, text
    scale, factor, currency, code, ratio = LINES[text]
    assert (spec.scale, spec.factor, spec.currency, spec.currency_code, spec.unit) == (
        scale, Decimal(factor), currency, code, ratio)


HEADERS = {
    "营业收入（元）": ("", 1, "元", "CNY", "", True),
    "营业收入(万元)": ("万", 10**4, "元", "CNY", "", True),
    "Revenue ($000)": ("000", 10**3, "$", "USD", "", True),
    "Revenue (USD m)": ("m", 10**6, "USD", "USD", "", True),
    "Sales (RMB'000)": ("000", 10**3, "RMB", "CNY", "", True),
    "금액(백만원)": ("백만", 10**6, "원", "KRW", "", True),
    "매출액 (단위: 천원)": ("천", 10**3, "원", "KRW", "", True),
    "Margin (%)": ("", 1, "", "", "%", False),
    "Change, %": ("", 1, "", "", "%", False),
    "percent": ("", 1, "", "", "%", False),
    "Spread (bp)": ("", 1, "", "", "bp", False),
    "Price, EUR": ("", 1, "EUR", "EUR", "", False),
    "每股收益（元/股）": ("", 1, "元", "CNY", "", True),
    "売上高（百万円）": ("百万", 10**6, "円", "JPY", "", True),
    "%": ("", 1, "", "", "%", False),
    "万元": ("万", 10**4, "元", "CNY", "", True),
}


@pytest.mark.parametrize("text", HEADERS)
def test_header_units(text: str) -> None:
    spec = header_unit(text)
    assert spec is not None, text
    scale, factor, currency, code, ratio, stated = HEADERS[text]
    assert (spec.scale, spec.factor, spec.currency, spec.currency_code, spec.unit, spec.scale_stated) == (
        scale, Decimal(factor), currency, code, ratio, stated)


@pytest.mark.parametrize("text", [
    "2023年", "营业收入", "Revenue", "Note (1)", "Units sold", "Table 1 (continued)", "Amount (m)",
    "Total, k", "조정", "Sales in Europe", "Revenue in 2023 rose", "Margin", "", "Item (a)",
    "Sales rose in thousands of households", "Unit price",
])
def test_no_unit_is_guessed(text: str) -> None:
    assert header_unit(text) is None
    assert unit_line(text) is None


def test_a_unit_expression_is_only_unit_words() -> None:
    assert unit_expression("万元 and more") is None
    assert unit_expression("百万 / 千元") is None  # two scales: not one statement
    assert unit_expression("USD / EUR") is None
    assert unit_expression("% 万元") is None
    spec = unit_expression("（人民币 百万元）")
    assert spec is not None and (spec.scale, spec.factor, spec.currency_code) == ("百万", Decimal(10**6), "CNY")


@pytest.mark.parametrize(("text", "unit"), [("Body weight (g)", "g"), ("员工人数（人）", "人"), ("직원 수(명)", "명"),
                                            ("Output (tonnes)", "tonnes")])
def test_a_header_unit_of_things_is_no_money(text: str, unit: str) -> None:
    spec = header_unit(text)
    assert spec is not None and spec.unit == unit and spec.is_other and not spec.is_ratio
    assert (spec.scale, spec.currency, spec.factor) == ("", "", Decimal(1))
