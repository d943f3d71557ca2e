"""CSV by RFC 4180: CRLF line ends, fields holding a comma, quote or line break quoted,
quotes doubled. Every grid row is written, header rows included, so nothing is lost.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.types import Table
from .grid import SpanMode, cell_lines, header_row_count, row_role, slot_grid

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


@dataclass(frozen=True)
class CsvOptions:
    """``spans``: a spanning cell's text in every slot it covers or only the top-left one.
    ``delimiter``: one character (RFC 4180 says ","). ``bom``: start with a UTF-8 byte
    order mark (spreadsheets then detect UTF-8). ``guard_formulas``: prefix cells that a
    spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``) with ``'``; off by
    default because it also changes negative numbers.
    """

    spans: SpanMode = "empty"
    delimiter: str = ","
    bom: bool = False
    guard_formulas: bool = False
    role_column: bool = False


def _field(text: str, guard: bool) -> str:
    text = cell_lines(text)
    if guard and text.startswith(_FORMULA_START):
        return "'" + text
    return text


def rows(table: Table, options: CsvOptions = CsvOptions()) -> list[list[str]]:
    """The text grid written by ``dumps``: one list per row, ``n_cols`` strings each (one
    more, first, with ``role_column``)."""
    grid = slot_grid(table)
    out = [[_field(t, options.guard_formulas) for t in grid.row_texts(r, options.spans)]
           for r in range(grid.n_rows)]
    if options.role_column:
        n_head = header_row_count(table, grid, "empty")
        out = [[row_role(table, r, n_head), *row] for r, row in enumerate(out)]
    return out


def _write(buf: io.StringIO, table: Table, options: CsvOptions) -> None:
    writer = csv.writer(buf, delimiter=options.delimiter, quotechar='"', lineterminator="\r\n",
                        quoting=csv.QUOTE_MINIMAL, doublequote=True)
    writer.writerows(rows(table, options))


def dumps(table: Table, options: CsvOptions = CsvOptions()) -> str:
    """The table as CSV text; every record ends in CRLF."""
    buf = io.StringIO()
    if options.bom:
        buf.write("\ufeff")
    _write(buf, table, options)
    return buf.getvalue()


def dumps_tables(tables: Sequence[Table], options: CsvOptions = CsvOptions()) -> str:
    """Several tables in one text, separated by an empty line (CRLF)."""
    buf = io.StringIO()
    if options.bom:
        buf.write("\ufeff")
    for i, table in enumerate(tables):
        if i:
            buf.write("\r\n")
        _write(buf, table, options)
    return buf.getvalue()
