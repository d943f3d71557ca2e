"""Exporters: functions over ``inspector.core.types.Table``, never methods on it.

Each format module has ``dumps(table, options) -> str`` for one table and
``dumps_tables(tables, options) -> str`` for several; ``FORMATS`` names them for the CLI
and the GUI's export dialog. No Qt here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.types import Table
from . import cells, csv, html, json_rows, markdown


@dataclass(frozen=True)
class Format:
    """One export format: ``name`` as typed on the command line, file ``suffix``,
    a human ``label``, and its one-table / several-table writers (default options)."""

    name: str
    suffix: str
    label: str
    dumps: Callable[[Table], str]
    dumps_tables: Callable[[Sequence[Table]], str]


FORMATS: dict[str, Format] = {
    f.name: f for f in (
        Format("md", ".md", "Markdown (GitHub)", markdown.dumps, markdown.dumps_tables),
        Format("html", ".html", "HTML", html.dumps, html.dumps_tables),
        Format("csv", ".csv", "CSV (RFC 4180)", csv.dumps, csv.dumps_tables),
        Format("json", ".json", "JSON rows keyed by header", json_rows.dumps, json_rows.dumps_tables),
        Format("cells", ".jsonl", "Cell records (JSON Lines)", cells.dumps, cells.dumps_tables),
    )
}

__all__ = ["FORMATS", "Format", "cells", "csv", "html", "json_rows", "markdown"]
