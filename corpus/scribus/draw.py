"""Sizing and drawing a table and a chart as a DTP user builds them on a Scribus page: each
column as wide as its widest text plus padding (the table then stretched to the width it is
given), each row as tall as its most wrapped cell; a text frame per cell, rectangles for
bands and tints, line objects for rules. All lengths in points, top-left origin.
"""

from __future__ import annotations

import random

import pymupdf

from .tables import Look, Obj, STable, text_width, wrap

PAD_X, PAD_Y = 4.0, 3.0
NATIVE_SIZE, NATIVE_ROW = 12.0, 20.0  # Scribus's default cell text, and the row height set for it
GREY = "Mid"


def font_of(t: STable, look: Look, r: int) -> str:
    return look.bold if r in t.bold_rows else look.font


def size(t: STable, look: Look, avail: float) -> None:
    """Set ``t.widths`` and ``t.heights``: natural column widths stretched to ``avail``, the
    wrapping column taking what the others leave."""
    native = t.style == "native"
    fsize = NATIVE_SIZE if native else look.size
    n = t.table.n_cols
    widths = [0.0] * n
    placed = t.table.placed("")
    for p in placed:
        if p.cell.cs == 1 and p.c != t.wrap_col:
            need = text_width(p.cell.text, font_of(t, look, p.r), fsize) + 2 * PAD_X + (8 if native else 2)
            widths[p.c] = max(widths[p.c], need)
    for p in placed:  # a spanning head no narrower than its text
        if p.cell.cs > 1:
            need = text_width(p.cell.text, font_of(t, look, p.r), fsize) + 2 * PAD_X + 2
            have = sum(widths[p.c:p.c + p.cell.cs])
            if need > have:
                widths[p.c + p.cell.cs - 1] += need - have
    if t.wrap_col >= 0:  # the description column narrow enough that its texts wrap
        widths[t.wrap_col] = min(max(90.0, avail - sum(widths)), t.wrap_width)
    if sum(widths) < avail and not native:
        extra = (avail - sum(widths)) / n
        widths = [w + extra for w in widths]
    if sum(widths) > avail + 0.01:
        raise ValueError(f"{t.style} table {sum(widths):.0f} pt wide in {avail:.0f} pt")
    t.widths = [round(w, 2) for w in widths]
    t.heights = [NATIVE_ROW] * t.table.n_rows if native else row_heights(t, look)


def row_heights(t: STable, look: Look) -> list[float]:
    lines = [1] * t.table.n_rows
    for p in t.table.placed(""):
        if p.cell.rs == 1:
            w = sum(t.widths[p.c:p.c + p.cell.cs]) - 2 * PAD_X - 3  # narrower than the frame: never fewer lines
            lines[p.r] = max(lines[p.r], wrap(p.cell.text, w, font_of(t, look, p.r), look.size))
    return [round(k * look.lead + 2 * PAD_Y, 2) for k in lines]


def edges(t: STable) -> tuple[list[float], list[float]]:
    xs, ys = [t.x], [t.y]
    for w in t.widths:
        xs.append(xs[-1] + w)
    for h in t.heights:
        ys.append(ys[-1] + h)
    return xs, ys


def cell_boxes(t: STable) -> dict[tuple[int, int], pymupdf.Rect]:
    """Each cell's box from the grid (spans included)."""
    xs, ys = edges(t)
    return {(p.r, p.c): pymupdf.Rect(xs[p.c], ys[p.r], xs[p.c + p.cell.cs], ys[p.r + p.cell.rs])
            for p in t.table.placed("")}


def texts(t: STable, look: Look, white_rows: set[int]) -> list[Obj]:
    """A text frame per cell inside its padding: numbers right, spanning heads centred."""
    out = []
    for (r, c), box in cell_boxes(t).items():
        cell = next(p.cell for p in t.table.placed("") if (p.r, p.c) == (r, c))
        align = "c" if cell.cs > 1 and r < t.table.header_rows else "r" if t.numeric[c] and cell.cs == 1 else "l"
        out.append({"k": "text", "x": box.x0 + PAD_X, "y": box.y0 + PAD_Y, "w": box.width - 2 * PAD_X,
                    "h": box.height - PAD_Y, "text": cell.text, "font": font_of(t, look, r), "size": look.size,
                    "lead": look.lead, "align": align, "color": "White" if r in white_rows else "Black"})
    return out


def hline(x0: float, x1: float, y: float, lw: float, color: str = "Black") -> Obj:
    return {"k": "line", "x0": x0, "y0": y, "x1": x1, "y1": y, "lw": lw, "color": color}


def vline(x: float, y0: float, y1: float, lw: float, color: str = "Black") -> Obj:
    return {"k": "line", "x0": x, "y0": y0, "x1": x, "y1": y1, "lw": lw, "color": color}


def band(x0: float, x1: float, y0: float, y1: float, fill: str) -> Obj:
    return {"k": "rect", "x": x0, "y": y0, "w": x1 - x0, "h": y1 - y0, "fill": fill}


def zebra(t: STable, look: Look, xs: list[float], ys: list[float]) -> list[Obj]:
    h = t.table.header_rows
    return [band(xs[0], xs[-1], ys[r], ys[r + 1], look.tint) for r in range(h + 1, t.table.n_rows, 2)]


def objects(t: STable, look: Look, rng: random.Random) -> list[Obj]:
    """What the page draws for ``t``, under its cells' text."""
    xs, ys = edges(t)
    h, x0, x1 = t.table.header_rows, xs[0], xs[-1]
    if t.style == "native":
        return [{"k": "table", "tid": "", "x": t.x, "y": t.y, "widths": t.widths, "heights": t.heights,
                 "cells": [[p.r, p.c, p.cell.rs, p.cell.cs, p.cell.text] for p in t.table.placed("")],
                 "fills": [[0, c, look.tint] for c in range(t.table.n_cols)]}]
    look_of = {"chart": rng.choice(("band", "hrules", "grid")), "twocol": rng.choice(("band", "hrules", "grid")),
               "panel": "grid"}
    kind = look_of.get(t.style, t.style)
    draw: list[Obj] = []
    white: set[int] = set()
    if kind in ("band", "rate"):
        draw += [band(x0, x1, ys[0], ys[h], look.dark)] + zebra(t, look, xs, ys)
        white = set(range(h))
    if kind == "rate":
        draw += [hline(x0, x1, ys[0], 0.75), hline(x0, x1, ys[-1], 0.75), vline(x0, ys[0], ys[-1], 0.75),
                 vline(x1, ys[0], ys[-1], 0.75), vline(xs[1], ys[0], ys[-1], 0.5), vline(xs[3], ys[0], ys[-1], 0.5)]
    if kind == "hrules":
        draw += [hline(x0, x1, ys[0], 1.5), hline(x0, x1, ys[h], 0.75), hline(x0, x1, ys[-1], 1.0)]
        draw += [hline(x0, x1, y, 0.3, GREY) for y in ys[h + 1:-1]]
    if kind == "sections":
        draw += [band(x0, x1, ys[0], ys[h], look.tint), hline(x0, x1, ys[h], 0.75), hline(x0, x1, ys[-1], 0.75)]
        for r in sorted(t.bold_rows - set(range(h))):
            draw.append(band(x0, x1, ys[r], ys[r + 1], look.mid))
        draw += [hline(x0, x1, ys[r + 1], 0.3, GREY) for r in range(h, t.table.n_rows - 1)
                 if r not in t.bold_rows and r + 1 not in t.bold_rows]
    if kind == "fillgrid":  # each border a thin filled rectangle centred on the grid line
        draw += [band(x0, x1, ys[0], ys[h], look.dark)] + zebra(t, look, xs, ys)
        draw += [band(x0 - 0.3, x1 + 0.3, y - 0.3, y + 0.3, "Black") for y in ys[h:]]
        draw += [band(x - 0.3, x + 0.3, ys[h], ys[-1], "Black") for x in xs]
        white = set(range(h))
    if kind in ("wrapped", "grid"):
        draw += [band(x0, x1, ys[0], ys[h], look.tint)]
        draw += [hline(x0, x1, y, 0.5) for y in ys] + [vline(x, ys[0], ys[-1], 0.5) for x in xs]
    return draw + texts(t, look, white)


def chart(x: float, y: float, w: float, h: float, look: Look, rng: random.Random, title: str) -> list[Obj]:
    """A bar chart in ``(x, y, w, h)``: a title, value labels on the left, gridlines, bars and
    year labels under them."""
    years = [str(2026 - k) for k in range(rng.randint(4, 6))][::-1]
    top = rng.choice((100, 200, 250, 400))
    ticks = 5
    out: list[Obj] = [{"k": "text", "x": x, "y": y, "w": w, "h": look.lead + 2, "text": title, "font": look.bold,
                       "size": look.size, "lead": look.lead}]
    gx0, gy0, gy1, gx1 = x + 30, y + look.lead + 8, y + h - look.lead - 4, x + w
    for k in range(ticks + 1):
        gy = gy1 - (gy1 - gy0) * k / ticks
        out.append(hline(gx0, gx1, gy, 0.3 if k else 0.75, GREY if k else "Black"))
        out.append({"k": "text", "x": x, "y": gy - look.lead / 2, "w": 26, "h": look.lead + 1,
                    "text": str(top * k // ticks), "font": look.font, "size": look.size - 1, "lead": look.lead,
                    "align": "r"})
    step = (gx1 - gx0) / len(years)
    for k, year in enumerate(years):
        bh = (gy1 - gy0) * rng.uniform(0.2, 0.95)
        bx = gx0 + k * step + step * 0.2
        out.append(band(bx, bx + step * 0.6, gy1 - bh, gy1, look.dark))
        out.append({"k": "text", "x": gx0 + k * step, "y": gy1 + 3, "w": step, "h": look.lead + 1, "text": year,
                    "font": look.font, "size": look.size - 1, "lead": look.lead, "align": "c"})
    return out
