"""Cell records for retrieval: one self-describing record per data cell, as JSON Lines.

A record carries what a reader needs to understand the cell without the table: its
row header (the row's header columns, or the first column), its column header (header
rows folded "Top / Sub"), the row's role, the section it sits in (the text of the nearest
"section" row above it), the table's title, footnote and page, and the
number it holds, normalised (see ``numbers``), next to the raw text, with the unit, currency
and scale its context states (``units``: its own, its header's, the table's unit line) and
where they came from (``unit_source``). A cell the
extraction was unsure of (words near a column boundary) says
``"extraction_confidence": "low"``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..core.numbers import ParsedNumber, guess_decimal_comma, parse_number
from ..core.types import Table
from .grid import NoHeader, SlotGrid, flat, fold, header_row_count, row_header_count, row_role, slot_grid
from .units import CellUnit, cell_unit, table_units


@dataclass(frozen=True)
class CellOptions:
    """``skip_empty``: no record for cells without text. ``no_header``: with no header rows
    the first row names the columns ("first_row") or columns have no header ("empty").
    ``first_col_header``: with no header columns the first column names the rows.
    ``decimal_comma``: see ``numbers.parse_number``; None guesses per column from its
    unambiguous values, then per value.
    """

    skip_empty: bool = True
    no_header: NoHeader = "first_row"
    first_col_header: bool = True
    header_sep: str = " / "
    decimal_comma: bool | None = None


@dataclass(frozen=True, slots=True)
class CellRecord:
    """One data cell in context. ``row``/``col`` are 0-based grid slots, ``page`` 1-based,
    ``table`` the 1-based table number in the export. ``number`` is None for text.
    """

    text: str
    row: int
    col: int
    row_span: int
    col_span: int
    row_header: str
    column_header: str
    row_role: str
    section: str
    page: int
    table: int
    title: str
    footnote: str
    number: ParsedNumber | None
    low_confidence: bool = False
    units: CellUnit | None = None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready dict; number fields are null or "" for text cells. ``value`` is the
        number with the scale its context states applied (``units``); ``text`` stays as written."""
        n, u = self.number, self.units
        value = None if n is None else _json_number(u.value if u else n.value)
        return {
            "text": self.text, "value": value,
            "unit": u.unit if u else (n.unit if n else ""), "currency": u.currency if u else (n.currency if n else ""),
            "currency_code": u.currency_code if u else "",
            "scale": u.scale if u else (n.scale if n else ""), "marker": n.marker if n else "",
            "unit_source": u.source if u else "", "unit_statement": u.statement if u else "",
            "row_header": self.row_header, "column_header": self.column_header,
            "row_role": self.row_role, "section": self.section, "row": self.row, "col": self.col,
            "row_span": self.row_span, "col_span": self.col_span,
            "page": self.page, "table": self.table, "title": self.title, "footnote": self.footnote,
            "extraction_confidence": "low" if self.low_confidence else "normal",
        }


def _json_number(value: Decimal) -> int | float:
    """An int when integral, else a float (for JSON)."""
    return int(value) if value == value.to_integral_value() else float(value)


def _column_header(grid: SlotGrid, n_head: int, c0: int, c1: int, sep: str) -> str:
    """Header text over columns ``c0..c1-1``, each distinct part once, top to bottom."""
    parts: list[str] = []
    for r in range(n_head):
        for c in range(c0, c1):
            text = flat(grid.text(r, c))
            if text and text not in parts:
                parts.append(text)
    return sep.join(parts)


def _column_conventions(grid: SlotGrid, n_head: int, fixed: bool | None) -> list[bool | None]:
    """Decimal comma or point per column: ``fixed`` when given, else what the column's own
    unambiguous values say (a European table mixes "1.234" with "1.234,50")."""
    if fixed is not None:
        return [fixed] * grid.n_cols
    return [guess_decimal_comma(grid.text(r, c, "empty") for r in range(n_head, grid.n_rows))
            for c in range(grid.n_cols)]


# Rows that label others instead of holding values: no records of their own.
LABEL_ROLES = ("header", "section")


def _sections(table: Table, grid: SlotGrid, n_head: int) -> list[str]:
    """Per row: the text of the nearest "section" row at or above it in the body ("" before any)."""
    out: list[str] = []
    current = ""
    for r in range(grid.n_rows):
        if r >= n_head and row_role(table, r, n_head) == "section":
            current = fold([flat(t) for t in grid.row_texts(r, "empty")])
        out.append(current if r >= n_head else "")
    return out


def records(table: Table, table_no: int = 1, options: CellOptions = CellOptions()) -> list[CellRecord]:
    """The data cells of ``table`` (not in header rows, header columns, section rows or
    repeated header rows), in reading order."""
    grid = slot_grid(table)
    n_head = header_row_count(table, grid, options.no_header)
    n_head_cols = row_header_count(table, options.first_col_header)
    title, footnote = flat(table.title), flat(table.footnote)
    conventions = _column_conventions(grid, n_head, options.decimal_comma)
    sections = _sections(table, grid, n_head)
    units = table_units(table, grid, n_head, n_head_cols)
    out: list[CellRecord] = []
    for cell in grid.origins():
        if cell.r < n_head or cell.c < n_head_cols or (options.skip_empty and not cell.text.strip()):
            continue
        if row_role(table, cell.r, n_head) in LABEL_ROLES or cell.r in units.unit_rows:
            continue
        number = parse_number(cell.text, conventions[cell.c])
        c_end = min(grid.n_cols, cell.c + max(1, cell.cs))
        row_head = fold([flat(grid.text(cell.r, c)) for c in range(n_head_cols)], options.header_sep)
        out.append(CellRecord(
            text=cell.text.strip(), row=cell.r, col=cell.c, row_span=max(1, cell.rs), col_span=max(1, cell.cs),
            row_header=row_head, column_header=_column_header(grid, n_head, cell.c, c_end, options.header_sep),
            row_role=row_role(table, cell.r, n_head), section=sections[cell.r], page=table.row_page(cell.r),
            table=table_no, title=title, footnote=footnote, number=number, low_confidence=cell.low_confidence,
            units=cell_unit(units, table, cell.r, cell.c, number) if number is not None else None))
    return out


def dumps(table: Table, options: CellOptions = CellOptions(), table_no: int = 1) -> str:
    """JSON Lines: one record per line, UTF-8 text, each line ending in a newline."""
    return "".join(json.dumps(r.to_dict(), ensure_ascii=False) + "\n" for r in records(table, table_no, options))


def dumps_tables(tables: Sequence[Table], options: CellOptions = CellOptions()) -> str:
    """JSON Lines for several tables; ``table`` numbers them from 1 in the given order."""
    return "".join(dumps(t, options, i) for i, t in enumerate(tables, 1))


def describe_slot(table: Table, r: int, c: int, options: CellOptions = CellOptions()) -> str:
    """One line on the number in slot (r, c) as its cell record reads it, for the window's
    preview: "1,250.30 = 12,503,000 元 (CNY, scale 万) — unit line “单位:万元”". "" when the
    slot holds no number record (text, a header, an empty slot)."""
    rec = next((x for x in records(table, 1, options) if x.row <= r < x.row + x.row_span
                and x.col <= c < x.col + x.col_span), None)
    if rec is None or rec.number is None or rec.units is None:
        return ""
    u = rec.units
    value = u.value if u.value != u.value.to_integral_value() else u.value.to_integral_value()
    amount = f"{value.normalize() if value != int(value) else int(value):,}" + (f" {u.unit}" if u.unit else "") + (f" {u.currency}" if u.currency else "")
    details = ", ".join(x for x in (u.currency_code, f"scale {u.scale}" if u.scale else "") if x)
    said = f"{u.source} “{u.statement}”" if u.source and u.statement else (u.source or "no unit stated")
    return f"{rec.text} = {amount}" + (f" ({details})" if details else "") + f" — {said}"
