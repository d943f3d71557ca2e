"""What ends an aligned run of lines between two borderless tables: a title in heading type
(``Titles``), a caption, note, unit line, marker or sentence over the next table's header
(``Ends``). Read only when ``aligned.aligned_runs`` asks: a few lines of a few pages.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..numbers import is_number
from ..types import Word
from .aligned import PROSE_WORDS
from .between import by_words, header_words
from .columns import Line
from .ends import TABLE_LABEL


class Titles:
    """The lines without a column gap in heading type (``_title``), by index, read only when
    ``aligned_runs`` asks (a few lines of a few pages: most pages need none)."""

    def __init__(self, words: Sequence[Word], lines: Sequence[Line], gaps: Sequence[Sequence[tuple[float, float]]]) -> None:
        self.words, self.lines, self.gaps = words, lines, gaps

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and not self.gaps[n] and _title(self.words, self.lines[n])


class Ends:
    """The lines without a column gap that end an aligned run by their words (``by_words``: a
    caption, note, unit line, marker or sentence) over the next table's header row (a line
    in columns, mostly words), by index; ``said`` tells explain why."""

    def __init__(self, titles: Titles) -> None:
        self.t = titles

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and bool(self.said(n))

    def said(self, n: int) -> str:
        words, lines, gaps = self.t.words, self.t.lines, self.t.gaps
        if gaps[n] or n + 1 >= len(lines) or not gaps[n + 1]:
            return ""
        if not header_words([words[i].text for i in lines[n + 1].word_ids]) or _prose_piece(words, lines[n + 1],
                                                                                           gaps[n + 1]):
            return ""
        kind = by_words(line_text(words, lines[n]), len(lines[n].word_ids))
        return f"heading between tables: {kind} stands alone over the next table's header; one table ends " \
               "above it, the next starts below" if kind else ""


def _prose_piece(words: Sequence[Word], ln: Line, gaps: Sequence[tuple[float, float]]) -> bool:
    """Does a piece of ``ln`` between its column ``gaps`` hold ``PROSE_WORDS`` words or more
    (running text in a column beside, not a header's cell)?"""
    pieces: dict[int, int] = {}
    for i in ln.word_ids:
        k = sum(g1 <= words[i].bbox.x0 for _, g1 in gaps)
        pieces[k] = pieces.get(k, 0) + 1
    return max(pieces.values(), default=0) >= PROSE_WORDS


def _title(words: Sequence[Word], ln: Line) -> bool:
    """A line in heading type: every word bold and none a number, or a caption ("Table 2")."""
    ws = [words[i] for i in ln.word_ids]
    return bool(ws) and (all(w.bold and not is_number(w.text) for w in ws) or bool(TABLE_LABEL.match(line_text(words, ln))))


def line_text(words: Sequence[Word], ln: Line) -> str:
    return " ".join(words[i].text for i in ln.word_ids)
