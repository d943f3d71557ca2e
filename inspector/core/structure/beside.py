"""A column of running text set beside a borderless table, cut off the table's region.

Text lines are found across the whole page, so a paragraph in the next column shares lines
with the table's rows and an aligned run of lines takes it in as the table's last (or first)
column; its lines, at their own spacing, then fall between the table's rows and glue them
together. What tells such a column from a table's own text column (a "Description" column):

- its pieces are running text: several words each, few of them numbers (an ellipsis
  ". . ." in a diagram is no running text);
- it is cut from the table by a gutter no piece of the run crosses;
- its lines keep their own baselines: where a line holds words of both sides, the two
  sides' baselines differ (a table's cells of one row share theirs), and its lines follow
  one another at one even spacing (a table's wrapped cells alternate line and row spacing),
  read past a few wider breaks (a section heading, a new paragraph set apart: ``_pitch``);
  or, on a page set on one baseline grid (the table's rows on the prose's baselines), its
  lines run on as a paragraph's (``_runs_on``); or a row of the table's cells is set between
  two of its lines (``_row_between``: no cell holds two lines a row starts between, so the
  lines are no wrapped cell's; an address block beside an invoice's key-value table, its
  first line on the first row's baseline, its others between the rows').

Only then is the region cut at the gutter and trimmed to the lines of the table's side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from statistics import mean, median, pstdev

from ..numbers import is_number
from ..text import word_count
from ..types import Rect, Word
from .between import HEADING_SIZE
from .columns import STRADDLE, Line, Segment, lines_in, segments
from .flow import flows, prose_piece, running_text

MIN_WORDS = 2.5  # mean words a piece of running text holds, at least
MAX_NUMBERS = 0.3  # share of a text column's words that may be numbers
MIN_GUTTER_EM = 1.0  # white between the table's pieces and the text column, x font size
SAME_BASELINE_PT = 0.6  # a row's cells share a baseline within this
EVEN_PITCH = 0.12  # the text column's line spacing varies by at most this share
BREAKS = 0.25  # share of its steps a text column may break its spacing by, wider (a heading, a paragraph)
MIN_EVEN_STEPS = 4  # steps at the column's own spacing needed to read past its breaks
MIN_TEXT_LINES = 3  # lines of running text before a column counts as one (two lines are any two cells)
MIN_TABLE_LINES = 3  # lines the table keeps after the cut (the borderless minimum)
AROUND = 2  # page lines read above and below a run for a paragraph running through it (a subscript line between)
# Why no user would change these: they describe running text and a gutter in the page's own
# measures (its words, its line spacing, a stroke's pt), not a producer's style.
EDGE_SLACK = 2  # pt a text column's piece may stand past the column's ragged-side edge
CUT_INSET = 1  # pt into the gutter from the text column's edge where the cut is placed
MIN_TABLE_PIECES = 2  # pieces a table line keeps after the cut to count as a row of cells
MIN_ROW_LINES = 2  # table lines with MIN_TABLE_PIECES pieces the cut must leave
FACING = 0.5  # line spacings: a text line this close to a table row's baseline faces it
MIN_FACING = 2  # lines facing table rows needed to judge the baselines
OFF_BASELINE = 0.5  # share of the facing lines that must sit off the table's baselines
RUNS_ON = 0.5  # share of a text column's line steps that run on (prose on the table's baselines)


RUNS_ON_BESIDE = ("prose beside the table: a column of running text on the table's own baselines, behind a "
                  "gutter, its lines running on (a full line goes on in lower case on the next, as a paragraph's "
                  "do, where a table's text column starts a cell on each row); cut off the table, never its last "
                  "column")


THROUGH = ("a paragraph running through: a column of running text whose lines go on from the line above the "
           "run and into the line below it (a full line, then lower case), beside too little for a table "
           "(fewer than 3 rows, lines overlapping in height one row, or fewer than 2 rows in pieces): prose "
           "and what stands beside it on its lines (a display equation's pieces), no table")


@dataclass(frozen=True)
class Trimmed:
    """What is left of an aligned run once a column of running text beside it is cut off:
    the table's box(es) and the text column's box (None when nothing was cut); ``breaks``:
    the steps between the text column's lines wider than its own pitch (a heading or a new
    paragraph set apart) that its even spacing was read past, ``pitch`` that pitch (pt);
    ``runs_on``: the column shares the table's baselines and was told by its lines running on
    (``RUNS_ON_BESIDE`` says so); ``between``: told by a row of the table set between two of
    its lines (``ROW_BETWEEN`` says so)."""

    tables: tuple[Rect, ...]
    prose: Rect | None = None
    breaks: int = 0
    pitch: float = 0.0
    runs_on: bool = False
    between: bool = False
    through: bool = False  # no table left: a paragraph runs through the run (``THROUGH``), ``prose`` the run's box
    characters: bool = False  # the column's running text told in characters (Chinese, Japanese: ``prose_piece``)
    title: bool = False  # a heading on the column's first page line left out of the table (``_table_lines``)


@dataclass(frozen=True)
class _Pitch:
    """A text column's own line spacing (``step``, pt) and the wider breaks read past;
    ``runs_on``: its lines sit on the table's baselines and are told by running on;
    ``between``: a row of the table's cells is set between two of its lines."""

    step: float
    breaks: int
    runs_on: bool = False
    between: bool = False


def trim_text_column(box: Rect, lines: Sequence[Line], words: Sequence[Word], min_gap: float, tol: float,
                     around: tuple[Sequence[Line], Sequence[Line]] = ((), ())) -> Trimmed:
    """``box`` (an aligned run of ``lines``) without a column of running text on its right or
    left side; ``box`` itself when there is none. ``tol``: the baseline tolerance of text
    lines (``rows.y_tolerance``). On a page of two text columns the table's side holds its
    column's prose too: the table is what lies between that prose's lines above and below it.
    ``around``: the page's text lines above and below the run (``AROUND`` at most each, top
    down), read for a paragraph running through it (``_through``): then no table is left
    (``Trimmed.through``)."""
    segs = segments(words, lines, min_gap)
    for right in (True, False):
        cut = _text_column(segs, words, right)
        if cut is None:
            if _through(lines, words, min_gap, right, around):
                return Trimmed((), box, through=True)
            continue
        mine = [s for s in segs if (s.x1 < cut if right else s.x0 > cut)]
        text = [i for s in segs if (s.x0 >= cut if right else s.x1 <= cut) for i in s.word_ids]
        rows, title = _table_lines(mine, words)
        cells = [s for s in mine if s.line in rows]
        pieces = [s.line for s in cells]
        full = [lines[k].baseline for k in set(pieces) if pieces.count(k) >= MIN_TABLE_PIECES]
        # Prose on the table's side too (columns of running text): no table to cut the
        # paragraph off; only baselines of its own part a text column from such a side (its
        # lines in two pieces are prose's, no rows of cells to stand between the column's lines).
        prose_side = 2 * sum(running_text(s, words) for s in cells) >= len(cells)
        own = _own_lines([i for s in cells for i in s.word_ids], text, words, tol,
                         None if prose_side else min_gap, () if prose_side else full) if rows else None
        if own is not None:
            kept = [i for s in mine if rows[0] <= s.line <= rows[-1] for i in s.word_ids]
            counted = not any(running_text(x, words) for x in segs if (x.x0 >= cut if right else x.x1 <= cut))
            return Trimmed((Rect.bounding([words[i].bbox for i in kept]),), Rect.bounding([words[i].bbox for i in text]),
                           own.breaks, own.step, own.runs_on, own.between, characters=counted, title=title)
    return Trimmed((box,))


def _table_lines(mine: Sequence[Segment], words: Sequence[Word]) -> tuple[list[int], bool]:
    """The lines (indices, ascending) of the table's side from its first to its last line
    that is no running text in one piece (the prose of the table's own text column, set
    above or below it, is not the table's), and whether a heading over them was left out."""
    by_line: dict[int, list[Segment]] = {}
    for s in mine:
        by_line.setdefault(s.line, []).append(s)
    rows = sorted(k for k, ss in by_line.items() if len(ss) > 1 or not prose_piece(ss[0], words))
    usual = median(words[i].font_size for s in mine for i in s.word_ids) if mine else 0.0
    # The table's heading (one piece, in larger type) may share its page line with the text
    # column's first line: it is the table's title, no row of it.
    n = len(rows)
    while len(rows) > MIN_TABLE_LINES and len(by_line[rows[0]]) == 1 and \
            min(words[i].font_size for i in by_line[rows[0]][0].word_ids) >= HEADING_SIZE * usual:
        rows = rows[1:]
    return rows, len(rows) < n


def _text_column(segs: Sequence[Segment], words: Sequence[Word], right: bool) -> float | None:
    """The x where a text column starts (``right``: its left edge) or ends, when the outermost
    pieces of the lines are running text behind a gutter no piece crosses; else None."""
    by_line: dict[int, list[Segment]] = {}
    for s in segs:
        by_line.setdefault(s.line, []).append(s)
    outer = [(ss[-1] if right else ss[0]) for ss in by_line.values()]
    prose = _flush_column([s for s in outer if prose_piece(s, words)], right)
    if len(prose) < MIN_TEXT_LINES:
        return None
    edge = min(s.x0 for s in prose) if right else max(s.x1 for s in prose)  # the ragged side is away
    em = median(words[s.word_ids[0]].font_size for s in prose)
    inner = [s for s in segs if (s.x1 < edge - MIN_GUTTER_EM * em if right else s.x0 > edge + MIN_GUTTER_EM * em)]
    outside = [s for s in segs if (s.x0 >= edge - EDGE_SLACK if right else s.x1 <= edge + EDGE_SLACK)]
    if len(inner) + len(outside) != len(segs):
        return None  # a piece runs across the gutter
    lines_left = {s.line for s in inner}
    if len(lines_left) < MIN_TABLE_LINES or sum(
            len([s for s in inner if s.line == k]) >= MIN_TABLE_PIECES for k in lines_left) < MIN_ROW_LINES:
        return None  # too little table is left
    ids = [i for s in outside for i in s.word_ids]
    if sum(is_number(words[i].text) for i in ids) > MAX_NUMBERS * len(ids):
        return None
    return edge - CUT_INSET if right else edge + CUT_INSET


def _through(lines: Sequence[Line], words: Sequence[Word], min_gap: float, right: bool,
             around: tuple[Sequence[Line], Sequence[Line]]) -> bool:
    """Does a paragraph run through the run of ``lines`` on its right (``right``) or left side,
    beside too little for a table? Its pieces there: running text on ``MIN_FACING`` lines or
    more (too few for ``_text_column``), flush at one start, behind a gutter no piece crosses;
    the line above the run (``around[0]``) runs on into its first piece, each piece into the
    next, and its last into the line below (``around[1]``; of each, the nearest with text over
    the column: an equation's subscript line may come first): ``flows``, a full line going on
    in lower case. A table's text column holds a cell a row: its text ends inside the table.
    What stands beside it is no table: fewer than ``MIN_TABLE_LINES`` lines, or fewer than
    ``MIN_ROW_LINES`` holding ``MIN_TABLE_PIECES`` pieces (a display equation's pieces)."""
    above, below = list(around[0]), list(around[1])
    every = [*above, *lines, *below]
    if not lines or not all(ln.word_ids for ln in every):
        return False
    # Pieces parted by a gutter (an em at least): a justified line's stretched spaces stay in it.
    em = median(words[i].font_size for ln in lines for i in ln.word_ids)
    segs = segments(words, every, max(MIN_GUTTER_EM * em, min_gap))
    inside = [s for s in segs if len(above) <= s.line < len(above) + len(lines)]
    by_line: dict[int, list[Segment]] = {}
    for s in inside:
        by_line.setdefault(s.line, []).append(s)
    outer = [(ss[-1] if right else ss[0]) for ss in by_line.values()]
    running = [s for s in outer if running_text(s, words)]
    if not running:
        return False
    start = max(s.x0 for s in running) if right else min(s.x0 for s in running)
    prose = [s for s in running if abs(s.x0 - start) <= EDGE_SLACK]  # flush at the column's start
    if len(prose) < MIN_FACING:
        return False
    x0, x1 = min(s.x0 for s in prose), max(s.x1 for s in prose)
    rest = [s for s in inside if s not in prose]
    if any(s.x1 > x0 and s.x0 < x1 for s in rest):
        return False  # a piece runs into the text column
    over = [s for s in segs if s.x0 < x1 and s.x1 > x0]
    up = max((s for s in over if s.line < len(above)), key=lambda s: s.line, default=None)
    down = min((s for s in over if s.line >= len(above) + len(lines)), key=lambda s: s.line, default=None)
    if up is None or down is None:
        return False
    ends = (up, down)
    col = [ends[0], *sorted(prose, key=lambda s: s.line), ends[1]]
    if len(flows(col, words, every)) < len(col) - 1:
        return False
    rows = _rows(rest, words)
    return len(rows) < MIN_TABLE_LINES or sum(len(r) >= MIN_TABLE_PIECES for r in rows) < MIN_ROW_LINES


def _rows(pieces: Sequence[Segment], words: Sequence[Word]) -> list[list[Segment]]:
    """``pieces`` by line, top down, a line joined to the one above when their pieces' heights
    overlap by ``columns.STRADDLE`` of the lower one's: one row's text, not two (a display
    equation's operator, fraction and subscripts stand on baselines of their own, overlapping)."""
    out: list[list[Segment]] = []
    boxes: list[tuple[float, float]] = []
    for k in sorted({s.line for s in pieces}):
        line = [s for s in pieces if s.line == k]
        y0 = min(words[i].bbox.y0 for s in line for i in s.word_ids)
        y1 = max(words[i].bbox.y1 for s in line for i in s.word_ids)
        a, b = boxes[-1] if boxes else (0.0, 0.0)
        if boxes and min(y1, b) - max(y0, a) >= STRADDLE * min(y1 - y0, b - a):
            out[-1].extend(line)
            boxes[-1] = (min(y0, boxes[-1][0]), max(y1, boxes[-1][1]))
        else:
            out.append(line)
            boxes.append((y0, y1))
    return out


def _flush_column(prose: Sequence[Segment], right: bool) -> list[Segment]:
    """The outermost pieces of running text that are the text column's: those starting flush
    (within ``EDGE_SLACK``) at the rightmost start (``right``) or the leftmost one that
    ``MIN_TEXT_LINES`` of them share, with the pieces starting inside the span they cover (a
    paragraph's indented first line). On a two-column page the table's own page column holds
    prose above and below it: on those lines the outermost piece may be either column's."""
    for p in sorted(prose, key=lambda s: -s.x0 if right else s.x0):
        flush = [s for s in prose if abs(s.x0 - p.x0) <= EDGE_SLACK]
        if len(flush) >= MIN_TEXT_LINES:
            x1 = max(s.x1 for s in flush)
            return [s for s in prose if p.x0 - EDGE_SLACK <= s.x0 < x1]
    return []


def _own_lines(table: Sequence[int], text: Sequence[int], words: Sequence[Word], tol: float,
               min_gap: float | None, rows_of_cells: Sequence[float] = ()) -> _Pitch | None:
    """The text column's own line spacing when its words keep their own lines: evenly spaced
    (``_pitch``), and off the table's baselines where both sides meet in one page line, or
    with a row of the table's cells between two of its lines (``_row_between``; the baselines
    ``rows_of_cells``, pt, of the table's lines in two pieces or more), or, set on the table's
    baselines (one baseline grid for the page), running on from line to line (``_runs_on``,
    read with ``min_gap``; None when the table's side is prose too); else None."""
    mine = lines_in(words, text, tol)
    if len(mine) < MIN_TEXT_LINES or mean(sum(word_count(words[i].text) for i in ln.word_ids) for ln in mine) < MIN_WORDS:
        return None
    pitch = _pitch([b.baseline - a.baseline for a, b in zip(mine, mine[1:], strict=False)])
    rows = [ln.baseline for ln in lines_in(words, table, tol)]
    if pitch is None or not rows:
        return None
    # The lines facing a table row (a wrapped cell's first line faces its row; its next lines
    # face none): a table's own column shares the row's baseline, a column beside it does not.
    near = [min(abs(ln.baseline - b) for b in rows) for ln in mine]
    facing = [d for d in near if d < FACING * pitch.step]
    own = len(facing) >= MIN_FACING and sum(d > SAME_BASELINE_PT for d in facing) >= OFF_BASELINE * len(facing)
    if own:
        return pitch
    if _row_between(mine, rows_of_cells):
        return replace(pitch, between=True)
    return replace(pitch, runs_on=True) if min_gap is not None and _runs_on(mine, words, min_gap) else None


def _row_between(lines: Sequence[Line], rows: Sequence[float]) -> bool:
    """Does a row of the table's cells (its baseline in ``rows``, pt) stand between two
    consecutive ``lines`` of the text column, off both their baselines? A row starts under
    the last line of each cell of the row above, so the two lines are no one cell's wrapped
    text: the column is set beside the rows, not in them."""
    return any(a.baseline + SAME_BASELINE_PT < y < b.baseline - SAME_BASELINE_PT
               for a, b in zip(lines, lines[1:], strict=False) for y in rows)


def _runs_on(lines: Sequence[Line], words: Sequence[Word], min_gap: float) -> bool:
    """Do the text column's ``lines`` read as one paragraph's, most of them (``RUNS_ON`` of the
    steps, ``MIN_FACING`` at least) full and going on in lower case on the next (``flows``)? A
    table's own text column holds a cell per row, each ending its text: its next line starts
    a new cell."""
    segs = segments(words, lines, min_gap)
    if len(segs) != len(lines):
        return False  # a line in several pieces is no paragraph's
    runs = len(flows(sorted(segs, key=lambda s: lines[s.line].baseline), words, lines))
    return runs >= max(MIN_FACING, RUNS_ON * (len(lines) - 1))


def _pitch(steps: Sequence[float]) -> _Pitch | None:
    """The even spacing of a text column's lines (baseline ``steps``, pt): their mean when they
    vary by ``EVEN_PITCH`` at most; else, read past its breaks, the spacing most steps keep
    (their median): every other step wider than it (never a line set closer), in ``BREAKS``
    of the steps at most, consecutive wide steps one break (a heading set apart above and
    below, a new paragraph). A table's column of wrapped cells alternates line and row
    spacing about as often: no such pitch. None when uneven."""
    if pstdev(steps) <= EVEN_PITCH * mean(steps):
        return _Pitch(mean(steps), 0)
    usual = median(steps)
    even = [d for d in steps if abs(d - usual) <= EVEN_PITCH * usual]
    wide = [d > (1 + EVEN_PITCH) * usual for d in steps]
    breaks = sum(w and not (k and wide[k - 1]) for k, w in enumerate(wide))
    if len(even) + sum(wide) < len(steps) or breaks > BREAKS * len(steps) or len(even) < MIN_EVEN_STEPS:
        return None
    return _Pitch(mean(even), breaks)


PROSE_BESIDE = ("prose beside the table: a column of running text (its own even line spacing, off the table's "
                "baselines, behind a gutter) set beside aligned rows; cut off the table, never its last column")
PROSE_BESIDE_BREAKS = ("prose beside the table: a column of running text (its lines every {pitch:.1f} pt, its own "
                       "pitch, but for {n} wider break(s): a heading or a new paragraph set apart; off the table's "
                       "baselines, behind a gutter) set beside aligned rows; cut off the table, never its last column")
PROSE_ROW_BETWEEN = ("prose beside the table: a column of running text (its lines every {pitch:.1f} pt, its own "
                     "pitch), a row of the table's cells set between two of its lines (a row starts under the last "
                     "line of each cell above it: no cell of the table holds those lines), behind a gutter; cut off "
                     "the table, never its last column")


def beside_said(cut: Trimmed) -> str:
    """Why the text column ``cut`` off an aligned run is prose beside the table."""
    if cut.runs_on:
        said = RUNS_ON_BESIDE
    elif cut.between:
        said = PROSE_ROW_BETWEEN.format(pitch=cut.pitch)
    else:
        said = PROSE_BESIDE if not cut.breaks else PROSE_BESIDE_BREAKS.format(pitch=cut.pitch, n=cut.breaks)
    return said + (CHARACTERS if cut.characters else "") + (TITLE_BESIDE if cut.title else "")


CHARACTERS = ("; its running text told in characters (Chinese and Japanese set no spaces: 12 ideographs or more "
              "a piece with a sentence's punctuation inside)")
TITLE_BESIDE = "; the heading on its first line (one piece in larger type) is the table's title, no row of it"
