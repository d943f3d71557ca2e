"""Two pieces of a table on consecutive pages and their columns: does the continuation have
the first piece's columns? (``continuation``'s column evidence.)

A piece is a detected table seen in its upright frame (``geometry.Frame``): its box, column
boundaries and the words of its one-column cells, all in points in that frame.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from ..geometry import Frame
from ..params import ContinuationParams
from ..types import PageResult, Rect, Table


@dataclass(frozen=True, slots=True)
class Evidence:
    """One fact for or against a continuation.

    ``weight`` is what it added to the confidence (negative: against); ``veto`` makes the
    pair no continuation whatever else holds. ``value``/``threshold`` are the measured
    quantity and the limit it was compared with (NaN-free; 0 when not a measurement);
    ``param`` names the ``stage.field`` holding the threshold ("" when none).
    """

    kind: str
    detail: str
    weight: float = 0.0
    value: float = 0.0
    threshold: float = 0.0
    param: str = ""
    veto: bool = False


@dataclass(frozen=True)
class Piece:
    """A table seen in its upright frame, with the page lines around it."""

    page: int
    index: int
    table: Table
    box: Rect  # frame space
    xs: tuple[float, ...]  # frame space
    frame_h: float
    row_h: float  # tallest row, points
    words: tuple[tuple[int, int, float, float], ...] = ()  # (row, column, x0, x1) of words in one-column cells
    size: float = 0.0  # the median font size of its words, points
    pitch: float = 0.0  # the median row height, points (0: one row)
    row_hs: tuple[float, ...] = ()  # each row's height, points (empty: rows not known one by one)

    def spans(self, skip: int = 0) -> tuple[tuple[float, float] | None, ...]:
        """Left and right end of each column's words below the first ``skip`` rows (frame
        space); None for a column without a word there."""
        lo: dict[int, float] = {}
        hi: dict[int, float] = {}
        for r, c, x0, x1 in self.words:
            if r >= skip:
                lo[c], hi[c] = min(lo.get(c, x0), x0), max(hi.get(c, x1), x1)
        return tuple((lo[k], hi[k]) if k in lo else None for k in range(len(self.xs) - 1))


def frame(res: PageResult, table: Table) -> Frame:
    turn = table.grid.turn if table.grid is not None else 0
    return Frame(turn, res.width, res.height)


def piece(res: PageResult, index: int) -> Piece:
    t = res.tables[index]
    fr = frame(res, t)
    box = fr.rect(t.bbox) if fr.turn else t.bbox
    if t.grid is not None and t.grid.n_cols == t.n_cols:
        xs = tuple(t.grid.xs)
        ys = tuple(t.grid.ys)
    else:
        xs = (box.x0, *sorted({fr.rect(c.bbox).x0 for c in t.cells if c.c > 0}), box.x1)
        ys = (box.y0, box.y1)
    box = _content_box(t, box, ys)
    row_h = max((b - a for a, b in zip(ys, ys[1:], strict=False)), default=box.height)
    frame_h = res.width if fr.turn in (90, 270) else res.height
    sizes = [res.words[i].font_size for c in t.cells for i in c.word_ids if 0 <= i < len(res.words)]
    pitch = statistics.median(b - a for a, b in zip(ys, ys[1:], strict=False)) if len(ys) > 2 else 0.0
    row_hs = tuple(b - a for a, b in zip(ys, ys[1:], strict=False)) if len(ys) == t.n_rows + 1 else ()
    return Piece(res.page, index, t, box, xs, frame_h, max(row_h, 1.0), _words(res, t, fr, len(xs) - 1),
                  statistics.median(sizes) if sizes else 0.0, pitch, row_hs)


def bound_rows(pc: Piece, first: int) -> tuple[float, int]:
    """The height (pt) and count of the rows from ``first`` that a cell spanning rows binds
    together (a label over its group's rows), 1 row when none spans: a page break cannot
    fall inside them, so the whole block moves to the next page. (0.0, 0) when the rows'
    heights are not known one by one or ``first`` is past the last row."""
    if first >= len(pc.row_hs):
        return 0.0, 0
    end, grown = first + 1, True
    while grown:
        reach = max((c.r + c.rs for c in pc.table.cells if first <= c.r < end), default=end)
        grown, end = reach > end, max(end, min(reach, len(pc.row_hs)))
    return sum(pc.row_hs[first:end]), end - first


def _content_box(t: Table, box: Rect, ys: Sequence[float]) -> Rect:
    """``box`` without the table's empty rows at its top and bottom (a running header's rule
    that detection took for the table's top border leaves an empty row over the first one):
    what stands over or under the piece is judged from where its content starts and ends."""
    if len(ys) != t.n_rows + 1:
        return box
    filled = [k for k, row in enumerate(t.rows_text()) if any(x.strip() for x in row)]
    if not filled:
        return box
    return Rect(box.x0, max(box.y0, ys[filled[0]]), box.x1, min(box.y1, ys[filled[-1] + 1]))


def _words(res: PageResult, t: Table, fr: Frame, n_cols: int) -> tuple[tuple[int, int, float, float], ...]:
    """(row, column, x0, x1) of every word of a cell spanning one column, frame space."""
    out = []
    for c in t.cells:
        if c.cs == 1 and c.c < n_cols:
            for i in c.word_ids:
                if 0 <= i < len(res.words):
                    b = fr.rect(res.words[i].bbox) if fr.turn else res.words[i].bbox
                    out.append((c.r, c.c, b.x0, b.x1))
    return tuple(out)


def geometry(a: Piece, b: Piece, p: ContinuationParams, repeated: int = 0) -> list[Evidence]:
    """Same columns: the same count and boundaries within ``col_tol`` (the table may shift);
    borderless columns also when their words leave the same white between them; a
    different count when the narrower piece's columns are the other's, some of them merged
    or left out (``repeated``: the continuation's repeated header rows, left out of that)."""
    shifts = _shifts(a, b)
    spans = _spanning(a, b, p.col_tol, repeated)
    if spans:
        return [Evidence("columns", f"{len(a.xs) - 1} columns against {len(b.xs) - 1}, but every drawn boundary of "
                         f"the continuation's {b.table.n_rows - repeated} row{'s' * (b.table.n_rows - repeated > 1)} "
                         f"is one of the first piece's: its cells span that piece's columns (a totals row carried "
                         "over)", 0.25)]
    if len(a.xs) != len(b.xs):
        # A column empty on one page (a notes column the later rows leave blank), its header
        # word merged into the next cell: the body's words still stand in the other's columns.
        # Drawn column rules show every column on every page: only columns placed by words merge.
        skip = (a.table.header_rows, repeated)
        fits = [_fits(b, a, -s, skip[1], p.col_tol) if len(b.xs) < len(a.xs) else _fits(a, b, s, skip[0], p.col_tol)
                for s in shifts] if "ruled" not in (a.table.source, b.table.source) else []
        if any(f is not None and not f.runs_on for f in fits):
            return [Evidence("columns", f"{len(a.xs) - 1} columns against {len(b.xs) - 1}, but every column of the "
                             "narrower piece stands inside one column of the other, in order (a column empty or "
                             "merged on one page)", 0.25)]
        if any(f is not None for f in fits):
            return [Evidence("columns", f"{len(a.xs) - 1} columns against {len(b.xs) - 1}, but every column of the "
                             "narrower piece stands inside the other's columns, in order, one of them running on "
                             "over the next column, empty on that page (a notes column the next page leaves "
                             "blank, the labels before it widened into it)", 0.2)]
        return [Evidence("columns", f"{len(a.xs) - 1} columns against {len(b.xs) - 1}", veto=True)]
    diff, shift = min((max(abs(y - s - x) for x, y in zip(a.xs, b.xs, strict=True)), s) for s in shifts)
    tol = p.col_tol
    if diff <= tol:
        return [Evidence("columns", f"{len(a.xs) - 1} columns, boundaries within {diff:.1f} pt"
                         + (f" (shifted {shift:+.1f} pt)" if abs(shift) > 0.05 else ""),
                         0.35 + 0.1 * (1 - diff / tol if tol else 1.0), round(diff, 2), tol, "continuation.col_tol")]
    # Borderless columns are placed by their words: the same columns if every column's
    # middle falls inside the other piece's column, both ways.
    if a.table.source != "ruled" and _centres_inside(a.xs, b.xs, shift) and _centres_inside(b.xs, a.xs, -shift):
        return [Evidence("columns", f"{len(a.xs) - 1} columns whose middles fall inside each other's columns "
                         f"(boundaries differ by up to {diff:.1f} pt)", 0.3, round(diff, 2), tol,
                         "continuation.col_tol")]
    # A boundary between borderless columns may sit anywhere in the white between their words
    # (a wrapped label on one page widens its column there): the same columns if, both
    # pieces' words taken together, white still parts every column from the next.
    if a.table.source != "ruled" and b.table.source != "ruled" and _gutters_shared(a, b, shift):
        return [Evidence("columns", f"{len(a.xs) - 1} columns whose words leave the same white between them "
                         f"(boundaries differ by up to {diff:.1f} pt)", 0.3, round(diff, 2), tol,
                         "continuation.col_tol")]
    # Drawn columns sized to each page's own cells (a producer laying out every page's piece
    # anew): the same columns if the middles fall inside each other's columns and both pieces'
    # words still leave white between every column and the next; less sure than rules in place.
    if _centres_inside(a.xs, b.xs, shift) and _centres_inside(b.xs, a.xs, -shift) and _gutters_shared(a, b, shift):
        return [Evidence("columns", f"{len(a.xs) - 1} ruled columns whose boundaries moved by up to {diff:.1f} pt, "
                         "their words in the same columns on both pages", 0.25, round(diff, 2), tol,
                         "continuation.col_tol")]
    return [Evidence("columns", f"column boundaries differ by {diff:.1f} pt, more than {tol:g} pt", 0.0,
                     round(diff, 2), tol, "continuation.col_tol", veto=True)]


def _gutters_shared(a: Piece, b: Piece, shift: float) -> bool:
    """Does white part column k from column k + 1 in both pieces' words together (``b``
    moved back by ``shift``), for every k? Columns empty in both pieces part nothing."""
    def side(spans: Sequence[tuple[float, float] | None], k: int, right: bool, move: float) -> float | None:
        span = spans[k] if k < len(spans) else None
        return None if span is None else span[1 if right else 0] - move

    sa, sb = a.spans(), b.spans()
    for k in range(len(a.xs) - 2):
        rights = [x for x in (side(sa, k, True, 0.0), side(sb, k, True, shift)) if x is not None]
        lefts = [x for x in (side(sa, k + 1, False, 0.0), side(sb, k + 1, False, shift)) if x is not None]
        if rights and lefts and max(rights) >= min(lefts):
            return False
    return True


@dataclass(frozen=True)
class Fit:
    """How the narrower piece's columns stand in the other's: ``starts[k]`` the other's column
    where column k's words start (-1: column k has none); ``runs_on``: some column's words run
    on over the next column (or columns) of the other, which no column of the narrower stands in."""

    starts: tuple[int, ...]
    runs_on: bool


def _fits(narrow: Piece, wide: Piece, shift: float, skip: int, tol: float) -> Fit | None:
    """Do the words of each column of ``narrow`` (below its first ``skip`` rows, moved by
    ``shift``) stand inside ``wide``'s columns, a later column for each later one, at least two
    columns of them? A column's words may run on over the next columns of ``wide`` that no
    column of ``narrow`` stands in (labels widened into a notes column left blank on their page)."""
    last, used, starts, runs_on = -1, 0, [], False
    for span in narrow.spans(skip):
        if span is None:
            starts.append(-1)
            continue
        x0, x1 = span[0] + shift, span[1] + shift
        j0 = next((j for j in range(len(wide.xs) - 1) if wide.xs[j] - tol <= x0 and x1 <= wide.xs[j + 1] + tol), None)
        j1 = j0
        if j0 is None:  # not inside one column: from the column it starts in to the one it ends in
            j0 = next((j for j in range(len(wide.xs) - 1) if wide.xs[j] - tol <= x0 < wide.xs[j + 1]), None)
            j1 = next((j for j in range(len(wide.xs) - 1) if x1 <= wide.xs[j + 1] + tol), None)
        if j0 is None or j1 is None or j0 <= last or j1 < j0:
            return None
        starts.append(j0)
        last, used, runs_on = j1, used + 1, runs_on or j1 > j0
    return Fit(tuple(starts), runs_on) if used >= 2 else None


SPAN_ROWS = 3  # rows: a continuation whose drawn cells span the first piece's columns is a few closing rows


def _spanning(a: Piece, b: Piece, tol: float, repeated: int = 0) -> tuple[int, ...]:
    """For ruled pieces, ``b`` narrower and of at most ``SPAN_ROWS`` rows below its
    ``repeated`` ones: the column of ``a`` each column of ``b`` starts in when every drawn
    boundary of ``b`` is one of ``a``'s (within ``tol`` pt, under one of the shifts tried), its
    outer edges ``a``'s: its cells span ``a``'s columns (an invoice's "Total" row over the
    label columns, carried to the next page alone). () when not."""
    if len(b.xs) >= len(a.xs) or a.table.source != "ruled" or b.table.source != "ruled" \
            or not 0 < b.table.n_rows - repeated <= SPAN_ROWS:
        return ()
    for s in _shifts(a, b):
        at = [next((j for j, x in enumerate(a.xs) if abs(x + s - y) <= tol), -1) for y in b.xs]
        if at[0] == 0 and at[-1] == len(a.xs) - 1 and all(i < j for i, j in zip(at, at[1:], strict=False)):
            return tuple(at[:-1])
    return ()


def column_map(a: Piece, b: Piece, p: ContinuationParams, repeated: int = 0) -> tuple[int, ...]:
    """For a continuation ``b`` with fewer columns than ``a`` (not ruled), the column of ``a``
    each column of ``b`` stands in (``geometry``'s test, a column without words right after the
    one before it); for ruled cells spanning ``a``'s columns (``_spanning``), the column each
    starts in; () when the counts agree or the columns do not fit."""
    spans = _spanning(a, b, p.col_tol, repeated)
    if spans or len(b.xs) >= len(a.xs) or "ruled" in (a.table.source, b.table.source):
        return spans
    for s in _shifts(a, b):
        fit = _fits(b, a, -s, repeated, p.col_tol)
        if fit is not None:
            out: list[int] = []
            for j in fit.starts:
                out.append(j if j >= 0 else (out[-1] + 1 if out else 0))
            ok = all(x < y for x, y in zip(out, out[1:], strict=False)) and out[-1] < len(a.xs) - 1
            return tuple(out) if ok else ()
    return ()


def column_ends(a: Piece, b: Piece, p: ContinuationParams, repeated: int = 0) -> tuple[int, ...]:
    """For ruled cells of ``b`` spanning ``a``'s columns (``_spanning``), the last column of
    ``a`` each column of ``b`` covers: up to where the next one starts, the last one to ``a``'s
    last ("Total" over the three label columns covers 0-2); () when ``b``'s columns are no such
    spans (each stands in one column of ``a``)."""
    starts = _spanning(a, b, p.col_tol, repeated)
    return (*(s - 1 for s in starts[1:]), len(a.xs) - 2) if starts else ()


def _shifts(a: Piece, b: Piece) -> tuple[float, float, float]:
    """The x shifts (pt) of ``b`` against ``a`` tried when matching their columns: none, its
    left edge's and its right edge's (a page with another margin; a piece set flush right)."""
    return (0.0, b.xs[0] - a.xs[0], b.xs[-1] - a.xs[-1])


def _centres_inside(xs: Sequence[float], other: Sequence[float], shift: float) -> bool:
    return all(other[k] <= (xs[k] + xs[k + 1]) / 2 + shift <= other[k + 1] for k in range(len(xs) - 1))


__all__ = ["Evidence", "Piece", "frame", "piece", "geometry", "column_map", "column_ends"]
