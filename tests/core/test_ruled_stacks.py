"""Stacks of right-aligned numbers divide a drawn column too (``structure.stacks``).

A tax table draws a rule between most of its columns but sets "At least" and "But less than"
between one pair of rules, their amounts a word space apart: no text gap is wide enough to
split a drawn column (twice the usual gap, over one and a half glyphs), and each row read
"25,200 25,250" in one cell, a number broken in two. The amounts' right-aligned stacks divide
the column as they divide a borderless table. A group after a space ("1 234 567") continues
its number and divides nothing; a number already grouped ("165,949") is continued by no
group: "165,949 185,667" are two values. Drawn by three producers.
"""

from __future__ import annotations

import pytest
from small_pdfs import PRODUCERS, Line, Op, Text

from inspector.core.pipeline import Pipeline
from inspector.core.reading.document import open_document
from inspector.core.structure.columns import Line as TextLine
from inspector.core.structure.stacks import stack_boundaries
from inspector.core.types import Rect, Word

pytest.importorskip("reportlab")
pytest.importorskip("fpdf")

RULES_X = (100.0, 200.0, 245.0, 290.0, 335.0)  # drawn column rules: the first column holds two stacks
ENDS = (167.0, 196.0, 241.0, 286.0, 331.0)  # right edges of the five value stacks (4.5 pt apart in the first)
HEAD = (("At", "But", "Single", "Joint", "Head"), ("least", "less than", "", "", ""))
BODY = (("25,200", "25,250", "3,393", "3,001", "3,393"), ("25,250", "25,300", "3,400", "3,009", "3,400"),
        ("25,300", "25,350", "3,408", "3,016", "3,408"), ("25,350", "25,400", "3,415", "3,024", "3,415"))


def _ruled(head: tuple[tuple[str, ...], ...], body: tuple[tuple[str, ...], ...], size: float = 8.0) -> list[Op]:
    """A table ruled around and between ``RULES_X``, rules under the header and at the foot;
    header words left-aligned at their stack's start, values right-aligned at ``ENDS``."""
    top, y = 100.0, 110.0
    ops: list[Op] = [Line(RULES_X[0], top, RULES_X[-1], top)]
    starts = (ENDS[0] - 24.5, ENDS[1] - 24.5, *(e - 20 for e in ENDS[2:]))
    for row in head:
        ops += [Text(x, y, t, size=size) for x, t in zip(starts, row, strict=True) if t]
        y += 9
    ops.append(Line(RULES_X[0], y - 5, RULES_X[-1], y - 5))
    y += 5
    for row in body:
        ops += [Text(e, y, t, size=size, align="right") for e, t in zip(ENDS, row, strict=True) if t]
        y += 9
    bottom = y - 5
    ops += [Line(RULES_X[0], bottom, RULES_X[-1], bottom), *(Line(x, top, x, bottom) for x in RULES_X)]
    return ops


def _rows(ops: list[Op], producer: str) -> list[list[str]]:
    res = Pipeline(open_document(PRODUCERS[producer](ops))).run(0)
    assert len(res.tables) == 1
    return [list(r) for r in res.tables[0].rows_text()]


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_two_stacks_between_one_pair_of_rules_are_two_columns(producer: str) -> None:
    rows = _rows(_ruled(HEAD, BODY), producer)
    assert rows[-len(BODY):] == [list(r) for r in BODY]
    assert all(len(r) == 5 for r in rows)


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_space_grouped_amounts_stay_one_column(producer: str) -> None:
    body = (("1 234 567", "12,000", "3,393", "3,001", "3,393"), ("12 345", "9,500", "3,400", "3,009", "3,400"),
            ("345 678", "11,250", "3,408", "3,016", "3,408"), ("2 000 000", "8,000", "3,415", "3,024", "3,415"))
    rows = _rows(_ruled(HEAD, body), producer)
    assert rows[-len(body):] == [list(r) for r in body]


BORDERLESS = (("Total", "165,949", "185,667"), ("Men", "1,249,752", "1,364,492"),
              ("Women", "972,969", "843,937"), ("Other", "71,673", "88,032"))


@pytest.mark.parametrize("producer", sorted(PRODUCERS))
def test_grouped_amounts_a_space_apart_are_two_values(producer: str) -> None:
    """Right-aligned stacks 2 pt apart, closer than any text gap; "185,667" continues no
    "165,949" (a grouped number ends where it stops)."""
    ends = (180.0, 222.0)  # "1,364,492" is 40 pt wide: 2 pt free after "1,249,752"
    ops: list[Op] = [Text(100, 100, "Group"), Text(ends[0], 100, "Male", align="right"),
                     Text(ends[1], 100, "Female", align="right")]
    for k, row in enumerate(BORDERLESS):
        y = 114 + 12 * k
        ops += [Text(100, y, row[0]), Text(ends[0], y, row[1], align="right"), Text(ends[1], y, row[2], align="right")]
    rows = _rows(ops, producer)
    assert rows[-len(BORDERLESS):] == [list(r) for r in BORDERLESS]


LIMITS = (("$106,000", "$528,000"), ("109,000", "543,000"), ("110,000", "552,000"), ("112,000", "562,000"),
          ("120,000", "599,000"), ("122,000", "608,000"), ("124,000", "622,000"))
JITTER = (0.3, 0.0, 1.3, 1.3, 0.0, 0.0, 0.0)  # pt: right edges set by eye, 1.3 pt apart at most
TITLE = ("Amounts", "for", "Actions", "Before", "June", "4,", "2004")


def _word(text: str, x0: float, x1: float, y: float) -> Word:
    return Word(text, Rect(x0, y - 7, x1, y + 1), font_size=8.0, baseline=y)


def _limits_column() -> tuple[list[Word], list[TextLine]]:
    """One column's words, line by line: a title whose date sets numbers on its line and runs
    over the white between the amounts, then two stacks of amounts aligned within 1.3 pt."""
    words = [_word(t, 340 + 28 * k, 366 + 28 * k, 40) for k, t in enumerate(TITLE)]  # "2004" ends at 534
    for k, ((a, b), dx) in enumerate(zip(LIMITS, JITTER, strict=True)):
        y = 60 + 11 * k
        words += [_word(a, 383.0 + dx - 4 * (a[0] == "$"), 415.6 + dx, y), _word(b, 525.9 + dx - 4 * (b[0] == "$"), 558.4 + dx, y)]
    lines: dict[float, list[int]] = {}
    for i, w in enumerate(words):
        lines.setdefault(w.baseline, []).append(i)
    return words, [TextLine(Rect(330, y - 7, 570, y + 1), y, tuple(ids)) for y, ids in sorted(lines.items())]


def test_stacks_aligned_by_eye_under_a_dated_title_are_two_columns() -> None:
    """Edges a point or so apart are one stack (a fifth of an em of the numbers' type); the
    title's date puts numbers on its line, which holds neither stack's value and spans both."""
    words, lines = _limits_column()
    found = stack_boundaries(words, lines, [330.0, 570.0])
    assert len(found) == 1 and 416.9 < found[0] < 521.9
