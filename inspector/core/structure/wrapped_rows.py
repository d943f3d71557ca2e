"""Rows whose cells wrap over lines with no rule between the rows: which text lines of a
band go on the cells of the line above, by their spacing. Cell padding parts rows, not a
cell's lines, so a line set closer to the line above than the band's rows are to each other,
with no amount of its own and text only in cells the line above fills, is that row's (Hangul
breaks anywhere: "노트북 컴퓨" over "터"; Word, reportlab and pdfmake wrap cells alike). Read
by ``bandrows._row_starts`` and named by explain.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from ..numbers import is_number
from ..types import Word
from .columns import Line, col_of, line_cols

TIGHT_STEP = 0.85  # a line this much closer to the line above than the band's row pitch goes on its cells
MIN_PITCHES = 3  # steps onto amount lines that measure a band's row pitch
ALIGN_SLACK = 0.5  # line heights: a wrapped cell line starts (ends, is centred) where the line above does
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
    amounts = _amount_columns(lines, words, xs)
    pitch = _row_pitch(lines, words, xs, steps, amounts)
    out = set()
    for k in range(1, len(lines)):
        now = cols[k]
        if steps[k - 1] >= TIGHT_STEP * pitch or not now or not now <= cols[k - 1]:
            continue
        if any(all(is_number(w.text) for w in ws) for ws in _cells(lines[k], words, xs).values()):
            continue  # an amount of its own (a spec's "512GB SSD" is text)
        if 0 not in now or wrapped_tails(lines[k - 1], lines[k], words, xs, amounts):
            out.add(k)
    return out


def _row_pitch(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float],
               steps: Sequence[float], amounts: AbstractSet[int]) -> float:
    """The band's row pitch (pt, centre to centre): the median step onto a line holding an
    amount (each such line opens a row, so the step onto it crosses the rows' padding however
    many lines the row above wrapped into), the median step of all lines when fewer than
    ``MIN_PITCHES`` lines hold one (in a band of mostly wrapped rows that is a line step)."""
    onto = [steps[k - 1] for k in range(1, len(lines))
            if any(c in amounts and all(is_number(w.text) for w in ws) for c, ws in _cells(lines[k], words, xs).items())]
    pool = onto if len(onto) >= MIN_PITCHES else steps
    return sorted(pool)[len(pool) // 2]


def _cells(line: Line, words: Sequence[Word], xs: Sequence[float]) -> dict[int, list[Word]]:
    """The line's words per column, left to right."""
    cells: dict[int, list[Word]] = {}
    for i in line.word_ids:
        cells.setdefault(col_of(words[i].bbox.cx, xs), []).append(words[i])
    return cells


def _amount_columns(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> set[int]:
    """Columns where at least two of ``lines`` hold a cell of numbers only (a band's amounts)."""
    seen: dict[int, int] = {}
    for ln in lines:
        for c, ws in _cells(ln, words, xs).items():
            if all(is_number(w.text) for w in ws):
                seen[c] = seen.get(c, 0) + 1
    return {c for c, n in seen.items() if n >= 2}


def wrapped_tails(prev: Line, line: Line, words: Sequence[Word], xs: Sequence[float],
                  amounts: AbstractSet[int]) -> bool:
    """Is ``line`` (set tight under ``prev``) the wrapped ends of ``prev``'s cells, its first
    column included: ``prev`` holds an amount in every amount column of the band (the row's
    values are all there, the line below adds none), and in each column ``line`` has text in,
    that text starts where ``prev``'s text there starts, ends or is centred (a cell's next
    line, not an indented sub-label) and ``prev``'s text there ends without a sentence break
    (a finished label or note is followed by a row, not by more of it)."""
    above, below = _cells(prev, words, xs), _cells(line, words, xs)
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
