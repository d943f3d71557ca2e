"""A tagged table's placed grid -> its annotation regions (``tagged.read_tagged``).

One region per run of rows on one page and in one text column; each row goes to the page
where most of its glyphs are. A region's boundaries lie between neighbouring cells' glyph
boxes (``icdar.content_bounds``), ``PAD`` points out from the glyphs at the edges, or come
exactly from the cells' ``/Width`` and ``/Height`` layout attributes when a one-page table
gives a ``/BBox`` that holds its glyphs.
"""

from __future__ import annotations

from collections import Counter
from statistics import median

import pymupdf

from ..core.reading import tags
from ..core.types import Rect
from .icdar import content_bounds, round_rect
from .model import AnnCell, Region, fill_grid
from .roles import suggest_row_roles
from .tagged_grid import GridResult, Placed

PAD = 2.0  # points around the glyphs when the file gives no table box


def _row_pages(grid: GridResult) -> list[int]:
    """Each row's page: where most of its glyphs are; rows without glyphs follow the row above."""
    pages: list[int] = []
    for r in range(grid.n_rows):
        counts = Counter(p.cell.page for p in grid.placed if p.r == r and p.cell.page >= 0)
        pages.append(counts.most_common(1)[0][0] if counts else (pages[-1] if pages else -1))
    first = next((p for p in pages if p >= 0), 0)
    return [p if p >= 0 else first for p in pages]


def table_regions(grid: GridResult, node: tags.TagNode, raw: pymupdf.Document,
             table_box: tuple[int, Rect] | None) -> list[Region]:
    """One region per run of rows on one page and in one column of the page (InDesign
    threads a table on through the next text column: its rows go back up, to the right);
    ``table_box`` is the table's checked ``/BBox`` and its page (None when the file gives
    none or it was ignored)."""
    pages = _row_pages(grid)
    groups: list[tuple[int, list[int]]] = []
    first_x1 = bottom = None  # the current group's first-column glyphs' right edge, its glyphs' bottom
    for r, p in enumerate(pages):
        mine = [q for q in grid.placed if q.r == r and q.cell.box is not None and q.cell.page == p]
        lead = next((q.cell.box for q in mine if q.c == 0), None)
        turned = lead is not None and first_x1 is not None and bottom is not None \
            and lead.x0 >= first_x1 - 1 and lead.y0 < bottom - 1
        if not groups or groups[-1][0] != p or turned:
            groups.append((p, []))
            first_x1 = bottom = None
        groups[-1][1].append(r)
        if lead is not None:
            first_x1 = max(first_x1 or lead.x1, lead.x1)
        if mine:
            bottom = max(bottom or 0.0, max(q.cell.box.y1 for q in mine if q.cell.box is not None))
    box = table_box[1] if table_box is not None and len(groups) == 1 and groups[0][0] == table_box[0] else None
    # Layout /Width and /Height are in the unit the table's own /Height has against its
    # /BBox (LibreOffice writes them 50 times too small); proportional to the width otherwise.
    height = node.attr("Height")
    unit = box.height / height if box is not None and isinstance(height, (int, float)) and height > 0 else 0.0
    return [_region(grid, p, rows, box, unit) for p, rows in groups]


def _region(grid: GridResult, page: int, rows: list[int], box: Rect | None, unit: float) -> Region:
    r0 = rows[0]
    mine = [p for p in grid.placed if r0 <= p.r <= rows[-1]]
    boxes = [p.cell.box for p in mine if p.cell.box is not None and p.cell.page == page]
    content = Rect.bounding(boxes) if boxes else Rect(0, 0, 1, 1)
    outer = Rect(content.x0 - PAD, content.y0 - PAD, content.x1 + PAD, content.y1 + PAD)
    if box is not None and _contains(box.expanded(PAD + 1), content):
        outer = box
    n = len(rows)
    layout = _layout_bounds(mine, r0, n, grid.n_cols, box, unit) if box is not None else None
    if layout is not None:
        xs, ys = layout
        outer = Rect(xs[0], ys[0], xs[-1], ys[-1])
    else:
        spans = [(p, p.cell.box) for p in mine if p.cell.box is not None and p.cell.page == page]
        xs = content_bounds([(p.c, p.c + p.cell.cs, b.x0, b.x1) for p, b in spans], grid.n_cols, outer.x0, outer.x1)
        ys = content_bounds([(p.r - r0, min(p.r - r0 + p.cell.rs, n), b.y0, b.y1) for p, b in spans], n,
                            outer.y0, outer.y1)
    cells = [AnnCell(p.r - r0, p.c, min(p.cell.rs, n - (p.r - r0)), p.cell.cs, p.cell.text,
                     bbox=round_rect(p.cell.box) if p.cell.box and p.cell.page == page else None) for p in mine]
    # A cell spanning into this region from the page before leaves its slots here empty.
    filled = fill_grid(cells, n, grid.n_cols)
    texts = [[c.text for c in filled if c.r == r] for r in range(n)]
    return Region(page + 1, round_rect(outer), xs, ys, filled, suggest_row_roles(texts, 0))


def _layout_bounds(mine: list[Placed], r0: int, n_rows: int, n_cols: int, box: Rect,
                   unit: float) -> tuple[tuple[float, ...], tuple[float, ...]] | None:
    """Exact boundaries from the cells' ``/Width`` and ``/Height`` attributes times ``unit``
    (when 0: scaled to the table's ``/BBox`` width), columns from the box's left edge, rows
    stacked up from its bottom (its top may include the space above the table). None when an attribute is missing or a cell's glyphs would
    fall outside its slot."""
    widths, heights = [], []
    for c in range(n_cols):
        ws = [p.cell.w for p in mine if p.c == c and p.cell.cs == 1 and p.cell.w > 0]
        if not ws:
            return None
        widths.append(median(ws))
    for r in range(n_rows):
        hs = [p.cell.h for p in mine if p.r - r0 == r and p.cell.rs == 1 and p.cell.h > 0]
        if not hs:
            return None
        heights.append(max(hs))
    unit = unit or box.width / sum(widths)
    right = min(box.x1, box.x0 + unit * sum(widths))
    xs = [box.x0 + unit * sum(widths[:c]) for c in range(n_cols)] + [right]
    ys = [box.y1 - unit * sum(heights[r:]) for r in range(n_rows)] + [box.y1]
    if ys[0] < box.y0 - 2 or xs[-2] >= right - 0.5:
        return None
    for p in mine:
        b = p.cell.box
        if b is None:
            continue
        r, rs = p.r - r0, min(p.cell.rs, n_rows - (p.r - r0))
        slot = Rect(xs[p.c], ys[r], xs[p.c + p.cell.cs], ys[r + rs]).expanded(2)
        if not _contains(slot, b):
            return None
    return tuple(round(x, 3) for x in xs), tuple(round(y, 3) for y in ys)


def _contains(outer: Rect, inner: Rect) -> bool:
    return outer.x0 <= inner.x0 and outer.y0 <= inner.y0 and inner.x1 <= outer.x1 and inner.y1 <= outer.y1
