"""A two-column block of labels and their texts is a table, not a paragraph.

An aligned block of two columns whose lines hold many words reads as prose set in two
columns (a hanging indent, a note beside its marker). A definitions or key-value table
looks alike ("T1 | Tumor 2 cm or less in greatest dimension limited to the thyroid"),
and what tells it apart is its first column: a narrow column of short labels, each of
one or two words, none of them an enumerator ("[18]", "1.", "a)", "iv.": a numbered list's
markers, and a reference list is a list), each starting with a capital or a digit (a
margin note's wrapped lines beside running text start in lower case), and the texts beside
them set flush at one x.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..text import list_marker
from ..types import Grid, Word
from .columns import Line

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
