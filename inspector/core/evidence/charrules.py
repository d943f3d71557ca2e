"""Character rules: a line of text made only of runs of ``-`` or ``=`` (a line printer's rule).

Reports printed from plain text (mainframe and ERP listings, bank statements, ledgers set by
enscript, a2ps or a text print driver) draw no lines: a header is underlined by a row of hyphens,
one run per column ("-------- ------") or one across the table, and a totals line is set off by a
row of ``=``. Read as words, such a row is a row of the table (it splits the header from the
body, and makes columns of its own); it is a rule. Each run becomes one horizontal rule (source
"text") through the middle of its characters, as long as they (one rule a line, the gaps between its runs its
``breaks``), and its words leave every row
and cell (``Word.char_rule``): what a line printer can draw is drawn the only way it can.

A line is such a row only when every word on it is one: a hyphen run inside a line of text (a
nil "---" in a cell, "see -- above") stays text. A run is ``MIN_RUN`` characters or more; the
line's runs together are ``MIN_LINE`` characters or more, so a lone short dash run (a nil
value, a cell's "----" on an otherwise empty row) is not a rule.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ..page_marks import Rule, Word

# The rule characters: hyphen-minus, the minus sign a Courier encoding shows for it (a2ps), the
# equals sign, the box-drawing horizontals a DOS/OEM code page prints.
RULE_CHARS = frozenset("-=\u2212\u2500\u2550")
# Where a column of '|' crosses such a row: '+' (a database client's "+----+----+") and the
# box-drawing crossings, tees and corners.
JUNCTIONS = frozenset("+\u253c\u251c\u2524\u252c\u2534\u250c\u2510\u2514\u2518\u256a\u256c\u2554\u2557\u255a\u255d")
DRAWN = RULE_CHARS | JUNCTIONS
# Why no user would change these (``tables.character_rules`` turns the reading off): four is
# more than any dash a text uses ("--", "---" an em dash or a nil); ten characters is the
# narrowest column a report underlines with its head ("AMOUNT" and its padding).
MIN_RUN = 4  # characters in one run
MIN_LINE = 10  # characters in a line's runs together
THICKNESS = 0.5  # pt: the rule drawn for a run (a hairline, like most drawn rules)
NOTE = ("{n} row(s) of '-' or '=' characters read as {k} rule(s): a plain-text report's underlines, "
        "no rows of a table (tables.character_rules)")


BREAK_SLACK = 1.0  # pt: a column boundary this far past a break's ends still lies in it (rounding of glyph boxes)


def is_run(text: str) -> bool:
    """Is ``text`` a run of rule characters, ``MIN_RUN`` or more, crossed by junctions or not?"""
    return len(text) >= MIN_RUN and set(text) <= DRAWN and sum(ch in RULE_CHARS for ch in text) >= MIN_RUN


def _lines(words: tuple[Word, ...]) -> list[list[int]]:
    """Word indices by visual line: words whose middles lie within half the first one's height
    of it, by their middle (y, pt); a table's cells may each be a text block of its own, so the
    text layer's own line numbers would part one printed line."""
    order = sorted(range(len(words)), key=lambda i: words[i].bbox.y0 + words[i].bbox.y1)
    out: list[list[int]] = []
    mid = tol = 0.0
    for i in order:
        b = words[i].bbox
        m = (b.y0 + b.y1) / 2
        if out and abs(m - mid) <= tol:
            out[-1].append(i)
        else:
            out.append([i])
            mid, tol = m, (b.y1 - b.y0) / 2
    return out


def _line_rule(runs: list[Word]) -> Rule:
    """One rule along a line's runs, through the middle of their boxes, its ``breaks`` the gaps
    between them (a field-by-field underline: as cmidrules set side by side, ``Rule.breaks``)."""
    runs = sorted(runs, key=lambda w: w.bbox.x0)
    mid = sum(w.bbox.y0 + w.bbox.y1 for w in runs) / (2 * len(runs))
    breaks = tuple((a.bbox.x1, b.bbox.x0) for a, b in zip(runs, runs[1:], strict=False) if b.bbox.x0 > a.bbox.x1)
    return Rule("h", round(mid, 2), runs[0].bbox.x0, max(w.bbox.x1 for w in runs), THICKNESS, "text", breaks=breaks)


def character_rules(words: tuple[Word, ...]) -> tuple[tuple[Word, ...], tuple[Rule, ...], int]:
    """The words with every run on a rule line flagged ``char_rule``, the rules those lines draw
    (one a line, ``_line_rule``), and how many lines were read so."""
    if not any(w.text[:1] in DRAWN and is_run(w.text) for w in words):
        return words, (), 0  # most pages: no run at all, no lines to group
    flagged: list[int] = []
    rules: list[Rule] = []
    lines = 0
    for ids in _lines(words):
        texts = [words[i].text for i in ids]
        if any(w.in_no_table for w in (words[i] for i in ids)):
            continue
        if not all(is_run(t) for t in texts) or sum(len(t) for t in texts) < MIN_LINE:
            continue
        lines += 1
        rules.append(_line_rule([words[i] for i in ids]))
        flagged += ids
    if not flagged:
        return words, (), 0
    out = list(words)
    for i in flagged:
        out[i] = dataclasses.replace(out[i], char_rule=True)
    return tuple(out), tuple(rules), lines


def underline_break(rules: Sequence[Rule], x: float) -> bool:
    """Is ``x`` (pt) in the break between two runs of one row of '-'/'=' characters (rules of
    source "text" at one height, ``BREAK_SLACK`` allowed)? A report underlines its column heads
    field by field ("-------- ------"): where the underline breaks, one field ends and the next
    starts, however narrow the gap (a single space in a monospaced font)."""
    return any(a - BREAK_SLACK <= x <= b + BREAK_SLACK
               for r in rules if r.source == "text" for a, b in r.breaks)
