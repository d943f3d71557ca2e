"""Lines that are rows of a piece detection left out: read in the piece's columns (pure, no I/O).

Between two pieces (``judging``): rows over the continuation that detection did not take in.
At the top of the next page (``tails``): a tail of a row or two, too short to be detected.
Coordinates are points in the piece's upright frame (``geometry.Frame``).
"""

from __future__ import annotations

from collections.abc import Sequence

from .markers import MARKER, captioned
from .pieces import Piece
from .textlines import Line

ROW_SIZE_TOL = 0.1  # share: a left-out row's type is the piece's body size within this
ROW_GAP_EM = 0.5  # font sizes: white between two cells of a left-out row, at least (a word space is ~0.28)
ROW_OVERLAP = 0.3  # share of the smaller line height by which two lines of one row overlap, at least
ROW_EDGE_TOL = 2.0  # pt: a left-out row's word may overlap another column's words by this much
WORD_GAP_EM = 0.3  # font sizes: white between two cells of a row's line, at least (a word space is ~0.28)
GUTTER_TOL = 0.5  # pt: a row's cells may stand this much closer than the piece's own words do


def row_columns(ln: Line, piece: Piece, shift: float = 0.0) -> set[int] | None:
    """The piece's columns that ``ln``'s words (moved back by ``shift`` pt) stand in, when the
    line reads as part of a row of it: every word inside one column without reaching into
    another column's words, the piece's body type size, cells parted by more than a word
    space; None otherwise (prose crossing the columns, a heading in larger type)."""
    if piece.size <= 0 or not ln.spans or abs(ln.size - piece.size) > ROW_SIZE_TOL * piece.size:
        return None
    xs, spans = piece.xs, piece.spans()

    def column(x0: float, x1: float) -> int | None:
        """The column the word's middle falls in, unless it reaches into another column's words."""
        k = next((k for k in range(len(xs) - 1) if xs[k] <= (x0 + x1) / 2 <= xs[k + 1]), None)
        if k is None or any(j != k and sp is not None and x0 < sp[1] - ROW_EDGE_TOL and sp[0] + ROW_EDGE_TOL < x1
                            for j, sp in enumerate(spans)):
            return None
        return k

    words = sorted((x0 - shift, x1 - shift) for x0, x1 in ln.spans)
    here = [column(x0, x1) for x0, x1 in words]
    if None in here:
        return None
    # Cells part by white wider than a word space; a title's words only by word spaces.
    if any(c != d and b[0] - a[1] < _gutter(spans, c, d, ln.size)
           for (a, c), (b, d) in zip(zip(words, here, strict=True), zip(words[1:], here[1:], strict=True),
                                     strict=False)):
        return None
    return {k for k in here if k is not None}


def _gutter(spans: Sequence[tuple[float, float] | None], c: int | None, d: int | None, size: float) -> float:
    """The white (pt) that must part words of columns ``c`` and ``d`` (``d`` right of ``c``) in a
    row's line set in ``size`` pt: ``ROW_GAP_EM`` font sizes, or less where the piece's own words
    leave less between those two neighbouring columns (tight amounts, right-aligned), never
    less than a word space (``WORD_GAP_EM``)."""
    need = ROW_GAP_EM * size
    if c is not None and d == c + 1 and d < len(spans) and (sc := spans[c]) is not None \
            and (sd := spans[d]) is not None:
        need = min(need, sd[0] - sc[1] - GUTTER_TOL)
    return max(need, WORD_GAP_EM * size)


def marker_line(ln: Line, piece: Piece) -> bool:
    """Is ``ln`` a "continued" line ("(continued)", "Tableau 3 (suite)") rather than a row of
    ``piece``? It holds a marker word, and does not stand in two or more of the piece's columns
    as a row's cells do: "Executive suite  882.00  48.00" is a row of a rate table whose label
    holds the French marker word, not a marker."""
    if not MARKER.search(ln.text):
        return False
    cols = row_columns(ln, piece)
    return cols is None or len(cols) < 2


def first_row(lines: Sequence[Line], cols: Sequence[set[int]]) -> set[int]:
    """The columns of the first row of ``lines`` (sorted top down, ``cols`` each one's): the
    lines beside the first one (a label in one font and the amounts in another are two lines
    at the same height)."""
    top = lines[0].box
    return set().union(*(c for ln, c in zip(lines, cols, strict=True)
                         if min(ln.box.y1, top.y1) - max(ln.box.y0, top.y0) > ROW_OVERLAP * min(ln.box.height, top.height)))


def left_out_rows(lines: Sequence[Line], piece: Piece) -> list[Line]:
    """``lines`` (between the pieces, each a veto so far) when they are rows of the piece that
    detection left out (a borderless row ten lines tall opening the page): every line a row's
    (``row_columns``), and the first line a row start with words in two columns or more, or
    lines in one column, each a row's pitch from the piece or the line before (a section row
    over it, a wrapped cell's lines under it). A heading (larger type, or apart), a caption
    and prose (crossing the columns) are none."""
    if not lines or piece.size <= 0:
        return []
    lines = sorted(lines, key=lambda ln: ln.box.y0)
    cols = [row_columns(ln, piece) for ln in lines]
    if any(c is None for c in cols):
        return []
    if len(first_row(lines, [c for c in cols if c is not None])) >= 2:
        return list(lines)
    # A section row ("非流动资产：", "나. 건축공사") over the piece, or the wrapped lines of the
    # last row's cell under it: lines in one column, each a row's pitch from the piece or the
    # line before (a heading stands apart, in larger type; a caption is none: CAPTION vetoes it).
    if (len(set().union(*(c for c in cols if c is not None))) != 1 or piece.pitch <= 0
            or any(captioned(ln.text) for ln in lines)):
        return []
    above = lines[-1].box.cy < piece.box.y0
    edge = piece.box.y0 if above else piece.box.y1
    for ln in (reversed(lines) if above else lines):
        gap = edge - ln.box.y1 if above else ln.box.y0 - edge
        if gap > piece.pitch - ln.box.height + ROW_EDGE_TOL:
            return []
        edge = ln.box.y0 if above else ln.box.y1
    return list(lines)


__all__ = ["row_columns", "marker_line", "first_row", "left_out_rows"]
