"""Row bands as the grid stage read them, for explain: the row boundaries the drawing put
there (``drawn_ys``), whether rules close every cell (``boxed``), which bands are ruled rows
(``ruled_rows``), and what split a band kept whole but on evidence of its own: rows of amounts
alone (``amount_band``), a bold section label (``bold_label_below``). Mirrors
``structure.bandrows.split_rows``; positions in the table's upright frame (points).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from ..structure.bandlines import continues
from ..structure.bandrows import band_depths, bold_label, rows_delineated
from ..structure.columns import Line, line_cols
from ..structure.ruledrows import amount_row, amount_rows, rules_delimit_rows
from ..types import Grid
from .page import PageContext


def drawn_ys(g: Grid) -> list[float]:
    """The grid's row boundaries that the drawing put there (its sides included), the bands
    the grid stage split by the text (all of ``g.ys`` for a grid without evidence records)."""
    return [y for y, b in zip(g.ys, g.row_evidence, strict=False) if b.reason in ("rules", "side")] or list(g.ys)


def boxed(g: Grid) -> bool:
    """Are the grid's drawn boundaries (its sides included) all drawn rules, with a column
    rule inside: the evidence record of ``grid.closed_cells``."""
    drawn = [b for b in (*g.col_evidence, *g.row_evidence) if b.reason in ("rules", "side")]
    inner_cols = [b for b in g.col_evidence[1:-1] if b.reason == "rules"]
    return bool(inner_cols) and all(b.kind == "rule" for b in drawn)


def ruled_rows(ctx: PageContext, g: Grid, depths: Sequence[Sequence[int]]) -> list[bool]:
    """Per band between the grid's drawn row boundaries: a ruled row (``ruledrows``) by the
    evidence record: ruled at its top and bottom, in a table whose rules delimit rows."""
    kinds = [b.kind == "rule" for b, y in zip(g.row_evidence, g.ys, strict=False) if y in set(drawn_ys(g))]
    if len(kinds) != len(depths) + 1:
        return [False] * len(depths)
    ruled = [a and b for a, b in zip(kinds, kinds[1:], strict=False)]
    return ruled if rules_delimit_rows(depths, ctx.params.tables.row_band_lines, ruled) else [False] * len(depths)


def amount_band(ctx: PageContext, g: Grid, y: float) -> bool:
    """Does the row boundary at ``y`` part two lines of amounts alone filling the row
    (``ruledrows.amount_row``) in a band the grid stage keeps whole but on evidence of its own
    (rows drawn one by one, or a ruled row: ``bandrows.split_rows``), whose lines are rows of
    amounts (``ruledrows.amount_rows``)? Then that evidence, not the rows' start, put it there."""
    ids = ctx.centres.inside(g.region)
    lines = ctx.centres.region_lines(g.region, ids, ctx.params.rows.y_tolerance)
    drawn, words = drawn_ys(g), ctx.centres.words
    depths = band_depths(lines, words, g.xs, drawn)
    k = bisect_right(drawn, y) - 1
    if not 0 < k < len(depths):  # the first band is the header's (split_rows reads it apart)
        return False
    whole = rows_delineated(depths, ctx.params.tables.row_band_lines, closed=boxed(g))
    if not (whole or ruled_rows(ctx, g, depths)[k]):
        return False
    band = [ln for ln in lines if drawn[k] <= ln.bbox.cy < drawn[k + 1]]
    around = [ln for ln in band if ln.bbox.cy < y][-1:] + [ln for ln in band if ln.bbox.cy > y][:1]
    return len(around) == 2 and all(amount_row(ln, words, g.xs) for ln in around) \
        and amount_rows(band, words, g.xs, lambda prev, line: continues(prev, line, words))


SECTION_LABEL = "a new row starts with the next text line: a bold label alone in the first column under a plain " \
    "line (a section label; a label's wrapped next line keeps its font)"


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


def bold_label_below(ctx: PageContext, g: Grid, prev: Line, line: Line) -> bool:
    """Is ``line``, the text line right under a row boundary, a section label by its font
    (``bandrows.bold_label``) under ``prev``, the line right above it?"""
    words = ctx.centres.words
    return bold_label(prev, line, words, line_cols(line, words, g.xs), g.xs)
