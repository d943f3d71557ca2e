"""``multipage.leftrows``: lines between two pieces that are rows detection left out, on a
piece built by hand (known coordinates, 9 pt type, rows 22 pt apart, lines 12.4 pt apart)."""

from __future__ import annotations

from inspector.core.multipage.leftrows import left_out_rows, row_columns
from inspector.core.multipage.pieces import Piece
from inspector.core.multipage.textlines import Line
from inspector.core.types import Rect, Table

# Five columns: No. | Description | Qty | Unit price | Amount; body from y 100 to 680.
XS = (90.0, 170.0, 255.0, 340.0, 430.0, 520.0)
PIECE = Piece(1, 0, Table(Rect(90, 100, 520, 680), 0, 5, ()), Rect(90, 100, 520, 680), XS, 842.0, 22.0,
              size=9.0, pitch=22.0)


def line(text: str, x0: float, y0: float, size: float = 9.0) -> Line:
    """One line of words set from ``x0`` at ``y0`` (5 pt per character, a 2.5 pt word space)."""
    spans, x = [], x0
    for w in text.split():
        spans.append((x, x + 5 * len(w)))
        x += 5 * len(w) + 2.5
    return Line(text, Rect(x0, y0, spans[-1][1], y0 + size), False, spans=tuple(spans), size=size)


def test_wrapped_lines_of_the_last_rows_cell_under_the_piece() -> None:
    """The rest of the last row's label, two lines in the Description column under the piece."""
    lines = [line("galvanised, cut", 176.5, 683.2), line("length on", 176.5, 695.6)]
    assert left_out_rows(lines, PIECE) == lines


def test_lines_in_one_column_but_apart_are_not_rows() -> None:
    """The second line stands a blank line lower: a note, not the cell's wrap."""
    lines = [line("galvanised, cut", 176.5, 683.2), line("length on", 176.5, 720.0)]
    assert left_out_rows(lines, PIECE) == []


def test_lines_in_two_columns_one_apiece_are_not_a_wrapped_cell() -> None:
    lines = [line("galvanised", 176.5, 683.2), line("estimate", 260.0, 695.6)]
    assert left_out_rows(lines, PIECE) == []


def test_section_row_over_the_piece() -> None:
    ln = line("Electrical works", 176.5, 100 - 3 - 9)
    assert left_out_rows([ln], PIECE) == [ln]


def test_row_columns_reads_cells_and_refuses_prose() -> None:
    assert row_columns(line("18", 95.0, 690.0), PIECE) == {0}
    row = Line("18 Steel 9", Rect(95, 690, 270, 699), False, spans=((95, 105), (176, 201), (262, 267)), size=9.0)
    assert row_columns(row, PIECE) == {0, 1, 2}
    prose = line("All prices include delivery to site and the cost of unloading it", 95.0, 690.0)
    assert row_columns(prose, PIECE) is None
    assert row_columns(line("Heading", 95.0, 690.0, size=13.0), PIECE) is None


def test_cells_as_tight_as_the_pieces_own_are_cells() -> None:
    """Right-aligned amounts 4 pt apart (the piece's own words leave 4 pt there): a row's
    cells; the same words a word space apart (2.5 pt) are one cell's words."""
    words = ((1, 3, 440.0, 477.0), (1, 4, 481.0, 520.0))
    tight = Piece(1, 0, Table(Rect(90, 100, 520, 680), 0, 5, ()), Rect(90, 100, 520, 680), (90.0, 170.0, 255.0,
                  340.0, 479.0, 522.0), 842.0, 22.0, words, size=9.0, pitch=22.0)
    row = Line("828.00 25,668.00", Rect(449, 690, 520, 699), False, spans=((449.0, 477.0), (481.0, 520.0)), size=9.0)
    assert row_columns(row, tight) == {3, 4}
    close = Line("828.00 25,668.00", Rect(449, 690, 520, 699), False, spans=((449.0, 477.0), (479.5, 520.0)),
                 size=9.0)
    assert row_columns(close, tight) is None
