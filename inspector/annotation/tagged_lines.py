"""Which text lines a tagged table's cells own, with the lines a reader misattributes left out.

MuPDF files every line under the structure element that was current when it was drawn,
and an element stays current after its marked content ends: untagged text drawn later on
the page (a stamp, a watermark, a chart's labels) lands in the page's last tagged element,
often a table's last cell. Such lines are dropped (and counted) when they are

- off the page (an InDesign spread keeps the facing page's text);
- diagonal (a watermark: cell text runs horizontally or at a right angle);
- away from the table: outside its ``/BBox`` when the file gives one for that page, or (in
  the table's last cells on a page, the ones a reader gives untagged text to) more than ``STRAY_LINES`` line heights beyond the other cells' text, unless it follows on
  from a kept line of its own cell (so a long multi-line cell, or a title cell standing
  above the rest, is kept whole): across, on any page; down, on the same page. A cell's
  first line is its own (the reader adds untagged text after it).
"""

from __future__ import annotations

from collections import Counter
from statistics import median

import pymupdf

from ..core.reading import tags
from ..core.types import Rect

STRAY_LINES = 3.0
Found = list[tuple[int, tags.TagLine]]  # (0-based page, line)


LineIndex = dict[tags.Path, Found]


def index_lines(lines: dict[int, list[tags.TagLine]]) -> LineIndex:
    """Every line under each prefix of its path (so an element finds its lines in one
    look-up, not a scan of the document's lines), in page then reading order."""
    out: LineIndex = {}
    for p in sorted(lines):
        for ln in lines[p]:
            for k in range(1, len(ln.path) + 1):
                out.setdefault(ln.path[:k], []).append((p, ln))
    return out


def cell_lines(cell: tags.TagNode, index: LineIndex) -> Found:
    return index.get(cell.path, [])


def _on_page(line: tags.TagLine, page: pymupdf.Page) -> bool:
    r = page.cropbox
    return 0 <= line.bbox.cx <= r.width and 0 <= line.bbox.cy <= r.height


def own_lines(cells: list[list[tags.TagNode]], lines: LineIndex, raw: pymupdf.Document,
              boxes: dict[int, Rect], dropped: Counter[str]) -> list[list[Found]]:
    """Per row, per cell: the lines it owns. ``boxes`` holds the table's box per page where
    the file gave one; ``dropped`` counts "off_page", "diagonal" and "stray" lines."""
    found: list[list[Found]] = []
    for row in cells:
        out_row = []
        for cell in row:
            kept: Found = []
            for p, ln in cell_lines(cell, lines):
                if not _on_page(ln, raw[p]):
                    dropped["off_page"] += 1
                elif ln.diagonal:
                    dropped["diagonal"] += 1
                else:
                    kept.append((p, ln))
            out_row.append(kept)
        found.append(out_row)
    # Only the page's last tagged element collects untagged text drawn after it: the last
    # cell on each page by its /Pg (an empty last row still ends the table), or by its glyphs.
    last: dict[int, set[tuple[int, int]]] = {}
    for key in ("pg", "glyphs"):
        mine: dict[int, tuple[int, int]] = {}
        for i, row in enumerate(cells):
            for j, cell in enumerate(row):
                on = {p for n in cell.walk() for p in n.pages} if key == "pg" else {p for p, _ in found[i][j]}
                mine.update((p, (i, j)) for p in on)
        for p, ij in mine.items():
            last.setdefault(p, set()).add(ij)
    return _without_strays(found, boxes, last, dropped)


def _without_strays(found: list[list[Found]], boxes: dict[int, Rect], last: dict[int, set[tuple[int, int]]],
                    dropped: Counter[str]) -> list[list[Found]]:
    every = [(i, j, p, ln) for i, row in enumerate(found) for j, cell in enumerate(row) for p, ln in cell]
    if not every:
        return found
    step = STRAY_LINES * median(ln.bbox.height for *_, ln in every)
    out: list[list[Found]] = []
    for i, row in enumerate(found):
        out_row = []
        for j, cell in enumerate(row):
            others = [(q, x.bbox) for a, b, q, x in every if (a, b) != (i, j)]
            ok = _own(cell, others, {p for p, ijs in last.items() if (i, j) in ijs}, step)
            ok = [y and (p not in boxes or boxes[p].expanded(2).contains_point(ln.bbox.cx, ln.bbox.cy))
                  for y, (p, ln) in zip(ok, cell, strict=True)]  # a /BBox may be wider than the table
            dropped["stray"] += ok.count(False)
            out_row.append([x for x, keep in zip(cell, ok, strict=True) if keep])
        out.append(out_row)
    return out


def _own(cell: Found, others: list[tuple[int, Rect]], last_on: set[int], step: float) -> list[bool]:
    """Which of a cell's lines are its own. A reader adds untagged text after the cell's own
    lines, so they are a prefix: the first line, then each line near the line before it or
    near the other cells' text; on the pages where the cell is the table's last, everything
    after the first line that is neither is stray."""
    ok: list[bool] = []
    broken = False
    for k, (p, ln) in enumerate(cell):
        if p not in last_on:
            ok.append(True)
            continue
        before = [(q, x.bbox) for q, x in cell[:k]]
        broken = broken or not (k == 0 or _near(ln.bbox, before, p, step) or _near(ln.bbox, others, p, step))
        ok.append(not broken)
    return ok


def _near(box: Rect, others: list[tuple[int, Rect]], page: int, step: float) -> bool:
    """Within ``step`` of the others' x range (all pages: a table keeps its width over pages)
    and of their y range on the same page (when it has any)."""
    if not others:
        return True
    xs = Rect.bounding([b for _, b in others])
    if not xs.x0 - step <= box.cx <= xs.x1 + step:
        return False
    same = [b for q, b in others if q == page]
    if not same:
        return True
    ys = Rect.bounding(same)
    return ys.y0 - step <= box.cy <= ys.y1 + step


def report(label: str, dropped: Counter[str]) -> list[str]:
    """One line per kind of dropped line."""
    why = {"off_page": "lie off the page (a spread's facing page?)",
           "diagonal": "run diagonally (a watermark drawn over the table)",
           "stray": "lie away from the table (untagged text after it, counted into its last cell by the reader)"}
    return [f"{label}: {dropped[k]} line(s) of its text {v}; left out" for k, v in why.items() if dropped[k]]
