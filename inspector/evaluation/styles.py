"""Scores per table style: a golden set's ``styles.json`` says which style each table has.

Manifest (version 1), beside the golden folder or inside it::

    {"format": "table-inspector-styles", "version": 1,
     "documents": {"modern-001.pdf": {"t1": {"style": "zebra", "detail": "..."}}}}

Per style the golden tables' own scores are summed (micro averages, TEDS the mean over
tables, a missed table counting 0): adjacency F1, cell retention, row integrity, pairing,
and ``found``: tables matched by an output table that holds at least half of the golden box
(``TableScore.found``; detection recall). Page precision is left out: one page holds tables
of several styles.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .evaluate import PageOutcome, TableScore
from .summary import TableSums

STYLES_FILE = "styles.json"
STYLES_FORMAT = "table-inspector-styles"
UNSTYLED = "(no style)"


class StylesError(Exception):
    """The styles manifest cannot be used; the message is one line for the user."""


def find_styles(golden: str | Path) -> Path | None:
    """``styles.json`` inside the golden folder, else beside it; None when there is none."""
    root = Path(golden)
    return next((p for p in (root / STYLES_FILE, root.parent / STYLES_FILE) if p.is_file()), None)


def write_styles(path: str | Path, documents: Mapping[str, Mapping[str, Mapping[str, str]]],
                 seed: int | None = None) -> None:
    """Write a styles manifest: ``documents`` is {PDF: {TABLE_ID: {"style": ..., "detail": ...}}};
    ``seed`` records the seed of a generated corpus."""
    doc: dict[str, Any] = {"format": STYLES_FORMAT, "version": 1}
    if seed is not None:
        doc["seed"] = seed
    doc["documents"] = documents
    Path(path).write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def load_styles(path: str | Path) -> dict[str, str]:
    """``"DOC:TABLE_ID"`` -> style, from a styles manifest."""
    from ..core.infra.userfiles import MANIFEST_LIMIT, InputError, read_json

    try:  # a regular file of sane size, nested a few levels at most
        data = read_json(path, "styles manifest", MANIFEST_LIMIT)
    except InputError as exc:
        raise StylesError(str(exc)) from None
    if not isinstance(data, dict) or data.get("format") != STYLES_FORMAT or not isinstance(data.get("documents"), dict):
        raise StylesError(f"{path}: not a '{STYLES_FORMAT}' manifest")
    out = {}
    for doc, tables in data["documents"].items():
        for tid, info in (tables or {}).items():
            if isinstance(info, dict) and isinstance(info.get("style"), str):
                out[f"{doc}:{tid}"] = info["style"]
    return out


def style_of(table_id: str, styles: Mapping[str, str]) -> str:
    """The style of a scored table (``doc:t1`` or, for a region of a continued table, ``doc:t1:r2``)."""
    return styles.get(re.sub(r":r\d+$", "", table_id), UNSTYLED)


@dataclass(frozen=True)
class StyleTotals(TableSums):
    """One style's (or producer family's) golden tables, their scores summed."""

    def add(self, s: TableScore) -> StyleTotals:
        return self.plus((s,))

    def as_dict(self) -> dict[str, Any]:
        r = lambda v: None if v is None else round(v, 6)  # noqa: E731
        a = self.adjacency
        return {"tables": self.tables, "found": self.found,
                "detection_recall": r(self.found / self.tables if self.tables else None),
                "adjacency": {"precision": r(a.precision), "recall": r(a.recall), "f1": r(a.f1)},
                "cell_retention": r(self.retention.value), "row_integrity": r(self.row_integrity.value),
                "label_number_pairing": r(self.pairing.value),
                "teds": r(self.teds_sum / self.tables if self.tables else None)}


def by_style(outcomes: Sequence[PageOutcome], styles: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """Style -> summed scores (``StyleTotals.as_dict``), styles sorted by name."""
    acc: dict[str, StyleTotals] = {}
    for o in outcomes:
        for s in o.scores.tables:
            key = style_of(s.id, styles)
            acc[key] = acc.get(key, StyleTotals()).add(s)
    return {k: acc[k].as_dict() for k in sorted(acc)}


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{100 * v:5.1f}"


def text_table(results: Mapping[str, Mapping[str, Mapping[str, Any]]], label: str = "style") -> str:
    """One line per style (or other ``label``: a producer family), per extractor its adjacency
    F1 / TEDS / detection recall (%)."""
    names = list(results)
    styles = sorted({s for per in results.values() for s in per})
    width = max([len(s) for s in styles] + [14])
    head = f"{label:<{width}} {'tables':>6}  " + "  ".join(f"{n[:20]:>20}" for n in names)
    lines = [f"per {label}: adjacency F1 / TEDS / tables found (%)", head]
    for s in styles:
        first = next(per[s] for per in results.values() if s in per)
        cells = []
        for n in names:
            m = results[n].get(s)
            cells.append(f"{'-':>20}" if m is None else
                         f"{_pct(m['adjacency']['f1'])} /{_pct(m['teds'])} /{_pct(m['detection_recall'])}".rjust(20))
        lines.append(f"{s:<{width}} {first['tables']:>6}  " + "  ".join(cells))
    return "\n".join(lines)
