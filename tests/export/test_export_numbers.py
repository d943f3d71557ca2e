"""Number normalisation: every separator, sign, unit and multiplier rule, and what is not a number."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from inspector.core.numbers import decimal_evidence, guess_decimal_comma, parse_number, to_decimal


@pytest.mark.parametrize(("text", "value"), [
    ("1,234.5", "1234.5"),          # US thousands
    ("1.234,5", "1234.5"),          # European
    ("1.234.567", "1234567"),       # dots only as thousands
    ("1,234,567", "1234567"),
    ("100 000", "100000"),          # plain space
    ("100\u00a0000", "100000"),     # no-break space
    ("100\u2009000", "100000"),     # thin space
    ("100\u202f000", "100000"),     # narrow no-break space
    ("10 000,5", "10000.5"),        # French: space thousands, decimal comma
    ("1'234.50", "1234.50"),        # Swiss
    ("1,23,456", "123456"),         # Indian grouping
    ("35,8", "35.8"),               # lone comma not followed by three digits: decimal
    ("0,123", "0.123"),             # leading zero: decimal
    ("1,234", "1234"),              # ambiguous: thousands by default
    ("3.30", "3.30"),
    (".5", "0.5"),
    ("１２３", "123"),               # full-width digits
])
def test_separators(text: str, value: str) -> None:
    parsed = parse_number(text)
    assert parsed is not None
    assert parsed.value == Decimal(value)
    assert parsed.raw == text


@pytest.mark.parametrize(("text", "value"), [
    ("(1,234)", "-1234"),
    ("(0.21)", "-0.21"),
    ("( 498,5)", "-498.5"),
    ("-1,234", "-1234"),
    ("\u22125", "-5"),      # Unicode minus
    ("\u25b31,234", "-1234"),  # Japanese triangle negative
    ("+7", "7"),
    ("-$5", "-5"),
    ("$(5)", "-5"),
    ("($1,000)", "-1000"),
])
def test_signs_and_parenthesised_negatives(text: str, value: str) -> None:
    parsed = parse_number(text)
    assert parsed is not None and parsed.value == Decimal(value)


@pytest.mark.parametrize(("text", "value", "unit", "currency", "scale"), [
    ("18%", "18", "%", "", ""),
    ("-2.5 %", "-2.5", "%", "", ""),
    ("１２％", "12", "%", "", ""),
    ("3‰", "3", "‰", "", ""),
    ("$1,234", "1234", "", "$", ""),
    ("€ 5", "5", "", "€", ""),
    ("5 €", "5", "", "€", ""),
    ("£12.50", "12.50", "", "£", ""),
    ("¥1,000", "1000", "", "¥", ""),
    ("￥1,000", "1000", "", "¥", ""),
    ("US$ 3", "3", "", "US$", ""),
    ("EUR 1.234,56", "1234.56", "", "EUR", ""),
    ("3.5万", "35000", "", "", "万"),
    ("0.07亿", "7000000", "", "", "亿"),
    ("1.2万元", "12000", "", "元", "万"),
    ("2k", "2000", "", "", "k"),
    ("4.5M", "4500000", "", "", "M"),
    ("1.2bn", "1200000000", "", "", "bn"),
    ("5 million", "5000000", "", "", "million"),
    ("£5m", "5000000", "", "£", "m"),    # m is million after a currency...
    ("5 m", "5", "m", "", ""),           # ...and metres without one
    ("5kg", "5", "kg", "", ""),          # k of kg is not a multiplier
    ("3 kg/year", "3", "kg/year", "", ""),
    ("12 m²", "12", "m²", "", ""),
])
def test_units_currency_and_multipliers(text: str, value: str, unit: str, currency: str, scale: str) -> None:
    parsed = parse_number(text)
    assert parsed is not None
    assert (parsed.value, parsed.unit, parsed.currency, parsed.scale) == (Decimal(value), unit, currency, scale)


@pytest.mark.parametrize(("text", "value", "marker"), [
    ("10,000 (1)", "10000", "(1)"),
    ("107,000 (2)", "107000", "(2)"),
    ("42 (a)", "42", "(a)"),
    ("5*", "5", "*"),
    ("7¹", "7", "¹"),
])
def test_footnote_markers_are_kept_apart(text: str, value: str, marker: str) -> None:
    parsed = parse_number(text)
    assert parsed is not None and parsed.value == Decimal(value) and parsed.marker == marker


@pytest.mark.parametrize(("text", "value"), [
    ("8.24e-04", "0.000824"),        # numpy's and matplotlib's users' f"{v:.2e}"
    ("6.07e\u221203", "0.00607"),   # with a Unicode minus in the exponent
    ("\u22128.31e\u221203", "-0.00831"),
    ("1.2E+05", "120000"),
    ("1.5e3", "1500"),               # unsigned: once read as 1.5 with a unit "e3"
    ("(2.5e-2)", "-0.025"),
])
def test_exponents(text: str, value: str) -> None:
    parsed = parse_number(text)
    assert parsed is not None and parsed.value == Decimal(value) and parsed.unit == ""


@pytest.mark.parametrize("text", [
    "e-04", "E-4", "2e", "12e", "3.1e-1234", "1e-",
    "", "-", "–", "n/a", "Total", "Salaries (a)", "2012_2", "(405) 680-3701", "2016-01-01",
    "1,314,000 940,750", "12 15", "1/km", "kg 5", "$5 €", "1.2.3,4,5", "5 per cent",
])
def test_not_numbers(text: str) -> None:
    assert parse_number(text) is None


def test_decimal_comma_option_settles_ambiguous_values() -> None:
    assert parse_number("1,234", decimal_comma=True).value == Decimal("1.234")
    assert parse_number("1.234", decimal_comma=True).value == Decimal("1234")
    assert parse_number("1,234", decimal_comma=False).value == Decimal("1234")
    assert parse_number("35,8", decimal_comma=False) is None  # "35,8" cannot be thousands


def test_json_number_is_int_when_integral() -> None:
    assert parse_number("3.5万").as_json_number() == 35000
    assert isinstance(parse_number("3.5万").as_json_number(), int)
    assert parse_number("(0.21)").as_json_number() == -0.21


def test_to_decimal_rejects_bad_grouping() -> None:
    assert to_decimal("12,34,5") is None
    assert to_decimal("1,234,5") is None
    assert to_decimal("1.2345.6") is None


@given(st.integers(min_value=-10**12, max_value=10**12))
def test_thousands_round_trip(n: int) -> None:
    us = f"{abs(n):,}"
    eu = us.replace(",", ".")
    spaced = us.replace(",", "\u202f")
    for text in (us, spaced) + ((eu,) if abs(n) >= 10**6 else ()):
        body = f"({text})" if n < 0 else text
        parsed = parse_number(body)
        assert parsed is not None and parsed.value == n, body


@given(st.decimals(min_value=-10**9, max_value=10**9, places=2, allow_nan=False, allow_infinity=False))
def test_two_decimals_round_trip_in_both_conventions(d: Decimal) -> None:
    us = f"{d:,.2f}"
    eu = us.replace(",", "_").replace(".", ",").replace("_", ".")
    assert parse_number(us).value == d
    assert parse_number(eu).value == d


@pytest.mark.parametrize(("text", "evidence"), [
    ("35,8", True), ("(1.234,5)", True), ("€ 0,50", True),
    ("3.30", False), ("1,234.5", False), ("$0.5", False),
    ("1,234", None), ("1.234", None), ("42", None), ("Total", None),
])
def test_decimal_evidence(text: str, evidence: bool | None) -> None:
    assert decimal_evidence(text) is evidence


def test_guess_decimal_comma_by_majority() -> None:
    assert guess_decimal_comma(["1.234", "1.234,50", "7,5"]) is True
    assert guess_decimal_comma(["1,234", "3.30"]) is False
    assert guess_decimal_comma(["1,234", "12"]) is None
    assert guess_decimal_comma(["3.30", "7,5"]) is None
