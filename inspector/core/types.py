"""Value types shared by every stage.

All coordinates are PDF points, top-left origin, unrotated page space (the space of
PyMuPDF ``page.get_text("words")`` and ``page.get_drawings()``). Every type is a frozen
dataclass so a stage result can be cached and shared between threads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from .slots import covers

Orientation = Literal["h", "v"]
RuleSource = Literal["vector", "raster", "merged"]
TableSource = Literal["ruled", "horizontal_rules", "aligned"]


@dataclass(frozen=True, slots=True)
class Rect:
    """Axis-aligned box, x0 <= x1 and y0 <= y1 (points)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def area(self) -> float:
        return max(0.0, self.width) * max(0.0, self.height)

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2

    def as_tuple(self) -> tuple[float, float, float, float]:
        return (self.x0, self.y0, self.x1, self.y1)

    def union(self, other: Rect) -> Rect:
        return fast_rect(min(self.x0, other.x0), min(self.y0, other.y0),
                         max(self.x1, other.x1), max(self.y1, other.y1))

    def intersection(self, other: Rect) -> Rect | None:
        x0, y0 = max(self.x0, other.x0), max(self.y0, other.y0)
        x1, y1 = min(self.x1, other.x1), min(self.y1, other.y1)
        if x0 > x1 or y0 > y1:
            return None
        return fast_rect(x0, y0, x1, y1)

    def iou(self, other: Rect) -> float:
        inter = self.intersection(other)
        if inter is None:
            return 0.0
        union = self.area + other.area - inter.area
        return inter.area / union if union > 0 else 0.0

    def contains_point(self, x: float, y: float, tol: float = 0.0) -> bool:
        return (self.x0 - tol <= x <= self.x1 + tol) and (self.y0 - tol <= y <= self.y1 + tol)

    def expanded(self, d: float) -> Rect:
        return fast_rect(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d)

    @staticmethod
    def bounding(rects: list[Rect] | tuple[Rect, ...]) -> Rect:
        """Smallest box holding all ``rects`` (at least one)."""
        first = rects[0]
        if len(rects) == 1:
            return first
        x0, y0, x1, y1 = first.x0, first.y0, first.x1, first.y1
        # min() and max() written out (the same comparisons in the same order, so the same
        # floats, -0.0 and ties included): a box of a few rects costs half of four map() calls.
        for r in rects:
            if r.x0 < x0:
                x0 = r.x0
            if r.y0 < y0:
                y0 = r.y0
            if r.x1 > x1:
                x1 = r.x1
            if r.y1 > y1:
                y1 = r.y1
        return fast_rect(x0, y0, x1, y1)


@dataclass(frozen=True, slots=True)
class Word:
    """One word of the page: from the text layer (PyMuPDF) or from OCR. ``font_size`` and
    ``baseline`` (y) in points; ``block``/``line`` are PyMuPDF's (or Tesseract's) numbers.
    ``ocr_confidence`` is Tesseract's confidence 0-100 for an OCR word, -1 for a text-layer word.
    ``watermark``: the word is on a diagonal line or in large light type (a "DRAFT" stamp); it
    is shown but is no table content and splits no table; so is ``furniture``. ``turn``: the
    quarter-turn that makes the word's own line upright (``geometry.dominant_turn``'s
    convention), relative to the frame the word is seen in: 0 for most, 270 for a column header
    set bottom to top."""

    text: str
    bbox: Rect
    font_size: float = 0.0
    bold: bool = False
    block: int = 0
    line: int = 0
    baseline: float = 0.0
    ocr_confidence: float = -1.0
    watermark: bool = False
    turn: int = 0
    furniture: bool = False  # a running header/footer or page number (``multipage.furniture``): in no table
    figure: bool = False  # a chart's label (``evidence.figures``): in no table
    clipped: bool = False  # its text runs on hidden past bbox.x1: a clip path cut it there (``reading.cliptext``)
    leader: bool = False  # leader dots between a label and its value (``structure.leaders``): blank space

    @property
    def from_ocr(self) -> bool:
        return self.ocr_confidence >= 0

    @property
    def in_no_table(self) -> bool:
        """A watermark, page furniture, a figure's text or a leader: shown, but in no row, region or cell."""
        return self.watermark or self.furniture or self.figure or self.leader


# A frozen dataclass's __init__ sets each field through object.__setattr__, about 0.15 us a
# field; the few hundred words, boxes and rules of a page are made through a settable twin
# instead: a class with the same slots, filled attribute by attribute, then given the frozen
# class (Python allows a __class__ assignment between classes of one layout). What comes out
# is an ordinary frozen instance, equal to (and hashing as) the one the constructor makes.
_set = object.__setattr__


def settable_twin(cls: type) -> Any:
    """A plain class with the slots of the slotted frozen dataclass ``cls`` (see above)."""
    return type(f"_{cls.__name__}Draft", (), {"__slots__": vars(cls)["__slots__"]})  # the very same names


_RectDraft = settable_twin(Rect)
_WordDraft = settable_twin(Word)


def fast_rect(x0: float, y0: float, x1: float, y1: float) -> Rect:
    """``Rect(x0, y0, x1, y1)``, 2.5 x faster (see ``settable_twin``)."""
    r = _RectDraft()
    r.x0 = x0
    r.y0 = y0
    r.x1 = x1
    r.y1 = y1
    _set(r, "__class__", Rect)
    return r  # type: ignore[no-any-return]  # a Rect since the line above


def text_word_at(text: str, x0: float, y0: float, x1: float, y1: float, font_size: float, bold: bool,
                 block: int, line: int, baseline: float, watermark: bool, turn: int) -> Word:
    """``Word(text, Rect(x0, y0, x1, y1), font_size, bold, block, line, baseline,
    watermark=watermark, turn=turn)`` for a text-layer word (every word of every page), its
    box made in the same call, several times faster (see ``settable_twin``)."""
    r = _RectDraft()
    r.x0 = x0
    r.y0 = y0
    r.x1 = x1
    r.y1 = y1
    _set(r, "__class__", Rect)
    w = _WordDraft()
    w.text = text
    w.bbox = r
    w.font_size = font_size
    w.bold = bold
    w.block = block
    w.line = line
    w.baseline = baseline
    w.ocr_confidence = -1.0
    w.watermark = watermark
    w.turn = turn
    w.furniture = w.figure = w.clipped = w.leader = False
    _set(w, "__class__", Word)
    return w  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class Rule:
    """A straight ruling line.

    ``orient`` "h": y = ``pos``, x runs from ``start`` to ``end``; "v": x = ``pos``,
    y runs from ``start`` to ``end``. ``thickness`` in points; ``grey`` 0 (black) to 255.
    """

    orient: Orientation
    pos: float
    start: float
    end: float
    thickness: float = 0.5
    source: RuleSource = "vector"
    grey: int = 0
    fill: int = -1  # index into ``PageResult.fills`` when a fill's edge (or gutter) drew it
    stroked: bool = False  # a fill's edge (``fill`` >= 0) along which a stroke is drawn too

    @property
    def length(self) -> float:
        return self.end - self.start

    @property
    def drawn(self) -> bool:
        """Is it drawn as a line (a stroke or a thin filled rectangle), not only a fill's edge?"""
        return self.fill < 0 or self.stroked

    @property
    def bbox(self) -> Rect:
        h = self.thickness / 2
        if self.orient == "h":
            return Rect(self.start, self.pos - h, self.end, self.pos + h)
        return Rect(self.pos - h, self.start, self.pos + h, self.end)


_RuleDraft = settable_twin(Rule)


def fast_rule(orient: Orientation, pos: float, start: float, end: float, thickness: float,
              source: RuleSource, grey: int, fill: int = -1, stroked: bool = False) -> Rule:
    """``Rule(orient, pos, start, end, thickness, source, grey, fill, stroked)``, 2.5 x faster (see
    ``settable_twin``)."""
    r = _RuleDraft()
    r.orient = orient
    r.pos = pos
    r.start = start
    r.end = end
    r.thickness = thickness
    r.source = source
    r.grey = grey
    r.fill = fill
    r.stroked = stroked
    _set(r, "__class__", Rule)
    return r  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class RejectedRule:
    """A rule candidate a stage threw away, with why (e.g. "too short", "span guard")."""

    rule: Rule
    reason: str


@dataclass(frozen=True)
class RasterResult:
    """What the render shows: kept rules, rejected candidates with reasons, bands.

    ``rules`` are sorted (orientation, position, start). A thin rule's ``thickness`` is its
    mean width and ``grey`` its mean grey; a band edge is one pixel thick with the band's
    grey. A rejected band-like area is listed as a rule along its long axis whose thickness
    is the area's short side. ``threshold``: pixels with grey <= it are ink; ``paper``: the
    histogram mode (both 0 when nothing was looked at).
    """

    rules: tuple[Rule, ...]
    rejected: tuple[RejectedRule, ...]
    bands: tuple[Band, ...]
    threshold: int
    paper: int



@dataclass(frozen=True, slots=True)
class Band:
    """A filled rectangle (shading, zebra stripe, header band); its edges became rules."""

    bbox: Rect
    grey: int = 0
    source: RuleSource = "vector"


@dataclass(frozen=True, slots=True)
class Fill:
    """A filled area of one colour (shading, zebra band, header band, coloured panel).

    Touching rectangles of one colour are one fill (``parts`` counts them): the edges
    between them are no boundaries. ``rgb`` 0-255 a channel, ``grey`` its luminance.
    ``id`` is its index in ``PageResult.fills`` (rejected fills number on from the kept).
    """

    id: int
    bbox: Rect
    rgb: tuple[int, int, int]
    grey: int
    parts: int = 1


@dataclass(frozen=True, slots=True)
class ClippedArt:
    """A painted path the page box or a clip path cuts (InDesign's facing page of a spread,
    strokes drawn long and clipped to a frame): its whole extent, what of it is visible
    (None: nothing) and whether it is stroked only (a rule rather than a fill). The hidden
    part is no evidence."""

    rect: Rect
    visible: Rect | None
    stroked: bool


@dataclass(frozen=True, slots=True)
class RejectedFill:
    """A fill that is no table evidence, with why (e.g. "gradient of 24 strips")."""

    fill: Fill
    reason: str


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
    band), "number stack" (between two stacks of right-aligned numbers), "clip edge" (beside
    a clip edge that cut several lines' text) or "text" (a gap the
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

    @property
    def n_rows(self) -> int:
        return max(0, len(self.ys) - 1)

    @property
    def n_cols(self) -> int:
        return max(0, len(self.xs) - 1)


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
    parameter (``stage.field``) whose threshold rejected it ("" when no parameter decides it)."""

    bbox: Rect
    source: TableSource
    reason: str = ""  # empty when accepted
    param: str = ""


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
