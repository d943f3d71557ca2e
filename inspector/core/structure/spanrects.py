"""Cells of a grid from its joined slots: each group of slots one cell when it is a rectangle,
read row by row when it is not (``row_rectangles``). Split from ``spans``."""

from __future__ import annotations

from collections.abc import Callable


def rectangles(parent: list[int], find: Callable[[int], int], shape: tuple[int, int],
               occupied: set[tuple[int, int]], joined: set[tuple[int, int]]) -> list[tuple[int, int, int, int]]:
    """Cells (r, c, rs, cs) of a grid of ``shape`` (rows, columns) from its union-find of slots
    (``parent``, ``find``; slot r * columns + c), the slots holding text (``occupied``) and the
    pairs of slots joined directly (``joined``, smaller slot first)."""
    nr, nc = shape
    # Only joined slots and their roots form groups: most slots of a grid are joined to none.
    groups: dict[int, list[int]] = {}
    for i in [i for i in range(nr * nc) if parent[i] != i]:
        groups.setdefault(find(i), []).append(i)
    for root, members in groups.items():
        members.append(root)
    out = []
    for slots in groups.values():
        if len(slots) < 2:
            continue
        rs_ = [s // nc for s in slots]
        cs_ = [s % nc for s in slots]
        r0, r1, c0, c1 = min(rs_), max(rs_), min(cs_), max(cs_)
        if (r1 - r0 + 1) * (c1 - c0 + 1) == len(slots):
            out.append((r0, c0, r1 - r0 + 1, c1 - c0 + 1))
        else:
            pairs = {((a // nc, a % nc), (b // nc, b % nc)) for a, b in joined if a in slots}
            out.extend(row_rectangles({(s // nc, s % nc) for s in slots}, occupied, pairs))
    return sorted(out)


Slot = tuple[int, int]  # (row, column)


def row_rectangles(slots: set[Slot], occupied: set[Slot], joined: set[tuple[Slot, Slot]]) -> list[tuple[int, int, int, int]]:
    """Cells (r, c, rs, cs) of a group of joined slots that is no rectangle, read row by row:
    each row's run of slots joined one to the next is one cell, and runs over the same columns
    in rows one under the other, joined down in one column at least, are one cell down them
    (``joined``: the pairs of slots joined directly, the upper or left one first; two slots
    joined only through others, "Phase" and "Control" each to the blank corner over it, are
    not one run). A Word form's free-text box beside ruled boxes
    joins its lines across the columns other bands draw, and its blank slots to the rows
    under its first; the slot of a label the joins missed ("S/O No." beside the box's text)
    makes the group no rectangle, and throwing the whole group away would cut the box's every
    line at columns it never draws. Such a cell is kept only when text stands in two of its
    columns or more (``occupied``: slots holding text), a text laid across them: blank slots
    joined to one label (a header's empty corner chained to "mTORi" over its two columns) say
    nothing of where the label's own cell ends."""
    runs: list[tuple[int, int, int]] = []  # (row, first column, last column)
    for r in sorted({r for r, _ in slots}):
        cols = sorted(c for q, c in slots if q == r)
        start = cols[0]
        for a, b in zip(cols, [*cols[1:], None], strict=True):
            if b != a + 1 or ((r, a), (r, b)) not in joined:
                runs.append((r, start, a))
                start = b if b is not None else start
    out: list[tuple[int, int, int, int]] = []
    for r, a, b in runs:
        above = next((k for k, (r0, c0, rs, cs) in enumerate(out)
                      if r0 + rs == r and c0 == a and c0 + cs - 1 == b
                      and any(((r - 1, c), (r, c)) in joined for c in range(a, b + 1))), None)
        if above is None:
            out.append((r, a, 1, b - a + 1))
        else:
            r0, c0, rs, cs = out[above]
            out[above] = (r0, c0, rs + 1, cs)
    return [(r, c, rs, cs) for r, c, rs, cs in out if cs > 1
            and len({k for q, k in occupied if r <= q < r + rs and c <= k < c + cs}) >= 2]
