"""Page layouts that line up like a borderless table but are none.

- Labelled blocks side by side (``labelled_blocks``): an invoice's or a letter's address
  blocks, "BILL TO:" over a name and an address, "SHIP TO:" beside it. Their lines share
  baselines and leave the gutters empty, as a table's rows do. What tells them apart: every
  column's first line is a label ending in a colon (a table's column heads name a quantity,
  they introduce nothing), and the lines below follow one another at the block's own line
  pitch, with no wider gap or rule parting records: each column is one block, not rows of
  records. (A table of addresses under "If you live in:" parts its records by rules or gaps.)
- A slice of a page set in columns (``page_columns``): two or more text columns of running
  prose, read as a table where a heading in each column lines up with one in the next. The
  page's text columns go on past the grid, above and below it, in every column, at the
  region's line pitch, each line within one column. Above and below a real table the text
  spans its columns (a caption, the paragraph that introduces it) or leaves a gap.
- A grid cut through a text box (``cut_box``): a filled box (a sidebar, a shaded note) holds
  all the text of some of the grid's columns and none of the others', and text of its own
  outside the grid, with nothing beside that text across the grid's width: the box's lines
  were read as a column beside unrelated text. A table's shaded column or band lies within
  the table; the text of it a grid found short left out has the table's other cells beside it.
- Numbered notes (``numbered_notes``): a table's or a page's notes ("1 Most widely used in
  adults ...", "a In those without cirrhosis ...") between rules read as two columns. Every
  row's first cell is one note marker (a number, a letter, a note sign) and the second holds
  running text. A two-column table's first column holds labels or values, not only markers
  beside sentences; a column of numbers beside numbers is a table's.
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import median

import numpy as np

from ..rect import Rect
from ..text import list_marker
from ..types import Grid, Word
from .columns import Line, Segment, lines_in, segments
from .flow import running_text
from .keyvalue import ENUMERATOR
from .region import RegionEvidence

# Why no user would change these: they describe a block's or a page column's own line setting.
COLONS = (":", "：")  # a label ends in one of these (Latin and full-width)
MIN_BLOCKS = 2  # labelled blocks side by side, at least (one is a key-value line)
MIN_BLOCK_LINES = 3  # lines of a block, its label counted, at least
EVEN_PITCH = 1.5  # a block's lines follow at most this many times its median line step apart
REACH = 1.6  # line pitches above and below the grid its page columns are looked for in
MIN_SLICE_COLS = 2  # page columns a slice crosses, at least
NOTE_SIGNS = frozenset("*†‡§¶#")  # note signs a note may start with instead of a number or a letter
SAME_LINE = 0.25  # word heights two words' centres lie within on one baseline (a table row's cells)
WITHIN = 0.99  # share of the grid's area a fill covers when the grid lies on it
PARA_LINES = 3  # pieces of text a column of a text box holds, at least (a paragraph, not a caption)


def labelled_blocks(grid: Grid, ev: RegionEvidence) -> str:
    """Why ``grid`` is labelled blocks side by side (see the module), "" when it is not."""
    if grid.source == "ruled" or len(ev.lines) < MIN_BLOCK_LINES:
        return ""
    order = sorted(range(len(ev.lines)), key=lambda k: ev.lines[k].baseline)
    head = [s for s in ev.segs if s.line == order[0]]
    if len(head) < MIN_BLOCKS or not all(ev.words[s.word_ids[-1]].text.endswith(COLONS) for s in head):
        return ""
    if len({_column(grid, s) for s in head}) < len(head):
        return ""
    steps = [ev.lines[b].baseline - ev.lines[a].baseline for a, b in zip(order, order[1:], strict=False)]
    step = median(steps)
    if step <= 0 or max(steps) > EVEN_PITCH * step or _ruled_between(grid, ev, order):
        return ""
    return (f"labelled blocks side by side: {len(head)} columns each headed by a label ending in a colon "
            f"over {len(order) - 1} lines at one pitch (an address block, no rows of records)")


def page_columns(grid: Grid, ev: RegionEvidence) -> str:
    """Why ``grid`` is a slice of a page set in columns (see the module), "" when it is not."""
    if grid.source != "aligned" or grid.n_cols < MIN_SLICE_COLS or len(ev.lines) < 2:
        return ""
    base = sorted(ln.baseline for ln in ev.lines)
    pitch = median(b - a for a, b in zip(base, base[1:], strict=False))
    if pitch <= 0:
        return ""
    box = grid.region
    above = Rect(box.x0, box.y0 - REACH * pitch, box.x1, box.y0)
    below = Rect(box.x0, box.y1, box.x1, box.y1 + REACH * pitch)
    if not (_runs_on(grid, ev, above) and _runs_on(grid, ev, below)):
        return ""
    return (f"a slice of a page set in columns: running text goes on above and below it in each of its "
            f"{grid.n_cols} columns, each line within one column")


def cut_box(grid: Grid, ev: RegionEvidence) -> str:
    """Why ``grid`` cuts through a filled text box (see the module), "" when it does not."""
    ids = list(ev.ids)
    if grid.source == "ruled" or not ids or not ev.fills:
        return ""
    cx, cy = ev.centres.cx[ids], ev.centres.cy[ids]
    col = np.searchsorted(np.asarray(grid.xs[1:-1]), cx, side="right")  # each word's grid column
    cols = set(col.tolist())
    for fill in ev.fills:
        box = fill.bbox
        inter = grid.region.intersection(box)
        if inter is None or inter.area >= WITHIN * grid.region.area:  # none, or a band the whole grid lies on
            continue
        held = (cx >= box.x0) & (cx <= box.x1) & (cy >= box.y0) & (cy <= box.y1)
        inside = set(col[held].tolist())
        if not inside or inside == cols:
            continue
        # Every word of the box's columns lies in the box, and the box holds text the grid left out.
        whole = bool(held[np.isin(col, list(inside))].all())
        if whole and _own_text(grid, ev, box):
            return (f"cuts through a text box: a filled box holds all the text of {len(inside)} of its "
                    f"{len(cols)} columns and text outside the grid")
    return ""


def numbered_notes(grid: Grid, ev: RegionEvidence) -> str:
    """Why ``grid`` is a list of numbered notes (see the module), "" when it is not."""
    if grid.source == "ruled" or grid.n_cols != 2 or not ev.ids:
        return ""
    firsts: dict[int, list[str]] = {}
    for s in ev.segs:
        if _column(grid, s) == 0:
            row = sum(1 for y in grid.ys[1:-1] if ev.lines[s.line].bbox.cy >= y)
            firsts.setdefault(row, []).extend(ev.words[i].text for i in s.word_ids)
    if sorted(firsts) != list(range(grid.n_rows)) or not all(len(t) == 1 and _note_mark(t[0]) for t in firsts.values()):
        return ""
    texts = [s for s in ev.segs if _column(grid, s) == 1]
    if not texts or 2 * sum(running_text(s, ev.words) for s in texts) < len(texts):
        return ""
    return f"numbered notes: each of its {grid.n_rows} rows is a note marker beside running text (a list, not a table)"


def _note_mark(text: str) -> bool:
    """Is ``text`` a note's or list item's marker: "1", "a)", "[3]", "*", "†", "•"?"""
    bare = len(text) == 1 and text.islower()  # a note letter set alone ("a", "b")
    return bare or bool(ENUMERATOR.match(text)) or text in NOTE_SIGNS or list_marker(text)


def _own_text(grid: Grid, ev: RegionEvidence, box: Rect) -> bool:
    """Does ``box`` hold text outside the grid with nothing beside it across the grid's width
    (the box's own lines)? Text the grid left out that has words beside it outside the box is a
    table's rows going on (its shaded column runs down past a grid found short)."""
    mine = set(ev.ids)
    extra = [i for i in ev.centres.inside(box, pad=0.0) if i not in mine]
    if not extra:
        return False
    cx, cy = ev.centres.cx, ev.centres.cy
    x0, x1 = grid.xs[0], grid.xs[-1]
    beside = 0
    for i in extra:
        tol = SAME_LINE * ev.words[i].bbox.height
        near = (np.abs(cy - cy[i]) <= tol) & (cx >= x0) & (cx <= x1) & ~((cx >= box.x0) & (cx <= box.x1))
        beside += bool(near.any())
    return 2 * beside < len(extra)


def _runs_on(grid: Grid, ev: RegionEvidence, box: Rect) -> bool:
    """Does every column of ``grid`` hold a piece of running text in ``box``, and no line
    there cross an inner column boundary?"""
    mine = set(ev.ids)
    ids = [i for i in ev.centres.inside(box, pad=0.0) if i not in mine]
    if not ids:
        return False
    lines = lines_in(ev.words, ids, ev.params.rows.y_tolerance)
    segs = segments(ev.words, lines, ev.params.columns.min_gap)
    inner = grid.xs[1:-1]
    if any(_crosses(ln, ev.words, inner) for ln in lines):
        return False
    held = {_column(grid, s) for s in segs if running_text(s, ev.words)}
    return held >= set(range(grid.n_cols))


def _crosses(line: Line, words: Sequence[Word], inner: Sequence[float]) -> bool:
    """Does a word of ``line`` straddle one of the ``inner`` column boundaries?"""
    return any(words[i].bbox.x0 < x < words[i].bbox.x1 for i in line.word_ids for x in inner)


def _column(grid: Grid, s: Segment) -> int:
    """The grid column holding the centre of piece ``s``."""
    cx = (s.x0 + s.x1) / 2
    return sum(1 for x in grid.xs[1:-1] if cx >= x)


def _ruled_between(grid: Grid, ev: RegionEvidence, order: Sequence[int]) -> bool:
    """Is a rule drawn across the grid between two of its lines (rows of records parted by rules)?"""
    x0, x1 = grid.xs[0], grid.xs[-1]
    for a, b in zip(order, order[1:], strict=False):
        y = (ev.lines[a].bbox.y1 + ev.lines[b].bbox.y0) / 2
        if ev.rules.covered("h", y, x0, x1, max(ev.snap, (ev.lines[b].bbox.y0 - ev.lines[a].bbox.y1) / 2)) >= 0.5:
            return True
    return False
