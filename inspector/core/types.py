"""Value types shared by every stage: the detection's results.

Here: text lines (``RowBand``), column bins, cells, grids with their boundaries' evidence,
tables, table regions and the ``PageResult`` that keeps every intermediate. The page's marks
(words, rules, fills, bands, clipped art) are defined in ``page_marks`` and the box in ``rect``;
all are importable from here. Coordinates are PDF points, top-left origin, unrotated page
space (the space of PyMuPDF ``page.get_text("words")`` and ``page.get_drawings()``). Every
type is a frozen dataclass so a stage result can be cached and shared between threads.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

# Re-exported: the stages and the tools take every value type from here.
from .page_marks import (
    FAINT_FOUND,
    Band,
    ClippedArt,
    Fill,
    Orientation,
    RasterResult,
    RejectedFill,
    RejectedRule,
    Rule,
    RuleSource,
    UnseenText,
    Word,
    fast_rule,
    text_word_at,
    word_in_box,
)
from .rect import Rect, _set, fast_rect, settable_twin
from .slots import covers

TableSource = Literal["ruled", "horizontal_rules", "aligned"]

__all__ = [
    "FAINT_FOUND", "Band", "Boundary", "Cell", "ClippedArt", "ColumnBin", "Fill", "Grid", "Orientation", "PageResult",
    "RasterResult", "Rect", "RejectedFill", "RejectedRule", "RowBand", "Rule", "RuleSource", "Table",
    "TableRegion", "TableSource", "UnseenText", "Word", "fast_cell", "fast_rect", "fast_rule", "settable_twin",
    "text_word_at", "word_in_box",
]


class RowBand(NamedTuple):
    """Words sharing a baseline: one text line, the one type for it from the page's rows to
    the lines of a region or of one band (``structure.columns.Line`` is this type).
    ``word_ids`` index the words the line was grouped from (``PageResult.words`` for the
    page's rows), left to right. A tuple: lines are made by the thousand."""

    bbox: Rect
    baseline: float
    word_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ColumnBin:
    """An x interval that a column's words occupy inside one table region."""

    x0: float
    x1: float
    region: int = -1


@dataclass(frozen=True, slots=True)
class Cell:
    """One grid cell; ``r``/``c`` top-left slot, ``rs``/``cs`` spans (>= 1)."""

    r: int
    c: int
    rs: int = 1
    cs: int = 1
    text: str = ""
    bbox: Rect = Rect(0, 0, 0, 0)
    word_ids: tuple[int, ...] = ()
    low_confidence: bool = False


_CellDraft = settable_twin(Cell)


def fast_cell(r: int, c: int, rs: int, cs: int, text: str, bbox: Rect, word_ids: tuple[int, ...],
              low_confidence: bool) -> Cell:
    """``Cell(r, c, rs, cs, text, bbox, word_ids, low_confidence)``, 2.5 x faster (see
    ``settable_twin``): a page's tables hold a few hundred cells."""
    k = _CellDraft()
    k.r = r
    k.c = c
    k.rs = rs
    k.cs = cs
    k.text = text
    k.bbox = bbox
    k.word_ids = word_ids
    k.low_confidence = low_confidence
    _set(k, "__class__", Cell)
    return k  # type: ignore[no-any-return]  # a Cell since the line above


@dataclass(frozen=True, slots=True)
class Boundary:
    """Evidence behind one row or column boundary at ``pos`` (points).

    ``kind``: "rule" (drawn strokes lie on it), "fill" (only fill edges or gutters do),
    "edge" (the region's side, nothing drawn), "number stack" (between two stacks of
    right-aligned numbers closer than the column gap), "clip edge" (right of where a clip path
    cut the text of ``clip_lines`` lines at ``clip_x``, closer than the column gap to the next
    column's text) or "text gap" (found in the text alone).
    ``rules`` counts the strokes on it, ``fills`` are ids into ``PageResult.fills`` and
    ``gap`` the width (pt) the text leaves free there (0 when text crosses it).

    ``reason`` is set by the step of the grid stage that put the boundary there: "side" (the
    region's side), "rules" (drawn rules or fill edges: a ruled table's columns, a rule-bounded
    band), "number stack" (between two stacks of right-aligned numbers), "number edge" (after
    a stack of numbers set right, before text set left, ``structure.numberedge``), "clip edge" (beside
    a clip edge that cut several lines' text), "group rule" (at the end of a group label's
    underline, in the white of a text gap), "cell tiles" (where two cells' shading
    rectangles meet side by side, ``structure.seams``), "rule joints" (a text gap's column moved
    onto where the row rules' strokes meet end to end, ``structure.rulejoints``), "column ends" (where the column rules
    above all end inside a ruled band, ``structure.colends``) or "text" (a gap the
    text leaves: a column in aligned text, a new row starting with a text line); "" when
    unknown (a grid not made by the detection). ``kind`` names the evidence found on it, which
    may be more than what decided it (a text gap with a rule that happens to lie on it).
    """

    pos: float
    kind: str
    rules: int = 0
    fills: tuple[int, ...] = ()
    gap: float = 0.0
    reason: str = ""
    clip_x: float = 0.0  # "clip edge": the x (pt) where a clip path cut the text left of it
    clip_lines: int = 0  # "clip edge": how many text lines it cut there


@dataclass(frozen=True, slots=True)
class Grid:
    """Row boundaries ``ys`` and column boundaries ``xs`` (ascending, n+1 each) over a region.

    When ``turn`` is not 0 the table was printed sideways and ``region``, ``xs`` and ``ys`` are
    measured in the upright frame (see ``geometry.Frame``; ``geometry.grid_frame``) of a page
    ``page_w`` x ``page_h`` points (unrotated), and so they are for a straightened scan
    (``skew``); otherwise in page space. The cells' boxes are always in page space:
    ``geometry.cell_boxes(grid)`` gives them (and ``Table.bbox`` is in page space).
    """

    region: Rect
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    source: TableSource
    spans: tuple[tuple[int, int, int, int], ...] = ()  # (r, c, rs, cs) of merged cells
    turn: int = 0
    page_w: float = 0.0
    page_h: float = 0.0
    skew: float = 0.0  # degrees a scanned page was straightened by (see geometry.Frame)
    col_evidence: tuple[Boundary, ...] = ()  # one per ``xs``, in the frame xs are measured in
    row_evidence: tuple[Boundary, ...] = ()  # one per ``ys``
    # (r, x): in row r the cell holding x holds a form field's check-box options set side by
    # side, a rule between them at x (``structure.options``): read option by option, not across.
    option_splits: tuple[tuple[int, float], ...] = ()
    # Makes (col_evidence, row_evidence) on their first read, then None: the detection never
    # reads them, explain and the window do (see ``_Deferred``). Not compared, not shown.
    evidence_later: EvidenceLater | None = field(default=None, repr=False, compare=False)

    @property
    def n_rows(self) -> int:
        return max(0, len(self.ys) - 1)

    @property
    def n_cols(self) -> int:
        return max(0, len(self.xs) - 1)


EvidenceLater = Callable[[], tuple[tuple[Boundary, ...], tuple[Boundary, ...]]]


class _Deferred:
    """A ``Grid`` evidence slot that ``Grid.evidence_later`` fills on its first read.

    Every read goes through here (``repr``, ``==``, ``hash``, pickling and ``replace`` read
    the attribute too), so a grid shows, compares and travels with the same evidence whether
    it was made yet or not; once made, the function is dropped (pickling a grid needs no
    function, and a grid keeps no region's working data once asked)."""

    def __init__(self, slot: Any) -> None:
        self.slot: Any = slot  # the member descriptor of the dataclass's own slot

    def __get__(self, grid: Grid | None, owner: type | None = None) -> Any:
        if grid is None:
            return self
        later = _LATER.__get__(grid, Grid)
        if later is not None:  # two threads may both make it: the same values, set twice
            cols, rows = later()
            _COLS.__set__(grid, cols)
            _ROWS.__set__(grid, rows)
            _LATER.__set__(grid, None)
        return self.slot.__get__(grid, owner)

    def __set__(self, grid: Grid, value: Any) -> None:
        self.slot.__set__(grid, value)


_COLS, _ROWS, _LATER = (vars(Grid)[name] for name in ("col_evidence", "row_evidence", "evidence_later"))
for _slot in (_COLS, _ROWS):
    setattr(Grid, _slot.__name__, _Deferred(_slot))


@dataclass(frozen=True, slots=True)
class Table:
    """A table with cell text: what exporters and metrics take.

    ``cells`` cover the grid exactly once (spanning cells included). ``header_rows`` is the
    count of leading header rows; ``row_roles`` has one entry per row when known.
    ``unit_line``: the text line near the table that states its unit ("单位：万元", see
    ``core.unitlines``), "" when none was found; ``unit_line_page`` the 1-based page it sits on
    (0: the table's own page). ``row_pages``: per row, the 1-based page the row sits on, for a
    table stacked from pieces on several pages (empty: every row is on ``page``).
    """

    bbox: Rect
    n_rows: int
    n_cols: int
    cells: tuple[Cell, ...]
    source: TableSource = "ruled"
    confidence: float = 1.0
    header_rows: int = 0
    header_cols: int = 0
    page: int = 1
    row_roles: tuple[str, ...] = ()
    title: str = ""
    footnote: str = ""
    grid: Grid | None = None
    unit_line: str = ""
    unit_line_page: int = 0
    row_pages: tuple[int, ...] = ()

    def row_page(self, r: int) -> int:
        """The 1-based page row ``r`` sits on."""
        return self.row_pages[r] if 0 <= r < len(self.row_pages) else self.page

    def cell_at(self, r: int, c: int) -> Cell | None:
        """The cell covering slot (r, c), spans included (``slots.SlotGrid`` for many look-ups)."""
        return next((cell for cell in self.cells if covers(cell, r, c)), None)

    def rows_text(self) -> list[list[str]]:
        """Row-major text; a spanning cell's text sits in its top-left slot, "" elsewhere."""
        out = [["" for _ in range(self.n_cols)] for _ in range(self.n_rows)]
        for cell in self.cells:
            if 0 <= cell.r < self.n_rows and 0 <= cell.c < self.n_cols:
                out[cell.r][cell.c] = cell.text
        return out


@dataclass(frozen=True, slots=True)
class TableRegion:
    """A candidate table area and what produced it; rejected ones keep their reason and the
    parameter (``stage.field``) whose threshold rejected it ("" when no parameter decides it).
    ``joined``: no rejection but a part joined to a table (a row ``tables.ruled_parts`` joined to
    a drawn grid's parts), noted with why (``reason``) and the parameter that did it."""

    bbox: Rect
    source: TableSource
    reason: str = ""  # empty when accepted
    param: str = ""
    joined: bool = False

    @property
    def rejected(self) -> bool:
        """Was it looked at and rejected (a reason, and not a part joined to a table)?"""
        return bool(self.reason) and not self.joined


RASTER_SKIPPED = "raster_skipped"  # evidence kind: the page's render did not fit its time, no raster rules
FIGURES_SKIPPED = "figures_skipped"  # evidence kind: too many paths to look for charts (figures.MAX_FIGURE_WORK)
OCR_STOPPED = "ocr_stopped"  # evidence kind: a limit stopped the page's OCR (ocr.cpu_seconds, ocr.max_seconds)


@dataclass(frozen=True)
class PageResult:
    """Every intermediate of one page's detection, plus per-stage timings (ms).

    ``page`` is 1-based. ``low_confidence`` holds indices into ``words`` (words near a column
    boundary, and OCR words below ``ocr.min_confidence``). ``words_source`` is "text" (the text
    layer), "ocr" or "none"; ``skew`` the degrees a scan was straightened by; ``turn`` the
    quarter-turn the tables were read in (``geometry.Frame``; 0 when the text is upright).
    """

    page: int
    width: float
    height: float
    rotation: int = 0
    words: tuple[Word, ...] = ()
    vector_rules: tuple[Rule, ...] = ()
    raster_rules: tuple[Rule, ...] = ()
    rules: tuple[Rule, ...] = ()
    rejected: tuple[RejectedRule, ...] = ()
    bands: tuple[Band, ...] = ()
    fills: tuple[Fill, ...] = ()
    rejected_fills: tuple[RejectedFill, ...] = ()
    rows: tuple[RowBand, ...] = ()
    bins: tuple[ColumnBin, ...] = ()
    low_confidence: frozenset[int] = frozenset()
    regions: tuple[TableRegion, ...] = ()
    grids: tuple[Grid, ...] = ()
    tables: tuple[Table, ...] = ()
    timings: Mapping[str, float] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()  # informational: what was skipped and why
    words_source: str = "text"
    skew: float = 0.0
    ocr_unsure: frozenset[int] = frozenset()  # the low_confidence words flagged for their OCR confidence
    turn: int = 0
    clipped_art: tuple[ClippedArt, ...] = ()  # vector art cut to the page and its clip paths
    # Text a viewer does not show, left out of ``words`` (``rows.hidden_text``); ``regions`` and
    # ``notes`` say where and why. Out of the repr, as ``skipped``: the notes show it there.
    unseen: tuple[UnseenText, ...] = field(default=(), repr=False)
    # Evidence kinds the page went without (RASTER_SKIPPED); ``notes`` says each in words. Out of
    # the repr, which ``benchmarks/dump_detection.py`` compares: the notes show it there.
    skipped: tuple[str, ...] = field(default=(), repr=False)

    def skip_notes(self) -> list[tuple[str, str]]:
        """(evidence kind, its note) for each kind the page went without; a note starts with the
        kind's words ("raster skipped: ..."); a note may be a warning ("ocr stopped: ...")."""
        said = (*self.notes, *self.warnings)
        return [(k, next((n for n in said if n.startswith(k.replace("_", " ") + ":")), "")) for k in self.skipped]
