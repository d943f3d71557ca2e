"""A tagged PDF's own tables -> annotation tables marked "from tags, not verified".

The authoring program (Word, LibreOffice, InDesign...) wrote ``Table > THead/TBody/TFoot >
TR > TH/TD`` elements; each becomes an annotation table with source ``"tags"``: cells
placed with their ``/RowSpan``/``/ColSpan``, text and boxes from the glyphs each cell owns
(``core.tags``), header rows from ``THead`` and all-``TH`` rows, one region per page the
rows are on (``tagged_regions``). The grid's boundaries lie between neighbouring cells'
glyph boxes; a one-page table's outer edges come from its ``/BBox`` layout attribute when
the file wrote one.

Faults of real files are mended and reported in ``TaggedImport.fixes`` (one line each):
cyclic trees (``core.tags``), glyphs off the page (dropped), tables whose content is on
pages the file does not have (left out), form layouts tagged as tables (kept, flagged in
``notes``), and the grid faults of ``tagged_grid``.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pymupdf

from .. import __version__
from ..core.reading import tags
from ..core.reading.document import DocumentError, open_document
from ..core.reading.pagedict import mend_page_dict
from ..core.types import Rect
from . import tagged_lines
from .model import AnnTable, DocumentAnnotation, PageInfo, Region
from .tagged_grid import GridResult, TagCell, place
from .tagged_pieces import join_pieces
from .tagged_regions import table_regions
from .tagged_repeat import with_repeated_headers

NOTE = "from tags, not verified"
FORM_NOTE = "looks like a form layout tagged as a table"
UNPLACED_NOTE = "cells may lack text: the page's text has no glyph boxes"


class TaggedError(Exception):
    """The file cannot be imported; ``str(err)`` says why in one line."""


@dataclass(frozen=True)
class TaggedImport:
    annotation: DocumentAnnotation
    fixes: tuple[str, ...]


def read_tagged(source: str | os.PathLike[str] | bytes, name: str | None = None) -> TaggedImport:
    """Import every tagged table of a PDF (path or bytes). ``TaggedError`` when the file
    cannot be opened or has no structure tree; a tagged file without tables gives none."""
    try:
        doc = open_document(source, name=name)
    except DocumentError as exc:
        raise TaggedError(str(exc)) from None
    try:
        if doc.kind != "pdf":
            raise TaggedError(f"{doc.name}: not a PDF; only PDFs carry tags")
        pages = tuple(PageInfo(i + 1, *doc.page_size(i)) for i in range(doc.page_count))
        sha, file_name = doc.sha256(), Path(doc.name).name
        raw = pymupdf.open(stream=doc.data, filetype="pdf")  # a copy we may mend
        for i in range(raw.page_count):  # its pages measured as ``doc``'s are (page_size)
            mend_page_dict(raw, i)
    finally:
        doc.close()
    try:
        tables, fixes = _tables(raw, file_name)
    finally:
        raw.close()
    ann = DocumentAnnotation(sha, file_name, pages, tuple(tables), notes=f"tables read from the tags of {file_name}",
                             tool_version=__version__)
    problems = ann.problems()
    if problems:
        raise TaggedError(f"{file_name}: the imported tables are inconsistent: {problems[0]}")
    return TaggedImport(ann, tuple(fixes))


def _tables(raw: pymupdf.Document, file_name: str) -> tuple[list[AnnTable], list[str]]:
    tree = tags.read_tree(raw)
    if tree is None:
        raise TaggedError(f"{file_name}: the PDF is not tagged (no structure tree)")
    fixes = [f"{file_name}: {f}" for f in tree.faults]
    if tree.bad_parents:
        tags.mend_parents(raw, tree)
        if tree.faults:
            fixes.append(f"{file_name}: {len(tree.bad_parents)} parent link(s) disagreed with the tree; mended")
    wanted = {p for t in tree.tables() for n in t.walk() for p in n.pages} or set(range(raw.page_count))
    lines = tagged_lines.index_lines({i: tags.page_lines(raw[i]) for i in sorted(wanted)})
    out: list[tuple[tags.TagNode, AnnTable]] = []
    paths = {t.path for t in tree.tables()}
    for n, node in enumerate(tree.tables()):
        label = f"{file_name} table {n + 1}"
        nested = any(node.path[:k] in paths for k in range(1, len(node.path)))
        table = _table(node, lines, raw, label, fixes, f"t{len(out) + 1}", nested)
        if table is not None:
            out.append((node, table))
    return join_pieces(out, file_name, fixes), _grouped(fixes, file_name)


def _grouped(fixes: list[str], file_name: str, least: int = 4) -> list[str]:
    """The same fix said of ``least`` or more tables in one line (an extract of a long report
    can leave out hundreds of tables for one reason)."""
    pattern = re.compile(re.escape(file_name) + r" table (\d+): (.*)", re.S)
    tables: dict[str, list[str]] = {}
    for f in fixes:
        m = pattern.fullmatch(f)
        if m:
            tables.setdefault(m.group(2), []).append(m.group(1))
    out: list[str] = []
    for f in fixes:
        m = pattern.fullmatch(f)
        if m is None or len(tables[m.group(2)]) < least:
            out.append(f)
        elif tables[m.group(2)][0] == m.group(1):
            ns = tables[m.group(2)]
            out.append(f"{file_name} tables {', '.join(ns[:8])}{'...' if len(ns) > 8 else ''} ({len(ns)} tables): "
                       f"{m.group(2).replace('its ', 'their ')}")
    return out


def _rows(table: tags.TagNode) -> list[tuple[tags.TagNode, bool]]:
    """The table's TR elements in order, each with whether it sits in a THead."""
    out: list[tuple[tags.TagNode, bool]] = []
    stack: list[tuple[tags.TagNode, bool]] = [(k, False) for k in reversed(table.children)]
    while stack:
        node, head = stack.pop()
        if node.kind == "TR":
            out.append((node, head))
        elif node.kind in ("THead", "TBody", "TFoot"):
            stack.extend((k, node.kind == "THead") for k in reversed(node.children))
    return out


def _visual_lines(found: tagged_lines.Found) -> list[str]:
    """The cell's text, one string per visual line: MuPDF splits a line where the font
    changes ("Bold" "(0,1)" in Word's exports); pieces on one baseline, left to right, are
    joined (with a space where one ends or starts the pieces, or a gap wider than 8% of
    the height, about half a space, parts them)."""
    out: list[tuple[int, Rect, str]] = []
    last_raw = ""
    for page, ln in found:
        text, b = " ".join(ln.text.split()), ln.bbox
        if out:
            p0, prev, t0 = out[-1]
            overlap = min(prev.y1, b.y1) - max(prev.y0, b.y0)
            if p0 == page and overlap > 0.5 * min(prev.height, b.height) and b.x0 >= prev.x1 - 1:
                spaced = last_raw[-1:].isspace() or ln.text[:1].isspace() \
                    or b.x0 - prev.x1 > 0.08 * min(prev.height, b.height)
                out[-1] = (page, Rect.bounding([prev, b]), t0 + (" " if spaced else "") + text)
                last_raw = ln.text
                continue
        out.append((page, b, text))
        last_raw = ln.text
    return [t for _, _, t in out]


def _tag_cell(node: tags.TagNode, found: tagged_lines.Found) -> TagCell:
    text = "\n".join(_visual_lines(found))  # lines joined with "\n", as the format says
    box = Rect.bounding([ln.bbox for _, ln in found]) if found else None
    page = Counter(p for p, _ in found).most_common(1)[0][0] if found else -1
    return TagCell(text, box, _span(node.attr("RowSpan")), _span(node.attr("ColSpan")), node.kind == "TH", page,
                   _size(node.attr("Width")), _size(node.attr("Height")))


def _size(value: object) -> float:
    return float(value) if isinstance(value, (int, float)) and 0 < value < 1e5 else 0.0


def _span(value: object) -> int:
    return int(value) if isinstance(value, (int, float)) and 1 <= value <= 1000 else 1


def _table(node: tags.TagNode, lines: tagged_lines.LineIndex, raw: pymupdf.Document, label: str,
           fixes: list[str], table_id: str, nested: bool = False) -> AnnTable | None:
    rows = [(tr, head) for tr, head in _rows(node) if any(c.kind in ("TD", "TH") for c in tr.children)]
    nodes = [[c for c in tr.children if c.kind in ("TD", "TH")] for tr, _ in rows]
    dropped: Counter[str] = Counter()
    pages = {p for n in node.walk() for p in n.pages}
    box = _table_box(node, raw, min(pages)) if len(pages) == 1 else None
    if box is not None and not _holds_text(box, nodes, lines):
        fixes.append(f"{label}: its /BBox ({box.x0:.0f}, {box.y0:.0f}, {box.x1:.0f}, {box.y1:.0f}) does not hold its "
                     f"text (a box from another layout, e.g. the longer document this page was extracted from); "
                     f"ignored")
        box = None
    if box is not None and _whole_page(box, raw[min(pages)], nodes, lines):
        fixes.append(f"{label}: its /BBox is the whole page, not the table's (Acrobat's Excel export); ignored")
        box = None
    found = tagged_lines.own_lines(nodes, lines, raw, {min(pages): box} if box else {}, dropped)
    cells = [[_tag_cell(c, f) for c, f in zip(row, frow, strict=True)] for row, frow in zip(nodes, found, strict=True)]
    fixes += tagged_lines.report(label, dropped)
    if not cells:
        fixes.append(f"{label}: has no rows of cells; left out")
        return None
    if all(c.box is None for r in cells for c in r):
        missing = sum(n.missing_pages for n in node.walk())
        unplaced = any(_unplaced_text(raw[p]) for p in pages if 0 <= p < raw.page_count)
        why = "on pages this file does not have (an extract of a longer document?)" if missing \
            else "without text that has glyph boxes (the page's text has none MuPDF can place)" if unplaced \
            else "without any text on the file's pages"
        fixes.append(f"{label}: its cells are {why}; left out")
        return None
    grid = place(cells, label, fixes)
    head = [h for _, h in rows][grid.dropped_rows:]
    header_rows = 0
    for r in range(grid.n_rows):
        row = [p.cell for p in grid.placed if p.r == r]
        if not ((r < len(head) and head[r]) or (row and all(c.th for c in row))):
            break
        header_rows += 1
    regions = table_regions(grid, node, raw, (min(pages), box) if box is not None else None)
    regions = with_repeated_headers(raw, regions, header_rows)
    flag = _form_flag(node, grid, nested)
    if flag:
        fixes.append(f"{label}: {flag}; kept, flagged in its notes")
    notes = NOTE + (f"; {FORM_NOTE} ({flag})" if flag else "")
    blind = sorted(r.page for r in regions if _unplaced_text(raw[r.page - 1]))
    if blind:
        fixes.append(f"{label}: most text of page(s) {', '.join(map(str, blind))} has no glyph boxes MuPDF can "
                     f"place; cells may lack their text; kept, flagged in its notes")
        notes += f"; {UNPLACED_NOTE}"
    return AnnTable(table_id, tuple(regions), header_rows=min(header_rows, regions[0].n_rows),
                    header_cols=_header_cols(grid, header_rows, regions), title=grid.title, footnote=grid.footnote,
                    verified=False, notes=notes, source="tags")


def _header_cols(grid: GridResult, header_rows: int, regions: list[Region]) -> int:
    body = [p for p in grid.placed if p.r >= header_rows]
    n = 0
    while n < min(r.n_cols for r in regions) - 1:
        col = [p.cell for p in body if p.c == n]
        if not col or not all(c.th for c in col):
            break
        n += 1
    return n


def _table_box(node: tags.TagNode, raw: pymupdf.Document, page: int) -> Rect | None:
    """``/BBox`` of the table (PDF user space, bottom-left origin) on the top-left page."""
    bb = node.attr("BBox")
    if not (isinstance(bb, list) and len(bb) == 4 and all(isinstance(v, (int, float)) for v in bb)):
        return None
    pg = raw[page]
    mb = pg.mediabox
    x0, y0, x1, y1 = bb
    r = Rect(min(x0, x1) - pg.cropbox.x0, mb.height - max(y0, y1) - pg.cropbox.y0,
             max(x0, x1) - pg.cropbox.x0, mb.height - min(y0, y1) - pg.cropbox.y0)
    return r if r.width > 0 and r.height > 0 else None


def _holds_text(box: Rect, cells: list[list[tags.TagNode]], lines: tagged_lines.LineIndex) -> bool:
    """Whether at least half of the cells' text lines have their centre inside ``box``."""
    found = [ln.bbox for row in cells for c in row for _, ln in tagged_lines.cell_lines(c, lines)]
    inside = sum(1 for b in found if box.expanded(2).contains_point(b.cx, b.cy))
    return not found or 2 * inside >= len(found)


def _unplaced_text(page: pymupdf.Page) -> bool:
    """Whether most of the page's words (5 or more) are missing from its text lines with
    glyph boxes (fonts whose metrics MuPDF cannot use: the words have no place)."""
    words = len(page.get_text("words"))
    lines = page.get_text("dict")["blocks"]
    placed = sum(len(s["text"].split()) for b in lines for ln in b.get("lines", []) for s in ln["spans"])
    return words >= 5 and 2 * placed < words


def _whole_page(box: Rect, page: pymupdf.Page, cells: list[list[tags.TagNode]],
                lines: tagged_lines.LineIndex) -> bool:
    """Whether ``box`` covers nearly all of the page while the cells' text does not."""
    w, h = page.rect.width, page.rect.height
    found = [ln.bbox for row in cells for c in row for _, ln in tagged_lines.cell_lines(c, lines)]
    if not found or box.width < 0.9 * w or box.height < 0.9 * h:
        return False
    text = Rect.bounding(found)
    return text.width < 0.9 * box.width or text.height < 0.9 * box.height


BLANK = re.compile(r"_{3,}|\[\s*\]|[\u2610\u25a1]")  # fill-in rules, empty check boxes


def _form_flag(node: tags.TagNode, grid: GridResult, nested: bool) -> str:
    """Why the table looks like a form layout ("" when it does not): form fields, other
    tables inside its cells (or it inside another's), fill-in blanks, or label cells
    (ending in ':') beside empty ones."""
    widgets = sum(n.widgets for n in node.walk())
    if widgets:
        return f"{widgets} form field(s) inside its cells"
    inner = sum(1 for n in node.walk() if n.kind == "Table" and n is not node)
    if inner or nested:
        return f"{inner} table(s) inside its cells" if inner else "it sits inside another table's cell"
    texts = [p.cell.text.strip() for p in grid.placed]
    blanks = sum(1 for t in texts if BLANK.search(t))
    if blanks >= 2:
        return f"{blanks} of its {len(texts)} cells hold fill-in blanks or check boxes"
    labels = sum(1 for t in texts if t.endswith((":", "\uff1a")))
    empty = sum(1 for t in texts if not t)
    if texts and labels >= max(2, len(texts) // 3) and empty >= labels // 2:
        return f"{labels} of its {len(texts)} cells are labels ending in ':' beside empty cells"
    return ""
