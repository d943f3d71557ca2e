"""Numbers recovered with their unit: value-with-unit accuracy against truth that carries units.

A golden number cell counts when its cell record (``export.cells``) states a unit, a currency
or a scale (its own, its header's, or the table's unit line: in an annotation, the title or
footnote holds the line a person picked). It is recovered when the output cell its text
landed in (``metrics.place_cells``, as the pairing metric places cells) reads as the same
scaled value with the same currency (ISO code) and unit. A golden table that states no unit
adds nothing: the metric measures units, not text retention.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from ..core.types import Table
from ..export.cells import CellRecord, records
from .metrics import Placement, Ratio

Key = tuple[Decimal, str, str]


def _keys(table: Table) -> dict[tuple[int, int], Key]:
    """(row, col) of each number record stating a unit -> (scaled value, currency code, unit)."""
    return {(r.row, r.col): _key(r) for r in records(table) if r.units is not None}


def _key(rec: CellRecord) -> Key:
    assert rec.units is not None
    return rec.units.value, rec.units.currency_code, rec.units.unit


def _stated(rec: CellRecord) -> bool:
    return rec.units is not None and rec.units.source != ""


def numbers_with_units(golden: Table, output: Sequence[Table], placed: dict[tuple[int, int], Placement]) -> Ratio:
    """Golden number cells with a stated unit, and how many of them the output reads the same."""
    wanted = [r for r in records(golden) if _stated(r)]
    if not wanted:
        return Ratio()
    found: dict[int, dict[tuple[int, int], Key]] = {}
    hit = 0
    for rec in wanted:
        place = placed.get((rec.row, rec.col))
        if place is None:
            continue
        if place.table not in found:
            found[place.table] = _keys(output[place.table])
        got = found[place.table].get((place.cell.r, place.cell.c))
        hit += got is not None and got == _key(rec)
    return Ratio(hit, len(wanted))


__all__ = ["numbers_with_units"]
