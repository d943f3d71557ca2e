"""A two-column block of labels and their texts is a table, not a paragraph.

An aligned block of two columns whose lines hold many words reads as prose set in two
columns (a hanging indent, a note beside its marker). A definitions or key-value table
looks alike ("T1 | Tumor 2 cm or less in greatest dimension limited to the thyroid"),
and what tells it apart is its first column: a narrow column of short labels, each of
one or two words, none of them an enumerator ("[18]", "1.", "a)", "iv.": a numbered list's
markers, and a reference list is a list), each starting with a capital or a digit (a
margin note's wrapped lines beside running text start in lower case), and the texts beside
them set flush at one x.

Two lines are a table of their own when they pair labels with values (bank details, a
totals box, a rate box of label-amount pairs side by side: ``pair_block``), and a narrow
table's header may part its columns by gaps narrower than a body column gap (``header_over``),
and so may a first row set at the rows' pitch, its widest label closing in on its value (``row_over``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..numbers import is_number
from ..text import list_marker
from ..types import Grid, Word
from .columns import Line, Segment

# Why no user would change these: they describe a label column in the page's own measures.
KEY_WORDS = 2  # words a label holds at most
KEY_SHARE = 0.25  # share of the table's width its label column takes at most
MIN_LABELS = 3  # labels the column holds at least (fewer: any two lines look alike)
LABEL_SLACK = 1.0  # pt a label may reach past the column boundary
# "[18]", "(3)", "12", "1.", "a)", "iv.", "iii" (a bare capital or code, "T", "N0a", is a label)
ENUMERATOR = re.compile(r"^(\[\w{1,4}\]|\(\w{1,4}\)|\d+[.):]?|([a-zA-Z]|[ivxlcIVXLC]+)[.):]|[ivxlc]+)$")
VALUE_EDGE = 1.5  # pt: the texts beside the labels start this close to one x (flush left)


def key_value(grid: Grid, words: Sequence[Word], ids: Sequence[int], lines: Sequence[Line]) -> bool:
    """Is the two-column ``grid`` a table of labels and their texts: its first column at most
    ``KEY_SHARE`` of its width, holding ``MIN_LABELS`` or more labels of at most ``KEY_WORDS``
    words each, none an enumerator? ``ids``: the words of its region; ``lines``: their lines."""
    if len(grid.xs) != 3 or not words:
        return False
    x0, x, x1 = grid.xs
    if x - x0 > KEY_SHARE * (x1 - x0):
        return False
    mine = set(ids)
    labels, starts = [], []
    for ln in lines:
        lab = [words[i].text for i in ln.word_ids if i in mine and words[i].bbox.x1 <= x + LABEL_SLACK]
        rest = [words[i].bbox.x0 for i in ln.word_ids if i in mine and words[i].bbox.x1 > x + LABEL_SLACK]
        if lab and rest:
            labels.append(" ".join(lab))
            starts.append(min(rest))
    if len(labels) < MIN_LABELS or any(len(lab.split()) > KEY_WORDS for lab in labels):
        return False
    if max(starts) - min(starts) > VALUE_EDGE:
        return False  # the texts beside the labels are not set flush: running text around notes
    return all(starts_item(lab) for lab in labels)


def starts_item(label: str) -> bool:
    """Can ``label`` start a table's row: it begins with a capital or a digit (a lower-case
    word continues running text; "/Type" or "%" is code) and is no enumerator or list marker?"""
    return bool(label) and (label[0].isupper() or label[0].isdigit()) and not ENUMERATOR.match(label) \
        and not list_marker(label)


PAIR_EDGE = 1.5  # pt: the two lines' pieces start (or end) this close, column by column


def pair_block(words: Sequence[Word], pair: Sequence[Line], segs_of: dict[int, list[Segment]],
                ids: Sequence[int]) -> bool:
    """Is a run of two lines a small table of its own (bank details, a two-row totals box)?
    Both in two pieces (a label and its value: a row of three or more columns under a header
    is one row short of a table), none running text (four or more words, three of them
    alphabetic), the first column labels (at most one of its two pieces with a digit:
    two address lines side by side, "333 3rd Ave | INVOICE # 100", are layout), and every
    column's pieces starting or ending at one x (labels flush left, amounts flush right).
    Two label-amount pairs side by side on both lines (``_side_pairs``) are such a block too."""
    a, b = (sorted(segs_of.get(k, []), key=lambda s: s.x0) for k in ids)
    if len(a) == len(b) == 2 * SIDE_PAIRS and _side_pairs(words, a, b):
        return all(abs(p.x0 - q.x0) <= PAIR_EDGE or abs(p.x1 - q.x1) <= PAIR_EDGE for p, q in zip(a, b, strict=True))
    if len(a) != 2 or len(b) != 2:
        return False
    if any(sum(words[i].text.isalpha() for i in s.word_ids) >= 3 and len(s.word_ids) >= 4 for s in (*a, *b)):
        return False
    if all(any(ch.isdigit() for i in s.word_ids for ch in words[i].text) for s in (a[0], b[0])):
        return False
    return all(abs(p.x0 - q.x0) <= PAIR_EDGE or abs(p.x1 - q.x1) <= PAIR_EDGE for p, q in zip(a, b, strict=True))


SIDE_PAIRS = 2  # label-value pairs side by side on each line of a two-line block ("Weekday 120  Weekend 150")


def _side_pairs(words: Sequence[Word], a: Sequence[Segment], b: Sequence[Segment]) -> bool:
    """Are both lines label-value pairs side by side: pieces alternating a label (no digit)
    and a value (an amount)? A rate box of two rows ("Weekday 120 | Weekend 150" over
    "Holiday 180 | Evening 90") is a table, where two lines of words and codes are layout."""
    def text(s: Segment) -> str:
        return " ".join(words[i].text for i in s.word_ids)
    return all(not any(ch.isdigit() for ch in text(s)) if k % 2 == 0 else is_number(text(s))
               for line in (a, b) for k, s in enumerate(line))


def header_over(head: Line, first: Line, head_gaps: list[tuple[float, float]],
                 gaps: list[tuple[float, float]]) -> bool:
    """Is ``head`` the header of a narrow table whose first row is ``first``: close above it,
    in as many pieces, parted by gaps narrower than a body column gap (a short header over a
    narrow column: "Name  Value") that lie in the row's gaps?"""
    if len(head_gaps) != len(gaps) or not gaps or first.bbox.y0 - head.bbox.y1 > 0.5 * head.bbox.height:
        return False
    return all(g0 <= h1 and h0 <= g1 for (h0, h1), (g0, g1) in zip(head_gaps, gaps, strict=True))


def row_over(line: Line, first: Line, second: Line, line_gaps: list[tuple[float, float]],
             gaps: list[tuple[float, float]]) -> bool:
    """Is ``line`` the first row of the run whose first two rows are ``first`` and ``second``,
    though its gaps are all narrower than a body column gap? A table sized to its content
    (prawn-table's natural column widths) leaves its widest label only the cells' padding
    from the next column ("Invoice no.  INV-22577" over "Date       25.03.2025"): in as many
    pieces as ``first``, its narrow gaps lying in ``first``'s gaps, and set at the run's own
    pitch (its top as far over ``first``'s as ``first``'s over ``second``'s, within
    ``PITCH_SLACK``): a row of the table, not a title over it."""
    if len(line_gaps) != len(gaps) or not gaps:
        return False
    s1, s2 = first.bbox.y0 - line.bbox.y0, second.bbox.y0 - first.bbox.y0
    if min(s1, s2) <= 0 or abs(s1 - s2) > PITCH_SLACK * max(s1, s2):
        return False
    return all(g0 <= h1 and h0 <= g1 for (h0, h1), (g0, g1) in zip(line_gaps, gaps, strict=True))


PITCH_SLACK = 0.1  # share of a row step by which two steps of one table's rows may differ
