"""Spanning cells of a grid: slots that one cell covers.

A separator the table does not draw between two slots of a ruled grid makes them one cell
(with the text's layout as a check where the drawing is ambiguous: ``undrawn``); a cmidrule groups the
header columns it spans; under rules drawn row by row, a rule left out over an empty slot
joins it to the cell above; a text run across a column boundary spans the columns it crosses;
section rows on full-width fills span the table, and so do bold label rows and note rows in
bands of their own (``spanrows``). Split from ``grid`` (which calls
``grid_spans``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ..types import Grid, Rect, Rule, Word
from .centred_heads import centred_label_spans, head_rows
from .centredstub import centred_stub_groups
from .colends import Ends, beside_spans, open_rows
from .columns import Segment, col_of
from .flushlabels import flush_label
from .headspans import header_rowspans
from .region import FULL, HALF, RegionEvidence
from .sections import section_rows
from .spanhead import head_cols
from .spanrects import rectangles
from .spanrows import banded_label_rows, note_rows, totals_spans
from .stacks import phrase_end
from .undrawn import Join, crossing_words, undrawn_joins
from .wordslots import WordSlots
from .wrapspans import wrapped_spans

CMIDRULE_WIDTH = 0.9  # a horizontal rule shorter than this share of the table's width may be a cmidrule
CMIDRULE_SPAN = 0.5  # a cmidrule spans a column when it covers this share of the column's width
CENTRED_SLACK = 0.25  # a group label's middle lies this share of its rule's length from the rule's middle, at most


def grid_spans(grid: Grid, ev: RegionEvidence, virtual: set[float],
               options: Sequence[tuple[int, int]] = (), ends: Ends | None = None) -> list[tuple[int, int, int, int]]:
    """Merged cells (r, c, rs, cs).

    Two slots merge when no drawn separator divides them and one of them is empty (a
    label centred over two columns), when one piece of text runs across them, under
    a partial horizontal rule, when the rule spans columns that one header text covers,
    across a shaded section row (see ``sections``), or when they are one form field's
    check-box options (``options``: slots (r, c) joined to (r, c + 1), see ``options``).
    """
    nr, nc = grid.n_rows, grid.n_cols
    parent = list(range(nr * nc))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    joined: set[tuple[int, int]] = set()  # the slot pairs joined directly (smaller slot first)

    def join(a: int, b: int) -> None:
        joined.add((min(a, b), max(a, b)))
        parent[find(a)] = find(b)

    cand, segs = ev.cand, ev.segs
    slots = WordSlots(grid, ev)  # each word's and line's slot, read once for every test below
    occupied = slots.occupied
    # Beside a line under column rules' ends, a column's cell runs down past the ends: its text holds the slot under it.
    carried = [(r, c) for r, c in beside_spans(grid, ev, ends or {}) if (r, c) in occupied]
    if cand.source == "ruled" and nc > 1:
        undrawn_joins(grid, ev, occupied | {(r + 1, c) for r, c in carried}, virtual, join, slots)
    for r, c in options:
        join(r * nc + c, r * nc + c + 1)
    if cand.source == "horizontal_rules":
        _spanner_joins(grid, ev, occupied, join)
        _centred_label_joins(grid, ev, join)
        if ev.params.tables.left_out_spans:
            _left_out_joins(grid, ev, occupied, virtual, join)
        if ev.params.tables.wrapped_spans:  # a paragraph wrapped across a rule left out under it (``wrapspans``)
            for r, c in wrapped_spans(grid, ev, occupied, virtual):
                join(r * nc + c, (r + 1) * nc + c)
    def drawn(x: float, r: int) -> bool:
        return cand.source == "ruled" and ev.covered("v", x, grid.ys[r], grid.ys[r + 1]) >= HALF

    _text_spans(grid, segs, slots.line_rows, ev.words, drawn, join)
    if cand.source == "ruled" and nc > 1:
        crossing_words(grid, ev, drawn, join)
    one_piece = _one_piece_rows(segs, slots.line_rows)
    if cand.source == "aligned" and 0 in one_piece:  # a head centred over the columns (``spanhead``)
        boxes = [ev.words[i].bbox for i in ev.ids]
        cols = head_cols(grid, [b for b in boxes if b.cy < grid.ys[1]], [b for b in boxes if b.cy >= grid.ys[1]])
        for c in range(*cols) if cols else ():
            join(c, c + 1)
    for r in section_rows(grid, ev.fills, occupied, one_piece):
        for c in range(nc - 1):
            join(r * nc + c, r * nc + c + 1)
    for r in [*banded_label_rows(grid, ev, slots), *note_rows(grid, ev, slots, one_piece)]:
        for c in range(nc - 1):
            join(r * nc + c, r * nc + c + 1)
    for r, c0, c1 in open_rows(grid, ev, ends or {}):  # a line under column rules' ends (``colends``)
        for c in range(c0, c1):
            join(r * nc + c, r * nc + c + 1)
    for r, c in carried:
        join(r * nc + c, (r + 1) * nc + c)
    if ev.params.tables.centred_stubs:  # row labels centred down their groups (``centredstub``)
        for s, e in stub_groups(grid, ev, slots):
            for r in range(s, e):
                join(r * nc, (r + 1) * nc)
    for r, last in totals_spans(grid, ev, slots):
        for c in range(last):
            join(r * nc + c, r * nc + c + 1)
    spans = rectangles(parent, find, (nr, nc), occupied, joined)
    if not ev.params.tables.head_rowspans:
        return spans
    # A ruled grid draws its row spans, unless its header rows were parted by their text alone.
    return header_rowspans(grid, slots.words_in_rows(2 + any(s[:2] == (0, 0) for s in spans)), ev.words, spans,
                           virtual if cand.source == "ruled" else None)


def across(ev: RegionEvidence, xs: Sequence[float], y: float) -> bool:
    """Is a rule drawn the table's width at ``y`` (pt): over ``FULL`` of the columns ``xs``
    less ``ev.snap`` at each side? tbl stops a rule inside a box at the box's lines, a point
    short of the region's sides, which are the frame's outer edges."""
    return ev.covered("h", y, xs[0] + ev.snap, xs[-1] - ev.snap) >= FULL


def _one_piece_rows(segs: Sequence[Segment], row_of: Sequence[int]) -> set[int]:
    """Rows whose every text line is in one piece (one segment); ``row_of``: each line's row."""
    count: dict[int, int] = {}
    row_lines: dict[int, set[int]] = {}
    for s in segs:
        r = row_of[s.line]
        count[r] = count.get(r, 0) + 1
        row_lines.setdefault(r, set()).add(s.line)
    return {r for r, n in count.items() if n == len(row_lines[r])}


def _left_out_joins(grid: Grid, ev: RegionEvidence, occupied: set[tuple[int, int]], virtual: set[float],
                    join: Join) -> None:
    """Rows ruled one by one with horizontal rules only: a rule drawn under the row in some
    columns (across one at least) but left out under column ``c``, over an empty slot there,
    is a cell spanning down (pdfmake's ``lightHorizontalLines``, autotable and Word draw no
    rule through a ``rowSpan`` cell: "华东" beside its four rows). The span runs down while
    the rules stay left out there and the slots below stay empty; it starts at a slot with
    text (two blank slots alone make no cell). A boundary the text put there (``virtual``)
    or one drawn in no column fully is no such rule."""
    xs, ys, nr, nc = grid.xs, grid.ys, grid.n_rows, grid.n_cols
    carried: set[int] = set()  # columns whose slot in this row is joined to a text above
    for r in range(nr - 1):
        anchored = {c for c in range(nc) if (r, c) in occupied} | carried
        carried = set()
        if ys[r + 1] in virtual or not anchored:
            continue
        cover = [ev.covered("h", ys[r + 1], xs[c], xs[c + 1]) for c in range(nc)]
        if max(cover) < FULL:
            continue
        for c in sorted(anchored):
            if cover[c] < HALF and (r + 1, c) not in occupied:
                join(r * nc + c, (r + 1) * nc + c)
                carried.add(c)


def _spanner_joins(grid: Grid, ev: RegionEvidence, occupied: set[tuple[int, int]], join: Join) -> None:
    """A rule under part of a header row (booktabs' cmidrule) groups the columns it spans,
    when the text over it is centred on it (a group label), not at one side of it (an amount
    over its sum rule, beside an empty currency column); a label set flush with one end of
    the rule in the header's rows groups them too (``flush_label``)."""
    xs, ys, nc, snap = grid.xs, grid.ys, grid.n_cols, ev.snap
    width = xs[-1] - xs[0]
    head = head_rows(grid, lambda y: across(ev, xs, y))
    for rule in (part for whole in ev.cand.rules for part in _apart(whole)):
        if rule.orient != "h" or rule.length >= CMIDRULE_WIDTH * width:
            continue
        r = next((k for k in range(1, len(ys) - 1) if abs(ys[k] - rule.pos) <= snap), None)
        if r is None:
            continue
        cols = [c for c in range(nc) if min(rule.end, xs[c + 1]) - max(rule.start, xs[c]) >= CMIDRULE_SPAN * (xs[c + 1] - xs[c])]
        over = Rect(xs[cols[0]], ys[r - 1], xs[cols[-1] + 1], ys[r]) if cols else None
        if len(cols) >= 2 and over is not None \
                and (sum((r - 1, c) in occupied for c in cols) <= 1 or _one_piece(ev, over)) \
                and (_centred_over(ev, rule, over.x0, over.x1, over.y0, over.y1)
                     or (r < head and flush_label(ev, rule, over))):
            for c in cols[:-1]:
                join((r - 1) * nc + c, (r - 1) * nc + c + 1)
            _labels_beside(grid, ev, occupied, r, cols, join)


def _apart(rule: Rule) -> list[Rule]:
    """``rule`` cut at the gaps its join bridged between long strokes (``Rule.breaks``): two
    cmidrules side by side, each under its own group label."""
    cuts = [rule.start, *(x for b in rule.breaks for x in b), rule.end]
    return [replace(rule, start=a, end=b, breaks=()) for a, b in zip(cuts[::2], cuts[1::2], strict=True)]


def _one_piece(ev: RegionEvidence, box: Rect) -> bool:
    """Are the words inside ``box`` one piece of one line (a group label of several words,
    "Fiscal year", whose words' centres fall in two of the columns it spans), or one phrase
    of one line, each word a word space from the one before (``stacks.phrase_end``)? A
    boundary found between two stacks of numbers under the label ("Test set" over "Accuracy
    | MAE") cuts the line's piece at the label's word space; the words still read as one."""
    ids = set(ev.centres.inside(box, pad=0.0))
    if not ids:
        return False
    if sum(1 for s in ev.segs if ids & set(s.word_ids)) == 1:
        return True
    row = sorted((ev.words[i] for i in ids), key=lambda w: w.bbox.x0)
    h = min(w.bbox.height for w in row)
    one_line = max(w.bbox.cy for w in row) - min(w.bbox.cy for w in row) <= h / 2
    return one_line and phrase_end(row, 0) >= max(w.bbox.x1 for w in row)


def _labels_beside(grid: Grid, ev: RegionEvidence, occupied: set[tuple[int, int]], r: int, cols: Sequence[int],
                   join: Join) -> None:
    """Beside a group label's cmidrule (boundary ``r``, under the columns ``cols``), a label in
    another column set across that boundary (``\\multirow``: centred between the two header
    rows), the slot on the boundary's other side empty, spans both rows: no rule parts them there."""
    nc, y = grid.n_cols, grid.ys[r]
    for c in range(nc):
        held = [(k, c) in occupied for k in (r - 1, r)]
        if c in cols or held[0] == held[1]:
            continue
        k = r - 1 if held[0] else r
        ids = ev.centres.inside(Rect(grid.xs[c], grid.ys[k], grid.xs[c + 1], grid.ys[k + 1]), pad=0.0)
        if ids and max(ev.words[i].bbox.y1 for i in ids) > y and min(ev.words[i].bbox.y0 for i in ids) < y:
            join((r - 1) * nc + c, r * nc + c)


def _centred_over(ev: RegionEvidence, rule: Rule, x0: float, x1: float, top: float, bottom: float) -> bool:
    """Is the text over ``rule`` (in the columns x0..x1, the row top..bottom) centred on it,
    within ``CENTRED_SLACK`` of the rule's length? True when there is none (nothing to place)."""
    ids = ev.centres.inside(Rect(x0, top, x1, bottom), pad=0.0)
    if not ids:
        return True
    boxes = [ev.words[i].bbox for i in ids]
    middle = (min(b.x0 for b in boxes) + max(b.x1 for b in boxes)) / 2
    return abs(middle - (rule.start + rule.end) / 2) <= CENTRED_SLACK * rule.length


def stub_groups(grid: Grid, ev: RegionEvidence, slots: WordSlots) -> list[tuple[int, int]]:
    """(first, last) rows of each stub label centred down its group of rows (``centredstub``);
    the header rows are those over the first rule drawn the table's width."""
    xs = grid.xs
    head = head_rows(grid, lambda y: across(ev, xs, y))
    return centred_stub_groups(grid, slots.row_cells, head, lambda y: ev.covered("h", y, xs[0], xs[1]) >= HALF)


def _centred_label_joins(grid: Grid, ev: RegionEvidence, join: Join) -> None:
    """A header label centred over columns empty beside it, sub-headers under each, spans them
    (``centred_heads``); header rows are those over the first rule drawn the table's width."""
    xs, nc = grid.xs, grid.n_cols
    head = head_rows(grid, lambda y: across(ev, xs, y))
    for r, a, b in centred_label_spans(grid, [ev.words[i].bbox for i in ev.ids], head):
        for c in range(a, b):
            join(r * nc + c, r * nc + c + 1)


def _text_spans(grid: Grid, segs: Sequence[Segment], line_rows: Sequence[int], words: Sequence[Word],
                drawn: Callable[[float, int], bool], join: Join) -> None:
    """A segment whose words sit in several columns (not split by a drawn rule) spans them;
    ``line_rows``: the row of each of the region's lines."""
    xs, nc = grid.xs, grid.n_cols
    for s in segs:
        if len(s.word_ids) < 2:
            continue
        cols = sorted({col_of(words[i].bbox.cx, xs) for i in s.word_ids})
        if len(cols) < 2:
            continue
        r = line_rows[s.line]
        if any(drawn(xs[c], r) for c in range(cols[0] + 1, cols[-1] + 1)):
            continue
        for c in range(cols[0], cols[-1]):
            join(r * nc + c, r * nc + c + 1)
