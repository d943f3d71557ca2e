"""Columns of right-aligned numbers standing closer than the column gap.

A table laid out with little cell padding leaves two points between a column of numbers
and the next, less than a word space: no text gap finds the boundary. The numbers still
say it: their right edges line up in a stack, two stacks share their lines (one value of
each on a row), and a straight vertical line passes between them on every row. A value
and its parenthesised negative never share a line, so one column is not cut in two; a
group of digits after a space ("1 234") continues a number and cuts nothing.

Spreadsheets' accounting formats (Excel's and Gnumeric's ``#,##0_);(#,##0)``) leave a closing
parenthesis's width of space after a positive amount, so the negatives' ")" (and a currency
format's amounts, set to the cell's edge) hang out of the stack: one column's numbers end in
two stacks that close together. A negative stands in a stack by its right edge or by the edge
before its ")" (``edges``), and stacks within a ")" and the alignment slack of each other are
one column's (``_families``): two columns' right edges stand a number's width apart.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from ..geometry import chain_groups
from ..numbers import currency_sign, is_number
from ..types import Word
from .columns import Line, Segment
from .ruledrows import DOUBTED

ALIGN = 1.0  # pt: right edges this close are one stack, at least ...
ALIGN_EM = 0.2  # ... or this many ems of the numbers' type: a writer aligning by eye or by spaces
# leaves a point or so (a fifth of a digit in 8 pt); two stacks stand a digit and a gap apart
SHARE = 0.5  # a stack holds a number on this share of the lines with numbers (a sparse sheet leaves cells empty)
# ... and on this share where the table draws its columns: a split inside a drawn column needs more
# evidence than the rules' (a sparse sheet draws no rules; a ruled table's right-aligned amounts and
# the odd row's second number are one column)
RULED_SHARE = 0.8
MIN_LINES = 3  # lines with numbers a stack needs: two numbers aligned by chance are common
MIN_ROOM = 0.5  # pt: free space a boundary needs between two stacks
MISREAD_SHARE = 0.1  # rows on which words OCR only guessed may cross the room between two stacks
PAREN = 0.33  # em: a closing parenthesis's width (0.30 to 0.39 em in common faces), hung out of the stack
WORD_SPACE = 0.4  # em: a space this wide or narrower may be a typed word space (about a quarter em)
# An infix operator set alone between two numbers joins them into one expression: a tax schedule's
# "$782.50 + 15%", a measurement's "12.3 ± 0.4". A dash is left out: alone between two numbers it is
# as often an empty cell's mark ("12 - 40") as a range.
OPERATORS = frozenset({"+", "±", "×", "÷", "="})
OPERATOR_SPACE = 0.75  # em: the white on each side of the operator, at most (a word space, not a column gap)
_GROUP = re.compile(r"^\d{3}(?:[.,]\d+)?\)?%?$")  # "234", "234.5": a thousands group
# ... continuing a head of one to three digits with no separator of its own ("1 234", "(12 345"):
# a number already grouped or with a decimal part ("165,949", "12,5") ends where it stops.
_HEAD = re.compile(r"(?:^|[^\d.,])\d{1,3}$")


def stack_boundaries(words: Sequence[Word], lines: Sequence[Line], xs: Sequence[float],
                     share: float = SHARE) -> list[float]:
    """Boundaries (x, ascending) inside each column [xs[k], xs[k + 1]) between stacks of
    right-aligned numbers that share their lines, each on ``share`` of the lines with numbers
    (``RULED_SHARE`` in a table that draws its columns); none in a column whose words do not
    form two such stacks."""
    return [x for rows in column_rows(words, lines, xs) for x in _column_stacks(rows, share)]


def column_rows(words: Sequence[Word], lines: Sequence[Line], xs: Sequence[float]) -> list[list[list[Word]]]:
    """Each column [xs[k], xs[k + 1]) 's words line by line (lines with none there left out),
    a word in the column of its centre."""
    # Each word is put in its column once (not once per column): a line's words are already
    # left to right (``columns.Line``), so each column's words on a line are too.
    per_col: list[list[list[Word]]] = [[] for _ in range(len(xs) - 1)]
    last = len(xs) - 1
    for ln in lines:
        row: dict[int, list[Word]] = {}
        for i in ln.word_ids:
            w = words[i]
            k = bisect_right(xs, w.bbox.cx) - 1
            if 0 <= k < last:
                row.setdefault(k, []).append(w)
        for k, ws in row.items():
            per_col[k].append(ws)
    return per_col


def _column_stacks(rows: list[list[Word]], share: float) -> list[float]:
    """Boundaries between stacks of numbers in one column's ``rows`` (its words, line by line)."""
    every = rows
    rows = [r for r in rows if any(is_number(w.text) for w in r)]
    if len(rows) < MIN_LINES:
        return []
    sizes = sorted(w.font_size for r in rows for w in r if is_number(w.text))
    align = max(ALIGN, ALIGN_EM * sizes[len(sizes) // 2])
    stacks = _families(_stacks(rows, align, share), PAREN * sizes[len(sizes) // 2] + align)
    out = []
    for a, b in zip(stacks, stacks[1:], strict=False):
        x = _between(rows, a, b, align, share, every)
        if x is not None:
            out.append(x)
    return out


def _stacks(rows: list[list[Word]], align: float, share: float) -> list[float]:
    """Right-edge positions where a number ends on at least ``share`` of ``rows`` (edges
    ``align`` pt apart chain into one stack)."""
    ends = sorted((e, k) for k, r in enumerate(rows) for w in r if is_number(w.text) for e in edges(w))
    groups = chain_groups(ends, align)
    return [max(x for x, _ in g) for g in groups if len({k for _, k in g}) >= share * len(rows)]


def _families(stacks: list[float], near: float) -> list[tuple[float, ...]]:
    """``stacks`` (ascending) grouped where one stands within ``near`` pt of the next: one
    column's positives and its negatives' hung ")" (or the currency amounts set to the cell's
    edge), never two columns, whose right edges stand a number's width apart."""
    return [tuple(x for x, in g) for g in chain_groups([(x,) for x in stacks], near)]


def _between(rows: list[list[Word]], a: tuple[float, ...], b: tuple[float, ...], align: float, share: float,
             every: list[list[Word]] | None = None) -> float | None:
    """Middle of the room left free on every row between stack ``a`` and stack ``b`` (each the
    edges of one column's numbers, ``_families``; a number within ``align`` pt of one is in it),
    or left of text that starts in the room on any of ``every`` line (default ``rows``)."""
    left, right, shared, groups = -1e9, 1e9, 0, 0
    starts: list[tuple[float, float, float]] = []  # the left stack's word's left edge, the next word's, the space
    stacked: list[list[Word]] = []  # the rows holding a value of either stack
    held = [0, 0]  # lines holding a word of stack a, of stack b
    for r in rows:
        ia = next((i for i, w in enumerate(r) if _in_stack(w, a, align)), None)
        ib = next((i for i, w in enumerate(r) if _in_stack(w, b, align)), None)
        held[0] += ia is not None
        held[1] += ib is not None
        if ia is not None or ib is not None:
            stacked.append(r)
        if ia is None or ib is None or ib <= ia:
            continue
        shared += 1
        groups += _continues(r[ia].text, r[ia + 1].text) or expression(r, ia, ib)
        left = max(left, r[ia].bbox.x1)
        right = min(right, r[ia + 1].bbox.x0)
        if is_number(r[ia].text):  # a label running into the stack's place starts elsewhere
            space = (r[ia + 1].bbox.x0 - r[ia].bbox.x1) / max(r[ia].font_size, 1.0)
            starts.append((r[ia].bbox.x0, r[ia + 1].bbox.x0, space))
    # The stacks share most of the sparser one's lines (a sparse sheet's empty cells aside).
    if shared < max(MIN_LINES, share * min(held)) or groups * 2 >= shared or right - left < MIN_ROOM \
            or one_block(starts):
        return None
    # Text that starts in the room (a header set flush left over the right stack's column, as
    # spreadsheets set it) moves the line left of it, as long as the room left is wide enough.
    # Its phrase counts, not its first word: a right-aligned header wider than its numbers
    # ("Δ vs. base") may end a word just short of the middle and go on past it.
    x = (left + right) / 2
    starts_in = [w.bbox.x0 for r in (rows if every is None else every) for k, w in enumerate(r)
                 if left < w.bbox.x0 < x < phrase_end(r, k)]
    if starts_in and min(starts_in) - left >= MIN_ROOM:
        x = (left + min(starts_in)) / 2
    # Nothing may cross the line on a row of the stacks (a label reaching over it); a row
    # holding neither stack's value (a title or a note with a date in it) spans the two columns.
    return None if _crossed(stacked, x) else x


def edges(w: Word) -> tuple[float, ...]:
    """The right edges (pt) by which the number ``w`` may stand in a stack: its own, and for
    a negative in parentheses also the edge before its ")" (``PAREN`` ems of its type), where
    an accounting format ends the positives."""
    if w.text.endswith(")") and "(" in w.text:
        return (w.bbox.x1, w.bbox.x1 - PAREN * max(w.font_size, 1.0))
    return (w.bbox.x1,)


def _in_stack(w: Word, at: tuple[float, ...], align: float) -> bool:
    """Does the number ``w`` end in the stack of edges ``at`` (within ``align`` pt of one)?"""
    return any(abs(e - x) <= align for e in edges(w) for x in at)


def phrase_end(row: Sequence[Word], k: int) -> float:
    """Right edge (pt) of the phrase ``row[k]`` starts: it and the words after it on the line,
    each at most ``WORD_SPACE`` em from the one before."""
    end = row[k].bbox.x1
    for w in row[k + 1:]:
        if w.bbox.x0 - end > WORD_SPACE * max(w.font_size, 1.0):
            break
        end = w.bbox.x1
    return end


def _crossed(rows: list[list[Word]], x: float) -> bool:
    """Does a word cross ``x`` on ``rows``? Words OCR only guessed (under ``DOUBTED`` %: a
    bold total row's two amounts read as one "653__9.965,") count only on more than
    ``MISREAD_SHARE`` of the rows (one row at least): a misread line does not outweigh the
    other rows' agreement on the room between the stacks. Text-layer words always count."""
    hits = [(k, w) for k, r in enumerate(rows) for w in r if w.bbox.x0 < x < w.bbox.x1]
    if any(not _guessed(w) for _, w in hits):
        return True
    return len({k for k, _ in hits}) > max(1, int(MISREAD_SHARE * len(rows)))


def _guessed(w: Word) -> bool:
    return 0.0 <= w.ocr_confidence < DOUBTED


def one_block(starts: Sequence[tuple[float, float, float]]) -> bool:
    """Do the two stacks start at one x each on every row, one word space apart (``starts``:
    the left stack's word's left edge, the next word's, and the space between in ems)?
    Values of one width give no evidence of right alignment: "11 111111111" on every line is
    a left-aligned text (a code and its number in one cell) as much as two columns, and the
    space is the writer's own. Stacks further apart are columns whatever their widths."""
    if len(starts) < MIN_LINES or any(s[2] > WORD_SPACE for s in starts):
        return False
    return all(max(e) - min(e) <= ALIGN for e in list(zip(*starts, strict=True))[:2])


def split_segments(segs: Sequence[Segment], words: Sequence[Word], stacked: Sequence[float],
                   bounds: Sequence[float] = ()) -> list[Segment]:
    """``segs`` cut where a boundary passes between two of their words: any of ``stacked``,
    or one of ``bounds`` between two numbers (closer than a segment's gap, not a thousands
    group) or a number and a currency sign: two cells' values, not one text spanning both."""
    out = []
    for s in segs:
        start = 0
        for k in range(1, len(s.word_ids)):
            a, b = words[s.word_ids[k - 1]], words[s.word_ids[k]]
            if any(a.bbox.x1 <= x <= b.bbox.x0 for x in stacked) or (
                    any(a.bbox.x1 <= x <= b.bbox.x0 for x in bounds) and _two_numbers(a.text, b.text)):
                out.append(_piece(s, words, start, k))
                start = k
        out.append(_piece(s, words, start, len(s.word_ids)) if start else s)
    return out


def expression(row: Sequence[Word], a: int, b: int) -> bool:
    """Are ``row[a]`` and ``row[b]`` two numbers joined by an infix operator standing alone
    between them ("$782.50 + 15%", "12.3 ± 0.4"), each side of it no wider than ``OPERATOR_SPACE``
    em: one cell's expression, not two cells' values."""
    if b != a + 2 or row[a + 1].text not in OPERATORS or not (is_number(row[a].text) and is_number(row[b].text)):
        return False
    em = max(row[a + 1].font_size, 1.0)
    return max(row[a + 1].bbox.x0 - row[a].bbox.x1, row[b].bbox.x0 - row[a + 1].bbox.x1) <= OPERATOR_SPACE * em


def _two_numbers(a: str, b: str) -> bool:
    """Two cells' values: two numbers (not a number and its thousands group), or a number and
    a currency sign alone (an accounting format's sign opens the next cell)."""
    return is_number(a) and (currency_sign(b) or is_number(b) and not _continues(a, b))


def _continues(a: str, b: str) -> bool:
    """Is ``b`` a thousands group continuing the number ``a`` ends with ("1" + "234")?"""
    return bool(_GROUP.match(b)) and _HEAD.search(a) is not None


def _piece(s: Segment, words: Sequence[Word], a: int, b: int) -> Segment:
    ids = s.word_ids[a:b]
    return Segment(ids, words[ids[0]].bbox.x0, max(words[i].bbox.x1 for i in ids), s.line)
