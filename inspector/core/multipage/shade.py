"""Is a piece's first row a header set apart by its shade? (``headrow``'s evidence for a
new table whose header row is neither bold nor of other words than a continued body's.)

A header band is a fill over the first row whose colour no body row has in the same column:
slide and spreadsheet table styles shade the header row in a colour of its own (dark, white
type on it) and band the body in others. A banded continuation's first row takes one of the
body's band colours, so it is none; a shaded section row ("Non-current assets") labels one
cell, a header most of them. Pages in upright frames only (a piece turned sideways: none);
coordinates are points in page space.
"""

from __future__ import annotations

from ..page_marks import Fill
from ..types import PageResult, Table
from .pieces import Evidence

COLOUR_TOL = 12  # 0-255 a channel: fills this close are one colour (a producer's rounding)
SHADE_SHARE = 0.5  # share of the columns whose first-row fill no body row has, at least
MIN_BODY_ROWS = 2  # body rows under the first row needed to know the body's colours


def _colour_at(fills: tuple[Fill, ...], x: float, y: float) -> tuple[int, int, int] | None:
    """The colour of the smallest fill under (x, y) (the cell's own shade over a panel's),
    None when no fill is there."""
    under = [f for f in fills if f.bbox.x0 <= x <= f.bbox.x1 and f.bbox.y0 <= y <= f.bbox.y1]
    if not under:
        return None
    return min(under, key=lambda f: f.bbox.width * f.bbox.height).rgb


def _same(a: tuple[int, int, int] | None, b: tuple[int, int, int] | None) -> bool:
    if a is None or b is None:
        return a is b
    return all(abs(x - y) <= COLOUR_TOL for x, y in zip(a, b, strict=True))


def header_band(res: PageResult, t: Table) -> tuple[int, int] | None:
    """(columns whose first-row fill no body row has, columns) when ``t``'s first row is a
    header band: such columns at least ``SHADE_SHARE`` of them and two or more, words in at
    least as many cells of the row; None otherwise (or when rows or columns are not known
    one by one, the table is turned, or it has fewer than ``MIN_BODY_ROWS`` body rows)."""
    if t.n_rows <= MIN_BODY_ROWS:
        return None
    head, *body = (_row_colours(res, t, row) for row in range(t.n_rows))
    if head is None:
        return None
    apart = sum(1 for c, colour in enumerate(head)
                if colour is not None and not any(_same(colour, row[c]) for row in body if row is not None))
    labelled = sum(1 for text in t.rows_text()[0] if text.strip())
    if apart < max(2, SHADE_SHARE * t.n_cols) or labelled < max(2, SHADE_SHARE * t.n_cols):
        return None
    return apart, t.n_cols


def _row_colours(res: PageResult, t: Table, row: int) -> list[tuple[int, int, int] | None] | None:
    """The fill colour under each column's middle in row ``row`` of ``t`` (None: no fill there);
    None when the grid's rows or columns are not known one by one or it is turned."""
    g = t.grid
    if g is None or g.turn or g.n_cols != t.n_cols or len(g.ys) != t.n_rows + 1 or not 0 <= row < t.n_rows:
        return None
    y = (g.ys[row] + g.ys[row + 1]) / 2
    return [_colour_at(res.fills, (x0 + x1) / 2, y) for x0, x1 in zip(g.xs, g.xs[1:], strict=False)]


def _name(c: tuple[int, int, int] | None) -> str:
    return "no fill" if c is None else "rgb({}, {}, {})".format(*c)


def shade_clash(res: PageResult, nxt: PageResult, a: Table, b: Table, head: int, skip: int = 0) -> list[Evidence]:
    """A veto when the header ``b`` repeats (``head`` rows of ``a``'s, under ``skip`` rows of
    "continued" line) is shaded otherwise than ``a``'s: in ``SHADE_SHARE`` of the columns and two
    or more, the last header row's fill differs (or one has none). A producer sets a table's
    header again in the table's own look; two tables side by side with the same column heads
    (a rate sheet's two seasons) are set each in its own."""
    if head <= 0 or a.n_cols != b.n_cols:
        return []
    mine, theirs = _row_colours(res, a, head - 1), _row_colours(nxt, b, skip + head - 1)
    if mine is None or theirs is None:
        return []
    differ = sum(1 for x, y in zip(mine, theirs, strict=True) if not _same(x, y))
    if differ < max(2, SHADE_SHARE * a.n_cols):
        return []
    return [Evidence("shade", f"its repeated header is shaded otherwise: {_name(theirs[0])} on page {b.page}, "
                     f"{_name(mine[0])} over the first piece on page {a.page} ({differ} of {a.n_cols} columns; "
                     "a table sets its header again in its own look)", 0.0, differ, a.n_cols, veto=True)]


__all__ = ["header_band", "shade_clash"]
