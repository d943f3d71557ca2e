"""Judging one candidate pair of pieces: the evidence that table ``b`` continues table ``a``
(on the next page, or in a later column of ``a``'s page), its confidence and veto, as a
``Continuation`` (pure, no I/O). ``continuation.find_continuations`` picks the pairs.

Coordinates in evidence are points in the pieces' upright frames (``geometry.Frame``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..params import ContinuationParams
from ..types import PageResult
from .carried import carried, carried_forward
from .headrow import header_evidence, kind_clash, marker_row_text, marker_rows
from .heads import head_index
from .leftrows import left_out_rows
from .markers import CAPTION, FOOTNOTE, MARKER, NOTE, PAGE_NUMBER, bare, captioned, cell_signs, signed
from .numbering import numbering
from .pieces import Evidence, bound_rows, column_ends, column_map
from .pieces import Piece as _Piece
from .pieces import frame as _frame
from .pieces import geometry as _geometry
from .tails import tail_index
from .textlines import Line as _Line
from .textlines import Margins as _Margins
from .textlines import beside as _beside
from .textlines import column_part as _column_part
from .textlines import edge_area as _edge_area
from .textlines import inside as _inside
from .textlines import ruled_off, text_area
from .titling import heading_over, stranded, unit_over


@dataclass(frozen=True, slots=True)
class Continuation:
    """Table ``next_index`` of page ``next_page`` continues table ``prev_index`` of
    ``prev_page`` (= ``next_page`` - 1, or ``next_page`` itself when the table flows on
    into a later column of its page). Indices are positions in ``PageResult.tables``.

    ``repeated_header`` counts the continuation's leading rows that are no data and that
    the stacked table leaves out: the first piece's header set again, and a "continued" line
    detection took in over it (0: none); ``closing_marker`` the first piece's last rows it
    leaves out, a "continued" line detection took in under that piece (0: none). ``columns``: for a continuation with fewer columns (a column
    left blank on its page), the first piece's column each of its columns stands in;
    ``column_ends``, for ruled cells spanning the first piece's columns, the last one each covers.
    ``proposed`` is False for a candidate that was vetoed or below
    ``continuation.min_confidence``; ``reason`` then says why.
    """

    prev_page: int
    prev_index: int
    next_page: int
    next_index: int
    confidence: float
    repeated_header: int
    evidence: tuple[Evidence, ...]
    proposed: bool
    reason: str = ""
    columns: tuple[int, ...] = ()  # the first piece's column that each of the next piece's stands in (): the same
    closing_marker: int = 0  # the first piece's last rows that are a "continued" line detection took in (0 or 1)
    column_ends: tuple[int, ...] = ()  # the first piece's last column each of the next piece's spans (): one each


def _flow(a: _Piece, b: _Piece) -> bool:
    """Is ``b`` in a later column of ``a``'s page (not on the next page)?"""
    return a.page == b.page


def judge(res: PageResult, nxt: PageResult, a: _Piece, b: _Piece, la: list[_Line], lb: list[_Line],
           margins: _Margins, area: dict[float, tuple[float, float]], p: ContinuationParams) -> Continuation:
    ev: list[Evidence] = []
    between, eased, lead = _between(res, nxt, a, b, la, lb, margins, p.marked_notes)
    closing, opening = marker_row_text(a, -1), marker_row_text(b, 0)  # "continued" lines detection took in
    marker = int(bool(opening))
    # ``repeated``: the leading rows of ``b`` that are no data (its header set again, a
    # "continued" line detection took in over it); the stacked table leaves them out.
    repeated, head = header_evidence(res, nxt, a, b, p.renamed_header, marker)
    # The row that opens the next page: rows detection left out over the piece, else its first body row.
    block, n_block = (lead, 1) if lead else bound_rows(b, repeated)
    if _flow(a, b):
        area = {**area, a.frame_h: _flow_area(res, a, b, lb, margins, area)}
    ev += _edges(res, nxt, a, b, area, p, eased, block, n_block)
    ev += between
    ev += _tail(nxt, b) or _head(res, a) or _geometry(a, b, p, repeated)
    ev += head
    cmap = column_map(a, b, p, repeated)
    ev += kind_clash(a, b, repeated, cmap)
    ev += numbering(a, b, repeated, cmap) if p.numbering else []
    ev += _closing(a) if not carried_forward(a) else []
    ev += carried(a, b, repeated)
    ev += marker_rows(a, b, closing, opening)
    ev += _type_sizes(res, nxt, a, b) if repeated <= marker else []
    ev += _note_vetoed(ev, repeated)
    conf = max(0.0, min(1.0, sum(e.weight for e in ev)))
    veto = next((e for e in ev if e.veto), None)
    if veto is not None:
        conf = 0.0
    proposed = veto is None and conf >= p.min_confidence
    reason = veto.detail if veto is not None else ("" if proposed else
                                                   f"confidence {conf:.2f} below continuation.min_confidence "
                                                   f"{p.min_confidence:g}")
    return Continuation(a.page, a.index, b.page, b.index, round(conf, 3), repeated if veto is None else 0,
                        tuple(ev), proposed, reason, cmap if proposed else (),
                        int(proposed and bool(closing)), column_ends(a, b, p, repeated) if proposed else ())


def _flow_area(res: PageResult, a: _Piece, b: _Piece, lines: Sequence[_Line], margins: _Margins,
               area: dict[float, tuple[float, float]]) -> tuple[float, float]:
    """The text area of a page whose columns a table flows through: its own text's top, and as
    its foot that of the next column, whatever other pages hold: the lowest of the second piece
    and what stands under it in its column (tables, text; not the table's notes, set smaller
    or marked as notes, nor running footers), and ``FLOW_FOOT`` of the page's height at least."""
    top, bottom = text_area({a.page: res}, margins).get(a.frame_h, _edge_area(area, a))
    fr = _frame(res, b.table)
    col = [fr.rect(t.bbox) for k, t in enumerate(res.tables)
           if k not in (a.index, b.index) and not margins.running_table(res.page, k)]
    col = [r for r in col if r.y0 >= b.box.y1 - 1 and r.x0 < b.box.x1 and b.box.x0 < r.x1]
    col += [ln.box for ln in lines if ln.box.y0 >= b.box.y1 - 1 and ln.box.x0 < b.box.x1 and b.box.x0 < ln.box.x1
            and not margins.is_margin(b.page, ln) and not _noted(ln, b.size)]
    # A column is full when a table flows on out of it: its foot lies in the page's lower part,
    # however little else the page holds (two tables side by side on a sparse page end high).
    return top, max(min(bottom, max([a.box.y1, b.box.y1, *(r.y1 for r in col)])), FLOW_FOOT * a.frame_h)


def _noted(ln: _Line, body_size: float) -> bool:
    """Is ``ln`` a note to a table whose body is set in ``body_size`` pt (a note's or
    footnote's mark, or smaller type and no caption)?"""
    return bool(NOTE.match(ln.text) or FOOTNOTE.match(ln.text)
                or 0 < ln.size < FOOTNOTE_SIZE * body_size and not CAPTION.match(ln.text))


def _edges(res: PageResult, nxt: PageResult, a: _Piece, b: _Piece, area: dict[float, tuple[float, float]],
           p: ContinuationParams, eased: tuple[float, float] = (float("inf"), float("-inf")),
           next_row: float = 0.0, next_rows: int = 1) -> list[Evidence]:
    """The first piece ends at the bottom of the text area, the second starts at its top;
    ``eased``: the top of the highest marker line under the first piece and the bottom of
    the lowest marker or repeated title line over the second (the room they take is no gap);
    ``next_row``: the height of the second piece's first body row (pt, 0: unknown). A row
    taller than the room left under the first piece could not fit there: that room is the
    page break's, however many of the first piece's rows it would hold. ``next_rows`` > 1:
    ``next_row`` is the height of that many rows a cell spanning them binds (a label over its
    group, as in a tender's bill of quantities): the group moved to the next page whole."""
    out = []
    _, bottom = _edge_area(area, a)
    top, _ = _edge_area(area, b)
    if _flow(a, b) and b.box.y0 >= a.box.y0 - 1:
        top = max(top, a.box.y0)  # a later column starts where the first piece starts
    bottom, top = min(bottom, max(eased[0], a.box.y1)), max(top, min(eased[1], b.box.y0))
    for kind, room, row_h in (("ends at the bottom", bottom - a.box.y1, a.row_h),
                              ("starts at the top", b.box.y0 - top, b.row_h)):
        # Within a page the room under a column is measured in the rows that open the next one
        # (what would have had to fit there), not in the first piece's tallest row.
        within = kind.startswith("ends") and _flow(a, b) and next_row > 0
        limit = p.edge_rows * (next_row / max(next_rows, 1) if within else row_h)
        tall = kind.startswith("ends") and next_row > limit and not _flow(a, b)
        if tall:
            limit = next_row
        ok = room <= limit + 0.5
        first = "first row," if next_rows <= 1 else f"first {next_rows} rows, bound by a cell spanning them,"
        why = f"the next page's {first} {next_row:.1f} pt tall, did not fit" if tall else \
            f"{p.edge_rows:g} of the next column's first rows" if within else f"{p.edge_rows:g} rows"
        where = "its page's columns" if _flow(a, b) else "the text area"
        out.append(Evidence("edge", f"{kind} of {where}: {max(room, 0):.1f} pt of room, at most "
                            f"{limit:.1f} pt ({why})" if ok else
                            f"does not {kind.replace('ends', 'end').replace('starts', 'start')} of "
                            f"{where}: {room:.1f} pt of room, more than {limit:.1f} pt ({why})",
                            0.15 if ok else 0.0, round(room, 2), round(limit, 2), "continuation.edge_rows", not ok))
    return out


def _between(res: PageResult, nxt: PageResult, a: _Piece, b: _Piece, la: list[_Line], lb: list[_Line],
             margins: _Margins, marked: bool = True) -> tuple[list[Evidence], tuple[float, float], float]:
    """What stands below the first piece and above the second: only margins and markers may
    (``marked``: a note under the first piece by a sign one of its cells carries is a
    footnote, ``continuation.marked_notes``); and where the marker lines below the first piece start and those (or the repeated title
    lines) above the second end (infinite when none); and the height of the rows detection
    left out over the second piece (0 when none)."""
    out: list[Evidence] = []
    fa, fb = _frame(res, a.table), _frame(nxt, b.table)
    flow = _flow(a, b)
    # Within one page only what stands in the piece's own column is between them: under the
    # first piece, and over the second down from the level where the first one starts.
    col_a = (lambda r: r.x0 < a.box.x1 and a.box.x0 < r.x1) if flow else (lambda r: True)
    col_b = (lambda r: r.x0 < b.box.x1 and b.box.x0 < r.x1 and r.y0 >= a.box.y0 - 1) if flow else (lambda r: True)
    under = [k for k, t in enumerate(res.tables) if k not in (a.index, b.index if flow else -1)
             and fa.rect(t.bbox).y0 >= a.box.y1 - 1 and col_a(fa.rect(t.bbox))]
    over = [k for k, t in enumerate(nxt.tables) if k not in (b.index, a.index if flow else -1)
            and fb.rect(t.bbox).y1 <= b.box.y0 + 1 and col_b(fb.rect(t.bbox))]
    for page, ks, where in ((a.page, under, "follows"), (b.page, over, "precedes")):
        if any(not margins.running_table(page, k) for k in ks):
            out.append(Evidence("between", f"another table {where} it on its page", veto=True))
        elif ks:
            out.append(Evidence("margin", f"the table that {where} it on page {page} is a running header or footer "
                                "laid out as a table (the same box and words at the same place on a nearby page)"))
    if not flow:
        # Columns are read left to right: a table in a later column of the first piece's page,
        # or in an earlier one of the second's, comes between them (the flow pairs it instead).
        if any(_beside(fa.rect(t.bbox), a.box) for k, t in enumerate(res.tables) if k != a.index):
            out.append(Evidence("between", "another table stands in a later column of its page", veto=True))
        if any(_beside(b.box, fb.rect(t.bbox)) for k, t in enumerate(nxt.tables) if k != b.index):
            out.append(Evidence("between", "another table stands in an earlier column of its page", veto=True))
    if flow:  # a page's line runs across its columns: each piece's column keeps its own words
        la = [part for ln in la if (part := _column_part(ln, a.box, margins.is_margin(a.page, ln))) is not None]
        lb = [part for ln in lb if (part := _column_part(ln, b.box, margins.is_margin(b.page, ln))) is not None]
    below = [ln for ln in la if ln.box.y0 >= a.box.y1 - 1 and not _inside(ln, a.box) and col_a(ln.box)]
    above = [ln for ln in lb if ln.box.y1 <= b.box.y0 + 1 and not _inside(ln, b.box) and col_b(ln.box)]
    # The first piece's title block (title, date, unit line) set again over the continuation.
    # A line over another table above the first piece is that table's title, not this one's.
    roof = max((r.y0 for k, t in enumerate(res.tables) if k != a.index and (r := fa.rect(t.bbox)).y1 <= a.box.y0 + 1
                and r.x0 < a.box.x1 and a.box.x0 < r.x1), default=float("-inf"))
    titles = {bare(ln.text) for ln in la if max(roof, a.box.y0 - TITLE_ROWS * a.row_h) <= ln.box.y0
              and ln.box.y1 <= a.box.y0 + 1}
    below_start, above_end, lead_top = float("inf"), float("-inf"), float("inf")
    signs = cell_signs(x for row in a.table.rows_text() for x in row) if marked else frozenset()
    over_b = {bare(ln.text) for ln in above}
    for page, group, piece, page_res in ((a.page, below, a, res), (b.page, above, b, nxt)):
        # Also under the first piece: a producer repeating header rows that hold the title
        # row sets it again at the foot of the page when the break falls right after it.
        ruled = ruled_off(page_res, _frame(page_res, piece.table), group, piece)
        heads = heading_over(group, b) if piece is b else None
        said = [_line_evidence(page, ln, margins, bare(ln.text) in titles and bool(bare(ln.text)), page == a.page,
                               ln in ruled, piece.size, page == b.page and piece is b and unit_over(ln, b),
                               ln is heads or (piece is a and not margins.is_margin(page, ln) and stranded(ln, a, over_b)),
                               page == a.page and signed(ln.text, signs))
                for ln in group]
        rows = left_out_rows([ln for ln, e in zip(group, said, strict=True) if e.veto], piece)
        for ln, e in zip(group, said, strict=True):
            if ln in rows:
                text = ln.text if len(ln.text) <= 60 else ln.text[:57] + "..."
                e = Evidence("rows", f"a line in the table's columns that detection left out of the piece on "
                             f"page {page}: \"{text}\"")
            out.append(e)
            if e.kind in ("marker", "title", "rows", "note", "footnote"):
                if page == b.page:
                    above_end = max(above_end, ln.box.y1)
                else:
                    below_start = min(below_start, ln.box.y0)
            if e.kind == "rows" and page == b.page:
                lead_top = min(lead_top, ln.box.y0)
    return out, (below_start, above_end), max(0.0, b.box.y0 - lead_top)


FLOW_FOOT = 0.7  # share of the page's height a column's foot lies below, at least, when a table flows on out of it
TITLE_ROWS = 6  # the lines within this many of its rows above the first piece are its title block
FOOTNOTE_SIZE = 0.92  # share of the piece's body type size: a line under it set smaller is a footnote


def _line_evidence(page: int, ln: _Line, margins: _Margins, again: bool = False, under: bool = False,
                   ruled: bool = False, body_size: float = 0.0, unit: bool = False, heading: bool = False,
                   by_sign: bool = False) -> Evidence:
    """What one line between the pieces says; ``again``: it repeats a line of the first
    piece's title block; ``under``: it stands under the first piece (where a note may);
    ``ruled``: a rule parts it from the piece at the page's edge (``ruled_off``);
    ``body_size``: the piece's body type size (a footnote is set smaller); ``unit``: a unit
    line over the continuation (``titling.unit_over``); ``heading``: a heading or caption right over the
    continuation (``titling.heading_over``), or under the first piece and not set over the
    continuation (``titling.stranded``); ``by_sign``: it starts with a sign ("*", "†") that one of
    the first piece's cells carries."""
    text = ln.text if len(ln.text) <= 60 else ln.text[:57] + "..."
    if MARKER.search(ln.text):
        return Evidence("marker", f"continuation marker on page {page}: \"{text}\"", 0.25)
    if margins.is_margin(page, ln):
        if heading and not again and not unit and not ln.furniture and not PAGE_NUMBER.match(ln.text):
            return Evidence("heading", f"a heading or caption right over the table on page {page}, repeated at "
                            f"the same height on other pages (each page opens a new table): \"{text}\"", veto=True)
        return Evidence("margin", f"page number or running header/footer on page {page}: \"{text}\"")
    if ruled:
        return Evidence("margin", f"running header/footer on page {page}, set off from the table by a rule at the "
                        f"page's edge: \"{text}\"")
    if under and _noted(ln, body_size):
        if by_sign:
            # "* restated" under a piece with a cell "1,234*": the footnote of a marked cell, set
            # under the piece that holds it, not a note closing the table.
            return Evidence("footnote", f"a footnote under the first piece on page {page}, set by a sign that "
                            f"one of its cells carries (it notes that cell; it does not close the table): \"{text}\"",
                            -0.05)
        if FOOTNOTE.match(ln.text) and not NOTE.match(ln.text):
            # A footnote by its mark ("1)", "¹", "注1") notes a cell of its page: producers set
            # one at each page's foot, so it says nothing about where the table ends. A note by
            # its label ("Note:", "Source:", "주:") is written once, after the table's last row.
            return Evidence("footnote", f"a footnote under the first piece on page {page}, set by its mark "
                            f"(it notes the page's cells; it does not close the table): \"{text}\"", -0.05)
        return Evidence("note", f"a note under the first piece on page {page}: \"{text}\"", -0.1)
    if again and under and heading:
        return Evidence("heading", f"a heading under the first piece on page {page}, its title set again but not "
                        f"over the continuation: the next table's heading, the page break parting it from that "
                        f"table: \"{text}\"", veto=True)
    if again:
        return Evidence("title", f"repeats the first piece's title block on page {page}: \"{text}\"")
    if unit:
        return Evidence("title", f"the table's unit line set over the continuation on page {page}: \"{text}\"")
    if captioned(ln.text):
        return Evidence("caption", f"a caption between the pieces on page {page}: \"{text}\"", veto=True)
    return Evidence("text", f"text between the pieces on page {page}: \"{text}\"", veto=True)


def _note_vetoed(ev: Sequence[Evidence], repeated: int) -> list[Evidence]:
    """A note under the first piece closes a table unless the next piece says it goes on:
    the header repeated, or a "continued" marker. A footnote by its mark does not close it
    (``_line_evidence``: evidence "footnote")."""
    if any(e.kind == "note" for e in ev) and not repeated and not any(e.kind == "marker" for e in ev):
        return [Evidence("note", "a note closes the first piece, and neither a repeated header nor a "
                         "\"continued\" marker says the table goes on", veto=True)]
    return []


def _tail(nxt: PageResult, b: _Piece) -> list[Evidence]:
    """The continuation is a tail that ``tails`` read in the first piece's columns: its words
    stand inside them, which stands for the column evidence (its boundaries are the first
    piece's by construction, so comparing them says nothing)."""
    if b.index not in tail_index(nxt):
        return []
    return [Evidence("tail", f"a tail of {b.table.n_rows} row{'s' * (b.table.n_rows > 1)} opening page {b.page}, "
                     "its words inside the first piece's columns and of their kinds (too few rows for page "
                     "detection to find alone)", 0.35)]


def _head(res: PageResult, a: _Piece) -> list[Evidence]:
    """The first piece is a head that ``heads`` read in the next piece's columns at the foot of
    its page: its words stand inside them, which stands for the column evidence."""
    if a.index not in head_index(res):
        return []
    over = "a header over them" if a.table.header_rows else "label/value pairs as that piece's rows are"
    return [Evidence("head", f"a head of {a.table.n_rows} row{'s' * (a.table.n_rows > 1)} ending page {a.page}, "
                     f"its words inside the next piece's columns, {over} (too few rows for page "
                     "detection to find alone)", 0.35)]


TYPE_RATIO = 1.1  # pieces whose body type sizes differ by more than this factor are two tables


def _type_sizes(res: PageResult, nxt: PageResult, a: _Piece, b: _Piece) -> list[Evidence]:
    """A veto when the pieces are set in type sizes further apart than ``TYPE_RATIO``: a
    table keeps its type over its pages, a new table (another slide's) need not. Asked only
    where the header is not repeated (a repeated header says it goes on, whatever its cells
    hold: code set smaller on one page, prose on the next). Only text
    read from the text layer (an OCR size is an estimate), pieces of two rows or more (the
    median size is the body's) and no tail (``tails`` reads its rows in any type)."""
    if min(a.size, b.size) <= 0 or min(a.table.n_rows, b.table.n_rows) < 2 or b.index in tail_index(nxt) \
            or a.index in head_index(res):
        return []
    if any(w.from_ocr for r, pc in ((res, a), (nxt, b)) for c in pc.table.cells for i in c.word_ids
           if 0 <= i < len(r.words) for w in (r.words[i],)):
        return []
    ratio = max(a.size, b.size) / min(a.size, b.size)
    if ratio <= TYPE_RATIO:
        return []
    return [Evidence("type", f"set in another type size: {a.size:.1f} pt on page {a.page}, {b.size:.1f} pt on "
                     f"page {b.page} (a table keeps its type over its pages)", 0.0, round(ratio, 3), TYPE_RATIO,
                     veto=True)]


def _closing(a: _Piece) -> list[Evidence]:
    """A totals row last is how tables end, not how they break."""
    roles = a.table.row_roles
    last = " ".join(a.table.rows_text()[-1]).strip().lower() if a.table.n_rows else ""
    if (roles and roles[-1] == "total") or re.match(r"^(grand )?total|^sum\b|^合计|^gesamt|^insgesamt", last):
        return [Evidence("closing", "its last row is a total", -0.2)]
    return []


__all__ = ["Continuation", "judge"]
