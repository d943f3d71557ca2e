"""Why a grid is no table: too few rows or columns, paragraph text or prose set in columns, a
court caption, a form's area (a blank form, boxes holding only their captions), a contents list or a back-of-book
index (leaders to page references), mostly empty rows. ``verdict`` asks in that order; the first
reason found is the grid's. A form's, an index's and a page layout's area is claimed: its text
makes no other table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..params import TableParams
from ..types import Grid, Word
from .blankform import blank_form
from .caption import court_caption
from .columns import Line, WordCentres
from .contents import contents_list
from .flow import flowing_rows
from .formboxes import form_boxes
from .formmosaic import form_mosaic
from .framedprose import framed_prose, no_row_drawn
from .indexlist import index_list
from .keyvalue import key_value
from .layouts import cut_box, labelled_blocks, numbered_notes, page_columns
from .leaders import leader_list
from .region import FULL, RegionEvidence
from .regions import Candidate
from .wordslots import occupied_slots

# Why no user would change these: each is a proportion of the grid's own evidence.
MIN_ROWS_FOR_EMPTY = 4  # rows a grid needs before its share of empty rows says it is no table
PARAGRAPH_WORDS = 8  # words a line, on average, above which a grid of at most PARAGRAPH_COLS columns is prose
PARAGRAPH_COLS = 2  # columns of an aligned grid that may be prose (more columns are a table's)


def verdict(grid: Grid, cand: Candidate, ev: RegionEvidence,
            text: tuple[Sequence[Line], Sequence[Word], Sequence[int]], drawn_xs: set[float],
            blank: bool) -> tuple[str, str, bool]:
    """(reason, parameter, claims) for ``grid`` made from ``cand``: reason "" when it is a table;
    ``text``: the region's lines, the page's words and the word ids counted for empty rows;
    ``drawn_xs``: its drawn inner column rules; ``blank``: a blank table to fill in, empty by
    design (the share of rows with text says nothing of it); ``claims``: its area is a form's,
    an index's or a page layout's (``layouts``: as a false table did, it keeps other regions
    off its text)."""
    lines, words, ids = text
    tparams = ev.params.tables
    one_row = tparams.ruled_row and _closed_row(ev, grid, drawn_xs)
    early = _reject_reason(grid, cand, ev.ids, lines, tparams, one_row, words) or _prose_columns(grid, ev) \
        or _caption(grid, ev)
    layout = None if early else _layout(grid, ev)
    early = early or layout
    form = None if early else _form(grid, ev)
    listed = None if early or form else _leader_list(grid, ev)
    book = None if early or form or listed else _index(grid, ev)
    empty = ("", "") if blank else _mostly_empty(grid, ev.centres, ids, tparams)
    reason, param = early or form or listed or book or empty
    return reason, param, form is not None or book is not None or layout is not None


def _caption(grid: Grid, ev: RegionEvidence) -> tuple[str, str] | None:
    """A court caption (``caption``): two blocks of text beside a typed column of ")"."""
    reason = court_caption(grid, ev.words, ev.ids)
    return (reason, "") if reason else None


def _mostly_empty(grid: Grid, centres: WordCentres, ids: Sequence[int], params: TableParams) -> tuple[str, str]:
    """A grid whose rows are mostly empty is no table (a chart's banded plot area with its
    tick labels): the share of rows holding text must exceed ``min_filled_rows``."""
    used = {r for r, _ in occupied_slots(grid, centres.cx[ids], centres.cy[ids])}
    share = len(used) / max(grid.n_rows, 1)
    if grid.n_rows >= MIN_ROWS_FOR_EMPTY and share <= params.min_filled_rows:
        return f"mostly empty: text in {len(used)} of {grid.n_rows} rows", "tables.min_filled_rows"
    return "", ""


def _form(grid: Grid, ev: RegionEvidence) -> tuple[str, str] | None:
    """A form's area, no table: a blank form's labels and empty entry boxes (``blankform``), or
    boxes holding only their captions (``formboxes``), or ruled bands each divided its own way
    (``formmosaic``); None when it may be a table."""
    tparams = ev.params.tables
    reason = blank_form(grid, ev.words, ev.centres, ev.ids) if tparams.blank_form else ""
    if reason:
        return reason, "tables.blank_form"
    reason = form_boxes(grid, ev) if tparams.form_boxes else ""
    if reason:
        return reason, "tables.form_boxes"
    reason = form_mosaic(grid, ev) if tparams.form_mosaic else ""
    return (reason, "tables.form_mosaic") if reason else None


def _leader_list(grid: Grid, ev: RegionEvidence) -> tuple[str, str] | None:
    """A grid whose columns come from the text (no drawn verticals) and whose last column
    leaders lead to is a list, not a table (``leaders``)."""
    if grid.source == "ruled" or not ev.params.tables.leaders:
        return None
    reason = leader_list(grid.xs, grid.region, ev.words, ev.lines)
    if not reason and ev.params.tables.contents_lists:  # no leaders: the page numbers alone
        reason = contents_list(grid.xs, grid.region, ev.words, ev.lines)
        return (reason, "tables.contents_lists") if reason else None
    return (reason, "") if reason else None


def _index(grid: Grid, ev: RegionEvidence) -> tuple[str, str] | None:
    """A grid whose columns come from the text and which reads as a back-of-book index
    (``indexlist``): its area makes no other table (the index's text columns are no table's)."""
    if grid.source == "ruled" or not ev.params.tables.leaders:
        return None
    reason = index_list(grid.xs, grid.region, ev.words, ev.lines)
    return (reason, "") if reason else None


def _prose_columns(grid: Grid, ev: RegionEvidence) -> tuple[str, str] | None:
    """A borderless grid whose row boundaries text mostly runs on across is prose set in
    columns (``flow``), not a table; None when it may be one."""
    if grid.source != "aligned" and not _text_rows(grid, ev):
        return None
    crossed, inner = flowing_rows(grid, ev.words, ev.lines, ev.segs)
    if crossed and 2 * crossed >= inner:
        return (f"running prose set in columns: text runs on across {crossed} of {inner} row boundaries "
                "(a full line goes on in lower case on the next)"
                + ("" if grid.source == "aligned" else ", between two rules with none drawn between its rows"),
                "" if grid.source == "aligned" else "tables.rules_around_prose")
    return None


def _text_rows(grid: Grid, ev: RegionEvidence) -> bool:
    """Is ``grid`` a region of stacked horizontal rules none of whose inner row boundaries is
    drawn (two rules, a panel's top and bottom, around lines the text alone parts into rows)?"""
    if grid.source != "horizontal_rules" or not ev.params.tables.rules_around_prose:
        return False
    return no_row_drawn(grid, ev)


def _layout(grid: Grid, ev: RegionEvidence) -> tuple[str, str] | None:
    """A page layout whose lines align as a table's (``layouts``): labelled blocks side by side
    (an address block), a slice of a page set in columns, a text box, numbered notes, running text
    in a drawn frame (a poster's panels: ``framedprose``); None when it may be a table."""
    tparams = ev.params.tables
    reason = framed_prose(grid, ev, PARAGRAPH_WORDS) if tparams.framed_prose else ""
    if reason:
        return reason, "tables.framed_prose"
    reason = labelled_blocks(grid, ev) if tparams.labelled_blocks else ""
    if reason:
        return reason, "tables.labelled_blocks"
    reason = page_columns(grid, ev) if tparams.page_columns else ""
    if reason:
        return reason, "tables.page_columns"
    reason = cut_box(grid, ev) if tparams.text_boxes else ""
    if reason:
        return reason, "tables.text_boxes"
    reason = numbered_notes(grid, ev) if tparams.numbered_notes else ""
    return (reason, "tables.numbered_notes") if reason else None


def _closed_row(ev: RegionEvidence, grid: Grid, drawn_xs: set[float]) -> bool:
    """Is ``grid`` one row of ruled cells closed on every side (its top and bottom ruled
    across the whole width, each side and inner column rule down the whole height), with
    text in two or more of its cells? A form draws its one-row tables so (name, signature,
    date); a frame with text in one cell is a box around text, not a table."""
    if grid.source != "ruled" or grid.n_rows != 1 or not drawn_xs:
        return False
    x0, x1, y0, y1 = grid.xs[0], grid.xs[-1], grid.ys[0], grid.ys[-1]
    # A short row's sides fall short of its box by the rules' own width: allow ``snap`` at each end.
    tall = min(FULL, 1 - 2 * ev.snap / max(y1 - y0, 1e-6))
    if not (all(ev.covered("h", y, x0, x1) >= FULL for y in (y0, y1))
            and all(ev.covered("v", x, y0, y1) >= tall for x in (x0, *drawn_xs, x1))):
        return False
    ids = list(ev.ids)
    return len({c for _, c in occupied_slots(grid, ev.centres.cx[ids], ev.centres.cy[ids])}) >= 2


def _reject_reason(grid: Grid, cand: Candidate, ids: Sequence[int], lines: Sequence[Line],
                   params: TableParams, one_row: bool = False, words: Sequence[Word] = ()) -> tuple[str, str] | None:
    """(reason, parameter) when the grid is no table, None when it may be one; ``one_row``:
    the grid is one row of closed ruled cells (``_closed_row``), a table below ``min_rows``;
    ``words``: the page's words, read for a key-value table (``keyvalue.key_value``)."""
    if grid.n_rows < params.min_rows and not one_row:
        return f"{grid.n_rows} row(s), fewer than {params.min_rows}", "tables.min_rows"
    if grid.n_cols < params.min_cols:
        return f"{grid.n_cols} column(s), fewer than {params.min_cols}", "tables.min_cols"
    per_line = len(ids) / max(len(lines), 1)
    if cand.source == "aligned" and grid.n_cols <= PARAGRAPH_COLS and per_line > PARAGRAPH_WORDS \
            and not key_value(grid, words, ids, lines):
        return f"paragraph text ({per_line:.0f} words a line in at most two columns)", ""
    return None
