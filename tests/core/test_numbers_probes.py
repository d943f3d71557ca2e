"""The decided answers of "is this a number", asked by metrics, defects, row roles and exporters.

Four copies used to disagree on six of these probes; the answers are decided here once and
every caller goes through ``core.numbers``.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from inspector.annotation.roles import suggest_row_roles
from inspector.core.numbers import is_number, parse_number
from inspector.core.types import Cell, Rect, Table, Word
from inspector.evaluation import defects, metrics

# probe -> value (None: not a number)
PROBES: dict[str, Decimal | None] = {
    "3.5万": Decimal(35000),
    "12 kg": Decimal(12),
    "€ 12": Decimal(12),
    "12.": None,
    "100 000": Decimal(100000),
    "5*": Decimal(5),
    "(1,234.5)": Decimal("-1234.5"),
    "-3.2%": Decimal("-3.2"),
    "$ 5": Decimal(5),
    "2005": Decimal(2005),
    "12a": None,
    "-": None,
    "": None,
    "Total": None,
    "12 345 678": Decimal(12345678),
    "1,23,456": Decimal(123456),
    "(405) 680-3701": None,
}


@pytest.mark.parametrize("text, value", PROBES.items())
def test_probe_answers(text: str, value: Decimal | None) -> None:
    parsed = parse_number(text)
    assert (parsed.value if parsed else None) == value
    assert is_number(text) is (value is not None)


@pytest.mark.parametrize("text, value", PROBES.items())
def test_every_caller_agrees(text: str, value: Decimal | None) -> None:
    """Metrics pair a row label with the numbers of its row; defects never call one number
    two; a bold row holding a number is a total: all with the same answer."""
    cells = (Cell(0, 0, 1, 1, "Widgets", Rect(0, 0, 50, 10)), Cell(0, 1, 1, 1, text, Rect(50, 0, 100, 10)))
    pairs = metrics.label_pairs(Table(Rect(0, 0, 100, 10), 1, 2, cells))
    assert (len(pairs) == 1) is (value is not None)
    if value is not None:
        assert not defects.is_merged_numbers(text)
    bold = [Word("Widgets", Rect(0, 0, 10, 10), bold=True), Word(text or "x", Rect(20, 0, 30, 10), bold=True)]
    roles = suggest_row_roles([["Label", "Value"], ["Widgets", text]], 1, [[], bold])
    assert (roles[1] == "total") is (value is not None)


def test_merged_numbers_still_found() -> None:
    assert defects.is_merged_numbers("12.3 45.6")
    assert defects.is_merged_numbers("1,314,000 940,750")
    assert not defects.is_merged_numbers("41 (18.7%)")
    assert defects.is_split_number("(", "12)") and defects.is_split_number("12", "%")
    assert not defects.is_split_number("12", "kg")
