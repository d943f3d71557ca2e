"""ICDAR 2013 adjacency-relation precision, recall and F1.

For every non-empty cell, its nearest non-empty neighbour to the right and below (spans
respected) forms a relation (text A, text B, direction). Text is compared with all
whitespace removed. Scores are sums over the relations of matched tables; a ground-truth
table with no match contributes all its relations as missed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.slots import slots_of
from ..core.text import norm_text
from ..core.types import Cell, Table

Relation = tuple[str, str, str]


def _slot_owner(table: Table) -> dict[tuple[int, int], Cell]:
    owner: dict[tuple[int, int], Cell] = {}
    for cell in table.cells:
        if not norm_text(cell.text):
            continue
        for slot in slots_of(cell):
            owner[slot] = cell
    return owner


def relations(table: Table) -> Counter[Relation]:
    """Multiset of adjacency relations of ``table`` (directions "h" right, "v" below)."""
    owner = _slot_owner(table)
    out: Counter[Relation] = Counter()
    for cell in {id(c): c for c in owner.values()}.values():
        a = norm_text(cell.text)
        right: dict[int, Cell] = {}
        for r in range(cell.r, cell.r + cell.rs):
            for c in range(cell.c + cell.cs, table.n_cols):
                if (r, c) in owner:
                    right[id(owner[(r, c)])] = owner[(r, c)]
                    break
        below: dict[int, Cell] = {}
        for c in range(cell.c, cell.c + cell.cs):
            for r in range(cell.r + cell.rs, table.n_rows):
                if (r, c) in owner:
                    below[id(owner[(r, c)])] = owner[(r, c)]
                    break
        for nb in right.values():
            out[(a, norm_text(nb.text), "h")] += 1
        for nb in below.values():
            out[(a, norm_text(nb.text), "v")] += 1
    return out


@dataclass(frozen=True)
class AdjacencyCounts:
    """Relation counts: ``correct`` found in both, ``truth`` in ground truth, ``found`` in output."""

    correct: int = 0
    truth: int = 0
    found: int = 0

    def __add__(self, other: AdjacencyCounts) -> AdjacencyCounts:
        return AdjacencyCounts(self.correct + other.correct, self.truth + other.truth, self.found + other.found)

    @property
    def precision(self) -> float:
        return self.correct / self.found if self.found else (1.0 if not self.truth else 0.0)

    @property
    def recall(self) -> float:
        return self.correct / self.truth if self.truth else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    def as_dict(self) -> dict[str, float | int]:
        return {"precision": self.precision, "recall": self.recall, "f1": self.f1,
                "correct": self.correct, "truth": self.truth, "found": self.found}


def compare(truth: Table, found: Table | None) -> AdjacencyCounts:
    """Counts for one ground-truth table and its matched output table (None: missed)."""
    t = relations(truth)
    if found is None:
        return AdjacencyCounts(0, sum(t.values()), 0)
    f = relations(found)
    return AdjacencyCounts(sum((t & f).values()), sum(t.values()), sum(f.values()))


def match_tables(truth: Sequence[Table], found: Sequence[Table],
                 min_overlap: float = 0.5) -> list[int | None]:
    """For each ground-truth table, the index of its output table (one-to-one) or None.

    A pair qualifies when their intersection covers at least ``min_overlap`` of the smaller
    box; pairs are taken greedily by IoU.
    """
    pairs = []
    for i, t in enumerate(truth):
        for j, f in enumerate(found):
            if t.page != f.page:
                continue
            inter = t.bbox.intersection(f.bbox)
            if inter is None:
                continue
            smaller = min(t.bbox.area, f.bbox.area)
            if smaller > 0 and inter.area / smaller >= min_overlap:
                pairs.append((t.bbox.iou(f.bbox), i, j))
    out: list[int | None] = [None] * len(truth)
    used: set[int] = set()
    for _, i, j in sorted(pairs, reverse=True):
        if out[i] is None and j not in used:
            out[i] = j
            used.add(j)
    return out
