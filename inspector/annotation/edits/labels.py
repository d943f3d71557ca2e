"""Edits of what a table says about its cells rather than their shape: a cell's hand-typed
text, row roles, the header row and column counts, the verified flag, title, footnote and
notes. None re-reads text; each inverse is the opposite edit.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..grid_ops import EditError
from ..model import ROLES, AnnTable
from ..roles import leading_headers
from ..text import TextSource
from .base import Compound, Edit, _put, _region, _roles


@dataclass(frozen=True)
class OverrideText:
    """Set (or with None, clear) the hand-typed text of the cell covering slot (r, c)."""

    region: int
    r: int
    c: int
    text: str | None

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, self.region)
        cell = reg.cell_at(self.r, self.c)
        if cell is None:
            raise EditError(f"row {self.r}, column {self.c} is outside the {reg.n_rows}x{reg.n_cols} grid")
        cells = tuple(replace(x, override=self.text) if x is cell else x for x in reg.cells)
        return _put(table, self.region, replace(reg, cells=cells))

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        cell = _region(before, self.region).cell_at(self.r, self.c)
        if cell is None:
            raise EditError(f"row {self.r}, column {self.c} is outside the grid")
        return OverrideText(self.region, cell.r, cell.c, cell.override)


@dataclass(frozen=True)
class SetRowRoles:
    """Set every row role of a region (one of ``ROLES`` per row)."""

    region: int
    roles: tuple[str, ...]

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, self.region)
        if self.roles and len(self.roles) != reg.n_rows:
            raise EditError(f"{len(self.roles)} roles given for {reg.n_rows} rows")
        bad = [r for r in self.roles if r not in ROLES]
        if bad:
            raise EditError(f"unknown row role '{bad[0]}': use {', '.join(ROLES)}")
        return _put(table, self.region, replace(reg, row_roles=tuple(self.roles)))

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return SetRowRoles(self.region, _region(before, self.region).row_roles)


@dataclass(frozen=True)
class SetRowRole:
    """Set the role of one row (one of ``ROLES``); the header count is left alone."""

    region: int
    row: int
    role: str

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        roles = _roles(_region(table, self.region))
        if not 0 <= self.row < len(roles):
            raise EditError(f"row {self.row} does not exist (the region has {len(roles)} rows)")
        new = (*roles[:self.row], self.role, *roles[self.row + 1:])
        return SetRowRoles(self.region, new).apply(table)

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return SetRowRoles(self.region, _region(before, self.region).row_roles)


@dataclass(frozen=True)
class SetRowsRole:
    """Give rows ``r0..r1`` (inclusive, either order) of a region ``role``.

    In the first region the header count follows the leading "header" rows whenever the
    edit reaches into them or the row just below them; a "header" row further down is a
    repeated header inside the body and leaves the count alone.
    """

    region: int
    r0: int
    r1: int
    role: str

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, self.region)
        roles = _roles(reg)
        lo, hi = sorted((self.r0, self.r1))
        if lo < 0 or hi >= len(roles):
            raise EditError(f"rows {lo}..{hi} are outside the region's {len(roles)} rows")
        if self.role not in ROLES:
            raise EditError(f"unknown row role '{self.role}': use {', '.join(ROLES)}")
        new = tuple(self.role if lo <= i <= hi else r for i, r in enumerate(roles))
        out = _put(table, self.region, replace(reg, row_roles=new))
        if self.region == 0 and lo <= max(table.header_rows, leading_headers(roles)):
            out = replace(out, header_rows=leading_headers(new))
        return out

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return RestoreRoles(self.region, _region(before, self.region).row_roles, before.header_rows)


@dataclass(frozen=True)
class RestoreRoles:
    """Put back a region's row roles and the table's header count (undo of ``SetRowsRole``)."""

    region: int
    roles: tuple[str, ...]
    header_rows: int

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        out = SetRowRoles(self.region, self.roles).apply(table)
        if not 0 <= self.header_rows <= table.regions[0].n_rows:
            raise EditError(f"header rows must be 0..{table.regions[0].n_rows}, not {self.header_rows}")
        return replace(out, header_rows=self.header_rows)

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return RestoreRoles(self.region, _region(before, self.region).row_roles, before.header_rows)


@dataclass(frozen=True)
class SetHeaderRows:
    """Declare the first ``count`` rows of the first region the header (their role follows)."""

    count: int

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        reg = _region(table, 0)
        if not 0 <= self.count <= reg.n_rows:
            raise EditError(f"header rows must be 0..{reg.n_rows}, not {self.count}")
        roles = tuple("header" if i < self.count else ("data" if r == "header" else r)
                      for i, r in enumerate(_roles(reg)))
        return replace(_put(table, 0, replace(reg, row_roles=roles)), header_rows=self.count)

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return Compound((SetHeaderRows(before.header_rows), SetRowRoles(0, _region(before, 0).row_roles)))


@dataclass(frozen=True)
class SetHeaderCols:
    """Declare the first ``count`` columns header columns (row headers)."""

    count: int

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        most = min(r.n_cols for r in table.regions)
        if not 0 <= self.count <= most:
            raise EditError(f"header columns must be 0..{most}, not {self.count}")
        return replace(table, header_cols=self.count)

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return SetHeaderCols(before.header_cols)


@dataclass(frozen=True)
class SetVerified:
    verified: bool

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        return replace(table, verified=self.verified)

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return SetVerified(before.verified)


TEXT_FIELDS = ("title", "footnote", "notes")


@dataclass(frozen=True)
class SetText:
    """Set the table's ``title``, ``footnote`` or free ``notes``."""

    name: str
    value: str

    def apply(self, table: AnnTable, text_for: TextSource | None = None) -> AnnTable:
        if self.name not in TEXT_FIELDS:
            raise EditError(f"'{self.name}' is not a text field: use {', '.join(TEXT_FIELDS)}")
        if self.name == "title":
            return replace(table, title=self.value)
        if self.name == "footnote":
            return replace(table, footnote=self.value)
        return replace(table, notes=self.value)

    def inverse(self, before: AnnTable, text_for: TextSource | None = None) -> Edit:
        return SetText(self.name, getattr(before, self.name))
