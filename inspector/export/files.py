"""Writing exports to disk: atomically (``inspector.atomic``), so a crash or a full disk
never leaves half a file; and the file names of one export per table."""

from __future__ import annotations

from collections.abc import Sequence

from ..atomic import write_atomic
from ..core.types import Table

__all__ = ["write_atomic", "table_file_names"]


def table_file_names(stem: str, tables: Sequence[Table], suffix: str) -> list[str]:
    """One file name per table: ``STEM-p3-t1.csv`` (page, then number on that page)."""
    names: list[str] = []
    per_page: dict[int, int] = {}
    for table in tables:
        per_page[table.page] = per_page.get(table.page, 0) + 1
        names.append(f"{stem}-p{table.page}-t{per_page[table.page]}{suffix}")
    return names
