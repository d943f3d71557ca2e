"""A table region grown over the text lines that continue it, down and up.

A group of stacked rules marks a table's body; its header often stands above the first rule
and its last rows below the last one (a totals row ruled only above, rows under the last
zebra band). Lines are taken while they keep the table's column structure; text running
across the region's sides or one of its column gaps (a footnote) ends it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..numbers import is_number
from ..params import ColumnParams
from ..types import Rect, Word
from ..units import whole_unit_line
from .between import HEADING_SIZE, SECTION_NUMBER, header_words, numbered_title
from .centred_heads import GROUP_CENTRED
from .columns import Line, Pieces, Segment, WordCentres, column_boundaries, segments
from .ends import TABLE_LABEL, foot_line, heading_over, row_pitch, why_ended
from .wrapped_rows import line_size

PARAGRAPH_GAP = 2.0  # line pitches of white before a line: more is a paragraph break, the table has ended
LABEL_WIDTH = 0.5  # a one-piece line narrower than this share of the table may be a section label
WRAP_SPACING = 1.5  # ems between the baselines of a wrapped cell's lines, at most (single spacing)
CENTRED_LINES = 2  # lines above a wrapped cell line its cell's text may stand (a centred cell's line between)
WORD_SPACE_EM = 0.25  # a word space: what a wrapped word would have needed after the text above it
HEADER_SPACING = 1.2  # line heights between stacked header lines, at most
SIDE_SLACK = 3  # pt a word may stand past the table's side and still be inside it
CELL_WIDTH = 0.25  # share of the table's width a wrapped header cell's last line takes at most
MIN_GAP_LINES = 3  # lines a box needs before its column gaps say anything (a header alone does not)
GROUP_DEPTH = 2.0  # line heights under a group label's line its sub-headers' line may stand, at most
GROUP_TOUCH = 0.25  # line heights of white under a group label's line, at most (it stands half a row over the next)
PADDED_ROWS = 1.3  # x a cell's line step: a padded row's step, at least
PADDED_STEPS = 2  # row steps (``PADDED_ROWS`` times a cell's line step or more) a box with padded rows shows
LEADING_SLACK = 0.5  # pt a line's step may differ from the table's cell leading and be a cell's next line
LEFT_ALIGN = 1.0  # pt between the left edges of a cell's lines
SIZE_SLACK = 0.2  # pt between the type sizes of a cell's lines


def extend_down(box: Rect, words: Sequence[Word], min_gap: float, stop_y: float,
                centres: WordCentres | None = None, *, tol: float, one_band: bool = False,
                typed: bool = False) -> Rect:
    """Grow ``box`` downwards over the text lines that continue its table.

    Only words within the box's x range count, so a table in one column of a two-column
    page is followed down its own column. A line continues the table when it is close to
    the previous one and has two or more segments; a short one-piece line (a section
    label such as "Actual") continues it only when a tabular line follows. Text running
    across the box's side edges ends it, and so does a line with a piece running across
    one of the box's column gaps (a footnote under the table, not a row of it). Text lines
    are grouped at baseline tolerance ``tol`` (``rows.y_tolerance``). A box that is ``one_band``
    between two rules (a spreadsheet's filled header row, its cells wrapped over three lines or
    more, centred over right-aligned amounts) is a header alone: its white says nothing of the
    columns, and no line is tested against it. A ``typed`` box (a report printed from plain text,
    ``charrules``) ends at an empty line: more white than its tightest rows leave (``_row_white``).
    """
    wc = centres if centres is not None and centres.words is words else WordCentres(words)
    lines, crossers = _column_lines(words, wc, (wc.cy > box.y1) & (wc.y1 <= stop_y), box, tol)
    heights = sorted(ln.bbox.height for ln in lines) or [10.0]
    pitch = heights[len(heights) // 2]
    empty = min(_body_white(wc, box, tol, True), _row_white(lines, True)) if typed else float("inf")
    bottom, pending = box.y1, None  # pending: a one-piece line waiting for a tabular line under it
    in_row = False  # is the last line taken a row's line of cells, or one of its cells' next lines?
    above: list[Line] = []  # the last lines taken, nearest last (``CENTRED_LINES`` at most)
    gaps: list[float] | None = None
    unchecked = False  # is ``pending`` yet to be tested against the column gaps?
    for ln in lines:  # the pieces of the lines reached only: the walk mostly stops after a few
        if ln.bbox.y0 - bottom > min(PARAGRAPH_GAP * pitch, empty) or any(c.y0 < ln.bbox.cy < c.y1 for c in crossers):
            break
        pieces = segments(words, [ln], min_gap)
        n = len(pieces)
        if _ended(words, wc, box, ln, n, above, tol):
            break  # "Continued on next page", "Table 3: ...", "3.2 Results": the table's foot, caption, next section
        if n < 2 and not above:
            # One piece and no line taken yet: it is not a wrapped cell line (``_wrapped_from``
            # needs a line above), so it can only wait as a label or end the walk, and neither
            # moves the bottom. Whether it runs across a column gap (the walk would end here)
            # is asked only once a line under it is taken: the box's columns are made for the
            # walks that take a line, not for every box with a title or a paragraph under it.
            if pending is not None or ln.bbox.width >= LABEL_WIDTH * box.width:
                break
            pending, unchecked = ln, True
            continue
        if gaps is None:  # the box's columns, for a line the walk may take only
            gaps = [] if one_band else _column_gaps(wc, box, min_gap, tol)
        if unchecked and pending is not None and _across(words, pending, min_gap, gaps):
            break  # the label waiting ran across a column gap: the walk ended there
        if pending is not None and n >= 2 and heading_over(words, pending, [*wc.lines(wc.inside(box), tol), *above],
                                                           ln, n):
            break  # "Cash flow" set apart over the next table's header: a heading, no section label
        unchecked = False
        if _across(words, ln, min_gap, gaps, pieces):
            break
        edges = [box.x0, *gaps, box.x1]
        # A row's cell typed over lines: under a line of cells taken (or its cell's lines).
        cell_line = n == 1 and in_row and pending is None \
            and next_cell_line(above, ln, words, edges, cell_leading(wc, box, tol))
        if n >= 2 or cell_line or (n == 1 and _wrapped_from(above, ln, words, edges)):
            kept = [*above, *([pending] if pending is not None else []), ln]
            bottom, pending, above = ln.bbox.y1, None, kept[-CENTRED_LINES:]
            in_row = n >= 2 or cell_line
        elif pending is None and ln.bbox.width < LABEL_WIDTH * box.width:
            pending = ln
        else:
            break
    return Rect(box.x0, box.y0, box.x1, max(box.y1, bottom))


def _ended(words: Sequence[Word], wc: WordCentres, box: Rect, ln: Line, n: int, above: Sequence[Line],
           tol: float) -> bool:
    """Does the line ``ln`` (``n`` pieces) end the walk by its words (``ends.why_ended``)? The
    table's lines (``box``'s, then those taken, ``above``) give its last line and row pitch,
    read only for a line that opens with a section number."""
    first = words[min(ln.word_ids, key=lambda i: words[i].bbox.x0)].text
    if not SECTION_NUMBER.match(first):
        return bool(why_ended(words, ln, n, None, 0.0))
    table = [*wc.lines(wc.inside(box), tol), *above]
    return bool(why_ended(words, ln, n, table[-1] if table else None, row_pitch(table)))


def _across(words: Sequence[Word], ln: Line, min_gap: float, gaps: Sequence[float],
            pieces: Sequence[Segment] | None = None) -> bool:
    """Does a piece of ``ln`` (its ``pieces`` when made already) run across one of ``gaps``?"""
    own = segments(words, [ln], min_gap) if pieces is None else pieces
    return any(_runs_across(words, s, x) for s in own for x in gaps)


def _wrapped_from(above: Sequence[Line], ln: Line, words: Sequence[Word], edges: Sequence[float]) -> bool:
    """Is the one-piece line ``ln`` the next line of a cell of the lines ``above`` it (taken
    last, nearest last)? Single line spacing, inside one column, and its first word would not
    have fitted after that cell's text on its line: the column's width pushed it down. A table's
    last row whose label wraps ends in such a line. The cell's line is the nearest one above
    with words in that column: a line between holding only other columns' words is the row's
    vertically centred cells (fpdf2, Word), and the spacing allowed grows by one line per line
    stepped over."""
    first = words[ln.word_ids[0]]
    em = max(first.font_size, 1.0)
    col = next((c for c in range(len(edges) - 1) if edges[c] - 2 <= ln.bbox.x0 < edges[c + 1]), None)
    if col is None or ln.bbox.x1 > edges[col + 1] + 1:
        return False
    for k, line in enumerate(reversed(above[-CENTRED_LINES:])):
        cell = [words[i].bbox.x1 for i in line.word_ids if edges[col] - 2 <= words[i].bbox.cx < edges[col + 1]]
        if ln.baseline - line.baseline > (k + 1) * WRAP_SPACING * em:
            return False
        if cell:
            return max(cell) + WORD_SPACE_EM * em + first.bbox.width > edges[col + 1]
    return False


def cell_leading(wc: WordCentres, box: Rect, tol: float) -> float:
    """The step (pt) between the baselines of one cell's lines inside ``box``: the smallest
    step from a line to the next one starting at its left edge (within ``LEFT_ALIGN``: a
    cell's next line, or the next row's label; a cell centred beside a wrapped label stands
    between its lines and is stepped over), when the rows are padded (``PADDED_STEPS`` of
    those steps or more are ``PADDED_ROWS`` times it or more, so that step is a multi-line
    cell's, not a row's); 0 when the box shows none (rows set at the type's leading, or no
    multi-line cell)."""
    lines = wc.lines(wc.inside(box), tol)
    steps = sorted(s for s in (_aligned_step(lines, k) for k in range(len(lines))) if s > 0)
    if len(steps) < MIN_GAP_LINES or sum(d >= PADDED_ROWS * steps[0] for d in steps) < PADDED_STEPS:
        return 0.0
    return steps[0]


def _aligned_step(lines: Sequence[Line], k: int) -> float:
    """Baseline step (pt) from line ``k`` to the next line starting at its left edge, 0 when none."""
    x0 = lines[k].bbox.x0
    nxt = next((ln for ln in lines[k + 1:] if abs(ln.bbox.x0 - x0) <= LEFT_ALIGN), None)
    return nxt.baseline - lines[k].baseline if nxt is not None else 0.0


def next_cell_line(above: Sequence[Line], ln: Line, words: Sequence[Word], edges: Sequence[float],
                    leading: float) -> bool:
    """Is the one-piece line ``ln`` the next line of a multi-line cell of the line taken last
    (a label over two lines, a bullet under its product: a break typed in the cell, so its
    first word would have fitted above)? Inside one column, its left edge that cell's text's
    (within ``LEFT_ALIGN`` pt), in its type size, and set under it at the ``leading`` the
    table's own multi-line cells step by (``cell_leading``, within ``LEADING_SLACK`` pt): a
    footnote or a caption under a padded table steps further."""
    if leading <= 0 or not above:
        return False
    line = above[-1]
    col = next((c for c in range(len(edges) - 1) if edges[c] - 2 <= ln.bbox.x0 < edges[c + 1]), None)
    if col is None or ln.bbox.x1 > edges[col + 1] + 1 or abs(ln.baseline - line.baseline - leading) > LEADING_SLACK:
        return False
    cell = [words[i] for i in line.word_ids if edges[col] - 2 <= words[i].bbox.cx < edges[col + 1]]
    first = words[ln.word_ids[0]]
    return bool(cell) and abs(min(w.bbox.x0 for w in cell) - ln.bbox.x0) <= LEFT_ALIGN \
        and abs(cell[0].font_size - first.font_size) <= SIZE_SLACK


def extend_up(box: Rect, words: Sequence[Word], min_gap: float, stop_y: float, max_lines: int = 3,
              centres: WordCentres | None = None, *, tol: float, body: bool = False, typed: bool = False) -> Rect:
    """Grow ``box`` upwards over header lines sitting just above its first rule.

    At most ``max_lines`` lines, each close to the next and in two or more pieces inside
    the box's x range; a title (one piece) stops it, and so does a numbered heading (its number
    set apart: two pieces, ``between.numbered_title``) and a caption in several pieces
    ("Table A.1: 1980 Census Population by age groups", spaced out). A one-piece line under one piece of the
    header line above it (no wider than that piece) is that header cell's wrapped last line
    ("附" over "注" in a narrow column) and is taken with it; so is one centred over a group of
    the header's columns (``_heads_group``). A line wholly above the first rule
    that states a unit and nothing else ("单位：元  币种：人民币", "(in thousands of euros)",
    spaced out over the last columns) is the table's unit line: the grid starts at the rule.
    With ``body``, more white than the box's rows leave between them (``_body_white``) stops it:
    an empty row; with ``typed`` (a report printed from plain text, ``charrules``) more than its
    tightest rows leave: an empty line, the only way such a report parts a block from its table.
    """
    wc = centres if centres is not None and centres.words is words else WordCentres(words)
    lines, crossers = _column_lines(words, wc, (wc.cy < box.y0) & (wc.y0 >= stop_y), box, tol)
    top = box.y0
    white = _body_white(wc, box, tol, typed) if body or typed else float("inf")
    up = [(ln, segments(words, [ln], min_gap)) for ln in lines[::-1][:max_lines]]
    for k, (ln, own) in enumerate(up):
        gap = top - ln.bbox.y1
        if gap > HEADER_SPACING * ln.bbox.height or gap > white or any(c.y0 < ln.bbox.cy < c.y1 for c in crossers):
            break
        wraps = k + 1 < len(up) and _wraps_under(ln, own, up[k + 1], box)
        if len(own) < 2 and not wraps and not (gap <= GROUP_TOUCH * ln.bbox.height
                                               and heads_group(ln, own, box, words, wc, min_gap, tol)):
            break
        if len(own) == 2 and len(own[0].word_ids) == 1 and numbered_title([words[i] for i in ln.word_ids]):
            break  # "5.  Cash flow" in bold: a section's heading over the table, its number set apart
        text = " ".join(words[i].text for i in ln.word_ids)
        if TABLE_LABEL.match(text) or (len(own) < 2 and foot_line(words, ln)):
            break  # the table's caption (spaced out over the column gaps) or "Table (continued)": no header line
        if ln.bbox.y1 <= box.y0 and whole_unit_line(text) is not None:
            break  # "单位：元  币种：人民币" over the last columns: the table's unit line, no header line
        top = ln.bbox.y0
    return Rect(box.x0, min(top, box.y0), box.x1, box.y1)


EMPTY_ROW = 0.5  # line heights of white over a body's own step between its lines: an empty row
def _body_white(wc: WordCentres, box: Rect, tol: float, tightest: bool = False) -> float:
    """The most white a body's row step leaves between two lines above ``box`` (pt): the
    median white between the box's own lines (with ``tightest``, the least: a report printed
    from plain text sets its rows at one pitch, its rules and empty lines one line apart) plus
    ``EMPTY_ROW`` line height. More is an empty row (a sheet's next block starts above it)."""
    return _row_white(wc.lines(wc.inside(box), tol), tightest)


def _row_white(lines: Sequence[Line], tightest: bool) -> float:
    """``_body_white`` of the consecutive ``lines``."""
    whites = sorted(b.bbox.y0 - a.bbox.y1 for a, b in zip(lines, lines[1:], strict=False))
    if not whites:
        return float("inf")
    return max(whites[0 if tightest else len(whites) // 2], 0.0) + \
        EMPTY_ROW * sorted(ln.bbox.height for ln in lines)[len(lines) // 2]


def _wraps_under(ln: Line, own: Sequence[Segment], above: tuple[Line, Sequence[Segment]], box: Rect) -> bool:
    """Is one-piece line ``ln`` the wrapped end of a header cell of the line ``above`` (a
    line of two or more pieces right over it, one of them spanning this line's piece)? The
    piece is a cell's: narrow (``CELL_WIDTH`` of the box at most) and clear of the box's
    left edge (a caption's second line starts there)."""
    line, theirs = above
    if len(own) != 1 or len(theirs) < 2 or ln.bbox.y0 - line.bbox.y1 > HEADER_SPACING * ln.bbox.height:
        return False
    em = ln.bbox.height
    if own[0].x1 - own[0].x0 > CELL_WIDTH * box.width or own[0].x0 < box.x0 + em:
        return False
    return any(p.x0 - em <= own[0].x0 and own[0].x1 <= p.x1 + em and own[0].x1 - own[0].x0 <= p.x1 - p.x0 + em
               for p in theirs)


def heads_group(ln: Line, own: Sequence[Segment], box: Rect, words: Sequence[Word], wc: WordCentres,
                 min_gap: float, tol: float) -> bool:
    """Is one-piece line ``ln`` a group label of the header under it: its piece centred (within
    ``GROUP_CENTRED``) over two or more neighbouring pieces of a line at most ``GROUP_DEPTH`` of
    its heights below (the sub-headers, header words: "단가 | 금액" under "예정가격"), clear of the box's left
    edge (no group heads the row labels), with other header text beside them (it heads some of
    the columns: no title or caption over the table)? A tender's merged
    header cells centred in their rows (fpdf2's and reportlab's ``VALIGN`` middle) set the
    group label in a line of its own, half a row over the labels spanning both header rows:
    ``extend_up`` asks this only of a line standing at most ``GROUP_TOUCH`` of its height over
    the next (a heading or caption over a table stands further off); a label set larger than
    the lines under it (``HEADING_SIZE``) is a title."""
    if len(own) != 1 or own[0].x0 < box.x0 + ln.bbox.height:
        return False  # a caption starts at the box's left edge
    p, em = own[0], ln.bbox.height
    zone = (wc.cy >= ln.bbox.y1) & (wc.cy < ln.bbox.y1 + GROUP_DEPTH * em)
    lines, _ = _column_lines(words, wc, zone, box, tol)
    if not lines or line_size(ln, words) > HEADING_SIZE * max(line_size(b, words) for b in lines):
        return False  # set larger than the header under it: a title centred over the table
    # Sub-headers are header words: a row of amounts under a wrapped head's first line ("Change"
    # over "(%)", the body's first row within reach) heads no group.
    heads = [b for b in lines if header_words([words[i].text for i in b.word_ids])]
    pieces = [sorted(segments(words, [b], min_gap), key=lambda s: s.x0) for b in heads]
    spans = [(row[i].x0, row[j].x1) for row in pieces for i in range(len(row)) for j in range(i + 1, len(row))]
    for a, b in spans:
        centred = abs((a + b) / 2 - (p.x0 + p.x1) / 2) <= GROUP_CENTRED * (b - a)
        if centred and a >= box.x0 + em and a - em <= p.x0 and p.x1 <= b + em \
                and any(s.x1 < a or s.x0 > b for row in pieces for s in row):
            return True
    return False


def group_label_line(box: Rect, words: Sequence[Word], wc: WordCentres, min_gap: float, tol: float) -> Line | None:
    """The first text line of ``box`` when it is a group label ``extend_up`` takes over the
    header (one piece at most ``GROUP_TOUCH`` of its height over the next line, ``heads_group``),
    else None: what explain says of a table's top."""
    lines, _ = _column_lines(words, wc, (wc.cy >= box.y0) & (wc.cy < box.y1), box, tol)
    if len(lines) < 2 or lines[1].bbox.y0 - lines[0].bbox.y1 > GROUP_TOUCH * lines[0].bbox.height:
        return None
    ln = lines[0]
    return ln if heads_group(ln, segments(words, [ln], min_gap), box, words, wc, min_gap, tol) else None


def _column_gaps(wc: WordCentres, box: Rect, min_gap: float, tol: float) -> list[float]:
    """Column boundaries that the words inside ``box`` leave free (x, ascending); none when
    the box holds fewer than three lines (a header alone says little about the columns). The
    lines are the region's (``WordCentres.region_lines``): a box not grown reads them once."""
    words = wc.words
    lines = wc.region_lines(box, wc.inside(box), tol)
    if len(lines) < MIN_GAP_LINES:
        return []
    segs = segments(words, lines, min_gap)
    return column_boundaries(Pieces.of_words(words, segs, wc), box.x0, box.x1, len(lines), ColumnParams(min_gap=min_gap))


def _runs_across(words: Sequence[Word], s: Segment, x: float) -> bool:
    """Does the piece ``s`` run across the column gap whose middle is ``x``?

    The middle comes from the table's other rows, so a piece ending (or starting) within half
    an em past it only reaches into the gap; and two numbers a word space apart either side of
    it are two cells of close columns ("799.75 (15,957)"): neither runs across."""
    em = 0.5 * words[s.word_ids[0]].font_size
    if s.x1 <= x + em or s.x0 >= x - em:
        return False
    left = [words[i] for i in s.word_ids if words[i].bbox.cx < x]
    right = [words[i] for i in s.word_ids if words[i].bbox.cx >= x]
    apart = (bool(left) and bool(right) and is_number(left[-1].text) and is_number(right[0].text)
             and left[-1].bbox.x1 <= x + em and right[0].bbox.x0 >= x - em)
    return not apart


def _column_lines(words: Sequence[Word], wc: WordCentres, band: np.ndarray, box: Rect,
                  tol: float) -> tuple[list[Line], list[Rect]]:
    """Text lines of the ``band`` words' (a mask over ``wc``) within the box's x range, and the
    boxes of band words that run across the box's side edges."""
    inside = band & (wc.cx >= box.x0 - SIDE_SLACK) & (wc.cx <= box.x1 + SIDE_SLACK)
    crossing = band & (((wc.x0 < box.x0 - SIDE_SLACK) & (wc.x1 > box.x0 + SIDE_SLACK))
                       | ((wc.x0 < box.x1 - SIDE_SLACK) & (wc.x1 > box.x1 + SIDE_SLACK)))
    crossers = [words[i].bbox for i in np.flatnonzero(crossing).tolist()]
    return wc.lines(np.flatnonzero(inside).tolist(), tol), crossers  # ``lines_in``, from the page's line facts
