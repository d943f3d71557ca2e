"""Leaders: a run of filler characters that leads the eye from a label to its value.

Financial statements, price lists, tables of contents and forms set "Net revenue ..... 1,234":
dots (``.`` ``·`` ``…``), underscores or spaced hyphens between a row's label and its number.
They are one filler, never a column: each run becomes one word flagged ``Word.leader``, split
off a word it is glued to ("Revenue......." or a word processor's tab leader
"Findings.......12"); rows, regions and column gaps read it as blank space, so it never
bridges the gap between a label and its value, never makes a column or a cell of its own and
never joins the value's cell. Its text stays in its label's cell, as printed ("Revenue
......."): a tab leader is typed in the label's cell, and authoring programs' own cell
content (tags) keeps it there.

A run is a leader only when it stands *between* two texts of one line: it starts within
``LEAD_EMS`` ems of a word before it (the label) and some word follows it on the line (the
value). So a cell that holds "..." (three dots, too short), a nil "-" (one piece) or an
underscore blank ("______" alone in its column, or ending its line) stays a value.
"""

from __future__ import annotations

import dataclasses
import re
from bisect import bisect_left
from collections.abc import Sequence
from typing import NamedTuple

import pymupdf

from ..types import Rect, RowBand, Word

# Filler characters: the full stop, middle dots and the one-dot leader, the ellipses (each "…"
# counts three), the underscore and, as spaced pieces only, the hyphen.
DOTS = frozenset(".·…‧∙․⋯")
FILL = DOTS | frozenset("_")
PIECE = FILL | frozenset("-")
THREE = frozenset("…⋯")
# Why no user would change these (``tables.leaders`` turns the reading off): four fillers is the
# shortest run no text uses ("..." ends a phrase or marks a nil value); three spaced pieces
# (". . ." or "- - -") is the shortest spaced run; a leader starts within three ems of its label
# (forms set their dots on a fixed grid, up to a pitch and a half after the label) and its pieces
# stand at most two ems apart.
MIN_FILL = 4  # fillers in one run
MIN_PIECES = 3  # separate filler words in a spaced run
LEAD_EMS = 3.0  # ems between the label's end and the run's start
PIECE_EMS = 2.0  # ems between two pieces of one run
GLUED = re.compile(r"([._·…‧∙․⋯]{4,}|…{2,}|⋯{2,})")  # a run inside a word: split off it
LEADER_NOTE = ("{n} leader run(s) between labels and values read as space where rows and columns are found, "
               "kept in their label's cell text (tables.leaders)")


def leader_dots(text: str) -> int:
    """Dots of ``text`` when it is made only of leader dots (``.`` ``·``; ``…`` counts three) and
    spaces (a leader run of one-dot words is one word, ". . . ."), else 0."""
    stripped = "".join(text.split())
    if not stripped or not set(stripped) <= DOTS:
        return 0
    return sum(3 if ch in THREE else 1 for ch in stripped)


def fillers(text: str) -> int:
    """Fillers of ``text`` when it is made only of filler characters (``…`` counts three), else 0."""
    if not text or not set(text) <= PIECE:
        return 0
    return sum(3 if ch in THREE else 1 for ch in text)


_PIECE_WORD = re.compile(r"^[-.·…‧∙․⋯_]+$", re.MULTILINE)  # a word made only of fillers, in "\n"-joined texts


def _maybe(text: str) -> bool:
    """Could ``text`` hold a glued leader run? Substring tests only (C speed): ``GLUED`` decides."""
    return "...." in text or "…" in text or "__" in text or "··" in text or "⋯" in text or "‧‧" in text \
        or "∙∙" in text or "․․" in text


class Leaders(NamedTuple):
    """The words with glued leaders split off and every leader flagged, and the runs found."""

    words: tuple[Word, ...]
    runs: int


def find_leaders(words: tuple[Word, ...]) -> Leaders:
    """``words`` with each leader run made one word flagged ``Word.leader`` (its pieces' texts
    joined by spaces, their boxes united) and split off the word it is glued to; the same
    tuple when the page has none. Every page pays one join of its texts and two searches; a
    page with filler words (a nil "-" will do) reads the text lines those stand on."""
    text = "\n".join([w.text for w in words])
    glued = _maybe(text)
    if not glued and _PIECE_WORD.search(text) is None:
        return Leaders(words, 0)
    split = [piece for w in words for piece in (_split(w) if _maybe(w.text) else (w,))] if glued else list(words)
    runs = _runs(split)
    if not runs:
        return Leaders(words, 0)
    first = {run[0]: run for run in runs}
    inside = {i for run in runs for i in run[1:]}
    out = [_one(split, first[i]) if i in first else w for i, w in enumerate(split) if i not in inside]
    return Leaders(tuple(out), len(runs))


def _one(words: Sequence[Word], run: Sequence[int]) -> Word:
    """The leader run ``run`` (indices, left to right) as one leader word."""
    ws = [words[i] for i in run]
    box = Rect(ws[0].bbox.x0, min(w.bbox.y0 for w in ws), ws[-1].bbox.x1, max(w.bbox.y1 for w in ws))
    return dataclasses.replace(ws[0], text=" ".join(w.text for w in ws), bbox=box, leader=True)


def _split(w: Word) -> tuple[Word, ...]:
    """``w`` cut around a run of fillers inside it ("Revenue......." -> "Revenue", ".......";
    "Findings.....12" -> three words)."""
    found = GLUED.search(w.text)
    if found is None or (found.start() == 0 and found.end() == len(w.text)):
        return (w,)
    text = w.text
    return _cut(w, [p for p in (text[:found.start()], found.group(), text[found.end():]) if p])


def _cut(w: Word, parts: list[str]) -> tuple[Word, ...]:
    """``w`` as one word per text of ``parts`` (which join to its text), its box shared out by
    the glyphs' widths (Helvetica's, a fair guess for any font: dots are far narrower than letters)."""
    widths = [pymupdf.get_text_length(p, fontname="helv", fontsize=10) for p in parts]
    total = sum(widths) or 1.0
    out, x = [], w.bbox.x0
    for part, width in zip(parts, widths, strict=True):
        x1 = x + w.bbox.width * width / total
        out.append(dataclasses.replace(w, text=part, bbox=dataclasses.replace(w.bbox, x0=x, x1=x1)))
        x = x1
    return tuple(out)


def _lines(words: Sequence[Word]) -> list[list[int]]:
    """Indices of the upright words grouped into text lines by baseline (within a third of the
    font size), each line left to right; only the lines that hold a filler word."""
    found = [w for w in words if w.text[:1] in PIECE and fillers(w.text) and not w.turn and not w.in_no_table]
    if not _may_run(found):
        return []
    seeds = sorted(w.baseline for w in found)
    near = [i for i, w in enumerate(words) if not w.turn and not w.in_no_table and _close(seeds, w)]
    order = sorted(near, key=lambda i: (words[i].baseline, words[i].bbox.x0))
    lines: list[list[int]] = []
    for i in order:
        w = words[i]
        if lines and abs(words[lines[-1][0]].baseline - w.baseline) <= max(w.font_size, 1.0) / 3:
            lines[-1].append(i)
        else:
            lines.append([i])
    return [sorted(line, key=lambda i: words[i].bbox.x0) for line in lines]


SLACK = 1e-6  # pt: ``_may_run`` is a necessary test; this keeps it one whatever the sums' last bits


def _may_run(found: Sequence[Word]) -> bool:
    """Can the filler words ``found`` make a leader run at all (see ``_leads``)? One of four
    fillers or more can; shorter ones need a second piece beside them on their line: one
    starting after it, within ``PIECE_EMS`` of its end, on a baseline close enough for
    ``_lines`` to set both in one line (each within a third of its size of the line's first
    word). A page's nil dashes, each alone in its cell, make no run: their lines are not read."""
    if any(fillers(w.text) >= MIN_FILL for w in found):
        return True
    order = sorted(found, key=lambda w: w.baseline)
    tols = [max(w.font_size, 1.0) / 3 for w in order]
    widest = max(tols, default=0.0)
    for i, a in enumerate(order):
        for j in range(i + 1, len(order)):
            b = order[j]
            if b.baseline - a.baseline > tols[i] + widest + SLACK:
                break
            if b.baseline - a.baseline <= tols[i] + tols[j] + SLACK and (_beside(a, b) or _beside(b, a)):
                return True
    return False


def _beside(a: Word, b: Word) -> bool:
    """Can ``b`` be the piece after ``a`` in one run (``_run_end``'s test)?"""
    return b.bbox.x0 >= a.bbox.x0 and not b.bbox.x0 - a.bbox.x1 > PIECE_EMS * max(b.font_size, 1.0)


def _close(seeds: list[float], w: Word) -> bool:
    """Is ``w``'s baseline within a third of its font size of one of the sorted ``seeds``?"""
    tol = max(w.font_size, 1.0) / 3
    k = bisect_left(seeds, w.baseline - tol)
    return k < len(seeds) and seeds[k] <= w.baseline + tol


def _runs(words: Sequence[Word]) -> list[list[int]]:
    """Every leader run (see the module doc) as word indices, left to right."""
    runs: list[list[int]] = []
    for line in _lines(words):
        if not any(fillers(words[i].text) for i in line):
            continue
        k = 0
        while k < len(line):
            if not fillers(words[line[k]].text):
                k += 1
                continue
            end = _run_end(words, line, k)
            if k > 0 and end < len(line) and _leads(words, line, k, end):
                runs.append(line[k:end])
            k = end
    return runs


def _run_end(words: Sequence[Word], line: list[int], k: int) -> int:
    """The position after the last piece of the run of fillers starting at ``line[k]``."""
    end = k + 1
    while end < len(line) and fillers(words[line[end]].text):
        em = max(words[line[end]].font_size, 1.0)
        if words[line[end]].bbox.x0 - words[line[end - 1]].bbox.x1 > PIECE_EMS * em:
            break
        end += 1
    return end


def _leads(words: Sequence[Word], line: list[int], k: int, end: int) -> bool:
    """Is the run ``line[k:end]`` long enough, and does it start close after the label before it?"""
    pieces = [words[i] for i in line[k:end]]
    count = sum(fillers(w.text) for w in pieces)
    if count < MIN_FILL and not (len(pieces) >= MIN_PIECES and count >= MIN_PIECES):
        return False
    if all(set(w.text) <= {"-"} for w in pieces) and len(pieces) < MIN_PIECES:
        return False  # "----" is a rule drawn in text or a nil value; "- - -" leads
    label = words[line[k - 1]]
    return pieces[0].bbox.x0 - label.bbox.x1 <= LEAD_EMS * max(pieces[0].font_size, 1.0)


LEADER_LIST = ("a list of labels led to their page numbers by leaders (a table of contents): leaders lead to page "
               "numbers in its last column on {led} of {lines} lines")
# Why no user would change these (``tables.leaders`` turns the reading off): a page reference is
# a page number (up to four digits, a part's letter before it: "A-3") or a roman numeral, and a
# contents list in parts restarts its numbers (once in four lines is more than any list here).
PAGE_REF = re.compile(r"^(?:[A-Z]{1,2}[-.]?)?\d{1,4}$|^[ivxlcdm]{1,7}$|^[IVXLCDM]{1,7}$")
RESTART = 4  # led lines per restart of the page numbers allowed (a list in parts: "Part II ..... 1")


def leader_list(xs: Sequence[float], box: Rect, words: Sequence[Word], lines: Sequence[RowBand]) -> str:
    """The reason a grid without drawn columns (column boundaries ``xs``, region ``box``) is no table when
    leaders lead to its last column on most of its lines and what they lead to are page
    references, "" otherwise. Read as space, leaders open a gap between a label and its value;
    but where they lead to page numbers in the last column, the rows are titles each led to its
    page: a table of contents (numbered or not), as it read before leaders were read at all. A
    statement's or a rate sheet's leaders lead to amounts ("1,234", "(95)", "2.50%"): those rows
    are a table, also with a single amount column, and its drawn rules (a total's rule) are its own."""
    lead = [w for w in words if w.leader and box.x0 <= w.bbox.cx <= box.x1 and box.y0 <= w.bbox.cy <= box.y1]
    if not lead or len(xs) < 3:
        return ""
    led, both = _led(xs[-2], lead, words, lines)
    if not 2 * len(led) >= both > 0 or not page_references(led):
        return ""
    return LEADER_LIST.format(led=len(led), lines=both)


def page_references(values: Sequence[str]) -> bool:
    """Do ``values`` (top to bottom) read as a contents list's page references: each a page
    number or a roman numeral, the page numbers rising, restarting at most once per
    ``RESTART`` values? Amounts ("1,234", "(95)", "12.5") and unordered numbers are no page references."""
    if not values or not all(PAGE_REF.match(v) for v in values):
        return False
    parts: dict[str, list[int]] = {}  # page numbers per part letter ("" for plain numbers)
    for v in values:
        if v[-1].isdigit():
            digits = re.sub(r"\D", "", v)
            parts.setdefault(v[:len(v) - len(digits)].rstrip("-."), []).append(int(digits))
    drops = sum(b < a for pages in parts.values() for a, b in zip(pages, pages[1:], strict=False))
    return drops <= (len(values) - 1) // RESTART


def _led(x: float, lead: Sequence[Word], words: Sequence[Word], lines: Sequence[RowBand]) -> tuple[list[str], int]:
    """(the values right of ``x``, top to bottom, on the lines on which a leader is the last
    thing before the first word right of ``x``; the count of lines with text on both sides of ``x``)."""
    led: list[str] = []
    both = 0
    for ln in sorted(lines, key=lambda b: b.bbox.y0):
        left = [words[i].bbox.x1 for i in ln.word_ids if words[i].bbox.cx < x]
        right = sorted((words[i] for i in ln.word_ids if words[i].bbox.cx >= x), key=lambda w: w.bbox.x0)
        if not left or not right:
            continue
        both += 1
        a, b = max(left), right[0].bbox.x0
        if any(w.bbox.y0 < ln.bbox.y1 and w.bbox.y1 > ln.bbox.y0 and a - 1.0 < w.bbox.x0 and w.bbox.x1 <= b + 1.0
               for w in lead):
            led.append("".join(w.text for w in right if not w.leader).strip())
    return led, both
