"""What ``explain`` says (evidence, boundaries and candidates, rejected regions), and the
page as it reads it: words in the frame its tables were read in, and the tables stage run
again with other parameters to check that a suggested value really flips a boundary (or
makes a rejected region a table).

Every position a reader sees is in unrotated page space (points, top-left origin): ``Why.pos``
is an x when ``orient`` is "v" (a vertical line) and a y when it is "h"; ``line`` is the
boundary drawn across its table. ``axis`` says what the boundary is to the table ("col" or
"row"): in a sideways table a column boundary runs across the page (``orient`` "h"). Grids
of a sideways page measure their boundaries in the upright frame (``geometry.Frame``); the
work is done in that frame and ``PageContext.placed`` maps an answer back to page space.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np

from ..geometry import Frame, grid_frame
from ..multipage.furniture import reaches_bands
from ..params import ParamError, Params, describe
from ..structure.cellmarks import cell_marks
from ..structure.columns import Line, WordCentres
from ..structure.tables import TablesResult
from ..tablestage import tables_again, upright_centres
from ..types import Grid, PageResult, Rect, Rule, Word


@dataclass(frozen=True, slots=True)
class Evidence:
    """One piece of evidence: ``kind`` rule | fill_edge | region_edge | text_gap | line_gap |
    left_head (a head set left over amounts set right, in the column it stands over: the white
    left of it, pt) | head_rowspan (labels beside a group label spanning both header rows: how
    many) | group_phrase (a header label's words, one phrase a word space apart, across a boundary
    inside its spanning cell: its 1-based row) | data_band (a first drawn band of amounts, no header: its
    lines) | paragraph_under (a paragraph's first line ends the table) |
    number_stack | clipped_art | clipped_text | spanning_lines | leaders | group_rule |
    section_row | check_box_options | justified | line_break | number_tail (a line holds the broken-off
    ends of numbers above: no row) | amount_row | leading_pitch (a row pitch
    at the type's leading, pt) | band_pitch (a band's height over its lines, pt) | unit_line (the line
    over a table's top states its unit and nothing else: no header line) | group_label (a header label
    centred over the columns beside it, its 1-based row) | totals_labels (totals rows whose label,
    starting the line, runs across a column gap the other lines leave: how many) | line_number (a blank table's side moved
    past a form's line number in its first caption) | raster_skipped (the page's render did not fit its
    time budget: the boundary was decided without raster rules) | figures_skipped (too many paths to look
    for charts: a chart's labels were not set aside) | ocr_stopped (a limit, ocr.cpu_seconds or the
    wall-clock guard ocr.max_seconds, stopped the page's OCR: words may be missing) | misread_amounts (short OCR words a
    band's rows of amounts took for amounts a coarse scan broke: how many) | speck_cut (a column boundary
    where the table's scanned row rules end, cut there from the table beside's: how many rules) | texts_apart (a column rule undrawn in rows whose
    texts lie apart, kept there: its value the rows) | blank_apart (a column boundary drawn nowhere, two
    blank slots beside it over or under texts on both sides: not joined; its value the rows) | thin_band (a rule past the first or last row over an
    empty band thinner than a line, pt) | row_labels (labels left of rules drawn over the amounts only,
    taken as the first column: the lines holding one) | accounting_sign (a column of currency signs set
    apart from their amounts starts here: the lines starting with one) | amount_body (the lines between a
    header and a totals rule are rows of amounts: how many) | labelled_paragraph (a label beside a paragraph's
    first line, set apart from the line above by more than the paragraphs' leading: the step, pt) |
    repeated_header (a side where a block of tables with one header set again was cut into them) |
    flush_label (a header label set flush with one end of its cmidrule, a cell over the columns under the rule:
    its 1-based row) |
    icons (a column beside the boundary holds a column of pictures, small pictures one per row under a header
    word, which stand for its cells' text: how many) |
    wrapped_span (a row rule left out under a cell whose paragraph wraps on past it: the cell's 1-based
    column) |
    centred_stub (a row boundary inside a stub label's cell centred down the rows it spans: the cell's
    1-based first row) |
    centred_amounts (a row boundary over a label wrapped over two lines, its amounts centred between
    them, in a band under one rule: gap, pt) |
    totals_box (a row boundary between the lines of a totals box under one rule, the first column empty: gap, pt) |
    runs_on (a row boundary under a line between two lines of other columns that goes on with its column's text two
    lines above or under it, no further from it than a line of the cell beside it: a line of a cell of several lines,
    no one-line cell centred beside them; the step from that text, pt) |
    next_item (a row boundary over a line beginning with the item marker after the one the row above begins with,
    "E." then "F.", set where it starts: gap, pt) |
    labelled_rows (a row boundary between the lines over a table's first rule, each a label beside an amount in
    one column: a totals block's rows, no header: gap, pt) |
    spacer_column (the table's rules break over a blank spreadsheet column here and go on beyond it
    at the same heights: how many heights) | cell_tiles (cells shaded one
    rectangle each meet side by side there on several lines: how many fills, their ids) | band_seam
    (two bands of one colour drawn apart abut there, a text line in each: how many fills, their ids) | rule_joints
    (the row rules, stroked cell by cell, meet end to end there in a text gap's white: how many rules) | header_over_rules
    (the first row is a header line over a ruled grid's first rule, its pieces inside the grid's columns) |
    sign_edge (amounts end where a column of currency signs alone, each between two numbers, starts: a
    spreadsheet's accounting format, closer than a column gap) | number_edge (numbers set right end
    where text set left starts closer than a column gap: two cells' padding, ``structure.numberedge``) | rule_pair (a rule beside a kept boundary
    over an empty band thinner than half a line: cells boxed apart, the pair one boundary, pt apart) |
    straddled (a column boundary no line has text on both sides of, the lines of one side overlapping
    the other's: middle-aligned wrapped cells, two columns) | facing_columns (text set right, then text
    set left across a gap of 1.5 glyphs or less: two cells' edges, the lines showing it) |
    group_label_line (a table's first line is a group label in a header row of its own: its width, pt) |
    sub_headers (a header band's second line, sub-headers under a group label, a header row of its own:
    the gap between the lines, pt) | column_ends (the column rules above all end at a row boundary
    inside a ruled band: a row whose top border is left out) | foot_line (the line under the table's bottom
    is a continuation marker or a caption: the growth down stopped there) | section_heading (the line under
    it is a numbered section heading set apart: the growth down stopped there) | heading_under (the line
    under it is a heading without a number set apart, over prose or the next table's header) | group_head (a label alone in the first column set apart from the row above and hanging on the row under it, a grouped report's group label: its step from the row above, pt) | outdented_label (a row starts with a
    label alone in the first column set left of the indented label above it: how far, pt) | label_leads_in (a row starts
    with a label's first line going on into the line holding its values, bottom-aligned: the gap, pt) |
    drawn_parts (a row ruled across only, joined to a drawn grid's parts, lies over or under it: on how many
    sides, ``tables.ruled_parts``) | section_label (a section label set in a row's height between two ruled
    blocks of one grid joined them, over or under it: on how many sides) | group_gap (a blank gap narrower than a
    row over a report's next group or total, joining two ruled blocks of one grid, lies over or under it: on how
    many sides) | head_stack (column heads stacked in their columns over several lines
    above the head rule part the header's lines here: how many lines the stacked block holds) | boxed_cells
    (the table's cells are closed boxes set apart, joined into one table: how many boxes) | rows_under_fills
    (the table's last rows, unshaded, under a grid drawn by cell shading alone) | spanning_head (a
    borderless table's first line is one piece centred over all its columns at the rows' step, a row
    spanning them: its width, pt) | expression (lines where a number, an infix operator set alone and a
    number stand across a gap, "$782.50 + 15%": one cell's expression, no boundary between two stacks of
    numbers: how many lines) | cell_mark (a fill inside one drawn cell, reaching neither across nor down it and
    small in it, is a mark there, no shading: its edges are no boundaries; its id) | title_over (a block cut where its header is set again left the title
    lines over this table's first line of columns out of its rows: their height, pt);
    ``value`` a count (rules, clipped paths, text lines a clip cut, text lines across a gap, lines
    whose leaders the gap reads as space, justified lines whose stretched spaces it lies in) or a width (gaps, pt); ``ids`` fill ids."""

    kind: str
    value: float = 0.0
    ids: tuple[int, ...] = ()

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind}
        if self.kind in ("rule", "clipped_art", "clipped_text", "spanning_lines", "leaders", "justified",
                         "row_labels", "accounting_sign", "amount_body", "spacer_column", "cell_tiles",
                         "band_seam", "rule_joints", "drawn_parts", "head_stack", "section_label", "group_gap",
                         "boxed_cells",
                         "data_band", "expression"):
            out["count"] = int(self.value)
        elif self.kind in ("text_gap", "line_gap", "number_stack", "group_rule", "amount_row", "leading_pitch",
                           "band_pitch", "labelled_paragraph", "spanning_head", "title_over", "runs_on", "next_item"):
            out["width"] = round(self.value, 2)
        elif self.kind in ("group_label", "group_phrase"):
            out["row"] = int(self.value)
        if self.ids:
            out["fills"] = list(self.ids)
        return out


@dataclass(frozen=True, slots=True)
class Why:
    """One boundary or dropped candidate of a table (see the module doc for the coordinates).
    ``flip``: set this parameter to this value and the outcome changes (checked by running the
    stage again: a dropped candidate appears and every kept boundary stays, or a kept one goes)."""

    axis: str
    pos: float
    kept: bool
    evidence: tuple[Evidence, ...]
    decision: str
    params: tuple[str, ...] = ()
    flip: tuple[str, float] | None = None
    orient: str = ""  # "v" or "h" in page space; "" while still in the table's upright frame
    line: Rect | None = None

    def as_json(self) -> dict[str, object]:
        return {"axis": self.axis, "pos": round(self.pos, 2), "orient": self.orient,
                "line": [round(v, 2) for v in self.line.as_tuple()] if self.line else None,
                "kept": self.kept, "evidence": [e.as_json() for e in self.evidence],
                "decision": self.decision, "params": list(self.params),
                "flip": {"param": self.flip[0], "value": self.flip[1]} if self.flip else None}


@dataclass(frozen=True, slots=True)
class TableWhy:
    index: int
    bbox: Rect
    cols: tuple[Why, ...]
    rows: tuple[Why, ...]
    dropped: tuple[Why, ...]


@dataclass(frozen=True, slots=True)
class Rejected:
    """A region that was looked at and is no table: ``bbox`` (page space), what proposed it
    (``source``), why it was rejected, the parameter whose threshold did it, and the value of
    that parameter that makes it a table (checked by detecting the page's tables again)."""

    bbox: Rect
    source: str
    reason: str
    params: tuple[str, ...] = ()
    flip: tuple[str, float] | None = None

    def as_json(self) -> dict[str, object]:
        return {"bbox": [round(v, 2) for v in self.bbox.as_tuple()], "source": self.source, "reason": self.reason,
                "params": list(self.params),
                "flip": {"param": self.flip[0], "value": self.flip[1]} if self.flip else None}


def describe_why(w: Why) -> str:
    """One line for a person: what, where, kept or dropped, why, on what evidence."""
    what = "column" if w.axis == "col" else "row"
    axis = "x" if (w.orient or ("v" if w.axis == "col" else "h")) == "v" else "y"
    state = "boundary" if w.kept else "candidate, DROPPED"
    ev = ", ".join(e.kind.replace("_", " ") + (f" {e.value:.1f} pt" if e.kind.endswith("gap") and e.value else "")
                   for e in w.evidence)
    return f"{what} {state} at {axis}={w.pos:.1f} pt: {w.decision} [{ev}]"


SAME_BOUNDARY = 2.0  # pt: two positions this close are one boundary whatever lies between (matching, not detection)
SAME_REACH = 2.0  # type sizes (word box heights): two positions further apart are two boundaries, even over blank
SAME_REGION = 0.5  # IoU: a grid found again over this share of a table's region is that table


@dataclass(frozen=True, eq=False)
class TableText:
    """What lies between two boundary positions of one table (its frame's points): the x
    centres of its words and the y centres of its text lines. Two positions are one boundary
    when they split the table's text the same way: no word centre (a column's) or line centre
    (a row's) lies between them, and they are at most ``reach`` apart (``SAME_REACH`` type
    sizes; within ``SAME_BOUNDARY`` always). A boundary the stage puts a little elsewhere in
    the same gap when run again with another value is thus the same boundary."""

    xs: np.ndarray
    ys: np.ndarray
    reach: float

    @staticmethod
    def of_lines(words: Sequence[Word], lines: Sequence[Line]) -> TableText:
        ids = [i for ln in lines for i in ln.word_ids]
        xs = np.array([words[i].bbox.cx for i in ids], dtype=float)
        size = float(np.median([words[i].bbox.height for i in ids])) if ids else 0.0
        return TableText(xs, np.array([ln.bbox.cy for ln in lines], dtype=float), max(SAME_REACH * size, SAME_BOUNDARY))

    def same(self, axis: str, a: float, b: float) -> bool:
        """Are ``a`` and ``b`` one boundary on ``axis`` ("col": x positions; "row": y)?"""
        lo, hi = min(a, b), max(a, b)
        if hi - lo <= SAME_BOUNDARY:
            return True
        centres = self.xs if axis == "col" else self.ys
        return hi - lo <= self.reach and not bool(np.any((centres > lo) & (centres < hi)))

    def matched(self, axis: str, found: Sequence[float], wanted: Sequence[float]) -> list[float] | None:
        """``found`` less one boundary for each of ``wanted`` (the nearest that is the same one,
        each found boundary standing for one wanted at most); None when one of ``wanted`` has none."""
        left = list(found)
        for pos in wanted:
            hits = [x for x in left if self.same(axis, x, pos)]
            if not hits:
                return None
            left.remove(min(hits, key=lambda x: abs(x - pos)))
        return left

    def adds(self, axis: str, found: Sequence[float], kept: Sequence[float], pos: float) -> bool:
        """Do the boundaries ``found`` keep every one of ``kept`` and add one at ``pos``?"""
        left = self.matched(axis, found, kept)
        return left is not None and any(self.same(axis, x, pos) for x in left)

    def gone(self, axis: str, found: Sequence[float], before: Sequence[float], pos: float) -> bool:
        """Is ``pos`` (one of the boundaries ``before``) gone from ``found``: none is the same
        as it and nearer to it than to each other one of ``before``?"""
        def stands_for_pos(x: float) -> bool:
            return self.same(axis, x, pos) and all(abs(x - pos) <= abs(x - b) for b in before)
        return not any(stands_for_pos(x) for x in found)


class PageContext:
    """One page's result with its upright words and the tables stage on call (results kept
    per parameter set: a suggestion tried for many candidates costs one run). ``detect``, when
    given, detects the whole page again with other parameters (every stage, as Apply and
    ``--set`` do): what confirms a value the tables stage alone cannot (``whole_tables``)."""

    def __init__(self, res: PageResult, params: Params,
                 detect: Callable[[Params], PageResult] | None = None) -> None:
        self.res, self.params, self.detect = res, params, detect
        self.frame = Frame(res.turn, res.width, res.height, res.skew)
        self.centres: WordCentres = upright_centres(res)
        self._runs: dict[tuple[Params, bool], TablesResult] = {}
        self._texts: dict[Rect, TableText] = {}
        self._whole: dict[Params, list[Rect]] = {}  # ``detect``'s table boxes per parameter set

    @cached_property
    def cell_marks(self) -> dict[int, Rect]:
        """The page's fills that are marks inside one drawn cell, by id, with their cells
        (``structure.cellmarks``), found once per page."""
        return cell_marks(self.res.rules, self.res.fills)

    def text(self, g: Grid) -> TableText:
        """The text of ``g``'s region, to match its boundaries across runs (``TableText``)."""
        hit = self._texts.get(g.region)
        if hit is None:
            c = self.centres
            lines = c.region_lines(g.region, c.inside(g.region), self.params.rows.y_tolerance)
            hit = self._texts[g.region] = TableText.of_lines(c.words, lines)
        return hit

    def again(self, params: Params, rules: tuple[Rule, ...] | None = None) -> TablesResult:
        """The tables found with ``params`` (and, when given, only ``rules``: what a rule
        parameter leaves of the page's rules; a function of ``params``, so kept by it too)."""
        key = (params, rules is not None)
        hit = self._runs.get(key)
        if hit is None:
            res = self.res if rules is None else dataclasses.replace(self.res, rules=rules)
            hit = self._runs[key] = tables_again(res, params, self.centres)
        return hit

    def whole_tables(self, params: Params, boxes: Sequence[Rect]) -> list[Rect]:
        """The page's table boxes when detected whole with ``params``, where the tables stage's
        ``boxes`` may not be what the page ends with: the furniture stage (``multipage.furniture``:
        a running header repeated on the neighbouring pages set aside, the tables found again) runs
        when a table reaches the page's top or bottom band, and needs the document. When ``boxes``
        reach a band as the page's tables do (or neither does), that stage treats both alike and
        ``boxes`` are the answer; otherwise ``detect`` gives it (without it, ``boxes``: a caller
        without the document, such as a single page's result, has the tables stage's answer)."""
        h = self.res.height
        if self.detect is None or self.res.turn or \
                reaches_bands(boxes, h) == reaches_bands([t.bbox for t in self.res.tables], h):
            return list(boxes)
        return self.detected(params)

    def detected(self, params: Params) -> list[Rect]:
        """The page's table boxes detected whole again with ``params`` (every stage; [] without
        ``detect``), each parameter set once: a value tried for several tables or regions."""
        if self.detect is None:
            return []
        if params not in self._whole:
            self._whole[params] = [t.bbox for t in self.detect(params).tables]
        return self._whole[params]

    def trial(self, key: str, value: float) -> Params | None:
        """The page's parameters with ``key`` set to ``value``; None when it is out of range or no change."""
        try:
            new = self.params.with_value(key, value)
        except ParamError:
            return None
        return None if new == self.params else new

    def grid_again(self, params: Params, g: Grid, rules: tuple[Rule, ...] | None = None) -> Grid | None:
        """The grid over ``g``'s region when the tables are found with ``params`` (and ``rules``)."""
        best = max(self.again(params, rules).grids, key=lambda h: h.region.iou(g.region), default=None)
        return best if best is not None and best.region.iou(g.region) >= SAME_REGION else None

    def flips(self, g: Grid, axis: str, pos: float, trials: Sequence[tuple[str, float]]) -> tuple[str, float] | None:
        """The trial (``stage.field``, value) under which a boundary of ``g`` appears at ``pos``
        (frame points) and every kept inner boundary stays (``TableText``: the same text on each
        side, wherever in its gap the stage puts it); the one adding fewest others."""
        text = self.text(g)
        best: tuple[int, tuple[str, float]] | None = None
        for key, value in trials:
            params = self.trial(key, value)
            new = None if params is None else self.grid_again(params, g)
            if new is None:
                continue
            found, kept = {"col": new.xs[1:-1], "row": new.ys[1:-1]}, {"col": g.xs[1:-1], "row": g.ys[1:-1]}
            other = "row" if axis == "col" else "col"
            if not text.adds(axis, found[axis], kept[axis], pos) or text.matched(other, found[other], kept[other]) is None:
                continue
            added = new.n_rows + new.n_cols - g.n_rows - g.n_cols
            if best is None or added < best[0]:
                best = (added, (key, value))
        return best[1] if best else None

    def removes(self, g: Grid, axis: str, pos: float, trial: tuple[str, float], keep: Sequence[float]) -> bool:
        """Does boundary ``pos`` of ``g`` (frame points) on ``axis`` go under ``trial`` while the
        boundaries ``keep`` of that axis stay? (The other axis may change with it: a column that
        split every line of a list in two also made each line a row.)"""
        params = self.trial(*trial)
        new = None if params is None else self.grid_again(params, g)
        if new is None:
            return False
        text, (found, before) = self.text(g), ((new.xs, g.xs) if axis == "col" else (new.ys, g.ys))
        return text.matched(axis, found, keep) is not None and text.gone(axis, found, before, pos)

    def placed(self, w: Why, g: Grid) -> Why:
        """``w`` (measured in ``g``'s frame) in page space: its position, orientation and line."""
        f = grid_frame(g)
        r = g.region
        a, b = ((w.pos, r.y0), (w.pos, r.y1)) if w.axis == "col" else ((r.x0, w.pos), (r.x1, w.pos))
        (ax, ay), (bx, by) = f.point_back(*a), f.point_back(*b)
        line = Rect(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by))
        vertical = line.height >= line.width
        return dataclasses.replace(w, pos=line.cx if vertical else line.cy, orient="v" if vertical else "h", line=line)


def value_range(key: str) -> tuple[float, float]:
    info = next(f for f in describe() if f.key == key)
    return float(info.lo), float(info.hi)

