"""Tables drawn with colour (fills only, no strokes unless said), built with PyMuPDF, with
their exact expected grids.

Each builder returns ``(pdf_bytes, ColourCase)``. Coordinates are PDF points, top-left
origin. ``STYLES`` maps a style name to its builder, for parametrised tests and for
``benchmarks/score_colour.py``. The styles are the ones modern documents use (issue 12):
zebra bands, a shaded header band with white text, column shading, coloured panels with
white gutters, full-width shaded section rows, multi-line cells in banded or ruled rows,
a column tinted by one rectangle per text line, a chart with a gradient drawn as thin
strips beside a table, a diagonal watermark across a long table, a footnote under a
table, and a shaded header band above a ruled grid whose verticals start below it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pymupdf

A4 = (595.0, 842.0)
FS = 9.0  # font size of every cell
LEAD = 11.0  # baseline to baseline inside a cell
PAD = 4.0  # cell padding, all sides
RGB = tuple[float, float, float]
NAVY: RGB = (0.12, 0.23, 0.45)
PALE: RGB = (0.87, 0.92, 0.97)
PALE2: RGB = (0.93, 0.95, 0.98)
SECTION: RGB = (0.78, 0.85, 0.93)
WHITE: RGB = (1.0, 1.0, 1.0)
BLACK: RGB = (0.0, 0.0, 0.0)


@dataclass(frozen=True)
class Expected:
    """One table: its rows of text ("\\n" between lines of one cell, "" under a span),
    spans (r, c, rs, cs) and box."""

    rows: tuple[tuple[str, ...], ...]
    bbox: tuple[float, float, float, float]
    spans: tuple[tuple[int, int, int, int], ...] = ()


@dataclass(frozen=True)
class ColourCase:
    """The truth of one built page: its tables, and words that must be in no table."""

    style: str
    tables: tuple[Expected, ...]
    outside: tuple[str, ...] = ()


@dataclass
class Layout:
    """Where a table's cells are: column edges ``xs`` and row edges ``ys`` (points)."""

    xs: list[float]
    ys: list[float]

    def cell(self, r: int, c: int, cs: int = 1) -> tuple[float, float, float, float]:
        return (self.xs[c], self.ys[r], self.xs[c + cs], self.ys[r + 1])


def layout(x0: float, y0: float, widths: Sequence[float], rows: Sequence[Sequence[str]]) -> Layout:
    """Edges for ``rows``: each row as tall as its most-lined cell."""
    xs = [x0]
    for w in widths:
        xs.append(xs[-1] + w)
    ys = [y0]
    for row in rows:
        n = max(len(t.split("\n")) for t in row)
        ys.append(ys[-1] + (n - 1) * LEAD + FS + 2 * PAD)
    return Layout(xs, ys)


def write(page: pymupdf.Page, box: tuple[float, float, float, float], text: str, colour: RGB = BLACK,
          bold: bool = False) -> None:
    """Cell text from the top-left of ``box``, one line per "\\n"."""
    for k, line in enumerate(text.split("\n")):
        page.insert_text((box[0] + PAD, box[1] + PAD + FS * 0.8 + k * LEAD), line, fontsize=FS,
                         fontname="hebo" if bold else "helv", color=colour)


def fill(page: pymupdf.Page, box: tuple[float, float, float, float], colour: RGB) -> None:
    page.draw_rect(box, color=None, fill=colour)


def banded(page: pymupdf.Page, lay: Layout, first: int, colour: RGB = PALE, header: bool = True) -> None:
    """A navy header band over row 0 (when ``header``) and every second row from ``first``
    filled with ``colour``, across the table."""
    if header:
        fill(page, (lay.xs[0], lay.ys[0], lay.xs[-1], lay.ys[1]), NAVY)
    for r in range(first, len(lay.ys) - 1, 2):
        fill(page, (lay.xs[0], lay.ys[r], lay.xs[-1], lay.ys[r + 1]), colour)


def texts(page: pymupdf.Page, lay: Layout, rows: Sequence[Sequence[str]], header: int = 1,
          header_colour: RGB = WHITE, spans: Sequence[tuple[int, int, int, int]] = ()) -> None:
    hidden = {(r + i, c + j) for r, c, rs, cs in spans for i in range(rs) for j in range(cs)} - {
        (r, c) for r, c, _, _ in spans}
    for r, row in enumerate(rows):
        for c, t in enumerate(row):
            if t and (r, c) not in hidden:
                write(page, lay.cell(r, c), t, header_colour if r < header else BLACK, bold=r < header)


def expected(rows: Sequence[Sequence[str]], lay: Layout, spans: Sequence[tuple[int, int, int, int]] = ()) -> Expected:
    return Expected(tuple(tuple(r) for r in rows), (lay.xs[0], lay.ys[0], lay.xs[-1], lay.ys[-1]), tuple(spans))


def finish(doc: pymupdf.Document) -> bytes:
    data = doc.tobytes(garbage=3, deflate=True, no_new_id=True)
    doc.close()
    return data


def new_page() -> tuple[pymupdf.Document, pymupdf.Page]:
    doc = pymupdf.open()
    return doc, doc.new_page(width=A4[0], height=A4[1])


PLAN = (("Plan", "Seats", "Storage", "Price"),
        ("Starter", "1", "10 GB", "4.00"),
        ("Team", "10", "100 GB", "19.00"),
        ("Business", "50", "1 TB", "49.00"),
        ("Enterprise", "250", "10 TB", "199.00"),
        ("Education", "500", "5 TB", "9.00"),
        ("Nonprofit", "100", "1 TB", "0.00"))
WIDTHS4 = (110.0, 70.0, 80.0, 70.0)


def zebra() -> tuple[bytes, ColourCase]:
    """Navy header band with white text; every second body row filled pale blue; no lines."""
    doc, page = new_page()
    lay = layout(72, 120, WIDTHS4, PLAN)
    banded(page, lay, 2)
    texts(page, lay, PLAN)
    return finish(doc), ColourCase("zebra", (expected(PLAN, lay),))


def header_band() -> tuple[bytes, ColourCase]:
    """Only a navy header band with white text; the body is aligned words."""
    doc, page = new_page()
    lay = layout(72, 120, WIDTHS4, PLAN)
    fill(page, (lay.xs[0], lay.ys[0], lay.xs[-1], lay.ys[1]), NAVY)
    texts(page, lay, PLAN)
    return finish(doc), ColourCase("header_band", (expected(PLAN, lay),))


def column_shading() -> tuple[bytes, ColourCase]:
    """Alternate columns tinted full height; a navy header band over them."""
    doc, page = new_page()
    lay = layout(72, 120, WIDTHS4, PLAN)
    for c in (1, 3):
        fill(page, (lay.xs[c], lay.ys[1], lay.xs[c + 1], lay.ys[-1]), PALE)
    fill(page, (lay.xs[0], lay.ys[0], lay.xs[-1], lay.ys[1]), NAVY)
    texts(page, lay, PLAN)
    return finish(doc), ColourCase("column_shading", (expected(PLAN, lay),))


def panels() -> tuple[bytes, ColourCase]:
    """Every cell its own coloured panel; white gutters (3 pt) are the only separators."""
    doc, page = new_page()
    lay = layout(72, 120, WIDTHS4, PLAN)
    g = 1.5
    for r in range(len(PLAN)):
        for c in range(len(WIDTHS4)):
            x0, y0, x1, y1 = lay.cell(r, c)
            fill(page, (x0 + g, y0 + g, x1 - g, y1 - g), NAVY if r == 0 else (PALE if c % 2 == 0 else PALE2))
    texts(page, lay, PLAN)
    return finish(doc), ColourCase("panels", (expected(PLAN, lay),))


SECTIONED = (("Feature", "Basic", "Plus", "Pro"),
             ("Complete", "", "", ""),
             ("Backups", "daily", "hourly", "live"),
             ("Support", "mail", "chat", "phone"),
             ("Uptime", "99.0", "99.9", "99.99"),
             ("Extra", "", "", ""),
             ("Audit log", "no", "yes", "yes"),
             ("SSO", "no", "no", "yes"),
             ("Regions", "1", "3", "12"))
SECTION_SPANS = ((1, 0, 1, 4), (5, 0, 1, 4))


def section_rows() -> tuple[bytes, ColourCase]:
    """Navy header; full-width shaded section rows ("Complete", "Extra"); thin grey rules
    between the other rows; no verticals."""
    doc, page = new_page()
    lay = layout(72, 120, WIDTHS4, SECTIONED)
    fill(page, (lay.xs[0], lay.ys[0], lay.xs[-1], lay.ys[1]), NAVY)
    for r, _, _, _ in SECTION_SPANS:
        fill(page, (lay.xs[0], lay.ys[r], lay.xs[-1], lay.ys[r + 1]), SECTION)
    for r in range(2, len(SECTIONED)):
        if r not in (5, 6):
            page.draw_line((lay.xs[0], lay.ys[r]), (lay.xs[-1], lay.ys[r]), color=(0.75, 0.75, 0.75), width=0.5)
    page.draw_line((lay.xs[0], lay.ys[-1]), (lay.xs[-1], lay.ys[-1]), color=(0.75, 0.75, 0.75), width=0.5)
    texts(page, lay, SECTIONED, spans=SECTION_SPANS)
    return finish(doc), ColourCase("section_rows", (expected(SECTIONED, lay, SECTION_SPANS),))


MULTI = (("Step", "What to do", "Owner", "Due"),
         ("Plan", "Agree the scope\nwith the board", "Ann", "May 3"),
         ("Build", "Write the code\nand its tests\nthen review", "Bo Li\nCy Ng", "June 10"),
         ("Ship", "Release", "Dee", "July 1"),
         ("Learn", "Read the logs\nand the surveys", "Eve\nFay", "Aug 2"))
WIDTHS_M = (70.0, 130.0, 70.0, 70.0)


def multiline_banded() -> tuple[bytes, ColourCase]:
    """Zebra bands around rows whose cells hold two or three lines."""
    doc, page = new_page()
    lay = layout(72, 120, WIDTHS_M, MULTI)
    banded(page, lay, 1)
    texts(page, lay, MULTI)
    return finish(doc), ColourCase("multiline_banded", (expected(MULTI, lay),))


def multiline_ruled() -> tuple[bytes, ColourCase]:
    """Thin grey rules under every row, multi-line cells, black header text, no fills."""
    doc, page = new_page()
    lay = layout(72, 120, WIDTHS_M, MULTI)
    for y in lay.ys:
        page.draw_line((lay.xs[0], y), (lay.xs[-1], y), color=(0.6, 0.6, 0.6), width=0.4)
    texts(page, lay, MULTI, header_colour=BLACK)
    return finish(doc), ColourCase("multiline_ruled", (expected(MULTI, lay),))


def abutting_tint() -> tuple[bytes, ColourCase]:
    """Zebra table whose first column is tinted by one rectangle per text line (abutting,
    one colour): the edges between them are not row boundaries."""
    doc, page = new_page()
    lay = layout(72, 120, WIDTHS_M, MULTI)
    fill(page, (lay.xs[0], lay.ys[0], lay.xs[-1], lay.ys[1]), NAVY)
    for r in range(1, len(MULTI)):
        if r % 2 == 0:
            fill(page, (lay.xs[1], lay.ys[r], lay.xs[-1], lay.ys[r + 1]), PALE)
        # The label column: one rectangle per line of the row's tallest cell.
        n = max(len(t.split("\n")) for t in MULTI[r])
        edges = [lay.ys[r]] + [lay.ys[r] + PAD + FS + k * LEAD + 1 for k in range(n - 1)] + [lay.ys[r + 1]]
        for a, b in zip(edges, edges[1:], strict=False):
            fill(page, (lay.xs[0], a, lay.xs[1], b), SECTION)
    texts(page, lay, MULTI)
    return finish(doc), ColourCase("abutting_tint", (expected(MULTI, lay),))


SALES = (("Quarter", "Units", "Revenue"),
         ("Q1", "120", "1,200"),
         ("Q2", "135", "1,410"),
         ("Q3", "150", "1,620"),
         ("Q4", "171", "1,850"))


def chart_gradient() -> tuple[bytes, ColourCase]:
    """A chart whose background gradient is 24 thin strips, with tick labels on both axes,
    beside a zebra table: only the table is a table."""
    doc, page = new_page()
    cx0, cy0, cw, strip = 330.0, 110.0, 200.0, 6.0
    for k in range(24):
        t = k / 23
        fill(page, (cx0, cy0 + k * strip, cx0 + cw, cy0 + (k + 1) * strip), (0.75 + 0.2 * t, 0.82 + 0.15 * t, 0.95))
    labels = ["Sales", "2024", "2025"]
    page.insert_text((cx0 + 40, cy0 - 4), "Sales", fontsize=8, fontname="helv")
    for k, tick in enumerate(("100", "75", "50", "25", "0")):
        y = cy0 + k * 6 * strip * 4 / 5 + 6
        page.insert_text((cx0 + 3, y), tick, fontsize=7, fontname="helv")
        page.insert_text((cx0 + cw - 18, y), f"{int(tick) * 2}", fontsize=7, fontname="helv")
        labels += [tick, f"{int(tick) * 2}"]
    page.insert_text((cx0 + 30, cy0 + 24 * strip + 10), "2024", fontsize=7, fontname="helv")
    page.insert_text((cx0 + cw - 50, cy0 + 24 * strip + 10), "2025", fontsize=7, fontname="helv")
    page.draw_polyline([(cx0 + 10, cy0 + 130), (cx0 + 80, cy0 + 90), (cx0 + 150, cy0 + 60), (cx0 + 190, cy0 + 30)],
                       color=NAVY, width=1.5)
    lay = layout(72, 120, (80.0, 60.0, 70.0), SALES)
    banded(page, lay, 2)
    texts(page, lay, SALES)
    inside = {w for row in SALES for t in row for w in t.split()}
    return finish(doc), ColourCase("chart_gradient", (expected(SALES, lay),), tuple(sorted(set(labels) - inside)))


def chart_bands() -> tuple[bytes, ColourCase]:
    """A chart whose plot area alternates two pale colours in 24 abutting strips (no
    gradient), tick labels at both sides every fourth strip, beside a zebra table."""
    doc, page = new_page()
    cx0, cy0, cw, strip = 330.0, 110.0, 200.0, 6.0
    for k in range(24):
        fill(page, (cx0, cy0 + k * strip, cx0 + cw, cy0 + (k + 1) * strip), PALE if k % 2 else PALE2)
    labels = []
    for k in range(0, 24, 4):
        y = cy0 + k * strip + 5
        page.insert_text((cx0 + 3, y), f"{100 - 4 * k}", fontsize=5, fontname="helv")
        page.insert_text((cx0 + cw - 14, y), f"{200 - 8 * k}", fontsize=5, fontname="helv")
        labels += [f"{100 - 4 * k}", f"{200 - 8 * k}"]
    page.draw_polyline([(cx0 + 10, cy0 + 130), (cx0 + 80, cy0 + 90), (cx0 + 150, cy0 + 60), (cx0 + 190, cy0 + 30)],
                       color=NAVY, width=1.5)
    lay = layout(72, 120, (80.0, 60.0, 70.0), SALES)
    banded(page, lay, 2)
    texts(page, lay, SALES)
    inside = {w for row in SALES for t in row for w in t.split()}
    return finish(doc), ColourCase("chart_bands", (expected(SALES, lay),), tuple(sorted(set(labels) - inside)))


LEDGER = (("Date", "Account", "Debit", "Credit"),) + tuple(
    (f"{d:02d}.03", f"Account {100 + 7 * d}", f"{d * 13}.00", f"{d * 11}.50") for d in range(1, 31))


def watermark() -> tuple[bytes, ColourCase]:
    """A long zebra table with a large light diagonal watermark across it, a page footer below."""
    doc, page = new_page()
    lay = layout(72, 80, WIDTHS4, LEDGER)
    banded(page, lay, 2)
    texts(page, lay, LEDGER)
    morph = (pymupdf.Point(300, 420), pymupdf.Matrix(-40))
    page.insert_text((140, 430), "CONFIDENTIAL DRAFT", fontsize=48, fontname="helv",
                     color=(0.85, 0.85, 0.85), morph=morph)
    page.insert_text((72, 800), "Annual report 2025", fontsize=8, fontname="helv")
    page.insert_text((480, 800), "Page 7 of 12", fontsize=8, fontname="helv")
    return finish(doc), ColourCase("watermark", (expected(LEDGER, lay),),
                                   ("CONFIDENTIAL", "DRAFT", "Annual", "report", "Page"))


NOTES = (("a", "Prices exclude sales tax and are billed monthly in the currency of the"),
         ("", "customer's billing address."),
         ("b", "Seats beyond the plan limit are charged at the list price of the plan in"),
         ("", "force when the seat is added."),
         ("c", "Storage is pooled across the whole organisation and billed per terabyte."))


def footnote() -> tuple[bytes, ColourCase]:
    """A zebra table followed by small-type notes, each a marker and a wrapped sentence:
    the notes are no table."""
    doc, page = new_page()
    lay = layout(72, 120, WIDTHS4, PLAN)
    banded(page, lay, 2)
    texts(page, lay, PLAN)
    y = lay.ys[-1] + 14
    for k, (mark, text) in enumerate(NOTES):
        if mark:
            page.insert_text((lay.xs[0], y + 9 * k), mark, fontsize=7, fontname="helv")
        page.insert_text((lay.xs[0] + 12, y + 9 * k), text, fontsize=7, fontname="helv")
    return finish(doc), ColourCase("footnote", (expected(PLAN, lay),), ("exclude", "billed", "organisation"))


def header_over_grid() -> tuple[bytes, ColourCase]:
    """A navy header band (no stroke) above a ruled grid whose verticals start below it."""
    doc, page = new_page()
    lay = layout(72, 120, WIDTHS4, PLAN)
    fill(page, (lay.xs[0], lay.ys[0], lay.xs[-1], lay.ys[1]), NAVY)
    shape = page.new_shape()
    for y in lay.ys[1:]:
        shape.draw_line((lay.xs[0], y), (lay.xs[-1], y))
    for x in lay.xs:
        shape.draw_line((x, lay.ys[1]), (x, lay.ys[-1]))
    shape.finish(color=BLACK, width=0.5)
    shape.commit()
    texts(page, lay, PLAN)
    return finish(doc), ColourCase("header_over_grid", (expected(PLAN, lay),))


def backdrop_over_grid() -> tuple[bytes, ColourCase]:
    """A pale panel behind a whole table whose ruled grid starts below the header row."""
    doc, page = new_page()
    lay = layout(72, 120, WIDTHS4, PLAN)
    fill(page, (lay.xs[0], lay.ys[0], lay.xs[-1], lay.ys[-1]), PALE2)
    shape = page.new_shape()
    for y in lay.ys[1:]:
        shape.draw_line((lay.xs[0], y), (lay.xs[-1], y))
    for x in lay.xs:
        shape.draw_line((x, lay.ys[1]), (x, lay.ys[-1]))
    shape.finish(color=BLACK, width=0.5)
    shape.commit()
    texts(page, lay, PLAN, header_colour=BLACK)
    return finish(doc), ColourCase("backdrop_over_grid", (expected(PLAN, lay),))


def two_tables() -> tuple[bytes, ColourCase]:
    """Two zebra tables of one width, each under thin top and bottom rules, with a larger
    heading between them: two tables, not one."""
    doc, page = new_page()
    out = []
    y = 120.0
    for title, rows in (("Plans", PLAN), ("Sales by quarter", (("Quarter", "Units", "Revenue", "Share"),) + tuple(
            (r[0], r[1], r[2], f"{10 + k}%") for k, r in enumerate(SALES[1:])))):
        page.insert_text((72, y), title, fontsize=13, fontname="hebo")
        lay = layout(72, y + 14, WIDTHS4, rows)
        banded(page, lay, 2, header=False)
        for yy in (lay.ys[0], lay.ys[1], lay.ys[-1]):
            page.draw_line((lay.xs[0], yy), (lay.xs[-1], yy), color=BLACK, width=0.75)
        texts(page, lay, rows, header_colour=BLACK)
        out.append(expected(rows, lay))
        y = lay.ys[-1] + 40
    return finish(doc), ColourCase("two_tables", tuple(out), ("Plans", "Sales", "quarter"))


STYLES: dict[str, Callable[[], tuple[bytes, ColourCase]]] = {
    f.__name__: f for f in (zebra, header_band, column_shading, panels, section_rows, multiline_banded,
                            multiline_ruled, abutting_tint, chart_gradient, chart_bands, watermark, footnote,
                            header_over_grid, backdrop_over_grid, two_tables)
}


def as_table(e: Expected, page: int = 1):
    """``e`` as a core ``Table`` (for the adjacency metric and exact comparisons)."""
    from inspector.core.types import Cell, Rect, Table

    covered = {(r + i, c + j) for r, c, rs, cs in e.spans for i in range(rs) for j in range(cs)}
    origin = {(r, c): (rs, cs) for r, c, rs, cs in e.spans}
    cells = []
    for r, row in enumerate(e.rows):
        for c, text in enumerate(row):
            if (r, c) in origin:
                cells.append(Cell(r, c, *origin[(r, c)], text=text))
            elif (r, c) not in covered:
                cells.append(Cell(r, c, text=text))
    return Table(bbox=Rect(*e.bbox), n_rows=len(e.rows), n_cols=len(e.rows[0]), cells=tuple(cells), page=page)
