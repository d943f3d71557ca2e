"""The AbiWord corpus's styles: what each table holds (an English report, a Korean tender's
price schedule, a Chinese annual report's statement), its structure (the truth's cells, spans
included) and how a word-processor user formats it (``Look``).

Tables as Word and AbiWord users make them, each style one habit:

- ``grid``: every cell ruled, a bold head, maybe shaded;
- ``hrules``: rules between rows only (top and bottom borders, no verticals);
- ``plain``: no rules at all, a bold head;
- ``band``: a dark head band in white text, zebra rows, thin rules or none;
- ``spans``: the stub's head spanning two rows, group heads spanning columns, a section row
  spanning every column;
- ``multiline``: ruled rows whose cells hold wrapped sentences, two paragraphs or a bullet list;
- ``negatives``: amounts right-aligned with negatives in parentheses, a rule under the head
  and over a bold total, none between body rows;
- ``continued``: a long table running onto the next page, its head set again on each page
  (AbiWord's repeated header rows) or not;
- ``pair``: two tables one under the other, separated only by a heading or one short line;
- ``twocol``: a narrow table in one column of a two-column section, prose in the other.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..html.tables import Cell, HtmlTable
from ..styles.content import LANGS, Tabular, chinese, english, korean

STYLES = ("grid", "hrules", "plain", "band", "spans", "multiline", "negatives", "continued", "pair", "twocol")
SHADES = ("EEEEEE", "D9D9D9", "DEEAF6", "F2F2F2", "E2EFD9")
DARK = ("1F3864", "404040", "833C0B", "2E74B5", "385623")
FONTS = {"en": ("DejaVu Sans", "DejaVu Serif", "Nimbus Sans", "Nimbus Roman"), "ko": ("WenQuanYi Micro Hei",),
         "zh": ("WenQuanYi Micro Hei",)}
GROUPS = {"en": ("Reported", "Restated"), "ko": ("계약", "산출"), "zh": ("本期", "上期")}
SECTIONS = {"en": ("Continuing operations", "Discontinued operations"), "ko": ("1. 물품", "2. 용역"),
            "zh": ("一、经营活动", "二、投资活动")}
BULLETS = {"en": ("Delivery within 30 days", "Installation on site", "Two-year warranty", "Training for staff",
                  "Monthly progress report"),
           "ko": ("계약 후 30일 이내 납품", "현장 설치 포함", "무상 보증 2년", "사용자 교육 포함"),
           "zh": ("合同签订后三十日内交付", "含现场安装调试", "免费质保两年", "提供操作培训")}
MORE_PARA = {"en": "Subject to the board's approval.", "ko": "세부 규격은 별첨 참조.", "zh": "详见附注说明。"}


@dataclass
class Look:
    """How the user formatted the table. ``rules`` "grid" (every side of every cell), "rows"
    (top and bottom of each cell only), "head" (under the head and over the last row only) or
    "none"; ``head_bg``/``head_fg``/``zebra`` fills (RRGGBB, "" none); ``widths`` column widths
    (points); ``align`` each column's body alignment ("left", "right"); ``size`` the font
    size (points); ``font`` a font family; ``repeat`` the head rows repeated on each page;
    ``bullets`` cell (row, column) slots whose paragraphs are a bulleted list."""

    rules: str = "grid"
    head_bg: str = ""
    head_fg: str = ""
    zebra: str = ""
    widths: list[float] = field(default_factory=list)
    align: list[str] = field(default_factory=list)
    size: float = 10.0
    font: str = "DejaVu Sans"
    repeat: bool = False
    bold_total: bool = False
    bullets: set[tuple[int, int]] = field(default_factory=set)


@dataclass
class ATable:
    """One table: its style, language, structure (the truth's), look and the line over it
    (``lead``: a heading, or for the second of a ``pair`` maybe a short plain paragraph)."""

    style: str
    lang: str
    title: str
    table: HtmlTable
    look: Look
    lead: str = "heading"


def _em(text: str) -> float:
    """The width of ``text`` in ems (CJK one em, Latin about 0.6)."""
    return sum(1.0 if ord(ch) > 0x2E80 else 0.6 for ch in text)


def widths_for(tab: Tabular, size: float, line: float, rng: random.Random, share: float) -> list[float]:
    """Column widths (points) filling ``share`` of ``line``: labels wider than numbers, none
    narrower than its longest word or number at ``size`` plus the cell padding (a word too long
    for its column would be broken inside it, and the truth compares words)."""
    rows = [*tab.head, *tab.body]
    least = [max(_em(w) for row in rows if k < len(row) for w in (row[k].split() or [""])) * size + 14 for k in range(tab.n_cols)]
    weights = [(1.0 if num else rng.choice((2.0, 2.4, 3.0))) for num in tab.numeric]
    total = line * share
    out = [max(total * w / sum(weights), m) for w, m in zip(weights, least, strict=True)]
    return [round(w, 1) for w in out]


def base(style: str, tab: Tabular, rng: random.Random, line: float, rows: list[list[Cell]] | None = None,
         header_rows: int = 1, share: float = 0.0) -> ATable:
    rows = rows or [[Cell(h, th=True) for h in tab.head[0]]] + [[Cell(x) for x in row] for row in tab.body]
    size = rng.choice((9.0, 10.0, 11.0)) if tab.lang == "en" else rng.choice((9.0, 10.0))
    look = Look(size=size, font=rng.choice(FONTS[tab.lang]), align=["right" if n else "left" for n in tab.numeric],
                widths=widths_for(tab, size, line, rng, share or rng.choice((0.8, 0.9, 1.0))),
                bold_total=bool(tab.totals))
    return ATable(style, tab.lang, tab.title, HtmlTable(style, tab.lang, rows, pad=0.0, header_rows=header_rows), look)


def fits(t: ATable, line: float) -> ATable:
    """``t`` with its columns scaled down to ``line`` if wider (each still its longest word)."""
    total = sum(t.look.widths)
    if total > line:
        t.look.widths = [round(w * line / total, 1) for w in t.look.widths]
    return t


def spans(rng: random.Random, line: float) -> ATable:
    """The stub's head over two rows, two group heads over the amounts, a section row spanning
    every column before each half of the body."""
    tab = rng.choice((chinese, english, korean))(rng, rng.randint(4, 8))
    head, n = tab.head[0], tab.n_cols
    cut = 1 + (n - 1 + 1) // 2
    names = GROUPS[tab.lang]
    rows = [[Cell(head[0], th=True, rs=2), Cell(names[0], th=True, cs=cut - 1)]
            + ([Cell(names[1], th=True, cs=n - cut)] if cut < n else []),
            [Cell(h, th=True) for h in head[1:]]]
    half = len(tab.body) // 2
    for k, row in enumerate(tab.body):
        if k in (0, half):
            rows.append([Cell(SECTIONS[tab.lang][k > 0], cs=n)])
        rows.append([Cell(x) for x in row])
    g = base("spans", tab, rng, line, rows, header_rows=2)
    g.look.head_bg = rng.choice(("", *SHADES))
    return g


def multiline(rng: random.Random, line: float) -> ATable:
    """Ruled rows whose text cells hold wrapped sentences, two paragraphs (``\\n``) or a
    bulleted list, beside single-line numbers."""
    tab = rng.choice(tuple(LANGS.values()))(rng, rng.randint(3, 6), True)
    g = base("multiline", tab, rng, line, share=rng.choice((0.8, 1.0)))
    text_col = 1 if tab.lang == "ko" else 0
    for r, row in enumerate(g.table.rows[1:-1], 1):
        kind = rng.choice(("two", "list", "one"))
        cell = row[text_col]
        if kind == "two":
            row[text_col] = Cell(f"{cell.text}\n{MORE_PARA[tab.lang]}")
        elif kind == "list":
            items = rng.sample(BULLETS[tab.lang], rng.randint(2, 3))
            row[text_col] = Cell("\n".join(f"• {x}" for x in items))
            g.look.bullets.add((r, text_col))
    g.look.rules = rng.choice(("grid", "grid", "rows"))
    g.look.head_bg = rng.choice(("", *SHADES))
    return g


def negatives(rng: random.Random, line: float) -> ATable:
    """A statement by year: negatives in parentheses, right-aligned amounts."""
    tab = english(rng, rng.randint(5, 9))
    for row in tab.body:
        for k in range(1, len(row)):
            if rng.random() < 0.3 and row[k][:1].isdigit():
                row[k] = f"({row[k]})"
    g = base("negatives", tab, rng, line, share=rng.choice((0.7, 0.8)))
    g.look.rules = "head"
    return g


def long_content(rng: random.Random) -> Tabular:
    """A schedule of 45 to 65 rows (a pool's rows drawn again), one total row last."""
    make, pool = rng.choice(((korean, 15), (chinese, 20), (english, 12)))
    want, body = rng.randint(45, 65), list[list[str]]()
    first = make(rng, pool)
    while len(body) < want:
        body += [row for row in make(rng, pool).body[:-1] if len(row) == first.n_cols]  # English varies its columns
    body = [[f"{k + 1}. {row[0]}", *row[1:]] for k, row in enumerate(body[:want])]
    return Tabular(first.lang, first.title, first.unit, first.head, body + [first.body[-1]], first.numeric,
                   {want}, first.note)


def spec(style: str, rng: random.Random, line: float) -> list[ATable]:
    """The tables of ``style`` (two for ``pair``) with content drawn from ``rng``; ``line``
    the text column's width (points)."""
    if style == "pair":
        one, two = spec("grid", rng, line)[0], spec(rng.choice(("grid", "hrules")), rng, line)[0]
        two.lead = rng.choice(("heading", "para"))
        for t in (one, two):
            t.style = t.table.style = "pair"
        return [one, two]
    if style == "spans":
        return [fits(spans(rng, line), line)]
    if style == "multiline":
        return [fits(multiline(rng, line), line)]
    if style == "negatives":
        return [fits(negatives(rng, line), line)]
    if style == "continued":
        g = base(style, long_content(rng), rng, line)
        g.look.repeat = rng.random() < 0.6
        g.look.rules = rng.choice(("grid", "rows"))
        g.look.head_bg = rng.choice(("", *SHADES))
        return [fits(g, line)]
    if style == "twocol":
        tab = rng.choice((chinese, english))(rng, rng.randint(3, 6))
        g = base(style, Tabular(tab.lang, tab.title, tab.unit, [tab.head[0][:3]], [r[:3] for r in tab.body],
                                tab.numeric[:3], tab.totals), rng, line, share=1.0)
        g.look.rules = rng.choice(("grid", "rows", "none"))
        return [fits(g, line)]
    g = base(style, rng.choice(tuple(LANGS.values()))(rng, rng.randint(4, 9)), rng, line)
    lk = g.look
    if style == "grid":
        lk.head_bg = rng.choice(("", *SHADES))
    elif style == "hrules":
        lk.rules = "rows"
    elif style == "plain":
        lk.rules = "none"
    elif style == "band":
        lk.head_bg, lk.head_fg, lk.zebra = rng.choice(DARK), "FFFFFF", rng.choice(("", *SHADES))
        lk.rules = rng.choice(("grid", "none", "rows"))
    return [fits(g, line)]
