"""Running headers and footers laid out as tables: a form's header box ("Form TD-7 | Revision
03/2025 | Page 2 of 9"), a footer box with the document number, drawn at the same place on
every page (pure, no I/O).

Page detection reads such a box as a small table. To continuations it is page furniture: it
is no table standing between two pieces of a table (over the continuation, under the first
piece), its lines are no text between them, and it does not set the text area's top or
bottom. A table is running when it lies wholly in the page's top or bottom ``MARGIN_BAND``
and a page at most ``NEIGHBOURS`` away holds a table of the same rows and columns at the same
place (every edge within ``SAME_PLACE``) whose cells read the same (``SAME_CELLS`` of them,
digits read as one sign: "Page 2 of 9" is "Page 3 of 9"). A piece of a continued table is
never one: a piece taller than the band leaves it, and a tail at a page's top does not
repeat its text on the next page.

Coordinates are page space (points, top-left origin).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..types import PageResult, Rect, Table
from .markers import signature
from .textlines import MARGIN_BAND

# Why no user would change these: a running header is drawn by one template on every page;
# these only say "the same box, the same words", in points and shares.
NEIGHBOURS = 2  # pages either side where the same table is looked for
SAME_PLACE = 3.0  # pt: each edge of the repeated table's box moves at most this much
SAME_CELLS = 0.8  # share of the cells whose text (numbers as "#") repeats, at least


def running_tables(by_page: Mapping[int, PageResult]) -> dict[int, tuple[int, ...]]:
    """Page -> the indices of its running tables (``PageResult.tables``); pages with none left out."""
    out: dict[int, tuple[int, ...]] = {}
    for page, res in by_page.items():
        found = tuple(i for i, t in enumerate(res.tables) if _in_band(t.bbox, res.height)
                      and any(_same(t, u) for q in _neighbours(page) if q in by_page for u in by_page[q].tables))
        if found:
            out[page] = found
    return out


def running_boxes(by_page: Mapping[int, PageResult]) -> dict[int, dict[int, Rect]]:
    """Page -> index -> page-space box of its running tables (``running_tables``), as
    ``textlines.Margins`` and ``page_lines`` take them."""
    return {p: {i: by_page[p].tables[i].bbox for i in ks} for p, ks in running_tables(by_page).items()}


def _neighbours(page: int) -> list[int]:
    return [page + d for k in range(1, NEIGHBOURS + 1) for d in (-k, k)]


def _in_band(box: Rect, height: float) -> bool:
    return box.y1 <= MARGIN_BAND * height or box.y0 >= (1 - MARGIN_BAND) * height


def _same(t: Table, u: Table) -> bool:
    """Same rows and columns at the same place, the cells' text (numbers as "#") mostly the same."""
    a, b = t.bbox, u.bbox
    if (t.n_rows, t.n_cols) != (u.n_rows, u.n_cols) or max(abs(a.x0 - b.x0), abs(a.y0 - b.y0), abs(a.x1 - b.x1),
                                                            abs(a.y1 - b.y1)) > SAME_PLACE:
        return False
    ta, tb = t.rows_text(), u.rows_text()
    cells = [(signature(x), signature(y)) for ra, rb in zip(ta, tb, strict=True) for x, y in zip(ra, rb, strict=True)
             if x.strip() or y.strip()]
    return bool(cells) and sum(x == y for x, y in cells) >= SAME_CELLS * len(cells)


__all__ = ["running_boxes", "running_tables"]
