"""Live scores of one page's detection against its annotation, and the cells that differ.

Pure functions (no Qt): the metrics panel runs them off the GUI thread after each
re-detection. TEDS is left out on purpose: it is the slow metric (a tree edit distance)
and ``table-inspector eval`` reports it; everything here is counts the panel can show
at once. Pages are 1-based; boxes are PDF points, top-left origin, unrotated page space.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..annotation.model import DocumentAnnotation, to_core_table
from ..core.types import Cell, Rect, Table
from ..evaluation import adjacency, metrics

DIFF_KINDS = ("changed", "lost", "extra", "extra_table", "missed_table")


@dataclass(frozen=True, slots=True)
class GoldenPage:
    """The annotation's tables on one 1-based ``page``: one core table per region there."""

    page: int
    ids: tuple[str, ...]
    tables: tuple[Table, ...]


@dataclass(frozen=True, slots=True)
class TableScore:
    """One golden table (at ``bbox``) against the output: ``matched`` indexes the output (None: missed)."""

    id: str
    bbox: Rect
    matched: int | None
    adjacency: adjacency.AdjacencyCounts
    retention: metrics.Ratio
    rows: metrics.Ratio
    pairing: metrics.Ratio


@dataclass(frozen=True, slots=True)
class DiffCell:
    """A place where detection and annotation disagree.

    ``kind``: "changed" (both have a cell there, with other text), "lost" (the annotation's
    text is in no output cell), "extra" (an output cell's text is in no annotated cell),
    "missed_table" (no output table overlaps an annotated one), "extra_table" (an output
    table overlaps no annotated one). ``table``/``r``/``c`` locate the output cell (-1 when
    there is none); ``bbox`` is where to highlight it.
    """

    kind: str
    bbox: Rect
    golden: str = ""
    found: str = ""
    table: int = -1
    r: int = -1
    c: int = -1
    rs: int = 1
    cs: int = 1


@dataclass(frozen=True, slots=True)
class PageScore:
    """Everything the panel shows for one page; sums are micro totals over its tables."""

    page: int
    tables: tuple[TableScore, ...]
    detection: metrics.Detection
    diffs: tuple[DiffCell, ...]

    @property
    def adjacency(self) -> adjacency.AdjacencyCounts:
        return sum((t.adjacency for t in self.tables), adjacency.AdjacencyCounts())

    @property
    def retention(self) -> metrics.Ratio:
        return sum((t.retention for t in self.tables), metrics.Ratio())

    @property
    def rows(self) -> metrics.Ratio:
        return sum((t.rows for t in self.tables), metrics.Ratio())

    @property
    def pairing(self) -> metrics.Ratio:
        return sum((t.pairing for t in self.tables), metrics.Ratio())


def golden_page(ann: DocumentAnnotation, page: int) -> GoldenPage:
    """The annotated tables of 1-based ``page`` (a continued table gives its region there)."""
    ids, tables = [], []
    for t in ann.tables:
        for i, region in enumerate(t.regions):
            if region.page == page:
                ids.append(t.id if len(t.regions) == 1 else f"{t.id}:r{i + 1}")
                tables.append(to_core_table(t, i))
    return GoldenPage(page, tuple(ids), tuple(tables))


def annotated_pages(ann: DocumentAnnotation) -> tuple[int, ...]:
    """1-based pages holding at least one annotated region, ascending."""
    return tuple(sorted({r.page for t in ann.tables for r in t.regions}))


def score_page(golden: GoldenPage, output: Sequence[Table]) -> PageScore:
    """Adjacency, retention, row integrity, pairing and detection of ``output`` on one page."""
    matches = adjacency.match_tables(golden.tables, output)
    scores = []
    for g, gid, j in zip(golden.tables, golden.ids, matches, strict=True):
        placed = metrics.place_cells(g, output, metrics.overlapping(g, output))
        scores.append(TableScore(gid, g.bbox, j, adjacency.compare(g, output[j] if j is not None else None),
                                 metrics.cell_retention(g, placed), metrics.row_integrity(g, placed),
                                 metrics.label_number_pairing(g, placed)))
    return PageScore(golden.page, tuple(scores), metrics.detection(golden.tables, output),
                     diff_page(golden.tables, output))


def diff_page(golden: Sequence[Table], output: Sequence[Table]) -> tuple[DiffCell, ...]:
    """Differing cells of a page, one entry per place: a lost annotated cell and an extra
    output cell at the same place are one "changed" cell. Pages without annotated tables
    have no differences (the annotation does not speak about them)."""
    if not golden:
        return ()
    out: list[DiffCell] = []
    touched: set[int] = set()
    for g in golden:
        near = metrics.overlapping(g, output)
        touched.update(near)
        if not near:
            out.append(DiffCell("missed_table", g.bbox))
            continue
        d = metrics.diff_cells(g, output)
        out.extend(_pair(d.lost, d.extra))
    out.extend(DiffCell("extra_table", t.bbox, table=j) for j, t in enumerate(output) if j not in touched)
    return tuple(out)


def _pair(lost: Sequence[Cell], extra: Sequence[tuple[int, Cell]]) -> list[DiffCell]:
    """Join each lost cell with the extra output cell holding its centre (at most one each)."""
    free = list(extra)
    out = []
    for g in lost:
        k = next((i for i, (_, o) in enumerate(free) if _holds(o.bbox, g.bbox)), None)
        if k is None:
            out.append(DiffCell("lost", g.bbox, golden=g.text))
            continue
        t, o = free.pop(k)
        out.append(DiffCell("changed", o.bbox, g.text, o.text, t, o.r, o.c, o.rs, o.cs))
    out.extend(DiffCell("extra", o.bbox, found=o.text, table=t, r=o.r, c=o.c, rs=o.rs, cs=o.cs) for t, o in free)
    return out


def _holds(box: Rect, other: Rect) -> bool:
    """``box`` contains the centre of ``other``."""
    return box.x0 <= other.cx <= box.x1 and box.y0 <= other.cy <= box.y1


def slots_of(diffs: Sequence[DiffCell], table_index: int, table: Table | None) -> dict[tuple[int, int], DiffCell]:
    """Differences that fall on the output table ``table_index``, by the (r, c) of its
    top-left slot; a "lost" cell is put on the output cell that covers its centre, and every
    non-empty cell of a table the annotation does not have is "extra"."""
    out: dict[tuple[int, int], DiffCell] = {}
    for d in diffs:
        if d.kind == "extra_table" and d.table == table_index and table is not None:
            for c in table.cells:
                if c.text.strip():
                    out[(c.r, c.c)] = DiffCell("extra", c.bbox, found=c.text, table=table_index, r=c.r, c=c.c)
        elif d.table == table_index and d.r >= 0:
            out[(d.r, d.c)] = d
        elif d.kind == "lost" and table is not None:
            host = next((c for c in table.cells if _holds(c.bbox, d.bbox)), None)
            if host is not None:
                out.setdefault((host.r, host.c), d)
    return out


def diffs_in(diffs: Sequence[DiffCell], box: Rect) -> int:
    """How many of ``diffs`` have their centre inside ``box``."""
    return sum(1 for d in diffs if _holds(box, d.bbox))


def fmt_ratio(r: metrics.Ratio) -> str:
    """"hit/total (pct %)", or "n/a" when nothing was counted."""
    v = r.value
    return "n/a" if v is None else f"{r.hit}/{r.total} ({v * 100:.0f} %)"


__all__ = ["DIFF_KINDS", "GoldenPage", "TableScore", "DiffCell", "PageScore", "golden_page", "annotated_pages",
           "score_page", "diff_page", "slots_of", "diffs_in", "fmt_ratio"]
