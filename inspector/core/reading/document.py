"""Opening documents: the only module that talks to PyMuPDF.

The format is decided by the file's first bytes, never its extension. PDFs open as they
are; PNG, JPEG and TIFF open as one-page image documents. Every failure is a
``DocumentError`` whose message is one line a user can act on.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import re
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pymupdf

if TYPE_CHECKING:  # numpy loads only when a render is turned into an array (not for the GUI's first page)
    import numpy as np

from ..types import ClippedArt, Rect, fast_rect
from .clip import clip_items, items_box, scissors
from .messages import quiet_mupdf

log = logging.getLogger(__name__)

quiet_mupdf()  # MuPDF prints its errors on stdout unless told not to: every process that reads PDFs imports this

SNIFF_BYTES = 1024  # the PDF header may follow junk; the standard allows it within the first 1024 bytes
MAX_FILE_BYTES = 2 * 2**30  # the whole file is held in memory (hashing, worker copies)
MAX_RENDER_PIXELS = 40_000_000  # one render at most (~40 MB grey); huge pages get a lower dpi
IMAGE_KINDS = ("png", "jpeg", "tiff")
MAX_TREE_NODES = 1_000_000  # page tree nodes walked when /Count has to be recounted
MAX_SIDE_PIXELS = 20_000  # longest side of one render: a 1 x 99999999 pt page is not a 60-megapixel strip


class DocumentError(Exception):
    """A document cannot be read; ``str(err)`` is a one-line reason for the user."""


class PasswordRequired(DocumentError):
    """The PDF is encrypted and needs a password (none or a wrong one was given)."""


def sniff(head: bytes) -> str | None:
    """'pdf', 'png', 'jpeg', 'tiff' from the first bytes of a file, or None."""
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return "tiff"
    # PDF readers accept the header anywhere in the first kilobyte.
    if b"%PDF-" in head[:SNIFF_BYTES]:
        return "pdf"
    return None


@dataclass(frozen=True)
class Drawing:
    """One vector path, reduced to what rule detection needs.

    ``items`` are ("l", x0, y0, x1, y1) lines and ("re", x0, y0, x1, y1) rectangles in
    points; ``stroke``/``fill`` are grey levels 0-255 or None; ``width`` is the stroke
    width in points (0 when the PDF says hairline); opacities are 0-1.
    """

    items: tuple[tuple[Any, ...], ...]
    stroke: int | None
    fill: int | None
    width: float
    stroke_opacity: float
    fill_opacity: float
    dashed: bool
    rect: Rect
    fill_rgb: tuple[int, int, int] | None = None  # the fill's colour, 0-255 a channel


class Page:
    """A lazy view of one page; nothing is extracted until asked for."""

    def __init__(self, doc: Document, index: int) -> None:
        self._doc = doc
        self.index = index
        self._page = doc.raw[index]
        self.rotation = int(self._page.rotation) % 360
        # Unrotated size: the space words and drawings are measured in.
        box = self._page.cropbox
        self.width = float(box.width)
        self.height = float(box.height)
        self._drawings: list[Drawing] | None = None
        self._clipped: list[ClippedArt] | None = None
        self._textpage: pymupdf.TextPage | None = None

    @property
    def number(self) -> int:
        return self.index + 1

    def line_chars(self) -> dict[tuple[int, int], list[tuple[str, float, float]]]:
        """Per text line (PyMuPDF's block and line numbers, as its words carry them) its
        characters: (text, x0, x1) in points, in the text layer's order. Read from the text
        extraction ``text`` made (a second reading of it, no second extraction)."""
        tp = self._textpage or self._page.get_textpage(flags=pymupdf.TEXTFLAGS_WORDS)
        d = self._page.get_text("rawdict", textpage=tp)
        out: dict[tuple[int, int], list[tuple[str, float, float]]] = {}
        for b, block in enumerate(d["blocks"]):
            for n, line in enumerate(block.get("lines", ())):
                out[(block.get("number", b), n)] = [(ch["c"], ch["bbox"][0], ch["bbox"][2])
                                                    for span in line["spans"] for ch in span["chars"]]
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
        """Words and the span dict from one text extraction (half the cost of two)."""
        tp = self._textpage = self._page.get_textpage(flags=pymupdf.TEXTFLAGS_WORDS)
        words = self._page.get_text("words", textpage=tp)
        spans = self._page.get_text("dict", textpage=tp)
        return words, spans

    def band_words(self, share: float) -> list[tuple[Any, ...]]:
        """PyMuPDF word tuples in the top and bottom ``share`` of the page: the cheapest
        reading (no fonts, no spans) of a neighbour page's running header and footer."""
        tp = self._page.get_textpage(flags=0)
        top, bottom = share * self.height, (1 - share) * self.height
        return [w for w in tp.extractWORDS() if w[3] <= top or w[1] >= bottom]

    def has_images(self) -> bool:
        """Does the page use raster images (a scan, a picture)? Read from its resources only."""
        return bool(self._page.get_images())

    def picture_dpi(self) -> float | None:
        """Resolution (pixels per inch of the page) of a picture covering most of the page, such
        as a scan; None when there is none. A PNG without resolution data counts 72."""
        page_area = max(self.width * self.height, 1e-6)
        best = None
        for info in self._page.get_image_info():
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

    def clipped_art(self) -> list[ClippedArt]:
        """Paths (or parts of them) that the page or a clip path hides: no evidence."""
        if self._clipped is None:
            self._drawings, self._clipped = self._visible_drawings()
        return self._clipped

    def _visible_drawings(self) -> tuple[list[Drawing], list[ClippedArt]]:
        # The C-level list: get_drawings() only wraps its tuples in Point/Rect objects,
        # which cost more than the extraction itself on a page of many paths.
        page = (0.0, 0.0, self.width, self.height)
        kept: list[Drawing] = []
        hidden: list[ClippedArt] = []
        for d, box in scissors(self._page.get_cdrawings(extended=True), page):
            if d.get("type") not in _PAINTED:
                continue
            drawing = _drawing(d)
            r = drawing.rect
            if r.x0 >= box[0] and r.y0 >= box[1] and r.x1 <= box[2] and r.y1 <= box[3]:
                kept.append(drawing)  # wholly visible: most paths of most pages
                continue
            items = clip_items(drawing.items, box)
            seen = Rect(*items_box(items)) if items else None
            hidden.append(ClippedArt(r, seen, drawing.stroke is not None and drawing.fill is None))
            if items and seen is not None:
                kept.append(dataclasses.replace(drawing, items=items, rect=seen))
        return kept, hidden

    def safe_dpi(self, dpi: int) -> int:
        """``dpi``, lowered so that a render of this page stays under MAX_RENDER_PIXELS
        (a poster-sized page or a huge scan must not exhaust memory)."""
        pixels = max(1.0, self.width * self.height) * (dpi / 72.0) ** 2
        side = max(1.0, self.width, self.height) * dpi / 72.0
        scale = min(1.0, (MAX_RENDER_PIXELS / pixels) ** 0.5, MAX_SIDE_PIXELS / side)
        return dpi if scale >= 1.0 else max(1, int(dpi * scale))

    def pixels(self, dpi: int, clip: Rect | None = None, grey: bool = False) -> Pixels:
        """A render at ``dpi`` as shown (rotated), optionally of ``clip`` (a page-space box) only."""
        scale = dpi / 72.0
        kw: dict[str, Any] = {"matrix": pymupdf.Matrix(scale, scale), "alpha": False}
        if grey:
            kw["colorspace"] = pymupdf.csGRAY
        if clip is not None:  # get_pixmap clips in displayed (rotated) space
            kw["clip"] = pymupdf.Rect(*clip.as_tuple()) * self._page.rotation_matrix
        pix = self._page.get_pixmap(**kw)
        return Pixels(pix.samples, pix.width, pix.height, pix.stride, pix.n, self.rotation // 90)

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

        The page is recorded once as a display list and drawn in horizontal strips, the
        clock read between them: a first strip of 1/``strips`` of the page, then the rest
        in one go when the first strip's pace says it fits in the time left, else strip by
        strip. A page that would take minutes is given up about one strip past the
        deadline (MuPDF cannot be stopped inside one drawing call).
        """
        import time

        start = time.monotonic()
        end = start + seconds
        m = pymupdf.Matrix(dpi / 72.0, dpi / 72.0)
        dl = self._page.get_displaylist()
        shown = self._page.rect  # displayed (rotated) space, what the display list draws
        target = pymupdf.Pixmap(pymupdf.csGRAY, (shown * m).irect, False)
        step, y = shown.height / strips, shown.y0
        while y < shown.y1 - 1e-6:
            now = time.monotonic()
            if now > end:
                return None
            done = (y - shown.y0) / shown.height
            pace = (now - start) / done if done else float("inf")  # seconds per whole page
            y1 = shown.y1 if pace * (1 - done) < end - now else min(y + step, shown.y1)
            part = dl.get_pixmap(matrix=m, colorspace=pymupdf.csGRAY, alpha=False,
                                 clip=pymupdf.Rect(shown.x0, y, shown.x1, y1))
            target.copy(part, part.irect)
            y = y1
        if time.monotonic() > end:
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

    def array(self) -> np.ndarray:
        """H x W (grey) or H x W x 3 uint8 array in unrotated page orientation."""
        import numpy as np

        img: np.ndarray = np.frombuffer(self.samples, dtype=np.uint8).reshape(self.height, self.stride)
        img = img[:, : self.width * self.channels]
        if self.channels > 1:
            img = img.reshape(self.height, self.width, self.channels)
        return np.ascontiguousarray(np.rot90(img, k=self.turns))


class Document:
    """An open document. ``pages`` are created lazily; ``sha256`` is of the file's bytes."""

    def __init__(self, raw: pymupdf.Document, name: str, data: bytes, kind: str) -> None:
        self.raw = raw
        self.name = name
        self.kind = kind
        self._data = data
        self._pages: dict[int, Page] = {}
        self._sha256: str | None = None
        self._pdf: Any = None  # MuPDF's PDF handle, for reading page objects without loading pages
        self._page_count = raw.page_count  # asked for thousands of times (a thumbnail list's rows)
        self.structure_root = _hide_structure(raw) if kind == "pdf" else None

    @property
    def page_count(self) -> int:
        return int(self._page_count)

    @property
    def data(self) -> bytes:
        """The file's bytes, as opened (for hashing and re-opening in other processes)."""
        return self._data

    def page(self, index: int) -> Page:
        """Page by 0-based index; ``DocumentError`` when out of range."""
        if not 0 <= index < self.page_count:
            raise DocumentError(f"{self.name}: page {index + 1} does not exist (the document has {self.page_count})")
        if index not in self._pages:
            try:
                self._pages[index] = Page(self, index)
            except Exception as exc:  # a broken page tree only shows when the page is loaded
                log.debug("page %d cannot be loaded", index + 1, exc_info=True)
                raise DocumentError(f"{self.name}: page {index + 1} is damaged and cannot be read ({_short(exc)})") from None
        return self._pages[index]

    @property
    def repaired(self) -> bool:
        """True when MuPDF had to repair a damaged file (e.g. truncated): pages may be missing content."""
        return bool(self.raw.is_repaired)

    def page_size(self, index: int) -> tuple[float, float, int]:
        """Unrotated width and height (points) and rotation (degrees) of page ``index``,
        read without loading the page (listing a 1,000-page document stays cheap)."""
        if index in self._pages:
            p = self._pages[index]
            return p.width, p.height, p.rotation
        try:
            box = self.raw.page_cropbox(index)
            return float(box.width), float(box.height), self._rotation_unloaded(index)
        except Exception:  # a page the page tree cannot reach (a /Kids cycle): size unknown
            log.debug("page %d size unknown", index + 1, exc_info=True)
            return 0.0, 0.0, 0

    def page_sizes(self) -> tuple[tuple[float, float, int], ...]:
        """``page_size`` of every page, in order (about 40 ms for 1,000 pages)."""
        return tuple(self.page_size(i) for i in range(self.page_count))

    def _rotation_unloaded(self, index: int) -> int:
        """/Rotate of page ``index`` (inherited from the page tree when the page lacks it), normalised
        as PyMuPDF's ``Page.rotation`` does; read from the page object without loading the page."""
        mupdf = pymupdf.mupdf
        if self._pdf is None:
            self._pdf = mupdf.pdf_specifics(self.raw.this)
        ref = mupdf.pdf_lookup_page_obj(self._pdf, index)
        value = mupdf.pdf_to_int(mupdf.pdf_dict_get_inheritable(ref, mupdf.PDF_ENUM_NAME_Rotate)) % 360
        return value if value % 90 == 0 else 0

    def sha256(self) -> str:
        """SHA-256 of the file's bytes (hex), computed once: the bytes never change."""
        if self._sha256 is None:
            import hashlib  # OpenSSL loads in ~5 ms: not before the window's first page

            self._sha256 = hashlib.sha256(self._data).hexdigest()
        return self._sha256

    def close(self) -> None:
        self._pdf = None
        self.raw.close()


def _hide_structure(raw: pymupdf.Document) -> str | None:
    """Take the structure tree out of the open file's catalog (in memory only) and return its
    reference ("214 0 R"), or None when the file is not tagged.

    MuPDF looks the tree up again for every marked-content operator while it draws a page,
    which is quadratic in the tree's size: a tagged PowerPoint page of 200 words took over
    100 s to render (0.03 s without the tree). Rendering, text and drawings do not need it;
    the tags are read from ``structure_root`` (``tags.read_tree``) or from a fresh copy.
    """
    try:
        cat = raw.pdf_catalog()
        kind, value = raw.xref_get_key(cat, "StructTreeRoot")
        if kind != "xref":
            return None
        raw.xref_set_key(cat, "StructTreeRoot", "null")
    except Exception:  # a damaged catalog: nothing to hide, MuPDF copes or fails later
        log.debug("catalog entry unreadable", exc_info=True)
        return None
    return str(value)


def open_document(source: str | os.PathLike[str] | bytes, password: str | None = None,
                  name: str | None = None) -> Document:
    """Open a PDF or an image (PNG/JPEG/TIFF) from a path or bytes.

    Raises ``PasswordRequired`` for an encrypted PDF without the right password and
    ``DocumentError`` for anything unreadable.
    """
    data, name = _read(source, name)
    kind = sniff(data[:SNIFF_BYTES])
    if kind is None:
        raise DocumentError(f"{name}: not a PDF or a PNG/JPEG/TIFF image (the first bytes say otherwise)")
    raw = _open_raw(data, kind, name)
    if raw.needs_pass:
        if not password:
            raise PasswordRequired(f"{name}: the PDF is encrypted; a password is needed (--password)")
        if not raw.authenticate(password):
            raise PasswordRequired(f"{name}: the password is wrong for this encrypted PDF")
    if _page_count(raw, name) == 0:
        raise DocumentError(f"{name}: the document has no pages")
    try:
        return Document(raw, name, data, kind)
    except Exception as exc:  # MuPDF refuses the page tree: a one-line reason, never a traceback
        log.debug("page tree refused", exc_info=True)
        raise DocumentError(f"{name}: the page tree is damaged ({_short(exc)})") from None


def _page_count(raw: pymupdf.Document, name: str) -> int:
    """The page count; a page tree whose /Count lies (-1, 2147483647) is recounted from its /Kids."""
    try:
        return int(raw.page_count)
    except Exception:  # "Invalid number of pages": repaired below
        log.debug("page count unreadable, repairing", exc_info=True)
    try:
        cat = raw.pdf_catalog()
        kind, ref = raw.xref_get_key(cat, "Pages")
        root = int(ref.split()[0]) if kind == "xref" else 0
        raw.xref_set_key(root, "Count", str(_count_leaves(raw, root)))
        return int(raw.page_count)
    except Exception as exc:  # damaged beyond that: the user gets one line
        log.debug("page tree beyond repair", exc_info=True)
        raise DocumentError(f"{name}: the page tree is damaged and cannot be read ({_short(exc)})") from None


def _count_leaves(raw: pymupdf.Document, root: int) -> int:
    """Pages reachable from page tree node ``root`` (cycles and repeats counted once)."""
    seen: set[int] = set()
    stack, leaves = [root], 0
    while stack and len(seen) < MAX_TREE_NODES:
        xref = stack.pop()
        if xref in seen or xref <= 0:
            continue
        seen.add(xref)
        kind, kids = raw.xref_get_key(xref, "Kids")
        if kind == "array":
            stack.extend(int(m) for m in re.findall(r"(\d+)\s+\d+\s+R", kids))
        elif raw.xref_get_key(xref, "Type")[1] == "/Page":
            leaves += 1
    return leaves


def _read(source: str | os.PathLike[str] | bytes, name: str | None) -> tuple[bytes, str]:
    if isinstance(source, (bytes, bytearray)):
        return bytes(source), name or "<bytes>"
    path = Path(source)
    label = name or str(path)
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(info.st_mode):  # /dev/zero never ends, a FIFO blocks until written
            raise DocumentError(f"{label}: not a regular file (a device, pipe or socket); only files are opened")
        if info.st_size > MAX_FILE_BYTES:
            raise DocumentError(f"{label}: the file is {info.st_size / 2**30:.1f} GiB; files over "
                                f"{MAX_FILE_BYTES / 2**30:.0f} GiB are not opened (split it first)")
        data = _read_capped(path, info.st_size)
    except FileNotFoundError:
        raise DocumentError(f"{label}: no such file") from None
    except IsADirectoryError:
        raise DocumentError(f"{label}: is a folder, not a file") from None
    except OSError as exc:
        raise DocumentError(f"{label}: cannot be read ({exc.strerror or exc})") from None
    if not data:
        raise DocumentError(f"{label}: the file is empty")
    return data, label


def _read_capped(path: Path, size: int) -> bytes:
    """The file's bytes, at most MAX_FILE_BYTES + 1 (it may grow while read). ``read(n)`` reserves
    n bytes at once, so ask for what stat promised, then the rest in 16 MiB pieces."""
    with open(path, "rb") as fh:
        parts = [fh.read(size + 1)]
        total = len(parts[0])
        while total <= MAX_FILE_BYTES and len(parts[-1]) > 0 and total > size:
            parts.append(fh.read(16 * 2**20))
            total += len(parts[-1])
    return b"".join(parts)


def _open_raw(data: bytes, kind: str, name: str) -> pymupdf.Document:
    try:
        if kind == "pdf":
            return pymupdf.open(stream=data, filetype="pdf")
        img = pymupdf.open(stream=data, filetype=kind)
        pdf_bytes = img.convert_to_pdf()
        img.close()
        return pymupdf.open(stream=pdf_bytes, filetype="pdf")
    except Exception as exc:  # PyMuPDF raises several types for damaged files
        log.debug("%s cannot be opened", name, exc_info=True)
        raise DocumentError(f"{name}: the {kind.upper()} is damaged and cannot be opened ({_short(exc)})") from None


def _short(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


@lru_cache(maxsize=1024)
def _rgb(colour: Any) -> tuple[int, int, int] | None:
    """A PyMuPDF colour (grey, RGB or CMYK, 0-1, a tuple) as RGB 0-255 (asked for every filled
    path; a page has a few colours)."""
    if not colour:
        return None
    n = len(colour)
    if n == 3:
        r, g, b = colour
    elif n == 4:
        c, m, y, k = colour
        r, g, b = (1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)
    else:
        r = g = b = colour[0]
    return int(r * 255 + 0.5), int(g * 255 + 0.5), int(b * 255 + 0.5)


@lru_cache(maxsize=1024)
def _grey(colour: Any) -> int | None:
    """A PyMuPDF colour (grey, RGB or CMYK, 0-1, a tuple) as a grey level 0-255 (luma weights;
    asked for every painted path)."""
    if not colour:
        return None
    n = len(colour)
    if n == 1:
        return int(round(colour[0] * 255))
    if n == 4:  # CMYK
        c, m, y, k = colour
        r, g, b = (1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)
    else:
        r, g, b = colour[:3]
    return int(round((0.299 * r + 0.587 * g + 0.114 * b) * 255))


_PAINTED = frozenset({"f", "s", "fs"})  # path kinds that put ink down (not clips or groups)


def _drawing(d: dict[str, Any]) -> Drawing:
    """A painted path from ``get_cdrawings()``: items as tuples of plain floats."""
    items: list[tuple[Any, ...]] = []
    add = items.append
    for it in d.get("items", ()):
        op = it[0]
        if op == "l":
            (ax, ay), (bx, by) = it[1], it[2]
            add(("l", ax, ay, bx, by))
        elif op == "re":
            x0, y0, x1, y1 = it[1]
            if x0 < x1 and y0 < y1:  # most: in order already (ties go through min/max: -0.0 and 0.0)
                add(("re", x0, y0, x1, y1))
            else:
                add(("re", min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
        elif op == "qu":  # a quad stands for its bounding box
            xs = [pt[0] for pt in it[1]]
            ys = [pt[1] for pt in it[1]]
            add(("re", min(xs), min(ys), max(xs), max(ys)))
        elif op == "c":  # curves are never rules; keep the chord for bounding only
            add(("c", it[1][0], it[1][1], it[4][0], it[4][1]))
    kind = d.get("type", "")
    x0, y0, x1, y1 = d["rect"]
    dashes = d.get("dashes") or ""
    filled = "f" in kind
    # A page has hundreds of paths: the fields are set in one go (a frozen dataclass's
    # __init__ sets them one by one through object.__setattr__, three times slower).
    drawing = _blank(Drawing)
    _set(drawing, "__dict__", {
        "items": tuple(items), "stroke": _grey(d.get("color")) if "s" in kind else None,
        "fill": _grey(d.get("fill")) if filled else None, "width": float(d.get("width") or 0.0),
        "stroke_opacity": _opacity(d.get("stroke_opacity")), "fill_opacity": _opacity(d.get("fill_opacity")),
        "dashed": bool(dashes) and dashes.strip() not in ("[] 0", "[]0", "[ ] 0"),
        "rect": fast_rect(x0, y0, x1, y1), "fill_rgb": _rgb(d.get("fill")) if filled else None})
    return drawing


_blank = object.__new__
_set = object.__setattr__


def _opacity(v: Any) -> float:
    return 1.0 if v is None else float(v)


def trim_store() -> None:
    """Empty MuPDF's shared resource store (fonts and images of pages already read).

    The store grows towards 256 MB as pages are visited; a viewer paging through a long
    document calls this now and then to keep memory bounded.
    """
    pymupdf.TOOLS.store_shrink(100)
