"""What ends a table's growth down (``grow.extend_down``) by its words: the table's foot or
caption, or a numbered section heading set apart under it.

A line under a table's last row may pass for a row of it: a longtable's "Continued on next
page" foot, or a caption, under a box of a header alone (no column gaps to test it against);
a section heading ("3.2 Results") whose number and title stand apart as two pieces, the
number in the first column. By their words and their setting they are none of the table's
rows. ``why_ended`` says which, for explain.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..multipage.markers import CAPTION, CAPTION_MORE, MARKER
from ..numbers import is_number
from ..types import Word
from .between import HEADING_SIZE
from .columns import Line

# A table's caption label: the word, then a number ("Table 2", "Table A.1:", "Exhibit IV -"); a
# header cell "Table" beside "Name" is none.
TABLE_LABEL = re.compile(r"^\s*(?:table|tab\.|exhibit|tabelle|tableau|tabla|表)\s*(?:[A-Z][.\-]?)?(?:\d+|[IVX]+\b)"
                         r"(?:[.\-]\d+)*\s*(?:[:.\-\u2013\u2014]|\s|$)", re.IGNORECASE)
# A section's number: "5", "3.2", "4.1.3.", "A.1" (a letter alone is a word, "A").
SECTION_NUMBER = re.compile(r"^(?:\d{1,2}(?:\.\d{1,2}){0,3}|[A-Z](?:\.\d{1,2}){1,3})\.?$")


def foot_line(words: Sequence[Word], ln: Line) -> bool:
    """Is the line ``ln`` by its words a continuation marker ("Continued on next page",
    "(continued)") or a caption ("Table 3: ...")? Set under a table's last row (a longtable's
    foot on each page but the last, a caption below), one piece, it would otherwise pass for
    that row's cell wrapped onto a next line: a box of a header alone shows no column gaps, so
    its one column is the table's width and the row above fills it."""
    text = " ".join(words[i].text for i in ln.word_ids)
    return bool(MARKER.search(text) or CAPTION.match(text) or CAPTION_MORE.match(text))


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


def why_ended(words: Sequence[Word], ln: Line, pieces: int, prev: Line | None, pitch: float) -> str:
    """What the line ``ln`` (in ``pieces`` pieces) under a table is by its words, when it ends the
    growth down ("" when nothing): "a continuation marker" or "a caption" (one piece) or "a numbered
    section heading" (under ``prev``, the table's last line, its rows ``pitch`` pt apart)."""
    if pieces < 2 and foot_line(words, ln):
        return "a continuation marker" if MARKER.search(" ".join(words[i].text for i in ln.word_ids)) else "a caption"
    if prev is not None and section_heading(words, ln, prev, pitch):
        return "a numbered section heading"
    return ""


def row_pitch(lines: Sequence[Line]) -> float:
    """The median baseline step (pt) between consecutive ``lines``; 0 with fewer than two."""
    steps = sorted(b.baseline - a.baseline for a, b in zip(lines, lines[1:], strict=False))
    return steps[len(steps) // 2] if steps else 0.0
