"""Consecutive pages' tables -> continuations: one logical table broken over pages.

A document-level step over the ``PageResult``s of consecutive pages (pure, no I/O). A table
*continues* another when the other is the last thing in its page's text area, this one is
the first thing in the next page's, their columns have the same geometry (in each page's
upright frame, so a sideways page compares like an upright one), and nothing but page
numbers, running headers/footers or "continued" markers stands between them. A table also
flows on into a later column of its own page (a two-column report, an InDesign spread): the
first piece ends at the bottom of the text area, the second stands wholly to its right and
starts level with the first piece's top (or higher, at the top of the text area). A caption or
body text between them, a different number of columns, or a header row of its own (bold
where the first piece's is, or words where its body has numbers) means a new table. Every candidate pair is kept with its evidence and confidence, proposed
or not, like the rejected regions of a page.

Coordinates in evidence are points in the pieces' upright frames (``geometry.Frame``). This
module picks the candidate pairs and keeps one proposal per piece; ``judging`` weighs one pair,
``textlines`` reads the pages' lines, running headers/footers and text area.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..geometry import Frame
from ..params import ContinuationParams
from ..types import PageResult
from .judging import Continuation
from .judging import judge as _judge
from .markers import CAPTION, MARKER
from .pieces import Evidence
from .pieces import frame as _frame
from .pieces import piece as _piece
from .runningtables import running_boxes
from .textlines import Line as _Line
from .textlines import Margins as _Margins
from .textlines import beside as _beside
from .textlines import page_lines as _lines
from .textlines import text_area as _text_area


def find_continuations(results: Sequence[PageResult], params: ContinuationParams | None = None
                       ) -> tuple[Continuation, ...]:
    """Every candidate pair between tables of consecutive pages among ``results`` (any order;
    pages not consecutive are not paired), proposed ones with ``proposed`` True. A table
    continues at most one table and is continued by at most one (the most confident)."""
    params = params or ContinuationParams()
    if not params.enabled:
        return ()
    by_page = {r.page: r for r in results}
    # Running headers/footers laid out as tables are furniture: no piece, no table between.
    running = running_boxes(by_page)
    boxes = {p: tuple(r.values()) for p, r in running.items()}
    lines = {p: _lines(r, Frame(0, r.width, r.height), boxes.get(p, ())) for p, r in by_page.items()}
    turned = {(p, i): _lines(r, _frame(r, t), boxes.get(p, ())) for p, r in by_page.items()
              for i, t in enumerate(r.tables) if _frame(r, t).turn}
    margins = _Margins(lines, {p: r.height for p, r in by_page.items()}, running)
    area = _text_area(by_page, margins)
    cands: list[Continuation] = []
    for page in sorted(by_page):
        nxt = by_page.get(page + 1)
        res = by_page[page]
        cands += _column_flows(res, turned.get, lines[page], margins, area, params)
        if nxt is None or not res.tables or not nxt.tables:
            continue
        for i in range(len(res.tables)):
            for j in range(len(nxt.tables)):
                if margins.running_table(page, i) or margins.running_table(page + 1, j):
                    continue
                a, b = _piece(res, i), _piece(nxt, j)
                la = turned.get((page, i), lines[page])
                lb = turned.get((page + 1, j), lines[page + 1])
                cands.append(_judge(res, nxt, a, b, la, lb, margins, area, params))
    return _one_to_one(cands)


def _column_flows(res: PageResult, turned: Callable[[tuple[int, int]], list[_Line] | None], lines: list[_Line],
                  margins: _Margins, area: dict[float, tuple[float, float]], p: ContinuationParams
                  ) -> list[Continuation]:
    """Candidate pairs within one page: a table and one wholly to its right (a later column),
    their heights overlapping, both in the same upright frame."""
    out = []
    for i in range(len(res.tables)):
        for j in range(len(res.tables)):
            if margins.running_table(res.page, i) or margins.running_table(res.page, j):
                continue
            a, b = _piece(res, i), _piece(res, j)
            if i == j or _frame(res, a.table).turn != _frame(res, b.table).turn or not _beside(b.box, a.box):
                continue
            la = turned((res.page, i)) or lines
            lb = turned((res.page, j)) or lines
            out.append(_judge(res, res, a, b, la, lb, margins, area, p))
    return out

def _one_to_one(cands: list[Continuation]) -> tuple[Continuation, ...]:
    """Keep the most confident proposal per piece; the others become plain candidates."""
    used_prev: set[tuple[int, int]] = set()
    used_next: set[tuple[int, int]] = set()
    out: list[Continuation] = []
    for c in sorted(cands, key=lambda c: (-c.proposed, -c.confidence, c.prev_page, c.prev_index, c.next_index)):
        if c.proposed and ((c.prev_page, c.prev_index) in used_prev or (c.next_page, c.next_index) in used_next):
            c = Continuation(c.prev_page, c.prev_index, c.next_page, c.next_index, c.confidence, 0, c.evidence,
                             False, "a more confident continuation joins one of these tables")
        if c.proposed:
            used_prev.add((c.prev_page, c.prev_index))
            used_next.add((c.next_page, c.next_index))
        out.append(c)
    out.sort(key=lambda c: (c.prev_page, c.prev_index, c.next_index))
    return tuple(out)


def proposed(conts: Sequence[Continuation]) -> tuple[Continuation, ...]:
    return tuple(c for c in conts if c.proposed)


def continued_from(conts: Sequence[Continuation]) -> dict[tuple[int, int], Continuation]:
    """(page, index) of each continuing table -> its proposal."""
    return {(c.next_page, c.next_index): c for c in conts if c.proposed}


__all__ = ["Evidence", "Continuation", "MARKER", "CAPTION", "find_continuations", "proposed", "continued_from"]
