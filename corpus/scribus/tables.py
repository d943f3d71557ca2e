"""The Scribus corpus's tables: what each holds, its structure (the truth's cells, spans
included), its grid (each column's width and row's height, points) and how a DTP user draws
it on a brochure or rate-sheet page.

Most are drawn the way DTP users build tables: a text frame per cell, rectangles for bands
and tinted rows, line objects for rules; ``native`` is Scribus's own table (``createTable``).
Styles: ``native`` (a Scribus table: every cell boxed, a tinted head), ``band`` (a dark head
band in white bold, tinted rows, no rules), ``hrules`` (a heavy rule over and under the
head, hairlines between rows), ``sections`` (section rows spanning every column on a tint),
``wrapped`` (a grid of rules, descriptions wrapping over lines), ``rate`` (a rate sheet:
seasons grouped under spanning heads, the stub's head over two rows, a boxed outline and
rules between the groups), ``chart`` (a table beside a bar chart with gridlines and axis
labels), ``twocol`` (two small tables in the page's two columns), ``panel`` (a grid of
rules inside a tinted, outlined panel with its heading and a note) and ``fillgrid`` (a grid
whose rules are thin filled rectangles, as Word and InDesign export cell borders, under a
dark head band).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pymupdf

from ..fop import content
from ..fop.content import Content
from ..html.tables import Cell, HtmlTable

STYLES = ("native", "band", "hrules", "sections", "wrapped", "rate", "chart", "twocol", "panel", "fillgrid")
FONT_FILES = {"DejaVu Sans Book": "DejaVuSans.ttf", "DejaVu Sans Bold": "DejaVuSans-Bold.ttf",
              "DejaVu Sans Condensed": "DejaVuSansCondensed.ttf",
              "DejaVu Sans Condensed Bold": "DejaVuSansCondensed-Bold.ttf"}
FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
ROOMS = ("Standard double", "Superior double", "Junior suite", "Family room", "Single room", "Garden studio",
         "Sea view suite", "Twin room", "Penthouse", "Accessible double")
SERVICES = {"Standard services": ("Airport transfer", "Breakfast buffet", "Parking per day", "Late checkout",
                                  "Laundry per bag"),
            "Optional extras": ("Spa access", "Bicycle hire", "Guided tour", "Boat trip", "Wine tasting"),
            "Meeting rooms": ("Half day room", "Full day room", "Projector", "Coffee break", "Lunch menu")}
UNITS = ("per person", "per stay", "per day", "per hour", "per item")
PRODUCTS = ("Model A200", "Model A300", "Model B150", "Model B400", "Model C90", "Model C120", "Model X1",
            "Model X2")
Obj = dict[str, Any]


@dataclass
class Look:
    """A document's fonts, sizes (points) and colours (names ``build`` defines)."""

    font: str
    bold: str
    size: float
    dark: str = "Dark"
    tint: str = "Tint"
    mid: str = "Mid"

    @property
    def lead(self) -> float:
        return round(self.size * 1.25, 2)


@dataclass
class STable:
    """One table: its style and title, its structure, which columns hold numbers, the cells
    to set bold, and, once laid out, its grid (``widths``, ``heights``), top-left corner and page."""

    style: str
    title: str
    table: HtmlTable
    numeric: list[bool]
    bold_rows: set[int] = field(default_factory=set)
    wrap_col: int = -1
    wrap_width: float = 200.0
    widths: list[float] = field(default_factory=list)
    heights: list[float] = field(default_factory=list)
    x: float = 0.0
    y: float = 0.0
    page: int = 0  # the page index it is laid out on


_FONTS: dict[str, pymupdf.Font] = {}


def text_width(words: str, font: str, size: float) -> float:
    """The width (points) of ``words`` set in ``font`` at ``size``."""
    if font not in _FONTS:
        _FONTS[font] = pymupdf.Font(fontfile=FONT_DIR + FONT_FILES[font])
    return _FONTS[font].text_length(words, fontsize=size)


def wrap(words: str, width: float, font: str, size: float) -> int:
    """How many lines ``words`` take in ``width`` (greedy, as a text frame breaks them)."""
    lines, cur = 1, ""
    for w in words.split():
        trial = f"{cur} {w}".strip()
        if cur and text_width(trial, font, size) > width:
            lines, cur = lines + 1, w
        else:
            cur = trial
    return lines


def rates(rng: random.Random) -> Content:
    """Room types with a price per night in each season (low, high), two columns a season."""
    body = []
    for room in rng.sample(ROOMS, rng.randint(4, 7)):
        base = rng.randint(60, 240)
        body.append([room] + [f"€{int(base * f)}" for f in (1, 0.9, 1.4, 1.25)])
    return Content(rng.choice(("Room rates 2026", "Tariffs per night", "Accommodation rates")),
                   ["Room type", "Weekday", "Weekend", "Weekday", "Weekend"], body, [False] + [True] * 4)


def fees(rng: random.Random) -> tuple[Content, list[tuple[int, str]]]:
    """Services with a unit and a price under section heads; the sections' rows (index, label)."""
    body: list[list[str]] = []
    marks: list[tuple[int, str]] = []
    for head in rng.sample(list(SERVICES), rng.randint(2, 3)):
        marks.append((len(body), head))
        for s in rng.sample(SERVICES[head], rng.randint(2, 4)):
            body.append([s, rng.choice(UNITS), f"€{rng.randint(4, 300)}.{rng.choice(('00', '50', '90'))}"])
    return Content(rng.choice(("Services and fees", "Price list", "Extras")), ["Service", "Unit", "Price"], body,
                   [False, False, True]), marks


def specs(rng: random.Random) -> Content:
    body = [[m, f"{rng.randint(2, 60)} kg", f"{rng.randint(200, 3000)} W", f"{rng.uniform(0.5, 9):.1f} l",
             f"€{rng.randint(90, 2400):,}"] for m in rng.sample(PRODUCTS, rng.randint(3, 6))]
    return Content(rng.choice(("Technical data", "Product range", "Models at a glance")),
                   ["Model", "Weight", "Power", "Volume", "Price"], body, [False, True, True, True, True])


def table_of(style: str, c: Content, head: list[list[Cell]] | None = None) -> STable:
    rows = (head or [[Cell(h, th=True) for h in c.head]]) + [[Cell(x) for x in row] for row in c.body]
    header_rows = len(head) if head else 1
    return STable(style, c.title, HtmlTable(style, "", rows, pad=0.0, header_rows=header_rows), list(c.numeric),
                  bold_rows=set(range(header_rows)))


def spec(style: str, rng: random.Random) -> list[STable]:
    """The table(s) of one style (``twocol`` makes two)."""
    if style == "twocol":
        return [table_of(style, small(rng)) for _ in range(2)]
    if style == "sections":
        c, marks = fees(rng)
        t = table_of(style, c)
        n = len(c.head)
        for at, label in reversed(marks):  # from the last: each earlier row keeps its index
            t.table.rows.insert(1 + at, [Cell(label, cs=n)])
        t.bold_rows |= {1 + at + i for i, (at, _) in enumerate(marks)}
        return [t]
    if style == "rate":
        c = rates(rng)
        head = [[Cell(c.head[0], th=True, rs=2), Cell("Low season", th=True, cs=2), Cell("High season", th=True, cs=2)],
                [Cell(h, th=True) for h in c.head[1:]]]
        return [table_of(style, c, head)]
    if style == "wrapped":
        t = table_of(style, content.work_plan(rng, rng.randint(3, 5)))
        t.wrap_col, t.wrap_width = 1, rng.choice((160.0, 190.0, 220.0))
        return [t]
    pick = {"native": lambda: content.statement(rng, rng.randint(3, 6)),
            "panel": lambda: rng.choice((specs, rates))(rng),
            "fillgrid": lambda: specs(rng) if rng.random() < 0.5 else content.statement(rng, rng.randint(4, 7)),
            "band": lambda: rng.choice((specs, rates))(rng),
            "hrules": lambda: rng.choice((content.statement, content.measurements))(rng, rng.randint(4, 8)),
            "chart": lambda: content.statement(rng, rng.randint(4, 7))}[style]
    c = pick()
    if style == "native":  # Scribus's default cell text is 12 pt: three columns fit a column's width
        c = Content(c.title, c.head[:3], [row[:3] for row in c.body], c.numeric[:3])
    return [table_of(style, c)]


def small(rng: random.Random) -> Content:
    """A narrow table for one of a page's two columns: three columns."""
    c = rng.choice((specs, rates))(rng)
    return Content(c.title, c.head[:3], [row[:3] for row in c.body], c.numeric[:3])
