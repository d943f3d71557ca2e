"""The truth of a printed workbook's block: its cell grid, drawn in a colour of its own on a
second print of the same workbook, filled with the first print's words.

Borders do not move a sheet's cells (column widths, row heights and the print scale stay), so
the coloured lines of the second print are the first print's cell edges.
"""

from __future__ import annotations

import pymupdf

from inspector.annotation.icdar import round_rect
from inspector.annotation.model import AnnTable
from inspector.annotation.region import AnnCell, Region
from inspector.annotation.roles import suggest_row_roles
from inspector.core.types import Rect

Word = tuple[float, float, float, float, str]


def _rgb(argb: str) -> tuple[float, float, float]:
    return tuple(int(argb[k:k + 2], 16) / 255 for k in (2, 4, 6))  # type: ignore[return-value]


def _cluster(values: list[float], tol: float = 1.2) -> list[float]:
    """Sorted values with those closer than ``tol`` (pt) merged into their mean."""
    out: list[list[float]] = []
    for v in sorted(values):
        if out and v - out[-1][-1] < tol:
            out[-1].append(v)
        else:
            out.append([v])
    return [sum(g) / len(g) for g in out]


def _grid(page: pymupdf.Page, rgb: tuple[float, float, float]) -> tuple[list[float], list[float]] | None:
    """The x and y positions (pt) of the lines drawn in ``rgb``, or None when there are none."""
    xs: list[float] = []
    ys: list[float] = []
    for d in page.get_drawings():
        col = d.get("color") if d["type"] != "f" else d.get("fill")
        if not col or max(abs(a - b) for a, b in zip(col, rgb, strict=True)) > 0.02:
            continue
        r = d["rect"]
        if r.width < 2.5 and r.height > 2.5:
            xs.append((r.x0 + r.x1) / 2)
        elif r.height < 2.5 and r.width > 2.5:
            ys.append((r.y0 + r.y1) / 2)
    if len(xs) < 2 or len(ys) < 2:
        return None
    return _cluster(xs), _cluster(ys)


def _slot(v: float, edges: list[float]) -> int | None:
    for k in range(len(edges) - 1):
        if edges[k] <= v < edges[k + 1]:
            return k
    return None


def _fill(words: list[Word], xs: list[float], ys: list[float]) -> dict[tuple[int, int], list[Word]]:
    """Each cell's words: a word belongs where its first glyph starts and its middle height is;
    a word that starts in an empty cell right after one that ran over its own cell's right edge
    is that cell's overflow."""
    cells: dict[tuple[int, int], list[Word]] = {}
    for w in sorted(words, key=lambda w: (round((w[1] + w[3]) / 2), w[0])):
        i, j = _slot((w[1] + w[3]) / 2, ys), _slot(w[0] + 0.3, xs)
        if i is None or j is None:
            continue
        prev = cells.get((i, j - 1), [])
        if j and (i, j) not in cells and prev and prev[-1][2] > xs[j] - 0.5 and w[0] - prev[-1][2] < 0.5 * (w[3] - w[1]):
            j -= 1
        cells.setdefault((i, j), []).append(w)
    return cells


def _box(ws: list[Word]) -> Rect:
    return round_rect(Rect(min(w[0] for w in ws), min(w[1] for w in ws), max(w[2] for w in ws), max(w[3] for w in ws)))


def _text(ws: list[Word]) -> str:
    return " ".join(w[4] for w in sorted(ws, key=lambda w: (round(w[3]), w[0])))


def _region(page_no: int, words: list[Word], xs: list[float], ys: list[float]) -> Region | None:
    """The grid's region with fully empty rows and columns dropped (a spacer column joins the
    column left of it), or None when fewer than two rows and columns hold text."""
    cells = _fill(words, xs, ys)
    rows = sorted({i for i, _ in cells})
    cols = sorted({j for _, j in cells})
    if len(rows) < 2 or len(cols) < 2:
        return None
    # A kept column reaches to the next kept one; a kept row likewise.
    kx = [xs[cols[0]]] + [xs[c] for c in cols[1:]] + [xs[-1]]
    ky = [ys[rows[0]]] + [ys[r] for r in rows[1:]] + [ys[-1]]
    out = []
    texts = []
    for a, i in enumerate(rows):
        texts.append([])
        for b, j in enumerate(cols):
            ws = cells.get((i, j), [])
            texts[-1].append(_text(ws))
            out.append(AnnCell(a, b, 1, 1, texts[-1][-1], bbox=_box(ws) if ws else None))
    bbox = round_rect(Rect(kx[0], ky[0], kx[-1], ky[-1]))
    return Region(page_no, bbox, (bbox.x0, *(round(v, 3) for v in kx[1:-1]), bbox.x1),
                  (bbox.y0, *(round(v, 3) for v in ky[1:-1]), bbox.y1), tuple(out), suggest_row_roles(texts, 1))


def block_tables(doc: pymupdf.Document, marked: pymupdf.Document, argb: str, tid: str, notes: str) -> list[AnnTable]:
    """The block drawn in ``argb``: one truth table with a region on each page it shows on
    (a sheet printed over pages continues its table), or none."""
    regions = []
    for k, (page, mpage) in enumerate(zip(doc, marked, strict=True)):
        grid = _grid(mpage, _rgb(argb))
        if grid is None:
            continue
        words = [tuple(w[:5]) for w in page.get_text("words")]
        region = _region(k + 1, words, *grid)  # type: ignore[arg-type]
        if region is not None:
            regions.append(region)
    if not regions:
        return []
    return [AnnTable(tid, tuple(regions), header_rows=1, verified=True, source="manual", notes=notes)]
