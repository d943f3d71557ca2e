"""Tables drawn by matplotlib the two ways reports draw them: ``Axes.table`` (a
``matplotlib.table.Table`` of cell patches) and text laid out cell by cell with rules and
filled rectangles as artists, on A4 figures saved by matplotlib's own PDF backend.

Coordinates here are PDF points, top-left origin, like the truth: the figure's dpi is 72,
so a display coordinate is a point measured from the bottom.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pymupdf
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle
from matplotlib.transforms import Affine2D

from ..html.tables import Cell, HtmlTable
from .content import Sci

W, H = 595.0, 842.0  # A4 in points
MARGIN = 62.0
DARK = ("#1f3864", "#2e4057", "#3b3b3b", "#0b5394")
LIGHT = ("#eef2f7", "#f2f2f2", "#e8f0e8")


@dataclass
class Sheet:
    """One page: its figure, the point transform and a renderer to measure text."""

    fig: Figure
    renderer: object = None
    y: float = MARGIN

    @classmethod
    def new(cls) -> Sheet:
        fig = Figure(figsize=(W / 72, H / 72), dpi=72)
        return cls(fig, FigureCanvasAgg(fig).get_renderer())

    @property
    def tr(self) -> Affine2D:
        return Affine2D().scale(1, -1).translate(0, H)

    def width(self, text: str, size: float, bold: bool = False) -> float:
        prop = FontProperties(size=size, weight="bold" if bold else "normal")
        return max(self.renderer.get_text_width_height_descent(t, prop, ismath=False)[0]  # type: ignore[attr-defined]
                   for t in text.split("\n"))

    def text(self, x: float, y: float, s: str, size: float, bold: bool = False, ha: str = "left",
             va: str = "baseline", color: str = "black") -> None:
        self.fig.text(x, y, s, transform=self.tr, fontsize=size, fontweight="bold" if bold else "normal",
                      ha=ha, va=va, color=color, parse_math=False, linespacing=1.25)

    def hline(self, x0: float, x1: float, y: float, lw: float, color: str = "black") -> None:
        self.fig.add_artist(Line2D([x0, x1], [y, y], transform=self.tr, lw=lw, color=color, solid_capstyle="butt"))

    def vline(self, x: float, y0: float, y1: float, lw: float, color: str = "black") -> None:
        self.fig.add_artist(Line2D([x, x], [y0, y1], transform=self.tr, lw=lw, color=color, solid_capstyle="butt"))

    def fill(self, r: pymupdf.Rect, color: str) -> None:
        self.fig.add_artist(Rectangle((r.x0, r.y0), r.width, r.height, transform=self.tr, facecolor=color,
                                      edgecolor="none", zorder=0))

    def paragraph(self, x: float, width: float, s: str, size: float = 9.5) -> float:
        """``s`` wrapped into ``width`` points from the sheet's ``y``; returns the height used."""
        lines, cur = [], ""
        for word in s.split():
            trial = f"{cur} {word}".strip()
            if cur and self.width(trial, size) > width:
                lines.append(cur)
                cur = word
            else:
                cur = trial
        lines.append(cur)
        for k, line in enumerate(lines):
            self.text(x, self.y + size * (1 + 1.3 * k), line, size)
        return size * 1.3 * len(lines) + 2


@dataclass
class Plan:
    """A text table's geometry: column edges (points) and each row's height, the cells as a
    ``HtmlTable`` (its structure is the truth) and which rows are header rows."""

    table: HtmlTable
    xs: list[float]
    heights: list[float]
    size: float
    numeric: list[bool]
    header: int
    totals: set[int] = field(default_factory=set)


def plan(sheet: Sheet, sci: Sci, style: str, rows: list[int], x0: float, size: float, pad: float) -> Plan:
    """The geometry of ``sci``'s head and its body ``rows`` drawn from ``x0``."""
    head: list[list[Cell]] = []
    if sci.groups:
        head.append([Cell(g, th=True, cs=span) for g, span in sci.groups])
    head += [[Cell(t, th=True) for t in row] for row in sci.head]
    body = [[Cell(t) for t in sci.body[r]] for r in rows]
    widths = [0.0] * sci.n_cols
    for row in sci.head + [sci.body[r] for r in rows]:
        for c, t in enumerate(row):
            widths[c] = max(widths[c], sheet.width(t, size, bold=True) + 2 * pad)
    xs = [x0]
    for w in widths:
        xs.append(xs[-1] + w)
    lines = [1] * len(head) + [sci.body[r][0].count("\n") + 1 for r in rows]
    heights = [size * (1.25 * n + 0.55) + (4 if style == "band" else 2) for n in lines]
    totals = {len(head) + k for k, r in enumerate(rows) if r in sci.totals}
    table = HtmlTable(style, "", head + body, pad=0.0, header_rows=len(head))
    return Plan(table, xs, heights, size, sci.numeric, len(head), totals)


def boxes(p: Plan, y0: float) -> dict[tuple[int, int], pymupdf.Rect]:
    """Each cell's slot box, by (row, column) of its top-left slot."""
    ys = [y0]
    for h in p.heights:
        ys.append(ys[-1] + h)
    return {(c.r, c.c): pymupdf.Rect(p.xs[c.c], ys[c.r], p.xs[c.c + c.cell.cs], ys[c.r + c.cell.rs])
            for c in p.table.placed("")}


def draw_text_table(sheet: Sheet, p: Plan, style: str, rng: random.Random, pad: float) -> dict[tuple[int, int], pymupdf.Rect]:
    """Cells as text artists, then the style's rules and fills; the cells' boxes."""
    y0 = sheet.y
    slots = boxes(p, y0)
    x0, x1 = p.xs[0], p.xs[-1]
    bottom = y0 + sum(p.heights)
    dark = rng.choice(DARK)
    if style == "band":
        hb = pymupdf.Rect(x0, y0, x1, y0 + sum(p.heights[:p.header]))
        sheet.fill(hb, dark)
        light = rng.choice(LIGHT)
        for (r, c), b in slots.items():
            if r >= p.header and (r - p.header) % 2 == 1 and c == 0:
                sheet.fill(pymupdf.Rect(x0, b.y0, x1, b.y1), light)
    for (r, c), b in slots.items():
        cell = next(q.cell for q in p.table.placed("") if (q.r, q.c) == (r, c))
        if not cell.text:
            continue
        head = r < p.header
        ha = "center" if cell.cs > 1 else ("right" if p.numeric[c] and not (head and style == "plain") else "left")
        x = {"left": b.x0 + pad, "right": b.x1 - pad, "center": (b.x0 + b.x1) / 2}[ha]
        n = cell.text.count("\n") + 1
        base = (b.y0 + b.y1) / 2 + (n - 1) * 0.625 * p.size + 0.35 * p.size  # va="baseline": the last line's
        sheet.text(x, base, cell.text, p.size, bold=head or r in p.totals, ha=ha,
                   color="white" if head and style == "band" else "black")
    if style in ("rules", "spans", "wrapped", "totals"):
        sheet.hline(x0, x1, y0, 1.0)
        sheet.hline(x0, x1, y0 + sum(p.heights[:p.header]), 0.6)
        sheet.hline(x0, x1, bottom, 1.0)
        for (r, c), b in slots.items():
            if r < p.header - 1 and b.x1 - b.x0 > p.xs[c + 1] - p.xs[c] + 1:  # a group label: a short rule under it
                sheet.hline(b.x0 + 3, b.x1 - 3, b.y1, 0.5)
            if r in p.totals and c == 0:
                sheet.hline(x0, x1, b.y0, 0.5)
    return slots


def draw_axes_table(sheet: Sheet, sci: Sci, rows: list[int], style: str, rect: pymupdf.Rect, size: float,
                    rng: random.Random, widths: list[float]) -> tuple[HtmlTable, dict[tuple[int, int], pymupdf.Rect]]:
    """``Axes.table`` filling ``rect``: the header as column labels; the cells' boxes read back
    from the drawn patches."""
    ax = sheet.fig.add_axes((rect.x0 / W, 1 - rect.y1 / H, rect.width / W, rect.height / H))
    ax.axis("off")
    body = [sci.body[r] for r in rows]
    colours = [rng.choice(LIGHT)] * sci.n_cols if style == "axtable_grid" else None
    tbl = ax.table(cellText=body, colLabels=sci.head[0], colColours=colours, bbox=(0, 0, 1, 1), colWidths=widths,
                   cellLoc=rng.choice(("center", "right")) if style == "axtable_grid" else "right",
                   colLoc="center")
    tbl.auto_set_font_size(False)
    tbl.set_fontsize(size)
    for (r, c), cell in tbl.get_celld().items():
        if c == 0 and r > 0:
            cell.get_text().set_ha("left")
            cell.PAD = 0.05
        if style == "axtable_open":
            cell.visible_edges = "B" if r == 0 else "open"
        elif style == "axtable_horizontal":
            cell.visible_edges = "horizontal"
        if r == 0:
            cell.get_text().set_fontweight("bold")
    sheet.fig.canvas.draw()
    out = {}
    for (r, c), cell in tbl.get_celld().items():
        e = cell.get_window_extent(sheet.fig.canvas.get_renderer())
        out[r, c] = pymupdf.Rect(e.x0, H - e.y1, e.x1, H - e.y0)
    table = HtmlTable(style, "", [[Cell(t, th=True) for t in sci.head[0]], *[[Cell(t) for t in row] for row in body]],
                      pad=0.0, header_rows=1)
    return table, out


def draw_plot(sheet: Sheet, rect: pymupdf.Rect, rng: random.Random) -> None:
    """A small line chart with ticks, labels and a legend, where a report puts one beside a table."""
    ax = sheet.fig.add_axes((rect.x0 / W, 1 - rect.y1 / H, rect.width / W, rect.height / H))
    xs = list(range(0, 60, 5))
    for k in range(rng.randint(2, 3)):
        a, b = rng.uniform(0.2, 1.0), rng.uniform(-0.3, 0.3)
        ax.plot(xs, [a * x ** 0.5 + b * k for x in xs], marker="os^"[k], ms=3, lw=1, label=f"run {k + 1}")
    ax.set_xlabel("Epoch", fontsize=8)
    ax.set_ylabel("Loss", fontsize=8)
    ax.tick_params(labelsize=7)
    ax.legend(fontsize=7, frameon=False)
