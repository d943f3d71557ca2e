"""A table's header rows repeated at the top of each page it continues on, when the tags
leave them out: Typst (and LibreOffice) write a repeated ``table.header`` / header row as a
pagination artifact, outside the structure tree, so the tags put the continuation's first
region on that page without the header rows a reader sees there.

A continuation region gets the first region's header rows back when the page shows, right
above the region and inside its columns, the same header texts in the same columns (words
outside the tree: nothing else is read). Its rows then start with those rows, role
"header", as a person annotates a continued table (``model.stacked_core_table`` drops them
again when the pieces are stacked).
"""

from __future__ import annotations

import dataclasses

import pymupdf

from ..core.types import Rect
from .icdar import round_rect
from .model import AnnCell, Region, fill_grid

GAP = 1.5  # header heights between the repeated header's words and the region's top, at most
SLACK = 3.0  # points a header word may stand out of its column's edges


def _key(text: str) -> str:
    return "".join(text.split())


def _header_words(page: pymupdf.Page, first: Region, header_rows: int, region: Region) -> list[tuple[AnnCell, Rect]] | None:
    """Each non-empty header cell of ``first`` with the box of the words that repeat it over
    ``region`` (same text, same columns); None when one is missing. The pieces of one table
    share their columns (a page's own columns may be narrower than the header's text)."""
    head = [c for c in first.cells if c.r < header_rows and _key(c.text)]
    height = first.ys[header_rows] - first.ys[0]
    if not head or height <= 0:
        return None
    band = (region.bbox.y0 - (1 + GAP) * height, region.bbox.y0 + 1)
    words = [w for w in page.get_text("words") if band[0] <= (w[1] + w[3]) / 2 <= band[1]]
    out = []
    for cell in head:
        # The columns of either piece: a header wider than this page's body stands out of its.
        x0 = min(first.xs[cell.c], region.xs[cell.c]) - SLACK
        x1 = max(first.xs[cell.c + cell.cs], region.xs[cell.c + cell.cs]) + SLACK
        mine = [w for w in words if x0 <= w[0] and w[2] <= x1]
        if not mine or _key("".join(w[4] for w in mine)) != _key(cell.text):
            return None
        out.append((cell, Rect(min(w[0] for w in mine), min(w[1] for w in mine),
                               max(w[2] for w in mine), max(w[3] for w in mine))))
    return out


def with_repeated_header(page: pymupdf.Page, first: Region, header_rows: int, region: Region) -> Region:
    """``region`` (a continuation on ``page``) with ``first``'s header rows put back on top
    when the page repeats them; else ``region`` unchanged."""
    if not 0 < header_rows < first.n_rows or region.n_cols != first.n_cols or region.turn or first.turn:
        return region
    found = _header_words(page, first, header_rows, region)
    if found is None:
        return region
    boxes = [b for _, b in found]
    top = min(b.y0 for b in boxes) - 2.0
    # Header row boundaries between the rows' words (the first region's, moved to this page).
    ys = [top]
    for r in range(1, header_rows):
        above = [b.y1 for c, b in found if c.r + c.rs <= r]
        below = [b.y0 for c, b in found if c.r >= r]
        ys.append((max(above) + min(below)) / 2 if above and below else top + (first.ys[r] - first.ys[0]))
    low = max(b.y1 for b in boxes)
    ys.append(region.ys[0] if region.ys[0] >= low else (low + region.ys[1]) / 2)
    head = [AnnCell(c.r, c.c, c.rs, c.cs, c.text, bbox=round_rect(b)) for c, b in found]
    body = [dataclasses.replace(c, r=c.r + header_rows) for c in region.cells]
    cells = fill_grid([*head, *body], region.n_rows + header_rows, region.n_cols)
    roles = ("header",) * header_rows + (region.row_roles or ("data",) * region.n_rows)
    bbox = Rect(region.bbox.x0, top, region.bbox.x1, region.bbox.y1)
    return dataclasses.replace(region, bbox=round_rect(bbox), ys=(*(round(y, 3) for y in ys), *region.ys[1:]),
                               cells=cells, row_roles=roles)


def with_repeated_headers(raw: pymupdf.Document, regions: list[Region], header_rows: int) -> list[Region]:
    """A table's regions, each on a later page than the first with the header put back
    (``with_repeated_header``)."""
    first = regions[0]
    return [first] + [r if r.page == first.page else with_repeated_header(raw[r.page - 1], first, header_rows, r)
                      for r in regions[1:]]
