"""Edits of a table's list of regions: link a continuation (usually on a later page) and
unlink it again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..grid_ops import EditError
from ..model import AnnTable, Region
from ..text import TextSource
from .base import Edit, _region


@dataclass(frozen=True)
class LinkContinuation:
    """Insert ``region`` (the table's continuation, usually on a later page) at ``index`` (>= 1;
    None appends)."""

    region: Region
    index: int | None = None

    def _at(self, table: AnnTable) -> int:
        return len(table.regions) if self.index is None else self.index

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        at = self._at(table)
        if not 1 <= at <= len(table.regions):
            raise EditError(f"a continuation goes after the first region: index 1..{len(table.regions)}")
        problems = self.region.problems()
        if problems:
            raise EditError(f"the continuation region is not sound: {problems[0]}")
        if self.region.n_cols < table.header_cols:
            raise EditError(f"the continuation has {self.region.n_cols} column(s), fewer than the table's "
                            f"{table.header_cols} header column(s)")
        return replace(table, regions=(*table.regions[:at], self.region, *table.regions[at:]))

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return UnlinkRegion(self._at(before))


@dataclass(frozen=True)
class UnlinkRegion:
    """Remove continuation region ``index`` (>= 1) from the table."""

    index: int

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        if not 1 <= self.index < len(table.regions):
            raise EditError("only a continuation region (index >= 1) can be unlinked; delete the table instead")
        return replace(table, regions=(*table.regions[:self.index], *table.regions[self.index + 1:]))

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return LinkContinuation(_region(before, self.index), self.index)
