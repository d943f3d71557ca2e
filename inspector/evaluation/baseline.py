"""Comparing two evaluation results (the JSON ``summary.result`` writes): what moved.

Metrics side by side, the documents whose metrics or output changed, and every output cell
whose text changed (old text, new text). Output tables of a page are paired by box overlap
(greedy IoU), so a table found in addition does not shift every other table's cells; the
cells of an added or dropped table count as changed from or to "".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..core.types import Rect
from .metrics import match_boxes
from .rulekinds import KINDS, LABELS
from .summary import fmt

# (label, path in a metrics block, shown as a percentage)
METRICS: tuple[tuple[str, tuple[str, ...], bool], ...] = (
    ("adjacency F1", ("adjacency", "f1"), True),
    ("adjacency precision", ("adjacency", "precision"), True),
    ("adjacency recall", ("adjacency", "recall"), True),
    ("cell retention", ("cell_retention", "value"), True),
    ("row integrity", ("row_integrity", "value"), True),
    ("label-number pairing", ("label_number_pairing", "value"), True),
    ("numbers with units", ("numbers_with_units", "value"), True),
    ("TEDS", ("teds", "mean"), True),
    ("TEDS-Struct", ("teds", "struct_mean"), True),
    ("detection precision", ("detection", "precision"), True),
    ("detection recall", ("detection", "recall"), True),
    ("defects per 100 cells", ("defects", "per_100_cells"), False),
    ("unused rules", ("defects", "unused_rules"), False),
    # its split by kind (``rulekinds``): "other" rising is where a table was lost, "form box"
    # a grid now called a form; a result written before the split shows "-"
    *((f"unused {LABELS[k]}", ("defects", "unused_rule_kinds", k), False) for k in KINDS),
    ("pages failed", ("pages_failed",), False),
    ("pages timed out", ("pages_timed_out",), False),
    ("ms per page (median)", ("ms_per_page", "median"), False),
)
TIMING = {"ms per page (median)"}  # measured, not a result: never makes a document "changed"


@dataclass(frozen=True)
class CellChange:
    """One output cell whose text differs; ``table`` is the new run's index (old's if dropped)."""

    doc: str
    page: int
    table: int
    r: int
    c: int
    old: str
    new: str


@dataclass(frozen=True)
class Comparison:
    overall: tuple[tuple[str, Any, Any], ...]
    changed: tuple[tuple[str, tuple[tuple[str, Any, Any], ...]], ...]  # doc, its metrics that moved
    cells: tuple[CellChange, ...]
    unchanged: int
    same_golden: bool


def _get(block: dict[str, Any], path: tuple[str, ...]) -> Any:
    for key in path:
        if not isinstance(block, dict) or key not in block:
            return None
        block = block[key]
    return block


def side_by_side(old: dict[str, Any], new: dict[str, Any]) -> tuple[tuple[str, Any, Any], ...]:
    return tuple((label, _get(old, path), _get(new, path)) for label, path, _ in METRICS)


def _pages(doc: dict[str, Any] | None) -> dict[int, dict[str, Any]]:
    return {p["page"]: p for p in (doc or {}).get("page_results", [])}


def _cells(rows: list[list[str]]) -> dict[tuple[int, int], str]:
    return {(r, c): text for r, row in enumerate(rows) for c, text in enumerate(row) if text}


def _table_changes(doc: str, page: int, index: int, old: list[list[str]],
                   new: list[list[str]]) -> Iterator[CellChange]:
    a, b = _cells(old), _cells(new)
    for key in sorted(set(a) | set(b)):
        if a.get(key, "") != b.get(key, ""):
            yield CellChange(doc, page, index, key[0], key[1], a.get(key, ""), b.get(key, ""))


def page_changes(doc: str, page: int, old: dict[str, Any] | None, new: dict[str, Any] | None) -> list[CellChange]:
    """Changed cells of one page, output tables paired by box overlap."""
    old_t = (old or {}).get("output", [])
    new_t = (new or {}).get("output", [])
    pairs = match_boxes([Rect(*t["bbox"]) for t in old_t], [Rect(*t["bbox"]) for t in new_t], min_iou=0.0)
    out: list[CellChange] = []
    for i, j, _ in pairs:
        out.extend(_table_changes(doc, page, j, old_t[i]["rows"], new_t[j]["rows"]))
    for i in sorted(set(range(len(old_t))) - {p[0] for p in pairs}):
        out.extend(_table_changes(doc, page, i, old_t[i]["rows"], []))
    for j in sorted(set(range(len(new_t))) - {p[1] for p in pairs}):
        out.extend(_table_changes(doc, page, j, [], new_t[j]["rows"]))
    return out


def compare(old: dict[str, Any], new: dict[str, Any]) -> Comparison:
    """What moved between an ``old`` and a ``new`` result."""
    changed, cells, unchanged = [], [], 0
    old_docs, new_docs = old.get("documents", {}), new.get("documents", {})
    for name in sorted(set(old_docs) | set(new_docs)):
        od, nd = old_docs.get(name), new_docs.get(name)
        moved = tuple(m for m in side_by_side(od or {}, nd or {}) if m[1] != m[2] and m[0] not in TIMING)
        op, np_ = _pages(od), _pages(nd)
        doc_cells = [ch for p in sorted(set(op) | set(np_)) for ch in page_changes(name, p, op.get(p), np_.get(p))]
        if moved or doc_cells or od is None or nd is None:
            changed.append((name, moved))
            cells.extend(doc_cells)
        else:
            unchanged += 1
    same = _get(old, ("golden", "hash")) == _get(new, ("golden", "hash"))
    return Comparison(side_by_side(old.get("overall", {}), new.get("overall", {})), tuple(changed),
                      tuple(cells), unchanged, same)


def as_dict(cmp: Comparison, path: str) -> dict[str, Any]:
    return {
        "path": path, "same_golden_set": cmp.same_golden,
        "overall": {label: {"old": a, "new": b} for label, a, b in cmp.overall},
        "changed_documents": [{"doc": d, "metrics": {label: {"old": a, "new": b} for label, a, b in moved}}
                              for d, moved in cmp.changed],
        "unchanged_documents": cmp.unchanged,
        "cells": [{"doc": c.doc, "page": c.page, "table": c.table, "r": c.r, "c": c.c, "old": c.old, "new": c.new}
                  for c in cmp.cells],
    }


def _show(label: str, v: Any) -> str:
    pct = next((p for name, _, p in METRICS if name == label), False)
    if isinstance(v, float) or (pct and isinstance(v, int)):
        return fmt(v, pct) if pct else f"{v:.3f}".rstrip("0").rstrip(".")
    return "-" if v is None else str(v)


def _delta(label: str, a: Any, b: Any) -> str:
    if not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
        return ""
    pct = next((p for name, _, p in METRICS if name == label), False)
    d = (b - a) * (100 if pct else 1)
    return f"{d:+.1f}" if d else "="


def text_report(cmp: Comparison, path: str, max_cells: int | None = None) -> str:
    """Side-by-side metrics, changed documents and changed cells (all, or the first ``max_cells``)."""
    lines = [f"baseline {path}" + ("" if cmp.same_golden else "  (WARNING: a different golden set)"),
             f"{'metric':24s} {'old':>8s} {'new':>8s} {'change':>8s}"]
    for label, a, b in cmp.overall:
        lines.append(f"{label:24s} {_show(label, a):>8s} {_show(label, b):>8s} {_delta(label, a, b):>8s}")
    lines.append(f"documents changed: {len(cmp.changed)}, unchanged: {cmp.unchanged}")
    for doc, moved in cmp.changed:
        parts = ", ".join(f"{label} {_show(label, a)} -> {_show(label, b)}" for label, a, b in moved)
        lines.append(f"  {doc}: {parts or 'output text changed'}")
    lines.append(f"cells changed: {len(cmp.cells)}")
    shown = cmp.cells if max_cells is None else cmp.cells[:max_cells]
    for c in shown:
        lines.append(f"  {c.doc} p{c.page} t{c.table} r{c.r} c{c.c}: {c.old!r} -> {c.new!r}")
    if len(shown) < len(cmp.cells):
        lines.append(f"  ... {len(cmp.cells) - len(shown)} more (all are in --json)")
    return "\n".join(lines)
