"""The ConTeXt corpus's styles: what each table holds and how a ConTeXt user sets it, with
natural tables (``\\bTABLE``) or extreme tables (``\\startxtable``). Both draw each cell's frame
and background on their own (a frame is four rules per cell, adjacent cells' rules overlap).

- ``grid``: every cell framed, the head bold and maybe shaded (an extreme table);
- ``hrules``: a rule over and under each row, no verticals (a natural table);
- ``financial``: a statement by year, negatives in parentheses, a rule under the head and over
  the bold total, none between body rows;
- ``keyvalue``: bold labels beside their values, no rules;
- ``spans``: the stub's head over two rows, group heads over columns, section rows spanning
  every column;
- ``rate``: a dark head band in white text, tinted section rows spanning every column, rates
  right-aligned, thin rules under rows or none;
- ``cjk``: a Korean tender's schedule in NanumGothic or a Chinese statement in AR PL SungtiL GB;
- ``continued``: 45 to 65 rows split over pages, the head repeated on each (``split=repeat`` /
  ``header=repeat``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..abiword.tables import SHADES, ATable, base, fits, long_content, negatives, spans
from ..html.tables import Cell
from ..php.tables import SECTIONS
from ..styles.content import chinese, english, korean
from ..tcpdf.tables import KEYS

STYLES = ("grid", "hrules", "financial", "keyvalue", "spans", "rate", "cjk", "continued")
DARK = ("1F3864", "333333", "800000", "2E5E4E", "003366")


@dataclass
class CTable:
    """One table: ``g`` (structure and look, as AbiWord's builder has them), the ConTeXt
    mechanism (``kind``: "natural" or "xtable"), the cell offset and section rows' tint."""

    g: ATable
    kind: str
    offset: float
    section_bg: str = ""


def _with(style: str, g: ATable, rng: random.Random, kind: str = "") -> CTable:
    g.style = g.table.style = style
    return CTable(g, kind or rng.choice(("natural", "xtable")), rng.choice((2.0, 3.0, 4.0)))


def keyvalue(rng: random.Random, line: float) -> CTable:
    """Particulars: bold labels beside their values (the itext/php pools), no rules."""
    lang = "en"
    values = (f"{rng.randint(2025, 2026)}{rng.randint(10000, 99999)}-00", "City of Leeds",
              f"2026-0{rng.randint(1, 9)}-{rng.randint(10, 28)} 11:00", rng.choice(("J. Smith", "A. Patel")),
              f"2026-0{rng.randint(1, 9)}-{rng.randint(10, 28)}", f"{rng.randint(10, 900) * 100_000:,}")
    pairs = list(zip(KEYS[lang], values, strict=True))[:rng.randint(3, 6)]
    tab = english(rng, 3)
    g = base("keyvalue", tab, rng, line, [[Cell(k), Cell(v)] for k, v in pairs], header_rows=0)
    g.title = "Particulars"
    g.look.rules, g.look.bold_total, g.look.align = "none", False, ["left", "left"]
    g.look.widths = [round(line * rng.choice((0.2, 0.25)), 1), round(line * rng.choice((0.3, 0.4)), 1)]
    return CTable(g, rng.choice(("natural", "xtable")), rng.choice((1.0, 2.0)))


def rate(rng: random.Random, line: float) -> CTable:
    """Rates per season under a dark band, a tinted section row over each group of rooms."""
    seasons = rng.sample(["Low", "Mid", "High", "Peak", "Weekend"], rng.randint(2, 4))
    tab = english(rng, 3)
    rows = [[Cell("Room type", th=True), *[Cell(f"{s} season", th=True) for s in seasons]]]
    for name, kinds in rng.sample(SECTIONS, rng.randint(2, 3)):
        rows.append([Cell(name, cs=len(seasons) + 1)])
        rows += [[Cell(k), *[Cell(f"{rng.randint(40, 900)}.00") for _ in seasons]] for k in kinds]
    g = base("rate", tab, rng, line, rows)
    g.title = "Rates 2026 (per night)"
    lk = g.look
    lk.head_bg, lk.head_fg = rng.choice(DARK), "FFFFFF"
    lk.rules, lk.bold_total = rng.choice(("none", "rows")), False
    lk.align = ["left"] + ["right"] * len(seasons)
    share = rng.choice((0.7, 0.85, 1.0))
    lk.widths = [round(line * share * 2 / (len(seasons) + 2), 1)] + [round(line * share / (len(seasons) + 2), 1)] * len(seasons)
    return CTable(g, "xtable", rng.choice((2.0, 3.0)), rng.choice(SHADES))


def cjk(rng: random.Random, line: float) -> CTable:
    tab = rng.choice((korean, chinese))(rng, rng.randint(4, 9))
    g = base("cjk", tab, rng, line)
    g.look.rules = rng.choice(("grid", "rows"))
    g.look.head_bg = rng.choice(("", *SHADES))
    return _with("cjk", fits(g, line), rng)


def spec(style: str, rng: random.Random, line: float) -> CTable:
    """A table of ``style`` with content drawn from ``rng``; ``line`` the text width (points)."""
    if style == "keyvalue":
        return keyvalue(rng, line)
    if style == "rate":
        return rate(rng, line)
    if style == "cjk":
        return cjk(rng, line)
    if style == "spans":
        g = spans(rng, line)
        g.look.rules = rng.choice(("grid", "rows"))
        return _with(style, fits(g, line), rng)
    if style == "financial":
        g = negatives(rng, line)
        return _with(style, fits(g, line), rng)
    if style == "continued":
        g = base(style, long_content(rng), rng, line)
        g.look.repeat = True
        g.look.rules = rng.choice(("grid", "rows"))
        g.look.head_bg = rng.choice(("", *SHADES))
        return _with(style, fits(g, line), rng)
    g = base(style, english(rng, rng.randint(4, 9)), rng, line)
    if style == "grid":
        g.look.head_bg = rng.choice(("", *SHADES))
        return _with(style, fits(g, line), rng, "xtable")
    g.look.rules = "rows"
    return _with(style, fits(g, line), rng, "natural")
