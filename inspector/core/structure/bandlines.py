"""What the text lines inside one drawn band say: do they fill the row (``full_lines``), hold
a label and amounts (``amount_lines``, ``labelled_amounts``), or carry on the text of the line
above (``wraps``, ``carries_on``, ``continues``)? Asked by ``bandrows`` (where a band's lines
start rows) and ``ruledrows`` (whether a ruled band holds rows of its own); split from
``bandrows`` so both read one set of tests. Columns are given as boundaries ``xs`` in PDF points.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet

from ..numbers import is_number
from ..types import Word
from .between import YEAR
from .columns import Line, centre_cols, col_of, line_cols

NIL_DASHES = ("-", "--")  # a cell holding only these is a nil amount, not a hyphenated word cut at the line's end
JOINERS = ("-", ",", "&", "and", "of", "or", "the", "in", "for", "to", "(")
JOINING_ENDS = ("-", ",", "&", "(")  # a word ending in one of these is cut or joined to the next line
LABEL_LINES = 3  # lines a label may wrap over, its values on the last (a statement's bottom-aligned amounts)
SPACE = 0.5  # x the type size: a wider gap between two words parts two cells' text
TIGHT_SPACING = 1.2  # line heights of white between the lines around a middle line, at most: it sits tight between them
RUN_STEP = 1.25  # x the step between the lines around a middle line: its step from its columns' text above, at most


def full_lines(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float], spare: int = 1,
               cols: Sequence[set[int]] | None = None) -> bool:
    """Every line has text in all columns but at most ``spare``: rows, not a wrapped header.
    ``cols``: each line's ``line_cols`` when the caller has them."""
    need = columns_needed(xs, spare)
    if len(lines) < 2:
        return False
    return all(len(c) >= need for c in (cols if cols is not None else (line_cols(ln, words, xs) for ln in lines)))


def columns_needed(xs: Sequence[float], spare: int = 1) -> int:
    """Columns a line fills to fill the row: all of them but ``spare`` (two at least)."""
    return max(2, len(xs) - 1 - spare)


def amount_lines(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Does every line start with a label in the first column and hold an amount in one
    number column shared by all (a statement's rows under one rule, an empty note cell
    beside some)? A row's wrapped label or list goes on without amounts of its own."""
    if len(lines) < 2 or len(xs) < 3:
        return False
    shared = set(range(1, len(xs) - 1))
    for ln in lines:
        cells: dict[int, list[str]] = {}
        for i in ln.word_ids:
            cells.setdefault(col_of(words[i].bbox.cx, xs), []).append(words[i].text)
        if not any(not is_number(t) for t in cells.get(0, ())):
            return False
        # An amount is the whole of its cell ("16GB" in "i7 / 16GB /" is a wrapped spec's),
        # and of its run of words: a run of prose crossing a column boundary is one cell's text
        # ("3.05% over £10k" wrapped under a rate: its "£10k" is no amount of the next column).
        shared &= {c for c, texts in cells.items() if all(is_number(t) for t in texts)} - _prose_run_cols(ln, words, xs)
    return bool(shared)


def labelled_rows(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Is every line a label beside an amount in one shared column (``amount_lines``), the
    amounts no years ("Region | 2024" over "Segment | 2023" is a header's)? Rows of a body
    (a totals block's "Net amount | 705.64" over "Discount | (70.56)"), never one header."""
    if not amount_lines(lines, words, xs):
        return False
    return not all(YEAR.match(words[i].text) for ln in lines for i in ln.word_ids if is_number(words[i].text))


def _prose_run_cols(line: Line, words: Sequence[Word], xs: Sequence[float]) -> set[int]:
    """Columns (indices between ``xs``) that a run of words (``word_runs``) holding a word
    that is no number reaches on ``line``: one cell's text, no column of amounts there."""
    out: set[int] = set()
    for run in word_runs(line, words):
        if len(run) > 1 and not all(is_number(w.text) for w in run):
            out |= {col_of(w.bbox.cx, xs) for w in run}
    return out


def labelled_amounts(line: Line, words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Does ``line`` hold a label (a cell without numbers) and, in another column, an amount
    (a cell of numbers only): a row of its own, never the first or second line of one cell?"""
    cells: dict[int, list[str]] = {}
    for i in line.word_ids:
        cells.setdefault(col_of(words[i].bbox.cx, xs), []).append(words[i].text)
    kinds = [[is_number(t) for t in texts] for texts in cells.values()]
    return any(not any(k) for k in kinds) and any(all(k) for k in kinds)


def wraps(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Does some line continue, in some column, the text the line above has there (it starts
    in lower case, or the text above ends in a joiner or a hyphen)?"""
    return any(lower or joined for prev, line in zip(lines, lines[1:], strict=False)
               for lower, joined in column_steps(prev, line, words, xs))


def carries_on(prev: Line, line: Line, words: Sequence[Word], xs: Sequence[float],
               cols: tuple[AbstractSet[int], AbstractSet[int]] | None = None) -> bool:
    """Does ``line`` wrap the text of ``prev`` in every column it has text in: no column of its
    own, each one starting in lower case or after a joiner, and at least one after a joiner
    ("95% confidence" / "interval" beside "0.18 to" / "0.73")? Then it starts no row.
    ``cols``: the two lines' ``line_cols`` (prev's, then line's) when the caller has them."""
    above, below = cols if cols is not None else (line_cols(prev, words, xs), line_cols(line, words, xs))
    if not below <= above:
        return False
    # Some column's text above must end in a joiner: with no such word on ``prev``, none does
    # (exact, and cheaper than reading the two lines' cells).
    if not any(joins(words[i].text.lower()) for i in prev.word_ids):
        return False
    steps = column_steps(prev, line, words, xs)
    return bool(steps) and all(lower or joined for lower, joined in steps) and any(j for _, j in steps)


def leads_in(lines: Sequence[Line], cols: Sequence[AbstractSet[int]], k: int, current: AbstractSet[int],
             page: tuple[Sequence[Word], Sequence[float]]) -> bool:
    """Is line ``k``, text in one column only under a row of several (``current``), the first
    line of a label whose values stand on its last line, ``LABEL_LINES`` lines at most ("Murder
    and nonnegligent" / "manslaughter . . 10.0"; a statement's label over three lines, its amounts
    bottom-aligned on the third)? Each next line goes on with the label's text in its column
    (``column_steps``: lower case, or after a joiner), the lines between hold that column only,
    and line ``k`` does not go on with the row above in its column (that would be a label
    wrapped under its values; a nil amount's dash on that row joins nothing). ``page``: the
    words and the column boundaries ``xs``."""
    words, xs = page
    if len(cols[k]) != 1 or len(current) < 2 or _goes_on(lines[k - 1], lines[k], words, xs):
        return False
    for j in range(k + 1, min(len(lines), k + LABEL_LINES)):
        if not _goes_on(lines[j - 1], lines[j], words, xs):
            return False
        if cols[k] < cols[j]:
            return True
        if cols[j] != cols[k]:
            return False
    return False


def _goes_on(prev: Line, line: Line, words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Does ``line`` go on with the text ``prev`` has in some column (``column_steps``)?"""
    return any(lower or joined for lower, joined in column_steps(prev, line, words, xs))


def column_steps(prev: Line, line: Line, words: Sequence[Word], xs: Sequence[float]) -> list[tuple[bool, bool]]:
    """Per column with text on both lines: does the text of ``line`` start in lower case, and
    does the text of ``prev`` end in a joiner or a hyphen? A dash that is the whole of its
    cell on ``prev`` is a nil amount ("Leases | - | 7"), no hyphen: the line under it is a row."""
    above: dict[int, Word] = {}
    alone: dict[int, bool] = {}
    ids = prev.word_ids
    for i, c in zip(ids, centre_cols(words, ids, xs), strict=True):  # left to right: the last word of each column stays
        alone[c] = c not in above
        above[c] = words[i]
    seen: set[int] = set()
    out = []
    ids = line.word_ids
    for i, c in zip(ids, centre_cols(words, ids, xs), strict=True):
        if c in seen or c not in above:
            continue
        seen.add(c)
        last, first = above[c].text.lower(), words[i].text
        nil = alone[c] and last.strip() in NIL_DASHES
        out.append((first[:1].islower(), not nil and joins(last)))
    return out


def continues(prev: Line, line: Line, words: Sequence[Word]) -> bool:
    """Does ``line`` continue the text of ``prev`` (a wrapped label) rather than start a row?"""
    last = words[prev.word_ids[-1]].text.lower()
    first = words[line.word_ids[0]].text
    # A joining word is a whole word ("England" and "Toronto" end in no joiner), a sign ends one.
    return first[:1].islower() or joins(last)


def joins(last: str) -> bool:
    """Does a line whose last word (lower case) is ``last`` go on on the next line: the word
    cut ("inter-"), or ending in a joining sign or being a joining word ("and", "of")?"""
    return last.endswith(JOINING_ENDS) or last in JOINERS


def word_runs(line: Line, words: Sequence[Word]) -> list[list[Word]]:
    """The line's words, left to right, in runs parted by gaps wider than ``SPACE`` of the type
    size: one cell's text each (a label running on over a column boundary is one run)."""
    runs: list[list[Word]] = []
    for i in sorted(line.word_ids, key=lambda i: words[i].bbox.x0):
        w = words[i]
        if runs and w.bbox.x0 - runs[-1][-1].bbox.x1 <= SPACE * max(w.font_size, runs[-1][-1].font_size):
            runs[-1].append(w)
        else:
            runs.append([w])
    return runs


def centred_triples(lines: Sequence[Line], cols: Sequence[set[int]],
                    own_row: Callable[[int], bool] | None = None,
                    page: tuple[Sequence[Word], Sequence[float]] | None = None) -> list[int]:
    """Where a one-line cell sits centred beside a two-line cell: the index of each line a
    of lines a, b, c where a and c fill the same columns, b fills others and sits between
    them, tightly spaced (a label over two lines, its amounts centred in the row's height).
    Not when ``own_row`` (line index -> bool, asked at most once per line) holds for both a
    and c: lines that are rows of their own beside a label centred over the two. Not when b
    goes on with its columns' text above a or under c (``runs_on``, read when ``page``, the
    words and the column boundaries ``xs``, is given): a line of a cell of several lines."""
    starts = []
    seen: dict[int, bool] = {}
    for k in range(len(lines) - 2):
        a, b, c = lines[k], lines[k + 1], lines[k + 2]
        tight = c.bbox.y0 - a.bbox.y1 <= TIGHT_SPACING * max(a.bbox.height, c.bbox.height)
        if tight and cols[k] == cols[k + 2] and not (cols[k] & cols[k + 1]) and a.bbox.cy < b.bbox.cy < c.bbox.cy \
                and not (own_row is not None and _asked(own_row, k, seen) and _asked(own_row, k + 2, seen)) \
                and not (page is not None and runs_on(lines, cols, k + 1, page)):
            starts.append(k)
    return starts


def runs_on(lines: Sequence[Line], cols: Sequence[set[int]], k: int,
            page: tuple[Sequence[Word], Sequence[float]]) -> bool:
    """Does line ``k`` go on with its columns' text on line k - 2 or k + 2 (``run_step``)?"""
    return run_step(lines, cols, k, page) is not None


def run_step(lines: Sequence[Line], cols: Sequence[set[int]], k: int,
             page: tuple[Sequence[Word], Sequence[float]]) -> float | None:
    """The step (pt, top to top) between line ``k`` and the text of its columns on line k - 2
    (above) or else k + 2 (below), when it is no more than ``RUN_STEP`` x the step from line
    k - 1 to line k + 1 (the lines around it, filling other columns); else None. A one-line
    cell centred beside a two-line one is a row and half a line of the cell beside it at least
    from the rows above and under it; one no further from its columns' text than a line of
    that cell goes on with that text, a cell of several lines set at another leading than the
    lines beside it (a worksheet's side heading, "One or Both" over "Boxes"; a form's "Person
    in Charge 经办" over "人：" beside a numbered list). ``page``: the words and the column
    boundaries ``xs`` (PDF points)."""
    words, xs = page
    if not 2 <= k < len(lines) - 1 or not cols[k]:
        return None
    top = _top_in(lines[k], cols[k], words, xs)
    first, last = _top_in(lines[k - 1], cols[k - 1], words, xs), _top_in(lines[k + 1], cols[k + 1], words, xs)
    if top is None or first is None or last is None:
        return None
    for j in (k - 2, k + 2):
        other = _top_in(lines[j], cols[k], words, xs) if j < len(lines) else None
        if other is not None and 0 < abs(top - other) <= RUN_STEP * (last - first):
            return abs(top - other)
    return None


def _top_in(line: Line, mine: AbstractSet[int], words: Sequence[Word], xs: Sequence[float]) -> float | None:
    """The top (pt) of ``line``'s words in the columns ``mine``, None when it has none there."""
    tops = [words[i].bbox.y0 for i in line.word_ids if col_of(words[i].bbox.cx, xs) in mine]
    return min(tops) if tops else None


def _asked(test: Callable[[int], bool], k: int, seen: dict[int, bool]) -> bool:
    """``test(k)``, asked once per ``k`` (``seen`` keeps the answers)."""
    if k not in seen:
        seen[k] = test(k)
    return seen[k]
