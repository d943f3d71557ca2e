"""What stands between two horizontal rules: the end of one table and the start of the next.

Two tables set one under the other in one style share their rules' extent and often their
columns, so the rules alone group them as one. The text between them tells them apart: when
every line between two rules is in one piece (no row of cells) and one of them is a heading,
a caption ("Table 2"), a continuation marker or a sentence, and the first line under the
lower rule is a header row (two or more pieces, mostly words), the lower rule starts a new
table. A section label inside a table (one piece, bold) is followed by rows of amounts, not
by a header, and keeps its table whole.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from ..multipage.continuation import MARKER
from ..multipage.markers import NOTE, captioned
from ..numbers import is_number
from ..text import ideographs
from ..types import Rect, Rule, Word
from ..units import unit_line
from .columns import Line, Segment
from .justified import justified_line

APART = 0.5  # line heights of white space between a heading and the table above it, at least
CAP_HEIGHT = 0.72  # x the type size: capitals' height over the baseline (Helvetica 0.72, Times 0.66; the lower reads more white)
HEADING_SIZE = 1.1  # x the page's usual type size (or line height, in regions): a heading's type is larger
# Why no user would change these: they are measured in the page's own line heights, type
# sizes and rule lengths, so they hold for any producer; none has needed another value.
SIZE_EPS = 0.01  # pt: type sizes equal up to the rounding of the PDF's text matrix
MIN_HEIGHT = 1.0  # pt: the smallest line height distances are measured against (a line of dots or rules)
LEFT_REACH = 2  # line heights from the rules' left end within which a heading starts
CENTRED = 0.05  # share of the rules' width within which a centred heading's centre lies
SENTENCE_WORDS = 3  # words of a one-piece line ending in a full stop or colon that make a sentence
# ... or ideographs (Chinese and Japanese set no spaces between words: a sentence is one "word")
SENTENCE_IDEOGRAPHS = 6
AMOUNTS_DIV = 3  # a header row's words are at most 1/this amounts (years are labels)
LINE_SLACK = 1  # pt a line may reach above a rule (or a box's bottom) and still stand under it
HEADER_REACH = 2  # line heights under the lower rule within which the next table's header starts
BESIDE_GUTTER = 3  # line heights between a table's rules' right end and a table set beside it, at least
BESIDE_NOTE = " (the header under it shares its line with a table set beside it)"
HEADER_LINES = 2  # lines of a header row set over the rule under it (a header over two lines)
INNER = 5.0  # pt a column rule stands inside both rules' ends (a frame's or a box's sides are no column rules)
YEAR = re.compile(r"^(?:19|20)\d\d[a-z]?$")  # a year in a header row is a label, not an amount
SENTENCE_END = (".", ":", "。", "：", ";")
# A unit line opens with its label, "in" or a bracket ("单位：元", "(단위: 백만원)", "Unit: USD thousand",
# "in USD thousands", "(€ million)"); a column label naming its unit ("Amount (USD)") does not.
UNIT_START = re.compile(r"^\s*[(（\[]?\s*(?:单位|單位|単位|단위|units?\b|currency\b|币种|幣種|"
                        r"(?:amounts?\s+|figures\s+|expressed\s+)?in\b)|^\s*[(（\[]", re.IGNORECASE)
ASIDE = ("a unit line", "a note")
# A section's number before its title ("5.", "2.3", "A.1"): set apart from the title by a wide
# space, it makes a heading's line two pieces.
SECTION_NUMBER = re.compile(r"^(?:\d{1,2}(?:\.\d{1,2}){0,3}|[A-Z](?:\.\d{1,2}){1,3})\.?$")  # kinds of line set beside a table, flush right or in small type


class LineFacts:
    """Per text line of a page (indices of ``lines``): whether a one-piece line reads as a
    heading, caption, marker or sentence (``heading(k)``: the reason, "" when it does not),
    whether it reads so by its words (``strong(k)``), and whether a line reads as a header row
    (``header(k)``). Worked out on first asking and kept: only the lines beside a gap between
    rules are ever asked about (a page has hundreds of lines, a few such gaps)."""

    def __init__(self, words: Sequence[Word], lines: Sequence[Line], segs: Sequence[Segment],
                 sizes: Sequence[float]) -> None:
        self._words, self._lines, self._sizes = words, lines, sizes
        self._pieces = [0] * len(lines)
        self._spans: list[list[tuple[float, float]]] = [[] for _ in lines]
        self._sizes_in_words: list[list[int]] = [[] for _ in lines]
        for s in segs:
            self._pieces[s.line] += 1
            self._spans[s.line].append((s.x0, s.x1))
            self._sizes_in_words[s.line].append(len(s.word_ids))
        self._usual = sorted(sizes)[len(sizes) // 2] if sizes else 0.0
        self._first: dict[int, tuple[int, ...]] = {}  # each line's leftmost piece's words
        for s in sorted(segs, key=lambda s: -s.x0):  # right to left: the leftmost piece is set last
            self._first[s.line] = s.word_ids
        self._heading: dict[int, str] = {}
        self._header: dict[int, bool] = {}
        self._justified: dict[int, bool] = {}

    def heading(self, k: int) -> str:
        if k not in self._heading:
            size = self._sizes[k] if self._sizes else 0.0
            pieces = 1 if self.numbered(k) else self._pieces[k]
            self._heading[k] = _heading(self._words, self._lines[k], pieces, size, self._usual)
        return self._heading[k]

    def numbered(self, k: int) -> bool:
        """Is line ``k`` a numbered heading: two pieces, the first its section number alone
        (``SECTION_NUMBER``), the second a title (a word first, no amount), every word bold or
        in larger type? One piece to ``heading``: the wide space after the number is no column."""
        if self._pieces[k] != 2 or len(self._first.get(k, ())) != 1:
            return False
        larger = self._usual > 0 and self.size(k) >= HEADING_SIZE * self._usual - SIZE_EPS
        return numbered_title([self._words[i] for i in self._lines[k].word_ids], larger)

    def size(self, k: int) -> float:
        """Line ``k``'s type size (pt), 0 when the page's sizes are not known."""
        return self._sizes[k] if self._sizes else 0.0

    def header(self, k: int) -> bool:
        if k not in self._header:
            self._header[k] = _header(self._words, self._lines[k], self._pieces[k])
        return self._header[k]

    def justified(self, k: int, min_words: int) -> bool:
        """Is line ``k`` one justified line of a paragraph: all its words (``min_words`` or
        more) parted by equal stretched spaces, the paragraph going on below it
        (``justified.justified_line``)? Its spaces cut it into as many pieces as words."""
        if k not in self._justified:
            self._justified[k] = justified_line(self._words, self._lines, k, min_words)
        return self._justified[k]

    def crosses(self, k: int, x: float) -> bool:
        """Does a piece of line ``k`` run across ``x`` (pt), by more than ``LINE_SLACK``?"""
        return any(x0 < x - LINE_SLACK and x1 > x + LINE_SLACK for x0, x1 in self._spans[k])

    def texts(self, k: int, x0: float = -math.inf, x1: float = math.inf) -> list[str]:
        """The words of line ``k`` centred in [``x0``, ``x1``] (pt), left to right."""
        ws = sorted((self._words[i] for i in self._lines[k].word_ids), key=lambda w: w.bbox.x0)
        return [w.text for w in ws if x0 <= w.bbox.cx <= x1]

    def amounts(self, k: int, x0: float = -math.inf, x1: float = math.inf) -> int:
        """Words of line ``k`` centred in [``x0``, ``x1``] (pt) that are amounts (years are labels)."""
        return sum(is_number(t) and not YEAR.match(t) for t in self.texts(k, x0, x1))

    def spans(self, k: int) -> list[tuple[float, float]]:
        """The x extents (pt) of line ``k``'s pieces, left to right."""
        return self._spans[k]

    def prose_across(self, k: int, x: float, min_words: int, slack: float = LINE_SLACK) -> bool:
        """Does a piece of line ``k`` of ``min_words`` words or more run across ``x`` (pt, by
        ``slack``)? A paragraph's line opening with a run-in heading ("Discussion  The
        figures ...") is two pieces, its prose the second."""
        return any(x0 < x - slack and x1 > x + slack and n >= min_words
                   for (x0, x1), n in zip(self._spans[k], self._sizes_in_words[k], strict=True))

    def words_within(self, k: int, x0: float, x1: float) -> int:
        """Words of line ``k``'s longest piece lying wholly inside [``x0``, ``x1``] (pt, by
        ``LINE_SLACK``); 0 when no piece does."""
        return max((n for (a, b), n in zip(self._spans[k], self._sizes_in_words[k], strict=True)
                    if a >= x0 - LINE_SLACK and b <= x1 + LINE_SLACK), default=0)

    def strong(self, k: int) -> bool:
        return self.heading(k).startswith(("a caption", "a continuation", "a sentence", *ASIDE))

    def aside(self, k: int) -> bool:
        """A unit line or a note: it stands where it may (flush right, in small type), not
        where a heading does."""
        return self.heading(k).startswith(ASIDE)


def numbered_title(ws: Sequence[Word], larger: bool = False) -> bool:
    """Are the words ``ws`` of a line in two pieces, its number alone first, a numbered heading:
    a section number (``SECTION_NUMBER``), then a title (a word first, no amount), every word
    bold or the line in ``larger`` type than the page's usual?"""
    ws = sorted(ws, key=lambda w: w.bbox.x0)
    if len(ws) < 2 or not SECTION_NUMBER.match(ws[0].text) or not ws[1].text[:1].isalpha():
        return False
    return not any(is_number(w.text) for w in ws[1:]) and (larger or all(w.bold for w in ws))


def line_facts(words: Sequence[Word], lines: Sequence[Line], segs: Sequence[Segment],
               sizes: Sequence[float]) -> LineFacts:
    """The heading and header facts of every line (worked out when asked)."""
    return LineFacts(words, lines, segs, sizes)


def _apart(ln: Line, upper: float, body: float, size: float = 0.0) -> bool:
    """Is there half a ``body`` line's height (pt) of white space or more between the upper rule and
    the line? A heading stands apart from the table above it; a table's spanning label sits
    in a ruled band. With the line's type ``size`` (pt) the white is measured down to its
    capitals: a larger heading's line box reaches higher over its ink than the body's (the
    font's ascent grows with the type), white a reader sees as white."""
    top = max(ln.bbox.y0, ln.baseline - CAP_HEIGHT * size)
    return top - upper >= APART * body


def _placed(ln: Line, x0: float, x1: float) -> bool:
    """Does a line set apart by its type alone stand where a heading does: at the left end of
    the rules or left of it (flush with the page's text, over a table centred on the page: no
    cell of a table stands outside its rules), or centred on them? A spanning column header
    ("Year" over the year columns) stands over its columns."""
    em = max(ln.bbox.height, MIN_HEIGHT)
    return ln.bbox.x0 - x0 <= LEFT_REACH * em or abs(ln.bbox.cx - (x0 + x1) / 2) <= CENTRED * (x1 - x0)


def _over_next(ln: Line, x0: float, lower: tuple[float, float] | None) -> bool:
    """Is ``ln`` centred over the lower rule (its ends ``lower``, pt), a rule starting at the rules'
    left end ``x0`` (within a line height): a title centred over the next, narrower table, as a
    sheet centres a block's title over its columns? A spanning label's underline (a cmidrule)
    starts right of the table's first column, under the label it underlines."""
    if lower is None or abs(lower[0] - x0) > max(ln.bbox.height, MIN_HEIGHT):
        return False
    return abs(ln.bbox.cx - (lower[0] + lower[1]) / 2) <= CENTRED * (lower[1] - lower[0])


def _heading(words: Sequence[Word], ln: Line, n_pieces: int, size: float, usual: float) -> str:
    if n_pieces != 1:
        return ""
    ws = [words[i] for i in ln.word_ids]
    text = " ".join(w.text for w in ws)
    said = by_words(text, len(ws))
    if said:
        return said
    if usual > 0 and size >= HEADING_SIZE * usual - SIZE_EPS:
        return f"a heading in larger type (\"{short_text(text)}\")"
    if all(w.bold for w in ws) and not any(is_number(w.text) for w in ws):
        return f"a heading in bold type (\"{short_text(text)}\")"
    return ""


def by_words(text: str, n_words: int) -> str:
    """What a line in one piece (``text``, of ``n_words`` words) is by its words alone: a
    caption, a continuation marker, a unit line, a note or a sentence (its description), or
    "" (a label, a heading told by its type only)."""
    if captioned(text):
        return f"a caption (\"{short_text(text)}\")"
    if MARKER.search(text):
        return f"a continuation marker (\"{short_text(text)}\")"
    if UNIT_START.match(text) and unit_line(text) is not None:
        return f"a unit line (\"{short_text(text)}\")"
    if NOTE.match(text):
        return f"a note (\"{short_text(text)}\")"
    if (n_words >= SENTENCE_WORDS or ideographs(text) >= SENTENCE_IDEOGRAPHS) and text.rstrip().endswith(SENTENCE_END):
        return f"a sentence (\"{short_text(text)}\")"
    return ""


def header_words(texts: Sequence[str]) -> bool:
    """Are these a header row's words: at most a third of them amounts (years are labels)?"""
    amounts = sum(is_number(t) and not YEAR.match(t) for t in texts)
    return amounts * AMOUNTS_DIV <= len(texts)


def _header(words: Sequence[Word], ln: Line, n_pieces: int) -> bool:
    """Two or more pieces of words: at most a third of them amounts (years are labels)."""
    return n_pieces >= 2 and header_words([words[i].text for i in ln.word_ids])


def short_text(text: str) -> str:
    """``text`` cut to 40 characters for a reason."""
    return text if len(text) <= 40 else text[:37] + "..."


def heading_between(facts: LineFacts, lines: Sequence[Line], n_segments: Sequence[int], between: Sequence[int],
                    upper: float, lower: float, x0: float, x1: float, unruled: bool = False,
                    underline: tuple[float, float] | None = None, rules: Sequence[Rule] = (),
                    upper_ends: tuple[float, float] | None = None) -> str:
    """Why the lines ``between`` two rules end one table and start the next (the heading's
    description), or "" when they do not: a heading (one piece) over a header row, the first
    line under the lower rule inside [x0, x1], every line between the rules in one piece (a
    numbered heading's number and title count as one, ``LineFacts.numbered``).

    With ``unruled`` the tables' outer rules may be missing: the lines over the heading may
    be the upper table's last, unruled rows (in pieces), and the lines between the heading and
    the lower rule (``HEADER_LINES`` at most, the first a header row) the next table's header
    ruled only under it, or only under its spanning label: the lower rule's ends ``underline``
    (pt) inside the header row, which then may reach past the rules. ``upper`` is the y of the
    upper rule. With the page's horizontal ``rules``, a heading set close under the upper rule
    still parts the tables when the next one opens with its own head rule (``opens_again``).
    The header row may also reach past the rules' right end as the row of a table set beside
    the next one, on the same page line (``_beside_table``); the description then says so.
    With the upper rule's ends ``upper_ends`` (pt), a heading close under it also parts the
    tables when the next one is of its own width (``own_width``)."""
    ks = sorted(between, key=lambda k: lines[k].bbox.y0)

    def one(k: int) -> bool:  # one piece, or a numbered heading's number and title
        return n_segments[k] < 2 or facts.numbered(k)

    singles = [i for i, k in enumerate(ks) if one(k)]
    if not singles or (not unruled and len(singles) < len(ks)):
        return ""
    last = singles[-1]
    tail = ks[last + 1:]
    start = last
    while start > 0 and one(ks[start - 1]):
        start -= 1
    held = bool(tail) and (_within(lines[tail[0]], x0, x1) or _spanner_rule(lines[tail[-1]], lower, underline))
    beside = bool(tail) and not held and _beside_table(facts, tail[0], lines[tail[0]], x0, x1)
    if tail and (len(tail) > HEADER_LINES or not facts.header(tail[0]) or not (held or beside)):
        return ""
    b = lines[tail[0]].bbox if tail else _header_under(facts, lines, lower, x0, x1)
    if b is None:
        return ""
    for i in range(start, last + 1):
        k = ks[i]
        # Apart from the upper rule, or from the upper table's last row when it is unruled.
        above = upper if start == 0 else lines[ks[i - 1]].bbox.y1
        # Under rows in pieces, a one-piece sentence may be a wrapped cell's last line (a
        # goal's "... by the end of 2025." in its column): there a heading must also stand
        # where headings do and apart from the row above, whatever its kind.
        strong = facts.strong(k) and start == 0
        placed = facts.aside(k) or _placed(lines[k], x0, x1) or _over_next(lines[k], x0, underline)
        if not facts.heading(k) or not (strong or placed):
            continue
        if strong or _apart(lines[k], above, b.height, facts.size(k)):
            return facts.heading(k) + (BESIDE_NOTE if beside else "")
        if start == 0 and not tail and opens_again(lines, rules, upper, lower, b, x0, x1):
            return (f"{facts.heading(k)} set close under the rule (the next table opens as the upper one "
                    "does, its header row ruled off under it)")
        if start == 0 and not tail and own_width(upper_ends, underline, b):
            return (f"{facts.heading(k)} set close under the rule (the next table is of its own width: its "
                    "top edge starts where the upper table's bottom rule does and ends elsewhere, its header "
                    "row within it)")
    return ""


def own_width(upper: tuple[float, float] | None, lower: tuple[float, float] | None, head: Rect) -> bool:
    """Is the table under the lower rule (its ends ``lower``, pt) one of its own width, not the
    upper table's next rows: both rules start at one left edge (within a line height: tables
    set flush with the text column), their right ends ``HEADER_REACH`` line heights or more
    apart, and the header row ``head`` under the lower rule within its ends? A word processor
    sizes each table to its columns and sets the heading between them with no white over it;
    a table's section label sits between rules of the table's one width, and a spanning
    label's underline (a cmidrule) is narrower than the header row under it."""
    if upper is None or lower is None:
        return False
    em = max(head.height, MIN_HEIGHT)
    return abs(upper[0] - lower[0]) <= em and abs(upper[1] - lower[1]) >= HEADER_REACH * em \
        and head.x0 >= lower[0] - em and head.x1 <= lower[1] + em


def opens_again(lines: Sequence[Line], rules: Sequence[Rule], upper: float, lower: float, head: Rect,
                x0: float, x1: float) -> bool:
    """Does the next table open as a table does (pt throughout): its header row ``head``, right
    under the lower rule, ruled off under it by a rule across [x0, x1] within ``HEADER_REACH``
    line heights, while the upper table's last rows, over the upper rule, are not each ruled
    (two lines or more over it before the rule above them)? A heading close under a table's
    bottom rule is then the next table's title, though no white sets it apart: a section label
    in a table ruled row by row sits in a band like every row's, and the rows under a table's
    section label are no header ruled off from rows."""
    reach = HEADER_REACH * head.height
    wide = [r for r in rules if r.orient == "h" and r.start <= x0 + reach and r.end >= x1 - reach]
    if not any(head.y1 - LINE_SLACK <= r.pos <= head.y1 + reach and r.pos > lower + LINE_SLACK for r in wide):
        return False
    above = max((r.pos for r in wide if r.pos < upper - LINE_SLACK), default=-math.inf)
    rows = [ln for ln in lines if above < ln.baseline < upper and ln.bbox.x1 > x0 and ln.bbox.x0 < x1]
    return len(rows) >= 2


def nothing_over(lines: Sequence[Line], upper: float, x0: float, x1: float, body: float) -> bool:
    """Does no text line end over the rule at ``upper`` (pt) within ``OVER_REACH`` ``body`` line
    heights (pt), across [x0, x1]? A table's last row sits a line or less over its bottom rule;
    with none there the rule ends no table: a heading under it is no heading *between* tables,
    only over the next one (what explain says)."""
    return not any(ln.bbox.y1 <= upper + LINE_SLACK and upper - ln.bbox.y1 < OVER_REACH * body
                   and ln.bbox.x1 > x0 and ln.bbox.x0 < x1 for ln in lines)


OVER_REACH = 2.0  # line heights over a rule a table's last row would end within


def _within(ln: Line, x0: float, x1: float) -> bool:
    """Does a header row stand within the rules' ends? A row reaching past them (a stub
    column left of a spanner's rules) is the same table's header under a spanning label."""
    b = ln.bbox
    return b.x0 >= x0 - b.height and b.x1 <= x1 + b.height


def _beside_table(facts: LineFacts, k: int, ln: Line, x0: float, x1: float) -> bool:
    """Does header row ``k`` (line ``ln``) reach past the rules' right end ``x1`` only as
    another table's row on the same baseline? Two tables set side by side (two bounding boxes,
    two floats) put their header rows on one page line: every piece beyond ``x1`` starts
    ``BESIDE_GUTTER`` line heights or more right of it, none runs across ``x0`` or ``x1``, none
    stands left of ``x0``. A stub column left of a spanner's rules, or a column heading right of
    them, stands a column gap from them; the row's part within the rules is the header."""
    b, spans = ln.bbox, facts.spans(k)
    if b.x0 < x0 - b.height or facts.crosses(k, x0) or facts.crosses(k, x1):
        return False
    beyond = [a for a, _ in spans if a > x1]
    return bool(beyond) and min(beyond) - x1 >= BESIDE_GUTTER * b.height \
        and any(a >= x0 - b.height and e <= x1 + b.height for a, e in spans)


def _spanner_rule(ln: Line, lower: float, underline: tuple[float, float] | None) -> bool:
    """Is the lower rule (at ``lower``, from ``underline[0]`` to ``underline[1]``, pt) drawn right
    under a header row and inside its ends: the underline of a spanning label in that row
    ("Price" over "Qty", "Unit", "Amount"), not the bottom of a table the row reaches past?"""
    if underline is None:
        return False
    b = ln.bbox
    close = -LINE_SLACK <= lower - b.y1 <= HEADER_REACH * b.height
    return close and b.x0 < underline[0] - b.height and b.x1 > underline[1] + b.height


def _header_under(facts: LineFacts, lines: Sequence[Line], lower: float, x0: float, x1: float) -> Rect | None:
    """The box of the first line under the lower rule inside [x0, x1] when it is a header
    row standing right under the rule, else None."""
    under = [k for k, ln in enumerate(lines) if ln.bbox.y0 >= lower - LINE_SLACK and ln.bbox.x1 > x0 and ln.bbox.x0 < x1]
    first = min(under, key=lambda k: lines[k].bbox.y0, default=None)
    if first is None or not facts.header(first):
        return None
    b = lines[first].bbox
    if b.y0 - lower > HEADER_REACH * b.height or not _within(lines[first], x0, x1):
        return None
    return b
