"""Row bands as the grid stage read them, for explain: the row boundaries the drawing put
there (``drawn_ys``), whether rules close every cell (``boxed``), which bands are ruled rows
(``ruled_rows``), and what split a band kept whole but on evidence of its own: rows of amounts
alone (``amount_band``), amounts centred beside wrapped labels (``centred_band``), labelled paragraphs (``paragraph_band``), a bold section label
(``bold_label_below``). Mirrors
``structure.bandrows.split_rows``; positions in the table's upright frame (points).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from ..structure.bandlines import centred_triples, continues, labelled_rows, leads_in, run_step
from ..structure.bandrows import band_depths, bold_label
from ..structure.columns import Line, line_cols
from ..structure.delineated import drawn_rows
from ..structure.items import next_item
from ..structure.region import FULL
from ..structure.ruledrows import amount_row, amount_rows, misread_amounts, paragraph_cuts, rules_delimit_rows, stub_led
from ..structure.sectionrows import group_head_at, outdented_label, row_pitch
from ..structure.spanlines import spanning_steps
from ..types import Grid
from .page import PageContext

NEAR_RULE = 1.5  # pt: a rule this close to a drawn row boundary lies on it


def drawn_ys(g: Grid) -> list[float]:
    """The grid's row boundaries that the drawing put there (its sides included), the bands
    the grid stage split by the text (all of ``g.ys`` for a grid without evidence records)."""
    return [y for y, b in zip(g.ys, g.row_evidence, strict=False) if b.reason in ("rules", "side")] or list(g.ys)


def boxed(g: Grid) -> bool:
    """Are the grid's drawn boundaries (its sides included) all drawn rules, with a column
    rule inside: the evidence record of ``closedcells.closed_cells``."""
    drawn = [b for b in (*g.col_evidence, *g.row_evidence) if b.reason in ("rules", "side")]
    inner_cols = [b for b in g.col_evidence[1:-1] if b.reason == "rules"]
    return bool(inner_cols) and all(b.kind == "rule" for b in drawn)


def ruled_rows(ctx: PageContext, g: Grid, depths: Sequence[Sequence[int]]) -> list[bool]:
    """Per band between the grid's drawn row boundaries: a ruled row (``ruledrows``) by the
    evidence record: ruled at its top and bottom, in a table whose rules delimit rows."""
    kinds = [b.kind == "rule" and _across(ctx, g, y) for b, y in zip(g.row_evidence, g.ys, strict=False)
             if y in set(drawn_ys(g))]
    if len(kinds) != len(depths) + 1:
        return [False] * len(depths)
    ruled = [a and b for a, b in zip(kinds, kinds[1:], strict=False)]
    return ruled if rules_delimit_rows(depths, ctx.params.tables.row_band_lines, ruled) else [False] * len(depths)


def _across(ctx: PageContext, g: Grid, y: float) -> bool:
    """Do the page's horizontal rules at ``y`` (within ``NEAR_RULE`` pt) cover ``FULL`` of the
    grid's width, as ``ruledrows.ruled_bands`` asks of a ruled row's top and bottom?"""
    x0, x1 = g.xs[0], g.xs[-1]
    covered = sum(max(0.0, min(r.end, x1) - max(r.start, x0)) for r in ctx.res.rules
                  if r.orient == "h" and abs(r.pos - y) <= NEAR_RULE)
    return covered >= FULL * (x1 - x0)


def _kept_band(ctx: PageContext, g: Grid, y: float) -> list[Line] | None:
    """The text lines of the body band holding ``y`` when the grid stage keeps it whole but
    on evidence of its own (rows drawn one by one, or a ruled row: ``bandrows.split_rows``);
    None for another band (the first band is the header's: split_rows reads it apart)."""
    ids = ctx.centres.inside(g.region)
    lines = ctx.centres.region_lines(g.region, ids, ctx.params.rows.y_tolerance)
    drawn, words = drawn_ys(g), ctx.centres.words
    depths = band_depths(lines, words, g.xs, drawn)
    k = bisect_right(drawn, y) - 1
    if not 0 < k < len(depths):
        return None
    bands = [[ln for ln in lines if drawn[b] <= ln.bbox.cy < drawn[b + 1]] for b in range(len(depths))]
    whole = drawn_rows(depths, ctx.params.tables.row_band_lines, boxed(g), bands, (words, g.xs))
    if not (whole or ruled_rows(ctx, g, depths)[k]):
        return None
    return bands[k]


def amount_band(ctx: PageContext, g: Grid, y: float) -> bool:
    """Does the row boundary at ``y`` part two lines of amounts alone filling the row
    (``ruledrows.amount_row``) in a band kept whole but on evidence of its own (``_kept_band``),
    whose lines are rows of amounts (``ruledrows.amount_rows``)? Then that evidence, not the
    rows' start, put it there."""
    band, words = _kept_band(ctx, g, y), ctx.centres.words
    if band is None:
        return False
    around = [ln for ln in band if ln.bbox.cy < y][-1:] + [ln for ln in band if ln.bbox.cy > y][:1]
    return len(around) == 2 and all(amount_row(ln, words, g.xs) for ln in around) \
        and amount_rows(band, words, g.xs, lambda prev, line: continues(prev, line, words))


def misread_band(ctx: PageContext, g: Grid, y: float) -> tuple[str, ...]:
    """The short OCR words taken for amounts (``ruledrows.misread_amounts``) that made the band
    holding ``y``, kept whole but on evidence of its own (``_kept_band``), rows of amounts; ()
    when none did."""
    band = _kept_band(ctx, g, y)
    if band is None:
        return ()
    return misread_amounts(band, ctx.centres.words, g.xs, lambda prev, line: continues(prev, line, ctx.centres.words)) \
        or ()


MISREAD = "; the band's lines are rows of amounts though {n} short OCR word(s) ({words}) stand in its amount " \
    "cells: taken for amounts a coarse scan broke (\"I4\" for 14), as they are few among its amounts"


def totals_band(ctx: PageContext, g: Grid, y: float) -> bool:
    """Does the row boundary at ``y`` part two lines of a totals box: a band kept whole but on
    evidence of its own (``_kept_band``) whose lines are rows of amounts (``ruledrows.amount_rows``)
    with their labels in a later column, the first left empty on every line ("Subtotal / VAT /
    Total" under the unit prices)?"""
    band, words = _kept_band(ctx, g, y), ctx.centres.words
    if band is None or any(0 in line_cols(ln, words, g.xs) for ln in band):
        return False
    return amount_rows(band, words, g.xs, lambda prev, line: continues(prev, line, words))


def labelled_head(ctx: PageContext, g: Grid, y: float) -> bool:
    """Does the row boundary at ``y`` lie in the first drawn band, whose lines (two or more)
    are each a label beside an amount in one column (``bandlines.labelled_rows``: a boxed
    totals block ruled over its last row only)? ``split_rows`` reads such a band as rows, no
    header's wrapped lines."""
    drawn = drawn_ys(g)
    if len(drawn) < 3 or not drawn[0] < y < drawn[1]:
        return False
    ids = ctx.centres.inside(g.region)
    lines = ctx.centres.region_lines(g.region, ids, ctx.params.rows.y_tolerance)
    band = [ln for ln in lines if drawn[0] <= ln.bbox.cy < drawn[1]]
    return len(band) > 1 and labelled_rows(band, ctx.centres.words, g.xs)


LABELLED_HEAD = "a new row starts with the next text line: the lines over the first rule are each a label beside " \
    "an amount in one column (a totals block or a key-value box), rows of a body, no header's wrapped lines"


def stub_band(ctx: PageContext, g: Grid, y: float) -> bool:
    """Does the row boundary at ``y`` start a line of amounts led by labels in the stub's later
    columns (``ruledrows.stub_led``: a level beside its category), in a band kept whole but on
    evidence of its own whose lines are rows of amounts (``ruledrows.amount_rows``)?"""
    band, words = _kept_band(ctx, g, y), ctx.centres.words
    below = next((ln for ln in band if ln.bbox.cy > y), None) if band else None
    return below is not None and band is not None and stub_led(below, band, words, g.xs) \
        and amount_rows(band, words, g.xs, lambda prev, line: continues(prev, line, words))


def centred_band(ctx: PageContext, g: Grid, y: float) -> bool:
    """Does the row boundary at ``y`` start a label wrapped over two lines with its amounts
    centred between them (``bandlines.centred_triples``), in a band kept whole but on evidence
    of its own (``_kept_band``) whose lines are rows of amounts (``ruledrows.amount_rows``,
    which counts such amounts as their label's row)?"""
    band, words = _kept_band(ctx, g, y), ctx.centres.words
    if band is None:
        return False
    below = next((k for k, ln in enumerate(band) if ln.bbox.cy > y), None)
    cols = [line_cols(ln, words, g.xs) for ln in band]
    return below is not None and below in centred_triples(band, cols, page=(words, g.xs)) \
        and amount_rows(band, words, g.xs, lambda prev, line: continues(prev, line, words))


CENTRED_ROW = "a new row starts with the next text line: the lines under this rule are rows of amounts, each " \
    "row's amounts set centred between the two lines of its wrapped label (a row centred in its height), not " \
    "one row's wrapped cells"


STUB_ROW = "a new row starts with the next text line: the lines under this rule are rows of amounts, each led by " \
    "its labels in the stub's columns (a category, then a level on each line), not one row's wrapped cells"


TOTALS_ROW = "a new row starts with the next text line: the lines under this rule are a totals box, each a " \
    "label beside its amount, the first column empty on every line (rows of amounts, not one row's wrapped cells)"


def paragraph_band(ctx: PageContext, g: Grid, y: float) -> float:
    """The step (pt) from the line above to the label line under ``y`` when the boundary there
    is one of ``ruledrows.paragraph_cuts`` in a band kept whole but on evidence of its own
    (labelled paragraphs set apart by white: a definitions box); 0 otherwise."""
    band = _kept_band(ctx, g, y)
    if band is None or not any(abs(c - y) < 0.01 for c in paragraph_cuts(band, ctx.centres.words, g.xs)):
        return 0.0
    above = [ln for ln in band if ln.bbox.cy < y][-1]
    below = next(ln for ln in band if ln.bbox.cy > y)
    return below.bbox.cy - above.bbox.cy


SECTION_LABEL = "a new row starts with the next text line: a bold label alone in the first column under a plain " \
    "line (a section label; a label's wrapped next line keeps its font)"


OUTDENTED = "a new row starts with the next text line: a label alone in the first column starting {step:.1f} pt " \
    "left of the indented label above it, which fills its row, at another label's level (a section label over " \
    "indented rows; a label's wrapped next line starts where its first line does, never left of it)"


def outdented_below(ctx: PageContext, g: Grid, prev: Line, line: Line) -> float:
    """How far (pt) ``line``, the text line right under a row boundary, starts left of the
    indented label of ``prev`` (``sectionrows.outdented_label``), 0 when it does not."""
    words = ctx.centres.words
    lines = ctx.centres.region_lines(g.region, ctx.centres.inside(g.region), ctx.params.rows.y_tolerance)
    k = next((n for n, ln in enumerate(lines) if ln.word_ids == line.word_ids), 0)
    if k < 1 or lines[k - 1].word_ids != prev.word_ids or len(g.xs) < 2 or continues(prev, line, words):
        return 0.0
    return outdented_label(lines, [line_cols(ln, words, g.xs) for ln in lines], words, k, g.xs[1])


GROUP_HEAD = "a new row starts with the next text line: a label alone in the first column {above:.1f} pt under " \
    "the row above, more than the rows' pitch ({pitch:.1f} pt), and no more than the pitch over the row under " \
    "it (a grouped report's group label, set apart from the group above and hanging on its own rows; a wrapped " \
    "label's next line never steps more than a row)"


def group_head_below(ctx: PageContext, g: Grid, prev: Line, line: Line) -> tuple[float, float] | None:
    """The step (pt) from ``prev`` onto ``line``, the text line right under a row boundary, and
    the table's row pitch, when ``line`` is a group head (``sectionrows.group_head``); None when not."""
    words = ctx.centres.words
    lines = ctx.centres.region_lines(g.region, ctx.centres.inside(g.region), ctx.params.rows.y_tolerance)
    k = next((n for n, ln in enumerate(lines) if ln.word_ids == line.word_ids), 0)
    if k < 1 or k + 1 >= len(lines) or lines[k - 1].word_ids != prev.word_ids or len(g.xs) < 2:
        return None
    cols = [line_cols(ln, words, g.xs) for ln in lines]
    pitch = row_pitch(lines, cols, words)
    if not group_head_at(lines, cols, words, k, pitch):
        return None
    return max(words[i].baseline for i in line.word_ids) - max(words[i].baseline for i in prev.word_ids), pitch


PARAGRAPH_ROW = "a new row starts with the next text line: a label in the first column beside the first line " \
    "of a paragraph, {:.1f} pt under the line above, more than the paragraphs' own leading (labelled paragraphs " \
    "set apart by white under one rule: one row each)"


AMOUNT_ROW = "a new row starts with the next text line: it and the line above are amounts alone, one in " \
    "every column, the first included (rows of a lookup table of numbers, ruled every few rows), not one " \
    "row's wrapped cells"


def lines_around(ctx: PageContext, g: Grid, y: float) -> tuple[Line, Line] | None:
    """The text lines of ``g`` right above and right under ``y`` (None at an edge)."""
    ids = ctx.centres.inside(g.region)
    lines = ctx.centres.region_lines(g.region, ids, ctx.params.rows.y_tolerance)
    above = [ln for ln in lines if ln.bbox.cy < y]
    below = [ln for ln in lines if ln.bbox.cy > y]
    if not above or not below:
        return None
    return max(above, key=lambda ln: ln.bbox.cy), min(below, key=lambda ln: ln.bbox.cy)


LABEL_LEADS = "a new row starts with the next text line: the first line of a label alone in one column under a " \
    "row of several, going on into the line(s) under it (lower case, or after a joiner) up to the line holding " \
    "its values (amounts set on a wrapped label's last line, bottom-aligned)"


def label_leads_below(ctx: PageContext, g: Grid, prev: Line, line: Line) -> bool:
    """Is ``line``, the text line right under a row boundary, the first line of a label whose
    values stand on its last line (``bandlines.leads_in``), under ``prev``?"""
    words = ctx.centres.words
    lines = ctx.centres.region_lines(g.region, ctx.centres.inside(g.region), ctx.params.rows.y_tolerance)
    k = next((n for n, ln in enumerate(lines) if ln.word_ids == line.word_ids), 0)
    if k < 1:
        return False
    cols = [line_cols(ln, words, g.xs) for ln in lines[k - 1:k + 3]]
    return leads_in(lines[k - 1:k + 3], cols, 1, line_cols(prev, words, g.xs), (words, g.xs))


def bold_label_below(ctx: PageContext, g: Grid, prev: Line, line: Line) -> bool:
    """Is ``line``, the text line right under a row boundary, a section label by its font
    (``bandrows.bold_label``) under ``prev``, the line right above it?"""
    words = ctx.centres.words
    return bold_label(prev, line, words, line_cols(line, words, g.xs), g.xs)


def spanning_apart(ctx: PageContext, g: Grid, prev: Line, line: Line) -> bool:
    """Are ``prev`` and ``line`` (the text lines around a row boundary) each one cell laid across
    the columns, ``line`` set apart from ``prev`` or in another type (``spanlines.spanning_steps``)?"""
    return spanning_steps([prev, line], ctx.centres.words, g.xs)[1] == {1}


RUNS_ON = "a new row starts with the next text line: the line above it (\"{text}\") sits between two lines " \
    "that fill other columns, yet is no one-line cell centred beside a two-line one: it is {step:.1f} pt from " \
    "its column's text two lines away, no more than a line of the cell beside it (a centred cell is a row and " \
    "half a line from the rows around it), a line of a cell of several lines"


def runs_on_above(ctx: PageContext, g: Grid, prev: Line, line: Line) -> tuple[str, float] | None:
    """When ``prev``, the text line right above a row boundary, sits between two lines filling
    the same other columns (``bandlines.centred_triples`` read without the text's leading) but
    goes on with its columns' text two lines above or under it (``bandlines.run_step``): its
    text and the step from that text (pt), else None. That leading kept ``prev`` from holding ``line`` in its row."""
    words = ctx.centres.words
    lines = ctx.centres.region_lines(g.region, ctx.centres.inside(g.region), ctx.params.rows.y_tolerance)
    k = next((n for n, ln in enumerate(lines) if ln.word_ids == prev.word_ids), 0)
    if not 2 <= k < len(lines) - 1 or lines[k + 1].word_ids != line.word_ids:
        return None
    near = lines[k - 2:k + 3]  # the triple (k - 1, k, k + 1) and the lines above and under it
    cols = [line_cols(ln, words, g.xs) for ln in near]
    step = run_step(near, cols, 2, (words, g.xs))
    if step is None or 1 not in centred_triples(near, cols):
        return None
    return " ".join(words[i].text for i in prev.word_ids), step


NEXT_ITEM = "a new row starts with the next text line: it begins with the item after the one this row begins " \
    "with (\"{0}\" then \"{1}\"), set where that one starts: the next item's row, whatever columns it fills"


def item_below(ctx: PageContext, g: Grid, y: float) -> tuple[str, str] | None:
    """The two item markers (``items.next_item``) when the text line right under the row
    boundary at ``y`` begins with the item after the one the row above it begins with, and
    that decided the boundary (a line filling two columns or more under a row of two or more
    starts a row anyway: None)."""
    lines = ctx.centres.region_lines(g.region, ctx.centres.inside(g.region), ctx.params.rows.y_tolerance)
    top = max((t for t in g.ys if t < y - 0.01), default=None)
    row = [ln for ln in lines if top is not None and top < ln.bbox.cy < y]
    below = [ln for ln in lines if ln.bbox.cy > y]
    if not row or not below:
        return None
    first, under, words = min(row, key=lambda ln: ln.bbox.cy), min(below, key=lambda ln: ln.bbox.cy), ctx.centres.words
    filled = set().union(*(line_cols(ln, words, g.xs) for ln in row))
    if len(filled) >= 2 and len(line_cols(under, words, g.xs)) >= 2:
        return None  # a line filling two columns under a row of two starts a row anyway
    return next_item(first, under, words, g.xs)
