"""Grid slots and the cells covering them: the one answer to "which cell covers (r, c)".

A table's cells each cover a rectangle of grid slots (``r``, ``c``, ``rs`` rows, ``cs``
columns). Detected tables, annotations, exporters and metrics all need the reverse view:
slot -> cell. ``SlotGrid`` builds it once for any cell type with those four fields and
tolerates broken tables (overlaps: the first cell in reading order wins; gaps: empty
slots; cells outside the grid: clipped), so a half-edited annotation still exports.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, Literal, Protocol, TypeVar

Slot = tuple[int, int]
SlotSpan = tuple[int, int, int, int]  # r, c, rs, cs


class Spanning(Protocol):
    """Anything placed on a grid: top-left slot (``r``, ``c``) and its span (``rs``, ``cs``)."""

    @property
    def r(self) -> int: ...
    @property
    def c(self) -> int: ...
    @property
    def rs(self) -> int: ...
    @property
    def cs(self) -> int: ...


class TextCell(Spanning, Protocol):
    """A cell with text (core ``Cell``, annotation ``AnnCell`` values)."""

    @property
    def text(self) -> str: ...


C = TypeVar("C", bound=Spanning)
T = TypeVar("T", bound=TextCell)
SpanMode = Literal["repeat", "empty"]


def covers(cell: Spanning, r: int, c: int) -> bool:
    """True when ``cell`` covers slot (r, c)."""
    return cell.r <= r < cell.r + cell.rs and cell.c <= c < cell.c + cell.cs


def slots_of(cell: Spanning) -> Iterator[Slot]:
    """Every slot ``cell`` covers, row-major."""
    for r in range(cell.r, cell.r + cell.rs):
        for c in range(cell.c, cell.c + cell.cs):
            yield r, c


@dataclass(frozen=True, slots=True)
class SlotGrid(Generic[C]):
    """``owner[r][c]``: the cell covering slot (r, c) or None; ``origin[r][c]``: the slot is
    that cell's top-left one. Build with ``SlotGrid.of``."""

    n_rows: int
    n_cols: int
    owner: tuple[tuple[C | None, ...], ...]
    origin: tuple[tuple[bool, ...], ...]

    @classmethod
    def of(cls, cells: Iterable[C], n_rows: int, n_cols: int) -> SlotGrid[C]:
        """Lay ``cells`` out on an ``n_rows`` x ``n_cols`` grid (see the module docstring)."""
        n_rows, n_cols = max(0, n_rows), max(0, n_cols)
        owner: list[list[C | None]] = [[None] * n_cols for _ in range(n_rows)]
        origin = [[False] * n_cols for _ in range(n_rows)]
        for cell in sorted(cells, key=lambda k: (k.r, k.c)):
            if not (0 <= cell.r < n_rows and 0 <= cell.c < n_cols) or owner[cell.r][cell.c] is not None:
                continue
            for r in range(cell.r, min(n_rows, cell.r + max(1, cell.rs))):
                for c in range(cell.c, min(n_cols, cell.c + max(1, cell.cs))):
                    if owner[r][c] is None:
                        owner[r][c] = cell
            origin[cell.r][cell.c] = True
        return cls(n_rows, n_cols, tuple(map(tuple, owner)), tuple(map(tuple, origin)))

    def at(self, r: int, c: int) -> C | None:
        """The cell covering (r, c); None for an empty or out-of-grid slot."""
        if 0 <= r < self.n_rows and 0 <= c < self.n_cols:
            return self.owner[r][c]
        return None

    def is_origin(self, r: int, c: int) -> bool:
        return 0 <= r < self.n_rows and 0 <= c < self.n_cols and self.origin[r][c]

    def origins(self) -> list[C]:
        """The cells that own at least their top-left slot, in reading order."""
        return [cell for row, flags in zip(self.owner, self.origin, strict=True)
                for cell, first in zip(row, flags, strict=True) if first and cell is not None]

    def text(self: SlotGrid[T], r: int, c: int, spans: SpanMode = "repeat") -> str:
        """Text shown at (r, c): a spanning cell's text in every slot it covers ("repeat") or
        only at its top-left slot ("empty")."""
        cell = self.at(r, c)
        if cell is None or (spans == "empty" and not self.origin[r][c]):
            return ""
        return cell.text

    def row_texts(self: SlotGrid[T], r: int, spans: SpanMode = "repeat") -> list[str]:
        return [self.text(r, c, spans) for c in range(self.n_cols)]


def span_slots(n_rows: int, n_cols: int, spans: Sequence[SlotSpan]) -> list[SlotSpan]:
    """Every cell of a grid with merged ``spans`` as (r, c, rs, cs), row-major: a span once,
    every slot no span covers as a 1x1 cell."""
    origin = {(r, c): (rs, cs) for r, c, rs, cs in spans}
    covered = {slot for r, c, rs, cs in spans for slot in slots_of(_Span(r, c, rs, cs))}
    out = []
    for r in range(n_rows):
        for c in range(n_cols):
            if (r, c) in origin:
                out.append((r, c, *origin[(r, c)]))
            elif (r, c) not in covered:
                out.append((r, c, 1, 1))
    return out


@dataclass(frozen=True, slots=True)
class _Span:
    r: int
    c: int
    rs: int
    cs: int
