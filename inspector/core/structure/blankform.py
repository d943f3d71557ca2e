"""A blank form's answer column: labels ending in leader dots beside ruled boxes left empty.

A printed form (a tax return, an application) rules a strip of entry boxes down its right
side, one box per line, and sets each line's label to their left, ending in a run of leader
dots that leads the eye to its box. The row rules make a ruled grid, and the leaders, set at
a fixed pitch, line up like columns; but a blank form's boxes hold nothing: the labels and
their boxes are one form to fill in, not a table. A table that uses leaders (a financial
statement's "Revenue . . . . 1,234") fills the column they lead to, so it stays.

Decided on the grid, before it is kept: a ruled grid of ``MIN_ROWS`` rows or more is a blank
form when its last column holds text in no more than ``EMPTY_SHARE`` of its rows and at
least ``LEADER_SHARE`` of its rows with text carry a run of leader dots, or when its lines
are numbered, each number repeated after its label beside the empty box (``_numbered_form``).

The other way round, a blank *table* to fill in (``blank_table``): captions in one header row
over ruled rows left empty (a tax return's dependents grid) is a table though mostly empty,
and ``inner_grids`` finds one drawn inside a form whose one drawing joins all its rules.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..types import Grid, Rect, Rule, Word
from .columns import WordCentres
from .leaders import leader_dots
from .region import FULL, RegionEvidence
from .regions import Candidate

# Why no user would change these: the parameter ``tables.blank_form`` turns the test off; the
# shares say "almost all" and "most", and three dots are the shortest run read as a leader
# (an ellipsis "..." in a sentence is one word ending a phrase, never beside an empty box).
MIN_ROWS = 4  # rows a grid needs before its empty answer column says it is a form
EMPTY_SHARE = 0.1  # the answer column holds text in no more than this share of the rows
LEADER_SHARE = 0.5  # at least this share of the rows with text carry a leader
LEADER_DOTS = 3  # dots (in words made only of dots) a row needs for a leader
BLANK_FORM = ("blank form: {lead} of {text} rows end in leader dots toward a ruled answer column left empty "
              "in {filled} of {rows} rows; a form's labels and entry boxes, not a table")


def blank_form(grid: Grid, words: Sequence[Word], centres: WordCentres, ids: Sequence[int]) -> str:
    """The reason ``grid`` (a ruled one) is a blank form's answer column, or "" when it may be a table."""
    if grid.source != "ruled" or grid.n_rows < MIN_ROWS or grid.n_cols < 2 or not ids:
        return ""
    idx = np.asarray(ids, dtype=int)
    cx, cy = centres.cx[idx], centres.cy[idx]
    row = np.clip(np.searchsorted(grid.ys, cy, side="right") - 1, 0, grid.n_rows - 1)
    last = cx >= grid.xs[-2]
    filled = len(set(row[last].tolist()))
    if filled > EMPTY_SHARE * grid.n_rows:
        return _numbered_form(grid, words, idx.tolist(), row.tolist(), set(row[last].tolist()))
    dots = np.zeros(grid.n_rows, dtype=int)
    for k, r in zip(idx.tolist(), row.tolist(), strict=True):
        dots[r] += leader_dots(words[k].text)
    for w in _leaders_in(grid, words):  # read as space (``structure.leaders``): no centre, so not in ``ids``
        at = int(np.searchsorted(grid.ys, w.bbox.cy, side="right")) - 1
        dots[min(max(at, 0), grid.n_rows - 1)] += leader_dots(w.text)
    text_rows = len(set(row.tolist()))
    lead = int((dots >= LEADER_DOTS).sum())
    if lead >= LEADER_SHARE * text_rows:
        return BLANK_FORM.format(lead=lead, text=text_rows, filled=filled, rows=grid.n_rows)
    return _numbered_form(grid, words, idx.tolist(), row.tolist(), set(row[last].tolist()))


def _numbered_form(grid: Grid, words: Sequence[Word], ids: Sequence[int], rows: Sequence[int],
                   filled: set[int]) -> str:
    """The reason ``grid`` is a tax form's numbered lines, or "": ``MIN_NUMBERED`` rows or more,
    and at least ``LEADER_SHARE`` of its rows with text, hold a line number repeated beside the
    answer column (``_numbered_rows``), and that column is left empty on all of them. Other rows
    of the same drawing (the name and address boxes over the lines) may hold text in it; when
    none does, ``EMPTY_COLUMN_SHARE`` of the rows numbered will do (a page of numbered lines
    joined to its signature block, their lines wrapped over two rows)."""
    # A numbered row holds its number twice: with fewer such words no rows can be (exact, cheap).
    if sum(1 for k in ids if words[k].text[:1].isdigit() and FORM_LINE.match(words[k].text)) < 2 * MIN_NUMBERED:
        return ""
    repeats = _numbered_rows(words, ids, rows)
    numbered = set(repeats)
    text_rows = len(set(rows))
    # An answer column left wholly empty says more: a quarter of the rows numbered will do.
    share = LEADER_SHARE if filled else EMPTY_COLUMN_SHARE
    if len(numbered) < max(MIN_NUMBERED, share * text_rows) or numbered & filled:
        return ""
    if _headed_answers(grid, words, ids, rows, (min(numbered), float(np.median(list(repeats.values()))))):
        return ""
    return NUMBERED_FORM.format(n=len(numbered), text=text_rows, rows=grid.n_rows)


NUMBERED_FORM = ("blank form: {n} of {text} rows (of {rows}) hold a line number and repeat it after their label, "
                 "before a ruled answer column left empty in each of them (a tax form's numbered lines); a form's labels and entry "
                 "boxes, not a table")
EMPTY_COLUMN_SHARE = 0.25  # share of rows with text numbered when the answer column holds no text at all
MIN_NUMBERED = 4  # numbered lines a grid needs to be a form's
HEADED_COLUMNS = 3  # captioned columns right of the line numbers that make them a table's row labels
LABEL_LETTERS = 3  # letters of a word that makes the text between a line number and its repeat a label
FORM_LINE = re.compile(r"^\d{1,2}[a-z]?$")  # "7", "8a", "11b": a form's line number


def _numbered_rows(words: Sequence[Word], ids: Sequence[int], rows: Sequence[int]) -> dict[int, float]:
    """The grid rows holding a form's line number (``FORM_LINE``) that another word right of it
    repeats, with a label between them (a word of ``LABEL_LETTERS`` letters or more): "7  Wages,
    salaries, tips . . .  7 [      ]", the number set again beside its answer box; by row, the x
    (pt) where the repeat ends. A margin's section label may stand left of the number."""
    by_row: dict[int, list[int]] = {}
    for k, r in zip(ids, rows, strict=True):
        by_row.setdefault(r, []).append(k)
    out: dict[int, float] = {}
    for r, ks in by_row.items():
        ks = sorted(ks, key=lambda k: words[k].bbox.x0)
        texts = [words[k].text for k in ks]
        for a, text in enumerate(texts):
            b = next((b for b in range(a + 1, len(ks)) if texts[b] == text), None) if FORM_LINE.match(text) else None
            if b is not None and any(sum(ch.isalpha() for ch in t) >= LABEL_LETTERS for t in texts[a + 1:b]):
                out[r] = words[ks[b]].bbox.x1
                break
    return out


def _headed_answers(grid: Grid, words: Sequence[Word], ids: Sequence[int], rows: Sequence[int],
                    start: tuple[int, float]) -> bool:
    """Does a row over the first numbered one (``start``: its row, and the x where the repeated
    numbers end) head ``HEADED_COLUMNS`` or more of the grid's columns right of the numbers with a
    caption each, side by side on one text line ("(b) 10% | (c) 15% | (d) 30%")? Then the
    numbered lines are the row labels of a table of amounts to fill in, not one answer column."""
    first, x = start
    lines: dict[tuple[int, int], list[Word]] = {}
    for k, r in zip(ids, rows, strict=True):
        w = words[k]
        if r < first and w.bbox.x0 > x:
            lines.setdefault((r, round(w.bbox.y1)), []).append(w)
    for ws in lines.values():  # the captions of one text line: its pieces a type size or more apart
        ws.sort(key=lambda w: w.bbox.x0)
        starts = [ws[0]] + [b for a, b in zip(ws, ws[1:], strict=False) if b.bbox.x0 - a.bbox.x1 > max(a.font_size, 1.0)]
        if len({int(np.searchsorted(grid.xs, w.bbox.x0, side="right")) for w in starts}) >= HEADED_COLUMNS:
            return True
    return False


def _leaders_in(grid: Grid, words: Sequence[Word]) -> list[Word]:
    """The leader words (``Word.leader``) whose centre lies inside ``grid``."""
    x0, x1, y0, y1 = grid.xs[0], grid.xs[-1], grid.ys[0], grid.ys[-1]
    return [w for w in words if w.leader and x0 <= w.bbox.cx <= x1 and y0 <= w.bbox.cy <= y1]


# A blank table to fill in: a header row of captions over ruled rows left empty.
HEADER_ROWS = 2  # rows of text a blank table's header holds at most (a caption may wrap into a second drawn row)
BODY_ROWS = 2  # empty ruled rows under the header a blank table needs (one empty row is a form's answer box)
HEAD_CELLS = 2  # header cells, each holding text, a blank table needs (one caption over a box is a field)
BLANK_TABLE = ("blank table to fill in: a header of {cells} captions, one in each cell its column rules draw, over "
               "{rows} ruled rows left empty, the same column rules drawn down through them{teeth}; kept as a table "
               "(tables.blank_tables; tables.min_filled_rows does not apply)")
TEETH = ("; {n} rule(s) drawn only in the empty rows (a comb of digit boxes, check boxes) divide a column's "
         "writing space, no column of their own")


@dataclass(frozen=True)
class BlankTable:
    """A blank table's column boundaries (pt), the note for explain, and the words left out of it
    (a line number of the form's margin column set in its first header cell, marks without a
    letter or digit printed in its empty rows)."""

    xs: tuple[float, ...]
    note: str
    left_out: tuple[int, ...] = ()


def blank_table(grid: Grid, ev: RegionEvidence) -> BlankTable | None:
    """A ruled ``grid`` read as a blank table to fill in (the dependents grid of a tax form, an
    order form's item lines): its words all in its top one or two rows, a caption in every cell
    of that header that its column rules divide, two rows or more under it ruled across and left
    empty, and each inner column rule of the header drawn on down through them (the sides may be
    open). Returns the grid's column boundaries (the header's: a rule drawn only in the empty
    rows divides writing space, no column), its left side moved past a line number of the form's
    margin (``_line_number``), and the note for explain; None when it is no blank table."""
    # Marks printed in the empty rows (a digit comb's dotted dividers set as text, "⋮") are no entries.
    marks = tuple(i for i in ev.ids if not any(ch.isalnum() for ch in ev.words[i].text))
    ids = [i for i in ev.ids if i not in marks] if marks else list(ev.ids)
    cx, cy, covered = ev.centres.cx[ids], ev.centres.cy[ids], ev.covered
    if grid.source != "ruled" or grid.n_rows < 1 + BODY_ROWS or not len(cy):
        return None
    rows = np.clip(np.searchsorted(grid.ys, cy, side="right") - 1, 0, grid.n_rows - 1)
    head = int(rows.max()) + 1
    if head > HEADER_ROWS or grid.n_rows - head < BODY_ROWS:
        return None
    xs, ys = grid.xs, grid.ys
    top, split, bottom = ys[0], ys[head], ys[-1]
    marks = tuple(i for i in marks if ev.centres.cy[i] >= split)  # a header's "✓" is its caption's
    if not all(covered("h", y, xs[0], xs[-1]) >= FULL for y in ys[head:]):
        return None  # the empty rows are ruled across, each of them
    edges = [xs[0], *(x for x in xs[1:-1] if covered("v", x, top, split) >= FULL), xs[-1]]
    cells = len(edges) - 1
    filled = set(np.searchsorted(np.asarray(edges), cx, side="right").tolist()) & set(range(1, cells + 1))
    if cells < HEAD_CELLS or len(filled) < cells or not all(covered("v", x, split, bottom) >= FULL for x in edges[1:-1]):
        return None
    teeth = len(xs) - len(edges)
    note = BLANK_TABLE.format(cells=cells, rows=grid.n_rows - head, teeth=TEETH.format(n=teeth) if teeth else "")
    number = _line_number(ev, Rect(edges[0], top, edges[1], split))
    if number is None:
        return BlankTable(tuple(edges), note, marks)
    k, x0 = number
    return BlankTable((x0, *edges[1:]), note + LINE_NUMBER.format(text=ev.words[k].text), (k, *marks))


LINE_NUMBER = ("; its first caption starts with the form's line number '{text}', set in the column of line numbers "
               "that runs on above and below it: the table starts after it")
LINE_LABEL = re.compile(r"^\(?(\d{1,2}[a-z]?|[a-z])\)?$")  # "c", "6c", "12", "(b)": a form's line number, not a word


def _line_number(ev: RegionEvidence, cell: Rect) -> tuple[int, float] | None:
    """(word, new left side) when the first word of the header's first ``cell`` is a form's line
    number: a short label (``LINE_LABEL``) starting its top line, more caption text after it, with other line numbers
    over its x span on lines above the grid and below it, outside it (the form's column of line
    numbers). None otherwise."""
    words = ev.words
    inside = [i for i in ev.ids if cell.contains_point(words[i].bbox.cx, words[i].bbox.cy)]
    if len(inside) < 2:
        return None
    first = min(inside, key=lambda i: words[i].bbox.y0)
    on_line = sorted((i for i in inside if words[first].bbox.y0 <= words[i].bbox.cy <= words[first].bbox.y1),
                     key=lambda i: words[i].bbox.x0)
    if len(on_line) < 2 or not LINE_LABEL.match(words[on_line[0]].text):
        return None
    lab, nxt = words[on_line[0]].bbox, words[on_line[1]].bbox.x0
    if nxt <= lab.x1:
        return None
    # The table starts after the number unless its other caption lines start left of it.
    side = (lab.x1 + nxt) / 2 if all(words[i].bbox.x0 > lab.x1 for i in inside if i != on_line[0]) else cell.x0
    box, reach = ev.box, ev.box.height
    column = [w.bbox for w in ev.words if LINE_LABEL.match(w.text) and w.bbox.x0 < lab.x1 and w.bbox.x1 > lab.x0
              and (box.y0 - reach < w.bbox.cy < box.y0 or box.y1 < w.bbox.cy < box.y1 + reach)]
    if not any(b.cy < box.y0 for b in column) or not any(b.cy > box.y1 for b in column):
        return None
    return on_line[0], side


SUBGRID_COLS = 2  # inner column rules starting and ending together that mark a grid inside a larger drawing
SUBGRID_RULES = 1 + 1 + BODY_ROWS + 1  # row rules it needs: its top, under its header, under each empty row


def inner_grids(cand: Candidate, tol: float) -> list[Candidate]:
    """Grids drawn inside a larger ruled drawing (a form whose background panel or frame joins all
    its rules into one group): ``SUBGRID_COLS`` or more vertical rules that start together and end
    together (within ``tol``, pt), and the horizontal rules between those two ends that reach
    across all of them, ``SUBGRID_RULES`` or more. Only candidates: ``blank_table`` decides."""
    out: list[Candidate] = []
    for same in _together([r for r in cand.rules if r.orient == "v"], tol):
        if len(same) < SUBGRID_COLS:
            continue
        v = same[0]
        if cand.bbox.height - (v.end - v.start) <= tol:
            continue  # the drawing's own columns, top to bottom: no grid inside it (tested first: cheap)
        lo, hi = min(w.pos for w in same), max(w.pos for w in same)
        hs = [r for r in cand.rules if r.orient == "h" and v.start - tol <= r.pos <= v.end + tol
              and r.start <= lo + tol and r.end >= hi - tol]
        if len({round(r.pos) for r in hs}) < SUBGRID_RULES:
            continue
        # Its sides where most of its row rules end: a section rule across the page over it is no side of it.
        box = Rect(float(np.median([r.start for r in hs])), min(r.pos for r in hs),
                   float(np.median([r.end for r in hs])), max(r.pos for r in hs))
        hs = [dataclasses.replace(r, start=max(r.start, box.x0), end=min(r.end, box.x1)) for r in hs]
        inside = [r for r in cand.rules if r.orient == "v" and box.x0 - tol <= r.pos <= box.x1 + tol
                  and r.start >= box.y0 - tol and r.end <= box.y1 + tol]
        out.append(Candidate(box, "ruled", (*hs, *inside)))
    return out


def written_below(cand: Candidate, centres: WordCentres, snap: float) -> bool:
    """Does a word with a letter or digit stand in ``cand`` below its third row rule (rules within
    ``snap`` pt are one)? Then it is no blank table, whose words all stand in its top one or two rows
    (``blank_table``), and its grid need not be built: an exact test before the dear one."""
    ys: list[float] = []
    for y in sorted(r.pos for r in cand.rules if r.orient == "h"):
        if not ys or y - ys[-1] > snap:
            ys.append(y)
    if len(ys) < 3:
        return False
    below = Rect(cand.bbox.x0, ys[2] + snap, cand.bbox.x1, cand.bbox.y1)
    return any(any(ch.isalnum() for ch in centres.words[i].text) for i in centres.inside(below, pad=0.0))


def _chains(rules: list[Rule], key: Callable[[Rule], float], tol: float) -> list[list[Rule]]:
    """``rules`` sorted by ``key`` and cut where it steps by more than ``tol``."""
    out: list[list[Rule]] = []
    for r in sorted(rules, key=key):
        if out and key(r) - key(out[-1][-1]) <= tol:
            out[-1].append(r)
        else:
            out.append([r])
    return out


def _together(vs: list[Rule], tol: float) -> list[list[Rule]]:
    """The vertical rules ``vs`` grouped by where they start and where they end (chains of
    ``tol``, pt): a page may hold hundreds, so sorted, not compared pair by pair."""
    return [same for by_start in _chains(vs, lambda r: r.start, tol) for same in _chains(by_start, lambda r: r.end, tol)]
