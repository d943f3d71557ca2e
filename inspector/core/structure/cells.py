"""Grid + words -> Table: each cell's text in reading order, lines joined by newlines
(``celltext.join_words``: the same rule hand edits use, so an edit never re-reads a cell
differently from detection)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from ..slots import span_slots
from ..types import Cell, Grid, Table, Word, fast_cell, fast_rect
from .celltext import anchor_x, join_words

SOURCE_CONFIDENCE = {"ruled": 0.9, "horizontal_rules": 0.75, "aligned": 0.55}


def assemble(grid: Grid, words: Sequence[Word], word_ids: Sequence[int], low: frozenset[int],
             header_rows: int = 0, page: int = 1,
             centres: tuple[np.ndarray, np.ndarray] | None = None, leaders: Sequence[int] = ()) -> Table:
    """The table of ``grid``: each word goes to the cell holding its centre, and each leader
    run of ``leaders`` (page word indices, ``Word.leader``) inside it to the cell holding its
    start: its label's (``celltext.anchor_x``).

    ``centres`` (x and y arrays of every page word's centre) saves looking them up one by one.
    """
    slots = span_slots(grid.n_rows, grid.n_cols, grid.spans)
    xs, ys = grid.xs, grid.ys
    nx, ny = len(xs) - 1, len(ys) - 1  # ``geometry.slot_box`` written out (grid's own frame): one per cell
    boxes = [fast_rect(xs[c], ys[r], xs[c + cs if c + cs < nx else nx], ys[r + rs if r + rs < ny else ny])
             for r, c, rs, cs in slots]
    owner = {(rr, cc): k for k, (r, c, rs, cs) in enumerate(slots)
             for rr in range(r, r + rs) for cc in range(c, c + cs)}
    members: list[list[int]] = [[] for _ in slots]
    led: set[int] = set()  # the cells a leader run joined
    ascending = all(a < b for a, b in zip(word_ids, word_ids[1:], strict=False))  # a region's are: so each cell's
    for i, r, c in zip(word_ids, *_slots_of(grid, words, word_ids, centres), strict=True):
        k = owner.get((r, c))
        if k is not None:
            members[k].append(i)
    box = grid.region
    for i in leaders:
        b = words[i].bbox
        if box.x0 <= b.x0 < box.x1 and box.y0 <= b.cy < box.y1:
            k = owner.get((_index(b.cy, ys), _index(anchor_x(words[i]), xs)))
            if k is not None and members[k]:  # a leader leads from a label: never a cell's only text
                members[k].append(i)
                led.add(k)
                ascending = ascending and members[k][-2] < i
    cells = tuple(fast_cell(r, c, rs, cs, words[m[0]].text if len(m) == 1 else join_words([words[i] for i in m], 0,
                                                                                           k in led),
                            boxes[k], tuple(m) if ascending else tuple(sorted(m)), not low.isdisjoint(m))
                  if (m := members[k]) else fast_cell(r, c, rs, cs, "", boxes[k], (), False)  # empty: nothing to read
                  for k, (r, c, rs, cs) in enumerate(slots))
    if grid.option_splits:
        cells = _read_by_option(grid, words, cells)
    filled = sum(1 for c in cells if c.text) / max(len(cells), 1)
    conf = round(SOURCE_CONFIDENCE[grid.source] * (0.6 + 0.4 * filled), 3)
    return Table(bbox=grid.region, n_rows=grid.n_rows, n_cols=grid.n_cols, cells=cells, source=grid.source,
                 confidence=conf, header_rows=min(header_rows, grid.n_rows), page=page, grid=grid)


def _read_by_option(grid: Grid, words: Sequence[Word], cells: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """``cells`` with those holding a split of ``grid.option_splits`` (a form field's check-box
    options side by side, ``structure.options``) read option by option: the words between two
    splits a block of lines, the blocks left to right, not the lines across the options."""
    splits: dict[int, list[float]] = {}
    for r, x in grid.option_splits:
        splits.setdefault(r, []).append(x)

    def read(cell: Cell) -> str:
        cuts = sorted(x for r in range(cell.r, cell.r + cell.rs) for x in splits.get(r, ())
                      if cell.bbox.x0 < x < cell.bbox.x1)
        if not cuts:
            return cell.text
        blocks: dict[int, list[Word]] = {}
        for i in cell.word_ids:
            blocks.setdefault(bisect_right(cuts, anchor_x(words[i])), []).append(words[i])
        return "\n".join(join_words(blocks[k]) for k in sorted(blocks))

    return tuple(replace(c, text=read(c)) if c.word_ids else c for c in cells)


def _slots_of(grid: Grid, words: Sequence[Word], ids: Sequence[int],
              centres: tuple[np.ndarray, np.ndarray] | None) -> tuple[list[int], list[int]]:
    """Row and column index of each word's centre (clamped to the grid)."""
    if centres is None:
        return [_index(words[i].bbox.cy, grid.ys) for i in ids], [_index(words[i].bbox.cx, grid.xs) for i in ids]
    idx = np.asarray(ids, dtype=int)
    r = np.minimum(np.maximum(np.searchsorted(grid.ys, centres[1][idx], side="right") - 1, 0), grid.n_rows - 1)
    c = np.minimum(np.maximum(np.searchsorted(grid.xs, centres[0][idx], side="right") - 1, 0), grid.n_cols - 1)
    return r.tolist(), c.tolist()


def _index(v: float, edges: Sequence[float]) -> int:
    """Interval of the ascending ``edges`` holding ``v``, clamped to the first and last."""
    return min(max(bisect_right(edges, v) - 1, 0), len(edges) - 2)
