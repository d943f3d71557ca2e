"""Character columns: '|' set at one place on line after line (a text table's column rule).

A database client (MySQL's "| id | name |", PostgreSQL's "id | name") or a report printed from
plain text draws its column rules with '|' on every line, a space either side; with its rows of
'-' crossed by '+' (``charrules``) that is a ruled table drawn in characters. Each column of
bars becomes one vertical rule (source "text") through their middles, from the first bar's top
to the last one's bottom, carried on to a row of '-' just over or under it that it crosses (the
"+----+" the '+' joins it to); its words leave every row and cell (``Word.char_rule``).

A bar is a word that is one '|' (or a box-drawing vertical) alone; bars make a column when their
middles lie within half a glyph of each other and no more than ``CHAIN`` line heights of white
part two of them (a row of '-' between two rows leaves less); a column holds ``MIN_BARS`` bars
or more, so a "|" in a sentence, or a pair of them, stays text.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..page_marks import Rule, Word
from ..rect import Rect
from .charrules import THICKNESS

BARS = frozenset("|\u2502\u2551\u00a6")
# Why no user would change these (``tables.character_rules`` turns the reading off): three lines
# are the fewest a table draws (a head and two rows); a row of '-' between two rows of bars
# leaves one line of white, under one and a half line heights in any font.
MIN_BARS = 3  # bars in one column
CHAIN = 1.5  # line heights of white between two bars of one column, at most
NOTE = "{n} column(s) of '|' characters read as rules: a text table's column rules, no text of its cells"


def _columns(words: tuple[Word, ...], ids: list[int]) -> list[list[int]]:
    """``ids`` (bars) in columns: middles within half a glyph (x), then chained down the page."""
    out: list[list[int]] = []
    for i in sorted(ids, key=lambda k: words[k].bbox.x0 + words[k].bbox.x1):
        b = words[i].bbox
        if out and abs(b.cx - words[out[-1][0]].bbox.cx) <= b.width / 2:
            out[-1].append(i)
        else:
            out.append([i])
    chains: list[list[int]] = []
    for col in out:
        col.sort(key=lambda k: words[k].bbox.y0)
        run = [col[0]]
        for i in col[1:]:
            above, b = words[run[-1]].bbox, words[i].bbox
            if b.y0 - above.y1 <= CHAIN * above.height:
                run.append(i)
                continue
            chains.append(run)
            run = [i]
        chains.append(run)
    return [c for c in chains if len(c) >= MIN_BARS]


def _reach(top: float, bottom: float, x: float, height: float, rows: Sequence[Rule]) -> tuple[float, float]:
    """``top`` and ``bottom`` carried on to a row of '-' crossing ``x`` within a line height over
    the first bar or under the last (the "+" that joins the column to it)."""
    for r in rows:
        if r.orient == "h" and r.start - height / 2 <= x <= r.end + height / 2:
            if top - height <= r.pos < top:
                top = r.pos
            elif bottom < r.pos <= bottom + height:
                bottom = r.pos
    return top, bottom


def character_bars(words: tuple[Word, ...], rows: Sequence[Rule]) -> tuple[tuple[Word, ...], tuple[Rule, ...]]:
    """The words with every bar of a column flagged ``char_rule``, and one vertical rule a column
    (pt); ``rows``: the page's rows of '-' read as rules (``charrules``)."""
    bars = [i for i, w in enumerate(words) if w.text in BARS and not w.in_no_table]
    if len(bars) < MIN_BARS:
        return words, ()
    out, rules = list(words), []
    for col in _columns(words, bars):
        first, last = words[col[0]].bbox, words[col[-1]].bbox
        x = sum(words[i].bbox.cx for i in col) / len(col)
        top, bottom = _reach(first.y0, last.y1, x, first.height, rows)
        rules.append(Rule("v", round(x, 2), top, bottom, THICKNESS, "text"))
        for i in col:
            out[i] = dataclasses.replace(out[i], char_rule=True)
    return (tuple(out), tuple(rules)) if rules else (words, ())


def bars_reach(rules: Sequence[Rule], box: Rect) -> tuple[float, float]:
    """The highest top and the lowest bottom (pt) of the columns of '|' that cross ``box``'s top
    or bottom edge inside its width (a text table's column rules, source "text"); (0, inf) when
    none does. A line over them or under them stands outside every column rule of the table: a
    prompt, a title, a "(7 rows)" count, no row of it."""
    on = [r for r in rules if r.source == "text" and r.orient == "v" and box.x0 <= r.pos <= box.x1
          and (r.start <= box.y0 <= r.end or r.start <= box.y1 <= r.end)]
    return min((r.start for r in on), default=0.0), max((r.end for r in on), default=float("inf"))
