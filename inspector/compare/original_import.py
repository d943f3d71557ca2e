"""The author's original (HWPX, DOCX) -> annotation tables on its PDF, marked "not verified".

Each table of the original (``extractors.originals``) is placed on the PDF's pages by its cell
texts (``extractors.pieces``: the placement ``compare`` uses for HTML, Markdown and CSV, one
piece per page a table is broken over). A placed table becomes an annotation table with
source ``"original"``: one region per piece, the grid's boundaries midway between the found
texts of neighbouring rows and columns, the original's cell text and spans, header rows as
the original marks them. A continuation piece starts with the header rows again, role
"header", where its page repeats them above it (``pieces.with_repeated_header``), as a
person annotates a continued table. What could not be placed, and why, is said in
``OriginalImport.report`` (one line per table that is not wholly placed).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import __version__
from ..annotation.icdar import round_rect
from ..annotation.model import AnnCell, AnnTable, DocumentAnnotation, PageInfo, Region, fill_grid
from ..annotation.roles import suggest_row_roles
from ..core.evidence.rules_vector import find_vector_rules
from ..core.infra.budget import Budgeted
from ..core.params import BudgetParams, Params
from ..core.reading.document import DocumentError, open_document
from ..core.reading.words import extract_text
from ..core.types import Rect, Rule, Word
from ..extractors import originals
from ..extractors.pieces import Piece, place_pieces, with_repeated_header
from ..extractors.placement import squash
from ..extractors.sources import SourceError, Unplaced

MIN_GAP = 0.5  # points between neighbouring boundaries (the format wants them strictly ascending)
SNAP = 12.0  # points: a drawn rule this close past the outermost text is the table's edge


class OriginalError(Exception):
    """The original or the PDF cannot be read; ``unsupported`` for an HWP 5 binary (exit 3)."""

    def __init__(self, message: str, unsupported: bool = False) -> None:
        super().__init__(message)
        self.unsupported = unsupported


@dataclass(frozen=True)
class OriginalImport:
    """The draft annotation; ``report`` says what could not be placed and why; ``found`` and
    ``cells`` count the original's non-empty cells whose text was found on the PDF, and all;
    ``tables`` counts the original's tables."""

    annotation: DocumentAnnotation
    report: tuple[str, ...]
    tables: int
    found: int
    cells: int
    name: str = ""  # the original's file name

    @property
    def recall(self) -> float:
        return self.found / self.cells if self.cells else 1.0


def read(original: str | os.PathLike[str]) -> originals.Original:
    """The original's tables; ``OriginalError`` when it cannot be read."""
    from ..core.infra.userfiles import SOURCE_LIMIT, InputError, read_bytes

    path = Path(original)
    try:  # a regular file of sane size only
        data = read_bytes(path, "original", SOURCE_LIMIT)
    except InputError as exc:
        raise OriginalError(str(exc)) from None
    try:
        return originals.read_original(data, path.name)
    except originals.Unsupported as exc:
        raise OriginalError(str(exc), unsupported=True) from None
    except SourceError as exc:
        raise OriginalError(str(exc)) from None


def import_original(original: str | os.PathLike[str], pdf: str | os.PathLike[str]) -> OriginalImport:
    """The original's tables placed on ``pdf``'s pages as a draft annotation of the PDF."""
    orig = read(original)
    try:
        doc = open_document(os.fspath(pdf))
    except DocumentError as exc:
        raise OriginalError(str(exc)) from None
    try:
        pages = tuple(PageInfo(i + 1, *doc.page_size(i)) for i in range(doc.page_count))
        words = {i + 1: extract_text(doc.page(i))[0] for i in range(doc.page_count)}
        sha, file_name = doc.sha256(), Path(doc.name).name
        rules: dict[int, list[Rule]] = {}
        vector = Params().vector

        def page_rules(page: int) -> list[Rule]:
            if page not in rules:
                rules[page] = list(find_vector_rules(doc.page(page - 1).drawings(), vector).rules)
            return rules[page]

        tables, report, found, cells = _tables(orig, words, page_rules)
    finally:
        doc.close()
    note = f"tables read from {orig.name} ({orig.kind.upper()}), placed by their texts"
    ann_doc = DocumentAnnotation(sha, file_name, pages, tuple(tables), notes=note, tool_version=__version__)
    problems = ann_doc.problems()
    if problems:
        raise OriginalError(f"{file_name}: the imported tables are inconsistent: {problems[0]}")
    return OriginalImport(ann_doc, tuple(report), len(orig.tables), found, cells, orig.name)


def _tables(orig: originals.Original, words: Mapping[int, Sequence[Word]],
            page_rules: Callable[[int], list[Rule]]) -> tuple[list[AnnTable], list[str], int, int]:
    """The placed tables, the report, the found and the non-empty cells."""
    tables: list[AnnTable] = []
    report: list[str] = [f"{orig.name}: {n}" for n in orig.notes]
    found = cells = 0
    for k, table in enumerate(orig.tables, 1):
        label = f"{orig.name} table {k} ({table.n_rows} x {table.n_cols})"
        wanted = [c for c in table.cells if squash(c.text)]
        pieces = [with_repeated_header(table, p, words[p.page]) for p in place_pieces(table, words)] \
            if wanted else []
        hit = sum(len(p.found_slots()) for p in pieces)
        found, cells = found + hit, cells + len(wanted)
        ann = _table(table, pieces, f"t{len(tables) + 1}", orig.name, page_rules)
        report += _report(label, table, pieces, ann, hit, len(wanted))
        if ann is not None:
            tables.append(ann)
    return tables, report, found, cells


def _table(table: Unplaced, pieces: Sequence[Piece], table_id: str, name: str,
           page_rules: Callable[[int], list[Rule]]) -> AnnTable | None:
    # A first row the PDF repeats on the next pages is a header row, marked or not.
    header = max([table.header_rows, *(p.repeated for p in pieces)])
    regions = [_region(p, header, page_rules(p.page)) for p in pieces if p.placed is not None]
    if not regions:
        return None
    header = header if pieces[0].placed is not None else 0
    return AnnTable(table_id, tuple(regions), header_rows=min(header, regions[0].n_rows), verified=False,
                    notes=f"from the original {name}, not verified", source="original")


def _region(piece: Piece, header_rows: int, rules: Sequence[Rule]) -> Region:
    placed = piece.placed
    assert placed is not None
    t = placed.table
    found = dict(placed.found)
    xs, ys = placed.xs, placed.ys
    if not xs or not ys:  # only spanning cells found: one box around what was found
        box = Rect.bounding(list(found.values()))
        xs = tuple(box.x0 + box.width * i / t.n_cols for i in range(t.n_cols + 1))
        ys = tuple(box.y0 + box.height * i / t.n_rows for i in range(t.n_rows + 1))
    boxes = list(found.values())
    xs = _snap(xs, [(r.pos, r.start, r.end) for r in rules if r.orient == "v"], (ys[0], ys[-1]),
               [(b.x0, b.x1, b.y0, b.y1) for b in boxes])
    ys = _snap(ys, [(r.pos, r.start, r.end) for r in rules if r.orient == "h"], (xs[0], xs[-1]),
               [(b.y0, b.y1, b.x0, b.x1) for b in boxes])
    xs, ys = _strict(xs), _strict(ys)
    cells = [AnnCell(c.r, c.c, c.rs, c.cs, c.text, bbox=round_rect(found[(c.r, c.c)]) if (c.r, c.c) in found else None)
             for c in t.cells]
    filled = fill_grid(cells, t.n_rows, t.n_cols)
    texts = [[c.text for c in filled if c.r == r] for r in range(t.n_rows)]
    header = header_rows if piece.first == 0 else piece.repeated
    return Region(piece.page, Rect(xs[0], ys[0], xs[-1], ys[-1]), xs, ys, filled,
                  suggest_row_roles(texts, min(header, t.n_rows)))


def _snap(bounds: Sequence[float], rules: Sequence[tuple[float, float, float]], across: tuple[float, float],
          texts: Sequence[tuple[float, float, float, float]]) -> tuple[float, ...]:
    """Boundaries moved onto the page's drawn rules (``(pos, start, end)`` in the boundaries'
    axis): each to the nearest rule running ``across`` the table for half of it or more that
    lies between its neighbours (for the outer ones: outside, within two columns or rows, or
    ``SNAP`` points) and cuts
    no found text (``(lo, hi, start, end)``: its extent in the axis and across it). The grid
    of a ruled table then lies on its rules, not midway between its texts."""
    lo, hi = across
    usable = sorted({pos for pos, a, b in rules if min(b, hi) - max(a, lo) >= 0.5 * (hi - lo)})
    out = list(bounds)
    for i, b in enumerate(bounds):
        # The outer edges may move out by twice their column (row) of found texts, or SNAP points:
        # a column's texts can be much narrower than the column (a short number in a wide cell).
        left = out[i - 1] if i > 0 else b - max(SNAP, 2 * (bounds[1] - b) if len(bounds) > 1 else 0.0)
        right = bounds[i + 1] if i + 1 < len(bounds) else b + max(SNAP, 2 * (b - out[i - 1]) if i > 0 else 0.0)
        near = [p for p in usable if left < p < right and not _cuts(p, rules, texts)]
        if i == 0:
            near = [p for p in near if p <= b + 0.5]
        elif i == len(bounds) - 1:
            near = [p for p in near if p >= b - 0.5]
        if near:
            out[i] = min(near, key=lambda p: abs(p - b))
    return tuple(out)


def _cuts(pos: float, rules: Sequence[tuple[float, float, float]],
          texts: Sequence[tuple[float, float, float, float]]) -> bool:
    """Whether a rule at ``pos`` runs through a found text (a spanning cell's text crosses
    the positions of rules that stop at its row)."""
    return any(t0 + 0.5 < pos < t1 - 0.5 and min(b, tb) - max(a, ta) > 0.5
               for p, a, b in rules if abs(p - pos) < 1e-6 for t0, t1, ta, tb in texts)


def _strict(bounds: Sequence[float]) -> tuple[float, ...]:
    out = [round(float(bounds[0]), 3)]
    for b in bounds[1:]:
        out.append(round(max(float(b), out[-1] + MIN_GAP), 3))
    return tuple(out)


def _report(label: str, table: Unplaced, pieces: Sequence[Piece], ann: AnnTable | None, hit: int,
            total: int) -> list[str]:
    """Lines for a table not wholly placed: left out, pieces not placed, cells not found."""
    if total == 0:
        return [f"{label}: has no text; left out"]
    if ann is None:
        why = "none of its cells' texts is on the PDF's pages" if not pieces else \
            f"too few of its cells' texts are found together on one page ({hit} of {total})"
        return [f"{label}: not placed: {why} (an image, a scan, or text the PDF spells differently?)"]
    out = []
    for p in pieces:
        if p.placed is None:
            out.append(f"{label}: rows {p.first + 1}-{p.last + 1} not placed: too few of their cells are found on "
                       f"page {p.page}")
    if hit < total:
        missing = _missing(table, pieces)
        shown = ", ".join(repr(m) for m in missing[:5]) + (", ..." if len(missing) > 5 else "")
        out.append(f"{label}: {total - hit} of {total} non-empty cells not found on the page(s) "
                   f"{'-'.join(str(n) for n in sorted({p.page for p in pieces}))}: {shown}")
    return out


def _missing(table: Unplaced, pieces: Sequence[Piece]) -> list[str]:
    """Texts of the non-empty cells no piece found (shortened)."""
    got = set().union(*(p.found_slots() for p in pieces))
    return [" ".join(c.text.split())[:40] for c in table.cells if squash(c.text) and (c.r, c.c) not in got]


DOCUMENT_PAGES = 6  # an import may take as long as this many pages' budget (as a tag import)


def import_original_budgeted(original: str, pdf: str, budget: BudgetParams | None = None,
                             cancelled: Callable[[], bool] | None = None) -> OriginalImport:
    """``import_original`` in a worker process within ``DOCUMENT_PAGES`` x ``budget.seconds``
    (the window stays free; a hostile PDF cannot hold it); ``OriginalError`` when it fails.
    ``cancelled()`` turning true (its window closed) kills the process."""
    page = budget or BudgetParams()
    whole = dataclasses.replace(page, seconds=page.seconds * DOCUMENT_PAGES)
    with Budgeted(whole) as worker:
        out = worker.call(_job, original, pdf, cancelled=cancelled)
    if out.ok:
        result, error, unsupported = out.value
        if result is not None:
            return result
        raise OriginalError(error, unsupported)
    if out.status == "timeout":
        raise OriginalError(f"{Path(original).name}: its tables could not be placed on {Path(pdf).name} within "
                            f"{whole.seconds:g} s; budget.seconds sets the limit")
    raise OriginalError(f"{Path(original).name}: the import failed ({out.error})")


def _job(original: str, pdf: str) -> tuple[OriginalImport | None, str, bool]:
    """The job: the import, or None and the reason (an OriginalError crosses as text)."""
    try:
        return import_original(original, pdf), "", False
    except OriginalError as exc:
        return None, str(exc), exc.unsupported
