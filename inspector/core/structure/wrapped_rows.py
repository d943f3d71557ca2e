"""Rows whose cells wrap over lines with no rule between the rows: which text lines of a
band go on the cells of the line above, by their spacing. Cell padding parts rows, not a
cell's lines, so a line set closer to the line above than the band's rows are to each other,
with no amount of its own and text only in cells the line above fills, is that row's (Hangul
breaks anywhere: "노트북 컴퓨" over "터"; Word, reportlab and pdfmake wrap cells alike). Read
by ``bandrows._row_starts`` and named by explain.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet

from ..multipage.markers import NOTE
from ..numbers import broken_number, completes_number, is_number
from ..types import Word
from .columns import Line, centre_cols, line_cols
from .justified import prose_word

Cells = dict[int, list[Word]]  # a line's words per column, left to right (``_cells``)

TIGHT_STEP = 0.85  # a line this much closer to the line above than the band's row pitch goes on its cells
MIN_PITCHES = 3  # steps onto amount lines that measure a band's row pitch
ALIGN_SLACK = 0.5  # line heights: a wrapped cell line starts (ends, is centred) where the line above does
GAP_SLACK_PT = 1.0  # pt a wrapped line may reach into a column gap of its row
SENTENCE_ENDS = (".", "。", ":", "：", ";", "；", "!", "?", "！", "？")  # a cell's text ended: no wrap follows


def tight_continuations(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float],
                        cols: Sequence[set[int]] | None = None) -> set[int]:
    """Lines that go on with cells of the line above (two wrapped cells of one row, "5,000안시"
    over "WUXGA" beside "1년 유지보" over "수"): set closer to it than the band's rows are to
    each other (cell padding parts rows, not a cell's lines), text only in columns the line
    above fills, and no amount of their own (a cell of numbers only). Rows set as tight as
    lines give no such evidence. A line with text in the first column (a label broken anywhere, Hangul's "노트북 컴퓨" over
    "터") goes on the row only as ``wrapped_tails`` of a row that holds its every amount.
    ``cols``: each line's ``line_cols`` (computed when not given). Returns line indices."""
    if len(lines) < 4 or len(xs) < 3:
        return set()
    cols = cols if cols is not None else [line_cols(ln, words, xs) for ln in lines]
    steps = [b.bbox.cy - a.bbox.cy for a, b in zip(lines, lines[1:], strict=False)]
    # The pitch is one of the steps: a line no closer than TIGHT_STEP x the widest step is no
    # closer than TIGHT_STEP x the pitch. No line left: the band's amounts and pitch are not read.
    widest = TIGHT_STEP * max(steps) if all(s == s for s in steps) else float("nan")  # NaN: no order, no bound
    near = [k for k in range(1, len(lines)) if cols[k] and cols[k] <= cols[k - 1] and not steps[k - 1] >= widest]
    if not near:
        return set()
    cells = [_cells(ln, words, xs) for ln in lines]  # read once: every test below reads them
    texts = _text_columns(cells)  # a label's number there goes on with it (``label_number``)
    amounts = _amount_columns(cells) - texts
    pitch = _row_pitch(steps, amounts, cells)
    out = set()
    for k in near:
        now = cols[k]
        if steps[k - 1] >= TIGHT_STEP * pitch:
            continue
        above = cells[k - 1]
        if any(all(is_number(w.text) for w in ws) and not label_number(ws, above.get(c), c in texts)
               for c, ws in cells[k].items()):
            continue  # an amount of its own (a spec's "512GB SSD" is text)
        if 0 not in now or wrapped_tails(above, cells[k], amounts):
            out.add(k)
    return out


LEADING = 1.4  # font sizes: a wrapped cell's next line stands at most this far under the line above
SPACE_EM = 0.25  # a plain word space, in font sizes: what a line break saves after the last word


def broken_continuations(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float],
                         cols: Sequence[set[int]] | None = None) -> set[int]:
    """Lines that go on with cells of the line above by where the cells' text broke, however
    the rows are spaced (rows set as tight as lines, no cell padding: Word's, reportlab's
    zero-padded tables): the line leaves the first column empty, fills only columns the line
    above fills and not all of them but the first (a group's next row fills every column but
    the group label's; wrapped notes leave the row's amounts alone), holds no amount, stands
    within ``LEADING`` font sizes under it (one paragraph's line step: a cell centred in a
    taller row stands farther), and in each of its columns it starts where the line above
    starts there with a word of prose whose width, after the text above and a space, would
    overrun the widest text of that column in the band (the cell's measure): the word did
    not fit, so the cell's line broke before it. A short cell above ("T1" over "T2") would
    have held it: a new row. Returns line indices (``tight_continuations`` not repeated)."""
    if len(lines) < 3 or len(xs) < 3:
        return set()
    cols = cols if cols is not None else [line_cols(ln, words, xs) for ln in lines]
    near = [k for k in range(1, len(lines)) if cols[k] and 0 not in cols[k] and cols[k] < cols[k - 1] - {0}]
    if not near:  # no line's columns allow it: the cells' measures are not read
        return set()
    measure: dict[int, float] = {}
    for ln in lines:
        for c, ws in _cells(ln, words, xs).items():
            measure[c] = max(measure.get(c, ws[-1].bbox.x1), ws[-1].bbox.x1)
    return {k for k in near if _broke_before(lines[k - 1], lines[k], words, xs, measure)}


def _broke_before(prev: Line, line: Line, words: Sequence[Word], xs: Sequence[float],
                  measure: dict[int, float]) -> bool:
    """Does each cell of ``line`` start with a prose word that did not fit after ``prev``'s text there?"""
    above = _cells(prev, words, xs)
    if line.baseline - prev.baseline > LEADING * line_size(line, words):
        return False  # farther than a paragraph's line step: a cell set apart (centred in a taller row)
    for c, ws in _cells(line, words, xs).items():
        top = above.get(c)
        if not top or top[-1].text.endswith(SENTENCE_ENDS) or not _prose(ws):
            return False
        first = ws[0].bbox
        if abs(first.x0 - top[0].bbox.x0) > ALIGN_SLACK * first.height:
            return False  # not the cell's next line: an indented sub-label, another alignment
        if top[-1].bbox.x1 + SPACE_EM * ws[0].font_size + first.width <= measure[c]:
            return False  # it would have fitted on the line above: a new row's cell
    return True


OPERATORS = ("±", "∓", "×", "=", "≈", "·")  # a cell's line ending on one is no whole value
OPERATOR_WORDS = ("+", "/")  # ... and on these standing alone ("65+" and "km/" end values of their own)
OPERAND_STEP = 2.0  # font sizes: the operand's line stands at most this far under the operator's (a line step, loose)


def operator_continuations(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float],
                           cols: Sequence[set[int]] | None = None) -> set[int]:
    """Lines that go on with cells of the line above because a cell there ends on a binary
    operator ("0.562 ±" over "0.013": a mean and its deviation wrapped in a narrow column), however
    the rows are spaced: the line fills only columns the line above fills, stands within
    ``OPERAND_STEP`` font sizes under it (the operator says more than the step), and in each of its columns it ends (numbers set right) or
    starts where the text above there does; under an operator it may hold an amount (the
    operand), elsewhere only prose under a cell not ended by a sentence break (a wrapped label
    beside them: "Particle" over "filter"). Returns line indices."""
    if len(xs) < 3:
        return set()

    def carries(above: Cells, below: Cells) -> bool:
        open_cells = {c for c, ws in above.items() if _dangles_cell(ws)}
        return bool(open_cells & below.keys()) and all(_goes_on(ws, above[c], c in open_cells)
                                                       for c, ws in below.items())

    return _carried_lines(lines, words, xs, cols, _dangles, carries)


def number_tails(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float],
                 cols: Sequence[set[int]] | None = None) -> set[int]:
    """Lines that hold the broken-off ends of numbers of the line above ("1,692,0" over "00": a
    producer broke the number inside a narrow column), however the rows are spaced and whether
    or not rules part them: a number's tail is never a row of its own. The line fills only
    columns the line above fills, stands within ``OPERAND_STEP`` font sizes under it, holds at
    least one cell that makes whole the number its column's text above leaves broken
    (``numbers.completes_number``), ending or starting where that text does, and elsewhere
    only prose going on text above not ended by a sentence break (a wrapped spec beside them:
    "i7 / 16GB / 512GB" over "SSD"). Returns line indices."""
    def carries(above: Cells, below: Cells) -> bool:
        tails = {c for c, ws in below.items() if c in above and _number_tail(ws, above[c])}
        return bool(tails) and all(c in tails or _goes_on(ws, above[c], False) for c, ws in below.items())

    return _carried_lines(lines, words, xs, cols, _leaves_broken, carries)


def _carried_lines(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float],
                   cols: Sequence[set[int]] | None, opens: Callable[[Line, Sequence[Word]], bool],
                   carries: Callable[[Cells, Cells], bool]) -> set[int]:
    """Lines ``k`` that go on with the line above's cells: the line fills only columns the line
    above fills, the line above ``opens`` (a quick test on its words, before any cell is read),
    the line stands within ``OPERAND_STEP`` font sizes under it, and ``carries(above, below)``
    holds for the two lines' cells. The loop of ``operator_continuations`` and ``number_tails``."""
    if len(lines) < 2 or len(xs) < 2:
        return set()
    cols = cols if cols is not None else [line_cols(ln, words, xs) for ln in lines]
    out = set()
    for k in range(1, len(lines)):
        if not cols[k] or not cols[k] <= cols[k - 1] or not opens(lines[k - 1], words):
            continue
        if lines[k].baseline - lines[k - 1].baseline > OPERAND_STEP * line_size(lines[k], words):
            continue
        if carries(_cells(lines[k - 1], words, xs), _cells(lines[k], words, xs)):
            out.add(k)
    return out


def _leaves_broken(line: Line, words: Sequence[Word]) -> bool:
    """Does a word of ``line`` end as a broken number (``numbers.broken_number``; a quick test)?"""
    return any(broken_number(words[i].text) for i in line.word_ids)


def _number_tail(ws: Sequence[Word], top: Sequence[Word]) -> bool:
    """Is the cell ``ws`` the end of the number the cell ``top`` above it breaks off, set where it ends or starts?"""
    tol = ALIGN_SLACK * max(w.bbox.height for w in ws)
    if min(abs(top[0].bbox.x0 - ws[0].bbox.x0), abs(top[-1].bbox.x1 - ws[-1].bbox.x1)) > tol:
        return False
    return completes_number(" ".join(w.text for w in top), " ".join(w.text for w in ws))


def _dangles(line: Line, words: Sequence[Word]) -> bool:
    """Does any word of ``line`` end on an operator (a quick test before its cells are read)?"""
    return any(words[i].text.endswith(OPERATORS) or words[i].text in OPERATOR_WORDS for i in line.word_ids)


def _dangles_cell(ws: Sequence[Word]) -> bool:
    """Does the cell end on an operator after its left operand ("0.562 ±")? An operator alone in
    its cell has no operand there: it stands between two columns of its own line (a key's
    "AIP = American Independent", a column of "=" signs), and the line under it is another row."""
    if len(ws) == 1 and ws[0].text in (*OPERATORS, *OPERATOR_WORDS):
        return False
    return ws[-1].text.endswith(OPERATORS) or ws[-1].text in OPERATOR_WORDS


def _goes_on(ws: Sequence[Word], top: Sequence[Word], operand: bool) -> bool:
    """Is ``ws`` the next line of the cell ``top`` above it: aligned with it, its operand when
    ``operand``, else prose under text not ended by a sentence break?"""
    tol = ALIGN_SLACK * max(w.bbox.height for w in ws)
    if min(abs(top[0].bbox.x0 - ws[0].bbox.x0), abs(top[-1].bbox.x1 - ws[-1].bbox.x1)) > tol:
        return False
    return operand or (_prose(ws) and not top[-1].text.endswith(SENTENCE_ENDS))


def line_size(line: Line, words: Sequence[Word]) -> float:
    """The largest font size of the line's words (pt)."""
    return max(words[i].font_size for i in line.word_ids)


def _prose(ws: Sequence[Word]) -> bool:
    """A cell's line of text: a word of prose, no number (codes and amounts do not wrap)."""
    return any(prose_word(w.text) for w in ws) and not any(is_number(w.text) for w in ws)


def _row_pitch(steps: Sequence[float], amounts: AbstractSet[int], cells: Sequence[Cells]) -> float:
    """The band's row pitch (pt, centre to centre): the median step onto a line holding an
    amount (each such line opens a row, so the step onto it crosses the rows' padding however
    many lines the row above wrapped into), the median step of all lines when fewer than
    ``MIN_PITCHES`` lines hold one (in a band of mostly wrapped rows that is a line step).
    ``cells``: each line's ``_cells``, ``steps`` the steps between them."""
    onto = [steps[k - 1] for k in range(1, len(cells))
            if any(c in amounts and all(is_number(w.text) for w in ws) for c, ws in cells[k].items())]
    pool = onto if len(onto) >= MIN_PITCHES else steps
    return sorted(pool)[len(pool) // 2]


def _cells(line: Line, words: Sequence[Word], xs: Sequence[float]) -> Cells:
    """The line's words per column, left to right."""
    cells: dict[int, list[Word]] = {}
    ids = line.word_ids
    for i, c in zip(ids, centre_cols(words, ids, xs), strict=True):
        cells.setdefault(c, []).append(words[i])
    return cells


def label_number(cell: Sequence[Word], top: Sequence[Word] | None, text_column: bool) -> bool:
    """Is ``cell`` (numbers only) the next line of the label above it rather than an amount:
    in a column of text (``_text_columns``: the label column, not a numeric column's range)
    and starting where the text above it there starts ("Depreciation and amortisation (note"
    over "28", "折旧及摊销（附注" over "28")? An amount stands in its own column's x-range."""
    if not text_column or not top or not any(prose_word(w.text) for w in top):
        return False
    return abs(cell[0].bbox.x0 - top[0].bbox.x0) <= ALIGN_SLACK * cell[0].bbox.height


def holds_label_number(lines: Sequence[Line], k: int, words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Does line ``k`` of ``lines`` (one band) hold a cell of numbers that ``label_number``
    reads as the label's next line? For explain, which names it."""
    if k <= 0:
        return False
    texts, above = _text_columns([_cells(ln, words, xs) for ln in lines]), _cells(lines[k - 1], words, xs)
    return any(all(is_number(w.text) for w in ws) and label_number(ws, above.get(c), c in texts)
               for c, ws in _cells(lines[k], words, xs).items())


def _text_columns(cells: Sequence[Cells]) -> set[int]:
    """Columns where more of the lines' cells (each line's ``_cells``) hold text than numbers
    only (a label column)."""
    score: dict[int, int] = {}
    for line_cells in cells:
        for c, ws in line_cells.items():
            score[c] = score.get(c, 0) + (-1 if all(is_number(w.text) for w in ws) else 1)
    return {c for c, n in score.items() if n > 0}


def _amount_columns(cells: Sequence[Cells]) -> set[int]:
    """Columns where at least two of the lines (each line's ``_cells``) hold a cell of numbers
    only (a band's amounts)."""
    seen: dict[int, int] = {}
    for line_cells in cells:
        for c, ws in line_cells.items():
            if all(is_number(w.text) for w in ws):
                seen[c] = seen.get(c, 0) + 1
    return {c for c, n in seen.items() if n >= 2}


def wrapped_tails(above: Cells, below: Cells, amounts: AbstractSet[int]) -> bool:
    """Is a line (its ``_cells``: ``below``) set tight under ``prev`` (``above``) the wrapped ends
    of ``prev``'s cells, its first column included: ``prev`` holds an amount in every amount
    column of the band (the row's values are all there, the line below adds none), and in each column the line has text in,
    that text starts where ``prev``'s text there starts, ends or is centred (a cell's next
    line, not an indented sub-label) and ``prev``'s text there ends without a sentence break
    (a finished label or note is followed by a row, not by more of it)."""
    if not amounts or not amounts <= {c for c, ws in above.items() if all(is_number(w.text) for w in ws)}:
        return False
    for c, ws in below.items():
        top = above.get(c)
        if not top or top[-1].text.endswith(SENTENCE_ENDS):
            return False
        tol = ALIGN_SLACK * max(w.bbox.height for w in ws)
        a0, a1, b0, b1 = top[0].bbox.x0, top[-1].bbox.x1, ws[0].bbox.x0, ws[-1].bbox.x1
        if min(abs(a0 - b0), abs(a1 - b1), abs((a0 + a1) - (b0 + b1)) / 2) > tol:
            return False
    return True


TAIL_LINES = 2  # next lines of the last row's wrapped cells taken under an aligned run, at most
TYPE_SLACK_PT = 0.5  # pt a wrapped line's font size may exceed its cell's


def last_row_tail(lines: Sequence[Line], gaps: Sequence[Sequence[tuple[float, float]]], words: Sequence[Word],
                  a: int, b: int) -> int:
    """How many lines from ``b`` (without column gaps) are the wrapped ends of the cells of
    the run ``[a, b)``'s last row, where no aligned line follows to bridge them (a table
    without a bottom rule ending in a wrapped cell): each set closer to the line above than
    the run's rows are to each other (cell padding parts rows, not a cell's lines), or, rows
    set as tight as lines, within ``LEADING`` font sizes under it with a first word that
    would not have fitted at the end of the cell's line above (its column's right edge: the
    next gap of the row, or the row's end), inside
    one piece of the last row, starting or ending where that piece does, no amount of its
    own, and that piece's text ends without a sentence break. A note ("Source: ...") or a
    paragraph (across the columns, or set at the rows' pitch) stays out. 0 when none."""
    pitch = _gap_line_pitch(lines, gaps, a, b)
    if pitch is None:
        return 0
    row = b - 1
    row_gaps = run_gutters(lines, gaps[row], words, a, b)
    # Where the run's own wrapped lines (lines without column gaps inside it) start.
    starts = [lines[k].bbox.x0 for k in range(a + 1, b) if not gaps[k]]
    n = 0
    for k in range(b, min(b + TAIL_LINES, len(lines))):
        if gaps[k] or not _tail_of(lines[row], row_gaps, lines[k - 1], lines[k], words, pitch, starts):
            break
        n += 1
    return n


def run_gutters(lines: Sequence[Line], row_gaps: Sequence[tuple[float, float]], words: Sequence[Word], a: int,
                b: int) -> list[tuple[float, float]]:
    """The last row's column gaps (pt) narrowed to what the run ``[a, b)``'s lines leave white:
    a gap is the row's own white between its texts, but the columns' texts on other rows reach
    further into it (a total-fit line breaker, FOP's or TeX's, sets a cell's next line longer
    than its first), and the last row's next line may reach as far. A gap the run's texts
    close is kept whole (no gutter to narrow it to)."""
    out = []
    for g0, g1 in row_gaps:
        lo, hi = g0, g1
        for k in range(a, b):
            for i in lines[k].word_ids:
                w = words[i].bbox
                if w.x0 < g1 and w.x1 > g0:
                    lo, hi = (max(lo, w.x1), hi) if w.cx < (g0 + g1) / 2 else (lo, min(hi, w.x0))
        out.append((lo, hi) if lo < hi else (g0, g1))
    return out


def _gap_line_pitch(lines: Sequence[Line], gaps: Sequence[Sequence[tuple[float, float]]], a: int, b: int) -> float | None:
    """The run's row pitch (pt, centre to centre): the median step onto a line with column
    gaps (a row's first line); None with fewer than ``MIN_PITCHES`` such steps."""
    onto = [lines[k].bbox.cy - lines[k - 1].bbox.cy for k in range(a + 1, b) if gaps[k]]
    return sorted(onto)[len(onto) // 2] if len(onto) >= MIN_PITCHES else None


def _tail_of(row: Line, row_gaps: Sequence[tuple[float, float]], above: Line, line: Line,
             words: Sequence[Word], pitch: float, starts: Sequence[float] = ()) -> bool:
    """Is ``line`` (one piece) the next line of one cell of ``row``, under ``above``? It starts
    or ends where the row's piece does, or starts where the run's other wrapped lines
    (``starts``, pt) do: a narrow column the row's piece took in (a number right-aligned 3 pt
    before the text) moves the piece's start, not the column's text edge. It is in the
    cell's type: no larger (``TYPE_SLACK_PT``), not bold under a plain cell."""
    b = line.bbox
    step = b.cy - above.bbox.cy
    tight, close = step < TIGHT_STEP * pitch, step < LEADING * line_size(line, words)
    if not (tight or close) or b.y0 - above.bbox.y1 > ALIGN_SLACK * b.height:
        return False
    ws = [words[i] for i in line.word_ids]
    if not ws or all(is_number(w.text) for w in ws) or NOTE.match(" ".join(w.text for w in ws)):
        return False
    x0 = max([g1 for _, g1 in row_gaps if g1 <= b.x0 + GAP_SLACK_PT], default=row.bbox.x0)
    x1 = min([g0 for g0, _ in row_gaps if g0 >= b.x1 - GAP_SLACK_PT], default=row.bbox.x1)
    if any(b.x0 < g1 and b.x1 > g0 for g0, g1 in row_gaps if not (g1 <= b.x0 + GAP_SLACK_PT or g0 >= b.x1 - GAP_SLACK_PT)):
        return False  # runs into a column gap of the row: text across the columns
    cell = [words[i] for i in row.word_ids if x0 - GAP_SLACK_PT <= words[i].bbox.cx <= x1 + GAP_SLACK_PT]
    if not cell or cell[-1].text.endswith(SENTENCE_ENDS):
        return False
    if any(w.bold and not cell[-1].bold for w in ws) or \
            max(w.font_size for w in ws) > max(w.font_size for w in cell) + TYPE_SLACK_PT:
        return False  # a cell's next line is in the cell's type: a heading under the table is not
    tol = ALIGN_SLACK * b.height
    if min(abs(b.x0 - cell[0].bbox.x0), abs(b.x1 - cell[-1].bbox.x1), *(abs(b.x0 - x) for x in starts)) > tol:
        return False
    # Set closer than the rows, or (rows as tight as lines) its first word did not fit in the cell's line above.
    return tight or cell[-1].bbox.x1 + SPACE_EM * ws[0].font_size + ws[0].bbox.width > x1
