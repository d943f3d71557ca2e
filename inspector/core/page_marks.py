"""What the page prints and draws, as the stages read it: words, ruling lines (kept and
rejected), filled areas, bands and clipped art.

Coordinates are PDF points, top-left origin, unrotated page space. Every type is a frozen
dataclass so a stage result can be cached and shared between threads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .rect import Rect, _RectDraft, _set, fast_rect, settable_twin

Orientation = Literal["h", "v"]
RuleSource = Literal["vector", "raster", "merged", "text"]  # "text": a row of characters (``evidence.charrules``)


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
    char_rule: bool = False  # a run of '-' or '=' read as a rule (``evidence.charrules``): in no table

    @property
    def from_ocr(self) -> bool:
        return self.ocr_confidence >= 0

    @property
    def in_no_table(self) -> bool:
        """A watermark, page furniture, a figure's text, a leader or a character rule: shown, but in no
        row, region or cell."""
        return self.watermark or self.furniture or self.figure or self.leader or self.char_rule


_WordDraft = settable_twin(Word)


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
    w.furniture = w.figure = w.clipped = w.leader = w.char_rule = False
    _set(w, "__class__", Word)
    return w  # type: ignore[no-any-return]


def word_in_box(w: Word, y0: float, y1: float) -> Word:
    """``dataclasses.replace(w, bbox=Rect(w.bbox.x0, y0, w.bbox.x1, y1))``, eight times faster
    (see ``settable_twin``): every word of a page may get a taller box (``reading.words``).
    Every field is copied; a test holds it to ``dataclasses.replace`` on every field."""
    b = w.bbox
    d = _WordDraft()
    d.text = w.text
    d.bbox = fast_rect(b.x0, y0, b.x1, y1)
    d.font_size = w.font_size
    d.bold = w.bold
    d.block = w.block
    d.line = w.line
    d.baseline = w.baseline
    d.ocr_confidence = w.ocr_confidence
    d.watermark = w.watermark
    d.turn = w.turn
    d.furniture = w.furniture
    d.figure = w.figure
    d.clipped = w.clipped
    d.leader = w.leader
    d.char_rule = w.char_rule
    _set(d, "__class__", Word)
    return d  # type: ignore[no-any-return]


FAINT_FOUND = 0.5  # share of a raster rule's pixels that are faint-only for it to be "found from faint ink"


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
    pieces: int = 1  # raster runs joined into it (``raster.bridge_gap``: a scan broke it into steps)
    # Where strokes drawn apart met end to end along it (pt along its length): a table drawn
    # cell by cell strokes each cell's border on its own, so these are its cells' edges.
    joints: tuple[float, ...] = ()
    # Gaps (start, end, pt) its join bridged between two long strokes (``vector.dash_gap``): two
    # cmidrules set side by side under two group labels, read apart by ``structure.spans``. Out
    # of the repr and the comparison: the rule is the same rule; only who reads it apart sees them.
    breaks: tuple[tuple[float, float], ...] = field(default=(), repr=False, compare=False)
    # Share of a raster rule's pixels that are ink only as a faint line's (``raster.faint_lines``:
    # lighter than the ink threshold); over FAINT_FOUND the rule was found from faint ink. Out of
    # the repr and the comparison: what the rule is does not change, only how it was seen.
    faint: float = field(default=0.0, repr=False, compare=False)
    # Its ends ("start", "end") where a scan's line ran on into the table beside it and was cut
    # there (``raster_groups._cut_at_specks``: two tables' facing edges). Out of the repr and the
    # comparison, as ``faint``: explain reads it.
    cut: tuple[str, ...] = field(default=(), repr=False, compare=False)

    @property
    def length(self) -> float:
        return self.end - self.start

    @property
    def found_faint(self) -> bool:
        """Was it found from faint ink (``faint`` at least FAINT_FOUND): without
        ``raster.faint_lines`` too few of its pixels are ink for a rule?"""
        return self.faint >= FAINT_FOUND

    @property
    def drawn(self) -> bool:
        """Is it drawn as a line (a stroke or a thin filled rectangle), not only a fill's edge?"""
        return self.fill < 0 or self.stroked

    @property
    def bbox(self) -> Rect:
        h = self.thickness / 2
        if self.orient == "h":
            return fast_rect(self.start, self.pos - h, self.end, self.pos + h)
        return fast_rect(self.pos - h, self.start, self.pos + h, self.end)


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
    r.pieces = 1
    r.joints = ()
    r.breaks = ()
    r.faint = 0.0
    r.cut = ()
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
    ``seams``: where two of its rectangles met side by side, end to end, as (x, y0, y1) in
    points (a word processor shades each cell with a rectangle of its own: the seam is the
    cell's edge, which ``structure.seams`` may take for a column boundary). ``row_seams``:
    where two met one over the other, end to end, as (y, x0, x1) (two bands of one colour
    drawn apart and abutting, which ``structure.bandseams`` may take for a row boundary).
    """

    id: int
    bbox: Rect
    rgb: tuple[int, int, int]
    grey: int
    parts: int = 1
    seams: tuple[tuple[float, float, float], ...] = ()
    row_seams: tuple[tuple[float, float, float], ...] = ()


@dataclass(frozen=True, slots=True)
class ClippedArt:
    """A painted path the page box or a clip path cuts (InDesign's facing page of a spread,
    strokes drawn long and clipped to a frame): its whole extent, what of it is visible
    (None: nothing) and whether it is stroked only (a rule rather than a fill). The hidden
    part is no evidence."""

    rect: Rect
    visible: Rect | None
    stroked: bool


UnseenKind = Literal["covered", "invisible", "white", "layer"]


@dataclass(frozen=True, slots=True)
class UnseenText:
    """Text the page's content holds and a viewer does not show, left out of its words (what is
    not visible is no evidence): a block of ``words`` words in ``bbox`` (points), ``kind``
    covered (an opaque box painted after it), invisible (render mode 3, over no picture),
    white (on white paper) or layer (in an optional-content layer the default view hides)."""

    kind: UnseenKind
    bbox: Rect
    words: int


@dataclass(frozen=True, slots=True)
class RejectedFill:
    """A fill that is no table evidence, with why (e.g. "gradient of 24 strips")."""

    fill: Fill
    reason: str
