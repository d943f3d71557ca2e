"""What ends a table's growth down (``grow.extend_down``) by its words: the table's foot or
caption, a numbered section heading set apart under it, or a heading without a number set
apart over prose or the next table's header row.

A line under a table's last row may pass for a row of it: a longtable's "Continued on next
page" foot, or a caption, under a box of a header alone (no column gaps to test it against);
a section heading ("3.2 Results") whose number and title stand apart as two pieces, the
number in the first column. By their words and their setting they are none of the table's
rows. A heading without a number ("Regional results", "Cash flow") is one piece, like a
section label of the table's own; set apart, in heading type, and followed by prose or by
the next table's header row, it is no label (``heading_over``). ``why_ended`` says which,
for explain.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..multipage.markers import MARKER, captioned
from ..numbers import is_number
from ..totals import SUBTOTAL, TOTAL
from ..types import Word
from .aligned import PROSE_WORDS
from .between import HEADING_SIZE, SECTION_NUMBER, header_words
from .columns import Line

# A table's caption label: the word, then a number ("Table 2", "Table A.1:", "Exhibit IV -"); a
# header cell "Table" beside "Name" is none.
TABLE_LABEL = re.compile(r"^\s*(?:table|tab\.|exhibit|tabelle|tableau|tabla|表)\s*(?:[A-Z][.\-]?)?(?:\d+|[IVX]+\b)"
                         r"(?:[.\-]\d+)*\s*(?:[:.\-\u2013\u2014]|\s|$)", re.IGNORECASE)
# A section's number: "5", "3.2", "4.1.3.", "A.1" (a letter alone is a word, "A").


def foot_line(words: Sequence[Word], ln: Line) -> bool:
    """Is the line ``ln`` by its words a continuation marker ("Continued on next page",
    "(continued)") or a caption ("Table 3: ...")? Set under a table's last row (a longtable's
    foot on each page but the last, a caption below), one piece, it would otherwise pass for
    that row's cell wrapped onto a next line: a box of a header alone shows no column gaps, so
    its one column is the table's width and the row above fills it."""
    text = " ".join(words[i].text for i in ln.word_ids)
    return bool(MARKER.search(text) or captioned(text))


def section_heading(words: Sequence[Word], ln: Line, prev: Line, pitch: float) -> bool:
    """Is ``ln`` a numbered section heading under the table whose last line is ``prev``?

    Its first word is a section number (``SECTION_NUMBER``) followed by a title (a word, no
    amount after it); it is set in heading type (every word bold, or type ``HEADING_SIZE`` times
    the line above's); and more white stands above it than the table's row ``pitch`` (pt,
    baseline to baseline): a row of the table follows the one above at its pitch. Larger type
    alone says nothing (a form's field labels may be larger), nor does a number before a word
    (a numbered list's rows): the three together are a heading's."""
    ws = [words[i] for i in sorted(ln.word_ids, key=lambda i: words[i].bbox.x0)]
    if len(ws) < 2 or not SECTION_NUMBER.match(ws[0].text) or not ws[1].text[:1].isalpha():
        return False
    if any(is_number(w.text) for w in ws[1:]) or ln.bbox.y0 - prev.bbox.y1 <= pitch:
        return False
    above = max(words[i].font_size for i in prev.word_ids)
    return all(w.bold for w in ws) or min(w.font_size for w in ws) > HEADING_SIZE * above


def heading_over(words: Sequence[Word], ln: Line, table: Sequence[Line], after: Line, after_pieces: int) -> bool:
    """Is the one-piece line ``ln`` under the table whose lines are ``table`` (its last line
    last) a heading without a number, ``after`` (in ``after_pieces`` pieces) the line under it?

    No amount and no total label in it ("Total" is the table's own row); more white above it than
    the table's row pitch (``section_heading``), or, closer, type larger than any of the table's
    and than the header row under it (a section label at the rows' pitch is in their type); set larger than the table's body type
    (``HEADING_SIZE``), or bold over a body that is not; and followed by prose or by a header
    row (two or more pieces, mostly words: ``between.header_words``), in bold when the heading
    is bold only (a bold section label of a table of words set apart is followed by rows in
    the body's type). A section label of the table's own is followed by its rows of amounts."""
    ws = [words[i] for i in ln.word_ids]
    body = [words[i] for t in table for i in t.word_ids]
    text = " ".join(w.text for w in ws)
    if not ws or not body or any(is_number(w.text) for w in ws) or TOTAL.match(text) or SUBTOTAL.match(text):
        return False
    sizes = sorted(w.font_size for w in body)
    larger = min(w.font_size for w in ws) > HEADING_SIZE * sizes[len(sizes) // 2]
    bold = all(w.bold for w in ws) and 2 * sum(w.bold for w in body) < len(body)
    nxt = [words[i] for i in after.word_ids]
    if ln.bbox.y0 - table[-1].bbox.y1 <= row_pitch(table):
        # Set at the rows' pitch it may be a section label; only type larger than any of the
        # table's (a form's "Sign" over "Here" is one label) and than the header row under it
        # tells a heading over the next table.
        size = min(w.font_size for w in ws) / HEADING_SIZE
        return after_pieces >= 2 and header_words([w.text for w in nxt]) \
            and max(w.font_size for w in nxt) < size and sizes[-1] < size
    if after_pieces < 2:
        return (larger or bold) and len(nxt) >= PROSE_WORDS
    header = header_words([w.text for w in nxt])
    return header and (larger or (bold and all(w.bold for w in nxt)))


def paragraph_over(words: Sequence[Word], ln: Line, after: Line, after_pieces: int) -> bool:
    """Is the one-piece line ``ln`` the first line of a paragraph, ``after`` (in ``after_pieces``
    pieces) its next line? Running prose (``PROSE_WORDS`` words or more, one piece) followed by
    a line of the same measure: one piece, starting where it starts (within ``PARA_INDENT`` of its
    height), no wider than it (a paragraph's first line fills the measure, its last may stop
    short), in its type (size within ``PARA_SIZE`` pt, bold alike) at single spacing (baselines
    ``PARA_LEADING`` line heights apart at most). A heading is set apart from the prose under
    it by its type or its spacing, and is short."""
    ws, nxt = [words[i] for i in ln.word_ids], [words[i] for i in after.word_ids]
    if after_pieces != 1 or len(ws) < PROSE_WORDS or not nxt:
        return False
    h = ln.bbox.height
    if abs(after.bbox.x0 - ln.bbox.x0) > PARA_INDENT * h or after.bbox.x1 > ln.bbox.x1 + PARA_INDENT * h:
        return False
    if not 0 < after.baseline - ln.baseline <= PARA_LEADING * h:
        return False
    size, size_after = _median([w.font_size for w in ws]), _median([w.font_size for w in nxt])
    return abs(size - size_after) <= PARA_SIZE and all(w.bold for w in ws) == all(w.bold for w in nxt)


def _median(xs: Sequence[float]) -> float:
    return sorted(xs)[len(xs) // 2]


PARA_INDENT = 1.0  # line heights: a paragraph's next line starts this near its first (a first-line indent)
PARA_LEADING = 1.6  # line heights: a paragraph's baselines step this far at most (single or 1.5 spacing)
PARA_SIZE = 0.5  # pt: a paragraph's lines share one type size


def why_ended(words: Sequence[Word], ln: Line, pieces: int, prev: Line | None, pitch: float,
              table: Sequence[Line] = (), after: tuple[Line, int] | None = None) -> str:
    """What the line ``ln`` (in ``pieces`` pieces) under a table is by its words, when it ends the
    growth down ("" when nothing): "a continuation marker" or "a caption" (one piece) or "a numbered
    section heading" (under ``prev``, the table's last line, its rows ``pitch`` pt apart), or "a
    paragraph" (its first line, ``after`` its next: ``paragraph_over``), or "a
    heading" without a number (one piece under the table's lines ``table``, ``after`` the line
    under it and its pieces: ``heading_over``)."""
    if pieces < 2 and foot_line(words, ln):
        return "a continuation marker" if MARKER.search(" ".join(words[i].text for i in ln.word_ids)) else "a caption"
    if prev is not None and section_heading(words, ln, prev, pitch):
        return "a numbered section heading"
    if pieces == 1 and after is not None and paragraph_over(words, ln, *after):
        return "a paragraph"
    if pieces == 1 and table and after is not None and heading_over(words, ln, table, *after):
        return "a heading"
    return ""


def row_pitch(lines: Sequence[Line]) -> float:
    """The median baseline step (pt) between consecutive ``lines``; 0 with fewer than two."""
    steps = sorted(b.baseline - a.baseline for a, b in zip(lines, lines[1:], strict=False))
    return steps[len(steps) // 2] if steps else 0.0
