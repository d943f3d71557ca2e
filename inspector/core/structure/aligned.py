"""Aligned runs: text lines whose gaps between pieces line up from one line to the next, the
evidence of a borderless table (``regions``' third kind), with the lines a run bridges (a
wrapped cell's next line, a lone section label at the rows' pitch, an indented sub-row) and
the lines that end it (a title set apart, a caption, note or unit line at its left edge)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Container, Sequence

from ..numbers import is_number
from ..types import Word
from .between import MIN_HEIGHT
from .columns import Line
from .keyvalue import starts_item
from .sectionrows import PITCH_SLACK, SECTION_LINES, at_pitch, group_head

# Proportions of the page's own type (line heights, the run's row step) and pt slacks of a
# glyph's placement, the same for every producer (see ``regions``).
WRAP_GAP = 0.5  # line heights of white above a wrapped cell's next line, at most
GAP_SLACK = 1.0  # pt a line may reach into a column gap and still sit inside its column
CLOSE_SPACING = 1.5  # line heights of white between two lines of one aligned run, at most
PADDED_SPACING = 3.0  # ... of a padded table's rows set at one pitch (``_padded``), at most
GAPS_MEET = 1.0  # pt two lines' column gaps overlap by to be one gap
TITLE_APART = 0.25  # line heights more white above a title line than between the run's rows
PROSE_WORDS = 6  # words of a one-piece line that make it running prose
INDENTED_LABEL = 2  # words an indented sub-row's label holds at most
FLUSH_PT = 1.5  # pt: the text after it starts this close to the next column of the row above


def is_prose(line: Line, n_segments: int) -> bool:
    """Running text: one unbroken piece of many words."""
    return n_segments == 1 and len(line.word_ids) >= PROSE_WORDS


Gaps = list[tuple[float, float]]


def aligned_runs(lines: Sequence[Line], gaps: Sequence[Gaps], min_rows: int,
                 titles: Container[int] = frozenset(), stops: list[int] | None = None,
                 ends: Container[int] = frozenset(), narrow: Sequence[Gaps] | None = None,
                 narrowed: list[int] | None = None, goes_on: Callable[[int], bool] | None = None,
                 amounts: Callable[[int], bool] | None = None) -> list[tuple[int, int]]:
    """Index ranges [a, b) of consecutive, close lines whose gaps between text pieces line up.

    Each line needs a gap (an x interval between two of its segments) that overlaps a gap
    of the line before it: columns. Lines are close (``CLOSE_SPACING``), or farther apart at
    one pitch: a padded table's rows (``_padded``). Justified prose has wide word spaces too, but they do
    not line up from one line to the next. A line or two in one piece inside one column,
    tight under a row, with the columns going on below, is a wrapped cell's next line;
    not a line of ``titles`` (in heading type) set farther from the row above than the run's
    rows stand from each other: that is the next table's title ("Anaplastic" between two
    staging tables), and the run ends there (its index goes to ``stops``); nor a line of
    ``ends`` (a caption, note, unit line or sentence over the next table's header) at the
    run's left edge, however close it is set. With ``narrow`` (each line's narrower gaps, a
    header's), a line's column gap may meet the line before's narrower gap, or the other way:
    a wide cell ("Any N") closes in on the next column's text, narrowing that row's gap below
    a column gap's width while the column goes on (``_meet``); such lines go to ``narrowed``.
    With ``goes_on`` (line index k -> does line k + 1 go on with its text), a label's first lines
    over the row that holds its values (bottom-aligned, ``_label_over``) are bridged too; with
    ``amounts`` (line index -> does it hold an amount), so is a group's head set apart over its
    first row of amounts (``_label_row``, ``sectionrows.group_head``).
    """
    runs: list[tuple[int, int]] = []
    start, prev, i, checked = None, -1, 0, -1
    while i < len(lines):
        if not gaps[i]:
            bridged = (_wrapped(lines, gaps, prev, i) or _label_row(lines, gaps, start, prev, i, amounts)
                       or _label_over(lines, gaps, prev, i, goes_on)) if start is not None else 0
            if bridged and (_title_apart(lines, titles, start, prev, i, bridged)
                            or _ends_here(lines, ends, prev, i, bridged)):
                if stops is not None:
                    stops.append(i)
                bridged = 0
            if bridged:
                i += bridged
                checked = i  # the bridge read the line after it: at the rows' pitch, aligned with ``prev``
                continue
            if start is not None and i - start >= min_rows:
                runs.append((start, i))
            start, i = None, i + 1
            continue
        near = i == checked or _close(lines[i - 1], lines[i]) or _padded(lines, gaps, i)
        meet = _meet(gaps, narrow, prev, i) if start is not None else 0
        if meet == NARROW and near and narrowed is not None:
            narrowed.append(i)
        if start is not None and (not near or not meet):
            if i - start >= min_rows:
                runs.append((start, i))
            start = i
        elif start is None:
            start = i
        prev, i = i, i + 1
    if start is not None and len(lines) - start >= min_rows:
        runs.append((start, len(lines)))
    return runs


def _title_apart(lines: Sequence[Line], titles: Container[int], start: int | None, prev: int, i: int,
                 n: int) -> bool:
    """Is one of the ``n`` lines from ``i`` a title standing apart: more white above it, by
    ``TITLE_APART`` line heights, than between row ``prev`` and the line over it in the run?
    A wrapped cell's next line is set as close to its row as the rows are to each other."""
    if start is None or prev <= start:
        return False
    leading = max(lines[prev].bbox.y0 - lines[prev - 1].bbox.y1, 0.0)
    for k in range(i, i + n):
        b = lines[k].bbox
        if k in titles and b.y0 - lines[k - 1].bbox.y1 > leading + TITLE_APART * max(b.height, MIN_HEIGHT):
            return True
    return False


def _ends_here(lines: Sequence[Line], ends: Container[int], prev: int, i: int, n: int) -> bool:
    """Is one of the ``n`` lines from ``i`` a line of ``ends`` starting where row ``prev``
    starts (at the table's left edge: a caption or note, not prose in a column beside)?"""
    x0 = lines[prev].bbox.x0
    return any(abs(lines[k].bbox.x0 - x0) <= GAP_SLACK + lines[k].bbox.height / 2 and k in ends
               for k in range(i, i + n))


WRAPPED_LINES = 2  # next lines of a wrapped cell bridged inside an aligned run, of any length
NARROW_WRAPPED = 6  # ... and of a narrow cell, each line under ``PROSE_WORDS`` words


def _wrapped(lines: Sequence[Line], gaps: Sequence[Gaps], prev: int, i: int) -> int:
    """How many lines from ``i`` (without gaps) are wrapped cell text under row ``prev``:
    each tight under the one before and inside one column of ``prev`` (crossing none of
    its gaps from side to side: a wider figure stands into the gap), and the line after
    them aligned with ``prev``; 0 when they are not. Past ``WRAPPED_LINES`` lines each must
    hold fewer than ``PROSE_WORDS`` words: a narrow cell's text (a label or description
    wrapped over five lines beside one-line amounts), not a paragraph set between two tables."""
    for k in range(i, min(i + NARROW_WRAPPED, len(lines))):
        b = lines[k].bbox
        if gaps[k] or lines[k].bbox.y0 - lines[k - 1].bbox.y1 > WRAP_GAP * max(b.height, MIN_HEIGHT) \
                or any(b.x0 <= g0 + GAP_SLACK and b.x1 >= g1 - GAP_SLACK for g0, g1 in gaps[prev]) \
                or (k >= i + WRAPPED_LINES and len(lines[k].word_ids) >= PROSE_WORDS):
            return 0
        nxt = k + 1
        if nxt < len(lines) and gaps[nxt] and _close(lines[k], lines[nxt]) and _gaps_meet(gaps[prev], gaps[nxt]):
            return nxt - i
    return 0




def _label_row(lines: Sequence[Line], gaps: Sequence[Gaps], start: int, prev: int, i: int,
               amounts: Callable[[int], bool] | None = None) -> int:
    """How many lines from ``i`` (without gaps) make a label row inside the run: set at the
    rows' own pitch (its step from row ``prev`` and the step on to the next line each at the
    row step by ``sectionrows.at_pitch``, the section rows' test: the step onto ``prev``, or
    under the run's first line (a section right under the header) the step from the next line
    to the one after), text
    only in ``prev``'s first column (starting where it starts, short of its second column's
    text), fewer than ``PROSE_WORDS`` words a line, and the next line aligned with ``prev``
    (a "Hardware" row between two groups of items); or, one line, a group's head (``group_head``:
    set apart from ``prev``, hanging on the next line) when the next line holds an amount
    (``amounts``: a title over the next table's header row, words only, parts the tables). A
    label over ``SECTION_LINES`` lines has its
    next lines tighter than the rows. 0 when they are not; a heading set apart or a paragraph
    breaks the run."""
    if not gaps[prev]:
        return 0
    for n in range(1, SECTION_LINES + 1):
        nxt = i + n
        if nxt >= len(lines) or not _in_label_column(lines, gaps, prev, nxt - 1):
            return 0
        if gaps[nxt]:
            break
    else:
        return 0
    row = _row_step(lines, gaps, start, prev, nxt)
    last = nxt - 1
    steps = (lines[i].bbox.cy - lines[prev].bbox.cy, lines[nxt].bbox.cy - lines[last].bbox.cy)
    head = nxt == i + 1 and amounts is not None and amounts(nxt) and group_head(*steps, row)
    if row <= 0 or not (all(at_pitch(s, row) for s in steps) or head):
        return 0
    if any(lines[k + 1].bbox.cy - lines[k].bbox.cy >= (1 - PITCH_SLACK) * row for k in range(i, last)):
        return 0
    return nxt - i if _gaps_meet(gaps[prev], gaps[nxt]) else 0


def values_row(words: Sequence[Word], lines: Sequence[Line], gaps: Sequence[Gaps], k: int) -> bool:
    """Is line ``k`` a row of amounts: past its first column gap, words that are numbers, or
    marks without a letter ("*", "-"), one number at least? A header row ("Item  2022  Price")
    holds words."""
    if not gaps[k]:
        return False
    past = [words[i].text for i in lines[k].word_ids if words[i].bbox.x0 >= min(gaps[k])[1] - GAP_SLACK]
    return any(is_number(t) for t in past) and all(is_number(t) or not any(c.isalpha() for c in t) for t in past)


LABEL_LINES = 2  # first lines of a label set over the line holding its values (a label over three lines)


def _label_over(lines: Sequence[Line], gaps: Sequence[Gaps], prev: int, i: int,
                goes_on: Callable[[int], bool] | None) -> int:
    """How many lines from ``i`` (without gaps) are the first lines of a label whose values
    stand on its last line, the next aligned line (a statement's amounts bottom-aligned beside
    "Selling, general and administrative" / "expenses" / "charges 2,300")? At most
    ``LABEL_LINES`` lines, each a label's line in ``prev``'s first column (``_label_line``)
    going on into the next line's text (``goes_on``: lower case, or after a joiner), each next
    line tight under it (``WRAP_GAP``), the row starting where the label does and aligned with
    ``prev``, no farther under ``prev`` than padded rows stand (``PADDED_SPACING``). 0 when not."""
    if goes_on is None or not gaps[prev] or not _apart(lines[prev], lines[i]):
        return 0
    for k in range(i, min(i + LABEL_LINES, len(lines) - 1)):
        b = lines[k + 1].bbox
        if not _label_line(lines, gaps, prev, k) or b.y0 - lines[k].bbox.y1 > WRAP_GAP * max(b.height, MIN_HEIGHT) \
                or not goes_on(k):
            return 0
        if gaps[k + 1]:
            aligned = abs(b.x0 - lines[i].bbox.x0) <= GAP_SLACK + b.height / 2
            return k + 1 - i if aligned and _gaps_meet(gaps[prev], gaps[k + 1]) else 0
    return 0


def label_over_first(lines: Sequence[Line], gaps: Sequence[Gaps], a: int, goes_on: Callable[[int], bool]) -> int:
    """How many lines right over the run's first line ``a`` (without gaps) are the first lines
    of its label (``_label_over``'s lines over the first row: tight, in its label column, going
    on into it); 0 when none."""
    n = 0
    while n < LABEL_LINES and a - n - 1 >= 0 and not gaps[a - n - 1]:
        k, b = a - n - 1, lines[a - n].bbox
        if b.y0 - lines[k].bbox.y1 > WRAP_GAP * max(b.height, MIN_HEIGHT) or not goes_on(k) \
                or not _label_line(lines, gaps, a, k):
            break
        n += 1
    return n


def _label_line(lines: Sequence[Line], gaps: Sequence[Gaps], row: int, k: int) -> bool:
    """Is line ``k`` a line of a label in the first column of ``row``: no gaps, starting where
    the row starts and ending short of its second column's text? Any number of words: a label
    going on into the row's (``_label_over``) is no paragraph, which runs across the columns."""
    b = lines[k].bbox
    return not gaps[k] and abs(b.x0 - lines[row].bbox.x0) <= GAP_SLACK + b.height / 2 \
        and b.x1 < min(gaps[row])[1] - GAP_SLACK


def _in_label_column(lines: Sequence[Line], gaps: Sequence[Gaps], prev: int, k: int) -> bool:
    """Is line ``k`` a label's line: no gaps, fewer than ``PROSE_WORDS`` words, starting where
    row ``prev`` starts and ending short of its second column's text?"""
    b, first = lines[k].bbox, min(gaps[prev])
    if gaps[k] or len(lines[k].word_ids) >= PROSE_WORDS:
        return False
    return abs(b.x0 - lines[prev].bbox.x0) <= GAP_SLACK + b.height / 2 and b.x1 < first[1] - GAP_SLACK


def _row_step(lines: Sequence[Line], gaps: Sequence[Gaps], start: int, prev: int, nxt: int) -> float:
    """The run's row step (pt between line centres): onto ``prev`` from the line above it, or,
    when ``prev`` is the run's first line, from ``nxt`` to the line after it when that is a
    row too; 0 when neither can be read."""
    if prev > start:
        return lines[prev].bbox.cy - lines[prev - 1].bbox.cy
    after = nxt + 1
    if after < len(lines) and gaps[after] and _gaps_meet(gaps[nxt], gaps[after]):
        return lines[after].bbox.cy - lines[nxt].bbox.cy
    return 0.0


def _close(a: Line, b: Line) -> bool:
    return b.bbox.y0 - a.bbox.y1 <= CLOSE_SPACING * max(a.bbox.height, b.bbox.height, MIN_HEIGHT)


def _padded(lines: Sequence[Line], gaps: Sequence[Gaps], i: int) -> bool:
    """Are lines ``i - 1`` and ``i``, too far apart for ``_close``, two rows of a padded table
    (a web page's cells padded 12 px a side, no rules between rows)? They are when three
    consecutive lines holding them, each with column gaps meeting the next one's, step down
    at one pitch (within ``PITCH_SLACK``) with at most ``PADDED_SPACING`` line heights of white
    between each two. Paragraphs set apart, or a table under a heading, step unevenly."""
    for a in (i - 2, i - 1):
        if a < 0 or a + 2 >= len(lines) or not all(gaps[k] for k in range(a, a + 3)):
            continue
        b0, b1, b2 = (lines[k].bbox for k in range(a, a + 3))
        s1, s2 = b1.y0 - b0.y0, b2.y0 - b1.y0
        if min(s1, s2) <= 0 or abs(s1 - s2) > PITCH_SLACK * max(s1, s2):
            continue
        if all(_apart(lines[k], lines[k + 1]) for k in (a, a + 1)) and \
                _gaps_meet(gaps[a], gaps[a + 1]) and _gaps_meet(gaps[a + 1], gaps[a + 2]):
            return True
    return False


def _apart(a: Line, b: Line) -> bool:
    return b.bbox.y0 - a.bbox.y1 <= PADDED_SPACING * max(a.bbox.height, b.bbox.height, MIN_HEIGHT)


NARROW = 2  # ``_meet``'s answer when only a narrower gap meets


def _meet(gaps: Sequence[Gaps], narrow: Sequence[Gaps] | None, prev: int, i: int) -> int:
    """Do line ``i``'s gaps meet line ``prev``'s: 1 column gaps both, ``NARROW`` only when a
    narrower gap of either is counted (``narrow`` given; ``aligned_runs``), 0 not at all."""
    if _gaps_meet(gaps[prev], gaps[i]):
        return 1
    if narrow is not None and (_gaps_meet(narrow[prev], gaps[i]) or _gaps_meet(gaps[prev], narrow[i])):
        return NARROW
    return 0


def _gaps_meet(a: Gaps, b: Gaps) -> bool:
    return any(min(x1, y1) - max(x0, y0) >= GAPS_MEET for x0, x1 in a for y0, y1 in b)


def indented_rows(words: Sequence[Word], lines: Sequence[Line], gaps: list[list[tuple[float, float]]],
                  narrow: Sequence[list[tuple[float, float]]],
                  tight: Sequence[list[tuple[float, float]]] | None = None) -> tuple[dict[int, str], dict[int, str]]:
    """Give a line without a column gap the narrower gap after its label (one or two words)
    when the text after it starts where the next column of the aligned line above starts
    (in ``gaps``, in place): a sub-row whose label is indented ("T1a" under "T1"), or a
    label wider than the one above ("M0" under "M"), stands closer to the next column, and
    is one of the table's rows, not a break in it. A list marker ("•") is no label: a bullet
    list under a line is a list, and a label starts with a capital or a digit (``starts_item``).
    With ``tight`` (each line's gaps of a column gap's least width, ``columns.min_gap``), a
    line with no narrower gap either gets its tight gap when the text after it is flush with
    the next column of every aligned line next to it (``_widest_label``). Returns the labels
    of the lines given a gap by line index, the narrower gaps' and the tight gaps', for explain."""
    with_gaps = [n for n, g in enumerate(gaps) if g]
    said: dict[int, str] = {}
    widest: dict[int, str] = {}
    for n, g in enumerate(gaps):
        if g:
            continue
        if not narrow[n]:
            widest_label = _widest_label(words, lines, gaps, tight[n] if tight else [], n)
            if widest_label and tight:
                g.append(tight[n][0])
                widest[n] = widest_label
            continue
        k = bisect_left(with_gaps, n)
        if not k:
            continue
        above, h = with_gaps[k - 1], narrow[n][0]  # the parent row, and the gap after the label
        label = _label(words, lines[n], h)
        if label and _flush(h, gaps[above]):
            g.append(h)
            said[n] = label
    return said, widest


def _widest_label(words: Sequence[Word], lines: Sequence[Line], gaps: Sequence[Gaps], tight: Gaps, n: int) -> str:
    """The label of line ``n`` when its first ``tight`` gap ends where the next column starts
    (within ``FLUSH_PT``) in each line next to it that has column gaps (one at least): the
    widest cell of an auto-width column (an HTML table's, a LaTeX ``l`` column's) stands
    only the cells' padding from the next column, under a column gap's width, while every
    other row leaves a wide gap ending at the same place. "" when it is none (``_label``)."""
    if not tight:
        return ""
    h = tight[0]
    near = [k for k in (n - 1, n + 1) if 0 <= k < len(lines) and gaps[k]]
    if not near or not all(_flush(h, gaps[k]) for k in near):
        return ""
    return _label(words, lines[n], h)


def _flush(h: tuple[float, float], gaps: Gaps) -> bool:
    """Does the gap ``h`` (x0, x1, pt) end where one of ``gaps`` does (within ``FLUSH_PT``),
    the text after it flush with that line's next column?"""
    return any(abs(h[1] - b) <= FLUSH_PT and h[0] < b for _, b in gaps)


def _label(words: Sequence[Word], line: Line, h: tuple[float, float]) -> str:
    """The words of ``line`` before the gap ``h`` when they are a row's label: one or two
    words (``INDENTED_LABEL``) starting with a capital or a digit (``starts_item``); "" else."""
    label = [words[i].text for i in line.word_ids if words[i].bbox.x1 <= h[0]]
    if not label or len(label) > INDENTED_LABEL or not starts_item(label[0]):
        return ""
    return " ".join(label)


WIDEST_LABEL = ("rows kept in the table: {n} line(s) whose label ({labels}) stands closer than a column gap "
                "before text set flush with the next column of the rows around it: the widest cell of an "
                "auto-width column, one padding from the next, not a break in the table")
SUB_ROWS = ("sub-rows kept in the table: {n} line(s) whose label ({labels}) stands closer than a column gap "
            "before text set flush with the next column of the row above; rows of the table, not a break in it")
