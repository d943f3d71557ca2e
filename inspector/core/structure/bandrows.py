"""Rows inside a grid's drawn bands: where the text lines of one band start new rows.

A band between two drawn row boundaries holding several text lines is either one row's
multi-line cells (wrapped text, lists, a label over two lines beside a number) or several
rows under one rule (a statement's rows between section rules). The drawing is the stronger
evidence: when a table draws its rows one by one (``rows_delineated``), a band splits only
on evidence of its own; otherwise lines that start a row (``_row_starts``) cut it. Split
from ``grid`` (which calls ``split_rows``); explain reads the same tests.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Collection, Iterable, Sequence
from collections.abc import Set as AbstractSet

from ..types import Word
from .bandlines import (
    carries_on,
    centred_triples,
    columns_needed,
    continues,
    full_lines,
    labelled_amounts,
    labelled_rows,
    leads_in,
    word_runs,
)
from .between import header_words as header_texts
from .centred_heads import sub_header_cuts
from .columns import Line, col_of, line_cols, lines_in
from .delineated import drawn_rows
from .headstacks import group_over, head_under_ends, header_words, stacked_heads
from .items import item_list, next_item
from .region import FULL, HALF, RegionEvidence
from .ruledrows import body_pitch, own_rows, paragraph_cuts, ruled_bands, rules_delimit_rows
from .sectionrows import group_head_at, outdented_label, row_pitch, section_at_pitch
from .spanlines import spanning_steps
from .wrapped_rows import broken_continuations, number_tails, operator_continuations, tight_continuations

STAGGER_OVERLAP = 0.25  # share of a line's height that the next line (in other columns) overlaps: staggered
STAGGER_SHARE = 4  # a band is set cell by cell when at least 1/this of its line steps are staggered


def _column_depths(cols: Iterable[set[int]], n_cols: int) -> list[int]:
    """Text lines per column among one band's lines (each line's ``line_cols``)."""
    counts = [0] * n_cols
    for found in cols:
        for c in found:
            counts[c] += 1
    return counts


def band_depths(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float],
                ys: Sequence[float], cols: Sequence[set[int]] | None = None) -> list[list[int]]:
    """Per band between ``ys``, the text lines each column holds there. ``cols``: each line's
    ``line_cols`` when the caller has them."""
    cols = cols if cols is not None else [line_cols(ln, words, xs) for ln in lines]
    centres = [ln.bbox.cy for ln in lines]
    ordered = sorted(range(len(lines)), key=centres.__getitem__)
    keys = [centres[k] for k in ordered]
    return [_column_depths((cols[k] for k in ordered[bisect_left(keys, a):bisect_left(keys, b)]), len(xs) - 1)
            for a, b in zip(ys, ys[1:], strict=False)]


def _full_starts(lines: Sequence[Line], cols: Sequence[set[int]], xs: Sequence[float]) -> list[float]:
    """Row boundaries over each line after the first that fills the row (all columns but
    one), when the first line fills it too: a header line over a first row whose cell wraps
    (a short line under a full one goes on that row). [] when fewer than two lines fill it.
    ``cols``: each line's ``line_cols``."""
    full = [len(c) >= columns_needed(xs) for c in cols]
    if len(lines) < 3 or not full[0] or sum(full) < 2 or all(full):
        return []
    return [(lines[k - 1].bbox.y1 + lines[k].bbox.y0) / 2 for k in range(1, len(lines)) if full[k]]


def split_rows(ev: RegionEvidence, ys: list[float], xs: Sequence[float],
                top_drawn: bool, closed: bool = False, ends: Collection[float] = ()) -> tuple[list[float], int, set[float]]:
    """Insert row boundaries between text lines that start a new row.

    When the rows are drawn one by one (see ``rows_delineated``), a band is split only
    where each of its lines fills the row (several rows under one band after all).
    Returns boundaries, the number of header rows (1 when the first band is ruled off as
    a header, else 0), and the set of inserted (undrawn) boundaries. In a column whose
    band is not closed by drawn rules above and below, text belongs to a taller cell (a
    row label spanning rows) and takes no part in splitting the band. ``ends``: boundaries where
    column rules end (``colends``), which part rows as a drawn rule does.
    """
    lines, words, max_lines, tol = ev.lines, ev.words, ev.params.tables.row_band_lines, ev.params.rows.y_tolerance
    out = [ys[0]]
    virtual: set[float] = set()
    n_bands = len(ys) - 1
    header_rows = 1 if n_bands >= 2 else 0
    centres = [ln.bbox.cy for ln in lines]  # lines come sorted by baseline, so nearly by centre
    ordered = sorted(range(len(lines)), key=centres.__getitem__)
    keys = [centres[k] for k in ordered]
    all_cols = [line_cols(ln, words, xs) for ln in lines]  # read once: each test of a band reads its lines' again
    depths = band_depths(lines, words, xs, ys, all_cols)
    bands = [[lines[k] for k in ordered[bisect_left(keys, ys[b]):bisect_left(keys, ys[b + 1])]] for b in range(n_bands)]
    delineated = drawn_rows(depths, max_lines, closed, bands, (words, xs))
    pitch = body_pitch(ys, depths)
    ruled_rows = ruled_bands(ev, xs, ys, ends)
    ruled_rows = ruled_rows if rules_delimit_rows(depths, max_lines, ruled_rows) else [False] * n_bands
    ruled = ev.cand.source == "ruled" and any(r.orient == "v" for r in ev.cand.rules)
    in_head = False  # the band above is (part of) the header, kept whole
    above: list[Line] = []
    for b in range(n_bands):
        top, bottom = ys[b], ys[b + 1]
        at = ordered[bisect_left(keys, top):bisect_left(keys, bottom)]
        inside, cols = [lines[k] for k in at], [all_cols[k] for k in at]
        # Under a spanning header's underline (drawn under some columns only) the column
        # headers go on: the band below it is header too, as long as a band follows it.
        # So do they under a title row ruled off above them (``title_over``).
        # So do they under group labels ruled off over them (``group_over``).
        titled = (in_head and b == 1 and b + 1 < n_bands and ev.params.tables.title_row_header
                  and title_over(above, inside, words, xs))
        grouped = (in_head and b == 1 and b + 1 < n_bands and ev.params.tables.title_row_header
                   and group_over(above, inside, words, xs))
        more_head = titled or grouped or (in_head and b + 1 < n_bands and spanner_rule(ev, top, xs)
                                          and sum(len(c) >= columns_needed(xs) for c in cols) <= 1)
        # Under column rules' ends in the header, a label under the heads it groups is header too.
        ended = in_head and top in ends
        rows_over = len(out) - 1
        above = inside
        if more_head:
            header_rows = b + 1
        # A first band of amounts like the body's rows (over a third of its words amounts,
        # years aside, its first line's too: a header over rows under one rule is words) is no
        # header: its lines are judged as a body band's are. Nor is one whose every line is a
        # label beside an amount in one column (a boxed totals block, "Net amount | 705.64"
        # over "Discount | (70.56)", ruled over its last row only): a header's wrapped lines
        # hold no amount each.
        data = b == 0 and len(inside) > 1 and (not any(
            header_texts([words[i].text for i in ids]) for ids in ([i for ln in inside for i in ln.word_ids],
                                                                   list(inside[0].word_ids)))
            or labelled_rows(inside, words, xs))
        if data:
            header_rows = 0
        # A row's own band splits only where every line fills every column and none wraps
        # the text above it: a wrapped label beside a wrapped number fills all but one of
        # three columns, and two wrapped cells side by side fill both of two; one row each.
        # A first band open at the top (a zebra table's first shading under its header and
        # first unshaded row) is no drawn row: its lines that each fill the row are rows.
        # So are its full lines when a short line under one of them is that row's wrapped cell.
        starts = _full_starts(inside, cols, xs) if b == 0 and not top_drawn else []
        # Between two rules drawn across the table (of three bands or more) the lines are
        # one row's cells too, whether or not the table draws every row: rows need evidence.
        one_row = (delineated and not (b == 0 and not top_drawn and (full_lines(inside, words, xs, cols=cols) or starts))) \
            or (b > 0 and ruled_rows[b])
        if one_row and not own_rows(inside, words, xs, pitch if b or data else 0.0,
                                    bottom - top if b or data else 0.0, cols):
            # Every row has its own band: its lines are multi-line cells, unless labelled
            # paragraphs set apart by their white share the band (a definitions box).
            # A header band's sub-headers under a group label are a header row of their own.
            cuts = paragraph_cuts(inside, words, xs, cols) if b else _sub_headers(inside, words, ev.params.columns.min_gap, xs)
            out.extend(cuts)
            virtual.update(cuts)
            out.append(bottom)
            in_head = (b == 0 or more_head) and not cuts
            if ended and (cuts or b + 1 < n_bands) and head_under_ends(inside, words, cuts[0] if cuts else bottom):
                header_rows = rows_over + 1
            continue
        open_cols = _open_columns(ev, xs, top, bottom, b == 0, b == n_bands - 1)
        if open_cols and len(inside) > 1:
            band_ids = [i for ln in inside for i in ln.word_ids]
            # Only a lone line in an open column is a label centred across rows.
            open_cols = {c for c in open_cols
                         if len(lines_in(words, [i for i in band_ids if col_of(words[i].bbox.cx, xs) == c], tol)) <= 1}
            inside = lines_in(words, [i for i in band_ids if col_of(words[i].bbox.cx, xs) not in open_cols], tol)
            cols = [line_cols(ln, words, xs) for ln in inside]
        # A ruled-off first band is the header: keep its wrapped lines together. Above the
        # first rule (a header found by growing the region upwards, or a zebra table's
        # first unshaded rows) only lines that do not each fill the row are one header.
        # A first band of more full lines than a row band holds is header and body (a table
        # whose only inner rule is over its totals), not a header.
        # A bold first line followed by plain ones is a header row over body rows.
        full = full_lines(inside, words, xs, cols=cols)
        protect = more_head or (b == 0 and n_bands >= 2 and (top_drawn or not full) and not data
                                and not (full and len(inside) > max_lines))
        head = _bold_head(inside, words) if protect and not titled else 0  # under a title: bold and plain heads
        body = amount_body(inside, words, xs, max_lines) if protect and b == 0 and not top_drawn else 0
        if body:  # rows of amounts above the first rule (a totals rule): a header over them, not one header
            cuts = [(inside[body - 1].bbox.y1 + inside[body].bbox.y0) / 2, *_row_starts(inside[body:], words, xs, cols[body:])]
        elif starts and protect:
            cuts = starts
        elif heads := _head_stacks(ev, (b, protect), ys, xs, (inside, cols)):
            cuts, header_rows = heads, len(heads) + 1  # all of it over the head rule is header
        elif head:
            cuts = [(inside[head - 1].bbox.y1 + inside[head].bbox.y0) / 2, *_row_starts(inside[head:], words, xs, cols[head:])]
        elif protect and b == 0 and _sub_headers(inside, words, ev.params.columns.min_gap, xs):
            cuts = _sub_headers(inside, words, ev.params.columns.min_gap, xs)  # sub-headers under a group label
        else:
            cuts = [] if protect or (ruled and staggered(inside, words, xs, cols)) else _row_starts(inside, words, xs, cols)
        for y in cuts:
            out.append(y)
            virtual.add(y)
        out.append(bottom)
        in_head = protect and not cuts
        if ended and (cuts or b + 1 < n_bands) and head_under_ends(inside, words, cuts[0] if cuts else bottom):
            header_rows = rows_over + 1
    return out, header_rows, virtual


def _head_stacks(ev: RegionEvidence, at: tuple[int, bool], ys: Sequence[float], xs: Sequence[float],
                 band: tuple[Sequence[Line], Sequence[set[int]]]) -> list[float]:
    """The row cuts of a first band read as column heads stacked over several lines above the
    head rule drawn under it (``headstacks.stacked_heads``; the body under the rule), None when
    it is not or is one header row: titles over the stacked block start rows as any lines do
    (``_row_starts``), the block's header rows start where a column's stack breaks. ``at``: the
    band's index and whether it reads as a header already (``protect``)."""
    inside, cols = band
    b, protect = at
    if b != 0 or len(ys) < 3 or ev.covered("h", ys[1], xs[0], xs[-1]) < HALF:
        return []
    found = stacked_heads(inside, ev.words, xs, cols, protect)
    if found is None or (found.first == 0 and len(found.starts) == 1):
        return []  # one header row of the whole band: as it reads without the stacks
    first = found.first
    cuts = _row_starts(inside[:first], ev.words, xs, cols[:first]) if first > 1 else []
    return [*cuts, *((inside[k - 1].bbox.y1 + inside[k].bbox.y0) / 2 for k in found.starts if k > 0)]


def amount_body(inside: Sequence[Line], words: Sequence[Word], xs: Sequence[float], max_lines: int) -> int:
    """The first line of a body of amounts in a first band open at the top, 0 when none: more
    lines than a row band holds, and every line from there on a label beside amounts
    (``labelled_amounts``, sparse rows too: a spreadsheet ruled over its totals only). The
    lines before it are the header."""
    if len(inside) <= max_lines:
        return 0
    # The first line is the header's even when it reads as one ("Region | 2024 | 2025").
    first = next((k for k in range(1, len(inside)) if labelled_amounts(inside[k], words, xs)), 0)
    if first == 0 or len(inside) - first < 2:
        return 0
    return first if all(labelled_amounts(ln, words, xs) for ln in inside[first:]) else 0


def title_over(title: Sequence[Line], head: Sequence[Line], words: Sequence[Word], xs: Sequence[float]) -> bool:
    """Is the first band ``title`` a title row over the column headers ``head`` (the next
    band, ruled off from it): every title line one run of words (no cell gap) across a column
    boundary, the header's lines words, not amounts (``header_words``)? Word and FrameMaker set
    a table's title in its first row, spanning every column, and the wrapped column headers in
    the row under it: one row of multi-line cells."""
    if not title or not head or len(xs) < 3:
        return False
    for ln in title:
        runs = word_runs(ln, words)
        x0, x1 = runs[0][0].bbox.x0, runs[0][-1].bbox.x1
        if len(runs) != 1 or not any(x0 < x < x1 for x in xs[1:-1]):
            return False
    return header_words(head, words)


def spanner_rule(ev: RegionEvidence, y: float, xs: Sequence[float]) -> bool:
    """Is the rule at ``y`` a spanning header's underline: drawn under some columns only
    (the stub column open) and, in one piece, across a column boundary (a group of columns)?
    A statement's rules under each amount stop at their own column."""
    if ev.covered("h", y, xs[0], xs[-1]) >= FULL:
        return False
    return any(r.start < x - ev.snap and r.end > x + ev.snap
               for r in ev.rules.near("h", y, ev.snap) for x in xs[1:-1])


def staggered(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float],
              cols: Sequence[set[int]] | None = None) -> bool:
    """Is a band's text set cell by cell, not row by row: lines of different columns overlap
    each other's height (a cell's lines fall between another cell's lines), on at least
    ``1/STAGGER_SHARE`` of the steps from one line to the next? Rows of a table share their
    baselines across the columns; independent multi-line cells (bullet lists of different
    spacing side by side) do not. A one-line cell centred beside a two-line one is a row of
    its own kind (``_centred_between``), no staggering; so is a label's line running on beside
    two rows (``bandlines.runs_on``, which only keeps such a line from cutting rows): on a scan
    OCR sets a row label's lines a few points under the rows of amounts beside it, overlapping
    them. ``cols``: each line's ``line_cols`` when the caller has them."""
    if len(lines) < 3 or len(xs) < 3:
        return False
    cols = cols if cols is not None else [line_cols(ln, words, xs) for ln in lines]
    held, _ = _centred_between(lines, cols)
    steps = 0
    for k in range(1, len(lines)):
        a, b = lines[k - 1].bbox, lines[k].bbox
        overlap = a.y1 - b.y0
        if (overlap >= STAGGER_OVERLAP * min(a.height, b.height) and not cols[k - 1] & cols[k]
                and not {k - 1, k} & held):
            steps += 1
    return steps >= 2 and steps * STAGGER_SHARE >= len(lines) - 1


def _sub_headers(lines: Sequence[Line], words: Sequence[Word], min_gap: float, xs: Sequence[float]) -> list[float]:
    """The cuts (``centred_heads.sub_header_cuts``) parting a header band's sub-headers under a
    group label from the lines over them, and a title over both from them (empty when none)."""
    return sub_header_cuts(lines, words, min_gap, xs)


def _bold_head(lines: Sequence[Line], words: Sequence[Word]) -> int:
    """Number of leading bold lines when plain lines follow them (a header row set in bold
    over the body in the same band), else 0."""
    bold = [sum(words[i].bold for i in ln.word_ids) * 2 > len(ln.word_ids) for ln in lines]
    if len(bold) < 2 or not bold[0]:
        return 0
    k = bold.index(False) if False in bold else 0
    return k if k and not any(bold[k:]) else 0


def _open_columns(ev: RegionEvidence, xs: Sequence[float], top: float, bottom: float,
                  first: bool, last: bool) -> set[int]:
    """Columns where a drawn rule is missing at the band's top or bottom (ruled grids only)."""
    if not any(r.orient == "v" for r in ev.cand.rules):
        return set()
    out: set[int] = set()
    for y, skip in ((top, first), (bottom, last)):
        if skip or ev.covered("h", y, xs[0], xs[-1]) >= FULL:
            continue
        out |= {c for c in range(len(xs) - 1) if ev.covered("h", y, xs[c], xs[c + 1]) < HALF}
    return out


def _row_starts(lines: Sequence[Line], words: Sequence[Word], xs: Sequence[float],
                cols: Sequence[set[int]]) -> list[float]:
    """y positions (between lines) where a new row starts inside one band (``cols``: each
    line's ``line_cols``)."""
    cuts: list[float] = []
    if len(lines) < 2:
        return cuts
    held, forced = _centred_between(lines, cols, lambda k: labelled_amounts(lines[k], words, xs), (words, xs))
    spans, apart = spanning_steps(lines, words, xs)
    held |= tight_continuations(lines, words, xs, cols) | broken_continuations(lines, words, xs, cols) | spans \
        | operator_continuations(lines, words, xs, cols) | number_tails(lines, words, xs, cols)
    current, first = set(cols[0]), 0
    pitch = row_pitch(lines, cols, words)
    for k in range(1, len(lines)):
        prev, line, now = lines[k - 1], lines[k], cols[k]
        label_then_values = len(current) == 1 and len(now) >= 2 and not continues(prev, line, words) \
            and not item_list(lines[first], line, words)
        starts = len(now) >= 2 and len(current) >= 2 or label_then_values or len(xs) == 2 or k in forced \
            or k in apart or leads_in(lines, cols, k, current, (words, xs)) or bold_label(prev, line, words, now, xs) \
            or (section_at_pitch(lines, cols, words, k, pitch) or outdented_label(lines, cols, words, k, xs[1]) > 0
                or group_head_at(lines, cols, words, k, pitch)) \
            and not continues(prev, line, words) \
            or next_item(lines[first], line, words, xs) is not None
        if starts and k not in held and (k in forced or not carries_on(prev, line, words, xs, (cols[k - 1], now))):
            cuts.append((prev.bbox.y1 + line.bbox.y0) / 2)
            current, first = set(now), k
        else:
            current |= now
    return cuts


def bold_label(prev: Line, line: Line, words: Sequence[Word], now: AbstractSet[int], xs: Sequence[float]) -> bool:
    """Is ``line`` (text in the columns ``now``) a bold label alone in the first column under a
    plain label (the first column's text of ``prev``, all of ``prev`` when that is empty), not
    going on its text: a section label ("Americas" over its rows), not a label's next line (a
    wrapped label keeps its font: "Stage III" over "Anaplastic", both bold)? Explain names it."""
    if set(now) != {0} or not _is_bold(line.word_ids, words) or continues(prev, line, words):
        return False
    first = [i for i in prev.word_ids if col_of(words[i].bbox.cx, xs) == 0]
    return not _is_bold(first or prev.word_ids, words)


def _is_bold(ids: Sequence[int], words: Sequence[Word]) -> bool:
    """Are most of these words bold?"""
    return sum(words[i].bold for i in ids) * 2 > len(ids)


def _centred_between(lines: Sequence[Line], cols: Sequence[set[int]], own_row: Callable[[int], bool] | None = None,
                     page: tuple[Sequence[Word], Sequence[float]] | None = None) -> tuple[set[int], set[int]]:
    """Rows of a two-line cell with a one-line cell centred beside it: lines a, b, c where
    a and c fill the same columns, b fills others and sits between them, tightly spaced.
    Not when ``own_row`` holds for both a and c (lines that are rows of their own: each has its
    label and its amounts): then b is a label centred over two rows (a row group's cell
    spanning them), and it goes on the row above. ``own_row`` (line index -> bool) is asked
    only of such triples' a and c, each line at most once: it reads the line's words.

    Nor when b goes on its columns' text above a (``bandlines.runs_on``, read with ``page``:
    the words and column boundaries). Returns the line indices that must not start a row (b,
    c) and those that must (a, and the line after c)."""
    starts = centred_triples(lines, cols, own_row, page)
    held = {k + d for k in starts for d in (1, 2)}
    n = len(lines)
    # A neighbour in the same columns may be more of the same cell (a three-line label);
    # only a neighbour in other columns, or the next such group, is surely another row.
    forced = {k for k in starts if k > 0 and (cols[k - 1] != cols[k] or k - 3 in starts)}
    forced |= {k + 3 for k in starts if k + 3 < n and (cols[k + 3] != cols[k + 2] or k + 3 in starts)}
    return held, forced - held
