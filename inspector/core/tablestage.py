"""The rows and tables stages, pure: run by the pipeline, and again on a page's result without its document."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .evidence.checkboxes import CHECK_BOX, STACKED
from .geometry import Frame
from .params import Params
from .reading.words import group_rows
from .structure.columns import WordCentres
from .structure.tables import TablesResult, detect_tables
from .structure.unitlines import attach_unit_lines
from .types import Fill, PageResult, Rect, RejectedRule, RowBand, Rule, Word


def upright_of(words: tuple[Word, ...], frame: Frame) -> tuple[Word, ...]:
    """The page's words in its upright frame (the words themselves when it is page space)."""
    return words if frame.identity else tuple(frame.word(w) for w in words)


def row_bands(words: tuple[Word, ...], upright: tuple[Word, ...], frame: Frame, params: Params,
          centres: WordCentres | None = None) -> tuple[RowBand, ...]:
    """Text rows, grouped in the upright frame (through its index ``centres``, whose words are
    ``upright``) and reported in page space."""
    if frame.identity:
        return group_rows(words, params.rows, centres)
    return tuple(frame.row_back(r) for r in group_rows(upright, params.rows, centres))


def box_sides(rejected: Sequence[RejectedRule]) -> tuple[Rule, ...]:
    """The verticals of the check boxes set aside (single or stacked): where a form's options start."""
    return tuple(g.rule for g in rejected if g.reason in (CHECK_BOX, STACKED) and g.rule.orient == "v")


def table_stage(upright: tuple[Word, ...], centres: WordCentres, rows: tuple[RowBand, ...], rules: tuple[Rule, ...],
            fills: tuple[Fill, ...], frame: Frame, params: Params, page: int,
            marks: tuple[Rule, ...] = ()) -> TablesResult:
    """Tables found in the upright frame (``upright``: the page's words there), mapped back to
    page space. On a turned page the column bins stay in the frame, so they are left out (and
    the check boxes' sides ``marks`` are used on upright pages only).
    """
    if frame.identity:
        found = detect_tables(upright, rows, rules, params, page, centres, fills, marks, frame.w)
        return dataclasses.replace(found, tables=attach_unit_lines(found.tables, upright, centres=centres))
    up_rows = group_rows(upright, params.rows, centres)
    up_fills = [dataclasses.replace(f, bbox=frame.rect(f.bbox), row_seams=()) for f in fills]  # seams not turned
    found = detect_tables(upright, up_rows, [frame.rule(r) for r in rules], params, page, centres, up_fills)
    # The unit line is looked for above and below in the frame the table was read in.
    found = dataclasses.replace(found, tables=attach_unit_lines(found.tables, upright, centres=centres))
    regions = tuple(dataclasses.replace(r, bbox=frame.rect(r.bbox, back=True)) for r in found.regions)
    tables = tuple(frame.table_back(tb) for tb in found.tables)
    grids = tuple(tb.grid for tb in tables if tb.grid is not None)
    return TablesResult(regions, grids, tables, (), found.low_confidence)


def tables_again(res: PageResult, params: Params, centres: WordCentres | None = None) -> TablesResult:
    """The tables stage of ``res`` run again with ``params`` on the words, rules and fills it
    found: what a change of a rows, columns or tables parameter gives, without the document
    (pure, so a thread may call it). ``centres``: the upright words' arrays from an earlier call
    (``upright_centres``), reused."""
    frame = Frame(res.turn, res.width, res.height, res.skew)
    centres = centres or upright_centres(res)
    upright = tuple(centres.words)  # the same tuple: detect_tables sees the arrays are of these words
    rows = row_bands(res.words, upright, frame, params, centres)
    return table_stage(upright, centres, rows, res.rules, res.fills, frame, params, res.page, box_sides(res.rejected))


def tables_inside(res: PageResult, params: Params, box: Rect) -> TablesResult:
    """The tables stage run on what lies inside page-space ``box`` (points) alone: the words
    whose centre is inside, the rules and fills cut to it. A table the page-wide run missed
    (a neighbour's text or a long rule joined it to something else) is looked for there with
    ``params``; nothing outside the box can veto or widen it. Pure, like ``tables_again``."""
    words = tuple(w for w in res.words if box.contains_point(w.bbox.cx, w.bbox.cy))
    lo, hi = {"h": (box.x0, box.x1), "v": (box.y0, box.y1)}, {"h": (box.y0, box.y1), "v": (box.x0, box.x1)}
    rules = tuple(dataclasses.replace(r, start=max(r.start, lo[r.orient][0]), end=min(r.end, lo[r.orient][1]))
                  for r in res.rules if hi[r.orient][0] <= r.pos <= hi[r.orient][1]
                  and min(r.end, lo[r.orient][1]) > max(r.start, lo[r.orient][0]))
    fills = tuple(dataclasses.replace(f, bbox=cut) for f in res.fills if (cut := f.bbox.intersection(box)) is not None)
    inside = dataclasses.replace(res, words=words, rules=rules, fills=fills, low_confidence=frozenset(), ocr_unsure=frozenset())
    return tables_again(inside, params)


def upright_centres(res: PageResult) -> WordCentres:
    """The arrays of ``res``'s words in the frame its tables were read in (see ``tables_again``)."""
    return WordCentres(upright_of(res.words, Frame(res.turn, res.width, res.height, res.skew)))
