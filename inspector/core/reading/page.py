"""One page of an open document: its text, drawings, pictures and renders, read lazily.

Sizes and coordinates are points in unrotated page space; a render comes back as ``Pixels``
(PyMuPDF's bytes) and becomes an array in unrotated page orientation.
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pymupdf

if TYPE_CHECKING:  # numpy loads only when a render is turned into an array (not for the GUI's first page)
    import numpy as np

    from .document import Document

from ..types import ClippedArt, Rect
from .coveredart import uncovered
from .drawings import Drawing, DrawingReader
from .layers import layer_only
from .messages import quiet_mupdf
from .pagedict import mend_page_dict
from .stoppable import Deadline, display_list, draw
from .tiles import MAX_TILE_CELLS, tile_cells
from .tounicode import mend_page_fonts

quiet_mupdf()  # MuPDF prints its errors on stdout unless told not to: every process that reads PDFs imports this

MAX_RENDER_PIXELS = 40_000_000  # one render at most (~40 MB grey); huge pages get a lower dpi
MAX_SIDE_PIXELS = 20_000  # longest side of one render: a 1 x 99999999 pt page is not a 60-megapixel strip


PaintedWord = tuple[float, float, float, float, int, str]  # x0, y0, x1, y1, paint step, text


class Page:
    """A lazy view of one page; nothing is extracted until asked for."""

    def __init__(self, doc: Document, index: int) -> None:
        self.index = index
        # Before MuPDF loads the page: its bounds, words and drawings then share its boxes' units and turn.
        self.dict_warnings = mend_page_dict(doc.raw, index) if doc.kind == "pdf" else ()
        # No reference back to ``doc`` (which keeps its pages): that cycle kept a dropped
        # document, its MuPDF file and every page's drawings alive until the collector found it.
        # PyMuPDF's page keeps its own file open.
        self._page = doc.raw[index]
        # a weak one back to ``doc`` (see above), only when its default view hides layers
        self._layers = weakref.ref(doc) if getattr(doc, "hides_layers", False) else None
        if doc.kind == "pdf":  # before MuPDF loads a font of the page (text, render): see tounicode
            mend_page_fonts(doc.raw, index, doc.fonts_checked)
        self.rotation = int(self._page.rotation) % 360
        # Unrotated size: the space words and drawings are measured in.
        box = self._page.cropbox
        self.width = float(box.width)
        self.height = float(box.height)
        self._drawings: list[Drawing] | None = None
        self._clipped: list[ClippedArt] | None = None
        self._painted: list[Drawing] | None = None
        self._clips: list[tuple[float, float, float, float]] | None = None
        self._path_steps: list[int] | None = None
        self._textpage: pymupdf.TextPage | None = None
        self._spans: dict[str, Any] | None = None
        self._line_chars: dict[tuple[int, int], list[tuple[str, float, float]]] | None = None  # of ``_textpage``
        self._images: list[dict[str, Any]] | None = None
        self._has_images: bool | None = None

    @property
    def number(self) -> int:
        return self.index + 1

    def line_chars(self) -> dict[tuple[int, int], list[tuple[str, float, float]]]:
        """Per text line (PyMuPDF's block and line numbers, as its words carry them) its
        characters: (text, x0, x1) in points, in the text layer's order. Read from the text
        extraction ``text`` made (a second reading of it, no second extraction), once: the
        decimal points, the leaders and the wide gaps of one reading all ask for it."""
        if self._line_chars is not None and self._textpage is not None:
            return self._line_chars
        tp = self._textpage or self._page.get_textpage(flags=pymupdf.TEXTFLAGS_WORDS)
        d = self._page.get_text("rawdict", textpage=tp)
        out: dict[tuple[int, int], list[tuple[str, float, float]]] = {}
        for b, block in enumerate(d["blocks"]):
            for n, line in enumerate(block.get("lines", ())):
                out[(block.get("number", b), n)] = [(ch["c"], ch["bbox"][0], ch["bbox"][2])
                                                    for span in line["spans"] for ch in span["chars"]]
        if self._textpage is not None:
            self._line_chars = out
        return out

    def raw_words(self) -> list[tuple[Any, ...]]:
        """PyMuPDF ``get_text("words")`` tuples."""
        words: list[tuple[Any, ...]] = self._page.get_text("words")
        return words

    def text_dict(self) -> dict[str, Any]:
        """PyMuPDF ``get_text("dict")`` (fonts, sizes, flags), images left out."""
        text: dict[str, Any] = self._page.get_text("dict", flags=pymupdf.TEXTFLAGS_DICT & ~pymupdf.TEXT_PRESERVE_IMAGES)
        return text

    def text(self) -> tuple[list[tuple[Any, ...]], dict[str, Any]]:
        """Words and the span dict from one text extraction (half the cost of two). The dict is
        kept for ``span_dict`` on a page with pictures only (its one reader, ``ocrlayer``, asks
        there alone): kept, its thousands of containers would outlive the detect, and the
        cyclic collector walks them after it (``infra.collector``) and at every older
        collection until the page goes, for nothing (about 1 ms a page; the reader drops its
        own reference early for the same reason)."""
        tp = self._textpage = self._page.get_textpage(flags=pymupdf.TEXTFLAGS_WORDS)
        self._line_chars = None  # of the text page before
        words = self._page.get_text("words", textpage=tp)
        spans = self._page.get_text("dict", textpage=tp)
        self._spans = spans if self.has_images() else None
        return words, spans

    def span_dict(self) -> dict[str, Any]:
        """The span dict ``text`` read (no second extraction); read as ``text`` reads it when
        ``text`` has not run on this page."""
        return self._spans if self._spans is not None else self.text()[1]

    def layer_words(self, own: Sequence[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        """PyMuPDF word tuples of the text layers the default view hides hold (``own``: the
        page's own word tuples, read with them hidden); [] for most documents."""
        doc = self._layers() if self._layers is not None else None
        twin = doc.shown_page(self.index) if doc is not None else None
        if twin is None:
            return []
        return layer_only(twin.get_text("words", flags=pymupdf.TEXTFLAGS_WORDS), own)

    def band_words(self, share: float) -> list[tuple[Any, ...]]:
        """PyMuPDF word tuples in the top and bottom ``share`` of the page: the cheapest
        reading (no fonts, no spans) of a neighbour page's running header and footer."""
        tp = self._page.get_textpage(flags=0)
        top, bottom = share * self.height, (1 - share) * self.height
        return [w for w in tp.extractWORDS() if w[3] <= top or w[1] >= bottom]

    def has_images(self) -> bool:
        """Does the page use raster images (a scan, a picture)? Read from its resources only, once."""
        if self._has_images is None:
            self._has_images = bool(self._page.get_images())
        return self._has_images

    def picture_boxes(self) -> list[Rect]:
        """Where the page's raster pictures are placed (their boxes, pt, page space); a picture
        placed twice is listed twice. Interprets the page: ask only when ``has_images``."""
        out = []
        for info in self._image_info():
            x0, y0, x1, y1 = info["bbox"]
            if x1 > x0 and y1 > y0:
                out.append(Rect(x0, y0, x1, y1))
        return out

    def _image_info(self) -> list[dict[str, Any]]:
        """PyMuPDF's ``get_image_info`` (each picture's placement and pixel size), read once: it
        interprets the page's content, and both the scan's resolution and the pictures' boxes
        ask for it."""
        if self._images is None:
            self._images = self._page.get_image_info()
        return self._images

    def picture_dpi(self) -> float | None:
        """Resolution (pixels per inch of the page) of a picture covering most of the page, such
        as a scan; None when there is none. A PNG without resolution data counts 72."""
        page_area = max(self.width * self.height, 1e-6)
        best = None
        for info in self._image_info():
            box = pymupdf.Rect(info["bbox"])
            if box.width <= 0 or box.height <= 0 or abs(box) < 0.5 * page_area:
                continue
            quarter = box.width > box.height != (info["width"] > info["height"])  # placed turned
            px = info["height"] if quarter else info["width"]
            dpi = 72.0 * px / box.width
            best = dpi if best is None else max(best, dpi)
        return best

    def drawings(self) -> list[Drawing]:
        """The page's painted paths, each cut to what of it is visible: inside the page and
        inside its clip paths (``clip``); a path with nothing visible is left out and listed,
        with every cut one, in ``clipped_art``."""
        if self._drawings is None:
            self._drawings, self._clipped = self._visible_drawings()
        return self._drawings

    def painted(self) -> list[Drawing]:
        """The painted paths cut to the page and its clip paths, but not to what opaque boxes
        painted later cover (``drawings``): a chart's structure as drawn, its gridlines running
        on under its bars (``evidence.figures`` reads a chart from it; rules come from what shows)."""
        if self._painted is None:
            self._drawings, self._clipped = self._visible_drawings()
        return self._painted or []

    def clipped_art(self) -> list[ClippedArt]:
        """Paths (or parts of them) that the page or a clip path hides: no evidence."""
        if self._clipped is None:
            self._drawings, self._clipped = self._visible_drawings()
        return self._clipped

    def clip_boxes(self) -> list[tuple[float, float, float, float]]:
        """The box each clip path leaves visible (cut by the clips around it), each once:
        (x0, y0, x1, y1) in points. Read with the drawings (one reading for both)."""
        if self._clips is None:
            self._drawings, self._clipped = self._visible_drawings()
        return self._clips or []

    def path_steps(self) -> list[int]:
        """The paint-order number (``seqno``) of every path MuPDF painted or clipped with, in
        order; the numbers missing between them are text and pictures. Read with the drawings."""
        if self._path_steps is None:
            self._drawings, self._clipped = self._visible_drawings()
        return self._path_steps or []

    def paint_order(self, clip: Rect) -> tuple[list[PaintedWord], list[tuple[float, float, float, float, int]]]:
        """The words and the opaque filled rectangles in ``clip`` (points) with their place in
        paint order: words as (x0, y0, x1, y1, step, text), rectangles as (x0, y0, x1, y1, step).
        A text reading of the box that keeps paths as blocks among the text's, in the order they
        come (``TEXT_COLLECT_VECTORS``), the block's number the step: asked only where a fill
        may cover text (``coveredtext``)."""
        tp = self._page.get_textpage(clip=pymupdf.Rect(*clip.as_tuple()),
                                     flags=pymupdf.TEXTFLAGS_WORDS | pymupdf.TEXT_COLLECT_VECTORS)
        blocks = tp.extractDICT().get("blocks", ())
        rects = [(*b["bbox"], k) for k, b in enumerate(blocks)
                 if b.get("type") == 3 and b.get("isrect") and not b.get("stroked") and b.get("alpha") == 255]
        text_steps = [k for k, b in enumerate(blocks) if b.get("type") == 0]  # the words number text blocks alone
        words = [(x0, y0, x1, y1, text_steps[block], text) for x0, y0, x1, y1, text, block, _, _ in tp.extractWORDS()
                 if block < len(text_steps)]
        return words, rects

    def chars_in(self, box: Rect) -> list[tuple[str, float, float, float, float]]:
        """The characters drawn in ``box`` (points): (text, x0, y0, x1, y1), in the text layer's
        order. A text extraction of that box alone: for a few words' characters."""
        d = self._page.get_text("rawdict", clip=pymupdf.Rect(*box.as_tuple()), flags=pymupdf.TEXTFLAGS_WORDS)
        return [(ch["c"], *ch["bbox"]) for block in d["blocks"] for line in block.get("lines", ())
                for span in line["spans"] for ch in span["chars"]]

    def unclipped_words(self, box: Rect) -> list[tuple[Any, ...]]:
        """PyMuPDF word tuples of the text drawn in ``box`` (points) as if no clip path hid any:
        the text layer leaves out the characters a clip hides wholly, these keep them."""
        tp = self._page.get_textpage(clip=pymupdf.Rect(*box.as_tuple()),
                                     flags=pymupdf.TEXTFLAGS_WORDS & ~pymupdf.TEXT_CLIP)
        words: list[tuple[Any, ...]] = tp.extractWORDS()
        return words

    def _visible_drawings(self) -> tuple[list[Drawing], list[ClippedArt]]:
        # The C-level paths: get_drawings() only wraps their tuples in Point/Rect objects,
        # which cost more than the extraction itself on a page of many paths. Handed over
        # one at a time (DrawingReader says why).
        reader = DrawingReader(self.width, self.height)
        self._page.get_cdrawings(extended=True, callback=reader.take)
        kept, hidden = reader.result()
        self._clips = sorted(reader.clips)
        self._path_steps = reader.steps
        self._painted = kept
        shown, covered = uncovered(kept)  # what an opaque box painted later hides: see coveredart
        return shown, [*hidden, *covered]

    def tile_cells(self) -> float:
        """The most cells one tiling pattern of the page would repeat over it (``tiles``):
        a render's cost that no deadline stops."""
        return tile_cells(self._page, self.width * self.height)

    def safe_dpi(self, dpi: int) -> int:
        """``dpi``, lowered so that a render of this page stays under MAX_RENDER_PIXELS
        (a poster-sized page or a huge scan must not exhaust memory)."""
        pixels = max(1.0, self.width * self.height) * (dpi / 72.0) ** 2
        side = max(1.0, self.width, self.height) * dpi / 72.0
        scale = min(1.0, (MAX_RENDER_PIXELS / pixels) ** 0.5, MAX_SIDE_PIXELS / side)
        return dpi if scale >= 1.0 else max(1, int(dpi * scale))

    def pixels(self, dpi: int, clip: Rect | None = None, grey: bool = False, seconds: float | None = None) -> Pixels:
        """A render at ``dpi`` as shown (rotated), optionally of ``clip`` (a page-space box) only.
        With ``seconds`` MuPDF is stopped at that deadline (``stoppable``) and what it drew by
        then comes back, marked not ``complete`` (white where it did not get to)."""
        scale = dpi / 72.0
        kw: dict[str, Any] = {"matrix": pymupdf.Matrix(scale, scale), "alpha": False}
        if grey:
            kw["colorspace"] = pymupdf.csGRAY
        if clip is not None:  # get_pixmap clips in displayed (rotated) space
            kw["clip"] = pymupdf.Rect(*clip.as_tuple()) * self._page.rotation_matrix
        if seconds is not None:
            return self._pixels_within(kw, seconds)
        pix = self._page.get_pixmap(**kw)
        return Pixels(pix.samples, pix.width, pix.height, pix.stride, pix.n, self.rotation // 90)

    def _pixels_within(self, kw: dict[str, Any], seconds: float) -> Pixels:
        """``pixels`` (its ``get_pixmap`` arguments ``kw``) drawn by MuPDF until ``seconds``."""
        space = kw.get("colorspace", pymupdf.csRGB)
        with Deadline(seconds) as deadline:
            # A tiling pattern repeated beyond MAX_TILE_CELLS would not stop: not drawn at all.
            dl = display_list(self._page, deadline) if self.tile_cells() <= MAX_TILE_CELLS else None
            if dl is None:  # not recorded (in time): a white page of the size asked
                box = kw.get("clip", self._page.rect) * kw["matrix"]
                pix = pymupdf.Pixmap(space, box.irect, False)
                pix.clear_with(255)
            else:
                pix = draw(dl, kw["matrix"], kw.get("clip"), deadline, space)
            done = dl is not None and not deadline.expired
        return Pixels(pix.samples, pix.width, pix.height, pix.stride, pix.n, self.rotation // 90, done)

    def render(self, dpi: int) -> np.ndarray:
        """Grey (uint8, H x W) render in unrotated page orientation at ``dpi``."""
        return self.pixels(dpi, grey=True).array()

    def render_shown(self, dpi: int) -> np.ndarray:
        """Grey (uint8) render at ``dpi`` as the page is shown (its /Rotate applied): text that
        reads upright to a person is upright here, which is what OCR needs."""
        pix = self.pixels(dpi, grey=True)
        return Pixels(pix.samples, pix.width, pix.height, pix.stride, 1, 0).array()

    @property
    def shown_turn(self) -> int:
        """The ``geometry.Frame`` turn that maps unrotated page space to the shown page."""
        return (360 - self.rotation) % 360

    def render_within(self, dpi: int, seconds: float, strips: int = 8) -> np.ndarray | None:
        """``render(dpi)``, or None when it takes longer than ``seconds``.

        The page is recorded once as a display list and drawn in horizontal strips: a first
        strip of 1/``strips`` of the page, then the rest in one go when the first strip's pace
        says it fits in the time left, else strip by strip. Where the deadline can stop MuPDF
        inside a call (``stoppable.Deadline``: Linux) the recording and every strip stop
        within one drawn object of it; elsewhere the clock is read between strips, and a page
        that would take minutes is given up about one strip past the deadline.
        """
        with Deadline(seconds) as deadline:
            return self._render_by(dpi, strips, deadline)

    def _render_by(self, dpi: int, strips: int, deadline: Deadline) -> np.ndarray | None:
        start = time.monotonic()
        m = pymupdf.Matrix(dpi / 72.0, dpi / 72.0)
        dl = display_list(self._page, deadline)
        if dl is None:
            return None
        shown = self._page.rect  # displayed (rotated) space, what the display list draws
        target = pymupdf.Pixmap(pymupdf.csGRAY, (shown * m).irect, False)
        step, y = shown.height / strips, shown.y0
        while y < shown.y1 - 1e-6:
            if deadline.expired:
                return None
            done = (y - shown.y0) / shown.height
            pace = (time.monotonic() - start) / done if done else float("inf")  # seconds per whole page
            whole = deadline.stoppable or pace * (1 - done) < deadline.left()
            y1 = shown.y1 if done and whole else min(y + step, shown.y1)
            part = draw(dl, m, pymupdf.Rect(shown.x0, y, shown.x1, y1), deadline)
            target.copy(part, part.irect)
            y = y1
        if deadline.expired:
            return None
        return Pixels(target.samples, target.width, target.height, target.stride, 1, self.rotation // 90).array()

    def render_rgb(self, dpi: int, clip: Rect | None = None) -> np.ndarray:
        """RGB (uint8, H x W x 3) render in unrotated orientation, optionally of ``clip`` only."""
        return self.pixels(dpi, clip).array()


@dataclass(frozen=True)
class Pixels:
    """A page render as PyMuPDF made it: rows of ``stride`` bytes, ``channels`` (1 grey, 3 RGB)
    bytes a pixel, in the displayed orientation. Turning it ``turns`` quarter turns
    counter-clockwise gives the unrotated page orientation every coordinate is in."""

    samples: bytes
    width: int
    height: int
    stride: int
    channels: int
    turns: int
    complete: bool = True  # False: MuPDF was stopped at a deadline before it drew everything

    def array(self) -> np.ndarray:
        """H x W (grey) or H x W x 3 uint8 array in unrotated page orientation."""
        import numpy as np

        img: np.ndarray = np.frombuffer(self.samples, dtype=np.uint8).reshape(self.height, self.stride)
        img = img[:, : self.width * self.channels]
        if self.channels > 1:
            img = img.reshape(self.height, self.width, self.channels)
        return np.ascontiguousarray(np.rot90(img, k=self.turns))
