"""JSON rows keyed by column header: ``[{"Metric": "Margin", "Q3": "18%"}, ...]``.

Keys are the header rows folded ("Top / Sub") with whitespace collapsed; empty or
repeated names are made unique ("col3", "Q3_2") so no value is overwritten.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.types import Table
from .grid import NoHeader, SpanMode, column_headers, header_row_count, row_role, slot_grid, unique_names


@dataclass(frozen=True)
class JsonRowsOptions:
    """``spans``: a spanning cell's text in every slot it covers (default) or only its
    top-left one. ``no_header``: with no header rows, the first row names the keys
    ("first_row") or keys are "col1".."colN" ("empty"). ``indent``: JSON indentation
    (None for one line). Text keeps its line breaks as ``\\n``. ``role_key``: when not
    empty, every row object also holds the row's role under this key (e.g. "row_role").
    """

    spans: SpanMode = "repeat"
    no_header: NoHeader = "first_row"
    header_sep: str = " / "
    indent: int | None = 2
    role_key: str = ""


def keys(table: Table, options: JsonRowsOptions = JsonRowsOptions()) -> list[str]:
    """The unique, non-empty key of each column."""
    grid = slot_grid(table)
    n_header = header_row_count(table, grid, options.no_header)
    return unique_names(column_headers(grid, n_header, "repeat", options.header_sep))


def records(table: Table, options: JsonRowsOptions = JsonRowsOptions()) -> list[dict[str, str]]:
    """One dict per body row, keys in column order."""
    grid = slot_grid(table)
    n_header = header_row_count(table, grid, options.no_header)
    names = unique_names(column_headers(grid, n_header, "repeat", options.header_sep))
    out = [dict(zip(names, (t.strip() for t in grid.row_texts(r, options.spans)), strict=True))
           for r in range(n_header, grid.n_rows)]
    if options.role_key:
        out = [{**row, options.role_key: row_role(table, r, n_header)} for r, row in enumerate(out, n_header)]
    return out


def table_object(table: Table, index: int, options: JsonRowsOptions = JsonRowsOptions()) -> dict[str, Any]:
    """A table with its context: page, 1-based index, title, footnote, columns, header
    column count, rows and the role of each row (``row_roles``, one per entry of ``rows``)."""
    grid = slot_grid(table)
    n_header = header_row_count(table, grid, options.no_header)
    return {"page": table.page, "table": index, "title": table.title.strip(),
            "footnote": table.footnote.strip(), "columns": keys(table, options),
            "header_columns": max(0, min(table.header_cols, table.n_cols)),
            "rows": records(table, options),
            "row_roles": [row_role(table, r, n_header) for r in range(n_header, grid.n_rows)]}


def dumps(table: Table, options: JsonRowsOptions = JsonRowsOptions()) -> str:
    """The body rows as a JSON list of objects, ending in a newline."""
    return json.dumps(records(table, options), ensure_ascii=False, indent=options.indent) + "\n"


def dumps_tables(tables: Sequence[Table], options: JsonRowsOptions = JsonRowsOptions()) -> str:
    """A JSON list with one object per table (see ``table_object``)."""
    objs = [table_object(t, i, options) for i, t in enumerate(tables, 1)]
    return json.dumps(objs, ensure_ascii=False, indent=options.indent) + "\n"
