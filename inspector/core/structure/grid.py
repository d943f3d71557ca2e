"""Regions -> grids: row and column boundaries plus spanning cells.

Columns come from vertical rules where the table draws them and from column bins (word
alignment) where it does not. Rows come from horizontal rules, and bands between rules
holding several text lines are split line by line unless a line only continues the
previous one (a wrapped label, a wrapped header). A separator that the table does not
draw between two slots of a ruled grid makes them one spanning cell. The rows inside drawn
bands are ``bandrows``'s, the spanning cells ``spans``'s; this module puts them together and
decides the columns and whether the grid is a table at all.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_left
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from functools import partial

from ..evidence.rules_merge import RuleIndex
from ..numbers import currency_sign, is_number
from ..params import ColumnParams, Params
from ..text import list_marker
from ..types import Boundary, ColumnBin, Fill, Grid, Rect, Rule, Word
from .bandrows import split_rows
from .bandseams import with_band_seams
from .blankform import blank_table
from .boundaries import explain
from .closedcells import closed_cells
from .colends import Ends, column_ends
from .columns import (
    Line,
    Pieces,
    Segment,
    WordCentres,
    column_boundaries,
    crossings_allowed,
    merge_complementary,
    near_boundary,
)
from .gapcuts import clip_decided, clip_edges
from .gapless import Column
from .glyphgaps import SPLIT_GLYPHS, gap_in_glyphs, sign_edges, wide_gaps
from .group_labels import at_group_rules, banded_section_lines, group_rule_ends, under_group_labels, under_head_labels
from .justified import justified_gaps
from .leftedges import left_edges
from .numberedge import NUMBER_EDGE, number_edges
from .options import join_options, option_pairs
from .region import RegionEvidence
from .regions import Candidate
from .rejects import verdict
from .rulejoints import at_joints, in_narrow_gaps
from .seams import beside_tiles, with_seams
from .sections import section_lines
from .spans import grid_spans
from .stacks import RULED_SHARE, SHARE, split_segments, stack_boundaries
from .thinbands import one_per_pair, trim_thin_edges
from .thincols import drop_thin_columns
from .totalspans import under_totals_labels

# Why no user would change these: each is a proportion of the page's own evidence (lines,
# columns, rules, bands), not of a producer's style, and no corpus page has needed another.
MIN_BODY_LINES = 3  # lines besides section labels needed before the labels are set aside (fewer: they are the table)
RULED_SPLIT_GAP = 2  # a gap splitting a ruled column is this many times columns.min_gap: the rules are stronger
SPLIT_ROWS_DIV = 2  # a split inside a ruled column holds words on at least 1/this of its lines
GLYPH_GAP_SOURCES = ("horizontal_rules",)  # tables whose text-gap columns must be wider than SPLIT_GLYPHS glyphs
LINE_NUMBER_SIDE = "line number"  # the reason of a blank table's side moved past a form's line number
SIGN_EDGE = "sign edge"  # the reason of a column edge left of a column of accounting signs (``sign_edges``)
TIGHT_EDGE = "tight edge"  # the reason of a column edge before a left edge a cell inset away (``leftedges``)


@dataclass(frozen=True)
class GridResult:
    """A grid (or None with the reason it was rejected and the parameter whose threshold
    rejected it), its bins and flagged words; ``claims``: the region is a form's or an index's (it claims its area)."""

    grid: Grid | None
    reason: str
    bins: tuple[ColumnBin, ...]
    low_confidence: frozenset[int]
    header_rows: int
    word_ids: tuple[int, ...]
    param: str = ""
    claims: bool = False  # rejected as a form's or an index's area: its rules and text make no other table either
    note: str = ""  # why a grid a test would have refused is kept (for explain), "" for most


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
               centres: WordCentres | None = None, fills: Sequence[Fill] = (),
               marks: tuple[Rule, ...] = ()) -> GridResult:
    """Grid for one candidate region; ``index`` numbers the region for its bins; ``marks``: the
    check boxes' sides set aside (a form field's options start beside them)."""
    centres = centres if centres is not None and centres.words is words else WordCentres(words)
    ev = RegionEvidence.gather(cand, words, centres, fills, params, marks)
    if not ev.ids:
        return GridResult(None, "no text", (), frozenset(), 0, ())
    return _grid(ev, index)


def _grid(ev: RegionEvidence, index: int) -> GridResult:
    ev = with_band_seams(ev)  # bands of one colour drawn apart and abutting: two rows
    cand, box, words, lines, segs = ev.cand, ev.box, ev.words, ev.lines, ev.segs
    # Section labels on full-width shading run over the column gaps: columns come from the other lines.
    labels = section_lines(lines, segs, ev.fills, box)
    if len(lines) - len(labels) < MIN_BODY_LINES:
        labels = set()
    kept = [ln for k, ln in enumerate(lines) if k not in labels]
    body = [s for s in segs if s.line not in labels]
    cut = clip_edges(words, body) if ev.centres.clipped else []
    ev, tiled = with_seams(ev, kept)
    cand = ev.cand
    # Amounts ending where a column of accounting signs starts: a column edge, as a clip's.
    signs = sign_edges(words, body) if ev.params.columns.signs_open else []
    # Text columns set left a cell inset apart: the next one's left edge ends the one before (``leftedges``).
    pieces = _pieces(ev, body, kept)
    tight = _tight_edges(ev, pieces, len(kept))
    xs, drawn_xs, jointed = _columns(ev, body, kept, pieces, [*(x for x, _ in cut), *signs, *tight], tiled)
    if drawn_xs:  # cells boxed apart: a pair of rules at each column edge is one (``thinbands``)
        xs = one_per_pair(ev, xs, across=True)
        drawn_xs &= set(xs)
        box = Rect(xs[0], box.y0, xs[-1], box.y1)
    signed = frozenset(x for x in xs[1:-1] if any(e <= x <= e + ev.params.columns.min_gap for e in signs)) - drawn_xs
    tightened = frozenset(x for x in xs[1:-1] if any(e <= x <= e + ev.params.columns.min_gap for e in tight)) - drawn_xs
    # Numbers closer than the column gap: their right-aligned stacks divide the columns,
    # and a run of words across such a boundary (or of two numbers across any) is two
    # cells' text, not one spanning. A drawn column holding two stacks ("At least" and
    # "But less than" of a tax table between one pair of rules) is two columns as well.
    # So does the seam of two cells' shading (``seams``): the words either side are two cells'.
    stacked = stack_boundaries(words, kept, xs, RULED_SHARE if drawn_xs else SHARE)
    # A drawn column's number and text are one cell's; a text column's tell two by their alignments.
    edged = [] if drawn_xs else [x for x in number_edges(words, kept, sorted([*xs, *stacked])) if x not in xs]
    stacked = sorted([*stacked, *edged])
    xs = sorted([*xs, *stacked])
    # a joint of the row rules where the text left no gap (``rulejoints.in_narrow_gaps``) parts two cells' words
    # and so does a column edge before a tight left edge (``leftedges``)
    ev = replace(ev, segs=split_segments(segs, words, [*stacked, *tiled, *jointed, *tightened], xs[1:-1]))
    ys = one_per_pair(ev, _positions(cand.rules, "h", box.y0, box.y1, ev.snap), across=False) \
        if cand.source != "aligned" else [box.y0, box.y1]
    top_drawn = any(r.orient == "h" and abs(r.pos - box.y0) <= ev.snap for r in cand.rules)
    drawn_ys = set(ys[1:-1])
    # A row whose top border is left out ends where the column rules above it all end (``colends``).
    ends = column_ends(ev, xs, ys) if cand.source == "ruled" else {}
    ys = sorted([*ys, *ends])
    closed = closed_cells(ev, [xs[0], *sorted(drawn_xs), xs[-1]], ys)
    ys, header_rows, virtual = split_rows(ev, ys, xs, top_drawn, closed, ends)
    virtual.update(ends)
    trimmed, header_rows = trim_thin_edges(ev, ys, header_rows)
    if len(trimmed) < len(ys):  # an empty band thinner than a line at an end: no row (``thinbands``)
        ys, box = trimmed, Rect(box.x0, trimmed[0], box.x1, trimmed[-1])
    grid, splits = _spanned(Grid(box, tuple(xs), tuple(ys), cand.source), ev, virtual, ends)
    blank = blank_table(grid, ev) if cand.source == "ruled" and ev.params.tables.blank_tables else None
    if blank is not None:  # a blank table's columns are its header's (``blankform.blank_table``)
        drawn_xs &= set(blank.xs)
        box = Rect(blank.xs[0], box.y0, box.x1, box.y1)
        ev = replace(ev, ids=tuple(i for i in ev.ids if i not in blank.left_out))
        grid, splits = _spanned(Grid(box, blank.xs, tuple(ys), cand.source), ev, virtual, ends)
    ids = list(ev.ids)
    xs = list(grid.xs)
    # What made each boundary is for explain and the window, not for the decisions below:
    # recorded when first read (``Grid.evidence_later``), from copies of what it reads.
    grouped = (frozenset(e for e, _ in group_rule_ends(cand.rules, box)) - drawn_xs
               if cand.source != "ruled" and ev.params.columns.group_rules else frozenset())
    later = partial(_evidence, (grid.xs, grid.ys), ((tuple(ev.segs), tuple(ev.lines)), (ev.rules, ev.snap)),
                    (tuple(stacked), frozenset(drawn_xs), frozenset(drawn_ys - virtual), grouped,
                     frozenset(blank.xs[:1]) if blank and blank.left_out and blank.xs[0] > cand.bbox.x0 else frozenset(),
                     tiled, signed, frozenset(ends), frozenset(jointed) & frozenset(xs), frozenset(edged), tightened),
                    (tuple(cut), tuple(body), ev.params.columns.min_gap))
    grid = Grid(box, grid.xs, grid.ys, cand.source, grid.spans, evidence_later=later, option_splits=splits)
    bins = tuple(ColumnBin(xs[k], xs[k + 1], index) for k in range(len(xs) - 1))
    low = frozenset(near_boundary(words, ev.ids, xs[1:-1], ev.params.columns.boundary_margin))
    reason, param, claims = verdict(grid, cand, ev, (lines, words, ids), drawn_xs, blank is not None)
    return GridResult(None if reason else grid, reason, bins, low, header_rows, ev.ids, param,
                      claims, blank.note if blank and not reason else "")


def _spanned(grid: Grid, ev: RegionEvidence, virtual: set[float],
             ends: Ends | None = None) -> tuple[Grid, tuple[tuple[int, float], ...]]:
    """``grid`` with its spans (``spans.grid_spans``): a form field's check-box options joined,
    the column boundaries only their rules drew removed (``options``); and the options' splits."""
    pairs = option_pairs(grid, ev)
    spans = grid_spans(grid, ev, virtual, pairs, ends)
    if not pairs:
        return Grid(grid.region, grid.xs, grid.ys, grid.source, tuple(spans)), ()
    got = join_options(grid.xs, grid.n_rows, spans, pairs)
    return Grid(grid.region, got.xs, grid.ys, grid.source, got.spans), got.splits


def _evidence(grid: tuple[tuple[float, ...], tuple[float, ...]],
              region: tuple[tuple[tuple[Segment, ...], tuple[Line, ...]], tuple[RuleIndex, float]],
              steps: tuple[tuple[float, ...], frozenset[float], frozenset[float], frozenset[float], frozenset[float],
                           frozenset[float], frozenset[float], frozenset[float], frozenset[float], frozenset[float],
                           frozenset[float]],
              clips: tuple[tuple[tuple[float, int], ...], tuple[Segment, ...], float]
              ) -> tuple[tuple[Boundary, ...], tuple[Boundary, ...]]:
    """The boundaries' evidence (``boundaries.explain``) of a grid's (xs, ys) over a region's
    (pieces, lines) and (rule index, snap), with the step that put each there: ``steps`` are
    the columns between number stacks, the inner columns and rows taken from rules and the
    columns moved to a group label's underline's end, and a blank table's side moved past a form's
    line number (``blankform.blank_table``) and those left of a column of accounting signs
    (``glyphgaps.sign_edges``), and the rows where the column rules above end inside a band
    (``colends.column_ends``), and the columns right of a stack of numbers set right before text
    set left (``numberedge``: among ``stacked`` too), and those before a tight left edge
    (``leftedges``); ``clips`` the clip edges that cut
    several lines' text, the pieces of the body's lines (``gapcuts.clip_edges``) and
    ``columns.min_gap``. Only what it reads is kept until then."""
    xs, ys = grid
    stacked, drawn_xs, drawn_ys, grouped, numbered, tiled, signed, ended, jointed, edged, tight = steps
    cut, body, min_gap = clips
    clipped = clip_decided(xs[1:-1], cut, body, min_gap) if cut else {}
    col_reasons = _reasons(xs, drawn_xs, stacked, clipped, grouped, tiled)
    if signed:
        col_reasons = tuple(SIGN_EDGE if x in signed and r == "text" else r for x, r in zip(xs, col_reasons, strict=True))
    if tight:
        col_reasons = tuple(TIGHT_EDGE if x in tight and r == "text" else r for x, r in zip(xs, col_reasons, strict=True))
    if jointed:
        col_reasons = tuple("rule joints" if x in jointed and r == "text" else r
                            for x, r in zip(xs, col_reasons, strict=True))
    if edged:
        col_reasons = tuple(NUMBER_EDGE if x in edged else r for x, r in zip(xs, col_reasons, strict=True))
    if numbered:
        col_reasons = tuple(LINE_NUMBER_SIDE if x in numbered else r for x, r in zip(xs, col_reasons, strict=True))
    row_reasons = tuple("column ends" if y in ended else r for y, r in zip(ys, _reasons(ys, drawn_ys), strict=True))
    decided = (col_reasons, row_reasons)
    return explain(xs, ys, *region, stacked, decided, clipped)


def _reasons(positions: Sequence[float], drawn: Collection[float], stacked: Sequence[float] = (),
             clipped: Collection[float] = (), grouped: Collection[float] = (),
             tiled: Collection[float] = ()) -> tuple[str, ...]:
    """Each boundary's ``Boundary.reason``: the step that put it there (``drawn``: the inner
    positions taken from rules, ``stacked``: those between stacks of numbers, ``clipped``:
    those at a clip edge that cut the text of several lines, ``grouped``: those moved to the
    end of a group label's underline, ``group_labels.at_group_rules``, ``tiled``: those at the
    seams of cells shaded one rectangle each, ``seams.tile_seams``)."""
    last = len(positions) - 1
    return tuple("side" if k in (0, last) else "number stack" if p in stacked else "cell tiles" if p in tiled
                 else "rules" if p in drawn else "clip edge" if p in clipped else "group rule" if p in grouped
                 else "text"
                 for k, p in enumerate(positions))


def _columns(ev: RegionEvidence, segs: Sequence[Segment], lines: Sequence[Line], pieces: Pieces,
             edges: Sequence[float] = (), tiled: frozenset[float] = frozenset()
             ) -> tuple[list[float], set[float], set[float]]:
    """Column boundaries, those of them taken from the region's vertical rules and those moved
    onto the joints of its row rules (``rulejoints``); ``edges``:
    where a clip path cut several lines' text (``gapcuts.clip_edges``), column edges too;
    ``tiled``: the seams of cells shaded tile by tile (``seams``), columns in text regions too."""
    cand, box, n_lines, words, params = ev.cand, ev.box, len(lines), ev.words, ev.params.columns
    if cand.source == "ruled":
        xs = _positions(cand.rules, "v", box.x0, box.x1, ev.snap)
        if len(xs) > 2:
            return _split_ruled_columns(xs, pieces, segs, n_lines, params, words), set(xs[1:-1]), set()
    inner = column_boundaries(pieces, box.x0, box.x1, n_lines, params, edges=edges)
    inner = under_group_labels(inner, pieces, segs, box.x0, box.x1, params,
                               banded_section_lines(lines, segs, pieces, cand.rules, box, params.min_gap))
    inner = under_totals_labels(inner, pieces, segs, words, box.x0, box.x1, params)
    # ``ev.lines``, not ``lines``: the pieces' line indices are the region's, section labels included
    inner = merge_complementary(drop_thin_columns(inner, segs, params.min_rows), pieces, ev.lines)
    if cand.source in GLYPH_GAP_SOURCES:
        inner = wide_gaps(inner, segs, words, box.x0, box.x1, cand.rules)
    if tiled:
        inner = beside_tiles(inner, tiled, words, lines)
    if params.group_rules:
        inner = at_group_rules(inner, cand.rules, segs, lines, box)
    inner = _signs_join_amounts(inner, segs, words, box.x0, box.x1)
    jointed: set[float] = set()
    if cand.source in ("ruled", "horizontal_rules"):  # cells stroked one by one: their edges place the columns
        inner, jointed = at_joints(inner, cand.rules, segs, box, ev.snap)
        inner, opened = in_narrow_gaps(inner, cand.rules, words, lines, box, ev.snap)
        jointed |= opened
    return [box.x0, *inner, box.x1], set(), jointed


def _pieces(ev: RegionEvidence, segs: Sequence[Segment], lines: Sequence[Line]) -> Pieces:
    """The body's words projected one by one (not segments: the words of a multi-word label sit
    at other places on every row, so only true column gaps stay free), a justified line's
    stretched spaces bridged (its cell's text, no column gap; with ``columns.justified``)."""
    pieces = Pieces.of_words(ev.words, segs, ev.centres)
    return pieces.bridged(justified_gaps(ev.words, lines)) if ev.params.columns.justified else pieces


def _tight_edges(ev: RegionEvidence, pieces: Pieces, n_lines: int) -> list[float]:
    """``leftedges.left_edges`` of the body's ``pieces`` in a region without column rules (with
    ``columns.tight_edges``): the ends of text columns a cell inset before the next one's left edge."""
    params = ev.params.columns
    if not params.tight_edges or any(r.orient == "v" for r in ev.cand.rules):
        return []
    return left_edges(pieces, crossings_allowed(n_lines, params), params.min_gap)


def _signs_join_amounts(inner: list[float], segs: Sequence[Segment], words: Sequence[Word],
                        x0: float, x1: float) -> list[float]:
    """The text-gap boundaries ``inner`` less those right of a column of currency signs alone
    ("$", "€", "US$"), each on a line where the column to the right holds an amount (a number,
    or a dash for nil): a statement sets the sign at the left of the column and the amount at
    the right (a "$" on the first and the total rows only), and the sign is the amount's, not a
    column of its own. Text not wholly inside the column (a header over it and the next), or
    above its signs (a header set flush left over them), is left out of the test; a sign beside a word ("€" beside "EUR" in a list of currencies) keeps its column."""
    # Most regions hold no sign alone: then no boundary goes, and no amount need be read.
    alone = {id(s) for s in segs if all(currency_sign(words[i].text) for i in s.word_ids)}
    if not alone:
        return inner
    xs = [x0, *inner, x1]
    keep = []
    for k, x in enumerate(inner):
        lo, hi = xs[k], xs[k + 2]
        inside = [s for s in segs if lo <= s.x0 and s.x1 <= x]
        signs = [s for s in inside if id(s) in alone]
        # Text above the signs may be the column's header, set flush left over them (Excel's
        # default), while the amounts right of them carry no sign of their own (a form's blank
        # "$" column beside a column of "$ 5,889.25" is a column of its own).
        above = [s for s in inside if id(s) not in alone]
        if not signs or any(s.line >= min(t.line for t in signs) for s in above):
            keep.append(x)
            continue
        # A piece starting with an amount: a bold totals row's amount may run into the next
        # column's ("9,842.54 -29.9%": two numbers a word space apart, two cells).
        right = [s for s in segs if x <= (s.x0 + s.x1) / 2 < hi]
        amounts = {s.line for s in right if _amount(" ".join(words[i].text for i in s.word_ids))
                   or all(is_number(words[i].text) for i in s.word_ids)}
        if not all(s.line in amounts for s in signs) or (above and _signed(right, words)):
            keep.append(x)
    return keep


def _signed(segs: Sequence[Segment], words: Sequence[Word]) -> bool:
    """Does one of ``segs`` start with a currency sign?"""
    return any(currency_sign(words[s.word_ids[0]].text) for s in segs)


def _amount(text: str) -> bool:
    """A number, or a dash standing for nil ("—", "-")."""
    return is_number(text) or (list_marker(text) and unicodedata.category(text.strip()) == "Pd")


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
            mine = [s for s in segs if a <= (s.x0 + s.x1) / 2 < b]
            # Nine drawn columns in ten hold one column of text: told without numpy's cost (``gapless``).
            plain = Column(inside, a, b)
            none = plain.finds_none(crossings_allowed(n_lines, wide), wide.min_gap)
            found = under_head_labels([] if none else column_boundaries(inside, a, b, n_lines, wide), inside, mine,
                                      a, b, wide, (xs[0], xs[-1]), plain)
            inner = [x for x in found
                     if gap_in_glyphs(words, segs, x, a, b) > SPLIT_GLYPHS and not _markers_left(words, segs, a, x)]
            if inner:
                mine = by_centre[bisect_left(keys, 2 * a):bisect_left(keys, 2 * b)]
                inner = drop_thin_columns(inner, mine, max(params.min_rows, lines // SPLIT_ROWS_DIV))
            out.extend(inner)
        out.append(b)
    return out


def _markers_left(words: Sequence[Word], segs: Sequence[Segment], a: float, x: float) -> bool:
    """Are the words centred in [a, x) all list markers (a bullet list's "•" column inside
    a drawn cell) or currency signs ("$" at the left of a drawn cell, the amount at its
    right): the marker belongs to the item beside it, no column lies between them."""
    left = [words[i].text for s in segs for i in s.word_ids if a <= words[i].bbox.cx < x]
    return bool(left) and all(list_marker(t) or currency_sign(t) for t in left)


