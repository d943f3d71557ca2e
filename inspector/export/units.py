"""The unit of every number cell of a table: its own, its header's, or the table's unit line.

Where a unit may be stated, nearest first: in the cell ("1,250.30万元"), in a ratio header
("Margin (%)", "bp": the cells are percentages, never scaled), in the column header (a bracket,
after a comma, or a unit row right under the header: "万元 | % | 万元"), in the row header
("每股收益（元/股）"), in the table's unit line (``Table.unit_line`` found beside the table, the
title, a header cell holding "单位：万元", the footnote). The nearest statement of a scale wins,
and likewise of a currency ("$ 1,234" under "(in thousands)": the cell's dollar, the line's
thousands). A year, a code or a date is never scaled; a cell with a unit word of its own
("12 kg", "2023年") keeps it. Nothing is invented: with no statement a number stays as read.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from decimal import Decimal

from ..core.numbers import ParsedNumber, is_number
from ..core.slots import SlotGrid
from ..core.types import Cell, Table
from ..core.units import CURRENCIES, UnitSpec, header_unit, labelled_unit, unit_expression, unit_line
from .grid import flat

CELL, COLUMN, ROW, LINE = "cell", "column header", "row header", "unit line"

# Headers that say a column or row holds years, dates or codes: never scaled. Some words
# only as the whole header ("Year", "年度": "Profit for the year" and "2023年度" are amounts),
# others also at the end ("成立年份", "Stock code", "证券代码").
_PLAIN_HEADER = re.compile(r"(?:年度|년도|years?|dates?|"
                           r".*(?:年份|연도|日期|일자|날짜|代码|代碼|编号|編號|코드|번호|\bcodes?|\bisin|\bticker|"
                           r"\bid|\bno\.?))", re.IGNORECASE)
_YEAR = re.compile(r"(?:19|20)\d{2}")


@dataclass(frozen=True, slots=True)
class CellUnit:
    """A number cell's value with the unit its context gives. ``value``: the number scaled
    (``ParsedNumber.value`` times a context scale's factor); ``scale``/``currency`` as written
    where they were stated, ``currency_code`` ISO 4217, ``unit`` "%", "‰", "bp" or the cell's
    unit word; ``source``: where the scale (else the currency, else the unit) came from, one
    of "cell", "column header", "row header", "unit line", "continued from page N", or "" when
    nothing states a unit; ``statement`` the words it was read from."""

    value: Decimal
    scale: str = ""
    factor: Decimal = Decimal(1)
    currency: str = ""
    currency_code: str = ""
    unit: str = ""
    source: str = ""
    statement: str = ""


@dataclass(frozen=True)
class TableUnits:
    """A table's unit statements: ``line`` the table's (with ``line_page``, 1-based), ``columns``
    and ``rows`` one per grid column / row (None: the header states none), ``plain_cols`` and
    ``plain_rows`` the columns / rows of years, codes or dates, ``unit_rows`` body rows that only
    hold units."""

    line: UnitSpec | None
    line_page: int
    columns: tuple[UnitSpec | None, ...]
    rows: tuple[UnitSpec | None, ...]
    plain_cols: frozenset[int]
    plain_rows: frozenset[int]
    unit_rows: frozenset[int]
    yen: str = "JPY"  # what "¥" alone means here: CNY in a Chinese table, JPY otherwise


# "¥" is the yuan's sign as well as the yen's: a table written in Chinese (Han script, no kana,
# or 元 / 人民币 said anywhere) means yuan by it, one with kana or 円 yen.
_KANA = re.compile(r"[\u3040-\u30ff]")
_HAN = re.compile(r"[\u4e00-\u9fff]")


def _yen(text: str) -> str:
    """ISO code of a bare "¥" in a table whose header, title, unit line and footnote read ``text``."""
    if "円" in text or _KANA.search(text):
        return "JPY"
    return "CNY" if "元" in text or "人民币" in text or _HAN.search(text) else "JPY"


def _table_line(table: Table, grid: SlotGrid[Cell], n_head: int) -> UnitSpec | None:
    """The unit line: beside the table, in the title, in a header cell, in the footnote."""
    heads = [grid.text(r, c, "empty") for r in range(n_head) for c in range(grid.n_cols)]
    for text in (table.unit_line, table.title, *heads, table.footnote):
        # A header cell speaks for the table only with a unit word ("单位：万元"), not "(%)".
        spec = (labelled_unit(text) if text in heads else unit_line(text)) if text.strip() else None
        if spec is not None:
            return spec
    return None


def _unit_row(grid: SlotGrid[Cell], r: int, first_col: int) -> tuple[UnitSpec | None, ...] | None:
    """The per-column units of row ``r`` when every filled cell right of the row headers is a
    bare unit ("万元", "%", "(USD m)"), else None."""
    specs = [unit_expression(grid.text(r, c, "empty")) if grid.text(r, c, "empty").strip() else None
             for c in range(grid.n_cols)]
    filled = [c for c in range(first_col, grid.n_cols) if grid.text(r, c, "empty").strip()]
    if not filled or any(specs[c] is None for c in filled):
        return None
    return tuple(s if c >= first_col else None for c, s in enumerate(specs))


def _is_plain(header: str, values: Sequence[str]) -> bool:
    """A header naming years, codes or dates, or values that are all plain years (2 or more)."""
    if header and _PLAIN_HEADER.fullmatch(flat(header).strip(" .:：")):
        return True
    filled = [v.strip() for v in values if v.strip()]
    return len(filled) >= 2 and all(_YEAR.fullmatch(v) for v in filled)


def _label_rows(grid: SlotGrid[Cell], n_head: int, n_head_cols: int, most: int = 6) -> list[int]:
    """Leading body rows with text but no number right of the row headers: a sub-header the
    header row count left in the body ("Number | Percent" under "2005"), read as headers."""
    out = []
    for r in range(n_head, min(n_head + most, grid.n_rows)):
        texts = [grid.text(r, c, "empty").strip() for c in range(n_head_cols, grid.n_cols)]
        if not any(texts) or any(is_number(t) for t in texts):
            break
        out.append(r)
    return out


_UNIT_HEADER = re.compile(r"单位|單位|単位|단위|units?|unit of measure", re.IGNORECASE)


def _unit_column(grid: SlotGrid[Cell], label_rows: Sequence[int]) -> int | None:
    """The column headed "单位" / "Unit" / "단위" that gives each row its unit ("| 指标 | 单位 |
    2023 |" with "万元", "%" down it), or None."""
    for c in range(grid.n_cols):
        if any(_UNIT_HEADER.fullmatch(flat(grid.text(r, c)).strip(" :：()（）")) for r in label_rows):
            return c
    return None


def _numbered_rows(grid: SlotGrid[Cell], first: int) -> list[int]:
    """The row at ``first`` when it numbers the columns under the header ("| | 1 | 2 | 3 |": no
    row label, two or more plain integers that are not years), else none."""
    if first >= grid.n_rows or grid.text(first, 0, "empty").strip():
        return []
    texts = [t.strip() for t in grid.row_texts(first, "empty")[1:] if t.strip()]
    ok = len(texts) >= 2 and all(t.isdigit() and not _YEAR.fullmatch(t) for t in texts)
    return [first] if ok else []


def _nearest_header_unit(heads: Sequence[str]) -> UnitSpec | None:
    """The unit of the nearest header (lowest first) that states one. A unit of things above a
    header that is itself a number ("Lead time (years)" over "1 | 2 | 3") measures that number,
    not the cells; a year below a unit ("Revenue (USD m)" over "2023 | 2022") is a period."""
    numbered = False
    for text in heads:
        spec = header_unit(text)
        if spec is not None and not (spec.is_other and numbered):
            return spec
        numbered = numbered or (is_number(text) and not _YEAR.fullmatch(text.strip()))
    return None


def _column_unit(text: str) -> UnitSpec | None:
    """A unit column's cell: a money or ratio unit ("亿元", "%"), else any short word without
    digits is the row's unit of things ("人", "tonnes"), which stops the table's money line."""
    text = flat(text).strip()
    if not text:
        return None
    spec = header_unit(text)
    if spec is not None or len(text) > 12 or any(ch.isdigit() for ch in text):
        return spec
    return UnitSpec(unit=text, text=text)


def table_units(table: Table, grid: SlotGrid[Cell], n_head: int, n_head_cols: int) -> TableUnits:
    """Every unit statement of ``table`` (``n_head`` header rows, ``n_head_cols`` header columns)."""
    unit_rows: set[int] = set()
    row_units = None
    for r in range(n_head, min(n_head + 2, grid.n_rows)):  # a unit row sits right under the header
        row_units = _unit_row(grid, r, n_head_cols)
        if row_units is not None:
            unit_rows.add(r)
            break
    columns: list[UnitSpec | None] = []
    plain_cols: set[int] = set()
    body = [r for r in range(n_head, grid.n_rows) if r not in unit_rows]
    # Nearest (lowest) first: the labels the header may have left in the body, then the header rows.
    label_rows = [*reversed(_label_rows(grid, n_head, n_head_cols)), *reversed(range(n_head))]
    numbered = _numbered_rows(grid, len(label_rows))  # header and label rows run from row 0
    for c in range(grid.n_cols):
        heads = [*(grid.text(r, c, "empty") for r in numbered), *(grid.text(r, c) for r in label_rows)]
        spec = row_units[c] if row_units is not None else None
        columns.append(spec or _nearest_header_unit(heads))
        if _is_plain(" ".join(heads), [grid.text(r, c, "empty") for r in body]):
            plain_cols.add(c)
    rows: list[UnitSpec | None] = []
    plain_rows: set[int] = set()
    unit_col = _unit_column(grid, label_rows)
    for r in range(grid.n_rows):
        heads = [grid.text(r, c) for c in reversed(range(n_head_cols))]
        spec = next((s for s in map(header_unit, heads) if s is not None), None)
        if unit_col is not None:  # the row's own unit, in the "单位" column, before its label's
            spec = _column_unit(grid.text(r, unit_col, "empty")) or spec
        rows.append(spec if r >= n_head else None)
        if r >= n_head and n_head_cols and _is_plain(" ".join(heads), []):
            plain_rows.add(r)
    head_text = " ".join(grid.text(r, c) for r in range(min(n_head + 1, grid.n_rows)) for c in range(grid.n_cols))
    said = f"{table.title} {table.unit_line} {table.footnote} {head_text}"
    return TableUnits(_table_line(table, grid, n_head), table.unit_line_page or table.page, tuple(columns),
                      tuple(rows), frozenset(plain_cols), frozenset(plain_rows), frozenset(unit_rows), _yen(said))


def _cell_spec(n: ParsedNumber) -> UnitSpec:
    """What the cell itself states: its scale, currency and unit word. ``factor`` is 1 for a
    scale ``parse_number`` already applied ("3.5万"), the word's for one it left as a unit word
    ("5천원", "1,000원", "3억원")."""
    word = unit_expression(n.unit) if n.unit and n.unit not in ("%", "‰") else None
    if word is not None and word.is_ratio:
        return UnitSpec(unit=word.unit, text=n.raw)
    if word is not None and not n.scale:
        currency = word.currency or n.currency
        return UnitSpec(word.scale, word.factor, currency, CURRENCIES.get(currency.lower(), ""), "",
                        word.scale_stated, n.raw)
    stated = bool(n.scale) or n.currency in ("元", "円", "원")
    code = CURRENCIES.get(n.currency.lower(), "")
    return UnitSpec(n.scale, Decimal(1), n.currency, code, n.unit, stated, n.raw)


def cell_unit(units: TableUnits, table: Table, r: int, c: int, number: ParsedNumber) -> CellUnit:
    """The value and unit of the number ``number`` read from the cell at slot (r, c)."""
    own = _cell_spec(number)
    if own.unit or c in units.plain_cols or r in units.plain_rows or _is_code(number):
        # A unit word of its own ("12 kg", "2023年"), a year, a code: as written.
        return CellUnit(number.value, own.scale, Decimal(1), own.currency, own.currency_code, own.unit,
                        CELL if (own.unit or own.scale or own.currency) else "", number.raw if own.unit else "")
    line_src = LINE if table.row_page(r) == units.line_page else f"continued from page {units.line_page}"
    chain = [(CELL, own), (COLUMN, units.columns[c] if c < len(units.columns) else None),
             (ROW, units.rows[r] if r < len(units.rows) else None), (line_src, units.line)]
    return _resolve(number.value, [(s, _sign(spec, units.yen)) for s, spec in chain if spec is not None])


def _sign(spec: UnitSpec, yen: str) -> UnitSpec:
    """``spec`` with a bare "¥" read as the table's own currency (``yen``: CNY or JPY)."""
    return replace(spec, currency_code=yen) if spec.currency == "¥" else spec


def _resolve(value: Decimal, chain: list[tuple[str, UnitSpec]]) -> CellUnit:
    """Nearest statement first: a ratio before any money statement makes a percentage; else
    the nearest currency and the nearest stated scale, each from wherever it is said."""
    currency: tuple[str, UnitSpec] | None = None
    scale: tuple[str, UnitSpec] | None = None
    for src, spec in chain:
        if spec.is_ratio or spec.is_other:  # "%", "bp"; "kg", "人": not an amount to scale
            if currency is None and scale is None:
                return CellUnit(value, unit=spec.unit, source=src, statement=spec.text)
            continue
        if currency is None and spec.currency:
            currency = (src, spec)
        other_money = currency is not None and spec.currency_code and spec.currency_code != currency[1].currency_code
        if scale is None and spec.scale_stated and not other_money:  # "in millions of USD" scales no EUR
            scale = (src, spec)
    if currency is None and scale is None:
        return CellUnit(value)
    factor = scale[1].factor if scale is not None else Decimal(1)
    said = scale if scale is not None and scale[1].scale else currency or scale
    assert said is not None
    return CellUnit(value * factor + 0, scale[1].scale if scale else "", factor if scale else Decimal(1),
                    currency[1].currency if currency else "", currency[1].currency_code if currency else "",
                    "", said[0], said[1].text)


def _is_code(number: ParsedNumber) -> bool:
    """An identifier, not an amount: digits with a leading zero ("000001", "0042")."""
    raw = number.raw.strip()
    return len(raw) >= 3 and raw.isdigit() and raw.startswith("0")


def caption_unit(table: Table) -> str:
    """The table's unit line as the source writes it ("单位：万元"), for a caption; "" when the
    table has none found beside it, or when its title or footnote already says it."""
    line = " ".join(table.unit_line.split())
    if not line or unit_line(line) is None:
        return ""
    said = " ".join(f"{table.title} {table.footnote}".split())
    return "" if line in said else line


__all__ = ["CellUnit", "TableUnits", "caption_unit", "cell_unit", "table_units"]
