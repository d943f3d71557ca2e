"""A back-of-book index is no table.

An index sets its entries in text columns, each entry's label led by dots to the pages it is on
("Estimated tax, individuals ..... 23, 24, 25, 30"; "Tax table ..... 18, 34-45"). Read as a grid, the
leaders open a column gap between label and pages, the text columns' gutters open more, and the
rules an index draws under its section letters become row rules: a many-column "table" whose rows
join unrelated entries of the text columns side by side. A contents list is caught by its rising
page numbers (``leaders.leader_list``); an index's pages do not rise (it is in the order of its
labels), so it is told by the order of its labels instead: the entries that start at a text
column's left edge (a sub-entry or a wrapped line is indented) run in alphabetical order, and the
leaders lead to page references, one, a list or a range. A statement's leaders lead to amounts, and
its labels follow the accounts, not the alphabet.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..types import Rect, RowBand, Word

INDEX = ("a back-of-book index: {entries} entries at the left of their text column in alphabetical order, "
         "leaders leading to page references (one page, a list or a range) on {led} lines")
_REF = r"(?:[A-Z]{1,2}[-.]?)?\d{1,4}|[ivxlcdm]{1,7}"
REF_LIST = re.compile(rf"^(?:{_REF})(?:\s*[-–]\s*(?:{_REF}))?(?:,\s+(?:{_REF})(?:\s*[-–]\s*(?:{_REF}))?)*,?$")
# Why no user would change these (``tables.leaders`` turns the reading off): six entries in order
# is no accident of a statement's labels (one chance in 720 for six labels in any order); an
# index's own disorder ("Mc" filed as "Mac", a symbol first) is well under one pair in eight;
# a sub-entry is indented at least half an em; three led lines make a led column. An index
# separates its page numbers by a comma and a space: "1,234" is an amount.
MIN_ENTRIES = 6
DISORDER = 8  # entries per pair out of order allowed
INDENT_EMS = 0.5
MIN_LED = 3

# An index's text columns run on past the region its rules made (the lines under its last section
# letter's rule): a grid read there, directly under or over a region read as an index and within its
# width, is the index going on when it reads as one with as few entries as a led column has lines.
GOES_ON = "the back-of-book index beside it goes on here, in its text columns: {reason}"
ABUT_EMS = 2.0  # font sizes of white between the two at most (the index's own line step is about one)


@dataclass(frozen=True, slots=True)
class _Column:
    """One text column of labels left of a boundary the leaders cross: its entries' sort keys
    (top to bottom) and the page references the leaders lead to."""

    keys: tuple[str, ...]
    refs: tuple[str, ...]


def index_list(xs: Sequence[float], box: Rect, words: Sequence[Word], lines: Sequence[RowBand],
               min_entries: int = MIN_ENTRIES) -> str:
    """The reason a grid (column boundaries ``xs``, region ``box``) is no table when it reads as a
    back-of-book index, "" otherwise: every column its leaders lead to holds page references, and
    the entries (``min_entries`` at least) of the label columns left of them run in alphabetical order."""
    lead = [w for w in words if w.leader and box.x0 <= w.bbox.cx <= box.x1 and box.y0 <= w.bbox.cy <= box.y1]
    if not lead:
        return ""
    ordered = sorted(lines, key=lambda b: b.bbox.y0)
    cols = [c for k in range(1, len(xs) - 1) if (c := _column(xs, k, lead, words, ordered)) is not None]
    refs = [r for c in cols for r in c.refs]
    keys = [c.keys for c in cols]
    entries = sum(len(k) for k in keys)
    if not cols or entries < min_entries or not all(REF_LIST.match(r) for r in refs):
        return ""
    disorder = sum(b < a for k in keys for a, b in zip(k, k[1:], strict=False))
    return INDEX.format(entries=entries, led=len(refs)) if disorder * DISORDER <= entries else ""


def _column(xs: Sequence[float], k: int, lead: Sequence[Word], words: Sequence[Word],
            lines: Sequence[RowBand]) -> _Column | None:
    """The label column between ``xs[k - 1]`` and ``xs[k]`` when the leaders lead across ``xs[k]`` on at
    least half the lines with text on both sides (the values read up to ``xs[k + 1]``), else None."""
    start, x, end = xs[k - 1], xs[k], xs[k + 1]
    refs: list[str] = []
    firsts: list[Word] = []
    both = 0
    for ln in lines:
        left = sorted((words[i] for i in ln.word_ids if start <= words[i].bbox.cx < x and not words[i].leader),
                      key=lambda w: w.bbox.x0)
        right = sorted((words[i] for i in ln.word_ids if x <= words[i].bbox.cx < end and not words[i].leader),
                       key=lambda w: w.bbox.x0)
        if left:
            firsts.append(left[0])
        if not left or not right:
            continue
        both += 1
        a, b = left[-1].bbox.x1, right[0].bbox.x0
        if any(w.bbox.y0 < ln.bbox.y1 and w.bbox.y1 > ln.bbox.y0 and a - 1.0 < w.bbox.x0 and w.bbox.x1 <= b + 1.0
               for w in lead):
            refs.append(" ".join(w.text for w in right))
    if len(refs) < MIN_LED or 2 * len(refs) < both or not firsts:
        return None
    edge = min(w.bbox.x0 for w in firsts)
    keys = tuple(_key(w.text) for w in firsts if w.bbox.x0 - edge < INDENT_EMS * max(w.font_size, 1.0))
    return _Column(tuple(k for k in keys if k), tuple(refs))


def _key(text: str) -> str:
    """An entry's sort key: its first word's letters and digits, case folded."""
    return re.sub(r"\W", "", text.casefold())


def index_tail(xs: Sequence[float], box: Rect, indexes: Sequence[Rect], words: Sequence[Word],
               lines: Sequence[RowBand]) -> str:
    """The reason a grid (``xs``, ``box``) is the end or the start of an index whose region (one of
    ``indexes``) it touches (see ``GOES_ON``), "" otherwise."""
    sizes = sorted(words[i].font_size for ln in lines for i in ln.word_ids)
    gap = ABUT_EMS * (sizes[len(sizes) // 2] if sizes else 0.0)
    if not any(box.x0 >= r.x0 - gap and box.x1 <= r.x1 + gap and
               (-gap <= box.y0 - r.y1 <= gap or -gap <= r.y0 - box.y1 <= gap) for r in indexes):
        return ""
    reason = index_list(xs, box, words, lines, MIN_LED)
    return GOES_ON.format(reason=reason) if reason else ""
