"""Row labels centred down the rows they span: the stub's groups read from where each label stands.

A typesetter that centres a label spanning rows (groff tbl's ``^``, a word processor's merged
cell aligned to the middle, ``\\multirow``) sets it in the middle of its rows with no rule
round it: a label over two rows stands between their baselines, one over three on the middle
row's. Read row by row, the first is one row's label and the second the middle row's, the
rows above it under no label or the previous one's. Top-aligned labels stand on their group's
first row; centred ones say so by a label off the rows' lines (half a row down) or by a blank
first body row. Then the stub's groups partition the body rows, each centred on its label:
from the first body row down, the group of a label at row position ``p`` (in rows, halves
allowed) that starts at ``s`` ends at ``2p - s``, holds no other label, and the last group
ends at the table's last row. Where the partition fits exactly, each group's stub slots are
one cell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..types import Grid, Word

HALF_SLACK = 0.25  # rows: a label's centre within this of a row's line, or of the middle between two, stands there
MIN_ROWS = 3  # body rows, at least, for groups to be read
ONE_LINE = 0.5  # ems: a row's baselines spread no wider on one line (a superscript, a baseline rounded)


def centred_stub_groups(grid: Grid, row_words: Callable[[int], dict[int, list[Word]]], head: int,
                        drawn: Callable[[float], bool]) -> list[tuple[int, int]]:
    """(first, last) rows of each stub label's group spanning two rows or more, or [] when the
    stub's labels do not read as centred on their groups (module docstring). ``row_words(r)``:
    row ``r``'s words by column; ``head``: the header rows over the body; ``drawn(y)``: is a
    rule drawn across the stub at ``y`` (pt)? A drawn rule inside a group divides it: none."""
    if grid.n_cols < 2 or grid.n_rows - head < MIN_ROWS:
        return []
    lines = _row_lines(grid, row_words, head)
    if lines is None:
        return []
    places = _label_places(grid, row_words, head, lines)
    if not places:
        return []
    groups = _partition(places, head, grid.n_rows)
    if groups is None:
        return []
    off_line = any(p != int(p) for _, p in places)
    blank_first = places[0][0] > head
    if not (off_line or blank_first):
        return []  # every label on its group's first row and the first body row labelled: top-aligned
    spans = [(s, e) for s, e in groups if e > s]
    if any(drawn(grid.ys[k]) for s, e in spans for k in range(s + 1, e + 1)):
        return []
    return spans


def _row_lines(grid: Grid, row_words: Callable[[int], dict[int, list[Word]]], head: int) -> list[float] | None:
    """Each body row's line (pt): the middle of the baselines of its words right of the stub,
    None when a body row holds none there (no line to place the labels against) or holds more
    than one line (a wrapped cell: a label on its row's first line would stand off its middle)."""
    out = []
    for r in range(head, grid.n_rows):
        ws = [w for c, cell in row_words(r).items() if c > 0 for w in cell]
        if not ws:
            return None
        bases = sorted(w.baseline for w in ws)
        if bases[-1] - bases[0] > ONE_LINE * max(w.font_size for w in ws):
            return None
        out.append(bases[len(bases) // 2])
    return out


def _label_places(grid: Grid, row_words: Callable[[int], dict[int, list[Word]]], head: int,
                  lines: Sequence[float]) -> list[tuple[int, float]] | None:
    """(row, place) of each body row's stub label, the place in rows (a half: between two rows'
    lines); None when a label stands elsewhere (a wrapped label over two lines, a note)."""
    out: list[tuple[int, float]] = []
    for r in range(head, grid.n_rows):
        ws = row_words(r).get(0, [])
        if not ws:
            continue
        if len({round(w.baseline, 1) for w in ws}) != 1:
            return None  # a label over several lines: its middle says nothing of its rows
        place = _place(ws[0].baseline, lines)
        if place is None:
            return None
        out.append((r, head + place))
    return out


def _place(base: float, lines: Sequence[float]) -> float | None:
    """Where ``base`` (pt) stands among the rows' ``lines`` (pt), in rows from the first: on a
    line (an integer) or halfway between two (a half), within ``HALF_SLACK`` of the pitch."""
    for k in range(len(lines)):
        pitch = (lines[k + 1] - lines[k]) if k + 1 < len(lines) else (lines[k] - lines[k - 1])
        if pitch <= 0:
            return None
        if abs(base - lines[k]) <= HALF_SLACK * pitch:
            return float(k)
        if k + 1 < len(lines) and abs(base - (lines[k] + lines[k + 1]) / 2) <= HALF_SLACK * pitch:
            return k + 0.5
    return None


def _partition(places: Sequence[tuple[int, float]], head: int, n_rows: int) -> list[tuple[int, int]] | None:
    """The body rows [head, n_rows) cut into groups, each centred on its label's place and
    holding only its label's row among the labelled rows; None when they do not fit exactly."""
    groups = []
    start = head
    for k, (row, place) in enumerate(places):
        end = 2 * place - start
        if end != int(end) or not start <= row <= end:
            return None
        nxt = places[k + 1][0] if k + 1 < len(places) else n_rows
        if end >= nxt:
            return None
        groups.append((start, int(end)))
        start = int(end) + 1
    return groups if start == n_rows else None
