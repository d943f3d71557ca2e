"""Dropped candidates: gaps the text leaves that did not become column boundaries (the rows'
gaps between text lines of one row are in ``explain.rowlines``). Positions are in the table's upright frame.

Columns (tables without drawn column rules): a gap was too narrow for ``columns.min_gap``,
would make a column with text on too few lines (``columns.min_rows``), or joins two parts of
one column that never share a line. A gap wide enough that more text lines cross than
``columns.spanning_lines`` allows (a long label or note running over it) is listed with the
lines that cross it. A suggested value is offered only after running the column stage (for
the crossing lines: the whole tables stage) again with it: the gap becomes a boundary and
every kept one stays (a lever that trades one column for another is none).

"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from ..params import ColumnParams
from ..structure.columns import (
    Line,
    Pieces,
    WordCentres,
    column_boundaries,
    crossings_allowed,
    merge_complementary,
    segments,
)
from ..structure.gapcuts import RESOLUTION, clip_edges
from ..structure.glyphgaps import SPLIT_GLYPHS, gap_in_glyphs
from ..structure.grid import GLYPH_GAP_SOURCES
from ..structure.justified import Stretched, justified_gaps
from ..structure.stacks import MIN_LINES, expression
from ..structure.thincols import drop_thin_columns
from ..types import Grid, Word
from .page import SAME_BOUNDARY, Evidence, PageContext, TableText, Why, value_range

STEP = 0.5  # pt: the column stage's resolution; suggested gaps are multiples of it


@dataclass(frozen=True)
class Region:
    """The text of one table region as the column stage sees it."""

    words: Sequence[Word]
    lines: list[Line]
    pieces: Pieces
    n_lines: int
    x0: float
    x1: float
    crossings: int  # lines that may cross a column gap (``columns.spanning_lines``)
    text: TableText  # what tells two column positions apart (``page.TableText``)
    edges: tuple[float, ...] = ()  # where a clip path cut several lines' text (``gapcuts.clip_edges``)
    stretched: tuple[Stretched, ...] = ()  # justified lines' word spaces (``justified``): no column gaps

    def columns(self, cparams: ColumnParams) -> list[float]:
        """Inner boundaries the column stage finds with ``cparams`` (the same three steps)."""
        pieces = self.pieces.bridged(self.stretched) if cparams.justified else self.pieces
        inner = column_boundaries(pieces, self.x0, self.x1, self.n_lines, cparams, edges=self.edges)
        segs = segments(self.words, self.lines, cparams.min_gap)
        return merge_complementary(drop_thin_columns(inner, segs, cparams.min_rows), pieces, self.lines)

    def justified_lines(self, pos: float) -> int:
        """How many lines set justified have a stretched word space over ``pos``."""
        return len({s.line for s in self.stretched if s.x0 < pos < s.x1})


def region_of(g: Grid, centres: WordCentres, cparams: ColumnParams, tol: float) -> Region | None:
    """``g``'s text (``centres``: the words in ``g``'s frame; ``tol``: ``rows.y_tolerance``), or
    None when it has none."""
    words = centres.words
    ids = centres.inside(g.region)
    if not ids:
        return None
    lines = centres.region_lines(g.region, ids, tol)
    segs = segments(words, lines, cparams.min_gap)
    edges = tuple(x for x, _ in clip_edges(words, segs)) if centres.clipped else ()
    return Region(words, lines, Pieces.of_words(words, segs), len(lines), g.region.x0, g.region.x1,
                  crossings_allowed(len(lines), cparams), TableText.of_lines(words, lines), edges,
                  justified_gaps(words, lines))


def step_above(gap: float) -> float | None:
    """The smallest allowed ``columns.min_gap`` wider than ``gap`` (None above its range)."""
    lo, hi = value_range("columns.min_gap")
    value = max(lo, (math.floor(gap / STEP) + 1) * STEP)
    return value if value <= hi else None


def dropped_columns(ctx: PageContext, g: Grid, region: Region) -> tuple[Why, ...]:
    """Gaps in the text of a table without drawn columns that are not boundaries, and why."""
    fine = replace(ctx.params.columns, min_gap=STEP, min_rows=1)
    gaps = column_boundaries(region.pieces, region.x0, region.x1, region.n_lines, fine)
    return tuple(_why_dropped(ctx, g, pos, region) for pos in gaps
                 if not any(region.text.same("col", x, pos) or _one_white(region, x, pos) for x in g.xs[1:-1]))


def _one_white(region: Region, a: float, b: float) -> bool:
    """Do ``a`` and ``b`` lie in one white, no piece of the text over any part between them (a
    column moved within its gap, onto the row rules' joints: ``structure.rulejoints``)?"""
    lo, hi = min(a, b), max(a, b)
    p = region.pieces
    return not bool(np.any((p.x0 < hi) & (p.x1 > lo)))


def width_at(region: Region, pos: float) -> float:
    """Width of the free interval around ``pos`` (the same projection the column stage uses)."""
    limit = region.crossings
    covered = list(zip(region.pieces.x0.tolist(), region.pieces.x1.tolist(), strict=True))
    lines_at = region.pieces.line.tolist()
    left = max([b for (a, b) in covered if b <= pos] or [region.x0])
    right = min([a for (a, b) in covered if a >= pos] or [region.x1])
    crossing = len({ln for (a, b), ln in zip(covered, lines_at, strict=True) if a < pos < b})
    return max(0.0, right - left) if crossing <= limit else 0.0


def crossing_lines(region: Region, pos: float) -> list[int]:
    """The region's lines (indices, top to bottom) with a word over ``pos``."""
    p = region.pieces
    return sorted(set(p.line[(p.x0 < pos) & (p.x1 > pos)].tolist()))


def vetoed_columns(ctx: PageContext, g: Grid, region: Region, listed: Sequence[float]) -> tuple[Why, ...]:
    """Gaps at least ``columns.min_gap`` wide that are no boundary because more text lines
    cross them than ``columns.spanning_lines`` allows ("Lead time  approximately" running
    over the gap between two columns keeps them one). ``listed``: candidates already explained.
    Each is found at the smallest share that lets it through, and offered with the smallest
    share up to the parameter's top under which the tables stage, run again, adds the boundary
    (``TableText``: the same text on each side) and keeps every kept one; one without a lever
    is listed when at most a third of the lines cross it."""
    c = ctx.params.columns
    top = value_range("columns.spanning_lines")[1]
    steps = range(1, round((top - c.spanning_lines) / SHARE_STEP) + 1)
    shares = [s for k in steps if (s := round(c.spanning_lines + k * SHARE_STEP, 2)) <= top]
    # A kept boundary moved within its gap is that boundary; another candidate is another gap's
    # explanation unless it lies at the same place (a sliver beside a crossing line is one).
    seen: list[float] = [*listed]
    out: list[Why] = []
    for share in shares:
        trial = replace(c, spanning_lines=share)
        limit = crossings_allowed(region.n_lines, trial)
        for pos in column_boundaries(region.pieces, region.x0, region.x1, region.n_lines, trial):
            if any(region.text.same("col", x, pos) for x in g.xs) or any(abs(x - pos) <= SAME_BOUNDARY for x in seen) \
                    or any(_same_gap(region, pos, x, limit) for x in (*g.xs[1:-1], *(w.pos for w in out))):
                continue
            seen.append(pos)
            across = crossing_lines(region, pos)
            if len(across) <= region.crossings:
                continue  # not the crossing lines: a narrow or thin candidate, explained elsewhere
            # From the smallest share up: the tables stage may add it (the same text on each side,
            # elsewhere in its gap) at a share under the one the column stage alone needs here.
            flip = next((f for s in shares if (f := ctx.flips(g, "col", pos, [("columns.spanning_lines", s)]))), None)
            if flip is None and 3 * len(across) > region.n_lines:
                continue
            ev, said = _with_expressions(region, pos, (Evidence("spanning_lines", len(across)),),
                                         _spanned(region, across, c.spanning_lines))
            out.append(Why("col", pos, False, ev, said, ("columns.spanning_lines",), flip))
    return tuple(out)


def _same_gap(region: Region, a: float, b: float, limit: int) -> bool:
    """Are ``a`` and ``b`` in one gap, no more than ``limit`` lines crossing anywhere between them?
    (A kept boundary moves within its gap when more lines may cross: that is no new column.)"""
    lo, hi = min(a, b), max(a, b)
    return all(len(crossing_lines(region, x)) <= limit for x in np.arange(lo, hi + STEP, STEP))


SHARE_STEP = 0.05  # the step of ``columns.spanning_lines``


def _spanned(region: Region, across: Sequence[int], share: float) -> str:
    """The decision text: how many lines cross the gap, and which."""
    texts = [" ".join(region.words[i].text for i in region.lines[k].word_ids) for k in across]
    shown = "; ".join(f"'{t[:40]}'" for t in texts[:3]) + ("; ..." if len(texts) > 3 else "")
    return (f"{len(across)} of {region.n_lines} text lines cross this gap ({shown}), more than "
            f"columns.spanning_lines ({share:g} of the lines: {region.crossings}) allows: the columns on "
            "its two sides read as one")


def expressions(region: Region, pos: float) -> list[str]:
    """The texts of the region's lines on which a number ends left of ``pos`` and an infix operator
    set alone and a number follow right of it ("$782.50 + 15%": ``stacks.expression``)."""
    out = []
    for ln in region.lines:
        row = [region.words[i] for i in ln.word_ids]
        k = next((k for k in range(len(row) - 1) if row[k].bbox.x1 <= pos <= row[k + 1].bbox.x0), None)
        if k is not None and expression(row, k, k + 2):
            out.append(" ".join(w.text for w in row[k:k + 3]))
    return out


def _with_expressions(region: Region, pos: float, ev: tuple[Evidence, ...],
                      said: str) -> tuple[tuple[Evidence, ...], str]:
    """``ev`` and ``said`` with the expressions standing across ``pos`` named, when enough lines
    hold one to have made two stacks of numbers there (``stacks``: ``MIN_LINES``)."""
    found = expressions(region, pos)
    if len(found) < MIN_LINES:
        return ev, said
    return (*ev, Evidence("expression", len(found))), (
        f"{said}; on {len(found)} lines a number, an operator set alone and a number stand across it "
        f"('{found[0]}'): one cell's expression, so the numbers on its two sides make no two columns")


def _joined(region: Region, pos: float, min_gap: float) -> bool:
    """Do most lines read the words on both sides of ``pos`` as one cell's text? A gap under
    half the font size is a word space, whatever ``columns.min_gap`` says."""
    segs = segments(region.words, region.lines, min_gap)
    across = {s.line for s in segs if s.x0 < pos < s.x1}
    return len(across) * 2 > len(region.lines)


JUSTIFIED = "word spaces stretched by justification on {} line(s): equal spaces wider than a plain one, " \
    "the paragraph going on below from the same left edge, so the words on both sides are one cell's text " \
    "(columns.justified)"
WORD_SPACE = "; the gap is no wider than a word space at this type size (half the font size), so the " \
             "words on both sides read as one cell's text"


def _why_dropped(ctx: PageContext, g: Grid, pos: float, region: Region) -> Why:
    """``_gap_dropped``'s answer, with the expressions standing across the gap named (they keep two
    stacks of numbers from parting there: ``stacks.expression``)."""
    why = _gap_dropped(ctx, g, pos, region)
    ev, said = _with_expressions(region, pos, why.evidence, why.decision)
    return replace(why, evidence=ev, decision=said)


def _gap_dropped(ctx: PageContext, g: Grid, pos: float, region: Region) -> Why:
    """Why the gap at ``pos`` is no boundary of ``g``; a suggestion must add it and keep every
    kept inner boundary, in the column stage and then in the whole tables stage run again
    (what ``--set`` does); the table's source may hold its text gaps to a width in glyphs."""
    c, kept, source = ctx.params.columns, g.xs[1:-1], g.source

    def adds(key: str, value: float) -> bool:
        """Does ``key`` (a ``columns.`` field) at ``value`` add the boundary and keep the others?"""
        cparams = replace(c, **{key.split(".")[1]: type(getattr(c, key.split(".")[1]))(value)})
        if not region.text.adds("col", region.columns(cparams), kept, pos):
            return False  # the cheap check first: the column stage alone
        return ctx.flips(g, "col", pos, [(key, value)]) is not None

    width = width_at(region, pos)
    ev = (Evidence("text_gap", width),)
    stretched = region.justified_lines(pos) if c.justified else 0
    if stretched:
        flip = ("columns.justified", 0.0) if adds("columns.justified", 0.0) else None
        return Why("col", pos, False, (*ev, Evidence("justified", stretched)), JUSTIFIED.format(stretched),
                   ("columns.justified",), flip)
    joined = WORD_SPACE if _joined(region, pos, c.min_gap) else ""
    inner = column_boundaries(region.pieces, region.x0, region.x1, region.n_lines, c)
    # Found with a narrower min_gap alone, not with this one: the stage, which rounds word boxes
    # out to its steps, measures the gap narrower than min_gap even where the boxes leave more.
    rounded = width >= c.min_gap and not any(region.text.same("col", x, pos) for x in inner)
    if width < c.min_gap or rounded:
        lo = value_range("columns.min_gap")[0]
        top = min(math.floor(width / STEP) * STEP, c.min_gap - STEP)
        said = f"a {width:.1f} pt gap, narrower than columns.min_gap ({c.min_gap:g} pt)" + (
            f" as the column stage measures it (it rounds word boxes out to its {RESOLUTION:g} pt steps)"
            if rounded else "")
        for value in (v for v in (top, top - STEP, top - 2 * STEP) if lo <= v < c.min_gap):
            if adds("columns.min_gap", value):
                return Why("col", pos, False, ev, said, ("columns.min_gap",), ("columns.min_gap", value))
        return Why("col", pos, False, ev, said + joined, ("columns.min_gap",))
    thin = drop_thin_columns(inner, segments(region.words, region.lines, c.min_gap), c.min_rows)
    if not any(region.text.same("col", x, pos) for x in thin):
        for rows in range(c.min_rows - 1, 0, -1):
            if adds("columns.min_rows", rows):
                return Why("col", pos, False, ev, f"a column beside it would have text on fewer than "
                           f"columns.min_rows ({c.min_rows}) lines", ("columns.min_rows",), ("columns.min_rows", rows))
        return Why("col", pos, False, ev, "a column beside it has text on too few lines" + joined,
                   ("columns.min_rows",))
    if source in GLYPH_GAP_SOURCES:
        xs = sorted({region.x0, region.x1, *kept})
        lo, hi = max(x for x in xs if x < pos), min(x for x in xs if x > pos)
        glyphs = gap_in_glyphs(region.words, segments(region.words, region.lines, c.min_gap), pos, lo, hi)
        if glyphs <= SPLIT_GLYPHS:
            return Why("col", pos, False, ev, f"spaces inside cells: the gap is {glyphs:.1f} glyphs of the text beside "
                       f"it, not over {SPLIT_GLYPHS:g} (a run of spaces or a full-width space in one cell's text; "
                       "a table with horizontal rules only needs a wider gap for a column)")
    return Why("col", pos, False, ev, "the text on its two sides never shares a line: one column aligned two ways")


# -- rows ---------------------------------------------------------------------------------
