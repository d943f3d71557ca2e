"""A table region grown down and up over the lines that continue it (``structure.grow``), on a
page built with PyMuPDF: rows at known baselines (points, top-left origin), the region given
as the box a group of rules would make over the first rows."""

from __future__ import annotations

import pymupdf
import pytest

from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_words
from inspector.core.structure import grow
from inspector.core.structure.columns import WordCentres
from inspector.core.structure.grow import extend_down, extend_up
from inspector.core.types import Rect, Word

COLUMNS = (60.0, 200.0, 300.0)  # x where each column's text starts
PITCH = 14.0  # pt between baselines
SIZE = 9.0
TOL = 0.3  # rows.y_tolerance's default
GAP = 8.0  # columns.min_gap's default


def _page(lines: list[tuple[float, list[tuple[float, str]]]]) -> tuple[Word, ...]:
    """Words of a page holding each (baseline, [(x, text), ...]) line."""
    doc = pymupdf.open()
    page = doc.new_page(width=400, height=400)
    for y, pieces in lines:
        for x, text in pieces:
            page.insert_text((x, y), text, fontsize=SIZE, fontname="helv")
    return extract_words(open_document(doc.tobytes()).page(0))


def _row(y: float, *cells: str) -> tuple[float, list[tuple[float, str]]]:
    return y, list(zip(COLUMNS, cells, strict=False))


def _bottom(words: tuple[Word, ...], text: str) -> float:
    return next(w.bbox.y1 for w in words if w.text == text)


def _box(words: tuple[Word, ...], last: str) -> Rect:
    """The region a group of rules draws from the header row down to the row of ``last``."""
    return Rect(55, 85, 350, _bottom(words, last) + 1)


def test_rows_below_the_rules_join_and_a_footnote_across_a_column_gap_ends_the_table() -> None:
    # The footnote is in two pieces, as a row is, but its first runs across the first column gap.
    words = _page([_row(100, "Item", "2024", "2025"), _row(100 + PITCH, "Rent", "1,200", "1,250"),
                   _row(100 + 2 * PITCH, "Power", "310", "295"), _row(100 + 3 * PITCH, "Water", "84", "90"),
                   (100 + 4 * PITCH, [(60, "Note: amounts are in euros"), (300, "(audited)")])])
    box = _box(words, "295")  # three lines: enough for their column gaps to count
    grown = extend_down(box, words, GAP, 400.0, WordCentres(words), tol=TOL)
    assert grown == Rect(box.x0, box.y0, box.x1, _bottom(words, "90"))
    # Without the arrays (the pure call) the same box comes out.
    assert extend_down(box, words, GAP, 400.0, tol=TOL) == grown


def test_text_running_across_the_regions_side_ends_the_table() -> None:
    words = _page([_row(100, "Item", "2024", "2025"), _row(100 + PITCH, "Rent", "1,200", "1,250"),
                   _row(100 + 2 * PITCH, "Power", "310", "295"),
                   (100 + 3 * PITCH, [(20, "Overheads:"), (200, "84"), (300, "90")])])
    box = _box(words, "1,250")
    assert extend_down(box, words, GAP, 400.0, WordCentres(words), tol=TOL) == \
        Rect(box.x0, box.y0, box.x1, _bottom(words, "295"))


def test_a_stop_line_above_the_next_table_is_not_passed() -> None:
    words = _page([_row(100, "Item", "2024", "2025"), _row(100 + PITCH, "Rent", "1,200", "1,250"),
                   _row(100 + 2 * PITCH, "Power", "310", "295"), _row(100 + 3 * PITCH, "Water", "84", "90")])
    box = _box(words, "1,250")
    stop = _bottom(words, "295") + 1  # the next table's top: its rows are not this table's
    assert extend_down(box, words, GAP, stop, WordCentres(words), tol=TOL) == \
        Rect(box.x0, box.y0, box.x1, _bottom(words, "295"))


def test_a_header_above_the_first_rule_joins_and_a_title_over_it_does_not() -> None:
    words = _page([(70, [(60, "Running costs of the office")]), _row(70 + PITCH, "Item", "2024", "2025"),
                   _row(70 + 2 * PITCH, "Rent", "1,200", "1,250"), _row(70 + 3 * PITCH, "Power", "310", "295")])
    top = next(w.bbox.y0 for w in words if w.text == "Rent") - 1
    box = Rect(55, top, 350, _bottom(words, "295") + 1)
    grown = extend_up(box, words, GAP, 0.0, centres=WordCentres(words), tol=TOL)
    assert grown == Rect(box.x0, next(w.bbox.y0 for w in words if w.text == "Item"), box.x1, box.y1)


def test_the_column_gaps_are_read_only_for_a_line_the_walk_reaches(monkeypatch: pytest.MonkeyPatch) -> None:
    """A paragraph under the table, a paragraph gap away: the walk stops at its first line,
    before the box's column gaps are worked out (they would change nothing)."""
    words = _page([_row(100, "Item", "2024", "2025"), _row(100 + PITCH, "Rent", "1,200", "1,250"),
                   _row(100 + 2 * PITCH, "Power", "310", "295"),
                   (100 + 6 * PITCH, [(60, "A paragraph of text"), (300, "below")])])
    box = _box(words, "295")
    calls: list[Rect] = []
    real = grow._column_gaps

    def counted(wc: WordCentres, b: Rect, min_gap: float, tol: float) -> list[float]:
        calls.append(b)
        return real(wc, b, min_gap, tol)

    monkeypatch.setattr(grow, "_column_gaps", counted)
    assert extend_down(box, words, GAP, 400.0, WordCentres(words), tol=TOL) == box
    assert calls == []
    near = _page([_row(100, "Item", "2024", "2025"), _row(100 + PITCH, "Rent", "1,200", "1,250"),
                  _row(100 + 2 * PITCH, "Power", "310", "295"), _row(100 + 3 * PITCH, "Water", "84", "90")])
    grown = extend_down(_box(near, "295"), near, GAP, 400.0, WordCentres(near), tol=TOL)
    assert grown.y1 == _bottom(near, "90") and calls == [_box(near, "295")]


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[Rect]:
    """The boxes ``grow._column_gaps`` is asked for from now on."""
    calls: list[Rect] = []
    real = grow._column_gaps

    def counted(wc: WordCentres, b: Rect, min_gap: float, tol: float) -> list[float]:
        calls.append(b)
        return real(wc, b, min_gap, tol)

    monkeypatch.setattr(grow, "_column_gaps", counted)
    return calls


ROWS = [_row(100, "Item", "2024", "2025"), _row(100 + PITCH, "Rent", "1,200", "1,250"),
        _row(100 + 2 * PITCH, "Power", "310", "295")]


def test_a_one_piece_line_under_the_table_ends_the_walk_without_its_column_gaps(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A short note right under the table (one piece: a label that may wait for a row) and a
    paragraph line under it: no line is taken, so the box's column gaps are never made."""
    words = _page([*ROWS, (100 + 3 * PITCH, [(60, "Source: ledger")]),
                   (100 + 4 * PITCH, [(60, "The office moved in the spring of that year, and")])])
    box = _box(words, "295")
    calls = _counting(monkeypatch)
    assert extend_down(box, words, GAP, 400.0, WordCentres(words), tol=TOL) == box
    assert calls == []


def test_a_label_waiting_for_a_row_is_taken_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A section label (one short piece in the first column) and a row under it: both are
    taken, the label tested against the column gaps once the row is."""
    words = _page([*ROWS, (100 + 3 * PITCH, [(60, "Travel")]), _row(100 + 4 * PITCH, "Train", "84", "90")])
    box = _box(words, "295")
    calls = _counting(monkeypatch)
    assert extend_down(box, words, GAP, 400.0, WordCentres(words), tol=TOL) == \
        Rect(box.x0, box.y0, box.x1, _bottom(words, "90"))
    assert calls == [box]


def test_a_label_across_a_column_gap_ends_the_walk_though_a_row_follows(monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-piece line running from the first column's gap into the second's text is no section
    label: the walk ends there, and the row under it is not taken (the label is tested against
    the column gaps when that row would be)."""
    words = _page([*ROWS, (100 + 3 * PITCH, [(90, "Subtotal of the running costs")]),
                   _row(100 + 4 * PITCH, "Train", "84", "90")])
    box = _box(words, "295")
    label = [w.bbox for w in words if w.bbox.y0 > _bottom(words, "295") and w.bbox.y1 < _bottom(words, "90") - PITCH / 2]
    first_gap = grow._column_gaps(WordCentres(words), box, GAP, TOL)[0]
    assert label[0].x0 + SIZE < first_gap < label[-1].x1 - SIZE < box.x0 + grow.LABEL_WIDTH * box.width
    calls = _counting(monkeypatch)
    assert extend_down(box, words, GAP, 400.0, WordCentres(words), tol=TOL) == box
    assert calls == [box]
