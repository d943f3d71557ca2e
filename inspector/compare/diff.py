"""Cell-by-cell differences between our table (annotation or detection) and theirs.

Cells are matched by text first (white space removed; among equal texts the nearest, by box
when both have boxes, else by grid position). The matched pairs say which of their columns
is which of ours (the most common pairing); then:

- ``shifted_column``: their cells whose text sits in another of our columns than the rest
  of their column (a value in the wrong column), grouped per (their column, our column);
- ``merged`` / ``split``: one of their cells spells two or more adjacent cells of ours
  (merged), or the reverse (split); the same join in two or more rows is one
  ``merged_columns`` / ``split_columns`` difference;
- ``number_changed`` / ``text_changed``: a cell of theirs left over, at the place of a
  cell of ours left over, with another number (values compared) or other text;
- ``missing`` / ``extra``: our text they do not have anywhere / their text we do not have;
- ``missed_table`` / ``extra_table``: a table with no counterpart.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.numbers import parse_number
from ..core.types import Cell, Rect, Table
from ..evaluation.adjacency import match_tables
from ..extractors.placement import squash

KINDS = ("shifted_column", "merged_columns", "split_columns", "merged", "split", "number_changed", "text_changed",
         "missing", "extra", "missed_table", "extra_table")


@dataclass(frozen=True, slots=True)
class Difference:
    """One difference: the slots (r, c) of our and their cells involved, their texts joined,
    and ``bbox`` where to show it on the page (points)."""

    kind: str
    ours: tuple[tuple[int, int], ...]
    theirs: tuple[tuple[int, int], ...]
    ours_text: str
    theirs_text: str
    bbox: Rect

    def as_json(self) -> dict[str, object]:
        cells = [{"side": "ours", "r": r, "c": c} for r, c in self.ours]
        cells += [{"side": "theirs", "r": r, "c": c} for r, c in self.theirs]
        return {"kind": self.kind, "cells": cells, "ours": self.ours_text, "theirs": self.theirs_text,
                "bbox": [round(v, 2) for v in self.bbox.as_tuple()]}


@dataclass(frozen=True, slots=True)
class TableDiff:
    """Their table ``theirs`` (index, None for a table only we have) against our ``ours``."""

    theirs: int | None
    ours: int | None
    bbox: Rect
    differences: tuple[Difference, ...]


def _text(cells: Sequence[Cell]) -> str:
    return " | ".join(c.text for c in cells)


def _box(cells: Sequence[Cell]) -> Rect:
    boxes = [c.bbox for c in cells if c.bbox.area > 0]
    return Rect.bounding(boxes) if boxes else Rect(0, 0, 0, 0)


def _diff(kind: str, ours: Sequence[Cell], theirs: Sequence[Cell]) -> Difference:
    return Difference(kind, tuple((c.r, c.c) for c in ours), tuple((c.r, c.c) for c in theirs),
                      _text(ours), _text(theirs), _box([*ours, *theirs]))


def pair_cells(ours: Sequence[Cell], theirs: Sequence[Cell]) -> list[tuple[Cell, Cell]]:
    """Our and their non-empty cells with the same text, nearest first, each used once."""
    index: dict[str, list[Cell]] = defaultdict(list)
    for o in ours:
        index[squash(o.text)].append(o)
    candidates = []
    for t in theirs:
        for o in index.get(squash(t.text), ()):
            candidates.append((_distance(o, t), o.r, o.c, t.r, t.c, o, t))
    candidates.sort(key=lambda x: x[:5])
    used_o, used_t, out = set(), set(), []
    for *_, o, t in candidates:
        if (o.r, o.c) not in used_o and (t.r, t.c) not in used_t:
            used_o.add((o.r, o.c))
            used_t.add((t.r, t.c))
            out.append((o, t))
    return out


def _distance(o: Cell, t: Cell) -> float:
    if o.bbox.area > 0 and t.bbox.area > 0:
        return abs(o.bbox.cx - t.bbox.cx) + abs(o.bbox.cy - t.bbox.cy)
    return 100.0 * (abs(o.r - t.r) + abs(o.c - t.c))


def _mode(pairs: Sequence[tuple[int, int]]) -> dict[int, int]:
    """Their index -> our index most often paired with it."""
    counts: dict[int, Counter[int]] = defaultdict(Counter)
    for theirs, ours in pairs:
        counts[theirs][ours] += 1
    return {k: max(v, key=lambda x: (v[x], -x)) for k, v in counts.items()}


def _spell(target: str, near: Cell, cells: dict[tuple[int, int], Cell],
           used: set[tuple[int, int]]) -> list[Cell] | None:
    """Two or more adjacent unused ``cells`` (along a row, or down a column) whose texts,
    joined, spell ``target``; the run starting nearest ``near`` wins."""
    starts = sorted((c for c in cells.values() if (c.r, c.c) not in used and squash(c.text)
                     and target.startswith(squash(c.text)) and squash(c.text) != target),
                    key=lambda c: (_distance(c, near), c.r, c.c))
    for first in starts:
        for step in ((0, 1), (1, 0)):
            run, acc, cell = [first], squash(first.text), first
            while len(acc) < len(target):
                nxt = cells.get((cell.r + step[0] * cell.rs, cell.c + step[1] * cell.cs))
                if nxt is None or (nxt.r, nxt.c) in used or not target.startswith(acc + squash(nxt.text)):
                    break
                run.append(nxt)
                acc += squash(nxt.text)
                cell = nxt
            if acc == target and len(run) > 1:
                return run
    return None


def diff_tables(ours: Table, theirs: Table) -> tuple[Difference, ...]:
    """Every difference between two tables of the same place (see the module docstring)."""
    mine = [c for c in ours.cells if squash(c.text)]
    their = [c for c in theirs.cells if squash(c.text)]
    pairs = pair_cells(mine, their)
    col_of, row_of = _mode([(t.c, o.c) for o, t in pairs]), _mode([(t.r, o.r) for o, t in pairs])
    out: list[Difference] = []
    shifted = defaultdict(list)
    for o, t in pairs:
        if col_of.get(t.c, o.c) != o.c:
            shifted[(t.c, o.c)].append((o, t))
    for group in shifted.values():
        out.append(_diff("shifted_column", [o for o, _ in group], [t for _, t in group]))
    left_o = [c for c in mine if (c.r, c.c) not in {(o.r, o.c) for o, _ in pairs}]
    left_t = [c for c in their if (c.r, c.c) not in {(t.r, t.c) for _, t in pairs}]
    out += _structural(left_o, left_t)
    taken_o = {s for d in out for s in d.ours}
    taken_t = {s for d in out for s in d.theirs}
    left_o = [c for c in left_o if (c.r, c.c) not in taken_o]
    left_t = [c for c in left_t if (c.r, c.c) not in taken_t]
    out += _changed(left_o, left_t, row_of, col_of)
    return tuple(out)


def _structural(left_o: list[Cell], left_t: list[Cell]) -> list[Difference]:
    """Merged and split cells among the cells text matching left over, grouped by columns."""
    merged, split = [], []
    ours = {(c.r, c.c): c for c in left_o}
    their = {(c.r, c.c): c for c in left_t}
    used_o: set[tuple[int, int]] = set()
    used_t: set[tuple[int, int]] = set()
    for t in left_t:
        run = _spell(squash(t.text), t, ours, used_o)
        if run:
            merged.append((run, [t]))
            used_o.update((c.r, c.c) for c in run)
            used_t.add((t.r, t.c))
    for o in left_o:
        if (o.r, o.c) in used_o:
            continue
        run = _spell(squash(o.text), o, their, used_t)
        if run:
            split.append(([o], run))
            used_t.update((c.r, c.c) for c in run)
    return _grouped("merged", merged, lambda o, t: tuple(c.c for c in o)) + _grouped(
        "split", split, lambda o, t: (o[0].c, len(t)))


def _grouped(kind: str, items: list[tuple[list[Cell], list[Cell]]], key) -> list[Difference]:
    """Joins of the same columns in two or more rows become one ``KIND_columns`` difference."""
    groups: dict[object, list[tuple[list[Cell], list[Cell]]]] = defaultdict(list)
    for o, t in items:
        vertical = len({c.r for c in (o if kind == "merged" else t)}) > 1
        groups[("v", id(o)) if vertical else key(o, t)].append((o, t))
    out = []
    for members in groups.values():
        ours = [c for o, _ in members for c in o]
        theirs = [c for _, t in members for c in t]
        out.append(_diff(f"{kind}_columns" if len(members) > 1 else kind, ours, theirs))
    return out


def _changed(left_o: list[Cell], left_t: list[Cell], row_of: dict[int, int],
             col_of: dict[int, int]) -> list[Difference]:
    """Their leftover cells at the place of our leftover cells: changed text or number;
    the rest are missing (ours) or extra (theirs)."""
    at = {(c.r, c.c): c for c in left_o}
    out, used = [], set()
    for t in left_t:
        slot = (row_of.get(t.r, t.r), col_of.get(t.c, t.c))
        o = at.get(slot)
        if o is None or slot in used:
            out.append(_diff("extra", [], [t]))
            continue
        used.add(slot)
        a, b = parse_number(o.text), parse_number(t.text)
        out.append(_diff("number_changed" if a and b and a.value != b.value else "text_changed", [o], [t]))
    out += [_diff("missing", [c], []) for c in left_o if (c.r, c.c) not in used]
    return out


def diff_page(ours: Sequence[Table], theirs: Sequence[Table]) -> list[TableDiff]:
    """Their tables matched to ours (by box overlap, else by shared cell texts) and compared;
    one entry per table of theirs, then one per table of ours nobody matched."""
    matches = _match(theirs, ours)
    out = []
    for j, t in enumerate(theirs):
        i = matches[j]
        if i is None:
            out.append(TableDiff(j, None, t.bbox, (Difference("extra_table", (), (), "", "", t.bbox),)))
        else:
            out.append(TableDiff(j, i, t.bbox, diff_tables(ours[i], t)))
    for i, o in enumerate(ours):
        if i not in matches:
            out.append(TableDiff(None, i, o.bbox, (Difference("missed_table", (), (), "", "", o.bbox),)))
    return out


def _match(theirs: Sequence[Table], ours: Sequence[Table]) -> list[int | None]:
    if all(t.bbox.area > 0 for t in theirs) and all(o.bbox.area > 0 for o in ours):
        same = [Table(t.bbox, t.n_rows, t.n_cols, t.cells, page=1) for t in theirs]
        return match_tables(same, [Table(o.bbox, o.n_rows, o.n_cols, o.cells, page=1) for o in ours])
    shared = sorted(((len({squash(c.text) for c in t.cells} & {squash(c.text) for c in o.cells} - {""}), j, i)
                     for j, t in enumerate(theirs) for i, o in enumerate(ours)), reverse=True)
    out: list[int | None] = [None] * len(theirs)
    used: set[int] = set()
    for n, j, i in shared:
        if n and out[j] is None and i not in used:
            out[j] = i
            used.add(i)
    return out
