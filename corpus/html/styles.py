"""Table styles of today's HTML/CSS reports, as ``HtmlTable`` builders.

Each builder draws its table the way CSS does (cell backgrounds, ``border-spacing``
gutters, per-side borders), which MuPDF's Story lays out differently from LibreOffice:
a cell's background is one rectangle per cell plus one per text run, borders are thin
filled rectangles, gutters are the page showing between cells.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from ..modern.content import Content
from .tables import Cell, HtmlTable

DARK = ("#1F4E79", "#833C0B", "#375623", "#7030A0", "#2F5597", "#404040", "#C00000", "#00827F")
LIGHT = ("#DEEAF6", "#FBE4D5", "#E2EFD9", "#EDE7F6", "#F2F2F2", "#FFF2CC", "#E8F4F8")
FONTS = ("sans-serif", "serif")
RIGHT = "text-align:right"


def _size(c: Content) -> str:
    return f"font-size:{c.rng.choice((8, 8.5, 9, 9.5, 10))}pt;font-family:{c.rng.choice(FONTS)}"


def _width(c: Content, choices: tuple[int, ...] = (70, 80, 90, 100)) -> str:
    return f"width:{c.rng.choice(choices)}%"


def _body(c: Content, n_rows: int, n_cols: int, wrap: bool = False, css: str = RIGHT) -> list[list[Cell]]:
    """Label column + numbers, right-aligned."""
    kinds = c.kinds(n_cols - 1)
    return [[Cell(label)] + [Cell(c.number(k), css=css) for k in kinds]
            for label in c.labels(n_rows, wrap)]


def _header(c: Content, n_cols: int, css: str = "") -> list[Cell]:
    heads = c.rng.choice((c.years, c.quarters))(n_cols - 1)
    return [Cell(c.rng.choice(("", "Item", "Indicator", "Region")) or "Metric", th=True, css=css)] + \
           [Cell(h, th=True, css=f"{RIGHT};{css}") for h in heads]


def _shape(c: Content) -> tuple[int, int]:
    return c.rng.randint(4, 9), c.rng.randint(3, 6)


def panels(c: Content) -> HtmlTable:
    rows, cols = _shape(c)
    gap, pad = c.rng.choice((2, 3, 4, 6)), c.rng.choice((3, 4, 5))
    dark, light = c.rng.choice(DARK), c.rng.choice(LIGHT)
    head = _header(c, cols, f"background-color:{dark};color:white")
    body = [[Cell(x.text, css=f"{x.css};background-color:{light}") for x in row] for row in _body(c, rows, cols)]
    return HtmlTable("panels", f"border-spacing {gap}px, panels {light}, header {dark}", [head, *body],
                     f"border-collapse:separate;border-spacing:{gap}px;{_width(c)};{_size(c)}",
                     f"padding:{pad}px", pad=pad)


def zebra(c: Content) -> HtmlTable:
    rows, cols = _shape(c)
    light = c.rng.choice(LIGHT)
    rows += 2
    row_css = ["font-weight:bold"] + [f"background-color:{light}" if i % 2 == 0 else "" for i in range(rows)]
    return HtmlTable("zebra", f"rows {light}, no lines", [_header(c, cols), *_body(c, rows, cols)],
                     f"border-collapse:collapse;{_width(c)};{_size(c)}", "padding:3px", row_css, pad=3)


def header_band(c: Content) -> HtmlTable:
    rows, cols = _shape(c)
    dark = c.rng.choice(DARK)
    return HtmlTable("header_band", f"header {dark}, white text", [_header(c, cols), *_body(c, rows, cols)],
                     f"border-collapse:collapse;{_width(c)};{_size(c)}", "padding:3px",
                     [f"background-color:{dark};color:white"], pad=3)


def column_shading(c: Content) -> HtmlTable:
    rows, cols = _shape(c)
    light = c.rng.choice(LIGHT)
    odd = c.rng.random() < 0.5
    grid = [_header(c, cols), *_body(c, rows, cols)]
    shaded = [[Cell(x.text, x.th, css=f"{x.css};background-color:{light}") if (j % 2 == 1) == odd else x
               for j, x in enumerate(row)] for row in grid]
    return HtmlTable("column_shading", f"{'odd' if odd else 'even'} columns {light}", shaded,
                     f"border-collapse:collapse;{_width(c)};{_size(c)}", "padding:3px", pad=3)


def section_rows(c: Content) -> HtmlTable:
    rows, cols = _shape(c)
    light, dark = c.rng.choice(LIGHT), c.rng.choice(DARK)
    grid: list[list[Cell]] = [_header(c, cols, f"background-color:{dark};color:white")]
    n_sections = c.rng.randint(2, 3)
    for _ in range(n_sections):
        grid.append([Cell(c.section(), cs=cols, css=f"background-color:{light};font-weight:bold")])
        grid += _body(c, max(2, rows // n_sections + 1), cols)
    return HtmlTable("section_rows", f"{n_sections} full-width rows {light}", grid,
                     f"border-collapse:collapse;{_width(c)};{_size(c)}", "padding:3px", pad=3)


def multi_header(c: Content) -> HtmlTable:
    groups, per = c.rng.randint(2, 3), c.rng.randint(2, 3)
    rows = c.rng.randint(4, 8)
    years = c.years(groups)
    sub = c.rng.choice((["Plan", "Actual", "Delta"], ["H1", "H2", "FY"], ["EU", "US", "Asia"]))[:per]
    ruled = c.rng.random() < 0.5
    dark = c.rng.choice(DARK)
    hcss = "" if ruled else f"background-color:{dark};color:white;border:1px solid white"
    top = [Cell("Indicator", th=True, rs=2, css=hcss)] + [Cell(y, th=True, cs=per, css=f"text-align:center;{hcss}")
                                                          for y in years]
    second = [Cell(s, th=True, css=f"{RIGHT};{hcss}") for _ in years for s in sub]
    cell_css = "padding:3px;border:0.5px solid #808080" if ruled else "padding:3px;border-bottom:0.5px solid #BFBFBF"
    return HtmlTable("multi_header", f"{groups} x {per} spanned header, {'grid' if ruled else f'band {dark}'}",
                     [top, second, *_body(c, rows, 1 + groups * per)],
                     f"border-collapse:collapse;{_width(c, (90, 100))};{_size(c)}", cell_css, pad=3, header_rows=2)


def multiline(c: Content) -> HtmlTable:
    rows, cols = c.rng.randint(3, 6), c.rng.randint(3, 4)
    light = c.rng.choice(LIGHT)
    banded = c.rng.random() < 0.5
    body = _body(c, rows, cols, wrap=True)
    for row in body:  # a second line in some figure cells: the change against last year
        if c.rng.random() < 0.4:
            row[-1] = Cell(f"{row[-1].text}\n({c.number('pct')})", css=RIGHT)
    row_css = ["font-weight:bold"] + [f"background-color:{light}" if banded and i % 2 == 0 else ""
                                      for i in range(rows)]
    cell_css = "padding:4px;vertical-align:top" + ("" if banded else ";border-bottom:0.5px solid #7F7F7F")
    return HtmlTable("multiline", "zebra bands" if banded else "rules under rows",
                     [_header(c, cols), *body], f"border-collapse:collapse;{_width(c, (60, 70, 80))};{_size(c)}",
                     cell_css, row_css, pad=4)


def totals(c: Content) -> HtmlTable:
    rows, cols = _shape(c)
    body = _body(c, rows, cols)
    total = [Cell("Total", css="font-weight:bold;border-top:1px solid black")] + \
            [Cell(c.number("int"), css=f"{RIGHT};font-weight:bold;border-top:1px solid black")
             for _ in range(cols - 1)]
    head = [Cell(x.text, True, css=f"{x.css};border-bottom:0.75px solid black") for x in _header(c, cols)]
    return HtmlTable("totals", "rule over the totals row and under the header", [head, *body, total],
                     f"border-collapse:collapse;{_width(c)};{_size(c)}", "padding:3px", pad=3)


def booktabs(c: Content) -> HtmlTable:
    rows, cols = _shape(c)
    head = [Cell(x.text, True, css=f"{x.css};border-top:1.5px solid black;border-bottom:0.75px solid black")
            for x in _header(c, cols)]
    body = _body(c, rows, cols)
    body[-1] = [Cell(x.text, css=f"{x.css};border-bottom:1.5px solid black") for x in body[-1]]
    return HtmlTable("booktabs", "top, mid and bottom rules only", [head, *body],
                     f"border-collapse:collapse;{_width(c)};{_size(c)}", "padding:3px", pad=3)


def borderless(c: Content) -> HtmlTable:
    rows, cols = _shape(c)
    return HtmlTable("borderless", "no lines, no fills", [_header(c, cols), *_body(c, rows, cols)],
                     f"border-collapse:collapse;{_width(c, (60, 75, 90))};{_size(c)}", "padding:2px 6px", pad=2)


def padding(c: Content) -> HtmlTable:
    rows, cols = _shape(c)
    pad = c.rng.choice((1, 2, 8, 10))
    light = c.rng.choice(LIGHT)
    lines = c.rng.random() < 0.5
    cell_css = f"padding:{pad}px" + (";border-bottom:0.5px solid #A6A6A6" if lines else "")
    row_css = [f"background-color:{light};font-weight:bold"]
    return HtmlTable("padding", f"padding {pad}px, {'rules under rows' if lines else 'header band only'}",
                     [_header(c, cols), *_body(c, rows, cols)],
                     f"border-collapse:collapse;{_width(c)};{_size(c)}", cell_css, row_css, pad=pad)


def hairline(c: Content) -> HtmlTable:
    rows, cols = _shape(c)
    grey = c.rng.choice(("#BFBFBF", "#A6A6A6", "#D9D9D9", "#C8C8C8"))
    return HtmlTable("hairline", f"0.5px {grey} grid", [_header(c, cols), *_body(c, rows, cols)],
                     f"border-collapse:collapse;{_width(c)};{_size(c)}", f"padding:3px;border:0.5px solid {grey}",
                     pad=3)


def text_column(c: Content) -> HtmlTable:
    inner = c.rng.choice((zebra, booktabs, hairline, header_band, borderless, panels))(c)
    text = " ".join(f"{c.phrase()}." for _ in range(c.rng.randint(5, 9)))
    return replace(inner, style="text_column", detail=f"beside a text column, {inner.style}: {inner.detail}",
                   rows=[row[:4] for row in inner.rows], side_text=text,
                   table_css=re.sub(r"width:\d+%", "width:100%", inner.table_css))


STYLES: dict[str, Callable[[Content], HtmlTable]] = {f.__name__: f for f in (
    panels, zebra, header_band, column_shading, section_rows, multi_header, multiline, totals, booktabs,
    borderless, padding, hairline, text_column)}
