"""Regions -> grids: row and column boundaries plus spanning cells.

Columns come from vertical rules where the table draws them and from column bins (word
alignment) where it does not. Rows come from horizontal rules, and bands between rules
holding several text lines are split line by line unless a line only continues the
previous one (a wrapped label, a wrapped header). A separator that the table does not
draw between two slots of a ruled grid makes them one spanning cell.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from ..evidence.rules_merge import RuleIndex
from ..numbers import is_number
from ..params import ColumnParams, Params, TableParams
from ..text import list_marker
from ..types import ColumnBin, Fill, Grid, Rule, Word
from .boundaries import explain
from .columns import (
    SPLIT_GLYPHS,
    Line,
    Pieces,
    Segment,
    WordCentres,
    column_boundaries,
    drop_thin_columns,
    gap_in_glyphs,
    lines_in,
    merge_complementary,
    near_boundary,
)
from .region import RegionEvidence
from .regions import Candidate
from .sections import section_lines, section_rows
from .stacks import split_segments, stack_boundaries

FULL = 0.98  # a rule covering this share of a separator's whole length is drawn all along
HALF = 0.5  # a separator drawn along less than this share of one slot's side is not drawn there
# Why no user would change these: each is a proportion of the page's own evidence (lines,
# columns, rules, bands), not of a producer's style, and no corpus page has needed another.
MIN_BODY_LINES = 3  # lines besides section labels needed before the labels are set aside (fewer: they are the table)
RULED_SPLIT_GAP = 2  # a gap splitting a ruled column is this many times columns.min_gap: the rules are stronger
SPLIT_ROWS_DIV = 2  # a split inside a ruled column holds words on at least 1/this of its lines
MIN_BANDS = 3  # bands holding text before drawn bands count as rows one by one (two are a header and a body)
DENSE_SHARE = 0.75  # a column with text in this share of the body bands is dense (nearly every band)
SHALLOW_LINES = 2  # lines of a dense column in a tall band that still make one row (a name or a two-line label)
SHALLOW_DIV = 3  # ... and at most 1/this of the tall band's deepest column
STAGGER_OVERLAP = 0.25  # share of a line's height that the next line (in other columns) overlaps: staggered
STAGGER_SHARE = 4  # a band is set cell by cell when at least 1/this of its line steps are staggered
TIGHT_SPACING = 1.2  # line heights of white between the lines around a middle line, at most: it sits tight between them
CMIDRULE_WIDTH = 0.9  # a horizontal rule shorter than this share of the table's width may be a cmidrule
CMIDRULE_SPAN = 0.5  # a cmidrule spans a column when it covers this share of the column's width
MIN_ROWS_FOR_EMPTY = 4  # rows a grid needs before its share of empty rows says it is no table
PARAGRAPH_WORDS = 8  # words a line, on average, above which a grid of at most PARAGRAPH_COLS columns is prose
GLYPH_GAP_SOURCES = ("horizontal_rules",)  # tables whose text-gap columns must be wider than SPLIT_GLYPHS glyphs
PARAGRAPH_COLS = 2  # columns of an aligned grid that may be prose (more columns are a table's)


@dataclass(frozen=True)
class GridResult:
    """A grid (or None with the reason it was rejected and the parameter whose threshold
    rejected it), its bins and flagged words."""

    grid: Grid | None
    reason: str
    bins: tuple[ColumnBin, ...]
    low_confidence: frozenset[int]
    header_rows: int
    word_ids: tuple[int, ...]
    param: str = ""


def _positions(rules: Sequence[Rule], orient: str, lo: float, hi: float, snap: float) -> list[float]:
    """Boundaries at the rules of ``orient`` inside [lo, hi]: rules within ``snap`` (pt) of
    each other, or of a side, are one boundary."""
    pos = sorted(r.pos for r in rules if r.orient == orient)
    out: list[float] = []
    for p in pos:
        if out and p - out[-1] <= snap:
            continue
        out.append(p)
    inner = [p for p in out if lo + snap < p < hi - snap]
    return [lo, *inner, hi]


def build_grid(cand: Candidate, words: Sequence[Word], index: int, params: Params,
               centres: WordCentres | None = None, fills: Sequence[Fill] = ()) -> GridResult:
    """Grid for one candidate region; ``index`` numbers the region for its bins."""
    centres = centres if centres is not None and centres.words is words else WordCentres(words)
    ev = RegionEvidence.gather(cand, words, centres, fills, params)
    if not ev.ids:
        return GridResult(None, "no text", (), frozenset(), 0, ())
    return _grid(ev, index)


def _grid(ev: RegionEvidence, index: int) -> GridResult:
    cand, box, words, lines, segs = ev.cand, ev.box, ev.words, ev.lines, ev.segs
    # Section labels on full-width shading run over the column gaps: columns come from the other lines.
    labels = section_lines(lines, segs, ev.fills, box)
    if len(lines) - len(labels) < MIN_BODY_LINES:
        labels = set()
    kept = [ln for k, ln in enumerate(lines) if k not in labels]
    xs, drawn_xs = _columns(ev, [s for s in segs if s.line not in labels], kept)
    stacked: list[float] = []
    if cand.source != "ruled":
        # Numbers closer than the column gap: their right-aligned stacks divide the columns,
        # and a run of words across such a boundary (or of two numbers across any) is two
        # cells' text, not one spanning.
        stacked = [x for a, b in zip(xs, xs[1:], strict=False) for x in stack_boundaries(words, kept, a, b)]
        xs = sorted([*xs, *stacked])
        ev = replace(ev, segs=split_segments(segs, words, stacked, xs[1:-1]))
    ys = _positions(cand.rules, "h", box.y0, box.y1, ev.snap) if cand.source != "aligned" else [box.y0, box.y1]
    top_drawn = any(r.orient == "h" and abs(r.pos - box.y0) <= ev.snap for r in cand.rules)
    drawn_ys = set(ys[1:-1])
    closed = closed_cells(ev, [xs[0], *sorted(drawn_xs), xs[-1]], ys)
    ys, header_rows, virtual = _split_rows(ev, ys, xs, top_drawn, closed)
    grid = Grid(box, tuple(xs), tuple(ys), cand.source)
    spans = _spans(grid, ev, virtual)
    decided = (_reasons(xs, drawn_xs, stacked), _reasons(ys, drawn_ys - virtual))
    cols, rows = explain(xs, ys, ev, stacked, decided)
    grid = Grid(box, tuple(xs), tuple(ys), cand.source, tuple(spans), col_evidence=cols, row_evidence=rows)
    bins = tuple(ColumnBin(xs[k], xs[k + 1], index) for k in range(len(xs) - 1))
    tparams = ev.params.tables
    low = frozenset(near_boundary(words, ev.ids, xs[1:-1], ev.params.columns.boundary_margin))
    reason, param = (_reject_reason(grid, cand, ev.ids, lines, tparams)
                     or _mostly_empty(grid, ev.centres, list(ev.ids), tparams))
    return GridResult(None if reason else grid, reason, bins, low, header_rows, ev.ids, param)


def _reasons(positions: Sequence[float], drawn: set[float], stacked: Sequence[float] = ()) -> tuple[str, ...]:
    """Each boundary's ``Boundary.reason``: the step that put it there (``drawn``: the inner
    positions taken from rules, ``stacked``: those between stacks of numbers)."""
    last = len(positions) - 1
    return tuple("side" if k in (0, last) else "number stack" if p in stacked else "rules" if p in drawn
                 else "text" for k, p in enumerate(positions))


def _columns(ev: RegionEvidence, segs: Sequence[Segment], lines: Sequence[Line]) -> tuple[list[float], set[float]]:
    """Column boundaries, and those of them taken from the region's vertical rules."""
    cand, box, n_lines, words, params = ev.cand, ev.box, len(lines), ev.words, ev.params.columns
    # Project single words, not segments: the words of a multi-word label sit at other
    # places on every row, so only true column gaps stay free.
    pieces = Pieces.of_words(words, segs)
    if cand.source == "ruled":
        xs = _positions(cand.rules, "v", box.x0, box.x1, ev.snap)
        if len(xs) > 2:
            return _split_ruled_columns(xs, pieces, segs, n_lines, params, words), set(xs[1:-1])
    inner = column_boundaries(pieces, box.x0, box.x1, n_lines, params)
    inner = merge_complementary(drop_thin_columns(inner, segs, params.min_rows), pieces)
    if cand.source in GLYPH_GAP_SOURCES:
        inner = _wide_gaps(inner, segs, words, box.x0, box.x1)
    return [box.x0, *inner, box.x1], set()


def _wide_gaps(inner: list[float], segs: Sequence[Segment], words: Sequence[Word], x0: float, x1: float) -> list[float]:
    """The text-gap boundaries ``inner`` wider than ``SPLIT_GLYPHS`` glyphs of the text beside
    them: a run of spaces, or a full-width space, inside one cell's text is one or two glyphs
    wide and leaves a gap at the same x on every line of a column of look-alike cells
    ("Lot  A-1", "제1호　물품"); a column gap is wider."""
    xs = [x0, *inner, x1]
    return [x for k, x in enumerate(inner, start=1) if gap_in_glyphs(words, segs, x, xs[k - 1], xs[k + 1]) > SPLIT_GLYPHS]


def _split_ruled_columns(xs: list[float], pieces: Pieces, segs: Sequence[Segment],
                         n_lines: int, params: ColumnParams, words: Sequence[Word]) -> list[float]:
    """Columns the drawing leaves undivided (two columns between one pair of rules) are
    split where the words leave a gap on every line; the gap must be twice the usual, and
    wider than ``SPLIT_GLYPHS`` glyphs of the text beside it: the rules are the stronger
    evidence, and a word space of a full-width or monospaced font ("품목 1호" in 9 pt Hangul
    leaves 9 pt on every line) is no column."""
    out = [xs[0]]
    wide = ColumnParams(min_gap=RULED_SPLIT_GAP * params.min_gap, boundary_margin=params.boundary_margin,
                        min_rows=params.min_rows, spanning_lines=params.spanning_lines)
    by_centre = sorted(segs, key=lambda s: s.x0 + s.x1)
    keys = [s.x0 + s.x1 for s in by_centre]
    for a, b in zip(xs, xs[1:], strict=False):
        inside = pieces.centred_in(a, b)
        if len(inside.x0):
            lines = len(set(inside.line.tolist()))
            inner = [x for x in column_boundaries(inside, a, b, n_lines, wide)
                     if gap_in_glyphs(words, segs, x, a, b) > SPLIT_GLYPHS and not _markers_left(words, segs, a, x)]
            if inner:
                mine = by_centre[bisect_left(keys, 2 * a):bisect_left(keys, 2 * b)]
                inner = drop_thin_columns(inner, mine, max(params.min_rows, lines // SPLIT_ROWS_DIV))
            out.extend(inner)
        out.append(b)
    return out


def _markers_left(words: Sequence[Word], segs: Sequence[Segment], a: float, x: float) -> bool:
    """Are the words centred in [a, x) all list markers (a bullet list's "•" column inside
    a drawn cell): the marker belongs to the item beside it, no column lies between them."""
    left = [words[i].text for s in segs for i in s.word_ids if a <= words[i].bbox.cx < x]
    return bool(left) and all(list_marker(t) for t in left)


def _col_of(x: float, xs: Sequence[float]) -> int:
    """Index of the interval of ``xs`` holding ``x`` (clamped to the first and last)."""
    return min(max(bisect_right(xs, x) - 1, 0), len(xs) - 2)


def _line_cols(line: Line, words: Sequence[Word], xs: Sequence[float]) -> set[int]:
    last = len(xs) - 2  # ``_col_of`` written out: this runs for every word of every band
    return {min(max(bisect_right(xs, words[i].bbox.cx) - 1, 0), last) for i in line.word_ids}


def _column_depths(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> list[int]:
    """Text lines per column among ``lines`` (one band's)."""
    counts = [0] * (len(xs) - 1)
    for ln in lines:
        for c in _line_cols(ln, words, xs):
            counts[c] += 1
    return counts


def band_depths(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float],
                ys: Sequence[float]) -> list[list[int]]:
    """Per band between ``ys``, the text lines each column holds there."""
    centres = [ln.bbox.cy for ln in lines]
    ordered = sorted(range(len(lines)), key=centres.__getitem__)
    keys = [centres[k] for k in ordered]
    return [_column_depths([lines[k] for k in ordered[bisect_left(keys, a):bisect_left(keys, b)]], words, xs)
            for a, b in zip(ys, ys[1:], strict=False)]


def _full_lines(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float], spare: int = 1) -> bool:
    """Every line has text in all columns but at most ``spare``: rows, not a wrapped header."""
    need = max(2, len(xs) - 1 - spare)
    return len(lines) >= 2 and all(len(_line_cols(ln, words, xs)) >= need for ln in lines)


def _amount_lines(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Does every line start with a label in the first column and hold an amount in one
    number column shared by all (a statement's rows under one rule, an empty note cell
    beside some)? A row's wrapped label or list goes on without amounts of its own."""
    if len(lines) < 2 or len(xs) < 3:
        return False
    shared = set(range(1, len(xs) - 1))
    for ln in lines:
        cells: dict[int, list[str]] = {}
        for i in ln.word_ids:
            cells.setdefault(_col_of(words[i].bbox.cx, xs), []).append(words[i].text)
        if not any(not is_number(t) for t in cells.get(0, ())):
            return False
        # An amount is the whole of its cell ("16GB" in "i7 / 16GB /" is a wrapped spec's).
        shared &= {c for c, texts in cells.items() if all(is_number(t) for t in texts)}
    return bool(shared)


def closed_cells(ev: RegionEvidence, xs: Sequence[float], ys: Sequence[float]) -> bool:
    """Does the drawing close every band on all four sides: each of ``ys`` (sides included)
    ruled across the whole width and each drawn column boundary ``xs`` (sides included)
    ruled down the whole height? Then each band between two rules is one row of cells, as
    pdfplumber reads a grid from its rules alone."""
    if len(xs) < 3 or len(ys) < 3:
        return False
    x0, x1, y0, y1 = xs[0], xs[-1], ys[0], ys[-1]
    return (all(ev.covered("h", y, x0, x1) >= FULL for y in ys)
            and all(ev.covered("v", x, y0, y1) >= FULL for x in xs))


def _split_rows(ev: RegionEvidence, ys: list[float], xs: Sequence[float],
                top_drawn: bool, closed: bool = False) -> tuple[list[float], int, set[float]]:
    """Insert row boundaries between text lines that start a new row.

    When the rows are drawn one by one (see ``rows_delineated``), a band is split only
    where each of its lines fills the row (several rows under one band after all).
    Returns boundaries, the number of header rows (1 when the first band is ruled off as
    a header, else 0), and the set of inserted (undrawn) boundaries. In a column whose
    band is not closed by drawn rules above and below, text belongs to a taller cell (a
    row label spanning rows) and takes no part in splitting the band.
    """
    lines, words, max_lines, tol = ev.lines, ev.words, ev.params.tables.row_band_lines, ev.params.rows.y_tolerance
    out = [ys[0]]
    virtual: set[float] = set()
    n_bands = len(ys) - 1
    header_rows = 1 if n_bands >= 2 else 0
    centres = [ln.bbox.cy for ln in lines]  # lines come sorted by baseline, so nearly by centre
    ordered = sorted(range(len(lines)), key=centres.__getitem__)
    keys = [centres[k] for k in ordered]
    delineated = rows_delineated(band_depths(lines, words, xs, ys), max_lines, closed=closed)
    ruled = ev.cand.source == "ruled" and any(r.orient == "v" for r in ev.cand.rules)
    for b in range(n_bands):
        top, bottom = ys[b], ys[b + 1]
        inside = [lines[k] for k in ordered[bisect_left(keys, top):bisect_left(keys, bottom)]]
        # A row's own band splits only where every line fills every column and none wraps
        # the text above it: a wrapped label beside a wrapped number fills all but one of
        # three columns, and two wrapped cells side by side fill both of two; one row each.
        # A first band open at the top (a zebra table's first shading under its header and
        # first unshaded row) is no drawn row: its lines that each fill the row are rows.
        if delineated and not (b == 0 and not top_drawn and _full_lines(inside, words, xs)) \
                and not ((_full_lines(inside, words, xs, spare=0) or _amount_lines(inside, words, xs))
                         and not _wraps(inside, words, xs)):
            out.append(bottom)  # every row has its own band: its lines are multi-line cells
            continue
        open_cols = _open_columns(ev, xs, top, bottom, b == 0, b == n_bands - 1)
        if open_cols and len(inside) > 1:
            band_ids = [i for ln in inside for i in ln.word_ids]
            # Only a lone line in an open column is a label centred across rows.
            open_cols = {c for c in open_cols
                         if len(lines_in(words, [i for i in band_ids if _col_of(words[i].bbox.cx, xs) == c], tol)) <= 1}
            inside = lines_in(words, [i for i in band_ids if _col_of(words[i].bbox.cx, xs) not in open_cols], tol)
        # A ruled-off first band is the header: keep its wrapped lines together. Above the
        # first rule (a header found by growing the region upwards, or a zebra table's
        # first unshaded rows) only lines that do not each fill the row are one header.
        # A first band of more full lines than a row band holds is header and body (a table
        # whose only inner rule is over its totals), not a header.
        # A bold first line followed by plain ones is a header row over body rows.
        full = _full_lines(inside, words, xs)
        protect = b == 0 and n_bands >= 2 and (top_drawn or not full) and not (full and len(inside) > max_lines)
        head = _bold_head(inside, words) if protect else 0
        if head:
            cuts = [(inside[head - 1].bbox.y1 + inside[head].bbox.y0) / 2, *_row_starts(inside[head:], words, xs)]
        else:
            cuts = [] if protect or (ruled and staggered(inside, words, xs)) else _row_starts(inside, words, xs)
        for y in cuts:
            out.append(y)
            virtual.add(y)
        out.append(bottom)
    return out, header_rows, virtual


def staggered(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Is a band's text set cell by cell, not row by row: lines of different columns overlap
    each other's height (a cell's lines fall between another cell's lines), on at least
    ``1/STAGGER_SHARE`` of the steps from one line to the next? Rows of a table share their
    baselines across the columns; independent multi-line cells (bullet lists of different
    spacing side by side) do not. A one-line cell centred beside a two-line one is a row of
    its own kind (``_centred_between``), no staggering."""
    if len(lines) < 3 or len(xs) < 3:
        return False
    cols = [_line_cols(ln, words, xs) for ln in lines]
    held, _ = _centred_between(lines, cols)
    steps = 0
    for k in range(1, len(lines)):
        a, b = lines[k - 1].bbox, lines[k].bbox
        overlap = a.y1 - b.y0
        if (overlap >= STAGGER_OVERLAP * min(a.height, b.height) and not cols[k - 1] & cols[k]
                and not {k - 1, k} & held):
            steps += 1
    return steps >= 2 and steps * STAGGER_SHARE >= len(lines) - 1


def _bold_head(lines: Sequence[Line], words: Sequence[Word]) -> int:
    """Number of leading bold lines when plain lines follow them (a header row set in bold
    over the body in the same band), else 0."""
    bold = [sum(words[i].bold for i in ln.word_ids) * 2 > len(ln.word_ids) for ln in lines]
    if len(bold) < 2 or not bold[0]:
        return 0
    k = bold.index(False) if False in bold else 0
    return k if k and not any(bold[k:]) else 0


def rows_delineated(depths: Sequence[Sequence[int]], max_lines: int, min_bands: int = MIN_BANDS,
                    closed: bool = False) -> bool:
    """Are a table's rows drawn one by one (ruled or banded), so that the text lines inside
    one band are one row's multi-line cells? ``depths`` holds, per band, the text lines of
    each column there (``band_depths``).

    Yes when ``min_bands`` or more bands hold text and none holds more than ``max_lines``
    lines in one cell: a band of many lines (a booktabs body, a group under a mid-rule)
    holds several rows. The rules are the stronger evidence, so taller bands are rows too
    when the table has more bands than that, some body bands are short, and in each tall
    band a column with text in nearly every body band holds one or two lines, a third of the tall
    band's at most (a name, or a label over two lines, beside a wrapped description or a
    bullet list): a row of that column would have a line of its own. (Not when the tall
    bands are merely few: a statement's groups of rows under section rules are too.)

    When the rules close every band on all sides (``closed``, see ``closed_cells``: column
    rules cross every band) and one band (the header, say) is short, every band is a row
    whatever its depth: a statement's groups are ruled across, not boxed. A band whose every
    line still fills every column is split by the caller; ``max_lines`` below every band's
    depth splits them all, as before.
    """
    used = [d for d in depths if any(d)]
    if len(used) < min_bands:
        return False
    if closed and any(max(d) <= max_lines for d in used):
        return True
    deep = [d for d in used[1:] if max(d) > max_lines]  # the first band is the header: kept whole anyway
    if not deep and max(used[0]) <= max_lines:
        return True
    if len(used) <= min_bands or len(deep) == len(used) - 1:
        return False
    body = used[1:]  # a header's stub cell is often empty: density counts the body
    dense = [c for c in range(len(used[0])) if sum(d[c] > 0 for d in body) >= DENSE_SHARE * len(body)]
    return all(any(0 < d[c] <= min(SHALLOW_LINES, max(d) // SHALLOW_DIV) for c in dense) for d in deep)


def _open_columns(ev: RegionEvidence, xs: Sequence[float], top: float, bottom: float,
                  first: bool, last: bool) -> set[int]:
    """Columns where a drawn rule is missing at the band's top or bottom (ruled grids only)."""
    if not any(r.orient == "v" for r in ev.cand.rules):
        return set()
    out: set[int] = set()
    for y, skip in ((top, first), (bottom, last)):
        if skip or ev.covered("h", y, xs[0], xs[-1]) >= FULL:
            continue
        out |= {c for c in range(len(xs) - 1) if ev.covered("h", y, xs[c], xs[c + 1]) < HALF}
    return out


def _row_starts(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> list[float]:
    """y positions (between lines) where a new row starts inside one band."""
    cuts: list[float] = []
    if len(lines) < 2:
        return cuts
    cols = [_line_cols(ln, words, xs) for ln in lines]
    held, forced = _centred_between(lines, cols)
    current = set(cols[0])
    for k in range(1, len(lines)):
        prev, line, now = lines[k - 1], lines[k], cols[k]
        label_then_values = len(current) == 1 and len(now) >= 2 and not _continues(prev, line, words)
        starts = len(now) >= 2 and len(current) >= 2 or label_then_values or len(xs) == 2 or k in forced
        if starts and k not in held:
            cuts.append((prev.bbox.y1 + line.bbox.y0) / 2)
            current = set(now)
        else:
            current |= now
    return cuts


def _centred_between(lines: Sequence[Line], cols: Sequence[set[int]]) -> tuple[set[int], set[int]]:
    """Rows of a two-line cell with a one-line cell centred beside it: lines a, b, c where
    a and c fill the same columns, b fills others and sits between them, tightly spaced.

    Returns the line indices that must not start a row (b, c) and those that must (a, and
    the line after c)."""
    starts = []
    for k in range(len(lines) - 2):
        a, b, c = lines[k], lines[k + 1], lines[k + 2]
        tight = c.bbox.y0 - a.bbox.y1 <= TIGHT_SPACING * max(a.bbox.height, c.bbox.height)
        if tight and cols[k] == cols[k + 2] and not (cols[k] & cols[k + 1]) and a.bbox.cy < b.bbox.cy < c.bbox.cy:
            starts.append(k)
    held = {k + d for k in starts for d in (1, 2)}
    n = len(lines)
    # A neighbour in the same columns may be more of the same cell (a three-line label);
    # only a neighbour in other columns, or the next such group, is surely another row.
    forced = {k for k in starts if k > 0 and (cols[k - 1] != cols[k] or k - 3 in starts)}
    forced |= {k + 3 for k in starts if k + 3 < n and (cols[k + 3] != cols[k + 2] or k + 3 in starts)}
    return held, forced - held


def _wraps(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Does some line continue, in some column, the text the line above has there (it starts
    in lower case, or the text above ends in a joiner or a hyphen)?"""
    for prev, line in zip(lines, lines[1:], strict=False):
        above: dict[int, Word] = {}
        for i in prev.word_ids:  # left to right: the last word of each column stays
            above[_col_of(words[i].bbox.cx, xs)] = words[i]
        seen: set[int] = set()
        for i in line.word_ids:
            c = _col_of(words[i].bbox.cx, xs)
            if c in seen or c not in above:
                continue
            seen.add(c)
            last, first = above[c].text.lower(), words[i].text
            if first[:1].islower() or last.endswith(("-", ",", "&", "(")) or last in _JOINERS:
                return True
    return False


_JOINERS = ("-", ",", "&", "and", "of", "or", "the", "in", "for", "to", "(")


def _continues(prev: Line, line: Line, words: Sequence[Word]) -> bool:
    """Does ``line`` continue the text of ``prev`` (a wrapped label) rather than start a row?"""
    last = words[prev.word_ids[-1]].text
    first = words[line.word_ids[0]].text
    return first[:1].islower() or last.lower().endswith(_JOINERS) or last.lower() in _JOINERS


def _occupied(grid: Grid, cx: np.ndarray, cy: np.ndarray) -> set[tuple[int, int]]:
    """Slots (r, c) holding the centre of at least one word."""
    r = np.clip(np.searchsorted(grid.ys, cy, side="right") - 1, 0, grid.n_rows - 1)
    c = np.clip(np.searchsorted(grid.xs, cx, side="right") - 1, 0, grid.n_cols - 1)
    return set(zip(r.tolist(), c.tolist(), strict=True))


def _spans(grid: Grid, ev: RegionEvidence, virtual: set[float]) -> list[tuple[int, int, int, int]]:
    """Merged cells (r, c, rs, cs).

    Two slots merge when no drawn separator divides them and one of them is empty (a
    label centred over two columns), when one piece of text runs across them, under
    a partial horizontal rule, when the rule spans columns that one header text covers,
    or across a shaded section row (see ``sections``).
    """
    nr, nc = grid.n_rows, grid.n_cols
    parent = list(range(nr * nc))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def join(a: int, b: int) -> None:
        parent[find(a)] = find(b)

    cand, segs, lines, ids = ev.cand, ev.segs, ev.lines, list(ev.ids)
    occupied = _occupied(grid, ev.centres.cx[ids], ev.centres.cy[ids])
    if cand.source == "ruled" and nc > 1:
        _undrawn_joins(grid, ev, occupied, virtual, join)
    if cand.source == "horizontal_rules":
        _spanner_joins(grid, cand.rules, occupied, join, ev.snap)
    def drawn(x: float, r: int) -> bool:
        return cand.source == "ruled" and ev.covered("v", x, grid.ys[r], grid.ys[r + 1]) >= HALF

    _text_spans(grid, segs, lines, ev.words, drawn, join)
    for r in section_rows(grid, ev.fills, occupied, _one_piece_rows(grid, segs, lines)):
        for c in range(nc - 1):
            join(r * nc + c, r * nc + c + 1)
    return _rectangles(parent, find, nr, nc)


def _one_piece_rows(grid: Grid, segs: Sequence[Segment], lines: Sequence[Line]) -> set[int]:
    """Rows whose every text line is in one piece (one segment)."""
    count: dict[int, int] = {}
    row_lines: dict[int, set[int]] = {}
    for s in segs:
        r = _col_of(lines[s.line].bbox.cy, grid.ys)
        count[r] = count.get(r, 0) + 1
        row_lines.setdefault(r, set()).add(s.line)
    return {r for r, n in count.items() if n == len(row_lines[r])}


Join = Callable[[int, int], None]  # joins two slots (r * n_cols + c) into one cell


def _undrawn_joins(grid: Grid, ev: RegionEvidence, occupied: set[tuple[int, int]],
                   virtual: set[float], join: Join) -> None:
    xs, ys, nr, nc = grid.xs, grid.ys, grid.n_rows, grid.n_cols
    # A separator drawn the whole way along divides every pair of slots it passes.
    v_open = [c for c in range(nc - 1) if ev.covered("v", xs[c + 1], ys[0], ys[-1]) < FULL]
    h_open = [r for r in range(nr - 1) if ys[r + 1] not in virtual
              and ev.covered("h", ys[r + 1], xs[0], xs[-1]) < FULL]
    for r in range(nr):
        for c in v_open:
            empty = (r, c) not in occupied or (r, c + 1) not in occupied
            if empty and ev.covered("v", xs[c + 1], ys[r], ys[r + 1]) < HALF:
                join(r * nc + c, r * nc + c + 1)
    strokes = RuleIndex([rule for rule in ev.cand.rules if rule.fill < 0]) if h_open else None
    for r in h_open:
        for c in range(nc):
            if ev.covered("h", ys[r + 1], xs[c], xs[c + 1]) >= HALF:
                continue
            blank = ((r, c) not in occupied) + ((r + 1, c) not in occupied)
            # A text and a blank slot under it are one cell; two blank slots only inside one
            # stroked box (else they chain the labels of rows ruled elsewhere into one cell:
            # a totals box's "Subtotal", "Tax", "Total" beside the ruled amounts); two texts
            # when laid out across both, or when the rule divides only blank slots elsewhere.
            if blank == 1 or (strokes is not None and _boxed_slots(strokes, ev.snap, grid, r, c) and (
                    blank == 2 or _laid_across(ev, grid, r, c) or not _divides_text(grid, occupied, r, c))):
                join(r * nc + c, (r + 1) * nc + c)


def _boxed_slots(strokes: RuleIndex, snap: float, grid: Grid, r: int, c: int) -> bool:
    """Are slots (r, c) and (r + 1, c) one stroked box: column rules on both sides down both,
    the rule between them stroked in other columns but not in this one (a Word cell merged over
    two rows, a header beside a column group's two header rows)? Then their texts are one
    cell's, as the rules alone read: a tall cell's text runs past the other columns' rules.
    Strokes only (``strokes`` holds no fill edge): a shaded column's fill has no edges between
    the rows it covers, yet its rows are rows."""
    xs, ys = grid.xs, grid.ys
    sides = all(strokes.covered("v", x, ys[r], ys[r + 2], snap) >= FULL for x in (xs[c], xs[c + 1]))
    return sides and any(strokes.covered("h", ys[r + 1], xs[k], xs[k + 1], snap) >= FULL
                         for k in range(grid.n_cols) if k != c)


def _divides_text(grid: Grid, occupied: set[tuple[int, int]], r: int, c: int) -> bool:
    """Does the boundary under row ``r`` have text on both its sides in a column other than
    ``c``? A rule drawn only between empty slots (a form's blank rows beside a tall cell)
    shows rows there, none in column ``c``."""
    return any((r, k) in occupied and (r + 1, k) in occupied for k in range(grid.n_cols) if k != c)


def _laid_across(ev: RegionEvidence, grid: Grid, r: int, c: int) -> bool:
    """Is the text of slots (r, c) and (r + 1, c) laid out across both, not in each: a line
    crosses the boundary between them, or the two slots' texts sit alike in neither (not
    both at their tops, nor both at their bottoms, nor both centred; "FY 2006" low in one
    and "Actuals" high in the next are one header centred over both)? Rows set one line
    each under a rule drawn in another column sit alike in theirs."""
    x0, x1, top, mid, bottom = grid.xs[c], grid.xs[c + 1], grid.ys[r], grid.ys[r + 1], grid.ys[r + 2]
    boxes = [ev.words[i].bbox for i in ev.ids]
    boxes = [b for b in boxes if x0 <= b.cx < x1 and top <= b.cy < bottom]
    if not boxes:
        return False
    h = float(np.median([b.height for b in boxes]))
    if any(b.y0 < mid - h / 4 and b.y1 > mid + h / 4 for b in boxes):
        return True
    above, below = [b for b in boxes if b.cy < mid], [b for b in boxes if b.cy >= mid]
    if not above or not below:
        return False
    # White above and below each slot's text (pt).
    a_top, a_bot = min(b.y0 for b in above) - top, mid - max(b.y1 for b in above)
    b_top, b_bot = min(b.y0 for b in below) - mid, bottom - max(b.y1 for b in below)
    alike = (abs(a_top - b_top) <= h / 2 or abs(a_bot - b_bot) <= h / 2
             or abs((a_top - a_bot) - (b_top - b_bot)) <= h)
    return not alike


def _spanner_joins(grid: Grid, rules: Sequence[Rule], occupied: set[tuple[int, int]], join: Join,
                   snap: float) -> None:
    """A rule under part of a header row (booktabs' cmidrule) groups the columns it spans."""
    xs, ys, nc = grid.xs, grid.ys, grid.n_cols
    width = xs[-1] - xs[0]
    for rule in rules:
        if rule.orient != "h" or rule.length >= CMIDRULE_WIDTH * width:
            continue
        r = next((k for k in range(1, len(ys) - 1) if abs(ys[k] - rule.pos) <= snap), None)
        if r is None:
            continue
        cols = [c for c in range(nc) if min(rule.end, xs[c + 1]) - max(rule.start, xs[c]) >= CMIDRULE_SPAN * (xs[c + 1] - xs[c])]
        if len(cols) >= 2 and sum((r - 1, c) in occupied for c in cols) <= 1:
            for c in cols[:-1]:
                join((r - 1) * nc + c, (r - 1) * nc + c + 1)


def _text_spans(grid: Grid, segs: Sequence[Segment], lines: Sequence[Line], words: Sequence[Word],
                drawn: Callable[[float, int], bool], join: Join) -> None:
    """A segment whose words sit in several columns (not split by a drawn rule) spans them."""
    xs, ys, nc = grid.xs, grid.ys, grid.n_cols
    for s in segs:
        if len(s.word_ids) < 2:
            continue
        cols = sorted({_col_of(words[i].bbox.cx, xs) for i in s.word_ids})
        if len(cols) < 2:
            continue
        r = _col_of(lines[s.line].bbox.cy, ys)
        if any(drawn(xs[c], r) for c in range(cols[0] + 1, cols[-1] + 1)):
            continue
        for c in range(cols[0], cols[-1]):
            join(r * nc + c, r * nc + c + 1)


def _rectangles(parent: list[int], find: Callable[[int], int], nr: int, nc: int) -> list[tuple[int, int, int, int]]:
    # Only joined slots and their roots form groups: most slots of a grid are joined to none.
    groups: dict[int, list[int]] = {}
    for i in [i for i in range(nr * nc) if parent[i] != i]:
        groups.setdefault(find(i), []).append(i)
    for root, members in groups.items():
        members.append(root)
    out = []
    for slots in groups.values():
        if len(slots) < 2:
            continue
        rs_ = [s // nc for s in slots]
        cs_ = [s % nc for s in slots]
        r0, r1, c0, c1 = min(rs_), max(rs_), min(cs_), max(cs_)
        if (r1 - r0 + 1) * (c1 - c0 + 1) == len(slots):
            out.append((r0, c0, r1 - r0 + 1, c1 - c0 + 1))
    return sorted(out)


def _mostly_empty(grid: Grid, centres: WordCentres, ids: Sequence[int], params: TableParams) -> tuple[str, str]:
    """A grid whose rows are mostly empty is no table (a chart's banded plot area with its
    tick labels): the share of rows holding text must exceed ``min_filled_rows``."""
    used = {r for r, _ in _occupied(grid, centres.cx[ids], centres.cy[ids])}
    share = len(used) / max(grid.n_rows, 1)
    if grid.n_rows >= MIN_ROWS_FOR_EMPTY and share <= params.min_filled_rows:
        return f"mostly empty: text in {len(used)} of {grid.n_rows} rows", "tables.min_filled_rows"
    return "", ""


def _reject_reason(grid: Grid, cand: Candidate, ids: Sequence[int], lines: Sequence[Line],
                   params: TableParams) -> tuple[str, str] | None:
    """(reason, parameter) when the grid is no table, None when it may be one."""
    if grid.n_rows < params.min_rows:
        return f"{grid.n_rows} row(s), fewer than {params.min_rows}", "tables.min_rows"
    if grid.n_cols < params.min_cols:
        return f"{grid.n_cols} column(s), fewer than {params.min_cols}", "tables.min_cols"
    per_line = len(ids) / max(len(lines), 1)
    if cand.source == "aligned" and grid.n_cols <= PARAGRAPH_COLS and per_line > PARAGRAPH_WORDS:
        return f"paragraph text ({per_line:.0f} words a line in at most two columns)", ""
    return None
