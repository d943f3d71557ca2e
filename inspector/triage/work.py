"""One document's triage: detect every page, count the defects that need no truth per table.

``scan_document`` is the unit of work of ``table-inspector scan``. It is a pure function of
the file's bytes and the parameters, returns plain frozen dataclasses (picklable, so a
process pool or a Dask worker can run it) and never raises: a file that cannot be read is a
``DocScan`` with ``status="failed"`` and the reason, a page that fails is a failed
``PageScan`` and the other pages go on.

Suspicion ranks tables for a person to look at: weighted defects per 100 cells, smoothed so
that a 4-cell table with one odd cell does not outrank a 400-cell table with forty::

    suspicion = 100 * (3 broken numbers + 2 ragged rows + 1 sparse column
                       + 0.5 low-confidence cells) / (cells + SMOOTHING_CELLS)
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..core.params import Params
from ..core.types import PageResult, Table
from ..evaluation import defects

log = logging.getLogger(__name__)

SMOOTHING_CELLS = 10
WEIGHTS = {"broken_number": 3.0, "ragged_row": 2.0, "sparse_column": 1.0, "low_confidence": 0.5}
DEFECT_KINDS = ("broken_number", "ragged_row", "sparse_column", "low_confidence", "unused_rule", "failed_page")


@dataclass(frozen=True, slots=True)
class TableScan:
    """One detected table: where it is, its size, its defect counts and their details.

    ``index`` is the table's 0-based position in its page's tables; ``bbox`` is in PDF
    points (x0, y0, x1, y1; top-left origin, unrotated page space).
    """

    page: int
    index: int
    bbox: tuple[float, float, float, float]
    n_rows: int
    n_cols: int
    cells: int
    broken_numbers: int
    ragged_rows: int
    sparse_columns: int
    low_confidence: int
    details: tuple[str, ...]

    @property
    def suspicion(self) -> float:
        weighted = (WEIGHTS["broken_number"] * self.broken_numbers + WEIGHTS["ragged_row"] * self.ragged_rows
                    + WEIGHTS["sparse_column"] * self.sparse_columns
                    + WEIGHTS["low_confidence"] * self.low_confidence)
        return 100.0 * weighted / (self.cells + SMOOTHING_CELLS)

    @property
    def defects(self) -> int:
        return self.broken_numbers + self.ragged_rows + self.sparse_columns


@dataclass(frozen=True, slots=True)
class PageScan:
    """One page (1-based): ``status`` "ok" or "failed" (``error`` says why)."""

    page: int
    status: str
    error: str
    tables: int
    words: int
    unused_rules: int
    ms: float


@dataclass(frozen=True, slots=True)
class DocScan:
    """One document's triage. ``status`` "ok" (even when some pages failed: see ``pages``)
    or "failed" (the file could not be opened; ``error`` says why)."""

    path: str
    sha256: str
    status: str
    error: str
    pages: tuple[PageScan, ...]
    tables: tuple[TableScan, ...]
    ms: float

    @property
    def failed_pages(self) -> int:
        return sum(p.status != "ok" for p in self.pages)


def table_scan(page: int, index: int, table: Table) -> TableScan:
    """Counts for one table of a detection result."""
    found = defects.table_defects(table, index)
    kinds = [d.kind for d in found]
    b = table.bbox
    return TableScan(page, index, (round(b.x0, 2), round(b.y0, 2), round(b.x1, 2), round(b.y1, 2)),
                     table.n_rows, table.n_cols, len(table.cells), kinds.count("broken_number"),
                     kinds.count("ragged_row"), kinds.count("sparse_column"),
                     sum(c.low_confidence for c in table.cells), tuple(_describe(d) for d in found))


DETAIL_CHARS = 100  # a defect's description is one line for a report, not the whole cell


def _describe(d: defects.Defect) -> str:
    """``kind: row R, column C: detail`` (1-based), on one line, at most ``DETAIL_CHARS`` of detail."""
    where = ", ".join(x for x in (f"row {d.r + 1}" if d.r >= 0 else "", f"column {d.c + 1}" if d.c >= 0 else "") if x)
    detail = " / ".join(part.strip() for part in d.detail.splitlines() if part.strip())
    if len(detail) > DETAIL_CHARS:
        detail = detail[: DETAIL_CHARS - 1].rstrip() + "…"
    return f"{d.kind}: {where}: {detail}" if where else f"{d.kind}: {detail}"


def page_scan(res: PageResult, ms: float) -> tuple[PageScan, list[TableScan]]:
    """The page row and the table rows of one detection result."""
    tables = [table_scan(res.page, i, t) for i, t in enumerate(res.tables)]
    unused = len(defects.unused_rules(res.rules, res.tables))
    return PageScan(res.page, "ok", "", len(res.tables), len(res.words), unused, ms), tables


def scan_document(source: str | bytes, params: Params | None = None, name: str | None = None) -> DocScan:
    """Detect every page of ``source`` (a path, or the file's bytes with ``name``) and count
    its defects; never raises (see the module docstring). Pages run within the per-page
    budget (``params.budget``) in a worker process, except where this process may not have
    children (a daemonic Dask worker): there they run here, unbounded."""
    from ..core.reading.document import DocumentError, open_document

    start = time.perf_counter()
    params = params or Params()
    label = name or (source if isinstance(source, str) else "<bytes>")
    try:
        data = source if isinstance(source, bytes) else Path(source).read_bytes()
    except OSError as exc:
        return DocScan(label, "", "failed", f"cannot read: {exc.strerror or exc}", (), (), _ms(start))
    sha = hashlib.sha256(data).hexdigest()
    try:
        doc = open_document(data, name=label)
    except DocumentError as exc:
        return DocScan(label, sha, "failed", str(exc).removeprefix(f"{label}: "), (), (), _ms(start))
    run_page, close = _page_runner(source, data, label, params)
    pages: list[PageScan] = []
    tables: list[TableScan] = []
    try:
        for i in range(doc.page_count):
            t0 = time.perf_counter()
            res, error = run_page(i)
            if res is None:  # a damaged page, or one over budget, must not hide the others
                pages.append(PageScan(i + 1, "failed", error, 0, 0, 0, _ms(t0)))
                continue
            page, found = page_scan(res, _ms(t0))
            pages.append(page)
            tables.extend(found)
    finally:
        doc.close()
        close()
    return DocScan(label, sha, "ok", "", tuple(pages), tuple(tables), _ms(start))


def _page_runner(source: str | bytes, data: bytes, label: str,
                 params: Params) -> tuple[Callable[[int], tuple[PageResult | None, str]], Callable[[], None]]:
    """``run(index) -> (result or None, error)`` and ``close()``: budgeted when possible."""
    import multiprocessing

    from ..core.infra import jobs

    if multiprocessing.current_process().daemon:
        from ..core.pipeline import Pipeline
        from ..core.reading.document import open_document

        pipe = Pipeline(open_document(data, name=label), cache_size=16, render_cache=1)

        def here(i: int) -> tuple[PageResult | None, str]:
            try:
                return pipe.run(i, params), ""
            except Exception as exc:  # the page's failure is its row
                log.debug("a page failed", exc_info=True)
                return None, _one_line(exc)
        return here, pipe.doc.close
    from ..core.infra.budget import Budgeted

    worker = Budgeted(params.budget)
    src = (jobs.DocSource.of_path(source) if isinstance(source, str)
           else jobs.DocSource(f"scan:{hashlib.sha256(data).hexdigest()}", data=data, name=label))

    def budgeted(i: int) -> tuple[PageResult | None, str]:
        out = worker.call(jobs.detect_page, src, i, params)
        return (out.value, "") if out.ok else (None, out.error)
    return budgeted, worker.close


def _ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000.0, 1)


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0]}" if text else type(exc).__name__
