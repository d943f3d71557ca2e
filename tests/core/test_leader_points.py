"""A leader whose glyphs read as a space and a point (``reading.decimals.count_leader_points``):
InDesign maps its "." glyph to " ." and sets tab leaders with it; MuPDF's word list then keeps
one point of about each two (a census table's "Total . . . ." read with half its dots), the rest
only in the line's characters. The reading counts the leader again from those characters, so a
cell's text holds the points the page shows. Built with PyMuPDF: Helvetica with a ToUnicode map
giving "." as " ." (the habit, as in ``test_zero_advance_points``), the leader a TJ array of
points set apart; a plain font's leader, and a run of points MuPDF reads whole, stay as read.
"""

from __future__ import annotations

from collections.abc import Callable

from inspector.core.page_marks import Word
from inspector.core.pipeline import Pipeline
from inspector.core.reading.decimals import Chars, count_leader_points
from inspector.core.reading.document import open_document
from inspector.core.reading.words import extract_words
from inspector.core.rect import Rect
from tests.core.test_zero_advance_points import _page, _raw

LABELS = (("Total", 10), ("Violent crime", 6), ("Robbery", 8))  # each label and its leader's points


def _leader(points: int) -> bytes:
    """``points`` points as one TJ array, each a third of an em after the last one's advance."""
    return b"[" + b" -333 ".join([b"(.)"] * points) + b"] TJ"


def _table(cmap: bool = True) -> bytes:
    """A ruled two-column table, each label followed by its leader, the amount in the next column."""
    ops = [b"0.5 w"]
    for y in (110, 130, 150, 170):  # PDF y, upwards
        ops.append(f"50 {y} m 300 {y} l S".encode())
    for x in (50, 200, 300):
        ops.append(f"{x} 110 m {x} 170 l S".encode())
    for r, (label, points) in enumerate(LABELS):
        y = 170 - 20 * r - 14
        ops.append(f"BT /helv 9 Tf 55 {y} Td ({label}) Tj ".encode() + _leader(points) + b" ET")
        ops.append(f"BT /helv 9 Tf 240 {y} Td ({100 + r}) Tj ET".encode())
    return _page(b"\n".join(ops), **({} if cmap else {"cmap": None}))


def _cells(data: bytes) -> dict[tuple[int, int], str]:
    tables = Pipeline(open_document(data, name="t.pdf")).run(0).tables
    assert len(tables) == 1
    return {(c.r, c.c): c.text for c in tables[0].cells}


def test_the_habit_loses_points_in_mupdfs_words() -> None:
    raw = _raw(_table())
    assert raw.count(".") < sum(points for _, points in LABELS)  # what the fix is for


def test_each_leader_reads_the_points_the_page_shows() -> None:
    cells = _cells(_table())
    for r, (label, points) in enumerate(LABELS):
        assert cells[(r, 0)] == " ".join([label] + ["."] * points)
        assert cells[(r, 1)] == str(100 + r)


def test_a_plain_fonts_leader_is_read_as_before() -> None:
    data = _table(cmap=False)
    words = [w.text for w in extract_words(open_document(data, name="t.pdf").page(0))]
    assert words == _raw(data)
    assert "".join(words).count(".") == sum(points for _, points in LABELS)  # "Total." holds the first


def _word_run(xs: list[float], size: float = 9.0) -> list[Word]:
    """Words of one point each at ``xs`` (pt), on line (0, 0)."""
    return [Word(text=".", bbox=Rect(x, 100.0, x + 2.5, 109.0), font_size=size) for x in xs]


def _spy(chars: Chars) -> tuple[Callable[[], Chars], list[int]]:
    calls: list[int] = []

    def read() -> Chars:
        calls.append(1)
        return chars
    return read, calls


def test_close_set_points_are_not_read_again() -> None:
    """Points a leader's own pitch apart (a point and a space, about 0.55 em): the line's
    characters are not read at all, and the words stay."""
    words = _word_run([100.0, 105.0, 110.0])  # 5 pt apart at 9 pt: 0.56 em
    read, calls = _spy({(0, 0): [(".", 100.0, 102.5)] * 6})
    assert count_leader_points(words, read) == words
    assert calls == []


def test_points_set_apart_are_counted_from_the_characters_up_to_the_next_text() -> None:
    words = _word_run([100.0, 110.0])  # 10 pt apart at 9 pt: 1.1 em, a point lost between
    line = [(".", 100.0, 100.0), (" ", 101.0, 104.0), (".", 105.0, 105.0), (" ", 106.0, 109.0),
            (".", 110.0, 110.0), (" ", 111.0, 114.0), (".", 115.0, 115.0), ("1", 120.0, 125.0), (".", 126.0, 127.0)]
    read, calls = _spy({(0, 0): line})
    out = count_leader_points(words, read)
    assert [w.text for w in out] == ["."] * 4  # the point after "1" is no leader's
    assert calls == [1]
    assert [round(w.bbox.x0, 2) for w in out] == [100.0, 103.12, 106.25, 109.38]
