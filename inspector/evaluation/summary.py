"""Adding evaluation outcomes up (overall, per document) and writing them as JSON and text.

Ratios are micro averages (summed counts); TEDS is the mean over golden tables, a missed
table counting 0. The JSON's top level has ``overall`` and ``documents`` (name -> the same
metrics plus its pages, each with per-table scores and the output tables' text).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Self

from .. import __version__
from ..core.params import Params
from . import adjacency, defects, metrics
from .evaluate import GoldenSource, PageOutcome, TableScore
from .rulekinds import LABELS

TEDS_NAME = "TEDS (tree edit distance over <table><tr><td colspan rowspan>, apted; text by normalised Levenshtein)"
FORMAT = 1


@dataclass(frozen=True)
class TableSums:
    """Golden tables' scores summed: micro averages (counts summed), TEDS summed for a mean
    over tables (a missed table adding 0); what overall, per-document and per-style totals share."""

    tables: int = 0
    found: int = 0
    retention: metrics.Ratio = metrics.Ratio()
    row_integrity: metrics.Ratio = metrics.Ratio()
    pairing: metrics.Ratio = metrics.Ratio()
    adjacency: adjacency.AdjacencyCounts = adjacency.AdjacencyCounts()
    teds_sum: float = 0.0
    teds_struct_sum: float = 0.0
    units: metrics.Ratio = metrics.Ratio()

    def plus(self, scores: Sequence[TableScore]) -> Self:
        """These sums with ``scores`` added (their TEDS summed first: a page's tables add as one)."""
        def total(attr: str) -> Any:
            out = getattr(self, attr)
            for x in scores:
                out = out + getattr(x, attr)
            return out

        return replace(self, tables=self.tables + len(scores), found=self.found + sum(x.found for x in scores),
                       retention=total("retention"), row_integrity=total("row_integrity"), pairing=total("pairing"),
                       adjacency=total("adjacency"), teds_sum=self.teds_sum + sum(x.teds or 0.0 for x in scores),
                       teds_struct_sum=self.teds_struct_sum + sum(x.teds_struct or 0.0 for x in scores),
                       units=total("units"))


@dataclass(frozen=True)
class Totals(TableSums):
    """Summed scores over some pages."""

    pages: int = 0
    failed: int = 0
    timed_out: int = 0
    detection: metrics.Detection = metrics.Detection(0, 0, 0)
    defects: defects.DefectCounts = defects.DefectCounts()
    ms: tuple[float, ...] = field(default=())


def add_page(t: Totals, o: PageOutcome) -> Totals:
    s = o.scores
    return replace(t.plus(s.tables), pages=t.pages + 1, failed=t.failed + (o.status == "failed"),
                   timed_out=t.timed_out + (o.status == "timeout"), detection=t.detection + s.detection,
                   defects=t.defects + s.defect_counts, ms=(*t.ms, o.ms))


def totals(outcomes: Sequence[PageOutcome]) -> Totals:
    out = Totals()
    for o in outcomes:
        out = add_page(out, o)
    return out


def _r(v: float | None) -> float | None:
    return None if v is None else round(v, 6)


def _ratio(r: metrics.Ratio) -> dict[str, Any]:
    return {"value": _r(r.value), "hit": r.hit, "total": r.total}


def totals_dict(t: Totals) -> dict[str, Any]:
    """The metrics block used for ``overall`` and each document."""
    adj = {k: _r(v) if isinstance(v, float) else v for k, v in t.adjacency.as_dict().items()}
    d = t.detection
    dc = t.defects
    return {
        "pages": t.pages, "pages_failed": t.failed, "pages_timed_out": t.timed_out, "golden_tables": t.tables,
        "adjacency": adj,
        "cell_retention": _ratio(t.retention), "row_integrity": _ratio(t.row_integrity),
        "label_number_pairing": _ratio(t.pairing), "numbers_with_units": _ratio(t.units),
        "teds": {"name": TEDS_NAME, "mean": _r(t.teds_sum / t.tables if t.tables else None),
                 "struct_mean": _r(t.teds_struct_sum / t.tables if t.tables else None), "tables": t.tables},
        "detection": {"iou": 0.5, "precision": _r(d.precision), "recall": _r(d.recall), "tp": d.tp,
                      "golden": d.n_golden, "output": d.n_output},
        "defects": {"broken_numbers": dc.broken_numbers, "ragged_rows": dc.ragged_rows,
                    "sparse_columns": dc.sparse_columns, "unused_rules": dc.unused_rules, "cells": dc.cells,
                    "per_100_cells": _r(dc.per_100_cells), "unused_rule_kinds": dc.unused_kinds.as_dict()},
        "ms_per_page": {"median": round(statistics.median(t.ms), 1) if t.ms else None,
                        "mean": round(statistics.fmean(t.ms), 1) if t.ms else None},
    }


def _table_dict(s: TableScore) -> dict[str, Any]:
    return {"id": s.id, "matched_output": s.matched, "iou": _r(s.iou),
            "adjacency": {k: _r(v) if isinstance(v, float) else v for k, v in s.adjacency.as_dict().items()},
            "cell_retention": _ratio(s.retention), "row_integrity": _ratio(s.row_integrity),
            "label_number_pairing": _ratio(s.pairing), "numbers_with_units": _ratio(s.units),
            "teds": _r(s.teds), "teds_struct": _r(s.teds_struct)}


def _page_dict(o: PageOutcome) -> dict[str, Any]:
    return {
        "page": o.page, "status": o.status, "error": o.error, "ms": round(o.ms, 1),
        "tables": [_table_dict(s) for s in o.scores.tables],
        "output": [{"bbox": [round(v, 2) for v in t.bbox.as_tuple()], "n_rows": t.n_rows, "n_cols": t.n_cols,
                    "rows": t.rows_text()} for t in o.output],
        "defects": [{"kind": d.kind, "table": d.table, "r": d.r, "c": d.c, "detail": d.detail,
                     **({"rule_kind": d.rule_kind} if d.rule_kind else {})} for d in o.scores.defects],
    }


def result(source: GoldenSource, extractor: str, params: Params, outcomes: Sequence[PageOutcome],
           refused: Sequence[tuple[str, str]] = (), timeout: float | None = None) -> dict[str, Any]:
    """The whole evaluation as a JSON-ready dict."""
    docs: dict[str, list[PageOutcome]] = {}
    for o in outcomes:
        docs.setdefault(o.doc, []).append(o)
    return {
        "format": FORMAT, "tool": f"table-inspector {__version__}", "extractor": extractor,
        "params": params.to_dict() if extractor == "inspector" else None, "timeout_s": timeout,
        "golden": {"path": source.path, "kind": source.kind, "hash": source.hash,
                   "pages": len(source.pages), "refused": [{"doc": d, "reason": r} for d, r in refused],
                   "problems": list(source.problems)},
        "overall": totals_dict(totals(outcomes)),
        "documents": {doc: {**totals_dict(totals(pages)), "page_results": [_page_dict(o) for o in pages]}
                      for doc, pages in sorted(docs.items())},
    }


# --- text -------------------------------------------------------------------------------


def fmt(v: float | None, pct: bool = True) -> str:
    if v is None:
        return "-"
    return f"{100 * v:.1f}" if pct else f"{v:.3f}"


def metric_line(m: dict[str, Any]) -> str:
    """One line of the main figures of a metrics block (percentages)."""
    a = m["adjacency"]
    return (f"adjF1 {fmt(a['f1'])} (P {fmt(a['precision'])} R {fmt(a['recall'])})  "
            f"cells {fmt(m['cell_retention']['value'])}  rows {fmt(m['row_integrity']['value'])}  "
            f"pairs {fmt(m['label_number_pairing']['value'])}  "
            f"units {fmt(m.get('numbers_with_units', {}).get('value'))}  TEDS {fmt(m['teds']['mean'])}  "
            f"det P {fmt(m['detection']['precision'])} R {fmt(m['detection']['recall'])}  "
            f"defects/100 {fmt(m['defects']['per_100_cells'], pct=False)}")


def unused_line(m: dict[str, Any]) -> str:
    """The unused rules of a metrics block, split by kind (``rulekinds``; a result written
    before the split has the total alone)."""
    d = m["defects"]
    kinds = d.get("unused_rule_kinds") or {}
    split = ", ".join(f"{LABELS.get(k, k)} {n}" for k, n in kinds.items())
    return f"unused rules {d['unused_rules']}" + (f" ({split})" if split else "")


def text_report(res: dict[str, Any], tables: bool = True) -> str:
    """Human-readable summary: overall, per document and (optionally) per table."""
    o = res["overall"]
    lines = [f"extractor {res['extractor']} on {res['golden']['path']} (golden hash {res['golden']['hash'][:12]})",
             f"{o['pages']} pages, {o['golden_tables']} golden tables, {o['pages_failed']} failed, "
             f"{o['pages_timed_out']} timed out, median {o['ms_per_page']['median']} ms/page"]
    for d in res["golden"]["refused"]:
        lines.append(f"REFUSED {d['doc']}: {d['reason']}")
    for problem in res["golden"].get("problems", []):
        lines.append(f"UNREADABLE {problem}")
    lines.append("overall   " + metric_line(o))
    lines.append(unused_line(o))
    lines.append(f"TEDS: {o['teds']['name']}")
    if "continuations" in res:
        from .links import text_lines
        lines += text_lines(res["continuations"])
    for name, doc in res["documents"].items():
        lines.append(f"{name}: " + metric_line(doc))
        for page in doc["page_results"]:
            if page["status"] != "ok":
                lines.append(f"  p{page['page']} {page['status'].upper()}: {page['error']}")
            if not tables:
                continue
            for t in page["tables"]:
                lines.append(f"  p{page['page']} {t['id']}: adjF1 {fmt(t['adjacency']['f1'])} "
                             f"cells {fmt(t['cell_retention']['value'])} rows {fmt(t['row_integrity']['value'])} "
                             f"TEDS {fmt(t['teds'])} IoU {fmt(t['iou'], pct=False)}")
    return "\n".join(lines)
