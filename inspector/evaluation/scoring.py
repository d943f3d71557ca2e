"""One page scored against its golden tables: the one ``score_page`` of the project.

``eval`` (every metric, TEDS included), the window's live metrics panel (no TEDS, plus the
cells that differ) and the corpus floors all score through here. Output tables are matched
to golden ones as the adjacency metric does (one-to-one, mostly overlapping, greedy by IoU);
retention, rows and pairs look at every output table that mostly overlaps the golden one,
so a table found in two parts still counts. A table with alternative annotations (ICDAR's
"b" files) is scored once, against the one that agrees best (``best_annotation``).
Pages are 1-based; boxes are PDF points, top-left origin, unrotated page space.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..annotation.model import DocumentAnnotation, to_core_table
from ..core.types import Cell, Rect, Rule, Table
from . import adjacency, defects, metrics, teds, units
from .defects import Defect, DefectCounts

DIFF_KINDS = ("changed", "lost", "extra", "extra_table", "missed_table")


@dataclass(frozen=True)
class GoldenPage:
    """The golden tables of one page. ``pdf`` is an absolute path ("" for a document already
    open); ``page`` is 1-based; ``sha256`` is the PDF hash the annotation was made on (None
    when the source has none). ``alternatives[i]`` holds other annotations of table i."""

    doc: str
    pdf: str
    page: int
    tables: tuple[Table, ...]
    ids: tuple[str, ...]
    sha256: str | None = None
    alternatives: tuple[tuple[Table, ...], ...] = ()

    def alternatives_of(self, i: int) -> tuple[Table, ...]:
        return self.alternatives[i] if i < len(self.alternatives) else ()


@dataclass(frozen=True)
class TableScore:
    """One golden table (at ``bbox``) against the output; ``matched`` indexes the page's output
    tables (None: missed). ``teds``/``teds_struct`` are None when not computed (live scores)."""

    id: str
    bbox: Rect
    matched: int | None
    iou: float
    retention: metrics.Ratio
    row_integrity: metrics.Ratio
    pairing: metrics.Ratio
    adjacency: adjacency.AdjacencyCounts
    teds: float | None = None
    teds_struct: float | None = None
    units: metrics.Ratio = metrics.Ratio()  # numbers with their unit (``evaluation.units``)
    cover: float = 0.0  # share of ``bbox``'s area inside the matched output table (0 when missed)

    @property
    def found(self) -> bool:
        """Matched by an output table that holds at least half of the golden box. Not IoU: a
        tagged truth's box is the union of its cells' text, narrower than the drawn frame an
        extractor reports, so a table found whole and right could read IoU < 0.5."""
        return self.matched is not None and self.cover >= 0.5


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


@dataclass(frozen=True)
class PageScores:
    """Every score of one page; the sums are micro totals over its tables. ``defects`` are
    empty unless asked for, ``diffs`` likewise."""

    page: int
    detection: metrics.Detection
    tables: tuple[TableScore, ...]
    defects: tuple[Defect, ...] = ()
    defect_counts: DefectCounts = DefectCounts()
    diffs: tuple[DiffCell, ...] = ()

    @property
    def adjacency(self) -> adjacency.AdjacencyCounts:
        return sum((t.adjacency for t in self.tables), adjacency.AdjacencyCounts())

    @property
    def retention(self) -> metrics.Ratio:
        return sum((t.retention for t in self.tables), metrics.Ratio())

    @property
    def row_integrity(self) -> metrics.Ratio:
        return sum((t.row_integrity for t in self.tables), metrics.Ratio())

    @property
    def pairing(self) -> metrics.Ratio:
        return sum((t.pairing for t in self.tables), metrics.Ratio())

    @property
    def units(self) -> metrics.Ratio:
        return sum((t.units for t in self.tables), metrics.Ratio())


def best_annotation(golden: Table, alternatives: Sequence[Table], matched: int | None,
                    output: Sequence[Table]) -> tuple[Table, int | None, adjacency.AdjacencyCounts]:
    """The annotation of a table (``golden`` or one of its ``alternatives``) that agrees best
    with the output (adjacency F1; the first wins ties), its output match and its counts.
    An alternative is matched on its own only when the primary found no output table."""
    best = (golden, matched, adjacency.compare(golden, output[matched] if matched is not None else None))
    for alt in alternatives:
        j = matched if matched is not None else adjacency.match_tables([alt], output)[0]
        counts = adjacency.compare(alt, output[j] if j is not None else None)
        if counts.f1 > best[2].f1:
            best = (alt, j, counts)
    return best


def score_page(golden: GoldenPage, output: Sequence[Table], rules: Sequence[Rule] | None = None, *,
               with_teds: bool = True, with_defects: bool = True, with_diffs: bool = False,
               rule_kinds: Mapping[Rule, str] | None = None) -> PageScores:
    """Every metric of one page: ``golden`` against the extractor's ``output``.

    ``rules`` (the page's drawn rules) add the unused-rule defect, each unused rule of its kind
    in ``rule_kinds`` (``rulekinds``; "other" without); ``with_teds`` False skips
    the slow tree edit distance (the window's live scores); ``with_diffs`` lists the cells
    that differ (``diff_page``).
    """
    matches = adjacency.match_tables(golden.tables, output)
    scores = []
    for i, (g0, gid, j0) in enumerate(zip(golden.tables, golden.ids, matches, strict=True)):
        g, j, adj = best_annotation(g0, golden.alternatives_of(i), j0, output)
        found = output[j] if j is not None else None
        placed = metrics.place_cells(g, output, metrics.overlapping(g, output))
        scores.append(TableScore(
            gid, g.bbox, j, g.bbox.iou(found.bbox) if found else 0.0,
            metrics.cell_retention(g, placed), metrics.row_integrity(g, placed),
            metrics.label_number_pairing(g, placed), adj,
            teds.teds(g, found) if with_teds else None,
            teds.teds(g, found, structure_only=True) if with_teds else None,
            units.numbers_with_units(g, output, placed), _cover(g.bbox, found.bbox if found else None)))
    found_defects = defects.page_defects(output, rules, rule_kinds) if with_defects else []
    return PageScores(golden.page, metrics.detection(golden.tables, output), tuple(scores), tuple(found_defects),
                      defects.count(found_defects, output) if with_defects else DefectCounts(),
                      diff_page(golden.tables, output) if with_diffs else ())


def _cover(golden: Rect, output: Rect | None) -> float:
    """Share of ``golden``'s area inside ``output`` (0.0 without an output or an area)."""
    inter = golden.intersection(output) if output is not None else None
    return inter.area / golden.area if inter is not None and golden.area > 0 else 0.0


def golden_page(ann: DocumentAnnotation, page: int) -> GoldenPage:
    """The annotated tables of 1-based ``page`` (a continued table gives its region there)."""
    ids, tables = [], []
    for t in ann.tables:
        for i, region in enumerate(t.regions):
            if region.page == page:
                ids.append(t.id if len(t.regions) == 1 else f"{t.id}:r{i + 1}")
                tables.append(to_core_table(t, i))
    return GoldenPage(ann.file_name, "", page, tuple(tables), tuple(ids), ann.sha256)


def annotated_pages(ann: DocumentAnnotation) -> tuple[int, ...]:
    """1-based pages holding at least one annotated region, ascending."""
    return tuple(sorted({r.page for t in ann.tables for r in t.regions}))


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


def diffs_by_slot(diffs: Sequence[DiffCell], table_index: int,
                  table: Table | None) -> dict[tuple[int, int], DiffCell]:
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
