"""Lines between two pieces of a continuation candidate that title a table: a unit line set
over the continuation, a heading or caption right over it, and a heading left under the first
piece (read by ``judging``; pure, no I/O). Sizes are shares of the piece's body type size.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..units import unit_line
from .markers import bare, captioned
from .pieces import Piece as _Piece
from .textlines import Line as _Line

SIZE_TOL = 1.05  # share of the piece's body type size a unit line's type may reach
UNIT_WORDS = 4  # a unit line set over a continuation has at most this many words ("(in thousands of USD)")


def unit_over(ln: _Line, piece: _Piece) -> bool:
    """Is ``ln`` a unit line ("(단위: 원)", "单位：元", "(in thousands of USD)"): a few words
    that state a unit, no caption, not in larger type than the piece's body (a heading)?"""
    return (len(ln.text.split()) <= UNIT_WORDS and not captioned(ln.text)
            and not (piece.size and ln.size > SIZE_TOL * piece.size) and unit_line(ln.text) is not None)


HEADING_SIZE = 1.2  # share of the piece's body type size a heading's type exceeds


def heading_over(lines: Sequence[_Line], piece: _Piece) -> _Line | None:
    """The line standing right over ``piece`` (the nearest, no more than its own height
    above it) when it is a heading (type over ``HEADING_SIZE`` times the piece's body size) or
    a caption: a new table's title, even where every page repeats it at the same height (a
    section heading opening each page reads as a running header by repetition alone)."""
    over = [ln for ln in lines if ln.box.y1 <= piece.box.y0 + 1 and not ln.furniture]
    if not over or piece.size <= 0:
        return None
    ln = max(over, key=lambda ln: ln.box.y1)
    near = piece.box.y0 - ln.box.y1 <= ln.box.height
    big = ln.size > HEADING_SIZE * piece.size
    return ln if near and (big or captioned(ln.text)) else None


def stranded(ln: _Line, piece: _Piece, over_next: set[str]) -> bool:
    """Is ``ln``, under the first ``piece``, a heading or caption (type over ``HEADING_SIZE``
    times the piece's body size, or a caption's words) that is not set again over the second
    piece (``over_next``: the bare texts there)? A title block a producer repeats with the
    header rows stands over the continuation too; a heading left alone at the page's foot is
    the next table's, which the page break parted from it, even when both tables bear one title."""
    big = piece.size > 0 and ln.size > HEADING_SIZE * piece.size
    return (big or captioned(ln.text)) and bare(ln.text) not in over_next
