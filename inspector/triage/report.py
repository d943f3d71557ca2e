"""``scan report``: a results file read back as the most suspicious tables first, defects per
100 cells per folder, and counts by defect, as Markdown, HTML or CSV.

A results file can hold several parameter sets; the report reads one (by default the one
of the most recently scanned document) and says which.
"""

from __future__ import annotations

import csv
import html
import io
import json
from dataclasses import dataclass

from .store import Store, StoreError

COUNT_COLUMNS = ("broken_numbers", "ragged_rows", "sparse_columns", "low_confidence")


@dataclass(frozen=True, slots=True)
class Suspect:
    """One table of the ranking (``page`` 1-based, ``index`` 0-based on its page)."""

    path: str
    page: int
    index: int
    n_rows: int
    n_cols: int
    cells: int
    suspicion: float
    counts: tuple[int, int, int, int]  # in COUNT_COLUMNS order
    details: tuple[str, ...]
    reviewed: bool
    bbox: tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class FolderLine:
    folder: str
    documents: int
    tables: int
    cells: int
    defects: int

    @property
    def per_100_cells(self) -> float | None:
        return 100.0 * self.defects / self.cells if self.cells else None


@dataclass(frozen=True, slots=True)
class Report:
    params_hash: str
    param_sets: int
    documents: int
    failed_documents: tuple[tuple[str, str], ...]
    pages: int
    failed_pages: tuple[tuple[str, int, str], ...]
    counts: dict[str, int]
    folders: tuple[FolderLine, ...]
    suspects: tuple[Suspect, ...]


def latest_params(store: Store) -> tuple[str, int]:
    """The parameter hash of the most recent document, and how many sets the file holds."""
    rows = list(store.rows("SELECT params_hash, MAX(scanned_at) AS t FROM documents GROUP BY params_hash"
                           " ORDER BY t DESC"))
    return (rows[0]["params_hash"] if rows else ""), len(rows)


def suspects(store: Store, params_hash: str, limit: int | None = None, defect: str | None = None,
             include_reviewed: bool = True) -> list[Suspect]:
    """Tables ranked by suspicion (then path, page, index); ``defect`` keeps only tables with
    that count above zero (a name of ``COUNT_COLUMNS``)."""
    where = ["d.params_hash = ?", "t.suspicion > 0"]
    if defect:
        if defect not in COUNT_COLUMNS:
            raise ValueError(f"unknown defect {defect!r}; choose from {', '.join(COUNT_COLUMNS)}")
        where.append(f"t.{defect} > 0")
    if not include_reviewed:
        where.append("t.reviewed = 0")
    sql = ("SELECT d.path, t.* FROM tables t JOIN documents d ON d.id = t.doc_id WHERE " + " AND ".join(where)
           + " ORDER BY t.suspicion DESC, d.path, t.page, t.idx" + (f" LIMIT {int(limit)}" if limit else ""))
    return [Suspect(r["path"], r["page"], r["idx"], r["n_rows"], r["n_cols"], r["cells"], r["suspicion"],
                    tuple(r[c] for c in COUNT_COLUMNS), _details(r["details"], store, r["path"], r["page"], r["idx"]),
                    bool(r["reviewed"]), (r["x0"], r["y0"], r["x1"], r["y1"]))
            for r in store.rows(sql, (params_hash,))]


def _details(raw: object, store: Store, path: str, page: int, idx: int) -> tuple[str, ...]:
    """A table's stored defect descriptions (a JSON list of strings), or ``StoreError`` naming the row."""
    try:
        value = json.loads(raw) if isinstance(raw, str | bytes) else None
    except (ValueError, RecursionError):
        value = None
    if not isinstance(value, list):
        raise StoreError(f"{store.path}: damaged row in table 'tables' ({path}, page {page}, table {idx + 1}): "
                         "details is not a JSON list")
    return tuple(str(x) for x in value)


def cell(text: object) -> str:
    """``text`` on one line of a Markdown table: tabs, newlines and ``|`` escaped."""
    out = str(text).replace("\\", "\\\\").replace("|", "\\|")
    return out.replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")


def build(store: Store, top: int = 50, params_hash: str | None = None) -> Report:
    """Everything the report shows, read from ``store``."""
    latest, sets = latest_params(store)
    ph = params_hash or latest
    docs = list(store.rows("SELECT path, status, error, pages FROM documents WHERE params_hash = ?", (ph,)))
    failed_pages = tuple((r["path"], r["page"], r["error"]) for r in store.rows(
        "SELECT d.path, p.page, p.error FROM pages p JOIN documents d ON d.id = p.doc_id"
        " WHERE d.params_hash = ? AND p.status != 'ok' ORDER BY d.path, p.page", (ph,)))
    sums = next(store.rows("SELECT " + ", ".join(f"COALESCE(SUM(t.{c}), 0) AS {c}" for c in COUNT_COLUMNS)
                           + " FROM tables t JOIN documents d ON d.id = t.doc_id WHERE d.params_hash = ?", (ph,)))
    unused = next(store.rows("SELECT COALESCE(SUM(p.unused_rules), 0) FROM pages p JOIN documents d"
                             " ON d.id = p.doc_id WHERE d.params_hash = ?", (ph,)))[0]
    counts = {c: int(sums[c]) for c in COUNT_COLUMNS} | {"unused_rules": int(unused),
                                                        "failed_pages": len(failed_pages)}
    folders = tuple(FolderLine(r["folder"], r["docs"], r["n"] or 0, r["cells"] or 0, r["defects"] or 0)
                    for r in store.rows(
        "SELECT d.folder, COUNT(DISTINCT d.id) AS docs, COUNT(t.idx) AS n, SUM(t.cells) AS cells,"
        " SUM(t.broken_numbers + t.ragged_rows + t.sparse_columns) AS defects FROM documents d"
        " LEFT JOIN tables t ON t.doc_id = d.id WHERE d.params_hash = ? GROUP BY d.folder"
        " ORDER BY d.folder", (ph,)))
    return Report(ph, sets, len(docs), tuple((r["path"], r["error"]) for r in docs if r["status"] != "ok"),
                  sum(r["pages"] for r in docs), failed_pages, counts, folders, tuple(suspects(store, ph, top)))


def _rate(f: FolderLine) -> str:
    rate = f.per_100_cells
    return "-" if rate is None else f"{rate:.1f}"


def to_markdown(rep: Report) -> str:
    out = [f"# Scan report ({rep.documents} documents, {rep.pages} pages)", ""]
    if rep.param_sets > 1:
        out += [f"The file holds {rep.param_sets} parameter sets; this report reads {rep.params_hash}.", ""]
    out += ["## Counts by defect", "", "| defect | count |", "| --- | ---: |"]
    out += [f"| {k.replace('_', ' ')} | {v} |" for k, v in rep.counts.items()]
    out += ["", "## Defects per 100 cells by folder", "",
            "| folder | documents | tables | cells | defects | per 100 cells |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
    out += [f"| {cell(f.folder)} | {f.documents} | {f.tables} | {f.cells} | {f.defects} | {_rate(f)} |" for f in rep.folders]
    out += ["", "## Most suspicious tables", "",
            "| suspicion | file | page | table | size | broken numbers | ragged rows | sparse columns"
            " | low-confidence cells | first defect |", "| ---: | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |"]
    for s in rep.suspects:
        first = cell(s.details[0]) if s.details else ""
        out.append(f"| {s.suspicion:.1f} | {cell(s.path)} | {s.page} | {s.index + 1} | {s.n_rows} x {s.n_cols} | "
                   + " | ".join(str(n) for n in s.counts) + f" | {first} |")
    if rep.failed_documents or rep.failed_pages:
        out += ["", "## Failed", ""]
        out += [f"- {cell(p)}: {cell(e)}" for p, e in rep.failed_documents]
        out += [f"- {cell(p)} page {n}: {cell(e)}" for p, n, e in rep.failed_pages]
    return "\n".join(out) + "\n"


def to_html(rep: Report) -> str:
    e = html.escape
    rows = "".join(
        f"<tr><td>{s.suspicion:.1f}</td><td>{e(s.path)}</td><td>{s.page}</td><td>{s.index + 1}</td>"
        f"<td>{s.n_rows} x {s.n_cols}</td>" + "".join(f"<td>{n}</td>" for n in s.counts)
        + f"<td>{e('; '.join(s.details[:3]))}</td></tr>" for s in rep.suspects)
    counts = "".join(f"<tr><td>{e(k.replace('_', ' '))}</td><td>{v}</td></tr>" for k, v in rep.counts.items())
    folders = "".join(f"<tr><td>{e(f.folder)}</td><td>{f.documents}</td><td>{f.tables}</td><td>{f.cells}</td>"
                      f"<td>{f.defects}</td><td>{_rate(f)}</td></tr>" for f in rep.folders)
    failed = "".join(f"<li>{e(p)}: {e(x)}</li>" for p, x in rep.failed_documents) + "".join(
        f"<li>{e(p)} page {n}: {e(x)}</li>" for p, n, x in rep.failed_pages)
    return (f"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Scan report</title></head><body>\n"
            f"<h1>Scan report ({rep.documents} documents, {rep.pages} pages)</h1>\n"
            f"<h2>Counts by defect</h2><table><tr><th>defect</th><th>count</th></tr>{counts}</table>\n"
            "<h2>Defects per 100 cells by folder</h2><table><tr><th>folder</th><th>documents</th><th>tables</th>"
            f"<th>cells</th><th>defects</th><th>per 100 cells</th></tr>{folders}</table>\n"
            "<h2>Most suspicious tables</h2><table><tr><th>suspicion</th><th>file</th><th>page</th><th>table</th>"
            "<th>size</th><th>broken numbers</th><th>ragged rows</th><th>sparse columns</th>"
            f"<th>low-confidence cells</th><th>defects</th></tr>{rows}</table>\n"
            + (f"<h2>Failed</h2><ul>{failed}</ul>\n" if failed else "") + "</body></html>\n")


def to_csv(rep: Report) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["suspicion", "file", "page", "table", "n_rows", "n_cols", "cells", *COUNT_COLUMNS, "reviewed",
                "x0", "y0", "x1", "y1", "defects"])
    for s in rep.suspects:
        w.writerow([f"{s.suspicion:.3f}", s.path, s.page, s.index + 1, s.n_rows, s.n_cols, s.cells, *s.counts,
                    int(s.reviewed), *s.bbox, " ; ".join(s.details)])
    return buf.getvalue()


FORMATS = {"md": to_markdown, "html": to_html, "csv": to_csv}
