"""The wording of a column boundary found in the text alone: the gap every line leaves, the
glyphs it must be wider than in a drawn column, a straddled pair of columns, leader dots read as
space; with the ``columns.min_gap`` value that removes it, checked by detecting again."""

from __future__ import annotations

from collections.abc import Sequence

from ..structure.columns import Line, crossings_allowed, straddles
from ..structure.glyphgaps import SPLIT_GLYPHS
from ..structure.grid import GLYPH_GAP_SOURCES
from ..structure.group_labels import HEAD_LINES
from ..structure.totalspans import MIN_TOTALS
from ..totals import totals_label
from ..types import Boundary, Grid, Word
from .candidates import Region, step_above, width_at
from .page import Evidence, PageContext, Why


def text_gap(b: Boundary, ctx: PageContext, g: Grid, region: Region | None) -> Why:
    """A column boundary found in the text alone. Offered a value only where the column stage
    (a table without drawn columns) or the tables stage (a ruled one, which splits a drawn
    column only at gaps twice ``columns.min_gap`` wide and wider than ``SPLIT_GLYPHS`` glyphs
    of the text beside them), run again with it, loses it."""
    params = ctx.params
    if region is not None:
        # A gap a spanning title crosses measures 0 on the page; the column stage sees the projection's.
        # Checked on the whole tables stage: a wider gap may move the region's sides or its rows too.
        value = step_above(b.gap or width_at(region, b.pos))
        works = value is not None and ctx.removes(g, "col", b.pos, ("columns.min_gap", value), ())
    else:
        value = step_above(b.gap / 2)
        works = value is not None and ctx.removes(g, "col", b.pos, ("columns.min_gap", value),
                                                  [x for x in g.xs if x != b.pos])
    glyphs = (f" and over {SPLIT_GLYPHS:g} glyphs of the text beside it (spaces inside cells are no column)"
              if g.source in GLYPH_GAP_SOURCES else "")
    need = (f"columns.min_gap ({params.columns.min_gap:g} pt){glyphs}" if region is not None else
            f"twice columns.min_gap ({2 * params.columns.min_gap:g} pt) and over {SPLIT_GLYPHS:g} glyphs "
            "of the text beside it (a word space is one), splitting a drawn column")
    said = (f"every line leaves a {b.gap:.1f} pt gap here" if b.gap > 0 else
            "the text leaves a gap here on all but a tenth of its lines at most (a spanning title may cross it)")
    evidence: tuple[Evidence, ...] = (Evidence("text_gap", b.gap),)
    named: tuple[str, ...] = ("columns.min_gap",)
    heads = head_labels_at(ctx, g, b)
    if heads:
        said = (f"the lines under the table's first ones leave a gap here; {heads} of its first lines cross it, more "
                "than columns.spanning_lines allows, each a piece centred over a group of the columns the lines under "
                "them find (a title, group labels): they hide no column")
        evidence = (*evidence, Evidence("head_labels", heads))
    totals = 0 if heads else totals_labels_at(ctx, g, b)
    if totals:
        said = (f"the lines leave a gap here but for {totals} totals row(s) whose label ('Subtotal', '소계', "
                "'Total') starts the line and runs across it, more than columns.spanning_lines allows: a totals "
                "label set across the label columns hides no column")
        evidence = (*evidence, Evidence("totals_labels", totals))
    k = g.xs.index(b.pos) if b.pos in g.xs else 0
    if region is not None and 0 < k < len(g.xs) - 1 and straddles(region.pieces, region.lines, g.xs[k - 1], b.pos,
                                                                  g.xs[k + 1]):
        said += ("; no line has text on both sides, but the lines of one side straddle the other's (cells wrapped "
                 "in two lines set middle-aligned beside one-line cells): two columns, not one aligned two ways")
        evidence = (*evidence, Evidence("straddled"))
    led = leaders_at(ctx, g, b)
    if led:
        said += (f"; leader dots between label and value on {led} line(s) read as space (tables.leaders): they "
                 "stay in the label's cell")
        evidence, named = (*evidence, Evidence("leaders", led)), (*named, "tables.leaders")
    return Why("col", b.pos, True, evidence, f"{said}, at least {need}", named,
               ("columns.min_gap", value) if works and value is not None else None)


def head_labels_at(ctx: PageContext, g: Grid, b: Boundary) -> int:
    """How many of ``g``'s first ``HEAD_LINES`` lines cross column boundary ``b`` when more lines
    cross it than ``columns.spanning_lines`` allows and none under them does
    (``group_labels.under_head_labels`` kept it): 0 otherwise."""
    lines, crossing = _crossing(ctx, g, b)
    if not crossing or max(crossing) >= HEAD_LINES or len(crossing) <= crossings_allowed(len(lines), ctx.params.columns):
        return 0
    return len(crossing)


def totals_labels_at(ctx: PageContext, g: Grid, b: Boundary) -> int:
    """How many lines of ``g`` cross column boundary ``b`` with a totals label that starts the
    line, when more lines cross it than ``columns.spanning_lines`` allows and the others that do
    are within it (``totalspans.under_totals_labels`` kept it): 0 otherwise."""
    lines, crossing = _crossing(ctx, g, b)
    words = ctx.centres.words
    labelled = [k for k in crossing if _led_by_total(lines[k], words, ctx.params.columns.min_gap)]
    allowed = crossings_allowed(len(lines), ctx.params.columns)
    if len(labelled) < MIN_TOTALS or len(crossing) <= allowed or len(crossing) - len(labelled) > allowed:
        return 0
    return len(labelled)


def _led_by_total(line: Line, words: Sequence[Word], gap: float) -> bool:
    """Does ``line`` start with a totals label and go on right of it, as
    ``totalspans.totals_lines`` reads a line: its first words closer than ``gap`` (pt) apart?"""
    ws = sorted((words[i] for i in line.word_ids), key=lambda w: w.bbox.x0)
    n = 1
    while n < len(ws) and ws[n].bbox.x0 - ws[n - 1].bbox.x1 < gap:
        n += 1
    return n < len(ws) and totals_label(" ".join(w.text for w in ws[:n]))


def _crossing(ctx: PageContext, g: Grid, b: Boundary) -> tuple[list[Line], list[int]]:
    """``g``'s text lines, and the indices of those whose text crosses column boundary ``b``
    (a word over it, or two words either side of it closer than ``columns.min_gap``)."""
    lines = ctx.centres.region_lines(g.region, ctx.centres.inside(g.region), ctx.params.rows.y_tolerance)
    words = ctx.centres.words
    crossing = [k for k, ln in enumerate(lines)
                if any(words[i].bbox.x0 < b.pos < words[i].bbox.x1 for i in ln.word_ids)
                or any(words[i].bbox.x1 < b.pos < words[j].bbox.x0 and words[j].bbox.x0 - words[i].bbox.x1
                       < ctx.params.columns.min_gap for i, j in zip(ln.word_ids, ln.word_ids[1:], strict=False))]
    return list(lines), crossing


def leaders_at(ctx: PageContext, g: Grid, b: Boundary) -> int:
    """Lines of ``g`` on which a leader run (``Word.leader``) reaches into or across the gap at
    column boundary ``b``: read as text, it would narrow or close that gap."""
    reach = max(b.gap, ctx.params.columns.min_gap)
    words = ctx.centres.words
    return len({round(words[i].baseline, 1) for i in ctx.centres.leaders
                if g.ys[0] <= words[i].bbox.cy <= g.ys[-1] and words[i].bbox.x0 < b.pos
                and words[i].bbox.x1 > b.pos - reach})
